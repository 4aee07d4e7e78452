"""The coinche engine (scoresheets/scoring/coinche.py), table-driven, and the
coinche worked cases through the engine and the commands.

Every expected value below was computed by hand from docs/coinche.md (the
comments show the arithmetic), never by asking the engine. Notation: T =
taker's team, D = defense, V = bid, m = multiplier, p = T's trick points.
Most tables say ``rounding: "none"`` so that the arithmetic shows.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scoresheets import scoring
from scoresheets.scoring import (
    BIDS,
    CAPOT_BID_CHOICES,
    COINCHE_CAPOT_CHOICES,
    NUMERIC_BIDS,
    BidWord,
    CoincheHand,
    CoincheLevel,
    CoincheRules,
    CoincheScore,
    ContractSuit,
    Game,
    HandInput,
    MadeScore,
    MatchError,
    Outcome,
    Pair,
    Rounding,
    Rules,
    coinche,
    document_game,
    match_document,
    multiplier,
    parse_match_document,
    result_document,
    score_document,
    score_match,
)
from scoresheets.scoring.engines import ENGINES
from tests.commands import run_command
from tests.conftest import COINCHE_CASES_DIR, ROOT, coinche_case_files

EXACT = {"rounding": "none"}


# --------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------


def hand(
    taker: str | None,
    bid: Any = None,
    points: dict[str, int] | None = None,
    **keys: Any,
) -> dict[str, Any]:
    """One hand of a coinche document; only the keys given are written
    (``ann`` is written as ``announcements``)."""
    out: dict[str, Any] = {"taker": taker}
    if bid is not None:
        out["bid"] = bid
    if points is not None:
        out["points"] = points
    if "ann" in keys:
        keys["announcements"] = keys.pop("ann")
    out.update(keys)
    return out


def doc(hands: list[dict[str, Any]], **rules: Any) -> dict[str, Any]:
    return {"game": "coinche", "rules": rules, "hands": hands}


def score(hands: list[dict[str, Any]], **rules: Any) -> dict[str, Any]:
    return score_document(doc(hands, **rules))


def swap_team(value: Any) -> Any:
    return {"A": "B", "B": "A"}.get(value, value) if isinstance(value, str) else value


def mirror_hand(h: dict[str, Any]) -> dict[str, Any]:
    """The same hand with the teams A and B exchanged."""
    return {
        key: {swap_team(k): v for k, v in value.items()}
        if isinstance(value, dict)
        else swap_team(value)
        for key, value in h.items()
    }


def problems_of(info: pytest.ExceptionInfo[MatchError]) -> list[tuple[int | None, str, str]]:
    return [(p.hand, p.field, p.code) for p in info.value.problems]


# --------------------------------------------------------------------------
# Rules: the values and defaults of COINCHE, *Rules* (one source of truth)
# --------------------------------------------------------------------------


def test_the_rule_defaults_are_the_contract_s():
    rules = CoincheRules()
    assert rules.target == 2000
    assert rules.rounding == "nearest_ten"
    assert rules.made_score == "points_plus_bid"
    assert rules.coinche_score == "all"
    assert rules.belote_counts is True
    assert rules.announcements is False
    assert rules.announcements_count is True
    assert rules.capot_points == 250
    assert rules.capot_bid_points == 500


def test_the_option_values_are_the_contract_s():
    assert [str(v) for v in MadeScore] == ["points_plus_bid", "bid_only", "160_plus_bid"]
    assert [str(v) for v in CoincheScore] == ["all", "total", "bid"]
    assert COINCHE_CAPOT_CHOICES == (250, 252, 162)
    assert CAPOT_BID_CHOICES == (500, 250)
    assert set(Rounding) == {"none", "nearest_ten"}
    assert NUMERIC_BIDS == (80, 90, 100, 110, 120, 130, 140, 150, 160, 170, 180)
    assert list(BIDS) == [*NUMERIC_BIDS, "capot", "generale"]
    assert [str(v) for v in BidWord] == ["capot", "generale"]
    assert [str(v) for v in ContractSuit] == [
        "clubs",
        "diamonds",
        "hearts",
        "spades",
        "no_trump",
        "all_trump",
    ]
    assert [str(v) for v in CoincheLevel] == ["coinche", "surcoinche"]
    assert [multiplier(None), multiplier("coinche"), multiplier("surcoinche")] == [1, 2, 4]


def test_omitted_rules_are_the_defaults():
    # Default rounding nearest_ten: 100 with 120 -> 220 / 42 -> 40.
    h = [hand("A", 100, {"A": 120})]
    without = score_document({"game": "coinche", "hands": h})
    assert without == score(h) == score(h, **{"target": 2000, "rounding": "nearest_ten"})
    assert without["hands"][0]["score"] == {"A": 220, "B": 40}


# --------------------------------------------------------------------------
# One hand (taker A; every row is also checked mirrored, taker B)
# --------------------------------------------------------------------------

# (rules, hand, outcome, score A, score B)
ONE_HAND = [
    # -- The example that divides tables: 100 coinched, made with 120 (COINCHE, end
    # of *Scoring one hand*).
    pytest.param(
        EXACT,
        hand("A", 100, {"A": 120}, coinche="coinche"),
        "made",
        520,  # all: (160 + 100) x 2
        0,
        id="disputed_all_520_0",
    ),
    pytest.param(
        {**EXACT, "coinche_score": "total"},
        hand("A", 100, {"A": 120}, coinche="coinche"),
        "made",
        440,  # total: (120 + 100) x 2
        42,  # 162 - 120, not multiplied
        id="disputed_total_440_42",
    ),
    pytest.param(
        {**EXACT, "coinche_score": "bid"},
        hand("A", 100, {"A": 120}, coinche="coinche"),
        "made",
        320,  # bid: 120 + 100 x 2
        42,
        id="disputed_bid_320_42",
    ),
    pytest.param(
        EXACT,
        hand("A", 100, {"A": 120}, coinche="surcoinche"),
        "made",
        1040,  # (160 + 100) x 4
        0,
        id="surcoinche_all",
    ),
    pytest.param(
        {**EXACT, "coinche_score": "total"},
        hand("A", 100, {"A": 120}, coinche="surcoinche"),
        "made",
        880,  # (120 + 100) x 4
        42,
        id="surcoinche_total",
    ),
    pytest.param(
        {**EXACT, "coinche_score": "bid"},
        hand("A", 100, {"A": 120}, coinche="surcoinche"),
        "made",
        520,  # 120 + 100 x 4
        42,
        id="surcoinche_bid",
    ),
    # -- Numeric bid: is it made? check(T) >= V and check(T) > check(D).
    pytest.param(EXACT, hand("A", 80, {"A": 82}), "made", 162, 80, id="bid_80_with_82"),
    # 81 = 81: no litige at coinche, a tie fails; D 160 + 80.
    pytest.param(EXACT, hand("A", 80, {"A": 81}), "dedans", 0, 240, id="bid_80_tie_81"),
    # 80 >= 80 but 80 < 82: not above the defense.
    pytest.param(EXACT, hand("A", 80, {"A": 80}), "dedans", 0, 240, id="bid_80_with_80"),
    pytest.param(EXACT, hand("A", 100, {"A": 99}), "dedans", 0, 260, id="bid_100_with_99"),
    # 100 + 100 / 62.
    pytest.param(EXACT, hand("A", 100, {"A": 100}), "made", 200, 62, id="bid_100_with_100"),
    # 160 + 160 / 2.
    pytest.param(EXACT, hand("A", 160, {"A": 160}), "made", 320, 2, id="bid_160_with_160"),
    # 162 without capot is not a capot: 162 < 180, D 160 + 180.
    pytest.param(EXACT, hand("A", 180, {"A": 162}), "dedans", 0, 340, id="bid_180_with_162"),
    # points may name the defense: B 38 -> A 124 >= 120: 124 + 120 / 38.
    pytest.param(EXACT, hand("A", 120, {"B": 38}), "made", 244, 38, id="points_of_the_defense"),
    # -- belote_counts
    # true: 80 + 20 = 100 >= 100 and > 82: A 80 + 100 + 20, B 82.
    pytest.param(
        EXACT, hand("A", 100, {"A": 80}, belote="A"), "made", 200, 82, id="taker_belote_counts"
    ),
    # false: 80 < 100: D 160 + 100, T keeps its belote.
    pytest.param(
        {**EXACT, "belote_counts": False},
        hand("A", 100, {"A": 80}, belote="A"),
        "dedans",
        20,
        260,
        id="taker_belote_does_not_count",
    ),
    # true: D 72 + 20 = 92 > 90: dedans, D 160 + 80 + 20.
    pytest.param(
        EXACT, hand("A", 80, {"A": 90}, belote="B"), "dedans", 0, 260, id="defense_belote_counts"
    ),
    # false: 90 > 72 and >= 80: made, A 90 + 80, B 72 + 20.
    pytest.param(
        {**EXACT, "belote_counts": False},
        hand("A", 80, {"A": 90}, belote="B"),
        "made",
        170,
        92,
        id="defense_belote_does_not_count",
    ),
    # -- announcements_count (the table plays announcements)
    # true: 70 + 50 = 120 >= 100 and > 92: A 70 + 50 + 100, B 92.
    pytest.param(
        {**EXACT, "announcements": True},
        hand("A", 100, {"A": 70}, ann={"A": 50}),
        "made",
        220,
        92,
        id="taker_announcement_counts",
    ),
    # false: 70 < 100: D 160 + 100 + 50 (every announcement goes to D).
    pytest.param(
        {**EXACT, "announcements": True, "announcements_count": False},
        hand("A", 100, {"A": 70}, ann={"A": 50}),
        "dedans",
        0,
        310,
        id="taker_announcement_does_not_count",
    ),
    # true: D 62 + 50 = 112 > 100: dedans, D 160 + 80 + 50.
    pytest.param(
        {**EXACT, "announcements": True},
        hand("A", 80, {"A": 100}, ann={"B": 50}),
        "dedans",
        0,
        290,
        id="defense_announcement_counts",
    ),
    # false: 100 > 62: made, A 100 + 80, B 62 + 50.
    pytest.param(
        {**EXACT, "announcements": True, "announcements_count": False},
        hand("A", 80, {"A": 100}, ann={"B": 50}),
        "made",
        180,
        112,
        id="defense_announcement_does_not_count",
    ),
    # -- Capot on a numeric bid (capot_points; made iff check(T) >= V)
    pytest.param(EXACT, hand("A", 120, capot="A"), "made", 370, 0, id="capot_250_on_120"),
    pytest.param(
        {**EXACT, "capot_points": 252}, hand("A", 120, capot="A"), "made", 372, 0, id="capot_252"
    ),
    pytest.param(
        {**EXACT, "capot_points": 162}, hand("A", 120, capot="A"), "made", 282, 0, id="capot_162"
    ),
    # capot 162 on a bid of 170: 162 < 170, the contract fails though capot: D 160 + 170.
    pytest.param(
        {**EXACT, "capot_points": 162},
        hand("A", 170, capot="A"),
        "dedans",
        0,
        330,
        id="capot_162_short_of_170",
    ),
    # ... unless the belote counts: 182 >= 170: 162 + 170 + 20.
    pytest.param(
        {**EXACT, "capot_points": 162},
        hand("A", 170, capot="A", belote="A"),
        "made",
        352,
        0,
        id="capot_162_and_belote_make_170",
    ),
    # The defense's capot: failed, D 160 + 80 (not capot_points); T keeps its belote.
    pytest.param(EXACT, hand("A", 80, capot="B"), "dedans", 0, 240, id="defense_capot"),
    pytest.param(
        EXACT,
        hand("A", 80, capot="B", belote="A", coinche="coinche"),
        "dedans",
        20,
        480,  # (160 + 80) x 2
        id="defense_capot_coinched_taker_belote",
    ),
    # A made capot with coinche, all: (160 + 120) x 2.
    pytest.param(
        EXACT, hand("A", 120, capot="A", coinche="coinche"), "made", 560, 0, id="capot_coinched"
    ),
    # ... with total: (250 + 120) x 2.
    pytest.param(
        {**EXACT, "coinche_score": "total"},
        hand("A", 120, capot="A", coinche="coinche"),
        "made",
        740,
        0,
        id="capot_coinched_total",
    ),
    # -- Bid of capot: stake S = capot_bid_points, made iff capot is T.
    pytest.param(EXACT, hand("A", "capot", capot="A"), "made", 500, 0, id="capot_bid_made"),
    pytest.param(
        {**EXACT, "capot_bid_points": 250},
        hand("A", "capot", capot="A"),
        "made",
        250,
        0,
        id="capot_bid_250",
    ),
    pytest.param(
        EXACT,
        hand("A", "capot", capot="A", coinche="coinche"),
        "made",
        1000,
        0,
        id="capot_bid_coinched",
    ),
    pytest.param(
        EXACT,
        hand("A", "capot", capot="A", coinche="surcoinche"),
        "made",
        2000,
        0,
        id="capot_bid_surcoinched",
    ),
    # S x m whatever coinche_score and made_score say: 500 x 2.
    pytest.param(
        {**EXACT, "coinche_score": "bid", "made_score": "bid_only"},
        hand("A", "capot", capot="A", coinche="coinche"),
        "made",
        1000,
        0,
        id="capot_bid_ignores_coinche_score",
    ),
    # S x m + ann(A) + ann(B) + its belote: 500 x 2 + 100 + 20; D keeps its nothing.
    pytest.param(
        {**EXACT, "announcements": True},
        hand("A", "capot", capot="A", coinche="coinche", belote="A", ann={"A": 100}),
        "made",
        1120,
        0,
        id="capot_bid_announcements_belote",
    ),
    # Failed: the defense took a trick (points optional, not used): D 500.
    pytest.param(EXACT, hand("A", "capot"), "dedans", 0, 500, id="capot_bid_failed_no_points"),
    pytest.param(
        EXACT, hand("A", "capot", {"A": 150}), "dedans", 0, 500, id="capot_bid_failed_points"
    ),
    # 162 without capot is not a capot: failed.
    pytest.param(
        EXACT, hand("A", "capot", {"A": 162}), "dedans", 0, 500, id="capot_bid_162_no_capot"
    ),
    # Failed, each keeps its belote; the defense's capot; coinched: 500 x 2 + 20.
    pytest.param(
        EXACT,
        hand("A", "capot", capot="B", belote="B", coinche="coinche"),
        "dedans",
        0,
        1020,
        id="capot_bid_defense_capot",
    ),
    pytest.param(
        EXACT,
        hand("A", "capot", {"B": 10}, belote="A"),
        "dedans",
        20,
        500,
        id="capot_bid_failed_taker_keeps_belote",
    ),
    # Failed: all the announcements to D: 500 + 50.
    pytest.param(
        {**EXACT, "announcements": True},
        hand("A", "capot", ann={"A": 50}),
        "dedans",
        0,
        550,
        id="capot_bid_failed_announcements_to_defense",
    ),
    # -- Générale: twice capot_bid_points; made iff capot is T and solo.
    pytest.param(
        EXACT, hand("A", "generale", capot="A", solo=True), "made", 1000, 0, id="generale_made"
    ),
    pytest.param(
        {**EXACT, "capot_bid_points": 250},
        hand("A", "generale", capot="A", solo=True),
        "made",
        500,
        0,
        id="generale_250",
    ),
    pytest.param(
        EXACT,
        hand("A", "generale", capot="A", solo=True, coinche="coinche", belote="A"),
        "made",
        2020,  # 1000 x 2 + 20
        0,
        id="generale_coinched_with_belote",
    ),
    pytest.param(
        EXACT,
        hand("A", "generale", capot="A", solo=False),
        "dedans",
        0,
        1000,
        id="generale_partner_took_a_trick",
    ),
    pytest.param(EXACT, hand("A", "generale", capot="B"), "dedans", 0, 1000, id="generale_capot_d"),
    pytest.param(
        EXACT, hand("A", "generale", {"A": 140}), "dedans", 0, 1000, id="generale_no_capot"
    ),
    # -- Failed (dedans): D (160 + V) x m (bid: 160 + V x m) + ann + bel(D); T bel(T).
    pytest.param(
        EXACT, hand("A", 100, {"A": 90}, coinche="coinche"), "dedans", 0, 520, id="failed_all"
    ),
    pytest.param(
        {**EXACT, "coinche_score": "total"},
        hand("A", 100, {"A": 90}, coinche="coinche"),
        "dedans",
        0,
        520,  # (160 + 100) x 2, as all
        id="failed_total",
    ),
    pytest.param(
        {**EXACT, "coinche_score": "bid"},
        hand("A", 100, {"A": 90}, coinche="coinche"),
        "dedans",
        0,
        360,  # 160 + 100 x 2
        id="failed_bid",
    ),
    pytest.param(
        {**EXACT, "coinche_score": "bid"},
        hand("A", 120, {"A": 100}, coinche="surcoinche"),
        "dedans",
        0,
        640,  # 160 + 120 x 4
        id="failed_bid_surcoinche",
    ),
    pytest.param(
        {**EXACT, "coinche_score": "bid"},
        hand("A", 120, {"A": 100}),
        "dedans",
        0,
        280,  # m = 1: 160 + 120
        id="failed_bid_not_coinched",
    ),
    pytest.param(
        EXACT,
        hand("A", 120, {"A": 100}, coinche="surcoinche"),
        "dedans",
        0,
        1120,  # (160 + 120) x 4
        id="failed_surcoinche",
    ),
    # made_score never changes a failed contract: 160 + 100.
    pytest.param(
        {**EXACT, "made_score": "bid_only"},
        hand("A", 100, {"A": 90}),
        "dedans",
        0,
        260,
        id="failed_bid_only",
    ),
    pytest.param(
        {**EXACT, "made_score": "160_plus_bid"},
        hand("A", 100, {"A": 90}),
        "dedans",
        0,
        260,
        id="failed_160_plus_bid",
    ),
    # The taker's own announcement goes to D: 60 + 20 = 80 < 100: 160 + 100 + 20.
    pytest.param(
        {**EXACT, "announcements": True},
        hand("A", 100, {"A": 60}, ann={"A": 20}),
        "dedans",
        0,
        280,
        id="failed_taker_announcement_to_defense",
    ),
    # Both belotes stay: T 70 + 20 = 90 < 100, coinched: D 520 + its nothing, T 20.
    pytest.param(
        EXACT,
        hand("A", 100, {"A": 70}, coinche="coinche", belote="A"),
        "dedans",
        20,
        520,
        id="failed_taker_keeps_belote",
    ),
    pytest.param(
        EXACT,
        hand("A", 100, {"A": 90}, coinche="coinche", belote="B"),
        "dedans",
        0,
        540,  # (160 + 100) x 2 + 20, the belote not multiplied
        id="failed_defense_belote_not_multiplied",
    ),
    # -- Made, coinched, all: T (160 + V) x m + ann(A) + ann(B) + bel(T); D bel(D).
    pytest.param(
        EXACT,
        hand("A", 100, {"A": 120}, coinche="coinche", belote="A"),
        "made",
        540,  # 520 + 20, the belote not multiplied
        0,
        id="made_all_taker_belote",
    ),
    # D: 42 + 20 = 62 < 120: made; D keeps its belote only.
    pytest.param(
        EXACT,
        hand("A", 100, {"A": 120}, coinche="coinche", belote="B"),
        "made",
        520,
        20,
        id="made_all_defense_belote",
    ),
    # The defense's announcement goes to T: 520 + 20.
    pytest.param(
        {**EXACT, "announcements": True},
        hand("A", 100, {"A": 120}, coinche="coinche", ann={"B": 20}),
        "made",
        540,
        0,
        id="made_all_defense_announcement",
    ),
    # made_score does not matter with all and m > 1: (160 + 100) x 2.
    pytest.param(
        {**EXACT, "made_score": "bid_only"},
        hand("A", 100, {"A": 120}, coinche="coinche"),
        "made",
        520,
        0,
        id="made_all_bid_only",
    ),
    # -- Made, otherwise: V' = V x m (bid), k = m (total), pts = tricks + ann.
    # points_plus_bid: T (pts(T) + V') x k + bel(T); D pts(D) + bel(D).
    pytest.param(EXACT, hand("A", 100, {"A": 120}), "made", 220, 42, id="points_plus_bid"),
    pytest.param(
        {**EXACT, "announcements": True},
        hand("A", 100, {"A": 120}, ann={"B": 20}, belote="B"),
        "made",
        220,  # 120 + 100; check(D) = 42 + 20 + 20 = 82 < 120
        82,  # D keeps its points, announcement and belote: 42 + 20 + 20
        id="points_plus_bid_defense_keeps_its_own",
    ),
    pytest.param(
        {**EXACT, "coinche_score": "total", "announcements": True},
        hand("A", 100, {"A": 120}, coinche="coinche", ann={"A": 50}, belote="A"),
        "made",
        560,  # (120 + 50 + 100) x 2 + 20
        42,
        id="points_plus_bid_total_multiplies_announcements",
    ),
    pytest.param(
        {**EXACT, "coinche_score": "bid", "announcements": True},
        hand("A", 100, {"A": 120}, coinche="coinche", ann={"A": 50}, belote="A"),
        "made",
        390,  # 120 + 50 + 100 x 2 + 20
        42,
        id="points_plus_bid_bid_mode",
    ),
    # bid_only: T V' x k + ann(A) + ann(B) + bel(T); D bel(D).
    pytest.param(
        {**EXACT, "made_score": "bid_only"},
        hand("A", 100, {"A": 120}),
        "made",
        100,
        0,
        id="bid_only",
    ),
    pytest.param(
        {**EXACT, "made_score": "bid_only", "announcements": True},
        hand("A", 100, {"A": 120}, ann={"B": 20}, belote="B"),
        "made",
        120,  # 100 + the defense's 20 of announcements
        20,  # its belote only
        id="bid_only_announcements_to_taker",
    ),
    pytest.param(
        {**EXACT, "made_score": "bid_only", "coinche_score": "total"},
        hand("A", 100, {"A": 120}, coinche="coinche", belote="A"),
        "made",
        220,  # 100 x 2 + 20
        0,
        id="bid_only_total",
    ),
    pytest.param(
        {**EXACT, "made_score": "bid_only", "coinche_score": "bid", "announcements": True},
        hand("A", 90, {"A": 130}, coinche="surcoinche", ann={"A": 50}),
        "made",
        410,  # 90 x 4 + 50 (announcements not multiplied)
        0,
        id="bid_only_bid_surcoinche",
    ),
    # 160_plus_bid: T (160 + V') x k + ann(A) + ann(B) + bel(T); D bel(D).
    pytest.param(
        {**EXACT, "made_score": "160_plus_bid"},
        hand("A", 100, {"A": 120}, belote="B"),
        "made",
        260,  # 160 + 100; check(D) = 62 < 120
        20,
        id="160_plus_bid",
    ),
    pytest.param(
        {**EXACT, "made_score": "160_plus_bid", "coinche_score": "total", "announcements": True},
        hand("A", 100, {"A": 120}, coinche="coinche", ann={"A": 50}),
        "made",
        570,  # (160 + 100) x 2 + 50 (announcements not multiplied)
        0,
        id="160_plus_bid_total",
    ),
    pytest.param(
        {**EXACT, "made_score": "160_plus_bid", "coinche_score": "bid"},
        hand("A", 100, {"A": 120}, coinche="coinche"),
        "made",
        360,  # 160 + 100 x 2
        0,
        id="160_plus_bid_bid",
    ),
    # -- Rounding: each team's hand score, 5 up, applied last.
    # 113 + 110 = 223 -> 220; 49 -> 50 (lacontree's example).
    pytest.param({}, hand("A", 110, {"A": 113}), "made", 220, 50, id="round_223_49"),
    # 125 + 100 = 225 -> 230; 37 -> 40.
    pytest.param({}, hand("A", 100, {"A": 125}), "made", 230, 40, id="round_5_up"),
    # 118 + 100 = 218 -> 220; 44 -> 40.
    pytest.param({}, hand("A", 100, {"A": 118}), "made", 220, 40, id="round_44_down"),
    # 85 + 80 + 20 = 185 -> 190; 77 -> 80.
    pytest.param({}, hand("A", 80, {"A": 85}, belote="A"), "made", 190, 80, id="round_belote"),
    # 99 would round to 100 but never decides: dedans, 160 + 100.
    pytest.param({}, hand("A", 100, {"A": 99}), "dedans", 0, 260, id="round_never_decides"),
    # total: (123 + 100) x 2 = 446 -> 450; 39 -> 40.
    pytest.param(
        {"coinche_score": "total"},
        hand("A", 100, {"A": 123}, coinche="coinche"),
        "made",
        450,
        40,
        id="round_total",
    ),
    # -- The suit is for the record; a belote at all_trump is allowed.
    pytest.param(
        EXACT,
        hand("A", 100, {"A": 120}, suit="all_trump", belote="A"),
        "made",
        240,  # 120 + 100 + 20
        42,
        id="all_trump_belote",
    ),
    pytest.param(
        EXACT,
        hand("A", 100, {"A": 120}, suit="no_trump"),
        "made",
        220,
        42,
        id="no_trump",
    ),
]


@pytest.mark.parametrize(("rules", "h", "outcome", "score_a", "score_b"), ONE_HAND)
def test_one_hand(rules: dict, h: dict, outcome: str, score_a: int, score_b: int):
    got = score([h], **rules)["hands"][0]
    assert got["outcome"] == outcome
    assert got["score"] == {"A": score_a, "B": score_b}
    assert got["reserve"] == 0
    assert got["totals"] == {"A": score_a, "B": score_b}


@pytest.mark.parametrize(("rules", "h", "outcome", "score_a", "score_b"), ONE_HAND)
def test_one_hand_taker_b(rules: dict, h: dict, outcome: str, score_a: int, score_b: int):
    got = score([mirror_hand(h)], **rules)["hands"][0]
    assert got["outcome"] == outcome
    assert got["score"] == {"A": score_b, "B": score_a}


def test_hand_results_carry_tricks_checks_and_winner():
    # Bid 100 by B, A has 60 (B 102), belote B, A's tierce: check B 122, A 80.
    rules = CoincheRules(rounding="none", announcements=True)
    h = CoincheHand("B", 100, points_team="A", trick_points=60, belote="B", announcements=Pair(20))
    (got,) = score_match(rules, [h]).hands
    assert got.outcome is Outcome.MADE
    assert got.tricks == Pair(60, 102)
    assert got.hand_totals == Pair(80, 122)
    assert got.winner == "B"
    assert (got.reserve, got.collected) == (0, 0)
    assert got.score == Pair(60 + 20, 102 + 100 + 20)


@pytest.mark.parametrize(
    ("h", "tricks", "hand_totals", "winner"),
    [
        pytest.param(CoincheHand(None), None, None, None, id="redeal"),
        pytest.param(CoincheHand("A", 120, capot="A"), Pair(250, 0), Pair(250, 0), "A", id="capot"),
        pytest.param(CoincheHand("A", "capot", capot="A"), Pair(250, 0), None, "A", id="bid_capot"),
        pytest.param(CoincheHand("A", "capot"), None, None, "B", id="bid_capot_failed"),
        pytest.param(
            CoincheHand("A", "capot", points_team="B", trick_points=12),
            Pair(150, 12),
            None,
            "B",
            id="bid_capot_failed_points",
        ),
    ],
)
def test_hand_results_of_capots_and_redeals(h, tricks, hand_totals, winner):
    (got,) = score_match(CoincheRules(), [h]).hands
    assert (got.tricks, got.hand_totals, got.winner) == (tricks, hand_totals, winner)


# --------------------------------------------------------------------------
# End of match
# --------------------------------------------------------------------------

BID_ONLY = {"rounding": "none", "made_score": "bid_only"}

# (rules, hands, (totals A, B), finished, winner, decisive_hand)
END_OF_MATCH = [
    # 100 to A: past the target 100, A wins.
    pytest.param(
        {**BID_ONLY, "target": 100},
        [hand("A", 100, {"A": 120})],
        (100, 0),
        True,
        "A",
        False,
        id="reached",
    ),
    pytest.param(
        {**BID_ONLY, "target": 101},
        [hand("A", 100, {"A": 120})],
        (100, 0),
        False,
        None,
        False,
        id="one_short",
    ),
    # Both past the target, the higher wins: A 100, then B's 80 fails: A 100 + 240.
    pytest.param(
        {**BID_ONLY, "target": 100},
        [hand("B", 80, {"B": 100}), hand("B", 80, {"B": 70})],
        (240, 80),
        True,
        "A",
        False,
        id="defense_wins_on_a_dedans",
    ),
    # 100 / 100 at the target 100: a decisive hand; B's 80 then wins it.
    pytest.param(
        {**BID_ONLY, "target": 200},
        [hand("A", 100, {"A": 120}), hand("B", 100, {"B": 120})],
        (100, 100),
        False,
        None,
        False,
        id="tie_below_target",
    ),
    pytest.param(
        {**BID_ONLY, "target": 100},
        [hand("A", 90, {"A": 120}), hand("B", 100, {"B": 120})],
        (90, 100),
        True,
        "B",
        False,
        id="second_team_reaches",
    ),
    pytest.param(
        {**BID_ONLY, "target": 80},
        [hand("A", 80, {"A": 100}, belote="B")],
        (80, 20),
        True,
        "A",
        False,
        id="taker_reaches_defense_below",
    ),
    pytest.param(
        {**BID_ONLY, "target": 20},
        [hand("A", 80, {"A": 100}, belote="B")],
        (80, 20),
        True,
        "A",
        False,
        id="both_reach_higher_wins",
    ),
    # Tie at or past the target: another hand. A 80 + 82 / B 80, then B the same:
    # 242 / 242 >= 200.
    pytest.param(
        {**EXACT, "target": 200},
        [hand("A", 80, {"A": 82}), hand("B", 80, {"B": 82})],
        (242, 242),
        False,
        None,
        True,
        id="tie_at_target_decisive_hand",
    ),
    pytest.param(
        {**EXACT, "target": 200},
        [hand("A", 80, {"A": 82}), hand("B", 80, {"B": 82}), hand(None)],
        (242, 242),
        False,
        None,
        True,
        id="redeal_after_a_tie",
    ),
    # The decisive hand: B 90 + 80, A 72.
    pytest.param(
        {**EXACT, "target": 200},
        [
            hand("A", 80, {"A": 82}),
            hand("B", 80, {"B": 82}),
            hand(None),
            hand("B", 80, {"B": 90}),
        ],
        (314, 412),
        True,
        "B",
        False,
        id="decisive_hand_played",
    ),
    # A bid of capot takes the match: 500 >= 500.
    pytest.param(
        {**EXACT, "target": 500},
        [hand("B", "capot", capot="B")],
        (0, 500),
        True,
        "B",
        False,
        id="capot_bid_reaches",
    ),
]


@pytest.mark.parametrize(
    ("rules", "hands", "totals", "finished", "winner", "decisive"), END_OF_MATCH
)
def test_end_of_match(rules, hands, totals, finished, winner, decisive):
    result = score(hands, **rules)
    assert result["totals"] == {"A": totals[0], "B": totals[1]}
    assert result["finished"] is finished
    assert result["winner"] == winner
    assert result["decisive_hand"] is decisive
    assert result["reserve"] == 0
    ends = [
        h for h in score_match(*parse_match_document(doc(hands, **rules))).hands if h.ends_match
    ]
    assert len(ends) == (1 if finished else 0)


@pytest.mark.parametrize(
    "late",
    [
        pytest.param([hand("B", 80, {"B": 100})], id="a_played_hand"),
        pytest.param([hand(None)], id="a_redeal"),
        pytest.param([hand(None), hand("A", 80, {"A": 100})], id="two"),
    ],
)
def test_a_hand_after_the_end_is_an_error(late):
    hands = [hand("A", 100, {"A": 120}, coinche="coinche"), *late]
    with pytest.raises(MatchError) as info:
        score(hands, target=500)
    assert problems_of(info) == [(n, "hand", "after_end") for n in range(2, 2 + len(late))]
    assert all("ended with hand 1" in p.message for p in info.value.problems)


def test_a_redeal_scores_nothing():
    result = score([hand(None), hand("A", 100, {"A": 120}), hand(None, announcements=None)])
    assert [h["outcome"] for h in result["hands"]] == ["passed", "made", "passed"]
    assert result["hands"][0]["score"] == {"A": 0, "B": 0}
    assert result["hands"][2]["totals"] == result["hands"][1]["totals"] == {"A": 220, "B": 40}


# --------------------------------------------------------------------------
# Validation: every problem, stable codes
# --------------------------------------------------------------------------

GOOD = hand("A", 100, {"A": 120})

DOCUMENT_ERRORS = [
    # -- The belote rules and keys do not exist at coinche.
    pytest.param(
        doc([GOOD], litige="reserve"), [(None, "rules.litige", "unknown_key")], id="rule_litige"
    ),
    pytest.param(
        doc([GOOD], renonce="penalty"), [(None, "rules.renonce", "unknown_key")], id="rule_renonce"
    ),
    pytest.param(
        doc([GOOD], win_needs_trick=True),
        [(None, "rules.win_needs_trick", "unknown_key")],
        id="rule_win_needs_trick",
    ),
    pytest.param(
        doc([GOOD, {**GOOD, "renonce": None}]), [(2, "renonce", "unknown_key")], id="hand_renonce"
    ),
    pytest.param(
        doc([GOOD, {**GOOD, "renonce": "B"}]), [(2, "renonce", "unknown_key")], id="hand_renonce_b"
    ),
    pytest.param(doc([GOOD], trump="x"), [(None, "rules.trump", "unknown_key")], id="rule_typo"),
    pytest.param(doc([{**GOOD, "bids": 100}]), [(1, "bids", "unknown_key")], id="hand_typo"),
    # -- Rule values.
    pytest.param(doc([], target=0), [(None, "rules.target", "out_of_range")], id="target_0"),
    pytest.param(doc([], target="2000"), [(None, "rules.target", "not_integer")], id="target_str"),
    pytest.param(
        doc([], rounding="nearest"), [(None, "rules.rounding", "invalid_choice")], id="rounding"
    ),
    pytest.param(
        doc([], made_score="points"), [(None, "rules.made_score", "invalid_choice")], id="made"
    ),
    pytest.param(
        doc([], coinche_score="double"),
        [(None, "rules.coinche_score", "invalid_choice")],
        id="coinche_score",
    ),
    pytest.param(
        doc([], belote_counts=1), [(None, "rules.belote_counts", "invalid_choice")], id="bool_1"
    ),
    pytest.param(
        doc([], announcements="yes"),
        [(None, "rules.announcements", "invalid_choice")],
        id="announcements_rule",
    ),
    pytest.param(
        doc([], announcements_count=None),
        [(None, "rules.announcements_count", "invalid_choice")],
        id="announcements_count_null",
    ),
    pytest.param(
        doc([], capot_points=251), [(None, "rules.capot_points", "invalid_choice")], id="capot_251"
    ),
    pytest.param(
        doc([], capot_bid_points=1000),
        [(None, "rules.capot_bid_points", "invalid_choice")],
        id="capot_bid_1000",
    ),
    pytest.param(
        {"game": "coinche", "rules": None, "hands": []},
        [(None, "rules", "not_object")],
        id="rules_null",
    ),
    pytest.param({"game": "coinche"}, [(None, "hands", "required")], id="hands_missing"),
    pytest.param(
        {"game": "coinche", "hands": {}}, [(None, "hands", "not_list")], id="hands_object"
    ),
    pytest.param(doc([GOOD, 3]), [(2, "hand", "not_object")], id="hand_number"),
    # -- The bid.
    pytest.param(doc([hand("A", None, {"A": 120})]), [(1, "bid", "required")], id="bid_missing"),
    pytest.param(doc([{**GOOD, "bid": None}]), [(1, "bid", "required")], id="bid_null"),
    pytest.param(doc([{**GOOD, "bid": 70}]), [(1, "bid", "invalid_choice")], id="bid_70"),
    pytest.param(doc([{**GOOD, "bid": 85}]), [(1, "bid", "invalid_choice")], id="bid_85"),
    pytest.param(doc([{**GOOD, "bid": 190}]), [(1, "bid", "invalid_choice")], id="bid_190"),
    pytest.param(doc([{**GOOD, "bid": 250}]), [(1, "bid", "invalid_choice")], id="bid_250"),
    pytest.param(doc([{**GOOD, "bid": "100"}]), [(1, "bid", "invalid_choice")], id="bid_str"),
    pytest.param(doc([{**GOOD, "bid": 100.0}]), [(1, "bid", "invalid_choice")], id="bid_float"),
    pytest.param(doc([{**GOOD, "bid": True}]), [(1, "bid", "invalid_choice")], id="bid_true"),
    pytest.param(doc([{**GOOD, "bid": "Capot"}]), [(1, "bid", "invalid_choice")], id="bid_case"),
    pytest.param(doc([{**GOOD, "bid": [100]}]), [(1, "bid", "invalid_choice")], id="bid_list"),
    # -- Suit and coinche.
    pytest.param(doc([{**GOOD, "suit": "trefle"}]), [(1, "suit", "invalid_choice")], id="suit"),
    pytest.param(doc([{**GOOD, "coinche": "double"}]), [(1, "coinche", "invalid_choice")], id="co"),
    pytest.param(doc([{**GOOD, "coinche": 2}]), [(1, "coinche", "invalid_choice")], id="co_2"),
    pytest.param(
        doc([{**GOOD, "suit": "no_trump", "belote": "A"}]),
        [(1, "belote", "belote_at_no_trump")],
        id="belote_at_no_trump",
    ),
    # -- Points and capot.
    pytest.param(doc([hand("A", 100)]), [(1, "points", "required")], id="points_missing"),
    pytest.param(
        doc([hand("A", 100, {"A": 100}, capot="A")]),
        [(1, "points", "points_with_capot")],
        id="points_with_capot",
    ),
    pytest.param(
        doc([hand("A", "capot", {"A": 162}, capot="A")]),
        [(1, "points", "points_with_capot")],
        id="points_with_capot_on_capot_bid",
    ),
    pytest.param(
        doc([hand("A", "generale", {"B": 0}, capot="A", solo=True)]),
        [(1, "points", "points_with_capot")],
        id="points_with_capot_on_generale",
    ),
    pytest.param(
        doc([hand("A", "capot", {"A": 163})]),
        [(1, "points", "out_of_range")],
        id="points_on_capot_bid_checked",
    ),
    pytest.param(doc([hand("A", 100, {"A": -1})]), [(1, "points", "out_of_range")], id="pts_-1"),
    pytest.param(doc([hand("A", 100, {"A": 82.5})]), [(1, "points", "not_integer")], id="pts_f"),
    pytest.param(
        doc([hand("A", 100, {"A": 80, "B": 82})]), [(1, "points", "points_one_team")], id="pts_2"
    ),
    pytest.param(doc([hand("A", 100, {"C": 80})]), [(1, "points.C", "unknown_key")], id="pts_C"),
    pytest.param(doc([hand("A", 100, capot="C")]), [(1, "capot", "invalid_team")], id="capot_C"),
    pytest.param(doc([{**GOOD, "taker": "C"}]), [(1, "taker", "invalid_team")], id="taker_C"),
    pytest.param(doc([{"bid": 100, "points": {"A": 90}}]), [(1, "taker", "required")], id="no_tk"),
    # -- solo: a générale whose taker made the capot, and only there.
    pytest.param(
        doc([hand("A", "generale", capot="A")]), [(1, "solo", "required")], id="generale_no_solo"
    ),
    pytest.param(
        doc([hand("A", "generale", capot="A", solo=None)]),
        [(1, "solo", "required")],
        id="generale_solo_null",
    ),
    pytest.param(
        doc([hand("A", "generale", capot="A", solo=1)]),
        [(1, "solo", "invalid_choice")],
        id="generale_solo_1",
    ),
    pytest.param(
        doc([hand("A", "generale", capot="B", solo=False)]),
        [(1, "solo", "solo_not_allowed")],
        id="solo_defense_capot",
    ),
    pytest.param(
        doc([hand("A", "generale", {"A": 150}, solo=False)]),
        [(1, "solo", "solo_not_allowed")],
        id="solo_no_capot",
    ),
    pytest.param(
        doc([hand("A", "capot", capot="A", solo=True)]),
        [(1, "solo", "solo_not_allowed")],
        id="solo_on_capot_bid",
    ),
    pytest.param(
        doc([{**GOOD, "solo": False}]), [(1, "solo", "solo_not_allowed")], id="solo_on_numeric"
    ),
    # -- A redeal has nothing else.
    *[
        pytest.param(
            doc([hand(None, **{key: value})]), [(1, key, "not_on_redeal")], id=f"redeal_{key}"
        )
        for key, value in (
            ("bid", 80),
            ("suit", "hearts"),
            ("coinche", "coinche"),
            ("points", {"A": 0}),
            ("capot", "A"),
            ("solo", False),
            ("belote", "B"),
        )
    ],
    pytest.param(
        doc([hand(None, ann={"A": 20})], announcements=True),
        [(1, "announcements", "not_on_redeal")],
        id="redeal_announcements",
    ),
    # -- Announcements.
    pytest.param(
        doc([{**GOOD, "announcements": {"A": 20}}]),
        [(1, "announcements.A", "announcements_disabled")],
        id="announcements_not_played_by_default",
    ),
    pytest.param(
        doc([{**GOOD, "announcements": {"A": 20, "B": 50}}], announcements=True),
        [(1, "announcements", "announcements_both_teams")],
        id="announcements_both_teams",
    ),
    pytest.param(
        doc([{**GOOD, "announcements": {"B": 30}}], announcements=True),
        [(1, "announcements.B", "not_announcement_sum")],
        id="announcement_30",
    ),
    pytest.param(
        doc([{**GOOD, "announcements": {"a": 20}}], announcements=True),
        [(1, "announcements.a", "unknown_key")],
        id="announcements_unknown_team",
    ),
    pytest.param(
        doc([{**GOOD, "announcements": [20]}], announcements=True),
        [(1, "announcements", "not_object")],
        id="announcements_list",
    ),
    # -- The game key.
    pytest.param({**doc([GOOD]), "game": "Coinche"}, [(None, "game", "invalid_choice")], id="g1"),
    pytest.param({**doc([GOOD]), "game": None}, [(None, "game", "invalid_choice")], id="g_null"),
    pytest.param({**doc([GOOD]), "game": ["coinche"]}, [(None, "game", "invalid_choice")], id="gl"),
    # A coinche hand in a belote document: belote's problems.
    pytest.param(
        {**doc([GOOD]), "game": "belote", "rules": {}},
        [(1, "bid", "unknown_key")],
        id="coinche_hand_in_a_belote_document",
    ),
]


@pytest.mark.parametrize(("document", "expected"), DOCUMENT_ERRORS)
def test_invalid_document(document: Any, expected: list):
    with pytest.raises(MatchError) as info:
        score_document(document)
    assert problems_of(info) == expected
    assert all(p.message for p in info.value.problems)
    with pytest.raises(MatchError) as info:
        parse_match_document(document)
    assert problems_of(info) == expected


def test_every_problem_at_once():
    document = doc(
        [
            GOOD,
            hand("A", 75, {"A": 200}, coinche="x"),
            hand("B", "generale", capot="B"),
            hand(None, bid=80),
        ],
        litige="fall",
    )
    with pytest.raises(MatchError) as info:
        score_document(document)
    assert problems_of(info) == [
        (None, "rules.litige", "unknown_key"),
        (2, "points", "out_of_range"),
        (2, "bid", "invalid_choice"),
        (2, "coinche", "invalid_choice"),
        (3, "solo", "required"),
        (4, "bid", "not_on_redeal"),
    ]


@pytest.mark.parametrize(
    "document",
    [
        pytest.param(doc([]), id="empty"),
        pytest.param({"game": "coinche", "hands": [], "name": "x", "junk": 1}, id="extra_keys"),
        pytest.param(doc([hand("A", "capot")]), id="capot_bid_without_points"),
        pytest.param(doc([{**GOOD, "suit": "all_trump", "belote": "A"}]), id="belote_all_trump"),
        pytest.param(doc([{**GOOD, "suit": None, "belote": "B"}]), id="belote_suit_null"),
        pytest.param(doc([{**GOOD, "announcements": {"A": 0}}]), id="zero_announcements_off"),
        pytest.param(doc([{**GOOD, "announcements": None}]), id="announcements_null"),
        pytest.param(
            doc(
                [
                    {
                        "taker": None,
                        "bid": None,
                        "suit": None,
                        "coinche": None,
                        "points": None,
                        "capot": None,
                        "solo": None,
                        "belote": None,
                        "announcements": {"A": 0, "B": 0},
                    }
                ]
            ),
            id="redeal_all_null",
        ),
        pytest.param(
            doc(
                [GOOD],
                target=1,
                rounding="none",
                made_score="160_plus_bid",
                coinche_score="bid",
                belote_counts=False,
                announcements=True,
                announcements_count=False,
                capot_points=162,
                capot_bid_points=250,
            ),
            id="every_rule_set",
        ),
    ],
)
def test_valid_document(document: dict):
    result = score_document(document)
    assert len(result["hands"]) == len(document["hands"])


def test_a_failed_capot_bid_is_the_same_with_or_without_points():
    assert score([hand("A", "capot")]) == score([hand("A", "capot", {"B": 40})])


# --------------------------------------------------------------------------
# The engine's own entry points
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "hands", "expected"),
    [
        pytest.param(Rules(), [], [(None, "rules", "not_object")], id="belote_rules_to_coinche"),
        pytest.param(
            CoincheRules(target=-1), [], [(None, "rules.target", "out_of_range")], id="bad_rules"
        ),
        pytest.param(CoincheRules(), "hands", [(None, "hands", "not_list")], id="hands_str"),
        pytest.param(CoincheRules(), {}, [(None, "hands", "not_list")], id="hands_dict"),
        pytest.param(
            CoincheRules(),
            [HandInput("A", "A", 100)],
            [(1, "hand", "not_object")],
            id="a_belote_hand",
        ),
        pytest.param(
            CoincheRules(),
            [CoincheHand("A", 100, points_team="A", trick_points=120), CoincheHand("A", 95)],
            [(2, "bid", "invalid_choice")],
            id="bad_hand",
        ),
    ],
)
def test_coinche_score_match_rejects(rules, hands, expected):
    with pytest.raises(MatchError) as info:
        coinche.score_match(rules, hands)
    assert [(p.hand, p.field, p.code) for p in info.value.problems] == expected


def test_check_hand_and_check_rules():
    rules = CoincheRules()
    assert coinche.check_rules(rules) == []
    assert coinche.check_hand(rules, CoincheHand("A", "capot"), 1) == []
    assert [p.code for p in coinche.check_hand(rules, CoincheHand("A", 100), 3)] == ["required"]
    assert coinche.check_hand(rules, CoincheHand("A", 100), 3)[0].hand == 3
    bad = CoincheRules(rounding="up", capot_points=252.0)
    assert [p.field for p in coinche.check_rules(bad)] == ["rules.rounding", "rules.capot_points"]


def test_score_match_takes_a_tuple_and_gives_belote_s_result_type():
    hands = (CoincheHand("A", 100, points_team="A", trick_points=120),)
    result = coinche.score_match(CoincheRules(rounding="none"), hands)
    assert isinstance(result, scoring.MatchResult)
    assert result.totals == Pair(220, 42)
    assert (result.reserve, result.finished, result.no_trick_block) == (0, False, False)


# --------------------------------------------------------------------------
# The document layer: the game key chooses
# --------------------------------------------------------------------------


def test_document_game():
    assert document_game({"hands": []}) is Game.BELOTE
    assert document_game({"game": "belote", "hands": []}) is Game.BELOTE
    assert document_game({"game": "coinche", "hands": []}) is Game.COINCHE
    assert document_game([]) is Game.BELOTE  # belote's parser says what is wrong
    with pytest.raises(MatchError):
        document_game({"game": "tarot"})


def test_a_belote_document_is_scored_as_before_with_or_without_game():
    belote_doc = {"hands": [{"taker": "A", "points": {"A": 81}}]}  # a belote litige
    plain = scoring.belote.score_document(belote_doc)
    assert plain["hands"][0]["outcome"] == "litige"
    assert score_document(belote_doc) == plain
    assert score_document({**belote_doc, "game": "belote"}) == plain
    assert parse_match_document(belote_doc) == scoring.belote.parse_match_document(belote_doc)


def test_the_same_hand_differs_by_game():
    # A litige at belote (81 / 81); at coinche a tie fails: D 160 + 80.
    h = {"taker": "A", "points": {"A": 81}}
    assert score_document({"hands": [h]})["hands"][0]["outcome"] == "litige"
    got = score_document({"game": "coinche", "hands": [{**h, "bid": 80}]})["hands"][0]
    assert (got["outcome"], got["score"]) == ("dedans", {"A": 0, "B": 240})


def test_match_document_and_score_match_dispatch_on_the_rules():
    rules = CoincheRules(target=1000, coinche_score="total")
    hands = [
        CoincheHand("A", 100, suit="hearts", coinche="coinche", points_team="A", trick_points=120),
        CoincheHand(None),
        CoincheHand("B", "generale", capot="B", solo=True, belote="B"),
    ]
    document = match_document(rules, hands)
    assert document["game"] == "coinche"
    assert set(document["rules"]) == set(coinche.RULE_KEYS)
    assert document["hands"][0] == {
        "taker": "A",
        "bid": 100,
        "suit": "hearts",
        "coinche": "coinche",
        "points": {"A": 120},
        "capot": None,
        "solo": None,
        "belote": None,
        "announcements": {"A": 0, "B": 0},
    }
    assert parse_match_document(json.loads(json.dumps(document))) == (rules, hands)
    result = score_match(rules, hands)
    # (120 + 100) x 2 = 440, 42 -> 40; then B 1000 + 20.
    assert result.totals == Pair(440, 40 + 1020)
    assert result.finished and result.winner == "B"
    assert result_document(result) == score_document(document)
    # A belote match still has no game key.
    assert "game" not in match_document(Rules(), [HandInput("A", "A", 82)])


# --------------------------------------------------------------------------
# The worked cases (scoresheets/games/coinche/cases, and ../shared/scoring/coinche when present)
# --------------------------------------------------------------------------

CASES = coinche_case_files()


def test_it_finds_the_project_coinche_cases():
    assert len([p for p in CASES if p.parent == COINCHE_CASES_DIR]) >= 30


# Through the engine and the command: tests/engine/test_cases.py, every game's.


def test_the_command_reads_a_coinche_document_on_standard_input():
    path = COINCHE_CASES_DIR / "match_ends_at_target.json"
    proc = subprocess.run(
        [sys.executable, "manage.py", "score_match", "-"],
        cwd=ROOT,
        input=path.read_text(encoding="utf-8"),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert (result["totals"], result["winner"]) == ({"A": 1100, "B": 80}, "A")


def test_the_command_names_hand_and_field(tmp_path: Path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc([GOOD, hand("A", 85, {"A": 100})], renonce="penalty")))
    code, out, err = run_command("score_match", str(path))
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        "rules.renonce: is a rule of belote, not of coinche",
        'hand 2, bid: must be a multiple of 10 from 80 to 180, "capot" or "generale"',
    ]
    path.write_text(json.dumps({"game": "belote coinchée", "hands": []}))
    code, out, err = run_command("score_match", str(path))
    games = " or ".join(f'"{game}"' for game in ENGINES)
    assert (code, err.splitlines()) == (2, [f"game: must be {games}"])
