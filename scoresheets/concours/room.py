"""What the room's screen, the printables and the exports of a concours are
built from (issue 19, docs/concours.md 5): read only, from
``concours_services.load`` (the results document and the pure core's
ranking), never a ranking or a draw of their own.

- :func:`fingerprint`: what changes whenever anything the room shows may
  change (one query): the room's poll answers an empty 204 while it holds.
- :func:`room`: the screen's slides (ranking pages, then the current
  partie's tables), each entrant's row flagged when it is the one a phone
  follows.
- :func:`results_rows`: the final ranking with its tiebreaks (the results
  sheet, the ranking CSV).
- :func:`card_count`: how many table cards to print.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Sum

from scoresheets.concours import document as cdoc
from scoresheets.concours import knockout
from scoresheets.concours import services as cs
from scoresheets.converters import TOKEN_LENGTH
from scoresheets.models import Concours, Match

COLUMN_ROWS = 12  # rows in one column of a slide, read at 1920x1080 from 10 m
RANKING_PAGE = 2 * COLUMN_ROWS  # entrants on one ranking slide (two columns)
TABLES_PAGE = 2 * COLUMN_ROWS  # tables on one tables slide (two columns)
CARDS_MAX = 500  # table cards printed at the most (200 teams make 100 tables)


def fingerprint(concours: Concours) -> str:
    """A text that changes whenever what the room shows may change: the
    concours' ``version`` (registrations, draws, swaps, penalties: every
    write of the concours bumps it) and the sum and count of its tables'
    match versions (every hand, correction or undo at a table bumps its
    match's). Versions only grow, and a draw cancelled (matches deleted)
    bumps the concours' version, so two different states never share one.
    ``concours`` is a row just read (its ``version`` current). One query."""
    tables = Match.objects.filter(concours_table__partie__concours=concours).aggregate(
        versions=Sum("version"), count=Count("pk")
    )
    return f"{concours.version}.{tables['versions'] or 0}.{tables['count']}"


@dataclass(frozen=True)
class Row:
    """One entrant of the ranking as the room shows it."""

    rank: int
    ex_aequo: bool
    number: int
    label: str
    points: int
    win_points: int
    abandon: bool
    late: bool
    mine: bool
    exempt: bool = False  # the exempt of the partie under way: its points are its bye's


@dataclass(frozen=True)
class TableRow:
    """One table of the current partie as the room shows it (``read_token``:
    its match's, the table's live sheet for a spectator)."""

    number: int
    names: tuple[str, str]
    totals: tuple[int, int]
    started: bool
    finished: bool
    mine: bool
    entrants: tuple[int, ...] = ()
    read_token: str = ""
    penalty: tuple[int, int] = (0, 0)  # in ``totals``: services.penalty_points


@dataclass(frozen=True)
class Slide:
    """One screen of the cycle: ``kind`` ``"ranking"`` or ``"tables"``,
    ``key`` stable across refreshes (the cycle keeps its place), ``page``
    of ``pages``, its rows in ``columns`` (one, or two halves read down
    then across: :func:`_halves`)."""

    kind: str
    key: str
    page: int
    pages: int
    columns: tuple[tuple[Any, ...], ...]


@dataclass(frozen=True)
class Room:
    """The room's screen: the state, the slides, this phone's entrant."""

    state: cs.State
    ranking: dict[str, Any]
    rows: list[Row]
    tables: list[TableRow]
    slides: list[Slide]
    mine: int | None
    seat: cs.Seat | None
    byes: list[str] = field(default_factory=list)
    # A knockout's bracket as shown (:func:`bracket_view`), None at parties.
    bracket: list[BracketRound] | None = None

    @property
    def melee(self) -> bool:
        return self.state.settings.mode is cdoc.Mode.MELEE

    @property
    def mine_label(self) -> str:
        """The name of the entrant this phone follows ("" for none)."""
        return self.state.label(self.mine) if self.mine is not None else ""

    @property
    def playing(self) -> list[int]:
        """The tables of the current partie still playing."""
        current = self.state.current
        return current.unfinished() if current else []

    @property
    def show_tables(self) -> bool:
        """Whether the current partie's tables are on screen: drawn and not over."""
        current = self.state.current
        return current is not None and not current.finished


def _halves(rows: Sequence[Any]) -> tuple[tuple[Any, ...], ...]:
    """A slide's rows in columns: one while they fit in one (the whole
    width for the names), else two halves, read down then across."""
    if len(rows) <= COLUMN_ROWS:
        return (tuple(rows),)
    middle = (len(rows) + 1) // 2
    return (tuple(rows[:middle]), tuple(rows[middle:]))


def _pages(kind: str, rows: Sequence[Any], size: int) -> list[Slide]:
    chunks = [rows[i : i + size] for i in range(0, len(rows), size)] or [[]]
    return [
        Slide(kind, f"{kind}-{n}", n, len(chunks), _halves(chunk))
        for n, chunk in enumerate(chunks, start=1)
    ]


def room(state: cs.State, mine: int | None) -> Room:
    """The room's screen of ``state`` for a phone following entrant ``mine``
    (``None``: the projector, or a phone that chose nobody). A knockout's
    screen is one slide, its bracket (:func:`bracket_view`)."""
    if state.bracket is not None:
        slides = [Slide("bracket", "bracket-1", 1, 1, ())]
        outcome = knockout.outcome_document(state.bracket)
        champion = outcome["champion"]
        outcome["champion_label"] = state.label(champion) if champion is not None else ""
        return Room(state, outcome, [], [], slides, mine, None, bracket=bracket_view(state, mine))
    ranking = state.ranking()
    word = state.settings.entrant_word
    current = state.current
    # The partie under way's exempt ranks with its bye's points already
    # counted (972 against 0 at the start of partie 1): it says why.
    exempt = set(current.partie.byes) if current is not None and not current.finished else set()
    rows = [
        Row(
            rank=s["rank"],
            ex_aequo=s["ex_aequo"],
            number=s[word],
            label=state.label(s[word]),
            points=s["points"],
            win_points=s["win_points"],
            abandon=s["abandon"],
            late=s["late"],
            mine=s[word] == mine,
            exempt=s[word] in exempt,
        )
        for s in ranking["standings"]
    ]
    tables: list[TableRow] = []
    byes: list[str] = []
    if current is not None:
        for t in current.tables:
            penalty = cs.penalty_points(state, current.number, t)
            tables.append(
                TableRow(
                    number=t.number,
                    names=(cs.side_name(state, t.side_a), cs.side_name(state, t.side_b)),
                    totals=(t.match.total_a + penalty[0], t.match.total_b + penalty[1]),
                    penalty=penalty,
                    started=t.match.finished or bool(t.match.total_a or t.match.total_b),
                    finished=t.match.finished,
                    mine=mine is not None and (mine in t.side_a or mine in t.side_b),
                    entrants=(*t.side_a, *t.side_b),
                    read_token=t.match.read_token,
                )
            )
        byes = [state.label(n) for n in current.partie.byes]
    slides = _pages("ranking", rows, RANKING_PAGE)
    if current is not None:
        # A finished partie keeps its tables (their final scores) after the
        # ranking until the next draw: the hall sees every table's result.
        tables_slides = _pages("tables", tables, TABLES_PAGE)
        # A partie just drawn: the hall looks for its tables first.
        if not any(t.started for t in tables):
            slides = tables_slides + slides
        else:
            slides = slides + tables_slides
    seat = cs.seat_of(state, mine) if mine is not None else None
    return Room(state, ranking, rows, tables, slides, mine, seat, byes)


# --------------------------------------------------------------------------
# A knockout's bracket (docs/concours.md 7)
# --------------------------------------------------------------------------


# A round's name in the reader's words: the services' (a table's sheet says it too).
round_label = cs.round_label


@dataclass(frozen=True)
class BracketSide:
    """One team of a tie as the bracket shows it: its number (None: not
    known yet, or a bye), its label, the matches it won, its points in the
    tie's current match (None before it), whether it won the tie or is out."""

    number: int | None
    label: str
    wins: int = 0
    total: int | None = None
    won: bool = False
    out: bool = False
    mine: bool = False


@dataclass(frozen=True)
class BracketTie:
    """One tie as the bracket shows it: its table, its sides, whether it
    is a bye, playing or decided, its current match's number in the tie
    (``leg``) and tokens (the organiser's sheet ``token``, ``read_token``)."""

    round: int
    tie: int
    table: int | None
    sides: tuple[BracketSide, BracketSide]
    bye: bool
    playing: bool
    decided: bool
    leg: int = 0
    token: str = ""
    read_token: str = ""
    third_place: bool = False


@dataclass(frozen=True)
class BracketRound:
    """One column of the bracket: a round's label and its ties, top first
    (the final's column also holds the match for third)."""

    number: int
    name: str
    label: str
    ties: tuple[BracketTie, ...]


def _bracket_tie(state: cs.State, tie: knockout.Tie, tables: dict, mine: int | None) -> BracketTie:
    table = tables.get((tie.round, tie.table, len(tie.matches))) if tie.matches else None
    totals = (table.match.total_a, table.match.total_b) if table is not None else (None, None)
    wins = tie.wins if not tie.bye else (0, 0)
    sides = tuple(
        BracketSide(
            number=number,
            label=state.label(number) if number is not None else "",
            wins=wins[i],
            total=totals[i],
            won=tie.winner is not None and tie.winner == number and not tie.bye,
            out=tie.winner is not None and number is not None and tie.winner != number,
            mine=mine is not None and number == mine,
        )
        for i, number in enumerate(tie.teams)
    )
    return BracketTie(
        round=tie.round,
        tie=tie.tie,
        table=tie.table,
        sides=sides,  # type: ignore[arg-type]
        bye=tie.bye,
        playing=tie.playing,
        decided=tie.decided,
        leg=len(tie.matches),
        token=table.match.token if table is not None else "",
        read_token=table.match.read_token if table is not None else "",
        third_place=tie.third_place,
    )


def bracket_view(state: cs.State, mine: int | None = None) -> list[BracketRound]:
    """A knockout's bracket as the room, the organiser and the phones show
    it: one :class:`BracketRound` a round, round one first; each tie with
    its teams' labels, the matches they won, the live totals of its match
    under way (or its last one), the winner and the loser flagged, and
    ``mine`` (the team a phone follows) marked. Empty before the draw."""
    bracket = state.bracket
    if bracket is None or not bracket.draw:
        return []
    tables = {
        (partie.number, table.number, table.leg): table
        for partie in state.parties
        for table in partie.tables
    }
    rounds = []
    for number in range(1, bracket.rounds + 1):
        ties = [_bracket_tie(state, t, tables, mine) for t in bracket.round_ties(number)]
        if number == bracket.rounds and bracket.third_place_tie is not None:
            ties.append(_bracket_tie(state, bracket.third_place_tie, tables, mine))
        name = knockout.round_name(number, bracket.rounds)
        rounds.append(BracketRound(number, name, round_label(name), tuple(ties)))
    return rounds


def _knockout_seats(state: cs.State, outcome: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """Every team's place in a knockout, as a phone that follows it shows
    it: its tie under way or next (table, opponents, the round's name), or
    its final place once out or over (:func:`seats`' keys, and ``round``,
    ``place``, ``reached``)."""
    bracket = state.bracket
    tables = {
        (partie.number, table.number, table.leg): table
        for partie in state.parties
        for table in partie.tables
    }
    standings = {s["team"]: s for s in outcome["standings"]}
    out: dict[int, dict[str, Any]] = {}
    for entrant in state.entrants:
        number = entrant.number
        ties = [t for t in bracket.ties if number in t.teams and not t.bye] if bracket else []
        tie = next((t for t in reversed(ties) if not t.decided), None)
        table = tables.get((tie.round, tie.table, len(tie.matches))) if tie else None
        standing = standings.get(number, {})
        other = next((n for n in tie.teams if n != number), None) if tie else None
        name = knockout.round_name(tie.round, bracket.rounds) if tie else ""
        out[number] = {
            "final": None,
            "label": cs.entrant_label(entrant),
            "bye": False,
            "table": tie.table if tie and table is not None and tie.ready else None,
            "read_token": table.match.read_token if table is not None else "",
            "opponents": state.label(other) if other is not None else "",
            "partner": "",
            "round": round_label("third_place" if tie and tie.third_place else name) if tie else "",
            "place": standing.get("place") if tie is None else None,
            "reached": round_label(standing["round_name"]) if standing.get("round_name") else "",
        }
    return out


def seats(state: cs.State, ranking: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """Every entrant's place in the current partie, as a phone that follows
    it shows it (its label, its table and the table's read-only token, its
    opponents and partner, or exempt, or ``table`` None when it does not
    play it; ``final``: its rank, out of how many, and points once the
    concours is over, else None, from ``ranking``, the room's ranking
    document): computed once for every entrant with the room's shared
    part, so that a phone's own part needs no query."""
    if state.bracket is not None:
        return _knockout_seats(state, ranking)
    out: dict[int, dict[str, Any]] = {}
    final: dict[int, dict[str, Any]] = {}
    if state.over:  # where each finished, instead of its last table
        standings = ranking["standings"]
        word = state.settings.entrant_word
        final = {
            s[word]: {"rank": s["rank"], "of": len(standings), "points": s["points"]}
            for s in standings
        }
    for entrant in state.entrants:
        seat = cs.seat_of(state, entrant.number)
        out[entrant.number] = {
            "final": final.get(entrant.number),
            "label": cs.entrant_label(entrant),
            "bye": seat is not None and seat.table is None,
            "table": seat.table.number if seat and seat.table else None,
            "read_token": seat.table.match.read_token if seat and seat.table else "",
            "opponents": seat.opponents if seat else "",
            "partner": seat.partner if seat else "",
        }
    return out


@dataclass(frozen=True)
class ResultRow:
    """One entrant of the results sheet: its standing (the ranking
    document's entry), its label, its players, its tiebreak values in order."""

    standing: dict[str, Any]
    number: int
    label: str
    players: str
    tiebreaks: tuple[Any, ...]


def results_rows(state: cs.State, ranking: dict[str, Any]) -> list[ResultRow]:
    """The rows of the results sheet and of the ranking CSV, in ranking order."""
    word = state.settings.entrant_word
    out = []
    for s in ranking["standings"]:
        entrant = state.entrant(s[word])
        players = ", ".join(entrant.players) if entrant and entrant.players else ""
        out.append(
            ResultRow(
                standing=s,
                number=s[word],
                label=state.label(s[word]),
                players=players,
                tiebreaks=tuple(s["tiebreaks"][name] for name in ranking["tiebreaks"]),
            )
        )
    return out


def _derived(text: str) -> str:
    """A key derived from ``text`` (SHA-256, in the tokens' alphabet and length)."""
    digest = hashlib.sha256(text.encode()).digest()
    return base64.urlsafe_b64encode(digest).decode()[:TOKEN_LENGTH]


def card_key(concours: Concours, number: int) -> str:
    """The key in table card ``number``'s address (``carte/<read token>/
    <key>/<number>/``): derived from the organiser's token and the table's
    number, so that the cards' addresses, which write, are stable all
    night and across a restart, yet not derivable from the read-only link
    (shared with the hall, on the projector), nor one card's from
    another's: table 1's card opens table 1 only (issue 27, point 5)."""
    return _derived(f"rebelote-table-card:{concours.token}:{number}")


def legacy_card_key(concours: Concours) -> str:
    """The one key of every card printed before the cards had a key per
    table (one a concours: any card opened every table). Recognised only
    to answer that the cards are to be printed again, never to write."""
    return _derived(f"rebelote-table-cards:{concours.token}")


def card_count(state: cs.State) -> int:
    """How many table cards the night needs: the most tables a partie had,
    or half the entrants present at the next partie (a quarter à la mêlée),
    whichever is more; at least 1."""
    drawn = max((len(p.tables) for p in state.parties), default=0)
    partie = len(state.parties) + (1 if state.can_draw else 0) or 1
    present = sum(1 for e in state.entrants if e.present_at(partie))
    per_table = 4 if state.settings.mode is cdoc.Mode.MELEE else 2
    return max(1, drawn, present // per_table)
