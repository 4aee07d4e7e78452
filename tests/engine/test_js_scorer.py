"""The phone's scorer (static/js/scoring/, issue 20 "Scores offline") held to
the Python engine, the server's, which decides.

One node process (tests/engine/js/scorer_process.mjs) scores every document
of this module: each line sent is a batch of documents, each line read their
answers. Two kinds of checks:

- every worked case (scoresheets/games/belote/cases, scoresheets/games/coinche/cases, and those of
  ../shared/scoring when present) gives through the phone's scorer the
  expected result, and the engine's very result and problems;
- a differential run: random documents of both games, valid and not (the
  property tests' strategies), scored by both; the answers must be equal:
  the result document, each hand's breakdown and end of match, or every
  problem (hand, field, code, message, params), in order.

A document goes to node as JSON and JavaScript reads it its own way: one kind
of number (82.0 is 82; an integer past 2**53 is the nearest double), and an
object's integer-like keys first. The engine scores the document as
JavaScript holds it (:func:`js_view`), so that both score the same thing.

Without node the tests skip and say why; under ``CI=true`` that is a failure
(CI has node 20), as in test_client_js.py.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import random
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from scoresheets.scoring import (
    CoincheRules,
    MatchError,
    MatchResult,
    Rules,
    match_document,
    parse_match_document,
    score_document,
    score_match,
)
from scoresheets.scoring.engines import ENGINES
from tests import node
from tests.conftest import case_id, game_case_files
from tests.engine import test_coinche_properties as coinche_props
from tests.engine import test_scoring_properties as belote_props
from tests.engine.test_cases import assert_matches_expected

ROOT = Path(__file__).resolve().parents[2]
PROCESS = Path(__file__).resolve().parent / "js" / "scorer_process.mjs"
# Every game's cases (its engine's case folders): a game the phone does not
# know fails here.
CASES = [path for game in ENGINES for path in game_case_files(game)]
CASE_IDS = [f"{game}-{case_id(path)}" for game in ENGINES for path in game_case_files(game)]
SAFE = 2**53 - 1  # Number.MAX_SAFE_INTEGER
SLOW_DATA = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]
DIFFERENTIAL = settings(max_examples=150, deadline=None, suppress_health_check=SLOW_DATA)


class Scorer:
    """The node process that scores documents with static/js/scoring/, every
    game's scorer loaded (:func:`tests.node.layout`), and the scorers of
    ``unregistered`` games, whose pages are not there yet (belote for three
    and two)."""

    def __init__(self, unregistered: Sequence[tuple[str, Path]] = ()) -> None:
        # The static modules are plain .js files with import/export, with no
        # package.json saying so: node detects them (flag needed before 22.7).
        self.process = subprocess.Popen(
            # The static files as served, every game's scorer loaded (tests/node.py).
            node.command("--experimental-detect-module", str(PROCESS)),
            env=node.env(unregistered),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            cwd=ROOT,
        )

    def answers(self, requests: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The phone's answers to ``requests`` ({doc, reserve?}), in order."""
        self.process.stdin.write(json.dumps(requests, allow_nan=False) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            self.process.wait(timeout=10)
            raise AssertionError(f"the scorer's process ended: {self.process.stderr.read()}")
        return json.loads(line)

    def answer(self, doc: Any, **options: Any) -> dict[str, Any]:
        return self.answers([{"doc": doc, **options}])[0]

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=10)


# --------------------------------------------------------------------------
# The engine's answers, in the same shape
# --------------------------------------------------------------------------


def _parts(parts: Any) -> dict[str, int]:
    return {**dataclasses.asdict(parts), "total": parts.total}


