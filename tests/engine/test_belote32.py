"""Belote for three and for two (../shared/scoring/BELOTE_3_2.md, BELOTE_3_2):
the two engines held to their contract.

- every worked case of each game (its package's own copy,
  scoresheets/games/belote3/cases and belote2/cases, and the family's
  ../shared/scoring/belote32 when present, each game taking the cases of
  its ``game``: tests/conftest.game_case_files), each through the engine of
  its ``game``: the kernel's ``score_match`` and ``result_document``, and
  the family's ``score_document``; the engines are called directly (the
  tests of the registry run them too, once registered);
- the contract's examples, table by table (*Scoring one hand*, *End of
  match*), every rule and every kind of error (*Errors*);
- properties on random valid matches (hypothesis): the points of a hand are
  shared out, none made up and none lost but the contract's (an odd half, a
  litige's); the totals are the scores' sums; the end of match is the
  contract's; the document round-trips; junk raises MatchError and nothing
  else.

The phone's twin is held to these engines by tests/engine/test_belote32_js.py.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoresheets.games.belote3 import engine as b32
from scoresheets.games.belote3.engine import (
    BELOTE2,
    BELOTE3,
    ENGINES,
    THREE,
    TWO,
    Belote2Hand,
    Belote2Rules,
    Belote3Hand,
    Belote3Rules,
    Table,
)
from scoresheets.scoring import kernel
from scoresheets.scoring.kernel import Engine, MatchError, Scores
from tests.conftest import ROOT, SHARED_SCORING_DIR, case_id, game_case_files
from tests.engine.test_cases import assert_matches_expected
from tests.engine.test_scoring_properties import JSON_VALUES, ODD_VALUES, check_match_error, paths
from tests.engine.test_scoring_properties import get as get_path

PROJECT_CASES = {game: ROOT / "scoresheets" / "games" / game / "cases" for game in ENGINES}
SHARED_CASES = SHARED_SCORING_DIR / "belote32"
CASES = [path for game, engine in ENGINES.items() for path in game_case_files(game, engine)]
FAST = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TABLES = {"belote3": THREE, "belote2": TWO}


def game_of(path: Path) -> str:
    return json.loads(path.read_text(encoding="utf-8"))["game"]


def cases_of(game: str) -> list[Path]:
    """The worked cases of ``game``: the family's folders hold both games'."""
    return [path for path in CASES if game_of(path) == game]


def score(document: Any) -> dict[str, Any]:
    """The result document of a match document of either game (raises
    MatchError): the engine of its ``game``, through the kernel."""
    engine = ENGINES[document["game"]]
    rules, hands = engine.parse_match_document(document)
    return kernel.result_document(kernel.score_match(engine, rules, hands))


def problems_of(document: Any) -> list[tuple[Any, str, str]]:
    """(hand, field, code) of every problem of ``document``; [] if it scores."""
    try:
        score(document)
    except MatchError as error:
        check_match_error(error)
        return [(p.hand, p.field, p.code) for p in error.problems]
    return []


def doc3(*hands: dict[str, Any], **rules: Any) -> dict[str, Any]:
    return {"game": "belote3", "rules": rules, "hands": list(hands)}


def doc2(*hands: dict[str, Any], **rules: Any) -> dict[str, Any]:
    return {"game": "belote2", "rules": rules, "hands": list(hands)}


# --------------------------------------------------------------------------
# The worked cases
# --------------------------------------------------------------------------


def test_it_finds_its_own_copy_of_the_cases_of_both_games():
    # A clone tests itself without ../shared: the project keeps its copy.
    own = [p for p in CASES if p.parent in PROJECT_CASES.values()]
    assert len(own) >= 45
    for game, folder in PROJECT_CASES.items():  # each package keeps its game's
        assert {game_of(p) for p in folder.glob("*.json")} == {game}
    assert len(cases_of("belote3")) >= 30 and len(cases_of("belote2")) >= 10
    for engine in (BELOTE3, BELOTE2):
        assert engine.case_folders == (
            f"scoresheets/games/{engine.name}/cases",
            "../shared/scoring/belote32",
        )
    if SHARED_CASES.is_dir():  # the copies are the shared folder's, file for file
        for shared in SHARED_CASES.glob("*.json"):
            own_copy = PROJECT_CASES[game_of(shared)] / shared.name
            assert own_copy.read_bytes() == shared.read_bytes()


@pytest.mark.parametrize("path", CASES, ids=[case_id(p) for p in CASES])
def test_case_through_the_engine_of_its_game(path: Path):
    document = json.loads(path.read_text(encoding="utf-8"))
    expected = document["expected"]
    if expected.get("error"):
        with pytest.raises(MatchError) as info:
            score(document)
        check_match_error(info.value)
        assert all(p.code and p.field for p in info.value.problems)
        with pytest.raises(MatchError):
            b32.score_document(document)
    else:
        result = score(document)
        assert_matches_expected(result, expected)
        assert b32.score_document(document) == result
        if document["game"] == "belote3":
            assert result["reserve"] == 0 and all(h["reserve"] == 0 for h in result["hands"])


# --------------------------------------------------------------------------
# BELOTE_3_2, *Scoring one hand*: its examples (belote3, defaults, A takes)
# --------------------------------------------------------------------------

EXAMPLES_3 = [
    # A 70, B 50 (C 42): made; under `half` 70 < 92, dedans.
    ({}, {"points": {"A": 70, "B": 50}}, "made", (70, 50, 42)),
    ({"contract": "half"}, {"points": {"A": 70, "B": 50}}, "dedans", (0, 81, 81)),
    # A 50, B 70 (C 42): dedans, split or keep.
    ({}, {"points": {"A": 50, "B": 70}}, "dedans", (0, 81, 81)),
    ({"dedans": "keep"}, {"points": {"A": 50, "B": 70}}, "dedans", (0, 95, 67)),
    # A 60, B 60 (C 42): litige, fall or lost.
    ({}, {"points": {"A": 60, "B": 60}}, "dedans", (0, 81, 81)),
    ({"litige": "lost"}, {"points": {"A": 60, "B": 60}}, "litige", (0, 60, 42)),
    # A 62, B 45 + belote (C 55): 62 < 65, dedans.
    ({}, {"points": {"A": 62, "B": 45}, "belote": "B"}, "dedans", (0, 101, 81)),
    # B's capot against A: pot 252.
    ({}, {"capot": "B"}, "dedans", (0, 126, 126)),
    ({"dedans": "keep"}, {"capot": "B"}, "dedans", (0, 252, 0)),
    # A's capot + belote.
    ({}, {"capot": "A", "belote": "A"}, "made", (272, 0, 0)),
    # More: the keep of the announcements, an odd pot, a defender's belote on a capot.
    (
        {"dedans": "keep", "announcements": True},
        {"points": {"A": 50, "B": 70}, "announcements": {"A": 20}},  # 70 = 70: fall
        "dedans",
        (0, 105, 77),
    ),
    (
        {"all_cards_played": False},
        {"points": {"A": 30, "B": 50, "C": 41}},
        "dedans",
        (0, 60, 60),
    ),
    ({"capot_points": 250}, {"capot": "C", "belote": "B"}, "dedans", (0, 145, 125)),
    ({"rounding": "nearest_ten"}, {"points": {"A": 50, "B": 70}}, "dedans", (0, 80, 80)),
    ({"contract": "half"}, {"points": {"A": 81, "B": 41}, "belote": "A"}, "made", (101, 41, 40)),
]


@pytest.mark.parametrize(("rules", "hand", "outcome", "scores"), EXAMPLES_3)
def test_the_scoring_examples_at_three(rules, hand, outcome, scores):
    result = score(doc3({"taker": "A", **hand}, **rules))
    first = result["hands"][0]
    assert first["outcome"] == outcome
    assert first["score"] == dict(zip("ABC", scores, strict=True))


EXAMPLES_2 = [
    # BELOTE_3_2: belote2 is FORMAT's belote for two sides.
    ({}, {"points": {"A": 82}}, "made", (82, 80), 0),
    ({}, {"points": {"A": 70}}, "dedans", (0, 162), 0),
    ({}, {"points": {"A": 81}}, "litige", (0, 81), 81),
    ({"litige": "lost"}, {"points": {"A": 81}}, "litige", (0, 81), 0),
    ({"litige": "fall"}, {"points": {"A": 81}}, "dedans", (0, 162), 0),
    ({}, {"points": {"B": 81}, "belote": "A"}, "made", (101, 81), 0),
    ({}, {"points": {"A": 71}, "belote": "A"}, "litige", (20, 91), 71),
    ({"capot_points": 212}, {"capot": "B"}, "dedans", (0, 212), 0),
    ({"all_cards_played": False}, {"points": {"A": 45, "B": 60}}, "dedans", (0, 105), 0),
    (
        {"announcements": True},
        {"points": {"A": 60}, "announcements": {"B": 100}},
        "dedans",
        (0, 262),
        0,
    ),
]


@pytest.mark.parametrize(("rules", "hand", "outcome", "scores", "reserve"), EXAMPLES_2)
def test_the_scoring_examples_at_two(rules, hand, outcome, scores, reserve):
    result = score(doc2({"taker": "A", **hand}, **rules))
    first = result["hands"][0]
    assert (first["outcome"], first["reserve"]) == (outcome, reserve)
    assert first["score"] == dict(zip("AB", scores, strict=True))


def test_each_hand_tells_every_players_trick_points_as_used():
    hands = [
        {"taker": "A", "points": {"B": 30, "C": 40}},
        {"taker": "B", "capot": "C"},
        {"taker": None},
    ]
    result = score(doc3(*hands, capot_points=250))
    assert [h["points"] for h in result["hands"]] == [
        {"A": 92, "B": 30, "C": 40},
        {"A": 0, "B": 0, "C": 250},
        {"A": 0, "B": 0, "C": 0},
    ]
    assert [h["outcome"] for h in result["hands"]] == ["made", "dedans", "passed"]


def test_the_reserve_at_two_waits_for_the_next_decided_hand_and_is_rounded_with_it():
    hands = [
        {"taker": "A", "points": {"A": 81}},  # litige: 81 in reserve
        {"taker": None},
        {"taker": "B", "points": {"B": 81}},  # litige again: 162
        {"taker": "A", "points": {"A": 50}},  # dedans: B 162 + 162
    ]
    result = score(doc2(*hands, rounding="nearest_ten"))
    assert [h["reserve"] for h in result["hands"]] == [81, 81, 162, 0]
    assert [h["score"] for h in result["hands"]] == [
        {"A": 0, "B": 80},
        {"A": 0, "B": 0},
        {"A": 80, "B": 0},
        {"A": 0, "B": 320},
    ]
    rules, parsed = BELOTE2.parse_match_document(doc2(*hands))
    scored = kernel.score_match(BELOTE2, rules, parsed).hands
    assert [(h.winner, h.collected) for h in scored] == [
        (None, 0),
        (None, 0),
        (None, 0),
        ("B", 162),
    ]


# --------------------------------------------------------------------------
# BELOTE_3_2, *End of match*
# --------------------------------------------------------------------------


def test_the_match_ends_on_one_player_alone_at_the_top_not_the_taker():
    hands = [
        {"taker": "A", "points": {"A": 90, "B": 40}},  # 90 / 40 / 32
        {"taker": "B", "points": {"B": 60, "A": 55}},  # made: 145 / 100 / 79
    ]
    result = score(doc3(*hands, target=120))
    assert (result["finished"], result["winner"]) == (True, "A")
    assert problems_of(doc3(*hands, {"taker": None}, target=120)) == [(3, "hand", "after_end")]


def test_a_level_top_plays_another_hand_and_a_redeal_changes_nothing():
    hands = [
        {"taker": "A", "points": {"A": 60, "B": 60}},  # fall: 0 / 81 / 81
        {"taker": None},
    ]
    result = score(doc3(*hands, target=81))
    assert result["totals"] == {"A": 0, "B": 81, "C": 81}
    assert (result["finished"], result["winner"], result["decisive_hand"]) == (False, None, True)
    third = {"taker": "C", "points": {"C": 100, "A": 40}}
    result = score(doc3(*hands, third, target=81))
    assert (result["finished"], result["winner"]) == (True, "C")


def test_a_reserve_unpaid_at_the_end_stays():
    hands = [
        {"taker": "A", "points": {"A": 120}},  # 120 / 42
        {"taker": "B", "points": {"B": 81}},  # litige: A 81, and 81 in reserve
    ]
    result = score(doc2(*hands, target=200))
    assert (result["finished"], result["winner"]) == (True, "A")
    assert (result["reserve"], result["totals"]) == (81, {"A": 201, "B": 42})
    # Paid to the next winner when the match goes on (A: 81 + 120 + 81).
    result = score(doc2(*hands, hands[0], target=300))
    assert (result["reserve"], result["totals"]) == (0, {"A": 402, "B": 84})


# --------------------------------------------------------------------------
# BELOTE_3_2, *Rules* and *Errors*
# --------------------------------------------------------------------------

HAND3 = {"taker": "A", "points": {"A": 70, "B": 50}}
HAND2 = {"taker": "A", "points": {"A": 82}}


def test_the_rules_and_their_defaults():
    assert BELOTE3.parse_rules({}) == Belote3Rules() and Belote3Rules().donnes is None
    assert BELOTE2.parse_rules({}) == Belote2Rules() and Belote2Rules().donnes is None
    assert kernel.rule_values(Belote3Rules()) == {
        "target": 1000,
        "contract": "each",
        "dedans": "split",
        "litige": "fall",
        "capot_points": 252,
        "rounding": "none",
        "announcements": False,
        "all_cards_played": True,
    }
    assert kernel.rule_values(Belote2Rules()) == {
        "target": 1000,
        "litige": "reserve",
        "capot_points": 252,
        "rounding": "none",
        "announcements": False,
        "all_cards_played": True,
    }
    assert THREE.check_rules(Belote3Rules()) == [] == TWO.check_rules(Belote2Rules())


INVALID_RULES = [
    (doc3, {"litige": "reserve"}, [(None, "rules.litige", "invalid_choice")]),
    (doc3, {"capot_points": 212}, [(None, "rules.capot_points", "invalid_choice")]),
    (doc3, {"contract": "more"}, [(None, "rules.contract", "invalid_choice")]),
    (doc3, {"dedans": "share"}, [(None, "rules.dedans", "invalid_choice")]),
    (doc3, {"target": "1000"}, [(None, "rules.target", "not_integer")]),
    (doc3, {"target": 0}, [(None, "rules.target", "out_of_range")]),
    (doc3, {"announcements": 1}, [(None, "rules.announcements", "invalid_choice")]),
    (doc3, {"all_cards_played": "no"}, [(None, "rules.all_cards_played", "invalid_choice")]),
    (doc3, {"rounding": "ten"}, [(None, "rules.rounding", "invalid_choice")]),
    (doc3, {"renonce": "penalty"}, [(None, "rules.renonce", "unknown_key")]),
    (doc3, {"win_needs_trick": True}, [(None, "rules.win_needs_trick", "unknown_key")]),
    (doc3, {"donnes": 12}, [(None, "rules.donnes", "unknown_key")]),
    (doc2, {"contract": "half"}, [(None, "rules.contract", "unknown_key")]),
    (doc2, {"dedans": "keep"}, [(None, "rules.dedans", "unknown_key")]),
    (doc2, {"litige": "split"}, [(None, "rules.litige", "invalid_choice")]),
    (doc2, {"capot_points": 162}, [(None, "rules.capot_points", "invalid_choice")]),
]


@pytest.mark.parametrize(("doc", "rules", "problems"), INVALID_RULES)
def test_each_kind_of_invalid_rules(doc, rules, problems):
    hand = HAND3 if doc is doc3 else HAND2
    assert problems_of(doc(hand, **rules)) == problems


INVALID_HANDS_3 = [
    # The hand's shape.
    ([], {}, [(1, "hand", "not_object")]),
    ({"points": {"A": 82, "B": 40}}, {}, [(1, "taker", "required")]),
    ({**HAND3, "renonce": "A"}, {}, [(1, "renonce", "unknown_key")]),
    ({**HAND3, "": 1}, {}, [(1, '""', "unknown_key")]),
    ({"taker": "A", "points": [70, 50]}, {}, [(1, "points", "not_object")]),
    ({"taker": "A", "points": {"A": 70, "D": 50}}, {}, [(1, "points.D", "unknown_key")]),
    ({**HAND3, "announcements": 20}, {}, [(1, "announcements", "not_object")]),
    ({**HAND3, "announcements": {"a": 20}}, {}, [(1, "announcements.a", "unknown_key")]),
    # The players named.
    ({**HAND3, "taker": "D"}, {}, [(1, "taker", "invalid_player")]),
    ({**HAND3, "taker": "a"}, {}, [(1, "taker", "invalid_player")]),
    ({**HAND3, "belote": 1}, {}, [(1, "belote", "invalid_player")]),
    ({"taker": "A", "capot": "AB"}, {}, [(1, "capot", "invalid_player")]),
    # The trick points.
    ({"taker": "A"}, {}, [(1, "points", "required")]),
    ({"taker": "A", "points": None}, {}, [(1, "points", "required")]),
    ({"taker": "A", "points": {"A": 82}}, {}, [(1, "points", "points_too_few")]),
    ({"taker": "A", "points": {}}, {}, [(1, "points", "points_too_few")]),
    ({"taker": "A", "points": {"A": 70, "B": 50, "C": 50}}, {}, [(1, "points", "points_sum")]),
    ({"taker": "A", "points": {"A": 100, "B": 70}}, {}, [(1, "points", "points_over_total")]),
    ({"taker": "A", "points": {"A": 82.5, "B": 40}}, {}, [(1, "points.A", "not_integer")]),
    ({"taker": "A", "points": {"A": "82", "B": 40}}, {}, [(1, "points.A", "not_integer")]),
    ({"taker": "A", "points": {"A": True, "B": 40}}, {}, [(1, "points.A", "not_integer")]),
    ({"taker": "A", "points": {"A": 163, "B": 0}}, {}, [(1, "points.A", "out_of_range")]),
    ({"taker": "A", "points": {"A": -1, "B": 0}}, {}, [(1, "points.A", "out_of_range")]),
    ({"taker": "A", "capot": "A", "points": {"A": 162}}, {}, [(1, "points", "points_with_capot")]),
    (HAND3, {"all_cards_played": False}, [(1, "points", "points_too_few")]),
    (
        {"taker": "A", "points": {"A": 100, "B": 40, "C": 40}},
        {"all_cards_played": False},
        [(1, "points", "points_over_total")],
    ),
    # The announcements.
    ({**HAND3, "announcements": {"A": 20}}, {}, [(1, "announcements.A", "announcements_disabled")]),
    (
        {**HAND3, "announcements": {"B": 20, "C": 50}},
        {"announcements": True},
        [(1, "announcements", "announcements_two_players")],
    ),
    (
        {**HAND3, "announcements": {"C": 30}},
        {"announcements": True},
        [(1, "announcements.C", "not_announcement_sum")],
    ),
    (
        {**HAND3, "announcements": {"C": -20}},
        {"announcements": True},
        [(1, "announcements.C", "out_of_range")],
    ),
    (
        {**HAND3, "announcements": {"B": None}},
        {"announcements": True},
        [(1, "announcements.B", "not_integer")],
    ),
    # A redeal carries nothing.
    ({"taker": None, "points": {"A": 82, "B": 40}}, {}, [(1, "points", "not_on_redeal")]),
    ({"taker": None, "points": {}}, {}, [(1, "points", "not_on_redeal")]),
    (
        {"taker": None, "capot": "A", "belote": "B"},
        {},
        [(1, "capot", "not_on_redeal"), (1, "belote", "not_on_redeal")],
    ),
    (
        {"taker": None, "announcements": {"A": 20}},
        {"announcements": True},
        [(1, "announcements", "not_on_redeal")],
    ),
]


@pytest.mark.parametrize(("hand", "rules", "problems"), INVALID_HANDS_3)
def test_each_kind_of_invalid_hand_at_three(hand, rules, problems):
    assert problems_of(doc3(hand, **rules)) == problems


INVALID_HANDS_2 = [
    ({"taker": "C", "points": {"A": 82}}, {}, [(1, "taker", "invalid_player")]),
    ({"taker": "A", "points": {"C": 82}}, {}, [(1, "points.C", "unknown_key")]),
    ({"taker": "A", "points": {"A": 90, "B": 80}}, {}, [(1, "points", "points_sum")]),
    ({"taker": "A", "points": {}}, {}, [(1, "points", "points_too_few")]),
    (HAND2, {"all_cards_played": False}, [(1, "points", "points_too_few")]),
    (
        {"taker": "A", "points": {"A": 90, "B": 80}},
        {"all_cards_played": False},
        [(1, "points", "points_over_total")],
    ),
    ({**HAND2, "announcements": {"C": 0}}, {}, [(1, "announcements.C", "unknown_key")]),
    ({**HAND2, "belote": "C"}, {}, [(1, "belote", "invalid_player")]),
]


@pytest.mark.parametrize(("hand", "rules", "problems"), INVALID_HANDS_2)
def test_each_kind_of_invalid_hand_at_two(hand, rules, problems):
    assert problems_of(doc2(hand, **rules)) == problems


def test_valid_points_with_every_card_played_or_not():
    for points in ({"A": 70, "B": 50}, {"B": 50, "C": 42}, {"A": 70, "B": 50, "C": 42}):
        assert problems_of(doc3({"taker": "A", "points": points})) == []
    for points in ({"A": 162, "B": 0}, {"C": 0, "B": 0}):
        assert problems_of(doc3({"taker": "A", "points": points})) == []
    assert (
        problems_of(
            doc3({"taker": "A", "points": {"A": 0, "B": 0, "C": 0}}, all_cards_played=False)
        )
        == []
    )
    assert problems_of(doc2({"taker": "A", "points": {"B": 162}})) == []
    assert (
        problems_of(doc2({"taker": "A", "points": {"A": 0, "B": 0}}, all_cards_played=False)) == []
    )


def test_a_redeal_may_carry_nulls_and_zeros():
    redeal = {"taker": None, "points": None, "capot": None, "belote": None}
    assert problems_of(doc3({**redeal, "announcements": {"A": 0, "C": 0}})) == []
    assert problems_of(doc2({"taker": None, "announcements": None})) == []


def test_the_messages_name_the_players_of_the_game():
    with pytest.raises(MatchError) as info:
        score(doc2({"taker": "C", "points": {"D": 1}}, {"points": {}}))
    assert [str(p) for p in info.value.problems] == [
        'hand 1, points.D: must be "A" or "B"',
        'hand 2, taker: is required ("A", "B" or null)',
    ]
    with pytest.raises(MatchError) as info:
        score(doc3({**HAND3, "capot": "D"}, {"taker": "A", "points": {"A": 10}}))
    assert [str(p) for p in info.value.problems] == [
        'hand 1, capot: must be "A", "B" or "C"',
        "hand 1, points: must be empty with a capot (the capot player has all the tricks)",
        "hand 2, points: must give the trick points of every player but one at most",
    ]
    problem = info.value.problems[2]
    assert dict(problem.params) == {"given": 1, "needed": 2}


def test_the_document_must_say_its_game():
    with pytest.raises(MatchError) as info:
        BELOTE3.parse_match_document({"hands": [HAND3]})
    assert [(p.field, p.code) for p in info.value.problems] == [("game", "invalid_choice")]
    with pytest.raises(MatchError) as info:
        BELOTE2.parse_match_document(doc3(HAND3))
    assert [(p.hand, p.field, p.code) for p in info.value.problems] == [
        (None, "game", "invalid_choice"),
        (1, "points", "points_sum"),  # read as belote2's: 70 + 50 is not 162
    ]
    for document in ({"game": "belote", "hands": []}, {"hands": []}, [], None):
        with pytest.raises(MatchError) as info:
            b32.score_document(document)
        check_match_error(info.value)


def test_a_hand_built_by_hand_is_checked_all_the_same():
    rules = Belote3Rules()
    hand = Belote3Hand("A", [70, 50], announcements=5)  # type: ignore[arg-type]
    assert [(p.field, p.code) for p in THREE.check_hand(rules, hand, 1)] == [
        ("announcements", "not_object"),
        ("points", "not_object"),
    ]
    assert not THREE.plainly_valid(rules, hand)
    hand = Belote2Hand("A", Scores({"D": 100, "A": 62}))
    assert [(p.field, p.code) for p in TWO.check_hand(Belote2Rules(), hand, 1)] == [
        ("points.D", "unknown_key"),
    ]


# --------------------------------------------------------------------------
# Presets and the engines' shape
# --------------------------------------------------------------------------


def test_the_presets_are_the_contracts_defaults_and_their_keys_are_unique():
    from scoresheets.scoring.engines import ENGINES as REGISTERED

    keys = [p.key for engine in REGISTERED.values() for p in engine.presets]
    assert len(keys) == len(set(keys))
    assert [p.key for p in BELOTE3.presets] == ["a_trois"]
    assert [p.key for p in BELOTE2.presets] == ["a_deux"]
    assert BELOTE3.presets[0].rules == Belote3Rules()
    assert BELOTE2.presets[0].rules == Belote2Rules()
    for engine in (BELOTE3, BELOTE2):
        for preset in engine.presets:
            assert preset.label and preset.description
            assert engine.check_rules(preset.rules) == []


def test_the_engines_are_the_kernels_per_player_and_registered():
    from scoresheets.scoring.engines import ENGINES as REGISTERED

    assert (BELOTE3.players, BELOTE2.players) == (("A", "B", "C"), ("A", "B"))
    assert (BELOTE3.has_reserve, BELOTE2.has_reserve) == (False, True)
    assert isinstance(BELOTE3, Engine)
    assert REGISTERED["belote3"] is BELOTE3 and REGISTERED["belote2"] is BELOTE2
    assert BELOTE3.hand_type is Belote3Hand and BELOTE2.hand_type is Belote2Hand
    assert isinstance(THREE, Table) and THREE.players == BELOTE3.players
    with pytest.raises(MatchError) as info:
        kernel.score_match(BELOTE3, Belote3Rules(), [], reserve=10)
    assert [(p.field, p.code) for p in info.value.problems] == [("reserve", "out_of_range")]
    result = kernel.score_match(BELOTE2, Belote2Rules(), [], reserve=10)
    assert (result.reserve, result.totals) == (10, Scores({"A": 0, "B": 0}))


# --------------------------------------------------------------------------
# Properties (hypothesis): random valid matches
# --------------------------------------------------------------------------

REAL_TARGET = st.sampled_from([100, 300, 1000])
ANNOUNCEMENT_SUMS = st.sampled_from([20, 40, 50, 70, 100, 120, 150, 200, 250, 300])


def rules_strategy(table: Table, target: st.SearchStrategy[int] = REAL_TARGET) -> Any:
    common = {
        "target": target,
        "capot_points": st.sampled_from(dict(table.choices)["capot_points"]),
        "litige": st.sampled_from(dict(table.choices)["litige"]),
        "rounding": st.sampled_from(["none", "nearest_ten"]),
        "announcements": st.booleans(),
        "all_cards_played": st.booleans(),
    }
    if table is THREE:
        contract = st.sampled_from(["each", "half"])
        return st.builds(
            Belote3Rules, contract=contract, dedans=st.sampled_from(["split", "keep"]), **common
        )
    return st.builds(Belote2Rules, **common)


@st.composite
def split_strategy(draw: st.DrawFn, players: tuple[str, ...], total: int) -> dict[str, int]:
    """``total`` points shared out among ``players`` (each 0 or more)."""
    cuts = sorted(draw(st.integers(0, total)) for _ in players[1:])
    bounds = [0, *cuts, total]
    return {p: bounds[i + 1] - bounds[i] for i, p in enumerate(players)}


@st.composite
def hand_strategy(draw: st.DrawFn, table: Table, rules: Any) -> Any:
    """One valid hand of ``table``'s game under ``rules``."""
    players = table.players
    if draw(st.integers(0, 9)) == 0:
        return table.hand_type(None)
    taker = draw(st.sampled_from(players))
    belote = draw(st.sampled_from([None, None, *players]))
    announcements = dict.fromkeys(players, 0)
    if rules.announcements and draw(st.booleans()):
        announcements[draw(st.sampled_from(players))] = draw(ANNOUNCEMENT_SUMS)
    ann = Scores(announcements)
    if draw(st.integers(0, 7)) == 0:
        return table.hand_type(taker, None, draw(st.sampled_from(players)), belote, ann)
    if rules.all_cards_played:
        points = draw(split_strategy(players, 162))
        left_out = draw(st.sampled_from([None, *players]))
        points = {p: v for p, v in points.items() if p != left_out}
    else:
        points = draw(split_strategy(players, draw(st.integers(0, 162))))
    order = draw(st.permutations(list(points)))
    return table.hand_type(taker, Scores({p: points[p] for p in order}), None, belote, ann)


