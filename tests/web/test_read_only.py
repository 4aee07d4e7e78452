"""Read-only links (issue 8): a second token opens the same live pages with
nothing that writes; no writing page answers to it; a match link never hands
out its table's writing token."""

from __future__ import annotations

import csv
import datetime
import io
import re
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from scoresheets import urls
from scoresheets.concours import room as concours_room
from scoresheets.concours import services as cs
from scoresheets.matches import services
from scoresheets.models import Concours, Hand, HandRevision, Match, Season, Table, TablePlayer
from scoresheets.season import services as season_services
from tests.factories import hand, make_match, new_match_form, play
from tests.tables_fixture import Fixture, make_fixture

pytestmark = pytest.mark.django_db

# Every route that takes a token: a writing route answers to the writing token
# only, its read-only twin ("<name>_read") to the read token only.
TOKEN_ROUTES = {p.name: str(p.pattern) for p in urls.urlpatterns if "<" in str(p.pattern)}
WRITING_ROUTES = sorted(name for name in TOKEN_ROUTES if not name.endswith("_read"))
READ_ROUTES = sorted(name for name in TOKEN_ROUTES if name.endswith("_read"))

SEATS = new_match_form(("Intrus", "Autre", "Encore", "Dernier"))
# What each writing route would be sent by a phone: data that would write if
# the route took the token. Every writing route is here (checked below).
POSTED: dict[str, dict[str, Any]] = {
    "match": {},
    "hand_create": {"taker": "1", "points": "100", "number": "3"},
    "hand_preview": {"taker": "1", "points": "100"},
    "hand_edit": {"taker": "2", "points": "120", "number": "1", "hand_version": "1"},
    "hand_delete": {"hand_version": "1"},
    "hand_restore": {},
    "hand_undo": {"key": "0" * 32},
    "device_set": {"device": "Spectateur"},
    "match_poll": {},
    "match_events": {},
    "match_export": {},
    "match_image": {},
    "hand_helper": {"number": "3"},
    "table": {},
    "table_player_add": {"name": "Intrus"},
    "table_match_new": SEATS,
    "table_player": {},
    "table_ranking": {},
    "table_matches_csv": {},
    "table_hands_csv": {},
    "concours_cards": {"n": "3"},
    "concours": {},
    "concours_events": {},
    "concours_register": {"name": "Intrus"},
    "concours_register_many": {"lines": "Intrus\nAutre"},
    "concours_entrant_edit": {"name": "Intrus"},
    "concours_leave": {"number": "1"},
    "concours_return": {"number": "1"},
    "concours_draw": {"force": "on"},
    "concours_undraw": {},
    "concours_swap": {"a": "1", "b": "3"},
    "concours_penalty": {"entrant": "1", "points": "162", "kind": "deducted"},
    "concours_penalty_delete": {},
    "season": {},
    "season_night_add": {"link": "a concours' organiser link"},
    "season_night_remove": {},
    "season_merge": {"player": "un", "into": "deux"},
    "season_unmerge": {"alias": "un"},
    "season_settings": {"name": "Intrus", "ranking": "points", "min_nights": "5"},
    "concours_table_card": {},
}
# The routes that answer a GET (the others answer 405 to any token: a method
# refused says nothing about the token).
GET_ROUTES = {
    "concours_entrant_edit",
    "match",
    "hand_edit",
    "match_poll",
    "match_events",
    "match_export",
    "match_image",
    "hand_helper",
    "table",
    "table_match_new",
    "table_player",
    "table_ranking",
    "table_matches_csv",
    "table_hands_csv",
    "concours_cards",
    "concours_table_card",
    "concours",
    "concours_events",
    "season",
}
POST_ROUTES = {
    "hand_create",
    "hand_preview",
    "hand_edit",
    "hand_delete",
    "hand_restore",
    "hand_undo",
    "device_set",
    "table_player_add",
    "table_match_new",
    "concours_register",
    "concours_register_many",
    "concours_entrant_edit",
    "concours_leave",
    "concours_return",
    "concours_draw",
    "concours_undraw",
    "concours_swap",
    "concours_penalty",
    "concours_penalty_delete",
    "season_night_add",
    "season_night_remove",
    "season_merge",
    "season_unmerge",
    "season_settings",
}
WATCHERS = "Vous regardez"


