"""The draw of a concours' partie (docs/concours.md, 3): examples, then
properties (hypothesis) checked against a brute-force reading of the
definition for small numbers of teams, and against its promises for large
ones. Timing lives in bench/bench_pairing.py, not here."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoresheets.concours.document import Mode, parse_concours
from scoresheets.concours.pairing import (
    Draw,
    draw_document,
    draw_partie,
    meetings,
    pair_partners,
    pair_swiss,
    rematches_of_last_partie,
    swap,
    swap_last_partie,
)
from scoresheets.concours.ranking import rank
from scoresheets.scoring import MatchError

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEW = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def teams(*numbers: int, **extra: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"number": n, **extra.get(f"t{n}", {})} for n in numbers]


def table(a: Any, b: Any, pa: int, pb: int) -> dict[str, Any]:
    return {"teams": [a, b], "points": [pa, pb]}


def codes(info: pytest.ExceptionInfo) -> list[str]:
    return [p.code for p in info.value.problems]


# --------------------------------------------------------------------------
# Examples
# --------------------------------------------------------------------------


def test_partie_1_is_the_seeded_shuffle():
    document = {"teams": teams(1, 2, 3, 4, 5), "parties": []}
    order = [1, 2, 3, 4, 5]
    random.Random(7).shuffle(order)
    expected = {
        "tables": [{"teams": order[0:2]}, {"teams": order[2:4]}],
        "byes": [order[4]],
    }
    assert draw_document(document, random.Random(7)) == expected


def test_later_parties_pair_the_ranking_from_the_top():
    # Ranking after partie 1: 3 (1300), 1 (1200), 4 (900), 2 (500): none met
    # the team next to it in the ranking, so 3-1 and 4-2, in ranking order.
    document = {
        "teams": teams(1, 2, 3, 4),
        "parties": [{"tables": [table(1, 2, 1200, 500), table(3, 4, 1300, 900)]}],
    }
    assert draw_document(document, random.Random(0))["tables"] == [
        {"teams": [3, 1]},
        {"teams": [4, 2]},
    ]


def test_a_rematch_moves_the_pairing_down_one():
    # Ranking 1 (1300), 2 (1200), 3 (900), 4 (500), and 1 met 2: 1-3 then 2-4.
    document = {
        "teams": teams(1, 2, 3, 4),
        "parties": [{"tables": [table(1, 2, 1300, 1200), table(3, 4, 900, 500)]}],
    }
    assert draw_document(document, random.Random(0))["tables"] == [
        {"teams": [1, 3]},
        {"teams": [2, 4]},
    ]


def test_the_bye_goes_to_the_lowest_ranked_that_had_none():
    # Ranking: 1 1500, 2 1400, 3 1300, 5 972 (exempt), 4 300. Team 5 had its
    # bye: the bye goes to 4, the lowest; then 1-2 and 3-5.
    document = {
        "teams": teams(1, 2, 3, 4, 5),
        "parties": [
            {"tables": [table(1, 4, 1500, 300), table(2, 3, 1400, 1300)], "byes": [5]},
        ],
    }
    assert draw_document(document, random.Random(0)) == {
        "tables": [{"teams": [1, 2]}, {"teams": [3, 5]}],
        "byes": [4],
    }


def test_drops_and_late_arrivals_only_present_teams_are_drawn():
    document = {
        "teams": teams(1, 2, 3, 4, 5, t3={"left_after": 1}, t5={"arrived": 2}),
        "parties": [{"tables": [table(1, 2, 1000, 900), table(3, 4, 800, 700)]}],
    }
    drawn = draw_partie(parse_concours(document), random.Random(0))
    assert sorted(drawn.placed()) == [1, 2, 4, 5]
    # The late team (0 points) is ranked last and meets the team above it.
    assert drawn.tables == (((1,), (4,)), ((2,), (5,)))


def test_no_draw_after_the_last_partie():
    document = {
        "settings": {"parties": 1},
        "teams": teams(1, 2),
        "parties": [{"tables": [table(1, 2, 1000, 900)]}],
    }
    with pytest.raises(MatchError) as info:
        draw_document(document, random.Random(0))
    assert codes(info) == ["concours_over"]


def test_melee_partie_1_draws_partners_and_exempt_players():
    document = {"settings": {"mode": "melee"}, "players": teams(*range(1, 11)), "parties": []}
    partie = draw_document(document, random.Random(3))
    assert len(partie["tables"]) == 2 and len(partie["byes"]) == 2
    seated = [p for t in partie["tables"] for side in t["teams"] for p in side]
    assert sorted(seated + partie["byes"]) == list(range(1, 11))
    # Appended, the document is still valid: every player placed once.
    parse_concours({**document, "parties": [partie]})


def test_melee_partners_change_while_they_can():
    # Four players, two parties: 1+2 against 3+4 first; then new partners.
    document = {
        "settings": {"mode": "melee"},
        "players": teams(1, 2, 3, 4),
        "parties": [{"tables": [table([1, 2], [3, 4], 1000, 900)]}],
    }
    partie = draw_document(document, random.Random(11))
    sides = {frozenset(side) for side in partie["tables"][0]["teams"]}
    assert frozenset((1, 2)) not in sides and frozenset((3, 4)) not in sides


# --------------------------------------------------------------------------
# The swap
# --------------------------------------------------------------------------

DRAWN = Draw(2, (((1,), (2,)), ((3,), (4,))), (5,))


def test_swap_two_teams_of_two_tables():
    assert swap(DRAWN, 2, 3).tables == (((1,), (3,)), ((2,), (4,)))


def test_swap_a_team_with_the_exempt():
    swapped = swap(DRAWN, 5, 1)
    assert swapped.tables == (((5,), (2,)), ((3,), (4,)))
    assert swapped.byes == (1,)


@pytest.mark.parametrize(
    ("a", "b", "code"),
    [(1, 1, "same_entrant"), (1, 9, "not_in_draw"), (1, 2, "no_change")],
)
def test_swap_refusals(a: int, b: int, code: str):
    with pytest.raises(MatchError) as info:
        swap(DRAWN, a, b)
    assert codes(info) == [code]
    assert info.value.problems[0].field == "swap"


def test_melee_swap_across_a_table_changes_partners():
    drawn = Draw(1, (((1, 2), (3, 4)),), (5,), Mode.MELEE)
    assert swap(drawn, 2, 3).tables == (((1, 3), (2, 4)),)
    with pytest.raises(MatchError) as info:
        swap(drawn, 1, 2)
    assert codes(info) == ["no_change"]


def test_swap_last_partie_returns_a_new_valid_document():
    document = {
        "teams": teams(1, 2, 3, 4, 5),
        "parties": [{"tables": [{"teams": [1, 2]}, {"teams": [3, 4]}], "byes": [5]}],
    }
    new = swap_last_partie(document, 4, 5)
    assert new["parties"][0] == {"tables": [{"teams": [1, 2]}, {"teams": [3, 5]}], "byes": [4]}
    assert document["parties"][0]["byes"] == [5]  # unchanged
    parse_concours(new)


def test_swap_is_refused_once_the_partie_started():
    document = {
        "teams": teams(1, 2, 3, 4),
        "parties": [
            {"tables": [{"teams": [1, 2], "points": [20, 0], "finished": False}, {"teams": [3, 4]}]}
        ],
    }
    with pytest.raises(MatchError) as info:
        swap_last_partie(document, 1, 3)
    assert codes(info) == ["partie_started"]
    with pytest.raises(MatchError) as info:
        swap_last_partie({"teams": teams(1, 2), "parties": []}, 1, 2)
    assert codes(info) == ["no_partie"]


# --------------------------------------------------------------------------
# Properties: pair_swiss is exactly the draw of section 3 (brute force)
# --------------------------------------------------------------------------


def all_pairings(entrants: list[int]):
    """Every perfect matching of ``entrants`` (an even number)."""
    if not entrants:
        yield []
        return
    first, rest = entrants[0], entrants[1:]
    for k, other in enumerate(rest):
        for tail in all_pairings(rest[:k] + rest[k + 1 :]):
            yield [(first, other), *tail]


def section_3_key(order, met, byes, pairs, bye):
    """The draw's place in the order of docs/concours.md, 3 (smaller first)."""
    rank_of = {team: index for index, team in enumerate(order)}
    partner = {a: b for pair in pairs for a, b in (pair, pair[::-1])}
    sequence, done = [], set()
    for team in order:  # 4: from the top, the opponent's rank
        if team in done or team == bye:
            continue
        done |= {team, partner[team]}
        sequence.append(rank_of[partner[team]])
    rematches = sum(met.get(frozenset(pair), 0) for pair in pairs)
    if bye is None:
        return (0, rematches, 0, sequence)
    return (byes.get(bye, 0), rematches, len(order) - 1 - rank_of[bye], sequence)


