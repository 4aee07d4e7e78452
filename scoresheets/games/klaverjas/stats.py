"""Klaverjas' player figures: what a table's statistics count of a player's
klaverjas hands, in the game's terms (``FIGURES``,
:class:`~scoresheets.scoring.figures.PlayerFigures`; the page's words, in
Dutch on a Dutch page, are ``words.PLAYER_FIGURES``). Pure Python, no Django.

Every hand of every klaverjas match of the player, finished or not (a
klaverjas hand always counts: there is no redeal, KLAVERJAS, *Hand*). What
a hand records (KLAVERJAS, *Hand*): the playing team, whose player is the
one the sheet names as playing ("wie speelt", the hand's taker seat), the
card points of one team, each team's roem, a pit and a revoke by team.

- *Hands* (``hands_played``): the hands of his matches, whoever played.
- *Played* (``played``, "zelf gespeeld"): the hands where the player chose
  trump, his team the playing team. A hand whose playing team is known but
  not its player (an imported match) is played by nobody.
- *Made / nat* (as the playing player): hands played whose outcome is
  ``made`` / ``nat`` (KLAVERJAS, *Result*). A revoked hand is neither
  (whichever team revoked, the cards were not played out): played >= made
  + nat.
- *Pits / pits against*: hands where the player's team (resp. the other
  team) took all eight tricks (the hand's ``pit``), whoever played: a
  defense's pit (tegenpit) is a pit of its team.
- *Roem*: the roem the player's team showed (the hand's ``roem``, points,
  as the sheet wrote it for that team), whoever scored it in the end (a
  nat gives all the roem to the other team); without the pit premium and
  a revoke's 100, which are no roem shown.
- *Revokes* (``revokes``, verzaakt): hands where the player's team revoked
  (the hand's ``revoke``, a team: the sheet does not say which player).
- *Average points per hand played*: the mean, over the hands played, of
  the player's team's score on that hand (points + roem, the engine's
  ``score``); ``None`` when the player played no hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoresheets.games.klaverjas.engine import KlaverjasOutcome
from scoresheets.scoring.figures import PlayerFigures, SeatedHand, add_to_side, add_to_sides
from scoresheets.scoring.kernel import TEAMS, Outcome

__all__ = ["FIGURES", "NAMES", "KlaverjasFigures", "count_klaverjas_hand"]

NAMES: tuple[str, ...] = (
    "played",
    "made",
    "nat",
    "pits",
    "pits_against",
    "roem",
    "revokes",
    "points_played",
)
PLAYED, MADE, NAT, PITS, PITS_AGAINST, ROEM, REVOKES, POINTS = range(len(NAMES))
_OUTCOMES = {Outcome.MADE: MADE, KlaverjasOutcome.NAT: NAT}


@dataclass(frozen=True, slots=True)
class KlaverjasFigures:
    """A player's klaverjas figures (module docstring): counts of hands,
    ``roem`` in points, and ``points_played``, his team's points on the
    hands he played (the sum behind :attr:`average_points_played`)."""

    hands_played: int = 0
    played: int = 0
    made: int = 0
    nat: int = 0
    pits: int = 0
    pits_against: int = 0
    roem: int = 0
    revokes: int = 0
    points_played: int = 0

    @property
    def average_points_played(self) -> float | None:
        """Mean points of the player's team per hand he played, ``None`` if none."""
        return self.points_played / self.played if self.played else None


def count_klaverjas_hand(hand: SeatedHand, counts: list[list[int]]) -> None:
    """Add one klaverjas hand to ``counts`` (one list per seat, in the order
    of :data:`NAMES`; module docstring)."""
    given, sides = hand.input, hand.sides
    if given.pit is not None:
        add_to_sides(counts, sides, given.pit, PITS, PITS_AGAINST)
    if given.revoke is not None:
        add_to_side(counts, sides, given.revoke, REVOKES)
    for team in TEAMS:
        if given.roem[team]:
            add_to_side(counts, sides, team, ROEM, given.roem[team])
    if hand.taker is not None:
        player = counts[hand.taker]
        player[PLAYED] += 1
        player[POINTS] += hand.result.score[sides[hand.taker]]
        outcome = _OUTCOMES.get(hand.result.outcome)
        if outcome is not None:
            player[outcome] += 1


def _build(hands_played: int, counts: tuple[int, ...]) -> KlaverjasFigures:
    return KlaverjasFigures(hands_played, *counts)


FIGURES = PlayerFigures(names=NAMES, tally=count_klaverjas_hand, build=_build)
"""Klaverjas' player figures, as the registry reads them."""
