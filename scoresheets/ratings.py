"""A rating per player for a team game with changing partners (OpenSkill).

Pure Python: no Django, no I/O. :func:`compute_ratings` replays a table's
finished matches from scratch, in order, and returns every player's rating,
its history and the leaderboard. Same input, same output (no randomness, no
clock), so correcting a finished match is simply a recomputation.

Library: **OpenSkill** (``openskill`` on PyPI, MIT, 6.x), model
``PlackettLuce`` with its default parameters (mu 25, sigma 25/3, beta 25/6,
tau 25/300). Chosen over TrueSkill because:

- it is maintained (6.x, typed, with a compiled core, regular releases),
  while the ``trueskill`` package is stuck at 0.4.5, unreleased for years;
- it rates individuals inside teams: a team's strength is the sum of its
  players' ratings and each player's update is weighted by his own
  uncertainty, so a regular who carries changing partners rises while a
  newcomer's rating moves fast and settles, exactly what a table of friends
  with rotating partners needs (an average of team ratings would not credit
  individuals);
- it is MIT licensed and free of the Microsoft patent and trademark on
  TrueSkill;
- it is fast: 1,000 matches of 2 v 2 replay in about 50 ms.

What is rated: the winner of each finished match (ranks ``[0, 1]``; a drawn
match of K donnes, ``[0, 0]``, a tie). A game scored per player (belote for
three or two) is rated per player, free for all: each player a "team" of
one (OpenSkill's Plackett-Luce rates any number of teams), ranked by his
final total, the winner first (two players level share a rank); the
score margin is not used (a match to 1000 won by 1010-990 or 1010-200 is one
win), so that how teams play the end of a match does not distort ratings.

Figures (each player has a Gaussian belief of his skill, mean ``mu``,
standard deviation ``sigma``, both in OpenSkill units):

- ``ordinal = mu - 3 * sigma``: the conservative skill, the player's skill
  is at least this with 99.7 % confidence. A new player's is 0 (25 - 3 x 25/3).
- ``rating``, the displayed figure: ``DISPLAY_BASE + round(10 * ordinal)``,
  an integer that starts at 1000 for everyone and rises as the player wins
  *and* as the system becomes sure of him. The base (issue 20): a few early
  losses take the ordinal below 0, and a friends' table read "-14" and
  "-29" beside a newcomer's name as if he owed points; from 1000 (the habit
  of chess ratings) the order and the gaps are the same and no one is told
  a negative number (a figure below 0 would take some 100 straight losses;
  it is shown as 0). In a simulated table of 8 unequal players with
  rotating partners, after some 500 matches each, ratings spread from about
  1180 to 1230.
- ``estimate = DISPLAY_BASE + round(10 * mu)`` and ``uncertainty = round(10
  * 3 * sigma)``: the best guess and its margin, ``rating ~ estimate -
  uncertainty``; shown as "estimate ± uncertainty" it tells honestly how
  little is known of a new player (1250 ± 250 at first).
- ``provisional``: fewer than :data:`PROVISIONAL_MATCHES` rated matches or
  ``sigma`` above :data:`PROVISIONAL_SIGMA`. With win/lose only, sigma falls
  slowly (simulated table of 8 rotating players: about 7.3 after 10 matches
  each, 5.9 after 25, 4.5 after 50), so in practice the match count decides;
  the sigma bound guards other model settings.

The leaderboard sorts by ``ordinal`` (highest first), then by matches rated
(most first), then by first appearance; ranks are 1-based positions.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime

from openskill.models import PlackettLuce, PlackettLuceRating

from scoresheets.stats import Key, PlayedMatch

__all__ = [
    "DISPLAY_BASE",
    "DISPLAY_SCALE",
    "PROVISIONAL_MATCHES",
    "PROVISIONAL_SIGMA",
    "PlayerRating",
    "RatedMatch",
    "RatingPoint",
    "Ratings",
    "compute_ratings",
    "rated_matches",
    "win_probability",
]

DISPLAY_SCALE = 10
DISPLAY_BASE = 1000  # what everyone's shown rating starts at (module docstring)
PROVISIONAL_MATCHES = 10
PROVISIONAL_SIGMA = 7.5  # 90 % of the initial 25/3
_Z = 3.0  # ordinal = mu - 3 sigma

_MODEL = PlackettLuce()  # stateless apart from its fixed parameters


def _display(value: float) -> int:
    """A skill in OpenSkill units as shown: from ``DISPLAY_BASE``, never below 0."""
    return max(0, DISPLAY_BASE + round(DISPLAY_SCALE * value))


def _margin(value: float) -> int:
    """A width in OpenSkill units (an uncertainty) as shown."""
    return round(DISPLAY_SCALE * value)


# --------------------------------------------------------------------------
# Input
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class RatedMatch:
    """A finished match as the rating needs it.

    ``team_a`` / ``team_b``: the two player keys of each team (seats 1 & 3,
    2 & 4); ``winner``: ``"A"`` or ``"B"``, or ``""`` for a drawn match (a
    match of K donnes that ends level, FORMAT rule ``donnes``: a tie for the
    model, a win for nobody); ``played_on`` is carried into the history.

    A game scored per player: ``team_a``, ``team_b`` (and ``team_c`` at
    three) are one player each, ``winner`` one of them (``"C"`` too), and
    ``ranks`` each side's place (0 first; equal places a tie), from the
    final totals. Without ``ranks`` the winner is first, the rest level.

    Raises ``ValueError`` on another winner, players that are not four
    different keys in two teams (or 2 or 3 different players alone), or
    ranks that are not one per side.
    """

    key: Hashable
    played_on: date | datetime
    team_a: tuple[Key, ...]
    team_b: tuple[Key, ...]
    winner: str
    team_c: tuple[Key, ...] = ()
    ranks: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        alone = len(self.team_a) == 1
        if self.winner not in ("A", "B", "C" if self.team_c else "B", ""):
            raise ValueError(f"match {self.key!r}: winner must be 'A', 'B' or '' (a draw)")
        players = (*self.team_a, *self.team_b, *self.team_c)
        if alone:
            ok = all(len(t) == 1 for t in self.teams) and len(set(players)) == len(players)
            if not ok:
                raise ValueError(f"match {self.key!r}: players alone must be different players")
        elif self.team_c or len(players) != 4 or len(set(players)) != 4:
            raise ValueError(f"match {self.key!r}: teams must be four different players")
        if self.ranks and len(self.ranks) != len(self.teams):
            raise ValueError(f"match {self.key!r}: one rank per side")

    @property
    def teams(self) -> tuple[tuple[Key, ...], ...]:
        """The sides in order: the two teams, or each player alone."""
        return (self.team_a, self.team_b, *((self.team_c,) if self.team_c else ()))

    def side_ranks(self) -> list[int]:
        """Each side's rank for the model (0 first, equal a tie): ``ranks``,
        else the winner first and the others level (a draw: all level)."""
        if self.ranks:
            return list(self.ranks)
        sides = "ABC"[: len(self.teams)]
        if not self.winner:
            return [0] * len(sides)
        return [0 if side == self.winner else 1 for side in sides]


def rated_matches(matches: Iterable[PlayedMatch]) -> list[RatedMatch]:
    """The finished ones of ``matches``, as :class:`RatedMatch`, oldest first.

    Sorted by ``played_on`` (stable: equal dates keep the input order; give
    the ORM rows ordered by date then id for a fixed order). ``played_on``
    should be when the match was decided (its last hand), the moment it
    could change ratings.
    """
    rated = [_rated(m) for m in matches if m.result.finished]
    rated.sort(key=lambda m: m.played_on)
    return rated


def _rated(match: PlayedMatch) -> RatedMatch:
    """A finished match as :class:`RatedMatch`: its two teams, or at a game
    scored per player each player alone, ranked by his final total."""
    sides = match.sides
    totals = [match.result.totals[side] for side in sides]
    levels = sorted(set(totals), reverse=True)
    teams = [match.players(side) for side in sides]
    return RatedMatch(
        key=match.key,
        played_on=match.played_on,
        team_a=teams[0],
        team_b=teams[1],
        team_c=teams[2] if len(teams) > 2 else (),
        winner=match.result.winner or "",  # finished: a side, or "" drawn
        ranks=tuple(levels.index(total) for total in totals) if match.game_players else (),
    )


# --------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """A player's rating right after the rated match ``match_key``.

    ``mu`` / ``sigma`` in OpenSkill units; ``rating`` (conservative) and
    ``estimate`` are the displayed figures (see the module docstring).
    """

    match_key: Hashable
    played_on: date | datetime
    mu: float
    sigma: float
    rating: int
    estimate: int


@dataclass(frozen=True, slots=True)
class PlayerRating:
    """One player's current rating (module docstring for every figure).

    - ``mu``, ``sigma``, ``ordinal`` (= mu - 3 sigma): OpenSkill units;
    - ``rating``, ``estimate``, ``uncertainty``: displayed integers;
    - ``matches`` / ``wins``: matches rated / won;
    - ``history``: one :class:`RatingPoint` per rated match, oldest first;
    - ``provisional``: too few matches or too uncertain to trust the rank;
    - ``rank``: 1-based place in the leaderboard.
    """

    player: Key
    mu: float
    sigma: float
    ordinal: float
    rating: int
    estimate: int
    uncertainty: int
    matches: int
    wins: int
    provisional: bool
    rank: int
    history: tuple[RatingPoint, ...]


@dataclass(frozen=True, slots=True)
class Ratings:
    """Every rated player: ``players`` by key, and ``leaderboard`` by rank."""

    players: Mapping[Key, PlayerRating]
    leaderboard: tuple[PlayerRating, ...]

    def get(self, player: Key) -> PlayerRating | None:
        """``player``'s rating, or ``None`` if he has no finished match."""
        return self.players.get(player)


