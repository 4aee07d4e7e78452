"""Undo (issue 11): services.hand_undo reverts a change like a correction,
keeping the history, and refuses when the hand changed since."""

from __future__ import annotations

import pytest

from scoresheets import scoring
from scoresheets.matches import services
from scoresheets.matches.scoresheet import match_get_scoresheet
from scoresheets.models import Hand, HandRevision, Match
from tests.factories import hand, make_match, play

pytestmark = pytest.mark.django_db

A = HandRevision.Action


def fresh(match: Match) -> Match:
    return Match.objects.get(pk=match.pk)


def actions(one: Hand) -> list[str]:
    return [r.action for r in one.revisions.order_by("version")]


def test_undoing_a_new_hand_deletes_it_and_keeps_its_history():
    match = play(make_match(), hand("A", 100))
    change = services.hand_record(match=match, hand=hand("B", 120), device="Zoé")
    version = fresh(match).version
    undone = services.hand_undo(
        match=match, hand_id=change.hand.pk, action=A.CREATED, expected_version=1, device="Zoé"
    )
    assert undone.number == 2 and not undone.replayed
    saved = Hand.objects.get(pk=change.hand.pk)
    assert saved.deleted_at is not None
    assert actions(saved) == [A.CREATED, A.DELETED]
    match = fresh(match)
    assert match.version == version + 1
    assert match.hands_count == 1
    totals = scoring.score_match(match.rules, [hand("A", 100)]).totals
    assert (match.total_a, match.total_b) == (totals.a, totals.b)


def test_undoing_a_redeal_deletes_it():
    match = make_match()
    change = services.hand_record(match=match, hand=hand(None))
    services.hand_undo(match=match, hand_id=change.hand.pk, action=A.CREATED, expected_version=1)
    assert match_get_scoresheet(fresh(match)).hands == ()


def test_undoing_a_correction_brings_back_the_hand_as_it_was():
    match = play(make_match(), hand("A", 100), hand("B", 90))
    first = Hand.objects.get(match=match, number=1)
    services.hand_update(
        match=match, hand_id=first.pk, hand=hand("B", 130), taker_seat=2, expected_version=1
    )
    change = services.hand_undo(match=match, hand_id=first.pk, action=A.EDITED, expected_version=2)
    first.refresh_from_db()
    assert change.number == 1
    assert first.to_input() == hand("A", 100)
    assert first.taker_seat is None
    assert first.version == 3
    assert actions(first) == [A.CREATED, A.EDITED, A.EDITED]
    revisions = list(first.revisions.order_by("version"))
    assert revisions[2].data == revisions[0].data


def test_undoing_a_delete_restores_and_undoing_a_restore_deletes():
    match = play(make_match(), hand("A", 100), hand("B", 90))
    first = Hand.objects.get(match=match, number=1)
    services.hand_delete(match=match, hand_id=first.pk, expected_version=1)
    change = services.hand_undo(match=match, hand_id=first.pk, action=A.DELETED, expected_version=2)
    first.refresh_from_db()
    assert first.deleted_at is None and change.number == 1
    services.hand_delete(match=match, hand_id=first.pk, expected_version=3)
    services.hand_restore(match=match, hand_id=first.pk)
    services.hand_undo(match=match, hand_id=first.pk, action=A.RESTORED, expected_version=5)
    first.refresh_from_db()
    assert first.deleted_at is not None
    assert actions(first) == [A.CREATED, A.DELETED, A.RESTORED, A.DELETED, A.RESTORED, A.DELETED]


def test_undoing_a_coinche_correction_brings_back_the_contract():
    match = services.match_create(
        names=["Léa", "Marc", "Zoé", "Hugo"], rules=scoring.CoincheRules()
    )
    before = scoring.CoincheHand(
        taker="A", bid=100, suit="hearts", coinche="coinche", points_team="A", trick_points=120
    )
    change = services.hand_record(match=match, hand=before, taker_seat=1)
    after = scoring.CoincheHand(taker="B", bid=80, suit="spades", points_team="B", trick_points=90)
    services.hand_update(
        match=match, hand_id=change.hand.pk, hand=after, taker_seat=2, expected_version=1
    )
    services.hand_undo(match=match, hand_id=change.hand.pk, action=A.EDITED, expected_version=2)
    saved = Hand.objects.get(pk=change.hand.pk)
    assert saved.to_input() == before
    assert saved.taker_seat == 1


def test_an_undo_is_refused_when_another_phone_changed_the_hand_since():
    match = play(make_match(), hand("A", 100))
    change = services.hand_record(match=match, hand=hand("B", 90), device="Léa")
    services.hand_update(
        match=match, hand_id=change.hand.pk, hand=hand("B", 100), expected_version=1, device="Zoé"
    )
    version = fresh(match).version
    with pytest.raises(services.HandConflict) as caught:
        services.hand_undo(
            match=match, hand_id=change.hand.pk, action=A.CREATED, expected_version=1
        )
    assert caught.value.device == "Zoé"
    assert caught.value.number == 2
    assert fresh(match).version == version  # nothing changed
    assert Hand.objects.get(pk=change.hand.pk).deleted_at is None


