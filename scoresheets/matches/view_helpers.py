"""Glue shared by the match views and the table views (no view imports the other)."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.utils.http import content_disposition_header
from django.utils.translation import gettext, gettext_lazy

from scoresheets.forms import MatchForm
from scoresheets.matches import services
from scoresheets.models import Match, Table
from scoresheets.sync.ladder import attempt
from scoresheets.text import file_slug

# A button's write about something its page showed and that is gone since
# (an entrant, a night, a name): said on the page it goes back to.
STALE_PAGE = gettext_lazy("Introuvable : la page n'était plus à jour.")


def remember(request: HttpRequest, session_key: str, token: str, most: int) -> None:
    """Put ``token`` first in the list this browser's session keeps under
    ``session_key`` ("my matches", "my tables"), which holds ``most`` tokens
    at the most; the session is only written when the list changes."""
    tokens = request.session.get(session_key, [])
    if tokens[:1] != [token]:
        request.session[session_key] = [token, *(t for t in tokens if t != token)][:most]


def remembered(request: HttpRequest, session_key: str, queryset: QuerySet) -> list:
    """The rows of ``queryset`` whose tokens this browser's session keeps
    under ``session_key`` (:func:`remember`), in the kept order, last opened
    first ("my tables", "my concours", "my challenges"); one query, none
    when the session keeps none."""
    tokens = request.session.get(session_key, [])
    if not tokens:
        return []
    found = {row.token: row for row in queryset.filter(token__in=tokens)}
    return [found[t] for t in tokens if t in found]


def attachment(body: str | bytes, content_type: str, filename: str) -> HttpResponse:
    """A download: ``body`` as an attachment named ``filename``."""
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = content_disposition_header(True, filename)
    return response


def download_name(name: str, fallback: str, what: str, day: Any, extension: str) -> str:
    """A download's file name: ``rebelote-<name>-<what>-<day>.<extension>``,
    ``name`` and ``what`` slugified (``fallback`` when ``name`` has no
    letter left), ``day`` a date."""
    return f"rebelote-{file_slug(name) or fallback}-{file_slug(what)}-{day:%Y-%m-%d}.{extension}"


def see_other(url: str) -> HttpResponse:
    """A 303 to ``url``: the browser GETs it, a reload never re-posts."""
    response = HttpResponse(status=303)
    response["Location"] = url
    return response


def create_match(
    request: HttpRequest, form: MatchForm, *, table: Table | None = None
) -> Match | None:
    """The match a valid new-match ``form`` describes (in ``table``, if given),
    or ``None`` with the problems put on the form (a busy database too:
    ``busy.status_of(form, ...)`` is then 503); nothing is half-created.
    The match's next page in this browser opens on its share panel
    (:func:`pop_share_first`)."""
    data = form.cleaned_data
    write = attempt(
        request,
        lambda: services.match_create(
            names=form.names(),
            rules=form.match_rules(),
            team_a_name=data["team_a_name"],
            team_b_name=data["team_b_name"],
            first_dealer=data["first_dealer"],
            preset=form.effective_preset(),
            card_names=form.match_card_names(),
            table=table,
            key=form.one_time_key(request),
        ),
        form,
        invalid=gettext("Ces prénoms ne conviennent pas : vérifiez-les."),
    )
    if not write.saved:
        return None
    # Its first page opens on the share panel: the others need the link first.
    request.session[SHARE_FIRST] = write.value.token
    return write.value


SHARE_FIRST = "share_first"  # session key: the match whose next page shows the share panel first


def pop_share_first(request: HttpRequest, token: str) -> bool:
    """Whether the match page of ``token`` opens on the share panel: once,
    right after this browser created the match (``create_match``)."""
    if request.session.get(SHARE_FIRST) != token:
        return False
    del request.session[SHARE_FIRST]
    return True
