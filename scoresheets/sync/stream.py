"""The event stream of a match page (Server-Sent Events, ``docs/sync.md``, "Push").

``GET M/events/`` (or ``/voir/<read token>/events/``) answers
``text/event-stream``: first a ``retry`` (how long the browser waits before it
comes back after a lost stream, with jitter so that the phones of a restarted
server do not all come back at once), then the match's version as it is now,
then each new version the moment it is committed (``scoresheets.sync.push``), and
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

import asyncio
import logging
import random
import resource
import threading
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable, Iterator
from email.utils import formatdate
from types import SimpleNamespace

from django.core.handlers.asgi import ASGIRequest
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.http import Http404, HttpRequest, HttpResponse, StreamingHttpResponse

from scoresheets import ratelimits
from scoresheets.models import Match
from scoresheets.sync import caching, fastpoll, loop_threads, push, pwa
from scoresheets.sync.sheet import current_version

log = logging.getLogger(__name__)

EVENT_STREAM = "text/event-stream; charset=utf-8"
RETRY_MS = (2_000, 6_000)  # the browser's wait before it reconnects, drawn per stream
LIFETIME = (600.0, 900.0)  # seconds a stream lasts, drawn per stream
FIRST_WAIT = 10.0  # seconds a stream waits for the first one's headers before going to Django

# The streams one process holds open (issue 27, point 4: one address opened
# 5,000 of 5,000, each holding memory and a file descriptor for minutes).
# Per address: a club's hall behind one shared address (NAT), 148 tables of
# four phones at the biggest night, with room: 600. Per token: a match's four
# phones and those who follow it, a second tab each: 24. In all: the
# process's file descriptors but RESERVED_FDS (the database, the cache,
# polls, files). Beyond, a 429: the page polls (poll.js, a lost stream) and
# tries its stream again later.
PER_ADDRESS = 600
PER_TOKEN = 24
RESERVED_FDS = 256
REFUSED_RETRY = 60  # seconds (Retry-After) a refused stream is told to wait


def _descriptor_budget() -> int:
    """The streams the process's file descriptors leave room for."""
    try:
        soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (OSError, ValueError):  # pragma: no cover - no limit to read
        return 10_000
    if soft == resource.RLIM_INFINITY:
        return 100_000
    return max(16, soft - RESERVED_FDS)


class StreamSlots:
    """The open streams of this process, counted per address, per token and
    in all (thread-safe: WSGI streams take theirs in threads, ASGI ones in
    the loop). :meth:`take` before a stream is served, :meth:`give` once it
    ends, whatever ends it."""

    def __init__(self, *, per_address: int, per_token: int, total: int) -> None:
        self.per_address, self.per_token, self.total = per_address, per_token, total
        self.open = 0
        self._by_address: Counter[str] = Counter()
        self._by_token: Counter[str] = Counter()
        self._lock = threading.Lock()

    def take(self, address: str, token: str) -> bool:
        """A slot for a stream of ``token`` to ``address``; ``False`` past a cap."""
        with self._lock:
            if (
                self.open >= self.total
                or self._by_address[address] >= self.per_address
                or self._by_token[token] >= self.per_token
            ):
                return False
            self.open += 1
            self._by_address[address] += 1
            self._by_token[token] += 1
            return True

    def give(self, address: str, token: str) -> None:
        """Give back a slot :meth:`take` gave."""
        with self._lock:
            self.open -= 1
            for counts, key in ((self._by_address, address), (self._by_token, token)):
                counts[key] -= 1
                if counts[key] <= 0:
                    del counts[key]


SLOTS = StreamSlots(per_address=PER_ADDRESS, per_token=PER_TOKEN, total=_descriptor_budget())


def _refused() -> HttpResponse:
    """The answer past a cap: 429, the page polls meanwhile."""
    response = HttpResponse(
        "Too many live streams: the page follows by polling.\n",
        status=429,
        content_type="text/plain; charset=utf-8",
    )
    response["Retry-After"] = str(REFUSED_RETRY)
    response["Cache-Control"] = "no-store"
    return response


