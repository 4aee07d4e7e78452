"""What the attacks of issue 8 cost now that they are refused: time and memory.

Run from the project root (its own SQLite file, or DATABASE_URL):

    .venv/bin/python bench/bench_limits.py

Through Django's test client (the whole middleware stack, no network),
with the default settings (rate limits on, LocMemCache):

- the 1 MB import of 66,660 "everyone passed" hands (refused from its
  Content-Length), a file just over the cap (cut off while it streams) and a
  document within the size cap but over the hand cap;
- ``manage.py import_match`` of a 100,000-hand file, in a child process
  (its wall time and peak RSS), and in this process (tracemalloc);
- 200 new matches from one address;
- 500 hands into one match from one address, then the same with the rate
  limits off (the hand cap alone), and the page of the full 200-hand match.

Peak memory: the Python heap allocated during the requests (tracemalloc),
not counting what was allocated before. Not part of the pytest suite.
"""

from __future__ import annotations

import io
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "belote_site.settings")
os.environ.setdefault("DATABASE_URL", "sqlite:////tmp/rebelote-bench-limits.sqlite3")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.core.cache import cache  # noqa: E402
from django.core.files.uploadedfile import SimpleUploadedFile  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.client import BOUNDARY, MULTIPART_CONTENT, encode_multipart  # noqa: E402

from scoresheets import limits  # noqa: E402
from scoresheets.matches import services  # noqa: E402
from scoresheets.models import Match  # noqa: E402
from scoresheets.scoring import Rules  # noqa: E402
from tests.factories import new_match_form  # noqa: E402

PASSED = '{"taker": null}'
MATCH = new_match_form(("Léa", "Sam", "Noé", "Zoé"))


def passed_hands(count: int) -> bytes:
    """A match document of ``count`` "everyone passed" hands (the issue's attack)."""
    return ('{"rules": {"target": 1000}, "hands": [' + ", ".join([PASSED] * count) + "]}").encode()


def measured(setup: Callable[[], Callable[[], Any]]) -> tuple[Any, float, float]:
    """(what the work returns, its wall time in ms, its peak heap in MB).

    ``setup()`` prepares a fresh run and returns the work: it runs twice,
    timed without tracemalloc (which slows Python down several times), then
    traced for its peak heap."""
    work = setup()
    started = time.perf_counter()
    result = work()
    elapsed = (time.perf_counter() - started) * 1000
    work = setup()
    tracemalloc.start()
    work()
    peak = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()
    return result, elapsed, peak


def row(label: str, outcome: str, ms: float, mb: float) -> None:
    print(f"| {label} | {outcome} | {ms:,.1f} ms | {mb:.2f} MB |")


def post_file(client: Client, data: bytes) -> Callable[[], Callable[[], Any]]:
    """The setup of one import: the multipart body is encoded beforehand, so
    that only the server's side is measured."""
    file = SimpleUploadedFile("match.json", data, content_type="application/json")
    body = encode_multipart(BOUNDARY, {"document": file})

    def setup() -> Callable[[], Any]:
        cache.clear()
        return lambda: client.generic("POST", "/importer/", body, content_type=MULTIPART_CONTENT)

    return setup


def bench_imports(client: Client) -> None:
    for label, data in (
        ("import of 1 MB (66,660 hands): refused from its Content-Length", passed_hands(66_660)),
        (
            "import just over the cap: cut off while it streams",
            b" " * limits.IMPORT_MAX_BYTES + b"{}",
        ),
        ("import of 15,000 hands within the size cap: hand cap", passed_hands(15_000)),
        (
            f"import of {limits.MATCH_MAX_HANDS} hands, accepted",
            passed_hands(limits.MATCH_MAX_HANDS),
        ),
    ):
        response, ms, mb = measured(post_file(client, data))
        row(f"{label} ({len(data):,} bytes)", str(response.status_code), ms, mb)


