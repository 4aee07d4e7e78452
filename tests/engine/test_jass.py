"""Schieber jass (../shared/scoring/JASS.md, JASS): the engine held to its
contract.

- every worked case of its two folders (its own copy,
  scoresheets/games/jass/cases, and ../shared/scoring/jass when present)
  through the kernel's ``score_match`` and ``result_document``, with its
  ``ENGINE`` (the registry's);
- the contract's examples, table by table: *Scoring one hand*, *Weis*
  (ranking and every kind of invalid declaration), *End of match*
  (Ausmachen, rounds), the rules;
- properties on random valid matches (hypothesis): a hand's scores add up
  to (157 + Weis + Stöck) x m, the totals to the scores, the document
  round-trips, the fast check is the slow one, the end of match is the
  contract's, junk raises MatchError and nothing else.

The phone's twin is held to this engine by tests/engine/test_jass_js.py.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoresheets.games.jass import engine as jass
from scoresheets.games.jass.engine import ENGINE, Declaration, JassHand, JassRules
from scoresheets.scoring import kernel
from scoresheets.scoring.kernel import MatchError, Pair
from tests.conftest import ROOT, SHARED_SCORING_DIR, case_files, case_id
from tests.engine.test_cases import assert_matches_expected
from tests.engine.test_scoring_properties import JSON_VALUES, ODD_VALUES, check_match_error, paths
from tests.engine.test_scoring_properties import get as get_path

PROJECT_CASES = ROOT / "scoresheets" / "games" / "jass" / "cases"
SHARED_CASES = SHARED_SCORING_DIR / "jass"
CASES = case_files(PROJECT_CASES, SHARED_CASES)
FAST = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def score(document: Any) -> dict[str, Any]:
    """The result document of a jass match document (raises MatchError)."""
    rules, hands = ENGINE.parse_match_document(document)
    return kernel.result_document(kernel.score_match(ENGINE, rules, hands))


def problems_of(document: Any) -> list[tuple[Any, str, str]]:
    """(hand, field, code) of every problem of ``document``; [] if it scores."""
    try:
        score(document)
    except MatchError as error:
        check_match_error(error)
        return [(p.hand, p.field, p.code) for p in error.problems]
    return []


def doc(*hands: dict[str, Any], **rules: Any) -> dict[str, Any]:
    return {"game": "jass", "rules": rules, "hands": list(hands)}


# --------------------------------------------------------------------------
# The worked cases
# --------------------------------------------------------------------------


def test_it_finds_its_own_copy_of_the_cases():
    # A clone tests itself without ../shared: the project keeps its copy.
    assert len([p for p in CASES if p.parent == PROJECT_CASES]) >= 45
    assert ENGINE.case_folders == ("scoresheets/games/jass/cases", "../shared/scoring/jass")


@pytest.mark.parametrize("path", CASES, ids=[case_id(p) for p in CASES])
def test_case_through_the_engine(path: Path):
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document["game"] == "jass"
    expected = document["expected"]
    if expected.get("error"):
        with pytest.raises(MatchError) as info:
            score(document)
        check_match_error(info.value)
        assert all(p.code and p.field for p in info.value.problems)
    else:
        result = score(document)
        assert_matches_expected(result, expected)
        assert result["reserve"] == 0 and all(h["reserve"] == 0 for h in result["hands"])


# --------------------------------------------------------------------------
# JASS, *Scoring one hand*: its three examples, and the outcomes
# --------------------------------------------------------------------------

FOUR_OBER = {"seat": 1, "kind": "four", "rank": "Q"}
DREIBLATT = {"seat": 3, "kind": "sequence", "suit": "hearts", "length": 3, "top": "9"}

SCORING_EXAMPLES = [
    # spades at 1_2_3, A 92, B wins Weis 50: A 184, B (65 + 50) x 2 = 230.
    (
        {"multipliers": "1_2_3"},
        {"mode": "spades", "points": {"A": 92}, "weis": {"B": 50}},
        184,
        230,
    ),
    # Obenabe Match at 1_2_3: 771 / 0.
    ({"multipliers": "1_2_3"}, {"mode": "obenabe", "match": "A"}, 771, 0),
    # Obenabe, four Ober + partner's Dreiblatt, A 80 points: (80 + 120) x 3 = 600, B 231.
    (
        {"multipliers": "1_2_3"},
        {"mode": "obenabe", "points": {"A": 80}, "declared": [FOUR_OBER, DREIBLATT]},
        600,
        231,
    ),
    # Stöck count against a Match, Weis too; everything is multiplied.
    ({}, {"mode": "hearts", "match": "A", "stoeck": "B", "weis": {"B": 50}}, 257, 70),
    ({"multipliers": "1_2_3_4"}, {"mode": "undenufe", "points": {"B": 57}}, 400, 228),
    ({"multipliers": "1_2_2"}, {"mode": "undenufe", "points": {"B": 57}}, 200, 114),
    ({"match_bonus": 0}, {"mode": "clubs", "match": "B"}, 0, 157),
    ({"konter_match": "double"}, {"mode": "hearts", "match": "B", "stoeck": "A"}, 20, 514),
    ({"konter_match": "double"}, {"mode": "hearts", "announcer": "B", "match": "B"}, 0, 257),
    (
        {"konter_match": "double", "match_bonus": 0, "multipliers": "1_2_3"},
        {"mode": "obenabe", "match": "B"},
        0,
        942,
    ),
]


@pytest.mark.parametrize(("rules", "hand", "a", "b"), SCORING_EXAMPLES)
def test_the_scoring_examples(rules, hand, a, b):
    result = score(doc({"announcer": "A", **hand}, **rules))
    assert result["hands"][0]["score"] == {"A": a, "B": b}


@pytest.mark.parametrize(
    ("hand", "outcome"),
    [
        ({"announcer": "A", "points": {"A": 157}}, "scored"),
        ({"announcer": "A", "match": "A"}, "match"),
        ({"announcer": "B", "match": "B"}, "match"),
        ({"announcer": "A", "match": "B"}, "konter_match"),
    ],
)
def test_the_outcomes(hand, outcome):
    assert score(doc({"mode": "hearts", **hand}))["hands"][0]["outcome"] == outcome


def test_the_breakdown_tells_the_parts_and_the_multiplier():
    rules, hands = ENGINE.parse_match_document(
        doc(
            {"mode": "spades", "announcer": "A", "points": {"A": 92}, "stoeck": "A"},
            {"mode": "hearts", "announcer": "B", "points": {"A": 92}, "weis": {"B": 20}},
            multipliers="1_2_3",
        )
    )
    first, second = kernel.score_match(ENGINE, rules, hands).hands
    b = first.breakdown
    assert (b.taker, b.defense, b.multiplier) == ("A", "B", 2)
    assert b.multiplied_parts == ("tricks", "announcements", "belote")
    assert (b.a.tricks, b.a.announcements, b.a.belote, b.a.multiplied, b.a.total) == (
        92,
        0,
        20,
        112,
        224,
    )
    assert (b.b.tricks, b.b.multiplied, b.b.total) == (65, 65, 130)
    assert first.tricks == Pair(92, 65) and first.hand_totals == Pair(112, 65)
    assert first.winner is None and first.collected == 0
    assert second.breakdown.multiplier == 1 and second.breakdown.multiplied_parts == ()
    assert second.breakdown.b.announcements == 20 and second.extras == {"weis": {"A": 0, "B": 20}}


# --------------------------------------------------------------------------
# JASS, *Weis*: the comparison of declared Weis
# --------------------------------------------------------------------------


def seq(seat: int, suit: str, length: int, top: str) -> dict[str, Any]:
    return {"seat": seat, "kind": "sequence", "suit": suit, "length": length, "top": top}


def four(seat: int, rank: str) -> dict[str, Any]:
    return {"seat": seat, "kind": "four", "rank": rank}


WEIS_EXAMPLES = [
    # JASS's example: diamonds trump, seats 1, 2, 3 each a Dreiblatt to the 9: seat 1, A 40.
    (
        "diamonds",
        "A",
        {},
        [seq(1, "spades", 3, "9"), seq(2, "clubs", 3, "9"), seq(3, "hearts", 3, "9")],
        {"A": 40, "B": 0},
    ),
    # The same, B announced: seats 1 and 3 are B's.
    (
        "diamonds",
        "B",
        {},
        [seq(1, "spades", 3, "9"), seq(2, "clubs", 3, "9"), seq(3, "hearts", 3, "9")],
        {"A": 0, "B": 40},
    ),
    # Points first: a Vierblatt beats two Dreiblatt; its team scores all its own.
    (
        "spades",
        "A",
        {},
        [seq(1, "clubs", 3, "K"), seq(2, "hearts", 4, "J"), seq(4, "clubs", 3, "9")],
        {"A": 0, "B": 70},
    ),
    # more_cards: a Fünfblatt beats four Aces; four_first: the four wins.
    ("hearts", "A", {}, [four(1, "A"), seq(2, "hearts", 5, "K")], {"A": 0, "B": 100}),
    (
        "hearts",
        "A",
        {"equal_weis": "four_first"},
        [four(1, "A"), seq(2, "hearts", 5, "K")],
        {"A": 100, "B": 0},
    ),
    # A four of 150 or 200 never meets a sequence of its points held by another
    # seat (every Sechsblatt holds a 9, every Siebenblatt a Jack): equal_weis
    # matters for the fours of 100, against a Fünfblatt or a capped sequence.
    (
        "clubs",
        "A",
        {"sequence_values": "capped"},
        [four(1, "A"), seq(2, "hearts", 6, "K")],
        {"A": 0, "B": 100},
    ),
    (
        "clubs",
        "A",
        {"sequence_values": "capped", "equal_weis": "four_first"},
        [four(1, "A"), seq(2, "hearts", 6, "K")],
        {"A": 100, "B": 0},
    ),
    # Four Jacks (200) beat a Fünfblatt; four Nines (150) beat four Aces.
    ("clubs", "A", {}, [four(3, "J"), seq(4, "hearts", 5, "10")], {"A": 200, "B": 0}),
    ("clubs", "A", {}, [four(2, "9"), four(3, "A")], {"A": 0, "B": 150}),
    # capped: a Sechsblatt is 100 and beats a Fünfblatt by its cards; a Neunblatt 100 too.
    (
        "spades",
        "A",
        {"sequence_values": "capped"},
        [seq(1, "clubs", 5, "A"), seq(2, "hearts", 6, "J")],
        {"A": 0, "B": 100},
    ),
    ("spades", "A", {"sequence_values": "capped"}, [seq(1, "clubs", 9, "A")], {"A": 100, "B": 0}),
    ("spades", "A", {}, [seq(1, "clubs", 9, "A")], {"A": 300, "B": 0}),
    # Height: the higher top card; between fours, the higher rank (Sixes count 100 too).
    ("diamonds", "A", {}, [seq(1, "hearts", 3, "10"), seq(2, "clubs", 3, "Q")], {"A": 0, "B": 20}),
    ("hearts", "A", {}, [four(1, "Q"), four(2, "K")], {"A": 0, "B": 100}),
    ("hearts", "A", {}, [four(2, "6"), four(3, "7")], {"A": 100, "B": 0}),
    # Trump before the earlier seat; the earlier seat last.
    ("clubs", "A", {}, [seq(1, "hearts", 3, "9"), seq(4, "clubs", 3, "9")], {"A": 0, "B": 20}),
    ("clubs", "A", {}, [seq(4, "hearts", 3, "9"), seq(2, "spades", 3, "9")], {"A": 0, "B": 40}),
    ("clubs", "A", {}, [seq(2, "hearts", 3, "9"), seq(3, "spades", 3, "9")], {"A": 0, "B": 20}),
    # No trump at Obenabe: no sequence is a trump one.
    ("obenabe", "A", {}, [seq(1, "hearts", 3, "9"), seq(2, "clubs", 3, "9")], {"A": 20, "B": 0}),
    # Kreuzweis: one card in a four and a sequence of one player: 100 + 20.
    ("clubs", "A", {}, [four(1, "K"), seq(1, "hearts", 3, "A")], {"A": 120, "B": 0}),
    # Four Jacks 200 + the partner's Dreiblatt; nothing declared: 0.
    (
        "hearts",
        "A",
        {},
        [four(3, "J"), seq(2, "spades", 5, "10"), seq(1, "hearts", 3, "8")],
        {"A": 220, "B": 0},
    ),
    ("hearts", "A", {}, [], {"A": 0, "B": 0}),
]


@pytest.mark.parametrize(("mode", "announcer", "rules", "declared", "weis"), WEIS_EXAMPLES)
def test_the_weis_comparison(mode, announcer, rules, declared, weis):
    hand = {"mode": mode, "announcer": announcer, "points": {"A": 100}, "declared": declared}
    result = score(doc(hand, **rules))["hands"][0]
    assert result["weis"] == weis
    m = jass.multiplier(JassRules(**{k: v for k, v in rules.items() if k == "multipliers"}), mode)
    assert result["score"] == {"A": (100 + weis["A"]) * m, "B": (57 + weis["B"]) * m}


@pytest.mark.parametrize(
    ("rules", "declaration", "value"),
    [
        ({}, seq(1, "hearts", 3, "8"), 20),
        ({}, seq(1, "hearts", 4, "9"), 50),
        ({}, seq(1, "hearts", 5, "10"), 100),
        ({}, seq(1, "hearts", 6, "J"), 150),
        ({}, seq(1, "hearts", 7, "Q"), 200),
        ({}, seq(1, "hearts", 8, "K"), 250),
        ({}, seq(1, "hearts", 9, "A"), 300),
        ({"sequence_values": "capped"}, seq(1, "hearts", 7, "Q"), 100),
        ({"sequence_values": "capped"}, seq(1, "hearts", 5, "Q"), 100),
        ({}, four(1, "J"), 200),
        ({}, four(1, "9"), 150),
        ({}, four(1, "A"), 100),
        ({}, four(1, "6"), 100),
        ({}, four(1, "8"), 100),
    ],
)
def test_each_declarations_value(rules, declaration, value):
    assert jass.declaration_value(JassRules(**rules), Declaration(**declaration)) == value


INVALID_DECLARATIONS = [
    # A card declared by two seats (the K of hearts in a four and a sequence).
    ([four(1, "K"), seq(2, "hearts", 3, "A")], "declared.2", "card_declared_twice"),
    ([seq(1, "hearts", 3, "8"), seq(3, "hearts", 4, "10")], "declared.2", "card_declared_twice"),
    # One seat's sequences in one suit that overlap, or touch (6-7-8 + 9-10-J).
    ([seq(1, "hearts", 4, "9"), seq(1, "hearts", 3, "10")], "declared.2", "sequences_overlap"),
    ([seq(2, "clubs", 3, "8"), seq(2, "clubs", 3, "J")], "declared.2", "sequences_overlap"),
    ([seq(2, "clubs", 3, "8"), seq(2, "clubs", 3, "8")], "declared.2", "sequences_overlap"),
    # The same four twice, by one seat or two.
    ([four(1, "Q"), four(1, "Q")], "declared.2", "four_declared_twice"),
    ([four(1, "Q"), four(2, "Q")], "declared.2", "four_declared_twice"),
    # More than 9 cards for one seat (three fours: 12).
    ([four(1, "6"), four(1, "7"), four(1, "8")], "declared", "too_many_cards"),
    ([seq(3, "hearts", 9, "A"), seq(3, "clubs", 3, "8")], "declared", "too_many_cards"),
    # A sequence reaching below the 6.
    ([seq(1, "hearts", 4, "8")], "declared.1", "sequence_below_six"),
    # A bad seat, kind, suit, rank, length; a key missing or of the other kind.
    ([{**four(1, "K"), "seat": 5}], "declared.1.seat", "invalid_choice"),
    ([{**four(1, "K"), "seat": "1"}], "declared.1.seat", "invalid_choice"),
    ([{"seat": 1, "kind": "pair", "rank": "K"}], "declared.1.kind", "invalid_choice"),
    ([seq(1, "obenabe", 3, "K")], "declared.1.suit", "invalid_choice"),
    ([four(1, "B")], "declared.1.rank", "invalid_choice"),
    ([four(1, 10)], "declared.1.rank", "invalid_choice"),
    ([seq(1, "hearts", 3, "11")], "declared.1.top", "invalid_choice"),
    ([seq(1, "hearts", 2, "K")], "declared.1.length", "invalid_choice"),
    ([seq(1, "hearts", 10, "A")], "declared.1.length", "invalid_choice"),
    ([{"seat": 1, "kind": "four"}], "declared.1.rank", "required"),
    ([{"kind": "four", "rank": "K"}], "declared.1.seat", "required"),
    ([{"seat": 1, "rank": "K"}], "declared.1.kind", "required"),
    ([{**seq(1, "hearts", 3, "K"), "rank": "K"}], "declared.1.rank", "not_for_kind"),
    ([{**four(1, "K"), "suit": "hearts"}], "declared.1.suit", "not_for_kind"),
    # Its shape: a list of objects of a declaration's keys.
    ([{**four(1, "K"), "points": 100}], "declared.1.points", "unknown_key"),
    (["four K"], "declared.1", "not_object"),
    ({"seat": 1}, "declared", "not_list"),
]


@pytest.mark.parametrize(("declared", "field", "code"), INVALID_DECLARATIONS)
def test_each_kind_of_invalid_declaration(declared, field, code):
    hand = {"mode": "spades", "announcer": "A", "points": {"A": 100}, "declared": declared}
    assert problems_of(doc(hand)) == [(1, field, code)]


def test_a_card_declared_twice_is_named():
    hand = {"mode": "hearts", "announcer": "A", "points": {"A": 100}}
    hand["declared"] = [four(1, "K"), seq(2, "hearts", 3, "A")]
    with pytest.raises(MatchError) as error:
        score(doc(hand))
    (found,) = error.value.problems
    assert str(found) == "hand 1, declared.2: the K of hearts is in declaration 1 too, of seat 1"
    assert dict(found.params) == {"declaration": 1, "card": "K of hearts"}


def test_valid_declarations_of_one_seat_and_of_several():
    for declared in (
        [four(1, "K"), seq(1, "hearts", 3, "A")],  # Kreuzweis
        [seq(1, "hearts", 3, "8"), seq(1, "hearts", 3, "Q")],  # apart by one card
        [seq(1, "hearts", 3, "8"), seq(2, "hearts", 3, "J")],  # two seats, touching
        [four(1, "6"), four(1, "7"), seq(1, "hearts", 3, "8")],  # 9 cards
        [seq(s, suit, 9, "A") for s, suit in zip((1, 2, 3, 4), jass.SUITS, strict=True)],
    ):
        hand = {"mode": "spades", "announcer": "A", "points": {"A": 100}, "declared": declared}
        assert problems_of(doc(hand)) == [], declared


# --------------------------------------------------------------------------
# JASS, *Hand*: the other checks
# --------------------------------------------------------------------------

HAND = {"mode": "hearts", "announcer": "A", "points": {"A": 100}}

INVALID_HANDS = [
    ({"points": {"A": 158}}, {}, [(1, "points", "out_of_range")]),
    ({"points": {"A": -1}}, {}, [(1, "points", "out_of_range")]),
    ({"points": {"A": 92, "B": 65}}, {}, [(1, "points", "points_one_team")]),
    ({"points": None}, {}, [(1, "points", "required")]),
    ({"match": "A"}, {}, [(1, "points", "points_with_match")]),
    ({"mode": None}, {}, [(1, "mode", "required")]),
    ({"mode": "trumps"}, {}, [(1, "mode", "invalid_choice")]),
    ({"announcer": None}, {}, [(1, "announcer", "required")]),
    ({"announcer": "C"}, {}, [(1, "announcer", "invalid_team")]),
    ({"mode": "undenufe", "stoeck": "A"}, {}, [(1, "stoeck", "stoeck_without_trump")]),
    ({"mode": "obenabe", "stoeck": "B"}, {}, [(1, "stoeck", "stoeck_without_trump")]),
    ({"stoeck": "A"}, {"weis_stoeck": False}, [(1, "stoeck", "weis_stoeck_disabled")]),
    ({"weis": {"B": 50}}, {"weis_stoeck": False}, [(1, "weis.B", "weis_stoeck_disabled")]),
    (
        {"declared": [four(1, "K")]},
        {"weis_stoeck": False},
        [(1, "declared", "weis_stoeck_disabled")],
    ),
    ({"weis": {"A": 20, "B": 50}}, {}, [(1, "weis", "weis_both_teams")]),
    ({"weis": {"A": 30}}, {}, [(1, "weis.A", "not_weis_sum")]),
    ({"weis": {"A": -20}}, {}, [(1, "weis.A", "out_of_range")]),
    ({"weis": {"A": "20"}}, {}, [(1, "weis.A", "not_integer")]),
    ({"weis": {"C": 20}}, {}, [(1, "weis.C", "unknown_key")]),
    ({"weis": {"A": 20}, "declared": []}, {}, [(1, "declared", "weis_with_declared")]),
    ({"out": "C"}, {}, [(1, "out", "invalid_team")]),
    ({"out": "A"}, {"rounds": 3}, [(1, "out", "out_not_allowed")]),
    ({"out": "A"}, {}, [(1, "out", "out_not_allowed")]),  # nobody near the target
    ({"taker": "A"}, {}, [(1, "taker", "unknown_key")]),
]


@pytest.mark.parametrize(("change", "rules", "problems"), INVALID_HANDS)
def test_each_kind_of_invalid_hand(change, rules, problems):
    assert problems_of(doc({**HAND, **change}, **rules)) == problems


def test_an_empty_declared_list_and_zero_weis_are_no_weis():
    for change in ({"declared": []}, {"weis": {"A": 0}}, {"weis": {}}, {"weis": None}):
        for rules in ({}, {"weis_stoeck": False}):
            result = score(doc({**HAND, **change}, **rules))
            assert result["hands"][0]["weis"] == {"A": 0, "B": 0}, change


INVALID_RULES = [
    ({"rounds": 12, "target": 1000}, [(None, "rules.target", "target_with_rounds")]),
    ({"target": None}, [(None, "rules.target", "required")]),
    ({"target": 0}, [(None, "rules.target", "out_of_range")]),
    ({"rounds": 0}, [(None, "rules.rounds", "out_of_range")]),
    ({"rounds": "12"}, [(None, "rules.rounds", "not_integer")]),
    ({"multipliers": "1_2"}, [(None, "rules.multipliers", "invalid_choice")]),
    ({"match_bonus": 50}, [(None, "rules.match_bonus", "invalid_choice")]),
    ({"konter_match": "triple"}, [(None, "rules.konter_match", "invalid_choice")]),
    ({"weis_stoeck": 1}, [(None, "rules.weis_stoeck", "invalid_choice")]),
    ({"sequence_values": "none"}, [(None, "rules.sequence_values", "invalid_choice")]),
    ({"equal_weis": "seat"}, [(None, "rules.equal_weis", "invalid_choice")]),
    ({"ausmachen": "stich"}, [(None, "rules.ausmachen", "invalid_choice")]),
    ({"donnes": 12}, [(None, "rules.donnes", "unknown_key")]),
]


@pytest.mark.parametrize(("rules", "problems"), INVALID_RULES)
def test_each_kind_of_invalid_rules(rules, problems):
    assert problems_of(doc(HAND, **rules)) == problems


def test_rounds_without_target_and_the_defaults():
    rules = ENGINE.parse_rules({"rounds": 12})
    assert (rules.target, rules.rounds, rules.donnes) == (None, 12, 12)
    assert ENGINE.parse_rules({"rounds": 12, "target": None}) == rules
    assert ENGINE.parse_rules({}) == JassRules() and JassRules().donnes is None
    assert ENGINE.parse_rules({"rounds": None}).target == 1000
    assert jass.check_rules(JassRules()) == []


def test_the_document_must_say_jass():
    assert problems_of({"rules": {}, "hands": [HAND]}) == [(None, "game", "invalid_choice")]


# --------------------------------------------------------------------------
# JASS, *End of match*
# --------------------------------------------------------------------------

# JASS's example (target 200): A 134 / B 180, then a last hand.
BEFORE = [
    {"mode": "hearts", "announcer": "A", "points": {"A": 100}},
    {"mode": "hearts", "announcer": "B", "points": {"B": 123}},
]
LAST_STOECK = {"mode": "hearts", "announcer": "A", "points": {"A": 140}, "stoeck": "B"}
LAST_WEIS = {"mode": "hearts", "announcer": "A", "points": {"A": 140}, "weis": {"B": 20}}
LAST_TRICKS = {"mode": "hearts", "announcer": "A", "points": {"A": 100}}

AUSMACHEN = [
    # A 140, B 17 + Stöck: 274 / 217; Stöck first: 180 + 20 reaches, B wins;
    # with totals, A wins.
    ("stoeck_weis_stich", LAST_STOECK, "B"),
    ("stoeck_stich_weis", LAST_STOECK, "B"),
    ("totals", LAST_STOECK, "A"),
    # B 17 + Weis 20: Weis before tricks, B; tricks before Weis, A (274 / 197).
    ("stoeck_weis_stich", LAST_WEIS, "B"),
    ("stoeck_stich_weis", LAST_WEIS, "A"),
    ("totals", LAST_WEIS, "A"),
    # Both reach on tricks alone (234 / 237): `out` names the winner, even behind.
    ("stoeck_weis_stich", {**LAST_TRICKS, "out": "A"}, "A"),
    ("stoeck_stich_weis", {**LAST_TRICKS, "out": "B"}, "B"),
    ("totals", LAST_TRICKS, "B"),
    ("totals", {**LAST_TRICKS, "out": "A"}, "B"),  # allowed, and not what decides
    # `out` given where Stöck decide: allowed, not what decides.
    ("stoeck_weis_stich", {**LAST_STOECK, "out": "A"}, "B"),
]


@pytest.mark.parametrize(("ausmachen", "last", "winner"), AUSMACHEN)
def test_ausmachen(ausmachen, last, winner):
    result = score(doc(*BEFORE, last, target=200, ausmachen=ausmachen))
    assert result["hands"][1]["totals"] == {"A": 134, "B": 180}
    assert (result["finished"], result["winner"]) == (True, winner)


@pytest.mark.parametrize("ausmachen", ["stoeck_weis_stich", "stoeck_stich_weis"])
def test_out_is_required_when_the_tricks_decide(ausmachen):
    problems = problems_of(doc(*BEFORE, LAST_TRICKS, {**HAND}, target=200, ausmachen=ausmachen))
    # The 3rd hand's problem; the 4th is not scored, and is no "after_end".
    assert problems == [(3, "out", "required")]


def test_out_only_after_both_teams_pass_the_target():
    one_team = {"mode": "hearts", "announcer": "B", "points": {"B": 100}, "out": "B"}
    assert problems_of(doc(*BEFORE, one_team, target=200)) == [(3, "out", "out_not_allowed")]
    assert problems_of(doc({**BEFORE[0], "out": "A"}, target=200)) == [
        (1, "out", "out_not_allowed")
    ]


def test_equal_totals_past_the_target_under_totals_play_another_hand():
    # 157 each after two hands, both past 150: another hand decides.
    hands = [
        {"mode": "hearts", "announcer": "A", "points": {"A": 100}},
        {"mode": "hearts", "announcer": "B", "points": {"B": 100}},
    ]
    tied = score(doc(*hands, target=150, ausmachen="totals"))
    assert tied["totals"] == {"A": 157, "B": 157}
    assert (tied["finished"], tied["winner"]) == (False, None)
    third = {"mode": "hearts", "announcer": "A", "points": {"A": 0}}
    decided = score(doc(*hands, third, target=150, ausmachen="totals"))
    assert (decided["finished"], decided["winner"]) == (True, "B")


def test_a_team_alone_at_the_target_wins_even_behind_never():
    # One team reaching wins; the other, ahead or not, does not reach.
    result = score(doc({"mode": "hearts", "announcer": "A", "points": {"A": 157}}, target=150))
    assert (result["finished"], result["winner"]) == (True, "A")
    result = score(doc({"mode": "hearts", "announcer": "A", "points": {"A": 149}}, target=150))
    assert (result["finished"], result["winner"]) == (False, None)


def test_rounds_end_after_their_hands_whatever_the_points():
    hands = [{"mode": "spades", "announcer": "A", "match": "A"}] * 3
    result = score(doc(*hands, rounds=3, multipliers="1_2_3_4"))
    assert result["totals"] == {"A": 1542, "B": 0}
    assert (result["finished"], result["winner"], result["donnes"]) == (True, "A", 3)
    assert not score(doc(*hands[:2], rounds=3))["finished"]
    assert problems_of(doc(*hands, HAND, rounds=3)) == [(4, "hand", "after_end")]


# --------------------------------------------------------------------------
# Properties (hypothesis): random valid matches
# --------------------------------------------------------------------------

TEAM = st.sampled_from(["A", "B"])
WEIS_SUMS = st.sampled_from([20, 40, 50, 70, 100, 120, 150, 200, 250, 300, 350, 520])
REAL_TARGET = st.sampled_from([300, 1000, 2500])
NO_END = 10**9


def rules_strategy(target: st.SearchStrategy[int] = REAL_TARGET) -> st.SearchStrategy[JassRules]:
    common = {
        "multipliers": st.sampled_from(list(jass.Multipliers)),
        "match_bonus": st.sampled_from([100, 0]),
        "konter_match": st.sampled_from(list(jass.KonterMatch)),
        "weis_stoeck": st.booleans(),
        "sequence_values": st.sampled_from(list(jass.SequenceValues)),
        "equal_weis": st.sampled_from(list(jass.EqualWeis)),
        "ausmachen": st.sampled_from(list(jass.Ausmachen)),
    }
    return st.one_of(
        st.builds(JassRules, target=target, rounds=st.none(), **common),
        st.builds(JassRules, target=st.none(), rounds=st.integers(1, 20), **common),
    )


@st.composite
def declared_strategy(draw: st.DrawFn) -> tuple[Declaration, ...]:
    """Valid declarations: each drawn and kept when no card of it is another
    seat's, no sequence of its seat in its suit touches it, the same four is
    not there yet and its seat keeps 9 cards at most."""
    owner: dict[tuple[int, int], int] = {}
    spans: dict[tuple[int, str], list[tuple[int, int]]] = {}
    fours: set[str] = set()
    kept: list[Declaration] = []
    for _ in range(draw(st.integers(0, 6))):
        seat = draw(st.sampled_from(jass.SEATS))
        if draw(st.integers(0, 2)) == 0:
            rank = draw(st.sampled_from(jass.RANKS))
            d = Declaration(seat, "four", rank=rank)
            if rank in fours:
                continue
        else:
            length = draw(st.integers(3, 9))
            top = draw(st.integers(length - 1, 8))
            d = Declaration(
                seat, "sequence", draw(st.sampled_from(jass.SUITS)), length, jass.RANKS[top]
            )
            low = top - length + 1
            if any(low <= hi + 1 and lo <= top + 1 for lo, hi in spans.get((seat, d.suit), [])):
                continue
        cards = jass._cards(d)
        mine = {card for card, s in owner.items() if s == seat}
        if any(owner.get(card, seat) != seat for card in cards) or len(mine | cards) > 9:
            continue
        owner.update(dict.fromkeys(cards, seat))
        if d.kind == "four":
            fours.add(d.rank)
        else:
            spans.setdefault((seat, d.suit), []).append(jass._span(d))
        kept.append(d)
    return tuple(kept)


@st.composite
def hand_strategy(draw: st.DrawFn, rules: JassRules) -> JassHand:
    """One valid hand under ``rules`` (no ``out``: the match decides it)."""
    mode = draw(st.sampled_from(jass.MODES))
    match = draw(st.sampled_from([None, None, None, None, "A", "B"]))
    points_team = card_points = None
    if match is None:
        points_team, card_points = draw(TEAM), draw(st.integers(0, 157))
    stoeck = weis = declared = None
    if rules.weis_stoeck:
        if mode not in jass.NO_TRUMP:
            stoeck = draw(st.sampled_from([None, None, "A", "B"]))
        kind = draw(st.sampled_from(["none", "weis", "declared", "declared"]))
        if kind == "weis":
            value = draw(WEIS_SUMS)
            weis = Pair(value, 0) if draw(TEAM) == "A" else Pair(0, value)
        elif kind == "declared":
            declared = draw(declared_strategy())
    return JassHand(mode, draw(TEAM), points_team, card_points, match, stoeck, weis, declared, None)


def settled(rules: JassRules, hands: list[JassHand], rng: random.Random) -> list[JassHand]:
    """``hands`` made a valid match: ``out`` given where the tricks decide, cut
    after the end."""
    hands = list(hands)
    while True:
        try:
            kernel.score_match(ENGINE, rules, hands)
            return hands
        except MatchError as error:
            (first, *_) = error.problems
            if first.code == "after_end":
                return hands[: first.hand - 1]
            assert (first.field, first.code) == ("out", "required"), error
            hands[first.hand - 1] = dataclasses.replace(hands[first.hand - 1], out=rng.choice("AB"))


@st.composite
def match_strategy(
    draw: st.DrawFn, rules: st.SearchStrategy[JassRules] | None = None, max_hands: int = 12
) -> tuple[JassRules, list[JassHand]]:
    chosen = draw(rules if rules is not None else rules_strategy())
    hands = draw(st.lists(hand_strategy(chosen), max_size=max_hands))
    return chosen, settled(chosen, hands, draw(st.randoms(use_true_random=False)))


@FAST
@given(st.data())
def test_a_drawn_hand_is_valid_and_the_fast_check_says_so(data):
    rules = data.draw(rules_strategy())
    hand = data.draw(hand_strategy(rules))
    assert jass.check_hand(rules, hand, 1) == []
    assert jass.plainly_valid(rules, hand)


@FAST
@given(match_strategy())
def test_a_hand_scores_157_weis_and_stoeck_times_m(match):
    rules, hands = match
    result = kernel.score_match(ENGINE, rules, hands)
    for hand, scored in zip(hands, result.hands, strict=True):
        m = jass.multiplier(rules, hand.mode)
        weis = jass.validated_weis(rules, hand)
        assert scored.extras == {"weis": weis.as_dict()}
        assert min(weis.a, weis.b) == 0
        stoeck = 20 if hand.stoeck else 0
        cards = 157
        if hand.match is not None:
            cards = 157 + rules.match_bonus
            if hand.match != hand.announcer and rules.konter_match == "double":
                cards *= 2
            # The other team scores its Weis and Stöck only.
            other = kernel.other_team(hand.match)
            own = weis[other] + (20 if hand.stoeck == other else 0)
            assert scored.score[other] == own * m
        assert scored.score.a + scored.score.b == (cards + weis.a + weis.b + stoeck) * m
        assert scored.score.a % m == 0 and scored.score.b % m == 0
        assert scored.breakdown.a.total == scored.score.a
        assert scored.breakdown.b.total == scored.score.b


@FAST
@given(match_strategy())
def test_the_totals_are_the_sum_of_the_scores(match):
    rules, hands = match
    result = kernel.score_match(ENGINE, rules, hands)
    a = b = 0
    for scored in result.hands:
        a, b = a + scored.score.a, b + scored.score.b
        assert scored.totals == Pair(a, b) and scored.reserve == 0
    assert result.totals == Pair(a, b) and result.reserve == 0
    document = kernel.result_document(result)
    assert all(set(h["weis"]) == {"A", "B"} for h in document["hands"])
    json.dumps(document)


@FAST
@given(match_strategy())
def test_the_document_round_trips(match):
    rules, hands = match
    document = json.loads(json.dumps(ENGINE.match_document(rules, hands)))
    assert document["game"] == "jass"
    parsed = ENGINE.parse_match_document(document)
    assert (parsed.rules, parsed.hands) == (rules, hands)
    for hand in hands:
        assert ENGINE.parse_hand(ENGINE.hand_document(hand)) == hand
    assert ENGINE.parse_rules(document["rules"]) == rules


@FAST
@given(match_strategy(max_hands=25))
def test_the_end_of_match_is_the_contracts(match):
    rules, hands = match
    result = kernel.score_match(ENGINE, rules, hands)
    if rules.rounds is not None:
        assert result.finished == (len(hands) == rules.rounds)
        if result.finished:
            a, b = result.totals.a, result.totals.b
            assert result.winner == (None if a == b else "A" if a > b else "B")
        return
    target = rules.target
    for number, scored in enumerate(result.hands, start=1):
        if number < len(result.hands):
            assert not scored.ends_match
        reached = [t for t in "AB" if scored.totals[t] >= target]
        if len(reached) == 1:
            assert scored.ends_match and result.winner == reached[0]
        if not reached:
            assert not scored.ends_match
        tied = rules.ausmachen == "totals" and scored.totals.a == scored.totals.b
        if len(reached) == 2:
            assert scored.ends_match != tied
    if result.finished:
        last = result.hands[-1]
        assert last.ends_match and result.winner in ("A", "B")
        if rules.ausmachen == "totals":
            a, b = last.totals.a, last.totals.b
            assert result.winner == ("A" if a > b else "B")


JUNK = st.one_of(ODD_VALUES, JSON_VALUES)


@st.composite
def jumbled_hands(draw: st.DrawFn) -> tuple[JassRules, JassHand]:
    """A valid hand, one or two of its values replaced by anything."""
    rules = draw(rules_strategy())
    hand = draw(hand_strategy(rules))
    names = [f.name for f in dataclasses.fields(JassHand)]
    for name in draw(st.lists(st.sampled_from(names), max_size=2, unique=True)):
        hand = dataclasses.replace(hand, **{name: copy.deepcopy(draw(JUNK))})
    return rules, hand


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(jumbled_hands())
def test_the_fast_check_is_the_slow_one(rules_and_hand):
    rules, hand = rules_and_hand
    problems = jass.check_hand(rules, hand, 1)
    assert jass.plainly_valid(rules, hand) == (not problems)
    assert all(p.hand == 1 and p.code for p in problems)


@st.composite
def almost_valid_documents(draw: st.DrawFn) -> Any:
    """A valid jass match document with a few random mutations."""
    rules, hands = draw(match_strategy(max_hands=5))
    document: Any = json.loads(json.dumps(ENGINE.match_document(rules, hands)))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(paths(document)))
        new_value = copy.deepcopy(draw(JUNK))
        if not path:
            continue
        parent = get_path(document, path[:-1])
        if draw(st.booleans()):
            parent[path[-1]] = new_value
        elif isinstance(parent, dict):
            del parent[path[-1]]
    return document


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(almost_valid_documents())
def test_junk_raises_match_error_and_nothing_else(document):
    try:
        result = score(document)
    except MatchError as error:
        check_match_error(error)
    else:
        json.dumps(result)


@pytest.mark.parametrize(("equal_weis", "winner"), [("more_cards", "B"), ("four_first", "A")])
def test_a_four_against_a_sequence_of_its_points_ranks_by_the_rule(equal_weis, winner):
    # Never between two seats of a valid hand (every Sechsblatt holds a 9),
    # but the ranking is the contract's all the same.
    rules = JassRules(equal_weis=equal_weis)
    declared = [Declaration(**four(1, "9")), Declaration(**seq(2, "hearts", 6, "A"))]
    weis = jass.declared_weis(rules, "clubs", "A", declared)
    assert weis == (Pair(150, 0) if winner == "A" else Pair(0, 150))


def test_the_presets():
    from scoresheets.scoring.engines import ENGINES

    assert ENGINES["jass"] is ENGINE
    keys = [p.key for engine in ENGINES.values() for p in engine.presets]
    assert len(keys) == len(set(keys))
    assert ENGINE.presets[0].rules == JassRules()  # the default first
    for preset in ENGINE.presets:
        assert isinstance(preset.rules, JassRules) and jass.check_rules(preset.rules) == []
        assert preset.label and preset.description
    by_key = {p.key: p.rules for p in ENGINE.presets}
    assert by_key["swisslos_2500"].target == 2500
    assert by_key["swisslos_2500"].multipliers == "1_2_3"
    tournament = by_key["turnier_12"]
    assert (tournament.target, tournament.rounds, tournament.donnes) == (None, 12, 12)
    assert (tournament.match_bonus, tournament.weis_stoeck) == (0, False)


# --------------------------------------------------------------------------
# The Weis helper: each team's best declaration alone (best_weis)
# --------------------------------------------------------------------------


def best(kind: str, card: str) -> Declaration:
    """A best declaration as the helper gives it: no seat, no suit."""
    if kind == "four":
        return Declaration(seat=None, kind="four", rank=card)
    return Declaration(seat=None, kind="sequence", length=int(kind), top=card)


@pytest.mark.parametrize(
    ("rules", "bests", "expected"),
    [
        (JassRules(), {}, jass.BestWeis()),
        (JassRules(), {"B": best("3", "9")}, jass.BestWeis("B", 20)),
        # Points first: a Vierblatt to the 9 beats a Dreiblatt to the Ace.
        (JassRules(), {"A": best("3", "A"), "B": best("4", "9")}, jass.BestWeis("B", 50)),
        # Equal points, more cards: a Fünfblatt beats four Aces (more_cards)...
        (JassRules(), {"A": best("four", "A"), "B": best("5", "10")}, jass.BestWeis("B", 100)),
        # ... and four Aces win under four_first.
        (
            JassRules(equal_weis="four_first"),
            {"A": best("four", "A"), "B": best("5", "10")},
            jass.BestWeis("A", 100),
        ),
        # Equal points and cards: height.
        (JassRules(), {"A": best("3", "K"), "B": best("3", "A")}, jass.BestWeis("B", 20)),
        (JassRules(), {"A": best("four", "J"), "B": best("four", "9")}, jass.BestWeis("A", 200)),
        # A capped Sechsblatt (100) beats a Fünfblatt (100) by its cards.
        (
            JassRules(sequence_values="capped"),
            {"A": best("6", "A"), "B": best("5", "A")},
            jass.BestWeis("A", 100),
        ),
        # Equal in all the helper knows: the trump, then the seat decide.
        (JassRules(), {"A": best("4", "K"), "B": best("4", "K")}, jass.BestWeis(tie=True)),
        # A Sechsblatt to the 10 would reach below the 6.
        (JassRules(), {"A": best("6", "10"), "B": best("3", "A")}, jass.BestWeis(below_six=("A",))),
    ],
)
def test_the_best_weis_of_each_team_compared(rules, bests, expected):
    assert jass.best_weis(rules, bests) == expected


@pytest.mark.parametrize(
    "rules", [JassRules(), JassRules(equal_weis="four_first", sequence_values="capped")]
)
def test_the_best_weis_agrees_with_the_comparison_of_declarations(rules):
    """Every pair of bests that is no tie wins as the declarations'
    comparison says, each best given a seat of its team and its own suit,
    none in trump (seat 1 A's, seat 2 B's; the mode is Obenabe)."""
    kinds = [(str(n), top) for n in range(3, 10) for top in jass.RANKS[n - 1 :]]
    kinds += [("four", rank) for rank in jass.RANKS]
    for kind_a, card_a in kinds:
        for kind_b, card_b in kinds:
            if kind_a == kind_b == "four" and card_a == card_b:
                continue  # one four cannot be declared by two seats
            a, b = best(kind_a, card_a), best(kind_b, card_b)
            verdict = jass.best_weis(rules, {"A": a, "B": b})
            if verdict.tie:
                continue
            seated = [
                dataclasses.replace(a, seat=1, suit="hearts" if a.kind == "sequence" else None),
                dataclasses.replace(b, seat=2, suit="spades" if b.kind == "sequence" else None),
            ]
            weis = jass.declared_weis(rules, "obenabe", "A", seated)
            points = verdict.points
            assert weis == (Pair(points, 0) if verdict.winner == "A" else Pair(0, points))
