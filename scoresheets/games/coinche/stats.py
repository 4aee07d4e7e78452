"""Coinche's player figures: what a table's statistics count of a player's
coinche hands (``FIGURES``, :class:`~scoresheets.scoring.figures.PlayerFigures`;
the page's words are ``words.PLAYER_FIGURES``). Pure Python, no Django.

Every counting hand of every coinche match of the player, finished or not.
A coinche hand is scored so differently from a belote one (a made 100
coinched is worth 520) that an average over both games would describe
neither: coinche's figures are its own (issue 10).

- The hand figures of belote (``scoresheets.games.belote.stats``, with the
  same definitions: hands played, taken, made, dedans, capots made and
  suffered, belotes, team belotes, points per hand taken), counted by the
  same code, except that coinche has no litige: a tie is a ``dedans``, and
  so is a failed capot or générale bid.
- *Contracts by bid*: for each bid (80 ... 180, ``"capot"``,
  ``"generale"``) the hands taken by the player with that bid and how many
  of them were made; only the bids taken at least once are listed
  (:class:`BidRecord`, in the order of :data:`~scoresheets.games.coinche.engine.BIDS`).
- *Coinches won / lost*: every counting hand that was coinched or
  surcoinched (the hand's ``coinche`` set) in one of the player's matches,
  whoever of the four said it. The team that scored the contract won the
  coinche: the taker's team when it was made, the defense when it failed.
  The player won the coinche when that team is the player's, and lost it
  otherwise. So a player whose team coinched wins it when the contract
  fails, and a player whose team's contract was coinched (surcoinched or
  not) wins it when the contract is made. A surcoinche is one coinche (it
  counts once).
"""

from __future__ import annotations

from dataclasses import dataclass

from scoresheets.games.belote import stats as belote
from scoresheets.games.coinche.engine import BIDS
from scoresheets.scoring.figures import PlayerFigures, SeatedHand
from scoresheets.scoring.kernel import Outcome, other_team

__all__ = ["FIGURES", "NAMES", "BidRecord", "CoincheStats"]

# Belote's counts, then the hands taken with each bid, those made, the coinches.
NAMES: tuple[str, ...] = (
    *belote.NAMES,
    *(f"taken_{bid}" for bid in BIDS),
    *(f"made_{bid}" for bid in BIDS),
    "coinches_won",
    "coinches_lost",
)
TAKEN_BIDS = len(belote.NAMES)
MADE_BIDS = TAKEN_BIDS + len(BIDS)
WON = MADE_BIDS + len(BIDS)
LOST = WON + 1
# A bid -> its place in BIDS (80 ... 180, capot, generale).
_BID_INDEX: dict[int | str, int] = {bid: index for index, bid in enumerate(BIDS)}


@dataclass(frozen=True, slots=True)
class BidRecord:
    """The contracts a player took with one ``bid`` (an int 80-180,
    ``"capot"`` or ``"generale"``): ``taken`` hands, ``made`` of them."""

    bid: int | str
    taken: int
    made: int

    @property
    def failed(self) -> int:
        """The contracts of this bid that failed (dedans): ``taken - made``."""
        return self.taken - self.made


@dataclass(frozen=True, slots=True, kw_only=True)
class CoincheStats:
    """A player's figures over the hands of his coinche matches (module
    docstring): belote's hand figures at coinche (no litige there), ``bids``
    (:class:`BidRecord` of each bid taken at least once, in the order of
    ``BIDS``) and the coinches won and lost."""

    hands_played: int = 0
    hands_taken: int = 0
    contracts_made: int = 0
    dedans: int = 0
    capots_made: int = 0
    capots_suffered: int = 0
    belotes: int = 0
    team_belotes: int = 0
    points_taken: int = 0
    bids: tuple[BidRecord, ...] = ()
    coinches_won: int = 0
    coinches_lost: int = 0

    @property
    def coinches(self) -> int:
        """The coinched or surcoinched hands the player played."""
        return self.coinches_won + self.coinches_lost

    @property
    def average_points_taken(self) -> float | None:
        """Mean points of the player's team per coinche hand taken, ``None`` if none."""
        return self.points_taken / self.hands_taken if self.hands_taken else None


def count_coinche_hand(hand: SeatedHand, counts: list[list[int]]) -> None:
    """Add one counting coinche hand to ``counts`` (one list per seat, in the
    order of :data:`NAMES`): belote's figures, the taker's bid taken (and
    made), and the coinche won or lost by every seat (module docstring)."""
    belote.count_belote_hand(hand, counts)
    given = hand.input
    made = hand.result.outcome is Outcome.MADE
    if hand.taker is not None:
        bid = _BID_INDEX[given.bid]
        counts[hand.taker][TAKEN_BIDS + bid] += 1
        counts[hand.taker][MADE_BIDS + bid] += made
    if given.coinche is not None:
        # The coinche goes to the team that scored the contract.
        winner = given.taker if made else other_team(given.taker)
        for seat, side in enumerate(hand.sides):
            counts[seat][WON if side == winner else LOST] += 1


def _build(hands_played: int, counts: tuple[int, ...]) -> CoincheStats:
    taken, made, dedans, _, capots, suffered, belotes, points, team = counts[:TAKEN_BIDS]
    return CoincheStats(
        hands_played=hands_played,
        hands_taken=taken,
        contracts_made=made,
        dedans=dedans,
        capots_made=capots,
        capots_suffered=suffered,
        belotes=belotes,
        team_belotes=team,
        points_taken=points,
        bids=tuple(
            BidRecord(bid, counts[TAKEN_BIDS + index], counts[MADE_BIDS + index])
            for index, bid in enumerate(BIDS)
            if counts[TAKEN_BIDS + index]
        ),
        coinches_won=counts[WON],
        coinches_lost=counts[LOST],
    )


FIGURES = PlayerFigures(names=NAMES, tally=count_coinche_hand, build=_build)
"""Coinche's player figures, as the registry reads them."""