def full_result(result: MatchResult) -> dict[str, Any]:
    """The engine's :class:`MatchResult`, every hand with its breakdown, as
    the phone's ``scoreMatch`` gives it (JSON)."""

    def pair(value: Any) -> Any:
        return None if value is None else value.as_dict()

    hands = []
    for h in result.hands:
        b = h.breakdown
        hands.append(
            {
                "number": h.number,
                "outcome": str(h.outcome),
                "score": pair(h.score),
                "reserve": h.reserve,
                "totals": pair(h.totals),
                "tricks": pair(h.tricks),
                "hand_totals": pair(h.hand_totals),
                "winner": h.winner,
                "collected": h.collected,
                "ends_match": h.ends_match,
                "breakdown": {
                    "A": _parts(b.a),
                    "B": _parts(b.b),
                    "taker": b.taker,
                    "defense": b.defense,
                    "reserve_in": b.reserve_in,
                    "forfeited": b.forfeited,
                    "multiplier": b.multiplier,
                    "multiplied_parts": list(b.multiplied_parts),
                },
                # A game's own keys of the hand (klaverjas' points and roem).
                **({"extras": dict(h.extras)} if h.extras is not None else {}),
            }
        )
    return {
        "hands": hands,
        "totals": pair(result.totals),
        "reserve": result.reserve,
        "finished": result.finished,
        "winner": result.winner,
        "decisive_hand": result.decisive_hand,
        "no_trick_block": result.no_trick_block,
        "donnes": result.donnes,
    }


def engine_answer(doc: Any, reserve: Any = None, *, extras: bool = False) -> dict[str, Any]:
    """What the engine of ``doc``'s game answers to it: {match, document}
    ({match} with a ``reserve`` carried in) or {problems}; with ``extras``,
    each hand of the match carries its game's own keys (``HandScore.extras``),
    as the phone's does (the games' differential tests: jass, baloot)."""
    try:
        rules, hands = parse_match_document(doc)
        if reserve is None:
            result = score_match(rules, hands)
            answer = {"document": score_document(doc)}
        else:
            result = score_match(rules, hands, reserve=reserve)
            answer = {}
    except MatchError as error:
        problems = [{**dataclasses.asdict(p), "params": dict(p.params)} for p in error.problems]
        return json.loads(json.dumps({"problems": problems}))
    answer["match"] = full_result(result)
    if extras:
        for hand, scored in zip(answer["match"]["hands"], result.hands, strict=True):
            hand["extras"] = scored.extras
    players = ENGINES[doc.get("game", "belote")].players
    if players:  # a game scored per player: the phone's match names them (kernel.js)
        answer["match"]["players"] = list(players)
    return json.loads(json.dumps(answer))


# --------------------------------------------------------------------------
# A document as JavaScript holds it
# --------------------------------------------------------------------------

NOT_AN_INTEGER = 0.5  # any number that is no integer: the engines treat them all alike


def _number(value: float | int) -> float | int:
    """A JSON number as JavaScript holds it: the nearest double, an integer
    when it has no fraction. NaN and the infinities, which JSON cannot carry
    to node, are numbers that are no integer, as every other such."""
    try:
        double = float(value)
    except OverflowError:
        return NOT_AN_INTEGER  # JavaScript: Infinity
    if not math.isfinite(double):
        return NOT_AN_INTEGER
    return int(double) if double.is_integer() else double


def _index_key(key: str) -> int | None:
    """``key`` as an array index (JavaScript lists such keys first, in order)."""
    if key.isdigit() and key.isascii() and str(int(key)) == key and int(key) < 2**32 - 1:
        return int(key)
    return None


def js_view(value: Any) -> Any:
    """``value`` (parsed JSON) as JavaScript holds it once parsed."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, int | float):
        return _number(value)
    if isinstance(value, list):
        return [js_view(item) for item in value]
    indexes = sorted((_index_key(k), k) for k in value if _index_key(k) is not None)
    keys = [k for _, k in indexes] + [k for k in value if _index_key(k) is None]
    return {key: js_view(value[key]) for key in keys}


def _bound(doc: Any) -> int:
    """The phone's bound of a match's figures (kernel.js, checkRange)."""
    _, hands = parse_match_document(doc)
    return sum(4 * (h.announcements.a + h.announcements.b) + 10000 for h in hands)


def assert_same_answer(scorer: Scorer, doc: Any, reserve: Any = None) -> dict[str, Any]:
    """The phone and the engine answer ``doc`` (as JavaScript holds it) alike."""
    doc = js_view(doc)
    options = {} if reserve is None else {"reserve": js_view(reserve)}
    phone = scorer.answer(doc, **options)
    assert "crash" not in phone, phone["crash"]
    engine = engine_answer(doc, js_view(reserve))
    if "range" in phone:
        # Numbers past what JavaScript adds exactly: the phone declines.
        assert {p["code"] for p in engine.get("problems", [{"code": "after_end"}])} == {
            "after_end"
        }, engine
        assert _bound(doc) + (reserve or 0) > SAFE
        return phone
    assert phone == engine
    return phone


# --------------------------------------------------------------------------
# Every worked case
# --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def case_answers(scorer: Scorer) -> dict[Path, dict[str, Any]]:
    """The phone's answer to every case, in one batch."""
    documents = [json.loads(path.read_text(encoding="utf-8")) for path in CASES]
    answers = scorer.answers([{"doc": doc} for doc in documents])
    return dict(zip(CASES, answers, strict=True))