@pytest.fixture
def fixture() -> Fixture:
    """The table of four matches; hand 2 of its first match deleted."""
    made = make_fixture()
    first = made.matches[0]
    second_hand = first.hands.live()[1]
    services.hand_delete(match=first, hand_id=second_hand.pk, expected_version=1)
    return made


def state() -> tuple:
    """Everything a write could change."""
    return (
        list(Match.objects.order_by("pk").values_list("pk", "version", "hands_count", "finished")),
        list(Hand.objects.order_by("pk").values_list("pk", "version", "deleted_at", "taker")),
        HandRevision.objects.count(),
        list(TablePlayer.objects.order_by("pk").values_list("pk", "name")),
        Table.objects.count(),
        list(Concours.objects.values_list("pk", "version", "season")),
        list(Season.objects.values_list("pk", "name", "updated_at", "aliases", "settings")),
    )


def writing_tokens(table: Table) -> set[str]:
    return {table.token, *Match.objects.values_list("token", flat=True)}


def a_concours() -> Concours:
    """A concours with its first partie drawn (made once a test)."""
    concours = Concours.objects.first()
    if concours is None:
        concours = cs.concours_create(
            name="Concours", date=datetime.date(2026, 12, 5), preset="classique"
        )
        for name in ("Un", "Deux"):
            cs.concours_entrant_register(concours=concours, name=name, players=[])
        cs.concours_draw(concours=concours)
    return concours


def a_season() -> Season:
    """A season whose night is :func:`a_concours` (made once a test)."""
    season = Season.objects.first()
    if season is None:
        season = season_services.season_create(name="Challenge")
        season_services.season_night_add(season=season, concours=a_concours())
    return season


def url_of(name: str, fixture: Fixture, *, read: bool) -> str:
    """The URL of route ``name`` for the fixture's table or first match, with
    its read token (``read``) or its writing token."""
    match = Match.objects.get(pk=fixture.matches[0].pk)
    table = fixture.table
    target = match if TOKEN_ROUTES[name].startswith(("m/", "voir/<")) else table
    if TOKEN_ROUTES[name].startswith(("c/", "voir/concours/")):
        target = a_concours()
    if TOKEN_ROUTES[name].startswith(("ch/", "voir/challenge/")):
        target = a_season()
    kwargs: dict[str, Any] = {"token": target.read_token if read else target.token}
    if "hand_id" in TOKEN_ROUTES[name]:
        # A deleted hand to restore, a live one for everything else.
        deleted = name.startswith("hand_restore")
        kwargs["hand_id"] = match.hands.filter(deleted_at__isnull=not deleted).first().pk
    if "concours_id" in TOKEN_ROUTES[name]:
        kwargs["concours_id"] = a_concours().pk  # the season's night: removed with the token
    if "penalty_id" in TOKEN_ROUTES[name]:
        kwargs["penalty_id"] = 1  # refused on the token before any penalty is looked for
    if "player_id" in TOKEN_ROUTES[name]:
        kwargs["player_id"] = fixture.ids["Léa"]
    if "<int:number>" in TOKEN_ROUTES[name]:
        kwargs["number"] = 1
    if TOKEN_ROUTES[name].startswith("carte/"):
        # A table card: the read token and a key that the read link does not give.
        target = a_concours()
        kwargs["token"] = target.read_token
        kwargs["key"] = "A" * len(target.token) if read else concours_room.card_key(target, 1)
    return reverse(name, kwargs=kwargs)


def post_forms(body: str) -> list[str]:
    """The actions of the page's POST forms, but the language switch (it writes
    only this browser's language, never a match or a table)."""
    forms = re.findall(r"<form\b[^>]*>", body)
    posted = [f for f in forms if re.search(r'method="post"', f, re.IGNORECASE)]
    return [f for f in posted if 'action="/i18n/setlang/"' not in f]


def assert_read_only(body: str, table: Table) -> None:
    """No form, button or link of ``body`` writes, and no writing token is in it."""
    assert post_forms(body) == []
    assert "hx-post" not in body
    for token in writing_tokens(table):
        assert token not in body
    assert 'href="/m/' not in body and 'href="/t/' not in body


# --------------------------------------------------------------------------
# No writing URL answers to a read token
# --------------------------------------------------------------------------


