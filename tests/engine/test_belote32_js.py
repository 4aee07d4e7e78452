"""The phone's scorers of belote for three and for two
(scoresheets/games/belote3/static/games/belote3/scoring.js, the family, and
belote2/static/games/belote2/scoring.js) held to their engines, as
tests/engine/test_js_scorer.py holds the registered games' scorers to
theirs: every worked case, and documents valid and not, answer alike (the
result document, each hand with its tricks, totals, winner, extras and end
of match, or every problem: hand, field, code, message, params, in order).

The games are in the registry: the node process (tests/engine/js/scorer_process.mjs)
loads their scorers with every registered game's (tests/node.py), served as
``games/belote3/scoring.js`` and ``games/belote2/scoring.js``. Every document
here says its ``game``.

Without node the tests skip and say why; under ``CI=true`` that is a failure.
"""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoresheets.games.belote3.engine import ENGINES, THREE, TWO, Table
from scoresheets.scoring.kernel import Scores
from tests.conftest import case_id
from tests.engine import test_belote32 as props
from tests.engine.test_cases import assert_matches_expected
from tests.engine.test_js_scorer import Scorer, engine_answer, js_view

SAFE = 2**53 - 1  # Number.MAX_SAFE_INTEGER
SLOW = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]
DIFFERENTIAL = settings(max_examples=150, deadline=None, suppress_health_check=SLOW)


def _bound(doc: Any) -> int:
    """The phone's bound of a match's figures (scoring.js, magnitude)."""
    engine = ENGINES[doc["game"]]
    _, hands = engine.parse_match_document(doc)
    return sum(4 * sum(h.announcements.values()) + 10000 for h in hands)


