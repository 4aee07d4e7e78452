"""The draw of a concours' partie (docs/concours.md, 3).

Pure: the only chance comes from the ``random.Random`` passed in, so a seed
makes every draw reproducible. Partie 1 is drawn at random; later parties
follow the ranking (Swiss): the draw that comes first in the order of
section 3 (fewest repeated byes, fewest rematches, the bye to the
lowest-ranked, then from the top each with the nearest it may meet). A
depth-first search finds it when no rematch is needed; otherwise an exact
construction on networkx's blossom matching (the least rematches) does,
choice by choice. Both give the same draw."""

from __future__ import annotations

import copy
import dataclasses
import random
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import networkx as nx

from scoresheets.concours.document import Concours, Mode, parse_concours
from scoresheets.concours.ranking import rank
from scoresheets.scoring import MatchError, Problem

__all__ = [
    "Draw",
    "draw_document",
    "draw_partie",
    "meetings",
    "pair_partners",
    "pair_swiss",
    "swap",
    "swap_last_partie",
]

Side = tuple[int, ...]
BYE = -1  # the "exempt" vertex of the matching (entrant numbers are >= 1)


@dataclass(frozen=True)
class Draw:
    """The draw of partie ``partie`` (1-based): its tables, table 1 first, each
    two sides (a side is ``(team,)``, or ``(player, player)`` à la mêlée),
    and its exempt. docs/concours.md, 3."""

    partie: int
    tables: tuple[tuple[Side, Side], ...]
    byes: tuple[int, ...] = ()
    mode: Mode = Mode.TEAMS

    def placed(self) -> Iterator[int]:
        """Every entrant of the draw, table 1 first, the exempt last."""
        for table in self.tables:
            for side in table:
                yield from side
        yield from self.byes

    def document(self) -> dict[str, Any]:
        """The partie's document without points (1.4, 3), to append to
        ``parties`` of the results document."""

        def side_json(side: Side) -> Any:
            return list(side) if self.mode is Mode.MELEE else side[0]

        return {
            "tables": [{"teams": [side_json(a), side_json(b)]} for a, b in self.tables],
            "byes": list(self.byes),
        }


def _problem(code: str, message: str, field: str = "swap", **params: Any) -> MatchError:
    return MatchError([Problem(None, field, code, message, tuple(params.items()))])


# --------------------------------------------------------------------------
# The pairing: lexicographic-first among the draws of fewest repeats
# --------------------------------------------------------------------------

Cost = Mapping[frozenset[int], int]
DFS_BUDGET = 20_000  # search steps of the fast path before the exact one takes over


class _OutOfBudget(Exception):
    pass


def _first_free_pairing(order: Sequence[int], cost: Cost, budget: list[int]) -> list | None:
    """The lexicographic-first pairing of ``order`` without any pair of
    nonzero ``cost``: the first entrant with the first it may meet, then the
    first entrant left... (depth first, backtracking). None when there is
    none; raises _OutOfBudget after ``budget[0]`` steps.

    A choice that leaves an entrant with nobody it may meet is dropped at
    once (checked only for entrants whose refusals are as many as the
    entrants left, so it costs nothing while many are left)."""
    refused: dict[int, set[int]] = {team: set() for team in order}
    for pair, times in cost.items():
        if times and len(pair) == 2:
            a, b = pair
            if a in refused and b in refused:
                refused[a].add(b)
                refused[b].add(a)
    most = max((len(r) for r in refused.values()), default=0)

    def isolated(left: list[int]) -> bool:
        if most < len(left) - 1:
            return False
        here = set(left)
        return any(
            len(refused[t]) >= len(left) - 1 and len(refused[t] & here) == len(left) - 1
            for t in left
        )

    def go(left: list[int]) -> list[tuple[int, int]] | None:
        if not left:
            return []
        budget[0] -= 1
        if budget[0] < 0:
            raise _OutOfBudget
        top = left[0]
        for k in range(1, len(left)):
            other = left[k]
            if other in refused[top]:
                continue
            rest = left[1:k] + left[k + 1 :]
            if isolated(rest):
                continue
            found = go(rest)
            if found is not None:
                return [(top, other), *found]
        return None

    if isolated(list(order)):
        return None
    return go(list(order))


