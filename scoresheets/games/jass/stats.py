"""Schieber jass' player figures: what a table's statistics count of a
player's jass hands, in the game's terms (``FIGURES``,
:class:`~scoresheets.scoring.figures.PlayerFigures`; the page's words, in
Swiss German on a German page, are ``words.PLAYER_FIGURES``). Pure Python,
no Django.

Every hand of every jass match of the player, finished or not (a jass hand
always counts: the mode is always named, JASS, *Hand*). What a hand
records (JASS, *Hand*): the mode, the announcing team, whose player is the
one the sheet names ("Wer sagt an?", the hand's taker seat), the card
points of one team, a Match, the Stöck and the Weis by team. The sheet
keeps no "geschoben" mark: who pushed is read from its deal (below).

- *Hands* (``hands_played``): the hands of his matches, whoever announced.
- *Announced* (``announced``, angesagt): the hands where the player named
  the mode, himself as Vorhand or after his partner pushed it to him. A
  hand whose announcing team is known but not its player (an imported
  match) is announced by nobody.
- *Geschoben* (``pushed``): the hands the player pushed to his partner: he
  was Vorhand, the player after the dealer (the sheet's dealer: the deal
  passes one seat each hand, as the next Vorhand deals), and his partner
  named the mode. A hand whose announcer sits on the dealer's team (the
  sheet's deal is not the table's) or whose dealer or announcer is unknown
  is geschoben by nobody.
- *Matches / Matches against*: hands where the player's team (resp. the
  other team) took all nine tricks (the hand's ``match``), whoever
  announced: a Konter-Match is a Match of its team.
- *Weis*: the validated Weis of the player's team, in points before the
  mode's factor (the result's ``weis``, JASS, *Result*): counted by team,
  as the sheet writes them.
- *Stöck*: the hands where the player's team held trump King and Ober
  (the hand's ``stoeck``, a team).
- *Average points per hand announced*: the mean, over the hands he
  announced, of his team's score on that hand (factor included, the
  engine's ``score``); ``None`` when he announced none.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoresheets.scoring.figures import PlayerFigures, SeatedHand, add_to_side, add_to_sides
from scoresheets.scoring.kernel import TEAMS

__all__ = ["FIGURES", "NAMES", "JassFigures", "count_jass_hand"]

NAMES: tuple[str, ...] = (
    "announced",
    "pushed",
    "matches",
    "matches_against",
    "weis",
    "stoeck",
    "points_announced",
)
ANNOUNCED, PUSHED, MATCHES, MATCHES_AGAINST, WEIS, STOECK, POINTS = range(len(NAMES))


@dataclass(frozen=True, slots=True)
class JassFigures:
    """A player's jass figures (module docstring): counts of hands, ``weis``
    in points, and ``points_announced``, his team's points on the hands he
    announced (the sum behind :attr:`average_points_announced`)."""

    hands_played: int = 0
    announced: int = 0
    pushed: int = 0
    matches: int = 0
    matches_against: int = 0
    weis: int = 0
    stoeck: int = 0
    points_announced: int = 0

    @property
    def average_points_announced(self) -> float | None:
        """Mean points of the player's team per hand he announced, ``None`` if none."""
        return self.points_announced / self.announced if self.announced else None


def _pusher(hand: SeatedHand) -> int | None:
    """The seat that pushed the hand to its partner (module docstring), or
    ``None``: Vorhand named the mode himself, or the sheet cannot say."""
    if hand.taker is None or hand.dealer is None:
        return None
    seats = len(hand.sides)
    vorhand = (hand.dealer + 1) % seats
    return vorhand if hand.taker == (vorhand + 2) % seats else None


def count_jass_hand(hand: SeatedHand, counts: list[list[int]]) -> None:
    """Add one jass hand to ``counts`` (one list per seat, in the order of
    :data:`NAMES`; module docstring)."""
    given, sides = hand.input, hand.sides
    if given.match is not None:
        add_to_sides(counts, sides, given.match, MATCHES, MATCHES_AGAINST)
    if given.stoeck is not None:
        add_to_side(counts, sides, given.stoeck, STOECK)
    weis = (hand.result.extras or {}).get("weis", {})
    for team in TEAMS:
        if weis.get(team):
            add_to_side(counts, sides, team, WEIS, weis[team])
    if hand.taker is not None:
        counts[hand.taker][ANNOUNCED] += 1
        counts[hand.taker][POINTS] += hand.result.score[sides[hand.taker]]
    pusher = _pusher(hand)
    if pusher is not None:
        counts[pusher][PUSHED] += 1


def _build(hands_played: int, counts: tuple[int, ...]) -> JassFigures:
    return JassFigures(hands_played, *counts)


FIGURES = PlayerFigures(names=NAMES, tally=count_jass_hand, build=_build)
"""Schieber jass' player figures, as the registry reads them."""
