"""The phone's jass scorer (scoresheets/games/jass/static/games/jass/scoring.js)
held to the jass engine, as tests/engine/test_js_scorer.py holds the
registered games' scorers to theirs: every worked case, and documents valid
and not, answer alike (the result document, each hand's breakdown, extras
and end of match, or every problem: hand, field, code, message, params, in
order).

The node process (tests/engine/js/scorer_process.mjs) loads every
registered game's scorer, jass' as ``games/jass/scoring.js``
(:func:`tests.node.layout`). Every document here says ``"game": "jass"``.

Without node the tests skip and say why; under ``CI=true`` that is a failure.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import json
import random
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoresheets.games.jass.engine import ENGINE, JassHand, JassRules
from scoresheets.scoring import kernel
from tests.engine import test_jass as props
from tests.engine.test_js_scorer import Scorer, js_view
from tests.engine.test_js_scorer import engine_answer as _engine_answer

SAFE = 2**53 - 1  # Number.MAX_SAFE_INTEGER
SLOW = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]
engine_answer = functools.partial(_engine_answer, extras=True)
DIFFERENTIAL = settings(max_examples=150, deadline=None, suppress_health_check=SLOW)


def _bound(doc: Any) -> int:
    """The phone's bound of a match's figures (scoring.js, magnitude)."""
    _, hands = ENGINE.parse_match_document(doc)
    return sum(4 * (h.weis.a + h.weis.b if h.weis else 0) + 10000 for h in hands)


def check_alike(phone: dict[str, Any], doc: Any) -> None:
    """The phone's answer to ``doc`` (as JavaScript holds it) is the engine's."""
    assert "crash" not in phone, phone["crash"]
    engine = engine_answer(doc)
    if "range" in phone:
        # Numbers past what JavaScript adds exactly: the phone declines.
        assert "problems" not in engine or {p["code"] for p in engine["problems"]} <= {
            "after_end",
            "required",
            "out_not_allowed",
        }, engine
        assert _bound(doc) > SAFE
        return
    assert phone == engine, doc


def assert_alike(scorer: Scorer, docs: list[Any]) -> list[dict[str, Any]]:
    """Every document of ``docs`` answered alike, in one batch; the answers."""
    docs = [js_view(doc) for doc in docs]
    answers = scorer.answers([{"doc": doc} for doc in docs])
    for doc, phone in zip(docs, answers, strict=True):
        check_alike(phone, doc)
    return answers


# Every worked case runs through the phone's scorer with every registered
# game's (tests/engine/test_js_scorer.py): not again here.


# --------------------------------------------------------------------------
# Tables: the rules, every hand value, the end of match
# --------------------------------------------------------------------------

HANDS = [
    {"mode": "spades", "announcer": "A", "points": {"A": 92}, "weis": {"B": 50}},
    {"mode": "obenabe", "announcer": "B", "match": "B"},
    {"mode": "hearts", "announcer": "A", "match": "B", "stoeck": "A"},
    {
        "mode": "clubs",
        "announcer": "B",
        "points": {"A": 60},
        "declared": [props.four(3, "J"), props.seq(2, "spades", 5, "10")],
    },
]


def test_the_phone_knows_every_rule_its_default_and_choices(scorer):
    docs = [props.doc(*HANDS), {"game": "jass", "hands": HANDS}]
    for rule in [f.name for f in dataclasses.fields(JassRules)] + ["donnes", "capot_points"]:
        for wrong in ("x", 7, 1.5, True, False, None, -1, 0, 100, 2500, "1_2_3", "totals"):
            docs.append(props.doc(*HANDS, **{rule: wrong}))
    for target, rounds in itertools.product([None, 1000, 0, "x"], [None, 3, 0, "x", True]):
        docs.append(props.doc(*HANDS, target=target, rounds=rounds))
        docs.append({"game": "jass", "rules": {"rounds": rounds}, "hands": HANDS})
    for rules in (None, [], "x", {"constructor": 1}, {"__proto__": 1}):
        docs.append({"game": "jass", "rules": rules, "hands": HANDS})
    assert_alike(scorer, docs)


ABSENT = object()
TEAMS_POOL = [ABSENT, None, "A", "B", "C", "", 1, True, [], {}]
POOLS = {
    "mode": [ABSENT, None, "hearts", "obenabe", "undenufe", "no_trump", "Hearts", 1, True, []],
    "announcer": TEAMS_POOL,
    "match": TEAMS_POOL,
    "stoeck": TEAMS_POOL,
    "out": TEAMS_POOL,
    "points": [
        *(ABSENT, None, {"A": 0}, {"B": 157}, {"A": 158}, {"A": -1}, {"A": 81.5}, {"A": "82"}),
        *({"A": None}, {"A": True}, {"C": 1}, {}, {"A": 1, "B": 156}, [82], 82),
    ],
    "weis": [
        *(ABSENT, None, {}, {"A": 0}, {"A": 20}, {"B": 50}, {"A": 20, "B": 20}, {"A": 10}),
        *({"B": 30}, {"A": -20}, {"A": 15}, {"A": 20.5}, {"A": "20"}, {"A": None}, {"C": 20}),
        *([20], 20, {"A": 10**20}),
    ],
    "declared": [
        *(ABSENT, None, [], {}, "four", [None], [[]], [{}], [{"seat": 1}]),
        [props.four(1, "K"), props.seq(1, "hearts", 3, "A")],
        [props.four(1, "K"), props.seq(2, "hearts", 3, "A")],
        [props.seq(1, "hearts", 4, "9"), props.seq(1, "hearts", 3, "10")],
        [props.seq(2, "clubs", 3, "8"), props.seq(2, "clubs", 3, "J")],
        [props.four(1, "Q"), props.four(2, "Q")],
        [props.four(1, "6"), props.four(1, "7"), props.four(1, "8")],
        [props.seq(1, "hearts", 4, "8")],
        [{**props.four(1, "K"), "suit": "hearts"}, {**props.seq(2, "hearts", 3, "K"), "rank": 1}],
        [{"seat": 0, "kind": "pair"}, {"seat": 2.0, "kind": "sequence"}, {"x": 1, "y": 2}],
        [props.seq(1, "hearts", 3, 10), props.seq(4, "spades", "3", "Q"), props.four(3, "10")],
        [
            props.seq(s, suit, 9, "A")
            for s, suit in zip((1, 2, 3, 4), props.jass.SUITS, strict=True)
        ],
        [props.seq(1, "clubs", 3, "K"), props.seq(2, "hearts", 4, "J"), props.four(4, "9")],
        [props.four(1, "A"), props.seq(2, "hearts", 6, "K"), props.seq(3, "diamonds", 5, "A")],
    ],
    "taker": [ABSENT, "A"],
}
KINDS_OF_HANDS = [
    {"mode": "hearts", "announcer": "A", "points": {"A": 100}, "stoeck": "B"},
    {"mode": "clubs", "announcer": "B", "match": "B", "weis": {"A": 50}},
    {"mode": "undenufe", "announcer": "A", "match": "B"},
    {"mode": "spades", "announcer": "B", "points": {"B": 10}, "declared": [props.four(2, "J")]},
]


def test_every_hand_value_on_every_kind_of_hand_answers_alike(scorer):
    docs = []
    for rules in ({}, {"weis_stoeck": False}, {"rounds": 3}, {"target": 3000}):
        for kind in KINDS_OF_HANDS:
            for key, pool in POOLS.items():
                for value in pool:
                    hand = {k: v for k, v in kind.items() if k != key}
                    if value is not ABSENT:
                        hand[key] = value
                    docs.append(props.doc(KINDS_OF_HANDS[0], hand, **rules))
    answers = assert_alike(scorer, docs)
    codes = {p["code"] for answer in answers for p in answer.get("problems", ())}
    # Every check of a hand was met (the pools are right, and stay so).
    assert codes >= {
        "required",
        "invalid_choice",
        "invalid_team",
        "not_integer",
        "out_of_range",
        "not_object",
        "not_list",
        "unknown_key",
        "points_one_team",
        "points_with_match",
        "stoeck_without_trump",
        "weis_stoeck_disabled",
        "not_weis_sum",
        "weis_both_teams",
        "weis_with_declared",
        "out_not_allowed",
        "not_for_kind",
        "sequence_below_six",
        "card_declared_twice",
        "sequences_overlap",
        "four_declared_twice",
        "too_many_cards",
    }, codes


END_HANDS = [
    {"mode": "hearts", "announcer": "A", "points": {"A": 100}},
    {"mode": "hearts", "announcer": "B", "points": {"B": 123}},
    {"mode": "diamonds", "announcer": "B", "points": {"B": 100}},
    {"mode": "spades", "announcer": "A", "points": {"A": 140}, "stoeck": "B"},
    {"mode": "clubs", "announcer": "A", "points": {"A": 140}, "weis": {"B": 20}},
    {"mode": "obenabe", "announcer": "B", "points": {"A": 78}, "out": "A"},
    {"mode": "obenabe", "announcer": "A", "points": {"A": 79}, "out": "B"},
    {"mode": "undenufe", "announcer": "A", "match": "B", "weis": {"A": 100}},
]


def test_the_end_of_match_answers_alike(scorer):
    """Every run of three hands from a few, under targets near their
    figures, every Ausmachen and multipliers, and as matches of 2 rounds:
    ends on one team, on Stöck, Weis or tricks (``out`` given, missing or
    refused), ties under ``totals``, draws, hands after the end."""
    docs = []
    for target, ausmachen, multipliers in itertools.product(
        (200, 300), ("stoeck_weis_stich", "stoeck_stich_weis", "totals"), ("single", "1_2_3")
    ):
        for run in itertools.product(END_HANDS, repeat=3):
            rules = {"target": target, "ausmachen": ausmachen, "multipliers": multipliers}
            docs.append(props.doc(*run, **rules))
    for length in (2, 3):
        for run in itertools.product(END_HANDS, repeat=length):
            docs.append(props.doc(*run, rounds=2))
    answers = assert_alike(scorer, docs)
    seen = set()
    for answer in answers:
        if "match" in answer:
            match = answer["match"]
            if match["finished"]:
                seen.add("drawn" if match["winner"] is None else "won")
                a, b = match["totals"]["A"], match["totals"]["B"]
                if match["winner"] and (match["winner"] == "A") != (a > b):
                    seen.add("won behind")
        else:
            seen |= {p["code"] for p in answer["problems"]}
    assert seen >= {"won", "won behind", "drawn", "after_end", "required", "out_not_allowed"}


def test_numbers_past_what_javascript_adds_exactly_are_declined(scorer):
    hand = {"mode": "obenabe", "announcer": "A", "points": {"A": 100}}
    docs = [
        props.doc({**hand, "weis": {"B": value}}, multipliers="1_2_3_4")
        for value in (10**20, 2**53 - 8, 9 * 10**15, 10**30, 2**53, 82.0)
    ]
    answers = assert_alike(scorer, docs)
    assert "range" in answers[0]


# --------------------------------------------------------------------------
# The differential run: random documents, valid and not
# --------------------------------------------------------------------------


@st.composite
def long_matches(draw: st.DrawFn) -> dict[str, Any]:
    """A valid match of 20 to 120 hands (hypothesis draws the rules, a
    seeded generator the hands), most ending by their own Ausmachen."""
    rules = draw(props.rules_strategy(target=st.sampled_from([1000, 2500, 5000])))
    rng = draw(st.randoms(use_true_random=False))
    seeds = draw(st.lists(st.integers(0, 2**32), min_size=20, max_size=120))
    hands = [draw(props.hand_strategy(rules)) for _ in seeds[:40]]
    hands += [_quick_hand(random.Random(seed), rules) for seed in seeds[40:]]
    return ENGINE.match_document(rules, props.settled(rules, hands, rng))


def _quick_hand(rng: random.Random, rules: JassRules) -> Any:
    """A valid hand without declarations, from a seeded generator."""
    mode = rng.choice(props.jass.MODES)
    match = rng.choice([None] * 8 + ["A", "B"])
    stoeck = weis = None
    if rules.weis_stoeck:
        if mode not in props.jass.NO_TRUMP:
            stoeck = rng.choice([None, None, "A", "B"])
        if rng.random() < 0.4:
            value = rng.choice([20, 50, 70, 100, 150, 200])
            weis = kernel.pair_of(rng.choice("AB"), value, 0)
    team, points = (None, None) if match else (rng.choice("AB"), rng.randint(0, 157))
    return JassHand(mode, rng.choice("AB"), team, points, match, stoeck, weis)


LONG = settings(max_examples=25, deadline=None, suppress_health_check=SLOW)


@LONG
@given(long_matches())
def test_long_matches_score_alike(scorer, doc):
    assert_alike(scorer, [doc])


@DIFFERENTIAL
@given(props.almost_valid_documents())
def test_almost_valid_documents_answer_alike(scorer, doc):
    # The phone chooses the engine by `game`: a document that is no jass one
    # is the registered games' (tests/engine/test_js_scorer.py).
    assume(isinstance(doc, dict) and doc.get("game") == "jass")
    assert_alike(scorer, [doc])


@st.composite
def jumbled_documents(draw: st.DrawFn) -> dict[str, Any]:
    """A valid match, some of its hands' values (declarations' too)
    replaced by values right or wrong, or taken out."""
    rules, hands = draw(props.match_strategy(max_hands=6))
    doc = json.loads(json.dumps(ENGINE.match_document(rules, hands)))
    for hand in doc["hands"]:
        for key in draw(st.lists(st.sampled_from(sorted(POOLS)), max_size=3, unique=True)):
            value = draw(st.sampled_from(POOLS[key]))
            if value is ABSENT:
                hand.pop(key, None)
            else:
                hand[key] = json.loads(json.dumps(value))
        for declaration in hand.get("declared") or []:
            if isinstance(declaration, dict) and draw(st.integers(0, 3)) == 0:
                key = draw(st.sampled_from(["seat", "kind", "suit", "length", "top", "rank"]))
                declaration[key] = draw(st.sampled_from([None, 1, 4, 9, "9", "A", "hearts", 2.5]))
    return doc


@DIFFERENTIAL
@given(jumbled_documents())
def test_jumbled_hands_answer_alike(scorer, doc):
    assert_alike(scorer, [doc])
