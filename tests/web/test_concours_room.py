"""The room's screen of a concours, its table cards' addresses, the
printables and the exports (scoresheets/concours/room_views.py)."""

from __future__ import annotations

import csv
import datetime
import io
import json
import re
import time
import zipfile

import pytest
from django.core.management import call_command
from django.test import Client, override_settings
from django.urls import reverse

from scoresheets.concours import document as cdoc
from scoresheets.concours import ranking, room_views
from scoresheets.concours import room as concours_room
from scoresheets.concours import services as cs
from scoresheets.matches import services
from scoresheets.scoring import HandInput
from tests.factories import render_room_at_every_change

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _render_every_change(monkeypatch):
    """The room's live part rendered again at every change (not at most every
    few seconds, which its own test checks)."""
    render_room_at_every_change(monkeypatch)


DAY = datetime.date(2026, 12, 5)
WIN_A = HandInput("A", "A", 162)
SHORT = {"parties": 2, "length": {"target": 300}}  # two hands end a table


def make(teams=5, settings=None, preset="classique"):
    concours = cs.concours_create(
        name="Concours du comité", date=DAY, preset=preset, settings=settings or SHORT
    )
    for n in range(1, teams + 1):
        cs.concours_entrant_register(
            concours=concours, name=f"Équipe {n}", players=[f"P{n}a", f"P{n}b"]
        )
    return concours


def play(concours, hands=2):
    for table in cs.load(concours).current.tables:
        for _ in range(hands):
            services.hand_record(match=table.match, hand=WIN_A)


def room_url(concours, name="concours_room_read", *args):
    return reverse(name, args=[concours.read_token, *args])


def body(response) -> str:
    return response.content.decode()


# --------------------------------------------------------------------------
# The room's screen
# --------------------------------------------------------------------------


def test_the_room_shows_the_ranking_and_the_tables_of_the_partie_drawn(client: Client):
    concours = make()
    cs.concours_draw(concours=concours)
    page = body(client.get(room_url(concours)))
    assert "Concours du comité" in page
    assert 'data-slide="ranking-1"' in page and 'data-slide="tables-1"' in page
    # A partie just drawn: its tables come first, the hall looks for them.
    assert page.index('data-slide="tables-1"') < page.index('data-slide="ranking-1"')
    assert "Exempt" in page  # five teams: one is exempt
    assert "2 tables jouent encore" in page
    # The address for phones, as a QR code, from this request's host.
    assert 'class="segno"' in page
    # The live part polls, and works without JavaScript (every slide is in the page).
    assert 'data-hx-trigger="every 5s, refresh"' in page
    assert '<noscript><meta http-equiv="refresh" content="30"></noscript>' in page


def test_the_tables_come_after_the_ranking_once_hands_are_entered(client: Client):
    concours = make(4)
    cs.concours_draw(concours=concours)
    play(concours, hands=1)
    page = body(client.get(room_url(concours)))
    assert page.index('data-slide="ranking-1"') < page.index('data-slide="tables-1"')
    assert "162 – 0" in page


def test_a_finished_partie_shows_its_ranking_then_its_tables_final_scores(client: Client):
    """Issue 27, point 2: the projector never showed a table's final total:
    the last table to finish took its partie's tables off the screen at
    once. They stay, after the ranking, until the next draw."""
    concours = make(4)
    cs.concours_draw(concours=concours)
    play(concours)
    page = body(client.get(room_url(concours)))
    assert "Partie 1 terminée" in page
    assert page.index('data-slide="ranking-1"') < page.index('data-slide="tables-1"')
    assert page.count("324 – 0") == 2  # both tables' final scores
    cs.concours_draw(concours=concours)
    assert "324 – 0" not in body(client.get(room_url(concours)))


