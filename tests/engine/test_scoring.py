"""Edge cases of the scoring engine, table-driven.

Every expected value below was computed by hand from docs/match-document.md
(the comments show the arithmetic), never by asking the engine.
Notation: T = taker's team, D = defense, p = T's trick points.
"""

from __future__ import annotations

from typing import Any

import pytest

from scoresheets.scoring import (
    HandInput,
    MatchError,
    Pair,
    Rules,
    check_hand,
    check_rules,
    parse_match_document,
    score_document,
    score_match,
)

REQUIRED_KEYS = {"hands", "totals", "reserve", "finished", "winner"}


# --------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------


def hand(
    taker: str | None,
    points: dict[str, int] | None = None,
    *,
    capot: str | None = None,
    belote: str | None = None,
    ann: dict[str, int] | None = None,
    renonce: str | None = None,
) -> dict[str, Any]:
    """One hand of a match document; only the keys given are written."""
    out: dict[str, Any] = {"taker": taker}
    if points is not None:
        out["points"] = points
    if capot is not None:
        out["capot"] = capot
    if belote is not None:
        out["belote"] = belote
    if ann is not None:
        out["announcements"] = ann
    if renonce is not None:
        out["renonce"] = renonce
    return out


def score(hands: list[dict[str, Any]], **rules: Any) -> dict[str, Any]:
    return score_document({"rules": rules, "hands": hands})


def swap_team(value: Any) -> Any:
    return {"A": "B", "B": "A"}.get(value, value) if isinstance(value, str) else value


def mirror_hand(h: dict[str, Any]) -> dict[str, Any]:
    """The same hand with the teams A and B exchanged."""
    out: dict[str, Any] = {}
    for key, value in h.items():
        if isinstance(value, dict):
            out[key] = {swap_team(k): v for k, v in value.items()}
        else:
            out[key] = swap_team(value)
    return out


def problems_of(info: pytest.ExceptionInfo[MatchError]) -> list[tuple[int | None, str, str]]:
    return [(p.hand, p.field, p.code) for p in info.value.problems]


# --------------------------------------------------------------------------
# One hand: thresholds, belote, announcements (taker A; mirrored for taker B)
# --------------------------------------------------------------------------

# (id, hand (taker A), outcome, score A, score B, reserve after)
ONE_HAND_A = [
    # No belote, no announcements: T p vs D 162-p, tie at 81.
    ("plain_80_dedans", hand("A", {"A": 80}), "dedans", 0, 162, 0),
    ("plain_81_litige", hand("A", {"A": 81}), "litige", 0, 81, 81),
    ("plain_82_made", hand("A", {"A": 82}), "made", 82, 80, 0),
    # Taker's belote: p+20 vs 162-p, tie at 71; T keeps 20, reserve is p.
    ("taker_belote_70_dedans", hand("A", {"A": 70}, belote="A"), "dedans", 20, 162, 0),
    ("taker_belote_71_litige", hand("A", {"A": 71}, belote="A"), "litige", 20, 91, 71),
    ("taker_belote_72_made", hand("A", {"A": 72}, belote="A"), "made", 92, 90, 0),
    # Defense's belote: p vs 182-p, tie at 91; dedans gives D 162+20.
    ("defense_belote_90_dedans", hand("A", {"A": 90}, belote="B"), "dedans", 0, 182, 0),
    ("defense_belote_91_litige", hand("A", {"A": 91}, belote="B"), "litige", 0, 91, 91),
    ("defense_belote_92_made", hand("A", {"A": 92}, belote="B"), "made", 92, 90, 0),
    # Taker's tierce: p+20 vs 162-p, tie at 71; dedans gives D 162+20; reserve p+20.
    ("taker_tierce_70_dedans", hand("A", {"A": 70}, ann={"A": 20}), "dedans", 0, 182, 0),
    ("taker_tierce_71_litige", hand("A", {"A": 71}, ann={"A": 20}), "litige", 0, 91, 91),
    ("taker_tierce_72_made", hand("A", {"A": 72}, ann={"A": 20}), "made", 92, 90, 0),
    # Defense's tierce: p vs 182-p, tie at 91; D's litige total 71+20.
    ("defense_tierce_90_dedans", hand("A", {"A": 90}, ann={"B": 20}), "dedans", 0, 182, 0),
    ("defense_tierce_91_litige", hand("A", {"A": 91}, ann={"B": 20}), "litige", 0, 91, 91),
    ("defense_tierce_92_made", hand("A", {"A": 92}, ann={"B": 20}), "made", 92, 90, 0),
    # Taker's cinquante moves the tie to 56: p+50 vs 162-p.
    ("taker_cinquante_55_dedans", hand("A", {"A": 55}, ann={"A": 50}), "dedans", 0, 212, 0),
    ("taker_cinquante_56_litige", hand("A", {"A": 56}, ann={"A": 50}), "litige", 0, 106, 106),
    ("taker_cinquante_57_made", hand("A", {"A": 57}, ann={"A": 50}), "made", 107, 105, 0),
    # Defense's cinquante moves the tie to 106: p vs 212-p.
    ("defense_cinquante_105_dedans", hand("A", {"A": 105}, ann={"B": 50}), "dedans", 0, 212, 0),
    ("defense_cinquante_106_litige", hand("A", {"A": 106}, ann={"B": 50}), "litige", 0, 106, 106),
    ("defense_cinquante_107_made", hand("A", {"A": 107}, ann={"B": 50}), "made", 107, 105, 0),
    # Taker's belote vs defense's tierce: p+20 vs 182-p, tie at 81.
    (
        "taker_belote_defense_tierce_80_dedans",
        hand("A", {"A": 80}, belote="A", ann={"B": 20}),
        "dedans",
        20,
        182,
        0,
    ),
    (
        "taker_belote_defense_tierce_81_litige",
        hand("A", {"A": 81}, belote="A", ann={"B": 20}),
        "litige",
        20,
        101,
        81,
    ),
    (
        "taker_belote_defense_tierce_82_made",
        hand("A", {"A": 82}, belote="A", ann={"B": 20}),
        "made",
        102,
        100,
        0,
    ),
    # Defense's belote vs taker's tierce: p+20 vs 182-p, tie at 81; the
    # dedans gives D 162 + 20 (T's tierce) + 20 (its belote).
    (
        "defense_belote_taker_tierce_80_dedans",
        hand("A", {"A": 80}, belote="B", ann={"A": 20}),
        "dedans",
        0,
        202,
        0,
    ),
    (
        "defense_belote_taker_tierce_81_litige",
        hand("A", {"A": 81}, belote="B", ann={"A": 20}),
        "litige",
        0,
        101,
        101,
    ),
    (
        "defense_belote_taker_tierce_82_made",
        hand("A", {"A": 82}, belote="B", ann={"A": 20}),
        "made",
        102,
        100,
        0,
    ),
    # Taker's belote + cent: p+120 vs 162-p, tie at 21; reserve 21+100.
    (
        "taker_belote_cent_20_dedans",
        hand("A", {"A": 20}, belote="A", ann={"A": 100}),
        "dedans",
        20,
        262,
        0,
    ),
    (
        "taker_belote_cent_21_litige",
        hand("A", {"A": 21}, belote="A", ann={"A": 100}),
        "litige",
        20,
        141,
        121,
    ),
    (
        "taker_belote_cent_22_made",
        hand("A", {"A": 22}, belote="A", ann={"A": 100}),
        "made",
        142,
        140,
        0,
    ),
    # A 70 (20 + 50) counts as an announcement.
    ("taker_70_announced_made", hand("A", {"A": 50}, ann={"A": 70}), "made", 120, 112, 0),
    # Points given for the defense: D 80 means T 82, etc.
    ("points_of_defense_80_made", hand("A", {"B": 80}), "made", 82, 80, 0),
    ("points_of_defense_81_litige", hand("A", {"B": 81}), "litige", 0, 81, 81),
    ("points_of_defense_82_dedans", hand("A", {"B": 82}), "dedans", 0, 162, 0),
    # 162 and 0 without a capot are ordinary hands.
    ("all_points_no_capot_made", hand("A", {"A": 162}), "made", 162, 0, 0),
    ("zero_points_no_capot_dedans", hand("A", {"A": 0}), "dedans", 0, 162, 0),
    ("zero_points_taker_belote_kept", hand("A", {"A": 0}, belote="A"), "dedans", 20, 162, 0),
    (
        "dedans_gives_taker_announcement_to_defense",
        hand("A", {"A": 40}, ann={"A": 50}),
        "dedans",
        0,
        212,
        0,
    ),
    (
        "dedans_gives_everything_to_defense",
        hand("A", {"A": 30}, belote="B", ann={"A": 100}),
        "dedans",
        0,
        282,
        0,
    ),
]


