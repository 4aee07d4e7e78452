"""A knockout concours ("coupe", خروج المغلوب): its bracket (docs/concours.md, 7).

Pure Python, no Django, no I/O; the only chance comes from the
``random.Random`` passed in (:func:`draw_bracket`), as in ``pairing``.

- :func:`draw_bracket`: the random draw of the teams (their order drawn);
- :func:`slots`: the draw placed into a bracket of the next power of two,
  the first-drawn teams on the standard seeding positions, so that the byes
  (the places past the last team) meet the first-drawn teams, never each
  other, spread over the halves and quarters (7.1);
- :func:`parse_bracket`: the **bracket document** (7.2) parsed and checked
  into a :class:`Bracket` (every tie of every round, its teams, matches and
  winner), or ``MatchError`` with one :class:`~scoresheets.scoring.Problem`
  a problem (``field`` a 1-based path, such as ``ties[3].matches[2].points``);
- :func:`outcome_document`: the outcome (7.3) that ``rank_concours`` prints
  for a bracket document: champion, runner-up, third, each team's round.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from scoresheets.concours.document import (
    _MISSING,
    DEFAULT_GAME,
    FREE_KEYS,
    GAME_FACTS,
    MAX_NAME,
    MAX_NUMBER,
    MAX_POINTS,
    Format,
    Game,
    Length,
    _choice,
    _int,
    _is_int,
    _length,
    _list,
    _object,
    _problem,
    _string,
)
from scoresheets.scoring import MatchError, Problem

__all__ = [
    "BEST_OF",
    "MAX_MATCHES",
    "MAX_TEAMS",
    "Bracket",
    "KnockoutSettings",
    "Match",
    "Team",
    "Tie",
    "draw_bracket",
    "first_round_tables",
    "outcome_document",
    "parse_bracket",
    "round_name",
    "rounds_for",
    "seed_positions",
    "slots",
]

MAX_TEAMS = 256  # 8 rounds: far above a club's night (a Baloot cup has 64 teams)
BEST_OF = (1, 3)  # one match a tie, or the first to two wins
MAX_MATCHES = 9  # a tie's matches, drawn matches replayed included

DEFAULT_LENGTH = GAME_FACTS[DEFAULT_GAME].length  # belote's 12 donnes

# The settings of a parties concours (1.2) that a knockout has not.
PARTIES_ONLY = ("mode", "parties", "last_length", "ranking", "win_points", "tiebreaks", "bye")
SETTINGS_KEYS = ("game", "format", "length", "best_of", "third_place", *PARTIES_ONLY)
TOP_KEYS = ("settings", "teams", "draw", "ties", *FREE_KEYS)


@dataclass(frozen=True)
class KnockoutSettings:
    """A bracket document's ``settings`` with its defaults (7.2)."""

    game: Game = DEFAULT_GAME
    length: Length = DEFAULT_LENGTH
    best_of: int = 1
    third_place: bool = False

    @property
    def wins_needed(self) -> int:
        """Matches a team must win to take a tie: 1, or 2 of 3."""
        return self.best_of // 2 + 1


@dataclass(frozen=True)
class Team:
    """A team of the bracket (7.2): its number, name and players."""

    number: int
    name: str | None = None
    players: tuple[str, ...] = ()


@dataclass(frozen=True)
class Match:
    """One match of a tie: the tie's teams' ``points`` (in the tie's order),
    ``finished``, and ``winner``: the team that won it, ``None`` while it
    plays or for a drawn match (replayed)."""

    points: tuple[int, int] = (0, 0)
    finished: bool = False
    winner: int | None = None