def test_the_ranking_is_paged_for_a_big_hall():
    concours = make(30)
    cs.concours_draw(concours=concours)
    built = concours_room.room(cs.load(concours), None)
    ranking_slides = [s for s in built.slides if s.kind == "ranking"]
    assert [s.page for s in ranking_slides] == [1, 2]
    assert sum(len(c) for s in ranking_slides for c in s.columns) == 30
    tables = [s for s in built.slides if s.kind == "tables"]
    assert sum(len(c) for s in tables for c in s.columns) == 15


def test_a_slide_that_fits_one_column_keeps_one(client: Client):
    """Newcomer's trial: 3 tables on the projector were split 2 + 1 over two
    half-width columns, their names cut with an ellipsis beside half an
    empty screen (and on a phone the header came twice)."""
    concours = make(6)
    cs.concours_draw(concours=concours)
    built = concours_room.room(cs.load(concours), None)
    assert [len(s.columns) for s in built.slides] == [1, 1]  # its tables, its ranking
    page = body(client.get(room_url(concours)))
    slide = re.search(r'data-slide="tables-1".*?</section>', page, re.S).group(0)
    assert slide.count("<thead>") == 1
    big = make(30)
    cs.concours_draw(concours=big)
    halves = concours_room.room(cs.load(big), None).slides
    assert [len(s.columns) for s in halves if s.kind == "tables"] == [2]  # 15 tables
    assert all(len(c) <= concours_room.COLUMN_ROWS for s in halves for c in s.columns)


def test_the_live_part_is_an_empty_204_while_nothing_changes(client: Client):
    concours = make(4)
    cs.concours_draw(concours=concours)
    page = body(client.get(room_url(concours)))
    poll = re.search(r'data-hx-get="([^"]+)"', page).group(1).replace("&amp;", "&")
    assert client.get(poll).status_code == 204
    services.hand_record(match=cs.load(concours).current.tables[0].match, hand=WIN_A)
    changed = client.get(poll)
    assert changed.status_code == 200
    assert 'id="room-live"' in body(changed) and "162 – 0" in body(changed)
    again = re.search(r'data-hx-get="([^"]+)"', body(changed)).group(1).replace("&amp;", "&")
    assert again != poll and client.get(again).status_code == 204


def test_the_live_part_is_rendered_at_most_every_few_seconds(client: Client, monkeypatch):
    monkeypatch.setattr(room_views, "ROOM_REFRESH", 3)
    concours = make(4)
    cs.concours_draw(concours=concours)
    page = body(client.get(room_url(concours)))
    poll = re.search(r'data-hx-get="([^"]+)"', page).group(1).replace("&amp;", "&")
    services.hand_record(match=cs.load(concours).current.tables[0].match, hand=WIN_A)
    # Within the refresh: what the screens have is still what is shown.
    assert client.get(poll).status_code == 204
    later = time.time() + 3
    monkeypatch.setattr(room_views.time, "time", lambda: later)
    changed = client.get(poll)
    assert changed.status_code == 200 and "162 – 0" in body(changed)


def test_a_big_hall_s_live_part_is_rendered_at_most_a_fifth_of_the_time(
    client: Client, monkeypatch
):
    """Issue 27, point 2: the room renders a second after a change, but a
    part that takes long to render (148 teams) waits five times its cost."""
    from scoresheets.sync import caching

    monkeypatch.setattr(room_views, "ROOM_REFRESH", 1)
    monkeypatch.setattr(room_views, "ROOM_RENDER_SHARE", 0.2)
    concours = make(4)
    cs.concours_draw(concours=concours)
    page = body(client.get(room_url(concours)))
    poll = re.search(r'data-hx-get="([^"]+)"', page).group(1).replace("&amp;", "&")
    name = caching.key("room", concours.read_token, "fr")
    caching.put(name, {**caching.get(name), "cost": 0.5}, room_views.ROOM_TTL)  # 2.5 s
    services.hand_record(match=cs.load(concours).current.tables[0].match, hand=WIN_A)
    now = time.time()
    monkeypatch.setattr(room_views.time, "time", lambda: now + 2)
    assert client.get(poll).status_code == 204
    monkeypatch.setattr(room_views.time, "time", lambda: now + 3)
    assert "162 – 0" in body(client.get(poll))