def _one_hand_params() -> list[Any]:
    params = []
    for name, h, outcome, a, b, reserve in ONE_HAND_A:
        params.append(pytest.param(h, outcome, a, b, reserve, id=f"{name}-taker_A"))
        params.append(pytest.param(mirror_hand(h), outcome, b, a, reserve, id=f"{name}-taker_B"))
    return params


@pytest.mark.parametrize(("h", "outcome", "score_a", "score_b", "reserve"), _one_hand_params())
def test_one_hand(h: dict, outcome: str, score_a: int, score_b: int, reserve: int):
    result = score([h])
    (got,) = result["hands"]
    assert got["outcome"] == outcome
    assert got["score"] == {"A": score_a, "B": score_b}
    assert got["reserve"] == reserve
    assert got["totals"] == {"A": score_a, "B": score_b}
    assert result["totals"] == {"A": score_a, "B": score_b}
    assert result["reserve"] == reserve
    assert result["finished"] is False
    assert result["winner"] is None


@pytest.mark.parametrize(
    ("h", "outcome", "score_a", "score_b"),
    [
        # Explicit taker-B cases, written out rather than mirrored.
        pytest.param(hand("B", {"B": 81}), "litige", 81, 0, id="B_81_litige"),
        pytest.param(hand("B", {"A": 80}), "made", 80, 82, id="B_points_of_defense_80_made"),
        pytest.param(hand("B", {"B": 71}, belote="B"), "litige", 91, 20, id="B_belote_71_litige"),
        pytest.param(hand("B", {"B": 90}, belote="A"), "dedans", 182, 0, id="B_defense_belote_90"),
        pytest.param(
            hand("B", {"B": 56}, ann={"B": 50}), "litige", 106, 0, id="B_cinquante_56_litige"
        ),
    ],
)
def test_one_hand_taker_b(h: dict, outcome: str, score_a: int, score_b: int):
    (got,) = score([h])["hands"]
    assert got["outcome"] == outcome
    assert got["score"] == {"A": score_a, "B": score_b}


# --------------------------------------------------------------------------
# Capot
# --------------------------------------------------------------------------

# (id, capot_points, hand (taker A), outcome, score A, score B)
CAPOT_A = [
    ("taker_capot", 252, hand("A", capot="A"), "made", 252, 0),
    ("taker_capot_taker_belote", 252, hand("A", capot="A", belote="A"), "made", 272, 0),
    # The belote of the capot'd team is kept.
    ("taker_capot_defense_belote_kept", 252, hand("A", capot="A", belote="B"), "made", 252, 20),
    (
        "taker_capot_cent_defense_belote",
        252,
        hand("A", capot="A", belote="B", ann={"A": 100}),
        "made",
        352,
        20,
    ),
    # Made: each team scores its own total, the capot'd defense's announcements too.
    ("taker_capot_defense_cinquante", 252, hand("A", capot="A", ann={"B": 50}), "made", 252, 50),
    # The capot decides even when the other side's total is higher (252 < 300 + 20).
    (
        "taker_capot_beats_bigger_defense_total",
        252,
        hand("A", capot="A", belote="B", ann={"B": 300}),
        "made",
        252,
        320,
    ),
    # A capot by the defense is a dedans worth capot_points + all announcements.
    ("defense_capot", 252, hand("A", capot="B"), "dedans", 0, 252),
    ("defense_capot_taker_belote_kept", 252, hand("A", capot="B", belote="A"), "dedans", 20, 252),
    (
        "defense_capot_belote_and_taker_cinquante",
        252,
        hand("A", capot="B", belote="B", ann={"A": 50}),
        "dedans",
        0,
        322,
    ),
    ("defense_capot_own_cent", 252, hand("A", capot="B", ann={"B": 100}), "dedans", 0, 352),
    # capot_points 250.
    ("taker_capot_250", 250, hand("A", capot="A"), "made", 250, 0),
    ("taker_capot_250_belote", 250, hand("A", capot="A", belote="A"), "made", 270, 0),
    ("defense_capot_250", 250, hand("A", capot="B"), "dedans", 0, 250),
    (
        "defense_capot_250_belote_tierce",
        250,
        hand("A", capot="B", belote="B", ann={"A": 20}),
        "dedans",
        0,
        290,
    ),
]


def _capot_params() -> list[Any]:
    params = []
    for name, capot_points, h, outcome, a, b in CAPOT_A:
        params.append(pytest.param(capot_points, h, outcome, a, b, id=f"{name}-taker_A"))
        params.append(
            pytest.param(capot_points, mirror_hand(h), outcome, b, a, id=f"{name}-taker_B")
        )
    return params


@pytest.mark.parametrize(("capot_points", "h", "outcome", "score_a", "score_b"), _capot_params())
def test_capot(capot_points: int, h: dict, outcome: str, score_a: int, score_b: int):
    (got,) = score([h], capot_points=capot_points)["hands"]
    assert got["outcome"] == outcome
    assert got["score"] == {"A": score_a, "B": score_b}
    assert got["reserve"] == 0


