"""Two app servers, one PostgreSQL, one Redis: does a hand cross, and how fast?

Run from the project root (needs ``make install``, PostgreSQL and Redis):

    .venv/bin/python bench/bench_cluster.py                      # 20 hands
    .venv/bin/python bench/bench_cluster.py --hands 50 --poll 2
    .venv/bin/python bench/bench_cluster.py --server conf        # on gunicorn

It makes a fresh PostgreSQL database (``--pg-url``, dropped at the end) and
starts two production servers (``--server``: ``granian``, the production
command ``belote_site/serve.py``, by default; ``conf``, the former one,
``gunicorn -c gunicorn.conf.py``; ``DEBUG=0``, as ``bench_live.py`` starts
them) on two ports of 127.0.0.1, both with ``DATABASE_URL`` on that database and
``CACHE_URL`` on one Redis (``--cache-url``, a key prefix of their own).
Then, like a table with its phones split between the servers:

- **Crossing**: a phone polls server B every ``--poll`` s (as poll.js does:
  ``/m/<token>/poll/?v=<version>``, the next poll 2 s after the answer)
  while hands are entered through server A at random moments (the hand form,
  POSTed like hand.js does). For each hand: the time from the start of its
  POST on A to the first answer of B that carries the new sheet. With a 2 s
  poll the expected median is about 1 s (half a poll) plus the request.
- **Shared rate limits**: hand writes alternate between A and B until one is
  refused: with one shared count the refusal comes after exactly
  ``HANDS_PER_MATCH_RATE`` writes (60), not twice that.
- **Shared cache**: the keys the two servers wrote in Redis under their prefix
  (versions, the rendered sheet): one set, read by both.

``tests/browser/test_cluster.py`` runs the same with a few hands, as part of the
suite when PostgreSQL and Redis answer.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import http.client
import json
import random
import re
import statistics
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bench_live import (  # noqa: E402  (needs ROOT on the path)
    CSRF_INPUT,
    HOST,
    VERSION,
    Server,
    Tables,
    collect_static,
    free_port,
    make_database,
    server_env,
)

POLL_SECONDS = 2.0


@dataclass
class Phone:
    """A phone polling one server like poll.js: the versions it saw, and when."""

    port: int
    token: str
    version: int
    poll: float = POLL_SECONDS
    seen: list[tuple[int, float]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)

    def run(self) -> None:
        """Poll until stopped; record (version, monotonic time) of each new sheet."""
        conn = http.client.HTTPConnection(HOST, self.port, timeout=10)
        while not self.stop.is_set():
            try:
                conn.request("GET", f"/m/{self.token}/poll/?v={self.version}")
                response = conn.getresponse()
                body = response.read().decode()
            except (OSError, http.client.HTTPException) as error:
                self.errors.append(repr(error))
                conn.close()
                conn = http.client.HTTPConnection(HOST, self.port, timeout=10)
                continue
            if response.status == 200:
                found = VERSION.search(body)
                if found and int(found.group(1)) > self.version:
                    self.version = int(found.group(1))
                    self.seen.append((self.version, time.monotonic()))
            elif response.status != 204:
                self.errors.append(f"poll answered {response.status}")
            self.stop.wait(self.poll)
        conn.close()


class Entry:
    """Enters hands through one server, with the form and CSRF token of its match page."""

    def __init__(self, port: int, token: str, number: int) -> None:
        self.port = port
        self.token = token
        self.number = number
        conn = http.client.HTTPConnection(HOST, port, timeout=10)
        conn.request("GET", f"/m/{token}/")
        response = conn.getresponse()
        body = response.read().decode()
        cookie = re.search(r"csrftoken=([^;]+)", response.headers.get("Set-Cookie", ""))
        form_token = CSRF_INPUT.search(body)
        conn.close()
        if response.status != 200 or not cookie or not form_token:
            raise RuntimeError(f"match page on port {port}: {response.status}, no CSRF token")
        self.cookie, self.csrf = cookie.group(1), form_token.group(1)

    def post(self, number: int, version: int) -> tuple[int, int | None]:
        """POST hand ``number`` typed on the sheet at ``version``: (HTTP
        status, the new version or None)."""
        form = {
            "csrfmiddlewaretoken": self.csrf,
            "number": str(number),
            "match_version": str(version),
            "key": uuid.uuid4().hex,
            "taker": str(1 + number % 4),
            "points": str(random.randint(60, 120)),
            "points_team": "AB"[number % 2],
        }
        headers = {
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": f"csrftoken={self.cookie}",
            "HX-Request": "true",
        }
        conn = http.client.HTTPConnection(HOST, self.port, timeout=10)
        conn.request("POST", f"/m/{self.token}/donnes/", urllib.parse.urlencode(form), headers)
        response = conn.getresponse()
        body = response.read().decode(errors="replace")
        conn.close()
        found = VERSION.search(body)
        return response.status, int(found.group(1)) if found and response.status == 200 else None


@dataclass
class ClusterResult:
    """What one run measured."""

    crossings: list[float]  # seconds, one per hand
    missed: int  # hands never seen on the other server
    phone_errors: list[str]
    writes_before_refusal: int | None  # hand writes accepted before the first 429
    redis_keys: int  # keys under the run's prefix

    def summary(self) -> str:
        """The figures as printed lines."""
        lines = []
        if self.crossings:
            ordered = sorted(self.crossings)
            p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
            lines.append(
                f"crossing A -> B: {len(ordered)} hands, "
                f"median {statistics.median(ordered):.2f} s, p95 {p95:.2f} s, "
                f"max {ordered[-1]:.2f} s, missed {self.missed}, "
                f"phone errors {len(self.phone_errors)}"
            )
        lines.append(
            f"hand writes accepted (A and B alternately) before a 429: {self.writes_before_refusal}"
        )
        lines.append(f"keys in Redis under the run's prefix: {self.redis_keys}")
        return "\n".join(lines)


def run(
    pg_url: str,
    cache_url: str,
    hands: int,
    poll: float,
    gap: tuple[float, float],
    rate_limit: bool,
    server: str = "granian",
) -> ClusterResult:
    """Start the two servers (``server``: ``granian`` or ``conf``, gunicorn,
    as ``bench_live.Server``), measure, stop them and drop the database."""
    import redis

    prefix = f"rebelote-cluster-{uuid.uuid4().hex[:8]}"
    with tempfile.TemporaryDirectory(prefix="rebelote-cluster-") as folder:
        workdir = Path(folder)
        db = make_database("postgres", pg_url, workdir)
        servers: list[Server] = []
        try:
            collect_static()
            tables = Tables(db.url, hands=2).ensure(2)
            extra = {
                "CACHE_URL": cache_url,
                "CACHE_KEY_PREFIX": prefix,
                "RATELIMIT_ENABLE": "1",
                "BENCH_LOG": str(workdir / "servers.log"),
                "WEB_CONCURRENCY": "1",
            }
            for _ in range(2):
                port = free_port()
                env = server_env(db.url, port, "belote_site.settings", extra)
                servers.append(Server(env, server, port))
            a, b = servers
            crossings, missed, phone_errors = _crossings(
                a.port, b.port, tables[0], hands, poll, gap
            )
            refused_after = _rate_limit(a.port, b.port, tables[1]) if rate_limit else None
            client = redis.Redis.from_url(cache_url)
            keys = sum(1 for _ in client.scan_iter(f"{prefix}:*"))
            with contextlib.suppress(Exception):
                for name in client.scan_iter(f"{prefix}:*"):
                    client.delete(name)
            return ClusterResult(crossings, missed, phone_errors, refused_after, keys)
        finally:
            for server in servers:
                server.stop()
            from django.db import connections

            connections.close_all()
            db.drop()


def _first_answer(port: int, path: str) -> None:
    """GET ``path`` once, waiting up to a minute: a server's first request
    imports and compiles what its pages use (the port answers before the app
    is warm; 10 s ran out once on a loaded machine, in the suite)."""
    conn = http.client.HTTPConnection(HOST, port, timeout=60)
    try:
        conn.request("GET", path)
        conn.getresponse().read()
    finally:
        conn.close()


def _saved(entry: Entry, number: int, version: int) -> int:
    """Hand ``number`` entered through ``entry`` on the sheet at ``version``:
    the new version (``RuntimeError`` when the server refuses it)."""
    status, saved = entry.post(number, version)
    if status != 200 or saved is None:
        raise RuntimeError(f"hand {number} through A answered {status}")
    return saved


def _until_seen(phone: Phone, version: int, poll: float) -> None:
    """Wait until ``phone`` has seen ``version`` (three polls and 5 s at most)."""
    deadline = time.monotonic() + 3 * poll + 5
    while time.monotonic() < deadline and not any(v >= version for v, _ in phone.seen):
        time.sleep(0.05)


def _crossings(port_a, port_b, table, hands, poll, gap) -> tuple[list[float], int, list[str]]:
    _first_answer(port_a, f"/m/{table.token}/")
    _first_answer(port_b, f"/m/{table.token}/poll/?v={table.version}")
    phone = Phone(port_b, table.token, table.version, poll)
    thread = threading.Thread(target=phone.run, daemon=True)
    thread.start()
    entry = Entry(port_a, table.token, table.next_number)
    sent: list[tuple[int, float]] = []
    number, version = table.next_number, table.version
    # One hand first, not measured: each server's first save and first
    # changed sheet import and compile what they use (4.5 s once, the suite
    # loaded, against 0.3 s warm); the figures are of servers in use.
    version = _saved(entry, number, version)
    number += 1
    _until_seen(phone, version, poll)
    rng = random.Random(11)
    for _ in range(hands):
        time.sleep(rng.uniform(*gap))
        started = time.monotonic()
        version = _saved(entry, number, version)
        sent.append((version, started))
        number += 1
    _until_seen(phone, version, poll)
    phone.stop.set()
    thread.join(15)
    crossings, missed = [], 0
    for version, started in sent:
        seen = [when for seen_version, when in phone.seen if seen_version >= version]
        if seen:
            crossings.append(seen[0] - started)
        else:
            missed += 1
    return crossings, missed, phone.errors


def _rate_limit(port_a: int, port_b: int, table) -> int | None:
    """Hand writes alternately through A and B; how many pass before a 429,
    counted in the rate window of the refusal.

    django-ratelimit counts in fixed windows (their ends staggered per key):
    when a window ends during the run, the count starts again, so only the
    writes accepted in the refused write's window are counted."""
    from django_ratelimit.core import _get_window, _split_rate

    from scoresheets.limits import HANDS_PER_MATCH_RATE

    _count, period = _split_rate(HANDS_PER_MATCH_RATE)
    key = f"127.0.0.1|{table.token}"  # ratelimits.match_key on loopback
    entries = [Entry(port_a, table.token, 0), Entry(port_b, table.token, 0)]
    number, version = table.next_number, table.version
    windows: list[int] = []  # the window of each accepted write
    for count in range(200):
        window = _get_window(key, period)
        status, saved = entries[count % 2].post(number, version)
        if status == 429:
            return sum(1 for w in windows if w == window)
        if status != 200 or saved is None:
            raise RuntimeError(f"hand {number} answered {status}")
        windows.append(window)
        number, version = number + 1, saved
    return None


def main() -> None:
    """Command line: run once and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pg-url", default="postgres://postgres@127.0.0.1:5432/postgres")
    parser.add_argument("--cache-url", default="redis://127.0.0.1:6379/9")
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--poll", type=float, default=POLL_SECONDS, help="seconds between polls")
    parser.add_argument(
        "--server",
        choices=["granian", "conf"],
        default="granian",
        help="granian (belote_site/serve.py, production) or conf (gunicorn.conf.py, former)",
    )
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args()
    result = run(
        args.pg_url, args.cache_url, args.hands, args.poll, (0.5, 4.0), True, server=args.server
    )
    print(json.dumps(dataclasses.asdict(result)) if args.json else result.summary())


if __name__ == "__main__":
    main()