def test_every_write_of_the_concours_changes_the_fingerprint():
    concours = make(4)
    seen = {concours_room.fingerprint(concours)}

    def changed():
        concours.refresh_from_db()
        value = concours_room.fingerprint(concours)
        assert value not in seen
        seen.add(value)

    cs.concours_entrant_register(concours=concours, name="Tard", players=[])
    changed()
    cs.concours_draw(concours=concours)
    changed()
    cs.concours_undraw(concours=concours)
    changed()
    cs.concours_draw(concours=concours)
    changed()
    services.hand_record(match=cs.load(concours).current.tables[0].match, hand=WIN_A)
    changed()
    cs.concours_penalty(
        concours=concours, entrant=cs.load(concours).current.tables[0].side_a[0], points=162
    )
    changed()


def test_a_phone_follows_its_team_remembered(client: Client):
    concours = make(4)
    cs.concours_draw(concours=concours)
    state = cs.load(concours)
    table = state.current.tables[1]
    team = table.side_b[0]
    page = body(client.get(room_url(concours) + f"?equipe={team}"))
    assert 'class="is-mine"' in page
    assert f"table {table.number}, contre" in page
    assert reverse("match_read", args=[table.match.read_token]) in page
    # Remembered: the page and its live part without the parameter.
    again = body(client.get(room_url(concours)))
    assert f"table {table.number}, contre" in again and 'class="is-mine"' in again
    services.hand_record(match=table.match, hand=WIN_A)
    live = body(client.get(room_url(concours, "concours_room_live_read") + "?v=0"))
    assert 'class="is-mine"' in live
    # Forgotten with an empty choice; an unknown number is no team.
    assert 'class="is-mine"' not in body(client.get(room_url(concours) + "?equipe="))
    assert 'class="is-mine"' not in body(client.get(room_url(concours) + "?equipe=99"))
    assert 'class="is-mine"' not in body(client.get(room_url(concours) + "?equipe=x%00"))


def test_following_a_team_stores_nothing_on_the_server(client: Client):
    # Issue 27, point 6: "?equipe=N" on the room's link (on the projector,
    # shared) stored a session row for every cookieless visit: a loop of
    # requests filled the database. The choice is the phone's own cookie.
    from django.contrib.sessions.models import Session

    concours = make(4)
    cs.concours_draw(concours=concours)
    for number in (1, 2, 3, 1, 2, 3):
        visitor = Client()
        assert 'class="is-mine"' in body(visitor.get(room_url(concours) + f"?equipe={number}"))
    assert Session.objects.count() == 0
    # A forged or broken cookie is no team (and no error).
    forged = Client()
    forged.cookies["rebelote-team"] = '{"' + concours.read_token + '": 2}'
    assert 'class="is-mine"' not in body(forged.get(room_url(concours)))
    assert Session.objects.count() == 0


def test_another_phone_does_not_get_this_phones_team_from_the_cache(client: Client):
    concours = make(4)
    cs.concours_draw(concours=concours)
    client.get(room_url(concours) + "?equipe=1")
    other = Client()
    assert 'class="is-mine"' not in body(other.get(room_url(concours)))
    assert 'class="is-mine"' not in body(other.get(room_url(concours, "concours_room_live_read")))


def test_the_room_before_any_draw_and_a_wrong_token(client: Client):
    concours = make(0)
    page = body(client.get(room_url(concours)))
    assert "Personne n'est encore inscrit." in page
    assert client.get(f"/voir/concours/{concours.token}/salle/").status_code == 404
    assert client.get(f"/voir/concours/{'A' * 24}/salle/live/").status_code == 404