def test_capot_collects_the_reserve():
    # Litige 81 (reserve 81), then a defense capot: D 252 + 81.
    result = score([hand("A", {"A": 81}), hand("A", capot="B", belote="A")])
    assert [h["score"] for h in result["hands"]] == [{"A": 0, "B": 81}, {"A": 20, "B": 333}]
    assert result["totals"] == {"A": 20, "B": 414}
    assert result["reserve"] == 0


# --------------------------------------------------------------------------
# Litiges, the reserve, renonce, redeal
# --------------------------------------------------------------------------

# Each expected hand: (outcome, score A, score B, reserve after, total A, total B).
LITIGE_CHAINS = [
    pytest.param(
        {},
        [hand("A", {"A": 81}), hand("B", {"B": 81}), hand("A", {"A": 100})],
        [
            ("litige", 0, 81, 81, 0, 81),
            ("litige", 81, 0, 162, 81, 81),
            # 100 + reserve 162 to A; B 62.
            ("made", 262, 62, 0, 343, 143),
        ],
        id="two_litiges_then_made",
    ),
    pytest.param(
        {},
        [hand("A", {"A": 81}), hand("A", {"A": 60})],
        # Dedans: D 162 + reserve 81.
        [("litige", 0, 81, 81, 0, 81), ("dedans", 0, 243, 0, 0, 324)],
        id="litige_then_dedans_pays_defense",
    ),
    pytest.param(
        {},
        [hand("A", {"A": 71}, belote="A"), hand("B", {"B": 100}, belote="A")],
        # Reserve 71 (T's belote not included); then B made 100 + 71, A 62 + 20.
        [("litige", 20, 91, 71, 20, 91), ("made", 82, 171, 0, 102, 262)],
        id="reserve_excludes_taker_belote",
    ),
    pytest.param(
        {},
        [hand("A", {"A": 81}), hand("A", renonce="A")],
        # A revokes: B gets 162 + reserve 81.
        [("litige", 0, 81, 81, 0, 81), ("renonce", 0, 243, 0, 0, 324)],
        id="litige_then_renonce_by_taker",
    ),
    pytest.param(
        {},
        [hand("A", {"A": 81}), hand("A", renonce="B", belote="B", ann={"A": 20})],
        # B revokes: A gets 162 + 20 (tierce) + 81 (reserve); B keeps its belote.
        [("litige", 0, 81, 81, 0, 81), ("renonce", 263, 20, 0, 263, 101)],
        id="litige_then_renonce_by_defense",
    ),
    pytest.param(
        {},
        [hand("B", {"B": 81}), hand("A", renonce="A", ann={"A": 50}, belote="A")],
        # A revokes: B gets 162 + 50 (A's cinquante) + reserve 81; A keeps its belote.
        [("litige", 81, 0, 81, 81, 0), ("renonce", 20, 293, 0, 101, 293)],
        id="renonce_gives_the_revoker_announcement_to_the_other_team",
    ),
    pytest.param(
        {},
        [hand("A", {"A": 81}), hand(None), hand("B", {"B": 100})],
        [
            ("litige", 0, 81, 81, 0, 81),
            ("passed", 0, 0, 81, 0, 81),
            ("made", 62, 181, 0, 62, 262),
        ],
        id="redeal_keeps_reserve",
    ),
    pytest.param(
        {"renonce": "annul"},
        [hand("A", {"A": 81}), hand("B", renonce="A", belote="B"), hand("A", {"A": 90})],
        [
            ("litige", 0, 81, 81, 0, 81),
            ("annulled", 0, 0, 81, 0, 81),
            ("made", 171, 72, 0, 171, 153),
        ],
        id="annulled_renonce_leaves_reserve",
    ),
    pytest.param(
        {},
        [hand("A", {"A": 81}), hand("B", {"B": 71}, belote="B"), hand("A", {"A": 91}, belote="B")],
        # Reserve 81; then B 71+20 = A 91: A (defense) scores 91, B its belote,
        # reserve 81+71 = 152; then A 91 = B 71+20: reserve 152+91 = 243.
        [
            ("litige", 0, 81, 81, 0, 81),
            ("litige", 91, 20, 152, 91, 101),
            ("litige", 0, 91, 243, 91, 192),
        ],
        id="three_litiges_accumulate",
    ),
    pytest.param(
        {"litige": "lost"},
        [hand("A", {"A": 81}), hand("A", {"A": 100})],
        [("litige", 0, 81, 0, 0, 81), ("made", 100, 62, 0, 100, 143)],
        id="litige_lost",
    ),
    pytest.param(
        {"litige": "lost"},
        [hand("A", {"A": 71}, belote="A")],
        [("litige", 20, 91, 0, 20, 91)],
        id="litige_lost_keeps_taker_belote",
    ),
    pytest.param(
        {"litige": "fall"},
        [hand("A", {"A": 81}), hand("A", {"A": 100})],
        [("dedans", 0, 162, 0, 0, 162), ("made", 100, 62, 0, 100, 224)],
        id="litige_fall_is_dedans",
    ),
    pytest.param(
        {"litige": "fall"},
        [hand("B", {"B": 71}, belote="B", ann={"A": 20})],
        # Tie? B 71+20 = 91, A 91+20 = 111: no, a dedans anyway: A 162 + 20, B 20.
        [("dedans", 182, 20, 0, 182, 20)],
        id="litige_fall_not_a_tie_still_dedans",
    ),
    pytest.param(
        {"litige": "fall"},
        [hand("B", {"B": 81}, belote="B", ann={"A": 20})],
        # B 81+20 = 101 = A 81+20: tie, falls: A 162 + 20, B keeps 20.
        [("dedans", 182, 20, 0, 182, 20)],
        id="litige_fall_with_belote_and_tierce",
    ),
]


@pytest.mark.parametrize(("rules", "hands", "expected"), LITIGE_CHAINS)
def test_litige_chains(rules: dict, hands: list, expected: list):
    result = score(hands, **rules)
    got = [
        (
            h["outcome"],
            h["score"]["A"],
            h["score"]["B"],
            h["reserve"],
            h["totals"]["A"],
            h["totals"]["B"],
        )
        for h in result["hands"]
    ]
    assert got == expected
    assert result["reserve"] == expected[-1][3]
    assert result["totals"] == {"A": expected[-1][4], "B": expected[-1][5]}


def test_collected_and_winner_on_hand_results():
    rules = Rules()
    hands = [
        HandInput("A", "A", 81),
        HandInput(None),
        HandInput("B", "B", 90),
    ]
    result = score_match(rules, hands)
    assert [h.winner for h in result.hands] == [None, None, "B"]
    assert [h.collected for h in result.hands] == [0, 0, 81]
    assert result.hands[0].hand_totals == Pair(81, 81)
    assert result.hands[1].tricks is None
    assert result.hands[2].tricks == Pair(72, 90)


