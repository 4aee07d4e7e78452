"""Benchmark of a table's pages: 1,000 finished matches of 30 hands each.

Run from the project root (it uses its own SQLite file, or DATABASE_URL):

    .venv/bin/python bench/bench_tables.py [--matches 1000] [--runs 5]

Builds (once, then reuses) a table of 8 players with rotating partners and
``--matches`` finished matches of 30 valid hands each, through the models
(bulk inserts; each match's summary from the engine), then requests the
table page, a player page and the ranking with Django's test client and
prints, for each page, the number of queries and the median time, and the
same for the first view after the cache was emptied (``cache.clear()``: use
a Redis database of its own with CACHE_URL). Also
checks that the query counts do not depend on the number of matches (the
same pages of a 10-match table). Not part of the pytest suite.
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
os.environ.setdefault("DATABASE_URL", "sqlite:////tmp/rebelote-bench-tables.sqlite3")

import django  # noqa: E402

django.setup()

from django.core.cache import cache  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.utils import timezone  # noqa: E402

from scoresheets import presets, scoring, tables  # noqa: E402
from scoresheets.matches import services  # noqa: E402
from scoresheets.models import Hand, Match, Player, Table, TablePlayer  # noqa: E402

SEED = 20261130
HANDS = 30
NAMES = ["Léa", "Sam", "Noé", "Zoé", "Inès", "Hugo", "Yasmine", "Karim"]


def random_hand(rng: random.Random) -> tuple[scoring.HandInput, int | None]:
    """A valid hand and its taker seat."""
    seat = rng.randint(1, 4)
    taker = "A" if seat % 2 else "B"
    if rng.random() < 0.05:
        return scoring.HandInput(None), None
    if rng.random() < 0.04:
        return scoring.HandInput(taker, capot=rng.choice("AB")), seat
    belote = rng.choice([None, None, "A", "B"])
    points = rng.choice([rng.randint(40, 130), 81])
    return scoring.HandInput(taker, taker, points, belote=belote), seat


def finished_match(rng: random.Random) -> tuple[scoring.Rules, list, list]:
    """30 hands and a target that the 30th hand reaches (and no earlier one)."""
    while True:
        drawn = [random_hand(rng) for _ in range(HANDS)]
        hands = [h for h, _ in drawn]
        open_rules = scoring.Rules(target=10**9)
        totals = scoring.score_match(open_rules, hands).hands
        before = max(totals[-2].totals.a, totals[-2].totals.b)
        target = max(totals[-1].totals.a, totals[-1].totals.b)
        if target <= before or hands[-1].taker is None:
            continue
        rules = scoring.Rules(target=target)
        try:
            result = scoring.score_match(rules, hands)
        except scoring.MatchError:
            continue
        if result.finished and result.hands[-1].ends_match:
            return rules, drawn, result


@transaction.atomic
def build_table(count: int, seed: int) -> Table:
    rng = random.Random(seed)
    table = tables.table_create(name=f"Bench {count}", player_names=NAMES)
    people = list(table.roster.order_by("pk"))
    start = timezone.now() - timezone.timedelta(days=count)
    for index in range(count):
        rules, drawn, result = finished_match(rng)
        four = rng.sample(people, 4)
        when = start + timezone.timedelta(days=index)
        match = Match.objects.create(
            table=table,
            team_a_name=f"{four[0].name} & {four[2].name}",
            team_b_name=f"{four[1].name} & {four[3].name}",
            rule_values=presets.rule_values(
                scoring.Rules(target=rules.target, announcements=False)
            ),
            **services.summary_fields(Match(), result, when),
        )
        Match.objects.filter(pk=match.pk).update(created_at=when)
        Player.objects.bulk_create(
            [
                Player(match=match, seat=seat, name=p.name, person=p)
                for seat, p in enumerate(four, start=1)
            ]
        )
        Hand.objects.bulk_create(
            [
                Hand(match=match, number=n, taker_seat=seat, **Hand.fields_from_input(hand))
                for n, (hand, seat) in enumerate(drawn, start=1)
            ]
        )
    return table


def measure(client: Client, url: str, runs: int) -> tuple[int, float, int, float, int]:
    """GET ``url`` once with an empty cache, then ``runs`` times: (queries and
    ms of the first, queries and median ms of the others, bytes)."""
    cache.clear()
    times = []
    counts = []
    size = 0
    for _ in range(runs + 1):
        with CaptureQueriesContext(connection) as captured:
            started = time.perf_counter()
            response = client.get(url)
            times.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200, (url, response.status_code)
        counts.append(len(captured))
        size = len(response.content)
    return counts[0], times[0], counts[-1], statistics.median(times[1:]), size


def pages(table: Table) -> dict[str, str]:
    person = TablePlayer.objects.filter(table=table).order_by("pk").first()
    return {
        "table page": f"/t/{table.token}/",
        "player page": f"/t/{table.token}/joueurs/{person.pk}/",
        "ranking": f"/t/{table.token}/classement/",
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    call_command("migrate", verbosity=0)
    tables_by_size = {}
    for count in (10, args.matches):
        table = Table.objects.filter(name=f"Bench {count}").first()
        if table is None:
            started = time.perf_counter()
            table = build_table(count, SEED + count)
            print(f"built a table of {count} matches in {time.perf_counter() - started:.1f} s")
        tables_by_size[count] = table

    client = Client()
    print(f"database: {connection.vendor}; {args.runs} runs per page (median)")
    counts = {}
    for count, table in tables_by_size.items():
        hands = Hand.objects.filter(match__table=table).count()
        print(f"\n{count} finished matches, {hands} hands, {len(NAMES)} players:")
        for name, url in pages(table).items():
            cold_queries, cold_ms, queries, ms, size = measure(client, url, args.runs)
            counts.setdefault(name, []).append(queries)
            print(
                f"  {name:<12} {queries:>3} queries  {ms:8.1f} ms  {size / 1024:7.1f} KB"
                f"   (first view, empty cache: {cold_queries} queries, {cold_ms:.1f} ms)"
            )
    # One correction (a hand saved again as it was: a new version of its
    # match, the same figures), then each page once: only that match is read
    # and scored again.
    table = tables_by_size[args.matches]
    for url in pages(table).values():  # every page in the cache (measure() empties it)
        client.get(url)
    person = TablePlayer.objects.filter(table=table).order_by("pk").first()
    match = Match.objects.filter(table=table, players__person=person).order_by("-pk").first()
    hand = match.hands.order_by("number").first()
    services.hand_update(
        match=match,
        hand_id=hand.pk,
        hand=hand.to_input(),
        taker_seat=hand.taker_seat,
        belote_seat=hand.belote_seat,
        expected_version=hand.version,
    )
    print(f"\nafter a correction in one of the {args.matches} matches (one view each):")
    for name, url in reversed(pages(table).items()):  # the ranking first: its ratings anew
        with CaptureQueriesContext(connection) as captured:
            started = time.perf_counter()
            assert client.get(url).status_code == 200
            ms = (time.perf_counter() - started) * 1000
        print(f"  {name:<12} {len(captured):>3} queries  {ms:8.1f} ms")
    for name, values in counts.items():
        same = "same" if len(set(values)) == 1 else "DIFFERENT"
        print(f"queries of the {name}: {values} ({same} for 10 and {args.matches} matches)")


if __name__ == "__main__":
    main()