def test_the_room_in_english(client: Client):
    concours = make(4)
    cs.concours_draw(concours=concours)
    client.cookies["django_language"] = "en"
    page = body(client.get(room_url(concours)))
    assert "Ranking" in page and "tables still playing" in page


# --------------------------------------------------------------------------
# A table card's address
# --------------------------------------------------------------------------


def card_url(concours, number):
    key = concours_room.card_key(concours, number)
    return reverse("concours_table_card", args=[concours.read_token, key, number])


def test_a_table_card_leads_to_its_table_in_the_current_partie(client: Client):
    concours = make(4)
    assert client.get(card_url(concours, 1)).status_code == 404
    cs.concours_draw(concours=concours)
    first = cs.load(concours).current.tables[1].match
    go = client.get(card_url(concours, 2))
    assert go.status_code == 302 and go["Location"] == reverse("match", args=[first.token])
    play(concours)
    cs.concours_draw(concours=concours)
    second = cs.load(concours).current.tables[1].match
    assert second.pk != first.pk
    go = client.get(card_url(concours, 2))
    assert go["Location"] == reverse("match", args=[second.token])
    missing = client.get(card_url(concours, 9))
    assert missing.status_code == 404
    assert "La table 9 ne joue pas la partie 2." in body(missing)


def test_the_read_only_link_leads_to_no_table_to_write(client: Client):
    # The newcomer's trial: the room's link (on the projector, its QR code
    # shown to the hall, shareable) said "sans rien pouvoir changer", yet a
    # phone following a team got "Feuille de la table N", the table's
    # writing sheet, and /voir/concours/<read>/table/N/ (the cards' address,
    # derivable from the read link) redirected to it. Writing now takes a
    # table card, whose address the read link does not give.
    concours = make(4)
    cs.concours_draw(concours=concours)
    tables = cs.load(concours).current.tables
    team = tables[1].side_b[0]
    page = body(client.get(room_url(concours) + f"?equipe={team}"))
    live = body(client.get(room_url(concours, "concours_room_live_read") + "?v=0"))
    for table in tables:
        assert f"/m/{table.match.token}/" not in page + live
    assert reverse("match_read", args=[tables[1].match.read_token]) in page
    for number in range(1, len(tables) + 1):
        assert concours_room.card_key(concours, number) not in page + live
    old = client.get(room_url(concours, "concours_table_go_read", 2))
    assert old.status_code == 302
    assert old["Location"] == reverse("match_read", args=[tables[1].match.read_token])


def test_a_card_address_needs_its_own_key(client: Client):
    concours, other = make(4), make(4)
    cs.concours_draw(concours=concours)
    key = concours_room.card_key(concours, 1)
    assert key != concours_room.card_key(other, 1) and concours.read_token not in key
    for wrong in (concours_room.card_key(other, 1), "A" * len(key)):
        url = reverse("concours_table_card", args=[concours.read_token, wrong, 1])
        assert client.get(url).status_code == 404


def test_a_card_opens_its_own_table_only(client: Client):
    # Issue 27, point 5: the card key was one per concours, so table 1's
    # card (its address read off the QR code) opened the writing sheets of
    # every table in every partie by changing the number at its end.
    concours = make(8)
    cs.concours_draw(concours=concours)
    tables = cs.load(concours).current.tables
    assert len({concours_room.card_key(concours, n) for n in range(1, 5)}) == 4
    for number, table in enumerate(tables, start=1):
        go = client.get(card_url(concours, number))
        assert go.status_code == 302
        assert go["Location"] == reverse("match", args=[table.match.token])
        for other in range(1, len(tables) + 1):
            if other == number:
                continue
            key = concours_room.card_key(concours, number)
            url = reverse("concours_table_card", args=[concours.read_token, key, other])
            refused = client.get(url)
            assert refused.status_code == 404
            assert table.match.token not in body(refused)
            assert tables[other - 1].match.token not in body(refused)


