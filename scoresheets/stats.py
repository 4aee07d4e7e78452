"""Player statistics across the matches of a table (a group of friends).

Pure Python: no Django, no I/O. The ORM side turns its rows into the frozen
dataclasses below (:class:`PlayedMatch`, :class:`PlayedHand`), scored by the
engine (``scoresheets.scoring``); everything here is derived from them, so a
corrected hand changes every figure on the next computation.

A *player key* (``Key``) is any hashable id of a player of the table, e.g. the
primary key of a roster row. Seats are numbered 1-4 as in the app: seats 1 and
3 are team ``"A"``, seats 2 and 4 team ``"B"`` (partners face to face).

Definitions (all counts are integers, points are the engine's points):

- A hand *counts* when it was played: every hand except a redeal (outcome
  ``passed``: nobody took) and an annulled renonce (outcome ``annulled``).
  Hands that do not count add to no figure at all.
- *Matches played / won, win rate, partners, opponents*: FINISHED matches
  only (``result.finished``). A match in progress has no result yet, and an
  abandoned one never will; counting it as lost (or not) would be a guess.
- *Hand figures* (hands taken, contracts made, dedans, litiges, capots,
  belotes, points per hand taken): every counting hand of every match,
  finished or not. A hand that was played and scored is a fact about the
  player whether or not the match was finished; leaving out abandoned
  matches would hide real play (and the last evening's match in progress).
- *Hands taken*: counting hands whose ``taker`` is the player. A hand whose
  taker team is known but not the taker player (``taker`` is ``None`` on a
  hand that was not a redeal, e.g. an imported match) is taken by nobody.
- *Contracts made / dedans / litiges* (as taker): hands taken whose engine
  outcome is ``made`` / ``dedans`` / ``litige``. Under the ``fall`` litige
  rule a tie is a ``dedans`` (the engine reports it as one). A hand taken
  that ended on a renonce (penalty) is in none of the three, so hands taken
  >= made + dedans + litiges.
- *Capots made / suffered*: counting hands of the player's matches where the
  player's team (resp. the other team) took all eight tricks
  (``input.capot``), whoever took, defence capots included.
- *Belotes*: counting hands whose ``belote_player`` is the player. When the
  team with the belote is known but not the player who held it, the hand
  counts for nobody.
- *Team belotes* (``team_belotes``): counting hands whose belote was the
  player's team's (``input.belote``), whoever held it: a table rarely says
  who did, always which team (issue 20).
- *Average points per hand taken*: the mean, over the hands taken, of the
  player's team's score on that hand (``result.score``: what the team scored,
  reserve collected included, rounded if the rules round), in points per
  hand; ``None`` when the player took no hand.
- *Best partner*: among the partners of the player's finished matches, the
  one with the most wins together; ties go to the most matches together, then
  to the partner met first (input order). ``None`` when the player won no
  finished match: nobody "carried" anybody yet.
- *Toughest opponents*: the opponents of the player's finished matches whom
  the player lost to at least once, by the player's win rate against them
  (lowest first); ties go to the most matches against, then to the opponent
  met first. At most three (:data:`TOUGHEST_COUNT`). An opponent the player
  always beat is not "tough" and is left out.
- *Last matches*: the player's matches (finished or not), newest first by
  ``played_on`` (equal dates keep the input order), at most
  :data:`LAST_MATCHES` of them, each with the player's side of the result.

Two games (a table can play both, ``PlayedMatch.game``):

- The *match* figures (played, won, win rate, partners, opponents, last
  matches) take the matches of both games: a win is a win, as in the ranking.
- The *hand* figures above (hands taken ... points per hand taken) are
  **belote's only**: a coinche hand is scored so differently (a made 100
  coinched is worth 520) that an average over both games would describe
  neither. A coinche match's hands go, with the same definitions, into
  :class:`CoincheStats` (``PlayerStats.coinche``; ``None`` when the player
  played no counting coinche hand). At coinche a tie is a ``dedans`` (no
  litige) and a failed capot or générale bid is a ``dedans`` too.
- *Hands played* (``PlayerStats.belote_hands``, ``CoincheStats.hands_played``):
  the counting hands of the player's matches of that game, whoever took.
- *Contracts by bid* (coinche): for each bid (80 ... 180, ``"capot"``,
  ``"generale"``) the hands taken by the player with that bid and how many
  of them were made; only the bids taken at least once are listed.
- *Coinches won / lost* (coinche): every counting hand that was coinched or
  surcoinched (``input.coinche`` set) in one of the player's matches, whoever
  of the four said it. The team that scored the contract won the coinche:
  the taker's team when it was made, the defense when it failed. The player
  won the coinche when that team is the player's, and lost it otherwise. So
  a player whose team coinched wins it when the contract fails, and a player
  whose team's contract was coinched (surcoinched or not) wins it when the
  contract is made. A surcoinche is one coinche (it counts once).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import astuple, dataclass, field
from datetime import date, datetime
from typing import Any

from scoresheets.scoring import (
    BIDS,
    DEFAULT_GAME,
    ENGINES,
    CoincheHand,
    CoincheRules,
    HandInput,
    HandResult,
    MatchResult,
    Outcome,
    Rules,
    engine_for,
    score_match,
)

__all__ = [
    "LAST_MATCHES",
    "TOUGHEST_COUNT",
    "BidRecord",
    "CoincheStats",
    "CoincheTally",
    "HandTally",
    "Key",
    "MatchLine",
    "MatchSummary",
    "PlayedHand",
    "PlayedMatch",
    "PlayerStats",
    "Record",
    "build_match",
    "hand_counts",
    "player_stats",
    "players_of",
    "seat_team",
    "summarize",
]

Key = Hashable
"""A player key: any hashable id (an int primary key, a name in tests)."""

LAST_MATCHES = 5
TOUGHEST_COUNT = 3
_NOT_PLAYED = (Outcome.PASSED, Outcome.ANNULLED)
# A coinche bid -> its place in scoring.BIDS (80 ... 180, capot, generale).
_BID_INDEX: dict[int | str, int] = {bid: index for index, bid in enumerate(BIDS)}


def seat_team(seat: int, players: tuple[str, ...] = ()) -> str:
    """The side of seat ``seat``: at a game of two teams (1-4), seats 1 and 3
    are ``"A"``, 2 and 4 ``"B"``; at a game scored per player (``players``,
    its engine's: belote for three or two), the seat's own player (seat 1
    is ``players[0]``)."""
    if players:
        return players[seat - 1]
    return "A" if seat % 2 == 1 else "B"


def hand_counts(result: HandResult) -> bool:
    """Whether a scored hand counts for statistics: neither a redeal nor annulled."""
    return result.outcome not in _NOT_PLAYED


# --------------------------------------------------------------------------
# Inputs: what the ORM provides
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayedHand:
    """One live hand of a match, as entered and as scored.

    - ``input``: the hand as entered (engine input: a ``HandInput`` at
      belote, a ``CoincheHand`` at coinche);
    - ``result``: the engine's result for it (``result.number`` is the hand's
      1-based position among the live hands of its match);
    - ``taker``: the key of the player who took, or ``None`` (a redeal, or a
      hand whose taker player is unknown);
    - ``belote_player``: the key of the player who held the belote, or
      ``None`` (no belote, or not recorded);
    - ``dealer``: the key of the player who dealt, or ``None`` if unknown
      (only the CSV export uses it).
    """

    input: HandInput | CoincheHand
    result: HandResult
    taker: Key | None = None
    belote_player: Key | None = None
    dealer: Key | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayedMatch:
    """One match of a table with its four players and its scored hands.

    - ``key``: the match's id (hashable; the exports write ``str(key)``);
    - ``played_on``: a ``date`` or ``datetime`` (one kind for all the matches
      given together): the date shown, and the order of "last matches";
    - ``seats``: the four player keys in seats 1-4 (all different); seats 1
      and 3 are team ``"A"``, 2 and 4 team ``"B"``; at a game scored per
      player (``game_players``), one key per player, each his own side;
    - ``team_names``: the names of the sides in order (team A and team B,
      or each player's);
    - ``game``: a game of the registry (:class:`scoring.Game`);
    - ``result``: the engine's result of the whole match;
    - ``hands``: the live hands in order, ``hands[i].result is
      result.hands[i]`` (or equal to it);
    - ``game_players``: the game's players (its engine's), ``()`` for two teams.

    Raises ``ValueError`` if ``seats`` are not four (or one per player)
    different keys.
    """

    key: Hashable
    played_on: date | datetime
    seats: tuple[Key, ...]
    result: MatchResult
    hands: tuple[PlayedHand, ...] = ()
    team_names: tuple[str, ...] = ("A", "B")
    game: str = DEFAULT_GAME
    game_players: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        count = len(self.game_players) or 4
        if len(self.seats) != count or len(set(self.seats)) != count:
            many = {4: "four", 3: "three", 2: "two"}.get(count, str(count))
            raise ValueError(f"match {self.key!r}: seats must be {many} different players")

    @property
    def sides(self) -> tuple[str, ...]:
        """The match's sides in order: the teams ``("A", "B")``, or the players."""
        return self.game_players or ("A", "B")

    def team_of(self, player: Key) -> str | None:
        """The side (``"A"``/``"B"``, or a player's) of ``player`` in this match, or ``None``."""
        for seat, key in enumerate(self.seats, start=1):
            if key == player:
                return seat_team(seat, self.game_players)
        return None

    def players(self, team: str) -> tuple[Key, ...]:
        """The players of side ``team``: seats (1, 3) for A, (2, 4) for B; the
        one player of a game scored per player."""
        return _team_players(self.seats, team, self.game_players)