def test_it_knows_every_writing_route():
    """A new route must say here what it would be sent (and so be tested below)."""
    assert set(WRITING_ROUTES) == set(POSTED) == GET_ROUTES | POST_ROUTES
    assert len(READ_ROUTES) == 23


@pytest.mark.parametrize("name", WRITING_ROUTES)
@pytest.mark.parametrize("method", ["get", "post"])
def test_no_writing_url_answers_to_a_read_token(client: Client, fixture, name, method):
    url = url_of(name, fixture, read=True)
    before = state()
    response = getattr(client, method)(url, POSTED[name])
    accepted = name in (GET_ROUTES if method == "get" else POST_ROUTES)
    assert response.status_code == (404 if accepted else 405), url
    assert state() == before
    assert dict(client.session) == {}


@pytest.mark.parametrize("name", READ_ROUTES)
def test_no_read_url_answers_to_a_writing_token(client: Client, fixture, name):
    response = client.get(url_of(name, fixture, read=False))
    assert response.status_code == 404


@pytest.mark.parametrize("name", READ_ROUTES)
def test_read_urls_refuse_a_post(client: Client, fixture, name):
    url = url_of(name, fixture, read=True)
    before = state()
    # A read route without a writing twin (a concours' room) is sent nothing.
    posted = POSTED.get(name.removesuffix("_read"), {})
    response = client.post(url, posted)
    assert response.status_code == 405
    assert state() == before


def test_the_writing_routes_still_answer_to_the_writing_token(client: Client, fixture):
    """Old links keep working: the same data with the writing token does write."""
    for name in ("hand_restore", "table_player_add"):
        before = state()
        response = client.post(url_of(name, fixture, read=False), POSTED[name])
        assert response.status_code == 303
        assert state() != before
    assert client.get(url_of("table", fixture, read=False)).status_code == 200


# --------------------------------------------------------------------------
# The read-only pages
# --------------------------------------------------------------------------


def test_the_read_only_match_page_shows_the_live_sheet_and_nothing_that_writes(
    client: Client, fixture
):
    match = Match.objects.get(pk=fixture.matches[0].pk)
    response = client.get(f"/voir/{match.read_token}/")
    body = response.content.decode()
    assert response.status_code == 200
    assert "no-cache" in response["Cache-Control"]
    # The sheet: totals, hands, their explanations, the chart, the deleted hand.
    assert 'id="scoreboard"' in body and 'id="hand-1"' in body and 'id="hand-2"' in body
    assert f'class="total-points">{match.total_a}<' in body
    assert 'class="explain"' in body and "<svg" in body
    assert "1 donne supprimée" in body
    # It polls its own read-only poll, and shares only its own link.
    assert f'data-poll-url="/voir/{match.read_token}/poll/"' in body
    assert f"/voir/{match.read_token}/export.json" in body
    assert f'value="http://testserver/voir/{match.read_token}/"' in body
    assert 'id="read-url"' not in body
    # Nothing that writes: no hand form, no correction, no restore, no phone name.
    assert 'id="hand-form"' not in body and "Corriger ou supprimer" not in body
    assert "Rétablir" not in body and 'name="device"' not in body
    assert WATCHERS in body
    assert_read_only(body, fixture.table)


def test_the_read_only_match_page_of_a_quick_match(client: Client):
    match = play(make_match(), hand("A", 100))
    body = client.get(f"/voir/{match.read_token}/").content.decode()
    assert "Alice" in body and 'class="back"' not in body
    assert post_forms(body) == [] and match.token not in body


def test_a_read_only_page_is_not_remembered(client: Client, fixture):
    """ "Mes parties" and "Mes tables" hold writing links; a read link puts
    nothing in the session (and so never a writing token)."""
    match = fixture.matches[0]
    for path in (f"/voir/{match.read_token}/", f"/voir/table/{fixture.table.read_token}/"):
        assert client.get(path).status_code == 200
    assert dict(client.session) == {}
    home = client.get("/").content.decode()
    assert match.token not in home and match.read_token not in home