def test_it_finds_the_cases_of_both_games():
    games = [json.loads(p.read_text(encoding="utf-8")).get("game", "belote") for p in CASES]
    assert games.count("belote") >= 30
    assert games.count("coinche") >= 30


@pytest.mark.parametrize("path", CASES, ids=CASE_IDS)
def test_every_worked_case_through_the_phone_s_scorer(case_answers, path: Path):
    doc = json.loads(path.read_text(encoding="utf-8"))
    phone = case_answers[path]
    assert "crash" not in phone, phone["crash"]
    if doc["expected"].get("error"):
        assert phone.get("problems"), phone
    else:
        assert "problems" not in phone, phone
        assert_matches_expected(phone["document"], doc["expected"])
    # And exactly the engine's answer: the result, each hand's breakdown, or
    # the problems (hand, field, code, message, params).
    assert phone == engine_answer(doc)


# --------------------------------------------------------------------------
# The rules: each rule's default and choices, from the engine's own
# --------------------------------------------------------------------------

RULES = {"belote": Rules, "coinche": CoincheRules}


def _rule_probes() -> list[Any]:
    """Documents that show each rule's default (a hand scored under it) and
    its choices (a wrong value's problem lists them), for every rule of the
    engine's rules dataclasses: a rule the engine adds, the phone must know."""
    hands = {
        "belote": [
            {"taker": "A", "points": {"A": 81}, "belote": "A"},
            {"taker": "B", "capot": "B", "announcements": {"B": 50}},
            {"taker": "A", "renonce": "B"},
            {"taker": "A", "points": {"B": 85}},
        ],
        "coinche": [
            {"taker": "A", "bid": 100, "coinche": "coinche", "points": {"A": 121}},
            {"taker": "B", "bid": 90, "belote": "B", "points": {"A": 85}},
            {"taker": "A", "bid": "generale", "capot": "A", "solo": True},
            {"taker": "B", "bid": 180, "capot": "B", "belote": "A"},
        ],
    }
    docs: list[Any] = []
    for game, rules_type in RULES.items():
        head = {} if game == "belote" else {"game": game}
        docs.append({**head, "hands": hands[game]})
        docs.append({**head, "rules": {}, "hands": hands[game]})
        for rule in dataclasses.fields(rules_type):
            for wrong in ("x", 7, 1.5, True, None, -1, 0):
                docs.append({**head, "rules": {rule.name: wrong}, "hands": hands[game][:2]})
        other = RULES["coinche" if game == "belote" else "belote"]
        docs.append(
            {**head, "rules": {f.name: None for f in dataclasses.fields(other)}, "hands": []}
        )
    return docs


def test_the_phone_knows_every_rule_its_default_and_choices(scorer: Scorer):
    for doc in _rule_probes():
        assert_same_answer(scorer, doc)


def test_the_game_key_chooses_the_engine(scorer: Scorer):
    hands = [{"taker": "A", "points": {"A": 100}}]
    for game in ("belote", "coinche", "tarot", None, 1, True, ["belote"]):
        assert_same_answer(scorer, {"game": game, "hands": hands})
    for doc in (None, 3, "belote", [], [{"hands": []}], {}, {"hands": {}}, {"rules": None}):
        assert_same_answer(scorer, doc)


def test_keys_javascript_would_find_on_any_object_are_unknown_keys(scorer: Scorer):
    """An object's prototype is no key of the document."""
    hand = {"taker": "A", "points": {"A": 100}}
    for key in ("constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"):
        assert_same_answer(scorer, {"rules": {key: 1}, "hands": [hand]})
        assert_same_answer(scorer, {"hands": [{**hand, key: 1}]})
        assert_same_answer(scorer, {"hands": [{**hand, "points": {key: 1}}]})
        assert_same_answer(scorer, {"game": "coinche", "hands": [{"taker": "A", key: 1}]})


