"""The ranking of a concours (docs/concours.md, 2).

Pure and deterministic: :func:`rank` turns a valid :class:`Concours` into
its standings, :func:`ranking_document` into the ranking document (2.6),
:func:`rank_document` does both from a results document (parsed JSON), as
the ``rank_concours`` command does.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from itertools import combinations, groupby
from typing import Any

from scoresheets.concours import knockout
from scoresheets.concours.document import (
    GAME_FACTS,
    ByeKind,
    Concours,
    Mode,
    Partie,
    PenaltyKind,
    Ranking,
    Settings,
    Tiebreak,
    parse_concours,
)

__all__ = [
    "Standing",
    "bye_points",
    "rank",
    "rank_document",
    "ranking_document",
]

WIN, DRAW, LOSS = 1, 0, -1  # a finished table's outcome for one side


@dataclass
class Standing:
    """What one entrant collected (2.1), and its place once ranked (2.3).

    ``rank`` is shared by entrants equal after every tiebreak (``ex_aequo``);
    ``tiebreaks`` holds each tiebreak's value in the settings' order
    (``direct``: None where it was not computed, 2.4).
    """

    number: int
    name: str | None
    points: int = 0
    conceded: int = 0
    win_points: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    parties: int = 0
    byes: int = 0
    penalties: int = 0
    abandon: bool = False
    late: bool = False
    playing: bool = False
    rank: int = 0
    ex_aequo: bool = False
    tiebreaks: dict[str, int | None] = field(default_factory=dict)
    # (opponent number, WIN/DRAW/LOSS) of each opponent faced at a finished table.
    results: list[tuple[int, int]] = field(default_factory=list)

    @property
    def difference(self) -> int:
        """Points minus conceded points (2.1)."""
        return self.points - self.conceded


def bye_points(settings: Settings, number: int, partie: Partie) -> int:
    """The exempt's points at partie ``number`` (1-based), docs/concours.md 2.2.

    ``half``: half a donne's points a donne (``GAME_FACTS``: 81 at belote;
    the validation refuses it where a donne has no fixed size) or T // 2
    for a partie to a target T; ``average``: the mean of the seated sides'
    table points, halves up (0 without a table);
    ``fixed``: ``settings.bye_points``.
    """
    if settings.bye_kind is ByeKind.FIXED:
        return settings.bye_points or 0
    if settings.bye_kind is ByeKind.AVERAGE:
        sides = [points for table in partie.tables for points in table.points]
        if not sides:
            return 0
        return (2 * sum(sides) + len(sides)) // (2 * len(sides))
    length = settings.length_of(number)
    if length.donnes is not None:
        return GAME_FACTS[settings.game].donne_points // 2 * length.donnes
    return (length.target or 0) // 2


def _collect(concours: Concours) -> dict[int, Standing]:
    """Every entrant's points, conceded points, outcomes, byes (2.1, 2.2, 1.5)."""
    settings = concours.settings
    standings = {
        e.number: Standing(e.number, e.name, abandon=e.left_after is not None, late=e.arrived > 1)
        for e in concours.entrants
    }
    given: dict[tuple[int, int], int] = defaultdict(int)  # (partie, entrant): to_opponents
    for penalty in concours.penalties:
        standings[penalty.entrant].penalties += penalty.points
        if penalty.kind is PenaltyKind.TO_OPPONENTS:
            given[(penalty.partie, penalty.entrant)] += penalty.points
        else:
            standings[penalty.entrant].points -= penalty.points
    value = {WIN: settings.win, DRAW: settings.draw, LOSS: settings.loss}
    for number, partie in enumerate(concours.parties, 1):
        for table in partie.tables:
            side_a, side_b = table.sides
            a = table.points[0] + sum(given[(number, e)] for e in side_b)
            b = table.points[1] + sum(given[(number, e)] for e in side_a)
            for side, mine, theirs, opponents in ((side_a, a, b, side_b), (side_b, b, a, side_a)):
                outcome = WIN if mine > theirs else LOSS if mine < theirs else DRAW
                for entrant in side:
                    s = standings[entrant]
                    s.points += mine
                    s.conceded += theirs
                    s.parties += 1
                    if not table.finished:
                        s.playing = True
                        continue
                    s.win_points += value[outcome]
                    s.wins += outcome == WIN
                    s.draws += outcome == DRAW
                    s.losses += outcome == LOSS
                    s.results.extend((o, outcome) for o in opponents)
        if partie.byes:
            points = bye_points(settings, number, partie)
            for entrant in partie.byes:
                s = standings[entrant]
                s.points += points
                s.conceded += points
                s.win_points += settings.bye_win_points
                s.byes += 1
    return standings


