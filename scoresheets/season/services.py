"""The season's writes and reads (docs/concours.md 6.5; issue 19, "Season").

A season (a club's "challenge") links concours of the app into one
individual ranking across nights. The web part stores which concours are
its nights and the settings chosen; it never ranks by itself. Every read
builds the **season document** (docs/concours.md 6.1) from the database in
one function, :func:`season_document`, and the ranking is the pure core's
(``scoresheets.season.ranking``) reading of that document: what
``manage.py rank_season`` prints for the season's JSON download.

The season's players are derived from the names registered in its
concours: the same name, whatever its case, accents and spaces
(``concours_services.name_key``, as a concours tells its entrants' names
apart), is the same player on every night. À la mêlée each registered
player is an entrant; a team whose players were registered without names
is left out (guests), and so is a second entrant of one night with the
same player's name (:class:`NightNotes` says which, for the page). The
organiser may join two spellings of one player (``Season.aliases``,
:func:`season_players_merge`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from scoresheets import scoring
from scoresheets.concours import document as cdoc
from scoresheets.concours import services as cs
from scoresheets.converters import TOKEN_LENGTH
from scoresheets.matches import services
from scoresheets.models import Concours, Match, Season, Table
from scoresheets.season import ranking as season_core

# A token in a pasted link: a whole run of the token alphabet of its length.
LINK_TOKEN = re.compile(rf"(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{{{TOKEN_LENGTH}}}(?![A-Za-z0-9_-])")


def _problem(field: str, code: str, message: str, **params: Any) -> scoring.MatchError:
    return scoring.MatchError([scoring.Problem(None, field, code, message, tuple(params.items()))])


# --------------------------------------------------------------------------
# Reading: the season document, the ranking, the state the pages show
# --------------------------------------------------------------------------


@dataclass
class NightNotes:
    """What a night leaves out of the season, for the page to say: its
    ``guests`` (teams registered without players' names) and the names
    registered twice that night (``twice``: the later entrant's player is
    not counted); ``players``: the season players it has."""

    concours: Concours
    state: cs.State
    players: int = 0
    guests: int = 0
    twice: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class SeasonState:
    """A season as read from the database: its nights in order (their
    notes), its season document and the pure core's ranking of it
    (``ranking``: the ranking document of docs/concours.md 6.4), or the
    core's problems when the document does not parse (``problems``); its
    players' keys and names, and the spellings merged (the organiser's
    merge form)."""

    season: Season
    nights: tuple[NightNotes, ...]
    document: dict[str, Any]
    ranking: dict[str, Any] | None
    problems: tuple[scoring.Problem, ...] = ()
    # (key, name) of each season player, by number; (merged spelling's key,
    # its spelling, the name of the player it is) of each merge.
    players: tuple[tuple[str, str], ...] = ()
    merges: tuple[tuple[str, str, str], ...] = ()


def nights_of(season: Season) -> list[Concours]:
    """The season's concours, ordered by their date (then as created)."""
    return list(season.nights.order_by("date", "pk"))


def _night_names(state: cs.State) -> list[tuple[int, list[str]]]:
    """Each entrant of a night and the names of its players: à la mêlée the
    entrant is the player; a team, its registered players."""
    melee = state.settings.mode is cdoc.Mode.MELEE
    return [
        (e.number, [e.name] if melee else [p for p in e.players if p and p.strip()])
        for e in state.entrants
    ]


@dataclass
class _Players:
    """The season's players as :func:`_document` meets them: each player's
    key (its name's, or the key its spelling was merged into, ``aliases``)
    numbered in order of first appearance, and each key's first spelling."""

    aliases: dict[str, str]
    numbers: dict[str, int] = field(default_factory=dict)  # player key -> number
    spellings: dict[str, str] = field(default_factory=dict)  # name key -> first spelling

    def key(self, name: str) -> str:
        """The player ``name`` is (a merged spelling: the player it was merged into)."""
        own = cs.name_key(name)
        self.spellings.setdefault(own, " ".join(name.split()))
        return self.aliases.get(own, own)

    def number(self, key: str) -> int:
        if key not in self.numbers:
            self.numbers[key] = len(self.numbers) + 1
        return self.numbers[key]

    def name(self, key: str) -> str:
        """A player's name: the spelling it was merged into, else its first."""
        if key in self.spellings:
            return self.spellings[key]
        return next(
            spelled for own, spelled in self.spellings.items() if self.aliases.get(own, own) == key
        )

    def document(self) -> list[dict[str, Any]]:
        return [{"number": n, "name": self.name(k)} for k, n in self.numbers.items()]