def settled(engine: Engine, rules: Any, hands: list[Any]) -> list[Any]:
    """``hands`` cut after the end of the match."""
    try:
        kernel.score_match(engine, rules, hands)
    except MatchError as error:
        first = error.problems[0]
        assert first.code == "after_end", error
        return hands[: first.hand - 1]
    return hands


@st.composite
def match_strategy(
    draw: st.DrawFn, table: Table | None = None, max_hands: int = 12, target: Any = REAL_TARGET
) -> tuple[Engine, Any, list[Any]]:
    table = table or draw(st.sampled_from([THREE, TWO]))
    engine = ENGINES[table.game]
    rules = draw(rules_strategy(table, target))
    hands = draw(st.lists(hand_strategy(table, rules), max_size=max_hands))
    return engine, rules, settled(engine, rules, hands)


@FAST
@given(st.data())
def test_a_drawn_hand_is_valid_and_the_fast_check_says_so(data):
    table = data.draw(st.sampled_from([THREE, TWO]))
    rules = data.draw(rules_strategy(table))
    hand = data.draw(hand_strategy(table, rules))
    assert table.check_hand(rules, hand, 1) == []
    assert table.plainly_valid(rules, hand)


def _lost(rules: Any, players: tuple, taker: str, scored: Any, ann: dict[str, int]) -> int:
    """What the contract leaves unwritten on a hand: a litige's taker's
    points (``lost``) or an odd half (a dedans at three)."""
    own = scored.tricks[taker] + ann[taker]
    if scored.outcome == "litige" and rules.litige == "lost":
        return own
    if scored.outcome == "dedans" and len(players) == 3:
        if rules.dedans == "keep":
            return own % 2
        return (sum(scored.tricks.values()) + sum(ann.values())) % 2
    return 0


