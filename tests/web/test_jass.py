"""Schieber jass through the pages (issue 29): the new-match page offers it
with its presets and rules, a hand is typed on its match page in the
table's words (the mode, who announced, points of one team, Match, Stöck,
each team's Weis, who went out first), scored as JASS.md's examples,
shown and explained, refused with its reason, corrected, exported and
imported back, read-only, in a table of friends' pages and CSVs, and its
share image draws; the match ends by the target through Ausmachen."""

from __future__ import annotations

import json
import os
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from scoresheets.games.jass.engine import JassHand, JassRules
from scoresheets.matches import services
from scoresheets.matches.scoresheet import match_get_scoresheet
from scoresheets.models import Match
from scoresheets.scoring import Pair
from tests.factories import entry_form

pytestmark = pytest.mark.django_db
PLAYERS = {"player_1": "Anna", "player_2": "Beat", "player_3": "Cla", "player_4": "Dario"}
SCHIEBER_1000 = {
    "preset": "schieber_1000",
    "target": "1000",
    "rounds": "",
    "multipliers": "single",
    "match_bonus": "100",
    "konter_match": "match",
    "weis_stoeck": "on",
    "sequence_values": "open",
    "equal_weis": "more_cards",
    "ausmachen": "stoeck_weis_stich",
}
SWISSLOS_2500 = {
    **SCHIEBER_1000,
    "preset": "swisslos_2500",
    "target": "2500",
    "multipliers": "1_2_3",
}


def _new_match(client: Client, rules: dict[str, str] = SWISSLOS_2500, **changes: str) -> Match:
    data = {
        **PLAYERS,
        "team_a_name": "Nous",
        "team_b_name": "Eux",
        "first_dealer": "4",
        "game": "jass",
        "scripted": "1",
        **{f"jass-{name}": value for name, value in {**rules, **changes}.items()},
    }
    response = client.post("/nouvelle/", data)
    assert response.status_code == 303, re.findall(r"errorlist.*", response.content.decode())
    return Match.objects.get()


def _type(client: Client, match: Match, /, **typed: str):
    body = entry_form(match, {"key": os.urandom(16).hex(), **typed})
    return client.post(f"/m/{match.token}/donnes/", body)


def _typed(client: Client, match: Match, /, **typed: str) -> None:
    response = _type(client, match, **typed)
    assert response.status_code in (200, 303), response.content.decode()[:3000]


def test_the_new_match_page_offers_it_with_its_presets(client: Client):
    body = client.get("/nouvelle/").content.decode()
    assert 'value="jass"' in body and 'data-game-rules="jass"' in body
    assert "Jass (Schieber)" in body
    for label in ("Schieber à 1000", "Swisslos à 2500", "Tournoi (12 parties)"):
        assert label in body
    assert 'name="jass-rounds"' in body and 'name="jass-ausmachen"' in body
    match = _new_match(client)
    assert (match.game, match.preset) == ("jass", "swisslos_2500")
    assert match.rules == JassRules(target=2500, multipliers="1_2_3")


def test_a_tournament_of_12_hands_has_no_target(client: Client):
    tournament = {
        **SCHIEBER_1000,
        "preset": "turnier_12",
        "target": "1000",  # typed, but a match of rounds has none
        "rounds": "12",
        "match_bonus": "0",
        "weis_stoeck": "",
    }
    match = _new_match(client, tournament)
    assert match.preset == "turnier_12"
    assert match.rules == JassRules(target=None, rounds=12, match_bonus=0, weis_stoeck=False)
    page = client.get(f"/m/{match.token}/").content.decode()
    assert "aucun (partie en donnes)" in page and "12 donnes" in page
    assert 'name="weis_a"' not in page and 'name="stoeck"' not in page  # not played
    assert 'name="out"' not in page
    _typed(client, match, taker="2", mode="obenabe", match="B")
    match.refresh_from_db()
    assert (match.total_a, match.total_b) == (0, 157)  # a Match counts 157
    for url in (f"/m/{match.token}/", f"/m/{match.token}/feuille.png", "/"):  # no target line
        assert client.get(url).status_code == 200, url
    response = _type(client, match, taker="1", mode="hearts", points="80", weis_a="20")
    assert response.status_code == 422
    assert "ne se jouent pas avec ces règles" in response.content.decode()