def build_match(
    *,
    key: Hashable,
    played_on: date | datetime,
    seats: Sequence[Key],
    rules: Rules | CoincheRules,
    hands: Sequence[HandInput] | Sequence[CoincheHand],
    taker_seats: Sequence[int | None] | None = None,
    belote_seats: Sequence[int | None] | None = None,
    first_dealer: int | None = None,
    team_names: tuple[str, ...] = ("A", "B"),
) -> PlayedMatch:
    """Score ``hands`` with the engine and build the :class:`PlayedMatch`.

    The way the ORM stores a match: the players by seat, and per hand the
    seat (1-4) of the taker and of the belote holder (``None`` when unknown;
    the sequences, when given, have one entry per hand). ``first_dealer`` is
    the seat that dealt hand 1; the deal then passes one seat per hand,
    redeals included (as ``Match.dealer_seat``). The game is the rules':
    coinche for :class:`scoring.CoincheRules` (with ``CoincheHand`` hands),
    belote otherwise. A game scored per player (belote for three or two) has
    one seat per player; its takers and belote holders are read from the
    hands (the seat sequences are ignored); ``team_names`` names every side.

    Raises ``scoring.MatchError`` for invalid hands, ``ValueError`` if a
    sequence has the wrong length or a seat is not on the team the hand
    names (a taker seat on the other team than ``taker``, a belote seat on
    the other team than ``belote``).
    """
    seats = tuple(seats)
    result = score_match(rules, list(hands))
    game = engine_for(rules).name  # the rules are valid: score_match said so
    players = ENGINES[game].players
    n = len(hands)
    takers = list(taker_seats) if taker_seats is not None else [None] * n
    belotes = list(belote_seats) if belote_seats is not None else [None] * n
    if len(takers) != n or len(belotes) != n:
        raise ValueError("taker_seats and belote_seats need one entry per hand")
    played: list[PlayedHand] = []
    for index, (hand, scored, taker_seat, belote_seat) in enumerate(
        zip(hands, result.hands, takers, belotes, strict=True)
    ):
        if players:
            # A game scored per player: its taker and belote are the players themselves.
            taker_seat = players.index(hand.taker) + 1 if hand.taker is not None else None
            belote_seat = players.index(hand.belote) + 1 if hand.belote is not None else None
        if taker_seat is not None and seat_team(taker_seat, players) != hand.taker:
            raise ValueError(f"hand {index + 1}: taker seat {taker_seat} is not on the taker team")
        if belote_seat is not None and seat_team(belote_seat, players) != hand.belote:
            raise ValueError(f"hand {index + 1}: belote seat {belote_seat} is not on that team")
        dealer = None
        if first_dealer is not None:
            dealer = seats[(first_dealer - 1 + index) % len(seats)]
        played.append(
            PlayedHand(
                input=hand,
                result=scored,
                taker=seats[taker_seat - 1] if taker_seat is not None else None,
                belote_player=seats[belote_seat - 1] if belote_seat is not None else None,
                dealer=dealer,
            )
        )
    return PlayedMatch(
        key=key,
        played_on=played_on,
        seats=seats,  # four (or one per player) different keys: checked by PlayedMatch
        team_names=tuple(team_names),
        game=game,
        result=result,
        hands=tuple(played),
        game_players=players,
    )