def test_a_card_printed_with_the_night_s_old_key_says_to_reprint(client: Client):
    # Issue 27, point 5: a card printed before the cards had a key per table
    # (one key for the whole night) opens nothing, and says why: the
    # organiser reprints the cards (their page), the table's sheet read-only
    # meanwhile.
    concours = make(4)
    cs.concours_draw(concours=concours)
    table = cs.load(concours).current.tables[0]
    old = concours_room.legacy_card_key(concours)
    answer = client.get(reverse("concours_table_card", args=[concours.read_token, old, 1]))
    assert answer.status_code == 410
    page = body(answer)
    assert "réimprimer" in page
    assert f"/m/{table.match.token}/" not in page
    assert reverse("match_read", args=[table.match.read_token]) in page


# --------------------------------------------------------------------------
# Printables
# --------------------------------------------------------------------------


@override_settings(ALLOWED_HOSTS=["192.168.4.1", "testserver"])
def test_the_table_cards_carry_the_tables_addresses_from_the_requests_host(client: Client):
    concours = make(7)
    url = reverse("concours_cards", args=[concours.token])
    page = body(client.get(url, HTTP_HOST="192.168.4.1:8000"))
    assert page.count('class="card-sheet-card"') == 3  # seven teams: three tables
    assert page.count('class="segno"') == 3
    assert "http://192.168.4.1:8000" + card_url(concours, 3) in page
    assert body(client.get(url + "?n=5")).count('class="card-sheet-card"') == 5
    assert body(client.get(url + "?n=0")).count('class="card-sheet-card"') == 1
    assert body(client.get(url + "?n=abc")).count('class="card-sheet-card"') == 3
    # The organiser's link only: a read-only link is not one.
    assert client.get(f"/c/{concours.read_token}/cartes/").status_code == 404


def test_the_results_sheet_counts_the_parties_finished(client: Client):
    # Issue 27, point 7: "Classement après 1 parties sur 4" before anything
    # was played (a drawn partie counted as played; "1 parties").
    concours = make(4)
    url = room_url(concours, "concours_results_read")
    assert "Aucune partie terminée" in body(client.get(url))
    cs.concours_draw(concours=concours)
    page = body(client.get(url))
    assert "Aucune partie terminée" in page and "parties sur" not in page
    play(concours)
    parties = cs.load(concours).settings.parties
    assert f"Classement après 1 partie sur {parties} (provisoire)" in body(client.get(url))


def test_the_results_sheet_shows_the_tiebreaks(client: Client):
    concours = make(5)
    cs.concours_draw(concours=concours)
    play(concours)
    page = body(client.get(room_url(concours, "concours_results_read")))
    assert "Diff." in page and "Gagnées" in page
    document = cs.results_document(concours)
    first = ranking.ranking_document(cdoc.parse_concours(document))["standings"][0]
    assert f'<td class="num">{first["points"]}</td>' in page


# --------------------------------------------------------------------------
# Exports
# --------------------------------------------------------------------------


def rows_of(response):
    text = response.content.decode("utf-8")
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text[1:]), delimiter=";"))


def test_the_ranking_csv_is_the_cores_ranking(client: Client):
    concours = make(5)
    cs.concours_draw(concours=concours)
    play(concours)
    response = client.get(room_url(concours, "concours_ranking_csv_read"))
    assert response["Content-Disposition"].startswith('attachment; filename="rebelote-')
    rows = rows_of(response)
    assert rows[0][:3] == ["Rang", "N°", "Nom"]
    assert rows[0][-2:] == ["Départage : Diff.", "Départage : Gagnées"]
    expected = cs.load(concours).ranking()["standings"]
    assert [int(r[1]) for r in rows[1:]] == [s["team"] for s in expected]
    assert [int(r[5]) for r in rows[1:]] == [s["points"] for s in expected]