# --------------------------------------------------------------------------
# Rounding
# --------------------------------------------------------------------------

ROUNDING = [
    pytest.param([hand("A", {"A": 85})], [("made", 90, 80, 0)], id="85_up_77_up"),
    pytest.param([hand("A", {"A": 84})], [("made", 80, 80, 0)], id="84_down_78_up"),
    pytest.param([hand("A", {"A": 86})], [("made", 90, 80, 0)], id="86_up_76_up"),
    pytest.param([hand("A", capot="A")], [("made", 250, 0, 0)], id="252_to_250"),
    pytest.param([hand("A", capot="A", belote="A")], [("made", 270, 0, 0)], id="272_to_270"),
    pytest.param(
        [hand("A", {"A": 75}, belote="B")],
        # 75 vs 87+20 = 107: dedans, D 182 -> 180.
        [("dedans", 0, 180, 0)],
        id="dedans_182_to_180",
    ),
    pytest.param(
        [hand("A", {"A": 82})],
        # Raw 82 > 80: made, even though both round to 80.
        [("made", 80, 80, 0)],
        id="outcome_on_raw_points_made",
    ),
    pytest.param(
        [hand("A", {"A": 80})],
        # Raw 80 < 82: dedans, although 80 and 82 both round to 80.
        [("dedans", 0, 160, 0)],
        id="outcome_on_raw_points_dedans",
    ),
    pytest.param(
        [hand("A", {"A": 81}), hand("A", {"A": 86})],
        # Litige: B 81 -> 80, reserve 81 unrounded; then A 86 + 81 = 167 -> 170, B 76 -> 80.
        [("litige", 0, 80, 81), ("made", 170, 80, 0)],
        id="reserve_unrounded_rounded_when_collected",
    ),
    pytest.param(
        [hand("A", {"A": 71}, belote="A"), hand("A", {"A": 84})],
        # Litige: A 20, B 91 -> 90, reserve 71; then A 84 + 71 = 155 -> 160, B 78 -> 80.
        [("litige", 20, 90, 71), ("made", 160, 80, 0)],
        id="belote_20_stays_20_collected_155_to_160",
    ),
]


@pytest.mark.parametrize(("hands", "expected"), ROUNDING)
def test_rounding_nearest_ten(hands: list, expected: list):
    result = score(hands, rounding="nearest_ten")
    got = [(h["outcome"], h["score"]["A"], h["score"]["B"], h["reserve"]) for h in result["hands"]]
    assert got == expected


def test_no_rounding_by_default():
    (got,) = score([hand("A", {"A": 85})])["hands"]
    assert got["score"] == {"A": 85, "B": 77}


# --------------------------------------------------------------------------
# End of match
# --------------------------------------------------------------------------

END_OF_MATCH = [
    pytest.param(
        {"target": 200},
        [hand("A", {"A": 100}), hand("A", {"A": 100})],
        ({"A": 200, "B": 124}, True, "A", False),
        id="reaching_target_exactly_ends",
    ),
    pytest.param(
        {"target": 201},
        [hand("A", {"A": 100}), hand("A", {"A": 100})],
        ({"A": 200, "B": 124}, False, None, False),
        id="one_short_of_target_goes_on",
    ),
    pytest.param(
        {"target": 100},
        [hand("A", {"A": 90}), hand("B", {"B": 100})],
        # 90/72, then A 62, B 100: 152 vs 172, both past, B higher.
        ({"A": 152, "B": 172}, True, "B", False),
        id="both_past_target_higher_wins",
    ),
    pytest.param(
        {"target": 150},
        [hand("A", {"A": 82}), hand("B", {"B": 82})],
        # 82/80 then 80/82: 162 = 162 past 150, a decisive hand is played.
        ({"A": 162, "B": 162}, False, None, True),
        id="tie_past_target_needs_decisive_hand",
    ),
    pytest.param(
        {"target": 162},
        [hand("A", {"A": 82}), hand("B", {"B": 82})],
        ({"A": 162, "B": 162}, False, None, True),
        id="tie_exactly_at_target_needs_decisive_hand",
    ),
    pytest.param(
        {"target": 150},
        [hand("A", {"A": 82}), hand("B", {"B": 82}), hand(None), hand("A", {"A": 100})],
        # Redeal after the tie changes nothing; then 262 vs 224.
        ({"A": 262, "B": 224}, True, "A", False),
        id="decisive_hand_after_redeal_decides",
    ),
    pytest.param(
        {"target": 1000},
        [hand("A", {"A": 82}), hand("B", {"B": 82})],
        ({"A": 162, "B": 162}, False, None, False),
        id="tie_below_target_is_no_decisive_hand",
    ),
    pytest.param(
        {"target": 270},
        [hand("B", capot="B"), hand("A", capot="A", belote="B")],
        # B 252; then A 252, B 20: B 272 >= 270 leads, but B took no trick.
        ({"A": 252, "B": 272}, False, None, False),
        id="win_needs_trick_blocks_capotd_leader",
    ),
    pytest.param(
        {"target": 270, "win_needs_trick": False},
        [hand("B", capot="B"), hand("A", capot="A", belote="B")],
        ({"A": 252, "B": 272}, True, "B", False),
        id="win_needs_trick_false_capotd_leader_wins",
    ),
    pytest.param(
        {"target": 270},
        [hand("B", capot="B"), hand("A", capot="A", belote="B"), hand("A", {"A": 82})],
        # Next hand: A 82, B 80: 334 vs 352, B wins.
        ({"A": 334, "B": 352}, True, "B", False),
        id="win_needs_trick_next_hand_decides",
    ),
    pytest.param(
        {"target": 270, "renonce": "annul"},
        [hand("B", capot="B"), hand("A", capot="A", belote="B"), hand(None)],
        # A redeal is not played: it cannot end the blocked match.
        ({"A": 252, "B": 272}, False, None, False),
        id="win_needs_trick_block_survives_redeal",
    ),
    pytest.param(
        {"target": 270, "renonce": "annul"},
        [hand("B", capot="B"), hand("A", capot="A", belote="B"), hand("A", renonce="B")],
        # Nor can an annulled renonce.
        ({"A": 252, "B": 272}, False, None, False),
        id="win_needs_trick_block_survives_annulled_renonce",
    ),
    pytest.param(
        {"target": 270, "renonce": "annul"},
        [
            hand("B", capot="B"),
            hand("A", capot="A", belote="B"),
            hand(None),
            hand("A", renonce="B"),
            hand("B", {"B": 0}),
        ],
        # Then B takes and makes 0: dedans, A 162: 414 vs 272.
        ({"A": 414, "B": 272}, True, "A", False),
        id="win_needs_trick_block_then_played_hand_decides",
    ),
    pytest.param(
        {"target": 250},
        [hand("A", capot="A")],
        # The capot team itself took every trick: it wins.
        ({"A": 252, "B": 0}, True, "A", False),
        id="capot_team_wins_with_win_needs_trick",
    ),
    pytest.param(
        {"target": 100},
        [hand("A", {"A": 90}), hand("A", {"A": 40}, ann={"A": 20}, belote="B")],
        # 90/72; dedans: A 0, B 162+20+20 = 202: 90 vs 274, B not capot'd, wins.
        ({"A": 90, "B": 274}, True, "B", False),
        id="dedans_reaches_target",
    ),
    pytest.param(
        {"target": 150},
        [hand("A", {"A": 100}), hand("B", {"B": 81})],
        # 100/62; litige B: A 81, B 0, reserve 81: A 181 wins, reserve stays unpaid.
        ({"A": 181, "B": 62}, True, "A", False),
        id="litige_ends_match_reserve_unpaid",
    ),
    pytest.param(
        {"target": 150},
        [hand("A", {"A": 100}), hand("B", renonce="B")],
        # Renonce penalty: A 162. 262 vs 62.
        ({"A": 262, "B": 62}, True, "A", False),
        id="renonce_penalty_ends_match",
    ),
    pytest.param(
        {"target": 100, "renonce": "annul"},
        [hand("A", {"A": 90}), hand("B", renonce="A", belote="A")],
        # The annulled hand scores nothing and ends nothing: 90 vs 72.
        ({"A": 90, "B": 72}, False, None, False),
        id="annulled_renonce_does_not_end",
    ),
    pytest.param(
        {"target": 500},
        [hand("A", capot="A", belote="A"), hand("B", capot="B"), hand("A", {"A": 0})],
        # 272/0, 272/252, then dedans A 0, B 162: 272 vs 414, nobody at 500.
        ({"A": 272, "B": 414}, False, None, False),
        id="no_team_at_target",
    ),
]


