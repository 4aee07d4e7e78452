"""What a held event stream costs the server in memory (issue 31: a held
stream <= 4 KB).

Run from the project root (needs ``make install``):

    .venv/bin/python bench/bench_stream_memory.py [--streams 2000] [--tables 500]

Makes a fresh SQLite database of ``--tables`` matches, starts the production
server (``belote_site/serve.py``: granian, one worker, ``DEBUG=0``), opens
``--warm`` streams first (the process's first stream, its imports and
buffers: not what each stream costs), then ``--streams`` more, four to a
match as four phones do, each from its own loopback address
(127.0.x.y: the per-address cap is a hall's, not one phone's), and waits
until every one has had its first event. The server's resident memory (the
sum of ``VmRSS`` over granian's processes, from ``/proc``) is read before
and after the second batch, each time after a second of quiet; the cost of
a stream is the difference divided by the streams. Then every stream is
closed, and the memory read again (what the streams gave back). Prints one
line a measure; the figures go in bench/README.md with the load average.

``--in-process``: the same streams served by ``belote_site.asgi.application``
in this process (no server, no sockets: a ``send`` that keeps nothing and a
``receive`` that returns a future, as granian's does), the Python memory they hold measured by
``tracemalloc`` (what our code and Django hold a stream, without granian's
connection), with the thirty lines of code that allocated most of it (the bench's own
lines stand for the server's scope and callables).

Not part of the pytest suite.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

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


def resident_kb(pids: list[int]) -> int:
    """The resident memory (VmRSS, KB) of ``pids``, summed."""
    total = 0
    for pid in pids:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total


async def open_streams(port: int, tokens: list[str], first: int) -> list[asyncio.StreamWriter]:
    """One stream a token, each from its own loopback address, read until its
    first event; the writers are kept (the streams held)."""

    async def one(index: int, token: str) -> asyncio.StreamWriter:
        number = first + index
        local = f"127.0.{(number // 250) % 250 + 1}.{number % 250 + 1}"
        reader, writer = await asyncio.open_connection(HOST, port, local_addr=(local, 0))
        writer.write(
            f"GET /m/{token}/events/ HTTP/1.1\r\nHost: {HOST}:{port}\r\n"
            "Accept: text/event-stream\r\n\r\n".encode()
        )
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 60)
        if head[9:12] != b"200":
            raise SystemExit(f"stream {number}: {head[:12]!r}")
        await asyncio.wait_for(reader.readuntil(b"data: "), 60)
        await asyncio.wait_for(reader.readuntil(b"\n\n"), 60)
        writer.transport.pause_reading()  # held, as a phone holds it
        return writer

    writers: list[asyncio.StreamWriter] = []
    for start in range(0, len(tokens), 200):  # a burst of 200 at a time
        batch = tokens[start : start + 200]
        writers += await asyncio.gather(*(one(start + i, t) for i, t in enumerate(batch)))
    return writers


async def measure(port: int, pids: list[int], tokens: list[str], warm: int) -> dict:
    """Warm up, open the streams, close them; the memory at each step (KB)."""
    held = await open_streams(port, tokens[:warm], 0)
    await asyncio.sleep(1.0)
    before = resident_kb(pids)
    held += await open_streams(port, tokens[warm:], warm)
    await asyncio.sleep(1.0)
    after = resident_kb(pids)
    for writer in held:
        writer.close()
    await asyncio.sleep(2.0)
    closed = resident_kb(pids)
    return {"before": before, "after": after, "closed": closed}


OURS = ("scoresheets/", "belote_site/", "django/", "bench/")


def _short(filename: str) -> str:
    """A file's name from the project's root, or from site-packages."""
    return filename.replace(str(ROOT) + "/", "").split("site-packages/")[-1]


OURS = ("scoresheets/", "belote_site/", "django/", "bench/")


def _short(filename: str) -> str:
    """A file's name from the project's root, or from site-packages."""
    return filename.replace(str(ROOT) + "/", "").split("site-packages/")[-1]


def _ours(stats: list) -> dict[str, int]:
    """Each allocation's growth (bytes) by the innermost frame of its
    traceback in our code, Django or the bench (else its own first frame)."""
    sums: dict[str, int] = {}
    for stat in stats:
        frames = [f"{_short(frame.filename)}:{frame.lineno}" for frame in stat.traceback]
        ours = [f for f in frames if f.startswith(OURS)]
        key = ours[-1] if ours else frames[-1]
        sums[key] = sums.get(key, 0) + stat.size_diff
    return sums


def in_process(tokens: list[str], warm: int, top: int = 30) -> None:
    """Serve the streams in this process; print what they hold (tracemalloc)."""
    import gc
    import tracemalloc

    from belote_site.asgi import application

    async def run() -> None:
        leaving: list[asyncio.Future] = []
        firsts: list[asyncio.Future] = []

        async def stream(index: int, token: str) -> None:
            first = asyncio.get_running_loop().create_future()
            firsts.append(first)

            asked = []

            def receive() -> asyncio.Future:
                # A future, as granian's receive() gives: the request's
                # (empty) body first, then the phone's going.
                answer = asyncio.get_running_loop().create_future()
                if not asked:
                    asked.append(True)
                    answer.set_result({"type": "http.request", "body": b"", "more_body": False})
                else:
                    leaving.append(answer)
                return answer

            async def send(message: dict) -> None:
                if b"data: " in message.get("body", b"") and not first.done():
                    first.set_result(None)

            scope = {
                "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
                "method": "GET", "scheme": "http", "root_path": "",
                "path": f"/m/{token}/events/", "raw_path": f"/m/{token}/events/".encode(),
                "query_string": b"", "headers": [(b"host", HOST.encode())],
                "client": (f"127.0.{index // 250 % 250 + 1}.{index % 250 + 1}", 40000),
                "server": (HOST, 8000),
            }  # fmt: skip
            await application(scope, receive, send)

        tasks = [asyncio.ensure_future(stream(i, t)) for i, t in enumerate(tokens[:warm])]
        await asyncio.sleep(0)  # each stream has made its future
        await asyncio.wait_for(asyncio.gather(*firsts), 120)
        gc.collect()
        tracemalloc.start(8)
        before = tracemalloc.take_snapshot()
        count = len(tokens) - warm
        tasks += [asyncio.ensure_future(stream(warm + i, t)) for i, t in enumerate(tokens[warm:])]
        await asyncio.sleep(0)
        await asyncio.wait_for(asyncio.gather(*firsts[warm:]), 300)
        await asyncio.sleep(0.5)
        gc.collect()
        after = tracemalloc.take_snapshot()
        tracemalloc.stop()
        stats = after.compare_to(before, "traceback")
        grown = sum(stat.size_diff for stat in stats)
        print(f"{count} streams held in this process: {grown / count / 1024:.2f} KB each")
        print("by the line of the project (or Django) that asked for it:")
        for line, size in sorted(_ours(stats).items(), key=lambda kv: -kv[1])[:top]:
            print(f"  {size / count:8.0f} B  {line}")
        for answer in leaving:  # every phone goes
            if not answer.done():
                answer.set_result({"type": "http.disconnect"})
        await asyncio.wait(tasks, timeout=60)

    asyncio.run(run())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=2000)
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--warm", type=int, default=100)
    parser.add_argument("--in-process", action="store_true")
    args = parser.parse_args()
    per_table = -(-(args.streams + args.warm) // args.tables)
    if per_table > 24:
        raise SystemExit("more than 24 streams a match: raise --tables")
    if args.in_process:  # as the server runs it: DEBUG=0, this host, no rate limits
        os.environ.update(DEBUG="0", ALLOWED_HOSTS=HOST, RATELIMIT_ENABLE="0")
        os.environ.setdefault("SECRET_KEY", "bench-" + "x" * 50)
    collect_static()
    with tempfile.TemporaryDirectory() as workdir:
        db = make_database("sqlite", "", Path(workdir))
        tables = Tables(db.url, hands=5).ensure(args.tables)
        tokens = [tables[i % len(tables)].token for i in range(args.warm + args.streams)]
        if args.in_process:
            print(f"load average {os.getloadavg()[0]:.1f}")
            return in_process(tokens, args.warm)
        port = free_port()
        env = server_env(db.url, port, "belote_site.settings", {"WEB_CONCURRENCY": "1"})
        env["BENCH_LOG"] = str(Path(workdir) / "server.log")
        server = Server(env, "granian", port)
        try:
            time.sleep(1.0)
            found = asyncio.run(measure(port, server.pids(), tokens, args.warm))
        finally:
            server.stop()
    per_stream = (found["after"] - found["before"]) / args.streams
    load = os.getloadavg()[0]
    print(f"load average {load:.1f}; {args.streams} streams held (after {args.warm} warm-up)")
    print(f"server resident memory: {found['before']:,} KB -> {found['after']:,} KB")
    print(f"per held stream: {per_stream:.2f} KB")
    print(f"after closing them all: {found['closed']:,} KB")


if __name__ == "__main__":
    main()
