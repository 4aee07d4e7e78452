"""The results document of a concours: parse and validate (docs/concours.md, 1).

Pure Python, no Django, no I/O. :func:`parse_concours` turns a results
document (parsed JSON) into a frozen :class:`Concours` or raises
:class:`~scoresheets.scoring.MatchError` listing every :class:`Problem`
found (``hand`` is always ``None``; ``field`` is a path with 1-based
indexes, such as ``parties[2].tables[3].teams[1]``; ``code`` is stable).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from scoresheets.scoring import MatchError, Problem
from scoresheets.scoring.engines import ENGINES
from scoresheets.scoring.kernel import ConcoursFacts

__all__ = [
    "BYE_KINDS",
    "FREE_KEYS",
    "MAX_ENTRANTS",
    "MAX_PARTIES",
    "ByeKind",
    "Concours",
    "Entrant",
    "Format",
    "Game",
    "Length",
    "Mode",
    "Partie",
    "Penalty",
    "PenaltyKind",
    "Ranking",
    "Settings",
    "Table",
    "Tiebreak",
    "parse_concours",
]

# Limits (docs/concours.md, 1.2 - 1.5): sane bounds, far above a real night.
MAX_PARTIES = 20
MAX_DONNES = 100
MAX_TARGET = 100_000
MAX_ENTRANTS = 1000
MAX_NUMBER = 100_000
MAX_POINTS = 1_000_000
MAX_WIN_POINTS = 100
MAX_NAME = 100
MAX_REASON = 200

# Top-level keys that are ignored (1.1): a case's, an export's.
FREE_KEYS = ("name", "date", "why", "expected", "result")


class Format(StrEnum):
    """``settings.format`` (1.2): the night's parties (Swiss-like, this
    document), or a knockout (its bracket document, section 7)."""

    PARTIES = "parties"
    KNOCKOUT = "knockout"


class Mode(StrEnum):
    """``settings.mode`` (1.2): fixed teams, or à la mêlée (players)."""

    TEAMS = "teams"
    MELEE = "melee"


class Ranking(StrEnum):
    """``settings.ranking`` (1.2, 2.3): what ranks first."""

    POINTS = "points"
    WIN_POINTS = "win_points"


class Tiebreak(StrEnum):
    """The tiebreaks (2.4)."""

    POINTS = "points"
    DIFFERENCE = "difference"
    CONCEDED = "conceded"
    WINS = "wins"
    DIRECT = "direct"


class ByeKind(StrEnum):
    """``settings.bye.kind`` (2.2)."""

    HALF = "half"
    AVERAGE = "average"
    FIXED = "fixed"


BYE_KINDS = tuple(ByeKind)


class PenaltyKind(StrEnum):
    """A penalty's ``kind`` (1.5)."""

    TO_OPPONENTS = "to_opponents"
    DEDUCTED = "deducted"


@dataclass(frozen=True)
class Length:
    """How a partie ends (1.2): after ``donnes`` donnes, or at ``target`` points."""

    donnes: int | None = None
    target: int | None = None


@dataclass(frozen=True)
class GameFacts:
    """What the concours needs to know of one game (1.2, 2.2): how its parties
    end and rank by default, and ``donne_points``, the points every donne shares
    out whatever is bid (162 at belote: ``kernel.TRICK_POINTS_TOTAL``), or None
    where the bid is scored and a donne has no fixed size (coinche)."""

    length: Length
    ranking: Ranking
    donne_points: int | None


def _facts(facts: ConcoursFacts) -> GameFacts:
    length = Length(donnes=facts.donnes, target=facts.target)
    return GameFacts(length, Ranking(facts.ranking), facts.donne_points)


# One entry per game a concours is played at, from each game's engine
# (``Engine.concours``, in the registry's order): the only place the concours
# core tells the games apart. ``settings.game`` defaults to the first.
GAME_FACTS: dict[str, GameFacts] = {
    name: _facts(engine.concours) for name, engine in ENGINES.items() if engine.concours
}

Game = StrEnum("Game", [(name.upper(), name) for name in GAME_FACTS])
Game.__doc__ = """``settings.game`` (1.2): a game of :data:`GAME_FACTS`."""

DEFAULT_GAME = Game(next(iter(GAME_FACTS)))