class _Released:
    """A sync stream's chunks that give its slot back when the response is
    closed (Django closes it when the phone goes or the stream ends), even
    if no chunk was ever read."""

    def __init__(self, chunks: Iterator[str], address: str, token: str) -> None:
        self._chunks, self._slot = chunks, (address, token)

    def __iter__(self) -> Iterator[str]:
        return self._chunks

    def close(self) -> None:
        slot, self._slot = self._slot, None
        if slot is not None:
            self._chunks.close()  # type: ignore[attr-defined]
            SLOTS.give(*slot)


async def _released_async(
    chunks: AsyncIterator[str], address: str, token: str
) -> AsyncIterator[str]:
    """An async stream's chunks that give its slot back when they end."""
    try:
        async for chunk in chunks:
            yield chunk
    finally:
        SLOTS.give(address, token)
        await chunks.aclose()  # type: ignore[attr-defined]


def events(request: HttpRequest, token: str, *, read_only: bool) -> HttpResponse:
    """The event stream of the match of ``token`` (its token, or its read
    token with ``read_only``); 404 for an unknown token, 204 when push is off."""
    field = "read_token" if read_only else "token"
    # The slot first, as EventStreamASGI takes it: past a cap the answer
    # costs no database read, and a 429 says nothing of the token.
    streaming = request.method != "HEAD" and push.stream_offered()
    address = ratelimits.address_key("streams", request) if streaming else None
    if address is not None and not SLOTS.take(address, token):
        return _refused()
    try:
        # Its kind of token checked in the database, once a stream (the cache
        # keeps both kinds of token under one key space: a read token must not
        # open the writing route's stream).
        known = Match.objects.filter(**{field: token}).exists()
    except BaseException:
        if address is not None:
            SLOTS.give(address, token)
        raise
    if isinstance(request, ASGIRequest):
        # Django's ASGI handler gives the request's connection back only when
        # the response ends: a stream's would be held for its whole life
        # (PostgreSQL's pool of 16 taken by 16 streams). Given back now; the
        # stream reads in threads that give theirs back.
        close_old_connections()
    if not known:
        if address is not None:
            SLOTS.give(address, token)
        raise Http404
    if address is None:
        if not push.stream_offered():  # pages kept from before push was turned off
            return HttpResponse(status=204)
        # HEAD: the headers alone (never a stream that nobody reads)
        return _headers(HttpResponse(content_type=EVENT_STREAM))
    heartbeat = pwa.timings()["stream_heartbeat"] / 1000
    lifetime = random.uniform(*LIFETIME)
    head = f"retry: {random.randint(*RETRY_MS)}\n\n"
    if isinstance(request, ASGIRequest):
        chunks = _async_stream(token, field, head, heartbeat, lifetime)
        content: object = _released_async(chunks, address, token)
    else:
        content = _Released(_sync_stream(token, field, head, heartbeat, lifetime), address, token)
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
            if push.HUB.closing.is_set():  # the server stops: end, the phone polls
                break
            if told is None or told == push.CHECK:  # a heartbeat: check it ourselves
                told = current_version(token, field=field, seen=sent)
            sent, chunk = _next(told, sent)
            yield chunk
    except Exception as error:  # the version cannot be read: end; the phone polls
        log.warning("stream ended: %s", type(error).__name__)
    finally:
        push.HUB.unsubscribe(subscription)


