"""What the match's pages and the answers to its writes are built from: the
match of a URL, this phone's name, the hand form, the page's context.

Shared by ``views`` (the match page, its read-only twin) and ``hand_views``
(the writes of hands).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext

from scoresheets.forms import DeviceForm, HandForm
from scoresheets.matches import services, share_image, undo
from scoresheets.models import Hand, Match
from scoresheets.tables.links import table_link
from scoresheets.text import isolated

MY_MATCHES = "my_matches"  # session key: tokens of the matches this browser created or opened
MY_MATCHES_MAX = 50
DEVICE = "device_name"  # session key: the name of this phone's player


# A match's table of friends, and its concours' table when it is one (its
# page's banner: concours.services.table_banner), in the match's own query.
RELATED = ("table", "concours_table__partie__concours")


def get_match_or_404(token: str, *, related: bool = True) -> Match:
    """The match of a URL token, or a 404. ``related``: with its table and
    concours table (:data:`RELATED`, for its page) in the same query; a
    write whose answer shows neither leaves them out (a join costs more
    than the query itself)."""
    matches = Match.objects.select_related(*RELATED) if related else Match.objects.all()
    return get_object_or_404(matches, token=token)


def get_read_match_or_404(token: str) -> Match:
    """The match of a read-only URL token, or a 404 (a writing token is not one)."""
    return get_object_or_404(Match.objects.select_related(*RELATED), read_token=token)


def get_hand_or_404(match: Match, hand_id: int) -> Hand:
    """The hand ``hand_id`` of ``match`` (deleted or not), or a 404."""
    return get_object_or_404(Hand, match=match, pk=hand_id)


def device(request: HttpRequest) -> str:
    """The name this phone's player gave (kept in the session), or ""."""
    return request.session.get(DEVICE, "")


def match_context(
    request: HttpRequest,
    sheet: services.Scoresheet,
    form: HandForm | None,
    *,
    read_only: bool = False,
) -> dict:
    """The context of the match page (``match.html``) and of its partial
    answers: ``sheet`` and the hand ``form`` (``None`` on a read-only page),
    the share links, this phone's name and its undo offer."""
    match_url = reverse("match", args=[sheet.match.token])
    read_url = request.build_absolute_uri(reverse("match_read", args=[sheet.match.read_token]))
    return {
        "match": sheet.match,
        "sheet": sheet,
        "form": form,
        # A read-only page shares only its own link; the playing page offers both.
        "read_only": read_only,
        "share_url": read_url if read_only else request.build_absolute_uri(match_url),
        "read_url": None if read_only else read_url,
        "table_url": table_link(request, sheet.match.table) if sheet.match.table else "",
        "device": device(request),
        "device_form": DeviceForm(initial={"device": device(request)}),
        # This phone's "Annuler" of its last change (scoresheets/matches/undo.py).
        "undo": None if read_only else undo.current(request, sheet.match),
        "image_name": share_image.filename(sheet.match),
    }


def end_change_message(request: HttpRequest, match: Match) -> None:
    """Say so when a correction ended or reopened ``match``: its summary
    columns (written by the service with the change) against what they were
    when ``match`` was read, before the change."""
    before = match.finished
    match.refresh_from_db(fields=["finished", "winner"])
    if match.finished and not before and match.winner is None:  # a match of K donnes, drawn
        messages.warning(request, gettext("Cette correction termine la partie : match nul."))
    elif match.finished and not before:
        messages.warning(
            request,
            gettext("Cette correction termine la partie, gagnée par %(team)s.")
            % {"team": isolated(match.team_name(match.winner))},
        )
    elif before and not match.finished:
        messages.warning(request, gettext("Cette correction rouvre la partie."))


def hand_url(match: Match, number: int | None) -> str:
    """The match page at hand ``number``'s row (the page's top without one)."""
    url = reverse("match", args=[match.token])
    return f"{url}#hand-{number}" if number else url
