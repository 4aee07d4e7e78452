"""Corrections, history and simultaneous entry at the service level."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from scoresheets.matches import services
from scoresheets.matches.scoresheet import match_get_scoresheet
from scoresheets.models import Hand, HandRevision, Match
from scoresheets.scoring import HandInput, MatchError, Pair, Rules

pytestmark = pytest.mark.django_db

MADE_A = HandInput("A", "A", 100)  # A 100, B 62


def make_match(hands=(), target=1000, **rules) -> Match:
    match = services.match_create(
        names=["Alice", "Bob", "Claire", "Dan"], rules=Rules(target=target, **rules)
    )
    for hand in hands:
        services.hand_record(match=match, hand=hand, device="Léa")
    return match


def totals(match: Match) -> list[tuple[int, int]]:
    sheet = match_get_scoresheet(match)
    return [(h.totals.a, h.totals.b) for h in sheet.result.hands]


def hand_at(match: Match, number: int) -> Hand:
    return match_get_scoresheet(match).hands[number - 1]


def test_it_refuses_a_new_hand_someone_else_just_entered():
    match = make_match([MADE_A])
    services.hand_record(match=match, hand=MADE_A, expected_number=2, device="Léa")
    with pytest.raises(services.HandConflict) as info:
        services.hand_record(match=match, hand=MADE_A, expected_number=2, device="Sam")
    assert (info.value.kind, info.value.number, info.value.device) == ("taken", 2, "Léa")
    assert match.hands.count() == 2


def test_it_replays_a_submission_without_saving_twice():
    match = make_match()
    first = services.hand_record(match=match, hand=MADE_A, expected_number=1, key="k1")
    version = Match.objects.get(pk=match.pk).version
    again = services.hand_record(match=match, hand=MADE_A, expected_number=1, key="k1")
    assert again.replayed is True
    assert again.hand.pk == first.hand.pk
    assert again.number == 1
    assert match.hands.count() == 1
    assert Match.objects.get(pk=match.pk).version == version


def test_an_edit_moves_every_later_total_and_the_reserve():
    match = make_match([MADE_A] * 8)
    assert totals(match)[-1] == (800, 496)
    second = hand_at(match, 2)
    # Hand 2 becomes a litige (81 - 81): B scores 81, 81 go to the reserve,
    # which hand 3 (made by A) collects.
    services.hand_update(
        match=match,
        hand_id=second.pk,
        hand=HandInput("A", "A", 81),
        expected_version=second.version,
        device="Sam",
    )
    sheet = match_get_scoresheet(match)
    assert sheet.result.hands[1].reserve == 81
    assert sheet.result.hands[2].score.a == 181
    assert totals(match)[-1] == (800 - 100 + 81, 496 - 62 + 81)
    assert [r.action for r in services.hand_history(hand_at(match, 2))] == ["edited", "created"]
    assert services.hand_history(hand_at(match, 2))[0].device == "Sam"


def test_it_refuses_an_edit_of_a_hand_changed_meanwhile():
    match = make_match([MADE_A, MADE_A])
    first = hand_at(match, 1)
    services.hand_update(
        match=match,
        hand_id=first.pk,
        hand=HandInput("B", "B", 90),
        expected_version=1,
        device="Léa",
    )
    with pytest.raises(services.HandConflict) as info:
        services.hand_update(
            match=match, hand_id=first.pk, hand=HandInput("A", "A", 90), expected_version=1
        )
    assert (info.value.kind, info.value.number, info.value.device) == ("changed", 1, "Léa")
    assert hand_at(match, 1).taker == "B"


def test_it_refuses_an_edit_that_would_end_the_match_before_later_hands():
    match = make_match([MADE_A, MADE_A, MADE_A], target=300)
    first = hand_at(match, 1)
    with pytest.raises(MatchError) as info:
        services.hand_update(
            match=match, hand_id=first.pk, hand=HandInput("A", capot="A"), expected_version=1
        )
    assert [(p.hand, p.code) for p in info.value.problems] == [(3, "after_end")]
    assert hand_at(match, 1).to_input().trick_points == 100


def test_a_correction_can_end_and_reopen_the_match():
    match = make_match([MADE_A, MADE_A], target=250)
    assert match_get_scoresheet(match).result.finished is False
    last = hand_at(match, 2)
    services.hand_update(
        match=match, hand_id=last.pk, hand=HandInput("A", "A", 162), expected_version=1
    )
    assert match_get_scoresheet(match).result.finished is True
    services.hand_update(
        match=match, hand_id=last.pk, hand=HandInput("A", "A", 90), expected_version=2
    )
    assert match_get_scoresheet(match).result.finished is False


def test_delete_then_restore_puts_the_hand_back_in_its_place():
    match = make_match([MADE_A, HandInput("B", "B", 120), MADE_A])
    second = hand_at(match, 2)
    services.hand_delete(match=match, hand_id=second.pk, expected_version=1, device="Sam")
    sheet = match_get_scoresheet(match)
    assert len(sheet.hands) == 2
    assert [h.pk for h in sheet.deleted] == [second.pk]
    assert totals(match) == [(100, 62), (200, 124)]
    services.hand_restore(match=match, hand_id=second.pk, device="Léa")
    assert totals(match) == [(100, 62), (142, 182), (242, 244)]
    actions = [r.action for r in services.hand_history(hand_at(match, 2))]
    assert actions == ["restored", "deleted", "created"]


def test_a_new_hand_after_a_delete_gets_the_next_shown_number():
    match = make_match([MADE_A, MADE_A])
    services.hand_delete(match=match, hand_id=hand_at(match, 2).pk, expected_version=1)
    change = services.hand_record(match=match, hand=MADE_A, expected_number=2)
    assert change.number == 2
    assert Hand.objects.filter(match=match).count() == 3


def test_it_refuses_a_delete_of_a_hand_changed_meanwhile():
    match = make_match([MADE_A])
    first = hand_at(match, 1)
    services.hand_delete(match=match, hand_id=first.pk, expected_version=1)
    with pytest.raises(services.HandConflict):
        services.hand_delete(match=match, hand_id=first.pk, expected_version=1)


def test_every_write_bumps_the_match_version_once():
    match = make_match()
    versions = [Match.objects.get(pk=match.pk).version]
    change = services.hand_record(match=match, hand=MADE_A)
    versions.append(Match.objects.get(pk=match.pk).version)
    services.hand_delete(match=match, hand_id=change.hand.pk, expected_version=1)
    versions.append(Match.objects.get(pk=match.pk).version)
    services.hand_restore(match=match, hand_id=change.hand.pk)
    versions.append(Match.objects.get(pk=match.pk).version)
    assert versions == [1, 2, 3, 4]


def test_a_hand_after_the_end_is_refused():
    match = make_match([MADE_A], target=100)
    with pytest.raises(MatchError) as info:
        services.hand_record(match=match, hand=MADE_A)
    assert [p.code for p in info.value.problems] == ["after_end"]


@pytest.mark.parametrize(
    "fields",
    [
        {"number": 1},  # duplicate number
        {"number": 2, "taker": "D"},  # no side (A, B, or C at three)
        {"number": 2, "taker": None, "taker_seat": 1},
        {"number": 2, "taker": "A", "taker_seat": 2},  # a seat of the other team
        {"number": 2, "taker": "A", "belote_seat": 5},
    ],
)
def test_the_database_enforces_what_matters(fields):
    match = make_match([MADE_A])
    with pytest.raises(IntegrityError), transaction.atomic():
        Hand.objects.create(match=match, **fields)


# What a hand says (its match document's hand, stored as JSON) is the
# engine's to check, on every write: the database cannot refuse it.
@pytest.mark.parametrize(
    "hand",
    [
        HandInput("A", "A", 163),
        HandInput("A", "A", 82, capot="A"),
        HandInput("A", "A", 82, announcements=Pair(20, 20)),
    ],
    ids=["163 trick points", "points and a capot", "announcements of both teams"],
)
def test_the_engine_refuses_a_hand_on_every_write(hand):
    match = make_match([MADE_A])
    first = match.hands.get()
    with pytest.raises(MatchError):
        services.hand_record(match=match, hand=hand)
    with pytest.raises(MatchError):
        services.hand_update(match=match, hand_id=first.pk, hand=hand, expected_version=1)
    assert [h.to_input() for h in match.hands.all()] == [MADE_A]  # nothing saved


def test_a_form_key_is_unique_per_match():
    match = make_match()
    services.hand_record(match=match, hand=MADE_A, key="same")
    hand = Hand.objects.get(match=match)
    with pytest.raises(IntegrityError), transaction.atomic():
        HandRevision.objects.create(
            match=match, hand=hand, version=2, action="edited", data={}, key="same"
        )


def test_import_keeps_a_history_for_every_hand():
    match = services.match_import(
        document={"hands": [{"taker": "A", "points": {"A": 82}}, {"taker": None}]},
        device="import",
    )
    assert HandRevision.objects.filter(match=match, action="created").count() == 2