def test_neither_a_target_nor_rounds_is_refused(client: Client):
    data = {
        **PLAYERS,
        "first_dealer": "1",
        "game": "jass",
        "scripted": "1",
        **{f"jass-{name}": value for name, value in {**SCHIEBER_1000, "target": ""}.items()},
    }
    response = client.post("/nouvelle/", data)
    assert response.status_code == 422
    assert "Donnez un objectif, ou un nombre de donnes." in response.content.decode()
    assert not Match.objects.exists()


def test_a_hand_typed_is_scored_shown_and_explained(client: Client):
    match = _new_match(client)
    page = client.get(f"/m/{match.token}/").content.decode()
    assert "Qui annonce ?" in page and 'name="mode"' in page and 'name="weis_b"' in page
    assert "Schilten" in page and "×2" in page and "Obenabe" in page and "×3" in page
    assert "games/jass/form.js" in page and "data-weis-helper" in page
    assert 'name="capot"' not in page and 'value="pass"' not in page  # no redeal
    # JASS, *Scoring one hand*: spades at 1_2_3, A 92, B wins Weis 50: A 184, B 230.
    _typed(client, match, taker="1", mode="spades", points="92", weis_b="50")
    match.refresh_from_db()
    assert (match.hands_count, match.total_a, match.total_b) == (1, 184, 230)
    hand = match.hands.get()
    assert (hand.taker, hand.taker_seat) == ("A", 1)
    assert hand.entry == {
        "mode": "spades",
        "points": {"A": 92},
        "match": None,
        "stoeck": None,
        "weis": {"A": 0, "B": 50},
        "declared": None,
        "out": None,
    }
    sheet = client.get(f"/m/{match.token}/").content.decode()
    assert "Nous annonce Schilten ♠ ×2. Nous 92 ×2 = 184 · Eux 65 + Weis 50 = 115 ×2 = 230" in sheet
    assert "Anna prend Schilten ♠" in sheet
    read = client.get(f"/voir/{match.read_token}/").content.decode()
    assert "230" in read


def test_a_match_and_the_stoeck(client: Client):
    match = _new_match(client)
    # JASS: Obenabe Match at 1_2_3: (157 + 100) x 3 = 771 / 0.
    _typed(client, match, taker="2", mode="obenabe", match="B")
    # Rosen x1, B announces, B 100 points + Stöck A: A 57 + 20, B 100.
    _typed(client, match, taker="4", mode="hearts", points="100", stoeck="A")
    # A Konter-Match: A announced Schellen (x2), B took all nine tricks.
    _typed(client, match, taker="3", mode="clubs", match="B")
    match.refresh_from_db()
    assert (match.total_a, match.total_b) == (77, 771 + 100 + 514)
    sheet = match_get_scoresheet(match)
    results = sheet.result.hands
    assert [str(h.outcome) for h in results] == ["match", "scored", "konter_match"]
    rows = {row.number: row for row in sheet.rows}
    assert rows[1].explanation == (
        "Eux annonce Obenabe ×3 et fait Match : les neuf plis. Nous 0 · Eux 257 ×3 = 771"
    )
    assert rows[2].explanation == "Eux annonce Rosen ♥. Nous 57 + Stöck 20 = 77 · Eux 100"
    assert rows[3].explanation == (
        "Nous annonce Schellen ♣ ×2 ; Konter-Match de Eux : les neuf plis. "
        "Nous 0 · Eux 257 ×2 = 514"
    )
    assert sheet.hand_summary(sheet.hands[1]) == (
        "Dario annonce Rosen ♥ · points Eux 100 · Stöck Nous"
    )
    assert sheet.hand_summary(sheet.hands[0]) == "Beat annonce Obenabe · Match Eux"
    page = client.get(f"/m/{match.token}/").content.decode()
    # Each badge on its team: the Match and the Konter-Match, the Stöck.
    assert '<span class="badge team-b">Match</span>' in page
    assert '<span class="badge team-b">Konter-Match</span>' in page
    assert '<span class="badge team-a">Stöck</span>' in page


