"""Live load: how many tables of four polling phones one server holds.

Run from the project root (needs ``make install`` and Debian's ``wrk``):

    .venv/bin/python bench/bench_live.py --db sqlite            # search the largest N
    .venv/bin/python bench/bench_live.py --db postgres          # same on PostgreSQL
    .venv/bin/python bench/bench_live.py --db sqlite --tables 200 --step 30   # one N
    .venv/bin/python bench/bench_live.py --db postgres --ratio  # unchanged poll / bare 204
    .venv/bin/python bench/bench_live.py --db sqlite --slow 200 --server sync  # idle clients

Each run makes a fresh database (a SQLite file in a temporary directory, or
a PostgreSQL database ``rebelote_bench_live_<pid>`` created from ``--pg-url``
and dropped at the end), prepares the tables (a match of 4 players and
``--hands`` hands each), collects the static files and starts the
production server: ``gunicorn belote_site.wsgi -c gunicorn.conf.py`` with
``DEBUG=0``, bound to 127.0.0.1 on a free port. All traffic goes to
127.0.0.1.

Live mode: N tables x 4 phones, each polling ``/m/<token>/poll/?v=<version>``
every 2 s on one kept-alive connection (a 204 when nothing changed; the
sheet, gzip-compressed, when it did, and the phone then has the new
version); about every 60 s a table gets a new hand, entered like hand.js
does (a real POST of the hand form with its CSRF token and ``HX-Request``),
so 4 changed polls follow. The phones are wrk connections (bench_live.lua)
or, with ``--client python``, asyncio coroutines in a second process. Each
step lasts ``--step`` seconds; a step passes with p95 < 50 ms and no error.
Without ``--tables`` the N doubles from ``--start`` until a step fails, then
bisects (``--max-steps`` steps in all). Prints, per step: N, p50/p95/p99,
requests per second, the server's CPU (gunicorn processes, and PostgreSQL's
backends for this database, from /proc) and the load generator's CPU.

Ratio mode: the same server, run with ``bench.bench_settings`` (the site's
settings plus a bare view returning 204 at /bench/bare/), is saturated in
turn with an unchanged poll and the bare view (wrk, ``--ratio-runs`` pairs
of ``--ratio-seconds`` each, interleaved); prints the medians and their ratio.

Slow mode (``--slow K``): K sockets connect and send nothing (or, with
``--slow-kind partial``, half a request line) while wrk saturates the server
with unchanged polls; compare ``--server sync`` (the old README command:
``-w 3`` sync workers) with ``--server conf`` (gunicorn.conf.py).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import fcntl
import gzip
import hashlib
import http.client
import json
import os
import random
import re
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
PYTHON = sys.executable
# One collectstatic at a time into this checkout's STATIC_ROOT: two at once
# (two cluster tests on two xdist workers) broke each other's
# post-processing (a hashed file replaced under the other's feet).
STATIC_LOCK = Path(tempfile.gettempdir()) / (
    "rebelote-collectstatic-" + hashlib.sha256(str(ROOT).encode()).hexdigest()[:12] + ".lock"
)


def collect_static(*, run=subprocess.run, lock: Path = STATIC_LOCK) -> None:
    """``manage.py collectstatic`` as production serves them (DEBUG=0),
    holding this machine's lock for the checkout (``lock``, an exclusive
    ``flock``) so that two never run at once. Raises what ``run`` raises
    (``subprocess.CalledProcessError`` when collectstatic fails)."""
    with open(lock, "a+") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        try:
            run(
                [PYTHON, "manage.py", "collectstatic", "--noinput", "-v0"],
                cwd=ROOT, check=True,
                env={**os.environ, "DEBUG": "0", "SECRET_KEY": "collectstatic"},
            )  # fmt: skip
        finally:
            fcntl.flock(held, fcntl.LOCK_UN)


GUNICORN = str(Path(PYTHON).with_name("gunicorn"))
HOST = "127.0.0.1"
POLL_SECONDS = 2.0
HAND_SECONDS = 60.0
P95_LIMIT_MS = 50.0
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


# --------------------------------------------------------------------------
# Database and tables
# --------------------------------------------------------------------------


@dataclass
class Table:
    """One table of the benchmark: its match token, version and next hand number."""

    token: str
    version: int
    next_number: int
    csrf_cookie: str = ""
    csrf_token: str = ""


@dataclass
class Database:
    """A fresh benchmark database: its DATABASE_URL and how to drop it."""

    url: str
    vendor: str
    workdir: Path
    pg_admin_url: str = ""
    pg_name: str = ""

    def drop(self) -> None:
        """Remove the database (PostgreSQL: DROP DATABASE ... WITH (FORCE))."""
        if self.vendor == "postgresql":
            import psycopg

            with psycopg.connect(self.pg_admin_url, autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{self.pg_name}" WITH (FORCE)')


def make_database(kind: str, pg_url: str, workdir: Path) -> Database:
    """A new empty database of ``kind`` (sqlite or postgres)."""
    if kind == "sqlite":
        return Database(f"sqlite:///{workdir / 'bench.sqlite3'}", "sqlite", workdir)
    import psycopg

    name = f"rebelote_bench_live_{os.getpid()}"
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    parts = urllib.parse.urlsplit(pg_url)
    url = urllib.parse.urlunsplit(parts._replace(path=f"/{name}"))
    return Database(url, "postgresql", workdir, pg_admin_url=pg_url, pg_name=name)


class Tables:
    """The benchmark's tables, made on demand in the benchmark database."""

    def __init__(self, database_url: str, hands: int) -> None:
        self.hands = hands
        self.tables: list[Table] = []
        os.environ["DATABASE_URL"] = database_url
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "belote_site.settings")
        sys.path.insert(0, str(ROOT))
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0)

    def ensure(self, count: int) -> list[Table]:
        """At least ``count`` tables (a match of 4 players and ``hands`` hands each)."""
        from django.db import connections

        from scoresheets.matches import services
        from scoresheets.scoring import HandInput, Rules

        rng = random.Random(len(self.tables))
        while len(self.tables) < count:
            number = len(self.tables) + 1
            match = services.match_create(
                names=[f"Joueur {number}.{seat}" for seat in range(1, 5)],
                rules=Rules(target=1_000_000),
            )
            for hand in range(self.hands):
                points = rng.randint(60, 120)
                services.hand_record(match=match, hand=HandInput("AB"[hand % 2], "A", points))
            match.refresh_from_db()
            self.tables.append(Table(match.token, match.version, self.hands + 1))
        connections.close_all()
        return self.tables[:count]