def test_the_read_only_poll_answers_like_the_live_one(client: Client):
    match = play(make_match(), hand("A", 100))
    url = f"/voir/{match.read_token}/poll/"
    unchanged = client.get(f"{url}?v={match.version}", headers={"HX-Request": "true"})
    assert unchanged.status_code == 204 and unchanged.content == b""
    assert "no-cache" in unchanged["Cache-Control"]

    services.hand_record(match=match, hand=hand("B", 90), taker_seat=2)
    changed = client.get(f"{url}?v={match.version}", headers={"HX-Request": "true"})
    body = changed.content.decode()
    assert changed.status_code == 200
    assert f'data-version="{match.version + 1}"' in body and 'id="hand-2"' in body
    assert f'data-poll-url="{url}"' in body
    assert "Corriger ou supprimer" not in body and match.token not in body
    assert client.get(f"/voir/{match.token}/poll/").status_code == 404


def test_the_unchanged_read_only_poll_is_one_query_then_none(
    client: Client, django_assert_num_queries
):
    match = play(make_match(), hand("A", 100))
    match.refresh_from_db()
    cache.clear()  # as after a restart: the version is read once, then kept
    with django_assert_num_queries(1):
        response = client.get(f"/voir/{match.read_token}/poll/?v={match.version}")
    assert response.status_code == 204
    with django_assert_num_queries(0):
        response = client.get(f"/voir/{match.read_token}/poll/?v={match.version}")
    assert response.status_code == 204


def test_a_hand_reaches_the_read_only_poll_through_the_cached_version(client: Client):
    match = play(make_match(), hand("A", 100))
    match.refresh_from_db()
    seen = match.version
    assert client.get(f"/voir/{match.read_token}/poll/?v={seen}").status_code == 204
    play(match, hand("B", 120))  # written by the services: the version moves in the cache
    response = client.get(f"/voir/{match.read_token}/poll/?v={seen}")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Corriger" not in html and match.token not in html


def test_the_read_only_export_is_the_match_document_without_a_token(client: Client, fixture):
    match = fixture.matches[0]
    written = client.get(f"/m/{match.token}/export.json")
    read = client.get(f"/voir/{match.read_token}/export.json")
    assert read.status_code == 200
    assert read.content == written.content
    for token in (*writing_tokens(fixture.table), fixture.table.read_token):
        assert token.encode() not in read.content


def test_the_read_only_table_page(client: Client, fixture):
    table = fixture.table
    response = client.get(f"/voir/table/{table.read_token}/")
    body = response.content.decode()
    assert response.status_code == 200
    # The history links to the matches' read-only pages; filters still work (GET).
    history = body.split('id="history"')[1].split('id="roster"')[0]
    read_links = re.findall(r'href="/voir/([^/]+)/"', history)
    assert sorted(read_links) == sorted(m.read_token for m in Match.objects.all())
    assert f'action="/voir/table/{table.read_token}/#history" method="get"' in body
    # Ranking, players and exports, all read-only.
    assert f"/voir/table/{table.read_token}/classement/" in body
    assert f"/voir/table/{table.read_token}/joueurs/{fixture.ids['Léa']}/" in body
    assert f"/voir/table/{table.read_token}/parties.csv" in body
    assert f"/voir/table/{table.read_token}/donnes.csv" in body
    # No new match, no roster form; its share panel offers only its own link.
    assert "Nouvelle partie</a>" not in body.split("<footer")[0]
    assert 'name="name"' not in body and 'id="read-url"' not in body
    assert f'value="http://testserver/voir/table/{table.read_token}/"' in body
    assert_read_only(body, table)

    filtered = client.get(f"/voir/table/{table.read_token}/?joueur={fixture.ids['Inès']}")
    assert filtered.status_code == 200
    assert len(re.findall(r'href="/voir/[^/]+/"', filtered.content.decode())) == 1


def test_the_read_only_player_and_ranking_pages(client: Client, fixture):
    table = fixture.table
    for path in (
        f"/voir/table/{table.read_token}/joueurs/{fixture.ids['Léa']}/",
        f"/voir/table/{table.read_token}/classement/",
    ):
        response = client.get(path)
        body = response.content.decode()
        assert response.status_code == 200
        assert f'href="/voir/table/{table.read_token}/"' in body  # back to the table
        assert "Léa" in body
        assert_read_only(body, table)
    player = client.get(f"/voir/table/{table.read_token}/joueurs/{fixture.ids['Léa']}/")
    links = set(re.findall(r'href="/voir/([^/]+)/"', player.content.decode()))
    assert links & {m.read_token for m in Match.objects.all()}  # her last matches, read-only
    other = Table.objects.create(name="Autre")
    wrong = f"/voir/table/{other.read_token}/joueurs/{fixture.ids['Léa']}/"
    assert client.get(wrong).status_code == 404


