"""A busy database is told, never hidden: 503, "Réessayez dans un instant".

A write that waits too long for SQLite's lock (``database is locked``), a
PostgreSQL lock or statement timeout, a deadlock, a connection dropped under a
request: each is an ``OperationalError`` or an ``InterfaceError``, and each
passes if the phone tries again in a moment. So:

- a form view catches it around its write (``refuse``): the form comes back
  with what was typed and the message, status 503;
- any other view lets it rise to ``BusyDatabaseMiddleware``: a 503 page in
  the app's voice, logged as one WARNING line (no traceback, no token);
- ``SessionMiddleware`` saves the session after the view: if the database is
  busy then, the page is still served and the session change dropped ("my
  matches" remembers the match at the next visit of its page).

Every 503 carries ``Retry-After``. An ``OperationalError`` that no retry
cures (SQLite's ``no such table``: the migrations were not run) is not busy:
it stays a 500 with its traceback.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib.sessions.middleware import SessionMiddleware as DjangoSessionMiddleware
from django.db import InterfaceError, OperationalError, connections
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext_lazy

from scoresheets.logmask import mask_tokens

ERRORS = (OperationalError, InterfaceError)
RETRY_AFTER = 5  # seconds: a lock wait has already lasted the database's timeout
MESSAGE = gettext_lazy("Le serveur est très occupé. Réessayez dans un instant.")
# SQLite's result codes that a retry cures (Python >= 3.11 names them on the error).
SQLITE_BUSY = ("SQLITE_BUSY", "SQLITE_LOCKED")

logger = logging.getLogger("scoresheets.sync.busy")


def is_busy(error: BaseException) -> bool:
    """Whether ``error`` (raised by Django's database layer) means "busy or
    unreachable for a moment": a lost connection, a lock or statement timeout,
    a deadlock, SQLite's lock. Any other error is a bug and must stay one."""
    if isinstance(error, InterfaceError):
        return True
    if not isinstance(error, OperationalError):
        return False
    name = getattr(error.__cause__, "sqlite_errorname", None)
    return name is None or name.startswith(SQLITE_BUSY)


def _log(request: HttpRequest, error: BaseException, what: str) -> None:
    first_line = (str(error).strip().splitlines() or [""])[0]
    logger.warning(
        "%s (%s: %s): %s %s",
        what,
        type(error).__name__,
        mask_tokens(first_line),
        request.method,
        mask_tokens(request.get_full_path()),
    )


def _recover() -> None:
    """Close the connections a lost server left unusable, so that the next query
    (the page that tells the phone, or its next request) opens a new one."""
    for connection in connections.all(initialized_only=True):
        if connection.in_atomic_block or not connection.errors_occurred:
            continue
        if not connection.is_usable():
            connection.close()


def refuse(
    request: HttpRequest, form: forms.BaseForm, error: BaseException, field: str | None = None
) -> None:
    """Put the busy message on ``form`` (on ``field`` for a page that shows only
    that field's errors), which keeps what was typed; the view then answers its
    page with ``status_of(form, ...)`` (503). Re-raises ``error`` if it is not a
    busy database."""
    if not is_busy(error):
        raise error
    _log(request, error, "Database busy, form kept")
    _recover()
    form.add_error(field, MESSAGE)
    form.busy = True  # type: ignore[attr-defined]


def status_of(form: forms.BaseForm, otherwise: int) -> int:
    """503 if ``refuse`` was told the database was busy for ``form``, else ``otherwise``."""
    return 503 if getattr(form, "busy", False) else otherwise


def busy_page(request: HttpRequest) -> HttpResponse:
    """The 503 page (``templates/503.html``) with ``Retry-After``. To an htmx
    request, it says not to swap it into the page: what is typed stays as it is."""
    try:
        body = render_to_string("503.html", request=request)
    except ERRORS:  # the page itself needed the database
        body = str(MESSAGE)
    response = HttpResponse(body, status=503)
    if getattr(request, "htmx", False):
        response["HX-Reswap"] = "none"
    # Logged here, once, as a WARNING; not again by Django as an ERROR.
    response._has_been_logged = True  # type: ignore[attr-defined]
    return response


class BusyDatabaseMiddleware:
    """Answer a busy database with the 503 page; give every 503 its ``Retry-After``."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code == 503 and not response.has_header("Retry-After"):
            response["Retry-After"] = str(RETRY_AFTER)
        return response

    def process_exception(self, request: HttpRequest, exception: Exception) -> Any:
        """The 503 page for a busy database; ``None`` (Django's handling) for any other error."""
        if not is_busy(exception):
            return None
        _log(request, exception, "Database busy")
        _recover()
        response = busy_page(request)
        response["Retry-After"] = str(RETRY_AFTER)
        return response


class SessionMiddleware(DjangoSessionMiddleware):
    """Django's session middleware, for which a busy database when the session
    is saved (after the view) drops the session change instead of the response:
    the view's own writes are done, and what the session remembers ("my
    matches", "my tables") is remembered again at the next visit. A view whose
    only write is the session saves it itself (``device_set``)."""

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        try:
            return super().process_response(request, response)
        except ERRORS as error:
            if not is_busy(error):
                raise
            _log(request, error, "Database busy, session change dropped")
            _recover()
            return response
