"""Conflicts by identity: a new hand's form carries the match version it saw.

Issue 8: phones A and B open the form for hand 4; A saves it; C deletes hand 3;
B saves. Counting live hands, B's entry looked like "hand 4" again and was
stored with no conflict told. With the version the form saw, any change of the
sheet between opening and saving the form is a conflict.
"""

from __future__ import annotations

import pytest

from scoresheets.matches import services
from scoresheets.matches.scoresheet import match_get_scoresheet
from scoresheets.models import Hand, Match
from scoresheets.scoring import HandInput, Rules

pytestmark = pytest.mark.django_db

MADE_A = HandInput("A", "A", 100)  # A 100, B 62
MADE_B = HandInput("B", "B", 95)


def make_match(hands: int = 3) -> Match:
    match = services.match_create(
        names=["Alice", "Bob", "Claire", "Dan"], rules=Rules(target=100_000)
    )
    for _ in range(hands):
        services.hand_record(match=match, hand=MADE_A, device="Léa")
    return Match.objects.get(pk=match.pk)


def live(match: Match) -> list[Hand]:
    return list(match_get_scoresheet(match).hands)


def version(match: Match) -> int:
    return Match.objects.get(pk=match.pk).version


def test_it_tells_a_delete_that_hid_the_hand_entered_meanwhile():
    # The exact sequence of issue 8.
    match = make_match(3)
    seen = version(match)  # A and B open the form for hand 4
    services.hand_record(
        match=match, hand=MADE_A, expected_number=4, seen_version=seen, device="Ana"
    )
    services.hand_delete(match=match, hand_id=live(match)[2].pk, expected_version=1, device="Cy")
    with pytest.raises(services.HandConflict) as info:
        services.hand_record(
            match=match, hand=MADE_B, expected_number=4, seen_version=seen, device="Bo"
        )
    assert info.value.kind == "moved"  # two changes of different kinds: the sheet moved on
    assert Hand.objects.filter(match=match).count() == 4  # B's entry was not stored
    assert [h.taker for h in live(match)] == ["A", "A", "A"]


def test_a_delete_alone_between_open_and_save_is_a_conflict_naming_it():
    match = make_match(3)
    seen = version(match)
    services.hand_delete(match=match, hand_id=live(match)[1].pk, expected_version=1, device="Cy")
    with pytest.raises(services.HandConflict) as info:
        services.hand_record(match=match, hand=MADE_B, expected_number=4, seen_version=seen)
    assert (info.value.kind, info.value.number, info.value.device) == ("deleted", 2, "Cy")
    assert len(live(match)) == 2


def test_a_restore_between_open_and_save_is_a_conflict():
    match = make_match(3)
    second = live(match)[1]
    services.hand_delete(match=match, hand_id=second.pk, expected_version=1)
    seen = version(match)  # the form opens for hand 3
    services.hand_restore(match=match, hand_id=second.pk, device="Cy")
    with pytest.raises(services.HandConflict) as info:
        services.hand_record(match=match, hand=MADE_B, expected_number=3, seen_version=seen)
    assert (info.value.kind, info.value.number, info.value.device) == ("restored", 2, "Cy")
    assert len(live(match)) == 3


def test_a_correction_between_open_and_save_is_a_conflict():
    match = make_match(3)
    seen = version(match)
    first = live(match)[0]
    services.hand_update(
        match=match, hand_id=first.pk, hand=MADE_B, expected_version=1, device="Cy"
    )
    with pytest.raises(services.HandConflict) as info:
        services.hand_record(match=match, hand=MADE_B, expected_number=4, seen_version=seen)
    assert (info.value.kind, info.value.number, info.value.device) == ("edited", 1, "Cy")
    assert len(live(match)) == 3


def test_hands_entered_meanwhile_are_still_told_as_taken():
    match = make_match(1)
    seen = version(match)
    services.hand_record(match=match, hand=MADE_A, seen_version=seen, device="Ana")
    services.hand_record(match=match, hand=MADE_A, device="Ana")
    with pytest.raises(services.HandConflict) as info:
        services.hand_record(match=match, hand=MADE_B, expected_number=2, seen_version=seen)
    assert (info.value.kind, info.value.number, info.value.last) == ("taken", 2, 3)
    assert info.value.device == "Ana"


def test_an_untouched_sheet_saves_the_hand_as_the_next_one():
    match = make_match(2)
    services.hand_delete(match=match, hand_id=live(match)[0].pk, expected_version=1)
    change = services.hand_record(
        match=match, hand=MADE_B, expected_number=2, seen_version=version(match)
    )
    assert change.number == 2
    assert [h.taker for h in live(match)] == ["A", "B"]


def test_a_replay_after_the_save_is_not_a_conflict():
    match = make_match(1)
    seen = version(match)
    first = services.hand_record(match=match, hand=MADE_B, seen_version=seen, key="k1")
    again = services.hand_record(match=match, hand=MADE_B, seen_version=seen, key="k1")
    assert again.replayed is True
    assert again.hand.pk == first.hand.pk
    assert len(live(match)) == 2


def test_a_version_from_the_future_is_a_conflict_not_a_save():
    match = make_match(1)
    with pytest.raises(services.HandConflict) as info:
        services.hand_record(match=match, hand=MADE_B, seen_version=version(match) + 5)
    assert info.value.kind == "moved"
    assert len(live(match)) == 1


def test_a_form_without_a_version_falls_back_to_the_number():
    # A page opened before the deploy: today's check by the count of live hands.
    match = make_match(2)
    services.hand_delete(match=match, hand_id=live(match)[1].pk, expected_version=1)
    change = services.hand_record(match=match, hand=MADE_B, expected_number=2)
    assert change.number == 2
    with pytest.raises(services.HandConflict) as info:
        services.hand_record(match=match, hand=MADE_B, expected_number=2)
    assert info.value.kind == "taken"


def test_past_a_hundred_changes_the_sheet_just_moved_on():
    match = make_match(0)
    seen = version(match)
    for _ in range(services.CHANGES_TOLD + 1):
        services.hand_record(match=match, hand=MADE_A)
    with pytest.raises(services.HandConflict) as info:
        services.hand_record(match=match, hand=MADE_B, expected_number=1, seen_version=seen)
    assert info.value.kind == "moved"
    with pytest.raises(services.HandConflict) as info:
        services.hand_record(match=match, hand=MADE_B, seen_version=seen + 1)
    assert (info.value.kind, info.value.number, info.value.last) == ("taken", 2, 101)