@dataclass(frozen=True)
class Settings:
    """``settings`` with every default filled in (1.2)."""

    game: Game = DEFAULT_GAME
    format: Format = Format.PARTIES
    mode: Mode = Mode.TEAMS
    parties: int = 4
    length: Length = Length(donnes=12)
    last_length: Length = Length(donnes=12)
    ranking: Ranking = Ranking.POINTS
    win: int = 2
    draw: int = 1
    loss: int = 1
    tiebreaks: tuple[Tiebreak, ...] = (Tiebreak.DIFFERENCE, Tiebreak.WINS)
    bye_kind: ByeKind = ByeKind.HALF
    bye_points: int | None = None  # ``fixed`` only
    bye_win_points: int = 1  # the draw value unless given

    def length_of(self, partie: int) -> Length:
        """The length of partie ``partie`` (1-based): ``last_length`` for the last."""
        return self.last_length if partie == self.parties else self.length

    @property
    def side_size(self) -> int:
        """Entrants a side: 1 team, or 2 players à la mêlée."""
        return 2 if self.mode is Mode.MELEE else 1

    @property
    def entrant_word(self) -> str:
        """The document's word for an entrant: ``team`` or ``player``."""
        return "player" if self.mode is Mode.MELEE else "team"


@dataclass(frozen=True)
class Entrant:
    """A team (mode ``teams``) or a player (mode ``melee``), 1.3."""

    number: int
    name: str | None = None
    players: tuple[str, ...] = ()
    arrived: int = 1
    left_after: int | None = None

    def present_at(self, partie: int) -> bool:
        """Whether it plays partie ``partie`` (1.3, "present")."""
        return self.arrived <= partie and (self.left_after is None or partie <= self.left_after)


@dataclass(frozen=True)
class Table:
    """One table of a partie (1.4): two sides (tuples of entrant numbers)."""

    sides: tuple[tuple[int, ...], tuple[int, ...]]
    points: tuple[int, int] = (0, 0)
    finished: bool = False


@dataclass(frozen=True)
class Partie:
    """One partie (1.4): its tables, table 1 first, and its exempt."""

    tables: tuple[Table, ...] = ()
    byes: tuple[int, ...] = ()

    def placed(self) -> Iterator[int]:
        """Every entrant number placed in this partie (at a table or exempt)."""
        for table in self.tables:
            for side in table.sides:
                yield from side
        yield from self.byes


@dataclass(frozen=True)
class Penalty:
    """A referee's penalty (1.5)."""

    entrant: int
    partie: int
    points: int
    kind: PenaltyKind = PenaltyKind.TO_OPPONENTS
    reason: str = ""


@dataclass(frozen=True)
class Concours:
    """A valid results document (docs/concours.md, 1)."""

    settings: Settings = field(default_factory=Settings)
    entrants: tuple[Entrant, ...] = ()
    parties: tuple[Partie, ...] = ()
    penalties: tuple[Penalty, ...] = ()

    def entrant(self, number: int) -> Entrant:
        """The entrant numbered ``number`` (KeyError when none)."""
        for entrant in self.entrants:
            if entrant.number == number:
                return entrant
        raise KeyError(number)

    def present_at(self, partie: int) -> list[Entrant]:
        """The entrants present at partie ``partie`` (1-based), in document order."""
        return [e for e in self.entrants if e.present_at(partie)]


# --------------------------------------------------------------------------
# Parsing helpers: each appends Problems to ``out`` and never raises.
# --------------------------------------------------------------------------

_MISSING = object()


def _problem(out: list[Problem], path: str, code: str, message: str, **params: Any) -> None:
    out.append(Problem(None, path, code, message, tuple(params.items())))


def _is_int(value: Any) -> bool:
    # JSON integers only: bool is an int subclass in Python, but not a number here.
    return type(value) is int


def _int(
    out: list[Problem], path: str, value: Any, low: int, high: int, default: Any = _MISSING
) -> Any:
    """An integer in [low, high], ``default`` when absent (``_MISSING``: required)."""
    if value is _MISSING:
        if default is _MISSING:
            _problem(out, path, "required", "is required")
        return default if default is not _MISSING else None
    if not _is_int(value):
        _problem(out, path, "not_integer", "must be an integer")
        return None
    if not low <= value <= high:
        _problem(out, path, "out_of_range", f"must be between {low} and {high}", min=low, max=high)
        return None
    return value


def _string(out: list[Problem], path: str, value: Any, low: int, high: int) -> str | None:
    if not isinstance(value, str):
        _problem(out, path, "not_string", "must be a string")
        return None
    if not low <= len(value) <= high:
        _problem(
            out,
            path,
            "out_of_range",
            f"must have {low} to {high} characters",
            min=low,
            max=high,
        )
        return None
    return value


def _choice(out: list[Problem], path: str, value: Any, enum: type[StrEnum]) -> Any:
    choices = tuple(enum)
    if isinstance(value, str) and value in choices:
        return enum(value)
    shown = ", ".join(f'"{c}"' for c in choices)
    _problem(out, path, "invalid_choice", f"must be one of {shown}", choices=choices)
    return None


