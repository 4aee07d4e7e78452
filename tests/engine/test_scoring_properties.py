"""Properties of the scoring engine on random matches (hypothesis).

The strategies build VALID rules and hands (FORMAT, *Match document*); the
properties restate FORMAT, *Scoring one hand* and *End of match* as invariants.
Arbitrary and "almost valid" JSON documents check that the engine never raises
anything but MatchError.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoresheets.scoring import (
    HandInput,
    MatchError,
    MatchResult,
    Outcome,
    Pair,
    Rules,
    match_document,
    parse_match_document,
    score_document,
    score_match,
)
from tests.conftest import examples

NO_END = 10**9  # a target no match of these sizes reaches
TEAM = st.sampled_from(["A", "B"])
MAYBE_TEAM = st.sampled_from([None, "A", "B"])
# 0 or a sum of 20, 50, 100, 150, 200: every multiple of ten but 10 and 30.
ANNOUNCEMENT = st.one_of(
    st.sampled_from([20, 40, 50, 70, 100, 150, 200]),
    st.integers(0, 60).map(lambda k: 10 * k).filter(lambda v: v not in (10, 30)),
)
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
REQUIRED_KEYS = {"hands", "totals", "reserve", "finished", "winner"}
HAND_KEYS = {"outcome", "score", "reserve", "totals"}


def other(team: str) -> str:
    return "B" if team == "A" else "A"


# --------------------------------------------------------------------------
# Strategies
# --------------------------------------------------------------------------


def rules_strategy(
    *,
    target: st.SearchStrategy[int] | None = None,
    donnes: st.SearchStrategy[int | None] | None = None,
    rounding: st.SearchStrategy[str] | None = None,
    litige: st.SearchStrategy[str] | None = None,
) -> st.SearchStrategy[Rules]:
    return st.builds(
        Rules,
        target=target if target is not None else st.just(NO_END),
        donnes=donnes if donnes is not None else st.just(None),
        capot_points=st.sampled_from([252, 250]),
        rounding=rounding if rounding is not None else st.sampled_from(["none", "nearest_ten"]),
        litige=litige if litige is not None else st.sampled_from(["reserve", "lost", "fall"]),
        announcements=st.booleans(),
        renonce=st.sampled_from(["penalty", "annul"]),
        win_needs_trick=st.booleans(),
        capot_takes_announcements=st.booleans(),
    )


@st.composite
def hand_strategy(draw: st.DrawFn, rules: Rules) -> HandInput:
    """One valid hand under ``rules``: made/dedans/litige/capot/renonce/redeal."""
    kind = draw(st.sampled_from(["points", "points", "litige", "capot", "renonce", "passed"]))
    if kind == "passed":
        return HandInput(None, announcements=draw(st.sampled_from([Pair(), Pair(0, 0)])))
    taker = draw(TEAM)
    belote = draw(MAYBE_TEAM)
    announcements = Pair()
    if rules.announcements and draw(st.booleans()):
        value = draw(ANNOUNCEMENT)
        announcements = Pair(value, 0) if draw(TEAM) == "A" else Pair(0, value)
    if kind == "capot":
        return HandInput(taker, capot=draw(TEAM), belote=belote, announcements=announcements)
    if kind == "renonce":
        return HandInput(taker, renonce=draw(TEAM), belote=belote, announcements=announcements)
    points = draw(st.integers(0, 162))
    if kind == "litige":
        # Taker's p such that p + its extras == 162 - p + the defense's extras.
        bel_t = 20 if belote == taker else 0
        bel_d = 20 if belote == other(taker) else 0
        ann_t, ann_d = announcements[taker], announcements[other(taker)]
        tie = (162 + ann_d + bel_d - ann_t - bel_t) // 2
        if 0 <= tie <= 162:
            points = tie
    points_team = draw(TEAM)
    if points_team != taker:
        points = 162 - points
    return HandInput(taker, points_team, points, belote=belote, announcements=announcements)


@st.composite
def match_strategy(
    draw: st.DrawFn, rules: st.SearchStrategy[Rules] | None = None, max_hands: int = 25
) -> tuple[Rules, list[HandInput]]:
    """Valid rules and hands; with a reachable target, cut at the end of the match."""
    the_rules = draw(rules if rules is not None else rules_strategy())
    hands = draw(st.lists(hand_strategy(the_rules), max_size=max_hands))
    return the_rules, cut_at_end(the_rules, hands)


def cut_at_end(rules: Rules, hands: list[HandInput]) -> list[HandInput]:
    """``hands`` without the hands after the end of the match (a valid match)."""
    try:
        score_match(rules, hands)
    except MatchError as error:
        assert {p.code for p in error.problems} == {"after_end"}, error
        return hands[: min(p.hand for p in error.problems) - 1]
    return hands


# The rule donnes (FORMAT, rules table): a match of K donnes, or (None) to its target.
DONNES = st.integers(1, 30)
MAYBE_DONNES = st.one_of(st.none(), DONNES)
REAL_TARGET = st.one_of(st.sampled_from([1, 162, 501, 1000]), st.integers(1, 2000))


def in_play(rules: Rules, hand: HandInput) -> int:
    """The points at stake on a played hand: tricks + all announcements + belote."""
    tricks = rules.capot_points if hand.capot is not None else 162
    belote = 20 if hand.belote is not None else 0
    return tricks + hand.announcements.a + hand.announcements.b + belote


def scored(result: MatchResult) -> list:
    return [h for h in result.hands if h.outcome not in (Outcome.PASSED, Outcome.ANNULLED)]


# --------------------------------------------------------------------------
# Scoring one hand
# --------------------------------------------------------------------------


@FAST
@given(match_strategy(rules_strategy(rounding=st.just("none"))))
def test_made_hand_scores_add_up_to_the_points_in_play(match):
    rules, hands = match
    result = score_match(rules, hands)
    for hand, got in zip(hands, result.hands, strict=True):
        if got.outcome is Outcome.MADE:
            assert got.winner == hand.taker
            assert got.score.a + got.score.b == in_play(rules, hand) + got.collected


@FAST
@given(match_strategy(rules_strategy(rounding=st.just("none"))))
def test_dedans_gives_everything_to_the_defense(match):
    rules, hands = match
    result = score_match(rules, hands)
    for hand, got in zip(hands, result.hands, strict=True):
        if got.outcome is not Outcome.DEDANS:
            continue
        taker, defense = hand.taker, other(hand.taker)
        tricks = rules.capot_points if hand.capot == defense else 162
        belote = 20 if hand.belote == defense else 0
        ann = hand.announcements.a + hand.announcements.b
        assert got.winner == defense
        assert got.score[defense] == tricks + ann + belote + got.collected
        assert got.score[taker] == (20 if hand.belote == taker else 0)
        assert hand.capot != taker


@FAST
@given(match_strategy())
def test_the_belote_is_never_lost(match):
    rules, hands = match
    result = score_match(rules, hands)
    for hand, got in zip(hands, result.hands, strict=True):
        if got.outcome in (Outcome.PASSED, Outcome.ANNULLED):
            assert got.score == Pair(0, 0)
        elif hand.belote is not None:
            assert got.score[hand.belote] >= 20


@FAST
@given(match_strategy(rules_strategy(rounding=st.just("none"), litige=st.just("reserve"))))
def test_points_are_conserved_under_reserve(match):
    rules, hands = match
    result = score_match(rules, hands)
    credited = sum(h.score.a + h.score.b for h in result.hands)
    stake = sum(
        in_play(rules, hand)
        for hand, got in zip(hands, result.hands, strict=True)
        if got.outcome not in (Outcome.PASSED, Outcome.ANNULLED)
    )
    assert credited + result.reserve == stake
    assert result.totals.a + result.totals.b == credited


@FAST
@given(match_strategy(rules_strategy(litige=st.just("reserve"))))
def test_the_reserve_is_paid_whole_to_the_next_winner(match):
    rules, hands = match
    result = score_match(rules, hands)
    before = 0
    for got in result.hands:
        if got.winner is not None:
            assert got.collected == before
            assert got.reserve == 0
        else:
            assert got.collected == 0
            assert got.reserve >= before
        before = got.reserve


@FAST
@given(match_strategy(rules_strategy(rounding=st.just("nearest_ten"), target=REAL_TARGET)))
def test_nearest_ten_scores_and_totals_are_multiples_of_ten(match):
    rules, hands = match
    result = score_match(rules, hands)
    for got in result.hands:
        assert got.score.a % 10 == 0
        assert got.score.b % 10 == 0
        assert got.totals.a % 10 == 0
        assert got.totals.b % 10 == 0
    assert result.totals.a % 10 == 0
    assert result.totals.b % 10 == 0


@FAST
@given(match_strategy())
def test_running_totals_are_the_sums_of_the_scores(match):
    rules, hands = match
    result = score_match(rules, hands)
    total_a = total_b = 0
    for number, got in enumerate(result.hands, start=1):
        total_a += got.score.a
        total_b += got.score.b
        assert got.number == number
        assert got.totals == Pair(total_a, total_b)
    assert result.totals == Pair(total_a, total_b)


# --------------------------------------------------------------------------
# The match
# --------------------------------------------------------------------------


@FAST
@given(match_strategy(rules_strategy(target=REAL_TARGET, donnes=MAYBE_DONNES)), st.data())
def test_appending_hands_never_changes_earlier_results(match, data):
    rules, hands = match
    full = score_match(rules, hands)
    cut = data.draw(st.integers(0, len(hands)), label="prefix length")
    prefix = score_match(rules, hands[:cut])
    assert prefix.hands == full.hands[:cut]
    if cut:
        assert prefix.totals == full.hands[cut - 1].totals
        assert prefix.reserve == full.hands[cut - 1].reserve
    else:
        assert prefix.totals == Pair(0, 0)
        assert prefix.reserve == 0


@FAST
@given(match_strategy(rules_strategy(target=REAL_TARGET), max_hands=40))
def test_end_of_match(match):
    rules, hands = match
    result = score_match(rules, hands)
    a, b = result.totals.a, result.totals.b
    ends = [h.number for h in result.hands if h.ends_match]
    if result.finished:
        # The last hand ended it, and nothing came after.
        assert ends == [len(hands)]
        winner, loser = result.winner, other(result.winner)
        assert result.totals[winner] >= rules.target
        assert result.totals[winner] > result.totals[loser]
        assert not result.decisive_hand
        last = hands[-1]
        if rules.win_needs_trick and last.capot is not None:
            assert winner == last.capot
    else:
        assert ends == []
        assert result.winner is None
        assert result.decisive_hand == (a == b and a >= rules.target)
        if max(a, b) >= rules.target and a != b:
            # Only a team that took no trick in the last played hand can be held back.
            played = [
                index
                for index, got in enumerate(result.hands)
                if got.outcome not in (Outcome.PASSED, Outcome.ANNULLED)
            ]
            last = hands[played[-1]]
            assert rules.win_needs_trick
            assert last.capot is not None
            leader = "A" if a > b else "B"
            assert leader != last.capot
            if played[-1] == len(hands) - 1:
                assert result.no_trick_block


@FAST
@given(match_strategy(rules_strategy(target=REAL_TARGET, donnes=MAYBE_DONNES)))
def test_a_hand_after_the_end_is_an_error(match):
    rules, hands = match
    result = score_match(rules, hands)
    if not result.finished:
        return
    for late in (HandInput(None), HandInput("A", "A", 82), HandInput("B", capot="B")):
        try:
            score_match(rules, [*hands, late])
        except MatchError as error:
            problems = [(p.hand, p.field, p.code) for p in error.problems]
            assert problems == [(len(hands) + 1, "hand", "after_end")]
        else:
            raise AssertionError("a hand after the end was accepted")


# --------------------------------------------------------------------------
# The match document
# --------------------------------------------------------------------------


@FAST
@given(match_strategy(rules_strategy(target=REAL_TARGET, donnes=MAYBE_DONNES)))
def test_match_document_round_trips(match):
    rules, hands = match
    document = match_document(rules, hands)
    assert parse_match_document(document) == (rules, hands)
    through_json = json.loads(json.dumps(document))
    assert parse_match_document(through_json) == (rules, hands)
    assert score_document(through_json) == score_document(document)


def check_result_document(result: Any, document: dict) -> None:
    assert isinstance(result, dict)
    assert result.keys() >= REQUIRED_KEYS
    assert len(result["hands"]) == len(document["hands"])
    for got in result["hands"]:
        assert got.keys() >= HAND_KEYS
        assert set(got["score"]) == {"A", "B"}
    assert result["finished"] in (True, False)
    assert result["winner"] in (None, "A", "B")
    json.dumps(result)  # serialisable


def check_match_error(error: MatchError) -> None:
    assert error.problems
    for p in error.problems:
        assert p.hand is None or (type(p.hand) is int and p.hand >= 1)
        # The field names the key, even an empty unknown key ("hand 1, : ...").
        assert isinstance(p.field, str)
        assert p.field or p.code == "unknown_key"
        assert isinstance(p.code, str) and p.code
        assert isinstance(p.message, str) and p.message
    assert str(error)


@FAST
@given(match_strategy(rules_strategy(target=REAL_TARGET)))
def test_valid_documents_score(match):
    rules, hands = match
    document = match_document(rules, hands)
    check_result_document(score_document(document), document)


JSON_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
    st.sampled_from(["A", "B", "C", "none", "reserve", "penalty", "taker"]),
)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda children: st.one_of(
        st.lists(children, max_size=4),
        st.dictionaries(st.text(max_size=8), children, max_size=4),
    ),
    max_leaves=12,
)
DOCUMENT_KEYS = st.sampled_from(
    [
        "rules",
        "hands",
        "taker",
        "points",
        "capot",
        "belote",
        "announcements",
        "renonce",
        "A",
        "B",
        "target",
        "capot_points",
        "rounding",
        "litige",
        "win_needs_trick",
    ]
)
JSON_DOCUMENTS = st.one_of(
    JSON_VALUES,
    st.dictionaries(DOCUMENT_KEYS, JSON_VALUES, max_size=3),
    st.fixed_dictionaries(
        {"hands": st.lists(st.dictionaries(DOCUMENT_KEYS, JSON_VALUES, max_size=5), max_size=4)},
        optional={"rules": st.dictionaries(DOCUMENT_KEYS, JSON_VALUES, max_size=4)},
    ),
)


def score_or_error(document: Any) -> None:
    try:
        result = score_document(document)
    except MatchError as error:
        check_match_error(error)
    else:
        check_result_document(result, document)


@settings(max_examples=150, deadline=None)
@given(JSON_DOCUMENTS)
def test_arbitrary_json_only_ever_raises_match_error(document):
    score_or_error(document)


# Values that are nearly right: out of range, wrong type, wrong word.
ODD_VALUES = st.sampled_from(
    [
        None,
        True,
        False,
        0,
        -1,
        10,
        30,
        163,
        251,
        10**30,
        -(10**30),
        82.0,
        1e308,
        float("nan"),
        float("inf"),
        "",
        "A",
        "B",
        "C",
        "82",
        "none",
        "nearest_ten",
        "fall",
        [],
        {},
        {"A": 82},
        {"A": 20, "B": 50},
        {"A": None},
        [{"taker": "A"}],
    ]
)


def paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path (tuple of keys / indexes) into a JSON value, the root included."""
    out = [prefix]
    if isinstance(value, dict):
        for key, child in value.items():
            out.extend(paths(child, (*prefix, key)))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            out.extend(paths(child, (*prefix, index)))
    return out


