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
  the versions of its finished matches (``scoresheets.tables.services``).

Keys carry :data:`CODE`, a digest of the app's code, templates and
translations: a deployment never serves what the previous code rendered.
The cache is an optimisation: when it fails (Redis down, hung, refusing
connections), requests go on from the database. Every call goes through
:data:`breaker` (:class:`Breaker`): after a failure the cache is skipped for
:data:`BREAKER_SECONDS`, then one request tries it again; a failing cache
costs one short socket timeout (settings: ``CACHE_TIMEOUT_MS``) every few
seconds, not one per call, and logs at most one line (no traceback) per
:data:`LOG_INTERVAL`.
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

from django.conf import settings
from django.core.cache import cache
from django.middleware.csrf import get_token
from django.utils.html import format_html

from scoresheets.games import assets

log = logging.getLogger(__name__)

VERSION_TTL = 30  # seconds: a lost version write is seen at worst this late
SHEET_TTL = 2 * 60  # seconds: its phones fetch a new sheet within seconds (30 s when hidden)
ROWS_TTL = 6 * 60 * 60  # seconds: a match's rendered rows, kept for its next hands (an evening)
EXPORT_TTL = 60 * 60  # seconds: a table's CSV exports (keyed by its matches' versions)
SUMMARY_TTL = 30 * 24 * 60 * 60  # seconds: a finished match's figures never change
# seconds: a costly reading keyed by the version it shows (a share image, a
# concours' results and sheets' zip: issue 27), asked again within minutes if at all
COSTLY_TTL = 10 * 60


def code_files() -> list[Path]:
    """Every file that shapes what is cached, sorted: the app's Python code,
    its templates (the project's and each game's own) and its compiled
    translations; no migration."""
    app = Path(__file__).resolve().parents[1]  # scoresheets/, the games' folders within
    files = [*app.rglob("*.py"), *app.rglob("*.mo"), *app.rglob("*.html")]
    for folder in settings.TEMPLATES[0]["DIRS"]:
        files.extend(Path(folder).rglob("*.html"))
    for _prefix, folder in assets.template_dirs():  # a game's package may live elsewhere
        files.extend(folder.rglob("*.html"))
    return sorted({f for f in files if "migrations" not in f.parts})


def _code_digest() -> str:
    """A short digest of :func:`code_files` (names and contents)."""
    digest = hashlib.sha256()
    for path in code_files():
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


CODE = _code_digest()


def key(kind: str, *parts: object) -> str:
    """The cache key of ``kind`` for ``parts`` (tokens, versions, language)."""
    return ":".join(["rebelote", CODE, kind, *(str(part) for part in parts)])


BREAKER_SECONDS = 5.0  # after a failure, the cache is skipped this long
LOG_INTERVAL = 60.0  # at most one line a process about a failing cache in this time

T = TypeVar("T")


