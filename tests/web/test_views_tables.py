"""Tables of friends on the web: create one, its page (roster, history, short
ranking, sharing), add a player, start a match from the roster; access by
token only, and nothing lists tables."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from scoresheets.models import Match, Table, TablePlayer
from scoresheets.tables import services as tables
from tests.factories import new_match_form
from tests.tables_fixture import make_fixture, quick_match

pytestmark = pytest.mark.django_db

NAMES = ["Léa", "Sam", "Noé", "Zoé"]


def make_table(players: list[str] = NAMES, name: str = "Les jeudis") -> Table:
    return tables.table_create(name=name, player_names=players)


def history_tokens(body: str) -> list[str]:
    history = body.split('id="history"')[1].split('id="roster"')[0]
    return re.findall(r'href="/m/([^/]+)/"', history)


# --------------------------------------------------------------------------
# New table
# --------------------------------------------------------------------------


def test_it_shows_the_new_table_form(client: Client):
    response = client.get("/tables/nouvelle/")
    body = response.content.decode()
    assert response.status_code == 200
    assert 'action="/tables/nouvelle/"' in body
    assert 'name="name"' in body and 'name="players"' in body


def test_it_creates_a_table_with_its_first_players(client: Client):
    data = {"name": "  Les jeudis ", "players": "Léa, Sam\nNoé\r\n\nzoé, "}
    response = client.post("/tables/nouvelle/", data)
    table = Table.objects.get()
    assert response.status_code == 303
    assert response["Location"] == f"/t/{table.token}/"
    assert table.name == "Les jeudis"
    assert [p.name for p in table.roster.all()] == ["Léa", "Noé", "Sam", "zoé"]
    assert client.session["my_tables"] == [table.token]


def test_it_refuses_a_table_without_a_name(client: Client):
    response = client.post("/tables/nouvelle/", {"name": "  ", "players": "Léa"})
    assert response.status_code == 422
    assert "Donnez un nom à la table." in response.content.decode()
    assert Table.objects.count() == 0 and TablePlayer.objects.count() == 0


def test_it_refuses_a_player_name_too_long_and_creates_nothing(client: Client):
    response = client.post("/tables/nouvelle/", {"name": "Jeudi", "players": "Léa, " + "x" * 41})
    assert response.status_code == 422
    assert "lettres au plus" in response.content.decode()
    assert Table.objects.count() == 0 and TablePlayer.objects.count() == 0


def test_creating_a_table_needs_the_csrf_token():
    client = Client(enforce_csrf_checks=True)
    assert client.post("/tables/nouvelle/", {"name": "Jeudi"}).status_code == 403
    assert Table.objects.count() == 0


# --------------------------------------------------------------------------
# The table page
# --------------------------------------------------------------------------


def test_it_shows_the_table_page(client: Client):
    table = make_table()
    response = client.get(f"/t/{table.token}/")
    body = response.content.decode()
    assert response.status_code == 200
    assert "<h1>Les jeudis</h1>" in body
    for person in table.roster.all():
        assert f'href="/t/{table.token}/joueurs/{person.pk}/">{person.name}</a>' in body
    assert f'value="http://testserver/t/{table.token}/"' in body  # the share link
    assert "<svg" in body and "QR code du lien de la table" in body
    assert f'href="/t/{table.token}/nouvelle/"' in body
    assert f'action="/t/{table.token}/joueurs/"' in body
    assert "Aucune partie pour l'instant" in body
    # Without matches: no filters, no ranking, nothing to export.
    assert 'name="joueur"' not in body and "Classement" not in body and ".csv" not in body
    assert client.session["my_tables"] == [table.token]


def test_it_lists_the_matches_newest_first_with_teams_score_status_and_date(client: Client):
    fixture = make_fixture()
    body = client.get(f"/t/{fixture.table.token}/").content.decode()
    assert history_tokens(body) == [m.token for m in reversed(fixture.matches)]
    history = body.split('id="history"')[1].split('id="roster"')[0]
    assert "Léa &amp; Noé" in history and "Sam &amp; Zoé" in history
    assert re.search(
        r"<strong class=\"team-a\">534</strong>\s*<span[^>]*>–</span>\s*"
        r"<strong class=\"team-b\">62</strong>",
        history,
    )
    assert "Gagnée par Léa &amp; Noé" in history
    assert "En cours : 2 donnes" in history  # match 4 (the redeal counts as a hand)
    date = fixture.matches[0].created_at.astimezone().strftime("%d/%m/%Y")
    assert date in history
    assert "4 parties" in body
    assert f'href="/t/{fixture.table.token}/parties.csv"' in body
    assert f'href="/t/{fixture.table.token}/donnes.csv"' in body
    assert 'name="joueur"' in body and 'name="etat"' in body


def test_it_shows_who_played_when_the_teams_have_names(client: Client):
    table = make_table()
    match = quick_match(table, NAMES)
    Match.objects.filter(pk=match.pk).update(team_a_name="Les As", team_b_name="Les Rois")
    body = client.get(f"/t/{table.token}/").content.decode()
    assert "Les As" in body and "Léa &amp; Noé · Sam &amp; Zoé" in body


def test_it_paginates_the_history_by_20(client: Client):
    table = make_table()
    matches = [quick_match(table, NAMES) for _ in range(21)]
    body = client.get(f"/t/{table.token}/").content.decode()
    assert history_tokens(body) == [m.token for m in reversed(matches[1:])]
    assert "Page 1 sur 2" in body
    assert 'href="?page=2#history"' in body
    body = client.get(f"/t/{table.token}/?page=2").content.decode()
    assert history_tokens(body) == [matches[0].token]
    assert 'href="?page=1#history"' in body
    # A page out of range or not a number shows the last / first page: no error.
    assert history_tokens(client.get(f"/t/{table.token}/?page=9").content.decode()) == [
        matches[0].token
    ]
    assert client.get(f"/t/{table.token}/?page=x").status_code == 200


def test_it_filters_the_history_by_player_and_status(client: Client):
    fixture = make_fixture()
    first, second, third, fourth = fixture.matches
    url = f"/t/{fixture.table.token}/"
    body = client.get(url, {"joueur": fixture.ids["Zoé"]}).content.decode()
    assert history_tokens(body) == [fourth.token, second.token, first.token]
    assert "3 parties (filtrées)" in body
    body = client.get(url, {"etat": "terminees"}).content.decode()
    assert history_tokens(body) == [third.token, second.token, first.token]
    body = client.get(url, {"etat": "en-cours", "joueur": fixture.ids["Inès"]}).content.decode()
    assert history_tokens(body) == []
    assert "Aucune partie ne correspond à ces filtres." in body
    body = client.get(url, {"etat": "en-cours", "joueur": fixture.ids["Léa"]}).content.decode()
    assert history_tokens(body) == [fourth.token]


def test_the_pages_keep_the_filters(client: Client):
    table = make_table()
    for _ in range(21):
        quick_match(table, NAMES)
    léa = table.roster.get(name="Léa").pk
    body = client.get(f"/t/{table.token}/", {"joueur": léa, "etat": "terminees"}).content.decode()
    assert f'href="?joueur={léa}&amp;etat=terminees&amp;page=2#history"' in body


@pytest.mark.parametrize("query", [{"joueur": "abc"}, {"joueur": "999999"}, {"etat": "perdues"}])
def test_a_bad_filter_is_a_422_with_a_message_and_the_whole_history(client: Client, query):
    fixture = make_fixture()
    response = client.get(f"/t/{fixture.table.token}/", query)
    body = response.content.decode()
    assert response.status_code == 422
    assert 'class="errorlist"' in body
    assert len(history_tokens(body)) == 4


def test_a_player_of_another_table_is_not_a_filter(client: Client):
    fixture = make_fixture()
    other = make_table(["Max"], name="Vendredi")
    response = client.get(f"/t/{fixture.table.token}/", {"joueur": other.roster.get().pk})
    assert response.status_code == 422
    assert "pas à cette table" in response.content.decode()


def test_it_shows_the_top_5_of_the_ranking(client: Client):
    fixture = make_fixture()
    tables.table_add_player(table=fixture.table, name="Karim")
    Karim = fixture.table.roster.get(name="Karim")
    quick_match(fixture.table, ["Karim", "Sam", "Zoé", "Noé"])  # 6 rated players now
    body = client.get(f"/t/{fixture.table.token}/").content.decode()
    leaders = body.split('class="leaders"')[1].split("</ol>")[0]
    board = tables.table_ratings(fixture.table).leaderboard
    assert len(board) == 6
    names = re.findall(r'class="leader-name" href="/t/[^/]+/joueurs/(\d+)/"', leaders)
    assert [int(pk) for pk in names] == [r.player for r in board[:5]]
    assert leaders.count("provisoire") == 5
    assert f'href="/t/{fixture.table.token}/classement/"' in body
    assert Karim.pk in [r.player for r in board]


def test_the_ranking_waits_for_a_finished_match(client: Client):
    table = make_table()
    quick_match(table, NAMES, finished=False)
    body = client.get(f"/t/{table.token}/").content.decode()
    assert "Le classement commence à la première partie terminée." in body


def test_a_wrong_token_is_a_404_everywhere(client: Client):
    make_fixture()
    for url in (
        "/t/nope/",
        "/t/nope/nouvelle/",
        "/t/nope/classement/",
        "/t/nope/joueurs/1/",
        "/t/nope/parties.csv",
        "/t/nope/donnes.csv",
    ):
        assert client.get(url).status_code == 404, url
    assert client.post("/t/nope/joueurs/", {"name": "Max"}).status_code == 404
    assert client.post("/t/nope/nouvelle/", {}).status_code == 404


def test_the_table_page_is_get_only(client: Client):
    table = make_table()
    assert client.post(f"/t/{table.token}/").status_code == 405


@pytest.mark.parametrize("count", [2, 12])
def test_the_table_page_queries_do_not_grow_with_the_matches(
    client: Client, django_assert_num_queries, count
):
    table = make_table()
    for number in range(count):
        quick_match(table, NAMES if number % 2 else ["Léa", "Noé", "Sam", "Zoé"])
    client.get(f"/t/{table.token}/")  # the session now knows the table
    # session, table, roster, count, matches, their players, the table's games
    # (belote, coinche), the finished matches' versions (the ratings come from
    # the cache, computed by the first view)
    with django_assert_num_queries(8):
        response = client.get(f"/t/{table.token}/")
    assert response.status_code == 200
    assert len(history_tokens(response.content.decode())) == count


# --------------------------------------------------------------------------
# Adding a player
# --------------------------------------------------------------------------


def test_it_adds_a_player(client: Client):
    table = make_table()
    response = client.post(f"/t/{table.token}/joueurs/", {"name": "  Inès "})
    assert response.status_code == 303
    assert response["Location"] == f"/t/{table.token}/#roster"
    assert table.roster.filter(name="Inès").exists()
    body = client.get(response["Location"]).content.decode()
    assert "Inès rejoint la table." in body


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "Saisissez un prénom."),
        ("   ", "Saisissez un prénom."),
        ("x" * 41, "40 caractères"),
        ("LÉA", "LÉA est déjà à cette table."),
    ],
)
def test_it_refuses_a_bad_name_with_a_422(client: Client, name: str, message: str):
    table = make_table()
    response = client.post(f"/t/{table.token}/joueurs/", {"name": name})
    body = response.content.decode()
    assert response.status_code == 422
    assert message in body
    assert table.roster.count() == 4
    assert "<h1>Les jeudis</h1>" in body  # the page again, with what was typed


def test_adding_a_player_is_post_only(client: Client):
    table = make_table()
    assert client.get(f"/t/{table.token}/joueurs/").status_code == 405


def test_adding_a_player_needs_the_csrf_token():
    table = make_table()
    client = Client(enforce_csrf_checks=True)
    assert client.post(f"/t/{table.token}/joueurs/", {"name": "Max"}).status_code == 403
    assert table.roster.count() == 4


# --------------------------------------------------------------------------
# A new match from the roster
# --------------------------------------------------------------------------

RULES = new_match_form(None)  # the rules and first dealer; seats() picks the players


def seats(table: Table, *names: str, **extra: Any) -> dict[str, Any]:
    """Form data: a roster name picks its player, "+Name" types a new name."""
    data: dict[str, Any] = dict(RULES)
    for seat, name in enumerate(names, start=1):
        if name.startswith("+"):
            data[f"player_{seat}"] = name[1:]
        else:
            data[f"person_{seat}"] = table.roster.get(name=name).pk
    data.update(extra)
    return data


def test_it_shows_the_new_match_form_with_the_roster(client: Client):
    table = make_table()
    response = client.get(f"/t/{table.token}/nouvelle/")
    body = response.content.decode()
    assert response.status_code == 200
    assert f'action="/t/{table.token}/nouvelle/"' in body
    for seat in (1, 2, 3, 4):
        assert f'name="person_{seat}"' in body and f'name="player_{seat}"' in body
    for person in table.roster.all():
        assert f'<option value="{person.pk}">{person.name}</option>' in body
    assert 'id="presets"' in body and "Belote marocaine" in body


def test_the_form_starts_from_the_last_match_s_players_and_rules(client: Client):
    table = make_table([*NAMES, "Inès"])
    quick_match(table, ["Zoé", "Inès", "Sam", "Léa"])  # target 300
    body = client.get(f"/t/{table.token}/nouvelle/").content.decode()
    for seat, name in enumerate(["Zoé", "Inès", "Sam", "Léa"], start=1):
        pk = table.roster.get(name=name).pk
        select = body.split(f'name="person_{seat}"')[1].split("</select>")[0]
        assert f'<option value="{pk}" selected>{name}</option>' in select
    assert 'name="target" id="id_target"\n                 value="300"' in body


def test_it_starts_a_match_from_the_roster_and_new_names(client: Client):
    table = make_table()
    data = seats(table, "Zoé", "Sam", "+ Inès ", "+léa", first_dealer="3")
    response = client.post(f"/t/{table.token}/nouvelle/", data)
    match = Match.objects.get()
    assert response.status_code == 303
    assert response["Location"] == f"/m/{match.token}/"
    assert match.table == table
    players = list(match.players.select_related("person"))
    assert [p.name for p in players] == ["Zoé", "Sam", "Inès", "Léa"]  # the roster's "Léa"
    assert all(p.person.table_id == table.pk for p in players)
    assert table.roster.count() == 5  # Inès joined; "léa" is Léa
    assert (match.team_a_name, match.team_b_name) == ("Zoé & Inès", "Sam & Léa")
    assert (match.first_dealer, match.target, match.preset) == (3, 1000, "classique")


def test_the_match_page_links_back_to_its_table(client: Client):
    table = make_table()
    match = quick_match(table, NAMES, finished=False)
    client.get(f"/t/{table.token}/")  # this browser knows the table (see test_read_only.py)
    body = client.get(f"/m/{match.token}/").content.decode()
    assert f'href="/t/{table.token}/"' in body and "Les jeudis" in body


@pytest.mark.parametrize(
    ("names", "field", "message"),
    [
        (("Léa", "Sam", "Léa", "Zoé"), "person_3", "Ce joueur est déjà à une autre place."),
        (("Léa", "Sam", "+LÉA", "Zoé"), "player_3", "Ce joueur est déjà à une autre place."),
        (("Léa", "Sam", "Noé"), "person_4", "Choisissez un joueur ou saisissez un nouveau prénom."),
    ],
)
def test_it_refuses_a_bad_seat_with_a_422(client: Client, names, field, message):
    table = make_table()
    response = client.post(f"/t/{table.token}/nouvelle/", seats(table, *names))
    body = response.content.decode()
    assert response.status_code == 422
    assert re.search(rf'id="id_{field}[-_]errors?"', body)
    assert message in body
    assert Match.objects.count() == 0 and table.roster.count() == 4


def test_it_refuses_a_roster_player_and_a_name_in_one_seat(client: Client):
    table = make_table()
    data = seats(table, "Léa", "Sam", "Noé", "Zoé", player_4="Inès")
    response = client.post(f"/t/{table.token}/nouvelle/", data)
    assert response.status_code == 422
    assert "pas les deux" in response.content.decode()
    assert Match.objects.count() == 0 and table.roster.count() == 4


def test_it_refuses_a_player_of_another_table(client: Client):
    table = make_table()
    other = make_table(["Max"], name="Vendredi")
    data = seats(table, "Léa", "Sam", "Noé", person_4=other.roster.get().pk)
    response = client.post(f"/t/{table.token}/nouvelle/", data)
    assert response.status_code == 422
    assert "n&#x27;est pas à cette table" in response.content.decode()
    assert Match.objects.count() == 0


def test_it_refuses_bad_rules_and_creates_nothing(client: Client):
    table = make_table()
    data = seats(table, "Léa", "Sam", "Noé", "+Inès", target="0")
    response = client.post(f"/t/{table.token}/nouvelle/", data)
    assert response.status_code == 422
    assert Match.objects.count() == 0 and table.roster.count() == 4


def test_starting_a_match_needs_the_csrf_token():
    table = make_table()
    client = Client(enforce_csrf_checks=True)
    response = client.post(f"/t/{table.token}/nouvelle/", seats(table, *NAMES))
    assert response.status_code == 403
    assert Match.objects.count() == 0


def test_a_quick_match_still_has_no_table(client: Client):
    data = {f"player_{seat}": name for seat, name in enumerate(NAMES, start=1)}
    assert client.post("/nouvelle/", {**RULES, **data}).status_code == 303
    assert Match.objects.get().table is None
    assert TablePlayer.objects.count() == 0


# --------------------------------------------------------------------------
# Nothing lists tables
# --------------------------------------------------------------------------


def test_the_home_page_of_a_fresh_client_shows_no_table(client: Client):
    table = make_table()
    body = client.get("/").content.decode()
    assert "/t/" not in body
    assert table.token not in body and table.name not in body
    assert 'href="/tables/nouvelle/"' in body


def test_the_home_page_lists_only_my_tables(client: Client):
    mine = make_table(name="Les jeudis")
    quick_match(mine, NAMES)
    theirs = make_table(name="Les vendredis")
    client.get(f"/t/{mine.token}/")
    body = client.get("/").content.decode()
    assert f'href="/t/{mine.token}/"' in body and "1 partie" in body
    assert theirs.token not in body and "Les vendredis" not in body


def test_it_refuses_the_same_first_player_twice(client: Client):
    """Review (newcomer): "Léa, léa, Marc" made two players without a word."""
    response = client.post("/tables/nouvelle/", {"name": "Jeudi", "players": "Léa, léa, Marc"})
    assert response.status_code == 422
    assert (
        "« léa » est deux fois dans la liste : un prénom par joueur." in response.content.decode()
    )
    assert Table.objects.count() == 0


def test_links_with_the_same_words_go_to_the_same_place(client: Client):
    """Issue 20 (the web's yardsticks): the table page's two "Nouvelle partie"
    links went to different places (a match of the table, a match alone)."""
    table = make_table()
    body = client.get(f"/t/{table.token}/").content.decode()
    places: dict[str, set[str]] = {}
    for href, words in re.findall(r'<a [^>]*href="([^"]+)"[^>]*>([^<]+)</a>', body):
        places.setdefault(" ".join(words.split()), set()).add(href)
    assert {words: hrefs for words, hrefs in places.items() if len(hrefs) > 1} == {}
    assert "Nouvelle partie à cette table" in places