@dataclass(frozen=True, slots=True)
class HandTally:
    """One player's hand figures in one match (definitions in the module
    docstring): counts of counting hands, and ``points_taken``, the points of
    the player's team on the hands the player took."""

    hands_taken: int = 0
    contracts_made: int = 0
    dedans: int = 0
    litiges: int = 0
    capots_made: int = 0
    capots_suffered: int = 0
    belotes: int = 0
    points_taken: int = 0
    team_belotes: int = 0

    def __reduce__(self) -> tuple:
        # Pickled as its plain values: read back several times faster than a
        # frozen dataclass's field-by-field state (the cache holds hundreds).
        return (HandTally, astuple(self))


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchSummary:
    """All that :func:`player_stats` needs of a match, for its four players:
    a :class:`PlayedMatch` without its hands (:func:`summarize`). Small and
    plain, so that it can be kept per match version (a cache) instead of
    scoring every hand again.

    ``key``, ``played_on``, ``seats``, ``team_names``: as in
    :class:`PlayedMatch`; ``finished``, ``winner`` and ``totals`` (team A's
    and team B's, points; every player's at a game scored per player): the
    engine's result; ``tallies``: each seat's :class:`HandTally` (seats 1-4
    in order, or one per player); ``game`` and ``game_players`` as in
    :class:`PlayedMatch`; ``hands_played``: the match's counting hands;
    ``coinche``: each seat's :class:`CoincheTally` in a coinche match,
    ``None`` in a belote one.
    """

    key: Hashable
    played_on: date | datetime
    seats: tuple[Key, ...]
    team_names: tuple[str, ...]
    finished: bool
    winner: str | None
    totals: tuple[int, ...]
    tallies: tuple[HandTally, ...]
    game: str = DEFAULT_GAME
    hands_played: int = 0
    coinche: tuple[CoincheTally, CoincheTally, CoincheTally, CoincheTally] | None = None
    game_players: tuple[str, ...] = ()

    def __reduce__(self) -> tuple:
        # As HandTally: pickled as plain values (see there).
        return (_summary, tuple(getattr(self, name) for name in _SUMMARY_FIELDS))


