"""The costly readings of a read-only link (issue 27, point 3): a long
sheet's share PNG, a concours' results sheet and its zip of every table's
sheet. CPU per request (``time.process_time``): the first request (built)
and the median of the next ``--runs`` (the cache's), as a ratio.

Run from the project root (its own SQLite file, or DATABASE_URL):

    .venv/bin/python bench/bench_costly.py [--runs 20] [--teams 40]

Builds a match of ``limits.MATCH_MAX_HANDS`` hands and a concours night of
``--teams`` teams, one partie drawn, two hands played at every table.
Not part of the pytest suite.
"""

from __future__ import annotations

import argparse
import datetime
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "belote_site.settings")
os.environ.setdefault("DATABASE_URL", "sqlite:////tmp/rebelote-bench-costly.sqlite3")
os.environ.setdefault("RATELIMIT_ENABLE", "0")

import django  # noqa: E402

django.setup()

from django.core.cache import cache  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

from scoresheets import limits, scoring  # noqa: E402
from scoresheets.concours import services as cs  # noqa: E402
from scoresheets.matches import services  # noqa: E402


def cpu(client: Client, url: str) -> float:
    """CPU seconds of one GET of ``url`` (asserted 200)."""
    start = time.process_time()
    response = client.get(url)
    spent = time.process_time() - start
    assert response.status_code == 200, (url, response.status_code)
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--teams", type=int, default=40)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    rules = scoring.Rules(target=10**6)
    match = services.match_create(names=["Léa", "Sam", "Noé", "Zoé"], rules=rules)
    for n in range(limits.MATCH_MAX_HANDS):
        taker = "AB"[n % 2]
        services.hand_record(match=match, hand=scoring.HandInput(taker, taker, 90 + n % 50))
    settings = {"parties": 1, "length": {"target": 10_000}}
    night = cs.concours_create(
        name="Bench", date=datetime.date(2026, 12, 6), preset="classique", settings=settings
    )
    for n in range(args.teams):
        cs.concours_entrant_register(concours=night, name=f"T{n}", players=[f"A{n}", f"B{n}"])
    cs.concours_draw(concours=night)
    for table in cs.load(night).current.tables:
        for points in (100, 60):
            services.hand_record(match=table.match, hand=scoring.HandInput("A", "A", points))
    client = Client()
    urls = {
        f"share PNG, {limits.MATCH_MAX_HANDS} hands": f"/voir/{match.read_token}/feuille.png",
        f"results sheet, {args.teams} teams": f"/voir/concours/{night.read_token}/resultats/",
        f"sheets zip, {args.teams // 2} tables": f"/voir/concours/{night.read_token}/feuilles.zip",
    }
    print(f"{'reading':<32} {'built (ms)':>10} {'cached (ms)':>11} {'ratio':>6}")
    for label, url in urls.items():
        cache.clear()
        built = cpu(client, url)
        cached = statistics.median(cpu(client, url) for _ in range(args.runs))
        print(f"{label:<32} {built * 1000:>10.1f} {cached * 1000:>11.1f} {built / cached:>6.1f}")


if __name__ == "__main__":
    main()