def get(value: Any, path: tuple) -> Any:
    for key in path:
        value = value[key]
    return value


@st.composite
def almost_valid_documents(draw: st.DrawFn) -> Any:
    """A valid match document with a few random mutations."""
    rules, hands = draw(match_strategy(rules_strategy(target=REAL_TARGET), max_hands=6))
    document: Any = json.loads(json.dumps(match_document(rules, hands)))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(paths(document)))
        target = get(document, path)
        action = draw(st.sampled_from(["replace", "replace", "add_key", "delete", "append"]))
        # A copy: sampled_from hands out the same list / dict objects every time.
        new_value = copy.deepcopy(draw(st.one_of(ODD_VALUES, JSON_VALUES)))
        if action == "replace":
            if not path:
                document = new_value
            else:
                get(document, path[:-1])[path[-1]] = new_value
        elif action == "add_key" and isinstance(target, dict):
            target[draw(st.one_of(DOCUMENT_KEYS, st.text(max_size=6)))] = new_value
        elif action == "delete" and path:
            parent = get(document, path[:-1])
            del parent[path[-1]]
        elif action == "append" and isinstance(target, list):
            target.append(new_value)
    return document


@settings(max_examples=150, deadline=None)
@given(almost_valid_documents())
def test_almost_valid_documents_only_ever_raise_match_error(document):
    score_or_error(document)