@FAST
@given(match_strategy(target=st.just(10**9)))
def test_the_points_of_a_hand_are_shared_out(match):
    engine, rules, hands = match
    rules = dataclasses.replace(rules, rounding="none")
    result = kernel.score_match(engine, rules, hands)
    players = engine.players
    reserve = 0
    for hand, scored in zip(hands, result.hands, strict=True):
        if hand.taker is None:
            assert scored.score == dict.fromkeys(players, 0) and scored.tricks is None
            assert scored.extras == {"points": dict.fromkeys(players, 0)}
            continue
        tricks = sum(scored.tricks.values())
        if hand.capot is not None:
            assert tricks == rules.capot_points
        elif rules.all_cards_played:
            assert tricks == 162
        else:
            assert tricks == sum(hand.points.values())
        assert scored.extras == {"points": scored.tricks.as_dict()}
        ann = {p: hand.announcements[p] for p in players}
        belotes = 20 if hand.belote is not None else 0
        lost = _lost(rules, players, hand.taker, scored, ann)
        put_in = scored.reserve - reserve + scored.collected
        assert sum(scored.score.values()) - scored.collected + put_in + lost == (
            tricks + sum(ann.values()) + belotes
        )
        assert all(points >= 0 for points in scored.score.values())
        if scored.outcome != "made":  # the taker keeps his belote, no more
            assert scored.score[hand.taker] == (20 if hand.belote == hand.taker else 0)
        reserve = scored.reserve


