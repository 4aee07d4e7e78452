"""The scoresheet's view-models (``Scoresheet.teams``, ``rows``, ``next_turn``,
``deleted_places``, ``hand_summary``), without a template: what the match
page shows, computed from the engine's result with no further query."""

from __future__ import annotations

import pytest
from django.utils import translation

from scoresheets.matches import services
from scoresheets.matches.scoresheet import match_get_scoresheet
from tests.factories import hand, make_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def sheet():
    """Alice & Claire (A) against Bob & Dan (B), Bob deals first; four hands
    entered, the redeal (hand 2) deleted:

    1. Claire takes, 81 - 81: litige, 81 into the reserve; B scores 81.
    2. (deleted) a redeal.
    3. Dan takes, 100 + belote (Bob) = 120 against 62: made, B collects 81: 201.
    4. Alice takes, 30 against 132: dedans, B scores 162.
    """
    match = make_match(first_dealer=2)
    record = services.hand_record
    record(match=match, hand=hand("A", 81), taker_seat=3)
    redeal = record(match=match, hand=hand(None)).hand
    record(match=match, hand=hand("B", 100, belote="B"), taker_seat=4, belote_seat=2)
    record(match=match, hand=hand("A", 30), taker_seat=1)
    match.refresh_from_db()
    services.hand_delete(match=match, hand_id=redeal.pk, expected_version=1)
    match.refresh_from_db()
    return match_get_scoresheet(match)


def test_it_shows_the_teams_with_their_totals_and_progress(sheet, django_assert_num_queries):
    with django_assert_num_queries(0):
        a, b = sheet.teams
    assert (a.code, a.name, a.players, a.show_players) == (
        "A",
        "Alice & Claire",
        ("Alice", "Claire"),
        False,
    )
    # A: 0 + 62 + 0; B: 81 + 201 + 162. Progress toward 1000, rounded down.
    assert (a.total, a.percent, a.winner) == (62, 6, False)
    assert (b.total, b.percent, b.winner) == (444, 44, False)


def test_a_team_named_otherwise_shows_its_players():
    sheet = match_get_scoresheet(make_match(team_a_name="Les As"))
    assert [team.show_players for team in sheet.teams] == [True, False]


def test_it_gives_the_next_hand_its_dealer_and_first_speaker(sheet, django_assert_num_queries):
    with django_assert_num_queries(0):
        turn = sheet.next_turn
    # Three live hands: hand 4; Bob dealt hand 1, so seat 1 (Alice) deals hand 4.
    assert (turn.number, turn.dealer.name, turn.first.name) == (4, "Alice", "Bob")


def test_it_gives_one_row_per_live_hand_newest_first(sheet, django_assert_num_queries):
    with django_assert_num_queries(0):
        rows = sheet.rows
    assert [row.number for row in rows] == [3, 2, 1]
    assert [row.index for row in rows] == [2, 1, 0]
    assert [row.taker for row in rows] == ["Alice", "Dan", "Claire"]
    assert [row.taker_team for row in rows] == ["A", "B", "A"]
    # The deal follows the live hands: Bob, Claire, Dan.
    assert [row.dealer.name for row in rows] == ["Dan", "Claire", "Bob"]
    assert [row.reserve_added for row in rows] == [0, 0, 81]
    assert [row.belote_holder and row.belote_holder.name for row in rows] == [None, "Bob", None]
    assert [(row.result.score.a, row.result.score.b) for row in rows] == [
        (0, 162),
        (62, 201),
        (0, 81),
    ]


def test_each_row_has_its_explanation(sheet):
    with translation.override("fr"):
        explanations = [row.explanation for row in sheet.rows]
    assert explanations == [
        "Dedans : 162 à Bob & Dan. "
        "Le preneur a fait 30 contre 132 : il fallait plus que la défense.",
        "Contrat réussi : Alice & Claire 62 – Bob & Dan 201 (dont 81 de réserve)",
        "Litige, 81 à 81 : 81 en réserve, 81 à Bob & Dan",
    ]


def test_a_hand_of_a_team_shows_the_team_as_taker():
    match = make_match()
    services.hand_record(match=match, hand=hand("B", 100))  # an import knows the team only
    match.refresh_from_db()
    (row,) = match_get_scoresheet(match).rows
    assert row.taker == "Bob & Dan"


def test_a_deleted_hand_would_take_its_place_again(sheet):
    ((deleted, place),) = sheet.deleted_places
    assert deleted.taker is None
    assert place == 2  # after hand 1, the only live hand played before it


def test_it_summarizes_a_hand_as_entered(sheet):
    with translation.override("fr"):
        assert sheet.hand_summary(sheet.hands[1]) == "Dan prend · plis Bob & Dan 100 · belote Bob"
        assert sheet.hand_summary(sheet.deleted[0]) == "Tout le monde passe"


def test_it_draws_the_chart_only_once_there_are_hands(sheet):
    assert str(sheet.chart).startswith("<svg ")
    assert str(match_get_scoresheet(make_match()).chart) == ""


@pytest.mark.parametrize("token", ["a" * 24, "x987654321" + "y" * 14])
def test_hand_pages_are_the_reversed_correction_pages(token):
    """Reversed once for the whole list (issue 21, "Cheaper hands"): the same
    paths as a reverse for each hand, also for a token that holds the sample id."""
    from django.urls import reverse

    from scoresheets.matches.scoresheet import hand_pages

    ids = [1, 9, 10, 987_654_321, 123_456_789_012]
    assert hand_pages(token, ids) == [reverse("hand_edit", args=[token, i]) for i in ids]