def brute_force_draw(order, met, byes):
    best = None
    for bye in [None] if len(order) % 2 == 0 else order:
        rest = [team for team in order if team != bye]
        for pairs in all_pairings(rest):
            key = section_3_key(order, met, byes, pairs, bye)
            if best is None or key < best[0]:
                best = (key, pairs, bye)
    return best


@st.composite
def histories(draw, low: int = 2, high: int = 9):
    """An order of teams, how often pairs met and how many byes each had
    (arbitrary, harder than real nights)."""
    n = draw(st.integers(low, high))
    order = draw(st.permutations(list(range(1, n + 1))))
    pairs = [frozenset(p) for p in combinations(order, 2)]
    met = {p: draw(st.sampled_from([0, 0, 1, 1, 2])) for p in pairs}
    byes = {team: draw(st.sampled_from([0, 0, 1, 2])) for team in order}
    return list(order), met, byes


@FAST
@given(histories())
def test_pair_swiss_is_the_first_draw_in_the_order_of_section_3(history):
    order, met, byes = history
    tables, bye = pair_swiss(order, met, byes)
    key, _, _ = brute_force_draw(order, met, byes)
    # The same place in the order: fewest repeated byes, then rematches,
    # then the lowest bye, then from the top (the order is strict, so the
    # same draw).
    assert section_3_key(order, met, byes, tables, bye) == key
    placed = [team for pair in tables for team in pair] + ([bye] if bye else [])
    assert sorted(placed) == sorted(order)
    rank_of = {team: index for index, team in enumerate(order)}
    assert [rank_of[a] for a, _ in tables] == sorted(rank_of[a] for a, _ in tables)
    assert all(rank_of[a] < rank_of[b] for a, b in tables)


