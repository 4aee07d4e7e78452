"""A concours night on one server: 148 teams (74 tables, 4 phones each), the
room's screen and 20 spectators, against the production server (issue 19).

Run from the project root (needs ``make install``):

    .venv/bin/python bench/bench_concours.py                 # 148 teams, 60 s
    .venv/bin/python bench/bench_concours.py --teams 40 --seconds 30

It makes a fresh SQLite database in a temporary directory, creates a
concours of ``--teams`` teams (12 donnes a partie), draws partie 1 and
enters ``--hands`` hands at every table through the services, collects the
static files and starts the production server (``--server granian``, the
default: ``belote_site/serve.py``; ``--server conf``: gunicorn with
gunicorn.conf.py) with ``DEBUG=0`` on 127.0.0.1 (``bench_live.Server``, the environment of
``bench_live.server_env``). Then, for ``--seconds``:

- **the tables' phones**: 4 a table, each polling its match's poll every
  2 s (``/m/<token>/poll/?v=<version>``, as poll.js), learning a new
  version from a 200's sheet;
- **hands**: every table gets a new hand about every 60 s, POSTed like
  hand.js does (``bench_live.HandEntry``): 74 tables make a change of the
  ranking more than once a second;
- **the room**: the projector and ``--spectators`` phones on the room's
  screen, each polling its live part every 5 s
  (``/voir/concours/<read token>/salle/live/?v=<fingerprint>``, as htmx
  does), learning the new fingerprint from a 200's ``data-hx-get``.

It prints the p50 / p95 / p99 of every kind of request, their counts and
errors, and the server's CPU; then, in this process on the same database,
the ranking's cost per poll: the fingerprint's query (an unchanged poll),
and a changed poll's work (load the concours, rank it, render the live
part), medians of ``--repeat`` runs. Figures in bench/README.md,
"A concours night".
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import gzip
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_live
from bench_live import HOST, PYTHON, ROOT, VERSION, HandEntry, Server, Table

POLL_SECONDS = 2.0  # a table's phone (poll.js)
ROOM_SECONDS = 5.0  # the room's live part (data-hx-trigger="every 5s")
ROOM_URL = re.compile(r'data-hx-get="([^"]+)"')


# --------------------------------------------------------------------------
# The concours
# --------------------------------------------------------------------------


def setup_django(database_url: str) -> None:
    os.environ["DATABASE_URL"] = database_url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "belote_site.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def make_concours(teams: int, hands: int):
    """A concours of ``teams`` teams, partie 1 drawn, ``hands`` hands at every table."""
    from django.db import connections

    from scoresheets.concours import services as cs
    from scoresheets.matches import services
    from scoresheets.scoring import HandInput

    rng = random.Random(19)
    concours = cs.concours_create(
        name="Concours du bench",
        date=datetime.date(2026, 12, 5),
        preset="classique",
        settings={"parties": 4, "length": {"donnes": 12}},
    )
    for n in range(1, teams + 1):
        cs.concours_entrant_register(
            concours=concours, name=f"Équipe {n}", players=[f"J{n}a", f"J{n}b"]
        )
    cs.concours_draw(concours=concours)
    tables = []
    for table in cs.load(concours).current.tables:
        for number in range(hands):
            team = "AB"[number % 2]
            services.hand_record(
                match=table.match, hand=HandInput(team, team, rng.choice([90, 110, 130]))
            )
        table.match.refresh_from_db()
        tables.append(Table(table.match.token, table.match.version, hands + 1))
    concours.refresh_from_db()
    connections.close_all()
    return concours, tables


# --------------------------------------------------------------------------
# The load (a child process: asyncio clients)
# --------------------------------------------------------------------------


def clients(config: Path) -> None:
    """The tables' phones and the room's screens; prints BENCH_JSON."""
    spec = json.loads(config.read_text())
    port, seconds = spec["port"], spec["seconds"]
    latencies: dict[str, list[float]] = {
        "match_poll_204": [],
        "match_poll_200": [],
        "room_poll_204": [],
        "room_poll_200": [],
    }
    counts = {"errors": 0, "other": 0}

    async def request(reader, writer, path: str) -> tuple[int, bytes, float]:
        started = time.perf_counter()
        writer.write(
            (
                f"GET {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\n"
                "Accept-Encoding: gzip\r\nHX-Request: true\r\n\r\n"
            ).encode()
        )
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
        status = int(head[9:12])
        length = re.search(rb"(?i)\r\ncontent-length: *(\d+)", head)
        body = await reader.readexactly(int(length.group(1))) if length else b""
        if b"content-encoding: gzip" in head.lower():
            body = gzip.decompress(body)
        return status, body, (time.perf_counter() - started) * 1000

    async def client(kind: str, first: str, every: float, measure_from: float, deadline: float):
        path = first
        await asyncio.sleep(random.uniform(0, every))
        reader, writer = await asyncio.open_connection(HOST, port)
        while time.monotonic() < deadline:
            try:
                status, body, ms = await request(reader, writer, path)
            except (OSError, TimeoutError, asyncio.IncompleteReadError):
                counts["errors"] += 1
                writer.close()
                reader, writer = await asyncio.open_connection(HOST, port)
                continue
            if status not in (200, 204):
                counts["other"] += 1
            elif time.perf_counter() >= measure_from:
                latencies[f"{kind}_{status}"].append(ms)
            if status == 200:
                text = body.decode()
                if kind == "match_poll":
                    found = VERSION.search(text)
                    if found:
                        path = re.sub(r"v=\d+", f"v={found.group(1)}", path)
                else:
                    found = ROOM_URL.search(text)
                    if found:
                        path = found.group(1).replace("&amp;", "&")
            await asyncio.sleep(every)
        writer.close()

    async def main() -> float:
        measure_from = time.perf_counter() + 2 * ROOM_SECONDS  # the clients arrive first
        deadline = time.monotonic() + seconds
        jobs = [
            client("match_poll", f"/m/{t}/poll/?v={v}", POLL_SECONDS, measure_from, deadline)
            for t, v in spec["tables"]
            for _ in range(4)
        ]
        room = f"/voir/concours/{spec['read_token']}/salle/live/?v=0"
        jobs += [
            client("room_poll", room, ROOM_SECONDS, measure_from, deadline)
            for _ in range(1 + spec["spectators"])
        ]
        await asyncio.gather(*jobs)
        return time.perf_counter() - measure_from

    duration = asyncio.run(main())
    print("BENCH_JSON " + json.dumps({"duration": duration, "latencies": latencies, **counts}))


# --------------------------------------------------------------------------
# Figures
# --------------------------------------------------------------------------


def quantiles(values: list[float]) -> str:
    if not values:
        return "n 0"
    ordered = sorted(values)

    def q(p: float) -> float:
        return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]

    return f"n {len(ordered):6d}  p50 {q(50):7.1f}  p95 {q(95):7.1f}  p99 {q(99):7.1f} ms"


def ranking_cost(concours, repeat: int) -> dict[str, float]:
    """Medians (ms), in this process: the fingerprint query, and a changed
    poll's work (load, rank, render the live part) without the cache."""
    from django.test import RequestFactory

    from scoresheets.concours import room as concours_room
    from scoresheets.concours import room_views as concours_room_views
    from scoresheets.concours import services as cs
    from scoresheets.models import Concours

    def median_ms(work) -> float:
        times = []
        for _ in range(repeat):
            started = time.perf_counter()
            work()
            times.append((time.perf_counter() - started) * 1000)
        return statistics.median(times)

    request = RequestFactory().get("/")
    concours = Concours.objects.get(pk=concours.pk)
    state = cs.load(concours)
    figures = {
        "fingerprint (an unchanged poll's query)": median_ms(
            lambda: concours_room.fingerprint(concours)
        ),
        "load (5 queries, results document parsed)": median_ms(lambda: cs.load(concours)),
        "rank (pure core)": median_ms(state.ranking),
        "slides (the room's rows)": median_ms(lambda: concours_room.room(state, None)),
    }
    # A new version each time, rendered at once (no refresh delay).
    concours_room_views.ROOM_REFRESH = 0
    concours_room_views.ROOM_RENDER_SHARE = float("inf")
    counter = iter(range(10**9))
    shared = concours_room_views.shared_part(request, concours, "bench")
    figures["changed poll: load + rank + render (shared)"] = median_ms(
        lambda: concours_room_views.shared_part(request, concours, f"bench-{next(counter)}")
    )
    mine = next(iter(shared["seats"]))
    figures["a phone's own part (highlight, its table)"] = median_ms(
        lambda: concours_room_views.personal(request, shared, mine)
    )
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=148)
    parser.add_argument("--spectators", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--hands", type=int, default=4, help="hands per table at the start")
    parser.add_argument("--repeat", type=int, default=30, help="runs of each cost measured")
    parser.add_argument(
        "--server",
        choices=["granian", "conf"],
        default="granian",
        help="granian: the production server (belote_site/serve.py); conf: gunicorn.conf.py",
    )
    parser.add_argument("--keep", action="store_true", help="keep the work directory")
    parser.add_argument("--_clients", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args._clients:
        clients(args._clients)
        return
    workdir = Path(tempfile.mkdtemp(prefix="rebelote-bench-concours-"))
    database_url = f"sqlite:///{workdir / 'bench.sqlite3'}"
    server = None
    try:
        bench_live.collect_static()
        setup_django(database_url)
        concours, tables = make_concours(args.teams, args.hands)
        port = bench_live.free_port()
        env = bench_live.server_env(database_url, port, "belote_site.settings", {})
        env["BENCH_LOG"] = str(workdir / "server.log")
        load_before = os.getloadavg()[0]
        server = Server(env, args.server, port)
        entry = HandEntry(port, tables, workdir / "versions")
        entry.open_tables()
        config = workdir / "clients.json"
        config.write_text(
            json.dumps(
                {
                    "port": port,
                    "seconds": args.seconds,
                    "tables": [(t.token, t.version) for t in tables],
                    "read_token": concours.read_token,
                    "spectators": args.spectators,
                }
            )
        )
        cpu_before = bench_live.cpu_seconds(server.pids())
        child = subprocess.Popen(
            [PYTHON, __file__, "--_clients", str(config)], cwd=ROOT, stdout=subprocess.PIPE
        )
        hands = threading.Thread(target=entry.run, args=(args.seconds,), daemon=True)
        hands.start()
        out, _ = child.communicate()
        entry.stop.set()
        hands.join(5)
        cpu = bench_live.cpu_seconds(server.pids()) - cpu_before
        result = json.loads(out.decode().split("BENCH_JSON ", 1)[1])
        print(
            f"{args.teams} teams, {len(tables)} tables x 4 phones, room + {args.spectators} "
            f"spectators, {args.seconds:.0f} s, {args.server}; nproc {os.cpu_count()}, "
            f"load average {load_before:.1f} before"
        )
        for kind, values in result["latencies"].items():
            print(f"  {kind:16s} {quantiles(values)}")
        print(f"  {'hand POST':16s} {quantiles(entry.latencies)}")
        print(
            f"  errors {result['errors'] + len(entry.errors)}, other statuses {result['other']}; "
            f"server CPU {cpu / result['duration'] * 100:.0f}% of one core"
        )
        print("ranking's cost per poll, in this process (median ms):")
        for name, value in ranking_cost(concours, args.repeat).items():
            print(f"  {name:44s} {value:8.2f}")
    finally:
        if server is not None:
            server.stop()
        if not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