def _object(
    out: list[Problem], path: str, value: Any, keys: tuple[str, ...], what: str
) -> dict[str, Any] | None:
    """``value`` if it is an object; each key not in ``keys`` is a problem,
    null or not. Below the top level its keys whose value is null are left
    out (1.1: null is the same as absent there); at the top level (``path``
    "document") they stay, to be refused (``settings`` is not null)."""
    if not isinstance(value, dict):
        _problem(out, path, "not_object", "must be an object")
        return None
    for key in value:
        if key not in keys:
            where = f"{path}.{key}" if path != "document" else str(key)
            _problem(out, where, "unknown_key", f"is not a known key of {what}")
    if path == "document":
        return value
    return {key: item for key, item in value.items() if item is not None}


def _list(out: list[Problem], path: str, value: Any) -> list[Any] | None:
    if not isinstance(value, list):
        _problem(out, path, "not_list", "must be a list")
        return None
    return value


# --------------------------------------------------------------------------
# Settings tables (1.2; the season's, 6.2): one line a setting
# --------------------------------------------------------------------------

# The settings read so far, by field name (a :class:`Settings` field, 1.2,
# or a season's, 6.2): what a setting that depends on an earlier one reads.
Values = dict[str, Any]

# A setting's check, ``check(out, path, raw, values)``: the value of ``raw``,
# or None after appending its problems (under ``path``) to ``out``. ``raw``
# is the value given (never null: null is absent, 1.1), or ``_MISSING`` for
# an absent key that has no default (a check reports ``required`` then).
Check = Callable[[list[Problem], str, Any, Values], Any]


@dataclass(frozen=True)
class IntIn:
    """A :data:`Check`: an integer from ``low`` to ``high`` (1.2's integers),
    by :func:`_int`: ``not_integer``, ``out_of_range``; absent, ``required``."""

    low: int
    high: int

    def __call__(self, out: list[Problem], path: str, raw: Any, values: Values) -> int | None:
        return _int(out, path, raw, self.low, self.high)


@dataclass(frozen=True)
class OneOf:
    """A :data:`Check`: one of the values of ``enum`` (1.2's words), by
    :func:`_choice`: ``invalid_choice``; absent, ``required``."""

    enum: type[StrEnum]

    def __call__(self, out: list[Problem], path: str, raw: Any, values: Values) -> Any:
        if raw is _MISSING:
            _problem(out, path, "required", "is required")
            return None
        return _choice(out, path, raw, self.enum)


@dataclass(frozen=True)
class Setting:
    """One key of a settings object, a line of a settings table (1.2, 6.2).

    - ``key``: its name in the object; its problems come under
      ``<the object's path>.<key>``, with the codes of its ``check``;
    - ``check``: a :data:`Check` (:class:`IntIn`, :class:`OneOf`, or a
      function of that shape);
    - ``default``: its value when absent; ``_MISSING`` (none): the check is
      given ``_MISSING``, which is ``required`` unless the check says otherwise;
    - ``derive``: when given, its value when absent, a function of the
      :data:`Values` read before it (``default`` is then unused);
    - ``field``: the name of its value in :data:`Values`, its key unless given.
    """

    key: str
    check: Check
    default: Any = _MISSING
    derive: Callable[[Values], Any] | None = None
    field: str = ""


def _read_settings(
    out: list[Problem], path: str, obj: dict[str, Any], table: tuple[Setting, ...], values: Values
) -> Values:
    """``values`` with every setting of ``table`` read from ``obj`` (a
    settings object of 1.2 or 6.2, at ``path``, its keys already checked by
    :func:`_object`), in the table's order, each problem appended to ``out``
    in that order."""
    for setting in table:
        raw = obj.get(setting.key, _MISSING)
        if raw is _MISSING and setting.derive is not None:
            value = setting.derive(values)
        elif raw is _MISSING and setting.default is not _MISSING:
            value = setting.default
        else:
            value = setting.check(out, f"{path}.{setting.key}", raw, values)
        values[setting.field or setting.key] = value
    return values


def _tiebreak_list(
    out: list[Problem],
    path: str,
    raw: Any,
    enum: type[StrEnum],
    repeats: Callable[[Any], str | None],
) -> tuple[Any, ...] | None:
    """A list of distinct tiebreaks of ``enum`` (1.2 and 2.4; the season's,
    6.2): each an ``invalid_choice``, a ``duplicate_tiebreak`` or, when
    ``repeats(tiebreak)`` gives a message, a ``redundant_tiebreak`` under
    ``path[i]``; None when ``raw`` is not a list (``not_list``)."""
    names = _list(out, path, raw)
    if names is None:
        return None
    parsed: list[Any] = []
    for index, name in enumerate(names, 1):
        where = f"{path}[{index}]"
        tiebreak = _choice(out, where, name, enum)
        if tiebreak is None:
            continue
        if tiebreak in parsed:
            _problem(out, where, "duplicate_tiebreak", "is already in the list")
        elif (message := repeats(tiebreak)) is not None:
            _problem(out, where, "redundant_tiebreak", message)
        parsed.append(tiebreak)
    return tuple(parsed)