def test_the_team_keys_compare_as_python_compares_them(scorer: Scorer):
    """A générale's solo is asked for when its capot is its taker: the
    engine compares those two values as Python does (True == 1)."""
    values = [1, True, 0, False, "A", [1], [True], {"a": 1}, {"a": True}, {"a": 1, "b": 2}, None]
    for taker in values:
        for capot in values:
            hand = {"taker": taker, "bid": "generale", "capot": capot}
            assert_same_answer(scorer, {"game": "coinche", "hands": [hand]})


END_HANDS = {
    "belote": [
        {"taker": "A", "points": {"A": 100}},
        {"taker": "B", "points": {"B": 100}},
        {"taker": "A", "capot": "A"},
        {"taker": "A", "capot": "B", "belote": "A"},
        {"taker": "B", "capot": "A", "belote": "B"},
        {"taker": "A", "points": {"A": 81}},
        {"taker": "B", "points": {"B": 91}},
        {"taker": "B", "renonce": "B"},
        {"taker": None},
    ],
    "coinche": [
        {"taker": "A", "bid": 100, "points": {"A": 100}},
        {"taker": "B", "bid": 80, "points": {"B": 81}},
        {"taker": "A", "bid": "capot", "capot": "A"},
        {"taker": "B", "bid": 160, "capot": "A", "belote": "B"},
        {"taker": "A", "bid": 90, "coinche": "coinche", "points": {"A": 81}},
        {"taker": None},
    ],
}


def _end_of_match_documents() -> list[dict[str, Any]]:
    """Every run of three hands from a few, under targets near their
    figures, with and without ``win_needs_trick``, and as matches of 2
    donnes: ends, ties at the target (a decisive hand), a leader capot on the
    hand, draws after the 2nd donne, hands after the end."""
    docs = []
    for game, hands in END_HANDS.items():
        head = {} if game == "belote" else {"game": game}
        variants = [{"win_needs_trick": v} for v in (True, False)] if game == "belote" else [{}]
        variants += [{"donnes": 2}]  # a match of 2 donnes: its end, a draw, a hand after it
        for target in (162, 272):
            for variant in variants:
                for run in itertools.product(hands, repeat=3):
                    rules = {"target": target, **variant}
                    docs.append({**head, "rules": rules, "hands": list(run)})
    return docs


def test_the_end_of_match_answers_alike(scorer: Scorer):
    docs = _end_of_match_documents()
    answers = scorer.answers([{"doc": doc} for doc in docs])
    seen = set()
    for doc, phone in zip(docs, answers, strict=True):
        assert phone == engine_answer(doc), doc
        if "match" in phone:
            match = phone["match"]
            seen |= {key for key in ("finished", "decisive_hand", "no_trick_block") if match[key]}
            if match["finished"] and match["winner"] is None:
                seen.add("drawn")
        else:
            seen |= {p["code"] for p in phone["problems"]}
    assert seen == {"finished", "decisive_hand", "no_trick_block", "after_end", "drawn"}


# --------------------------------------------------------------------------
# The differential run: random documents, valid and not
# --------------------------------------------------------------------------


# Long matches: hypothesis draws the rules and a seed, a seeded generator
# the hands (hypothesis's own lists stay short): every kind of hand, 30 to
# 200 of them, most matches never reaching their target.
ANNOUNCEMENT_SUMS = (20, 40, 50, 70, 100, 120, 150, 200, 250)


def _announcements(rng: random.Random, played: bool) -> dict[str, int]:
    if not played or rng.random() < 0.6:
        return {}
    return {rng.choice("AB"): rng.choice(ANNOUNCEMENT_SUMS)}


