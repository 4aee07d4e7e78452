"""A season (challenge): the concours nights of one club linked into one
individual ranking (docs/concours.md, 6; issue 19, "Season").

Pure Python, no Django, no I/O. :func:`rank_season_document` turns a season
document (parsed JSON) into its ranking document, as ``manage.py
rank_season`` prints it, or raises :class:`~scoresheets.scoring.MatchError`
listing every :class:`~scoresheets.scoring.Problem` found (``hand`` always
``None``; ``field`` a path with 1-based indexes such as
``nights[2].entrants[3].players[1]``; a night's own results document's
problems under ``nights[n].concours.``).

Each night is ranked by the concours' own ranking
(:func:`scoresheets.concours.ranking.rank`, docs/concours.md 2): the season
only adds up what each player's entrant collected there, so a night counts
in the season exactly as it was ranked in the hall (with the season's
``win_points`` and ``bye`` when the season sets them, 6.2).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import groupby
from typing import Any

from scoresheets.concours.document import (
    _MISSING,
    MAX_NAME,
    MAX_NUMBER,
    IntIn,
    Mode,
    OneOf,
    Setting,
    Values,
    _int,
    _list,
    _object,
    _problem,
    _read_settings,
    _string,
    _tiebreak_list,
    parse_concours,
)
from scoresheets.concours.ranking import Standing, rank
from scoresheets.scoring import MatchError, Problem

__all__ = [
    "MAX_NIGHTS",
    "MAX_SEASON_PLAYERS",
    "Night",
    "Season",
    "SeasonRanking",
    "SeasonSettings",
    "SeasonStanding",
    "SeasonTiebreak",
    "parse_season",
    "rank_season",
    "rank_season_document",
    "season_ranking_document",
]

# Limits (6.1): a weekly challenge over a whole year has 52 nights.
MAX_NIGHTS = 100
MAX_SEASON_PLAYERS = 5000
MAX_DATE = 40  # characters: "2026-01-09", "vendredi 9 janvier"...

TOP_KEYS = ("settings", "players", "nights", "name", "why", "expected", "result")
NIGHT_SETTINGS = ("win_points", "bye")  # replace every night's own (6.2)
NIGHT_KEYS = ("concours", "entrants", "date", "name")


class SeasonRanking(StrEnum):
    """``settings.ranking`` (6.2): what ranks first, summed over the nights."""

    WIN_POINTS = "win_points"
    POINTS = "points"


class SeasonTiebreak(StrEnum):
    """The season's tiebreaks (6.3), each summed over the counted nights
    (``nights``: the nights played)."""

    POINTS = "points"
    WIN_POINTS = "win_points"
    DIFFERENCE = "difference"
    CONCEDED = "conceded"
    WINS = "wins"
    NIGHTS = "nights"


DEFAULT_TIEBREAKS = {
    SeasonRanking.WIN_POINTS: (SeasonTiebreak.POINTS, SeasonTiebreak.WINS),
    SeasonRanking.POINTS: (SeasonTiebreak.WIN_POINTS, SeasonTiebreak.WINS),
}


@dataclass(frozen=True)
class SeasonSettings:
    """``settings`` with every default filled in (6.2).

    ``night_settings``: the concours settings the season imposes on every
    night (``win_points`` and ``bye`` as given, in the concours' shapes),
    empty when it imposes none.
    """

    ranking: SeasonRanking = SeasonRanking.WIN_POINTS
    tiebreaks: tuple[SeasonTiebreak, ...] = DEFAULT_TIEBREAKS[SeasonRanking.WIN_POINTS]
    min_nights: int = 1
    best_nights: int | None = None
    night_settings: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Night:
    """One night (6.1): its concours ranked, and which season players each
    of its entrants was (entrant number -> season player numbers)."""

    standings: tuple[Standing, ...]
    players: dict[int, tuple[int, ...]]
    finished: bool
    date: str | None = None
    name: str | None = None


@dataclass(frozen=True)
class Season:
    """A valid season document (6.1): its settings, its players by number
    (name or None), its nights in order."""

    settings: SeasonSettings
    players: dict[int, str | None]
    nights: tuple[Night, ...]


@dataclass
class SeasonStanding:
    """One player's season (6.3): sums over the counted nights, its place."""

    number: int
    name: str | None
    nights: int = 0  # nights played
    counted: int = 0  # nights counted (best_nights)
    points: int = 0
    conceded: int = 0
    win_points: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    parties: int = 0
    byes: int = 0
    penalties: int = 0
    ranked: bool = False
    rank: int | None = None
    ex_aequo: bool = False
    tiebreaks: dict[str, int] = field(default_factory=dict)
    by_night: list[dict[str, Any]] = field(default_factory=list)

    @property
    def difference(self) -> int:
        """Points minus conceded points."""
        return self.points - self.conceded


# --------------------------------------------------------------------------
# Parsing (6.1, 6.2)
# --------------------------------------------------------------------------


def _tiebreaks(out: list[Problem], path: str, raw: Any, values: Values) -> tuple[Any, ...]:
    """A :data:`~scoresheets.concours.document.Check`: ``settings.tiebreaks``
    (6.2), which depends on the ranking: distinct :class:`SeasonTiebreak`
    names, the ranking's own refused (``redundant_tiebreak``); not a list: ()."""
    ranking = values["ranking"]

    def repeats(tiebreak: Any) -> str | None:
        if ranking is not None and tiebreak.value == ranking.value:
            return f'repeats the ranking "{ranking}": it would never break a tie'
        return None

    return _tiebreak_list(out, path, raw, SeasonTiebreak, repeats) or ()


def _default_tiebreaks(values: Values) -> tuple[SeasonTiebreak, ...]:
    """``tiebreaks``' default (6.2): the ranking's (none when it is invalid)."""
    return DEFAULT_TIEBREAKS.get(values["ranking"], ())


# The season's own settings (6.2), in the order they are read: one line a
# setting, into the :class:`SeasonSettings` fields of the same names.
# ``win_points`` and ``bye`` (:data:`NIGHT_SETTINGS`) are read after them,
# as 1.2's.
SETTINGS_TABLE = (
    Setting("ranking", OneOf(SeasonRanking), SeasonRanking.WIN_POINTS),
    Setting("tiebreaks", _tiebreaks, derive=_default_tiebreaks),
    Setting("min_nights", IntIn(0, MAX_NIGHTS), 1),
    Setting("best_nights", IntIn(1, MAX_NIGHTS), None),
)

# Every key of the season's ``settings`` (6.2): the table's, then the nights'.
SETTINGS_KEYS = (*(setting.key for setting in SETTINGS_TABLE), *NIGHT_SETTINGS)


def _parse_settings(raw: Any, out: list[Problem]) -> SeasonSettings | None:
    """The season's settings with defaults (6.2): those of
    :data:`SETTINGS_TABLE`, then the night settings. None when a value has
    a problem (an unknown key alone does not make it None: the document is
    refused all the same)."""
    obj = _object(out, "settings", raw, SETTINGS_KEYS, "the season's settings")
    if obj is None:
        return None
    start = len(out)
    values = _read_settings(out, "settings", obj, SETTINGS_TABLE, {})
    # Checked as 1.2's here, under the season's own keys, whether or not the
    # season has nights yet (issue 27); what depends on a night's game and
    # length (bye_undefined) is checked with each night's concours.
    night_settings = {key: obj[key] for key in NIGHT_SETTINGS if key in obj}
    _check_night_settings(night_settings, out)
    if len(out) > start:
        return None
    return SeasonSettings(**values, night_settings=night_settings)


def _check_night_settings(night_settings: dict[str, Any], out: list[Problem]) -> None:
    """The season's ``win_points`` and ``bye`` (6.2: "as 1.2"), by the
    concours' own parser: their problems under the same paths
    (``settings.win_points``, ``settings.bye``), here the season's."""
    if not night_settings:
        return
    try:
        parse_concours({"settings": dict(night_settings), "teams": [], "parties": []})
    except MatchError as error:
        out.extend(error.problems)


def _parse_players(raw: Any, out: list[Problem]) -> dict[int, str | None] | None:
    items = _list(out, "players", raw)
    if items is None:
        return None
    if len(items) > MAX_SEASON_PLAYERS:
        _problem(
            out,
            "players",
            "out_of_range",
            f"must have at most {MAX_SEASON_PLAYERS} entries",
            max=MAX_SEASON_PLAYERS,
        )
        return None
    players: dict[int, str | None] = {}
    ok = True
    for index, item in enumerate(items, 1):
        path = f"players[{index}]"
        start = len(out)
        obj = _object(out, path, item, ("number", "name"), "a player")
        if obj is None:
            ok = False
            continue
        number = _int(out, f"{path}.number", obj.get("number", _MISSING), 1, MAX_NUMBER)
        name = None
        if obj.get("name") is not None:
            name = _string(out, f"{path}.name", obj["name"], 1, MAX_NAME)
        if number is not None and number in players:
            _problem(
                out,
                f"{path}.number",
                "duplicate_number",
                f"{number} is already the number of another player",
                number=number,
            )
        if len(out) > start:
            ok = False
            continue
        players[number] = name
    return players if ok else None


def _night_concours(raw: Any, path: str, night_settings: dict[str, Any], out: list[Problem]) -> Any:
    """The night's concours, ranked: (its Concours, its standings), or None.
    The season's ``win_points`` and ``bye`` replace the night's own (6.2)
    before its parser checks it; its problems come under ``path``."""
    document = raw
    if night_settings and isinstance(raw, dict):
        document = copy.copy(raw)
        own = raw.get("settings", {})
        if isinstance(own, dict):
            document["settings"] = {**own, **night_settings}
    try:
        concours = parse_concours(document)
    except MatchError as error:
        for p in error.problems:
            where = path if p.field == "document" else f"{path}.{p.field}"
            out.append(Problem(None, where, p.code, p.message, p.params))
        return None
    return concours, tuple(rank(concours))


def _parse_entrants_map(
    raw: Any,
    path: str,
    concours: Any,
    players: dict[int, str | None] | None,
    out: list[Problem],
) -> dict[int, tuple[int, ...]] | None:
    """A night's ``entrants`` (6.1): entrant number -> season player numbers,
    or None when a problem was found. Left out (``_MISSING``): see
    :func:`_map_by_number`; else a list of ``{"number": e, "players": [p,
    ...]}``, each item read by :func:`_map_entrant` and :func:`_map_players`."""
    mode = concours.settings.mode
    numbers = {e.number for e in concours.entrants}
    if raw is _MISSING:
        return _map_by_number(out, path, mode, numbers, players)
    items = _list(out, path, raw)
    if items is None:
        return None
    size = 1 if mode is Mode.MELEE else 2
    mapping: dict[int, tuple[int, ...]] = {}
    seen_players: set[int] = set()
    start = len(out)
    for index, item in enumerate(items, 1):
        item_path = f"{path}[{index}]"
        obj = _object(out, item_path, item, ("number", "players"), "an entrant of the night")
        if obj is None:
            continue
        number = _map_entrant(out, f"{item_path}.number", obj, numbers, mapping)
        if "players" not in obj:
            _problem(out, f"{item_path}.players", "required", "is required")
            continue
        these = _map_players(
            out, f"{item_path}.players", obj["players"], size, players, seen_players
        )
        if these is not None and number is not None and number not in mapping:
            mapping[number] = these
    return mapping if len(out) == start else None


def _map_by_number(
    out: list[Problem],
    path: str,
    mode: Mode,
    numbers: set[int],
    players: dict[int, str | None] | None,
) -> dict[int, tuple[int, ...]] | None:
    """A night's ``entrants`` left out (6.1): ``required`` for a night of
    teams (None); à la mêlée, each player of the night (``numbers``) is the
    season player of the same number, ``unknown_player`` when there is none
    (the map is given all the same)."""
    if mode is Mode.TEAMS:
        _problem(out, path, "required", "is required (which players each team was)")
        return None
    mapping = {n: (n,) for n in numbers}
    for n in sorted(numbers):
        if players is not None and n not in players:
            _problem(
                out,
                path,
                "unknown_player",
                f"player {n} of the night is no player of the season",
                number=n,
            )
    return mapping


def _map_entrant(
    out: list[Problem],
    path: str,
    obj: dict[str, Any],
    numbers: set[int],
    mapping: dict[int, tuple[int, ...]],
) -> int | None:
    """An item's ``number`` (6.1), at ``path``: an integer (``required``,
    ``not_integer``, ``out_of_range``), then ``unknown_entrant`` when no
    entrant of the night (``numbers``) has it, ``duplicate_number`` when an
    earlier item (in ``mapping``) did; None when not an integer."""
    number = _int(out, path, obj.get("number", _MISSING), 1, MAX_NUMBER)
    if number is None:
        return None
    if number not in numbers:
        _problem(
            out,
            path,
            "unknown_entrant",
            f"{number} is not the number of an entrant of this night",
            number=number,
        )
    elif number in mapping:
        _problem(
            out,
            path,
            "duplicate_number",
            f"{number} is already in the list",
            number=number,
        )
    return number


def _map_players(
    out: list[Problem],
    path: str,
    raw: Any,
    size: int,
    players: dict[int, str | None] | None,
    seen_players: set[int],
) -> tuple[int, ...] | None:
    """An item's ``players`` (6.1), at ``path``: a list (``not_list``: None)
    of 1 to ``size`` (``wrong_size``) season player numbers, each an integer,
    ``unknown_player`` when not in ``players`` (None: unknown, not checked),
    ``placed_twice`` when in ``seen_players`` (the night's earlier items,
    which this adds to); those that are integers, in order."""
    listed = _list(out, path, raw)
    if listed is None:
        return None
    if not 1 <= len(listed) <= size:
        _problem(
            out,
            path,
            "wrong_size",
            f"must list 1 to {size} players" if size > 1 else "must list 1 player",
            min=1,
            max=size,
        )
    these: list[int] = []
    for p_index, player in enumerate(listed, 1):
        p_path = f"{path}[{p_index}]"
        value = _int(out, p_path, player, 1, MAX_NUMBER)
        if value is None:
            continue
        if players is not None and value not in players:
            _problem(
                out,
                p_path,
                "unknown_player",
                f"{value} is not the number of a player of the season",
                number=value,
            )
        elif value in seen_players:
            _problem(
                out,
                p_path,
                "placed_twice",
                f"player {value} is already an entrant of this night",
                number=value,
            )
        seen_players.add(value)
        these.append(value)
    return tuple(these)


def _parse_night(
    raw: Any,
    index: int,
    settings: SeasonSettings | None,
    players: dict[int, str | None] | None,
    out: list[Problem],
) -> Night | None:
    path = f"nights[{index}]"
    obj = _object(out, path, raw, NIGHT_KEYS, "a night")
    if obj is None:
        return None
    start = len(out)
    date = name = None
    if obj.get("date") is not None:
        date = _string(out, f"{path}.date", obj["date"], 1, MAX_DATE)
    if obj.get("name") is not None:
        name = _string(out, f"{path}.name", obj["name"], 1, MAX_NAME)
    if "concours" not in obj:
        _problem(out, f"{path}.concours", "required", "is required (the night's results document)")
        return None
    night_settings = settings.night_settings if settings is not None else {}
    ranked = _night_concours(obj["concours"], f"{path}.concours", night_settings, out)
    if ranked is None:
        return None
    concours, standings = ranked
    mapping = _parse_entrants_map(
        obj.get("entrants", _MISSING), f"{path}.entrants", concours, players, out
    )
    if mapping is None or len(out) > start:
        return None
    finished = len(concours.parties) == concours.settings.parties and all(
        table.finished for partie in concours.parties for table in partie.tables
    )
    return Night(standings, mapping, finished, date, name)


def parse_season(document: Any) -> Season:
    """Parse and validate a season document (docs/concours.md, 6.1 - 6.2).

    ``document`` is parsed JSON (any value). Returns a :class:`Season`, each
    night's concours already ranked. Raises :class:`MatchError` listing every
    problem found, and nothing else, whatever ``document`` is.
    """
    out: list[Problem] = []
    obj = _object(out, "document", document, TOP_KEYS, "a season document")
    if obj is None:
        raise MatchError(out)
    settings: SeasonSettings | None = SeasonSettings()
    if "settings" in obj:
        settings = _parse_settings(obj["settings"], out)
    players = None
    if "players" not in obj:
        _problem(out, "players", "required", "is required (a list of players)")
    else:
        players = _parse_players(obj["players"], out)
    nights: list[Night] = []
    if "nights" not in obj:
        _problem(out, "nights", "required", "is required (a list of nights)")
    else:
        raw_nights = _list(out, "nights", obj["nights"])
        if raw_nights is not None and len(raw_nights) > MAX_NIGHTS:
            _problem(
                out,
                "nights",
                "out_of_range",
                f"must have at most {MAX_NIGHTS} nights",
                max=MAX_NIGHTS,
            )
        elif raw_nights is not None:
            for index, raw in enumerate(raw_nights, 1):
                night = _parse_night(raw, index, settings, players, out)
                if night is not None:
                    nights.append(night)
    if out or settings is None or players is None:
        raise MatchError(out)
    return Season(settings, players, tuple(nights))


# --------------------------------------------------------------------------
# The ranking (6.3)
# --------------------------------------------------------------------------

_SUMMED = ("points", "conceded", "win_points", "wins", "draws", "losses", "parties", "byes")


def _value(standing: SeasonStanding, criterion: str) -> int:
    if criterion == SeasonTiebreak.DIFFERENCE:
        return standing.difference
    if criterion == SeasonTiebreak.CONCEDED:
        return -standing.conceded  # lower is better
    return getattr(standing, criterion)  # points, win_points, wins, nights


def _order(group: list[SeasonStanding], criteria: tuple[str, ...]) -> list[list[SeasonStanding]]:
    """``group`` split into groups of equal values, best first, by each
    criterion in turn (a tiebreak only orders players still equal)."""
    if len(group) <= 1 or not criteria:
        return [group]
    criterion, rest = criteria[0], criteria[1:]

    def key(s: SeasonStanding) -> int:
        return _value(s, criterion)

    out: list[list[SeasonStanding]] = []
    for _, equal in groupby(sorted(group, key=key, reverse=True), key=key):
        out.extend(_order(list(equal), rest))
    return out


def rank_season(season: Season) -> list[SeasonStanding]:
    """Every player of a valid season, ranked (docs/concours.md, 6.3).

    Each night gives a player its entrant's figures there (a team's to both
    its players); a night counts as played when the entrant sat at a table
    or was exempt. With ``best_nights`` N, only a player's N best nights are
    summed (by the first criterion, then points, the earlier night first).
    Players with at least ``min_nights`` nights played are ranked, first, by
    the first criterion then each tiebreak, sharing a rank when equal on all
    (listed by number); the others follow, unranked (rank None), in the same
    order. Deterministic; never raises on a valid :class:`Season`.
    """
    settings = season.settings
    first = str(settings.ranking)
    played: dict[int, list[tuple[int, Standing, int]]] = {n: [] for n in season.players}
    for night_number, night in enumerate(season.nights, 1):
        for standing in night.standings:
            if standing.parties + standing.byes == 0:
                continue  # registered, never seated nor exempt: no night played
            for player in night.players.get(standing.number, ()):
                played[player].append((night_number, standing, standing.rank))

    standings: list[SeasonStanding] = []
    for number, name in season.players.items():
        s = SeasonStanding(number, name)
        nights = played[number]
        best = sorted(nights, key=lambda n: (-getattr(n[1], first), -n[1].points, n[0]))
        counted = {n[0] for n in best[: settings.best_nights or len(best)]}
        s.nights, s.counted = len(nights), len(counted)
        for night_number, night_standing, night_rank in nights:
            if night_number in counted:
                for name_ in _SUMMED:
                    setattr(s, name_, getattr(s, name_) + getattr(night_standing, name_))
                s.penalties += night_standing.penalties
            s.by_night.append(
                {
                    "night": night_number,
                    "rank": night_rank,
                    "win_points": night_standing.win_points,
                    "points": night_standing.points,
                    "counted": night_number in counted,
                }
            )
        s.ranked = s.nights >= settings.min_nights
        s.tiebreaks = {
            str(t): _value(s, t) * (-1 if t == SeasonTiebreak.CONCEDED else 1)
            for t in settings.tiebreaks
        }
        standings.append(s)

    criteria = (first, *settings.tiebreaks)
    ordered: list[SeasonStanding] = []
    for ranked in (True, False):
        for group in _order([s for s in standings if s.ranked is ranked], criteria):
            place = len(ordered) + 1
            for s in sorted(group, key=lambda s: s.number):
                s.rank = place if ranked else None
                s.ex_aequo = ranked and len(group) > 1
                ordered.append(s)
    return ordered


def season_ranking_document(season: Season) -> dict[str, Any]:
    """The season's ranking document (docs/concours.md, 6.4)."""
    settings = season.settings
    return {
        "ranking": str(settings.ranking),
        "tiebreaks": [str(t) for t in settings.tiebreaks],
        "min_nights": settings.min_nights,
        "best_nights": settings.best_nights,
        "nights": len(season.nights),
        "nights_finished": sum(1 for night in season.nights if night.finished),
        "standings": [
            {
                "rank": s.rank,
                "player": s.number,
                "name": s.name,
                "ranked": s.ranked,
                "nights": s.nights,
                "counted": s.counted,
                "win_points": s.win_points,
                "points": s.points,
                "conceded": s.conceded,
                "difference": s.difference,
                "wins": s.wins,
                "draws": s.draws,
                "losses": s.losses,
                "parties": s.parties,
                "byes": s.byes,
                "penalties": s.penalties,
                "tiebreaks": s.tiebreaks,
                "ex_aequo": s.ex_aequo,
                "by_night": s.by_night,
            }
            for s in rank_season(season)
        ],
    }


def rank_season_document(document: Any) -> dict[str, Any]:
    """Parse a season document and return its ranking document (6.4).

    The contract of ``manage.py rank_season``: raises
    :class:`~scoresheets.scoring.MatchError` listing every problem on any
    invalid input (6.1 - 6.2), and nothing else.
    """
    return season_ranking_document(parse_season(document))
