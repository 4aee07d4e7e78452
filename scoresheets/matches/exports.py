"""CSV exports of a table: its matches, and its hands. Pure: text in, text out.

Both functions take the :class:`~scoresheets.stats.PlayedMatch` objects of
the statistics and return the whole CSV as a ``str``; the view encodes it as
UTF-8 (``HttpResponse(text, content_type="text/csv; charset=utf-8")``).

Format choices, for a spreadsheet opened by a French player:

- **UTF-8 with a byte order mark** (the text starts with ``"\\ufeff"``):
  without it Excel decodes a CSV in the legacy code page and "Zoé" turns
  into "ZoÃ©"; LibreOffice and Google Sheets skip the mark.
- **``;`` as the delimiter** (:data:`DELIMITER`): Excel splits a CSV on the
  locale's list separator, which is ``;`` in French (``,`` is the decimal
  separator there), so a ``,`` file opens as one column per row in a French
  Excel; LibreOffice asks or guesses, and Sheets detects ``;``. No
  ``sep=;`` first line: Excel then ignores the byte order mark.
- Header row of stable column ids (:data:`MATCH_COLUMNS`,
  :data:`HAND_COLUMNS`); the caller may give translated ``labels``, and
  ``words``: the text of a coded value by column (``{"outcome": {"made":
  "réussi"}}``), so that the file speaks its reader's language (the web
  gives both; the match's JSON export is the machine-readable format).
- Line ends ``\\r\\n`` (RFC 4180); dates ISO 8601: ``YYYY-MM-DD`` for a
  ``date``, ``YYYY-MM-DD HH:MM`` for a ``datetime`` (converted to local time
  by the caller: a bare ``T`` or offset would stop Excel from reading it as
  a date). Numbers are plain integers (points); yes/no columns are ``1``/``0``;
  teams are ``A``/``B``; the game, a coinche hand's bid, suit and coinche
  are the match document's values (``coinche``, ``generale``, ``no_trump``,
  ``surcoinche``: docs/coinche.md), like the outcome, unless ``words``
  names them (:data:`WORD_COLUMNS`); an empty cell is
  "none" or "unknown" (a belote hand's contract columns are empty).
- Names are players' free text: a name that starts with ``=``, ``+``, ``-``,
  ``@``, a tab or a carriage return would run as a formula in a spreadsheet
  (CSV injection), so it is written with a leading ``'``.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from datetime import date, datetime
from typing import Any

from scoresheets.scoring.engines import ENGINES
from scoresheets.scoring.kernel import csv_cell
from scoresheets.stats import Key, PlayedMatch

__all__ = [
    "CONCOURS_RANKING_COLUMNS",
    "CONCOURS_TABLES_COLUMNS",
    "DELIMITER",
    "HAND_COLUMNS",
    "MATCH_COLUMNS",
    "SEASON_RANKING_COLUMNS",
    "SHARED_HAND_COLUMNS",
    "STANDING_FIGURES",
    "WORD_COLUMNS",
    "concours_ranking_csv",
    "concours_tables_csv",
    "hand_columns",
    "hands_csv",
    "knockout_ranking_csv",
    "matches_csv",
    "season_ranking_csv",
]

DELIMITER = ";"
BOM = "\ufeff"

MATCH_COLUMNS: tuple[str, ...] = (
    "date",
    "match",
    "game",
    "team_a",
    "team_a_player_1",
    "team_a_player_2",
    "team_b",
    "team_b_player_1",
    "team_b_player_2",
    "score_a",
    "score_b",
    "hands",
    "finished",
    "winner",
    "winner_name",
)
"""Columns of :func:`matches_csv`: the match's date, its reference (key or
link), its game (``belote`` / ``coinche``), each team's name and players
(seats 1 & 3, 2 & 4), the totals (points), the number of live hands,
finished (1/0), the winner (A/B or empty) and its team name.