@dataclass(frozen=True, slots=True)
class CoincheTally:
    """One player's coinche figures in one coinche match (definitions in the
    module docstring): ``bids_taken`` and ``bids_made``, one count per bid of
    :data:`scoring.BIDS` in its order (80 ... 180, capot, générale), and
    ``coinches_won`` / ``coinches_lost``."""

    bids_taken: tuple[int, ...] = (0,) * len(BIDS)
    bids_made: tuple[int, ...] = (0,) * len(BIDS)
    coinches_won: int = 0
    coinches_lost: int = 0

    def __reduce__(self) -> tuple:
        # As HandTally: pickled as plain values.
        return (CoincheTally, astuple(self))


def _summary(*values: Any) -> MatchSummary:
    """A :class:`MatchSummary` from its field values in order (unpickling)."""
    return MatchSummary(**dict(zip(_SUMMARY_FIELDS, values, strict=True)))


_SUMMARY_FIELDS = tuple(MatchSummary.__dataclass_fields__)


def summarize(match: PlayedMatch) -> MatchSummary:
    """The :class:`MatchSummary` of ``match``: one pass over its hands."""
    # Per seat: taken, made, dedans, litiges, capots made, suffered, belotes,
    # points, team belotes (HandTally's order).
    seats = range(len(match.seats))
    players = match.game_players
    counts = [[0] * 9 for _ in seats]
    seat_of = {key: index for index, key in enumerate(match.seats)}
    # A game whose contracts have bids (coinche): its figures by bid, and its coinches.
    coinche = bool(ENGINES[match.game].bids)
    # Coinche only, per seat: bids taken, bids made (by place in BIDS), coinches won, lost.
    taken_bids = [[0] * len(BIDS) for _ in range(4)]
    made_bids = [[0] * len(BIDS) for _ in range(4)]
    coinches = [[0, 0] for _ in range(4)]
    played = 0
    for hand in match.hands:
        if not hand_counts(hand.result):
            continue
        played += 1
        if coinche:
            _count_coinche(hand, seat_of, taken_bids, made_bids, coinches)
        # A belote table's capot and belote; a game without them has none.
        capot = getattr(hand.input, "capot", None)
        if capot is not None:
            for index in seats:
                counts[index][4 if seat_team(index + 1, players) == capot else 5] += 1
        if hand.belote_player is not None and hand.belote_player in seat_of:
            counts[seat_of[hand.belote_player]][6] += 1
        belote = getattr(hand.input, "belote", None)
        if belote is not None:
            for index in seats:
                counts[index][8] += seat_team(index + 1, players) == belote
        if hand.taker is not None and hand.taker in seat_of:
            taker = counts[seat_of[hand.taker]]
            side = seat_team(seat_of[hand.taker] + 1, players)
            taker[0] += 1
            taker[7] += hand.result.score[side]
            outcome = hand.result.outcome
            if outcome is Outcome.MADE:
                taker[1] += 1
            elif outcome is Outcome.DEDANS or _fell(hand, side):
                taker[2] += 1
            elif outcome is Outcome.LITIGE:
                taker[3] += 1
    result = match.result
    return MatchSummary(
        key=match.key,
        played_on=match.played_on,
        seats=match.seats,
        team_names=match.team_names,
        finished=result.finished,
        winner=result.winner,
        totals=tuple(result.totals[side] for side in match.sides),
        tallies=tuple(HandTally(*seat) for seat in counts),  # type: ignore[arg-type]
        game=match.game,
        hands_played=played,
        coinche=tuple(  # type: ignore[arg-type]
            CoincheTally(tuple(taken_bids[i]), tuple(made_bids[i]), *coinches[i]) for i in range(4)
        )
        if coinche
        else None,
        game_players=players,
    )