def test_the_preview_holds_a_mode_to_its_symbol_the_texts_keep_their_space(client: Client):
    """At 390 px the preview broke "Rosen ♥" between the name and its
    symbol: its HTML now holds them with a no-break space, and only its
    HTML: the explanation on the sheet and the exports keep the plain space."""
    match = _new_match(client)
    typed = {"taker": "4", "mode": "hearts", "points": "100"}
    response = client.post(f"/m/{match.token}/apercu/", entry_form(match, typed))
    preview = response.content.decode()
    assert "Eux annonce Rosen&nbsp;♥. Nous 57 · Eux 100" in preview
    assert "Rosen ♥" not in preview
    _typed(client, match, **typed)
    match.refresh_from_db()
    row = match_get_scoresheet(match).rows[0]
    assert row.explanation == "Eux annonce Rosen ♥. Nous 57 · Eux 100"
    sheet = client.get(f"/m/{match.token}/").content.decode()
    assert "Eux annonce Rosen ♥. Nous 57 · Eux 100" in sheet
    for url in (f"/m/{match.token}/export.json", f"/voir/{match.read_token}/"):
        body = client.get(url).content.decode()
        assert "&nbsp;" not in body and "\u00a0" not in body, url


CHECKED_TAKER = re.compile(r'<input type="radio" name="taker" value="(\d)"[^>]*\bchecked')


def _preselected(body: str) -> list[str]:
    """The announcers checked in the entry form of a page or an answer."""
    form = body[body.index('id="hand-form"') :]
    return CHECKED_TAKER.findall(form[: form.index("</form>")])


def test_the_entry_form_preselects_vorhand_the_dealer_s_next(client: Client):
    """Schieber: Vorhand, the player on the dealer's right (play goes
    counter-clockwise), names the mode or pushes it to the partner (JASS,
    top). The seats are numbered in the order the deal passes (1, 2, 3, 4),
    which is the order of play: Vorhand is the dealer's next seat. Hand 1
    here is dealt by seat 4 (Dario): Anna (seat 1) is preselected; then
    Beat, after a save answered to the phone's script too, and Cla."""
    match = _new_match(client)  # first_dealer 4
    assert _preselected(client.get(f"/m/{match.token}/").content.decode()) == ["1"]
    _typed(client, match, taker="3", mode="hearts", points="100")  # geschoben: Cla
    assert _preselected(client.get(f"/m/{match.token}/").content.decode()) == ["2"]
    match.refresh_from_db()
    body = entry_form(match, {"key": os.urandom(16).hex(), "taker": "2", "mode": "spades"})
    body["points"] = "60"
    answer = client.post(f"/m/{match.token}/donnes/", body, headers={"HX-Request": "true"})
    assert answer.status_code == 200
    assert _preselected(answer.content.decode()) == ["3"]  # hand 3, dealt by seat 2
    # The hand typed keeps what was tapped: a refused one shows it again.
    refused = _type(client, match, taker="1", mode="hearts")
    assert refused.status_code == 422 and _preselected(refused.content.decode()) == ["1"]
    assert _preselected(client.get(f"/m/{match.token}/").content.decode()) == ["3"]


def _value(body: str, name: str) -> str:
    """The value an input ``name`` of the page's form shows."""
    found = re.search(rf'<input type="number" name="{name}"[^>]*value="([^"]*)"', body)
    return found.group(1) if found else None


def _selected(body: str, name: str) -> str:
    """The option selected in the select ``name``."""
    select = re.search(rf'<select name="{name}".*?</select>', body, re.S).group(0)
    return re.search(r'<option value="([^"]*)" selected', select).group(1)


