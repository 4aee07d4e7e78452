"""The event stream of a concours' projector and organiser's page (issue 27,
point 2; docs/sync.md, "Push"; docs/concours.md 5.1).

``GET c/<token>/events/`` (the organiser's page) and
``voir/concours/<read token>/events/`` (the room's screen) answer
``text/event-stream``, as a match page's stream does (``sync.stream``: the
same ``retry``, lifetime, caps per address and token, 204 with push off),
but their event is the room's :func:`~scoresheets.concours.room.fingerprint`
(``data: 7.412.6``): it changes with every write of the concours (its
``_bump`` publishes on its tokens) and with every hand of its tables (the
stream also hears the current partie's matches and any still playing: one
subscription to the concours' token and to theirs, taken again when they
change). On
each wake-up, and at every heartbeat, the stream reads the fingerprint
(one query) and sends it; the page then fetches its live part at once, by
the poll it already has (an empty 204 while nothing changed), so a hand
reaches the projector in well under a second instead of up to the poll's
five.

Who holds one: the organiser's page, and the room's page on a wide screen
(the projector, ``static/js/concours_push.js``); the phones of a hall that
follow the room keep polling every 5 s, so that a hand at one of 148 tables
wakes a handful of streams, not hundreds.
"""

from __future__ import annotations

import random
import time
from collections.abc import AsyncIterator, Iterator

from django.core.handlers.asgi import ASGIRequest
from django.db import close_old_connections
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse

from scoresheets import ratelimits
from scoresheets.concours import room as room_of
from scoresheets.models import Concours, Match
from scoresheets.sync import loop_threads, push, pwa
from scoresheets.sync.stream import (
    EVENT_STREAM,
    LIFETIME,
    RETRY_MS,
    SLOTS,
    _headers,
    _refused,
    _Released,
    _released_async,
)

__all__ = ["concours_events", "watched"]


def watched(concours: Concours) -> tuple[str, tuple[str, ...]]:
    """What a concours' stream follows now: its room's fingerprint, and the
    tokens of the matches a hand may come to: its current (latest) partie's
    and any other still playing (a knockout's rounds overlap). A hand
    corrected at a finished table of an earlier partie is seen at the next
    heartbeat. Three small queries."""
    concours.refresh_from_db(fields=["version"])
    current = concours.parties.order_by("-number").values_list("pk", flat=True).first()
    tokens = tuple(
        Match.objects.filter(concours_table__partie__concours=concours)
        .filter(Q(concours_table__partie=current) | Q(finished=False))
        .order_by("pk")
        .values_list("token", flat=True)
    )
    return room_of.fingerprint(concours), tokens


def _watched_in_thread(concours: Concours) -> tuple[str, tuple[str, ...]]:
    """:func:`watched` in a ``loop_threads`` thread, which gives its
    database connection back as a request's end would."""
    try:
        return watched(concours)
    finally:
        close_old_connections()


def concours_events(request: HttpRequest, token: str, *, read_only: bool) -> HttpResponse:
    """The event stream of the concours of ``token`` (the organiser's, or
    its read token with ``read_only``); 404 for an unknown token, 204 when
    push is off, 429 past a cap (the page polls)."""
    field = "read_token" if read_only else "token"
    concours = Concours.objects.filter(**{field: token}).first()
    if isinstance(request, ASGIRequest):
        close_old_connections()  # not held for the stream's life (sync.stream.events)
    if concours is None:
        raise Http404
    if not push.stream_offered():
        return HttpResponse(status=204)
    if request.method == "HEAD":
        return _headers(HttpResponse(content_type=EVENT_STREAM))
    address = ratelimits.address_key("streams", request)
    if not SLOTS.take(address, token):
        return _refused()
    heartbeat = pwa.timings()["stream_heartbeat"] / 1000
    lifetime = random.uniform(*LIFETIME)
    if isinstance(request, ASGIRequest):
        chunks = _async_stream(concours, heartbeat, lifetime)
        content: object = _released_async(chunks, address, token)
    else:
        content = _Released(_sync_stream(concours, heartbeat, lifetime), address, token)
    return _headers(StreamingHttpResponse(content, content_type=EVENT_STREAM))


def _first(fingerprint: str) -> str:
    return f"retry: {random.randint(*RETRY_MS)}\n\n" + _event(fingerprint)


def _event(fingerprint: str) -> str:
    return f"data: {fingerprint}\n\n"


def _sync_stream(concours: Concours, heartbeat: float, lifetime: float) -> Iterator[str]:
    """The chunks (a WSGI thread): the retry and the fingerprint, then the
    fingerprint at each wake-up (a write of the concours or of one of its
    current tables) and at each heartbeat. Ends after ``lifetime`` seconds,
    when the server stops, or when the database cannot be read (the page
    polls)."""
    own = (concours.token, concours.read_token)
    subscription = push.HUB.subscribe(*own)  # before reading: no change falls between
    try:
        fingerprint, tokens = watched(concours)
        subscription = _resubscribe(subscription, own, tokens)
        yield _first(fingerprint)
        end = time.monotonic() + lifetime
        while time.monotonic() < end:
            subscription.wait(heartbeat)
            if push.HUB.closing.is_set():
                break
            fingerprint, now = watched(concours)
            if now != tokens:  # a draw: hear the new tables' matches
                subscription, tokens = _resubscribe(subscription, own, now), now
            yield _event(fingerprint)
    except Exception:  # the database cannot be read: end; the page polls
        return
    finally:
        push.HUB.unsubscribe(subscription)


async def _async_stream(
    concours: Concours, heartbeat: float, lifetime: float
) -> AsyncIterator[str]:
    """:func:`_sync_stream`'s chunks in an event loop (an ASGI server): the
    reads in ``loop_threads``, the wake-ups awaited."""
    own = (concours.token, concours.read_token)
    subscription = push.HUB.subscribe(*own)
    try:
        fingerprint, tokens = await loop_threads.run(_watched_in_thread, concours)
        subscription = _resubscribe(subscription, own, tokens)
        yield _first(fingerprint)
        end = time.monotonic() + lifetime
        while time.monotonic() < end:
            await subscription.await_(heartbeat)
            if push.HUB.closing.is_set():
                break
            fingerprint, now = await loop_threads.run(_watched_in_thread, concours)
            if now != tokens:
                subscription, tokens = _resubscribe(subscription, own, now), now
            yield _event(fingerprint)
    except Exception:  # the database cannot be read: end; the page polls
        return
    finally:
        push.HUB.unsubscribe(subscription)


def _resubscribe(
    subscription: push.Subscription, own: tuple[str, ...], tokens: tuple[str, ...]
) -> push.Subscription:
    """A subscription to ``own`` and ``tokens`` in place of ``subscription``
    (the new one first: no wake-up falls between; a wake-up the old one had
    is passed on)."""
    new = push.HUB.subscribe(*own, *tokens)
    push.HUB.unsubscribe(subscription)
    if subscription._told is not None:
        new.deliver(push.CHECK)
    return new
