"""A stranger in the hall (issue 27, points 3 and 4): what a flood from one
address does to the phones' saves.

Run from the project root (needs ``make install``):

    .venv/bin/python bench/bench_hall_flood.py [--seconds 20] [--rate 50] [--streams 5000]

A fresh SQLite database and the production server (``belote_site/serve.py``:
granian, ``DEBUG=0``) on 127.0.0.1. Four phones (four tables of 29 hands)
each save a hand about every second, as ``hand.js`` POSTs it; their save
times (from the request to the answer's last byte) are measured in three
phases of ``--seconds`` each:

1. nothing else (the baseline);
2. ``--rate`` requests a second, from one address, to the costliest
   reading of a read-only link: the share PNG of a 200-hand match, without
   the ETag (built once per version, then served from the cache: point 3);
3. ``--streams`` event streams opened from one address at once and held
   (the caps answer 429 past them: point 4), the saves going on meanwhile.

The rate limits are off (``RATELIMIT_ENABLE=0``: the benchmark's phones
share one address); the stream caps are not (they are no rate limit).
Prints JSON: each phase's save p50 / p95 / max and errors, the flood's
answers by status, and the load average.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bench_live import (  # noqa: E402
    HOST,
    HandEntry,
    Server,
    Tables,
    collect_static,
    free_port,
    make_database,
    percentile,
    server_env,
)


class SteadyPhones(HandEntry):
    """Four phones, each saving a hand on its table about every second."""

    def run_for(self, seconds: float) -> tuple[list[float], list[str]]:
        """Save for ``seconds``; the save times (ms) and errors of this run."""
        self.latencies, self.errors = [], []
        end = time.monotonic() + seconds
        # The phones of four tables save at moments of their own (a quarter
        # of a second apart), not all at once.
        threads = [
            threading.Thread(target=self._phone, args=(table, end, i / 4), daemon=True)
            for i, table in enumerate(self.tables)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        return list(self.latencies), list(self.errors)

    def _phone(self, table, end: float, offset: float) -> None:
        time.sleep(offset)
        conn = http.client.HTTPConnection(HOST, self.port, timeout=30)
        while time.monotonic() < end:
            started = time.monotonic()
            try:
                self._post(conn, table)
            except (OSError, http.client.HTTPException) as error:
                self.errors.append(repr(error))
                conn.close()
                conn = http.client.HTTPConnection(HOST, self.port, timeout=30)
            time.sleep(max(0.0, 1.0 - (time.monotonic() - started)))
        conn.close()


def costly_flood(port: int, path: str, rate: float, seconds: float) -> Counter:
    """``rate`` GETs of ``path`` a second for ``seconds`` (4 connections)."""
    statuses: Counter = Counter()
    lock = threading.Lock()
    end = time.monotonic() + seconds

    def client(offset: float) -> None:
        conn = http.client.HTTPConnection(HOST, port, timeout=30)
        interval = 4 / rate
        next_at = time.monotonic() + offset
        while time.monotonic() < end:
            time.sleep(max(0.0, next_at - time.monotonic()))
            next_at += interval
            try:
                conn.request("GET", path)
                response = conn.getresponse()
                response.read()
                status = response.status
            except (OSError, http.client.HTTPException):
                conn.close()
                conn = http.client.HTTPConnection(HOST, port, timeout=30)
                status = "error"
            with lock:
                statuses[status] += 1
        conn.close()

    threads = [threading.Thread(target=client, args=(i / rate,), daemon=True) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return statuses


async def _streams(port: int, path: str, count: int, hold: threading.Event) -> Counter:
    statuses: Counter = Counter()
    writers = []

    async def one() -> None:
        try:
            reader, writer = await asyncio.open_connection(HOST, port)
            writer.write(f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode())
            await writer.drain()
            line = await asyncio.wait_for(reader.readline(), 30)
            statuses[int(line.split()[1]) if line else "closed"] += 1
            writers.append(writer)
        except (OSError, TimeoutError, ValueError, IndexError) as error:
            statuses[type(error).__name__] += 1

    await asyncio.gather(*(one() for _ in range(count)))
    while not hold.is_set():
        await asyncio.sleep(0.2)
    for writer in writers:
        writer.close()
    return statuses


def stream_flood(port: int, path: str, count: int, hold: threading.Event, out: dict) -> None:
    """Open ``count`` streams of ``path`` at once, hold them until ``hold``."""
    out["statuses"] = asyncio.run(_streams(port, path, count, hold))


def figures(latencies: list[float], errors: list[str]) -> dict:
    return {
        "saves": len(latencies),
        "p50_ms": round(statistics.median(latencies), 1) if latencies else None,
        "p95_ms": round(percentile(latencies, 95), 1) if latencies else None,
        "max_ms": round(max(latencies), 1) if latencies else None,
        "errors": len(errors),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--rate", type=float, default=50)
    parser.add_argument("--streams", type=int, default=5000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as workdir:
        db = make_database("sqlite", "", Path(workdir))
        collect_static()
        phones_tables = Tables(db.url, hands=29).ensure(4)
        long_table = Tables(db.url, hands=200).ensure(1)[0]
        from django.urls import reverse

        from scoresheets.models import Match

        read_token = Match.objects.get(token=long_table.token).read_token
        image = reverse("match_image_read", args=[read_token])
        events = reverse("match_events", args=[phones_tables[0].token])
        port = free_port()
        extra = {"BENCH_LOG": str(Path(workdir) / "server.log"), "WEB_CONCURRENCY": "1"}
        server = Server(server_env(db.url, port, "belote_site.settings", extra), "granian", port)
        results: dict = {}
        try:
            phones = SteadyPhones(port, phones_tables, Path(workdir) / "versions.txt")
            phones.open_tables()
            phones.run_for(3)  # warm up
            results["baseline"] = figures(*phones.run_for(args.seconds))
            flood: dict = {}
            thread = threading.Thread(
                target=lambda: flood.update(costly_flood(port, image, args.rate, args.seconds + 1)),
                daemon=True,
            )
            thread.start()
            time.sleep(0.5)
            results["costly_flood"] = figures(*phones.run_for(args.seconds))
            thread.join()
            results["costly_flood"]["flood_answers"] = {str(k): v for k, v in flood.items()}
            hold, streams = threading.Event(), {}
            thread = threading.Thread(
                target=stream_flood, args=(port, events, args.streams, hold, streams), daemon=True
            )
            thread.start()
            results["stream_flood"] = figures(*phones.run_for(args.seconds))
            hold.set()
            thread.join()
            results["stream_flood"]["stream_answers"] = {
                str(k): v for k, v in streams.get("statuses", {}).items()
            }
        finally:
            server.stop()
    results["load_average"] = [round(x, 2) for x in os.getloadavg()]
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
