"""What a poll of the live scoresheet costs: queries, bytes and time.

Run from the project root (its own SQLite file, or DATABASE_URL):

    .venv/bin/python bench/bench_poll.py [--hands 30] [--runs 200]

Creates a match with ``--hands`` hands and requests its poll URL with
Django's test client (the whole middleware stack, no network), in one
process, against the configured cache (CACHE_URL, else memory):

- a bare view answering 204 (defined here, never in the site's URLs): what
  Django itself costs;
- an unchanged poll (the phone's version is current: a 204), its version in
  the cache, and with the cache emptied before each request;
- a changed poll (an old version: the sheet), rendered for the first phone
  (its fragment removed from the cache before each request) and for the
  2nd to 4th phones (from the cache), plain and gzip-compressed.

Not part of the pytest suite.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "belote_site.settings")
os.environ.setdefault("DATABASE_URL", "sqlite:////tmp/rebelote-bench-poll.sqlite3")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.core.cache import cache  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.http import HttpRequest, HttpResponse  # noqa: E402
from django.test import Client, override_settings  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.urls import include, path  # noqa: E402
from django.utils import translation  # noqa: E402

from scoresheets.matches import services  # noqa: E402
from scoresheets.scoring import HandInput, Rules  # noqa: E402
from scoresheets.sync import caching  # noqa: E402
from scoresheets.sync.sheet import sheet_name  # noqa: E402


def bare(request: HttpRequest) -> HttpResponse:
    """The baseline: a view that does nothing and answers 204."""
    return HttpResponse(status=204)


urlpatterns = [path("bench/bare/", bare), path("", include("belote_site.urls"))]


def measure(
    client: Client, url: str, runs: int, before: object = None, **headers: str
) -> tuple[int, int, int, float]:
    """(status, queries, body bytes, median ms) of GET ``url``; ``before()``,
    if given, runs before each request (outside the timing)."""
    times = []
    for _ in range(runs):
        if before is not None:
            before()
        with CaptureQueriesContext(connection) as captured:
            started = time.perf_counter()
            response = client.get(url, headers=headers)
            times.append((time.perf_counter() - started) * 1000)
    return response.status_code, len(captured), len(response.content), statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    match = services.match_create(names=["Léa", "Sam", "Noé", "Zoé"], rules=Rules(target=100_000))
    for number in range(args.hands):
        points = 60 + (number * 13) % 60
        services.hand_record(match=match, hand=HandInput("AB"[number % 2], "A", points))
    match.refresh_from_db()
    url = f"/m/{match.token}/poll/"
    version_key = caching.key("version", match.token)
    with translation.override("fr"):
        sheet_key = sheet_name(match.token, match.version)
    client = Client()
    backend = settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[1]
    print(f"database: {connection.vendor}; cache: {backend}; a match of {args.hands} hands;")
    print(f"{args.runs} runs each, median")
    cases = (
        ("bare 204 view", "/bench/bare/", None, {}),
        ("unchanged, cached version", url + f"?v={match.version}", None, {}),
        (
            "unchanged, version not cached",
            url + f"?v={match.version}",
            lambda: cache.delete(version_key),
            {},
        ),
        ("changed, 1st phone", url + "?v=0", lambda: cache.delete(sheet_key), {}),
        ("changed, 2nd-4th phone", url + "?v=0", None, {}),
        (
            "changed, 1st phone, gzip",
            url + "?v=0",
            lambda: cache.delete(sheet_key),
            {"accept-encoding": "gzip"},
        ),
        ("changed, 2nd-4th phone, gzip", url + "?v=0", None, {"accept-encoding": "gzip"}),
    )
    with override_settings(ROOT_URLCONF=__name__):
        for label, address, before, headers in cases:
            status, queries, size, ms = measure(client, address, args.runs, before, **headers)
            print(f"  {label:<30} {status}  {queries} queries  {size:>6} bytes  {ms:6.2f} ms")


if __name__ == "__main__":
    main()
