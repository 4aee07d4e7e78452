"""The knockout's bracket (docs/concours.md, 7): the draw and its byes, the
bracket document's checks, best of three, third place, the outcome; then
properties (hypothesis) of knockouts played through at random."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoresheets.concours.knockout import (
    MAX_TEAMS,
    Bracket,
    draw_bracket,
    outcome_document,
    parse_bracket,
    round_name,
    rounds_for,
    seed_positions,
    slots,
)
from scoresheets.concours.ranking import rank_document
from scoresheets.scoring import MatchError

FAST = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def document(n: int, draw: list[int] | None = None, ties: list | None = None, **options) -> dict:
    """A bracket document of teams 1..n (7.2), drawn in ``draw`` order."""
    return {
        "settings": {"format": "knockout", "length": {"target": 1000}, **options},
        "teams": [{"number": i, "name": f"T{i}"} for i in range(1, n + 1)],
        "draw": draw if draw is not None else list(range(1, n + 1)),
        "ties": ties or [],
    }


def won(teams: list[int], by: int, points: tuple[int, int] | None = None) -> dict[str, Any]:
    """A tie of ``teams`` with one finished match won by ``by``."""
    if points is None:
        points = (1002, 700) if by == teams[0] else (640, 1010)
    return {"teams": teams, "matches": [{"points": list(points)}]}


def tie(round: int, number: int, teams: list[int], by: int | None = None, **more) -> dict:
    out = {"round": round, "tie": number, "teams": teams, **more}
    if by is not None:
        out["matches"] = won(teams, by)["matches"]
    return out


def codes(info: pytest.ExceptionInfo) -> list[tuple[str, str]]:
    return [(p.field, p.code) for p in info.value.problems]


# --------------------------------------------------------------------------
# The draw and the shape (7.1)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "positions"),
    [
        (2, [1, 2]),
        (4, [1, 4, 2, 3]),
        (8, [1, 8, 4, 5, 2, 7, 3, 6]),
        (16, [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]),
    ],
)
def test_it_places_seeds_on_the_standard_positions(size, positions):
    assert seed_positions(size) == positions


@pytest.mark.parametrize(
    ("teams", "rounds"), [(2, 1), (3, 2), (4, 2), (5, 3), (6, 3), (8, 3), (9, 4), (256, 8)]
)
def test_it_counts_the_rounds_of_the_next_power_of_two(teams, rounds):
    assert rounds_for(teams) == rounds


def test_six_teams_give_byes_to_the_two_first_drawn_in_both_halves():
    assert slots([11, 12, 13, 14, 15, 16]) == [11, None, 14, 15, 12, None, 13, 16]


@pytest.mark.parametrize(
    ("round", "rounds", "name"),
    [
        (3, 3, "final"),
        (2, 3, "semi_finals"),
        (1, 3, "quarter_finals"),
        (1, 4, "round_of_16"),
        (1, 6, "round_of_64"),
    ],
)
def test_it_names_the_rounds(round, rounds, name):
    assert round_name(round, rounds) == name


def test_the_draw_is_the_rng_s_and_reproducible():
    assert draw_bracket(range(1, 7), random.Random(7)) == draw_bracket(
        range(1, 7), random.Random(7)
    )
    assert sorted(draw_bracket(range(1, 7), random.Random(7))) == [1, 2, 3, 4, 5, 6]


def test_six_teams_bracket_before_any_match():
    bracket = parse_bracket(document(6, [3, 1, 6, 2, 5, 4], third_place=True))
    first = bracket.round_ties(1)
    assert [(t.teams, t.bye, t.table) for t in first] == [
        ((3, None), True, None),
        ((2, 5), False, 1),
        ((1, None), True, None),
        ((6, 4), False, 2),
    ]
    # The byes go through at once: each semi-final waits for one match.
    assert [t.teams for t in bracket.round_ties(2)] == [(3, None), (1, None)]
    assert [(t.round, t.tie) for t in bracket.to_play()] == [(1, 2), (1, 4)]
    assert bracket.third_place_tie.table == 2


# --------------------------------------------------------------------------
# Results: one match, best of three, third place, outcome (7.2, 7.3)
# --------------------------------------------------------------------------


def test_a_four_team_knockout_with_third_place_to_its_end():
    ties = [
        tie(1, 1, [1, 4], by=1),
        tie(1, 2, [2, 3], by=3),
        tie(2, 1, [1, 3], by=3),
        tie(2, 2, [4, 2], by=2),
    ]
    outcome = rank_document(document(4, ties=ties, third_place=True))
    assert (outcome["champion"], outcome["runner_up"], outcome["third"], outcome["fourth"]) == (
        3,
        1,
        2,
        4,
    )
    assert outcome["finished"] is True
    assert [(s["team"], s["place"], s["round_name"]) for s in outcome["standings"]] == [
        (3, 1, "final"),
        (1, 2, "final"),
        (2, 3, "semi_finals"),
        (4, 4, "semi_finals"),
    ]


def test_without_third_place_the_semi_finals_losers_share_third():
    ties = [tie(1, 1, [1, 4], by=4), tie(1, 2, [2, 3], by=2), tie(2, 1, [4, 2], by=4)]
    outcome = rank_document(document(4, ties=ties))
    assert outcome["third"] is None and outcome["third_place_tie"] is None
    assert [s["place"] for s in outcome["standings"]] == [1, 2, 3, 3]


def test_three_teams_with_third_place_the_lone_semi_loser_is_third_unplayed():
    ties = [tie(1, 2, [2, 3], by=3), tie(2, 1, [1, 3], by=1)]
    bracket = parse_bracket(document(3, ties=ties, third_place=True))
    assert bracket.third_place_tie is None and bracket.finished
    assert outcome_document(bracket)["third"] == 2


def test_best_of_three_goes_to_the_first_to_two_wins():
    matches = [{"points": [1001, 500]}, {"points": [400, 1003]}, {"points": [300, 1020]}]
    ties = [{"round": 1, "tie": 1, "teams": [1, 2], "matches": matches}]
    bracket = parse_bracket(document(2, ties=ties, best_of=3))
    final = bracket.final
    assert final.wins == (1, 2) and final.winner == 2 and bracket.finished


def test_best_of_three_needs_its_next_match_after_one_win():
    ties = [{"round": 1, "tie": 1, "teams": [1, 2], "matches": [{"points": [1001, 500]}]}]
    bracket = parse_bracket(document(2, ties=ties, best_of=3))
    assert bracket.final.needs_match and not bracket.finished


def test_a_drawn_match_is_replayed():
    matches = [{"points": [972, 972], "finished": True}]
    ties = [{"round": 1, "tie": 1, "teams": [1, 2], "matches": matches}]
    bracket = parse_bracket(document(2, ties=ties, length={"donnes": 12}))
    assert bracket.final.winner is None and bracket.final.needs_match


def test_the_engine_s_winner_is_taken_when_given():
    matches = [{"points": [980, 1000], "finished": True, "winner": 1}]
    ties = [{"round": 1, "tie": 1, "teams": [1, 2], "matches": matches}]
    assert parse_bracket(document(2, ties=ties)).final.winner == 1


def test_a_match_playing_counts_nothing_yet():
    ties = [
        {
            "round": 1,
            "tie": 1,
            "teams": [1, 2],
            "matches": [{"points": [500, 300], "finished": False}],
        }
    ]
    bracket = parse_bracket(document(2, ties=ties))
    assert bracket.final.playing and not bracket.final.needs_match
    assert rank_document(document(2, ties=ties))["standings"][0]["playing"] is True


def test_before_the_draw_every_team_is_listed_unplaced():
    outcome = rank_document(document(5, draw=[]))
    assert outcome["drawn"] is False and outcome["bracket"] == []
    assert [s["team"] for s in outcome["standings"]] == [1, 2, 3, 4, 5]


# --------------------------------------------------------------------------
# Checks: one problem a key (7.2)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda d: d["settings"].update(best_of=2), [("settings.best_of", "invalid_choice")]),
        (lambda d: d["settings"].update(parties=4), [("settings.parties", "not_allowed")]),
        (
            lambda d: d["settings"].update(third_place="yes"),
            [("settings.third_place", "not_boolean")],
        ),
        (lambda d: d["settings"].update(format="parties"), [("settings.format", "invalid_choice")]),
        (lambda d: d.update(draw=[1, 2, 3, 9]), [("draw[4]", "unknown_team")]),
        (lambda d: d.update(draw=[1, 2, 3, 3]), [("draw[4]", "placed_twice")]),
        (lambda d: d.update(draw=[1, 2, 3]), [("draw", "not_placed")]),
        (lambda d: d.update(extra=1), [("extra", "unknown_key")]),
        (lambda d: d["teams"].append({"number": 1}), [("teams[5].number", "duplicate_number")]),
        (lambda d: d.update(ties=[tie(1, 1, [1, 3], by=1)]), [("ties[1].teams", "wrong_teams")]),
        (lambda d: d.update(ties=[tie(2, 1, [1, 2], by=1)]), [("ties[1]", "not_ready")]),
        (lambda d: d.update(ties=[tie(3, 1, [1, 2], by=1)]), [("ties[1]", "no_such_tie")]),
        (
            lambda d: d.update(ties=[tie(1, 1, [1, 4], by=1), tie(1, 1, [1, 4], by=1)]),
            [("ties[2]", "duplicate_tie")],
        ),
        (
            lambda d: d.update(ties=[tie(1, 1, [1, 4], by=1, winner=4)]),
            [("ties[1].winner", "wrong_winner")],
        ),
        (
            lambda d: d.update(
                ties=[
                    {
                        "round": 1,
                        "tie": 1,
                        "teams": [1, 4],
                        "matches": [{"points": [1001, 2]}, {"points": [3, 1001]}],
                    }
                ]
            ),
            [("ties[1].matches[2]", "tie_decided")],
        ),
        (
            lambda d: d.update(
                ties=[
                    {
                        "round": 1,
                        "tie": 1,
                        "teams": [1, 4],
                        "matches": [{"points": [1001, 2], "winner": 7}],
                    }
                ]
            ),
            [("ties[1].matches[1].winner", "not_in_tie")],
        ),
        (
            lambda d: d.update(
                ties=[
                    {
                        "round": 1,
                        "tie": 1,
                        "teams": [1, 4],
                        "matches": [{"points": [1, 2], "finished": False, "winner": 4}],
                    }
                ]
            ),
            [("ties[1].matches[1].winner", "not_finished")],
        ),
        (
            lambda d: d.update(
                ties=[{"round": 1, "tie": 1, "teams": [1, 4], "matches": [{"points": [1, -2]}]}]
            ),
            [("ties[1].matches[1].points[2]", "out_of_range")],
        ),
    ],
)
def test_each_problem_names_its_key(change, expected):
    doc = document(4)
    change(doc)
    with pytest.raises(MatchError) as info:
        parse_bracket(doc)
    assert codes(info) == expected


def test_a_bye_tie_given_is_refused():
    with pytest.raises(MatchError) as info:
        parse_bracket(document(3, ties=[tie(1, 1, [1, 3], by=1)]))
    assert codes(info) == [("ties[1]", "bye_tie")]


def test_a_match_after_one_playing_is_refused():
    matches = [{"points": [1, 2], "finished": False}, {"points": [1001, 0]}]
    with pytest.raises(MatchError) as info:
        parse_bracket(
            document(
                2, ties=[{"round": 1, "tie": 1, "teams": [1, 2], "matches": matches}], best_of=3
            )
        )
    assert codes(info) == [("ties[1].matches[2]", "match_playing")]


def test_ties_before_the_draw_are_refused():
    with pytest.raises(MatchError) as info:
        parse_bracket(document(2, draw=[], ties=[tie(1, 1, [1, 2], by=1)]))
    assert codes(info) == [("ties", "not_drawn")]


def test_one_team_drawn_is_too_few():
    with pytest.raises(MatchError) as info:
        parse_bracket(document(1))
    assert codes(info) == [("draw", "too_few")]


def test_more_than_the_limit_is_refused():
    with pytest.raises(MatchError) as info:
        parse_bracket(document(MAX_TEAMS + 1, draw=[]))
    assert codes(info) == [("teams", "out_of_range")]


def test_a_results_document_with_format_knockout_is_not_parties():
    from scoresheets.concours.document import parse_concours

    with pytest.raises(MatchError) as info:
        parse_concours({"settings": {"format": "knockout"}, "teams": [], "parties": []})
    assert codes(info) == [("settings.format", "knockout_document")]


# --------------------------------------------------------------------------
# Properties: knockouts played through at random
# --------------------------------------------------------------------------


def play_through(doc: dict, rng: random.Random, draws: float = 0.0) -> Bracket:
    """Play ``doc`` to its end: each tie's next match as soon as it is due,
    won at random (``draws``: the chance of a drawn match, replayed). Every
    step's document is checked by :func:`parse_bracket`."""
    given: dict[tuple[int, int], dict] = {}
    for _ in range(10_000):
        bracket = parse_bracket(doc)
        due = bracket.to_play()
        if not due:
            return bracket
        for t in due:
            entry = given.setdefault(
                (t.round, t.tie),
                {"round": t.round, "tie": t.tie, "teams": list(t.teams), "matches": []},
            )
            if rng.random() < draws:
                entry["matches"].append({"points": [500, 500], "finished": True})
            else:
                entry["matches"].append(
                    {"points": [1001, 700] if rng.random() < 0.5 else [650, 1003]}
                )
        doc["ties"] = list(given.values())
    raise AssertionError("never ended")