@pytest.mark.parametrize(("rules", "hands", "expected"), END_OF_MATCH)
def test_end_of_match(rules: dict, hands: list, expected: tuple):
    totals, finished, winner, decisive = expected
    result = score(hands, **rules)
    assert result["totals"] == totals
    assert result["finished"] is finished
    assert result["winner"] == winner
    assert result["decisive_hand"] is decisive


def test_reserve_unpaid_at_end_stays_in_reserve():
    result = score([hand("A", {"A": 100}), hand("B", {"B": 81})], target=150)
    assert result["finished"] is True
    assert result["reserve"] == 81
    assert result["hands"][-1]["reserve"] == 81
    # A scored 100, then 81 as the litige's defense; the reserve 81 is nobody's.
    assert result["totals"] == {"A": 181, "B": 62}


def test_no_trick_block_and_ends_match_flags():
    rules = Rules(target=270)
    hands = [HandInput("B", capot="B"), HandInput("A", capot="A", belote="B")]
    blocked = score_match(rules, hands)
    assert blocked.no_trick_block is True
    assert blocked.finished is False
    assert [h.ends_match for h in blocked.hands] == [False, False]
    done = score_match(rules, [*hands, HandInput("A", "A", 82)])
    assert done.no_trick_block is False
    assert [h.ends_match for h in done.hands] == [False, False, True]


@pytest.mark.parametrize(
    ("rules", "late_hands", "expected"),
    [
        pytest.param({}, [hand("A", {"A": 82})], [(2, "hand", "after_end")], id="played_hand"),
        pytest.param({}, [hand(None)], [(2, "hand", "after_end")], id="redeal"),
        pytest.param(
            {"renonce": "annul"},
            [hand("A", renonce="B")],
            [(2, "hand", "after_end")],
            id="annulled_renonce",
        ),
        pytest.param(
            {},
            [hand(None), hand("B", {"B": 100})],
            [(2, "hand", "after_end"), (3, "hand", "after_end")],
            id="every_late_hand_reported",
        ),
    ],
)
def test_hand_after_the_end_is_an_error(rules: dict, late_hands: list, expected: list):
    hands = [hand("A", {"A": 100}), *late_hands]
    with pytest.raises(MatchError) as info:
        score(hands, target=100, **rules)
    assert problems_of(info) == expected


def test_after_end_through_score_match():
    with pytest.raises(MatchError) as info:
        score_match(Rules(target=100), [HandInput("A", "A", 100), HandInput(None)])
    assert problems_of(info) == [(2, "hand", "after_end")]
    assert "hand 2, hand:" in str(info.value)


def test_after_end_reported_with_an_invalid_hand_by_score_match():
    hands = [HandInput("A", "A", 100), HandInput("A", "A", 200), HandInput(None)]
    with pytest.raises(MatchError) as info:
        score_match(Rules(target=100), hands)
    assert problems_of(info) == [(2, "points", "out_of_range"), (3, "hand", "after_end")]


# --------------------------------------------------------------------------
# Validation: the match document
# --------------------------------------------------------------------------

GOOD = {"taker": "A", "points": {"A": 82}}