# --------------------------------------------------------------------------
# The server
# --------------------------------------------------------------------------


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def server_env(database_url: str, port: int, settings: str, extra: dict[str, str]) -> dict:
    """The production environment: DEBUG=0, a random secret, 127.0.0.1 only."""
    env = dict(os.environ)
    env.update(
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(40),
        ALLOWED_HOSTS=HOST,
        DATABASE_URL=database_url,
        DJANGO_SETTINGS_MODULE=settings,
        BIND=f"{HOST}:{port}",
        PYTHONPATH=str(ROOT),
        # Every phone of the benchmark comes from 127.0.0.1: the per-address
        # limit on hand writes (600 in 10 min) would refuse the hands of a
        # few hundred tables. Real phones have addresses of their own.
        RATELIMIT_ENABLE="0",
    )
    env.update(extra)
    return env


class Server:
    """A production server (granian, uvicorn, gunicorn with gunicorn.conf.py,
    or the old sync command), started and stopped."""

    def __init__(self, env: dict, kind: str, port: int) -> None:
        self.port = port
        if kind == "granian":  # the production command (belote_site/serve.py)
            from belote_site.serve import command as granian_command

            command = granian_command(env)
        elif kind == "uvicorn":  # the other ASGI server measured
            workers = env.get("WEB_CONCURRENCY") or ("2" if env.get("CACHE_URL") else "1")
            command = [
                str(Path(PYTHON).with_name("uvicorn")), "belote_site.asgi:application",
                "--host", HOST, "--port", str(port), "--workers", workers, "--loop", "uvloop",
                "--http", "httptools", "--timeout-keep-alive", "5", "--backlog", "2048",
                "--no-access-log", "--lifespan", "off",
            ]  # fmt: skip
        elif kind == "conf":  # gunicorn, gthread workers (the former production command)
            command = [GUNICORN, "belote_site.wsgi", "-c", str(ROOT / "gunicorn.conf.py")]
        else:  # the README's command before gunicorn.conf.py
            command = [GUNICORN, "belote_site.wsgi", "-b", f"{HOST}:{port}", "-w", "3"]
        self.log = open(env["BENCH_LOG"], "ab")  # noqa: SIM115
        self.process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                code = self.process.returncode
                raise SystemExit(f"{command[0]} exited ({code}): see {self.log.name}")
            with contextlib.suppress(OSError), socket.create_connection((HOST, port), 0.2):
                break
            time.sleep(0.1)
        else:
            raise SystemExit(f"{command[0]} did not start in 30 s")
        time.sleep(1.0)  # the workers boot after the master listens

    def pids(self) -> list[int]:
        """The master and its workers."""
        pids = [self.process.pid]
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                with contextlib.suppress(OSError):
                    if parent_pid(int(entry.name)) == self.process.pid:
                        pids.append(int(entry.name))
        return pids

    def stop(self) -> None:
        """SIGTERM, then wait (graceful shutdown)."""
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()


