"""Slow phones against the production server: does a table still play?

Run from the project root (needs ``make install``):

    .venv/bin/python bench/bench_slow.py                        # granian (belote_site/serve.py)
    .venv/bin/python bench/bench_slow.py --server conf          # gunicorn gthread, to compare
    .venv/bin/python bench/bench_slow.py --tricklers 500 --non-readers 500 --seconds 30

A fresh SQLite database and one playing table; the server on 127.0.0.1
(``DEBUG=0``). Then, at once:

- **tricklers**: connections that send a request's headers one byte a second
  (each reconnects when the server closes it);
- **non-readers**: connections that ask for a 201 KB file (htmx's unminified
  script, uncompressed) and never read the answer (their receive buffer kept
  small): what they hold, not what rendering a big page costs (the issue's
  3.1 MB CSV is bounded by another helper's fix);
- **four phones** that keep playing: each polls every 2 s (unchanged polls,
  and the sheet after each hand), and one of them enters a hand every 5 s
  (its match page first, for its CSRF token, then the hand form's POST).

Prints the phones' requests: count, errors, p50/p95/max (ms), and the
server's resident memory at the end. The goal: p95 under 100 ms with 500
tricklers and 500 non-readers.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import socket
import sys
import tempfile
import time
import uuid
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bench_live import (  # noqa: E402
    HOST,
    Server,
    Tables,
    collect_static,
    free_port,
    make_database,
    server_env,
)

VERSION = re.compile(rb'data-version="(\d+)"')
CSRF = re.compile(rb'name="csrfmiddlewaretoken" value="([^"]+)"')


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values) or [0.0]
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))]


async def request(port: int, raw: bytes) -> tuple[int, dict, bytes]:
    """One request on its own connection: (status, headers, body)."""
    reader, writer = await asyncio.open_connection(HOST, port)
    try:
        writer.write(raw)
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 30)
        headers = {}
        for line in head.split(b"\r\n")[1:]:
            if b":" in line:
                name, _, value = line.partition(b":")
                key = name.strip().lower().decode()
                headers[key] = (headers.get(key, "") + "; " + value.strip().decode()).lstrip("; ")
        length = int(headers.get("content-length", "0"))
        body = await asyncio.wait_for(reader.readexactly(length), 30) if length else b""
        return int(head[9:12]), headers, body
    finally:
        writer.close()


async def trickler(port: int, stop: asyncio.Event) -> None:
    line = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 200
    while not stop.is_set():
        try:
            _, writer = await asyncio.open_connection(HOST, port)
            for byte in line:
                if stop.is_set():
                    break
                writer.write(bytes([byte]))
                await writer.drain()
                await asyncio.sleep(1)
            writer.close()
        except OSError:
            await asyncio.sleep(1)


def non_reader(port: int, path: str) -> socket.socket:
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect((HOST, port))
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    return sock


async def phones(port: int, token: str, seconds: float, latencies: list, errors: list) -> None:
    _status, headers, body = await request(
        port, f"GET /m/{token}/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
    )
    cookie = re.search(r"csrftoken=([^;]+)", headers.get("set-cookie", "")).group(1)
    csrf = CSRF.search(body).group(1).decode()
    versions = [int(VERSION.search(body).group(1))] * 4
    number = [int(re.search(rb'data-next-number="(\d+)"', body).group(1))]
    deadline = time.monotonic() + seconds

    async def timed(raw: bytes) -> tuple[int, bytes]:
        kind = "hand" if raw.startswith(b"POST") else "poll"
        started = time.perf_counter()
        try:
            status, _, body = await request(port, raw)
        except (OSError, TimeoutError, asyncio.IncompleteReadError) as error:
            errors.append(repr(error))
            return 0, b""
        latencies.append((kind, (time.perf_counter() - started) * 1000))
        if status >= 400:
            errors.append(str(status))
        return status, body

    async def poller(index: int) -> None:
        await asyncio.sleep(random.uniform(0, 2))
        while time.monotonic() < deadline:
            raw = f"GET /m/{token}/poll/?v={versions[index]} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            status, body = await timed(raw.encode())
            found = VERSION.search(body)
            if status == 200 and found:
                versions[index] = int(found.group(1))
            await asyncio.sleep(2)

    async def player() -> None:
        while time.monotonic() < deadline:
            await asyncio.sleep(5)
            form = urlencode({
                "csrfmiddlewaretoken": csrf, "number": number[0], "key": uuid.uuid4().hex,
                "match_version": versions[0], "taker": 1 + number[0] % 4,
                "points": random.randint(82, 140), "points_team": "AB"[number[0] % 2],
            })  # fmt: skip
            raw = (
                f"POST /m/{token}/donnes/ HTTP/1.1\r\nHost: 127.0.0.1\r\nHX-Request: true\r\n"
                f"Cookie: csrftoken={cookie}\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                f"Content-Length: {len(form)}\r\n\r\n{form}"
            )
            status, body = await timed(raw.encode())
            found = VERSION.search(body)
            if status == 200 and found:
                versions[0] = int(found.group(1))
                number[0] += 1

    await asyncio.gather(*(poller(i) for i in range(4)), player())


async def attack(args: argparse.Namespace, port: int, token: str, big: str) -> dict:
    stop = asyncio.Event()
    tricklers = [asyncio.create_task(trickler(port, stop)) for _ in range(args.tricklers)]
    held = []
    for _ in range(args.non_readers):
        try:
            held.append(await asyncio.to_thread(non_reader, port, big))
        except OSError:
            break
    # The non-readers' pages are rendered now; wait until the server is idle
    # again (what is measured is what they hold, not their rendering).
    settled = time.monotonic()
    calm = 0
    while calm < 3 and time.monotonic() - settled < 120:
        started = time.perf_counter()
        probe = f"GET /m/{token}/poll/?v=0 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
        try:
            await request(port, probe)
        except (OSError, TimeoutError, asyncio.IncompleteReadError):
            calm = 0
            continue
        calm = calm + 1 if time.perf_counter() - started < 0.05 else 0
        await asyncio.sleep(0.5)
    latencies: list[float] = []
    errors: list[str] = []
    try:
        await phones(port, token, args.seconds, latencies, errors)
    except (OSError, TimeoutError, asyncio.IncompleteReadError) as error:
        errors.append(f"the match page never answered: {error!r}")
    stop.set()
    for task in tricklers:
        task.cancel()
    for sock in held:
        sock.close()
    every = [ms for _, ms in latencies]
    polls = [ms for kind, ms in latencies if kind == "poll"]
    hands = [ms for kind, ms in latencies if kind == "hand"]
    return {
        "requests": len(every),
        "errors": len(errors),
        "first_errors": errors[:3],
        "p50_ms": round(percentile(every, 50), 1),
        "p95_ms": round(percentile(every, 95), 1),
        "max_ms": round(max(every or [0]), 1),
        "polls": len(polls),
        "polls_p95_ms": round(percentile(polls, 95), 1),
        "hands": len(hands),
        "hands_p50_ms": round(percentile(hands, 50), 1),
        "non_readers_connected": len(held),
        "settle_s": round(time.monotonic() - settled - args.seconds, 1),
    }


def rss_mb(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return round(total / 1024, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", default="granian", choices=["granian", "uvicorn", "conf"])
    parser.add_argument("--tricklers", type=int, default=500)
    parser.add_argument("--non-readers", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="rebelote-slow-") as folder:
        workdir = Path(folder)
        db = make_database("sqlite", "", workdir)
        collect_static()
        table = Tables(db.url, hands=2).ensure(1)[0]
        port = free_port()
        env = server_env(db.url, port, "belote_site.settings", {"BENCH_LOG": str(workdir / "log")})
        server = Server(env, args.server, port)
        try:
            big = "/static/django_htmx/htmax-4.js"
            result = asyncio.run(attack(args, port, table.token, big))
            result["server_rss_mb"] = rss_mb(server.pids())
        finally:
            server.stop()
    print(json.dumps({"server": args.server, "tricklers": args.tricklers,
                      "non_readers": args.non_readers, **result}))  # fmt: skip


if __name__ == "__main__":
    main()