def _belote_hand(rng: random.Random, rules: Rules) -> dict[str, Any]:
    kind = rng.choices(["points", "litige", "capot", "renonce", "passed"], [60, 15, 9, 8, 8])[0]
    if kind == "passed":
        return {"taker": None}
    taker = rng.choice("AB")
    hand = {"taker": taker, "belote": rng.choice([None, None, "A", "B"])}
    hand["announcements"] = ann = _announcements(rng, rules.announcements)
    if kind in ("capot", "renonce"):
        return {**hand, kind: rng.choice("AB")}
    points = rng.randint(0, 162)
    if kind == "litige":
        defense = "B" if taker == "A" else "A"

        def extra(team: str) -> int:
            return ann.get(team, 0) + (20 if hand["belote"] == team else 0)

        points = min(162, max(0, (162 + extra(defense) - extra(taker)) // 2))
    team = rng.choice("AB")
    return {**hand, "points": {team: points if team == taker else 162 - points}}


def _coinche_hand(rng: random.Random, rules: CoincheRules) -> dict[str, Any]:
    if rng.random() < 0.08:
        return {"taker": None}
    taker = rng.choice("AB")
    other = "B" if taker == "A" else "A"
    suit = rng.choice([None, "clubs", "diamonds", "hearts", "spades", "no_trump", "all_trump"])
    hand = {
        "taker": taker,
        "suit": suit,
        "coinche": rng.choice([None, None, None, "coinche", "surcoinche"]),
        "belote": None if suit == "no_trump" else rng.choice([None, None, "A", "B"]),
        "announcements": _announcements(rng, rules.announcements),
    }
    roll = rng.random()
    if roll < 0.1:  # a bid of capot or générale, made or not
        bid = rng.choice(["capot", "generale"])
        capot = rng.choice([taker, taker, other, None])
        hand.update(bid=bid, capot=capot)
        if bid == "generale" and capot == taker:
            hand["solo"] = rng.random() < 0.7
        elif capot is None:
            hand["points"] = {rng.choice("AB"): rng.randint(0, 162)}
        return hand
    bid = rng.choice(range(80, 190, 10))
    if roll < 0.18:
        return {**hand, "bid": bid, "capot": rng.choice("AB")}
    points = rng.randint(max(0, bid - 25), min(162, bid + 5))  # near the bid
    if rng.random() < 0.3:
        points = rng.randint(0, 162)
    team = rng.choice("AB")
    return {**hand, "bid": bid, "points": {team: points if team == taker else 162 - points}}


# Not shrunk: a long match shrinks for minutes; the answers' diff names the hand.
LONG = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=SLOW_DATA,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)


@st.composite
def long_matches(draw: st.DrawFn, props: Any, make_hand: Any) -> dict[str, Any]:
    rules = draw(
        props.rules_strategy(
            target=st.one_of(st.just(props.NO_END), props.REAL_TARGET),
            donnes=st.one_of(st.none(), st.none(), st.integers(1, 100)),
        )
    )
    rng = draw(st.randoms(use_true_random=False))
    hands = [make_hand(rng, rules) for _ in range(draw(st.integers(30, 200)))]
    doc = match_document(rules, [])
    doc["hands"] = hands
    try:
        score_document(doc)
    except MatchError as error:  # cut at the end of the match: a valid match
        assert {p.code for p in error.problems} == {"after_end"}, error
        doc["hands"] = hands[: min(p.hand for p in error.problems) - 1]
    return doc


@LONG
@given(long_matches(belote_props, _belote_hand))
def test_long_belote_matches_score_alike(scorer, doc):
    assert_same_answer(scorer, doc)


@LONG
@given(long_matches(coinche_props, _coinche_hand))
def test_long_coinche_matches_score_alike(scorer, doc):
    assert_same_answer(scorer, doc)


@DIFFERENTIAL
@given(belote_props.almost_valid_documents())
def test_almost_valid_belote_documents_answer_alike(scorer, doc):
    assert_same_answer(scorer, doc)


@DIFFERENTIAL
@given(coinche_props.almost_valid_documents())
def test_almost_valid_coinche_documents_answer_alike(scorer, doc):
    assert_same_answer(scorer, doc)


@DIFFERENTIAL
@given(st.one_of(belote_props.JSON_DOCUMENTS, coinche_props.JSON_DOCUMENTS))
def test_arbitrary_json_answers_alike(scorer, doc):
    assert_same_answer(scorer, doc)


# A hand's values, right and wrong: every check of a hand, and their mixes.
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-300, 400),
    st.sampled_from(["A", "B", "C", "", "a", "capot", "generale", "no_trump", "coinche"]),
    st.floats(allow_nan=False),
    st.lists(st.none(), max_size=1),
    st.just({}),
)
TEAM_VALUES = st.one_of(st.sampled_from([None, "A", "B"]), JUNK)
TRICK_POINTS = st.one_of(st.integers(0, 162), st.sampled_from([-1, 163, 81.5, "82", None, True]))
ANNOUNCEMENT_VALUES = st.one_of(
    belote_props.ANNOUNCEMENT, st.sampled_from([0, 10, 30, 15, -20, 20.5, "20", None, False])
)
HAND_VALUES = {
    "taker": TEAM_VALUES,
    "capot": TEAM_VALUES,
    "belote": TEAM_VALUES,
    "renonce": TEAM_VALUES,
    "points": st.one_of(
        st.builds(lambda team, points: {team: points}, st.sampled_from(["A", "B"]), TRICK_POINTS),
        st.dictionaries(st.sampled_from(["A", "B", "C"]), st.integers(0, 162), max_size=3),
        JUNK,
    ),
    "announcements": st.one_of(
        st.builds(lambda team, v: {team: v}, st.sampled_from(["A", "B"]), ANNOUNCEMENT_VALUES),
        st.dictionaries(st.sampled_from(["A", "B", "C"]), ANNOUNCEMENT_VALUES, max_size=3),
        JUNK,
    ),
    "bid": st.one_of(
        st.sampled_from([*coinche_props.coinche.BIDS, "generale", "generale", 85, 190, "100"]),
        JUNK,
    ),
    "suit": st.one_of(st.sampled_from(["no_trump", "no_trump", "hearts", "all_trump"]), JUNK),
    "coinche": st.one_of(st.sampled_from(["coinche", "surcoinche"]), JUNK),
    "solo": st.one_of(st.sampled_from([True, False, None, None, "yes", 1]), JUNK),
}
HAND_KEYS = sorted(HAND_VALUES)