def test_the_tables_csv_has_every_partie_its_tables_and_its_exempt(client: Client):
    concours = make(5)
    cs.concours_draw(concours=concours)
    play(concours)
    cs.concours_draw(concours=concours)
    rows = rows_of(client.get(room_url(concours, "concours_tables_csv_read")))
    assert rows[0][0] == "Partie n°"
    parties = [r[0] for r in rows[1:]]
    assert parties.count("1") == 3 and parties.count("2") == 3  # two tables and the exempt
    played = [r for r in rows[1:] if r[0] == "1" and r[1]]
    assert all(r[6:10] == ["324", "0", "2", "1"] for r in played)


def test_the_results_document_is_what_rank_concours_ranks(client: Client, tmp_path, capsys):
    concours = make(5)
    cs.concours_draw(concours=concours)
    play(concours)
    response = client.get(room_url(concours, "concours_results_json_read"))
    document = json.loads(response.content)
    assert document == cs.results_document(concours)
    path = tmp_path / "resultats.json"
    path.write_bytes(response.content)
    call_command("rank_concours", str(path))
    assert json.loads(capsys.readouterr().out) == cs.load(concours).ranking()


def test_the_zip_holds_every_tables_match_document(client: Client):
    concours = make(4)
    cs.concours_draw(concours=concours)
    play(concours)
    cs.concours_draw(concours=concours)
    response = client.get(room_url(concours, "concours_documents_zip_read"))
    assert response["Content-Type"] == "application/zip"
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    names = sorted(archive.namelist())
    assert names == [
        "partie-1/table-01.json",
        "partie-1/table-02.json",
        "partie-2/table-01.json",
        "partie-2/table-02.json",
        "resultats.json",
    ]
    first = cs.load(concours).parties[0].tables[0].match
    assert json.loads(archive.read("partie-1/table-01.json")) == services.match_export_document(
        first
    )


def test_a_finished_concours_stays_readable(client: Client):
    concours = make(4)
    for _ in range(2):
        cs.concours_draw(concours=concours)
        play(concours)
    assert cs.load(concours).over
    for name in (
        "concours_room_read",
        "concours_results_read",
        "concours_ranking_csv_read",
        "concours_tables_csv_read",
        "concours_results_json_read",
        "concours_documents_zip_read",
    ):
        assert client.get(room_url(concours, name)).status_code == 200, name
    assert "Classement final" in body(client.get(room_url(concours)))


# --------------------------------------------------------------------------
# Headers: the strict policy, HEAD
# --------------------------------------------------------------------------


def test_the_room_pages_have_no_inline_style_nor_script_without_nonce(client: Client):
    concours = make(5)
    cs.concours_draw(concours=concours)
    for url in (
        room_url(concours) + "?equipe=1",
        room_url(concours, "concours_results_read"),
        reverse("concours_cards", args=[concours.token]),
        card_url(concours, 9),
    ):
        response = client.get(url)
        page = body(response)
        assert "<style" not in page and not re.search(r"\sstyle=", page), url
        nonce = re.search(r"'nonce-([^']+)'", response["Content-Security-Policy"]).group(1)
        for tag in re.findall(r"<script\b[^>]*>", page):
            assert "src=" in tag or f'nonce="{nonce}"' in tag, (url, tag)
        assert client.head(url).status_code == response.status_code


def test_a_phone_following_its_team_sees_its_final_rank_at_the_end(client: Client):
    # A newcomer's trial: at the end "Suivre mon équipe" still said "Partie 3 :
    # table 3, contre Les Carreux" instead of where the team finished.
    concours = make(4)
    for _ in range(SHORT["parties"]):
        cs.concours_draw(concours=concours)
        play(concours)
    state = cs.load(concours)
    assert state.over
    standings = state.ranking()["standings"]
    last = standings[-1]
    page = body(client.get(room_url(concours) + f"?equipe={last['team']}"))
    said = f"Classement final : rang {last['rank']} sur {len(standings)}, {last['points']} points."
    assert said in page
    assert "contre" not in page.split('class="room-seat')[1].split("</section>")[0]


