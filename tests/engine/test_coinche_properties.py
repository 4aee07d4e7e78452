"""Properties of the coinche engine on random matches (hypothesis).

The strategies build VALID coinche rules and hands (COINCHE, *Rules* and
*Hand*); the properties restate COINCHE, *Scoring one hand* and *End of
match* as invariants. Arbitrary and "almost valid" JSON documents check that
the engine never raises anything but MatchError.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoresheets.scoring import (
    CoincheHand,
    CoincheRules,
    MatchError,
    Outcome,
    Pair,
    coinche,
    match_document,
    parse_match_document,
    score_document,
    score_match,
)
from tests.conftest import examples
from tests.engine.test_scoring_properties import (
    ANNOUNCEMENT,
    JSON_VALUES,
    ODD_VALUES,
    check_match_error,
    check_result_document,
    get,
    paths,
)

NO_END = 10**9  # a target no match of these sizes reaches
TEAM = st.sampled_from(["A", "B"])
MAYBE_TEAM = st.sampled_from([None, "A", "B"])
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# The rule donnes (FORMAT, rules table): a match of K donnes, or (None) to its target.
DONNES = st.integers(1, 30)
MAYBE_DONNES = st.one_of(st.none(), DONNES)
REAL_TARGET = st.one_of(st.sampled_from([1, 500, 1000, 2000]), st.integers(1, 3000))
MULTIPLIER = {None: 1, "coinche": 2, "surcoinche": 4}


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
    coinche_score: st.SearchStrategy[str] | None = None,
    belote_counts: st.SearchStrategy[bool] | None = None,
) -> st.SearchStrategy[CoincheRules]:
    return st.builds(
        CoincheRules,
        target=target if target is not None else st.just(NO_END),
        donnes=donnes if donnes is not None else st.just(None),
        rounding=rounding if rounding is not None else st.sampled_from(["none", "nearest_ten"]),
        made_score=st.sampled_from(["points_plus_bid", "bid_only", "160_plus_bid"]),
        coinche_score=(
            coinche_score if coinche_score is not None else st.sampled_from(["all", "total", "bid"])
        ),
        belote_counts=belote_counts if belote_counts is not None else st.booleans(),
        announcements=st.booleans(),
        announcements_count=st.booleans(),
        capot_points=st.sampled_from([250, 252, 162]),
        capot_bid_points=st.sampled_from([500, 250]),
    )


@st.composite
def hand_strategy(draw: st.DrawFn, rules: CoincheRules) -> CoincheHand:
    """One valid hand under ``rules``: a numeric bid (points or capot), a bid of
    capot or générale (made or not), or a redeal."""
    kind = draw(st.sampled_from(["points", "points", "points", "capot", "word", "passed"]))
    if kind == "passed":
        return CoincheHand(None, announcements=draw(st.sampled_from([Pair(), Pair(0, 0)])))
    taker = draw(TEAM)
    suit = draw(
        st.sampled_from([None, "clubs", "diamonds", "hearts", "spades", "no_trump", "all_trump"])
    )
    belote = None if suit == "no_trump" else draw(MAYBE_TEAM)
    coinche_level = draw(st.sampled_from([None, None, "coinche", "surcoinche"]))
    announcements = Pair()
    if rules.announcements and draw(st.booleans()):
        value = draw(ANNOUNCEMENT)
        announcements = Pair(value, 0) if draw(TEAM) == "A" else Pair(0, value)
    common = {
        "suit": suit,
        "coinche": coinche_level,
        "belote": belote,
        "announcements": announcements,
    }
    if kind == "word":
        bid = draw(st.sampled_from(["capot", "generale"]))
        capot = draw(st.sampled_from([taker, taker, other(taker), None]))
        solo = draw(st.booleans()) if bid == "generale" and capot == taker else None
        points_team = trick_points = None
        if capot is None and draw(st.booleans()):
            points_team, trick_points = draw(TEAM), draw(st.integers(0, 162))
        return CoincheHand(
            taker,
            bid,
            capot=capot,
            solo=solo,
            points_team=points_team,
            trick_points=trick_points,
            **common,
        )
    bid = draw(st.sampled_from(coinche.NUMERIC_BIDS))
    if kind == "capot":
        # High bids often: a capot worth 162 does not make 170 or 180 alone.
        bid = draw(st.sampled_from([bid, 170, 180]))
        return CoincheHand(taker, bid, capot=draw(TEAM), **common)
    # Trick points near the bid half of the time: the thresholds matter.
    points = draw(st.one_of(st.integers(0, 162), st.integers(max(0, bid - 25), min(162, bid + 5))))
    points_team = draw(TEAM)
    if points_team != taker:
        points = 162 - points
    return CoincheHand(taker, bid, points_team=points_team, trick_points=points, **common)


def cut_at_end(rules: CoincheRules, hands: list[CoincheHand]) -> list[CoincheHand]:
    """``hands`` without the hands after the end of the match (a valid match)."""
    try:
        score_match(rules, hands)
    except MatchError as error:
        assert {p.code for p in error.problems} == {"after_end"}, error
        return hands[: min(p.hand for p in error.problems) - 1]
    return hands


@st.composite
def match_strategy(
    draw: st.DrawFn, rules: st.SearchStrategy[CoincheRules] | None = None, max_hands: int = 25
) -> tuple[CoincheRules, list[CoincheHand]]:
    """Valid rules and hands; with a reachable target, cut at the end of the match."""
    the_rules = draw(rules if rules is not None else rules_strategy())
    hands = draw(st.lists(hand_strategy(the_rules), max_size=max_hands))
    return the_rules, cut_at_end(the_rules, hands)


# --------------------------------------------------------------------------
# The contract restated
# --------------------------------------------------------------------------


def stake(rules: CoincheRules, hand: CoincheHand) -> int:
    """What the winner of a failed contract scores before announcements and
    belote (COINCHE, *Bid of capot or générale* and *Failed*)."""
    m = MULTIPLIER[hand.coinche]
    if hand.bid == "capot":
        return rules.capot_bid_points * m
    if hand.bid == "generale":
        return 2 * rules.capot_bid_points * m
    if rules.coinche_score == "bid":
        return 160 + hand.bid * m
    return (160 + hand.bid) * m


def belote_of(hand: CoincheHand, team: str) -> int:
    return 20 if hand.belote == team else 0


def scored(rules: CoincheRules, hands: list[CoincheHand]):
    return zip(hands, score_match(rules, hands).hands, strict=True)


# --------------------------------------------------------------------------
# Scoring one hand
# --------------------------------------------------------------------------


@FAST
@given(match_strategy(rules_strategy(rounding=st.just("none"))))
def test_a_failed_contract_gives_the_defense_the_stake_announcements_and_its_belote(match):
    rules, hands = match
    for hand, got in scored(rules, hands):
        if got.outcome is not Outcome.DEDANS:
            continue
        taker, defense = hand.taker, other(hand.taker)
        assert got.winner == defense
        ann = hand.announcements.a + hand.announcements.b
        assert got.score[defense] == stake(rules, hand) + ann + belote_of(hand, defense)
        assert got.score[taker] == belote_of(hand, taker)


@FAST
@given(match_strategy(rules_strategy(rounding=st.just("none"))))
def test_a_bid_of_capot_is_all_or_nothing(match):
    # COINCHE, *Bid of capot or générale*: made iff the taker's capot (and solo).
    rules, hands = match
    for hand, got in scored(rules, hands):
        if hand.bid not in ("capot", "generale"):
            continue
        made = hand.capot == hand.taker and (hand.bid == "capot" or hand.solo is True)
        assert got.outcome is (Outcome.MADE if made else Outcome.DEDANS)
        winner, loser = got.winner, other(got.winner)
        ann = hand.announcements.a + hand.announcements.b
        assert got.score[winner] == stake(rules, hand) + ann + belote_of(hand, winner)
        assert got.score[loser] == belote_of(hand, loser)


@settings(FAST, max_examples=200)
@given(match_strategy(rules_strategy(rounding=st.just("none"))))
def test_a_numeric_bid_is_made_as_the_contract_says(match):
    rules, hands = match
    for hand, got in scored(rules, hands):
        if hand.taker is None or not isinstance(hand.bid, int):
            continue
        taker, defense = hand.taker, other(hand.taker)
        if hand.capot is not None:
            tricks = {hand.capot: rules.capot_points, other(hand.capot): 0}
        else:
            mine = hand.trick_points
            tricks = {hand.points_team: mine, other(hand.points_team): 162 - mine}
        check = {
            team: tricks[team]
            + (belote_of(hand, team) if rules.belote_counts else 0)
            + (hand.announcements[team] if rules.announcements_count else 0)
            for team in ("A", "B")
        }
        if hand.capot == taker:
            made = check[taker] >= hand.bid
        elif hand.capot == defense:
            made = False
        else:
            made = check[taker] >= hand.bid and check[taker] > check[defense]
        assert got.outcome is (Outcome.MADE if made else Outcome.DEDANS)
        assert got.hand_totals == Pair(check["A"], check["B"])


@FAST
@given(match_strategy(rules_strategy(rounding=st.just("none"))))
def test_made_and_failed_are_symmetric_where_the_contract_makes_them_so(match):
    # A made contract coinched under `all`, or scored `160_plus_bid` (any
    # coinche_score), gives the taker exactly what failing it would give the
    # defense: the stake, every announcement and its own belote; the loser
    # keeps its belote only.
    rules, hands = match
    for hand, got in scored(rules, hands):
        if got.outcome is not Outcome.MADE or not isinstance(hand.bid, int):
            continue
        m = MULTIPLIER[hand.coinche]
        if not ((m > 1 and rules.coinche_score == "all") or rules.made_score == "160_plus_bid"):
            continue
        taker, defense = hand.taker, other(hand.taker)
        ann = hand.announcements.a + hand.announcements.b
        assert got.score[taker] == stake(rules, hand) + ann + belote_of(hand, taker)
        assert got.score[defense] == belote_of(hand, defense)


@FAST
@given(match_strategy(rules_strategy(rounding=st.just("none"))))
def test_points_plus_bid_without_coinche_shares_all_the_points(match):
    # Made, m = 1, points_plus_bid: T pts(T) + V + bel(T), D pts(D) + bel(D):
    # together the tricks, the bid, every announcement and the belote.
    rules, hands = match
    if rules.made_score != "points_plus_bid":
        return
    for hand, got in scored(rules, hands):
        if got.outcome is not Outcome.MADE or hand.coinche or not isinstance(hand.bid, int):
            continue
        tricks = rules.capot_points if hand.capot is not None else 162
        ann = hand.announcements.a + hand.announcements.b
        belote = 20 if hand.belote is not None else 0
        assert got.score.a + got.score.b == tricks + hand.bid + ann + belote


@FAST
@given(match_strategy(rules_strategy(rounding=st.just("none"), belote_counts=st.just(False))))
def test_the_belote_is_never_multiplied_and_always_stays_with_its_team(match):
    # With belote_counts false the belote cannot change the outcome: taking it
    # away must take exactly 20 from its team, whatever the coinche, and nothing
    # from the other team.
    rules, hands = match
    for hand, got in scored(rules, hands):
        if hand.belote is None:
            continue
        (without,) = score_match(rules, [dataclasses.replace(hand, belote=None)]).hands
        assert without.outcome is got.outcome
        assert got.score[hand.belote] == without.score[hand.belote] + 20
        assert got.score[other(hand.belote)] == without.score[other(hand.belote)]


@FAST
@given(match_strategy())
def test_the_belote_is_never_lost(match):
    rules, hands = match
    for hand, got in scored(rules, hands):
        if got.outcome is Outcome.PASSED:
            assert got.score == Pair(0, 0)
        elif hand.belote is not None:
            assert got.score[hand.belote] >= 20


@FAST
@given(match_strategy(rules_strategy(target=REAL_TARGET)), st.sampled_from(["none", "nearest_ten"]))
def test_rounding_and_the_scoring_options_never_decide_the_outcome(match, rounding):
    # COINCHE: rounding is "never used to decide whether a contract is made";
    # made_score and coinche_score only say what a result is worth.
    rules, hands = match
    other_rules = dataclasses.replace(
        rules,
        target=NO_END,
        rounding=rounding,
        made_score="bid_only",
        coinche_score="bid",
    )
    for (_, got), (_, again) in zip(scored(rules, hands), scored(other_rules, hands), strict=True):
        assert (got.outcome, got.winner, got.tricks, got.hand_totals) == (
            again.outcome,
            again.winner,
            again.tricks,
            again.hand_totals,
        )


@FAST
@given(match_strategy(rules_strategy(target=REAL_TARGET)))
def test_a_hand_scores_the_same_alone_as_in_its_match(match):
    # No reserve at coinche: nothing carries from one hand to the next.
    rules, hands = match
    alone_rules = dataclasses.replace(rules, target=NO_END)
    for hand, got in scored(rules, hands):
        (alone,) = score_match(alone_rules, [hand]).hands
        assert (alone.outcome, alone.score, alone.winner) == (got.outcome, got.score, got.winner)
        assert (got.reserve, got.collected) == (0, 0)


@FAST
@given(match_strategy(rules_strategy(target=REAL_TARGET)))
def test_swapping_the_teams_swaps_the_scores(match):
    rules, hands = match

    def swap(value: Any) -> Any:
        return {"A": "B", "B": "A"}.get(value, value) if isinstance(value, str) else value

    mirrored = [
        dataclasses.replace(
            hand,
            taker=swap(hand.taker),
            points_team=swap(hand.points_team),
            capot=swap(hand.capot),
            belote=swap(hand.belote),
            announcements=Pair(hand.announcements.b, hand.announcements.a),
        )
        for hand in hands
    ]
    result, flipped = score_match(rules, hands), score_match(rules, mirrored)
    assert flipped.winner == swap(result.winner)
    assert flipped.totals == Pair(result.totals.b, result.totals.a)
    for got, again in zip(result.hands, flipped.hands, strict=True):
        assert again.outcome is got.outcome
        assert again.score == Pair(got.score.b, got.score.a)


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


@FAST
@given(match_strategy(rules_strategy(rounding=st.just("none"))))
def test_nearest_ten_is_the_exact_score_rounded(match):
    rules, hands = match
    rounded = dataclasses.replace(rules, rounding="nearest_ten")
    for (_, exact), (_, got) in zip(scored(rules, hands), scored(rounded, hands), strict=True):
        for team in ("A", "B"):
            assert got.score[team] % 10 == 0
            assert -5 < got.score[team] - exact.score[team] <= 5


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
    assert prefix.totals == (full.hands[cut - 1].totals if cut else Pair(0, 0))
    assert prefix.reserve == 0


@FAST
@given(match_strategy(rules_strategy(target=REAL_TARGET)))
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


@FAST
@given(match_strategy(rules_strategy(target=REAL_TARGET), max_hands=40))
def test_end_of_match(match):
    rules, hands = match
    result = score_match(rules, hands)
    a, b = result.totals.a, result.totals.b
    ends = [h.number for h in result.hands if h.ends_match]
    assert not result.no_trick_block  # no win_needs_trick at coinche
    if result.finished:
        assert ends == [len(hands)]
        winner, loser = result.winner, other(result.winner)
        assert result.totals[winner] >= rules.target
        assert result.totals[winner] > result.totals[loser]
        assert not result.decisive_hand
        assert hands[-1].taker is not None  # a redeal never ends a match
    else:
        assert ends == []
        assert result.winner is None
        assert result.decisive_hand == (a == b and a >= rules.target)
        assert max(a, b) < rules.target or a == b


@FAST
@given(match_strategy(rules_strategy(target=REAL_TARGET, donnes=MAYBE_DONNES)))
def test_a_hand_after_the_end_is_an_error(match):
    rules, hands = match
    if not score_match(rules, hands).finished:
        return
    late_hands = (
        CoincheHand(None),
        CoincheHand("A", 80, points_team="A", trick_points=82),
        CoincheHand("B", "capot", capot="B"),
    )
    for late in late_hands:
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
    assert document["game"] == "coinche"
    assert parse_match_document(document) == (rules, hands)
    through_json = json.loads(json.dumps(document))
    assert parse_match_document(through_json) == (rules, hands)
    result = score_document(through_json)
    assert result == coinche.score_document(document)
    check_result_document(result, document)
    assert all(h["reserve"] == 0 for h in result["hands"])


COINCHE_KEYS = st.sampled_from(
    [
        "game",
        "rules",
        "hands",
        "taker",
        "bid",
        "suit",
        "coinche",
        "points",
        "capot",
        "solo",
        "belote",
        "announcements",
        "renonce",
        "A",
        "B",
        "target",
        "rounding",
        "made_score",
        "coinche_score",
        "belote_counts",
        "announcements_count",
        "capot_points",
        "capot_bid_points",
    ]
)
COINCHE_WORDS = st.sampled_from(
    ["coinche", "belote", "capot", "generale", "surcoinche", "no_trump", "all", "bid", "A", "B"]
)
VALUES = st.one_of(JSON_VALUES, COINCHE_WORDS, st.sampled_from(coinche.NUMERIC_BIDS))
JSON_DOCUMENTS = st.one_of(
    st.dictionaries(COINCHE_KEYS, VALUES, max_size=3).map(lambda d: {**d, "game": "coinche"}),
    st.fixed_dictionaries(
        {
            "game": st.just("coinche"),
            "hands": st.lists(st.dictionaries(COINCHE_KEYS, VALUES, max_size=6), max_size=4),
        },
        optional={"rules": st.dictionaries(COINCHE_KEYS, VALUES, max_size=4)},
    ),
)


def score_or_error(document: Any) -> None:
    try:
        result = score_document(document)
    except MatchError as error:
        check_match_error(error)
    else:
        check_result_document(result, document)


@settings(max_examples=200, deadline=None)
@given(JSON_DOCUMENTS)
def test_arbitrary_json_only_ever_raises_match_error(document):
    score_or_error(document)


@st.composite
def almost_valid_documents(draw: st.DrawFn) -> Any:
    """A valid coinche match document with a few random mutations."""
    rules, hands = draw(match_strategy(rules_strategy(target=REAL_TARGET), max_hands=6))
    document: Any = json.loads(json.dumps(match_document(rules, hands)))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(paths(document)))
        target = get(document, path)
        action = draw(st.sampled_from(["replace", "replace", "add_key", "delete", "append"]))
        new_value = copy.deepcopy(draw(st.one_of(ODD_VALUES, VALUES)))
        if action == "replace":
            if not path:
                document = new_value
            else:
                get(document, path[:-1])[path[-1]] = new_value
        elif action == "add_key" and isinstance(target, dict):
            target[draw(st.one_of(COINCHE_KEYS, st.text(max_size=6)))] = new_value
        elif action == "delete" and path:
            del get(document, path[:-1])[path[-1]]
        elif action == "append" and isinstance(target, list):
            target.append(new_value)
    return document


@settings(max_examples=200, deadline=None)
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
                ("bid", 85),
                ("bid", 190),
                ("bid", "100"),
                ("suit", "trefle"),
                ("coinche", "contre"),
                ("coinche", True),
                ("solo", "yes"),
                ("belote", 1),
                ("capot", True),
                ("points", {"A": 163}),
                ("points", {"A": 81.0}),
                ("points", {"A": 1, "B": 161}),
                ("announcements", {"A": 10}),
                ("announcements", {"A": 20, "B": 20}),
                ("renonce", None),
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
    st.sampled_from(["A", "B", "C", "", "a", "capot", "generale", "no_trump", "coinche"]),
    st.floats(allow_nan=False),
    st.lists(st.none(), max_size=1),
)
JUNK_TEAM = st.one_of(MAYBE_TEAM, MAYBE_TEAM, JUNK)
JUNK_ANNOUNCEMENT = st.one_of(ANNOUNCEMENT, st.just(0), st.just(0), JUNK)


FIELD_VALUES = {
    "taker": JUNK_TEAM,
    "bid": st.one_of(st.sampled_from(coinche.BIDS), JUNK),
    # no_trump often: no belote there.
    "suit": st.one_of(st.just("no_trump"), st.sampled_from(list(coinche.ContractSuit)), JUNK),
    "coinche": st.one_of(st.none(), st.sampled_from(list(coinche.CoincheLevel)), JUNK),
    "points_team": JUNK_TEAM,
    "trick_points": st.one_of(st.none(), st.integers(-5, 170), JUNK),
    "capot": JUNK_TEAM,
    "solo": st.one_of(st.none(), st.booleans(), JUNK),
    "belote": st.one_of(TEAM, JUNK_TEAM),
    "announcements": st.one_of(
        st.builds(Pair, JUNK_ANNOUNCEMENT, st.just(0)),
        st.builds(Pair, st.just(0), JUNK_ANNOUNCEMENT),
        st.builds(Pair, JUNK_ANNOUNCEMENT, JUNK_ANNOUNCEMENT),
        JUNK,
    ),
}


@st.composite
def rules_and_any_hand(draw: st.DrawFn) -> tuple[CoincheRules, CoincheHand]:
    """Rules and any hand at all, valid or not (the values an engine caller
    could pass): a valid hand with none, one or a few of its fields replaced."""
    rules = draw(rules_strategy())
    hand = draw(hand_strategy(rules))
    names = draw(st.lists(st.sampled_from(sorted(FIELD_VALUES)), max_size=3, unique=True))
    return rules, dataclasses.replace(hand, **{name: draw(FIELD_VALUES[name]) for name in names})


@settings(max_examples=examples(1500), deadline=None)
@given(rules_and_any_hand())
def test_the_fast_path_accepts_exactly_the_valid_hands(rules_and_hand):
    from scoresheets.scoring import coinche

    rules, hand = rules_and_hand
    assert coinche.plainly_valid(rules, hand) == (coinche.check_hand(rules, hand, 1) == [])