def test_the_read_only_csv_links_are_read_links(client: Client, fixture):
    table = fixture.table
    for name in ("parties", "donnes"):
        response = client.get(f"/voir/table/{table.read_token}/{name}.csv")
        text = response.content.decode("utf-8-sig")
        assert response.status_code == 200
        assert response["Content-Type"].startswith("text/csv")
        for token in writing_tokens(table):
            assert token not in text
        links = {
            cell
            for row in csv.reader(io.StringIO(text), delimiter=";")
            for cell in row
            if "/voir/" in cell
        }
        expected = {f"http://testserver/voir/{m.read_token}/" for m in Match.objects.all()}
        assert links == expected


# --------------------------------------------------------------------------
# A match link does not hand out its table
# --------------------------------------------------------------------------


@pytest.mark.parametrize("read", [False, True])
def test_a_match_page_hides_the_table_from_a_browser_that_does_not_know_it(
    client: Client, fixture, read
):
    match = fixture.matches[1]
    path = f"/voir/{match.read_token}/" if read else f"/m/{match.token}/"
    body = client.get(path).content.decode()
    table = fixture.table
    assert table.token not in body
    assert "/t/" not in body
    assert f'<p class="back"><a href="/voir/table/{table.read_token}/">' in body
    assert "Les jeudis" in body


@pytest.mark.parametrize("read", [False, True])
def test_a_match_page_links_to_the_table_for_a_browser_that_knows_it(client: Client, fixture, read):
    table = fixture.table
    match = fixture.matches[1]
    client.get(f"/t/{table.token}/")  # this browser opened the table: "Mes tables"
    path = f"/voir/{match.read_token}/" if read else f"/m/{match.token}/"
    body = client.get(path).content.decode()
    assert f'<p class="back"><a href="/t/{table.token}/">' in body


def test_the_match_export_does_not_hold_the_table_token(client: Client, fixture):
    response = client.get(f"/m/{fixture.matches[0].token}/export.json")
    assert response.status_code == 200
    assert fixture.table.token.encode() not in response.content
    assert fixture.table.read_token.encode() not in response.content


# --------------------------------------------------------------------------
# The share panels of the writing pages offer both links
# --------------------------------------------------------------------------


def test_the_match_page_offers_a_link_to_play_and_a_link_to_watch(client: Client):
    match = make_match()
    body = client.get(f"/m/{match.token}/").content.decode()
    assert "Pour jouer" in body and "Pour regarder" in body
    assert f'id="share-url" type="text" value="http://testserver/m/{match.token}/"' in body
    assert f'id="read-url" type="text" value="http://testserver/voir/{match.read_token}/"' in body
    assert body.count("<svg") >= 2  # a QR code for each (the watching one folded)
    assert WATCHERS not in body


def test_the_table_page_offers_a_link_to_play_and_a_link_to_watch(client: Client, fixture):
    table = fixture.table
    body = client.get(f"/t/{table.token}/").content.decode()
    assert "Pour jouer" in body and "Pour regarder" in body
    assert f'value="http://testserver/t/{table.token}/"' in body
    assert (
        f'id="read-url" type="text" value="http://testserver/voir/table/{table.read_token}/"'
        in (body)
    )
    assert f'href="/t/{table.token}/nouvelle/"' in body  # the playing page still writes


def test_the_read_only_pages_speak_english(client: Client, fixture):
    match = fixture.matches[0]
    english = {"HTTP_ACCEPT_LANGUAGE": "en"}
    watch = client.get(f"/voir/{match.read_token}/", **english).content.decode()
    assert "You are watching this match" in watch and "Link to watch" in watch
    table = client.get(f"/voir/table/{fixture.table.read_token}/", **english).content.decode()
    assert "You are watching this table" in table
    playing = client.get(f"/m/{match.token}/", **english).content.decode()
    assert "To play" in playing and "To watch" in playing