def _fell(hand: PlayedHand, team: str) -> bool:
    """Whether the taker's ``team`` lost a hand whose outcome is its game's
    own (its taker's team lost the hand): counted as a
    belote taker's dedans. The kernel's outcomes are counted by name."""
    result = hand.result
    return (
        not isinstance(result.outcome, Outcome)
        and result.winner is not None
        and result.winner != team
    )


def _count_coinche(
    hand: PlayedHand,
    seat_of: dict[Key, int],
    taken_bids: list[list[int]],
    made_bids: list[list[int]],
    coinches: list[list[int]],
) -> None:
    """Add a counting coinche hand to the per-seat counts of :func:`summarize`."""
    given = hand.input
    made = hand.result.outcome is Outcome.MADE
    if hand.taker is not None and hand.taker in seat_of:
        seat, bid = seat_of[hand.taker], _BID_INDEX[given.bid]  # type: ignore[union-attr]
        taken_bids[seat][bid] += 1
        made_bids[seat][bid] += made
    if getattr(given, "coinche", None) is not None:
        # The coinche goes to the team that scored the contract.
        winner = given.taker if made else ("B" if given.taker == "A" else "A")
        for index in range(4):
            coinches[index][0 if seat_team(index + 1) == winner else 1] += 1


# --------------------------------------------------------------------------
# Outputs
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Record:
    """A player's results with or against ``player``, in finished matches.

    ``played``: matches together (partner) or against (opponent); ``won``:
    those the player won.
    """

    player: Key
    played: int
    won: int

    @property
    def win_rate(self) -> float | None:
        """``won / played`` (0.0-1.0), ``None`` when ``played`` is 0."""
        return self.won / self.played if self.played else None