def test_the_weis_helper_answers_without_a_script(client: Client):
    """The Weis helper without JavaScript (the test client runs none): each
    team's best declaration, then "Comparer les Weis" posts the form; the
    server compares them through the engine (best_weis, the match's
    rules), fills in the winner's Weis and empties the other's, keeps what
    was typed and saves nothing. A save that forgot to compare does it too
    (422), as belote's announcements; the next save keeps the Weis."""
    match = _new_match(client)  # Swisslos: more_cards
    page = client.get(f"/m/{match.token}/").content.decode()
    assert 'name="weis_kind_a"' in page and 'name="action" value="compare_weis"' in page
    assert "jass-weis-helper js-only" not in page
    typed = {"taker": "2", "mode": "hearts", "points": "100", "weis_b": "20"}
    # Four Aces (100) against a Fünfblatt to the 10 (100, more cards): B.
    bests = {"weis_kind_a": "four", "weis_top_a": "A", "weis_kind_b": "5", "weis_top_b": "10"}
    response = _type(client, match, **typed, **bests, action="compare_weis")
    body = response.content.decode()
    assert response.status_code == 200
    assert "Eux a le meilleur Weis (100)" in body
    assert (_value(body, "weis_a"), _value(body, "weis_b")) == ("", "100")
    assert _value(body, "points") == "100"
    assert _selected(body, "weis_kind_a") == "four" and _selected(body, "weis_top_b") == "10"
    assert Match.objects.get().hands_count == 0
    # The same at four_first: the four wins, its team's Weis filled in.
    other = services.match_create(
        names=list(PLAYERS.values()),
        rules=JassRules(multipliers="1_2_3", equal_weis="four_first"),
        team_a_name="Nous",
        team_b_name="Eux",
    )
    body = _type(client, other, **typed, **bests, action="compare_weis").content.decode()
    assert "Nous a le meilleur Weis (100)" in body
    assert (_value(body, "weis_a"), _value(body, "weis_b")) == ("100", "")
    Match.objects.filter(pk=other.pk).delete()

    # Equal in all the helper knows: a tie, said; the Weis untouched.
    tie = {"weis_kind_a": "3", "weis_top_a": "K", "weis_kind_b": "3", "weis_top_b": "K"}
    body = _type(client, match, **typed, **tie, action="compare_weis").content.decode()
    assert "Égalité : une suite d&#x27;atout l&#x27;emporte" in body
    assert (_value(body, "weis_a"), _value(body, "weis_b")) == ("", "20")
    # A Sechsblatt to the 10 cannot be: refused, said.
    below = {**bests, "weis_kind_a": "6", "weis_top_a": "10"}
    response = _type(client, match, **typed, **below, action="compare_weis")
    assert response.status_code == 422
    assert "Cette suite descendrait sous le 6" in response.content.decode()

    # Saved with the bests chosen but no Weis: compared now, shown again.
    forgot = {k: v for k, v in typed.items() if k != "weis_b"}
    response = _type(client, match, **forgot, **bests)
    body = response.content.decode()
    assert response.status_code == 422
    assert "n&#x27;étaient pas comparés" in body and "Eux a le meilleur Weis (100)" in body
    assert (_value(body, "weis_a"), _value(body, "weis_b")) == ("", "100")
    assert Match.objects.get().hands_count == 0
    _typed(client, match, **forgot, **bests, weis_b="100")
    match.refresh_from_db()
    assert (match.hands_count, match.total_a, match.total_b) == (1, 57, 200)

    # On the correction page too: the hand's Weis compared again.
    hand = match.hands.get()
    url = f"/m/{match.token}/donnes/{hand.pk}/"
    posted = {**forgot, **bests, "weis_kind_a": "4", "hand_version": str(hand.version)}
    body = client.post(url, {**posted, "action": "compare_weis"}).content.decode()
    assert "Eux a le meilleur Weis (100)" in body
    assert (_value(body, "weis_a"), _value(body, "weis_b")) == ("", "100")
    assert f'name="hand_version" value="{hand.version}"' in body

    # And in the calculator: compared, nothing scored.
    response = client.post("/calculateur/?jeu=jass", {**forgot, **bests, "action": "compare_weis"})
    body = response.content.decode()
    assert response.status_code == 200 and "Eux a le meilleur Weis (100)" in body
    assert (_value(body, "weis_a"), _value(body, "weis_b")) == ("", "100")