async def _async_stream(
    token: str,
    field: str,
    head: str,
    heartbeat: float,
    lifetime: float,
    first: int | None = None,
) -> AsyncIterator[str]:
    """The stream's chunks in an event loop; ``first``: the version already
    read for its first event (else read here)."""
    subscription = push.HUB.subscribe(token)  # in the loop: woken by the loop
    try:
        sent = first
        if sent is None:
            sent = await loop_threads.run(_read_version, token, field=field)
        yield head + _event(sent or 0)
        end = time.monotonic() + lifetime
        while time.monotonic() < end:
            told = await subscription.await_(heartbeat)
            if push.HUB.closing.is_set():  # the server stops: end, the phone polls
                break
            if told is None:  # a heartbeat: the cached version, read with others
                cached = await HEARTBEAT_READS.version(token)
                # Missing, or below what this phone was sent (a stale cache):
                # read it as the poll does (the database, the cache repaired).
                told = cached if cached is not None and cached >= (sent or 0) else None
            if told is None or told == push.CHECK:  # check it ourselves
                told = await loop_threads.run(_read_version, token, field=field, seen=sent)
            sent, chunk = _next(told, sent)
            yield chunk
    except Exception as error:  # the version cannot be read: end; the phone polls
        log.warning("stream ended: %s", type(error).__name__)
    finally:
        push.HUB.unsubscribe(subscription)


class HeartbeatReads:
    """The cached versions the streams of a loop ask for at their heartbeats,
    read together: one ``caching.get_many`` (one Redis ``MGET``, in a
    ``loop_threads`` thread) for every stream that asks within
    :attr:`WINDOW` seconds, instead of a read and a thread hop each (at 1,000
    tables, about 130 a second a worker: ``bench/README.md``, "Push").
    A version missing from the answer (not cached, the cache failing) is
    ``None``: the stream then reads it itself."""

    WINDOW = 0.05

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._waiting: dict[str, list[asyncio.Future]] = {}
        self._reading: set[asyncio.Task] = set()

    async def version(self, token: str) -> int | None:
        """The version the cache holds for ``token`` (``None``: not there)."""
        loop = asyncio.get_running_loop()
        if self._loop is not loop:  # a new loop (a test's): nothing waits in the old one
            self._loop, self._waiting = loop, {}
        future = loop.create_future()
        if not self._waiting:
            loop.call_later(self.WINDOW, self._start_read, loop)
        self._waiting.setdefault(token, []).append(future)
        return await future

    def _start_read(self, loop: asyncio.AbstractEventLoop) -> None:
        task = loop.create_task(self._read())
        self._reading.add(task)  # a task nobody holds may be collected mid-way
        task.add_done_callback(self._reading.discard)

    async def _read(self) -> None:
        waiting, self._waiting = self._waiting, {}
        names = {token: caching.key("version", token) for token in waiting}
        try:
            found = await loop_threads.run(caching.get_many, list(names.values()))
        except Exception:  # caching.get_many fails quietly; anything else: each reads
            found = {}
        for token, futures in waiting.items():
            value = found.get(names[token])
            for future in futures:
                if not future.done():
                    future.set_result(value if isinstance(value, int) else None)


HEARTBEAT_READS = HeartbeatReads()