@dataclass(frozen=True, slots=True)
class MatchLine:
    """One match seen from one player.

    - ``team`` / ``team_name``: the player's team (``"A"``/``"B"``) and its name;
    - ``partner`` and ``opponents``: player keys (opponents in seat order);
      no partner (``None``) at a game scored per player, whose other
      players are all opponents;
    - ``score`` / ``score_against``: the running totals (points) of the
      player's team and of the other team after the last hand (at a game
      scored per player, the best of the other players');
    - ``finished``; ``won``: whether the player's team won, ``None`` while
      the match is not finished;
    - ``game``: ``"belote"`` or ``"coinche"``.
    """

    key: Hashable
    played_on: date | datetime
    team: str
    team_name: str
    partner: Key | None
    opponents: tuple[Key, ...]
    score: int
    score_against: int
    finished: bool
    won: bool | None
    game: str = DEFAULT_GAME


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
    docstring): the hand figures of :class:`PlayerStats` at coinche (no
    litige there), ``bids`` (:class:`BidRecord` of each bid taken at least
    once, in the order of :data:`scoring.BIDS`) and the coinches won and lost.
    """

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


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A player's statistics; every definition is in the module docstring.

    Counts of matches are over finished matches of both games
    (``matches_unfinished`` counts the others); counts of hands over every
    counting hand of the belote matches (``belote_hands`` of them);
    ``points_taken`` is the sum behind ``average_points_taken`` (points).
    ``coinche``: the figures of the coinche matches' hands, ``None`` when the
    player played no counting coinche hand. ``games``: the games of the
    player's matches (``"belote"`` first), finished or not.
    """

    player: Key
    matches_played: int = 0
    matches_won: int = 0
    matches_unfinished: int = 0
    hands_taken: int = 0
    contracts_made: int = 0
    dedans: int = 0
    litiges: int = 0
    capots_made: int = 0
    capots_suffered: int = 0
    belotes: int = 0
    team_belotes: int = 0
    points_taken: int = 0
    best_partner: Record | None = None
    toughest_opponents: tuple[Record, ...] = ()
    last_matches: tuple[MatchLine, ...] = field(default_factory=tuple)
    belote_hands: int = 0
    coinche: CoincheStats | None = None
    games: tuple[str, ...] = ()

    @property
    def win_rate(self) -> float | None:
        """Matches won / finished matches played (0.0-1.0), ``None`` if none."""
        return self.matches_won / self.matches_played if self.matches_played else None

    @property
    def average_points_taken(self) -> float | None:
        """Mean points of the player's team per hand taken, ``None`` if none."""
        return self.points_taken / self.hands_taken if self.hands_taken else None


