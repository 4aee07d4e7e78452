"""A game's player figures: what the statistics of a table of friends count
of each player's hands, in that game's terms (issue 29).

Pure Python, no Django. The contract between the game-neutral statistics
(:mod:`scoresheets.stats`: matches, wins, partners, opponents, for every
game) and each game's own figures: its package's ``stats.py`` exports one
:class:`PlayerFigures` (``FIGURES``), which the registry loads beside its
engine (:data:`scoresheets.scoring.engines.FIGURES`; docs/games.md). Its
words (the page's labels) are its ``words.py``'s, given to the pages by its
``WebGame.player_figures``.

How it is used: :func:`scoresheets.stats.summarize` gives every counting
hand of a match (neither a redeal nor an annulled hand) to its game's
:attr:`PlayerFigures.tally`, as a :class:`SeatedHand`, with one list of
integers per seat; the lists are kept per match version (a cache), then
summed over a player's matches by :func:`scoresheets.stats.player_stats`,
and :attr:`PlayerFigures.build` makes them the game's own figures object,
whose attributes the player page shows. A tally reads only the hand it is
given: a player's figures are sums, so the statistics stay linear in the
number of hands.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from scoresheets.scoring.kernel import HandResult

__all__ = [
    "HANDS_PLAYED",
    "HandsPlayed",
    "PlayerFigures",
    "SeatedHand",
    "add_to_side",
    "add_to_sides",
]


@dataclass(slots=True)
class SeatedHand:
    """One counting hand of a match, as a game's tally reads it:

    - ``input``: the hand as entered (the game's hand type: ``HandInput``,
      ``KlaverjasHand``...);
    - ``result``: the engine's :class:`~scoresheets.scoring.kernel.HandResult`
      of it (its ``score`` by side, points);
    - ``sides``: each seat's side, seats in order: ``("A", "B", "A", "B")``
      (seats 1 and 3 are team A), or the players of a game scored per
      player (``("A", "B", "C")``: each seat is its own side);
    - ``taker``: the seat (an index into ``sides``, 0-based) of the player
      who took, in the game's sense (who bought, who announced, who
      plays), or ``None`` when the sheet does not say which player did;
    - ``belote``: the seat of the player who held the belote, or ``None``;
    - ``dealer``: the seat of the player who dealt, or ``None`` if unknown.

    Not frozen, as the kernel's ``HandScore``: one is built for each
    counting hand and read by one tally; a frozen one's construction made
    ``stats.summarize`` of 1,000 belote matches of 15 hands 40 % slower
    (28 ms, against 20 ms; 23 ms before the games had their figures).
    """

    input: Any
    result: HandResult
    sides: tuple[str, ...]
    taker: int | None = None
    belote: int | None = None
    dealer: int | None = None


@dataclass(frozen=True, slots=True)
class PlayerFigures:
    """A game's figures of a player (its package's ``stats.py``, ``FIGURES``):

    - ``names``: its counts (integers), in the order of a seat's list: what
      one match keeps per seat, and what is summed over a player's matches;
    - ``tally(hand, counts)``: adds one counting hand (a :class:`SeatedHand`)
      to ``counts``, one list of ``len(names)`` integers per seat, seats in
      order; it returns nothing and reads nothing but the hand;
    - ``build(hands_played, counts)``: the game's figures of one player, from
      the number of counting hands of his matches of that game and his
      counts summed over them (a tuple in the order of ``names``): a frozen,
      picklable object of the game's own, whose attributes (its counts, and
      its averages as properties, ``None`` where there is nothing to
      average) are what the player page shows, by name.
    """

    names: tuple[str, ...]
    tally: Callable[[SeatedHand, list[list[int]]], None]
    build: Callable[[int, tuple[int, ...]], Any]

    def empty(self) -> Any:
        """The figures of a player who played no counting hand of the game."""
        return self.build(0, (0,) * len(self.names))


def add_to_side(
    counts: list[list[int]], sides: tuple[str, ...], side: str, figure: int, amount: int = 1
) -> None:
    """Add ``amount`` to count ``figure`` (an index into ``names``) of every
    seat of ``side`` (both partners of a team)."""
    for seat, seat_side in enumerate(sides):
        if seat_side == side:
            counts[seat][figure] += amount


def add_to_sides(
    counts: list[list[int]], sides: tuple[str, ...], side: str, mine: int, theirs: int
) -> None:
    """Count a fact about ``side`` (a team's capot, pit, Match...): one more
    in count ``mine`` for each of its seats, in count ``theirs`` for every
    other seat (those who suffered it)."""
    for seat, seat_side in enumerate(sides):
        counts[seat][mine if seat_side == side else theirs] += 1


@dataclass(frozen=True, slots=True)
class HandsPlayed:
    """The figures of a game that declares none of its own: the counting
    hands of the player's matches of that game (:data:`HANDS_PLAYED`)."""

    hands_played: int = 0


def _count_nothing(hand: SeatedHand, counts: list[list[int]]) -> None:
    """A tally of no count: the hand is counted as played, nothing more."""


def _hands_played(hands_played: int, counts: tuple[int, ...]) -> HandsPlayed:
    return HandsPlayed(hands_played)


HANDS_PLAYED = PlayerFigures(names=(), tally=_count_nothing, build=_hands_played)
"""The player figures of a game whose package has no ``stats.py``: the
hands played only (the registry gives it; docs/games.md)."""
