"""Belote's player figures: what a table's statistics count of a player's
belote hands (``FIGURES``, :class:`~scoresheets.scoring.figures.PlayerFigures`;
the page's words are ``words.PLAYER_FIGURES``). Pure Python, no Django.

Every counting hand (neither a redeal nor an annulled renonce) of every
belote match of the player, finished or not (:mod:`scoresheets.stats`):

- *Hands played* (``hands_played``): the counting hands of his matches,
  whoever took.
- *Hands taken*: counting hands whose taker is the player. A hand whose
  taker team is known but not the taker player (an imported match) is
  taken by nobody.
- *Contracts made / dedans / litiges* (as taker): hands taken whose engine
  outcome is ``made`` / ``dedans`` / ``litige``. Under the ``fall`` litige
  rule a tie is a ``dedans`` (the engine reports it as one). A hand taken
  that ended on a renonce (penalty) is in none of the three, so hands taken
  >= made + dedans + litiges.
- *Capots made / suffered*: counting hands where the player's team (resp.
  the other team) took all eight tricks (the hand's ``capot``), whoever
  took, defence capots included.
- *Belotes*: counting hands whose belote holder is the player. When the
  team with the belote is known but not the player who held it, the hand
  counts for nobody.
- *Team belotes* (``team_belotes``): counting hands whose belote was the
  player's team's (the hand's ``belote``), whoever held it: a table rarely
  says who did, always which team (issue 20).
- *Average points per hand taken*: the mean, over the hands taken, of the
  player's team's score on that hand (the engine's ``score``: what the team
  scored, reserve collected included, rounded if the rules round), in
  points per hand; ``None`` when the player took no hand.

The counting itself (:func:`count_belote_hand`) is a belote table's: a
taker, a capot, a belote. Coinche and belote for three and two count their
hands with it too (their own figures add to it, or word it per player).
"""

from __future__ import annotations

from dataclasses import dataclass

from scoresheets.scoring.figures import PlayerFigures, SeatedHand, add_to_side, add_to_sides
from scoresheets.scoring.kernel import Outcome

__all__ = ["FIGURES", "NAMES", "BeloteFigures", "count_belote_hand"]

NAMES: tuple[str, ...] = (
    "hands_taken",
    "contracts_made",
    "dedans",
    "litiges",
    "capots_made",
    "capots_suffered",
    "belotes",
    "points_taken",
    "team_belotes",
)
TAKEN, MADE, DEDANS, LITIGES, CAPOTS, SUFFERED, BELOTES, POINTS, TEAM_BELOTES = range(len(NAMES))
_TAKER_OUTCOMES = {Outcome.MADE: MADE, Outcome.DEDANS: DEDANS, Outcome.LITIGE: LITIGES}


@dataclass(frozen=True, slots=True)
class BeloteFigures:
    """A player's belote figures (module docstring): counts of hands, and
    ``points_taken``, the points of the player's team on the hands the
    player took (the sum behind :attr:`average_points_taken`)."""

    hands_played: int = 0
    hands_taken: int = 0
    contracts_made: int = 0
    dedans: int = 0
    litiges: int = 0
    capots_made: int = 0
    capots_suffered: int = 0
    belotes: int = 0
    points_taken: int = 0
    team_belotes: int = 0

    @property
    def average_points_taken(self) -> float | None:
        """Mean points of the player's team per hand taken, ``None`` if none."""
        return self.points_taken / self.hands_taken if self.hands_taken else None

    @property
    def belote_hands(self) -> int:
        """``hands_played`` by its name before each game had its figures
        (``PlayerStats.belote_hands``, issue 10)."""
        return self.hands_played


def count_belote_hand(hand: SeatedHand, counts: list[list[int]]) -> None:
    """Add one counting hand of a belote table to ``counts`` (one list per
    seat, in the order of :data:`NAMES`; module docstring): the taker's
    hand taken, its outcome and his team's score, each team's capot and
    belote, the belote holder's belote. The hand's ``capot`` and
    ``belote`` are sides: teams, or players in a game scored per player."""
    given, sides = hand.input, hand.sides
    if given.capot is not None:
        add_to_sides(counts, sides, given.capot, CAPOTS, SUFFERED)
    if hand.belote is not None:
        counts[hand.belote][BELOTES] += 1
    if given.belote is not None:
        add_to_side(counts, sides, given.belote, TEAM_BELOTES)
    if hand.taker is not None:
        taker = counts[hand.taker]
        taker[TAKEN] += 1
        taker[POINTS] += hand.result.score[sides[hand.taker]]
        outcome = _TAKER_OUTCOMES.get(hand.result.outcome)
        if outcome is not None:
            taker[outcome] += 1


def _build(hands_played: int, counts: tuple[int, ...]) -> BeloteFigures:
    return BeloteFigures(hands_played, *counts)


FIGURES = PlayerFigures(names=NAMES, tally=count_belote_hand, build=_build)
"""Belote's player figures, as the registry reads them."""
