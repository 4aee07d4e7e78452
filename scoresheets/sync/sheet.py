"""The sheet's parts: the sections of the match page that a poll, a save and
an undo swap by id (``docs/sync.md``, "The sheet's parts").

Each part is a partial of ``match.html`` whose root element's id is its
name, marked out-of-band (``data-hx-swap-oob``): the same HTML serves the
page, the polls and the answer to a saved hand. The scoreboard carries the
match's ``data-version``, which the next poll sends back as ``v``.
"""

from __future__ import annotations

import gzip
import hashlib
import secrets

from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.gzip import GZipMiddleware, re_accepts_gzip
from django.shortcuts import get_object_or_404
from django.template.loader import get_template, render_to_string
from django.utils.cache import patch_vary_headers
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from scoresheets.matches import services
from scoresheets.matches.scoresheet import match_get_scoresheet
from scoresheets.models import Match
from scoresheets.sync import caching, push

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
    parts = _parts(match, sheet=sheet, read_only=read_only)
    return {part: mark_safe(caching.with_csrf_token(request, parts[part])) for part in SHEET_PARTS}


def _parts(match: Match, *, sheet: services.Scoresheet | None, read_only: bool) -> dict[str, str]:
    """The sheet's parts of ``match`` at its version, as kept: with the
    CSRF slots in (:func:`sheet_fragments`)."""
    token = match.read_token if read_only else match.token
    name = sheet_name(token, match.version)
    parts = caching.get(name)
    if parts is None:
        sheet = sheet or match_get_scoresheet(match)
        context = {
            "match": match,
            "sheet": sheet,
            "csrf_token": caching.CSRF_SLOT,
            "read_only": read_only,
            # Out-of-band: the same HTML serves the page, the polls and the
            # answer to a saved hand (htmx swaps it in by id; elsewhere the
            # attribute is inert).
            "oob": True,
            "rows_html": rows_html(sheet, token, read_only=read_only),
        }
        parts = {
            part: plain(render_to_string(f"scoresheets/match.html#{part}", context))
            for part in SHEET_PARTS
        }
        caching.put(name, parts, caching.SHEET_TTL)
    return parts


def plain(html: str) -> str:
    """``html`` (a template's output, a ``SafeString``) as a plain ``str``,
    to be kept in the cache: a ``str`` subclass is pickled by reduce, about
    twice the instructions of the rows and parts themselves (callgrind).
    Marked safe again where it is shown (:func:`sheet_fragments`,
    :func:`rows_html`)."""
    return str.__str__(html)


def rows_html(sheet: services.Scoresheet, token: str, *, read_only: bool) -> SafeString:
    """The rows of ``sheet`` (``match.html#hand_row``, newest first) as one
    HTML text (the template shows it as it is: no loop over the rows), each
    row rendered once and kept: after a new hand only its row is rendered,
    the others come from the cache (one read, one write).

    A row shows its hand and the engine's result for it, which depends on the
    match's rules and names and on every hand up to it: each row is kept
    under a digest of those (each live hand's id and version, in order: any
    correction, delete or restore changes the digest of its row and of every
    later row, which are rendered again). The rows of a match are kept
    together under one key per (token, language): ``token`` is the match's
    token, or its read token for the read-only sheet (``read_only``: its
    links are read links, no correction link).
    """
    match = sheet.match
    name = caching.key("rows", token, get_language())
    kept = caching.get(name) or {}
    running = hashlib.sha256(
        repr(
            (
                match.game,
                match.rule_values,
                match.card_names,
                match.first_dealer,
                match.team_a_name,
                match.team_b_name,
                [(p.seat, p.name) for p in sheet.players],
                read_only,
            )
        ).encode()
    )
    digests = []
    for hand in sheet.hands:
        running.update(f"{hand.pk}.{hand.version};".encode())
        digests.append(running.hexdigest()[:24])
    digests.reverse()  # the rows' order: newest first
    template = None
    rows, fresh = [], {}
    # Newest first; a row's view is built only to render it (a new hand: one).
    for index, digest in zip(reversed(range(len(sheet.hands))), digests, strict=True):
        html = kept.get(digest)
        if html is None:
            if template is None:
                template = get_template("scoresheets/match.html#hand_row")
            context = {"row": sheet.row(index), "match": match, "read_only": read_only}
            html = plain(template.render(context))
        fresh[digest] = html
        rows.append(html)
    if fresh.keys() != kept.keys():
        # Only the rows of this sheet: a deleted or corrected hand's old row goes.
        caching.put(name, fresh, caching.ROWS_TTL)
    return mark_safe("".join(rows))  # each row rendered by the template: escaped


def sheet_name(token: str, version: int) -> str:
    """The cache key of a match's rendered sheet at ``version``, in the active
    language, with or without its event stream's URL (``push.stream_offered``);
    ``token`` is its token, or its read token for the read-only sheet."""
    offered = "stream" if push.stream_offered() else "poll"
    return caching.key("sheet", token, version, get_language(), offered)


def seen_version(text: str | None) -> int | None:
    """The version a phone says it shows (the poll's ``v``: digits), else ``None``."""
    if text is None or not text.isdigit() or len(text) > 18:
        return None
    return int(text)