# --------------------------------------------------------------------------
# Settings (1.2)
# --------------------------------------------------------------------------

DEFAULT_TIEBREAKS = {
    Ranking.POINTS: (Tiebreak.DIFFERENCE, Tiebreak.WINS),
    Ranking.WIN_POINTS: (Tiebreak.POINTS, Tiebreak.DIFFERENCE),
}


def _length(out: list[Problem], path: str, raw: Any, values: Values) -> Length | None:
    """A :data:`Check`: ``length`` or ``last_length`` (1.2), ``{"donnes": K}``
    or ``{"target": T}``: ``not_object``, ``unknown_key``, ``one_of``, and
    the integer's problems."""
    obj = _object(out, path, raw, ("donnes", "target"), "a length")
    if obj is None:
        return None
    if ("donnes" in obj) == ("target" in obj):
        _problem(out, path, "one_of", 'must give one of "donnes" and "target"')
        return None
    if "donnes" in obj:
        donnes = _int(out, f"{path}.donnes", obj["donnes"], 1, MAX_DONNES)
        return None if donnes is None else Length(donnes=donnes)
    target = _int(out, f"{path}.target", obj["target"], 1, MAX_TARGET)
    return None if target is None else Length(target=target)


def _game_length(values: Values) -> Length:
    """``length``'s default (1.2): the game's (the first game's when the
    game given is not one)."""
    return GAME_FACTS[values["game"] or DEFAULT_GAME].length


def _same_length(values: Values) -> Length | None:
    """``last_length``'s default (1.2): ``length``."""
    return values["length"]


def _game_ranking(values: Values) -> Ranking:
    """``ranking``'s default (1.2): the game's (the first game's when the
    game given is not one)."""
    return GAME_FACTS[values["game"] or DEFAULT_GAME].ranking


# The settings of one key each (1.2), read first, in this order: one line a
# setting. ``win_points``, ``tiebreaks`` and ``bye``, which depend on others,
# are read after them (:func:`_parse_settings`).
SETTINGS_TABLE = (
    Setting("game", OneOf(Game), DEFAULT_GAME),
    Setting("format", OneOf(Format), Format.PARTIES),
    Setting("mode", OneOf(Mode), Mode.TEAMS),
    Setting("parties", IntIn(1, MAX_PARTIES), 4),
    Setting("length", _length, derive=_game_length),
    Setting("last_length", _length, derive=_same_length),
    Setting("ranking", OneOf(Ranking), derive=_game_ranking),
)

# Every key of ``settings`` (1.2): the table's, then the others'.
SETTINGS_KEYS = (*(setting.key for setting in SETTINGS_TABLE), "win_points", "tiebreaks", "bye")


def _middle(values: Values) -> int | None:
    """``win_points.draw``'s default (1.2): the middle of a win and a loss,
    rounded down; None when either is invalid."""
    win, loss = values["win"], values["loss"]
    if win is None or loss is None:
        return None
    return (win + loss) // 2


# ``settings.win_points`` (1.2): {"win": w, "draw": d, "loss": l}, each
# optional, into the Settings fields ``win``, ``loss``, ``draw``.
WIN_POINTS_TABLE = (
    Setting("win", IntIn(0, MAX_WIN_POINTS), 2),
    Setting("loss", IntIn(0, MAX_WIN_POINTS), 1),
    Setting("draw", IntIn(0, MAX_WIN_POINTS), derive=_middle),
)

# The keys of ``settings.win_points`` (1.2).
WIN_POINTS_KEYS = tuple(setting.key for setting in WIN_POINTS_TABLE)


def _bye_points(out: list[Problem], path: str, raw: Any, values: Values) -> int | None:
    """A :data:`Check`: ``bye.points`` (1.2, 2.2), which depends on the
    kind: required with ``fixed`` (0 to :data:`MAX_POINTS`), ``not_allowed``
    with another kind, unchecked when the kind is invalid."""
    kind = values["bye_kind"]
    if kind is ByeKind.FIXED:
        return _int(out, path, raw, 0, MAX_POINTS)
    if raw is not _MISSING and kind is not None:
        _problem(out, path, "not_allowed", 'is only given with the kind "fixed"')
    return None