def check_alike(phone: dict[str, Any], doc: Any) -> None:
    """The phone's answer to ``doc`` (as JavaScript holds it) is the engine's."""
    assert "crash" not in phone, phone["crash"]
    engine = engine_answer(doc)
    if "range" in phone:
        # Numbers past what JavaScript adds exactly: the phone declines.
        assert {p["code"] for p in engine.get("problems", [{"code": "after_end"}])} == {
            "after_end"
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


# --------------------------------------------------------------------------
# Every worked case
# --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def case_answers(scorer: Scorer) -> dict[Path, dict[str, Any]]:
    documents = [json.loads(path.read_text(encoding="utf-8")) for path in props.CASES]
    answers = scorer.answers([{"doc": doc} for doc in documents])
    return dict(zip(props.CASES, answers, strict=True))


@pytest.mark.parametrize("path", props.CASES, ids=[case_id(p) for p in props.CASES])
def test_every_worked_case_through_the_phone_s_scorer(case_answers, path: Path):
    doc = json.loads(path.read_text(encoding="utf-8"))
    phone = case_answers[path]
    assert "crash" not in phone, phone["crash"]
    if doc["expected"].get("error"):
        assert phone.get("problems"), phone
    else:
        assert "problems" not in phone, phone
        assert_matches_expected(phone["document"], doc["expected"])
    assert phone == engine_answer(doc)


# --------------------------------------------------------------------------
# Tables: every rule, every hand value, the end of match
# --------------------------------------------------------------------------

HANDS = {
    "belote3": [
        {"taker": "A", "points": {"A": 70, "B": 50}},
        {"taker": "B", "capot": "C", "belote": "B"},
        {"taker": None},
        {"taker": "C", "points": {"A": 41, "B": 40, "C": 81}},
    ],
    "belote2": [
        {"taker": "A", "points": {"A": 81}},
        {"taker": "B", "capot": "B", "belote": "A"},
        {"taker": None},
        {"taker": "A", "points": {"B": 70}},
    ],
}
RULE_NAMES = [
    "target",
    "contract",
    "dedans",
    "litige",
    "capot_points",
    "rounding",
    "announcements",
    "all_cards_played",
    "donnes",
    "renonce",
]
WRONG = ("x", 7, 1.5, True, False, None, -1, 0, 100, 212, 250, "half", "keep", "reserve", "lost")


def test_the_phone_knows_every_rule_its_default_and_choices(scorer):
    docs = []
    for game, hands in HANDS.items():
        docs.append({"game": game, "hands": hands})
        for rule, wrong in itertools.product(RULE_NAMES, WRONG):
            docs.append({"game": game, "rules": {rule: wrong}, "hands": hands})
        for rules in (None, [], "x", {"constructor": 1}, {"__proto__": 1}):
            docs.append({"game": game, "rules": rules, "hands": hands})
        for rules in ({"contract": "half", "dedans": "keep"}, {"litige": "lost"}):
            docs.append({"game": game, "rules": rules, "hands": hands})
    assert_alike(scorer, docs)


ABSENT = object()
PLAYERS_POOL = [ABSENT, None, "A", "B", "C", "D", "a", "", 1, True, [], {}]
POOLS = {
    "taker": PLAYERS_POOL,
    "capot": PLAYERS_POOL,
    "belote": PLAYERS_POOL,
    "points": [
        *(ABSENT, None, {}, {"A": 0}, {"B": 162}, {"A": 163}, {"A": -1}, {"A": 81.5}),
        *({"A": "82"}, {"A": None}, {"A": True}, {"D": 1}, {"A": 82, "B": 80}),
        *({"A": 70, "B": 50}, {"C": 70, "A": 50}, {"A": 70, "B": 50, "C": 42}),
        *({"A": 100, "B": 70}, {"A": 10, "B": 10, "C": 10}, {"A": 0, "B": 0, "C": 0}),
        *({"0": 1}, {"A": 1, "C": 161}, [82], 82, "A"),
    ],
    "announcements": [
        *(ABSENT, None, {}, {"A": 0}, {"A": 20}, {"B": 50}, {"C": 100}, {"A": 20, "C": 20}),
        *({"A": 10}, {"B": 30}, {"A": -20}, {"A": 15}, {"A": 20.5}, {"A": "20"}),
        *({"A": None}, {"D": 20}, [20], 20, {"A": 10**20}, {"B": 150, "A": 0, "C": 0}),
    ],
    "renonce": [ABSENT, "A"],
}
KINDS_OF_HANDS = [
    {"taker": "A", "points": {"A": 70, "B": 50}},
    {"taker": "B", "capot": "B", "belote": "C"},
    {"taker": "C", "points": {"A": 60, "C": 60}, "belote": "A"},
    {"taker": None},
]


def test_every_hand_value_on_every_kind_of_hand_answers_alike(scorer):
    docs = []
    rule_sets = ({}, {"announcements": True}, {"all_cards_played": False}, {"dedans": "keep"})
    for game, rules in itertools.product(("belote3", "belote2"), rule_sets):
        if game == "belote2":
            rules = {k: v for k, v in rules.items() if k != "dedans"}
        for kind in KINDS_OF_HANDS:
            for key, pool in POOLS.items():
                for value in pool:
                    hand = {k: v for k, v in kind.items() if k != key}
                    if value is not ABSENT:
                        hand[key] = value
                    docs.append({"game": game, "rules": rules, "hands": [KINDS_OF_HANDS[0], hand]})
    answers = assert_alike(scorer, docs)
    codes = {p["code"] for answer in answers for p in answer.get("problems", ())}
    # Every check of a hand was met (the pools are right, and stay so).
    assert codes >= {
        "required",
        "invalid_player",
        "not_integer",
        "out_of_range",
        "not_object",
        "unknown_key",
        "points_with_capot",
        "points_too_few",
        "points_sum",
        "points_over_total",
        "not_on_redeal",
        "announcements_disabled",
        "announcements_two_players",
        "not_announcement_sum",
    }, codes


END_HANDS = {
    "belote3": [
        {"taker": "A", "points": {"A": 90, "B": 40}},
        {"taker": "B", "points": {"B": 60, "A": 55}},
        {"taker": "C", "capot": "C"},
        {"taker": "A", "points": {"A": 60, "B": 60}},
        {"taker": None},
    ],
    "belote2": [
        {"taker": "A", "points": {"A": 81}},
        {"taker": "B", "points": {"B": 100}},
        {"taker": "A", "capot": "B"},
        {"taker": None},
    ],
}


def test_the_end_of_match_answers_alike(scorer):
    """Every run of three hands from a few, under targets near their
    figures and each litige: ends on one player, a shared top played on,
    a redeal, hands after the end, a reserve left unpaid."""
    docs = []
    for game, hands in END_HANDS.items():
        litiges = ("fall", "lost") if game == "belote3" else ("reserve", "lost", "fall")
        for target, litige in itertools.product((81, 150, 250), litiges):
            for run in itertools.product(hands, repeat=3):
                docs.append(
                    {
                        "game": game,
                        "rules": {"target": target, "litige": litige},
                        "hands": list(run),
                    }
                )
    answers = assert_alike(scorer, docs)
    seen = set()
    for answer in answers:
        if "match" in answer:
            match = answer["match"]
            if match["finished"]:
                seen.add("won")
                top = max(match["totals"].values())
                if list(match["totals"].values()).count(top) == 1:
                    seen.add("alone")
            if match["decisive_hand"]:
                seen.add("level")
            if match["finished"] and match["reserve"]:
                seen.add("reserve left")
        else:
            seen |= {p["code"] for p in answer["problems"]}
    assert seen >= {"won", "alone", "level", "reserve left", "after_end"}


def test_numbers_past_what_javascript_adds_exactly_are_declined(scorer):
    hand = {"taker": "A", "points": {"A": 100, "B": 30}}
    docs = [
        {
            "game": "belote3",
            "rules": {"announcements": True},
            "hands": [{**hand, "announcements": {"B": value}}],
        }
        for value in (10**20, 2**53 - 8, 9 * 10**15, 10**30, 2**53, 80.0)
    ]
    answers = assert_alike(scorer, docs)
    assert "range" in answers[0]


# --------------------------------------------------------------------------
# The differential run: random documents, valid and not
# --------------------------------------------------------------------------


@st.composite
def long_matches(draw: st.DrawFn) -> dict[str, Any]:
    """A valid match of 20 to 120 hands (hypothesis draws the rules, a
    seeded generator the hands), many ending on their target."""
    table = draw(st.sampled_from([THREE, TWO]))
    engine = ENGINES[table.game]
    rules = draw(props.rules_strategy(table, st.sampled_from([1000, 2000, 5000])))
    seeds = draw(st.lists(st.integers(0, 2**32), min_size=20, max_size=120))
    hands = [draw(props.hand_strategy(table, rules)) for _ in seeds[:30]]
    hands += [_quick_hand(random.Random(seed), table, rules) for seed in seeds[30:]]
    return engine.match_document(rules, props.settled(engine, rules, hands))


def _quick_hand(rng: random.Random, table: Table, rules: Any) -> Any:
    """A valid hand from a seeded generator."""
    players = table.players
    if rng.random() < 0.1:
        return table.hand_type(None)
    taker, belote = rng.choice(players), rng.choice([None, None, *players])
    ann = dict.fromkeys(players, 0)
    if rules.announcements and rng.random() < 0.4:
        ann[rng.choice(players)] = rng.choice([20, 50, 70, 100, 150, 200])
    if rng.random() < 0.1:
        return table.hand_type(taker, None, rng.choice(players), belote, Scores(ann))
    total = 162 if rules.all_cards_played else rng.randint(0, 162)
    cuts = sorted(rng.randint(0, total) for _ in players[1:])
    bounds = [0, *cuts, total]
    points = {p: bounds[i + 1] - bounds[i] for i, p in enumerate(players)}
    if rules.all_cards_played:
        points.pop(rng.choice(players))
    return table.hand_type(taker, Scores(points), None, belote, Scores(ann))


LONG = settings(max_examples=25, deadline=None, suppress_health_check=SLOW)


@LONG
@given(long_matches())
def test_long_matches_score_alike(scorer, doc):
    assert_alike(scorer, [doc])


@DIFFERENTIAL
@given(props.almost_valid_documents())
def test_almost_valid_documents_answer_alike(scorer, doc):
    # The phone chooses the engine by `game`: a document of neither game is
    # the registered games' (tests/engine/test_js_scorer.py).
    assume(isinstance(doc, dict) and doc.get("game") in ("belote3", "belote2"))
    assert_alike(scorer, [doc])


@st.composite
def jumbled_documents(draw: st.DrawFn) -> dict[str, Any]:
    """A valid match, some of its hands' values replaced by values right or
    wrong, or taken out."""
    engine, rules, hands = draw(props.match_strategy(max_hands=6))
    doc = json.loads(json.dumps(engine.match_document(rules, hands)))
    for hand in doc["hands"]:
        for key in draw(st.lists(st.sampled_from(sorted(POOLS)), max_size=3, unique=True)):
            value = draw(st.sampled_from(POOLS[key]))
            if value is ABSENT:
                hand.pop(key, None)
            else:
                hand[key] = json.loads(json.dumps(value))
    return doc


@DIFFERENTIAL
@given(jumbled_documents())
def test_jumbled_hands_answer_alike(scorer, doc):
    assert_alike(scorer, [doc])
