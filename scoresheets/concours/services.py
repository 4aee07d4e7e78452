"""The concours' writes and reads (docs/concours.md, "The web part").

The web part stores and shows; it never ranks nor draws by itself. Every
read builds the **results document** of the concours from the database
(:func:`results_document`) and asks the pure core (``scoresheets.concours``)
for the ranking and the draw: one source of truth. Every write validates
the document as it would be through that core first (its problems are
``scoring.MatchError``, which the views word like the engine's), runs in one
transaction holding the concours' row lock (``SELECT ... FOR UPDATE``; on
SQLite the write lock taken at ``BEGIN IMMEDIATE``), and bumps
``Concours.version``.

Plain functions ``concours_<action>`` with keyword-only arguments, as
``services``. The tables of a partie are matches of the app
(``services.match_create``) with the concours' frozen rules and the partie's
length (:func:`partie_rules`); their hands are written by the hands'
services as any match's, and their summaries (``Match.total_a`` ...,
``finished``) are the tables' points in the results document.
"""

from __future__ import annotations

import datetime
import random
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings as django_settings
from django.db import transaction
from django.db.models import Count, F, Max
from django.utils import timezone, translation
from django.utils.translation import gettext

from scoresheets import presets, scoring
from scoresheets.concours import document as cdoc
from scoresheets.concours import knockout, pairing, ranking
from scoresheets.matches import services
from scoresheets.models import (
    PLAYER_NAME_MAX,
    Concours,
    ConcoursEntrant,
    ConcoursPartie,
    ConcoursPenalty,
    ConcoursTable,
    Hand,
    Match,
    Player,
    default_team_name,
    rules_of,
)
from scoresheets.sync import caching, push

IDLE = datetime.timedelta(minutes=10)  # a table without a change for this long is "idle"
MELEE_SIDE = 2  # players a side, à la mêlée


def _problem(field: str, code: str, message: str, **params: Any) -> scoring.MatchError:
    return scoring.MatchError([scoring.Problem(None, field, code, message, tuple(params.items()))])


def name_key(name: str) -> str:
    """What tells two names apart: "Les As", "les as " and "LES  ÀS" are
    one name (case folded, accents stripped by NFKD, spaces collapsed)."""
    text = unicodedata.normalize("NFKD", name)
    text = "".join(c for c in text if not unicodedata.combining(c))
    return " ".join(text.casefold().split())


# --------------------------------------------------------------------------
# Reading: the results document, the ranking, the state a page shows
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class PartieState:
    """A drawn partie: its row and its tables (each with its match), table 1 first."""

    partie: ConcoursPartie
    tables: tuple[ConcoursTable, ...]

    @property
    def number(self) -> int:
        return self.partie.number

    @property
    def finished(self) -> bool:
        """Whether every table's match is over (a partie without tables is)."""
        return all(t.match.finished for t in self.tables)

    def unfinished(self) -> list[int]:
        """The numbers of its tables still playing."""
        return [t.number for t in self.tables if not t.match.finished]

    def table_of(self, entrant: int) -> ConcoursTable | None:
        """The table where ``entrant`` sits in this partie, or ``None``."""
        return next((t for t in self.tables if entrant in t.side_a or entrant in t.side_b), None)


@dataclass(frozen=True)
class State:
    """A concours as read from the database, with its results document and
    the pure core's reading of it: what its pages show (:func:`load`)."""

    concours: Concours
    entrants: tuple[ConcoursEntrant, ...]
    parties: tuple[PartieState, ...]
    penalties: tuple[ConcoursPenalty, ...]
    document: dict[str, Any]
    parsed: cdoc.Concours
    # A knockout's bracket (docs/concours.md 7), its ``document`` the
    # bracket document; ``None`` for a concours of parties.
    bracket: knockout.Bracket | None = None

    @property
    def settings(self) -> cdoc.Settings:
        return self.parsed.settings

    @property
    def knockout(self) -> bool:
        return self.bracket is not None

    @property
    def current(self) -> PartieState | None:
        """The last partie drawn, or ``None`` before the first draw."""
        return self.parties[-1] if self.parties else None

    @property
    def over(self) -> bool:
        """Whether every partie is drawn and every table finished (a
        knockout: its final, and its match for third, decided)."""
        if self.bracket is not None:
            return self.bracket.finished
        return len(self.parties) == self.settings.parties and all(p.finished for p in self.parties)

    @property
    def can_draw(self) -> bool:
        """Whether a next partie remains to be drawn (a knockout: its bracket)."""
        if self.bracket is not None:
            return not self.bracket.draw
        return len(self.parties) < self.settings.parties

    def too_few_to_draw(self) -> int | None:
        """The entrants a draw of the next partie needs (2 teams, 4 players
        à la mêlée: :data:`MIN_PRESENT`) when fewer are present for it, else
        ``None`` (the page then offers the draw as its main button)."""
        number = len(self.parties) + 1
        present = [e for e in self.entrants if e.present_at(number)]
        least = MIN_PRESENT[self.settings.mode]
        return least if len(present) < least else None

    def started(self) -> bool:
        """Whether the current partie has started: a hand was entered at one
        of its tables (deleted or not)."""
        current = self.current
        if current is None:
            return False
        return Hand.objects.filter(match__in=[t.match_id for t in current.tables]).exists()

    def any_started(self) -> bool:
        """Whether a hand (a redeal too) was entered at any table of any partie."""
        matches = [t.match_id for p in self.parties for t in p.tables]
        return bool(matches) and Hand.objects.filter(match__in=matches).exists()

    def entrant(self, number: int) -> ConcoursEntrant | None:
        return next((e for e in self.entrants if e.number == number), None)

    def label(self, number: int) -> str:
        """An entrant's name as the pages show it (its number when nameless)."""
        entrant = self.entrant(number)
        return entrant_label(entrant) if entrant else str(number)

    def ranking(self) -> dict[str, Any]:
        """The ranking document (docs/concours.md 2.6), by the pure core."""
        return ranking.ranking_document(self.parsed)


