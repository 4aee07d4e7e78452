"""What a poll of the live scoresheet costs: queries, bytes and time.

Run from the project root (its own SQLite file, or DATABASE_URL):

    .venv/bin/python bench/bench_poll.py [--hands 30] [--runs 200]

Creates a match with ``--hands`` hands and requests its poll URL with
Django's test client (the whole middleware stack, no network): unchanged
(the phone's version is current: a 204) and changed (an old version: the
sheet partial), plain and gzip-compressed. Not part of the pytest suite.
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

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from scoresheets import services  # noqa: E402
from scoresheets.scoring import HandInput, Rules  # noqa: E402


def measure(client: Client, url: str, runs: int, **headers: str) -> tuple[int, int, int, float]:
    """(status, queries, body bytes, median ms) of GET ``url``."""
    times = []
    for _ in range(runs):
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
    client = Client()
    print(f"database: {connection.vendor}; a match of {args.hands} hands; {args.runs} runs")
    for label, query, headers in (
        ("unchanged", f"?v={match.version}", {}),
        ("changed", "?v=0", {}),
        ("changed, gzip", "?v=0", {"accept-encoding": "gzip"}),
    ):
        status, queries, size, ms = measure(client, url + query, args.runs, **headers)
        print(f"  {label:<14} {status}  {queries} queries  {size:>6} bytes  {ms:6.2f} ms")


if __name__ == "__main__":
    main()