def _same_draw(values: Values) -> int | None:
    """``bye.win_points``'s default (1.2, 2.2): the draw's win points."""
    return values["draw"]


# ``settings.bye`` (1.2, 2.2): {"kind": k, "points": P, "win_points": W},
# ``kind`` required, into the Settings fields ``bye_kind``, ``bye_points``,
# ``bye_win_points``.
BYE_TABLE = (
    Setting("kind", OneOf(ByeKind), field="bye_kind"),
    Setting("points", _bye_points, field="bye_points"),
    Setting("win_points", IntIn(0, MAX_WIN_POINTS), derive=_same_draw, field="bye_win_points"),
)

# The keys of ``settings.bye`` (1.2).
BYE_KEYS = tuple(setting.key for setting in BYE_TABLE)


def _parse_settings(raw: Any, out: list[Problem]) -> Settings | None:
    """The settings with defaults (1.2), or None when a problem was found.

    The settings of :data:`SETTINGS_TABLE` first, then, in the order of
    their keys, those that depend on others (their problems in that order).
    """
    start = len(out)
    obj = _object(out, "settings", raw, SETTINGS_KEYS, "the settings")
    if obj is None:
        return None
    values = _read_settings(out, "settings", obj, SETTINGS_TABLE, {})
    if values["format"] is Format.KNOCKOUT:
        _problem(
            out,
            "settings.format",
            "knockout_document",
            "a knockout is read as a bracket document (section 7), not as parties",
        )
    _read_win_points(out, obj, values)
    _read_tiebreaks(out, obj, values)
    _read_bye(out, obj, values)
    _check_bye_defined(out, values)
    if len(out) > start:
        return None
    return Settings(**values)


def _read_win_points(out: list[Problem], obj: dict[str, Any], values: Values) -> None:
    """``settings.win_points`` (1.2) into ``values`` by
    :data:`WIN_POINTS_TABLE` (absent or not an object: the defaults, 2, 1,
    1), then ``win_points_order`` unless win >= draw >= loss."""
    given: dict[str, Any] | None = {}
    if "win_points" in obj:
        given = _object(
            out, "settings.win_points", obj["win_points"], WIN_POINTS_KEYS, "win points"
        )
    _read_settings(out, "settings.win_points", given or {}, WIN_POINTS_TABLE, values)
    win, draw, loss = values["win"], values["draw"], values["loss"]
    if win is not None and draw is not None and loss is not None and not win >= draw >= loss:
        _problem(
            out,
            "settings.win_points",
            "win_points_order",
            "must give a win at least a draw, and a draw at least a loss",
        )


def _read_tiebreaks(out: list[Problem], obj: dict[str, Any], values: Values) -> None:
    """``settings.tiebreaks`` (1.2, 2.4) into ``values``: distinct
    :class:`Tiebreak` names, ``points`` refused under the ranking by points
    (``redundant_tiebreak``); absent, :data:`DEFAULT_TIEBREAKS` of the
    ranking (None when the ranking is invalid)."""
    ranking = values["ranking"]
    if "tiebreaks" not in obj:
        values["tiebreaks"] = DEFAULT_TIEBREAKS[ranking] if ranking is not None else None
        return

    def repeats(tiebreak: Any) -> str | None:
        if tiebreak is Tiebreak.POINTS and ranking is Ranking.POINTS:
            return "repeats the ranking by points"
        return None

    values["tiebreaks"] = _tiebreak_list(
        out, "settings.tiebreaks", obj["tiebreaks"], Tiebreak, repeats
    )


def _read_bye(out: list[Problem], obj: dict[str, Any], values: Values) -> None:
    """``settings.bye`` (1.2, 2.2) into ``values`` by :data:`BYE_TABLE`;
    absent or not an object: ``half``, no points, the draw's win points."""
    values.update(bye_kind=ByeKind.HALF, bye_points=None, bye_win_points=values["draw"])
    if "bye" in obj:
        bye = _object(out, "settings.bye", obj["bye"], BYE_KEYS, "the bye")
        if bye is not None:
            _read_settings(out, "settings.bye", bye, BYE_TABLE, values)


def _check_bye_defined(out: list[Problem], values: Values) -> None:
    """``bye_undefined`` (1.2, 2.2): a ``half`` bye in a game without a
    donne's fixed points (coinche) and a partie played in donnes."""
    game = values["game"]
    if values["bye_kind"] is not ByeKind.HALF or not game:
        return
    if GAME_FACTS[game].donne_points is not None:
        return
    # The lengths played (2.2): `length` for parties 1 to N - 1, none
    # when the only partie is the last (issue 27).
    played = (("length", values["length"]),) if values["parties"] != 1 else ()
    for name, value in (*played, ("last_length", values["last_length"])):
        if value is not None and value.donnes is not None:
            _problem(
                out,
                "settings.bye.kind",
                "bye_undefined",
                f'"half" has no value at coinche for a partie in donnes ({name});'
                ' use "average" or "fixed"',
            )
            break