# --------------------------------------------------------------------------
# Computation
# --------------------------------------------------------------------------


def _team_players(
    seats: Sequence[Key], team: str, players: tuple[str, ...] = ()
) -> tuple[Key, ...]:
    """The players of side ``team``: seats (1, 3) for A, (2, 4) for B; at a
    game scored per player (``players``), the one player of that side."""
    if players:
        return (seats[players.index(team)],)
    return (seats[0], seats[2]) if team == "A" else (seats[1], seats[3])


def players_of(matches: Iterable[PlayedMatch]) -> list[Key]:
    """Every player key seated in ``matches``, in order of first appearance."""
    seen: dict[Key, None] = {}
    for match in matches:
        for key in match.seats:
            seen.setdefault(key, None)
    return list(seen)


def player_stats(
    player: Key, matches: Iterable[PlayedMatch | MatchSummary], *, last: int = LAST_MATCHES
) -> PlayerStats:
    """The statistics of ``player`` over ``matches`` (any order): played
    matches, or their summaries (:func:`summarize`), or both.

    Matches ``player`` did not sit in are ignored. ``last`` is the number of
    last matches returned (newest first). One pass over the hands of the
    player's matches (none for a summary): linear in their number.
    """
    sums = _Sums()
    for match in matches:
        if player not in match.seats:
            continue
        summary = match if isinstance(match, MatchSummary) else summarize(match)
        sums.add(player, summary)
    return sums.stats(player, last)


