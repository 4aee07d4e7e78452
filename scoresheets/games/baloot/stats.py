"""Baloot's player figures: what a table's statistics count of a player's
baloot hands, in the game's terms (``FIGURES``,
:class:`~scoresheets.scoring.figures.PlayerFigures`; the page's words, in
Arabic on an Arabic page, are ``words.PLAYER_FIGURES``). Pure Python, no
Django.

Every counting hand (not a redeal: everybody passed, outcome ``passed``)
of every baloot match of the player, finished or not. What a hand records
(BALOOT, *Hand*): the buying team, whose player is the one the sheet names
as buyer (المشتري, the hand's taker seat), Sun or Hokm, the card points of
one team, a kaboot, each team's validated projects, the baloot's team and
the doubling, all by team but the buyer.

- *Hands* (``hands_played``): the counting hands of his matches.
- *Bought* (``bought``): the hands where the player bought (the buyer, not
  his partner), of which ``sun`` in a Sun and ``hokm`` in a Hokm. A hand
  whose buying team is known but not its buyer (an imported match) is
  bought by nobody.
- *Made / khasran* (as buyer): hands bought whose outcome is ``made`` /
  ``khasran`` (BALOOT, *Result*: the buyer failed), so bought = made +
  khasran.
- *Kaboots / kaboots against*: hands where the player's team (resp. the
  other team) took all eight tricks (the hand's ``kaboot``), whoever
  bought.
- *Projects* (``sira``, ``fifty``, ``hundred``, ``four_hundred``): the
  validated projects of the player's team, each counted once (two siras
  on one hand are two), whoever scored them in the end (a khasran gives
  them to the other team); *baloot*: the hands where his team held the
  baloot. By team: the hand records the team's projects and baloot, not
  the player who had them.
- *Average points per hand bought*: the mean, over the hands he bought,
  of his team's game points on that hand (the engine's ``score``: doubled
  where doubled, a gahwa's what took the team to the target); ``None``
  when he bought none.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoresheets.games.baloot.engine import PROJECTS, BalootOutcome, Contract
from scoresheets.scoring.figures import PlayerFigures, SeatedHand, add_to_side, add_to_sides
from scoresheets.scoring.kernel import TEAMS, Outcome

__all__ = ["FIGURES", "NAMES", "BalootFigures", "count_baloot_hand"]

NAMES: tuple[str, ...] = (
    "bought",
    "sun",
    "hokm",
    "made",
    "khasran",
    "kaboots",
    "kaboots_against",
    *PROJECTS,  # sira, fifty, hundred, four_hundred
    "baloot",
    "points_bought",
)
BOUGHT, SUN, HOKM, MADE, KHASRAN, KABOOTS, KABOOTS_AGAINST = range(7)
_PROJECT = {project: NAMES.index(project) for project in PROJECTS}
BALOOT, POINTS = NAMES.index("baloot"), NAMES.index("points_bought")
_CONTRACTS = {Contract.SUN: SUN, Contract.HOKM: HOKM}
_OUTCOMES = {Outcome.MADE: MADE, BalootOutcome.KHASRAN: KHASRAN}


@dataclass(frozen=True, slots=True)
class BalootFigures:
    """A player's baloot figures (module docstring): counts of hands and of
    projects, and ``points_bought``, his team's game points on the hands he
    bought (the sum behind :attr:`average_points_bought`)."""

    hands_played: int = 0
    bought: int = 0
    sun: int = 0
    hokm: int = 0
    made: int = 0
    khasran: int = 0
    kaboots: int = 0
    kaboots_against: int = 0
    sira: int = 0
    fifty: int = 0
    hundred: int = 0
    four_hundred: int = 0
    baloot: int = 0
    points_bought: int = 0

    @property
    def average_points_bought(self) -> float | None:
        """Mean game points of the player's team per hand he bought, ``None`` if none."""
        return self.points_bought / self.bought if self.bought else None


def count_baloot_hand(hand: SeatedHand, counts: list[list[int]]) -> None:
    """Add one counting baloot hand to ``counts`` (one list per seat, in the
    order of :data:`NAMES`; module docstring)."""
    given, sides = hand.input, hand.sides
    if given.kaboot is not None:
        add_to_sides(counts, sides, given.kaboot, KABOOTS, KABOOTS_AGAINST)
    for team in TEAMS:
        for project in given.projects[team] or ():
            add_to_side(counts, sides, team, _PROJECT[project])
    if given.baloot is not None:
        add_to_side(counts, sides, given.baloot, BALOOT)
    if hand.taker is not None:
        buyer = counts[hand.taker]
        buyer[BOUGHT] += 1
        buyer[_CONTRACTS[given.contract]] += 1
        buyer[_OUTCOMES[hand.result.outcome]] += 1
        buyer[POINTS] += hand.result.score[sides[hand.taker]]


def _build(hands_played: int, counts: tuple[int, ...]) -> BalootFigures:
    return BalootFigures(hands_played, *counts)


FIGURES = PlayerFigures(names=NAMES, tally=count_baloot_hand, build=_build)
"""Baloot's player figures, as the registry reads them."""
