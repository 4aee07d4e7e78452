"""The table pages through the cache (issue 9): each match's figures kept by
match version, the ratings by the versions of the finished matches. A
correction, a deletion or a restore shows at once on the player page, the
table page and the ranking, already viewed (so cached) before the change."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from scoresheets.matches import services
from scoresheets.matches.scoresheet import match_get_scoresheet
from scoresheets.scoring import HandInput
from scoresheets.tables import services as tables
from tests.tables_fixture import Fixture, make_fixture

pytestmark = pytest.mark.django_db


def figure(body: str, label: str) -> str:
    found = re.search(rf"<dt>{re.escape(label)}</dt><dd>([^<]*)</dd>", body)
    assert found, label
    return found.group(1)


def views(client: Client, fixture: Fixture) -> dict[str, str]:
    """Léa's page, the table page and the ranking, as shown now."""
    token = fixture.table.token
    pages = {
        "player": f"/t/{token}/joueurs/{fixture.ids['Léa']}/",
        "table": f"/t/{token}/",
        "ranking": f"/t/{token}/classement/",
    }
    shown = {}
    for name, url in pages.items():
        response = client.get(url)
        assert response.status_code == 200
        shown[name] = response.content.decode()
    return shown


def main(body: str) -> str:
    """The page's content (its footer holds a per-response CSRF token)."""
    return body.split("<main", 1)[1].split("</main>", 1)[0]


def leader_ratings(body: str) -> list[int]:
    return [int(r) for r in re.findall(r'<span class="leader-rating">(-?\d+)</span>', body)]


def expected_leaders(fixture: Fixture) -> list[int]:
    """The short ranking's ratings, computed now without any cache."""
    return [r.rating for r in tables.table_ratings(fixture.table).leaderboard[:5]]


def test_a_correction_shows_on_every_page_already_viewed(client: Client):
    fixture = make_fixture()
    before = views(client, fixture)
    assert figure(before["player"], "Jouées") == "3"
    assert leader_ratings(before["table"]) == expected_leaders(fixture)
    # Match 3, hand 1 made by Léa's team: the match is no longer over.
    third = fixture.matches[2]
    first = match_get_scoresheet(third).hands[0]
    services.hand_update(
        match=third,
        hand_id=first.pk,
        hand=HandInput("B", "B", 150),
        taker_seat=2,
        expected_version=first.version,
    )
    after = views(client, fixture)
    assert figure(after["player"], "Jouées") == "2"
    assert figure(after["player"], "Dedans") == "0"
    assert leader_ratings(after["table"]) == expected_leaders(fixture)
    assert leader_ratings(after["table"]) != leader_ratings(before["table"])
    assert main(after["ranking"]) != main(before["ranking"])


def test_a_deletion_and_a_restore_show_on_every_page_already_viewed(client: Client):
    fixture = make_fixture()
    before = views(client, fixture)
    assert figure(before["player"], "Capots subis par son équipe") == "1"
    # Match 3, hand 2 (Sam's capot): without it the match is not over.
    third = fixture.matches[2]
    capot = match_get_scoresheet(third).hands[1]
    services.hand_delete(match=third, hand_id=capot.pk, expected_version=capot.version)
    deleted = views(client, fixture)
    assert figure(deleted["player"], "Jouées") == "2"
    assert figure(deleted["player"], "Capots subis par son équipe") == "0"
    assert leader_ratings(deleted["table"]) == expected_leaders(fixture)
    assert main(deleted["ranking"]) != main(before["ranking"])
    services.hand_restore(match=third, hand_id=capot.pk)
    restored = views(client, fixture)
    assert figure(restored["player"], "Jouées") == "3"
    assert figure(restored["player"], "Capots subis par son équipe") == "1"
    assert leader_ratings(restored["table"]) == leader_ratings(before["table"])


def test_a_hand_of_a_match_in_progress_shows_on_the_player_page(client: Client):
    fixture = make_fixture()
    before = views(client, fixture)
    assert figure(before["player"], "Prises") == "5"
    services.hand_record(match=fixture.matches[3], hand=HandInput("A", "A", 100), taker_seat=1)
    after = views(client, fixture)
    assert figure(after["player"], "Prises") == "6"
    assert main(after["ranking"]) == main(before["ranking"])  # no finished match changed


def test_a_new_finished_match_changes_the_ranking(client: Client):
    fixture = make_fixture()
    before = views(client, fixture)
    match = services.match_create(
        names=["Léa", "Sam", "Noé", "Zoé"], rules=fixture.matches[0].rules, table=fixture.table
    )
    for _ in range(2):
        services.hand_record(match=match, hand=HandInput("A", "A", 162), taker_seat=1)
    after = views(client, fixture)
    assert figure(after["player"], "Jouées") == "4"
    assert leader_ratings(after["table"]) == expected_leaders(fixture)
    assert main(after["ranking"]) != main(before["ranking"])