def table_numbered(state: State, number: int) -> ConcoursTable | None:
    """Table ``number`` as the hall finds it (a table card's address): in
    the current partie; in a knockout, whose rounds overlap, the latest
    match at that table still playing, else the latest one there
    (docs/concours.md 7.1). ``None`` when there is none."""
    if state.knockout:
        tables = [t for p in state.parties for t in p.tables if t.number == number]
        playing = [t for t in tables if not t.match.finished]
        return (playing or tables or [None])[-1]
    current = state.current
    if current is None:
        return None
    return next((t for t in current.tables if t.number == number), None)


def entrant_label(entrant: ConcoursEntrant) -> str:
    """An entrant's name, or "Équipe 7" / "Joueur 7" when it has none."""
    if entrant.name:
        return entrant.name
    return gettext("Équipe %(number)s") % {"number": entrant.number}


def is_knockout(concours: Concours) -> bool:
    """Whether ``concours`` is a knockout (``settings.format``, docs/concours.md 7)."""
    return concours.settings.get("format") == cdoc.Format.KNOCKOUT


def load(concours: Concours) -> State:
    """Read ``concours`` whole (five queries) and parse its results document
    (a knockout: its bracket document, docs/concours.md 7.2) through the
    pure core. A stored concours is valid (every write checked it); should
    it not be, ``scoring.MatchError`` propagates."""
    entrants, parties, penalties = _rows(concours)
    if is_knockout(concours):
        # The draw as stored now (an instance read before the draw has none).
        concours.draw = Concours.objects.values_list("draw", flat=True).get(pk=concours.pk)
        document = _bracket_document(concours, entrants, parties)[0]
        bracket = knockout.parse_bracket(document)
        parsed = _knockout_parsed(bracket, entrants)
        return State(concours, entrants, parties, penalties, document, parsed, bracket)
    document = _document(concours, entrants, parties, penalties)
    return State(concours, entrants, parties, penalties, document, cdoc.parse_concours(document))


def _rows(
    concours: Concours,
) -> tuple[tuple[ConcoursEntrant, ...], tuple[PartieState, ...], tuple[ConcoursPenalty, ...]]:
    """Its entrants, parties with their tables, penalties (four queries)."""
    entrants = tuple(concours.entrants.order_by("number"))
    tables = (
        ConcoursTable.objects.filter(partie__concours=concours)
        .select_related("match")
        .order_by("partie__number", "number", "leg")
    )
    by_partie: dict[int, list[ConcoursTable]] = {}
    for table in tables:
        by_partie.setdefault(table.partie_id, []).append(table)
    parties = tuple(
        PartieState(partie=p, tables=tuple(by_partie.get(p.pk, ())))
        for p in concours.parties.order_by("number")
    )
    penalties = tuple(concours.penalties.order_by("created_at", "pk"))
    return entrants, parties, penalties


def _knockout_parsed(bracket: knockout.Bracket, entrants: Sequence[ConcoursEntrant]) -> Any:
    """A knockout read as the parties' pages read a concours: its teams,
    its game and length, one "partie" a round (``cdoc.Settings.parties``)."""
    length = bracket.settings.length
    settings = cdoc.Settings(
        game=bracket.settings.game,
        format=cdoc.Format.KNOCKOUT,
        parties=max(1, bracket.rounds),
        length=length,
        last_length=length,
    )
    teams = tuple(cdoc.Entrant(e.number, e.name or None, tuple(e.players)) for e in entrants)
    return cdoc.Concours(settings, teams)


def _bracket_document(
    concours: Concours, entrants: Sequence[ConcoursEntrant], parties: Sequence[PartieState]
) -> tuple[dict[str, Any], list[list[ConcoursTable]]]:
    """The bracket document of a knockout (docs/concours.md 7.2) as played
    so far, and the tables of each of its ties (in the order of ``ties``).
    A round is a partie; its tables' numbers give their ties (7.1)."""
    first = knockout.first_round_tables(concours.draw) if concours.draw else {}
    ties: dict[tuple[int, int], dict[str, Any]] = {}
    tables: dict[tuple[int, int], list[ConcoursTable]] = {}
    for partie in parties:
        for table in partie.tables:
            tie = first.get(table.number, 0) if partie.number == 1 else table.number
            place = (partie.number, tie)
            entry = ties.setdefault(
                place,
                {
                    "round": partie.number,
                    "tie": tie,
                    "teams": [table.side_a[0], table.side_b[0]],
                    "matches": [],
                },
            )
            entry["matches"].append(_match_entry(table))
            tables.setdefault(place, []).append(table)
    document = {
        "name": concours.name,
        "date": concours.date.isoformat(),
        "settings": concours.settings,
        "teams": [_entrant_document(e, False) for e in entrants],
        "draw": list(concours.draw),
        "ties": list(ties.values()),
    }
    return document, list(tables.values())


def _match_entry(table: ConcoursTable) -> dict[str, Any]:
    """A tie's match in the bracket document (7.2): its points, finished,
    and the engine's winner (none for a match drawn)."""
    match = table.match
    entry: dict[str, Any] = {"points": [match.total_a, match.total_b], "finished": match.finished}
    if match.finished and match.winner in ("A", "B"):
        entry["winner"] = (table.side_a if match.winner == "A" else table.side_b)[0]
    return entry


def results_document(concours: Concours) -> dict[str, Any]:
    """The results document of ``concours`` as played so far (docs/concours.md
    1): what ``manage.py rank_concours`` ranks exactly as the pages do."""
    return load(concours).document


def _entrant_document(entrant: ConcoursEntrant, melee: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"number": entrant.number}
    if entrant.name:
        out["name"] = entrant.name
    if not melee and entrant.players:
        out["players"] = list(entrant.players)
    if entrant.arrived != 1:
        out["arrived"] = entrant.arrived
    if entrant.left_after is not None:
        out["left_after"] = entrant.left_after
    return out


