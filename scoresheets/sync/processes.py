"""The one-process guard of the per-process cache, in the app itself.

Without ``CACHE_URL`` the app's cache is Django's ``LocMemCache``: each
process keeps its own. Several worker processes would each keep their own
match versions (a poll answered "nothing new" by a process that did not see
the write, for up to ``caching.VERSION_TTL`` seconds) and their own
rate-limit counts. ``gunicorn.conf.py`` refuses ``WEB_CONCURRENCY`` > 1
without ``CACHE_URL``, but ``gunicorn -w 4`` on the command line overrides
the file after it was read, and another configuration file never runs that
check: so the app refuses it too, when gunicorn loads it
(``belote_site/wsgi.py``); and when granian does (``belote_site/asgi.py``:
``belote_site/serve.py`` refuses as the configuration file does, but a
granian started by hand with ``--workers 3`` never ran it). Refused, not
warned: a warning scrolls by in a log while the phones get stale sheets; a
worker that will not boot makes the server stop with the reason.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

PER_PROCESS_CACHES = ("django.core.cache.backends.locmem.LocMemCache",)


def worker_processes(argv: Sequence[str] | None = None) -> int:
    """How many worker processes the server that runs ``argv`` (this
    process's command line by default) starts: gunicorn's, read as gunicorn
    reads it (its command line over its configuration file), or granian's
    (:func:`_granian_workers`); 1 for anything else (runserver, the tests, a
    management command)."""
    argv = list(sys.argv if argv is None else argv)
    if argv and Path(argv[0]).name == "granian":
        return _granian_workers(argv[1:])
    if not argv or "gunicorn" not in Path(argv[0]).parts[-2:]:
        return 1  # bin/gunicorn, or gunicorn/__main__.py (python -m gunicorn)
    from gunicorn.app.wsgiapp import WSGIApplication

    saved = sys.argv
    sys.argv = argv
    try:
        application = WSGIApplication("%(prog)s [OPTIONS] [APP_MODULE]")
    except SystemExit:  # not a command line gunicorn understands: not ours to judge
        return 1
    finally:
        sys.argv = saved
    return int(application.cfg.workers)


def _granian_workers(args: Sequence[str]) -> int:
    """The ``--workers`` of a granian command line (``--workers N`` or
    ``--workers=N``; else its environment variable ``GRANIAN_WORKERS``; else
    granian's default, 1). A granian worker process sees its server's command
    line (multiprocessing gives a spawned process its parent's ``sys.argv``)."""
    value = os.environ.get("GRANIAN_WORKERS", "1")
    for index, arg in enumerate(args):
        if arg == "--workers" and index + 1 < len(args):
            value = args[index + 1]
        elif arg.startswith("--workers="):
            value = arg.partition("=")[2]
    try:
        return max(1, int(value))
    except ValueError:  # not a command line granian accepts: not ours to judge
        return 1


def check_one_process(argv: Sequence[str] | None = None) -> None:
    """Raise ``ImproperlyConfigured`` when several worker processes would
    each keep their own cache (no ``CACHE_URL``)."""
    backend = settings.CACHES["default"]["BACKEND"]
    if backend not in PER_PROCESS_CACHES:
        return
    workers = worker_processes(argv)
    if workers > 1:
        raise ImproperlyConfigured(
            f"the server would run {workers} worker processes, but without CACHE_URL the "
            "cache (match versions, rate-limit counts) is kept per process: phones would be "
            "told 'nothing new' by a process that did not see a hand, and each process "
            "would count its own rate limits. Set CACHE_URL=redis://... (shared by every "
            "process), or run one worker (granian --workers 1, gunicorn -w 1)."
        )