def test_an_undo_is_refused_when_another_phone_deleted_the_hand_since():
    match = play(make_match(), hand("A", 100))
    first = Hand.objects.get(match=match)
    services.hand_update(match=match, hand_id=first.pk, hand=hand("A", 90), expected_version=1)
    services.hand_delete(match=match, hand_id=first.pk, expected_version=2, device="Zoé")
    with pytest.raises(services.HandConflict):
        services.hand_undo(match=match, hand_id=first.pk, action=A.EDITED, expected_version=2)


def test_the_same_undo_twice_undoes_once():
    match = play(make_match(), hand("A", 100))
    first = Hand.objects.get(match=match)
    services.hand_delete(match=match, hand_id=first.pk, expected_version=1)
    kwargs = {"match": match, "hand_id": first.pk, "action": A.DELETED, "expected_version": 2}
    services.hand_undo(**kwargs, key="undo-1")
    again = services.hand_undo(**kwargs, key="undo-1")
    assert again.replayed
    assert first.revisions.count() == 3


def test_an_undo_that_would_restore_a_hand_after_the_end_is_refused():
    """(Refused first because a hand was entered since: the restored hand
    would end the match before it.)"""
    match = play(make_match(target=300), hand("A", 162), hand("A", 162))
    second = Hand.objects.get(match=match, number=2)
    services.hand_delete(match=match, hand_id=second.pk, expected_version=1)
    match = play(fresh(match), hand("A", 162))
    assert fresh(match).finished
    with pytest.raises(services.HandConflict) as caught:
        services.hand_undo(match=match, hand_id=second.pk, action=A.DELETED, expected_version=2)
    assert caught.value.kind == "later"
    assert Hand.objects.get(pk=second.pk).deleted_at is not None


def test_an_unknown_action_is_an_unknown_hand():
    match = play(make_match(), hand("A", 100))
    with pytest.raises(Hand.DoesNotExist):
        services.hand_undo(
            match=match, hand_id=Hand.objects.get().pk, action="bogus", expected_version=1
        )


def test_undoing_a_new_hand_is_refused_once_later_hands_were_entered():
    """Review (newcomer): hand 1's "Annuler", tapped after other phones had
    entered hands 2 and 3, deleted hand 1 and renumbered theirs."""
    match = make_match()
    change = services.hand_record(match=match, hand=hand("A", 100), device="Léa")
    play(match, hand("B", 90), hand("A", 120))
    version = fresh(match).version
    assert services.hands_changed_since(match, change.hand.pk, 1)
    with pytest.raises(services.HandConflict) as caught:
        services.hand_undo(
            match=match, hand_id=change.hand.pk, action=A.CREATED, expected_version=1
        )
    assert caught.value.kind == "later"
    assert caught.value.number == 1
    assert fresh(match).version == version  # nothing changed
    assert Hand.objects.get(pk=change.hand.pk).deleted_at is None


def test_undoing_a_delete_is_refused_once_another_hand_was_entered():
    """Review: the restored hand took its place back and another phone's new
    hand silently moved from 2 to 3."""
    match = play(make_match(), hand("A", 100), hand("B", 90))
    second = Hand.objects.get(match=match, number=2)
    services.hand_delete(match=match, hand_id=second.pk, expected_version=1)
    play(match, hand("A", 130))
    with pytest.raises(services.HandConflict) as caught:
        services.hand_undo(match=match, hand_id=second.pk, action=A.DELETED, expected_version=2)
    assert caught.value.kind == "later"
    second.refresh_from_db()
    assert second.deleted_at is not None


def test_undoing_a_correction_is_still_possible_after_later_hands():
    """A correction's undo moves no hand: it stays possible."""
    match = play(make_match(), hand("A", 100))
    first = Hand.objects.get(match=match, number=1)
    services.hand_update(match=match, hand_id=first.pk, hand=hand("A", 110), expected_version=1)
    play(match, hand("B", 90))
    services.hand_undo(match=match, hand_id=first.pk, action=A.EDITED, expected_version=2)
    first.refresh_from_db()
    assert first.to_input().trick_points == 100


def test_nothing_changed_since_the_last_hand_so_its_undo_stays():
    match = play(make_match(), hand("A", 100))
    change = services.hand_record(match=match, hand=hand("B", 90))
    assert not services.hands_changed_since(match, change.hand.pk, 1)
    services.hand_undo(match=match, hand_id=change.hand.pk, action=A.CREATED, expected_version=1)
    assert Hand.objects.get(pk=change.hand.pk).deleted_at is not None