def _side(side: list[int], melee: bool) -> Any:
    return list(side) if melee else side[0]


def _document(
    concours: Concours,
    entrants: Sequence[ConcoursEntrant],
    parties: Sequence[PartieState],
    penalties: Sequence[ConcoursPenalty],
) -> dict[str, Any]:
    melee = concours.settings.get("mode") == cdoc.Mode.MELEE
    word = "player" if melee else "team"
    return {
        "name": concours.name,
        "date": concours.date.isoformat(),
        "settings": concours.settings,
        ("players" if melee else "teams"): [_entrant_document(e, melee) for e in entrants],
        "parties": [
            {
                "tables": [
                    {
                        "teams": [_side(t.side_a, melee), _side(t.side_b, melee)],
                        "points": [t.match.total_a, t.match.total_b],
                        "finished": t.match.finished,
                    }
                    for t in p.tables
                ],
                "byes": list(p.partie.byes),
            }
            for p in parties
        ],
        "penalties": [
            {
                word: p.entrant,
                "partie": p.partie,
                "points": p.points,
                "kind": p.kind,
                "reason": p.reason,
            }
            for p in penalties
        ],
    }


@dataclass(frozen=True)
class TableLine:
    """One table of a partie as the organiser's screen shows it: its
    number, its sides' names, the donnes played (redeals not counted,
    docs/concours.md 1.2), the running totals as the ranking counts them
    (its sheet's plus ``penalty``, the points the referee's penalties "aux
    adversaires" add to each side: :func:`penalty_points`), finished, idle
    (no change for :data:`IDLE`, not finished), and its match (its links)."""

    table: ConcoursTable
    names: tuple[str, str]
    donnes: int
    totals: tuple[int, int]
    finished: bool
    idle: bool
    penalty: tuple[int, int] = (0, 0)

    @property
    def number(self) -> int:
        return self.table.number

    @property
    def match(self) -> Match:
        return self.table.match


def table_lines(state: State, partie: PartieState, now: datetime.datetime | None = None) -> list:
    """The :class:`TableLine` of each table of ``partie`` (one query)."""
    now = now or timezone.now()
    counts = dict(
        Hand.objects.filter(
            match__in=[t.match_id for t in partie.tables],
            deleted_at__isnull=True,
            taker__isnull=False,
        )
        .values_list("match")
        .annotate(n=Count("pk"))
    )
    lines = []
    for t in partie.tables:
        penalty = penalty_points(state, partie.number, t)
        lines.append(
            TableLine(
                table=t,
                names=(side_name(state, t.side_a), side_name(state, t.side_b)),
                donnes=counts.get(t.match_id, 0),
                totals=(t.match.total_a + penalty[0], t.match.total_b + penalty[1]),
                finished=t.match.finished,
                idle=not t.match.finished and now - t.match.updated_at >= IDLE,
                penalty=penalty,
            )
        )
    return lines


def penalty_points(state: State, partie: int, table: ConcoursTable) -> tuple[int, int]:
    """The points (side A's, side B's) that the penalties "aux adversaires"
    of partie ``partie`` add to ``table``'s sides (docs/concours.md 1.5:
    a penalty against an entrant of one side counts for the other, in the
    table's points as a hand would); a ``deducted`` penalty touches only its
    entrant's standing, not the table. No query (``state.penalties``)."""
    a = b = 0
    for p in state.penalties:
        if p.partie != partie or p.kind != ConcoursPenalty.Kind.TO_OPPONENTS:
            continue
        if p.entrant in table.side_a:
            b += p.points
        elif p.entrant in table.side_b:
            a += p.points
    return a, b


def side_name(state: State, side: Sequence[int]) -> str:
    """A side's name: its team's, or à la mêlée its two players' ("Jo & Dédé")."""
    if len(side) == 1:
        return state.label(side[0])
    return default_team_name(*(state.label(n) for n in side))


@dataclass(frozen=True)
class Seat:
    """Where an entrant plays a partie (its phone's "your table"): the
    table (``None`` when exempt), its side ``"A"`` or ``"B"`` and the names
    of its opponents (and of its partner à la mêlée)."""

    partie: int
    table: ConcoursTable | None
    team: str | None
    opponents: str
    partner: str


def seat_of(state: State, entrant: int, partie: PartieState | None = None) -> Seat | None:
    """Where ``entrant`` plays ``partie`` (the current one by default):
    ``None`` when nothing is drawn or it is not in that partie."""
    partie = partie or state.current
    if partie is None:
        return None
    if entrant in partie.partie.byes:
        return Seat(partie.number, None, None, "", "")
    table = partie.table_of(entrant)
    if table is None:
        return None
    if entrant in table.side_a:
        mine, theirs, team = table.side_a, table.side_b, "A"
    else:
        mine, theirs, team = table.side_b, table.side_a, "B"
    partner = ", ".join(state.label(n) for n in mine if n != entrant)
    return Seat(partie.number, table, team, side_name(state, theirs), partner)


def table_banner(match: Match) -> dict[str, Any] | None:
    """What a table's sheet says of its concours ("Concours X · Partie 2 ·
    Table 7" and the penalties given there: each with its entrant's name and
    the side it counts for, its sheet's name, or ``None``), or ``None`` for a match that
    is no concours table. No query for a match read with
    ``select_related("concours_table__partie__concours")`` (the match
    pages'), one with penalties; three otherwise."""
    try:
        table = match.concours_table
    except ConcoursTable.DoesNotExist:
        return None
    concours = table.partie.concours
    penalties = list(table.penalties.order_by("created_at", "pk"))
    labels = {}
    if penalties:
        numbers = {p.entrant for p in penalties}
        labels = {e.number: entrant_label(e) for e in concours.entrants.filter(number__in=numbers)}
    return {
        "concours": concours,
        # "Concours X", unless its name already says so ("Concours du comité").
        "says_concours": concours.name.casefold().startswith("concours"),
        "partie": table.partie.number,
        "round": _round_words(concours, table),
        "table": table.number,
        "penalties": [
            (p, labels.get(p.entrant, str(p.entrant)), _counted_for(match, table, p))
            for p in penalties
        ],
    }