def test_the_exempt_of_the_partie_under_way_says_why_it_leads(client: Client):
    # A newcomer's trial: right after each draw the exempt topped the ranking
    # (972 against 0 at partie 1), which looked wrong to the whole room.
    concours = make(5)
    cs.concours_draw(concours=concours)
    bye = cs.load(concours).current.partie.byes[0]
    page = body(client.get(room_url(concours)))
    row = re.search(rf'<tr data-m="[^"]* {bye} .*?</tr>', page, re.S).group(0)
    assert "exempt cette partie" in row
    assert page.count("exempt cette partie") == 1
    play(concours)  # the partie over: its exempt is one of the ranking again
    assert "exempt cette partie" not in body(client.get(room_url(concours)))


def test_a_penalty_to_the_opponents_is_in_every_table_total_and_named(client: Client):
    """Issue 27, point 7: the room, the organiser's page and the tables' CSV
    showed a table's totals without a penalty "aux adversaires" while the
    ranking counted it; the table's sheet said the penalty but not that the
    concours adds it to the other side."""
    concours = make(4)
    cs.concours_draw(concours=concours)
    table = cs.load(concours).current.tables[0]
    services.hand_record(match=table.match, hand=WIN_A)  # 162 – 0 on the sheet
    faulty = table.side_a[0]
    cs.concours_penalty(concours=concours, entrant=faulty, points=100, reason="maldonne")
    state = cs.load(concours)
    (line, _other) = cs.table_lines(state, state.current)
    assert (line.totals, line.penalty) == ((162, 100), (0, 100))
    for page in (
        body(client.get(room_url(concours))),
        body(client.get(reverse("concours", args=[concours.token]))),
    ):
        assert "162 – 100" in page and "dont pénalité 100" in page
    rows = rows_of(client.get(room_url(concours, "concours_tables_csv_read")))
    assert [rows[1][6], rows[1][7]] == ["162", "100"]
    sheet = body(client.get(reverse("match", args=[table.match.token])))
    other = cs.side_name(state, table.side_b)
    assert f"{other} : +100 au concours" in sheet
    # A penalty taken from the team's own total leaves the table's points.
    cs.concours_penalty(concours=concours, entrant=faulty, points=50, kind="deducted")
    state = cs.load(concours)
    assert cs.table_lines(state, state.current)[0].totals == (162, 100)


# --------------------------------------------------------------------------
# Push (issue 27, point 2): the projector and the organiser's page
# --------------------------------------------------------------------------


def _stream(client: Client, path: str):
    response = client.get(path)
    assert response.status_code == 200 and response.streaming
    return response, iter(response.streaming_content)


def fresh_fingerprint(concours) -> str:
    return concours_room.fingerprint(type(concours).objects.get(pk=concours.pk))


def _data(chunk) -> str:
    text = chunk.decode() if isinstance(chunk, bytes) else chunk
    return text.rsplit("data: ", 1)[1].strip()


@override_settings(PUSH_BACKEND="local", REBELOTE_SYNC_TIMINGS={"stream_heartbeat": 30_000})
@pytest.mark.parametrize(
    ("route", "token"), [("concours_events_read", "read_token"), ("concours_events", "token")]
)
def test_the_room_s_stream_tells_every_hand_and_every_write_at_once(
    client: Client, django_capture_on_commit_callbacks, route, token
):
    from scoresheets.sync import push

    concours = make(4)
    cs.concours_draw(concours=concours)
    streams = push.HUB.count()
    response, chunks = _stream(client, reverse(route, args=[getattr(concours, token)]))
    try:
        first = _data(next(chunks))
        assert first == fresh_fingerprint(concours)
        # A hand at a table wakes it at once (the heartbeat is 30 s away).
        started = time.monotonic()
        with django_capture_on_commit_callbacks(execute=True):
            services.hand_record(match=cs.load(concours).current.tables[1].match, hand=WIN_A)
        second = _data(next(chunks))
        assert second != first and second == fresh_fingerprint(concours)
        # A write of the concours (a penalty) too.
        with django_capture_on_commit_callbacks(execute=True):
            cs.concours_penalty(concours=concours, entrant=1, points=10)
        assert _data(next(chunks)) not in (first, second)
        assert time.monotonic() - started < 10
    finally:
        response.close()
    assert push.HUB.count() == streams


