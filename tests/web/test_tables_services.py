"""Tables at the service level: roster, table matches, summaries, ratings."""

from __future__ import annotations

import pytest

from scoresheets.matches import services
from scoresheets.matches.scoresheet import match_get_scoresheet
from scoresheets.models import Match, TablePlayer
from scoresheets.scoring import HandInput, MatchError, Rules
from scoresheets.tables import services as tables

pytestmark = pytest.mark.django_db

WIN_A = HandInput("A", "A", 162)  # A +162, B +0


def table_match(table, names, hands=(), target=300):
    match = services.match_create(names=names, rules=Rules(target=target), table=table)
    for hand in hands:
        services.hand_record(match=match, hand=hand)
    return Match.objects.get(pk=match.pk)


def test_a_table_match_finds_its_players_in_the_roster_whatever_the_case():
    table = tables.table_create(name="Jeudi", player_names=["Léa", "Sam", "Noé", "Zoé"])
    match = table_match(table, ["lea", "SAM", "Noé", "Zoé"])
    names = [p.name for p in match.players.all()]
    assert names[1:] == ["Sam", "Noé", "Zoé"]  # the roster's spelling
    assert TablePlayer.objects.filter(table=table).count() == 5  # "lea" is new: é != e
    assert all(p.person_id for p in match.players.all())


def test_a_player_cannot_take_two_seats():
    table = tables.table_create(name="Jeudi")
    with pytest.raises(MatchError) as info:
        table_match(table, ["Léa", "Sam", "léa", "Zoé"])
    assert [(p.field, p.code) for p in info.value.problems] == [("player_3", "same_player")]
    assert Match.objects.count() == 0


def test_a_name_is_unique_in_its_table():
    table = tables.table_create(name="Jeudi", player_names=["Léa"])
    with pytest.raises(tables.DuplicateName):
        tables.table_add_player(table=table, name="  Léa ")
    with pytest.raises(tables.DuplicateName):  # beyond ASCII too, on SQLite as well
        tables.table_add_player(table=table, name="LÉA")
    other = tables.table_create(name="Vendredi", player_names=["Léa"])
    assert other.roster.count() == 1


def test_the_summary_follows_every_change():
    match = table_match(None, ["A1", "B1", "A2", "B2"], [WIN_A])
    assert (match.finished, match.total_a, match.total_b, match.hands_count) == (False, 162, 0, 1)
    services.hand_record(match=match, hand=WIN_A)
    match.refresh_from_db()
    assert (match.finished, match.winner, match.total_a) == (True, "A", 324)
    decided = match.decided_at
    assert decided is not None
    first = match_get_scoresheet(match).hands[0]
    services.hand_update(match=match, hand_id=first.pk, hand=WIN_A, expected_version=1)
    match.refresh_from_db()
    assert match.decided_at == decided  # still finished: the moment it was decided stays
    last = match_get_scoresheet(match).hands[1]
    services.hand_delete(match=match, hand_id=last.pk, expected_version=1)
    match.refresh_from_db()
    assert (match.finished, match.winner, match.decided_at, match.hands_count) == (
        False,
        None,
        None,
        1,
    )


def test_ratings_follow_a_corrected_match():
    table = tables.table_create(name="Jeudi")
    names = ["Léa", "Sam", "Noé", "Zoé"]
    match = table_match(table, names, [WIN_A, WIN_A])
    people = {p.name: p.pk for p in table.roster.all()}
    board = tables.table_ratings(table)
    assert board.get(people["Léa"]).rating > board.get(people["Sam"]).rating
    # The first hand was in fact B's: B wins 324 - 0 instead.
    for hand in match_get_scoresheet(match).hands:
        services.hand_update(
            match=match, hand_id=hand.pk, hand=HandInput("B", "B", 162), expected_version=1
        )
    board = tables.table_ratings(table)
    assert board.get(people["Sam"]).rating > board.get(people["Léa"]).rating


def test_played_matches_reads_a_table_in_three_queries(django_assert_num_queries):
    table = tables.table_create(name="Jeudi")
    for _ in range(3):
        table_match(table, ["Léa", "Sam", "Noé", "Zoé"], [WIN_A, WIN_A])
    with django_assert_num_queries(3):
        played = tables.played_matches(table)
    assert [m.result.winner for m in played] == ["A", "A", "A"]