# --------------------------------------------------------------------------
# Computation
# --------------------------------------------------------------------------


def compute_ratings(
    matches: Sequence[RatedMatch],
    *,
    provisional_matches: int = PROVISIONAL_MATCHES,
    provisional_sigma: float = PROVISIONAL_SIGMA,
) -> Ratings:
    """Replay ``matches`` (finished, oldest first) from scratch; rate everyone.

    Every player starts at the model's default (mu 25, sigma 25/3); each
    match updates the four players with OpenSkill's Plackett-Luce rule, the
    winning team ranked first; a match of a game scored per player updates
    its 3 or 2 players, each a team of one, ranked by their totals. Players
    who appear in no match are not in the result. Linear in the number of
    matches: about 50 ms for 1,000 matches of 8 players with rotating
    partners (measured on the dev machine).
    """
    current: dict[Key, PlackettLuceRating] = {}
    history: dict[Key, list[RatingPoint]] = {}
    wins: dict[Key, int] = {}
    for match in matches:
        teams = match.teams
        for key in (key for team in teams for key in team):
            if key not in current:
                current[key] = _MODEL.rating()
                history[key] = []
                wins[key] = 0
        ranks = match.side_ranks()  # [0, 1], [1, 0]; [0, 0]: a draw; per player by totals
        rated = _MODEL.rate([[current[k] for k in team] for team in teams], ranks=ranks)
        winners = [match.winner == side for side in "ABC"[: len(teams)]]
        for keys, new, won in zip(teams, rated, winners, strict=True):
            for key, rating in zip(keys, new, strict=True):
                current[key] = rating
                wins[key] += won
                history[key].append(
                    RatingPoint(
                        match_key=match.key,
                        played_on=match.played_on,
                        mu=rating.mu,
                        sigma=rating.sigma,
                        rating=_display(rating.mu - _Z * rating.sigma),
                        estimate=_display(rating.mu),
                    )
                )

    # Python's sort is stable: equal ordinals and counts keep first appearance.
    order = sorted(
        current, key=lambda k: (-(current[k].mu - _Z * current[k].sigma), -len(history[k]))
    )
    players: dict[Key, PlayerRating] = {}
    rank, previous = 0, None
    for position, key in enumerate(order, start=1):
        rating = current[key]
        ordinal = rating.mu - _Z * rating.sigma
        if _display(ordinal) != previous:  # equal shown ratings share a rank: 1, 2, 2, 4
            rank, previous = position, _display(ordinal)
        played = len(history[key])
        players[key] = PlayerRating(
            player=key,
            mu=rating.mu,
            sigma=rating.sigma,
            ordinal=ordinal,
            rating=_display(ordinal),
            estimate=_display(rating.mu),
            uncertainty=_margin(_Z * rating.sigma),
            matches=played,
            wins=wins[key],
            provisional=played < provisional_matches or rating.sigma > provisional_sigma,
            rank=rank,
            history=tuple(history[key]),
        )
    return Ratings(players=players, leaderboard=tuple(players.values()))


def win_probability(ratings: Ratings, team_a: Sequence[Key], team_b: Sequence[Key]) -> float:
    """The model's probability (0.0-1.0) that ``team_a`` beats ``team_b``.

    Players without a rating count as new players (default mu and sigma).
    """

    def belief(key: Key) -> PlackettLuceRating:
        known = ratings.get(key)
        if known is None:
            return _MODEL.rating()
        return _MODEL.rating(mu=known.mu, sigma=known.sigma)

    p_a, _p_b = _MODEL.predict_win([[belief(k) for k in team_a], [belief(k) for k in team_b]])
    return p_a