@dataclass(frozen=True)
class Tie:
    """Tie ``tie`` (1-based, top of the bracket first) of round ``round``.

    ``teams``: its two places, a team number or ``None`` (not known yet:
    the winner of a tie still to play; or, with ``bye``, no team: the other
    goes through at once). ``table``: the hall's table where it is played
    (7.1), ``None`` for a bye. ``matches``: those played or playing, in
    order. ``winner`` and ``loser`` once decided. ``third_place``: the match
    for third place between the semi-finals' losers (round of the final,
    tie 2)."""

    round: int
    tie: int
    teams: tuple[int | None, int | None]
    table: int | None = None
    bye: bool = False
    matches: tuple[Match, ...] = ()
    winner: int | None = None
    third_place: bool = False

    @property
    def ready(self) -> bool:
        """Whether both teams are known and it is no bye: it is to be played."""
        return not self.bye and None not in self.teams

    @property
    def decided(self) -> bool:
        return self.winner is not None

    @property
    def loser(self) -> int | None:
        """The team that lost it (``None`` until decided, and for a bye)."""
        if self.winner is None or self.bye:
            return None
        a, b = self.teams
        return b if self.winner == a else a

    @property
    def wins(self) -> tuple[int, int]:
        """The matches each team won."""
        a, b = self.teams
        return (
            sum(1 for m in self.matches if m.winner is not None and m.winner == a),
            sum(1 for m in self.matches if m.winner is not None and m.winner == b),
        )

    @property
    def playing(self) -> bool:
        """Whether one of its matches is under way."""
        return any(not m.finished for m in self.matches)

    @property
    def needs_match(self) -> bool:
        """Whether its next match is to be created: ready, not decided,
        none playing (its first; the next of a best of three; a drawn
        match's replay)."""
        return self.ready and not self.decided and not self.playing


@dataclass(frozen=True)
class Bracket:
    """A valid bracket document (7.2) and every tie it implies (7.1)."""

    settings: KnockoutSettings = field(default_factory=KnockoutSettings)
    teams: tuple[Team, ...] = ()
    draw: tuple[int, ...] = ()
    ties: tuple[Tie, ...] = ()

    @property
    def rounds(self) -> int:
        """The number of rounds, the final's number (0 before the draw)."""
        return rounds_for(len(self.draw)) if self.draw else 0

    def tie(self, round: int, tie: int) -> Tie | None:
        return next((t for t in self.ties if (t.round, t.tie) == (round, tie)), None)

    def round_ties(self, round: int) -> list[Tie]:
        """The ties of ``round`` (the third-place match not included)."""
        return [t for t in self.ties if t.round == round and not t.third_place]

    @property
    def third_place_tie(self) -> Tie | None:
        return next((t for t in self.ties if t.third_place), None)

    @property
    def final(self) -> Tie | None:
        return self.tie(self.rounds, 1) if self.draw else None

    @property
    def finished(self) -> bool:
        """The final decided, and the third-place match if there is one."""
        third = self.third_place_tie
        final = self.final
        return bool(final and final.decided and (third is None or third.decided))

    def to_play(self) -> list[Tie]:
        """The ties whose next match is to be created (:attr:`Tie.needs_match`)."""
        return [t for t in self.ties if t.needs_match]

    def team(self, number: int) -> Team | None:
        return next((t for t in self.teams if t.number == number), None)


# --------------------------------------------------------------------------
# The draw and the bracket's shape (7.1)
# --------------------------------------------------------------------------


def rounds_for(teams: int) -> int:
    """The rounds of a knockout of ``teams`` teams (>= 2): log2 of the next
    power of two (6 teams: 3, quarter-finals to the final)."""
    return max(1, (teams - 1).bit_length())


