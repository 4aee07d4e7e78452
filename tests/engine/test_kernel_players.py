"""The kernel's loop for a game scored per player (``Engine.players``: belote
for three or two, ../shared/scoring/BELOTE_3_2.md): its twin of the two
teams' loop, held to the same ends. A made-up game of three players whose
hands say what each scores (``{"score": {...}}``, and ``outcome``,
``block``) runs through it: the target (one player alone at the top), a
shared top, a redeal, ``blocks_win``, the rule ``donnes``, a game's own end
and its problems, hands after the end, :class:`Scores` and the result
document. tests/engine/js/players.test.mjs plays the same through kernel.js.
"""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace
from typing import Any

import pytest

from scoresheets.scoring.kernel import (
    Engine,
    HandScore,
    MatchEnd,
    MatchError,
    Outcome,
    Scores,
    problem,
    result_document,
    score_match,
)


def _score_hand(rules: Any, hand: dict, reserve: int) -> HandScore:
    return HandScore(Outcome(hand.get("outcome", "made")), Scores(hand["score"]), reserve)


def _nothing(*args: Any) -> Any:
    raise AssertionError("not asked by the loop")


GAME = Engine(
    name="three",
    rules_type=SimpleNamespace,
    hand_type=dict,
    check_rules=lambda rules: [],
    check_hand=_nothing,
    plainly_valid=lambda rules, hand: True,
    score_hand=_score_hand,
    blocks_win=lambda rules, hand, leader: bool(hand.get("block")),
    parse_match_document=_nothing,
    match_document=_nothing,
    parse_rules=_nothing,
    parse_hand=_nothing,
    hand_document=_nothing,
    has_reserve=False,
    players=("A", "B", "C"),
)


def rules(target: int = 100, donnes: int | None = None) -> SimpleNamespace:
    return SimpleNamespace(target=target, donnes=donnes)


def hand(a: int, b: int, c: int, **more: Any) -> dict[str, Any]:
    return {"score": {"A": a, "B": b, "C": c}, **more}


PASSED = hand(0, 0, 0, outcome="passed")


def test_scores_is_a_mapping_by_player():
    scores = Scores({"A": 1, "B": 2, "C": 3})
    assert scores["C"] == 3 and list(scores) == ["A", "B", "C"] and len(scores) == 3
    assert scores == {"A": 1, "B": 2, "C": 3} == Scores(scores)
    assert hash(scores) == hash(Scores({"A": 1, "B": 2, "C": 3}))
    assert scores.as_dict() == {"A": 1, "B": 2, "C": 3} and scores.as_dict() is not scores._values
    assert repr(Scores({"A": 0})) == "Scores({'A': 0})"


def test_one_player_alone_at_the_top_at_the_target_wins():
    result = score_match(GAME, rules(), [hand(60, 50, 52), hand(50, 52, 60)])
    assert result.totals == Scores({"A": 110, "B": 102, "C": 112})
    assert (result.finished, result.winner) == (True, "C")
    assert [h.ends_match for h in result.hands] == [False, True]
    assert [h.totals for h in result.hands] == [
        {"A": 60, "B": 50, "C": 52},
        {"A": 110, "B": 102, "C": 112},
    ]
    # Not past the target: the match goes on.
    result = score_match(GAME, rules(), [hand(99, 0, 63)])
    assert (result.finished, result.winner, result.decisive_hand) == (False, None, False)


def test_a_shared_top_plays_another_hand_a_redeal_changes_nothing():
    hands = [hand(100, 100, 0), PASSED]
    result = score_match(GAME, rules(), hands)
    assert (result.finished, result.winner, result.decisive_hand) == (False, None, True)
    assert result.donnes == 1
    result = score_match(GAME, rules(), [*hands, hand(0, 1, 60)])
    assert (result.finished, result.winner) == (True, "B")
    # Two level below a third: the third wins.
    result = score_match(GAME, rules(), [hand(100, 100, 120)])
    assert (result.finished, result.winner) == (True, "C")