def test_a_wrong_hand_says_why_and_saves_nothing(client: Client):
    match = _new_match(client)
    hearts = {"taker": "1", "mode": "hearts", "points": "90"}
    for typed, said in (
        ({**hearts, "mode": "obenabe", "stoeck": "A"}, "Pas de Stöck à Obenabe"),
        ({**hearts, "weis_a": "20", "weis_b": "50"}, "meilleur"),
        ({"taker": "1", "mode": "hearts", "points": "158"}, "entre 0 et 157"),
        ({"taker": "1", "points": "90"}, "Choisissez l&#x27;atout"),
        ({"mode": "hearts", "points": "90"}, "Choisissez qui a annoncé."),
        ({"taker": "1", "mode": "hearts"}, "0 à 157), ou un Match"),
        ({"taker": "1", "mode": "hearts", "points": "90", "match": "A"}, "Avec un Match"),
        ({"taker": "1", "mode": "hearts", "points": "90", "weis_a": "30"}, "somme de 20, 50"),
        ({"taker": "1", "mode": "hearts", "points": "90", "out": "A"}, "ne se dit que si"),
    ):
        response = _type(client, match, **typed)
        assert response.status_code == 422, typed
        assert said in response.content.decode(), typed
    assert Match.objects.get().hands.count() == 0


def test_a_hand_is_corrected_on_its_page(client: Client):
    match = _new_match(client)
    _typed(client, match, taker="1", mode="spades", points="92", weis_b="50")
    hand = match.hands.get()
    page = client.get(f"/m/{match.token}/donnes/{hand.pk}/").content.decode()
    assert re.search(r'value="spades"[^>]*checked', page)
    assert 'value="92"' in page and 'value="50"' in page
    body = {
        "taker": "1",
        "mode": "hearts",
        "points": "92",
        "weis_b": "50",
        "hand_version": str(hand.version),
        "key": os.urandom(16).hex(),
    }
    response = client.post(f"/m/{match.token}/donnes/{hand.pk}/", body)
    assert response.status_code in (200, 303), response.content.decode()[:3000]
    match.refresh_from_db()
    assert (match.total_a, match.total_b) == (92, 115)  # Rosen x1


def test_its_export_imports_back_to_the_same_sheet(client: Client):
    match = _new_match(client)
    for typed in (
        {"taker": "1", "mode": "spades", "points": "92", "weis_b": "50"},
        {"taker": "2", "mode": "undenufe", "match": "B", "weis_b": "20"},
        {"taker": "3", "mode": "diamonds", "points": "60", "points_team": "B", "stoeck": "B"},
    ):
        _typed(client, match, **typed)
    exported = json.loads(client.get(f"/m/{match.token}/export.json").content)
    assert exported["game"] == "jass"
    assert exported["hands"][1] == {
        "mode": "undenufe",
        "announcer": "B",
        "points": None,
        "match": "B",
        "stoeck": None,
        "weis": {"A": 0, "B": 20},
        "declared": None,
        "out": None,
    }
    assert exported["result"]["hands"][1]["weis"] == {"A": 0, "B": 20}
    copy = services.match_import(document=exported)
    again = services.match_export_document(copy)
    assert (again["hands"], again["rules"], again["result"]) == (
        exported["hands"],
        exported["rules"],
        exported["result"],
    )
    upload = SimpleUploadedFile("jass.json", json.dumps(exported).encode())
    assert client.post("/importer/", {"document": upload}).status_code == 303


def test_an_imported_hand_with_declarations_is_corrected_as_its_sums(client: Client):
    document = {
        "game": "jass",
        "rules": {"target": 1000},
        "hands": [
            {
                "mode": "diamonds",
                "announcer": "A",
                "points": {"A": 100},
                "declared": [
                    {"seat": 2, "kind": "sequence", "suit": "spades", "length": 3, "top": "9"},
                    {"seat": 3, "kind": "four", "rank": "J"},
                ],
            }
        ],
    }
    match = services.match_import(document=document)
    assert (match.total_a, match.total_b) == (300, 57)
    hand = match.hands.get()
    page = client.get(f"/m/{match.token}/donnes/{hand.pk}/").content.decode()
    assert 'value="200"' in page
    sheet = match_get_scoresheet(match)
    assert sheet.hand_summary(hand) == (
        "Nous annonce Eicheln ♦ · points Nous 100 · Weis annoncés : 2"
    )