def seed_positions(size: int) -> list[int]:
    """The standard seeding positions of a bracket of ``size`` places (a
    power of two): the seed at each place, top to bottom. Each tie of round
    one pairs seeds adding up to ``size + 1``, and each half, quarter...
    holds the best seeds spread evenly: 8 places, ``[1, 8, 4, 5, 2, 7, 3, 6]``."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


def draw_bracket(teams: Sequence[int], rng: random.Random) -> list[int]:
    """The random draw (7.1): the team numbers ``teams`` in the order they
    are drawn, by ``rng`` (a seed makes it reproducible). The first drawn is
    seed 1 (7.1: the byes go to the first drawn)."""
    drawn = list(teams)
    rng.shuffle(drawn)
    return drawn


def slots(draw: Sequence[int]) -> list[int | None]:
    """The bracket's places of round one, top to bottom: the k-th team of
    ``draw`` at seed k's place (:func:`seed_positions`), ``None`` (a bye)
    at the places of the seeds past the last team."""
    size = 2 ** rounds_for(len(draw))
    return [draw[seed - 1] if seed <= len(draw) else None for seed in seed_positions(size)]


def first_round_tables(draw: Sequence[int]) -> dict[int, int]:
    """Round one's tables (7.1): the tie played at each table, by table
    number (its played ties numbered 1, 2... in the bracket's order)."""
    places = slots(draw)
    first = [(places[2 * i], places[2 * i + 1]) for i in range(len(places) // 2)]
    return {table: tie for tie, table in _table_numbers(first).items()}


def round_name(round: int, rounds: int) -> str:
    """The round's name, by the ties it has: ``final``, ``semi_finals``,
    ``quarter_finals``, then ``round_of_16``, ``round_of_32``... (the
    teams it holds)."""
    left = rounds - round
    return {0: "final", 1: "semi_finals", 2: "quarter_finals"}.get(
        left, f"round_of_{2 ** (left + 1)}"
    )


# --------------------------------------------------------------------------
# Parsing (7.2)
# --------------------------------------------------------------------------


def _parse_settings(raw: Any, out: list[Problem]) -> KnockoutSettings | None:
    start = len(out)
    obj = _object(out, "settings", raw, SETTINGS_KEYS, "the settings")
    if obj is None:
        return None
    game = DEFAULT_GAME
    if "game" in obj:
        game = _choice(out, "settings.game", obj["game"], Game)
    fmt = _choice(out, "settings.format", obj.get("format"), Format)
    if fmt is Format.PARTIES:
        _problem(out, "settings.format", "invalid_choice", 'must be "knockout" in a bracket')
    for key in PARTIES_ONLY:
        if key in obj:
            _problem(out, f"settings.{key}", "not_allowed", "is not a setting of a knockout")
    length = GAME_FACTS[game or DEFAULT_GAME].length
    if "length" in obj:
        length = _length(out, "settings.length", obj["length"], {})
    best_of = 1
    if "best_of" in obj:
        best_of = obj["best_of"]
        if not _is_int(best_of):
            _problem(out, "settings.best_of", "not_integer", "must be an integer")
        elif best_of not in BEST_OF:
            _problem(out, "settings.best_of", "invalid_choice", "must be 1 or 3", choices=BEST_OF)
    third_place = obj.get("third_place", False)
    if not isinstance(third_place, bool):
        _problem(out, "settings.third_place", "not_boolean", "must be true or false")
    if len(out) > start:
        return None
    return KnockoutSettings(game, length, best_of, third_place)


def _parse_teams(raw: Any, out: list[Problem]) -> list[Team] | None:
    items = _list(out, "teams", raw)
    if items is None:
        return None
    if len(items) > MAX_TEAMS:
        _problem(out, "teams", "out_of_range", f"must have at most {MAX_TEAMS}", max=MAX_TEAMS)
        return None
    teams, seen, ok = [], set(), True
    for index, item in enumerate(items, 1):
        path = f"teams[{index}]"
        start = len(out)
        obj = _object(out, path, item, ("number", "name", "players"), "a team")
        if obj is None:
            ok = False
            continue
        number = _int(out, f"{path}.number", obj.get("number", _MISSING), 1, MAX_NUMBER)
        name = _string(out, f"{path}.name", obj["name"], 1, MAX_NAME) if "name" in obj else None
        players: list[str] = []
        names = _list(out, f"{path}.players", obj["players"]) if "players" in obj else []
        if names is not None and len(names) > 2:
            _problem(out, f"{path}.players", "out_of_range", "must have at most 2 names", max=2)
        for p_index, player in enumerate(names or [], 1):
            text = _string(out, f"{path}.players[{p_index}]", player, 1, MAX_NAME)
            players.append(text or "")
        if number in seen:
            _problem(out, f"{path}.number", "duplicate_number", f"{number} is already a team's")
        seen.add(number)
        if len(out) > start:
            ok = False
            continue
        teams.append(Team(number, name, tuple(players)))
    return teams if ok else None


def _parse_draw(raw: Any, teams: list[Team], out: list[Problem]) -> list[int] | None:
    """``draw``: every team once, in the order drawn; empty before the draw."""
    items = _list(out, "draw", raw)
    if items is None:
        return None
    start = len(out)
    known = {t.number for t in teams}
    seen: set[int] = set()
    for index, value in enumerate(items, 1):
        path = f"draw[{index}]"
        if not _is_int(value):
            _problem(out, path, "not_integer", "must be a team number")
        elif value not in known:
            _problem(
                out, path, "unknown_team", f"{value} is not the number of a team", number=value
            )
        elif value in seen:
            _problem(out, path, "placed_twice", f"{value} is already drawn", number=value)
        else:
            seen.add(value)
    if items and len(out) == start:
        missing = [t.number for t in teams if t.number not in seen]
        if missing:
            shown = ", ".join(map(str, missing))
            _problem(out, "draw", "not_placed", f"is missing {shown}", numbers=tuple(missing))
        elif len(items) < 2:
            _problem(out, "draw", "too_few", "a knockout needs 2 teams at least", min=2)
    return list(items) if len(out) == start else None


@dataclass(frozen=True)
class _GivenTie:
    """A tie as the document gives it, before it is checked against the bracket."""

    path: str
    round: int
    tie: int
    teams: tuple[int, int]
    matches: tuple[tuple[str, tuple[int, int], bool, int | None], ...]
    winner: int | None


def _parse_match(out: list[Problem], path: str, raw: Any) -> tuple | None:
    start = len(out)
    obj = _object(out, path, raw, ("points", "finished", "winner"), "a match")
    if obj is None:
        return None
    points: tuple[int, int] = (0, 0)
    if "points" in obj:
        values = _list(out, f"{path}.points", obj["points"])
        if values is not None and len(values) != 2:
            _problem(out, f"{path}.points", "wrong_size", "must give 2 numbers", size=2)
        elif values is not None:
            got = [
                _int(out, f"{path}.points[{i}]", v, 0, MAX_POINTS) for i, v in enumerate(values, 1)
            ]
            points = (got[0] or 0, got[1] or 0)
    finished = obj.get("finished", "points" in obj)
    if not isinstance(finished, bool):
        _problem(out, f"{path}.finished", "not_boolean", "must be true or false")
    winner = obj.get("winner")
    if winner is not None and not _is_int(winner):
        _problem(out, f"{path}.winner", "not_integer", "must be a team number")
    return None if len(out) > start else (path, points, finished, winner)


def _parse_ties(raw: Any, out: list[Problem]) -> list[_GivenTie] | None:
    items = _list(out, "ties", raw)
    if items is None:
        return None
    given, ok = [], True
    for index, item in enumerate(items, 1):
        path = f"ties[{index}]"
        start = len(out)
        obj = _object(out, path, item, ("round", "tie", "teams", "matches", "winner"), "a tie")
        if obj is None:
            ok = False
            continue
        number = _int(out, f"{path}.round", obj.get("round", _MISSING), 1, rounds_for(MAX_TEAMS))
        tie = _int(out, f"{path}.tie", obj.get("tie", _MISSING), 1, MAX_TEAMS // 2)
        teams = _list(out, f"{path}.teams", obj.get("teams", _MISSING)) if "teams" in obj else None
        if "teams" not in obj:
            _problem(out, f"{path}.teams", "required", "is required")
        elif teams is not None and (len(teams) != 2 or not all(_is_int(t) for t in teams)):
            _problem(out, f"{path}.teams", "wrong_size", "must give 2 team numbers", size=2)
        matches = []
        raw_matches = _list(out, f"{path}.matches", obj.get("matches", []))
        if raw_matches is not None and len(raw_matches) > MAX_MATCHES:
            _problem(out, f"{path}.matches", "out_of_range", "too many", max=MAX_MATCHES)
        for m_index, raw_match in enumerate(raw_matches or [], 1):
            matches.append(_parse_match(out, f"{path}.matches[{m_index}]", raw_match))
        winner = obj.get("winner")
        if winner is not None and not _is_int(winner):
            _problem(out, f"{path}.winner", "not_integer", "must be a team number")
        if len(out) > start:
            ok = False
            continue
        given.append(_GivenTie(path, number, tie, tuple(teams), tuple(matches), winner))
    return given if ok else None


# --------------------------------------------------------------------------
# The bracket played through (7.1, 7.2's checks against it)
# --------------------------------------------------------------------------


def _play(
    out: list[Problem],
    settings: KnockoutSettings,
    teams: tuple[int | None, int | None],
    given: _GivenTie | None,
) -> tuple[tuple[Match, ...], int | None]:
    """The matches of a ready tie (its ``given`` matches checked) and its winner."""
    if given is None:
        return (), None
    matches: list[Match] = []
    wins = {teams[0]: 0, teams[1]: 0}
    winner = None
    for path, points, finished, said in given.matches:
        if winner is not None:
            _problem(out, path, "tie_decided", f"the tie was won by {winner} before this match")
            break
        if matches and not matches[-1].finished:
            _problem(out, path, "match_playing", "the match before it is not finished")
            break
        if said is not None and said not in teams:
            _problem(out, f"{path}.winner", "not_in_tie", f"{said} does not play this tie")
            break
        if said is not None and not finished:
            _problem(out, f"{path}.winner", "not_finished", "a match playing has no winner yet")
            break
        won = said
        if finished and won is None and points[0] != points[1]:
            won = teams[0] if points[0] > points[1] else teams[1]
        matches.append(Match(points, finished, won if finished else None))
        if won is not None:
            wins[won] += 1
            if wins[won] == settings.wins_needed:
                winner = won
    if given.winner is not None and given.winner != winner:
        _problem(
            out,
            f"{given.path}.winner",
            "wrong_winner",
            f"must be {winner}, as its matches say" if winner else "the tie is not decided",
        )
    return tuple(matches), winner


def _table_numbers(first_round: list[tuple[int | None, int | None]]) -> dict[int, int]:
    """Round one's tables: its ties that are played (no bye), numbered 1, 2... in
    the bracket's order, by tie number."""
    played = [i for i, (a, b) in enumerate(first_round, 1) if a is not None and b is not None]
    return {tie: n for n, tie in enumerate(played, 1)}


def _build(
    settings: KnockoutSettings, draw: list[int], given: list[_GivenTie], out: list[Problem]
) -> list[Tie]:
    """Every tie of the bracket, round by round, each given tie checked
    against it (its place, its teams, its matches)."""
    rounds = rounds_for(len(draw))
    by_place: dict[tuple[int, int], _GivenTie] = {}
    for tie in given:
        if (tie.round, tie.tie) in by_place:
            _problem(
                out, tie.path, "duplicate_tie", f"round {tie.round} tie {tie.tie} is already given"
            )
        by_place[(tie.round, tie.tie)] = tie
    places = slots(draw)
    first = [(places[2 * i], places[2 * i + 1]) for i in range(len(places) // 2)]
    tables = _table_numbers(first)
    ties: list[Tie] = []
    previous: list[Tie] = []
    for number in range(1, rounds + 1):
        current: list[Tie] = []
        count = 2 ** (rounds - number)
        for index in range(1, count + 1):
            if number == 1:
                teams, bye = first[index - 1], None in first[index - 1]
                table = tables.get(index)
            else:
                upper, lower = previous[2 * index - 2], previous[2 * index - 1]
                teams, bye, table = (upper.winner, lower.winner), False, index
            current.append(_tie(out, settings, number, index, teams, bye, table, by_place))
        ties.extend(current)
        previous = current
    if settings.third_place and rounds >= 2:
        semis = [t for t in ties if t.round == rounds - 1]
        if not any(t.bye for t in semis):
            losers = (semis[0].loser, semis[1].loser)
            ties.append(_tie(out, settings, rounds, 2, losers, False, 2, by_place, third=True))
    for (number, index), tie in by_place.items():
        _problem(out, tie.path, "no_such_tie", f"the bracket has no tie {index} in round {number}")
    return ties


def _tie(
    out: list[Problem],
    settings: KnockoutSettings,
    number: int,
    index: int,
    teams: tuple[int | None, int | None],
    bye: bool,
    table: int | None,
    by_place: dict[tuple[int, int], _GivenTie],
    third: bool = False,
) -> Tie:
    """Tie ``index`` of round ``number``, its given form (popped from
    ``by_place``) checked: ``bye_tie``, ``not_ready``, ``wrong_teams``."""
    given = by_place.pop((number, index), None)
    if bye:
        team = teams[0] if teams[0] is not None else teams[1]
        if given is not None:
            _problem(out, given.path, "bye_tie", f"is a bye: {team} goes through without a match")
        return Tie(number, index, teams, None, True, (), team, third)
    if given is not None and None in teams:
        _problem(out, given.path, "not_ready", "its teams are not both known yet")
        given = None
    elif given is not None and given.teams != teams:
        shown = f"[{teams[0]}, {teams[1]}]"
        _problem(out, f"{given.path}.teams", "wrong_teams", f"must be {shown}", teams=teams)
        given = None
    matches, winner = _play(out, settings, teams, given)
    return Tie(number, index, teams, table, False, matches, winner, third)


def parse_bracket(document: Any) -> Bracket:
    """Parse and check a bracket document (docs/concours.md, 7.2).

    ``document`` is parsed JSON (any value). Returns the :class:`Bracket`
    with every tie the draw and the results imply (7.1). Raises
    :class:`MatchError` listing every problem found (``field`` a 1-based
    path, ``code`` stable: those of 7.2), and nothing else.
    """
    out: list[Problem] = []
    obj = _object(out, "document", document, TOP_KEYS, "a bracket document")
    if obj is None:
        raise MatchError(out)
    settings = None
    if "settings" not in obj:
        _problem(out, "settings", "required", 'is required (its "format" is "knockout")')
    else:
        settings = _parse_settings(obj["settings"], out)
    teams = _parse_teams(obj["teams"], out) if "teams" in obj else None
    if "teams" not in obj:
        _problem(out, "teams", "required", "is required (a list of teams)")
    draw = None
    if teams is not None:
        draw = _parse_draw(obj.get("draw", []), teams, out)
    given = _parse_ties(obj.get("ties", []), out)
    if out or settings is None or teams is None or draw is None or given is None:
        raise MatchError(out)
    if not draw:
        if given:
            _problem(out, "ties", "not_drawn", "the bracket is not drawn yet")
            raise MatchError(out)
        return Bracket(settings, tuple(teams))
    ties = _build(settings, draw, given, out)
    if out:
        raise MatchError(out)
    return Bracket(settings, tuple(teams), tuple(draw), tuple(ties))


def is_knockout(document: Any) -> bool:
    """Whether ``document`` says it is a bracket (``settings.format``
    ``"knockout"``): ``rank_concours`` reads it as one (7)."""
    return (
        isinstance(document, dict)
        and isinstance(document.get("settings"), dict)
        and document["settings"].get("format") == Format.KNOCKOUT
    )


# --------------------------------------------------------------------------
# The outcome (7.3)
# --------------------------------------------------------------------------


def _tie_document(tie: Tie) -> dict[str, Any]:
    return {
        "round": tie.round,
        "tie": tie.tie,
        "table": tie.table,
        "teams": list(tie.teams),
        "bye": tie.bye,
        "wins": list(tie.wins) if not tie.bye else [0, 0],
        "winner": tie.winner,
        "playing": tie.playing,
        "matches": [
            {"points": list(m.points), "finished": m.finished, "winner": m.winner}
            for m in tie.matches
        ],
    }


def _standings(bracket: Bracket) -> Iterator[dict[str, Any]]:
    rounds = bracket.rounds
    reached: dict[int, int] = {}
    beaten_by: dict[int, int] = {}
    for tie in bracket.ties:
        if tie.third_place:
            continue
        for team in tie.teams:
            if team is not None:
                reached[team] = max(reached.get(team, 0), tie.round)
        if tie.loser is not None:
            beaten_by[tie.loser] = tie.winner  # type: ignore[assignment]
    final, third = bracket.final, bracket.third_place_tie
    places: dict[int, int] = {}
    if final is not None and final.decided:
        places[final.winner] = 1  # type: ignore[index]
        places[final.loser] = 2  # type: ignore[index]
    for team in beaten_by:
        if team not in places:
            places[team] = 2 ** (rounds - reached[team]) + 1
    if third is not None and third.decided:
        places[third.winner] = 3  # type: ignore[index]
        places[third.loser] = 4  # type: ignore[index]
    seed = {team: index for index, team in enumerate(bracket.draw)}
    playing = {n for t in bracket.ties if t.playing for n in t.teams if n is not None}
    order = sorted(
        bracket.teams,
        key=lambda t: (
            -reached.get(t.number, 0),
            t.number in places,
            places.get(t.number, 0),
            seed.get(t.number, t.number),
        ),
    )
    for team in order:
        number = team.number
        got = reached.get(number, 0)
        yield {
            "team": number,
            "name": team.name,
            "place": places.get(number),
            "reached": got,
            "round_name": round_name(got, rounds) if got else None,
            "alive": bool(bracket.draw) and number not in beaten_by and number not in places,
            "playing": number in playing,
            "beaten_by": beaten_by.get(number),
            "seed": seed[number] + 1 if number in seed else None,
        }


def outcome_document(bracket: Bracket) -> dict[str, Any]:
    """The outcome of a valid bracket (docs/concours.md, 7.3): its shape,
    every round's ties, the champion, runner-up, third and fourth (``None``
    until known) and each team's standing (the round it reached, its place)."""
    rounds = bracket.rounds
    final, third = bracket.final, bracket.third_place_tie
    third_team = third.winner if third is not None else None
    if third is None and bracket.settings.third_place and rounds >= 2:
        # One semi-final was a bye (3 teams): its only loser is third, unplayed.
        losers = [t.loser for t in bracket.round_ties(rounds - 1) if not t.bye]
        third_team = losers[0] if len(losers) == 1 else None
    return {
        "format": "knockout",
        "teams": len(bracket.teams),
        "drawn": bool(bracket.draw),
        "size": 2**rounds if rounds else 0,
        "rounds": rounds,
        "best_of": bracket.settings.best_of,
        "third_place": bracket.settings.third_place,
        "finished": bracket.finished,
        "champion": final.winner if final else None,
        "runner_up": final.loser if final else None,
        "third": third_team,
        "fourth": third.loser if third is not None else None,
        "bracket": [
            {
                "round": number,
                "name": round_name(number, rounds),
                "ties": [_tie_document(t) for t in bracket.round_ties(number)],
            }
            for number in range(1, rounds + 1)
        ],
        "third_place_tie": _tie_document(third) if third is not None else None,
        "standings": list(_standings(bracket)),
    }


def outcome_of(document: Any) -> dict[str, Any]:
    """Parse a bracket document and return its outcome (7.3): what
    ``rank_concours`` prints for it. Raises ``MatchError`` on any invalid
    input, and nothing else."""
    return outcome_document(parse_bracket(document))