A match of a game scored per player (belote for three or two) writes each
player as a side of his own: his name as the side's name and its first
player, no second player. An export holding a match of three sides has the
third side's columns too (:data:`THIRD_SIDE_MATCH_COLUMNS`); one without
keeps these columns only, byte for byte."""

THIRD_SIDE_MATCH_COLUMNS: dict[str, tuple[str, ...]] = {
    "team_b_player_2": ("team_c", "team_c_player_1"),
    "score_b": ("score_c",),
}
"""The columns of a third side (a game of three players), each group after
the column it follows, in :func:`matches_csv` when an export holds such a
match."""

PLAYER_HAND_COLUMNS: dict[str, tuple[str, ...]] = {
    "trick_points": ("trick_points_a", "trick_points_b"),
    "announcements_b": (),
    "score_b": (),
    "total_b": (),
}
"""The columns of a game scored per player in :func:`hands_csv` (its hands
give every player's trick points, ``trick_points`` staying empty), when an
export holds such a match; a third side adds its own (:data:`THIRD_SIDE_HAND_COLUMNS`)."""

THIRD_SIDE_HAND_COLUMNS: dict[str, tuple[str, ...]] = {
    "trick_points": ("trick_points_c",),
    "announcements_b": ("announcements_c",),
    "score_b": ("score_c",),
    "total_b": ("total_c",),
}
"""The third side's columns in :func:`hands_csv`, after the column each
group follows, when an export holds a match of three sides."""


def _with(columns: Sequence[str], *extras: Mapping[str, tuple[str, ...]]) -> tuple[str, ...]:
    """``columns`` with each group of ``extras`` after the column it names."""
    out: list[str] = []
    for column in columns:
        out.append(column)
        for extra in extras:
            out.extend(extra.get(column, ()))
    return tuple(out)


SHARED_HAND_COLUMNS: tuple[str, ...] = (
    "date",
    "match",
    "game",
    "hand",
    "dealer",
    "taker",
    "taker_team",
    "points_team",
    "trick_points",
    "capot",
    "belote",
    "belote_player",
    "announcements_a",
    "announcements_b",
    "outcome",
    "score_a",
    "score_b",
    "reserve",
    "total_a",
    "total_b",
)
"""The columns of :func:`hands_csv` every game has, one row per live hand
(redeals included): the match's date, reference and game, the hand number
(1-based), the dealer and taker players (names, empty if unknown), then the
hand as entered (FORMAT.md hand keys: taker team; the team whose trick
points are given and the points 0-162, capot team, belote team,
announcements per team, the belote holder's name) and as scored (outcome:
made, dedans, litige, passed, renonce, annulled; each team's score on the
hand, reserve collected included; the reserve after it; the running
totals)."""


def hand_columns(engines: Iterable[Any]) -> tuple[str, ...]:
    """The columns of :func:`hands_csv` for the games of ``engines`` (the
    registry's, in order): the shared ones, each followed by the columns the
    games add after it (``Engine.csv_columns``: coinche's contract after the
    taking team and its solo after the capot, belote's renonce after the
    announcements), once each."""
    engines = tuple(engines)
    out: list[str] = []
    for column in SHARED_HAND_COLUMNS:
        out.append(column)
        for engine in engines:
            out.extend(
                extra.name
                for extra in engine.csv_columns
                if extra.after == column and extra.name not in out
            )
    return tuple(out)


HAND_COLUMNS: tuple[str, ...] = hand_columns(ENGINES.values())
"""Columns of :func:`hands_csv`: :data:`SHARED_HAND_COLUMNS` and every
game's own (:func:`hand_columns`), empty in another game's rows."""

_GAME_COLUMNS = {name: engine.csv_columns for name, engine in ENGINES.items()}

WORD_COLUMNS: tuple[str, ...] = tuple(
    dict.fromkeys(
        [
            "game",
            "finished",
            *(c.name for e in ENGINES.values() for c in e.csv_columns if c.worded),
            "outcome",
        ]
    )
)
"""The columns whose coded values ``words`` may name: the game, the yes/no
column ``finished`` (``"1"`` / ``"0"``), the games' worded columns (a
coinche bid's words, ``capot``, ``generale``, a number staying a number;
the suit, the coinche, a générale's solo) and the outcome. Teams stay ``A``
/ ``B`` (the headers name them), numbers and dates stay as they are."""

Words = Mapping[str, Mapping[str, str]]

_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _text(value: str) -> str:
    """Free text made safe from spreadsheet formula evaluation."""
    return "'" + value if value.startswith(_FORMULA_STARTS) else value


def _date(value: date | datetime) -> str:
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M")
    return value.isoformat()


def _write(
    columns: Sequence[str],
    rows: Iterable[Sequence[object]],
    labels: Mapping[str, str] | None,
    delimiter: str,
) -> str:
    out = io.StringIO()
    out.write(BOM)
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\r\n")
    writer.writerow([_text((labels or {}).get(c, c)) for c in columns])
    writer.writerows(rows)
    return out.getvalue()


def _namer(names: Mapping[Key, str]) -> Callable[[Key | None], str]:
    def name(key: Key | None) -> str:
        if key is None:
            return ""
        return _text(names.get(key, str(key)))

    return name


def _ref(match: PlayedMatch, link: Callable[[PlayedMatch], str] | None) -> str:
    return link(match) if link is not None else str(match.key)


def _worder(words: Words | None) -> Callable[[str, str], str]:
    """``word(column, value)``: the text ``words`` gives the coded ``value``
    of ``column``, else the value itself (an empty cell stays empty)."""

    def word(column: str, value: str) -> str:
        return str((words or {}).get(column, {}).get(value, value))

    return word


def matches_csv(
    matches: Iterable[PlayedMatch],
    names: Mapping[Hashable, str],
    *,
    link: Callable[[PlayedMatch], str] | None = None,
    labels: Mapping[str, str] | None = None,
    words: Words | None = None,
    delimiter: str = DELIMITER,
) -> str:
    """The CSV of ``matches`` (in the order given), one row per match.

    ``names`` maps a player key to the name written (a missing key is
    written as ``str(key)``); ``link(match)``, if given, gives the "match"
    cell (e.g. the match's absolute URL), else ``str(match.key)``;
    ``labels`` maps column ids (:data:`MATCH_COLUMNS`) to header texts,
    ``words`` coded values to texts (:data:`WORD_COLUMNS`).
    Returns the CSV text, starting with a byte order mark.
    """
    name = _namer(names)
    word = _worder(words)
    matches = list(matches)
    third = any(len(match.sides) > 2 for match in matches)
    columns = _with(MATCH_COLUMNS, THIRD_SIDE_MATCH_COLUMNS) if third else MATCH_COLUMNS
    rows = []
    for match in matches:
        sides = match.sides
        result = match.result
        winner = result.winner if result.finished else None
        side_name = dict(zip(sides, match.team_names, strict=True))
        cells = {
            "date": _date(match.played_on),
            "match": _ref(match, link),
            "game": word("game", str(match.game)),
            "hands": len(result.hands),
            "finished": word("finished", csv_cell(result.finished)),
            "winner": csv_cell(winner),
            "winner_name": _text(side_name[winner]) if winner else "",
        }
        for side in sides:
            code = side.lower()
            players = [*match.players(side), None][:2]  # one player alone: no second
            cells[f"team_{code}"] = _text(side_name[side])
            cells[f"team_{code}_player_1"] = name(players[0])
            cells[f"team_{code}_player_2"] = name(players[1])
            cells[f"score_{code}"] = result.totals[side]
        rows.append(tuple(cells.get(column, "") for column in columns))
    return _write(columns, rows, labels, delimiter)


def hands_csv(
    matches: Iterable[PlayedMatch],
    names: Mapping[Hashable, str],
    *,
    link: Callable[[PlayedMatch], str] | None = None,
    labels: Mapping[str, str] | None = None,
    words: Words | None = None,
    delimiter: str = DELIMITER,
) -> str:
    """The CSV of every live hand of ``matches``, match by match, in order.

    Same arguments as :func:`matches_csv` (``labels`` keyed by
    :data:`HAND_COLUMNS`). Returns the CSV text, starting with a byte order
    mark.
    """
    name = _namer(names)
    word = _worder(words)
    matches = list(matches)
    extras = []
    if any(match.game_players for match in matches):
        extras.append(PLAYER_HAND_COLUMNS)
    if any(len(match.sides) > 2 for match in matches):
        extras.append(THIRD_SIDE_HAND_COLUMNS)
    columns = _with(HAND_COLUMNS, *extras)
    rows = []
    for match in matches:
        played_on = _date(match.played_on)
        ref = _ref(match, link)
        game = word("game", str(match.game))
        own = _GAME_COLUMNS.get(str(match.game), ())
        for hand in match.hands:
            given, scored = hand.input, hand.result
            cells = {
                "date": played_on,
                "match": ref,
                "game": game,
                "hand": scored.number,
                "dealer": name(hand.dealer),
                "taker": name(hand.taker),
                "taker_team": csv_cell(given.taker),
                # A game scored per player has each player's trick points (below).
                "points_team": csv_cell(getattr(given, "points_team", None)),
                "trick_points": csv_cell(getattr(given, "trick_points", None)),
                # A belote table's columns; a game without them leaves them empty.
                "capot": csv_cell(getattr(given, "capot", None)),
                "belote": csv_cell(getattr(given, "belote", None)),
                "belote_player": name(hand.belote_player),
                "outcome": word("outcome", str(scored.outcome)),
                "reserve": scored.reserve,
            }
            for side in match.sides:
                code = side.lower()
                cells[f"announcements_{code}"] = _announced(given, code)
                cells[f"score_{code}"] = scored.score[side]
                cells[f"total_{code}"] = scored.totals[side]
            if match.game_players:
                # Every player's trick points as used (the derived one, a capot's).
                tricks = scored.tricks
                for side in match.sides:
                    cells[f"trick_points_{side.lower()}"] = "" if tricks is None else tricks[side]
            # The game's own columns (another game's stay empty).
            for column in own:
                code = column.value(given)
                cells[column.name] = word(column.name, code) if column.worded else code
            rows.append(tuple(cells.get(column, "") for column in columns))
    return _write(columns, rows, labels, delimiter)


# --------------------------------------------------------------------------
# A concours (issue 19, docs/concours.md)
# --------------------------------------------------------------------------

STANDING_FIGURES: tuple[str, ...] = (
    "win_points",
    "points",
    "conceded",
    "difference",
    "wins",
    "draws",
    "losses",
    "parties",
    "byes",
    "penalties",
    "ex_aequo",
)
"""The figures of a standing, a concours' (docs/concours.md 2.6) or a
season player's (6.4): the columns both rankings' CSVs share."""

CONCOURS_RANKING_COLUMNS: tuple[str, ...] = (
    "rank",
    "number",
    "name",
    "players",
    *STANDING_FIGURES,
    "abandon",
    "late",
)
"""Columns of :func:`concours_ranking_csv`, then one ``tiebreak_<name>``
column per tiebreak of the concours, in order: the ranking document's
entry (docs/concours.md 2.6), its name and players; flags are ``1``/``0``."""

CONCOURS_TABLES_COLUMNS: tuple[str, ...] = (
    "partie",
    "table",
    "side_a",
    "side_a_name",
    "side_b",
    "side_b_name",
    "points_a",
    "points_b",
    "donnes",
    "finished",
    "bye",
)
"""Columns of :func:`concours_tables_csv`: one row a table (its sides'
numbers, ``3 & 17`` à la mêlée, and names, its points, the donnes played,
finished ``1``/``0``), and one row an exempt (``bye``: its number, its name
in ``side_a_name``)."""


def concours_ranking_csv(
    ranking: Mapping[str, object],
    rows: Iterable[tuple[Mapping[str, object], str, str]],
    *,
    labels: Mapping[str, str] | None = None,
    delimiter: str = DELIMITER,
) -> str:
    """The CSV of a concours' ranking: ``ranking`` is the ranking document
    (its ``tiebreaks`` name the last columns), ``rows`` gives, in ranking
    order, each entrant's standing (an entry of ``standings``), label and
    players. ``labels`` maps column ids (:data:`CONCOURS_RANKING_COLUMNS`,
    ``tiebreak_<name>``) to header texts. Returns the CSV text, starting
    with a byte order mark."""
    tiebreaks = list(ranking["tiebreaks"])  # type: ignore[call-overload]
    columns = (*CONCOURS_RANKING_COLUMNS, *(f"tiebreak_{name}" for name in tiebreaks))
    word = "player" if ranking.get("mode") == "melee" else "team"
    out = []
    for standing, label, players in rows:
        values = {
            **standing,
            "number": standing[word],
            "name": _text(label),
            "players": _text(players),
        }
        line = [
            csv_cell(values[c]) if isinstance(values[c], bool) else values[c]
            for c in CONCOURS_RANKING_COLUMNS
        ]
        found = standing["tiebreaks"]  # type: ignore[index]
        line.extend("" if found[name] is None else found[name] for name in tiebreaks)
        out.append(line)
    return _write(columns, out, labels, delimiter)


KNOCKOUT_RANKING_COLUMNS: tuple[str, ...] = ("place", "number", "name", "players", "reached")
"""Columns of :func:`knockout_ranking_csv` (docs/concours.md 7.3): the
place (empty while still in), the team, the round it reached (its name)."""


def knockout_ranking_csv(
    rows: Iterable[tuple[int | None, int, str, str, str]],
    *,
    labels: Mapping[str, str] | None = None,
    delimiter: str = DELIMITER,
) -> str:
    """The CSV of a knockout's outcome: ``rows`` (place, number, label,
    players, round reached), in the outcome's order. Returns the CSV text,
    starting with a byte order mark."""
    out = [
        ["" if place is None else place, number, _text(label), _text(players), reached]
        for place, number, label, players, reached in rows
    ]
    return _write(KNOCKOUT_RANKING_COLUMNS, out, labels, delimiter)


def concours_tables_csv(
    parties: Iterable[
        tuple[
            int,
            Sequence[tuple[int, str, str, str, str, tuple[int, int], int, bool]],
            Sequence[tuple[int, str]],
        ]
    ],
    *,
    labels: Mapping[str, str] | None = None,
    delimiter: str = DELIMITER,
) -> str:
    """The CSV of every partie's tables: ``parties`` gives, partie by
    partie, its number, its tables (number, side A's numbers and name, side
    B's, the points, the donnes played, finished) and its exempt (number,
    name). ``labels`` maps column ids (:data:`CONCOURS_TABLES_COLUMNS`) to
    header texts. Returns the CSV text, starting with a byte order mark."""
    out: list[list[object]] = []
    for number, tables, byes in parties:
        for table, a, a_name, b, b_name, points, donnes, finished in tables:
            out.append(
                [
                    number,
                    table,
                    a,
                    _text(a_name),
                    b,
                    _text(b_name),
                    points[0],
                    points[1],
                    donnes,
                    csv_cell(finished),
                    "",
                ]
            )
        for bye, name in byes:
            out.append([number, "", "", _text(name), "", "", "", "", "", "", bye])
    return _write(CONCOURS_TABLES_COLUMNS, out, labels, delimiter)


SEASON_RANKING_COLUMNS: tuple[str, ...] = (
    "rank",
    "player",
    "name",
    "ranked",
    "nights",
    "counted",
    *STANDING_FIGURES,
)
"""Columns of :func:`season_ranking_csv`, then one ``tiebreak_<name>``
column per tiebreak of the season, in order: the season ranking
document's entry (docs/concours.md 6.4); flags are ``1``/``0``, the rank
of an unranked player empty."""


def season_ranking_csv(
    ranking: Mapping[str, object],
    *,
    labels: Mapping[str, str] | None = None,
    delimiter: str = DELIMITER,
) -> str:
    """The CSV of a season's ranking: ``ranking`` is the season ranking
    document (6.4), a row a player in its order (ranked first, then the
    unranked). ``labels`` maps column ids (:data:`SEASON_RANKING_COLUMNS`,
    ``tiebreak_<name>``) to header texts. Returns the CSV text, starting
    with a byte order mark."""
    tiebreaks = list(ranking["tiebreaks"])  # type: ignore[call-overload]
    columns = (*SEASON_RANKING_COLUMNS, *(f"tiebreak_{name}" for name in tiebreaks))
    out = []
    for standing in ranking["standings"]:  # type: ignore[attr-defined]
        values = {**standing, "name": _text(standing["name"] or "")}
        line = [
            csv_cell(values[c])
            if isinstance(values[c], bool)
            else ("" if values[c] is None else values[c])
            for c in SEASON_RANKING_COLUMNS
        ]
        line.extend(standing["tiebreaks"][name] for name in tiebreaks)
        out.append(line)
    return _write(columns, out, labels, delimiter)


def _announced(given: Any, team: str) -> int | str:
    """A hand's announcements of one side (``"a"``/``"b"``/``"c"``, points) for
    the hands' CSV, empty in a game without them (a game with other bonuses writes them in
    its own columns)."""
    announcements = getattr(given, "announcements", None)
    if announcements is None:
        return ""
    if hasattr(announcements, team):  # a Pair of two teams
        return getattr(announcements, team)
    return announcements.get(team.upper(), 0)  # Scores: a player's (a game scored per player)
