"""Push: a match's new version told at once to every phone that watches it.

A phone whose match page is visible holds one event stream
(``sync.stream``); when a write of a hand commits (a new hand, a
correction, a delete, a restore, an undo: ``services._commit``),
:func:`version_changed` has the new version published once the transaction
has committed (``transaction.on_commit``: a version is never told before the
sheet can be read). Every process that serves streams listens, and wakes the
streams of that match (their :class:`Subscription`), whichever worker or app
server saved the hand. The phone then fetches the sheet by its poll
(``docs/sync.md``, "Push").

How the processes hear of it (``settings.PUSH_BACKEND``, ``auto`` by default):

- ``postgresql`` (``auto`` on PostgreSQL): ``pg_notify`` after the commit;
  each process holds ONE extra connection that ``LISTEN``\\ s, in a thread.
- ``redis`` (``auto`` with ``CACHE_URL`` on SQLite: several processes on one
  database file): Redis pub/sub; each process holds one subscriber
  connection, in a thread.
- ``local`` (``auto`` on SQLite without ``CACHE_URL``: one process, as the
  per-process cache already requires): the streams of this process are woken
  directly.
- ``off``: no stream (the view answers 204, which tells ``EventSource`` not
  to come back): the phones poll, as before push existed.

A lost notification (the listener's connection broke, Redis restarted) is
never lost for long: each stream checks the match's version at every
heartbeat, and a listener that reconnects wakes every stream of its process
to check at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import threading
from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.db import connections, transaction

log = logging.getLogger(__name__)

CHANNEL = "rebelote_push"  # the PostgreSQL channel and the Redis channel
# A listener that lost its connection tries again after this long (seconds),
# doubling up to the maximum; one warning per failure streak.
RECONNECT_MIN = 0.5
RECONNECT_MAX = 30.0
CHECK = -1  # delivered instead of a version: "check the version yourself"


class Subscription:
    """One stream's wake-up: the newest version told for its token.

    ``deliver`` may be called from any thread. A thread waits with
    :meth:`wait`; a coroutine (created in its event loop) with :meth:`await_`.
    Small on purpose (issue 31, a held stream's memory): slots, a thread's
    event only for a thread's stream, and a coroutine waits on one future
    and one timer, not on a task (``asyncio.wait_for``).
    """

    __slots__ = ("_event", "_loop", "_told", "_waiter", "token", "tokens")

    def __init__(self, token: str, *more: str) -> None:
        self.token = token
        # Every token it hears (a concours' stream hears its tables' matches too).
        self.tokens = (token, *more)
        self._told: int | None = None
        self._event: threading.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._waiter: asyncio.Future | None = None
        try:
            self._loop = asyncio.get_running_loop()
        except RuntimeError:
            self._event = threading.Event()

    def deliver(self, version: int) -> None:
        """Tell the stream: ``version`` (or :data:`CHECK`)."""
        self._told = version if self._told is None else max(self._told, version)
        if self._loop is not None:
            # A closed loop (RuntimeError): the stream is gone.
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(self._wake)
        else:
            self._event.set()  # type: ignore[union-attr]

    def _wake(self) -> None:
        """In the loop, after a delivery: end the coroutine's wait, if it
        waits and the version is still to take (a delivery already taken
        by a wait that did not need to wait must not end the next one)."""
        if self._told is not None:
            self._expire()

    def _expire(self) -> None:
        """In the loop: end the coroutine's wait, if it waits (its time is up)."""
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    def _take(self) -> int | None:
        told, self._told = self._told, None
        return told

    def wait(self, timeout: float) -> int | None:
        """Block until told or ``timeout`` s; the version told (CHECK, None)."""
        assert self._event is not None
        self._event.wait(timeout)
        self._event.clear()
        return self._take()

    async def await_(self, timeout: float) -> int | None:
        """The same, for a coroutine of the loop the subscription was made in."""
        assert self._loop is not None
        if self._told is None:  # told meanwhile: no wait
            waiter = self._waiter = self._loop.create_future()
            timer = self._loop.call_later(timeout, self._expire)
            try:
                await waiter
            finally:
                timer.cancel()
                self._waiter = None
        return self._take()


class Hub:
    """This process's streams, by token, and the listener that wakes them."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._subscriptions: dict[str, set[Subscription]] = {}
        self._listener: threading.Thread | None = None
        self.closing = threading.Event()

    def subscribe(self, token: str, *more: str) -> Subscription:
        """A new subscription to ``token``'s versions, and to those of the
        tokens ``more`` (any of them wakes it; starts the listener)."""
        subscription = Subscription(token, *more)
        with self._lock:
            for each in subscription.tokens:
                self._subscriptions.setdefault(each, set()).add(subscription)
        self._ensure_listener()
        return subscription

    def unsubscribe(self, subscription: Subscription) -> None:
        """Forget ``subscription`` (its stream ended)."""
        with self._lock:
            for each in subscription.tokens:
                subscriptions = self._subscriptions.get(each)
                if subscriptions is not None:
                    subscriptions.discard(subscription)
                    if not subscriptions:
                        del self._subscriptions[each]

    def count(self) -> int:
        """How many streams this process holds."""
        with self._lock:
            return len({s for group in self._subscriptions.values() for s in group})

    def dispatch(self, token: str, version: int) -> None:
        """Wake the streams of ``token`` with ``version``."""
        with self._lock:
            subscriptions = list(self._subscriptions.get(token, ()))
        for subscription in subscriptions:
            subscription.deliver(version)

    def check_all(self) -> None:
        """Wake every stream to check its version (notifications may be lost)."""
        with self._lock:
            subscriptions = {s for group in self._subscriptions.values() for s in group}
        for subscription in subscriptions:
            subscription.deliver(CHECK)

    def close(self) -> None:
        """Stop the listener (its connection closes within a second) and end
        every stream of this process (a server's shutdown, a test session's
        end): each is woken and ends without reading the database again."""
        self.closing.set()
        self.check_all()
        if self._listener is not None:
            self._listener.join(5)

    def _ensure_listener(self) -> None:
        kind = backend()
        if kind not in ("postgresql", "redis") or self._listener is not None:
            return
        with self._lock:
            if self._listener is not None:
                return
            target = _listen_postgresql if kind == "postgresql" else _listen_redis
            self._listener = threading.Thread(
                target=_listen_forever, args=(self, target), name="rebelote-push", daemon=True
            )
            self._listener.start()


HUB = Hub()


def backend() -> str:
    """The push backend in force: ``postgresql``, ``redis``, ``local`` or ``off``."""
    kind = getattr(settings, "PUSH_BACKEND", "auto")
    if kind != "auto":
        return kind
    if _database_vendor() == "postgresql":
        return "postgresql"
    if getattr(settings, "CACHE_URL", ""):
        return "redis"
    return "local"


@functools.cache
def _database_vendor() -> str:
    """The default database's vendor, read once a process (each stream that
    opens asks for the backend: the connection handler is slow to reach from
    a coroutine)."""
    return connections["default"].vendor


def stream_offered() -> bool:
    """Whether the match pages offer their event stream: not with
    ``PUSH_BACKEND=off`` (the page then only polls, and opens no stream)."""
    return backend() != "off"


def version_changed(tokens: Iterable[str], version: int) -> None:
    """Publish ``version`` for the match of ``tokens`` (its token and read
    token) once the current transaction commits (at once outside one)."""
    tokens = tuple(tokens)
    transaction.on_commit(lambda: publish(tokens, version))


def publish(tokens: Iterable[str], version: int) -> None:
    """Tell every process's streams of ``tokens`` that ``version`` is out.
    A failure is logged (one line): the streams' heartbeat checks repair it."""
    kind = backend()
    tokens = tuple(tokens)
    try:
        if kind == "local":
            for token in tokens:
                HUB.dispatch(token, version)
        elif kind == "postgresql":
            with connections["default"].cursor() as cursor:
                for token in tokens:
                    cursor.execute("SELECT pg_notify(%s, %s)", [CHANNEL, f"{token} {version}"])
        elif kind == "redis":
            client = _redis_client()
            for token in tokens:
                client.publish(CHANNEL, f"{token} {version}")
    except Exception as error:  # push is a shortcut: the heartbeat checks catch up
        log.warning("push: publishing version %s failed (%s)", version, type(error).__name__)