def _read_version(token: str, field: str, seen: int | None = None) -> int | None:
    """The match's version for a phone last sent ``seen``
    (``sheet.current_version``), in a ``loop_threads`` thread, which gives its database
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


class EventStreamASGI:
    """ASGI middleware: a match page's event stream served in the event loop,
    before Django's request cycle (``belote_site/asgi.py``).

    Django's ASGI handler runs each sync middleware's hooks through a hop to
    one thread per process: opening a stream cost a whole request cycle there,
    and a burst of phones coming back at once (a restarted server, a room
    arriving) queued behind that thread (``bench/README.md``, "Push": at
    1,000 tables 39 streams of 4,000 opened). Here a ``GET`` of a stream route
    (from the URL configuration) on an allowed host costs one small query in
    a worker thread (its kind of token checked in the database, the version
    read with it), then the same chunks as :func:`events`'s.

    Django still answers everything else: the first stream of each process
    and scheme (its headers are kept and replayed, less those that depend on
    the request or the moment, as ``fastpoll`` does; the streams that come
    meanwhile wait for them, up to :data:`FIRST_WAIT`), ``HEAD``, a query
    string, an unknown token (404), push turned off (204), a database that
    does not answer.
    """

    def __init__(self, app: Callable) -> None:
        self.app = app
        self._routes = fastpoll.TokenRoutes("match_events", "match_events_read")
        self._headers: dict[bool, list[tuple[bytes, bytes]]] = {}
        self._first: dict[bool, asyncio.Future] = {}  # the first stream's answer, per scheme

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        """Serve one ASGI connection scope."""
        if scope["type"] != "http" or scope.get("method") != "GET" or scope["query_string"]:
            return await self.app(scope, receive, send)
        environ = fastpoll._environ(scope)
        found = self._routes.match(environ["PATH_INFO"])
        if found is None or not push.stream_offered() or not fastpoll._host_allowed(environ):
            return await self.app(scope, receive, send)
        if environ.get("CONTENT_LENGTH") not in (None, "", "0") or environ.get(
            "HTTP_TRANSFER_ENCODING"
        ):
            return await self.app(scope, receive, send)  # a body: Django's 413 guard
        secure = fastpoll._is_secure(environ)
        while (headers := self._headers.get(secure)) is None:
            first = self._first.get(secure)
            if first is None or first.done():
                # This process's first: Django answers, its headers are kept;
                # the streams that come meanwhile wait for them, not for a
                # request cycle each (a burst after a restart).
                first = self._first[secure] = asyncio.get_running_loop().create_future()
                try:
                    return await self.app(scope, receive, self._keeping(secure, send))
                finally:
                    if not first.done():
                        first.set_result(None)
            try:
                await asyncio.wait_for(asyncio.shield(first), FIRST_WAIT)
            except TimeoutError:
                return await self.app(scope, receive, send)
        token, field = found
        # The slot first: past a cap the answer costs no database read (a
        # flood of 5,000 attempts read 5,000 versions: bench_hall_flood.py).
        # A 429 says nothing of the token, known or not.
        environ["REMOTE_ADDR"] = (scope.get("client") or ("",))[0]
        address = ratelimits.address_key("streams", SimpleNamespace(META=environ))
        if not SLOTS.take(address, token):
            return await _send_refused(send)
        del environ  # not held for the stream's life (issue 31: its memory)
        try:
            version = await loop_threads.run(_stored_version, token, field)
            if version is None:  # unknown token, or no database: Django's 404 or 503
                SLOTS.give(address, token)
                address = None
                return await self.app(scope, receive, send)
            await self._stream(token, field, version, headers, receive, send)
        finally:
            if address is not None:
                SLOTS.give(address, token)
        return None

    async def _stream(
        self,
        token: str,
        field: str,
        version: int,
        headers: list[tuple[bytes, bytes]],
        receive: Callable,
        send: Callable,
    ) -> None:
        """Serve the stream of ``token`` from ``version``, with ``headers``."""
        heartbeat = pwa.timings()["stream_heartbeat"] / 1000
        chunks = _async_stream(
            token,
            field,
            f"retry: {random.randint(*RETRY_MS)}\n\n",
            heartbeat,
            random.uniform(*LIFETIME),
            first=version,
        )
        expires = (b"expires", formatdate(usegmt=True).encode())
        await _serve(
            {"type": "http.response.start", "status": 200, "headers": [*headers, expires]},
            chunks,
            receive,
            send,
        )

    def _keeping(self, secure: bool, send: Callable) -> Callable:
        """A ``send`` that keeps the headers of Django's stream."""

        async def keep(message: dict) -> None:
            if message["type"] == "http.response.start":
                headers = message.get("headers", [])
                if (
                    message["status"] == 200
                    and any(
                        name.lower() == b"content-type" and value.startswith(b"text/event-stream")
                        for name, value in headers
                    )
                    and not any(name.lower() == b"set-cookie" for name, _ in headers)
                ):
                    self._headers[secure] = [
                        (name, value)
                        for name, value in headers
                        if name.decode("latin-1").lower() not in fastpoll.PER_REQUEST
                    ]
                first = self._first.get(secure)
                if first is not None and not first.done():
                    first.set_result(None)  # the waiting streams go on (or one goes to Django)
            await send(message)

        return keep


