"""Unchanged polls while Redis fails: their rate, the server's CPU per poll, the log.

Run from the project root (needs redis-server and wrk; PostgreSQL for --db postgres):

    .venv/bin/python bench/bench_cache_outage.py [--db sqlite|postgres] [--seconds 10]
    .venv/bin/python bench/bench_cache_outage.py --code /tmp/rebelote-before   # another checkout

Starts its own redis-server on a free port of 127.0.0.1 (no snapshot, no
other client), a fresh database with one match, and the production server
(``gunicorn -c gunicorn.conf.py``, ``DEBUG=0``, ``CACHE_URL`` at that
Redis, one worker: the figures are per process). Then wrk (8 connections)
requests the match's unchanged poll as fast as it can for ``--seconds``, in
three phases:

1. **normal**: Redis answers;
2. **hung**: Redis stopped with SIGSTOP (it accepts connections, the kernel
   queues them, nothing answers): what a hung Redis does;
3. **refused**: Redis killed (every connection refused).

For each phase: requests a second (and the share of the normal rate),
p50/p99, errors, the server's CPU per poll (master and worker, from
/proc), and the lines its log gained (and how many of them are traceback
lines). ``--code`` runs the server from another checkout (for a *before*
figure: ``git archive main | tar -x -C /tmp/rebelote-before``); the
database is migrated by that checkout's code.

Not part of the pytest suite.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_live import (  # noqa: E402
    HOST,
    cpu_seconds,
    free_port,
    make_database,
    parent_pid,
    server_env,
    wrk_saturate,
)

PYTHON = sys.executable
GUNICORN = str(Path(PYTHON).with_name("gunicorn"))

SETUP = """
import django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from scoresheets.matches import services
from scoresheets.scoring import HandInput, Rules
match = services.match_create(names=["a", "b", "c", "d"], rules=Rules(target=100000))
for n in range(30):
    services.hand_record(match=match, hand=HandInput("AB"[n % 2], "A", 100))
match.refresh_from_db()
print(match.token, match.version)
"""


def start_redis(port: int, workdir: Path) -> subprocess.Popen:
    """A redis-server of this run's own: no snapshot, no append-only file."""
    process = subprocess.Popen(
        [
            "redis-server", "--port", str(port), "--bind", HOST, "--save", "",
            "--appendonly", "no", "--dir", str(workdir),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection((HOST, port), 0.2):
            return process
        time.sleep(0.05)
    raise SystemExit("redis-server did not start")


def server_pids(master: int) -> list[int]:
    """gunicorn's master and its workers."""
    pids = [master]
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                if parent_pid(int(entry.name)) == master:
                    pids.append(int(entry.name))
    return pids


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--pg-url", default="postgres://postgres@127.0.0.1:5432/postgres")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--code", type=Path, default=ROOT, help="the checkout to serve")
    args = parser.parse_args()
    code = args.code.resolve()
    workdir = Path(tempfile.mkdtemp(prefix="rebelote-outage-"))
    db = make_database(args.db, args.pg_url, workdir)
    redis_port, port = free_port(), free_port()
    redis = start_redis(redis_port, workdir)
    log_path = workdir / "server.log"
    env = server_env(
        db.url,
        port,
        "belote_site.settings",
        {"CACHE_URL": f"redis://{HOST}:{redis_port}/0", "WEB_CONCURRENCY": "1"},
    )
    env["PYTHONPATH"] = str(code)
    server = None
    try:
        made = subprocess.run(
            [PYTHON, "-c", SETUP], cwd=code, env=env, capture_output=True, text=True, check=True
        )
        token, version = made.stdout.split()[-2:]
        log = open(log_path, "ab")  # noqa: SIM115
        server = subprocess.Popen(
            [GUNICORN, "belote_site.wsgi", "-c", str(code / "gunicorn.conf.py")],
            cwd=code,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection((HOST, port), 0.2):
                break
            time.sleep(0.1)
        time.sleep(1.5)  # the worker boots after the master listens
        poll = f"/m/{token}/poll/?v={version}"
        wrk_saturate(port, poll, 2, args.connections)  # warm-up
        rows = []
        for phase in ("normal", "hung", "refused"):
            if phase == "hung":
                redis.send_signal(signal.SIGSTOP)
            elif phase == "refused":
                redis.send_signal(signal.SIGKILL)
                redis.send_signal(signal.SIGCONT)
                redis.wait()
            time.sleep(0.5)
            lines_before = log_path.read_text(errors="replace").splitlines()
            pids = server_pids(server.pid)
            cpu = cpu_seconds(pids)
            data = wrk_saturate(port, poll, args.seconds, args.connections)
            cpu = cpu_seconds(pids) - cpu
            lines = log_path.read_text(errors="replace").splitlines()[len(lines_before) :]
            answered = data["n204"] + data["n200"]
            rows.append((phase, data, cpu, answered, lines))
        normal = rows[0][1]["rps"]
        print(f"code {code}, {db.vendor}, {args.connections} connections, {args.seconds:g} s")
        print(
            f"{'phase':<8} {'req/s':>8} {'of normal':>9} {'p50 ms':>7} {'p99 ms':>8} "
            f"{'errors':>6} {'CPU/poll':>9} {'log lines':>9} {'traceback':>9}"
        )
        for phase, data, cpu, answered, lines in rows:
            per_poll = cpu / answered * 1000 if answered else float("nan")
            tracebacks = sum(1 for line in lines if line.startswith("Traceback"))
            print(
                f"{phase:<8} {data['rps']:8.0f} {data['rps'] / normal:9.0%} "
                f"{data['p50_us'] / 1000:7.2f} {data['p99_us'] / 1000:8.1f} "
                f"{data['errors'] + data['nother']:6d} {per_poll:7.2f}ms {len(lines):9d} "
                f"{tracebacks:9d}"
            )
        for phase, _data, _cpu, _answered, lines in rows:
            for line in [line for line in lines if "cache" in line.lower()][:3]:
                print(f"  {phase}: {line[:160]}")
    finally:
        if server is not None:
            server.send_signal(signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                server.wait(20)
            if server.poll() is None:
                server.kill()
        if redis.poll() is None:
            redis.send_signal(signal.SIGCONT)
            redis.kill()
            redis.wait()
        db.drop()
        if os.environ.get("BENCH_KEEP"):
            print(f"kept {workdir}")
        else:
            shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
