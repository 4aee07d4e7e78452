"""The event stream of a match page (Server-Sent Events, ``docs/sync.md``, "Push").

``GET M/events/`` (or ``/voir/<read token>/events/``) answers
``text/event-stream``: first a ``retry`` (how long the browser waits before it
comes back after a lost stream, with jitter so that the phones of a restarted
server do not all come back at once), then the match's version as it is now,
then each new version the moment it is committed (``scoresheets.push``), and
the version again as a heartbeat every ``stream_heartbeat`` (``pwa.TIMINGS_MS``:
proxies see a live connection, the phone sees a live stream, where a comment
line would not reach its script). At each heartbeat the stream reads the
version itself as the poll does (``sheet.current_version``, never below the
version this phone was last sent: a stale cache is read past and repaired),
so a lost notification is repaired within one heartbeat. An event is only the
version (``data: 12``): the phone fetches the sheet by its poll, compressed,
rendered once for every phone (``bench/README.md``, "Push": a version, not the
sheet). The stream ends after :data:`LIFETIME` seconds (with jitter): the
browser comes back after its ``retry``, so that streams spread over the
servers again after a deployment.

Under an ASGI server the stream is a coroutine (it holds no thread); under
WSGI (``runserver``, the tests' live server) it holds one thread of that
server, which is fine for a few phones. ``PUSH_BACKEND=off`` answers 204:
``EventSource`` then gives up, and the page polls.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import AsyncIterator, Iterator

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIRequest
from django.db import close_old_connections
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse

from scoresheets import push, pwa
from scoresheets.models import Match
from scoresheets.sync.sheet import current_version

log = logging.getLogger(__name__)

EVENT_STREAM = "text/event-stream; charset=utf-8"
RETRY_MS = (2_000, 6_000)  # the browser's wait before it reconnects, drawn per stream
LIFETIME = (600.0, 900.0)  # seconds a stream lasts, drawn per stream


def events(request: HttpRequest, token: str, *, read_only: bool) -> HttpResponse:
    """The event stream of the match of ``token`` (its token, or its read
    token with ``read_only``); 404 for an unknown token, 204 when push is off."""
    field = "read_token" if read_only else "token"
    # Its kind of token checked in the database, once a stream (the cache keeps
    # both kinds of token under one key space: a read token must not open the
    # writing route's stream).
    if not Match.objects.filter(**{field: token}).exists():
        raise Http404
    if not push.stream_offered():  # pages kept from before push was turned off
        return HttpResponse(status=204)
    if request.method == "HEAD":  # the headers alone (never a stream that nobody reads)
        return _headers(HttpResponse(content_type=EVENT_STREAM))
    heartbeat = pwa.timings()["stream_heartbeat"] / 1000
    lifetime = random.uniform(*LIFETIME)
    head = f"retry: {random.randint(*RETRY_MS)}\n\n"
    if isinstance(request, ASGIRequest):
        content = _async_stream(token, field, head, heartbeat, lifetime)
    else:
        content = _sync_stream(token, field, head, heartbeat, lifetime)
    return _headers(StreamingHttpResponse(content, content_type=EVENT_STREAM))


def _headers(response: HttpResponse) -> HttpResponse:
    response["Cache-Control"] = "no-cache, no-store"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event at once
    return response


def _event(version: int) -> str:
    return f"data: {version}\n\n"


def _sync_stream(
    token: str, field: str, head: str, heartbeat: float, lifetime: float
) -> Iterator[str]:
    subscription = push.HUB.subscribe(token)  # before reading: no change falls between
    try:
        sent = current_version(token, field=field)
        yield head + _event(sent or 0)
        end = time.monotonic() + lifetime
        while time.monotonic() < end:
            told = subscription.wait(heartbeat)
            if told is None or told == push.CHECK:  # a heartbeat: check it ourselves
                told = current_version(token, field=field, seen=sent)
            sent, chunk = _next(told, sent)
            yield chunk
    except Exception as error:  # the version cannot be read: end; the phone polls
        log.warning("stream ended: %s", type(error).__name__)
    finally:
        push.HUB.unsubscribe(subscription)


async def _async_stream(
    token: str, field: str, head: str, heartbeat: float, lifetime: float
) -> AsyncIterator[str]:
    subscription = push.HUB.subscribe(token)  # in the loop: woken by the loop
    read = sync_to_async(_read_version, thread_sensitive=False)
    try:
        sent = await read(token, field=field)
        yield head + _event(sent or 0)
        end = time.monotonic() + lifetime
        while time.monotonic() < end:
            told = await subscription.await_(heartbeat)
            if told is None or told == push.CHECK:  # a heartbeat: check it ourselves
                told = await read(token, field=field, seen=sent)
            sent, chunk = _next(told, sent)
            yield chunk
    except Exception as error:  # the version cannot be read: end; the phone polls
        log.warning("stream ended: %s", type(error).__name__)
    finally:
        push.HUB.unsubscribe(subscription)


def _read_version(token: str, field: str, seen: int | None = None) -> int | None:
    """The match's version for a phone last sent ``seen``
    (``sheet.current_version``), in a worker thread, which gives its database
    connection back (to the pool) as a request's end would."""
    try:
        return current_version(token, field=field, seen=seen)
    finally:
        close_old_connections()


def _next(told: int | None, sent: int | None) -> tuple[int | None, str]:
    """What to send after a wake-up (``told``: the match's version now): the
    newer of ``told`` and ``sent`` (the version again is the heartbeat)."""
    if told is not None and (sent is None or told > sent):
        sent = told
    return sent, _event(sent or 0)
