"""The production server: granian running the ASGI application.

    .venv/bin/python -m belote_site.serve

Why granian, under ASGI (``bench/README.md``, "Push and slow phones"): each
match page holds an event stream, which must cost a coroutine, not a thread;
a request whose headers trickle in, or a phone that does not read its answer,
is held by granian's Rust HTTP layer and its event loop, never by one of a
few threads (with gunicorn's gthread workers, 8 such connections stopped the
server); granian has a header read timeout of its own, and
``scoresheets.matches.uploads.ASGIBodyGuard`` bounds the body's size and time before
Django reads it.

Environment (as ``gunicorn.conf.py`` read it):

- ``BIND``: address and port, default ``127.0.0.1:8000`` (the proxy's upstream);
- ``CACHE_URL``: without it the app's cache is per process, so ONE worker
  process serves everything; with Redis, one per core;
- ``WEB_CONCURRENCY``: worker processes (refused above 1 without ``CACHE_URL``:
  ``belote_site/settings.py`` refuses it too);
- ``ACCESS_LOG``: any value turns granian's access log on, its logging
  configured by ``belote_site/granian_logging.json`` (granian's own, every
  handler given ``scoresheets.logmask.TokenMaskFilter``): a token, an
  organiser's link or a card key, shows its first four characters only
  (issue 27: it was written whole).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

HEADER_TIMEOUT_MS = 10_000  # a request's headers must arrive within 10 s
BACKLOG = 4096  # connections waiting to be accepted (Linux caps it at net.core.somaxconn)
# Requests in progress per worker, event streams included (each holds its
# phone's connection for minutes): granian's default, backlog / workers,
# capped the streams of 2 workers at 2,048 (bench/README.md, "Push").
BACKPRESSURE = 16_384
# granian's logging with the tokens masked (its access log writes the path).
LOG_CONFIG = Path(__file__).resolve().with_name("granian_logging.json")


def command(environ: dict[str, str] | None = None) -> list[str]:
    """granian's command line for ``environ`` (default: this process's)."""
    environ = dict(os.environ if environ is None else environ)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    shared_cache = bool(environ.get("CACHE_URL"))
    workers = int(environ.get("WEB_CONCURRENCY") or ((cores or 1) if shared_cache else 1))
    if workers > 1 and not shared_cache:
        raise SystemExit(
            "WEB_CONCURRENCY > 1 needs CACHE_URL: without a shared cache each worker process "
            "would keep its own rate-limit counts and cached versions"
        )
    host, _, port = (environ.get("BIND") or "127.0.0.1:8000").rpartition(":")
    granian = os.path.join(os.path.dirname(sys.executable), "granian")
    argv = [
        granian,
        "--interface", "asgi",
        "--host", host.strip("[]") or "127.0.0.1",
        "--port", port,
        "--workers", str(workers),
        "--loop", "uvloop",
        "--http", "1",
        "--http1-header-read-timeout", str(HEADER_TIMEOUT_MS),
        "--backlog", str(BACKLOG),
        "--backpressure", str(BACKPRESSURE),
        "--respawn-failed-workers",
        "--workers-kill-timeout", "20",
        "--no-ws",
    ]  # fmt: skip
    if environ.get("ACCESS_LOG"):
        argv += ["--access-log", "--log-config", str(LOG_CONFIG)]
    return [*argv, "belote_site.asgi:application"]


def main() -> None:
    """Replace this process with granian."""
    argv = command()
    os.execv(argv[0], argv)


if __name__ == "__main__":
    main()