@FAST
@given(histories(2, 12))
def test_the_exact_construction_gives_the_same_draw_as_the_fast_search(history):
    order, met, byes = history
    assert pair_swiss(order, met, byes, budget=0) == pair_swiss(order, met, byes)


# --------------------------------------------------------------------------
# Properties: whole nights (drops, late arrivals, byes), drawn then played
# --------------------------------------------------------------------------


@st.composite
def nights(draw, low: int = 4, high: int = 11, melee: bool = False):
    n = draw(st.integers(low, high))
    parties = draw(st.integers(2, 6))
    entrants = []
    for number in range(1, n + 1):
        entrant: dict[str, Any] = {"number": number}
        kind = draw(st.sampled_from(["stay"] * 6 + ["late", "drop"]))
        if kind == "late":
            entrant["arrived"] = draw(st.integers(2, parties))
        elif kind == "drop":
            entrant["left_after"] = draw(st.integers(1, parties - 1))
        entrants.append(entrant)
    settings_ = {"parties": parties}
    if melee:
        settings_["mode"] = "melee"
    key = "players" if melee else "teams"
    return {"settings": settings_, key: entrants, "parties": []}, draw(st.integers(0, 2**32))


def play(document: dict[str, Any], seed: int):
    """Draw and play every partie of ``document`` (random points); yield the
    concours before each draw and the draw."""
    rng = random.Random(seed)
    for _ in range(document["settings"]["parties"]):
        concours = parse_concours(document)
        drawn = draw_partie(concours, rng)
        yield concours, drawn
        partie = drawn.document()
        for t in partie["tables"]:
            t["points"] = [rng.randrange(0, 2000), rng.randrange(0, 2000)]
        document["parties"].append(partie)
    parse_concours(document)  # every partie placed each present team once


def least_rematches(present, met, byes):
    """The least rematches of any draw whose bye has the fewest byes."""
    fewest = min((byes[t] for t in present), default=0)
    choices = [None] if len(present) % 2 == 0 else [t for t in present if byes[t] == fewest]
    return min(
        sum(met[frozenset(p)] for p in pairs)
        for bye in choices
        for pairs in all_pairings([t for t in present if t != bye])
    )


