"""The scoresheet: a match with its players, hands and the engine's result,
and what its pages show of it (teams, rows, whose turn it is, deleted hands).

Read side only: ``match_get_scoresheet`` builds it (two queries);
nothing here writes or scores. The view-models arrange the engine's figures
(``scoring.MatchResult`` and each hand's breakdown) for the templates, which
only read these properties; they are testable without a template.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django.urls import reverse
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from scoresheets import scoring
from scoresheets.game_forms import ANNOUNCEMENTS_MAX
from scoresheets.games import registry
from scoresheets.matches.charts import progress_svg
from scoresheets.matches.explain import explain_result
from scoresheets.matches.services import HandChange
from scoresheets.models import Hand, Match, Player, default_team_name
from scoresheets.text import isolated, names_isolated


@dataclass(frozen=True)
class TeamView:
    """A team on the scoreboard: ``total`` in points, ``percent`` of the target
    (0-100), ``show_players`` when its name does not already say who plays."""

    code: str
    name: str
    players: tuple[str, ...]
    show_players: bool
    total: int
    percent: int
    winner: bool


@dataclass(frozen=True)
class Turn:
    """The next hand: its number, who deals and who speaks first."""

    number: int
    dealer: Player | None
    first: Player | None


@dataclass(frozen=True)
class RowView:
    """A live hand as the sheet shows it: ``number`` is its place among the
    live hands; ``taker`` the name shown (the player, else the team);
    ``reserve_added`` the points it put into the reserve."""

    match: Match
    index: int
    number: int
    hand: Hand
    result: scoring.HandResult
    dealer: Player | None
    taker: str
    taker_team: str | None
    reserve_added: int
    belote_holder: Player | None = None

    @cached_property
    def given(self) -> Any:
        """The hand as entered: the engine's input of its game (its taker,
        points, capot, belote, announcements, and its game's own keys)."""
        return self.hand.to_input()

    @property
    def contract(self) -> str:
        """The hand's contract in words ("100 ♥ coinché"), "" in a game
        without contracts or for a redeal (its game's ``WebGame.contract``)."""
        return registry.game_of(self.match).contract(self.hand.document())

    @property
    def game_badges(self) -> list[tuple[str | None, str]]:
        """The badges of the hand's own game (its ``WebGame.row_badges``:
        its own outcome, bonuses, marks), each with its team or ``None``."""
        game = registry.game_of(self.match)
        return [] if game.row_badges is None else game.row_badges(self.given, self.result)

    @property
    def tricks_words(self) -> str:
        """Each side's trick points, in the match's order of sides, joined
        by " – " ("70 – 50 – 42"): the row's "Plis" of a game scored per player."""
        tricks = self.result.tricks
        return " – ".join(str(tricks[side]) for side in self.match.sides)

    @property
    def sides(self) -> list[tuple[str, Any, Any]]:
        """Each side's (code, score on the hand, running total), in points,
        in the match's order of sides."""
        score, totals = self.result.score, self.result.totals
        return [(side, score[side], totals[side]) for side in self.match.sides]

    @property
    def side_parts(self) -> list[tuple[str, tuple[int, ...], Any]]:
        """Each side's (code, parts of its score on the hand, running total),
        in the match's order of sides, for a game whose sheet writes the
        parts in columns of their own (its ``WebGame.score_parts``:
        a Dutch sheet's points and roem); empty otherwise (``sides``)."""
        game = registry.game_of(self.match)
        parts = None if game.score_parts is None else game.score_parts(self.result)
        if not parts:
            return []
        totals = self.result.totals
        return [(side, tuple(parts[side]), totals[side]) for side in self.match.sides]

    @property
    def explanation(self) -> str:
        """The hand's one-line explanation, in the active language."""
        return explain_result(self.match, self.given, self.result)