@FAST
@given(match_strategy())
def test_the_totals_are_the_sums_of_the_scores_and_rounding_is_last(match):
    engine, rules, hands = match
    result = kernel.score_match(engine, rules, hands)
    totals = dict.fromkeys(engine.players, 0)
    for scored in result.hands:
        for player in engine.players:
            totals[player] += scored.score[player]
            if rules.rounding == "nearest_ten":
                assert scored.score[player] % 10 == 0
        assert scored.totals == totals
        if engine is BELOTE3:
            assert scored.reserve == 0 and scored.collected == 0
    assert result.totals == totals
    document = kernel.result_document(result)
    assert all(set(h["points"]) == set(engine.players) for h in document["hands"])
    assert set(document["totals"]) == set(engine.players)
    json.dumps(document)


@FAST
@given(match_strategy(max_hands=25))
def test_the_end_of_match_is_the_contracts(match):
    engine, rules, hands = match
    result = kernel.score_match(engine, rules, hands)
    for number, scored in enumerate(result.hands, start=1):
        top = max(scored.totals.values())
        alone = [p for p, points in scored.totals.items() if points == top]
        ends = scored.outcome != "passed" and top >= rules.target and len(alone) == 1
        assert scored.ends_match == ends
        if number < len(result.hands):
            assert not ends
        if ends:
            assert result.winner == alone[0] and result.finished
    if not result.finished:
        assert result.winner is None