@override_settings(PUSH_BACKEND="local", REBELOTE_SYNC_TIMINGS={"stream_heartbeat": 30_000})
def test_the_room_s_stream_hears_the_tables_of_a_new_draw(
    client: Client, django_capture_on_commit_callbacks
):
    concours = make(4)
    response, chunks = _stream(client, reverse("concours_events_read", args=[concours.read_token]))
    try:
        before = _data(next(chunks))
        started = time.monotonic()
        with django_capture_on_commit_callbacks(execute=True):
            cs.concours_draw(concours=concours)
        drawn = _data(next(chunks))
        assert drawn != before
        with django_capture_on_commit_callbacks(execute=True):
            services.hand_record(match=cs.load(concours).current.tables[0].match, hand=WIN_A)
        assert _data(next(chunks)) not in (before, drawn)
        assert time.monotonic() - started < 10  # woken, not by the 30 s heartbeat
    finally:
        response.close()


@override_settings(PUSH_BACKEND="off")
def test_the_room_s_stream_with_push_off_and_an_unknown_token(client: Client):
    concours = make(2)
    assert (
        client.get(reverse("concours_events_read", args=[concours.read_token])).status_code == 204
    )
    assert client.get(reverse("concours_events_read", args=[concours.token])).status_code == 404
    assert client.get(reverse("concours_events", args=[concours.read_token])).status_code == 404


@pytest.mark.django_db(transaction=True)
@override_settings(PUSH_BACKEND="local", REBELOTE_SYNC_TIMINGS={"stream_heartbeat": 30_000})
def test_under_asgi_the_room_s_stream_is_served_in_the_loop_and_woken():
    """The production server is ASGI (granian): the stream is an async
    iterator there (a sync one would be read whole before anything is sent)
    and a hand at a table wakes it at once."""
    import asyncio
    import threading

    from django.core.handlers.asgi import ASGIHandler

    from tests.web.test_push import asgi_stream

    concours = make(4)
    cs.concours_draw(concours=concours)
    match = cs.load(concours).current.tables[0].match
    path = reverse("concours_events_read", args=[concours.read_token])

    def save_a_hand() -> None:  # as a phone's request would, in a thread of its own
        saving = threading.Thread(target=lambda: services.hand_record(match=match, hand=WIN_A))
        saving.start()
        saving.join()

    started = time.monotonic()
    status, headers, text = asyncio.run(asgi_stream(ASGIHandler(), path, tell=save_a_hand))
    assert status == 200 and headers["content-type"].startswith("text/event-stream")
    _retry, first, second = text.split("\n\n")[:3]
    assert first != second and second == "data: " + fresh_fingerprint(concours)
    assert time.monotonic() - started < 10  # woken, not by the 30 s heartbeat


def test_the_concours_streams_are_served_as_streams_by_the_production_server():
    """The production server (belote_site/asgi.py) sends a path ending in
    "<token>/events/" to Django's ASGI handler and every other to its WSGI
    one, which collects an answer whole: the room's stream first lived at
    ".../salle/events/" and never sent a byte under granian."""
    from belote_site.asgi import _is_events

    token = "x" * 24
    for name in ("concours_events_read", "concours_events", "match_events"):
        assert _is_events(reverse(name, args=[token]))