@dataclass(frozen=True)
class Scoresheet:
    """A match with its players, live hands, deleted hands and the engine's
    result, read in a fixed number of queries (2, whatever the number of
    hands). ``hands[i]`` is scored as ``result.hands[i]`` (shown as hand i+1)."""

    match: Match
    players: tuple[Player, ...]
    hands: tuple[Hand, ...]
    result: scoring.MatchResult
    deleted: tuple[Hand, ...] = ()

    @property
    def score_part_labels(self) -> tuple[Any, ...]:
        """The head's names of the parts of a side's score in their own
        columns (``RowView.side_parts``), empty for one figure a hand."""
        return registry.game_of(self.match).score_part_labels

    def player(self, seat: int | None) -> Player | None:
        if seat is None:
            return None
        return self.players[seat - 1] if len(self.players) >= seat else None

    def position(self, hand_id: int) -> int | None:
        """The number shown for the live hand ``hand_id`` (1-based), or ``None``."""
        for index, hand in enumerate(self.hands, start=1):
            if hand.pk == hand_id:
                return index
        return None

    @cached_property
    def teams(self) -> list[TeamView]:
        """Every side (both teams, or each player of a game scored per
        player) with its total and progress toward the target (a match
        without one, of a number of hands: toward the higher total)."""
        match, result = self.match, self.result
        sides = match.sides
        scale = match.target or max(result.totals[side] for side in sides)
        teams = []
        for code in sides:
            players = tuple(p.name for p in self.players if p.team == code)
            name = match.team_name(code)
            total = result.totals[code]
            teams.append(
                TeamView(
                    code=code,
                    name=name,
                    players=players,
                    show_players=len(players) == 2 and name != default_team_name(*players),
                    total=total,
                    percent=max(0, min(100, total * 100 // max(scale, 1))),
                    winner=result.winner == code,
                )
            )
        return teams

    @cached_property
    def next_turn(self) -> Turn:
        """The next hand: its number, who deals, and who speaks first (the dealer's next)."""
        number = len(self.hands) + 1
        dealer = self.match.dealer_seat(number)
        first = dealer % self.match.seats + 1
        return Turn(number=number, dealer=self.player(dealer), first=self.player(first))

    @cached_property
    def rows(self) -> list[RowView]:
        """One row per live hand, newest first, with the names the sheet shows.

        ``number`` is the hand's place among the live hands (a deleted hand
        leaves no gap); the dealer follows it."""
        pairs = zip(self.hands, self.result.hands, strict=True)
        return [self.row(index) for index, _ in reversed(list(enumerate(pairs)))]

    def row(self, index: int) -> RowView:
        """The row of the live hand ``index`` (0-based, in the order of play)
        alone: what :attr:`rows` holds at its place, for a caller that shows
        one row (``sync.sheet.rows_html`` renders only the rows it has not kept)."""
        match, hand, result = self.match, self.hands[index], self.result.hands[index]
        player = self.player(hand.taker_seat)
        if player is not None:
            taker = player.name
        else:
            taker = match.team_name(hand.taker) if hand.taker else ""
        return RowView(
            match=match,
            index=index,
            number=index + 1,
            hand=hand,
            result=result,
            dealer=self.player(match.dealer_seat(index + 1)),
            taker=taker,
            taker_team=hand.taker,
            reserve_added=self._reserve_added(index),
            belote_holder=self.player(hand.belote_seat),
        )

    def _reserve_added(self, index: int) -> int:
        """The points the live hand ``index`` put into the reserve: its
        breakdown's, or, in a game scored per player (whose hands have no
        breakdown: belote for two), how much a litige grew the reserve."""
        result = self.result.hands[index]
        added = result.breakdown.reserve_in
        if added or result.outcome != "litige" or not self.match.per_player:
            return added
        before = self.result.hands[index - 1].reserve if index else 0
        return max(0, result.reserve - before)

    @cached_property
    def deleted_places(self) -> list[tuple[Hand, int]]:
        """The deleted hands, each with the number it would take again if restored
        (its place among the live hands)."""
        return [
            (hand, 1 + sum(1 for live in self.hands if live.number < hand.number))
            for hand in self.deleted
        ]

    @cached_property
    def scorer_data(self) -> dict[str, Any]:
        """What the phone's scorer needs to score the hands it keeps after
        these (docs/sync.md, *Scores on the phone*), embedded in the page as
        JSON: ``{"document": the match document of the live hands (FORMAT,
        *Match document*, of its game), "hand_pages": the live hands'
        correction pages, in the same order (a kept correction or deletion
        names its hand by its page), "announcements_max": the hand form's
        cap}``. Only
        shown by the phone, never sent back (static/js/sync/pending.js)."""
        inputs = [hand.to_input() for hand in self.hands]
        return {
            "document": scoring.match_document(self.match.rules, inputs),
            "hand_pages": hand_pages(self.match.token, [hand.pk for hand in self.hands]),
            "announcements_max": ANNOUNCEMENTS_MAX,
        }

    @property
    def chart(self) -> SafeString:
        """The inline SVG chart of both teams' running totals ("" before the first hand)."""
        return progress_svg(self)

    def hand_summary(self, data: dict[str, Any] | Hand) -> str:
        """A hand as entered, in one line: "Alice prend · plis Nous 82 · belote Eux",
        at coinche with the contract: "Léa prend 100 ♥ coinché · plis Nous 120".

        ``data`` is a match-document hand plus ``taker_seat`` (a revision's data),
        or a stored :class:`Hand`.
        """
        if isinstance(data, Hand):
            data = data.document()
        match = names_isolated(self.match)  # right to left, names apart from the figures
        game = registry.game_of(match)
        taker = data.get(game.engine.taker_key)
        if taker is None:
            return _("Tout le monde passe")
        player = self.player(data.get("taker_seat"))
        who = isolated(player.name) if player else match.team_name(taker)
        if game.summary is not None:  # a game that tells a hand its own way
            return " · ".join(game.summary(data, who, match.team_name))
        contract = game.contract(data)
        if contract:
            parts = [_("%(taker)s prend %(contract)s") % {"taker": who, "contract": contract}]
        else:
            parts = [_("%(taker)s prend") % {"taker": who}]
        points = data.get("points") or {}
        for team, value in points.items():
            parts.append(
                _("plis %(team)s %(points)s") % {"team": match.team_name(team), "points": value}
            )
        if data.get("capot"):
            parts.append(_("capot %(team)s") % {"team": match.team_name(data["capot"])})
        if data.get("solo") is not None:
            parts.append(_("seul") if data["solo"] else _("pas seul"))
        if data.get("belote"):
            holder = self.player(data.get("belote_seat"))
            parts.append(
                _("belote %(team)s")
                % {"team": isolated(holder.name) if holder else match.team_name(data["belote"])}
            )
        for team, value in (data.get("announcements") or {}).items():
            if value:
                parts.append(
                    _("annonces %(team)s %(points)s")
                    % {"team": match.team_name(team), "points": value}
                )
        if data.get("renonce"):
            parts.append(_("renonce %(team)s") % {"team": match.team_name(data["renonce"])})
        return " · ".join(parts)


_SAMPLE_ID = 987_654_321  # an id that shows once in its hand's page path


def hand_pages(token: str, ids: list[int]) -> list[str]:
    """The correction page of each hand ``ids`` of the match of ``token``:
    ``reverse("hand_edit", args=[token, id])`` for each, reversing once
    (a sheet lists every hand's page, and a reverse costs as much as the
    rest of the list); each reversed when the sample id does not show
    exactly once in the path."""
    sample = reverse("hand_edit", args=[token, _SAMPLE_ID])
    head, found, tail = sample.partition(str(_SAMPLE_ID))
    if not found or str(_SAMPLE_ID) in head + tail:
        return [reverse("hand_edit", args=[token, pk]) for pk in ids]
    return [f"{head}{pk}{tail}" for pk in ids]


# --------------------------------------------------------------------------
# The sheet of a match, read or as a write left it (the services write; this
# module, above them, shows: issue 28, imports only go down)
# --------------------------------------------------------------------------


def match_get_scoresheet(match: Match) -> Scoresheet:
    """Load the players and hands of ``match`` and score them with the engine.

    Two queries. The stored hands were validated when saved; should they
    ever be invalid the engine's ``MatchError`` propagates.
    """
    players = tuple(match.players.all())
    # .all() (not order_by) so that a prefetch of "hands" is used as is.
    every = tuple(sorted(match.hands.all(), key=lambda h: h.number))
    return _scoresheet(match, players, every)


def scoresheet_after(change: HandChange, players: Sequence[Player]) -> Scoresheet | None:
    """The scoresheet of the match as the write ``change`` left it, with its
    ``players`` (in seat order): what :func:`match_get_scoresheet` would read
    right after the write's commit, from what the write itself read and
    scored (no query, no engine run). ``None`` when the change does not
    give it (``change.after``: a replay changed nothing and read nothing).

    Another phone's write committed since is not in it: the sheet is the one
    of the version this write made (``match.version``), which the phone
    then polls past as any other."""
    if change.after is None:
        return None
    after = change.after
    return _scoresheet(after.match, tuple(players), after.hands, after.result)


def _scoresheet(
    match: Match,
    players: tuple[Player, ...],
    every: Sequence[Hand],
    result: scoring.MatchResult | None = None,
) -> Scoresheet:
    """The scoresheet of ``match`` from ``every`` hand in the order of play
    (deleted ones too), its live hands scored unless ``result`` is given."""
    hands = tuple(h for h in every if h.deleted_at is None)
    # A withdrawn hand (a new hand undone) is no deleted hand: not listed.
    deleted = tuple(h for h in every if h.deleted_at is not None and not h.withdrawn)
    if result is None:
        result = scoring.score_match(match.rules, [hand.to_input() for hand in hands])
    return Scoresheet(match=match, players=players, hands=hands, result=result, deleted=deleted)