def _min_cost(entrants: Sequence[int], cost: Cost, byes: Mapping[int, int] | None = None) -> int:
    """The smallest total ``cost`` of a pairing of ``entrants`` (Edmonds'
    blossom, networkx). With ``byes`` and an odd number, one entrant among
    those with the fewest byes is left out (the exempt) and costs nothing."""
    if len(entrants) < 2:
        return 0
    top = max(cost.values(), default=0) + 1
    graph = nx.Graph()
    graph.add_weighted_edges_from(
        (a, b, top - cost.get(frozenset((a, b)), 0))
        for i, a in enumerate(entrants)
        for b in entrants[i + 1 :]
    )
    if byes is not None and len(entrants) % 2:
        fewest = min(byes.get(e, 0) for e in entrants)
        graph.add_weighted_edges_from((BYE, e, top) for e in entrants if byes.get(e, 0) == fewest)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return sum(cost.get(frozenset(pair), 0) for pair in matching if BYE not in pair)


def _exact_pairing(order: Sequence[int], cost: Cost) -> list[tuple[int, int]]:
    """The lexicographic-first pairing of ``order`` among those of least total
    ``cost``: each choice is kept only when the rest can still reach it."""
    total = _min_cost(order, cost)
    left = list(order)
    pairs: list[tuple[int, int]] = []
    while left:
        top = left[0]
        for other in left[1:]:
            here = cost.get(frozenset((top, other)), 0)
            rest = [e for e in left if e != top and e != other]
            if here <= total and _min_cost(rest, cost) == total - here:
                pairs.append((top, other))
                total -= here
                left = rest
                break
    return pairs


def _pairing(order: Sequence[int], cost: Cost, budget: list[int]) -> list[tuple[int, int]]:
    """The lexicographic-first pairing of ``order`` (an even number) among
    those of least total ``cost``: the fast search when no pair needs a
    nonzero cost, the exact construction otherwise."""
    try:
        found = _first_free_pairing(order, cost, budget)
    except _OutOfBudget:
        found = None
    return found if found is not None else _exact_pairing(order, cost)


# --------------------------------------------------------------------------
# Teams (Swiss)
# --------------------------------------------------------------------------


def pair_swiss(
    order: Sequence[int],
    met: Mapping[frozenset[int], int],
    byes: Mapping[int, int],
    *,
    budget: int = DFS_BUDGET,
) -> tuple[list[tuple[int, int]], int | None]:
    """Pair ``order`` (the present teams, best-ranked first) for a partie
    after the first (docs/concours.md, 3, criteria 1 - 4).

    ``met``: how many times each pair (a frozenset of two numbers) already
    met; ``byes``: how many byes each team had. Returns the tables in
    ranking order (table 1 first), each ``(better-ranked, other)``, and the
    exempt (None when the number of teams is even). ``budget``: steps of
    the fast search before the exact construction takes over (the result is
    the same; only the time differs).
    """
    steps = [budget]
    if len(order) % 2 == 0:
        return _pairing(order, met, steps), None
    # 1: the fewest byes; 3: the lowest-ranked first.
    fewest = min(byes.get(team, 0) for team in order)
    candidates = [team for team in reversed(order) if byes.get(team, 0) == fewest]
    try:
        for bye in candidates:  # 2 at its best, zero rematches: the fast search
            rest = [team for team in order if team != bye]
            found = _first_free_pairing(rest, met, steps)
            if found is not None:
                return found, bye
    except _OutOfBudget:
        pass
    least = _min_cost(order, met, byes)
    for bye in candidates:
        rest = [team for team in order if team != bye]
        if _min_cost(rest, met) == least:
            return _exact_pairing(rest, met), bye
    raise AssertionError("a candidate reaches the least cost")  # pragma: no cover


