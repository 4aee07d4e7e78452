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
  only (``result.finished``), of every game: a win is a win, as in the
  ranking. A match in progress has no result yet, and an abandoned one
  never will; counting it as lost (or not) would be a guess.
- *Hand figures*: each game's own, in its terms (issue 29): every counting
  hand of every match of that game, finished or not, goes to its game's
  tally (its package's ``stats.py``, ``FIGURES``: a
  :class:`~scoresheets.scoring.figures.PlayerFigures`, which defines its
  figures in its docstring: belote's hands taken, dedans and litiges,
  another game's in its own terms...). A hand that was
  played and scored is a fact about the player whether or not the match
  was finished; leaving out abandoned matches would hide real play (and
  the last evening's match in progress). The games' figures are never
  added together: a coinche hand is scored so differently from a belote
  one (a made 100 coinched is worth 520) that an average over both games
  would describe neither. :meth:`PlayerStats.figures` gives one game's,
  ``None`` when the player played no counting hand of it.
- *Hands played* (each game's figures' ``hands_played``): the counting
  hands of the player's matches of that game, whoever took.
- *Best partner*: among the partners of the player's finished matches, the
  one with the most wins together; ties go to the most matches together, then
  to the partner met first (input order). ``None`` when the player won no
  finished match: nobody "carried" anybody yet. A game scored per player
  has no partner: every other player is an opponent.
- *Toughest opponents*: the opponents of the player's finished matches whom
  the player lost to at least once, by the player's win rate against them
  (lowest first); ties go to the most matches against, then to the opponent
  met first. At most three (:data:`TOUGHEST_COUNT`). An opponent the player
  always beat is not "tough" and is left out.
- *Last matches*: the player's matches (finished or not), newest first by
  ``played_on`` (equal dates keep the input order), at most
  :data:`LAST_MATCHES` of them, each with the player's side of the result.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from scoresheets.scoring import (
    DEFAULT_GAME,
    ENGINES,
    FIGURES,
    HandResult,
    MatchResult,
    Outcome,
    SeatedHand,
    engine_for,
    score_match,
)

__all__ = [
    "LAST_MATCHES",
    "TOUGHEST_COUNT",
    "Key",
    "MatchLine",
    "MatchSummary",
    "PlayedHand",
    "PlayedMatch",
    "PlayerStats",
    "Record",
    "blank_figures",
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

    - ``input``: the hand as entered (its game's hand type: a ``HandInput``
      at belote, a ``CoincheHand`` at coinche...);
    - ``result``: the engine's result for it (``result.number`` is the hand's
      1-based position among the live hands of its match);
    - ``taker``: the key of the player who took (who bought, announced,
      plays: the game's taker), or ``None`` (a redeal, or a hand whose
      taker player is unknown);
    - ``belote_player``: the key of the player who held the belote, or
      ``None`` (no belote, or not recorded);
    - ``dealer``: the key of the player who dealt, or ``None`` if unknown.
    """

    input: Any
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
    rules: Any,
    hands: Sequence[Any],
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
    redeals included (as ``Match.dealer_seat``). The game is the rules'
    (:func:`scoring.engine_for`: belote's ``Rules`` with ``HandInput``
    hands, ``CoincheRules`` with ``CoincheHand`` hands...). A game scored
    per player (belote for three or two) has one seat per player; its
    takers and belote holders are read from the hands (the seat sequences
    are ignored); ``team_names`` names every side.

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


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchSummary:
    """All that :func:`player_stats` needs of a match, for its players: a
    :class:`PlayedMatch` without its hands (:func:`summarize`). Small and
    plain, so that it can be kept per match version (a cache) instead of
    scoring every hand again.

    ``key``, ``played_on``, ``seats``, ``team_names``: as in
    :class:`PlayedMatch`; ``finished``, ``winner`` and ``totals`` (team A's
    and team B's, points; every player's at a game scored per player): the
    engine's result; ``tallies``: each seat's counts of its game's figures
    (seats 1-4 in order, or one per player; each a tuple of integers in the
    order of the game's ``FIGURES.names``); ``game`` and ``game_players`` as
    in :class:`PlayedMatch`; ``hands_played``: the match's counting hands.
    """

    key: Hashable
    played_on: date | datetime
    seats: tuple[Key, ...]
    team_names: tuple[str, ...]
    finished: bool
    winner: str | None
    totals: tuple[int, ...]
    tallies: tuple[tuple[int, ...], ...]
    game: str = DEFAULT_GAME
    hands_played: int = 0
    game_players: tuple[str, ...] = ()

    def __reduce__(self) -> tuple:
        # Pickled as its plain values: read back several times faster than a
        # frozen dataclass's field-by-field state (the cache holds hundreds).
        return (_summary, tuple(getattr(self, name) for name in _SUMMARY_FIELDS))


def _summary(*values: Any) -> MatchSummary:
    """A :class:`MatchSummary` from its field values in order (unpickling)."""
    return MatchSummary(**dict(zip(_SUMMARY_FIELDS, values, strict=True)))


_SUMMARY_FIELDS = tuple(MatchSummary.__dataclass_fields__)


def summarize(match: PlayedMatch) -> MatchSummary:
    """The :class:`MatchSummary` of ``match``: one pass over its hands, each
    counting hand given to its game's tally (``FIGURES[match.game]``)."""
    figures = FIGURES[match.game]
    sides = tuple(seat_team(seat, match.game_players) for seat in range(1, len(match.seats) + 1))
    counts = [[0] * len(figures.names) for _ in sides]
    seat_of = {key: index for index, key in enumerate(match.seats)}
    played = 0
    for hand in match.hands:
        if not hand_counts(hand.result):
            continue
        played += 1
        figures.tally(
            SeatedHand(
                input=hand.input,
                result=hand.result,
                sides=sides,
                taker=seat_of.get(hand.taker),
                belote=seat_of.get(hand.belote_player),
                dealer=seat_of.get(hand.dealer),
            ),
            counts,
        )
    result = match.result
    return MatchSummary(
        key=match.key,
        played_on=match.played_on,
        seats=match.seats,
        team_names=match.team_names,
        finished=result.finished,
        winner=result.winner,
        totals=tuple(result.totals[side] for side in match.sides),
        tallies=tuple(tuple(seat) for seat in counts),
        game=match.game,
        hands_played=played,
        game_players=match.game_players,
    )


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
    - ``game``: the match's game (``"belote"``, ``"coinche"``...).
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
class PlayerStats:
    """A player's statistics; every definition is in the module docstring.

    Counts of matches are over finished matches of every game
    (``matches_unfinished`` counts the others). ``games``: the games of the
    player's matches (in the registry's order), finished or not.
    ``by_game``: each game of which the player played a counting hand, in
    the registry's order, with its figures (the game's own object, from its
    ``FIGURES.build``): read one with :meth:`figures`.

    The figures read by name, as before each game had its own (issue 29):
    ``stats.coinche`` is :meth:`figures` of the game of that name, and a
    name that is no game (``stats.hands_taken``, ``stats.belote_hands``)
    is that figure of the default game's (:func:`blank_figures` when the
    player played none of its hands).
    """

    player: Key
    matches_played: int = 0
    matches_won: int = 0
    matches_unfinished: int = 0
    best_partner: Record | None = None
    toughest_opponents: tuple[Record, ...] = ()
    last_matches: tuple[MatchLine, ...] = field(default_factory=tuple)
    games: tuple[str, ...] = ()
    by_game: tuple[tuple[str, Any], ...] = ()

    @property
    def win_rate(self) -> float | None:
        """Matches won / finished matches played (0.0-1.0), ``None`` if none."""
        return self.matches_won / self.matches_played if self.matches_played else None

    def figures(self, game: str) -> Any | None:
        """The player's figures of ``game`` (its ``FIGURES.build``'s object),
        ``None`` when he played no counting hand of it."""
        return next((figures for name, figures in self.by_game if name == game), None)

    def __getattr__(self, name: str) -> Any:
        # Only called for a name that is no field nor property (the class docstring).
        if name.startswith("_"):
            raise AttributeError(name)
        if name in ENGINES:
            return self.figures(name)
        default = self.figures(DEFAULT_GAME) or blank_figures(DEFAULT_GAME)
        try:
            return getattr(default, name)
        except AttributeError:
            raise AttributeError(f"{type(self).__name__!r} has no attribute {name!r}") from None


def blank_figures(game: str) -> Any:
    """The figures of ``game`` of a player who played no counting hand of it
    (its ``FIGURES.empty()``: zeros, and no average)."""
    return FIGURES[game].empty()


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
    games: set[str] = field(default_factory=set)
    # Per game: its counting hands, then the sums of the player's counts of
    # its figures (in the order of its FIGURES.names).
    hands: dict[str, list[int]] = field(default_factory=dict)
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
        tally = summary.tallies[seat - 1]
        sums = self.hands.setdefault(summary.game, [0] * (1 + len(tally)))
        sums[0] += summary.hands_played
        for index, value in enumerate(tally, start=1):
            sums[index] += value

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
        best, toughest = self._records()
        self.lines.sort(key=lambda line: line.played_on, reverse=True)
        return PlayerStats(
            player=player,
            matches_played=self.played,
            matches_won=self.won,
            matches_unfinished=self.unfinished,
            best_partner=best,
            toughest_opponents=toughest,
            last_matches=tuple(self.lines[:last]),
            games=tuple(game for game in ENGINES if game in self.games),
            by_game=tuple(
                (game, FIGURES[game].build(sums[0], tuple(sums[1:])))
                for game in ENGINES
                if (sums := self.hands.get(game)) and sums[0]
            ),
        )