async def _send_refused(send: Callable) -> None:
    """:func:`_refused`'s answer, sent by the ASGI middleware."""
    response = _refused()
    headers = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in response.items()]
    await send({"type": "http.response.start", "status": 429, "headers": headers})
    await send({"type": "http.response.body", "body": response.content, "more_body": False})


def _stored_version(token: str, field: str) -> int | None:
    """The match's version as the database holds it (``None``: unknown
    token, or the database failed), read between Django's request signals
    (the thread's connection opened or reused, then given back)."""
    request_started.send(sender=EventStreamASGI)
    try:
        return caching.stored_version(token, field=field)
    except Exception:
        return None
    finally:
        request_finished.send(sender=EventStreamASGI)


async def _serve(
    start: dict, chunks: AsyncIterator[str], receive: Callable, send: Callable
) -> None:
    """Send ``start`` then each chunk, until the chunks end or the phone
    goes (``http.disconnect``): the stream's generator is closed either way
    (its subscription goes).

    Served in the request's own task: the phone's going cancels it
    (:class:`_Departure`), and only that cancellation is taken as the end;
    the server's own (a shutdown) goes on up. Issue 31: a stream held two
    tasks of its own, a sender and a listener (2.9 KB of its 14.7). It needs
    a real asyncio task: granian's default (``belote_site/serve.py`` does
    not set ``--task-impl rust``, whose one placeholder task a worker cannot
    be cancelled). An error of ``send`` goes up to the server, the slot and
    the subscription given back on the way."""
    departure = _Departure(receive, asyncio.current_task())  # type: ignore[arg-type]
    try:
        await send(start)
        del start  # its headers: not held for the stream's life
        async for chunk in chunks:
            await send({"type": "http.response.body", "body": chunk.encode(), "more_body": True})
        await send({"type": "http.response.body", "body": b"", "more_body": False})
    except asyncio.CancelledError:
        if not departure.gone or departure.task.uncancel():
            raise  # not (only) the phone's going: the server's
    finally:
        departure.stop()
        await chunks.aclose()  # type: ignore[attr-defined]


class _Departure:
    """Watches ``receive`` for the phone's going (``http.disconnect``, or a
    ``receive`` that fails) and cancels ``task`` then, once.

    A server whose ``receive()`` returns a future (granian) is watched by a
    callback on it: no task. A coroutine (Django's test client, uvicorn) is
    wrapped in one task (``asyncio.ensure_future``)."""

    __slots__ = ("_receive", "_waiting", "gone", "task")

    def __init__(self, receive: Callable, task: asyncio.Task) -> None:
        self.task = task
        self.gone = False
        self._receive = receive
        self._waiting: asyncio.Future | None = None
        self._listen()

    def _listen(self) -> None:
        waiting = self._receive()
        if not asyncio.isfuture(waiting):
            waiting = asyncio.ensure_future(waiting)
        self._waiting = waiting
        waiting.add_done_callback(self._heard)

    def _heard(self, waiting: asyncio.Future) -> None:
        if self._waiting is not waiting:
            return  # stopped
        # A receive cancelled (by anyone but stop()) or failed: the phone is
        # as good as gone; so is one whose next receive() raises.
        gone = waiting.cancelled() or waiting.exception() is not None
        if not gone and waiting.result().get("type") != "http.disconnect":
            try:  # the request's (empty) body: listen on
                self._listen()
                return
            except Exception:
                gone = True
        self.gone = True
        self._waiting = None
        self.task.cancel()

    def stop(self) -> None:
        """Stop watching (the stream ended): a coroutine's task is cancelled;
        a server's future is left to its server."""
        waiting, self._waiting = self._waiting, None
        if waiting is not None:
            waiting.remove_done_callback(self._heard)
            if isinstance(waiting, asyncio.Task):
                waiting.cancel()
