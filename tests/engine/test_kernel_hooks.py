"""The kernel's two hooks for games unlike belote (issue 29): a hand's own
keys in the result document (``HandScore.extras``: klaverjas' ``points`` and
``roem``) and a game's own end of match (``Engine.end_of_match``: jass'
*Ausmachen*, where the team ahead may lose)."""

from __future__ import annotations

import dataclasses

import pytest

from scoresheets.scoring import kernel
from scoresheets.scoring.engines import engine_named
from scoresheets.scoring.kernel import MatchEnd, MatchError, Pair, result_document, score_match

BELOTE = engine_named("belote")
RULES = BELOTE.rules_type()
HANDS = [
    BELOTE.parse_hand({"taker": "A", "points": {"A": 100}}),
    BELOTE.parse_hand({"taker": "B", "points": {"B": 90}}),
    BELOTE.parse_hand({"taker": "A", "points": {"A": 120}}),
]


def _with_extras(rules, hand, reserve):
    scored = BELOTE.score_hand(rules, hand, reserve)
    scored.extras = {"tricks_seen": scored.tricks.as_dict()}
    return scored


def test_a_hands_extras_go_to_its_result_document():
    engine = dataclasses.replace(BELOTE, score_hand=_with_extras)
    document = result_document(score_match(engine, RULES, HANDS))
    assert [h["tricks_seen"] for h in document["hands"]] == [
        {"A": 100, "B": 62},
        {"A": 72, "B": 90},
        {"A": 120, "B": 42},
    ]
    # Without extras, the document is FORMAT's alone.
    plain = result_document(score_match(BELOTE, RULES, HANDS))
    assert "tricks_seen" not in plain["hands"][0]


def test_a_games_own_end_decides_when_and_who_wins():
    seen = []

    def end_of_match(rules, hand, scored, before, after):
        seen.append((before, after))
        # Ends on the second hand, won by the team behind.
        if len(seen) == 2:
            return MatchEnd("B" if after.a > after.b else "A")
        return None

    engine = dataclasses.replace(BELOTE, end_of_match=end_of_match)
    result = score_match(engine, RULES, HANDS[:2])
    assert seen == [(Pair(0, 0), Pair(100, 62)), (Pair(100, 62), Pair(172, 152))]
    assert result.finished and result.winner == "B" and result.hands[-1].ends_match
    assert not result.decisive_hand
    # A hand after that end is an error, as after FORMAT's.
    seen.clear()
    with pytest.raises(MatchError) as error:
        score_match(engine, RULES, HANDS)
    assert [(p.hand, p.code) for p in error.value.problems] == [(3, "after_end")]


def test_a_games_own_end_may_draw_or_go_on():
    engine = dataclasses.replace(BELOTE, end_of_match=lambda *args: MatchEnd(None))
    drawn = score_match(engine, RULES, HANDS[:1])
    assert drawn.finished and drawn.winner is None
    going_on = dataclasses.replace(BELOTE, end_of_match=lambda *args: None)
    # Past belote's target of 1000 as FORMAT scores it, the game's end says no.
    rules = dataclasses.replace(RULES, target=100)
    result = score_match(going_on, rules, HANDS)
    assert not result.finished and result.winner is None
    assert kernel.score_match(BELOTE, rules, HANDS[:1]).finished


def test_the_rule_donnes_comes_before_a_games_own_end():
    asked = []

    def end_of_match(*args):
        asked.append(args)
        return MatchEnd("B")

    engine = dataclasses.replace(BELOTE, end_of_match=end_of_match)
    # A match of 2 donnes: the kernel ends it after the 2nd, won by the team
    # ahead, and never asks the game (jass' `rounds`).
    result = score_match(engine, dataclasses.replace(RULES, donnes=2), HANDS[:2])
    assert asked == []
    assert result.finished and result.winner == "A" and result.hands[-1].ends_match
    with pytest.raises(MatchError) as error:
        score_match(engine, dataclasses.replace(RULES, donnes=2), HANDS)
    assert [(p.hand, p.code) for p in error.value.problems] == [(3, "after_end")]


def test_a_games_own_end_may_refuse_a_hand_that_only_the_totals_show():
    def end_of_match(rules, hand, scored, before, after):
        if after.a >= 172:  # e.g. jass' `out`, required once both teams pass the target
            raise MatchError([kernel.problem(None, "out", "required", "is required")])
        return None

    engine = dataclasses.replace(BELOTE, end_of_match=end_of_match)
    with pytest.raises(MatchError) as error:
        score_match(engine, RULES, HANDS)
    # The problem is the 2nd hand's; the 3rd is not scored, and is no "after_end".
    assert [(p.hand, p.field, p.code) for p in error.value.problems] == [(2, "out", "required")]


def _settled_end(rules, hand, scored, before, after):
    """Ends on the second hand, whose score is settled from the totals
    before it: its taker writes what takes it to 500 (baloot's gahwa)."""
    if before == Pair(0, 0):
        return None
    settled = dataclasses.replace(
        scored, score=kernel.pair_of(hand.taker, 500 - before[hand.taker], 0)
    )
    return MatchEnd(hand.taker, settled)


def test_a_games_own_end_may_settle_the_hands_score_from_the_totals_before_it():
    engine = dataclasses.replace(BELOTE, end_of_match=_settled_end)
    result = score_match(engine, RULES, HANDS[:2])
    # Hand 2, B took: B had 62, writes 438 (500 - 62), A nothing.
    assert [h.score for h in result.hands] == [Pair(100, 62), Pair(0, 438)]
    assert result.totals == Pair(100, 500) == result.hands[-1].totals
    assert result.finished and result.winner == "B"
    document = result_document(result)
    assert document["hands"][1]["score"] == {"A": 0, "B": 438}
    assert document["totals"] == {"A": 100, "B": 500}
    # Without a settled score, score_hand's stands (jass).
    plain = dataclasses.replace(BELOTE, end_of_match=lambda r, h, s, b, a: MatchEnd("B"))
    assert score_match(plain, RULES, HANDS[:1]).hands[0].score == Pair(100, 62)
