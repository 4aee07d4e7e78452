"""The fresh entry form (``match.html#hand_form``, ``#hand-form``): what a
saved hand answers the phone that saved it, and what the match page shows.

Its chips (the players, the teams, capot, belote, the announcements...) are
Django form widgets, and rendering them was most of a save's CPU (issue 21,
"Cheaper hands"; ``bench/README.md``). A fresh form shows nothing of one
phone or one moment but its hidden fields: the hand ``number`` it will
create, the ``match_version`` it saw, its one-time ``key`` and the CSRF
token. So it is rendered once per match and language with a slot in each of
those, kept in the cache under a digest of everything else it shows (the
match's game, rules, card names, team names and players), and each answer
fills the slots in: a new hand or a correction never renders it again; a
change of what it shows (another digest) renders it anew. A game whose
fresh form shows something of the hand's dealer (``HandForm.follows_dealer``:
who announces, preselected) has one kept form per dealer.
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Sequence

from django.http import HttpRequest
from django.template.loader import get_template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from scoresheets.forms import HandForm, hand_form, hand_form_class
from scoresheets.models import Match, Player
from scoresheets.sync import caching

TEMPLATE = "scoresheets/match.html#hand_form"
# The hidden fields that differ from one answer to the next, and the value
# each is rendered with in the kept HTML. A hidden input renders its value
# as ``name="<field>" value="<slot>"``: no text a user typed can render as
# that (its quotes would be escaped).
SLOTS = {
    "number": "entry-number-slot",
    "match_version": "entry-version-slot",
    "key": "entry-key-slot",
}


def entry_form_html(
    request: HttpRequest,
    match: Match,
    players: Sequence[Player],
    *,
    number: int,
    version: int,
    key: str | None = None,
) -> SafeString:
    """The fresh entry form of ``match`` (its ``players`` in seat order) for
    hand ``number`` of the sheet at ``version``, as HTML: what rendering
    ``match.html#hand_form`` with ``forms.hand_form(match, players,
    number=number, version=version)`` gives, with a new one-time key (``key``:
    this one, for a test) and this request's CSRF token.

    From the cache when it holds this match's form for what it shows now
    (:func:`shown`); else rendered, and kept. Never raises for the cache: a
    failing cache renders it each time.
    """
    # A form that shows something of the hand's dealer is kept per dealer.
    dealer = match.dealer_seat(number)
    per_dealer = (dealer,) if hand_form_class(match).follows_dealer else ()
    name = caching.key("entry", match.token, get_language(), *per_dealer)
    digest = shown(match, players)
    kept = caching.get(name)
    if kept is not None and kept[0] == digest:
        html = kept[1]
    else:
        html = _with_slots(match, players, dealer)
        if html is None:  # the template shows a slot's value elsewhere: not kept
            form = _fresh_form(
                match, players, number=number, version=version, key=key, dealer=dealer
            )
            return render_entry_form(request, match, form)
        caching.put(name, (digest, html), caching.ROWS_TTL)
    values = {"number": number, "match_version": version, "key": key or uuid.uuid4().hex}
    for field, slot in SLOTS.items():
        html = html.replace(_rendered(field, slot), _rendered(field, escape(values[field])))
    return mark_safe(caching.with_csrf_token(request, html))


def render_entry_form(request: HttpRequest | None, match: Match, form: HandForm) -> SafeString:
    """``match.html#hand_form`` rendered for ``form`` (a fresh one, no
    conflict), without the cache; ``request`` ``None``: with the CSRF slot
    (``caching.CSRF_SLOT``) as the token."""
    context = {"match": match, "form": form, "conflict": None}
    if request is None:
        context["csrf_token"] = caching.CSRF_SLOT
    return mark_safe(get_template(TEMPLATE).render(context, request))


def shown(match: Match, players: Sequence[Player]) -> str:
    """A digest of what the fresh form of ``match`` shows but its hidden
    fields: its game (the form's class and partials), rules (the
    announcements' fields), card names, team names and players by seat."""
    return hashlib.sha256(
        repr(
            (
                match.game,
                match.rule_values,
                match.card_names,
                match.team_a_name,
                match.team_b_name,
                [(p.seat, p.name) for p in players],
            )
        ).encode()
    ).hexdigest()[:24]


def _fresh_form(
    match: Match,
    players: Sequence[Player],
    *,
    number: object,
    version: object,
    key: str | None,
    dealer: int,
) -> HandForm:
    """``forms.hand_form(match, players, number=..., version=..., dealer=...)``,
    its one-time key ``key`` when given."""
    form = hand_form(match, players, number=number, version=version, dealer=dealer)
    if key is not None:
        form.fields["key"].initial = key
    return form


def _with_slots(match: Match, players: Sequence[Player], dealer: int) -> str | None:
    """The form rendered with each slot of :data:`SLOTS` (and the CSRF slot)
    for a hand dealt by ``dealer``; ``None`` if a slot shows anywhere but in
    its own hidden field (a template that prints a hidden field's value
    elsewhere: filling the slots would miss it)."""
    form = _fresh_form(
        match,
        players,
        number=SLOTS["number"],
        version=SLOTS["match_version"],
        key=SLOTS["key"],
        dealer=dealer,
    )
    html = str(render_entry_form(None, match, form))
    for field, slot in SLOTS.items():
        if html.count(slot) != 1 or html.count(_rendered(field, slot)) != 1:
            return None
    return html


def _rendered(field: str, value: str) -> str:
    """How the hidden input of ``field`` renders ``value`` (already escaped)."""
    return f'name="{field}" value="{value}"'
