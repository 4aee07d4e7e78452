"""The sheet's parts: the sections of the match page that a poll, a save and
an undo swap by id (``docs/sync.md``, "The sheet's parts").

Each part is a partial of ``match.html`` whose root element's id is its
name, marked out-of-band (``data-hx-swap-oob``): the same HTML serves the
page, the polls and the answer to a saved hand. The scoreboard carries the
match's ``data-version``, which the next poll sends back as ``v``.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from scoresheets import caching, services
from scoresheets.models import Match

SHEET_PARTS = ("scoreboard", "hands")  # the partials of match.html that make the live sheet
# The entry form's hidden fields that follow the sheet: the hand number it will
# create, the match version it saw, its one-time key (``docs/sync.md``).
FOLLOWS_SHEET = ("number", "match_version", "key")


def sheet_fragments(
    request: HttpRequest,
    match: Match,
    *,
    sheet: services.Scoresheet | None = None,
    read_only: bool = False,
) -> dict[str, SafeString]:
    """The scoreboard and the hands of ``match`` as HTML, by part name.

    Rendered once per (match, version, language) and kept in the cache, so
    that the four phones of a table (and every worker) share one rendering.
    The cached HTML holds nothing of one user: it is rendered without the
    request, and the CSRF token of its forms is put in for each request.
    ``sheet`` (the match's scoresheet, if the caller has it) saves reading it
    again when the fragment must be rendered. ``read_only``: the sheet of a
    read-only link (no correction links; its links are read links), kept
    under the match's read token.
    """
    name = sheet_name(match.read_token if read_only else match.token, match.version)
    parts = caching.get(name)
    if parts is None:
        sheet = sheet or services.match_get_scoresheet(match)
        context = {
            "match": match,
            "sheet": sheet,
            "csrf_token": caching.CSRF_SLOT,
            "read_only": read_only,
            # Out-of-band: the same HTML serves the page, the polls and the
            # answer to a saved hand (htmx swaps it in by id; elsewhere the
            # attribute is inert).
            "oob": True,
        }
        parts = {
            part: render_to_string(f"scoresheets/match.html#{part}", context)
            for part in SHEET_PARTS
        }
        caching.put(name, parts, caching.SHEET_TTL)
    return {part: mark_safe(caching.with_csrf_token(request, parts[part])) for part in SHEET_PARTS}


def sheet_name(token: str, version: int) -> str:
    """The cache key of a match's rendered sheet at ``version``, in the active
    language; ``token`` is its token, or its read token for the read-only sheet."""
    return caching.key("sheet", token, version, get_language())


def poll(request: HttpRequest, token: str, *, read_only: bool) -> HttpResponse:
    """The poll of the match of ``token`` (its token, or its read token):
    an empty 204 if its version is still ``v``, else the sheet's parts.

    An unchanged poll reads the version from the cache (or with one small
    query): no engine run, no template. A changed one sends the sheet
    rendered once for every phone (:func:`sheet_fragments`): from the cache
    with no query, or read and rendered by the first phone that asks.
    (``fastpoll.UnchangedPollApp`` answers most unchanged polls before Django.)
    """
    field = "read_token" if read_only else "token"
    seen = request.GET.get("v")
    version = caching.match_version(token, field=field)
    if version is None:
        raise Http404
    if seen == str(version):
        return HttpResponse(status=204)
    # Another phone's poll rendered this version already (from the committed
    # match): no query. Otherwise read the match and render it.
    parts = caching.get(sheet_name(token, version))
    if parts is None:
        match = get_object_or_404(Match.objects.select_related("table"), **{field: token})
        if seen == str(match.version):
            # The cache ran ahead of the database: a write is being committed.
            return HttpResponse(status=204)
        parts = sheet_fragments(request, match, read_only=read_only)
    html = "".join(parts[part] for part in SHEET_PARTS)
    return HttpResponse(caching.with_csrf_token(request, html))
