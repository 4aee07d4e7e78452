"""Each coinche hand's breakdown (``HandResult.breakdown``): the parts of each
team's score, which the explanations only word.

The table's expected parts are worked out by hand from COINCHE, *Scoring one
hand* (the arithmetic is in each case's comment; the first three are its
worked example, 520 / 0, 440 / 42 and 320 / 42); the properties tie the parts
to the scores on random matches and on every worked case.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoresheets.scoring import (
    Breakdown,
    CoincheHand,
    CoincheRules,
    HandResult,
    Outcome,
    Pair,
    ScoreParts,
    parse_match_document,
    score_match,
)
from tests.conftest import case_id, coinche_case_files
from tests.engine.test_coinche_properties import (
    FAST,
    MULTIPLIER,
    match_strategy,
    other,
    rules_strategy,
)

P = ScoreParts
NO_ROUNDING = {"rounding": "none"}


def last_hand(hands: list[CoincheHand], **rules) -> HandResult:
    return score_match(CoincheRules(**rules), hands).hands[-1]


@pytest.mark.parametrize(
    ("hand", "rules", "a", "b", "multiplied_parts"),
    [
        # COINCHE's worked example, 100 coinched made with 120, "all":
        # (160 + 100) x 2 = 520; the multiplier adds 260.
        (
            CoincheHand("A", 100, coinche="coinche", points_team="A", trick_points=120),
            {"coinche_score": "all"},
            P(base=160, bid=100, multiplied=260),
            P(),
            ("base", "bid"),
        ),
        # ... "total": (120 + 100) x 2 = 440 (adds 220); B its 42.
        (
            CoincheHand("A", 100, coinche="coinche", points_team="A", trick_points=120),
            {"coinche_score": "total"},
            P(tricks=120, bid=100, multiplied=220),
            P(tricks=42),
            ("tricks", "announcements", "bid"),
        ),
        # ... "bid": 120 + 100 x 2 = 320 (adds 100); B its 42.
        (
            CoincheHand("A", 100, coinche="coinche", points_team="A", trick_points=120),
            {"coinche_score": "bid"},
            P(tricks=120, bid=100, multiplied=100),
            P(tricks=42),
            ("bid",),
        ),
        # Made without coinche, points_plus_bid: 120 + 20 + 100 + belote; B 42.
        (
            CoincheHand(
                "A", 100, points_team="A", trick_points=120, belote="A", announcements=Pair(20, 0)
            ),
            {"announcements": True},
            P(tricks=120, announcements=20, bid=100, belote=20),
            P(tricks=42),
            (),
        ),
        # bid_only, surcoinched, "total": 100 x 4 = 400 (adds 300), + B's 50 of
        # announcements; B keeps its belote.
        (
            CoincheHand(
                "A",
                100,
                coinche="surcoinche",
                points_team="A",
                trick_points=130,
                belote="B",
                announcements=Pair(0, 50),
            ),
            {"made_score": "bid_only", "coinche_score": "total", "announcements": True},
            P(bid=100, announcements=50, multiplied=300),
            P(belote=20),
            ("bid",),
        ),
        # 160_plus_bid, coinched, "bid": 160 + 90 x 2 = 340 (adds 90).
        (
            CoincheHand("B", 90, coinche="coinche", points_team="B", trick_points=100),
            {"made_score": "160_plus_bid", "coinche_score": "bid"},
            P(),
            P(base=160, bid=90, multiplied=90),
            ("bid",),
        ),
        # 160_plus_bid, coinched, "total": (160 + 90) x 2 = 500 (adds 250).
        (
            CoincheHand("B", 90, coinche="coinche", points_team="B", trick_points=100),
            {"made_score": "160_plus_bid", "coinche_score": "total"},
            P(),
            P(base=160, bid=90, multiplied=250),
            ("base", "bid"),
        ),
        # Dedans, 110 surcoinched, 60 + 20 + 20 < 110, "all": (160 + 110) x 4
        # = 1080 (adds 810) + A's 20 of announcements to B; A keeps its belote.
        (
            CoincheHand(
                "A",
                110,
                coinche="surcoinche",
                points_team="A",
                trick_points=60,
                belote="A",
                announcements=Pair(20, 0),
            ),
            {"announcements": True},
            P(belote=20),
            P(base=160, bid=110, announcements=20, multiplied=810),
            ("base", "bid"),
        ),
        # Dedans, 110 coinched, "bid": 160 + 110 x 2 = 380 (adds 110).
        (
            CoincheHand("A", 110, coinche="coinche", points_team="A", trick_points=100),
            {"coinche_score": "bid"},
            P(),
            P(base=160, bid=110, multiplied=110),
            ("bid",),
        ),
        # Dedans on the defense's capot, no coinche: 160 + 80 = 240.
        (
            CoincheHand("A", 80, capot="B"),
            {},
            P(),
            P(base=160, bid=80),
            (),
        ),
        # Bid of capot made, coinched: 500 x 2 = 1000 (adds 500).
        (
            CoincheHand("A", "capot", coinche="coinche", capot="A"),
            {},
            P(bid=500, multiplied=500),
            P(),
            ("bid",),
        ),
        # Bid of capot failed (capot_bid_points 250): B scores 250 and its belote.
        (
            CoincheHand("A", "capot", capot=None, belote="B"),
            {"capot_bid_points": 250},
            P(),
            P(bid=250, belote=20),
            (),
        ),
        # Générale made alone: 2 x 500 = 1000.
        (
            CoincheHand("B", "generale", capot="B", solo=True),
            {},
            P(),
            P(bid=1000),
            (),
        ),
        # Générale made capot but not alone: failed, A scores 1000.
        (
            CoincheHand("B", "generale", capot="B", solo=False),
            {},
            P(bid=1000),
            P(),
            (),
        ),
        # Rounding: 83 + 80 = 163 -> 160 (-3); 79 -> 80 (+1).
        (
            CoincheHand("A", 80, points_team="A", trick_points=83),
            {"rounding": "nearest_ten"},
            P(tricks=83, bid=80, rounding=-3),
            P(tricks=79, rounding=1),
            (),
        ),
    ],
)
def test_it_gives_each_part_of_a_coinche_score(hand, rules, a, b, multiplied_parts):
    got = last_hand([hand], **{**NO_ROUNDING, **rules})
    breakdown = got.breakdown
    assert (breakdown.a, breakdown.b) == (a, b)
    assert (breakdown.a.total, breakdown.b.total) == (got.score.a, got.score.b)
    assert breakdown.multiplied_parts == multiplied_parts
    assert breakdown.multiplier == MULTIPLIER[hand.coinche]
    assert (breakdown.taker, breakdown.defense) == (hand.taker, other(hand.taker))
    assert (breakdown.reserve_in, breakdown.forfeited) == (0, 0)


def test_a_coinche_redeal_has_no_parts_and_no_taker():
    assert last_hand([CoincheHand(None)]).breakdown == Breakdown()


def test_belote_keeps_its_shape_with_the_coinche_parts_at_zero():
    # The parts coinche adds default to nothing: a belote breakdown has them at 0.
    assert (P().base, P().bid, P().multiplied) == (0, 0, 0)
    assert (Breakdown().multiplier, Breakdown().multiplied_parts) == (1, ())


def check_parts(rules: CoincheRules, hands: list[CoincheHand]) -> None:
    """The contract's invariants of every hand's breakdown (COINCHE, *Scoring one hand*)."""
    for hand, got in zip(hands, score_match(rules, hands).hands, strict=True):
        breakdown = got.breakdown
        assert (breakdown.a.total, breakdown.b.total) == (got.score.a, got.score.b)
        if got.outcome is Outcome.PASSED:
            assert breakdown == Breakdown()
            continue
        m = MULTIPLIER[hand.coinche]
        assert breakdown.multiplier == m
        winner, loser = breakdown[got.winner], breakdown[other(got.winner)]
        # The multiplier adds the multiplied parts (m - 1) times, to the winner only.
        assert (breakdown.multiplied_parts == ()) == (m == 1)
        group = sum(getattr(winner, name) for name in breakdown.multiplied_parts)
        assert winner.multiplied == group * (m - 1)
        assert (loser.base, loser.bid, loser.multiplied) == (0, 0, 0)
        # The winner scores the contract: the bid (or the capot's stake).
        assert winner.bid > 0
        # The belote is never multiplied and stays with its team.
        for team in "AB":
            parts = breakdown[team]
            assert parts.belote == (20 if hand.belote == team else 0)
            assert (parts.penalty, parts.reserve) == (0, 0)
            assert -4 <= parts.rounding <= 5
            if rules.rounding == "none":
                assert parts.rounding == 0
        # Only a made points_plus_bid contract leaves the loser points of its own.
        if loser.tricks or loser.announcements:
            assert got.outcome is Outcome.MADE
            assert rules.made_score == "points_plus_bid"
            assert not (m > 1 and rules.coinche_score == "all")
        # Every announcement is scored, by one team or the other.
        assert winner.announcements + loser.announcements == hand.announcements.a + (
            hand.announcements.b
        )


@FAST
@given(match_strategy())
def test_the_coinche_parts_add_up_to_the_score(match):
    check_parts(*match)


@FAST
@given(match_strategy(rules_strategy(rounding=st.just("none"))))
def test_the_coinche_parts_add_up_to_the_exact_score(match):
    check_parts(*match)


COINCHE_CASES = [
    path
    for path in coinche_case_files()
    if not json.loads(path.read_text(encoding="utf-8"))["expected"].get("error")
]


def test_there_are_valid_coinche_cases():
    assert len(COINCHE_CASES) >= 10


@pytest.mark.parametrize("path", COINCHE_CASES, ids=[case_id(p) for p in COINCHE_CASES])
def test_every_worked_case_s_parts_add_up_to_its_expected_score(path: Path):
    document = json.loads(path.read_text(encoding="utf-8"))
    rules, hands = parse_match_document(document)
    result = score_match(rules, hands)
    for got, want in zip(result.hands, document["expected"]["hands"], strict=True):
        breakdown = got.breakdown
        assert {"A": breakdown.a.total, "B": breakdown.b.total} == want["score"]
    check_parts(rules, hands)