# --------------------------------------------------------------------------
# Entrants (1.3)
# --------------------------------------------------------------------------


def _parse_entrants(
    raw: Any, list_key: str, mode: Mode, parties: int, out: list[Problem]
) -> list[Entrant] | None:
    items = _list(out, list_key, raw)
    if items is None:
        return None
    if len(items) > MAX_ENTRANTS:
        _problem(
            out,
            list_key,
            "out_of_range",
            f"must have at most {MAX_ENTRANTS} entries",
            max=MAX_ENTRANTS,
        )
        return None
    keys = ("number", "name", "arrived", "left_after")
    if mode is Mode.TEAMS:
        keys = (*keys, "players")
    what = "a player" if mode is Mode.MELEE else "a team"
    entrants: list[Entrant] = []
    seen: set[int] = set()
    ok = True
    for index, item in enumerate(items, 1):
        path = f"{list_key}[{index}]"
        start = len(out)
        obj = _object(out, path, item, keys, what)
        if obj is None:
            ok = False
            continue
        number = _int(out, f"{path}.number", obj.get("number", _MISSING), 1, MAX_NUMBER)
        name = None
        if obj.get("name") is not None:
            name = _string(out, f"{path}.name", obj["name"], 1, MAX_NAME)
        players: list[str] = []
        if obj.get("players") is not None:
            names = _list(out, f"{path}.players", obj["players"])
            if names is not None:
                if len(names) > 2:
                    _problem(
                        out, f"{path}.players", "out_of_range", "must have at most 2 names", max=2
                    )
                for p_index, player in enumerate(names, 1):
                    text = _string(out, f"{path}.players[{p_index}]", player, 1, MAX_NAME)
                    if text is not None:
                        players.append(text)
        arrived = _int(out, f"{path}.arrived", obj.get("arrived", _MISSING), 1, parties, 1)
        left_after = None
        if obj.get("left_after") is not None:
            low = arrived if arrived is not None else 1
            left_after = _int(out, f"{path}.left_after", obj["left_after"], low, parties - 1)
        if number is not None:
            if number in seen:
                _problem(
                    out,
                    f"{path}.number",
                    "duplicate_number",
                    f"{number} is already the number of another entry",
                    number=number,
                )
            seen.add(number)
        if len(out) > start:
            ok = False
            continue
        entrants.append(Entrant(number, name, tuple(players), arrived, left_after))
    return entrants if ok else None


# --------------------------------------------------------------------------
# Parties (1.4)
# --------------------------------------------------------------------------


def _entrant_number(
    out: list[Problem], path: str, value: Any, known: dict[int, Entrant], word: str
) -> int | None:
    if not _is_int(value):
        _problem(out, path, "not_integer", f"must be a {word} number")
        return None
    if value not in known:
        _problem(
            out, path, f"unknown_{word}", f"{value} is not the number of a {word}", number=value
        )
        return None
    return value


def _parse_side(
    out: list[Problem], path: str, raw: Any, settings: Settings, known: dict[int, Entrant]
) -> tuple[int, ...] | None:
    word = settings.entrant_word
    if settings.mode is Mode.TEAMS:
        number = _entrant_number(out, path, raw, known, word)
        return None if number is None else (number,)
    players = _list(out, path, raw)
    if players is None:
        return None
    if len(players) != 2:
        _problem(out, path, "wrong_size", "must give the 2 players of a side", size=2)
        return None
    numbers = [
        _entrant_number(out, f"{path}[{index}]", value, known, word)
        for index, value in enumerate(players, 1)
    ]
    if None in numbers:
        return None
    return tuple(numbers)  # type: ignore[arg-type]