knockouts = st.tuples(
    st.integers(min_value=2, max_value=40),
    st.integers(min_value=0, max_value=2**32),
    st.sampled_from([1, 3]),
    st.booleans(),
)


@FAST
@given(knockouts)
def test_a_knockout_played_through_ends_with_one_champion(case):
    n, seed, best_of, third_place = case
    rng = random.Random(seed)
    doc = document(n, draw_bracket(range(1, n + 1), rng), best_of=best_of, third_place=third_place)
    bracket = play_through(doc, rng, draws=0.1)
    outcome = outcome_document(bracket)
    assert bracket.finished
    places = Counter(s["place"] for s in outcome["standings"])
    assert places[1] == 1 and places[2] == 1
    assert outcome["champion"] is not None and outcome["champion"] != outcome["runner_up"]
    played = [t for t in bracket.ties if not t.bye]
    # N - 1 ties decided for N teams, one more for the third place.
    extra = 1 if third_place and n >= 4 else 0
    assert len(played) == n - 1 + extra
    assert all(t.decided for t in bracket.ties)
    # Byes only in round one, and never a bye against a bye.
    assert all(t.round == 1 for t in bracket.ties if t.bye)
    assert all(t.teams != (None, None) for t in bracket.ties)
    # Every team plays until eliminated: in every round up to the one it
    # lost (the champion: every round), and beaten once (the third-place
    # match aside).
    losses = Counter(t.loser for t in bracket.ties if not t.third_place and t.loser)
    assert set(losses.values()) == {1} and len(losses) == n - 1
    for standing in outcome["standings"]:
        rounds_in = sorted(
            t.round for t in bracket.ties if standing["team"] in t.teams and not t.third_place
        )
        assert rounds_in == list(range(1, standing["reached"] + 1))
    # Best of three: a tie ends at its second win, never later.
    for t in played:
        assert max(t.wins) == best_of // 2 + 1 and min(t.wins) < best_of // 2 + 1