def round_label(name: str) -> str:
    """A round's name (``knockout.round_name``) in the reader's language."""
    words = {
        "final": gettext("Finale"),
        "semi_finals": gettext("Demi-finales"),
        "quarter_finals": gettext("Quarts de finale"),
        "round_of_16": gettext("Huitièmes de finale"),
        "round_of_32": gettext("Seizièmes de finale"),
        "third_place": gettext("Match pour la 3e place"),
    }
    if name in words:
        return words[name]
    return gettext("Tour à %(teams)s équipes") % {"teams": name.removeprefix("round_of_")}


def _round_words(concours: Concours, table: ConcoursTable) -> str | None:
    """A knockout table's round in the reader's words ("Demi-finales", the
    match for third place: the final's round at another table than the
    final's, 7.1), its match of a best of three said after it; ``None`` in
    a concours of parties (its partie is said instead)."""
    if not concours.draw:
        return None
    rounds = knockout.rounds_for(len(concours.draw))
    number = table.partie.number
    name = knockout.round_name(number, rounds)
    if number == rounds and table.number != 1:
        name = "third_place"
    words = round_label(name)
    if table.leg > 1:
        words += " · " + gettext("manche %(leg)s") % {"leg": table.leg}
    return words


def _counted_for(match: Match, table: ConcoursTable, penalty: ConcoursPenalty) -> str | None:
    """The side of ``table`` (its name on the sheet) whose points a penalty
    "aux adversaires" raises in the concours (:func:`penalty_points`), or
    ``None`` for a penalty ``deducted`` from its own entrant."""
    if penalty.kind != ConcoursPenalty.Kind.TO_OPPONENTS:
        return None
    return match.team_name("B" if penalty.entrant in table.side_a else "A")


# --------------------------------------------------------------------------
# Writing
# --------------------------------------------------------------------------


def _lock(concours: Concours) -> Concours:
    return Concours.objects.select_for_update().get(pk=concours.pk)


def _bump(concours: Concours) -> None:
    """Bump the concours' version (every write of it) and tell its streams
    once the transaction commits (``concours.events``: the projector and
    the organiser's page fetch their live part at once)."""
    Concours.objects.filter(pk=concours.pk).update(
        version=F("version") + 1, updated_at=timezone.now()
    )
    push.version_changed((concours.token, concours.read_token), 0)


def _check(document: dict[str, Any]) -> Any:
    """The document parsed by the pure core (a knockout's bracket document
    by its own, docs/concours.md 7.2): raises its ``MatchError``."""
    if knockout.is_knockout(document):
        return knockout.parse_bracket(document)
    return cdoc.parse_concours(document)


def concours_create(
    *,
    name: str,
    date: datetime.date,
    preset: str,
    settings: dict[str, Any] | None = None,
    key: str | None = None,
) -> Concours:
    """Create a concours named ``name`` on ``date``, played at every table
    with the rules of ``preset`` (a preset key of any game: its game is the
    concours' game, its rules and card names frozen for every table), and
    ``settings`` (docs/concours.md 1.2: the keys left out take their
    defaults; ``game`` is the preset's and need not be given).

    Raises ``scoring.MatchError``: code ``invalid_choice`` (field
    ``preset``) for an unknown preset, the pure core's problems for invalid
    settings (fields ``settings.*``). ``key`` is the form's one-time key: the
    form sent again gets the concours the first sending made.
    """
    chosen = presets.PRESETS.get(preset)
    if chosen is None:
        raise _problem("preset", "invalid_choice", "unknown preset", choices=tuple(presets.PRESETS))
    settings = {**(settings or {}), "game": chosen.game}
    mode = settings.get("mode", cdoc.Mode.TEAMS)
    entrants_key = "players" if mode == cdoc.Mode.MELEE else "teams"
    if settings.get("format") == cdoc.Format.KNOCKOUT:
        _check({"settings": settings, "teams": [], "draw": []})
    else:
        _check({"settings": settings, entrants_key: [], "parties": []})

    def find(key: str | None) -> tuple[Concours | None, str | None]:
        if not key:
            return None, None
        made = Concours.objects.filter(creation_key=key).first()
        if made is None:
            return None, key
        return (made, key) if made.name == name.strip() else (None, None)

    def create(key: str | None) -> Concours:
        concours = Concours(
            name=name.strip(),
            date=date,
            settings=settings,
            game=chosen.game,
            preset=chosen.key,
            card_names=chosen.card_names,
            rule_values=presets.rule_values(chosen.rules),
            creation_key=key,
        )
        concours.full_clean(validate_unique=False)
        with transaction.atomic():
            concours.save()
        return concours

    return services.created_once(key, find, create)


def _state_locked(concours: Concours) -> State:
    return load(_lock(concours))


def concours_entrant_register(
    *,
    concours: Concours,
    name: str = "",
    players: Sequence[str] = (),
    key: str | None = None,
) -> ConcoursEntrant:
    """Register a team (``name``, up to two ``players``) or, à la mêlée, a
    player (``name``) at the door: it gets the next number, and plays from
    the next partie to be drawn (a late arrival when one was drawn already;
    cancelling a draw not started lets it in that one, :func:`concours_undraw`).

    Raises ``scoring.MatchError``: code ``concours_over`` (field
    ``parties``) when every partie is drawn, ``required`` (field ``name``)
    for a player à la mêlée without a name, and the pure core's problems
    (a name too long...). ``key``: the form's one-time key (a double tap
    registers once).
    """
    return concours_entrants_register(concours=concours, rows=[(name, players)], key=key)[0]


