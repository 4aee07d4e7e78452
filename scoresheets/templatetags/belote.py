"""Presentation helpers of the scoresheet, shared by every page (``{% load belote %}``).

They arrange what the engine computed for display (teams, rows, whose turn
it is); they never score anything.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

import segno
from django import template
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scoresheets import caching, presets, scoring
from scoresheets.charts import progress_svg
from scoresheets.explain import explain_hand, explain_result
from scoresheets.models import Hand, Match, Player, Table, seat_team
from scoresheets.services import Scoresheet, default_team_name
from scoresheets.text import of_name

register = template.Library()


@register.filter
def team_css(team: str | None) -> str:
    """The CSS class of a team's colour: ``team-a`` / ``team-b`` (empty for none)."""
    return f"team-{team.lower()}" if team in scoring.TEAMS else ""


@register.filter(name="of_name")
def of_name_filter(name: str) -> str:
    """French "de" + name, elided: "d’Alice", "de Bob" (see scoresheets.text)."""
    return of_name(name or "")


@register.filter
def team_name(match: Match, team: str | None) -> str:
    return match.team_name(team) if team in scoring.TEAMS else ""


@dataclass(frozen=True)
class TeamView:
    code: str
    name: str
    players: tuple[str, ...]
    show_players: bool
    total: int
    percent: int
    winner: bool


