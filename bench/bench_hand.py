"""What a saved hand costs the server: CPU per hand on a 30-hand sheet.

Run from the project root (its own SQLite file, or DATABASE_URL):

    .venv/bin/python bench/bench_hand.py [--hands 30] [--runs 40] [--profile]

Creates ``--runs`` matches of ``--hands - 1`` hands each (with
announcements, belotes, a capot now and then: the defaults' rules), opens
each one's page once on the saving phone (the sheet and the fresh entry form
rendered and kept, as its previous save's answer left them) and POSTs its
next hand as ``hand.js`` does (htmx, the entry form's fields with
``match_version`` and a fresh one-time key) through Django's test client:
the whole middleware stack, the service, the sheet and the fresh entry
form, no network. Then the three other phones' polls (the sheet the save
rendered, from the cache). Prints a summary: the code (commit), the load
average, and the medians of the process CPU time (``time.process_time``:
this process's CPU, whatever the machine's other load) of a save, of the
part of it that renders the sheet after the hand
(``sync.sheet.sheet_fragments``), of the save and the three polls, and the
median wall time of a save. ``--profile``: a cProfile of 20 more saves (by
cumulative time, then the app's own functions).

``--next``: the measured save is the hand after one saved through this
process (as at a table, hand after hand): it starts from the hands that
save kept (``matches/kept_hands.py``); without it, the first save of each
match in the process (its hands read from the database).

``--callgrind-polls``: with ``--callgrind``, the three other phones' polls
after each save get their file too (a save's file, then its polls').

``--callgrind``: under valgrind's callgrind, the instructions of each save,
a count that the machine's load does not move (bench/README.md, "The sheet
after a hand", has the command): each measured save is marked, callgrind
zeroes its counts before it (``os.getppid``) and writes them out after it
(``os.getpgrp``: one file a save, after a first one of the start-up).

Not part of the pytest suite.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import secrets
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "belote_site.settings")
os.environ.setdefault("DATABASE_URL", "sqlite:////tmp/rebelote-bench-hand.sqlite3")
os.environ.setdefault("RATELIMIT_ENABLE", "0")
# The production settings (DEBUG off: no query log, no static files looked up
# on each request), unless --debug: `make run`'s.
os.environ["DEBUG"] = "1" if "--debug" in sys.argv else "0"
os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(40))

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402

from scoresheets.matches import services  # noqa: E402
from scoresheets.models import Match  # noqa: E402

NAMES = ["Alice", "Bob", "Claire", "Dan"]
FORM = "application/x-www-form-urlencoded"


def document(hands: int, seed: int) -> dict:
    """A match document of ``hands`` plausible belote hands (never ended)."""
    rng = random.Random(seed)
    rows = []
    for _ in range(hands):
        taker = rng.choice("AB")
        if rng.random() < 0.05:
            rows.append({"taker": taker, "capot": taker})
            continue
        row = {"taker": taker, "points": {taker: rng.choice(range(82, 163))}}
        if rng.random() < 0.3:
            row["belote"] = rng.choice("AB")
        if rng.random() < 0.2:
            row["announcements"] = {rng.choice("AB"): rng.choice((20, 50, 100))}
        rows.append(row)
    return {
        "rules": {"target": 100_000},
        "hands": rows,
        "rebelote": {"players": NAMES},
    }


SHEET_CPU: list[float] = []  # the CPU of the sheet's rendering, within each save


def _timed_sheet_fragments():
    """Wrap the hand views' ``sheet_fragments`` to count its CPU (the sheet
    after the hand, apart from the fresh entry form)."""
    from scoresheets.matches import hand_views

    real = hand_views.sheet_fragments

    def timed(*args, **kwargs):
        started = time.process_time()
        try:
            return real(*args, **kwargs)
        finally:
            SHEET_CPU.append(time.process_time() - started)

    hand_views.sheet_fragments = timed


def save(client: Client, match: Match) -> tuple[float, float]:
    """POST ``match``'s next hand as hand.js does: (CPU s, wall s)."""
    data = {
        "taker": "1",
        "points": "100",
        "number": str(match.hands_count + 1),
        "match_version": str(match.version),
        "key": uuid.uuid4().hex,
    }
    body = urlencode(data)  # as htmx and static/js/sync/send.js send it (not multipart)
    cpu, wall = time.process_time(), time.perf_counter()
    response = client.post(
        f"/m/{match.token}/donnes/", body, content_type=FORM, headers={"HX-Request": "true"}
    )
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    assert response.status_code == 200, (response.status_code, response.content[:2000])
    assert b'id="hand-form"' in response.content
    return cpu, wall


# What Chromium on a phone sends: a changed poll travels compressed.
ACCEPT_ENCODING = "gzip, deflate, br, zstd"