def _parse_table(
    out: list[Problem], path: str, raw: Any, settings: Settings, known: dict[int, Entrant]
) -> Table | None:
    start = len(out)
    obj = _object(out, path, raw, ("teams", "points", "finished"), "a table")
    if obj is None:
        return None
    sides: list[tuple[int, ...]] = []
    if "teams" not in obj:
        _problem(out, f"{path}.teams", "required", "is required")
    else:
        raw_sides = _list(out, f"{path}.teams", obj["teams"])
        if raw_sides is not None:
            if len(raw_sides) != 2:
                _problem(out, f"{path}.teams", "wrong_size", "must give 2 sides", size=2)
            else:
                for index, raw_side in enumerate(raw_sides, 1):
                    side = _parse_side(out, f"{path}.teams[{index}]", raw_side, settings, known)
                    if side is not None:
                        sides.append(side)
    points: tuple[int, int] = (0, 0)
    has_points = obj.get("points") is not None
    if has_points:
        raw_points = _list(out, f"{path}.points", obj["points"])
        if raw_points is not None:
            if len(raw_points) != 2:
                _problem(out, f"{path}.points", "wrong_size", "must give 2 numbers", size=2)
            else:
                values = [
                    _int(out, f"{path}.points[{index}]", value, 0, MAX_POINTS)
                    for index, value in enumerate(raw_points, 1)
                ]
                if None not in values:
                    points = (values[0], values[1])
    finished = has_points
    if obj.get("finished") is not None:
        if isinstance(obj["finished"], bool):
            finished = obj["finished"]
        else:
            _problem(out, f"{path}.finished", "not_boolean", "must be true or false")
    if len(out) > start:
        return None
    return Table((sides[0], sides[1]), points, finished)


def _parse_partie(
    out: list[Problem],
    number: int,
    raw: Any,
    settings: Settings,
    known: dict[int, Entrant],
) -> Partie | None:
    path = f"parties[{number}]"
    start = len(out)
    obj = _object(out, path, raw, ("tables", "byes"), "a partie")
    if obj is None:
        return None
    tables: list[Table] = []
    if "tables" not in obj:
        _problem(out, f"{path}.tables", "required", "is required")
    else:
        raw_tables = _list(out, f"{path}.tables", obj["tables"])
        for index, raw_table in enumerate(raw_tables or [], 1):
            table = _parse_table(out, f"{path}.tables[{index}]", raw_table, settings, known)
            if table is not None:
                tables.append(table)
    byes: list[int] = []
    if obj.get("byes") is not None:
        raw_byes = _list(out, f"{path}.byes", obj["byes"])
        if raw_byes is not None:
            most = 3 if settings.mode is Mode.MELEE else 1
            if len(raw_byes) > most:
                _problem(
                    out,
                    f"{path}.byes",
                    "too_many_byes",
                    f"must have at most {most} exempt",
                    max=most,
                )
            for index, value in enumerate(raw_byes, 1):
                bye = _entrant_number(
                    out, f"{path}.byes[{index}]", value, known, settings.entrant_word
                )
                if bye is not None:
                    byes.append(bye)
    if len(out) > start:
        return None
    partie = Partie(tuple(tables), tuple(byes))
    _check_placement(out, path, number, partie, known)
    return partie if len(out) == start else None


def _placements(partie: Partie) -> Iterator[tuple[str, int]]:
    """(field path suffix, entrant number) of every place of ``partie``."""
    for t_index, table in enumerate(partie.tables, 1):
        for s_index, side in enumerate(table.sides, 1):
            if len(side) == 1:
                yield f"tables[{t_index}].teams[{s_index}]", side[0]
            else:
                for p_index, number in enumerate(side, 1):
                    yield f"tables[{t_index}].teams[{s_index}][{p_index}]", number
    for b_index, number in enumerate(partie.byes, 1):
        yield f"byes[{b_index}]", number


def _check_placement(
    out: list[Problem], path: str, number: int, partie: Partie, known: dict[int, Entrant]
) -> None:
    """Each present entrant placed exactly once, no absent one placed (1.4)."""
    seen: set[int] = set()
    for where, entrant in _placements(partie):
        if entrant in seen:
            _problem(
                out,
                f"{path}.{where}",
                "placed_twice",
                f"{entrant} is already placed in this partie",
                number=entrant,
            )
            continue
        seen.add(entrant)
        if not known[entrant].present_at(number):
            _problem(
                out,
                f"{path}.{where}",
                "not_present",
                f"{entrant} is not present at partie {number} (arrival or abandon)",
                number=entrant,
            )
    missing = [e for e in known.values() if e.present_at(number) and e.number not in seen]
    if missing:
        shown = ", ".join(str(e.number) for e in missing)
        _problem(
            out,
            path,
            "not_placed",
            f"is missing {shown}: present, but neither at a table nor exempt",
            numbers=tuple(e.number for e in missing),
        )


# --------------------------------------------------------------------------
# Penalties (1.5)
# --------------------------------------------------------------------------