@transaction.atomic
def concours_entrants_register(
    *,
    concours: Concours,
    rows: Sequence[tuple[str, Sequence[str]]],
    key: str | None = None,
) -> list[ConcoursEntrant]:
    """Register several entrants at once, all or nothing (a list pasted at
    the door): ``rows`` of (name, players), numbered in order, as
    :func:`concours_entrant_register` each (its errors; the first problem
    stops everything). ``key``: the form's one-time key; sent again, the
    entrants the first sending registered are returned."""
    state = _state_locked(concours)
    locked = state.concours
    keys = [(key if i == 0 else f"{key[:56]}.{i}") if key else None for i in range(len(rows))]
    if key:
        made = {e.creation_key: e for e in locked.entrants.filter(creation_key__in=keys)}
        if keys[0] in made:
            return [made[k] for k in keys if k in made]
    arrived = len(state.parties) + 1
    if state.knockout and state.concours.draw:
        raise _problem("parties", "bracket_drawn", "the bracket is drawn")
    if arrived > state.settings.parties:
        raise _problem(
            "parties", "concours_over", "every partie is drawn", max=state.settings.parties
        )
    melee = state.settings.mode is cdoc.Mode.MELEE
    word = "players" if melee else "teams"
    # Never a number given before, even to a team struck off since.
    number = max(locked.entrants.aggregate(m=Max("number"))["m"] or 0, locked.last_number)
    document = dict(state.document)
    document[word] = list(document[word])
    taken = {name_key(e.name): e for e in state.entrants if e.name}
    listed: dict[str, int] = {}
    entrants = []
    for row, ((name, players), row_key) in enumerate(zip(rows, keys, strict=True)):
        name = name.strip()
        players = [] if melee else [p.strip() for p in players if p and p.strip()]
        _check_entrant(name, players, melee=melee, taken=taken, listed=listed, row=row)
        listed.setdefault(name_key(name), row)
        number += 1
        entrant = ConcoursEntrant(
            concours=locked,
            number=number,
            name=name,
            players=players,
            arrived=arrived,
            creation_key=row_key,
        )
        entrant.full_clean(validate_unique=False, validate_constraints=False)
        document[word].append(_entrant_document(entrant, melee))
        entrants.append(entrant)
    _check(document)
    ConcoursEntrant.objects.bulk_create(entrants)
    Concours.objects.filter(pk=locked.pk).update(last_number=number)
    _bump(locked)
    return entrants


@transaction.atomic
def concours_entrant_edit(
    *, concours: Concours, number: int, name: str = "", players: Sequence[str] = ()
) -> ConcoursEntrant:
    """Mend entrant ``number``'s name and players (a typo at the door):
    refused as a registration would be (:func:`concours_entrants_register`:
    nothing at all, a name another entrant has). The ranking reads the new
    name; the matches of its tables, every partie's, get it (and their
    phones a new version).

    Raises ``scoring.MatchError`` (field ``name``) and
    ``ConcoursEntrant.DoesNotExist`` for an unknown number."""
    state = _state_locked(concours)
    entrant = state.concours.entrants.get(number=number)
    melee = state.settings.mode is cdoc.Mode.MELEE
    name = name.strip()
    players = [] if melee else [p.strip() for p in players if p and p.strip()]
    taken = {name_key(e.name): e for e in state.entrants if e.name and e.number != number}
    _check_entrant(name, players, melee=melee, taken=taken)
    entrant.name, entrant.players = name, players
    entrant.full_clean(validate_unique=False, validate_constraints=False)
    word = "players" if melee else "teams"
    document = dict(state.document)
    document[word] = [
        _entrant_document(entrant, melee) if e["number"] == number else e for e in document[word]
    ]
    _check(document)
    entrant.save(update_fields=["name", "players"])
    renamed = load(state.concours)
    for partie in renamed.parties:
        for table in partie.tables:
            if number in table.side_a or number in table.side_b:
                _rename(renamed, table)
    _bump(state.concours)
    return entrant


def _check_entrant(
    name: str,
    players: Sequence[str],
    *,
    melee: bool,
    taken: dict[str, ConcoursEntrant],
    listed: dict[str, int] | None = None,
    row: int = 0,
) -> None:
    """Refuse an entrant the door should not let in (docs/concours.md 5):
    nothing at all (a stray Enter), a player à la mêlée without a name, a
    name already registered in the concours (``taken``: entrants by
    their name keys) or earlier in the same list (``listed``: name keys by row).
    The problems carry ``row``, the entrant's place in a list."""
    if not name and (melee or not players):
        code = "required" if melee else "empty_entrant"
        raise _problem("name", code, "an entrant needs a name or players", row=row)
    if not name:
        return
    key = name_key(name)
    if key in taken:
        same = taken[key]
        raise _problem(
            "name", "duplicate_name", "name taken", name=same.name, number=same.number, row=row
        )
    if listed and key in listed:
        raise _problem(
            "name", "duplicate_in_list", "name twice", name=name, other=listed[key], row=row
        )


@transaction.atomic
def concours_entrant_leave(*, concours: Concours, number: int) -> ConcoursEntrant | None:
    """Entrant ``number`` leaves ("abandon"): it plays no partie after the
    current one (``left_after``: the last partie drawn) and stays ranked by
    what it scored (docs/concours.md 2.3). One that played nothing yet
    (registered, nothing drawn since) is struck off: returns ``None``.

    Raises ``scoring.MatchError`` (field ``leave``): ``last_partie`` when the
    last partie is drawn (nothing is left to miss), ``already_left``;
    ``ConcoursEntrant.DoesNotExist`` for an unknown number.
    """
    state = _state_locked(concours)
    entrant = state.concours.entrants.get(number=number)
    drawn = len(state.parties)
    if state.knockout and state.concours.draw:
        raise _problem("leave", "bracket_drawn", "the bracket is drawn", number=number)
    if entrant.left_after is not None:
        raise _problem("leave", "already_left", f"{number} has left", number=number)
    if entrant.arrived > drawn:
        entrant.delete()
        _bump(state.concours)
        return None
    if drawn >= state.settings.parties:
        raise _problem("leave", "last_partie", "the last partie is drawn", number=number)
    entrant.left_after = drawn
    entrant.save(update_fields=["left_after"])
    _bump(state.concours)
    return entrant