# --------------------------------------------------------------------------
# Listeners (one thread per process)
# --------------------------------------------------------------------------

_redis: Any = None


def _redis_client() -> Any:
    global _redis
    if _redis is None:
        import redis

        _redis = redis.Redis.from_url(
            settings.CACHE_URL, socket_timeout=0.5, socket_connect_timeout=0.5
        )
    return _redis


def _listen_forever(hub: Hub, listen: Any) -> None:
    """Run ``listen(hub)`` again after each failure, backing off; each time it
    connects again, every stream checks its version (it may have missed some)."""
    delay = RECONNECT_MIN
    warned = False
    while not hub.closing.is_set():
        try:
            listen(hub, on_connected=hub.check_all)
            delay = RECONNECT_MIN
        except Exception as error:
            if not warned:
                log.warning("push: listener lost (%s), reconnecting", type(error).__name__)
                warned = True
        hub.closing.wait(delay)
        delay = min(delay * 2, RECONNECT_MAX)


def _dispatch_payload(hub: Hub, payload: str | bytes) -> None:
    if isinstance(payload, bytes):
        payload = payload.decode(errors="replace")
    token, _, version = payload.partition(" ")
    if version.isdigit():
        hub.dispatch(token, int(version))


def _listen_postgresql(hub: Hub, on_connected: Any) -> None:
    import psycopg

    params = connections["default"].settings_dict
    conninfo = {
        "dbname": params["NAME"],
        "user": params.get("USER") or None,
        "password": params.get("PASSWORD") or None,
        "host": params.get("HOST") or None,
        "port": params.get("PORT") or None,
    }
    with psycopg.connect(
        autocommit=True, **{k: v for k, v in conninfo.items() if v is not None}
    ) as conn:
        conn.execute(f"LISTEN {CHANNEL}")
        on_connected()
        idle = 0.0
        while not hub.closing.is_set():
            for notify in conn.notifies(timeout=1.0):
                _dispatch_payload(hub, notify.payload)
            idle += 1.0
            if idle >= 30:  # a dead connection is noticed: the query fails
                conn.execute("SELECT 1")
                idle = 0.0


def _listen_redis(hub: Hub, on_connected: Any) -> None:
    import redis

    client = redis.Redis.from_url(settings.CACHE_URL, socket_connect_timeout=0.5)
    pubsub = client.pubsub(ignore_subscribe_messages=True)
    try:
        pubsub.subscribe(CHANNEL)
        on_connected()
        idle = 0.0
        while not hub.closing.is_set():
            message = pubsub.get_message(timeout=1.0)
            if message is not None:
                _dispatch_payload(hub, message["data"])
                continue
            idle += 1.0
            if idle >= 30:  # a dead connection is noticed: the ping fails
                pubsub.ping()
                idle = 0.0
    finally:
        pubsub.close()