# (document, expected problems (hand, field, code))
DOCUMENT_ERRORS = [
    pytest.param([], [(None, "document", "not_object")], id="document_list"),
    pytest.param("hands", [(None, "document", "not_object")], id="document_string"),
    pytest.param(None, [(None, "document", "not_object")], id="document_null"),
    pytest.param({}, [(None, "hands", "required")], id="hands_missing"),
    pytest.param({"hands": None}, [(None, "hands", "not_list")], id="hands_null"),
    pytest.param({"hands": {"1": GOOD}}, [(None, "hands", "not_list")], id="hands_object"),
    pytest.param({"rules": None, "hands": []}, [(None, "rules", "not_object")], id="rules_null"),
    pytest.param({"rules": [], "hands": []}, [(None, "rules", "not_object")], id="rules_list"),
    pytest.param(
        {"rules": {"targett": 500}, "hands": []},
        [(None, "rules.targett", "unknown_key")],
        id="rules_unknown_key",
    ),
    pytest.param(
        {"rules": {"target": 0}, "hands": []},
        [(None, "rules.target", "out_of_range")],
        id="target_zero",
    ),
    pytest.param(
        {"rules": {"target": -501}, "hands": []},
        [(None, "rules.target", "out_of_range")],
        id="target_negative",
    ),
    pytest.param(
        {"rules": {"target": True}, "hands": []},
        [(None, "rules.target", "not_integer")],
        id="target_bool",
    ),
    pytest.param(
        {"rules": {"target": 1000.0}, "hands": []},
        [(None, "rules.target", "not_integer")],
        id="target_float",
    ),
    pytest.param(
        {"rules": {"target": "1000"}, "hands": []},
        [(None, "rules.target", "not_integer")],
        id="target_string",
    ),
    pytest.param(
        {"rules": {"target": None}, "hands": []},
        [(None, "rules.target", "not_integer")],
        id="target_null",
    ),
    pytest.param(
        {"rules": {"capot_points": 251}, "hands": []},
        [(None, "rules.capot_points", "invalid_choice")],
        id="capot_points_251",
    ),
    pytest.param(
        {"rules": {"capot_points": 252.0}, "hands": []},
        [(None, "rules.capot_points", "invalid_choice")],
        id="capot_points_float",
    ),
    pytest.param(
        {"rules": {"rounding": "up"}, "hands": []},
        [(None, "rules.rounding", "invalid_choice")],
        id="rounding_unknown",
    ),
    pytest.param(
        {"rules": {"litige": "tie"}, "hands": []},
        [(None, "rules.litige", "invalid_choice")],
        id="litige_unknown",
    ),
    pytest.param(
        {"rules": {"announcements": 1}, "hands": []},
        [(None, "rules.announcements", "invalid_choice")],
        id="announcements_rule_int",
    ),
    pytest.param(
        {"rules": {"announcements": "true"}, "hands": []},
        [(None, "rules.announcements", "invalid_choice")],
        id="announcements_rule_string",
    ),
    pytest.param(
        {"rules": {"renonce": "forgive"}, "hands": []},
        [(None, "rules.renonce", "invalid_choice")],
        id="renonce_rule_unknown",
    ),
    pytest.param(
        {"rules": {"win_needs_trick": 0}, "hands": []},
        [(None, "rules.win_needs_trick", "invalid_choice")],
        id="win_needs_trick_int",
    ),
    # Hands: the bad hand is hand 2, after a good one.
    pytest.param({"hands": [GOOD, 7]}, [(2, "hand", "not_object")], id="hand_number"),
    pytest.param({"hands": [GOOD, None]}, [(2, "hand", "not_object")], id="hand_null"),
    pytest.param({"hands": [GOOD, [GOOD]]}, [(2, "hand", "not_object")], id="hand_list"),
    pytest.param(
        {"hands": [GOOD, {"points": {"A": 82}}]}, [(2, "taker", "required")], id="taker_missing"
    ),
    pytest.param(
        {"hands": [GOOD, {**GOOD, "dealer": "A"}]},
        [(2, "dealer", "unknown_key")],
        id="hand_unknown_key",
    ),
    pytest.param(
        {"hands": [GOOD, {**GOOD, "taker": "C"}]}, [(2, "taker", "invalid_team")], id="taker_C"
    ),
    pytest.param(
        {"hands": [GOOD, {**GOOD, "taker": "a"}]}, [(2, "taker", "invalid_team")], id="taker_a"
    ),
    pytest.param(
        {"hands": [GOOD, {**GOOD, "taker": 1}]}, [(2, "taker", "invalid_team")], id="taker_int"
    ),
    pytest.param(
        {"hands": [GOOD, {"taker": "A", "capot": "X"}]},
        [(2, "capot", "invalid_team")],
        id="capot_team",
    ),
    pytest.param(
        {"hands": [GOOD, {**GOOD, "belote": True}]}, [(2, "belote", "invalid_team")], id="belote"
    ),
    pytest.param(
        {"hands": [GOOD, {"taker": "A", "renonce": "AB"}]},
        [(2, "renonce", "invalid_team")],
        id="renonce_team",
    ),
    pytest.param(
        {"hands": [GOOD, {"taker": "A", "points": 82}]},
        [(2, "points", "not_object")],
        id="points_number",
    ),
    pytest.param(
        {"hands": [GOOD, {"taker": "A", "points": ["A", 82]}]},
        [(2, "points", "not_object")],
        id="points_list",
    ),
    pytest.param(
        {"hands": [GOOD, {"taker": "A", "points": {"C": 82}}]},
        [(2, "points.C", "unknown_key")],
        id="points_unknown_team",
    ),
    pytest.param(
        {"hands": [GOOD, {"taker": "A", "points": {}}]},
        [(2, "points", "points_one_team")],
        id="points_empty",
    ),
    pytest.param(
        {"hands": [GOOD, {"taker": "A", "points": {"A": 82, "B": 80}}]},
        [(2, "points", "points_one_team")],
        id="points_both_teams",
    ),
    pytest.param(
        {"hands": [GOOD, {"taker": "A", "points": {"A": 82.0}}]},
        [(2, "points", "not_integer")],
        id="points_float",
    ),
    pytest.param(
        {"hands": [GOOD, {"taker": "A", "points": {"A": True}}]},
        [(2, "points", "not_integer")],
        id="points_bool",
    ),
    pytest.param(
        {"hands": [GOOD, {"taker": "A", "points": {"A": "82"}}]},
        [(2, "points", "not_integer")],
        id="points_string",
    ),
    pytest.param(
        {"hands": [GOOD, {"taker": "A", "points": {"A": None}}]},
        [(2, "points", "required")],
        id="points_value_null",
    ),
    pytest.param(
        {"hands": [GOOD, {"taker": "A", "points": {"A": 163}}]},
        [(2, "points", "out_of_range")],
        id="points_163",
    ),
    pytest.param(
        {"hands": [GOOD, {"taker": "A", "points": {"B": -1}}]},
        [(2, "points", "out_of_range")],
        id="points_negative",
    ),
    pytest.param(
        {"hands": [GOOD, {"taker": "A"}]}, [(2, "points", "required")], id="points_missing"
    ),
    pytest.param(
        {"hands": [GOOD, {"taker": "B", "points": None}]},
        [(2, "points", "required")],
        id="points_null",
    ),
    pytest.param(
        {"hands": [GOOD, {**GOOD, "announcements": [20, 0]}]},
        [(2, "announcements", "not_object")],
        id="announcements_list",
    ),
    pytest.param(
        {"hands": [GOOD, {**GOOD, "announcements": 20}]},
        [(2, "announcements", "not_object")],
        id="announcements_number",
    ),
    pytest.param(
        {"hands": [GOOD, {**GOOD, "announcements": {"a": 20}}]},
        [(2, "announcements.a", "unknown_key")],
        id="announcements_unknown_team",
    ),
    pytest.param(
        {"hands": [GOOD, {**GOOD, "announcements": {"A": 20.0}}]},
        [(2, "announcements.A", "not_integer")],
        id="announcement_float",
    ),
    pytest.param(
        {"hands": [GOOD, {**GOOD, "announcements": {"B": True}}]},
        [(2, "announcements.B", "not_integer")],
        id="announcement_bool",
    ),
    pytest.param(
        {"hands": [GOOD, {**GOOD, "announcements": {"A": None}}]},
        [(2, "announcements.A", "not_integer")],
        id="announcement_null_value",
    ),
    pytest.param(
        {"hands": [GOOD, {**GOOD, "announcements": {"A": -20}}]},
        [(2, "announcements.A", "out_of_range")],
        id="announcement_negative",
    ),
    pytest.param(
        {"hands": [GOOD, {**GOOD, "announcements": {"A": 10}}]},
        [(2, "announcements.A", "not_announcement_sum")],
        id="announcement_10",
    ),
    pytest.param(
        {"hands": [GOOD, {**GOOD, "announcements": {"B": 30}}]},
        [(2, "announcements.B", "not_announcement_sum")],
        id="announcement_30",
    ),
    pytest.param(
        {"hands": [GOOD, {**GOOD, "announcements": {"A": 25}}]},
        [(2, "announcements.A", "not_announcement_sum")],
        id="announcement_25",
    ),
    pytest.param(
        {"hands": [GOOD, {**GOOD, "announcements": {"A": 20, "B": 50}}]},
        [(2, "announcements", "announcements_both_teams")],
        id="announcements_both_teams",
    ),
    pytest.param(
        {"rules": {"announcements": False}, "hands": [GOOD, {**GOOD, "announcements": {"A": 20}}]},
        [(2, "announcements.A", "announcements_disabled")],
        id="announcements_disabled",
    ),
    pytest.param(
        {"hands": [GOOD, {"taker": None, "points": {"A": 82}}]},
        [(2, "points", "not_on_redeal")],
        id="redeal_with_points",
    ),
    pytest.param(
        {"hands": [GOOD, {"taker": None, "capot": "A"}]},
        [(2, "capot", "not_on_redeal")],
        id="redeal_with_capot",
    ),
    pytest.param(
        {"hands": [GOOD, {"taker": None, "belote": "B"}]},
        [(2, "belote", "not_on_redeal")],
        id="redeal_with_belote",
    ),
    pytest.param(
        {"hands": [GOOD, {"taker": None, "renonce": "B"}]},
        [(2, "renonce", "not_on_redeal")],
        id="redeal_with_renonce",
    ),
    pytest.param(
        {"hands": [GOOD, {"taker": None, "announcements": {"B": 20}}]},
        [(2, "announcements", "not_on_redeal")],
        id="redeal_with_announcements",
    ),
    pytest.param(
        {"hands": [GOOD, {"taker": "A", "renonce": "B", "points": {"A": 82}}]},
        [(2, "points", "points_with_renonce")],
        id="renonce_with_points",
    ),
    pytest.param(
        {"hands": [GOOD, {"taker": "A", "renonce": "B", "capot": "A"}]},
        [(2, "capot", "capot_with_renonce")],
        id="renonce_with_capot",
    ),
    pytest.param(
        {"hands": [GOOD, {"taker": "A", "capot": "A", "points": {"A": 162}}]},
        [(2, "points", "points_with_capot")],
        id="capot_with_points",
    ),
]


