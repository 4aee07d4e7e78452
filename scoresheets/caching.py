"""What the live sheet and the table pages keep in Django's cache framework.

Everything here is derived from the database and keyed so that a change can
never be served stale:

- **A match's version**, by token: the poll's "did anything change?". The
  services write it (:func:`version_changed`) in the transaction that bumps
  it, while they hold the match's row lock, so two writers write their
  versions in the order they committed (``transaction.on_commit`` would run
  after the lock is released, and a slow first writer could then put back an
  older version after a faster second one). A poll that misses reads the
  database and ``add``\\ s what it read: ``add`` never overwrites, so a
  version read just before a write cannot replace the newer one. The value
  may run ahead of the database for the instant of a commit (or if a
  transaction rolls back after the write): the poll then checks the
  database before sending a sheet, so a phone is never told of a version
  that does not exist. :data:`VERSION_TTL` bounds the damage of a lost
  write (the cache unreachable at that moment) and, with a per-process
  cache (``LocMemCache``), of a write made by another process (a
  management command).
- **The rendered sheet** (scoreboard and hands) per (match, version,
  language, variant): a new version is a new key, so nothing is ever
  invalidated; the fragment holds no per-user content (the CSRF token of its
  restore forms is put in per request by :func:`with_csrf_token`).
- **Per-match statistics** by (match, version) and **a table's ratings** by
  the versions of its finished matches (``scoresheets.tables``).

Keys carry :data:`CODE`, a digest of the app's code, templates and
translations: a deployment never serves what the previous code rendered.
The cache is an optimisation: when it fails (Redis down), requests go on
from the database and a warning is logged.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.middleware.csrf import get_token
from django.utils.html import format_html

log = logging.getLogger(__name__)

VERSION_TTL = 30  # seconds: a lost version write is seen at worst this late
SHEET_TTL = 2 * 60  # seconds: its phones fetch a new sheet within seconds (30 s when hidden)
SUMMARY_TTL = 30 * 24 * 60 * 60  # seconds: a finished match's figures never change


def _code_digest() -> str:
    """A short digest of everything that shapes what is cached: the app's
    Python code, the templates and the compiled translations."""
    app = Path(__file__).resolve().parent
    files = [*app.rglob("*.py"), *app.rglob("*.mo")]
    for folder in settings.TEMPLATES[0]["DIRS"]:
        files.extend(Path(folder).rglob("*.html"))
    digest = hashlib.sha256()
    for path in sorted(f for f in files if "migrations" not in f.parts):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


CODE = _code_digest()


def key(kind: str, *parts: object) -> str:
    """The cache key of ``kind`` for ``parts`` (tokens, versions, language)."""
    return ":".join(["rebelote", CODE, kind, *(str(part) for part in parts)])


def get(name: str) -> Any:
    """``cache.get(name)``, or ``None`` when the cache fails."""
    try:
        return cache.get(name)
    except Exception:  # the cache is an optimisation: go on from the database
        log.warning("cache get failed", exc_info=True)
        return None


def get_many(names: Iterable[str]) -> dict[str, Any]:
    """``cache.get_many(names)``, or ``{}`` when the cache fails."""
    try:
        return cache.get_many(list(names))
    except Exception:
        log.warning("cache get_many failed", exc_info=True)
        return {}


def put(name: str, value: Any, timeout: int, *, only_if_absent: bool = False) -> None:
    """``cache.set`` (or ``cache.add`` with ``only_if_absent``); a failure is logged."""
    try:
        if only_if_absent:
            cache.add(name, value, timeout)
        else:
            cache.set(name, value, timeout)
    except Exception:
        log.warning("cache write failed", exc_info=True)


def put_many(values: dict[str, Any], timeout: int) -> None:
    """``cache.set_many(values)``; a failure is logged."""
    if not values:
        return
    try:
        cache.set_many(values, timeout)
    except Exception:
        log.warning("cache set_many failed", exc_info=True)


# --------------------------------------------------------------------------
# A match's version
# --------------------------------------------------------------------------


def version_changed(tokens: Iterable[str], version: int) -> None:
    """Record ``version`` as the current version of the match of ``tokens``
    (its token and its read token: each page polls by its own). Called by the
    service that bumps it, inside its transaction, holding the match's lock."""
    put_many({key("version", token): version for token in tokens}, VERSION_TTL)


def match_version(token: str, *, field: str = "token") -> int | None:
    """The current version of the match whose ``field`` (``"token"`` or
    ``"read_token"``) is ``token``: from the cache, else one small query (no
    ordering, one column) whose answer is added to the cache without
    overwriting a newer one. ``None`` for an unknown token. Both kinds of
    token share one key space: they are random and never equal."""
    name = key("version", token)
    version = get(name)
    if version is not None:
        return version
    from scoresheets.models import Match

    found = list(
        Match.objects.filter(**{field: token}).order_by().values_list("version", flat=True)
    )
    if not found:
        return None
    put(name, found[0], VERSION_TTL, only_if_absent=True)
    return found[0]


# --------------------------------------------------------------------------
# The CSRF token of a cached fragment
# --------------------------------------------------------------------------

CSRF_SLOT = "csrf-slot"
# What ``{% csrf_token %}`` renders with CSRF_SLOT as the token. No text a
# user typed can render as this: its quotes would be escaped.
_CSRF_INPUT = format_html('<input type="hidden" name="csrfmiddlewaretoken" value="{}">', CSRF_SLOT)


def with_csrf_token(request: Any, html: str) -> str:
    """``html`` (rendered with ``csrf_token`` set to :data:`CSRF_SLOT`) with
    this request's own CSRF token in each form (masked anew, as Django does)."""
    if _CSRF_INPUT not in html:
        return html
    return html.replace(_CSRF_INPUT, _CSRF_INPUT.replace(CSRF_SLOT, get_token(request)))
