"""Blocking reads made from the event loop, in threads that keep their connections.

Under the ASGI server (``belote_site/asgi.py``) a few requests are answered
in the loop (an unchanged poll: ``fastpoll``; an event stream's opening and
heartbeats: ``sync.stream``); what they read from the cache (Redis) or the
database blocks, so it runs in a thread. Django's cache and database
handlers keep their connections per *context*: ``asyncio.to_thread`` copies
the caller's context into each call, so each call (and each stream, whose
task has a context of its own) built a new Redis client and pool, and
connected again (``bench/README.md``, "Push": at 1,000 tables most of the
server's time went to connecting to Redis). :func:`run` runs the call in a
pool of :data:`THREADS` threads *without* copying the context: each thread
keeps one cache client and one database handle, as a WSGI thread does.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")

# The reads are short (a Redis GET, one small query): a few threads a process.
THREADS = int(os.environ.get("LOOP_READ_THREADS") or 4)
_pool: ThreadPoolExecutor | None = None


def pool() -> ThreadPoolExecutor:
    """This process's pool (made at first use: after granian's fork)."""
    global _pool
    if _pool is None:
        _pool = ThreadPoolExecutor(THREADS, thread_name_prefix="loop-read")
    return _pool


async def run(func: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``func(*args, **kwargs)`` in one of the pool's threads, awaited from the
    loop; its exception is raised here."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(pool(), functools.partial(func, *args, **kwargs))


def close() -> None:
    """Close each pool thread's database connections and stop the pool (a
    test session's end; a server's shutdown). Each thread keeps its
    connection between calls, as a WSGI thread does: left open, a test
    session's database could not be dropped. The next :func:`run` makes a
    new pool. A thread busy for more than 5 s keeps its connection."""
    global _pool
    closing, _pool = _pool, None
    if closing is None:
        return
    # One task a thread: each waits at the barrier until all have come, so
    # no thread takes two of them (the pool starts every thread it may have).
    barrier = threading.Barrier(THREADS)

    def close_own() -> None:
        from django.db import connections

        connections.close_all()
        with contextlib.suppress(threading.BrokenBarrierError):
            barrier.wait(timeout=5)

    for future in [closing.submit(close_own) for _ in range(THREADS)]:
        future.result()
    closing.shutdown(wait=True)