@FAST
@given(nights())
def test_every_present_team_is_placed_once_no_avoidable_rematch_or_second_bye(night):
    document, seed = night
    for concours, drawn in play(document, seed):
        present = sorted(e.number for e in concours.present_at(drawn.partie))
        placed = list(drawn.placed())
        assert sorted(placed) == present
        met, byes = meetings(concours)
        if drawn.byes:
            (bye,) = drawn.byes
            assert byes[bye] == min(byes[t] for t in present)  # one bye while avoidable
        rematches = sum(met[frozenset((a[0], b[0]))] for a, b in drawn.tables)
        assert rematches == least_rematches(present, met, byes)
        if drawn.partie > 1:  # table numbers in ranking order
            rank_of = {s.number: i for i, s in enumerate(rank(concours))}
            firsts = [rank_of[a[0]] for a, _ in drawn.tables]
            assert firsts == sorted(firsts)


@FAST
@given(nights())
def test_the_draw_is_deterministic_for_a_seed(night):
    document, seed = night
    first = [d.document() for _, d in play(document, seed)]
    document["parties"] = []
    assert [d.document() for _, d in play(document, seed)] == first


@FEW
@given(st.integers(20, 200), st.integers(0, 2**32))
def test_many_teams_never_meet_twice_nor_get_two_byes_in_5_parties(n, seed):
    document = {"settings": {"parties": 5}, "teams": teams(*range(1, n + 1)), "parties": []}
    for _ in play(document, seed):
        pass
    met, byes = meetings(parse_concours(document))
    assert max(met.values()) == 1
    assert max(byes.values(), default=0) <= 1


@FAST
@given(nights(4, 13, melee=True))
def test_melee_every_player_once_fewest_byes_no_avoidable_repeated_partner(night):
    document, seed = night
    partners: Counter[frozenset[int]] = Counter()
    for concours, drawn in play(document, seed):
        present = sorted(e.number for e in concours.present_at(drawn.partie))
        assert sorted(drawn.placed()) == present
        assert len(drawn.byes) == len(present) % 4
        _, byes = meetings(concours)
        if drawn.byes and drawn.partie > 1:
            fewest = sorted(byes[p] for p in present)[: len(drawn.byes)]
            assert sorted(byes[p] for p in drawn.byes) == fewest
        sides = [side for t in drawn.tables for side in t]
        repeats = sum(partners[frozenset(side)] for side in sides)
        seated = [p for side in sides for p in side]
        if len(seated) <= 10:
            least = min(
                sum(partners[frozenset(pair)] for pair in pairs) for pairs in all_pairings(seated)
            )
            assert repeats == least
        partners.update(frozenset(side) for side in sides)


@FAST
@given(st.integers(1, 6).map(lambda k: 2 * k), st.integers(0, 2**32))
def test_pair_partners_pairs_everyone_and_follows_the_seed(n, seed):
    players = list(range(1, n + 1))
    pairs = pair_partners(players, {}, random.Random(seed))
    assert sorted(p for pair in pairs for p in pair) == players
    assert pair_partners(players, {}, random.Random(seed)) == pairs


def test_the_rematches_of_the_last_partie_are_its_tables_whose_sides_met_before():
    first = {"tables": [table(1, 2, 1000, 900), table(3, 4, 800, 950)]}
    document = {"teams": teams(1, 2, 3, 4), "parties": [first]}
    assert rematches_of_last_partie(document) == []  # no earlier partie
    fresh = {"tables": [table(1, 3, 0, 0), table(2, 4, 0, 0)]}
    assert rematches_of_last_partie({**document, "parties": [first, fresh]}) == []
    again = {"tables": [table(1, 4, 0, 0), table(3, 2, 0, 0)], "byes": []}
    assert rematches_of_last_partie({**document, "parties": [first, again]}) == []
    back = {"tables": [{"teams": [1, 3]}, {"teams": [4, 2]}]}  # drawn, not started
    swapped = swap_last_partie({**document, "parties": [first, back]}, 3, 2)
    assert rematches_of_last_partie(swapped) == [1, 2]  # 1 against 2 again, 4 against 3
    assert rematches_of_last_partie({"teams": teams(1, 2), "parties": []}) == []