@FAST
@given(match_strategy())
def test_the_document_round_trips(match):
    engine, rules, hands = match
    document = json.loads(json.dumps(engine.match_document(rules, hands)))
    assert document["game"] == engine.name
    parsed = engine.parse_match_document(document)
    assert (parsed.rules, parsed.hands) == (rules, hands)
    for hand in hands:
        assert engine.parse_hand(engine.hand_document(hand)) == hand
    assert engine.parse_rules(document["rules"]) == rules
    assert b32.score_document(document) == kernel.result_document(
        kernel.score_match(engine, rules, hands)
    )


JUNK = st.one_of(ODD_VALUES, JSON_VALUES)


@st.composite
def jumbled_hands(draw: st.DrawFn) -> tuple[Table, Any, Any]:
    """A valid hand, one or two of its values replaced by anything."""
    table = draw(st.sampled_from([THREE, TWO]))
    rules = draw(rules_strategy(table))
    hand = draw(hand_strategy(table, rules))
    names = [f.name for f in dataclasses.fields(table.hand_type)]
    for name in draw(st.lists(st.sampled_from(names), max_size=2, unique=True)):
        value = copy.deepcopy(draw(JUNK))
        if name in ("points", "announcements") and isinstance(value, dict):
            value = Scores(value)
        hand = dataclasses.replace(hand, **{name: value})
    return table, rules, hand


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(jumbled_hands())
def test_the_fast_check_is_the_slow_one(table_rules_hand):
    table, rules, hand = table_rules_hand
    problems = table.check_hand(rules, hand, 1)
    assert table.plainly_valid(rules, hand) == (not problems)
    assert all(p.hand == 1 and p.code for p in problems)


@st.composite
def almost_valid_documents(draw: st.DrawFn) -> Any:
    """A valid match document of either game with a few random mutations."""
    engine, rules, hands = draw(match_strategy(max_hands=5))
    document: Any = json.loads(json.dumps(engine.match_document(rules, hands)))
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
        result = b32.score_document(document)
    except MatchError as error:
        check_match_error(error)
    else:
        json.dumps(result)


@pytest.mark.parametrize("table", [THREE, TWO], ids=["belote3", "belote2"])
def test_the_hands_types_are_the_games(table):
    assert table.parse_hand({"taker": None}) == table.hand_type(None)
    assert TABLES[table.game] is table
    hand = table.parse_hand({"taker": "A", "points": {"B": 50, "A": 70}, "announcements": {}})
    assert list(hand.points) == ["B", "A"]  # as the document gave them
    assert hand.announcements == dict.fromkeys(table.players, 0)
    assert isinstance(hand, Belote3Hand if table is THREE else Belote2Hand)
