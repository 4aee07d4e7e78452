"""Gunicorn settings: the former production server, kept to compare
(``bench/bench_live.py --server conf``). Production runs granian
(``belote_site/serve.py``, README "Production").

    .venv/bin/gunicorn belote_site.wsgi -c gunicorn.conf.py

Under gunicorn the match pages' event streams are off (``PUSH_BACKEND=off``,
unless set): each would hold one of a worker's few threads for as long as
the page is open; the pages poll instead.

A phone polls every 2 s over one kept-alive connection. ``gthread`` workers
keep the idle connections in the worker's poller (no thread is held while a
phone waits) and run the requests in a small pool of threads, so thousands
of phones need thousands of sockets, not thousands of threads; the sync
worker, by contrast, is blocked by every idle or slow client. Put a
buffering reverse proxy in front all the same (README, "Production"): a
request whose headers trickle in still holds a thread here.

Environment:

- ``BIND``: address and port, default ``127.0.0.1:8000`` (the proxy's upstream).
- ``CACHE_URL``: without it the app's cache (rate-limit counts, cached
  versions) is a per-process memory cache, so ONE worker process must serve
  everything; with a shared cache (Redis) the workers are one per core.
- ``WEB_CONCURRENCY``: worker processes, to override the default above
  (refused above 1 without ``CACHE_URL``, here and by the app itself:
  ``scoresheets/sync/processes.py`` refuses ``gunicorn -w N`` on the command line).
- ``GUNICORN_THREADS``: threads per worker, default 8.
- ``ACCESS_LOG``: ``-`` or a file for an access log (tokens masked), default none.
"""

from __future__ import annotations

import os

# A stream holds a gthread thread for its whole life: none here, the pages poll.
os.environ.setdefault("PUSH_BACKEND", "off")

# The cores this process may run on (a container's quota, not the host's).
cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
shared_cache = bool(os.environ.get("CACHE_URL"))

bind = [os.environ.get("BIND") or "127.0.0.1:8000"]
worker_class = "gthread"
workers = int(os.environ.get("WEB_CONCURRENCY") or (cores if shared_cache else 1))
if workers > 1 and not shared_cache:
    raise RuntimeError(
        "WEB_CONCURRENCY > 1 needs CACHE_URL: without a shared cache each worker process "
        "would keep its own rate-limit counts and cached versions"
    )
# Threads run the requests; the GIL lets one run Python at a time, the others
# wait on the database or the network. More than ~8 only adds contention.
threads = int(os.environ.get("GUNICORN_THREADS") or 8)
# Open connections per worker (idle keep-alive phones included): 4 phones a
# table, 1,000 tables and room to spare, shared by the workers. Each is a
# file descriptor: the service's limit (ulimit -n) must be above it.
worker_connections = max(1000, 6000 // workers)
# Longer than the 2 s poll interval (plus a slow answer), so a phone keeps
# its connection from one poll to the next instead of reconnecting.
keepalive = 5
# A worker that does not check in for this long is killed and replaced; a
# request is never this slow (the database's busy timeout is 20 s).
timeout = 30
graceful_timeout = 20
# The longest request line: a URL with a token and a query (?v=, ?next=).
limit_request_line = 2048
limit_request_fields = 50
limit_request_field_size = 8190
backlog = 2048
# The proxy in front sets X-Forwarded-*; trust it only from this machine.
forwarded_allow_ips = "127.0.0.1,::1"
# gunicorn >= 24 (gthread) lends a new connection a thread for up to 5 s
# while it waits for the request. 200 clients that connect and say nothing
# (phones on a bad network, or a scan) then hold every thread for minutes:
# the benchmark measured 0 requests a second with 200 of them, as bad as
# the sync workers. A short wait sends a silent connection back to the
# poller at once, where it costs no thread. (No setting exists for it.)
try:
    from gunicorn.workers import gthread as _gthread
except ImportError:  # pragma: no cover
    _gthread = None
if _gthread is not None and hasattr(_gthread, "DEFAULT_WORKER_DATA_TIMEOUT"):
    _gthread.DEFAULT_WORKER_DATA_TIMEOUT = 0.2

# No access log unless asked for (ACCESS_LOG=- or a file); the project's
# logger class masks the tokens in it (request line, path, query, referer):
# a match's link is its key.
accesslog = os.environ.get("ACCESS_LOG") or None
logger_class = "scoresheets.logmask.GunicornLogger"
# gunicorn 27's control socket sits at one path per user, which two servers
# on one machine (or the benchmark's) would share; nothing here uses it.
control_socket_disable = True
errorlog = "-"