@pytest.mark.parametrize(("document", "expected"), DOCUMENT_ERRORS)
def test_invalid_document(document: Any, expected: list):
    with pytest.raises(MatchError) as info:
        score_document(document)
    assert problems_of(info) == expected
    with pytest.raises(MatchError) as info:
        parse_match_document(document)
    assert problems_of(info) == expected
    assert all(p.message for p in info.value.problems)


@pytest.mark.parametrize(
    "document",
    [
        pytest.param({"hands": []}, id="rules_omitted"),
        pytest.param({"rules": {}, "hands": []}, id="rules_empty"),
        pytest.param(
            {"hands": [], "name": "x", "expected": {"error": True}, "result": 1, "junk": None},
            id="top_level_extra_keys_ignored",
        ),
        pytest.param(
            {"hands": [{**GOOD, "announcements": {"A": 70}}]}, id="announcement_70_accepted"
        ),
        pytest.param(
            {"hands": [{**GOOD, "announcements": {"B": 40}}]}, id="announcement_40_accepted"
        ),
        pytest.param(
            {"hands": [{**GOOD, "announcements": {"B": 1000}}]}, id="announcement_no_upper_bound"
        ),
        pytest.param({"hands": [{**GOOD, "announcements": None}]}, id="announcements_null"),
        pytest.param({"hands": [{**GOOD, "announcements": {}}]}, id="announcements_empty"),
        pytest.param(
            {"rules": {"announcements": False}, "hands": [{**GOOD, "announcements": {"A": 0}}]},
            id="zero_announcements_when_disabled",
        ),
        pytest.param(
            {
                "hands": [
                    {
                        "taker": None,
                        "points": None,
                        "capot": None,
                        "belote": None,
                        "renonce": None,
                        "announcements": {"A": 0, "B": 0},
                    }
                ]
            },
            id="redeal_all_null_and_zero",
        ),
        pytest.param(
            {"hands": [{"taker": "B", "capot": "B", "points": None}]}, id="capot_points_null"
        ),
        pytest.param(
            {"hands": [{"taker": "B", "renonce": "A", "belote": "A", "capot": None}]},
            id="renonce_with_belote",
        ),
        pytest.param(
            {
                "rules": {
                    "target": 1,
                    "capot_points": 250,
                    "rounding": "nearest_ten",
                    "litige": "fall",
                    "announcements": False,
                    "renonce": "annul",
                    "win_needs_trick": False,
                },
                "hands": [],
            },
            id="every_rule_set",
        ),
    ],
)
def test_valid_document(document: dict):
    result = score_document(document)
    assert result.keys() >= REQUIRED_KEYS
    assert len(result["hands"]) == len(document["hands"])


def test_top_level_extra_keys_do_not_change_the_result():
    plain = score_document({"hands": [GOOD]})
    extra = score_document({"hands": [GOOD], "name": "n", "expected": {}, "result": {}})
    assert plain == extra
    assert plain["totals"] == {"A": 82, "B": 80}


def test_rules_omitted_are_the_defaults():
    rules, hands = parse_match_document({"hands": []})
    assert rules == Rules(
        target=1000,
        capot_points=252,
        rounding="none",
        litige="reserve",
        announcements=True,
        renonce="penalty",
        win_needs_trick=True,
    )
    assert hands == []


def test_several_problems_in_one_error():
    document = {
        "rules": {"target": 0, "foo": 1},
        "hands": [
            GOOD,
            {"taker": "A", "points": {"A": 200}},
            {"taker": "B", "capot": "B", "points": {"B": 100}},
            7,
            {"taker": "A", "points": {"A": 82}, "announcements": {"A": 10, "B": 20}},
        ],
    }
    with pytest.raises(MatchError) as info:
        score_document(document)
    assert set(problems_of(info)) == {
        (None, "rules.foo", "unknown_key"),
        (None, "rules.target", "out_of_range"),
        (2, "points", "out_of_range"),
        (3, "points", "points_with_capot"),
        (4, "hand", "not_object"),
        (5, "announcements.A", "not_announcement_sum"),
        (5, "announcements", "announcements_both_teams"),
    }
    assert len(info.value.problems) == 7
    lines = str(info.value).splitlines()
    assert len(lines) == 7
    assert "hand 2, points: must be between 0 and 162" in lines


