"""The one-process guard of the per-process cache, in the app itself.

Without ``CACHE_URL`` the app's cache is Django's ``LocMemCache``: each
process keeps its own. Several worker processes would each keep their own
match versions (a poll answered "nothing new" by a process that did not see
the write, for up to ``caching.VERSION_TTL`` seconds) and their own
rate-limit counts. ``gunicorn.conf.py`` refuses ``WEB_CONCURRENCY`` > 1
without ``CACHE_URL``, but ``gunicorn -w 4`` on the command line overrides
the file after it was read, and another configuration file never runs that
check: so the app refuses it too, when gunicorn loads it
(``belote_site/wsgi.py``). Refused, not warned: a warning scrolls by in a
log while the phones get stale sheets; a worker that will not boot makes
gunicorn stop at once with the reason.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

PER_PROCESS_CACHES = ("django.core.cache.backends.locmem.LocMemCache",)


def worker_processes(argv: Sequence[str] | None = None) -> int:
    """How many worker processes the server that runs ``argv`` (this
    process's command line by default) starts: gunicorn's, read as gunicorn
    reads it (its command line over its configuration file); 1 for anything
    else (runserver, the tests, a management command)."""
    argv = list(sys.argv if argv is None else argv)
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


def check_one_process(argv: Sequence[str] | None = None) -> None:
    """Raise ``ImproperlyConfigured`` when several worker processes would
    each keep their own cache (no ``CACHE_URL``)."""
    backend = settings.CACHES["default"]["BACKEND"]
    if backend not in PER_PROCESS_CACHES:
        return
    workers = worker_processes(argv)
    if workers > 1:
        raise ImproperlyConfigured(
            f"gunicorn would run {workers} worker processes, but without CACHE_URL the "
            "cache (match versions, rate-limit counts) is kept per process: phones would be "
            "told 'nothing new' by a process that did not see a hand, and each process "
            "would count its own rate limits. Set CACHE_URL=redis://... (shared by every "
            "process), or run one worker (-w 1, more threads: GUNICORN_THREADS)."
        )
