"""The heavy reads of issue 21: the home page with 50 big matches, a table's
``donnes.csv`` at its cap. CPU and queries per request, before/after.

Run from the project root (its own SQLite file, or DATABASE_URL):

    .venv/bin/python bench/bench_heavy_pages.py [--runs 5]

Builds (bulk inserts) 50 matches of ``limits.MATCH_MAX_HANDS`` hands each
in one browser's "my matches", and a table of ``--table-matches`` matches
(default: its cap, ``limits.TABLE_MAX_MATCHES``) of 30 hands each; then requests, with
Django's test client, the home page and the table's ``donnes.csv``:
the first request after emptying the cache, then the median of ``--runs``
requests; process CPU time (``time.process_time``) and queries.

Not part of the pytest suite.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "belote_site.settings")
os.environ.setdefault("DATABASE_URL", "sqlite:////tmp/rebelote-bench-heavy.sqlite3")
os.environ.setdefault("RATELIMIT_ENABLE", "0")

import django  # noqa: E402

django.setup()

from django.core.cache import cache  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from scoresheets import limits, tables  # noqa: E402
from scoresheets.matches import services  # noqa: E402
from scoresheets.matches.scoresheet import match_get_scoresheet  # noqa: E402
from scoresheets.models import Hand, HandRevision, Match, Table  # noqa: E402
from scoresheets.scoring import HandInput  # noqa: E402


def fill(match: Match, count: int, rng: random.Random) -> None:
    """``count`` hands in ``match`` (bulk), its summary columns as the engine says."""
    hands = [
        Hand(
            match=match,
            number=n,
            **Hand.fields_from_input(HandInput(rng.choice("AB"), "A", rng.randint(82, 162))),
        )
        for n in range(1, count + 1)
    ]
    Hand.objects.bulk_create(hands)
    HandRevision.objects.bulk_create(
        HandRevision(match=match, hand=h, version=1, action="created", data=h.document())
        for h in hands
    )
    sheet = match_get_scoresheet(match)
    Match.objects.filter(pk=match.pk).update(**services.summary_fields(match, sheet.result))


def measure(client: Client, url: str, runs: int) -> tuple[float, float, int, int]:
    """(first CPU ms after emptying the cache, median CPU ms, queries, bytes)."""
    times = []
    for run in range(runs + 1):
        if run == 0:
            cache.clear()
        with CaptureQueriesContext(connection) as captured:
            started = time.process_time()
            response = client.get(url)
            times.append((time.process_time() - started) * 1000)
        assert response.status_code == 200, response.status_code
    return times[0], statistics.median(times[1:]), len(captured), len(response.content)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--table-matches", type=int, default=limits.TABLE_MAX_MATCHES)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    rng = random.Random(20240501)
    from scoresheets.scoring import Rules

    client = Client()
    client.get("/")  # the browser's cookies
    if not Match.objects.filter(table__isnull=True).exists():
        for _ in range(50):
            match = services.match_create(names=["a", "b", "c", "d"], rules=Rules(target=10**6))
            fill(match, limits.MATCH_MAX_HANDS, rng)
    for match in Match.objects.filter(table__isnull=True):
        client.get(f"/m/{match.token}/")  # "my matches"
    table = Table.objects.first()
    if table is None:
        table = tables.table_create(name="Les jeudis", player_names=["a", "b", "c", "d"])
        for _ in range(args.table_matches):
            match = services.match_create(
                names=["a", "b", "c", "d"], rules=Rules(target=10**6), table=table
            )
            fill(match, 30, rng)
    print(f"{connection.vendor}, {args.runs} runs after the first")
    print(f"{'page':<40} {'first':>9} {'median':>9} {'queries':>8} {'bytes':>10}")
    for label, url in (
        ("home, 50 matches of 200 hands", "/"),
        (
            f"donnes.csv, {table.matches.count()} matches of 30 hands",
            f"/t/{table.token}/donnes.csv",
        ),
    ):
        first, median, queries, size = measure(client, url, args.runs)
        print(f"{label:<40} {first:7.1f}ms {median:7.1f}ms {queries:8d} {size:10,d}")


if __name__ == "__main__":
    main()