GAME_HAND_KEYS = {
    "belote": ["announcements", "belote", "capot", "points", "renonce", "taker"],
    "coinche": [
        "announcements",
        "belote",
        "bid",
        "capot",
        "coinche",
        "points",
        "solo",
        "suit",
        "taker",
    ],
}


@st.composite
def jumbled_documents(draw: st.DrawFn) -> dict[str, Any]:
    """A valid match of either game, some of its hands' values replaced by
    values right or wrong, or taken out (now and then a key of the other
    game, which hides the hand's other problems)."""
    game = draw(st.sampled_from(sorted(GAME_HAND_KEYS)))
    props = belote_props if game == "belote" else coinche_props
    rules, hands = draw(props.match_strategy(props.rules_strategy(), max_hands=6))
    doc = json.loads(json.dumps(match_document(rules, hands)))
    keys = st.one_of(*[st.sampled_from(GAME_HAND_KEYS[game])] * 9, st.sampled_from(HAND_KEYS))
    for hand in doc["hands"]:
        for key in draw(st.lists(keys, max_size=3, unique=True)):
            if draw(st.integers(0, 4)) == 0:
                hand.pop(key, None)
            else:
                hand[key] = draw(HAND_VALUES[key])
    return doc


@DIFFERENTIAL
@given(jumbled_documents())
def test_jumbled_hands_answer_alike(scorer, doc):
    assert_same_answer(scorer, doc)


# Every value of a small pool, right or wrong, in each key of each kind of
# hand of both games (and each key taken out): every check of a hand, one
# value at a time, in one batch. Their mixes are the random documents' above.
ABSENT = object()
TEAM_POOL = [ABSENT, None, "A", "B", "C", "", 1, True, [], {}]
POOLS = {
    "taker": TEAM_POOL,
    "capot": TEAM_POOL,
    "belote": TEAM_POOL,
    "renonce": TEAM_POOL,
    "points": [
        *(ABSENT, None, {"A": 0}, {"A": 162}, {"B": 81}, {"A": -1}, {"A": 163}, {"A": 81.5}),
        *({"A": "82"}, {"A": None}, {"A": True}, {"C": 1}, {}, {"A": 1, "B": 161}, [82], 82),
    ],
    "announcements": [
        *(ABSENT, None, {}, {"A": 0}, {"A": 20}, {"B": 50}, {"A": 20, "B": 20}, {"A": 10}),
        *({"B": 30}, {"A": -20}, {"A": 15}, {"A": 20.5}, {"A": "20"}, {"A": None}, {"C": 20}),
        *([20], 20),
    ],
    "bid": [ABSENT, None, 80, 180, 85, 190, 70, "capot", "generale", "100", True, 100.5],
    "suit": [ABSENT, None, "clubs", "no_trump", "all_trump", "trefle", 1],
    "coinche": [ABSENT, None, "coinche", "surcoinche", "contre", True, 2],
    "solo": [ABSENT, None, True, False, "yes", 1, 0],
}
KINDS_OF_HANDS = {
    "belote": [
        {"taker": "A", "points": {"A": 100}, "belote": "B", "announcements": {"A": 20}},
        {"taker": "B", "capot": "B", "belote": "B"},
        {"taker": "A", "renonce": "A", "announcements": {"B": 50}},
        {"taker": None},
        {"taker": "A", "points": {"A": 91}, "announcements": {"B": 20}},
    ],
    "coinche": [
        {"taker": "A", "bid": 100, "suit": "hearts", "coinche": "coinche", "points": {"A": 120}},
        {"taker": "B", "bid": "capot", "capot": "B", "belote": "A"},
        {"taker": "A", "bid": "generale", "capot": "A", "solo": True},
        {"taker": "A", "bid": "generale", "points": {"B": 20}},
        {"taker": None},
        {"taker": "B", "bid": 170, "capot": "B", "suit": "no_trump", "announcements": {"A": 50}},
    ],
}
OTHER_GAME_KEYS = {"belote": ["bid", "solo"], "coinche": ["renonce"]}


