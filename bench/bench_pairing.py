"""Benchmark of the concours' draw and ranking (docs/concours.md, 2 and 3).

Run from the project root:

    .venv/bin/python bench/bench_pairing.py [--teams 200] [--parties 5] [--runs 20]

Plays a whole night of ``--teams`` teams (fixed seed): partie 1 drawn at
random, each later partie drawn by the ranking, every table given random
points. Prints, for each partie, the median wall time of ``draw_partie``
(ranking included: the draw needs it) and of ``pair_swiss`` alone, then the
same for 200 players à la mêlée, the worst case of the exact construction
(rematches that cannot be avoided), and the ranking of the finished night.
Not part of the pytest suite.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scoresheets.concours.document import parse_concours  # noqa: E402
from scoresheets.concours.pairing import draw_partie, meetings, pair_swiss  # noqa: E402
from scoresheets.concours.ranking import rank, rank_document  # noqa: E402

SEED = 20261219


def median_ms(func: Callable[[], Any], runs: int) -> tuple[float, float]:
    func()  # warm-up
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        func()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), min(times)


def night(count: int, parties: int, runs: int, melee: bool = False) -> dict[str, Any]:
    key = "players" if melee else "teams"
    document: dict[str, Any] = {
        "settings": {"parties": parties, "mode": "melee" if melee else "teams"},
        key: [{"number": n} for n in range(1, count + 1)],
        "parties": [],
    }
    rng = random.Random(SEED)
    print(f"\n{count} {key}, {parties} parties ({'à la mêlée' if melee else 'Swiss'})")
    for partie in range(1, parties + 1):
        concours = parse_concours(document)
        draw_ms, draw_min = median_ms(lambda c=concours: draw_partie(c, random.Random(1)), runs)
        line = f"  partie {partie}: draw_partie {draw_ms:7.2f} ms (min {draw_min:.2f})"
        if partie > 1 and not melee:
            here = {e.number for e in concours.present_at(partie)}
            order = [s.number for s in rank(concours) if s.number in here]
            met, byes = meetings(concours)
            pair_ms, _ = median_ms(lambda o=order, m=met, b=byes: pair_swiss(o, m, b), runs)
            line += f", pair_swiss alone {pair_ms:7.2f} ms"
        print(line)
        drawn = draw_partie(concours, rng).document()
        for table in drawn["tables"]:
            table["points"] = [rng.randrange(300, 1700), rng.randrange(300, 1700)]
        document["parties"].append(drawn)
    return document


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=200)
    parser.add_argument("--parties", type=int, default=5)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    print(
        f"Python {platform.python_version()}, {os.cpu_count()} CPUs, "
        f"median of {args.runs} runs after one warm-up"
    )
    document = night(args.teams, args.parties, args.runs)
    rank_ms, _ = median_ms(lambda: rank_document(document), args.runs)
    print(f"  rank_document of the finished night (parse + rank): {rank_ms:.2f} ms")
    night(args.teams, args.parties, args.runs, melee=True)

    # Rematches that cannot be avoided: 12 teams after 11 parties of a round
    # robin met everyone once; the exact construction (blossom matchings)
    # decides every table.
    order = list(range(1, 13))
    met = {frozenset((a, b)): 1 for a in order for b in order if a < b}
    worst, _ = median_ms(lambda: pair_swiss(order, met, {}), args.runs)
    print(f"\n12 teams, every pair met once (exact construction): {worst:.2f} ms")

    # A team that may meet only the leader: the search drops every other
    # choice of the leader at once (without that check: 277 s).
    order = list(range(1, 201))
    met = {frozenset((200, team)): 1 for team in range(2, 200)}
    lonely, _ = median_ms(lambda: pair_swiss(order, met, {}), args.runs)
    print(f"200 teams, the last may meet only the first: {lonely:.2f} ms")

    # The exact construction forced (budget 0) on partie 5 of a real night:
    # what a draw would cost if the search ever gave up (never seen).
    for count in (40, 100, 200):
        played = night_history(count)
        concours = parse_concours(played)
        order = [s.number for s in rank(concours)]
        met, byes = meetings(concours)
        forced, _ = median_ms(lambda o=order, m=met, b=byes: pair_swiss(o, m, b, budget=0), 1)
        print(f"{count} teams, partie 5, exact construction forced: {forced / 1000:.2f} s")


def night_history(count: int) -> dict[str, Any]:
    """Four parties of ``count`` teams, drawn and played (random points)."""
    rng = random.Random(SEED)
    document: dict[str, Any] = {
        "settings": {"parties": 5},
        "teams": [{"number": n} for n in range(1, count + 1)],
        "parties": [],
    }
    for _ in range(4):
        drawn = draw_partie(parse_concours(document), rng).document()
        for table in drawn["tables"]:
            table["points"] = [rng.randrange(300, 1700), rng.randrange(300, 1700)]
        document["parties"].append(drawn)
    return document


if __name__ == "__main__":
    main()
