"""Benchmark of the scoring engine on a 1,000-hand match.

Run from the project root:

    .venv/bin/python bench/bench_scoring.py [--hands N] [--runs R] [--profile]

Builds a random but valid match (fixed seed, a target no match reaches, a mix
of made / dedans / litige / capot / belote / announcements / renonce / redeal
hands) and prints the median time of ``score_match`` and of ``score_document``
(parse + score, on the match as a JSON document, and with ``json.loads`` too).
Not part of the pytest suite.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import platform
import pstats
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scoresheets.scoring import (  # noqa: E402
    CoincheHand,
    CoincheRules,
    HandInput,
    Pair,
    Rules,
    match_document,
    score_document,
    score_match,
)

SEED = 20240501
GOAL_MS = 10.0
ANNOUNCEMENTS = (20, 50, 70, 100, 150, 200)


def random_hand(rng: random.Random) -> HandInput:
    """One valid hand; about 1 in 8 is a litige by construction."""
    kind = rng.choices(
        ["points", "litige", "capot", "renonce", "passed"], weights=[70, 12, 6, 4, 8]
    )[0]
    if kind == "passed":
        return HandInput(None)
    taker = rng.choice("AB")
    defense = "B" if taker == "A" else "A"
    belote = rng.choice([None, None, "A", "B"])
    announcements = Pair()
    if rng.random() < 0.3:
        value = rng.choice(ANNOUNCEMENTS)
        announcements = Pair(value, 0) if rng.random() < 0.5 else Pair(0, value)
    if kind == "capot":
        capot = taker if rng.random() < 0.8 else defense
        return HandInput(taker, capot=capot, belote=belote, announcements=announcements)
    if kind == "renonce":
        return HandInput(
            taker, renonce=rng.choice("AB"), belote=belote, announcements=announcements
        )
    points = rng.randint(0, 162)
    if kind == "litige":
        extra_t = announcements[taker] + (20 if belote == taker else 0)
        extra_d = announcements[defense] + (20 if belote == defense else 0)
        tie = (162 + extra_d - extra_t) // 2
        if 0 <= tie <= 162:
            points = tie
    points_team = rng.choice("AB")
    if points_team != taker:
        points = 162 - points
    return HandInput(taker, points_team, points, belote=belote, announcements=announcements)


def build_match(n_hands: int, seed: int = SEED) -> tuple[Rules, list[HandInput]]:
    rng = random.Random(seed)
    rules = Rules(target=10**9)  # never reached: the match never ends
    return rules, [random_hand(rng) for _ in range(n_hands)]


def random_coinche_hand(rng: random.Random) -> CoincheHand:
    """One valid coinche hand (docs/coinche.md): a numeric bid at a plain
    suit, sometimes coinched or surcoinched, sometimes a capot; 1 in 10 a
    redeal; no announcements (the default rules do not play them)."""
    if rng.random() < 0.1:
        return CoincheHand(None)
    taker = rng.choice("AB")
    bid = rng.choice(range(80, 190, 10))
    suit = rng.choice(("clubs", "diamonds", "hearts", "spades"))
    coinche = rng.choice([None, None, None, "coinche", "surcoinche"])
    belote = rng.choice([None, None, "A", "B"])
    if rng.random() < 0.05:
        return CoincheHand(taker, bid, suit, coinche, capot=rng.choice("AB"), belote=belote)
    return CoincheHand(
        taker, bid, suit, coinche, rng.choice("AB"), rng.randint(0, 162), belote=belote
    )


def median_ms(func: Callable[[], object], runs: int) -> tuple[float, float]:
    """(median, min) wall time of ``func()`` over ``runs`` runs, in ms."""
    func()  # warm-up
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        func()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), min(times)


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--profile", action="store_true", help="cProfile score_document")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")

    rules, hands = build_match(args.hands)
    document = match_document(rules, hands)
    text = json.dumps(document)
    result = score_match(rules, hands)
    assert not result.finished
    outcomes = Counter(str(h.outcome) for h in result.hands)
    collected = sum(1 for h in result.hands if h.collected)
    capots = sum(1 for h in hands if h.capot is not None)
    belotes = sum(1 for h in hands if h.belote is not None)
    announced = sum(1 for h in hands if h.announcements != Pair())

    print(f"machine: {cpu_model()}, nproc {os.cpu_count()}, Python {platform.python_version()}")
    print(
        f"match: {args.hands} hands, seed {SEED}, {dict(sorted(outcomes.items()))}, "
        f"{capots} capots, {belotes} belotes, {announced} with announcements, "
        f"reserve paid {collected} times, JSON {len(text):,} bytes"
    )
    print(f"runs: {args.runs} (median; min in brackets)")
    rows = [
        ("score_match", lambda: score_match(rules, hands)),
        ("score_document (parse + score)", lambda: score_document(document)),
        ("json.loads + score_document", lambda: score_document(json.loads(text))),
    ]
    coinche_rules = CoincheRules(target=10**9)
    rng = random.Random(SEED)
    coinche_hands = [random_coinche_hand(rng) for _ in range(args.hands)]
    score_match(coinche_rules, coinche_hands)  # valid: raises otherwise
    rows.append(("score_match, coinche", lambda: score_match(coinche_rules, coinche_hands)))
    for name, func in rows:
        med, low = median_ms(func, args.runs)
        per_hand = med * 1000 / args.hands
        print(f"  {name:32} {med:8.3f} ms  [{low:.3f}]  {per_hand:6.2f} µs/hand")
        if name == "score_match":
            verdict = "met" if med < GOAL_MS else "MISSED"
            print(f"  goal < {GOAL_MS:g} ms for score_match: {verdict}")

    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        for _ in range(20):
            score_document(document)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(12)


if __name__ == "__main__":
    main()
