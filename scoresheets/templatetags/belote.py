"""Presentation helpers of the scoresheet, shared by every page (``{% load belote %}``).

They arrange what the engine computed for display (team colours, card
names, links); they never score anything. The sheet's own view-models (teams,
rows, whose turn it is, deleted hands) are properties of
:class:`~scoresheets.matches.scoresheet.Scoresheet`.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

import segno
from django import template
from django.urls import reverse
from django.utils import timezone
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scoresheets import presets, rule_words, scoring
from scoresheets.games import registry
from scoresheets.matches.explain import explain_result
from scoresheets.matches.scoresheet import Scoresheet
from scoresheets.models import Hand, Match, Table, seat_team
from scoresheets.sync import caching, push
from scoresheets.text import isolated, of_name

register = template.Library()


SIDES = ("A", "B", "C")  # the sides a match may have (models.SIDE_CHOICES)


@register.filter
def team_css(team: str | None) -> str:
    """The CSS class of a side's colour: ``team-a`` / ``team-b`` (``team-c``:
    the third player of a game of three; empty for none)."""
    return f"team-{team.lower()}" if team in SIDES else ""


@register.filter
def of_side(scores: Any, side: str) -> Any:
    """``scores[side]``: one side's number of a ``Pair`` or ``Scores`` (points)."""
    return scores[side]


@register.filter
def sides_css(match: Match) -> str:
    """The CSS class of a match of three sides (" sides-3", its columns),
    "" for two: appended to a class attribute."""
    return f" sides-{len(match.sides)}" if len(match.sides) > 2 else ""


@register.filter(name="isolated", is_safe=True)
def isolated_filter(name: Any) -> str:
    """A typed name set apart from the sentence around it on a right-to-left
    page (see scoresheets.text.isolated); as it is on the others. Safe in,
    safe out (is_safe): a joined list of names stays escaped once."""
    return isolated(str(name)) if name else ""


@register.filter(name="of_name")
def of_name_filter(name: str) -> str:
    """French "de" + name, elided: "d’Alice", "de Bob" (see scoresheets.text)."""
    return of_name(name or "")


@register.filter
def team_name(match: Match, team: str | None) -> str:
    return match.team_name(team) if team in SIDES else ""


@register.filter
def side_names(match: Match, first: int = 0) -> str:
    """The names of ``match``'s sides from the ``first`` (0: all), each set
    apart on a right-to-left page (:func:`scoresheets.text.isolated`),
    joined by " – ": "Nous – Eux", "Anne – Bruno – Chloé"."""
    return " – ".join(isolated(match.team_name(side)) for side in match.sides[first:])


@register.simple_tag
def explain_outcome(match: Match, hand: scoring.HandInput, outcome: scoring.HandResult) -> str:
    """The same explanation for a hand not (yet) in a sheet: the preview, the calculator."""
    return explain_result(match, hand, outcome)


# A space before a suit's symbol: a mode's name and its suit ("Rosen ♥"), a contract ("100 ♥").
_BEFORE_SUIT = re.compile(" (?=[♠♥♦♣])")


@register.filter(needs_autoescape=True)
def suits_held(text: Any, autoescape: bool = True) -> SafeString:
    """``text`` as HTML (escaped), each suit symbol held to the word before
    it by a no-break space, so that a narrow line never breaks between a
    name and its symbol ("Rosen / ♥" in the preview at 390 px). The page's
    markup only: the text itself (the explanations, the exports) keeps its
    plain space."""
    html = conditional_escape(text) if autoescape else str(text)
    return mark_safe(_BEFORE_SUIT.sub("&nbsp;", html))  # escaped above; the entity is ours


@register.simple_tag
def qr_svg(url: str, title: str = "") -> SafeString:
    """A QR code of ``url`` as inline SVG (no request leaves the page);
    ``title`` is its accessible name (the match's link by default).

    It has a viewBox and no size: the CSS sizes it (``.qr svg``).
    Kept in the cache by (url, title): encoding one takes several ms and a
    link's code never changes."""
    title = title or _("QR code du lien de la partie")
    name = caching.key("qr2", hashlib.sha256(f"{url}\n{title}".encode()).hexdigest()[:24])
    svg = caching.remembered(
        name,
        caching.SUMMARY_TTL,
        lambda: segno.make(url, error="m").svg_inline(
            dark="#000", light="#fff", title=title, omitsize=True
        ),
    )
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
    """The team of a taker choice: a seat ("1"-"4") or a side ("A"/"B", or
    "C": a player of a game of three)."""
    value = str(value)
    if value in SIDES:
        return value
    return seat_team(int(value)) if value in {"1", "2", "3", "4"} else ""


@register.simple_tag
def hand_summary(sheet: Scoresheet, data: dict[str, Any] | Hand) -> str:
    """A hand as entered, in one line (:meth:`Scoresheet.hand_summary`)."""
    return sheet.hand_summary(data)


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


@register.simple_tag(takes_context=True)
def events_url(context: template.Context, match: Match) -> str:
    """The path of ``match``'s event stream as the current page is seen
    (:func:`page_url`), or "" when the pages offer no stream
    (``push.stream_offered``: ``PUSH_BACKEND=off``): the page then polls."""
    return page_url(context, "match_events", match) if push.stream_offered() else ""


@register.simple_tag
def rules_summary(match: Match) -> list[rule_words.RuleLine]:
    """``match``'s game, preset and rules in words (``rule_words.rules_in_words``)."""
    return rule_words.rules_in_words(match)


# The name of a game in the user's language ("Coinche").
register.filter("game_name", rule_words.game_name)


@register.filter
def game_names(games: Any) -> str:
    """Several games (their names) in the user's language, in order: "Belote, Coinche"."""
    return ", ".join(rule_words.game_name(game) for game in games)


@register.filter
def unusual_game(game: str) -> bool:
    """Whether ``game`` is not the default game (belote): a list of matches
    names the game of those only."""
    return game != registry.DEFAULT.name


@register.filter
def own_outcomes(match: Any) -> list[tuple[str, str]]:
    """The outcomes of ``match``'s game that are its own (not the kernel's,
    which the page words itself), each with its word: (code, word), from
    the game's ``csv_words["outcome"]``, the words its sheet says them in.
    The phone's preview (scores.js) names a hand's outcome with them."""
    shared = {str(outcome) for outcome in scoring.Outcome}
    words = registry.game_of(match).csv_words.get("outcome", {})
    return [(str(code), str(word)) for code, word in words.items() if str(code) not in shared]


@register.filter
def datetime_attr(value: date | datetime | None) -> str:
    """``value`` as a ``<time datetime>`` attribute the HTML standard accepts:
    a date as "2026-12-01", a moment in the current time zone to the second
    ("2026-12-01T23:05:09+01:00"; Django's ``|date:'c'`` writes microseconds,
    which a valid datetime attribute cannot have). "" for ``None``."""
    if value is None:
        return ""
    if isinstance(value, datetime):
        if timezone.is_aware(value):
            value = timezone.localtime(value)
        return value.isoformat(timespec="seconds")
    return value.isoformat()
