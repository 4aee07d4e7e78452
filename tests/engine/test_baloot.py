"""Baloot's engine (BALOOT.md, issue 30): its worked cases through
``score_match``, the contract's examples and conversions as tables, each of
its errors (one problem naming the hand and the key), its end of match, and
properties over random hands. Its cases also run with every registered
game's (tests/engine/test_cases.py, from the registry)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoresheets.games.baloot import engine as baloot
from scoresheets.games.baloot.engine import (
    ENGINE,
    BalootHand,
    BalootRules,
    card_game_points,
)
from scoresheets.scoring.kernel import MatchError, Pair, result_document, score_match
from tests.conftest import ROOT, case_files, case_id
from tests.engine.test_cases import assert_matches_expected

PROJECT, SHARED = (ROOT / folder for folder in ENGINE.case_folders)
CASES = case_files(Path(PROJECT).resolve(), Path(SHARED).resolve())
DEFAULT = BalootRules()


def doc(*hands: dict, **rules) -> dict:
    """A baloot match document of ``hands`` under ``rules``."""
    return {"game": "baloot", "rules": rules, "hands": list(hands)}


def scored(*hands: dict, **rules) -> dict:
    """The result document of ``hands`` under ``rules``."""
    return baloot.score_document(doc(*hands, **rules))


def problems(document: dict) -> list[tuple[int | None, str, str]]:
    """(hand, field, code) of every problem of ``document``, in order."""
    with pytest.raises(MatchError) as info:
        baloot.score_document(document)
    return [(p.hand, p.field, p.code) for p in info.value.problems]


# --------------------------------------------------------------------------
# The worked cases
# --------------------------------------------------------------------------


def test_the_package_keeps_its_own_copy_of_the_cases():
    own = [p for p in CASES if p.parent == Path(PROJECT).resolve()]
    assert len(own) >= 48  # a clone tests itself without ../shared


# The problem each error case must give (its hand, field and code).
CASE_ERRORS = {
    "error_baloot_in_sun": (1, "baloot", "baloot_in_sun"),
    "error_both_teams_projects": (1, "projects", "projects_both_teams"),
    "error_four_hundred_in_hokm": (1, "projects.A", "four_hundred_in_hokm"),
    "error_fraction_points": (1, "points", "not_object"),
    "error_hand_after_end": (3, "hand", "after_end"),
    "error_sun_double_below_100": (1, "doubling", "sun_double_under_100"),
    "error_sun_points_over_130": (1, "points", "out_of_range"),
    "error_sun_three": (1, "doubling", "sun_doubling"),
    "error_unknown_rule": (None, "rules.targt", "unknown_key"),
}


@pytest.mark.parametrize("path", CASES, ids=[case_id(p) for p in CASES])
def test_case_through_score_match(path: Path):
    document = json.loads(path.read_text(encoding="utf-8"))
    expected = document["expected"]
    if expected.get("error"):
        found = problems(document)
        if path.stem in CASE_ERRORS:
            assert CASE_ERRORS[path.stem] in found
        return
    rules, hands = ENGINE.parse_match_document(document)
    result = result_document(score_match(ENGINE, rules, hands))
    assert_matches_expected(result, expected)
    for hand in result["hands"]:  # BALOOT, *Result*: score is the sum of the three
        for team in "AB":
            parts = hand["cards"][team] + hand["projects"][team] + hand["baloot"][team]
            assert hand["score"][team] == parts


# --------------------------------------------------------------------------
# The contract's examples and conversions
# --------------------------------------------------------------------------

SUN = {"buyer": "A", "contract": "sun"}
HOKM = {"buyer": "A", "contract": "hokm"}

EXAMPLES = [
    # BALOOT, *Scoring one hand*, Examples (A buys).
    (
        "Sun 80/50, A sira + fifty",
        {**SUN, "points": {"A": 80}, "projects": {"A": ["sira", "fifty"]}},
        {},
        ("made", 30, 10),
    ),
    (
        "Hokm 90/72, B fifty: khasran",
        {**HOKM, "points": {"A": 90}, "projects": {"B": ["fifty"]}},
        {},
        ("khasran", 0, 21),
    ),
    ("Hokm 75/87, A baloot", {**HOKM, "points": {"A": 75}, "baloot": "A"}, {}, ("khasran", 2, 16)),
    (
        "Hokm three, 100/62, A sira",
        {**HOKM, "points": {"A": 100}, "doubling": "three", "projects": {"A": ["sira"]}},
        {},
        ("made", 54, 0),
    ),
    # More of the same section.
    ("Sun kaboot by the other team", {**SUN, "kaboot": "B"}, {}, ("khasran", 0, 44)),
    (
        "Sun khasran with A's hundred: B takes it",
        {**SUN, "points": {"A": 10}, "projects": {"A": ["hundred"]}},
        {},
        ("khasran", 0, 46),
    ),
    (
        "Hokm four, B's baloot not multiplied",
        {**HOKM, "points": {"A": 100}, "doubling": "four", "baloot": "B"},
        {},
        ("made", 64, 2),
    ),
    (
        "Hokm four hundred as four aces: a hundred",
        {**HOKM, "points": {"A": 100}, "projects": {"A": ["hundred"]}},
        {},
        ("made", 20, 6),
    ),
    (
        "doubled kaboot with B's baloot",
        {**HOKM, "kaboot": "A", "doubling": "double", "baloot": "B"},
        {},
        ("made", 50, 2),
    ),
    (
        "doubled khasran with both projects",
        {**HOKM, "points": {"A": 40}, "doubling": "double", "projects": {"A": ["fifty"]}},
        {},
        ("khasran", 0, 42),
    ),
    (
        "Sun 65/65 ashkal, tie split",
        {**SUN, "points": {"A": 65}, "ashkal": True},
        {},
        ("made", 13, 13),
    ),
    (
        "Sun 65/65, tie buyer_loses",
        {**SUN, "points": {"A": 65}},
        {"tie": "buyer_loses"},
        ("khasran", 0, 26),
    ),
    (
        "Hokm 81/81 doubled, buyer_wins",
        {**HOKM, "points": {"B": 81}, "doubling": "double"},
        {"doubled_tie": "buyer_wins"},
        ("made", 32, 0),
    ),
    (
        "baloot in the test turns a tie",
        {**HOKM, "points": {"A": 71}, "baloot": "A"},
        {"baloot_in_test": True},
        ("made", 9, 9),
    ),
    (
        "kaboot_doubles false, three",
        {**HOKM, "kaboot": "A", "doubling": "three"},
        {"kaboot_doubles": False},
        ("made", 25, 0),
    ),
]


@pytest.mark.parametrize(
    ("hand", "rules", "expected"),
    [e[1:] for e in EXAMPLES],
    ids=[e[0] for e in EXAMPLES],
)
def test_the_contracts_examples(hand, rules, expected):
    result = scored(hand, **rules)["hands"][0]
    assert (result["outcome"], result["score"]["A"], result["score"]["B"]) == expected


# BALOOT, *Scoring one hand*, 1: (contract, A's card points, rules) -> (A, B).
CONVERSIONS = [
    ("sun", 67, {}, (14, 12)),
    ("sun", 63, {}, (12, 14)),
    ("sun", 65, {}, (13, 13)),
    ("sun", 72, {}, (14, 12)),
    ("sun", 130, {}, (26, 0)),
    ("sun", 0, {}, (0, 26)),
    ("sun", 67, {"sun_rounding": "double_first"}, (13, 13)),
    ("sun", 63, {"sun_rounding": "double_first"}, (13, 13)),
    ("sun", 74, {"sun_rounding": "double_first"}, (15, 11)),
    ("hokm", 97, {}, (10, 6)),
    ("hokm", 97, {"hokm_five": "up"}, (9, 7)),
    ("hokm", 96, {}, (9, 7)),
    ("hokm", 81, {}, (8, 8)),
    ("hokm", 80, {}, (8, 8)),
    ("hokm", 162, {}, (16, 0)),
    ("hokm", 0, {}, (0, 16)),
]


@pytest.mark.parametrize(("contract", "points", "rules", "expected"), CONVERSIONS)
def test_the_card_game_points(contract, points, rules, expected):
    total = 130 if contract == "sun" else 162
    cards = Pair(points, total - points)
    assert card_game_points(BalootRules(**rules), contract, cards) == Pair(*expected)


def test_a_sun_may_be_doubled_once_the_buyer_is_over_100_and_the_other_not():
    kaboot = {**SUN, "kaboot": "A"}
    doubled = {**SUN, "points": {"A": 80}, "doubling": "double"}
    # A 88 then 104 (B 10): doubling at 88 is an error, at 104 it is played.
    assert problems(doc(kaboot, kaboot, doubled)) == [(3, "doubling", "sun_double_under_100")]
    result = scored(kaboot, kaboot, {**SUN, "points": {"A": 80}}, doubled)
    assert result["hands"][-1]["score"] == {"A": 52, "B": 0}
    # B over 100 too: no doubling; under `always`, whenever.
    b_kaboot = {"buyer": "B", "contract": "sun", "kaboot": "B"}
    hands = [kaboot, kaboot, b_kaboot, b_kaboot, b_kaboot, {**SUN, "points": {"A": 80}}, doubled]
    assert problems(doc(*hands)) == [(7, "doubling", "sun_double_under_100")]
    assert scored(doubled, sun_double="always")["hands"][0]["score"] == {"A": 52, "B": 0}
    # The hands after a refused one are checked, not scored (no after_end).
    assert problems(doc(doubled, kaboot)) == [(1, "doubling", "sun_double_under_100")]


# --------------------------------------------------------------------------
# The end of the match
# --------------------------------------------------------------------------


def test_gahwa_wins_the_match_at_the_targets_total():
    first = {**HOKM, "points": {"A": 100}}
    gahwa = {**HOKM, "points": {"A": 100}, "doubling": "gahwa", "baloot": "B"}
    result = scored(first, gahwa)
    assert result["finished"] and result["winner"] == "A"
    assert result["totals"] == {"A": 152, "B": 6}
    # Nothing else is written: not B's baloot, not A's projects.
    assert result["hands"][1]["baloot"] == {"A": 0, "B": 0}
    assert result["hands"][1]["cards"] == {"A": 142, "B": 0}
    # Lost by the buyer (a doubled tie under buyer_loses): the other team wins.
    tie = {"buyer": "B", "contract": "hokm", "points": {"A": 81}, "doubling": "gahwa"}
    result = scored(tie, target=200)
    assert (result["winner"], result["totals"]) == ("A", {"A": 200, "B": 0})
    assert result["hands"][0]["outcome"] == "khasran"
    # Both past the target and equal (both_over higher): a gahwa's winner
    # writes 0, never less, and wins.
    even = [{**HOKM, "points": {"A": 81}}, {**HOKM, "points": {"B": 81}}]
    result = scored(
        *even, {**HOKM, "points": {"A": 90}, "doubling": "gahwa"}, target=16, both_over="higher"
    )
    assert (result["winner"], result["totals"]) == ("A", {"A": 16, "B": 16})
    assert result["hands"][-1]["score"] == {"A": 0, "B": 0}
    # A kaboot at gahwa, kaboot_doubles false: the gahwa still ends the match.
    result = scored({**HOKM, "kaboot": "A", "doubling": "gahwa"}, kaboot_doubles=False)
    assert (result["finished"], result["winner"], result["totals"]["A"]) == (True, "A", 152)


def test_both_over_the_target():
    hands = [{**HOKM, "points": {"A": 100}}, {"buyer": "B", "contract": "sun", "points": {"B": 70}}]
    assert scored(*hands, target=20)["winner"] == "B"
    assert scored(*hands, target=20, both_over="higher")["winner"] == "A"
    # Higher, equal totals: another hand; a redeal after it changes nothing.
    even = [{**HOKM, "points": {"A": 81}}, {**HOKM, "points": {"B": 81}}]
    result = scored(*even, target=16, both_over="higher")
    assert (result["finished"], result["totals"]) == (False, {"A": 16, "B": 16})
    result = scored(
        *even, {"buyer": None}, {**HOKM, "points": {"A": 0}}, target=16, both_over="higher"
    )
    assert (result["finished"], result["winner"]) == (True, "B")
    # The buyer khasran, its baloot kept: A 18, B 16 + 2, both past 17; the
    # other team, the hand's winner, wins (higher: equal, another hand).
    khasran = {"buyer": "B", "contract": "hokm", "points": {"B": 70}, "baloot": "B"}
    khasran["projects"] = {"A": ["sira"]}
    result = scored({**HOKM, "points": {"B": 90}}, khasran, target=17)
    assert result["totals"] == {"A": 18, "B": 18} and result["winner"] == "A"
    assert not scored({**HOKM, "points": {"B": 90}}, khasran, target=17, both_over="higher")[
        "finished"
    ]


def test_one_team_at_the_target_wins_and_no_hand_follows():
    hands = [{**SUN, "kaboot": "A"}] * 4
    result = scored(*hands)
    assert (result["finished"], result["winner"], result["totals"]["A"]) == (True, "A", 176)
    assert problems(doc(*hands, {"buyer": None})) == [(5, "hand", "after_end")]


# --------------------------------------------------------------------------
# Errors (BALOOT, *Errors*): one problem each, naming the hand and the key
# --------------------------------------------------------------------------

ERRORS = [
    ({"game": "belote", "hands": []}, (None, "game", "invalid_choice")),
    ({"game": "baloot", "hands": {}}, (None, "hands", "not_list")),
    ({"game": "baloot", "rules": [], "hands": []}, (None, "rules", "not_object")),
    (doc(target=0), (None, "rules.target", "out_of_range")),
    (doc(tie="buyer_wins"), (None, "rules.tie", "invalid_choice")),
    (doc(baloot_in_test=1), (None, "rules.baloot_in_test", "invalid_choice")),
    (doc(donnes=12), (None, "rules.donnes", "unknown_key")),
    (doc("hand"), (1, "hand", "not_object")),
    (doc({**HOKM, "points": {"A": 90}, "taker": "A"}), (1, "taker", "unknown_key")),
    (doc({"contract": "hokm", "points": {"A": 90}}), (1, "buyer", "required")),
    (doc({**HOKM, "buyer": "C", "points": {"A": 90}}), (1, "buyer", "invalid_team")),
    (doc({"buyer": "A", "points": {"A": 90}}), (1, "contract", "required")),
    (doc({**HOKM, "contract": "no_trump", "points": {"A": 90}}), (1, "contract", "invalid_choice")),
    (doc(HOKM), (1, "points", "required")),
    (doc({**HOKM, "points": {"A": 90}, "kaboot": "A"}), (1, "points", "points_with_kaboot")),
    (doc({**HOKM, "kaboot": "C"}), (1, "kaboot", "invalid_team")),
    (doc({**HOKM, "points": {"A": 90, "B": 72}}), (1, "points", "points_one_team")),
    (doc({**HOKM, "points": {"C": 90}}), (1, "points.C", "unknown_key")),
    (doc({**HOKM, "points": {"A": 163}}), (1, "points", "out_of_range")),
    (doc({**SUN, "points": {"A": 131}}), (1, "points", "out_of_range")),
    (doc({**HOKM, "points": {"A": -1}}), (1, "points", "out_of_range")),
    (doc({**HOKM, "points": {"A": "90"}}), (1, "points", "not_integer")),
    (doc({**HOKM, "points": {"A": None}}), (1, "points", "required")),
    (doc({**HOKM, "points": {"A": 90}, "projects": ["sira"]}), (1, "projects", "not_object")),
    (doc({**HOKM, "points": {"A": 90}, "projects": {"A": "sira"}}), (1, "projects.A", "not_list")),
    (doc({**HOKM, "points": {"A": 90}, "projects": {"C": []}}), (1, "projects.C", "unknown_key")),
    (
        doc({**HOKM, "points": {"A": 90}, "projects": {"A": ["tierce"]}}),
        (1, "projects.A", "invalid_choice"),
    ),
    (
        doc({**HOKM, "points": {"A": 90}, "projects": {"A": ["sira"] * 5}}),
        (1, "projects.A", "too_many_projects"),
    ),
    (
        doc({**SUN, "points": {"A": 90}, "projects": {"B": ["four_hundred"] * 2}}),
        (1, "projects.B", "four_hundred_twice"),
    ),
    (
        doc({**HOKM, "points": {"A": 90}, "projects": {"A": ["four_hundred"]}}),
        (1, "projects.A", "four_hundred_in_hokm"),
    ),
    (
        doc({**HOKM, "points": {"A": 90}, "projects": {"A": ["sira"], "B": ["sira"]}}),
        (1, "projects", "projects_both_teams"),
    ),
    (doc({**SUN, "points": {"A": 90}, "baloot": "A"}), (1, "baloot", "baloot_in_sun")),
    (doc({**HOKM, "points": {"A": 90}, "baloot": "AB"}), (1, "baloot", "invalid_team")),
    (doc({**HOKM, "points": {"A": 90}, "doubling": "redouble"}), (1, "doubling", "invalid_choice")),
    (doc({**SUN, "points": {"A": 90}, "doubling": "gahwa"}), (1, "doubling", "sun_doubling")),
    (doc({**SUN, "points": {"A": 90}, "doubling": "four"}), (1, "doubling", "sun_doubling")),
    (
        doc({**SUN, "points": {"A": 90}, "doubling": "double"}),
        (1, "doubling", "sun_double_under_100"),
    ),
    (doc({**HOKM, "points": {"A": 90}, "ashkal": True}), (1, "ashkal", "ashkal_on_hokm")),
    (doc({**SUN, "points": {"A": 90}, "ashkal": "yes"}), (1, "ashkal", "invalid_choice")),
    (doc({"buyer": None, "contract": "sun"}), (1, "contract", "not_on_redeal")),
    (doc({"buyer": None, "points": {"A": 90}}), (1, "points", "not_on_redeal")),
    (doc({"buyer": None, "projects": {"A": ["sira"]}}), (1, "projects", "not_on_redeal")),
    (doc({"buyer": None, "doubling": "double"}), (1, "doubling", "not_on_redeal")),
    (doc({"buyer": None, "kaboot": "A"}), (1, "kaboot", "not_on_redeal")),
    (doc({"buyer": None, "baloot": "A"}), (1, "baloot", "not_on_redeal")),
    (doc({"buyer": None, "ashkal": True}), (1, "ashkal", "not_on_redeal")),
]


@pytest.mark.parametrize(("document", "expected"), ERRORS, ids=[str(e[1]) for e in ERRORS])
def test_each_error_is_one_problem_naming_the_hand_and_the_key(document, expected):
    assert problems(document) == [expected]


def test_a_redeal_may_say_empty_projects_and_no_ashkal():
    passed = {"buyer": None, "projects": {"A": [], "B": None}, "ashkal": False}
    result = scored(passed, {"buyer": None, "ashkal": None})
    assert [h["outcome"] for h in result["hands"]] == ["passed", "passed"]
    assert result["totals"] == {"A": 0, "B": 0}


def test_every_problem_of_every_hand_is_said_in_order():
    document = doc(
        {**SUN, "points": {"A": 131}, "baloot": "A", "doubling": "three"},
        {"buyer": None, "contract": "hokm"},
        {**HOKM, "points": {"A": 90}, "projects": {"A": ["four_hundred"], "B": ["sira"]}},
    )
    assert problems(document) == [
        (1, "points", "out_of_range"),
        (1, "baloot", "baloot_in_sun"),
        (1, "doubling", "sun_doubling"),
        (2, "contract", "not_on_redeal"),
        (3, "projects.A", "four_hundred_in_hokm"),
        (3, "projects", "projects_both_teams"),
    ]


@pytest.mark.parametrize("text", ["[]", "null", "1", '"baloot"', '{"game": "baloot"}'])
def test_any_json_gives_problems_never_a_traceback(text):
    with pytest.raises(MatchError) as info:
        baloot.score_document(json.loads(text))
    assert info.value.problems


# --------------------------------------------------------------------------
# Properties
# --------------------------------------------------------------------------

teams = st.sampled_from(("A", "B"))
PROJECT_NAMES = ("sira", "fifty", "hundred")


@st.composite
def rules_strategy(draw, target=None) -> BalootRules:
    """Any valid rules (a target far away by default: no end)."""
    return BalootRules(
        target=10**6 if target is None else draw(target),
        sun_rounding=draw(st.sampled_from(tuple(baloot.SunRounding))).value,
        hokm_five=draw(st.sampled_from(tuple(baloot.HokmFive))).value,
        tie=draw(st.sampled_from(tuple(baloot.Tie))).value,
        doubled_tie=draw(st.sampled_from(tuple(baloot.DoubledTie))).value,
        baloot_in_test=draw(st.booleans()),
        kaboot_doubles=draw(st.booleans()),
        sun_double="always",
        both_over=draw(st.sampled_from(tuple(baloot.BothOver))).value,
    )


@st.composite
def hand_strategy(draw, gahwa: bool = False) -> BalootHand:
    """A valid hand (a redeal now and then; no gahwa unless asked)."""
    if draw(st.integers(0, 12)) == 0:
        return BalootHand(None)
    buyer = draw(teams)
    sun = draw(st.booleans())
    kaboot = draw(st.sampled_from((None,) * 6 + ("A", "B")))
    points_team = points = None
    if kaboot is None:
        points_team, points = draw(teams), draw(st.integers(0, 130 if sun else 162))
    names = PROJECT_NAMES + (("four_hundred",) if sun else ())
    listed = draw(st.lists(st.sampled_from(names), max_size=4))
    if listed.count("four_hundred") > 1:
        listed = [p for p in listed if p != "four_hundred"] + ["four_hundred"]
    owner = draw(teams)
    projects = Pair(tuple(listed), ()) if owner == "A" else Pair((), tuple(listed))
    doublings = [None, None, None, "double"] + ([] if sun else ["three", "four"])
    if gahwa and not sun:
        doublings.append("gahwa")
    return BalootHand(
        buyer,
        "sun" if sun else "hokm",
        points_team,
        points,
        kaboot,
        projects,
        None if sun else draw(st.sampled_from((None, None, "A", "B"))),
        draw(st.sampled_from(doublings)),
        draw(st.booleans()) if sun else draw(st.sampled_from((False, None))),
    )


@settings(max_examples=300)
@given(rules_strategy(), st.lists(hand_strategy(), max_size=12))
def test_every_hand_writes_what_the_contract_says(rules, hands):
    result = result_document(score_match(ENGINE, rules, hands))
    for hand, out in zip(hands, result["hands"], strict=True):
        if hand.buyer is None:
            assert out["outcome"] == "passed" and out["score"] == {"A": 0, "B": 0}
            continue
        sun = hand.contract == "sun"
        cards, projects, balooted = out["cards"], out["projects"], out["baloot"]
        # The baloot: always +2 to its team, never multiplied, never lost.
        assert balooted == {t: (2 if hand.baloot == t else 0) for t in "AB"}
        assert out["score"] == {t: cards[t] + projects[t] + balooted[t] for t in "AB"}
        m = baloot.multiplier(hand)
        if hand.kaboot is not None and not rules.kaboot_doubles:
            m = 1
        whole = (44 if sun else 25) if hand.kaboot else (26 if sun else 16)
        buyer, other = hand.buyer, "B" if hand.buyer == "A" else "A"
        # The card game points of the undoubled, made hand: 16 / 26 in all.
        assert cards["A"] + cards["B"] == whole * m
        if out["outcome"] == "khasran" or m > 1:
            loser = buyer if out["outcome"] == "khasran" else other
            assert cards[loser] == projects[loser] == 0
        if hand.kaboot is not None:
            assert out["outcome"] == ("made" if hand.kaboot == buyer else "khasran")


@settings(max_examples=200)
@given(
    rules_strategy(target=st.integers(100, 400)), st.lists(hand_strategy(gahwa=True), max_size=30)
)
def test_a_match_ends_once_and_a_gahwa_at_the_target(rules, hands):
    try:
        result = score_match(ENGINE, rules, hands)
    except MatchError as error:
        assert {p.code for p in error.problems} == {"after_end"}
        return
    for scored_hand in result.hands[:-1]:
        assert not scored_hand.ends_match
    if result.finished:
        last = hands[len(result.hands) - 1]
        totals = result.totals
        if last.doubling == "gahwa":
            assert totals[result.winner] == rules.target
        else:
            assert max(totals.a, totals.b) >= rules.target
    else:
        assert all(h.doubling != "gahwa" for h in hands)


@given(rules_strategy(), st.lists(hand_strategy(gahwa=True), max_size=12))
def test_the_document_gives_back_the_same_match(rules, hands):
    document = json.loads(json.dumps(ENGINE.match_document(rules, hands)))
    assert ENGINE.parse_match_document(document) == (rules, hands)
    again = ENGINE.match_document(*ENGINE.parse_match_document(document))
    assert again == document


def test_the_rules_and_hands_are_frozen_and_the_defaults_kammelnas():
    assert ENGINE.presets[0].rules == BalootRules()
    assert BalootRules().target == 152 and BalootRules().donnes is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        BalootRules().target = 1  # type: ignore[misc]
    assert ENGINE.hand_document(BalootHand(None))["buyer"] is None