@transaction.atomic
def concours_entrant_return(*, concours: Concours, number: int) -> ConcoursEntrant:
    """Undo entrant ``number``'s leaving while no partie was drawn since it
    left. Raises ``scoring.MatchError`` (field ``leave``): ``not_left``, or
    ``missed`` when a partie was drawn without it (it cannot come back
    between parties it missed); ``ConcoursEntrant.DoesNotExist``."""
    state = _state_locked(concours)
    entrant = state.concours.entrants.get(number=number)
    if entrant.left_after is None:
        raise _problem("leave", "not_left", f"{number} has not left", number=number)
    if entrant.left_after != len(state.parties):
        raise _problem("leave", "missed", f"{number} missed a partie", number=number)
    entrant.left_after = None
    entrant.save(update_fields=["left_after"])
    _bump(state.concours)
    return entrant


def partie_rules(concours: Concours, partie: int, settings: cdoc.Settings) -> Any:
    """The rules of every table of partie ``partie``: the concours' frozen
    rules with the partie's length (docs/concours.md 1.2, ``length`` or
    ``last_length``): a target of T points, or K donnes (the match rule
    ``donnes``: the K-th donne ends the table, the target then ends nothing;
    an engine without that rule gets a target out of reach instead, and the
    organiser's screen shows the donnes played); a game with its own rules
    of length says them (``ConcoursFacts.with_length``)."""
    values = dict(concours.rule_values)
    length = settings.length_of(partie)
    facts = scoring.engine_named(concours.game).concours
    if facts is not None and facts.with_length is not None:  # the game's own rules of length
        return rules_of(concours.game, facts.with_length(values, length.donnes, length.target))
    has_donnes = "donnes" in presets.rule_names(concours.game)
    if length.target is not None:
        values["target"] = length.target
        if has_donnes:
            values["donnes"] = None
    elif has_donnes:
        values["donnes"] = length.donnes
    else:
        values["target"] = cdoc.MAX_TARGET
    return rules_of(concours.game, values)


def _side_names(state: State, side: Sequence[int]) -> tuple[str, list[str]]:
    """A side's team name and its two players' names (seats in order), as
    its table's match stores them: in the site's language whatever the
    organiser's (a nameless team is "Équipe 7" on every phone's sheet,
    the same after a swap made in English)."""
    with translation.override(django_settings.LANGUAGE_CODE):
        return _side_names_now(state, side)


def _side_names_now(state: State, side: Sequence[int]) -> tuple[str, list[str]]:
    if len(side) == MELEE_SIDE:
        names = [state.label(n)[:PLAYER_NAME_MAX] for n in side]
        return default_team_name(*names), names
    entrant = state.entrant(side[0])
    label = state.label(side[0])
    given = list(entrant.players if entrant else [])[:2]
    names = [
        given[i]
        if i < len(given)
        else (gettext("Joueur %(i)s, équipe %(n)s") % {"i": i + 1, "n": side[0]})
        for i in range(2)
    ]
    return label, [n[:PLAYER_NAME_MAX] for n in names]


def _table_match(state: State, rules: Any, side_a: list[int], side_b: list[int]) -> Match:
    name_a, players_a = _side_names(state, side_a)
    name_b, players_b = _side_names(state, side_b)
    concours = state.concours
    return services.match_create(
        names=[players_a[0], players_b[0], players_a[1], players_b[1]],
        rules=rules,
        team_a_name=name_a,
        team_b_name=name_b,
        preset=concours.preset,
        card_names=concours.card_names,
    )


MIN_PRESENT = {cdoc.Mode.TEAMS: 2, cdoc.Mode.MELEE: 4}


@transaction.atomic
def concours_draw(
    *, concours: Concours, force: bool = False, partie: int | None = None
) -> ConcoursPartie:
    """Draw the next partie (docs/concours.md 3, by ``pairing.draw_partie``:
    partie 1 at random from the concours' seed, then by the ranking) and
    create one match a table, with :func:`partie_rules`.

    Raises ``scoring.MatchError``: code ``tables_playing`` (field ``draw``,
    param ``tables``: the unfinished tables' numbers) when a table of the
    current partie is still playing and ``force`` is false;
    ``concours_over`` (field ``parties``) when every partie is drawn;
    ``too_few`` (field ``draw``) with fewer than 2 teams (4 players à la
    mêlée) present.

    ``partie``: the number of the partie the organiser's button draws. When
    that partie is drawn already (the button sent twice: a double tap, a
    resend after a lost answer), it is returned and nothing is drawn.
    """
    state = _state_locked(concours)
    locked = state.concours
    if state.knockout:
        return _knockout_draw(state)
    if partie is not None and 1 <= partie <= len(state.parties):
        return state.parties[partie - 1].partie
    current = state.current
    if current is not None and current.unfinished() and not force:
        raise _problem(
            "draw",
            "tables_playing",
            "tables of the current partie are still playing",
            tables=", ".join(str(n) for n in current.unfinished()),
        )
    number = len(state.parties) + 1
    settings = state.settings
    least = state.too_few_to_draw() if number <= settings.parties else None
    if least is not None:
        raise _problem("draw", "too_few", "too few entrants to draw", min=least)
    draw = pairing.draw_partie(state.parsed, random.Random(locked.seed + number))
    rules = partie_rules(locked, number, settings)
    partie = ConcoursPartie.objects.create(concours=locked, number=number, byes=list(draw.byes))
    ConcoursTable.objects.bulk_create(
        [
            ConcoursTable(
                partie=partie,
                number=index,
                side_a=list(a),
                side_b=list(b),
                match=_table_match(state, rules, list(a), list(b)),
            )
            for index, (a, b) in enumerate(draw.tables, start=1)
        ]
    )
    _bump(locked)
    return partie