def _document(
    season: Season, states: Sequence[cs.State]
) -> tuple[dict[str, Any], list[NightNotes], _Players]:
    """The season document of ``season`` with ``states`` as its nights, each
    night's :class:`NightNotes` and the season's players."""
    players = _Players(dict(season.aliases or {}))
    nights: list[dict[str, Any]] = []
    notes: list[NightNotes] = []
    for state in states:
        note = NightNotes(state.concours, state)
        seen: set[str] = set()
        entrants = []
        for number, names in _night_names(state):
            if not names:
                note.guests += 1
                continue
            mine: list[int] = []
            for name in names:
                if not cs.name_key(name):
                    continue
                key = players.key(name)
                if key in seen:
                    note.twice.append(name.strip())
                    continue
                seen.add(key)
                mine.append(players.number(key))
            if mine:
                entrants.append({"number": number, "players": mine})
        note.players = len(seen)
        concours = state.concours
        nights.append(
            {
                "date": concours.date.isoformat(),
                "name": concours.name,
                "concours": state.document,
                "entrants": entrants,
            }
        )
        notes.append(note)
    document = {
        "name": season.name,
        "settings": dict(season.settings),
        "players": players.document(),
        "nights": nights,
    }
    return document, notes, players


def _document_now(season: Season) -> tuple[dict[str, Any], list[NightNotes], _Players]:
    """:func:`_document` of ``season`` with its nights as they are now."""
    return _document(season, [cs.load(c) for c in nights_of(season)])


def season_document(season: Season) -> dict[str, Any]:
    """The season document of ``season`` (docs/concours.md 6.1), built from
    the database: what ``manage.py rank_season`` ranks exactly as the
    season's pages do."""
    return _document_now(season)[0]


def load(season: Season) -> SeasonState:
    """Read ``season`` whole (each night's concours through
    ``concours_services.load``), build its document and rank it through
    the pure core. Never raises on a stored season: a document the core
    refuses (a night changed since it was added) gives its ``problems``
    and no ranking."""
    document, notes, players = _document_now(season)
    known = tuple((key, players.name(key)) for key in players.numbers)
    names = dict(known)
    merges = tuple(
        (alias, players.spellings.get(alias, alias), names.get(key, key))
        for alias, key in sorted(players.aliases.items())
    )
    try:
        ranking = season_core.rank_season_document(document)
        problems: tuple[scoring.Problem, ...] = ()
    except scoring.MatchError as error:
        ranking, problems = None, tuple(error.problems)
    return SeasonState(season, tuple(notes), document, ranking, problems, known, merges)


# --------------------------------------------------------------------------
# Writing
# --------------------------------------------------------------------------


def check_settings(settings: dict[str, Any]) -> None:
    """Raise the pure core's ``MatchError`` for invalid season ``settings``
    (6.2). The ``win_points`` and ``bye`` a season imposes on its nights
    are checked as a concours' settings (1.2), so that a wrong value is
    refused when the season is made, not when its first night is added."""
    season_core.parse_season({"settings": settings, "players": [], "nights": []})
    imposed = {k: settings[k] for k in ("win_points", "bye") if k in settings}
    if imposed:
        cdoc.parse_concours({"settings": imposed, "teams": [], "parties": []})


def season_create(
    *, name: str, settings: dict[str, Any] | None = None, key: str | None = None
) -> Season:
    """Create a season named ``name`` with ``settings`` (docs/concours.md
    6.2: the keys left out take their defaults).

    Raises ``scoring.MatchError`` with the pure core's problems for invalid
    settings (fields ``settings.*``). ``key`` is the form's one-time key: the
    form sent again gets the season the first sending made."""
    settings = dict(settings or {})
    check_settings(settings)

    def find(key: str | None) -> tuple[Season | None, str | None]:
        if not key:
            return None, None
        made = Season.objects.filter(creation_key=key).first()
        if made is None:
            return None, key
        return (made, key) if made.name == name.strip() else (None, None)

    def create(key: str | None) -> Season:
        season = Season(name=name.strip(), settings=settings, creation_key=key)
        season.full_clean(validate_unique=False)
        with transaction.atomic():
            season.save()
        return season

    return services.created_once(key, find, create)


@transaction.atomic
def season_update(*, season: Season, name: str, settings: dict[str, Any]) -> Season:
    """Rename ``season`` and change its ``settings`` (6.2) while its nights
    are played ("classé à partir de 3 soirées" decided in January).

    Raises ``scoring.MatchError``: the pure core's problems of the settings
    (fields ``settings.*``), or of the season document with them (a night
    the new ``bye`` cannot score, under ``nights[n].``); nothing changes."""
    check_settings(settings)
    locked = _lock(season)
    locked.name, locked.settings = name.strip(), dict(settings)
    locked.full_clean(validate_unique=False)
    document, _notes, _players = _document_now(locked)
    season_core.parse_season(document)
    locked.save(update_fields=["name", "settings", "updated_at"])
    return locked