@dataclass
class _Sums:
    """What :func:`player_stats` adds up over one player's matches."""

    played: int = 0
    won: int = 0
    unfinished: int = 0
    # The sums of the player's HandTally fields, in their order: of the games
    # without bids (belote), of the games with bids (coinche).
    totals: list[int] = field(default_factory=lambda: [0] * 9)
    contract_totals: list[int] = field(default_factory=lambda: [0] * 9)
    hands_played: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ENGINES, 0))
    games: set[str] = field(default_factory=set)
    bids_taken: list[int] = field(default_factory=lambda: [0] * len(BIDS))
    bids_made: list[int] = field(default_factory=lambda: [0] * len(BIDS))
    coinches_won: int = 0
    coinches_lost: int = 0
    # player key -> [played, won], in order of first meeting (dicts keep it).
    partners: dict[Key, list[int]] = field(default_factory=dict)
    opponents: dict[Key, list[int]] = field(default_factory=dict)
    lines: list[MatchLine] = field(default_factory=list)

    def add(self, player: Key, summary: MatchSummary) -> None:
        """Add a match of ``player``: its result, its line, its hands' figures."""
        seat = summary.seats.index(player) + 1
        players = summary.game_players
        team = seat_team(seat, players)
        sides = players or ("A", "B")
        if players:
            # Each for himself: no partner, every other player an opponent.
            partner = None
            theirs = tuple(key for key in summary.seats if key != player)
        else:
            mine = _team_players(summary.seats, team)
            partner = mine[1] if mine[0] == player else mine[0]
            theirs = _team_players(summary.seats, "B" if team == "A" else "A")
        has_won: bool | None = None
        if summary.finished:
            has_won = summary.winner == team
            self.played += 1
            self.won += has_won
            met = ((partner, self.partners),) if partner is not None else ()
            for key, table in (*met, *((o, self.opponents) for o in theirs)):
                record = table.setdefault(key, [0, 0])
                record[0] += 1
                record[1] += has_won
        else:
            self.unfinished += 1
        index = sides.index(team)
        mine_total = summary.totals[index]
        # The score to beat: the other team's, or the best of the other players'.
        theirs_total = max(total for i, total in enumerate(summary.totals) if i != index)
        self.lines.append(
            MatchLine(
                key=summary.key,
                played_on=summary.played_on,
                team=team,
                team_name=summary.team_names[index],
                partner=partner,
                opponents=theirs,
                score=mine_total,
                score_against=theirs_total,
                finished=summary.finished,
                won=has_won,
                game=summary.game,
            )
        )
        self._add_hands(summary, seat)

    def _add_hands(self, summary: MatchSummary, seat: int) -> None:
        """Add the figures of the player's hands in one match (seat ``seat``)."""
        self.games.add(summary.game)
        self.hands_played[summary.game] += summary.hands_played
        sums = self.totals
        if summary.coinche is not None:
            sums = self.contract_totals
            extra = summary.coinche[seat - 1]
            for index in range(len(BIDS)):
                self.bids_taken[index] += extra.bids_taken[index]
                self.bids_made[index] += extra.bids_made[index]
            self.coinches_won += extra.coinches_won
            self.coinches_lost += extra.coinches_lost
        for index, value in enumerate(astuple(summary.tallies[seat - 1])):
            sums[index] += value

    def _hands_of(self, with_bids: bool) -> int:
        """The counting hands of the games with bids, or of those without."""
        return sum(
            n for game, n in self.hands_played.items() if bool(ENGINES[game].bids) == with_bids
        )

    def _contracts(self) -> CoincheStats | None:
        """The figures of the hands of the games with bids (coinche), if any."""
        if not self._hands_of(True):
            return None
        c_taken, c_made, c_dedans, _, c_capots, c_suffered, c_belotes, c_points, c_team = (
            self.contract_totals
        )
        return CoincheStats(
            hands_played=self._hands_of(True),
            hands_taken=c_taken,
            contracts_made=c_made,
            dedans=c_dedans,
            capots_made=c_capots,
            capots_suffered=c_suffered,
            belotes=c_belotes,
            team_belotes=c_team,
            points_taken=c_points,
            bids=tuple(
                BidRecord(bid, self.bids_taken[index], self.bids_made[index])
                for index, bid in enumerate(BIDS)
                if self.bids_taken[index]
            ),
            coinches_won=self.coinches_won,
            coinches_lost=self.coinches_lost,
        )

    def _records(self) -> tuple[Record | None, tuple[Record, ...]]:
        """The best partner and the toughest opponents (module docstring)."""
        best: Record | None = None
        if self.won and self.partners:  # none from a game scored per player
            # max() keeps the first of equal items: the partner met first.
            key, (p_played, p_won) = max(self.partners.items(), key=lambda kv: (kv[1][1], kv[1][0]))
            best = Record(key, p_played, p_won)
        beaten_by = [
            (key, o_played, o_won)
            for key, (o_played, o_won) in self.opponents.items()
            if o_won < o_played
        ]
        # sorted() is stable: equal rates and counts keep the order of meeting.
        beaten_by.sort(key=lambda row: (row[2] / row[1], -row[1]))
        return best, tuple(Record(key, p, w) for key, p, w in beaten_by[:TOUGHEST_COUNT])

    def stats(self, player: Key, last: int) -> PlayerStats:
        """The :class:`PlayerStats` of what was added, ``last`` last matches."""
        taken, made, dedans, litiges, capots_made, capots_suffered, belotes, points, team = (
            self.totals
        )
        best, toughest = self._records()
        self.lines.sort(key=lambda line: line.played_on, reverse=True)
        return PlayerStats(
            player=player,
            matches_played=self.played,
            matches_won=self.won,
            matches_unfinished=self.unfinished,
            hands_taken=taken,
            contracts_made=made,
            dedans=dedans,
            litiges=litiges,
            capots_made=capots_made,
            capots_suffered=capots_suffered,
            belotes=belotes,
            team_belotes=team,
            points_taken=points,
            best_partner=best,
            toughest_opponents=toughest,
            last_matches=tuple(self.lines[:last]),
            belote_hands=self._hands_of(False),
            coinche=self._contracts(),
            games=tuple(game for game in ENGINES if game in self.games),
        )