@FAST
@given(match_strategy(max_hands=8), st.data())
def test_a_wrong_value_in_a_hand_names_that_hand(match, data):
    rules, hands = match
    if not hands:
        return
    document = match_document(rules, hands)
    number = data.draw(st.integers(1, len(hands)), label="hand number")
    key, value = data.draw(
        st.sampled_from(
            [
                ("taker", "C"),
                ("belote", 1),
                ("capot", True),
                ("renonce", "a"),
                ("points", {"A": 163}),
                ("points", {"B": -1}),
                ("points", {"A": 81.0}),
                ("points", {"A": 1, "B": 161}),
                ("announcements", {"A": 10}),
                ("announcements", {"B": 30}),
                ("announcements", {"A": 20, "B": 20}),
                ("announcements", [20]),
                ("dealer", "A"),
            ]
        ),
        label="mutation",
    )
    document["hands"][number - 1][key] = value
    try:
        score_document(document)
    except MatchError as error:
        check_match_error(error)
        assert {p.hand for p in error.problems} == {number}
    else:
        raise AssertionError(f"hand {number}: {key}={value!r} was accepted")


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-300, 400),
    st.sampled_from(["A", "B", "C", "", "a"]),
    st.floats(allow_nan=False),
    st.lists(st.none(), max_size=1),
)
JUNK_TEAM = st.one_of(MAYBE_TEAM, MAYBE_TEAM, JUNK)
JUNK_ANNOUNCEMENT = st.one_of(ANNOUNCEMENT, st.just(0), st.just(0), JUNK)