def bench_command() -> None:
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as handle:
        handle.write(passed_hands(100_000))
        path = handle.name
    size = os.path.getsize(path)
    try:
        started = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "manage.py", "import_match", path],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        ms = (time.perf_counter() - started) * 1000
        rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        print(
            f"| `import_match` of 100,000 hands ({size:,} bytes), child process "
            f"| exit {done.returncode}: {done.stderr.strip()} | {ms:,.0f} ms "
            f"(Django start included) | {rss:.0f} MB peak RSS |"
        )

        def command() -> int:
            try:
                call_command("import_match", path, stdout=io.StringIO(), stderr=io.StringIO())
            except SystemExit as exc:
                return exc.code
            return 0

        code, ms, mb = measured(lambda: command)
        row("`import_match` of 100,000 hands, in process", f"exit {code}", ms, mb)
    finally:
        os.unlink(path)


def burst(
    count: int, prepare: Callable[[], Callable[[int], Any]]
) -> tuple[str, float, float, float]:
    """``count`` requests made by ``prepare()`` (called before each run):
    the statuses, the time and heap of the lot, the median time of a refusal
    (from the timed run)."""

    def setup() -> Callable[[], tuple[str, float]]:
        request = prepare()

        def run() -> tuple[str, float]:
            statuses: Counter[int] = Counter()
            refused: list[float] = []
            for n in range(count):
                started = time.perf_counter()
                status = request(n).status_code
                if status >= 400:
                    refused.append((time.perf_counter() - started) * 1000)
                statuses[status] += 1
            outcome = ", ".join(f"{n} × {status}" for status, n in sorted(statuses.items()))
            return outcome, statistics.median(refused) if refused else 0.0

        return run

    (outcome, median), ms, mb = measured(setup)
    return outcome, ms, mb, median


def new_matches(client: Client) -> Callable[[int], Any]:
    cache.clear()
    return lambda n: client.post("/nouvelle/", MATCH)


def hands_into_one_match(client: Client) -> Callable[[int], Any]:
    cache.clear()
    match = services.match_create(names=["A", "B", "C", "D"], rules=Rules())
    url = f"/m/{match.token}/donnes/"
    version = [match.version]  # each redeal saved moves it on

    def redeal(n: int) -> Any:
        response = client.post(url, {"action": "pass", "match_version": str(version[0])})
        if response.status_code == 303:
            version[0] += 1
        return response

    return redeal


def main() -> None:
    call_command("migrate", verbosity=0)
    client = Client()
    client.get("/")  # warm up: URLs, templates and catalogs load on the first request
    print(f"database: {connection.vendor}; cache: {settings.CACHES['default']['BACKEND']}")
    print()
    print("| attack | answer | time | peak heap |")
    print("|---|---|---|---|")
    bench_imports(client)
    bench_command()

    outcome, ms, mb, median = burst(200, lambda: new_matches(client))
    row(f"200 new matches from one address (a refusal: {median:.1f} ms)", outcome, ms, mb)
    outcome, ms, mb, median = burst(500, lambda: hands_into_one_match(client))
    row(f"500 hands into one match (a refusal: {median:.1f} ms)", outcome, ms, mb)

    settings.RATELIMIT_ENABLE = False
    count = limits.MATCH_MAX_HANDS + 20
    outcome, ms, mb, median = burst(count, lambda: hands_into_one_match(client))
    row(
        f"{count} hands, rate limits off: the hand cap (a refusal: {median:.1f} ms)",
        outcome,
        ms,
        mb,
    )
    match = Match.objects.order_by("-pk").first()
    page = f"/m/{match.token}/"
    times = []
    for _ in range(5):
        response, ms, mb = measured(lambda: lambda: client.get(page))
        times.append(ms)
    row(
        f"page of the full {match.hands.count()}-hand match "
        f"({len(response.content) / 1024:.0f} KB, median of 5)",
        str(response.status_code),
        statistics.median(times),
        mb,
    )


if __name__ == "__main__":
    main()