def test_the_game_may_keep_the_leader_from_winning_on_a_hand():
    result = score_match(GAME, rules(), [hand(120, 0, 42, block=True), PASSED])
    assert (result.finished, result.no_trick_block) == (False, True)
    result = score_match(GAME, rules(), [hand(120, 0, 42, block=True), hand(0, 0, 0)])
    assert (result.finished, result.winner, result.no_trick_block) == (True, "A", False)


def test_after_the_end_every_hand_is_an_error_a_redeal_too():
    with pytest.raises(MatchError) as info:
        score_match(GAME, rules(), [hand(120, 0, 42), PASSED, hand(1, 1, 1)])
    assert [(p.hand, p.field, p.code, p.message) for p in info.value.problems] == [
        (2, "hand", "after_end", "the match ended with hand 1"),
        (3, "hand", "after_end", "the match ended with hand 1"),
    ]


def test_the_rule_donnes_ends_on_the_kth_donne_whatever_the_target():
    hands = [hand(500, 0, 0), PASSED, hand(0, 250, 250)]
    result = score_match(GAME, rules(donnes=2), hands)
    assert (result.finished, result.winner, result.donnes) == (True, "A", 2)
    result = score_match(GAME, rules(donnes=2), [hand(10, 10, 0), hand(0, 0, 5)])
    assert (result.finished, result.winner) == (True, None)  # drawn: the top is shared
    assert not score_match(GAME, rules(donnes=3), hands[:2]).finished


def test_a_games_own_end_decides_and_may_refuse_a_hand():
    seen = []

    def end_of_match(rules, hand, scored, before, after):
        seen.append((before.as_dict(), after.as_dict()))
        if hand.get("refuse"):
            raise MatchError([problem(None, "out", "required", "is required")])
        return MatchEnd("B") if len(seen) == 2 else None

    game = dataclasses.replace(GAME, end_of_match=end_of_match)
    result = score_match(game, rules(), [hand(200, 0, 0), hand(0, 1, 0)])
    assert seen[1] == ({"A": 200, "B": 0, "C": 0}, {"A": 200, "B": 1, "C": 0})
    assert (result.finished, result.winner, result.decisive_hand) == (True, "B", False)
    seen.clear()
    with pytest.raises(MatchError) as info:
        score_match(game, rules(), [hand(1, 0, 0), hand(0, 0, 0, refuse=True), hand(0, 0, 0)])
    assert [(p.hand, p.field, p.code) for p in info.value.problems] == [(2, "out", "required")]


def test_a_games_own_end_may_settle_the_hands_score_from_the_totals_before_it():
    def end_of_match(rules, hand, scored, before, after):
        if not hand.get("settle"):
            return None
        score = Scores({"A": 0, "B": 0, "C": 100 - before["C"]})
        return MatchEnd("C", dataclasses.replace(scored, score=score))

    game = dataclasses.replace(GAME, end_of_match=end_of_match)
    result = score_match(game, rules(1000), [hand(10, 20, 30), hand(5, 5, 5, settle=True)])
    assert result.hands[1].score == {"A": 0, "B": 0, "C": 70}
    assert result.hands[1].totals == result.totals == {"A": 10, "B": 20, "C": 100}
    assert (result.finished, result.winner) == (True, "C")


def test_the_result_document_is_keyed_by_player():
    document = result_document(score_match(GAME, rules(), [hand(60, 50, 52), PASSED]))
    assert document["hands"][1] == {
        "outcome": "passed",
        "score": {"A": 0, "B": 0, "C": 0},
        "reserve": 0,
        "totals": {"A": 60, "B": 50, "C": 52},
        "collected": 0,
    }
    assert document["totals"] == {"A": 60, "B": 50, "C": 52}
    assert (document["finished"], document["winner"], document["donnes"]) == (False, None, 1)