def test_a_table_of_friends_keeps_it_in_its_pages_and_exports(client: Client):
    from tests.tables_fixture import make_fixture

    table = make_fixture().table
    match = services.match_create(
        names=["Anna", "Beat", "Cla", "Dario"], rules=JassRules(multipliers="1_2_3"), table=table
    )
    services.hand_record(
        match=match,
        hand=JassHand("spades", "A", "A", 92, weis=Pair(0, 50), stoeck="A"),
        taker_seat=1,
    )
    services.hand_record(match=match, hand=JassHand("obenabe", "B", match="B"), taker_seat=2)
    person = table.roster.get(name="Anna")
    for url in (
        f"/t/{table.token}/",
        f"/t/{table.token}/classement/",
        f"/t/{table.token}/joueurs/{person.pk}/",
        f"/t/{table.token}/parties.csv",
        f"/t/{table.token}/donnes.csv",
        f"/m/{match.token}/",
        f"/m/{match.token}/feuille.png",
    ):
        response = client.get(url)
        assert response.status_code == 200, url
    hands = client.get(f"/t/{table.token}/donnes.csv").content.decode("utf-8-sig")
    assert hands.count("Jass (Schieber)") == 2
    assert "joué" in hands and ";match;" in hands.replace(",", ";")


def test_the_match_ends_by_ausmachen_and_asks_who_went_out(client: Client):
    match = _new_match(client, SCHIEBER_1000, target="300")
    assert match.preset == "custom" and match.target == 300
    for points in ("150", "7", "80"):  # 150/7, 157/157, 237/234
        _typed(client, match, taker="1", mode="hearts", points=points)
    # Both teams pass 300 on their tricks: who went out first decides.
    response = _type(client, match, taker="2", mode="hearts", points="77", points_team="B")
    assert response.status_code == 422
    body = response.content.decode()
    assert "dites laquelle est sortie la première" in body and 'name="out"' in body
    assert Match.objects.get().hands_count == 3
    _typed(client, match, taker="2", mode="hearts", points="77", points_team="B", out="B")
    match.refresh_from_db()
    assert (match.total_a, match.total_b) == (317, 311)
    sheet = match_get_scoresheet(match)
    assert sheet.result.finished and sheet.result.winner == "B"
    last = next(row for row in sheet.rows if row.number == 4)
    assert "Premiers à l'objectif en jouant : Eux." in last.explanation


def test_the_stoeck_come_first_at_ausmachen(client: Client):
    # JASS, *End of match*: A 134 / B 180; the last hand A 140, B 17 + Stöck:
    # 274 / 217; Stöck first, B reaches 200 and wins.
    match = _new_match(client, SCHIEBER_1000, target="200")
    _typed(client, match, taker="1", mode="hearts", points="134", weis_b="20")  # 134 / 43
    _typed(client, match, taker="2", mode="hearts", points="137", points_team="B")  # 154 / 180
    _typed(client, match, taker="1", mode="hearts", points="140", stoeck="B", weis_a="0")
    match.refresh_from_db()
    sheet = match_get_scoresheet(match)
    assert (match.total_a, match.total_b) == (294, 217)
    assert sheet.result.finished and sheet.result.winner == "B"


def test_a_swiss_table_reads_it_in_german(client: Client):
    match = _new_match(client)
    _typed(client, match, taker="1", mode="spades", points="92", weis_b="50")
    page = client.get(f"/m/{match.token}/", HTTP_ACCEPT_LANGUAGE="de-CH,de;q=0.9").content.decode()
    for text in ("Wer sagt an?", "Trumpf", "Schilten", "Stöck (Trumpf-König und -Ober)"):
        assert text in page, text
    assert "Anna sagt Schilten ♠ an" in page
    assert "Nous sagt Schilten ♠ ×2 an. Nous 92 ×2 = 184 · Eux 65 + Weis 50 = 115 ×2 = 230" in page
    assert "ß" not in page