def _parse_penalties(
    raw: Any,
    settings: Settings,
    known: dict[int, Entrant],
    parties: list[Partie],
    out: list[Problem],
) -> list[Penalty] | None:
    items = _list(out, "penalties", raw)
    if items is None:
        return None
    word = settings.entrant_word
    other = "team" if word == "player" else "player"
    penalties: list[Penalty] = []
    ok = True
    for index, item in enumerate(items, 1):
        path = f"penalties[{index}]"
        start = len(out)
        obj = _object(
            out, path, item, (word, other, "partie", "points", "kind", "reason"), "a penalty"
        )
        if obj is None:
            ok = False
            continue
        if other in obj:
            _problem(
                out,
                f"{path}.{other}",
                "not_in_mode",
                f'is "{word}" in this concours (mode {settings.mode})',
            )
        entrant = None
        if word not in obj:
            _problem(out, f"{path}.{word}", "required", "is required")
        else:
            entrant = _entrant_number(out, f"{path}.{word}", obj[word], known, word)
        partie = _int(out, f"{path}.partie", obj.get("partie", _MISSING), 1, max(len(parties), 1))
        if partie is not None and not parties:
            _problem(out, f"{path}.partie", "out_of_range", "no partie has been played", max=0)
            partie = None
        points = _int(out, f"{path}.points", obj.get("points", _MISSING), 1, MAX_POINTS)
        kind = PenaltyKind.TO_OPPONENTS
        if "kind" in obj:
            kind = _choice(out, f"{path}.kind", obj["kind"], PenaltyKind)
        reason = ""
        if obj.get("reason") is not None:
            reason = _string(out, f"{path}.reason", obj["reason"], 0, MAX_REASON)
        if entrant is not None and partie is not None:
            if not known[entrant].present_at(partie):
                _problem(
                    out,
                    f"{path}.{word}",
                    "not_present",
                    f"{entrant} is not present at partie {partie}",
                    number=entrant,
                )
            elif kind is PenaltyKind.TO_OPPONENTS and entrant in parties[partie - 1].byes:
                _problem(
                    out,
                    f"{path}.kind",
                    "no_opponents",
                    f"{entrant} is exempt at partie {partie}: no opponents to give points to",
                    number=entrant,
                )
        if len(out) > start:
            ok = False
            continue
        penalties.append(Penalty(entrant, partie, points, kind, reason))  # type: ignore[arg-type]
    return penalties if ok else None


# --------------------------------------------------------------------------
# The document
# --------------------------------------------------------------------------

TOP_KEYS = ("settings", "teams", "players", "parties", "penalties", *FREE_KEYS)


def parse_concours(document: Any) -> Concours:
    """Parse and validate a results document (docs/concours.md, 1).

    ``document`` is parsed JSON (any value). Returns a :class:`Concours` with
    every default filled in. Raises :class:`MatchError` listing every problem
    found (``Problem.hand`` is None, ``field`` a 1-based path, ``code`` one of
    those of 1.2 - 1.5), and nothing else, whatever ``document`` is.
    """
    out: list[Problem] = []
    obj = _object(out, "document", document, TOP_KEYS, "a results document")
    if obj is None:
        raise MatchError(out)
    settings = Settings()
    if "settings" in obj:
        parsed = _parse_settings(obj["settings"], out)
        if parsed is None:
            raise MatchError(out)
        settings = parsed

    list_key = "players" if settings.mode is Mode.MELEE else "teams"
    wrong_key = "teams" if list_key == "players" else "players"
    if wrong_key in obj:
        _problem(
            out,
            wrong_key,
            "not_in_mode",
            f'is "{list_key}" in this concours (mode {settings.mode})',
        )
    entrants: list[Entrant] | None = None
    if list_key not in obj:
        _problem(out, list_key, "required", f"is required (a list of {list_key})")
    else:
        entrants = _parse_entrants(obj[list_key], list_key, settings.mode, settings.parties, out)

    parties: list[Partie] = []
    parties_ok = False
    if "parties" not in obj:
        _problem(out, "parties", "required", "is required (a list of parties)")
    else:
        raw_parties = _list(out, "parties", obj["parties"])
        if raw_parties is not None and len(raw_parties) > settings.parties:
            _problem(
                out,
                "parties",
                "too_many_parties",
                f"has {len(raw_parties)} parties, the concours plays {settings.parties}",
                max=settings.parties,
            )
        elif raw_parties is not None and entrants is not None:
            known = {e.number: e for e in entrants}
            start = len(out)
            for number, raw in enumerate(raw_parties, 1):
                partie = _parse_partie(out, number, raw, settings, known)
                if partie is not None:
                    parties.append(partie)
            parties_ok = len(out) == start

    penalties: list[Penalty] = []
    if obj.get("penalties") is not None and entrants is not None and parties_ok:
        known = {e.number: e for e in entrants}
        parsed_penalties = _parse_penalties(obj["penalties"], settings, known, parties, out)
        penalties = parsed_penalties or []
    elif obj.get("penalties") is not None:
        _list(out, "penalties", obj["penalties"])

    if out:
        raise MatchError(out)
    return Concours(settings, tuple(entrants or ()), tuple(parties), tuple(penalties))