@transaction.atomic
def concours_undraw(*, concours: Concours) -> int:
    """Cancel the draw of the current partie while none of its tables has a
    hand: its tables and their matches go, the teams registered since it was
    drawn will be in its new draw, and those that left during it leave before
    it. Returns the partie's number.

    Raises ``scoring.MatchError`` (field ``draw``): ``no_partie``,
    ``partie_started``, ``penalties`` (a penalty was given in that partie:
    take it back first).
    """
    state = _state_locked(concours)
    if state.knockout:
        return _knockout_undraw(state)
    current = state.current
    if current is None:
        raise _problem("draw", "no_partie", "no partie has been drawn")
    if state.started():
        raise _problem("draw", "partie_started", "the partie has started", partie=current.number)
    number = current.number
    if any(p.partie == number for p in state.penalties):
        raise _problem("draw", "penalties", "penalties were given in this partie", partie=number)
    Match.objects.filter(pk__in=[t.match_id for t in current.tables]).delete()
    current.partie.delete()
    entrants = state.concours.entrants
    entrants.filter(arrived=number + 1).update(arrived=number)
    entrants.filter(left_after=number, arrived=number).delete()
    entrants.filter(left_after=number).update(left_after=number - 1)
    _bump(state.concours)
    return number


# --------------------------------------------------------------------------
# A knockout (docs/concours.md 7): the draw, and each tie's next match
# --------------------------------------------------------------------------


def _knockout_draw(state: State) -> ConcoursPartie:
    """Draw a knockout's bracket (7.1: ``knockout.draw_bracket`` with the
    concours' seed) and create the matches of the ties that can be played
    (round one's; those of round two whose teams both came through byes).
    Drawn already (the button sent twice): round one, nothing drawn again.
    Raises ``too_few`` (field ``draw``) under 2 teams."""
    locked = state.concours
    if not locked.draw:
        if len(state.entrants) < MIN_PRESENT[cdoc.Mode.TEAMS]:
            raise _problem("draw", "too_few", "too few teams to draw", min=2)
        numbers = [e.number for e in state.entrants]
        locked.draw = knockout.draw_bracket(numbers, random.Random(locked.seed + 1))
        locked.save(update_fields=["draw"])
        places = knockout.slots(locked.draw)
        byes = [t for i, t in enumerate(places) if t is not None and places[i ^ 1] is None]
        ConcoursPartie.objects.create(concours=locked, number=1, byes=byes)
        _knockout_advance(locked)
        _bump(locked)
    return locked.parties.get(number=1)


def _knockout_undraw(state: State) -> int:
    """Cancel a knockout's draw while no hand was entered at any of its
    tables: every match goes, the teams may be registered again and the
    bracket drawn anew. Raises ``no_partie``, ``partie_started`` (field
    ``draw``)."""
    locked = state.concours
    if not locked.draw:
        raise _problem("draw", "no_partie", "the bracket is not drawn")
    matches = [t.match_id for p in state.parties for t in p.tables]
    if Hand.objects.filter(match__in=matches).exists():
        raise _problem("draw", "partie_started", "a match has started", partie=1)
    Match.objects.filter(pk__in=matches).delete()
    locked.parties.all().delete()
    locked.draw = []
    locked.save(update_fields=["draw"])
    _bump(locked)
    return 1


def _knockout_advance(concours: Concours) -> None:
    """Create the next match of every tie that is due (7.1: both teams
    known, not decided, no match playing), at its table, before the
    tables of later ties are needed. ``concours`` is locked."""
    state = load(concours)
    settings = state.settings
    for tie in state.bracket.to_play():
        partie, _ = ConcoursPartie.objects.get_or_create(concours=concours, number=tie.round)
        side_a, side_b = [tie.teams[0]], [tie.teams[1]]
        ConcoursTable.objects.create(
            partie=partie,
            number=tie.table,
            leg=len(tie.matches) + 1,
            side_a=side_a,
            side_b=side_b,
            match=_table_match(state, partie_rules(concours, tie.round, settings), side_a, side_b),
        )


STALE_TIE = re.compile(r"^ties\[(\d+)\](?:\.matches\[(\d+)\])?")


def _knockout_settle(concours: Concours) -> None:
    """Bring a knockout's later ties in line with its matches' outcomes
    (7.1), ``concours`` locked: a correction that changed who won a tie (or
    reopened it) drops the next tie's match while none of its hands is
    entered, and the due matches are created. Raises ``scoring.MatchError``
    ``knockout_next_started`` (field ``hand``, param ``table``) when that
    match has started: the correction is refused, nothing is saved."""
    for _ in range(knockout.MAX_TEAMS):
        entrants, parties, _penalties = _rows(concours)
        document, tables = _bracket_document(concours, entrants, parties)
        try:
            knockout.parse_bracket(document)
            break
        except scoring.MatchError as error:
            stale = _stale_tables(error, tables)
            if not stale:
                raise
            started = Hand.objects.filter(match__in=[t.match_id for t in stale]).first()
            if started is not None:
                table = next(t for t in stale if t.match_id == started.match_id)
                raise _problem(
                    "hand", "knockout_next_started", "the next match started", table=table.number
                ) from error
            Match.objects.filter(pk__in=[t.match_id for t in stale]).delete()
            concours.parties.filter(number__gt=1, tables__isnull=True).delete()
    _knockout_advance(concours)


def _stale_tables(error: scoring.MatchError, tables: list[list[ConcoursTable]]) -> list:
    """The tables a bracket's problems point at (a tie's, or its matches
    from the one named): those a correction made stale."""
    stale: list[ConcoursTable] = []
    for problem in error.problems:
        found = STALE_TIE.match(problem.field)
        if found is None:
            return []
        legs = tables[int(found.group(1)) - 1]
        start = int(found.group(2)) - 1 if found.group(2) else 0
        stale.extend(legs[start:])
    return stale