def meetings(concours: Concours) -> tuple[Counter[frozenset[int]], Counter[int]]:
    """How many times each pair of entrants met on opposite sides of a table,
    and how many byes each entrant had, over the parties of ``concours``."""
    met: Counter[frozenset[int]] = Counter()
    byes: Counter[int] = Counter()
    for partie in concours.parties:
        for table in partie.tables:
            side_a, side_b = table.sides
            met.update(frozenset((a, b)) for a in side_a for b in side_b)
        byes.update(partie.byes)
    return met, byes


def _partners(concours: Concours) -> Counter[frozenset[int]]:
    partners: Counter[frozenset[int]] = Counter()
    for partie in concours.parties:
        for table in partie.tables:
            partners.update(frozenset(side) for side in table.sides if len(side) == 2)
    return partners


# --------------------------------------------------------------------------
# À la mêlée
# --------------------------------------------------------------------------


def pair_partners(
    players: Sequence[int],
    partnered: Mapping[frozenset[int], int],
    rng: random.Random,
    *,
    budget: int = DFS_BUDGET,
) -> list[tuple[int, int]]:
    """Draw partners among ``players`` (an even number), docs/concours.md 3:
    the players are shuffled, then paired as :func:`pair_swiss` pairs a
    ranking (each with the first it may partner), with the fewest pairs that
    were partners before (``partnered``); the pairs come out shuffled."""
    order = list(players)
    rng.shuffle(order)
    pairs = _pairing(order, partnered, [budget])
    rng.shuffle(pairs)
    return pairs


def _draw_melee(concours: Concours, partie: int, rng: random.Random) -> Draw:
    present = [e.number for e in concours.present_at(partie)]
    count = len(present) % 4
    if partie == 1:
        rng.shuffle(present)
        byes = present[len(present) - count :] if count else []
        playing = present[: len(present) - count]
        pairs = [(playing[i], playing[i + 1]) for i in range(0, len(playing), 2)]
    else:
        _, had = meetings(concours)
        rank_of = {s.number: index for index, s in enumerate(rank(concours))}
        # Criteria 1 and 3: the fewest byes, then the lowest-ranked.
        candidates = sorted(present, key=lambda p: (had[p], -rank_of[p]))
        byes = sorted(candidates[:count], key=lambda p: rank_of[p])
        playing = [p for p in present if p not in byes]
        pairs = pair_partners(playing, _partners(concours), rng)
    tables = tuple((pairs[i], pairs[i + 1]) for i in range(0, len(pairs), 2))
    return Draw(partie, tables, tuple(byes), Mode.MELEE)


# --------------------------------------------------------------------------
# The draw of the next partie
# --------------------------------------------------------------------------


def draw_partie(concours: Concours, rng: random.Random) -> Draw:
    """The draw of the partie after those of ``concours`` (docs/concours.md, 3).

    Only the entrants present at that partie are drawn (late arrivals in,
    drops out). Partie 1: at random from ``rng``; later: by the ranking
    (:func:`pair_swiss`), à la mêlée partners by :func:`pair_partners`.
    Raises :class:`MatchError` (field ``parties``, code ``concours_over``)
    when every partie of the concours is already there.
    """
    settings = concours.settings
    partie = len(concours.parties) + 1
    if partie > settings.parties:
        raise _problem(
            "concours_over",
            f"the concours plays {settings.parties} parties, all drawn",
            field="parties",
            max=settings.parties,
        )
    if settings.mode is Mode.MELEE:
        return _draw_melee(concours, partie, rng)
    present = [e.number for e in concours.present_at(partie)]
    if partie == 1:
        rng.shuffle(present)
        bye = present.pop() if len(present) % 2 else None
        pairs = [(present[i], present[i + 1]) for i in range(0, len(present), 2)]
    else:
        here = set(present)
        order = [s.number for s in rank(concours) if s.number in here]
        met, byes = meetings(concours)
        pairs, bye = pair_swiss(order, met, byes)
    tables = tuple(((a,), (b,)) for a, b in pairs)
    return Draw(partie, tables, () if bye is None else (bye,), Mode.TEAMS)