def concours_of_link(text: str) -> Concours:
    """The concours whose organiser's link (or bare token) ``text`` holds.

    Raises ``scoring.MatchError`` (field ``link``) saying what the link is
    when it is no concours' organiser link: ``concours_read_link`` (the
    room's link: adding a night takes the concours' own writing link, so
    nobody puts a club's concours in a season of theirs),
    ``season_link``, ``match_link``, ``table_link``, ``unknown_link``."""
    tokens = LINK_TOKEN.findall(text or "")
    found = {c.token: c for c in Concours.objects.filter(token__in=tokens)}
    for token in tokens:
        if token in found:
            return found[token]
    either = Q(token__in=tokens) | Q(read_token__in=tokens)
    kinds = (
        ("concours_read_link", Concours.objects.filter(read_token__in=tokens)),
        ("season_link", Season.objects.filter(either)),
        ("match_link", Match.objects.filter(either)),
        ("table_link", Table.objects.filter(either)),
    )
    for code, query in kinds:
        if tokens and query.exists():
            raise _problem("link", code, "this is not a concours' organiser link")
    raise _problem("link", "unknown_link", "no concours has this link")


def _lock(season: Season) -> Season:
    return Season.objects.select_for_update().get(pk=season.pk)


def _touch(season: Season) -> None:
    Season.objects.filter(pk=season.pk).update(updated_at=timezone.now())


@transaction.atomic
def season_night_add(*, season: Season, concours: Concours) -> Concours:
    """Add ``concours`` to ``season`` as a night (ordered by its date).
    Added already, nothing changes (a double tap).

    Raises ``scoring.MatchError``: ``other_season`` (field ``link``, param
    ``season``: its name) when the concours is in another season (a
    concours counts in one season at most); ``season_full`` (param ``max``)
    past 100 nights; the pure core's problems of the season document with
    it (a night
    the season's ``bye`` cannot score: ``bye_undefined``)."""
    locked = _lock(season)
    concours = Concours.objects.select_for_update().get(pk=concours.pk)
    if concours.season_id == locked.pk:
        return concours
    if concours.season_id is not None:
        other = Season.objects.get(pk=concours.season_id)
        raise _problem("link", "other_season", "in another season", season=other.name)
    states = [cs.load(c) for c in nights_of(locked)]
    if len(states) >= season_core.MAX_NIGHTS:
        raise _problem("link", "season_full", "the season is full", max=season_core.MAX_NIGHTS)
    states.append(cs.load(concours))
    states.sort(key=lambda s: (s.concours.date, s.concours.pk))
    document, _notes, _players = _document(locked, states)
    season_core.parse_season(document)
    concours.season = locked
    concours.save(update_fields=["season"])
    _touch(locked)
    return concours


@transaction.atomic
def season_night_remove(*, season: Season, concours_id: int) -> Concours:
    """Take the concours ``concours_id`` out of ``season`` (it stays as it
    is, in no season). Raises ``Concours.DoesNotExist`` for a concours that
    is no night of this season."""
    locked = _lock(season)
    concours = locked.nights.select_for_update().get(pk=concours_id)
    concours.season = None
    concours.save(update_fields=["season"])
    _touch(locked)
    return concours


@transaction.atomic
def season_players_merge(*, season: Season, player: str, into: str) -> None:
    """Merge the season player ``player`` into ``into`` (both player keys,
    :attr:`SeasonState.players`): two spellings of one player ("J. Petit",
    "Jean Petit") are one player from then on, on every night, named as
    ``into``. Spellings merged into ``player`` before follow it.

    Raises ``scoring.MatchError`` (field ``merge``): ``no_such_player``
    when either is no player of the season now, ``same_player``."""
    locked = _lock(season)
    keys = _document_now(locked)[2].numbers.keys()  # the players alone, unranked
    if player not in keys or into not in keys:
        raise _problem("merge", "no_such_player", "no such player in the season")
    if player == into:
        raise _problem("merge", "same_player", "a player is merged into another")
    aliases = {alias: (into if key == player else key) for alias, key in locked.aliases.items()}
    aliases[player] = into
    locked.aliases = aliases
    locked.save(update_fields=["aliases", "updated_at"])


@transaction.atomic
def season_players_unmerge(*, season: Season, alias: str) -> None:
    """Undo the merge of the spelling ``alias`` (its key): it is its own
    player again. Raises ``scoring.MatchError`` (field ``merge``):
    ``not_merged``."""
    locked = _lock(season)
    if alias not in locked.aliases:
        raise _problem("merge", "not_merged", "this spelling is not merged")
    locked.aliases = {a: key for a, key in locked.aliases.items() if a != alias}
    locked.save(update_fields=["aliases", "updated_at"])


__all__ = [
    "NightNotes",
    "SeasonState",
    "check_settings",
    "concours_of_link",
    "load",
    "nights_of",
    "season_create",
    "season_document",
    "season_night_add",
    "season_night_remove",
    "season_players_merge",
    "season_players_unmerge",
    "season_update",
]