class Breaker:
    """A circuit breaker around the cache, one per process (its threads share it).

    Closed (the cache answers): every call goes to the cache. A call that
    raises opens it: for ``seconds`` no call goes to the cache (``allow()``
    is false: the callers go on from the database at once). Then ONE call
    (the first to ask) tries the cache again, the others still skip it while
    it waits: its success closes the breaker, its failure opens it again.
    Failures are logged at most once per ``log_interval`` seconds, one line
    without a traceback (the error's type and text, and how many failures
    since the last line); the return of the cache is logged once.
    ``clock`` is ``time.monotonic`` (tests give their own).
    """

    def __init__(
        self,
        seconds: float = BREAKER_SECONDS,
        log_interval: float = LOG_INTERVAL,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.seconds = seconds
        self.log_interval = log_interval
        self.clock = clock
        self._lock = threading.Lock()
        self._open = False
        self._skip_until = 0.0
        self._logged_at: float | None = None
        self._failures = 0  # since the last line
        self._before_retry: list[Callable[[], None]] = []

    @property
    def is_open(self) -> bool:
        """Whether the last try of the cache failed (it is being skipped)."""
        return self._open

    def allow(self) -> bool:
        """Whether this call may go to the cache now (see the class)."""
        if not self._open:
            return True
        with self._lock:
            now = self.clock()
            if not self._open or now >= self._skip_until:
                # This call is the probe: the others keep skipping while it waits.
                self._skip_until = now + self.seconds
                return True
            return False

    def succeeded(self) -> None:
        """A call answered: the breaker closes (said once if it was open)."""
        if self._open:
            with self._lock:
                if not self._open:
                    return
                self._open = False
                self._failures = 0
            log.warning("cache available again")

    def before_retry(self, hook: Callable[[], None]) -> None:
        """Run ``hook()`` (which calls the cache itself, and may raise) before
        the call that tries the cache again after a failure: what the cache
        missed is repaired before anything is read from it."""
        self._before_retry.append(hook)

    def retry_now(self) -> None:
        """Let the next call try the cache at once (the wait is over)."""
        with self._lock:
            self._skip_until = 0.0

    def failed(self, what: str, error: BaseException) -> None:
        """A call raised ``error``: the breaker opens for ``seconds``."""
        with self._lock:
            now = self.clock()
            self._open = True
            self._skip_until = now + self.seconds
            self._failures += 1
            if self._logged_at is None or now - self._logged_at >= self.log_interval:
                log.warning(
                    "cache unavailable (%s: %s: %s); the database answers, the cache is "
                    "tried again every %g s; %d failure(s) since the last such line",
                    what,
                    type(error).__name__,
                    str(error)[:200],
                    self.seconds,
                    self._failures,
                )
                self._logged_at = now
                self._failures = 0

    def call(self, what: str, operation: Callable[[], T], default: T) -> T:
        """``operation()`` if the breaker lets it through and it answers, else ``default``."""
        retrying = self._open
        if not self.allow():
            return default
        try:
            if retrying:
                for hook in self._before_retry:
                    hook()
            value = operation()
        except Exception as error:  # the cache is an optimisation: go on from the database
            self.failed(what, error)
            return default
        self.succeeded()
        return value

    def reset(self) -> None:
        """Closed, nothing logged yet (tests)."""
        with self._lock:
            self._open = False
            self._skip_until = 0.0
            self._logged_at = None
            self._failures = 0


breaker = Breaker()


def get(name: str) -> Any:
    """``cache.get(name)``, or ``None`` when the cache fails or is skipped."""
    return breaker.call("get", lambda: cache.get(name), None)


def get_many(names: Iterable[str]) -> dict[str, Any]:
    """``cache.get_many(names)``, or ``{}`` when the cache fails or is skipped."""
    names = list(names)
    return breaker.call("get_many", lambda: cache.get_many(names), {})


def put(name: str, value: Any, timeout: int, *, only_if_absent: bool = False) -> None:
    """``cache.set`` (or ``cache.add`` with ``only_if_absent``); nothing when
    the cache fails or is skipped."""
    if only_if_absent:
        breaker.call("add", lambda: cache.add(name, value, timeout), False)
    else:
        breaker.call("set", lambda: cache.set(name, value, timeout), None)


def remembered(name: str, timeout: int, build: Callable[[], T]) -> T:
    """The value kept under ``name``, else ``build()``'s, kept ``timeout``
    seconds (``None`` is never kept: it means "not there"). A failing cache
    builds every time, as :func:`get` and :func:`put` say."""
    value = get(name)
    if value is None:
        value = build()
        put(name, value, timeout)
    return value


def put_many(values: dict[str, Any], timeout: int) -> None:
    """``cache.set_many(values)``; nothing when the cache fails or is skipped."""
    if values:
        breaker.call("set_many", lambda: cache.set_many(values, timeout), [])


# --------------------------------------------------------------------------
# A match's version
# --------------------------------------------------------------------------


UNWRITTEN_MOST = 10_000  # version keys remembered as unwritten, at most

_unwritten: set[str] = set()
_unwritten_lock = threading.Lock()


def version_changed(tokens: Iterable[str], version: int) -> None:
    """Record ``version`` as the current version of the match of ``tokens``
    (its token and its read token: each page polls by its own). Called by the
    service that bumps it, inside its transaction, holding the match's lock.

    A write that fails (or that the breaker skips) leaves the cache holding
    an older version: its keys are remembered, and deleted as soon as the
    cache is tried again (:func:`forget_unwritten`), so that the next poll
    reads the database instead of telling the phones nothing changed."""
    values = {key("version", token): version for token in tokens}
    written = breaker.call("set_many", lambda: cache.set_many(values, VERSION_TTL) == [], False)
    if not written:
        with _unwritten_lock:
            if len(_unwritten) < UNWRITTEN_MOST:
                _unwritten.update(values)


def forget_unwritten() -> None:
    """Delete the version keys whose write failed while the cache was down
    (their value there is older than the database's); run by the breaker
    before it tries the cache again. Raises what the cache raises (the keys
    are then kept for the next try)."""
    with _unwritten_lock:
        names = list(_unwritten)
        _unwritten.clear()
    if not names:
        return
    try:
        cache.delete_many(names)
    except Exception:
        with _unwritten_lock:
            _unwritten.update(names)
        raise


breaker.before_retry(forget_unwritten)


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
    version = stored_version(token, field=field)
    if version is not None:
        put(name, version, VERSION_TTL, only_if_absent=True)
    return version


def stored_version(token: str, *, field: str = "token") -> int | None:
    """The version of the match whose ``field`` is ``token`` as the database
    holds it (one small query), ``None`` for an unknown token."""
    from scoresheets.models import Match

    found = list(
        Match.objects.filter(**{field: token}).order_by().values_list("version", flat=True)
    )
    return found[0] if found else None


# --------------------------------------------------------------------------
# The CSRF token of a cached fragment
# --------------------------------------------------------------------------

CSRF_SLOT = "csrf-slot"
# What ``{% csrf_token %}`` renders with CSRF_SLOT as the token. No text a
# user typed can render as this: its quotes would be escaped.
_CSRF_INPUT = format_html('<input type="hidden" name="csrfmiddlewaretoken" value="{}">', CSRF_SLOT)


def holds_csrf_slot(html: str) -> bool:
    """Whether ``html`` has a form awaiting a request's CSRF token (rendered
    with ``csrf_token`` set to :data:`CSRF_SLOT`): one text cannot serve
    every phone then."""
    return _CSRF_INPUT in html


def with_csrf_token(request: Any, html: str) -> str:
    """``html`` (rendered with ``csrf_token`` set to :data:`CSRF_SLOT`) with
    this request's own CSRF token in each form (masked anew, as Django does)."""
    if not holds_csrf_slot(html):
        return html
    return html.replace(_CSRF_INPUT, _CSRF_INPUT.replace(CSRF_SLOT, get_token(request)))