def _value(standing: Standing, criterion: str) -> int:
    if criterion == Tiebreak.DIFFERENCE:
        return standing.difference
    if criterion == Tiebreak.CONCEDED:
        return -standing.conceded  # lower is better
    return getattr(standing, criterion)  # points, win_points, wins


def _direct(group: list[Standing]) -> dict[int, int] | None:
    """Direct confrontation within ``group`` (2.4), or None when it does not
    apply (two entrants of the group never met at a finished table)."""
    members = {s.number for s in group}
    met = {
        frozenset((s.number, opponent))
        for s in group
        for opponent, _ in s.results
        if opponent in members
    }
    if any(frozenset(pair) not in met for pair in combinations(sorted(members), 2)):
        return None
    return {
        s.number: sum(outcome for opponent, outcome in s.results if opponent in members)
        for s in group
    }


def _refine(group: list[Standing], criteria: tuple[str, ...]) -> list[list[Standing]]:
    """Split ``group`` (equal so far) by each criterion in turn (2.3)."""
    if len(group) <= 1 or not criteria:
        return [group]
    criterion, rest = criteria[0], criteria[1:]
    if criterion == Tiebreak.DIRECT:
        direct = _direct(group)
        if direct is None:
            return _refine(group, rest)
        for s in group:
            s.tiebreaks[Tiebreak.DIRECT] = direct[s.number]

        def key(s: Standing) -> int:
            return direct[s.number]

    else:

        def key(s: Standing) -> int:
            return _value(s, criterion)

    ordered = sorted(group, key=key, reverse=True)
    out: list[list[Standing]] = []
    for _, equal in groupby(ordered, key=key):
        out.extend(_refine(list(equal), rest))
    return out


def rank(concours: Concours) -> list[Standing]:
    """The standings of a valid concours, in ranking order (docs/concours.md, 2).

    First criterion: points or win points (``settings.ranking``), then each
    tiebreak in order (2.4). Entrants equal after all of them share a rank
    and are listed by number. Deterministic; never raises on a valid
    :class:`Concours`.
    """
    settings = concours.settings
    standings = _collect(concours)
    for s in standings.values():
        for tiebreak in settings.tiebreaks:
            s.tiebreaks[tiebreak] = (
                None if tiebreak == Tiebreak.DIRECT else _value(s, tiebreak) * _sign(tiebreak)
            )
    first = "points" if settings.ranking is Ranking.POINTS else "win_points"
    criteria = (first, *settings.tiebreaks)
    ordered: list[Standing] = []
    for group in _refine(list(standings.values()), criteria):
        place = len(ordered) + 1
        for s in sorted(group, key=lambda s: s.number):
            s.rank = place
            s.ex_aequo = len(group) > 1
            ordered.append(s)
    return ordered


def _sign(tiebreak: str) -> int:
    return -1 if tiebreak == Tiebreak.CONCEDED else 1


def ranking_document(concours: Concours) -> dict[str, Any]:
    """The ranking document of a valid concours (docs/concours.md, 2.6)."""
    settings = concours.settings
    word = "player" if settings.mode is Mode.MELEE else "team"
    finished = len(concours.parties) == settings.parties and all(
        table.finished for partie in concours.parties for table in partie.tables
    )
    return {
        "mode": str(settings.mode),
        "ranking": str(settings.ranking),
        "tiebreaks": [str(t) for t in settings.tiebreaks],
        "parties": settings.parties,
        "parties_played": len(concours.parties),
        "finished": finished,
        "standings": [
            {
                "rank": s.rank,
                word: s.number,
                "name": s.name,
                "points": s.points,
                "conceded": s.conceded,
                "difference": s.difference,
                "win_points": s.win_points,
                "wins": s.wins,
                "draws": s.draws,
                "losses": s.losses,
                "parties": s.parties,
                "byes": s.byes,
                "penalties": s.penalties,
                "tiebreaks": {str(name): value for name, value in s.tiebreaks.items()},
                "ex_aequo": s.ex_aequo,
                "abandon": s.abandon,
                "late": s.late,
                "playing": s.playing,
            }
            for s in rank(concours)
        ],
    }


def rank_document(document: Any) -> dict[str, Any]:
    """Parse a results document and return its ranking document (2.6); a
    knockout's bracket document (``settings.format`` ``"knockout"``, 7.2)
    gives its outcome (7.3) instead.

    The contract of the ``rank_concours`` command: raises
    :class:`~scoresheets.scoring.MatchError` listing every problem on any
    invalid input (docs/concours.md, 1 and 7.2), and nothing else.
    """
    if knockout.is_knockout(document):
        return knockout.outcome_of(document)
    return ranking_document(parse_concours(document))
