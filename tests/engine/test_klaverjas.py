"""Klaverjassen's engine (KLAVERJAS.md, issue 29): the contract's examples
as a table, its errors, and properties over random hands. Its worked cases
run with every game's (tests/engine/test_cases.py, from the registry)."""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoresheets.games.klaverjas.engine import ENGINE, KlaverjasHand, KlaverjasRules
from scoresheets.scoring.kernel import MatchError, Pair, result_document, score_match


def _hand(**raw):
    return ENGINE.parse_hand({"playing": "A", **raw})


def _scored(rules, **raw):
    result = score_match(ENGINE, rules, [_hand(**raw)])
    hand = result_document(result)["hands"][0]
    return hand["outcome"], hand["score"]["A"], hand["score"]["B"]


DEFAULT = KlaverjasRules()
# KLAVERJAS, *Scoring one hand*, its examples (A plays).
EXAMPLES = [
    ("made with roem", DEFAULT, {"points": {"A": 90}, "roem": {"A": 20}}, ("made", 110, 72)),
    ("71 + 20 = 91 vs 91: nat", DEFAULT, {"points": {"A": 71}, "roem": {"A": 20}}, ("nat", 0, 182)),
    (
        "the same, tie_is_nat false",
        dataclasses.replace(DEFAULT, tie_is_nat=False),
        {"points": {"A": 71}, "roem": {"A": 20}},
        ("made", 91, 91),
    ),
    ("defense roem sinks", DEFAULT, {"points": {"A": 90}, "roem": {"B": 50}}, ("nat", 0, 212)),
    (
        "points only",
        dataclasses.replace(DEFAULT, nat_test="points_only"),
        {"points": {"A": 90}, "roem": {"B": 50}},
        ("made", 90, 122),
    ),
    ("pit with 40 roem", DEFAULT, {"pit": "A", "roem": {"A": 40}}, ("made", 302, 0)),
    ("tegenpit with 20 roem", DEFAULT, {"pit": "B", "roem": {"B": 20}}, ("nat", 0, 282)),
    (
        "tegenpit without defense_pit",
        dataclasses.replace(DEFAULT, defense_pit=False),
        {"pit": "B", "roem": {"B": 20}},
        ("nat", 0, 182),
    ),
    ("B revokes", DEFAULT, {"revoke": "B"}, ("revoke", 262, 0)),
    (
        "B revokes, 162 only",
        dataclasses.replace(DEFAULT, revoke="162"),
        {"revoke": "B"},
        ("revoke", 162, 0),
    ),
    ("A revokes while playing", DEFAULT, {"revoke": "A"}, ("revoke", 0, 262)),
    (
        "roem from the hand: the pitted team keeps it",
        dataclasses.replace(DEFAULT, roem="hand"),
        {"pit": "A", "roem": {"B": 20}},
        ("made", 262, 20),
    ),
]


@pytest.mark.parametrize(
    ("rules", "raw", "expected"), [e[1:] for e in EXAMPLES], ids=[e[0] for e in EXAMPLES]
)
def test_the_contracts_examples(rules, raw, expected):
    assert _scored(rules, **raw) == expected


ERRORS = [
    ({"rules": {"games": 0}}, "rules.games", "out_of_range"),
    ({"rules": {"pit_bonus": 15}}, "rules.pit_bonus", "out_of_range"),
    ({"rules": {"tie_is_nat": 1}}, "rules.tie_is_nat", "invalid_choice"),
    ({"rules": {"variant": "utrecht"}}, "rules.variant", "invalid_choice"),
    ({"rules": {"rounding": "none"}}, "rules.rounding", "unknown_key"),
    ({"hands": [{"playing": "A", "taker": "A", "points": {"A": 90}}]}, "taker", "unknown_key"),
    ({"hands": [{"playing": "C", "points": {"A": 90}}]}, "playing", "invalid_team"),
    ({"hands": [{"playing": "A", "points": {"A": 90, "B": 72}}]}, "points", "points_one_team"),
    ({"hands": [{"playing": "A", "points": {"A": 163}}]}, "points", "out_of_range"),
    ({"hands": [{"playing": "A", "pit": "A", "revoke": "B"}]}, "revoke", "revoke_with_pit"),
    (
        {"hands": [{"playing": "A", "revoke": "B", "points": {"A": 9}}]},
        "points",
        "points_with_revoke",
    ),
    (
        {"hands": [{"playing": "A", "points": {"A": 90}, "roem": {"A": 45}}]},
        "roem.A",
        "not_roem_sum",
    ),
    (
        {"hands": [{"playing": "A", "points": {"A": 90}, "roem": {"A": "20"}}]},
        "roem.A",
        "not_integer",
    ),
    (
        {"hands": [{"playing": "A", "points": {"A": 90}, "roem": {"A": -20}}]},
        "roem.A",
        "out_of_range",
    ),
    ({"hands": [{"playing": "A"}]}, "points", "required"),
]


@pytest.mark.parametrize(("document", "field", "code"), ERRORS)
def test_each_error_names_its_field(document, field, code):
    document = {"game": "klaverjas", "hands": [], **document}
    with pytest.raises(MatchError) as error:
        rules, hands = ENGINE.parse_match_document(document)
        score_match(ENGINE, rules, hands)
    assert (field, code) in [(p.field, p.code) for p in error.value.problems]


teams = st.sampled_from(("A", "B"))
roems = st.sampled_from((0, 20, 40, 50, 70, 100, 120, 200, 300))


@st.composite
def hands(draw):
    playing = draw(teams)
    kind = draw(st.sampled_from(("points", "pit", "revoke")))
    roem = Pair(draw(roems), draw(roems))
    if kind == "revoke":
        return KlaverjasHand(playing, revoke=draw(teams))
    if kind == "pit":
        pit = draw(teams)
        pitted_roem = Pair(roem.a, 0) if pit == "A" else Pair(0, roem.b)
        return KlaverjasHand(playing, roem=pitted_roem, pit=pit)
    return KlaverjasHand(playing, draw(teams), draw(st.integers(0, 162)), roem)


@given(st.lists(hands(), max_size=16))
def test_each_hand_gives_162_and_the_roem_to_someone(played):
    rules = KlaverjasRules(end="target", target=10**9)
    result = score_match(ENGINE, rules, played)
    for hand, scored in zip(played, result_document(result)["hands"], strict=True):
        points, roem = scored["points"], scored["roem"]
        assert points["A"] + points["B"] == 162
        assert scored["score"] == {t: points[t] + roem[t] for t in "AB"}
        declared = hand.roem.a + hand.roem.b
        bonus = roem["A"] + roem["B"] - declared
        if hand.revoke:
            assert scored["outcome"] == "revoke" and bonus == 100
        elif scored["outcome"] == "made":
            assert bonus == (100 if hand.pit else 0)
        else:
            assert scored["outcome"] == "nat" and 0 in (points["A"], points["B"])
            assert bonus == (100 if hand.pit else 0)


@given(st.lists(hands(), max_size=16))
def test_the_document_gives_back_the_same_match(played):
    rules = KlaverjasRules()
    document = json.loads(json.dumps(ENGINE.match_document(rules, played)))
    assert ENGINE.parse_match_document(document) == (rules, played)


def test_a_boompje_ends_after_its_sixteenth_hand():
    played = [KlaverjasHand("A", "A", 90)] * 16
    result = score_match(ENGINE, KlaverjasRules(), played)
    assert result.finished and result.winner == "A" and result.totals == Pair(1440, 1152)
    with pytest.raises(MatchError):
        score_match(ENGINE, KlaverjasRules(), [*played, played[0]])
