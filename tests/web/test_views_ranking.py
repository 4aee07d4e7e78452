"""The ranking page of a table: the leaderboard, its honesty about new
players, links to the players, access by token only."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from scoresheets.tables import services as tables
from tests.tables_fixture import make_fixture, quick_match

pytestmark = pytest.mark.django_db


def rows(body: str) -> list[dict[str, str]]:
    """The leaderboard's rows: rank, player id, name, rating, estimate ± uncertainty,
    matches, wins, provisional."""
    found = []
    for row in body.split("<tbody>")[1].split("</tbody>")[0].split("</tr>")[:-1]:
        cells = re.findall(r'<td class="num[^"]*">\s*(.*?)\s*</td>', row, re.S)
        link = re.search(r'href="/t/[^/]+/joueurs/(\d+)/">([^<]+)</a>', row)
        rating = re.search(r"<strong>(-?\d+)</strong>", row)
        margin = re.search(r'class="uncertainty">(-?\d+) ± (\d+)</small>', row)
        found.append(
            {
                "rank": cells[0],
                "id": link.group(1),
                "name": link.group(2),
                "rating": rating.group(1),
                "estimate": margin.group(1),
                "uncertainty": margin.group(2),
                "matches": cells[2],
                "wins": cells[3],
                "provisional": "provisoire" in row,
            }
        )
    return found


def test_it_shows_the_leaderboard(client: Client):
    fixture = make_fixture()
    response = client.get(f"/t/{fixture.table.token}/classement/")
    body = response.content.decode()
    assert response.status_code == 200
    board = tables.table_ratings(fixture.table).leaderboard
    shown = rows(body)
    assert [row["name"] for row in shown] == ["Léa", "Inès", "Zoé", "Sam", "Noé"]
    assert [int(row["id"]) for row in shown] == [r.player for r in board]
    # Léa and Inès show the same rating: they share the first rank.
    assert shown[0]["rating"] == shown[1]["rating"]
    assert [row["rank"] for row in shown] == ["1", "1", "3", "4", "5"]
    # Matches and wins, by hand: match 1 Léa & Noé beat Sam & Zoé, match 2 Léa &
    # Zoé beat Noé & Sam, match 3 Sam & Inès beat Léa & Noé (match 4 is not over).
    assert [(row["matches"], row["wins"]) for row in shown] == [
        ("3", "2"),
        ("1", "1"),
        ("2", "1"),
        ("3", "1"),
        ("3", "1"),
    ]
    for row, rating in zip(shown, board, strict=True):
        assert row["rating"] == str(rating.rating)
        assert (row["estimate"], row["uncertainty"]) == (
            str(rating.estimate),
            str(rating.uncertainty),
        )
        assert row["provisional"]  # fewer than 10 matches each
    assert "OpenSkill" in body and "provisoire avant 10 parties" in body


def test_each_name_links_to_the_player_page(client: Client):
    fixture = make_fixture()
    body = client.get(f"/t/{fixture.table.token}/classement/").content.decode()
    for row in rows(body):
        assert client.get(f"/t/{fixture.table.token}/joueurs/{row['id']}/").status_code == 200


def test_a_regular_is_no_longer_provisional(client: Client):
    table = tables.table_create(name="Jeudi")
    names = ["Léa", "Sam", "Noé", "Zoé"]
    for number in range(10):
        quick_match(table, names if number % 2 else ["Léa", "Noé", "Sam", "Zoé"])
    quick_match(table, ["Léa", "Sam", "Inès", "Zoé"])
    shown = {
        row["name"]: row
        for row in rows(client.get(f"/t/{table.token}/classement/").content.decode())
    }
    assert not shown["Léa"]["provisional"] and shown["Léa"]["matches"] == "11"
    assert shown["Inès"]["provisional"] and shown["Inès"]["matches"] == "1"


def test_players_without_a_finished_match_are_listed_apart(client: Client):
    fixture = make_fixture()
    tables.table_add_player(table=fixture.table, name="Karim")
    body = client.get(f"/t/{fixture.table.token}/classement/").content.decode()
    assert "Karim" not in body.split("</tbody>")[0]
    apart = body.split("Pas encore classés")[1]
    karim = fixture.table.roster.get(name="Karim")
    assert f'/joueurs/{karim.pk}/">Karim</a>' in apart


def test_an_empty_table_has_no_ranking_yet(client: Client):
    table = tables.table_create(name="Jeudi", player_names=["Léa"])
    body = client.get(f"/t/{table.token}/classement/").content.decode()
    assert "Le classement commence à la première partie terminée." in body
    assert "<tbody>" not in body


def test_a_wrong_token_is_a_404(client: Client):
    make_fixture()
    assert client.get("/t/nope/classement/").status_code == 404


def test_the_page_is_get_only(client: Client):
    fixture = make_fixture()
    assert client.post(f"/t/{fixture.table.token}/classement/").status_code == 405


@pytest.mark.parametrize("count", [2, 12])
def test_the_queries_do_not_grow_with_the_matches(client: Client, django_assert_num_queries, count):
    table = tables.table_create(name="Jeudi")
    for number in range(count):
        quick_match(
            table, ["Léa", "Sam", "Noé", "Zoé"] if number % 2 else ["Léa", "Noé", "Sam", "Zoé"]
        )
    # table, roster, the finished matches' versions, ratings (matches, players)
    with django_assert_num_queries(5):
        response = client.get(f"/t/{table.token}/classement/")
    assert len(rows(response.content.decode())) == 4
    # Then the ratings come from the cache while no finished match changes.
    with django_assert_num_queries(3):
        again = client.get(f"/t/{table.token}/classement/")
    assert rows(again.content.decode()) == rows(response.content.decode())