def knockout_match_changed(match: Match) -> None:
    """The matches' hook (``services.OUTCOME_HOOKS``), called in the
    transaction of a write that changed ``match``'s outcome: when it is a
    table of a knockout, its winner goes on (the next tie's match created
    as soon as both its teams are known), or a correction is carried
    through (:func:`_knockout_settle`). Nothing for any other match."""
    table = ConcoursTable.objects.filter(match_id=match.pk).select_related("partie").first()
    if table is None:
        return
    concours = _lock(Concours(pk=table.partie.concours_id))
    if not is_knockout(concours):
        return
    _knockout_settle(concours)
    _bump(concours)


def _rename(state: State, table: ConcoursTable) -> None:
    """Give ``table``'s match its sides' names and players (after a swap,
    or an entrant's name mended), and a new version so that every phone on
    it sees them."""
    match = Match.objects.select_for_update().get(pk=table.match_id)
    name_a, players_a = _side_names(state, table.side_a)
    name_b, players_b = _side_names(state, table.side_b)
    seats = {1: players_a[0], 2: players_b[0], 3: players_a[1], 4: players_b[1]}
    for player in Player.objects.filter(match=match):
        player.name = seats[player.seat]
        player.save(update_fields=["name"])
    Match.objects.filter(pk=match.pk).update(
        team_a_name=name_a, team_b_name=name_b, version=F("version") + 1
    )
    caching.version_changed((match.token, match.read_token), match.version + 1)


@transaction.atomic
def concours_swap(*, concours: Concours, a: int, b: int) -> list[int]:
    """Swap entrants ``a`` and ``b`` in the draw of the current partie before
    it starts (docs/concours.md 3, ``pairing.swap_last_partie``): two teams
    of two tables, or a team and the exempt; à la mêlée two players. The
    tables' matches follow (names, players). Returns the numbers of the
    partie's tables whose sides met before (``pairing.rematches_of_last_partie``):
    the swap is made, the organiser is told.

    Raises ``scoring.MatchError`` (field ``swap``): ``no_partie``,
    ``partie_started`` (a hand was entered at one of its tables),
    ``same_entrant``, ``not_in_draw``, ``no_change``.
    """
    state = _state_locked(concours)
    if state.knockout:
        raise _problem("swap", "knockout_format", "no swap in a knockout")
    current = state.current
    if current is not None and state.started():
        raise _problem("swap", "partie_started", "the partie has started", partie=current.number)
    new_document = pairing.swap_last_partie(state.document, a, b)
    new = new_document["parties"][-1]
    melee = state.settings.mode is cdoc.Mode.MELEE
    for table, drawn in zip(current.tables, new["tables"], strict=True):
        side_a, side_b = ([s] if not melee else list(s) for s in drawn["teams"])
        if (side_a, side_b) != (table.side_a, table.side_b):
            table.side_a, table.side_b = side_a, side_b
            table.save(update_fields=["side_a", "side_b"])
            _rename(state, table)
    current.partie.byes = list(new["byes"])
    current.partie.save(update_fields=["byes"])
    _bump(state.concours)
    rematches = pairing.rematches_of_last_partie(new_document)
    return [current.tables[i - 1].number for i in rematches]


@transaction.atomic
def concours_penalty(
    *,
    concours: Concours,
    entrant: int,
    points: int,
    kind: str = ConcoursPenalty.Kind.TO_OPPONENTS,
    reason: str = "",
    partie: int | None = None,
) -> ConcoursPenalty:
    """A referee's penalty of ``points`` to entrant ``entrant`` at
    ``partie`` (the current one by default), of ``kind`` (docs/concours.md
    1.5: ``to_opponents``, the points to the other side of its table;
    ``deducted``, taken from its total), with a ``reason``. Its table's
    sheet shows it (:func:`table_banner`).

    Raises ``scoring.MatchError``: ``no_partie`` (field ``penalty``) before
    the first draw, and the pure core's problems of the document with it
    (``unknown_team``, ``not_present``, ``no_opponents`` when exempt,
    ``out_of_range`` points, ``invalid_choice`` kind, a reason too long).
    """
    state = _state_locked(concours)
    if state.knockout:
        raise _problem("penalty", "knockout_format", "no penalty in a knockout")
    if not state.parties:
        raise _problem("penalty", "no_partie", "no partie has been drawn")
    partie = partie if partie is not None else len(state.parties)
    word = "player" if state.settings.mode is cdoc.Mode.MELEE else "team"
    reason = reason.strip()
    penalty = {
        word: entrant,
        "partie": partie,
        "points": points,
        "kind": kind,
        "reason": reason,
    }
    document = dict(state.document)
    document["penalties"] = [*document["penalties"], penalty]
    _check(document)
    table = (
        state.parties[partie - 1].table_of(entrant) if 1 <= partie <= len(state.parties) else None
    )
    made = ConcoursPenalty.objects.create(
        concours=state.concours,
        entrant=entrant,
        partie=partie,
        points=points,
        kind=kind,
        reason=reason,
        table=table,
    )
    _bump(state.concours)
    return made


@transaction.atomic
def concours_penalty_delete(*, concours: Concours, penalty_id: int) -> None:
    """Take back penalty ``penalty_id`` (given by mistake). Raises
    ``ConcoursPenalty.DoesNotExist`` for a penalty not of this concours."""
    locked = _lock(concours)
    locked.penalties.get(pk=penalty_id).delete()
    _bump(locked)


__all__ = [
    "IDLE",
    "PartieState",
    "Seat",
    "State",
    "TableLine",
    "concours_create",
    "concours_draw",
    "concours_entrant_edit",
    "concours_entrant_leave",
    "concours_entrant_register",
    "concours_entrant_return",
    "concours_entrants_register",
    "concours_penalty",
    "concours_penalty_delete",
    "concours_swap",
    "concours_undraw",
    "entrant_label",
    "is_knockout",
    "knockout_match_changed",
    "load",
    "partie_rules",
    "results_document",
    "seat_of",
    "side_name",
    "table_banner",
    "table_lines",
    "table_numbered",
]