def draw_document(document: Any, rng: random.Random) -> dict[str, Any]:
    """The next partie's document (3) for a results document (parsed JSON).

    Raises :class:`MatchError` for an invalid document (docs/concours.md, 1)
    or a concours whose parties are all drawn.
    """
    return draw_partie(parse_concours(document), rng).document()


# --------------------------------------------------------------------------
# The organiser's swap
# --------------------------------------------------------------------------


def _place(draw: Draw, entrant: int) -> tuple[int, int, int] | None:
    """(table index, side index, index in side) or (-1, 0, bye index)."""
    for t, table in enumerate(draw.tables):
        for s, side in enumerate(table):
            if entrant in side:
                return t, s, side.index(entrant)
    if entrant in draw.byes:
        return -1, 0, draw.byes.index(entrant)
    return None


def swap(draw: Draw, a: int, b: int) -> Draw:
    """The draw with entrants ``a`` and ``b`` exchanged (docs/concours.md, 3).

    Two teams of two tables, a team and the exempt, or (à la mêlée) any two
    players. Raises :class:`MatchError` (field ``swap``): ``same_entrant``,
    ``not_in_draw``, or ``no_change`` (two teams of one table, two partners,
    two exempt: the draw would stay the same).
    """
    if a == b:
        raise _problem("same_entrant", f"swaps {a} with itself", number=a)
    places = {}
    for entrant in (a, b):
        place = _place(draw, entrant)
        if place is None:
            raise _problem(
                "not_in_draw", f"{entrant} is not in the draw of this partie", number=entrant
            )
        places[entrant] = place
    (ta, sa, _), (tb, sb, _) = places[a], places[b]
    if ta == tb and (ta == -1 or sa == sb or draw.mode is Mode.TEAMS):
        raise _problem("no_change", f"swapping {a} and {b} changes nothing", numbers=(a, b))

    def moved(entrant: int) -> int:
        return b if entrant == a else a if entrant == b else entrant

    tables = tuple(
        (tuple(moved(e) for e in side_a), tuple(moved(e) for e in side_b))
        for side_a, side_b in draw.tables
    )
    return Draw(draw.partie, tables, tuple(moved(e) for e in draw.byes), draw.mode)


def rematches_of_last_partie(document: Any) -> list[int]:
    """The tables (1-based, in the document's order) of the last partie of
    ``document`` whose sides already met in an earlier partie: what a swap
    made by hand can bring back (the draw itself avoids them while it can).

    Raises :class:`MatchError`: the document's problems (1)."""
    concours = parse_concours(document)
    if not concours.parties:
        return []
    met = meetings(dataclasses.replace(concours, parties=concours.parties[:-1]))[0]
    return [
        number
        for number, table in enumerate(concours.parties[-1].tables, start=1)
        if any(frozenset((a, b)) in met for a in table.sides[0] for b in table.sides[1])
    ]


def swap_last_partie(document: Any, a: int, b: int) -> dict[str, Any]:
    """A new results document where ``a`` and ``b`` are swapped in the draw
    of its last partie (docs/concours.md, 3). ``document`` is not changed.

    Raises :class:`MatchError`: the document's problems (1), ``no_partie``
    (nothing drawn yet), ``partie_started`` (a table of that partie has
    points or is finished), or those of :func:`swap`.
    """
    concours = parse_concours(document)
    if not concours.parties:
        raise _problem("no_partie", "no partie has been drawn")
    partie = concours.parties[-1]
    if any(t.finished or t.points != (0, 0) for t in partie.tables):
        raise _problem(
            "partie_started", f"partie {len(concours.parties)} has started: its draw is kept"
        )
    draw = Draw(
        len(concours.parties),
        tuple(t.sides for t in partie.tables),
        partie.byes,
        concours.settings.mode,
    )
    new = copy.deepcopy(document)
    new["parties"][-1] = swap(draw, a, b).document()
    return new