def _one_value_documents() -> list[dict[str, Any]]:
    docs = []
    for game, kinds in KINDS_OF_HANDS.items():
        head = {} if game == "belote" else {"game": game}
        keys = [*GAME_HAND_KEYS[game], *OTHER_GAME_KEYS[game]]
        for announcements in (True, False):
            rules = {"announcements": announcements, "target": 3000}
            for kind in kinds:
                for key in keys:
                    for value in POOLS[key]:
                        hand = {k: v for k, v in kind.items() if k != key}
                        if value is not ABSENT:
                            hand[key] = value
                        docs.append({**head, "rules": rules, "hands": [kinds[0], hand]})
    return docs


def test_every_hand_value_on_every_kind_of_hand_answers_alike(scorer):
    docs = [js_view(doc) for doc in _one_value_documents()]
    answers = scorer.answers([{"doc": doc} for doc in docs])
    codes = set()
    for doc, phone in zip(docs, answers, strict=True):
        assert phone == engine_answer(doc), doc
        codes |= {p["code"] for p in phone.get("problems", ())}
    # Every check of a hand was met (the pools are right, and stay so).
    assert codes >= {
        "invalid_team",
        "required",
        "not_integer",
        "out_of_range",
        "not_object",
        "unknown_key",
        "points_one_team",
        "not_announcement_sum",
        "announcements_disabled",
        "announcements_both_teams",
        "not_on_redeal",
        "points_with_renonce",
        "capot_with_renonce",
        "points_with_capot",
        "invalid_choice",
        "belote_at_no_trump",
        "solo_not_allowed",
    }, codes


@DIFFERENTIAL
@given(
    belote_props.match_strategy(
        belote_props.rules_strategy(target=belote_props.REAL_TARGET), max_hands=8
    ),
    st.one_of(st.integers(0, 500), st.integers(), st.sampled_from([True, None, 1.5, "40"])),
)
def test_a_reserve_carried_in_scores_alike(scorer, match, reserve):
    rules, hands = match
    assert_same_answer(scorer, match_document(rules, hands), reserve)


@settings(max_examples=50, deadline=None, suppress_health_check=SLOW_DATA)
@given(
    coinche_props.match_strategy(coinche_props.rules_strategy(), max_hands=3),
    st.sampled_from([0, 40, False, -1, "x"]),
)
def test_coinche_takes_no_reserve_alike(scorer, match, reserve):
    rules, hands = match
    assert_same_answer(scorer, match_document(rules, hands), reserve)


def test_numbers_past_what_javascript_adds_exactly_are_declined_not_misscored(scorer):
    big = 2**53 - 8  # a multiple of ten? no: the phone and the engine say so alike
    for value in (big, 10**20, 10**30, 9 * 10**15, 10**400, 2**53, 82.0, -0.0):
        hand = {"taker": "A", "points": {"A": 100}, "announcements": {"A": value}}
        answer = assert_same_answer(scorer, {"hands": [hand]})
        assert "crash" not in answer
    declined = assert_same_answer(
        scorer, {"hands": [{"taker": "A", "points": {"A": 100}, "announcements": {"A": 10**20}}]}
    )
    assert "range" in declined
