"""Each hand's breakdown (``HandResult.breakdown``): the parts of each team's
score and what went into the reserve, which the explanations only word.

The table's expected parts are worked out by hand from FORMAT, *Scoring one
hand* (the arithmetic is in each case's comment); the properties tie the parts
to the scores on random matches.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoresheets.scoring import (
    Breakdown,
    HandInput,
    Outcome,
    Pair,
    Rules,
    ScoreParts,
    score_match,
)
from tests.engine.test_scoring_properties import FAST, in_play, match_strategy, rules_strategy

P = ScoreParts


def last_breakdown(hands: list[HandInput], **rules) -> Breakdown:
    return score_match(Rules(**rules), hands).hands[-1].breakdown


@pytest.mark.parametrize(
    ("hands", "rules", "a", "b", "reserve_in", "forfeited"),
    [
        # Made: each team scores its own tricks, 82 and 162 - 82 = 80.
        ([HandInput("A", "A", 82)], {}, P(tricks=82), P(tricks=80), 0, 0),
        # Made: 100 + 50 + 20 = 170 against 62; each keeps its own parts.
        (
            [HandInput("A", "A", 100, belote="A", announcements=Pair(50, 0))],
            {},
            P(tricks=100, announcements=50, belote=20),
            P(tricks=62),
            0,
            0,
        ),
        # Dedans: A 60 + 20 = 80 < B 102; B takes 162 and A's 20 of announcements.
        (
            [HandInput("A", "A", 60, announcements=Pair(20, 0))],
            {},
            P(),
            P(tricks=162, announcements=20),
            0,
            0,
        ),
        # Dedans: A 70 + 20 (belote) = 90 < B 92 + 20; A keeps its belote.
        (
            [HandInput("A", "A", 70, belote="A", announcements=Pair(0, 20))],
            {},
            P(belote=20),
            P(tricks=162, announcements=20),
            0,
            0,
        ),
        # Litige: 81 = 81; B scores its 81, A's 81 go into the reserve.
        ([HandInput("A", "A", 81)], {}, P(), P(tricks=81), 81, 0),
        # Litige: A 71 + 20 = 91 = B 91; A keeps its belote, 71 into the reserve.
        ([HandInput("A", "A", 71, belote="A")], {}, P(belote=20), P(tricks=91), 71, 0),
        # Litige, rule lost: A's 81 are scored by nobody.
        ([HandInput("A", "A", 81)], {"litige": "lost"}, P(), P(tricks=81), 0, 81),
        # Litige, rule fall: a dedans, B takes all 162.
        ([HandInput("A", "A", 81)], {"litige": "fall"}, P(), P(tricks=162), 0, 0),
        # The reserve of hand 1 (81) goes to B, who makes hand 2: 100 + 81.
        (
            [HandInput("A", "A", 81), HandInput("B", "B", 100)],
            {},
            P(tricks=62),
            P(tricks=100, reserve=81),
            0,
            0,
        ),
        # Two litiges add up (81 + 71), paid to A whose defense wins hand 3.
        (
            [
                HandInput("A", "A", 81),
                HandInput("B", "B", 71, belote="B"),
                HandInput("B", "B", 60),
            ],
            {},
            P(tricks=162, reserve=152),
            P(),
            0,
            0,
        ),
        # B's capot, B took: 252 to B.
        ([HandInput("B", capot="B")], {}, P(), P(tricks=252), 0, 0),
        # The defense's capot at 250: A is dedans, B scores 250.
        ([HandInput("A", capot="B")], {"capot_points": 250}, P(), P(tricks=250), 0, 0),
        # Renonce by A: B scores the 162 penalty + every announcement (50); A its belote.
        (
            [HandInput("A", renonce="A", belote="A", announcements=Pair(0, 50))],
            {},
            P(belote=20),
            P(penalty=162, announcements=50),
            0,
            0,
        ),
        # Renonce by the defense: the taker's team scores the penalty and A's own 20.
        (
            [HandInput("A", renonce="B", announcements=Pair(20, 0))],
            {},
            P(penalty=162, announcements=20),
            P(),
            0,
            0,
        ),
        # Renonce, rule annul: nothing is scored.
        ([HandInput("A", renonce="A")], {"renonce": "annul"}, P(), P(), 0, 0),
        # Rounding: 85 -> 90 (+5), 77 -> 80 (+3).
        (
            [HandInput("A", "A", 85)],
            {"rounding": "nearest_ten"},
            P(tricks=85, rounding=5),
            P(tricks=77, rounding=3),
            0,
            0,
        ),
        # Rounding down: 84 -> 80 (-4), 78 -> 80 (+2).
        (
            [HandInput("A", "A", 84)],
            {"rounding": "nearest_ten"},
            P(tricks=84, rounding=-4),
            P(tricks=78, rounding=2),
            0,
            0,
        ),
        # Rounding after the reserve: 62 -> 60 (-2); 100 + 81 = 181 -> 180 (-1).
        (
            [HandInput("A", "A", 81), HandInput("B", "B", 100)],
            {"rounding": "nearest_ten"},
            P(tricks=62, rounding=-2),
            P(tricks=100, reserve=81, rounding=-1),
            0,
            0,
        ),
    ],
)
def test_it_gives_each_part_of_the_score(hands, rules, a, b, reserve_in, forfeited):
    breakdown = last_breakdown(hands, **rules)
    assert (breakdown.a, breakdown.b) == (a, b)
    assert breakdown["A"] is breakdown.a
    assert breakdown["B"] is breakdown.b
    assert (breakdown.reserve_in, breakdown.forfeited) == (reserve_in, forfeited)
    taker = hands[-1].taker
    assert (breakdown.taker, breakdown.defense) == (taker, "B" if taker == "A" else "A")


def test_a_redeal_has_no_parts_and_no_taker():
    breakdown = last_breakdown([HandInput("A", "A", 81), HandInput(None)])
    assert breakdown == Breakdown()
    assert breakdown.a.total == breakdown.b.total == 0
    assert breakdown.taker is None


def test_the_breakdown_adds_nothing_to_the_existing_fields():
    result = score_match(Rules(), [HandInput("A", "A", 81), HandInput("B", "B", 100)])
    second = result.hands[1]
    assert (second.outcome, second.score, second.collected, second.winner) == (
        Outcome.MADE,
        Pair(62, 181),
        81,
        "B",
    )
    assert "breakdown" not in repr(second)


def test_a_team_name_other_than_a_or_b_is_a_key_error():
    with pytest.raises(KeyError):
        Breakdown()["C"]


@FAST
@given(match_strategy())
def test_the_parts_add_up_to_the_score(match):
    rules, hands = match
    for got in score_match(rules, hands).hands:
        breakdown = got.breakdown
        assert (breakdown.a.total, breakdown.b.total) == (got.score.a, got.score.b)
        assert breakdown.a.reserve + breakdown.b.reserve == got.collected
        for team in "AB":
            if got.winner != team:
                assert breakdown[team].reserve == 0
            assert -4 <= breakdown[team].rounding <= 5
            if rules.rounding == "none":
                assert breakdown[team].rounding == 0


@FAST
@given(match_strategy(rules_strategy(rounding=st.just("none"))))
def test_every_point_in_play_is_scored_reserved_or_forfeited(match):
    rules, hands = match
    for hand, got in zip(hands, score_match(rules, hands).hands, strict=True):
        breakdown = got.breakdown
        if got.outcome in (Outcome.PASSED, Outcome.ANNULLED):
            assert breakdown.a == breakdown.b == ScoreParts()
            continue
        parts = [breakdown.a, breakdown.b]
        before_reserve = sum(p.total - p.reserve for p in parts)
        assert before_reserve + breakdown.reserve_in + breakdown.forfeited == in_play(rules, hand)
        for team, part in zip("AB", parts, strict=True):
            assert part.belote == (20 if hand.belote == team else 0)  # always kept


@FAST
@given(match_strategy(rules_strategy(litige=st.just("reserve"))))
def test_the_reserve_grows_by_what_goes_in(match):
    rules, hands = match
    before = 0
    for got in score_match(rules, hands).hands:
        breakdown = got.breakdown
        assert got.reserve == before + breakdown.reserve_in - got.collected
        assert breakdown.forfeited == 0
        before = got.reserve