@register.simple_tag
def sheet_teams(sheet: Scoresheet) -> list[TeamView]:
    """Both teams with their totals and progress toward the target."""
    match, result = sheet.match, sheet.result
    teams = []
    for code in scoring.TEAMS:
        players = tuple(p.name for p in sheet.players if p.team == code)
        name = match.team_name(code)
        total = result.totals[code]
        teams.append(
            TeamView(
                code=code,
                name=name,
                players=players,
                show_players=len(players) == 2 and name != default_team_name(*players),
                total=total,
                percent=max(0, min(100, total * 100 // max(match.target, 1))),
                winner=result.winner == code,
            )
        )
    return teams


@dataclass(frozen=True)
class Turn:
    number: int
    dealer: Player | None
    first: Player | None


@register.simple_tag
def next_turn(sheet: Scoresheet) -> Turn:
    """The next hand: its number, who deals, and who speaks first (the dealer's next)."""
    number = len(sheet.hands) + 1
    dealer = sheet.match.dealer_seat(number)
    return Turn(number=number, dealer=sheet.player(dealer), first=sheet.player(dealer % 4 + 1))


@dataclass(frozen=True)
class RowView:
    index: int
    number: int
    hand: Hand
    result: scoring.HandResult
    dealer: Player | None
    taker: str
    taker_team: str | None
    reserve_added: int
    belote_holder: Player | None = None


@register.simple_tag
def sheet_rows(sheet: Scoresheet) -> list[RowView]:
    """One row per live hand, newest first, with the names the sheet shows.

    ``number`` is the hand's place among the live hands (a deleted hand
    leaves no gap); the dealer follows it."""
    match = sheet.match
    rows = []
    previous_reserve = 0
    for index, (hand, result) in enumerate(zip(sheet.hands, sheet.result.hands, strict=True)):
        player = sheet.player(hand.taker_seat)
        if player is not None:
            taker = player.name
        else:
            taker = match.team_name(hand.taker) if hand.taker else ""
        rows.append(
            RowView(
                index=index,
                number=index + 1,
                hand=hand,
                result=result,
                dealer=sheet.player(match.dealer_seat(index + 1)),
                taker=taker,
                taker_team=hand.taker,
                reserve_added=result.reserve - previous_reserve if result.reserve else 0,
                belote_holder=sheet.player(hand.belote_seat),
            )
        )
        previous_reserve = result.reserve
    rows.reverse()
    return rows


@register.simple_tag
def explain(sheet: Scoresheet, index: int) -> str:
    """The one-line plain explanation of hand ``index`` (0-based) of the sheet."""
    return explain_hand(sheet, index)


@register.simple_tag
def explain_outcome(match: Match, hand: scoring.HandInput, outcome: scoring.HandResult) -> str:
    """The same explanation for a hand not (yet) in a sheet: the preview, the calculator."""
    return explain_result(match, hand, outcome)


@register.simple_tag
def progress_chart(sheet: Scoresheet) -> SafeString:
    """The inline SVG chart of both teams' running totals (safe: charts escapes its text)."""
    return progress_svg(sheet)


@register.simple_tag
def qr_svg(url: str, title: str = "") -> SafeString:
    """A QR code of ``url`` as inline SVG (no request leaves the page);
    ``title`` is its accessible name (the match's link by default).

    Kept in the cache by (url, title): encoding one takes several ms and a
    link's code never changes."""
    title = title or _("QR code du lien de la partie")
    name = caching.key("qr", hashlib.sha256(f"{url}\n{title}".encode()).hexdigest()[:24])
    svg = caching.get(name)
    if svg is None:
        svg = segno.make(url, error="m").svg_inline(scale=5, dark="#000", light="#fff", title=title)
        caching.put(name, svg, caching.SUMMARY_TTL)
    return mark_safe(svg)  # segno escapes the title; the rest is paths


ANNOUNCEMENT_NAMES = {
    presets.CardNames.FRENCH: (
        (20, gettext_noop("Tierce")),
        (50, gettext_noop("Cinquante")),
        (100, gettext_noop("Cent")),
        (150, gettext_noop("Carré de 9")),
        (200, gettext_noop("Carré de valets")),
    ),
    presets.CardNames.SPANISH: (
        (20, gettext_noop("Suivi de 3")),
        (50, gettext_noop("Suivi de 4")),
        (100, gettext_noop("Suivi de 5")),
        (150, gettext_noop("Carré de 6")),
        (200, gettext_noop("Carré de 10")),
    ),
}


@register.simple_tag
def announcement_buttons(card_names: str) -> list[tuple[int, str]]:
    """The quick-add buttons of the announcements, named after the table's cards."""
    names = ANNOUNCEMENT_NAMES.get(card_names, ANNOUNCEMENT_NAMES[presets.CardNames.FRENCH])
    return [(points, _(name)) for points, name in names]


@register.filter
def preset_text(key: str) -> str:
    """What the preset ``key`` plays, in a few words ("" for no preset)."""
    preset = presets.PRESETS.get(key)
    return _(preset.description) if preset else ""


@register.filter
def belote_cards(card_names: str) -> str:
    """What the belote is, in the table's card names."""
    if card_names == presets.CardNames.SPANISH:
        return _("12 et 11 d'atout")
    return _("roi et dame d'atout")


@dataclass(frozen=True)
class SeatView:
    number: int
    team: str
    field: Any
    dealer: Any


@register.simple_tag
def seats(form: Any) -> list[SeatView]:
    """The new-match form's four seats: the player's name field and the "deals first" radio."""
    dealer_radios = list(form["first_dealer"])
    return [
        SeatView(number=seat, team=seat_team(seat), field=form[f"player_{seat}"], dealer=radio)
        for seat, radio in zip((1, 2, 3, 4), dealer_radios, strict=True)
    ]


@register.filter
def of(pair: scoring.Pair | None, team: str | None) -> int | str:
    """``pair`` for ``team`` (``{{ result.score|of:result.winner }}``)."""
    if pair is None or team not in scoring.TEAMS:
        return ""
    return pair[team]


@register.filter
def choice_team(value: Any) -> str:
    """The team of a taker choice: a seat ("1"-"4") or a team ("A"/"B")."""
    value = str(value)
    if value in scoring.TEAMS:
        return value
    return seat_team(int(value)) if value in {"1", "2", "3", "4"} else ""


@register.simple_tag
def hand_summary(sheet: Scoresheet, data: dict[str, Any] | Hand) -> str:
    """A hand as entered, in one line: "Alice prend · plis Nous 82 · belote Eux".

    ``data`` is a match-document hand plus ``taker_seat`` (a revision's data),
    or a stored :class:`Hand`.
    """
    if isinstance(data, Hand):
        data = data.document()
    match = sheet.match
    taker = data.get("taker")
    if taker is None:
        return _("Tout le monde passe")
    player = sheet.player(data.get("taker_seat"))
    parts = [_("%(taker)s prend") % {"taker": player.name if player else match.team_name(taker)}]
    points = data.get("points") or {}
    for team, value in points.items():
        parts.append(
            _("plis %(team)s %(points)s") % {"team": match.team_name(team), "points": value}
        )
    if data.get("capot"):
        parts.append(_("capot %(team)s") % {"team": match.team_name(data["capot"])})
    if data.get("belote"):
        holder = sheet.player(data.get("belote_seat"))
        parts.append(
            _("belote %(team)s")
            % {"team": holder.name if holder else match.team_name(data["belote"])}
        )
    for team, value in (data.get("announcements") or {}).items():
        if value:
            parts.append(
                _("annonces %(team)s %(points)s") % {"team": match.team_name(team), "points": value}
            )
    if data.get("renonce"):
        parts.append(_("renonce %(team)s") % {"team": match.team_name(data["renonce"])})
    return " · ".join(parts)


@register.simple_tag
def deleted_places(sheet: Scoresheet) -> list[tuple[Hand, int]]:
    """The deleted hands, each with the number it would take again if restored
    (its place among the live hands)."""
    return [
        (hand, 1 + sum(1 for live in sheet.hands if live.number < hand.number))
        for hand in sheet.deleted
    ]


@register.simple_tag(takes_context=True)
def page_url(context: template.Context, name: str, target: Match | Table | str, *args: Any) -> str:
    """The path of page ``name`` (the URL name of a writing page: "match",
    "table_player"...) of ``target``, followed by ``args``, as the current page
    is seen. On a read-only page (``read_only`` true in the context) it is the
    read-only twin ("<name>_read", with the read token): a read-only page never
    links to a writing one. ``target`` is a Match or a Table, or a token the view
    already chose for this page. Raises ``NoReverseMatch`` for an unknown name."""
    read_only = bool(context.get("read_only"))
    token = target
    if not isinstance(target, str):
        token = target.read_token if read_only else target.token
    return reverse(f"{name}_read" if read_only else name, args=[token, *args])