@FAST
@given(st.integers(min_value=2, max_value=MAX_TEAMS))
def test_byes_meet_the_first_drawn_and_spread_over_the_halves(n):
    draw = list(range(1, n + 1))
    places = slots(draw)
    size = len(places)
    byes = [i for i, team in enumerate(places) if team is None]
    assert len(byes) == size - n
    pairs = [(places[i], places[i + 1]) for i in range(0, size, 2)]
    assert (None, None) not in pairs
    assert sorted(a if b is None else b for a, b in pairs if None in (a, b)) == list(
        range(1, size - n + 1)
    )
    halves = [sum(1 for i in byes if i < size // 2), sum(1 for i in byes if i >= size // 2)]
    assert abs(halves[0] - halves[1]) <= 1


# --------------------------------------------------------------------------
# The worked cases (7.4; run by test_ranking_cases.py) cover section 7
# --------------------------------------------------------------------------


def test_the_knockout_cases_cover_section_7():
    import json

    from tests.conftest import KNOCKOUT_CASES_DIR

    cases = [json.loads(p.read_text(encoding="utf-8")) for p in KNOCKOUT_CASES_DIR.glob("*.json")]
    valid = [c for c in cases if not c["expected"].get("error")]
    assert len([c for c in cases if c["expected"].get("error")]) >= 5
    assert {c["settings"].get("best_of", 1) for c in valid} == {1, 3}
    assert {c["settings"].get("third_place", False) for c in valid} == {True, False}
    assert {len(c["teams"]) for c in valid} >= {2, 3, 5, 6, 8}
    assert any(not c["expected"]["finished"] and c["expected"]["drawn"] for c in valid)
    assert any("donnes" in c["settings"].get("length", {}) for c in valid)


def test_the_contract_example_is_a_valid_bracket_document():
    import json
    import re

    from tests.conftest import ROOT

    text = (ROOT / "docs" / "concours.md").read_text(encoding="utf-8")
    section = text[text.index("### 7.2 The bracket document") :]
    example = json.loads(re.findall(r"```json\n(.*?)```", section, re.S)[0])
    outcome = rank_document(example)
    assert outcome["drawn"] and not outcome["finished"]
    assert [s["team"] for s in outcome["standings"]][:2] == [3, 1]  # the byes, still in