def test_several_problems_in_one_hand():
    document = {"hands": [{"taker": None, "points": {"A": 1}, "capot": "A", "belote": "Z"}]}
    with pytest.raises(MatchError) as info:
        score_document(document)
    assert set(problems_of(info)) == {
        (1, "belote", "invalid_team"),
        (1, "points", "not_on_redeal"),
        (1, "capot", "not_on_redeal"),
        (1, "belote", "not_on_redeal"),
    }


# --------------------------------------------------------------------------
# Validation: the Python API (check_rules, check_hand, score_match)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        pytest.param(Rules(), [], id="defaults_valid"),
        pytest.param(Rules(target=True), [("rules.target", "not_integer")], id="target_bool"),
        pytest.param(Rules(target=1.5), [("rules.target", "not_integer")], id="target_float"),
        pytest.param(Rules(target=0), [("rules.target", "out_of_range")], id="target_0"),
        pytest.param(Rules(target=1), [], id="target_1"),
        pytest.param(
            Rules(capot_points=True), [("rules.capot_points", "invalid_choice")], id="capot_bool"
        ),
        pytest.param(
            Rules(capot_points="252"), [("rules.capot_points", "invalid_choice")], id="capot_str"
        ),
        pytest.param(
            Rules(announcements=0), [("rules.announcements", "invalid_choice")], id="ann_zero"
        ),
        pytest.param(
            Rules(win_needs_trick=None),
            [("rules.win_needs_trick", "invalid_choice")],
            id="win_needs_trick_none",
        ),
        pytest.param(
            Rules(target=-1, rounding="NONE", litige=None, renonce=1),
            [
                ("rules.target", "out_of_range"),
                ("rules.rounding", "invalid_choice"),
                ("rules.litige", "invalid_choice"),
                ("rules.renonce", "invalid_choice"),
            ],
            id="several_rules",
        ),
    ],
)
def test_check_rules(rules: Rules, expected: list):
    problems = check_rules(rules)
    assert [(p.field, p.code) for p in problems] == expected
    assert all(p.hand is None for p in problems)


@pytest.mark.parametrize(
    ("h", "expected"),
    [
        pytest.param(HandInput("A", "A", 82), [], id="valid"),
        pytest.param(HandInput("A", None, 82), [("points", "required")], id="points_team_missing"),
        pytest.param(HandInput("A", "A", None), [("points", "required")], id="trick_points_none"),
        pytest.param(HandInput("A", "C", 82), [("points", "invalid_team")], id="points_team_C"),
        pytest.param(HandInput("A", "A", True), [("points", "not_integer")], id="points_bool"),
        pytest.param(HandInput("A", "A", 81.0), [("points", "not_integer")], id="points_float"),
        pytest.param(
            HandInput("A", "A", 82, announcements={"A": 20}),
            [("announcements", "not_object")],
            id="announcements_not_pair",
        ),
        pytest.param(
            HandInput("A", "A", 82, announcements=Pair(False, 0)),
            [("announcements.A", "not_integer")],
            id="announcement_false",
        ),
        pytest.param(
            HandInput("A", "A", 82, announcements=Pair(0, 20.0)),
            [("announcements.B", "not_integer")],
            id="announcement_float",
        ),
        pytest.param(HandInput("B", capot="B", belote="B"), [], id="capot_valid"),
        pytest.param(HandInput("B", renonce="B", belote="A"), [], id="renonce_valid"),
        pytest.param(HandInput(None), [], id="redeal_valid"),
        pytest.param(
            HandInput("A", renonce="A", capot="A"),
            [("capot", "capot_with_renonce")],
            id="renonce_with_capot",
        ),
    ],
)
def test_check_hand(h: HandInput, expected: list):
    problems = check_hand(Rules(), h, 7)
    assert [(p.field, p.code) for p in problems] == expected
    assert all(p.hand == 7 for p in problems)


def test_check_hand_announcements_disabled():
    h = HandInput("A", "A", 82, announcements=Pair(0, 50))
    assert check_hand(Rules(announcements=True), h, 1) == []
    (problem,) = check_hand(Rules(announcements=False), h, 3)
    assert (problem.hand, problem.field, problem.code) == (
        3,
        "announcements.B",
        "announcements_disabled",
    )


@pytest.mark.parametrize(
    ("rules", "hands", "expected"),
    [
        pytest.param("rules", [], [(None, "rules", "not_object")], id="rules_not_rules"),
        pytest.param(None, [], [(None, "rules", "not_object")], id="rules_none"),
        pytest.param(Rules(), "AB", [(None, "hands", "not_list")], id="hands_string"),
        pytest.param(Rules(), {}, [(None, "hands", "not_list")], id="hands_mapping"),
        pytest.param(Rules(), 3, [(None, "hands", "not_list")], id="hands_int"),
        pytest.param(
            Rules(),
            [HandInput("A", "A", 82), {"taker": "A"}],
            [(2, "hand", "not_object")],
            id="hand_not_handinput",
        ),
        pytest.param(
            Rules(target=0),
            [HandInput("A", "A", 82)],
            [(None, "rules.target", "out_of_range")],
            id="invalid_rules",
        ),
        pytest.param(
            Rules(),
            [HandInput("A", "A", 163), HandInput("Z", "A", 82), HandInput(None, capot="A")],
            [
                (1, "points", "out_of_range"),
                (2, "taker", "invalid_team"),
                (3, "capot", "not_on_redeal"),
            ],
            id="several_hands",
        ),
    ],
)
def test_score_match_rejects(rules: Any, hands: Any, expected: list):
    with pytest.raises(MatchError) as info:
        score_match(rules, hands)
    assert problems_of(info) == expected


def test_score_match_accepts_a_tuple_of_hands():
    result = score_match(Rules(), (HandInput("B", "B", 82), HandInput(None)))
    assert result.totals == Pair(80, 82)
    assert [str(h.outcome) for h in result.hands] == ["made", "passed"]


def test_no_trick_block_survives_a_redeal_and_an_annulled_hand():
    # Regression: the flag was reset by a hand that is not played.
    rules = Rules(target=270, renonce="annul")
    hands = [
        HandInput("B", capot="B"),
        HandInput("A", capot="A", belote="B"),
        HandInput(None),
        HandInput("A", renonce="A"),
    ]
    result = score_match(rules, hands)
    assert result.finished is False
    assert result.no_trick_block is True


def test_an_empty_unknown_key_still_names_a_field():
    # Regression: the error line read 'hand 1, : is not a known key of a hand'.
    with pytest.raises(MatchError) as info:
        score_document({"hands": [{"taker": "A", "points": {"A": 82}, "": 1}]})
    assert [str(p) for p in info.value.problems] == ['hand 1, "": is not a known key of a hand']