def current_version(token: str, *, field: str = "token", seen: int | None = None) -> int | None:
    """The version of the match whose ``field`` (``"token"`` or
    ``"read_token"``) is ``token``, for a phone that shows ``seen``: from the
    cache, but **never below** ``seen`` because of the cache. A cached
    version below what the phone shows is a stale cache (a write made while
    Redis did not answer, a Redis restarted empty or from an old snapshot):
    the database is read, and if it holds a newer version the cache is
    repaired (:func:`repair_version`). ``None`` for an unknown token.

    The one place where a poll or a push (``docs/sync.md``, "Never older
    than the phone") learns the version to send: a caller sends a sheet only
    when this is above ``seen``.
    """
    version = caching.match_version(token, field=field)
    if version is None or seen is None or version >= seen:
        return version
    stored = caching.stored_version(token, field=field)  # a phone ahead of the cache
    if stored is not None and stored != version:
        stored = repair_version(token, field=field)
    return stored


def repair_version(token: str, *, field: str = "token") -> int | None:
    """Put the database's version of the match back in the cache, and return
    it (``None``: no such match). Read and written holding the match's row
    lock, as the services write it (``services._commit``): a writer that
    commits meanwhile writes its newer version after this one, never
    before it."""
    with transaction.atomic():
        found = (
            Match.objects.select_for_update()
            .filter(**{field: token})
            .only("version", "token", "read_token")
            .first()
        )
        if found is None:
            return None
        caching.version_changed((found.token, found.read_token), found.version)
        return found.version


def _version_since(token: str, *, read_only: bool, seen: int | None) -> int | None:
    """The version to send to a phone of the match of ``token`` (its token,
    or its read token with ``read_only``) that shows ``seen``; ``None``
    when there is nothing newer than ``seen`` to send: never a version older
    than ``seen`` (:func:`current_version`). Raises ``Http404`` for an
    unknown token."""
    version = current_version(token, field="read_token" if read_only else "token", seen=seen)
    if version is None:
        raise Http404
    if seen is not None and seen >= version:
        return None
    return version


def _sheet_at(
    request: HttpRequest, token: str, version: int, *, read_only: bool, seen: int | None
) -> str | None:
    """The sheet's parts at ``version`` (``#scoreboard`` then ``#hands``) as
    one HTML text, CSRF slots still in; ``None`` when the database is still
    behind the cache (a write being committed). Rendered once for every
    phone (:func:`sheet_fragments`): from the cache with no query, or read
    and rendered by the first phone that asks."""
    # Another phone's poll rendered this version already (from the committed
    # match): no query. Otherwise read the match and render it.
    parts = caching.get(sheet_name(token, version))
    if parts is None:
        field = "read_token" if read_only else "token"
        match = get_object_or_404(Match.objects.select_related("table"), **{field: token})
        if seen is not None and seen >= match.version:
            # The cache ran ahead of the database: a write is being committed.
            return None
        parts = _parts(match, sheet=None, read_only=read_only)
    return "".join(parts[part] for part in SHEET_PARTS)


def poll(request: HttpRequest, token: str, *, read_only: bool) -> HttpResponse:
    """The poll of the match of ``token`` (its token, or its read token):
    an empty 204 if its version is still ``v`` (or ``v`` is newer than any
    the server knows), else the sheet's parts (:func:`_sheet_at`) with this
    request's CSRF token. Raises ``Http404`` for an unknown token.

    An unchanged poll reads the version from the cache (or with one small
    query): no engine run, no template. (``fastpoll.UnchangedPollApp``
    answers most unchanged polls before Django.) A changed sheet travels
    compressed to a phone that accepts gzip, compressed once per version
    for every phone of the match (:func:`_shared_gzip`).
    """
    seen = seen_version(request.GET.get("v"))
    version = _version_since(token, read_only=read_only, seen=seen)
    if version is None:
        return HttpResponse(status=204)
    gzipped = bool(re_accepts_gzip.search(request.META.get("HTTP_ACCEPT_ENCODING", "")))
    shared = caching.key("gzip", sheet_name(token, version))
    if gzipped:
        stream = caching.get(shared)
        if stream is not None:
            return _gzip_response(stream)
    html = _sheet_at(request, token, version, read_only=read_only, seen=seen)
    if html is None:
        return HttpResponse(status=204)
    if gzipped and not caching.holds_csrf_slot(html):  # one body for every phone
        stream = _shared_gzip(shared, html.encode())
        if stream is not None:
            return _gzip_response(stream)
    # A phone's own forms (a deleted hand's restore), or no gzip: compressed,
    # if accepted, by the GZip middleware.
    return HttpResponse(caching.with_csrf_token(request, html))


def _shared_gzip(name: str, body: bytes) -> bytes | None:
    """``body`` compressed as Django's GZip middleware does (level 6, no
    date), kept in the cache under ``name`` for the other phones; ``None``
    when compressing would not make it smaller."""
    stream = gzip.compress(body, compresslevel=6, mtime=0)
    if len(stream) >= len(body):
        return None
    caching.put(name, stream, caching.SHEET_TTL)
    return stream


def _gzip_response(stream: bytes) -> HttpResponse:
    """The answer of a shared compressed sheet: its gzip header names a file
    of random length, as Django's middleware does for each answer
    (``GZipMiddleware.max_random_bytes``: its mitigation of BREACH), so the
    length still varies from one answer to the next."""
    header = bytearray(stream[:10])
    header[3] |= gzip.FNAME  # FLG: a file name follows the header
    name = b"a" * secrets.randbelow(GZipMiddleware.max_random_bytes) + b"\x00"
    response = HttpResponse(bytes(header) + name + stream[10:])
    response.headers["Content-Encoding"] = "gzip"
    response.headers["Content-Length"] = str(len(response.content))
    patch_vary_headers(response, ("Accept-Encoding",))
    return response