def parent_pid(pid: int) -> int:
    """The parent of ``pid`` (from /proc/<pid>/stat)."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    return int(stat[stat.rindex(")") + 2 :].split()[1])


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU seconds so far of ``pids`` (the ones still alive)."""
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError):
            stat = Path(f"/proc/{pid}/stat").read_text()
            fields = stat[stat.rindex(")") + 2 :].split()
            total += int(fields[11]) + int(fields[12])
    return total / CLOCK_TICKS


def postgres_backends(dbname: str) -> list[int]:
    """PostgreSQL's server processes for ``dbname`` (their command line names it)."""
    if not dbname:
        return []
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                cmdline = (entry / "cmdline").read_bytes()
                if cmdline.startswith(b"postgres: ") and f" {dbname} ".encode() in cmdline:
                    pids.append(int(entry.name))
    return pids


# --------------------------------------------------------------------------
# Hands, entered like hand.js does
# --------------------------------------------------------------------------

CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
VERSION = re.compile(r'data-version="(\d+)"')


class HandEntry:
    """Enters a hand per table about every 60 s, by POSTing the hand form."""

    def __init__(self, port: int, tables: list[Table], versions_file: Path) -> None:
        self.port = port
        self.tables = tables
        self.versions_file = versions_file
        self.lock = threading.Lock()
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.stop = threading.Event()
        self.write_versions()

    def write_versions(self) -> None:
        """The file the phones read the tables' versions from (atomic rename)."""
        with self.lock:
            text = "".join(f"{t.token} {t.version}\n" for t in self.tables)
            temporary = self.versions_file.with_suffix(".tmp")
            temporary.write_text(text)
            os.replace(temporary, self.versions_file)

    def open_tables(self) -> None:
        """Each phone that enters hands first loads the match page (CSRF cookie + token)."""
        conn = http.client.HTTPConnection(HOST, self.port, timeout=30)
        for table in self.tables:
            if table.csrf_token:
                continue
            conn.request("GET", f"/m/{table.token}/")
            response = conn.getresponse()
            body = response.read().decode()
            cookie = response.headers.get("Set-Cookie", "")
            found = re.search(r"csrftoken=([^;]+)", cookie)
            token = CSRF_INPUT.search(body)
            if response.status != 200 or not found or not token:
                raise SystemExit(f"match page {table.token}: {response.status}, no CSRF token")
            table.csrf_cookie, table.csrf_token = found.group(1), token.group(1)
        conn.close()

    def run(self, duration: float, workers: int = 2) -> None:
        """Enter hands for ``duration`` s: each table at a random moment, then every 60 s."""
        start = time.monotonic()
        rng = random.Random(7)
        schedule = sorted(
            (start + rng.uniform(0, HAND_SECONDS), index) for index in range(len(self.tables))
        )
        schedule = [item for item in schedule if item[0] < start + duration]
        threads = [
            threading.Thread(target=self._worker, args=(schedule[i::workers],), daemon=True)
            for i in range(workers)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

    def _worker(self, schedule: list[tuple[float, int]]) -> None:
        # A connection idle longer than the server's keep-alive is closed by
        # it: a phone entering a hand after a while connects again.
        conn = http.client.HTTPConnection(HOST, self.port, timeout=30)
        last_used = time.monotonic()
        for when, index in schedule:
            wait = when - time.monotonic()
            if self.stop.wait(max(0.0, wait)):
                break
            if time.monotonic() - last_used > 2:
                conn.close()
                conn = http.client.HTTPConnection(HOST, self.port, timeout=30)
            table = self.tables[index]
            try:
                self._post(conn, table)
            except (OSError, http.client.HTTPException) as error:
                self.errors.append(f"{table.token}: {error!r}")
                conn.close()
                conn = http.client.HTTPConnection(HOST, self.port, timeout=30)
            last_used = time.monotonic()
        conn.close()

    def _post(self, conn: http.client.HTTPConnection, table: Table) -> None:
        form = {
            "csrfmiddlewaretoken": table.csrf_token,
            "number": str(table.next_number),
            "match_version": str(table.version),
            "key": uuid.uuid4().hex,
            "taker": str(1 + table.next_number % 4),
            "points": str(random.randint(60, 120)),
            "points_team": "AB"[table.next_number % 2],
            "capot": "",
            "belote": "",
            "belote_seat": "",
            "renonce": "",
            "ann_points": "",
        }
        headers = {
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": f"csrftoken={table.csrf_cookie}",
            "HX-Request": "true",
            "Accept-Encoding": "gzip",
        }
        started = time.perf_counter()
        conn.request("POST", f"/m/{table.token}/donnes/", urllib.parse.urlencode(form), headers)
        response = conn.getresponse()
        body = response.read()
        elapsed = (time.perf_counter() - started) * 1000
        if response.getheader("Content-Encoding") == "gzip":
            body = gzip.decompress(body)
        version = VERSION.search(body.decode())
        if response.status != 200 or not version:
            self.errors.append(f"{table.token}: hand POST answered {response.status}")
            return
        self.latencies.append(elapsed)
        table.version = int(version.group(1))
        table.next_number += 1
        self.write_versions()


# --------------------------------------------------------------------------
# The phones
# --------------------------------------------------------------------------


@dataclass
class StepResult:
    """One step of the live load: what the phones and the server measured."""

    tables: int
    seconds: float
    requests: int
    p50: float
    p95: float
    p99: float
    max: float
    errors: int
    n200: int
    n204: int
    other: int
    expected200: int
    server_cpu: float
    db_cpu: float
    client_cpu: float
    hands: int
    hand_p95: float
    hand_errors: list[str] = field(default_factory=list)
    streams: int = 0  # push: event streams opened (their refusals are errors)
    events: int = 0  # push: versions the streams told (first event and heartbeats included)
    error_kinds: dict[str, int] = field(default_factory=dict)  # the client's, by exception

    @property
    def ok(self) -> bool:
        """p95 under the limit, no error, every hand entered."""
        return self.p95 < P95_LIMIT_MS and self.errors == 0 and not self.hand_errors

    def line(self) -> str:
        """The step as one printed line."""
        verdict = "ok" if self.ok else "FAIL"
        return (
            f"N={self.tables:<5} phones={4 * self.tables:<5} "
            f"p50={self.p50:6.1f} p95={self.p95:6.1f} p99={self.p99:6.1f} max={self.max:6.0f} ms  "
            f"{self.requests / self.seconds:7.1f} req/s  errors={self.errors}  "
            f"200/expected={self.n200}/{self.expected200}  "
            f"hands={self.hands} (p95 {self.hand_p95:.0f} ms, errors {len(self.hand_errors)})  "
            f"CPU server={self.server_cpu:4.0%} db={self.db_cpu:4.0%} "
            f"client={self.client_cpu:4.0%}  {verdict}"
            + (f"  streams={self.streams} events={self.events}" if self.streams else "")
            + (f"  error kinds {self.error_kinds}" if self.error_kinds else "")
        )


def wait_rusage(process: subprocess.Popen) -> tuple[bytes, float]:
    """Wait for ``process``; its stdout and its user + system CPU seconds."""
    assert process.stdout is not None
    out = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    return out, usage.ru_utime + usage.ru_stime


def run_phones(
    client: str, port: int, phones: int, seconds: float, versions: Path, push: bool = False
) -> tuple:
    """Start the load generator; returns (process, parser of its output).
    ``push``: the python phones hold an event stream and poll when told."""
    if client == "wrk":
        command = [
            "wrk", "-t1", f"-c{phones}", f"-d{seconds:.0f}s", "--timeout", "5s",
            "-s", str(BENCH / "bench_live.lua"), f"http://{HOST}:{port}", "--", str(versions), "1",
        ]  # fmt: skip
    else:
        command = [
            PYTHON, __file__, "--_phones", str(versions), "--_port", str(port),
            "--_seconds", str(seconds), *(["--_push"] if push else []),
        ]  # fmt: skip
    return subprocess.Popen(command, stdout=subprocess.PIPE, cwd=ROOT)


def parse_phones(out: bytes) -> dict:
    """The BENCH_JSON line of the load generator's output."""
    for line in out.decode().splitlines():
        if line.startswith("BENCH_JSON "):
            return json.loads(line[len("BENCH_JSON ") :])
    raise SystemExit(f"load generator said:\n{out.decode()}")


def warm_up(port: int, tables: list[Table]) -> None:
    """Load every template and module once (a match page, a changed poll) before measuring."""
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    for table in tables[:3]:
        for path in (f"/m/{table.token}/", f"/m/{table.token}/poll/?v=0"):
            conn.request("GET", path, headers={"Accept-Encoding": "gzip", "HX-Request": "true"})
            conn.getresponse().read()
    conn.close()


def live_step(
    args: argparse.Namespace, server: Server, db: Database, entry: HandEntry, count: int
) -> StepResult:
    """N tables for ``args.step`` seconds."""
    entry.open_tables()
    entry.write_versions()
    pids = server.pids()
    backends = postgres_backends(db.pg_name)
    started = time.monotonic()
    cpu0, db0 = cpu_seconds(pids), cpu_seconds(backends)
    process = run_phones(
        args.client, server.port, 4 * count, args.step, entry.versions_file, args.push
    )
    hands = threading.Thread(target=entry.run, args=(args.step - 1,), daemon=True)
    hands_before, errors_before = len(entry.latencies), len(entry.errors)
    hands.start()
    out, client_cpu = wait_rusage(process)
    entry.stop.set()
    hands.join()
    entry.stop.clear()
    elapsed = time.monotonic() - started
    backends = sorted(set(backends) | set(postgres_backends(db.pg_name)))
    cpu1, db1 = cpu_seconds(pids), cpu_seconds(backends)
    data = parse_phones(out)
    hand_latencies = entry.latencies[hands_before:]
    return StepResult(
        tables=count,
        seconds=data["duration_us"] / 1e6,
        requests=data["requests"],
        p50=data["p50_us"] / 1000,
        p95=data["p95_us"] / 1000,
        p99=data["p99_us"] / 1000,
        max=data["max_us"] / 1000,
        errors=data["errors"] + data["nother"] + data.get("stream_refused", 0),
        n200=data["n200"],
        n204=data["n204"],
        other=data["nother"],
        expected200=data["expected200"],
        server_cpu=(cpu1 - cpu0) / elapsed,
        db_cpu=(db1 - db0) / elapsed,
        client_cpu=client_cpu / elapsed,
        hands=len(hand_latencies),
        hand_p95=percentile(hand_latencies, 95),
        hand_errors=entry.errors[errors_before:],
        streams=data.get("streams", 0),
        events=data.get("events", 0),
        error_kinds=data.get("error_kinds", {}),
    )


def percentile(values: list[float], q: float) -> float:
    """The ``q``-th percentile (nearest rank) of ``values``; 0 when empty."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))]


def python_phones(versions: Path, port: int, seconds: float, push: bool = False) -> None:
    """The ``--client python`` load generator (run in its own process).
    ``push``: each phone holds its match's event stream (``/m/<token>/events/``,
    as poll.js does while its page is visible) and polls only when the stream
    tells a version newer than its own; the polls are what is timed, and the
    streams opened, their events and their ends are counted."""
    tokens = [line.split()[0] for line in versions.read_text().splitlines()]
    current = {t: int(v) for t, v in (line.split() for line in versions.read_text().splitlines())}
    latencies: list[float] = []
    counts = {"n200": 0, "n204": 0, "nother": 0, "errors": 0, "timeouts": 0, "expected200": 0}
    counts.update(streams=0, stream_refused=0, stream_ends=0, events=0)
    kinds: dict[str, int] = {}  # the errors' kinds, to say what failed

    async def phone(token: str, measure_from: float, deadline: float) -> None:
        version = current[token]
        # A phone opens its page at a random moment, connects and polls at once.
        await asyncio.sleep(random.uniform(0, POLL_SECONDS))
        reader, writer = await asyncio.open_connection(HOST, port)
        while time.monotonic() < deadline:
            request = (
                f"GET /m/{token}/poll/?v={version} HTTP/1.1\r\nHost: {HOST}:{port}\r\n"
                "Accept-Encoding: gzip\r\nHX-Request: true\r\n\r\n"
            ).encode()
            started = time.perf_counter()
            try:
                writer.write(request)
                head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
                status = int(head[9:12])
                match = re.search(rb"(?i)\r\ncontent-length: *(\d+)", head)
                body = await reader.readexactly(int(match.group(1))) if match else b""
            except (OSError, TimeoutError, asyncio.IncompleteReadError):
                counts["errors"] += 1
                writer.close()
                reader, writer = await asyncio.open_connection(HOST, port)
                continue
            if started < measure_from:  # the phones are still arriving
                await asyncio.sleep(POLL_SECONDS)
                continue
            latencies.append((time.perf_counter() - started) * 1e6)
            if status == 204:
                counts["n204"] += 1
            elif status == 200:
                counts["n200"] += 1
                text = gzip.decompress(body) if b"gzip" in head.lower() else body
                found = VERSION.search(text.decode())
                if found and int(found.group(1)) > version:
                    counts["expected200"] += 1
                    version = int(found.group(1))
            else:
                counts["nother"] += 1
            await asyncio.sleep(POLL_SECONDS)
        writer.close()

    async def poll_once(reader, writer, token: str, version: int) -> tuple[int, int, bytes, bytes]:
        request = (
            f"GET /m/{token}/poll/?v={version} HTTP/1.1\r\nHost: {HOST}:{port}\r\n"
            "Accept-Encoding: gzip\r\nHX-Request: true\r\n\r\n"
        ).encode()
        writer.write(request)
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
        match = re.search(rb"(?i)\r\ncontent-length: *(\d+)", head)
        body = await reader.readexactly(int(match.group(1))) if match else b""
        return int(head[9:12]), version, head, body

    async def open_stream(token: str):
        reader, writer = await asyncio.open_connection(HOST, port)
        writer.write(
            (
                f"GET /m/{token}/events/ HTTP/1.1\r\nHost: {HOST}:{port}\r\n"
                "Accept: text/event-stream\r\n\r\n"
            ).encode()
        )
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
        if head[9:12] == b"200":
            counts["streams"] += 1
        else:
            counts["stream_refused"] += 1
        return reader, writer

    async def push_phone(token: str, measure_from: float, deadline: float) -> None:
        version = current[token]
        await asyncio.sleep(random.uniform(0, POLL_SECONDS))
        try:
            stream, stream_writer = await open_stream(token)
        except (OSError, TimeoutError, asyncio.IncompleteReadError) as error:
            counts["errors"] += 1
            kinds[type(error).__name__] = kinds.get(type(error).__name__, 0) + 1
            return
        tail = b""
        while time.monotonic() < deadline:
            try:
                data = await asyncio.wait_for(stream.read(4096), deadline - time.monotonic())
            except TimeoutError:
                break
            except OSError:
                data = b""
            if not data:  # the stream ended: the browser comes back after its retry
                counts["stream_ends"] += 1
                stream_writer.close()
                try:
                    stream, stream_writer = await open_stream(token)
                except (OSError, TimeoutError, asyncio.IncompleteReadError):
                    counts["errors"] += 1
                    return
                continue
            tail = (tail + data)[-256:]
            told = [int(v) for v in re.findall(rb"data: (\d+)", data)]
            counts["events"] += len(told)
            if not told or max(told) <= version:
                continue
            # A poll a minute or so: its own connection (the server closes an
            # idle kept-alive one after 5 s, as a browser would find it).
            started = time.perf_counter()
            writer = None
            try:
                reader, writer = await asyncio.open_connection(HOST, port)
                status, _, head, body = await poll_once(reader, writer, token, version)
            except (OSError, TimeoutError, asyncio.IncompleteReadError):
                counts["errors"] += 1
                continue
            finally:
                if writer is not None:
                    writer.close()
            if started >= measure_from:
                latencies.append((time.perf_counter() - started) * 1e6)
            if status == 200:
                counts["n200"] += 1
                text = gzip.decompress(body) if b"gzip" in head.lower() else body
                found = VERSION.search(text.decode())
                if found and int(found.group(1)) > version:
                    counts["expected200"] += 1
                    version = int(found.group(1))
            elif status == 204:
                counts["n204"] += 1
            else:
                counts["nother"] += 1
        stream_writer.close()

    async def main() -> float:
        # The first seconds (phones arriving) are not measured.
        measure_from = time.perf_counter() + min(seconds / 4, 2 * POLL_SECONDS)
        deadline = time.monotonic() + seconds
        one = push_phone if push else phone
        await asyncio.gather(*(one(t, measure_from, deadline) for t in tokens for _ in range(4)))
        return time.perf_counter() - measure_from

    duration = asyncio.run(main())
    ordered = sorted(latencies) or [0.0]

    def q(p: float) -> int:
        return int(ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))])

    data = {
        "requests": len(latencies),
        "duration_us": int(duration * 1e6),
        "p50_us": q(50),
        "p95_us": q(95),
        "p99_us": q(99),
        "max_us": int(ordered[-1]),
        **counts,
        "error_kinds": kinds,
    }
    print("BENCH_JSON " + json.dumps(data))


# --------------------------------------------------------------------------
# Modes
# --------------------------------------------------------------------------


def live(args: argparse.Namespace, db: Database, tables: Tables, env: dict) -> None:
    """Search the largest N with p95 < 50 ms and no error (or run one N)."""
    port = free_port()
    server = Server(server_env(db.url, port, args.settings, env), args.server, port)
    results: list[StepResult] = []
    try:
        warm_up(port, tables.ensure(3))
        sizes = iter([args.tables]) if args.tables else None
        low, high, count = 0, 0, args.start
        for _ in range(args.max_steps):
            if sizes is not None:
                count = next(sizes, 0)
                if not count:
                    break
            prepared = tables.ensure(count)
            entry = HandEntry(port, prepared, db.workdir / "versions.txt")
            result = live_step(args, server, db, entry, count)
            results.append(result)
            print(result.line(), flush=True)
            for error in result.hand_errors[:3]:
                print(f"    hand: {error}")
            if sizes is not None:
                continue
            if result.ok:
                low = count
            else:
                high = count
            if not high:
                count *= 2
            elif high - low <= max(10, low // 10):
                break
            else:
                count = (low + high) // 2
            time.sleep(args.pause)
    finally:
        server.stop()
    passed = [r for r in results if r.ok]
    if passed and not args.tables:
        best = max(passed, key=lambda r: r.tables)
        print(f"\nlargest N with p95 < {P95_LIMIT_MS:.0f} ms and no error: {best.tables}")
        print("  " + best.line())


def wrk_saturate(port: int, path: str, seconds: float, connections: int) -> dict:
    """wrk as fast as it can on one URL; requests/s and latencies."""
    command = [
        "wrk", "-t1", f"-c{connections}", f"-d{seconds:.0f}s", "--timeout", "5s",
        "-s", str(BENCH / "bench_saturate.lua"), f"http://{HOST}:{port}{path}",
    ]  # fmt: skip
    out = subprocess.run(command, capture_output=True, check=True).stdout
    data = parse_phones(out)
    data["rps"] = data["requests"] / (data["duration_us"] / 1e6)
    return data


def ratio(args: argparse.Namespace, db: Database, tables: Tables, env: dict) -> None:
    """Unchanged poll vs a bare 204 view, same server, same run, interleaved."""
    port = free_port()
    table = tables.ensure(1)[0]
    server = Server(server_env(db.url, port, "bench.bench_settings", env), args.server, port)
    poll = f"/m/{table.token}/poll/?v={table.version}"
    rates: dict[str, list[float]] = {"poll": [], "bare": []}
    try:
        for path in (poll, "/bench/bare/"):  # both answer 204
            check = http.client.HTTPConnection(HOST, port, timeout=10)
            check.request("GET", path)
            status = check.getresponse().status
            if status != 204:
                raise SystemExit(f"{path} answered {status}, not 204")
        wrk_saturate(port, poll, 2, args.ratio_connections)  # warm-up
        for run in range(args.ratio_runs):
            order = [("poll", poll), ("bare", "/bench/bare/")]
            for name, path in order if run % 2 == 0 else order[::-1]:
                data = wrk_saturate(port, path, args.ratio_seconds, args.ratio_connections)
                if data["errors"] or data["nother"]:
                    raise SystemExit(f"{name}: errors {data}")
                rates[name].append(data["rps"])
                print(f"  {name:<5} {data['rps']:8.1f} req/s  p50 {data['p50_us'] / 1000:.2f} ms")
    finally:
        server.stop()
    poll_rate, bare_rate = statistics.median(rates["poll"]), statistics.median(rates["bare"])
    print(
        f"\nunchanged poll {poll_rate:.0f} req/s, bare 204 view {bare_rate:.0f} req/s "
        f"(medians of {args.ratio_runs}): ratio {poll_rate / bare_rate:.2f}"
    )


def slow(args: argparse.Namespace, db: Database, tables: Tables, env: dict) -> None:
    """Throughput of unchanged polls while K slow clients hold connections."""
    port = free_port()
    table = tables.ensure(1)[0]
    server = Server(server_env(db.url, port, args.settings, env), args.server, port)
    poll = f"/m/{table.token}/poll/?v={table.version}"
    held: list[socket.socket] = []
    try:
        before = wrk_saturate(port, poll, args.ratio_seconds, args.ratio_connections)
        for _ in range(args.slow):
            sock = socket.create_connection((HOST, port))
            if args.slow_kind == "partial":
                sock.sendall(b"GET /m/")
            held.append(sock)
        time.sleep(1)
        during = wrk_saturate(port, poll, args.ratio_seconds, args.ratio_connections)
    finally:
        for sock in held:
            sock.close()
        server.stop()
    for label, data in (("alone", before), (f"+{args.slow} {args.slow_kind}", during)):
        print(
            f"  {args.server:<5} {label:<14} {data['rps']:8.1f} req/s  "
            f"p50 {data['p50_us'] / 1000:7.1f} ms  p95 {data['p95_us'] / 1000:7.1f} ms  "
            f"errors {data['errors'] + data['nother']} (timeouts {data['timeouts']})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--pg-url", default="postgres://postgres@127.0.0.1:5432/postgres")
    parser.add_argument("--tables", type=int, help="run this N only (no search)")
    parser.add_argument("--start", type=int, default=100, help="first N of the search")
    parser.add_argument("--max-steps", type=int, default=6)
    parser.add_argument("--step", type=float, default=30, help="seconds per step")
    parser.add_argument("--pause", type=float, default=3, help="seconds between steps")
    parser.add_argument("--hands", type=int, default=5, help="hands per table at the start")
    parser.add_argument("--client", choices=["python", "wrk"], default="python")
    parser.add_argument(
        "--server", choices=["granian", "uvicorn", "conf", "sync"], default="granian"
    )
    parser.add_argument(
        "--pg-connections", choices=["pool", "persistent"], default="pool",
        help="persistent: kept per thread, no health check (bench_settings), to compare",
    )  # fmt: skip
    parser.add_argument("--ratio", action="store_true", help="unchanged poll / bare 204")
    parser.add_argument("--ratio-runs", type=int, default=5)
    parser.add_argument("--ratio-seconds", type=float, default=5)
    parser.add_argument("--ratio-connections", type=int, default=8)
    parser.add_argument("--slow", type=int, default=0, help="K connections that do not talk")
    parser.add_argument("--slow-kind", choices=["idle", "partial"], default="idle")
    parser.add_argument("--cache-url", default="", help="CACHE_URL for the server (Redis)")
    parser.add_argument("--keep", action="store_true", help="keep the work directory")
    parser.add_argument(
        "--push", action="store_true",
        help="phones hold the event stream and poll when told (python client)",
    )  # fmt: skip
    parser.add_argument("--_push", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--_phones", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--_port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--_seconds", type=float, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args._phones:
        python_phones(args._phones, args._port, args._seconds, args._push)
        return
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is needed: apt-get install -y wrk")
    args.settings = "belote_site.settings"
    env: dict[str, str] = {}
    if args.pg_connections == "persistent":
        args.settings = "bench.bench_settings"
        env["BENCH_PG_CONNECTIONS"] = "persistent"
    if args.cache_url:
        env["CACHE_URL"] = args.cache_url
    workdir = Path(tempfile.mkdtemp(prefix="rebelote-bench-live-"))
    env["BENCH_LOG"] = str(workdir / "gunicorn.log")
    db = make_database(args.db, args.pg_url, workdir)
    try:
        collect_static()
        tables = Tables(db.url, args.hands)
        print(
            f"database: {db.vendor}; server: {args.server}; client: {args.client}; "
            f"nproc {os.cpu_count()}; work directory {workdir}",
            flush=True,
        )
        if args.ratio:
            ratio(args, db, tables, env)
        elif args.slow:
            slow(args, db, tables, env)
        else:
            live(args, db, tables, env)
    finally:
        db.drop()
        if not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
