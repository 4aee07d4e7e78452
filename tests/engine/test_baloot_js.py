"""The phone's baloot scorer
(scoresheets/games/baloot/static/games/baloot/scoring.js) held to the
baloot engine, as tests/engine/test_js_scorer.py holds the registered games'
scorers to theirs: every worked case, and documents valid and not, answer
alike (the result document, each hand's breakdown, extras and end of match
(a gahwa's settled score included), or every problem: hand, field, code,
message, params, in order).

The node process (tests/engine/js/scorer_process.mjs) loads every
registered game's scorer, baloot's as ``games/baloot/scoring.js``
(:func:`tests.node.layout`).
Every document here says ``"game": "baloot"``.

Without node the tests skip and say why; under ``CI=true`` that is a failure.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoresheets.games.baloot.engine import ENGINE, BalootRules
from tests.engine import test_baloot as props
from tests.engine.test_js_scorer import Scorer, js_view
from tests.engine.test_js_scorer import engine_answer as _engine_answer

SAFE = 2**53 - 1  # Number.MAX_SAFE_INTEGER
SLOW = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]
engine_answer = functools.partial(_engine_answer, extras=True)
DIFFERENTIAL = settings(max_examples=150, deadline=None, suppress_health_check=SLOW)


def check_alike(phone: dict[str, Any], doc: Any) -> None:
    """The phone's answer to ``doc`` (as JavaScript holds it) is the engine's."""
    assert "crash" not in phone, phone["crash"]
    engine = engine_answer(doc)
    if "range" in phone:
        # A gahwa under a target past what JavaScript subtracts exactly.
        assert doc["rules"]["target"] > SAFE, phone
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

SUN, HOKM = props.SUN, props.HOKM
HANDS = [
    {**HOKM, "points": {"A": 96}, "projects": {"A": ["sira"]}, "baloot": "B"},
    {"buyer": "B", "contract": "sun", "points": {"B": 65}, "ashkal": True},
    {"buyer": None},
    {**HOKM, "points": {"A": 81}, "doubling": "double"},
    {"buyer": "B", "contract": "hokm", "kaboot": "B", "doubling": "three"},
]


def test_the_phone_knows_every_rule_its_default_and_choices(scorer):
    docs = [props.doc(*HANDS), {"game": "baloot", "hands": HANDS}]
    for rule in [f.name for f in dataclasses.fields(BalootRules)] + ["donnes", "rounding"]:
        for wrong in ("x", 7, 1.5, True, False, None, -1, 0, 152, "up", "higher", "always"):
            docs.append(props.doc(*HANDS, **{rule: wrong}))
    for rules in (None, [], "x", {"constructor": 1}, {"__proto__": 1}):
        docs.append({"game": "baloot", "rules": rules, "hands": HANDS})
    assert_alike(scorer, docs)


ABSENT = object()
TEAMS_POOL = [ABSENT, None, "A", "B", "C", "", 1, True, [], {}]
POOLS = {
    "buyer": TEAMS_POOL,
    "contract": [ABSENT, None, "sun", "hokm", "Sun", "no_trump", 1, True, []],
    "kaboot": TEAMS_POOL,
    "baloot": TEAMS_POOL,
    "points": [
        *(ABSENT, None, {"A": 0}, {"B": 130}, {"A": 131}, {"B": 162}, {"A": 163}, {"A": -1}),
        *({"A": 81.5}, {"A": "82"}, {"A": None}, {"A": True}, {"C": 1}, {}, {"A": 1, "B": 2}),
        *([82], 82, 100.5),
    ],
    "projects": [
        *(ABSENT, None, {}, {"A": []}, {"A": None}, {"A": ["sira"]}, {"B": ["fifty", "hundred"]}),
        *({"A": ["four_hundred"]}, {"B": ["four_hundred", "four_hundred"]}, {"A": ["sira"] * 5}),
        *({"A": ["sira"], "B": ["sira"]}, {"A": ["tierce"]}, {"A": [1, None]}, {"A": "sira"}),
        *({"C": []}, ["sira"], "sira", {"A": ["hundred", "hundred", "hundred", "hundred"]}),
    ],
    "doubling": [ABSENT, None, "double", "three", "four", "gahwa", "Double", "", 2, True],
    "ashkal": [ABSENT, None, True, False, 0, 1, "true", []],
    "taker": [ABSENT, "A"],
}
KINDS_OF_HANDS = [
    {**HOKM, "points": {"A": 100}, "baloot": "B"},
    {"buyer": "B", "contract": "sun", "points": {"A": 40}, "projects": {"B": ["hundred"]}},
    {**HOKM, "kaboot": "B", "doubling": "four"},
    {"buyer": "B", "contract": "sun", "kaboot": "B", "ashkal": True},
    {"buyer": None},
]


def test_every_hand_value_on_every_kind_of_hand_answers_alike(scorer):
    docs = []
    for rules in ({}, {"sun_double": "always"}, {"baloot_in_test": True, "tie": "buyer_loses"}):
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
        "points_with_kaboot",
        "too_many_projects",
        "four_hundred_twice",
        "four_hundred_in_hokm",
        "projects_both_teams",
        "baloot_in_sun",
        "sun_doubling",
        "sun_double_under_100",
        "ashkal_on_hokm",
        "not_on_redeal",
    }, codes


END_HANDS = [
    {**HOKM, "points": {"A": 100}},
    {**HOKM, "points": {"A": 81}},
    {"buyer": "B", "contract": "sun", "points": {"B": 70}, "projects": {"B": ["fifty"]}},
    {"buyer": "B", "contract": "sun", "points": {"B": 70}},
    {**SUN, "kaboot": "A"},
    {**HOKM, "points": {"A": 70}, "doubling": "gahwa", "baloot": "B"},
    {"buyer": "B", "contract": "hokm", "points": {"B": 81}, "doubling": "gahwa"},
    {**SUN, "points": {"A": 90}, "doubling": "double"},
    {"buyer": None},
    {"buyer": "B", "contract": "hokm", "kaboot": "B", "doubling": "four", "baloot": "A"},
]


def test_the_end_of_match_answers_alike(scorer):
    """Every run of three hands from a few, under targets near their
    figures, both ``both_over`` and ``doubled_tie``: ends on one team, on
    both (the buyer's or the higher total, equal totals going on), on a
    gahwa (its score settled from the totals), a doubled Sun refused by the
    totals, hands after the end."""
    docs = []
    rules = itertools.product((16, 20, 60, 152), ("buyer", "higher"), ("buyer_loses", "buyer_wins"))
    for target, both_over, doubled_tie in rules:
        for run in itertools.product(END_HANDS, repeat=3):
            docs.append(
                props.doc(*run, target=target, both_over=both_over, doubled_tie=doubled_tie)
            )
    answers = assert_alike(scorer, docs)
    seen = set()
    for answer in answers:
        if "match" in answer:
            match = answer["match"]
            if match["finished"]:
                seen.add("won")
                a, b = match["totals"]["A"], match["totals"]["B"]
                if (match["winner"] == "A") != (a > b):
                    seen.add("won behind")
                if match["hands"][-1]["extras"]["cards"][match["winner"]] > 100:
                    seen.add("gahwa")
        else:
            seen |= {p["code"] for p in answer["problems"]}
    assert seen >= {"won", "won behind", "gahwa", "after_end", "sun_double_under_100"}


def test_a_gahwa_past_what_javascript_subtracts_exactly_is_declined(scorer):
    gahwa = {**HOKM, "points": {"A": 100}, "doubling": "gahwa"}
    answers = assert_alike(scorer, [props.doc(gahwa, target=target) for target in (10**20, 2**53)])
    assert "range" in answers[0]


# --------------------------------------------------------------------------
# The differential run: random documents, valid and not
# --------------------------------------------------------------------------


@DIFFERENTIAL
@given(props.rules_strategy(target=st.integers(50, 300)), st.data())
def test_valid_matches_score_alike(scorer, rules, data):
    hands = data.draw(st.lists(props.hand_strategy(gahwa=True), max_size=25))
    assert_alike(scorer, [ENGINE.match_document(rules, hands)])


@st.composite
def jumbled_documents(draw: st.DrawFn) -> dict[str, Any]:
    """A valid match, some of its hands' values replaced by values right or
    wrong, or taken out."""
    rules = draw(props.rules_strategy(target=st.integers(50, 300)))
    hands = draw(st.lists(props.hand_strategy(gahwa=True), max_size=6))
    doc = json.loads(json.dumps(ENGINE.match_document(rules, hands)))
    for hand in doc["hands"]:
        for key in draw(st.lists(st.sampled_from(sorted(POOLS)), max_size=3, unique=True)):
            value = draw(st.sampled_from(POOLS[key]))
            if value is ABSENT:
                hand.pop(key, None)
            else:
                hand[key] = json.loads(json.dumps(value))
    if draw(st.booleans()):
        doc["rules"]["sun_double"] = "over_100"
    return doc


@DIFFERENTIAL
@given(jumbled_documents())
def test_jumbled_hands_answer_alike(scorer, doc):
    assert_alike(scorer, [doc])