def others(phones: list[Client], match: Match, version: int, *, marked: bool = False) -> float:
    """The other ``phones``' polls at ``version`` (as Chromium sends them:
    gzip accepted): their CPU s. (A client made for each poll would load
    the middleware each time: with DEBUG off, WhiteNoise's scan of the
    static files, about 16 ms, which no server pays per request.)
    ``marked``: the three polls marked for callgrind, as a save is."""
    headers = {"HX-Request": "true", "Accept-Encoding": ACCEPT_ENCODING}
    cpu = time.process_time()
    if marked:
        os.getppid()
    for phone in phones:
        response = phone.get(f"/m/{match.token}/poll/?v={version}", headers=headers)
        assert response.status_code == 200
        assert response["Content-Encoding"] == "gzip"
    if marked:
        os.getpgrp()
    return time.process_time() - cpu


def opened(client: Client, match: Match) -> None:
    """The state before the save, as in a game: the saving phone has the
    match page (its sheet and its fresh entry form: what its previous save's
    answer rendered, kept in the cache), and ``match`` is fresh from the
    database."""
    assert client.get(f"/m/{match.token}/").status_code == 200
    match.refresh_from_db()


def summary(
    args: argparse.Namespace,
    saves: list[float],
    sheets: list[float],
    walls: list[float],
    totals: list[float],
    calls: list[int],
) -> None:
    """The figures (ms), and what to quote with them: the code, the machine's load."""
    commit = (
        subprocess.run(
            ["git", "-C", str(ROOT), "log", "-1", "--format=%h %s"],
            capture_output=True,
            text=True,
            check=False,
        ).stdout.strip()
        or "(not a git checkout)"
    )
    load = " ".join(f"{value:.1f}" for value in os.getloadavg())
    median = statistics.median
    settings = "DEBUG on" if args.debug else "DEBUG off"
    where = f"{connection.vendor}, {settings}"
    print(f"{args.runs} saves of hand {args.hands} ({where}), code {commit[:60]}")
    print(f"load average (1, 5, 15 min) at the end: {load}")
    mean = statistics.mean(saves)
    print(f"save, process CPU:       median {median(saves):6.1f} ms  (mean {mean:.1f})")
    print(f"  of which the sheet:    median {median(sheets):6.1f} ms  (sync.sheet.sheet_fragments)")
    print(f"save, wall:              median {median(walls):6.1f} ms")
    print(f"save + 3 phones' polls:  median {median(totals):6.1f} ms of CPU")
    print(f"function calls a save:   median {median(calls):,.0f}  (cProfile: whatever the load)")
    print(f"goal (issue 21): save <= 10 ms of CPU: {'met' if median(saves) <= 10 else 'not met'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=30, help="the sheet after the save")
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--debug", action="store_true", help="DEBUG on (make run's settings)")
    parser.add_argument(
        "--callgrind", action="store_true", help="mark each save for valgrind's callgrind"
    )
    parser.add_argument(
        "--next",
        action="store_true",
        help="measure the hand after one saved through this process (the hands it kept)",
    )
    parser.add_argument(
        "--callgrind-polls",
        action="store_true",
        help="with --callgrind, a file for the three polls after each save too",
    )
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    if not args.debug:  # the pages' static files by their manifest, as in production
        call_command("collectstatic", interactive=False, verbosity=0)
    before = 2 if args.next else 1  # with --next, the hand before is saved by a POST
    matches = [
        services.match_import(document=document(args.hands - before, seed))
        for seed in range(args.runs + 3)
    ]
    client, phones = Client(), [Client() for _ in range(3)]
    client.get(f"/m/{matches[0].token}/")  # the CSRF and session cookies
    for match in matches[:3]:  # warm-up: templates compiled, imports done
        opened(client, match)
        save(client, match)
        others(phones, match, match.version)
    _timed_sheet_fragments()
    saves, walls, totals, sheets = [], [], [], []
    if args.callgrind:
        os.getpgrp()  # callgrind's first file: the start-up, then one file a save
    for match in matches[3:]:
        opened(client, match)
        if args.next:
            save(client, match)  # unmeasured: its answer is the phone's page now
            match.refresh_from_db()
        SHEET_CPU.clear()
        if args.callgrind:
            os.getppid()  # callgrind: --zero-before=os_getppid*
        cpu, wall = save(client, match)
        if args.callgrind:
            os.getpgrp()  # callgrind: --dump-before=os_getpgrp* (this save's instructions)
        sheets.append(sum(SHEET_CPU) * 1000)
        saves.append(cpu * 1000)
        walls.append(wall * 1000)
        polled = others(phones, match, match.version, marked=args.callgrind_polls) * 1000
        totals.append(cpu * 1000 + polled)
    # Python function calls per save: the same on a loaded machine as on a quiet one.
    extra = [
        services.match_import(document=document(args.hands - 1, 1000 + seed))
        for seed in range(20 if args.profile else 5)
    ]
    profiles = []
    for match in extra:
        opened(client, match)  # as measured above (not profiled)
        profiler = cProfile.Profile()
        profiler.enable()
        save(client, match)
        profiler.disable()
        profiles.append(pstats.Stats(profiler))
    summary(args, saves, sheets, walls, totals, [one.total_calls for one in profiles])
    if args.profile:
        stats = profiles[0]
        for one in profiles[1:]:
            stats.add(one)
        stats.sort_stats("cumulative")
        stats.print_stats(45)
        stats.print_stats("scoresheets|template_partials|django/forms", 60)


if __name__ == "__main__":
    main()