@st.composite
def any_hand(draw: st.DrawFn) -> HandInput:
    """Any hand at all, valid or not (the values an engine caller could pass)."""
    points_team, trick_points = draw(
        st.one_of(
            st.tuples(st.none(), st.none()),
            st.tuples(TEAM, st.integers(0, 162)),
            st.tuples(JUNK_TEAM, st.one_of(st.integers(-5, 170), JUNK)),
        )
    )
    announcements = draw(
        st.one_of(
            st.builds(Pair, JUNK_ANNOUNCEMENT, st.just(0)),
            st.builds(Pair, st.just(0), JUNK_ANNOUNCEMENT),
            st.builds(Pair, JUNK_ANNOUNCEMENT, JUNK_ANNOUNCEMENT),
            JUNK,
        )
    )
    return HandInput(
        taker=draw(JUNK_TEAM),
        points_team=points_team,
        trick_points=trick_points,
        capot=draw(JUNK_TEAM),
        belote=draw(JUNK_TEAM),
        announcements=announcements,
        renonce=draw(JUNK_TEAM),
    )


@settings(max_examples=examples(1500), deadline=None)
@given(rules=rules_strategy(), hand=any_hand())
def test_the_fast_path_accepts_exactly_the_valid_hands(rules: Rules, hand: HandInput):
    from scoresheets.scoring import belote

    assert belote.plainly_valid(rules, hand) == (belote.check_hand(rules, hand, 1) == [])
