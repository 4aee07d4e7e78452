"""Push, measured with real Chromium pages: how fast a hand saved on one phone
shows on another, what a hidden tab sends, how fast a page shown again is
current.

Run from the project root (needs ``make install``, Debian's chromium; two
servers need PostgreSQL and Redis on 127.0.0.1):

    .venv/bin/python bench/bench_push.py --hands 30              # one server (SQLite)
    .venv/bin/python bench/bench_push.py --hands 30 --servers 2  # two, PostgreSQL + Redis
    .venv/bin/python bench/bench_push.py --hands 30 --no-stream  # the poll alone, to compare
    .venv/bin/python bench/bench_push.py --hidden 60             # hidden, then shown again
    .venv/bin/python bench/bench_push.py --back 7                # Back to the page, 7 times

Each run makes a fresh database and starts the production server
(``belote_site/serve.py``: granian, ``DEBUG=0``) on 127.0.0.1, or two of them
on one PostgreSQL database and one Redis. Phone A (on server 1) enters hands
through the match page's form, at random moments 0.5 to 3 s apart; phone B (on
server 2 when there are two) only watches. For each hand: the time from the
tap on "Valider la donne" on A to the moment the hand is in B's page (a
MutationObserver in B; both clocks are this machine's).

``--hidden S``: phone B's tab is hidden (``document.visibilityState``
emulated, as tests/browser/test_push.py does) for S seconds while A enters
a hand; every request B sends meanwhile is counted; then B is shown again and
the time until the hand is on its page is measured; then B leaves the page and
comes back with Back (a page restored from the back-forward cache where
Chromium keeps it), and the same is measured.

``--back N``: phone B leaves the match page by a link N times; each time
phone A saves a hand meanwhile, and B goes Back: the time from Back to the
hand on B's page (median, max), and how many of the Backs restored the page
from Chromium's back-forward cache (Playwright turns it off by default: here
it is on, as on a phone; ``--no-bfcache`` keeps it off, to compare), with
the reasons Chromium gives when it did not.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
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

CHROMIUM = os.environ.get("CHROMIUM") or "/usr/bin/chromium"
VISIBILITY = (ROOT / "tests" / "browser" / "test_push.py").read_text()
VISIBILITY = VISIBILITY[VISIBILITY.index('VISIBILITY = """') + 16 :]
VISIBILITY = VISIBILITY[: VISIBILITY.index('"""')]
# Records when each hand row appears in the page (this machine's clock, ms).
WATCH = """(() => {
    window.__seen = {};
    new MutationObserver(() => {
        document.querySelectorAll("[id^=hand-]").forEach((row) => {
            const id = row.id;
            if (/^hand-\\d+$/.test(id) && !(id in window.__seen)) window.__seen[id] = Date.now();
        });
    }).observe(document, { subtree: true, childList: true });
})();"""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))]


def start(args: argparse.Namespace, workdir: Path) -> tuple:
    """The database, its first table, and the servers."""
    kind = "postgres" if args.servers == 2 else args.db
    db = make_database(kind, args.pg_url, workdir)
    collect_static()
    table = Tables(db.url, hands=2).ensure(1)[0]
    extra = {"BENCH_LOG": str(workdir / "server.log"), "WEB_CONCURRENCY": "1"}
    if args.servers == 2:
        extra.update(CACHE_URL=args.cache_url, CACHE_KEY_PREFIX=f"bench-push-{os.getpid()}")
    if args.no_stream:
        extra["PUSH_BACKEND"] = "off"
    servers = []
    for _ in range(args.servers):
        port = free_port()
        servers.append(
            Server(server_env(db.url, port, "belote_site.settings", extra), args.server, port)
        )
    return db, table, servers


def enter(page, number: int) -> float:
    """Tap hand ``number`` into A's form; the moment of the tap (s, epoch)."""
    form = page.locator("#hand-form")
    # The fresh form of the previous save is in (htmx swapped it after the row).
    page.wait_for_function(
        f"() => document.querySelector('#hand-form [name=number]')?.value === '{number}'"
    )
    form.locator("fieldset.takers input[type=radio]").nth(number % 4).check()
    form.locator("#id_points").fill(str(random.randint(82, 140)))
    tapped = time.time()
    form.get_by_role("button", name="Valider la donne").click()
    return tapped


def latency(args: argparse.Namespace, browser, table, servers) -> dict:
    url_a = f"http://{HOST}:{servers[0].port}/m/{table.token}/"
    url_b = f"http://{HOST}:{servers[-1].port}/m/{table.token}/"
    a = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-FR").new_page()
    b_context = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-FR")
    b = b_context.new_page()
    b.add_init_script(WATCH)
    sent: list[str] = []
    b.on("request", lambda request: sent.append(request.url))
    a.goto(url_a)
    b.goto(url_b)
    time.sleep(1.0)  # B's stream is up (or its polls started)
    rng = random.Random(5)
    delays, own = [], []
    a.add_init_script(WATCH)
    a.reload()
    for offset in range(args.hands):
        number = table.next_number + offset
        time.sleep(rng.uniform(0.5, 3.0))
        tapped = enter(a, number)
        try:
            a.locator(f"#hand-{number}").wait_for(timeout=30_000)
        except Exception:
            print(a.locator("#hand-form").inner_text()[:800], file=sys.stderr)
            raise
        b.locator(f"#hand-{number}").wait_for(timeout=30_000)
        seen = b.evaluate(f"() => window.__seen['hand-{number}']")
        delays.append(seen / 1000 - tapped)
        own.append(a.evaluate(f"() => window.__seen['hand-{number}']") / 1000 - tapped)
    b_context.close()
    return {
        "hands": len(delays),
        "median_s": round(statistics.median(delays), 3),
        "p95_s": round(percentile(delays, 95), 3),
        "max_s": round(max(delays), 3),
        "a_own_median_s": round(statistics.median(own), 3),
        "b_polls": sum("/poll/" in url for url in sent),
        "b_streams": sum("/events/" in url for url in sent),
    }


def hidden(args: argparse.Namespace, browser, table, servers) -> dict:
    url = f"http://{HOST}:{servers[0].port}/m/{table.token}/"
    a = browser.new_context(locale="fr-FR").new_page()
    b = browser.new_context(locale="fr-FR").new_page()
    b.add_init_script(WATCH)
    b.add_init_script(VISIBILITY % "false")
    a.goto(url)
    b.goto(url)
    time.sleep(1.0)
    sent: list[str] = []
    b.on("request", lambda r: sent.append(r.url))
    b.evaluate("() => window.__setHidden(true)")
    started = time.monotonic()
    number = table.next_number
    enter(a, number)
    a.locator(f"#hand-{number}").wait_for(timeout=30_000)
    time.sleep(max(0.0, args.hidden - (time.monotonic() - started)))
    quiet = [u for u in sent if "favicon" not in u]
    shown_at = time.time()
    b.evaluate("() => window.__setHidden(false)")
    b.locator(f"#hand-{number}").wait_for(timeout=30_000)
    foreground = b.evaluate(f"() => window.__seen['hand-{number}']") / 1000 - shown_at
    # Leave for another page, a hand is saved meanwhile, come back with Back.
    b.goto(f"http://{HOST}:{servers[0].port}/calculateur/")
    enter(a, number + 1)
    a.locator(f"#hand-{number + 1}").wait_for(timeout=30_000)
    back_at = time.time()
    b.go_back(wait_until="commit")  # a restored page fires no load event
    b.locator(f"#hand-{number + 1}").wait_for(timeout=30_000)
    restored = b.evaluate(
        "() => performance.getEntriesByType('navigation')[0].type"
    )  # back_forward either way; bfcache: the page's own scripts kept running state
    seen = b.evaluate(f"() => window.__seen['hand-{number + 1}'] || Date.now()") / 1000
    return {
        "hidden_seconds": args.hidden,
        "requests_while_hidden": len(quiet),
        "current_after_shown_s": round(foreground, 3),
        "current_after_back_s": round(seen - back_at, 3),
        "back_navigation": restored,
    }


# Each pageshow's "persisted" (true: restored from the back-forward cache),
# kept in the page's own state (a reload starts it anew).
PAGESHOWS = """(() => {
    window.__pageshows = [];
    window.addEventListener("pageshow", (event) => window.__pageshows.push(event.persisted));
})();"""


def back(args: argparse.Namespace, browser, table, servers) -> dict:
    """``--back N``: N times, phone B leaves the match page for another page of
    the site (a link), phone A saves a hand meanwhile, B goes Back; the time
    from Back to the hand on B's page, and whether Chromium restored the page
    from its back-forward cache (``pageshow`` with ``persisted``; else the
    DevTools protocol's reasons, ``Page.backForwardCacheNotUsed``)."""
    url = f"http://{HOST}:{servers[0].port}/m/{table.token}/"
    a = browser.new_context(locale="fr-FR").new_page()
    b = browser.new_context(locale="fr-FR").new_page()
    b.add_init_script(WATCH)
    b.add_init_script(PAGESHOWS)
    reasons: list = []
    cdp = b.context.new_cdp_session(b)
    cdp.on("Page.backForwardCacheNotUsed", lambda event: reasons.append(event))
    cdp.send("Page.enable")
    a.goto(url)
    b.goto(url)
    # The site's worker has taken B's page (a phone's later visits): its taking
    # over (clients.claim) would evict a page in the cache.
    b.wait_for_function("() => Boolean(navigator.serviceWorker.controller)", timeout=60_000)
    times, restored = [], 0
    number = table.next_number
    for _ in range(args.back):
        b.locator(f"#hand-{number - 1}").wait_for(timeout=30_000)
        time.sleep(1.0)  # B's stream is up; the page settled
        b.get_by_role("link", name="Calculateur", exact=True).click()
        b.wait_for_url("**/calculateur/")
        enter(a, number)
        a.locator(f"#hand-{number}").wait_for(timeout=30_000)
        back_at = time.time()
        b.go_back(wait_until="commit")  # a restored page fires no load event
        b.locator(f"#hand-{number}").wait_for(timeout=30_000)
        seen = b.evaluate(f"() => window.__seen['hand-{number}'] || Date.now()") / 1000
        times.append(seen - back_at)
        restored += b.evaluate("() => window.__pageshows.slice(-1)[0] === true")
        number += 1
    return {
        "backs": len(times),
        "restored_from_bfcache": restored,
        "back_median_s": round(statistics.median(times), 3),
        "back_max_s": round(max(times), 3),
        "back_times_s": [round(t, 3) for t in times],
        "not_restored_reasons": sorted(
            {
                explanation.get("reason", "")
                for event in reasons
                for explanation in event.get("notRestoredExplanations", [])
            }
        ),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--servers", type=int, choices=[1, 2], default=1)
    parser.add_argument("--server", default="granian", choices=["granian", "uvicorn", "conf"])
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--hidden", type=float, default=0, help="seconds hidden (no latency run)")
    parser.add_argument("--no-stream", action="store_true", help="PUSH_BACKEND=off: polls only")
    parser.add_argument("--back", type=int, default=0, help="Back to the match page N times")
    parser.add_argument(
        "--no-bfcache", action="store_true", help="keep Playwright's --disable-back-forward-cache"
    )
    parser.add_argument("--pg-url", default="postgres://postgres@127.0.0.1:5432/postgres")
    parser.add_argument("--cache-url", default="redis://127.0.0.1:6379/9")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="rebelote-push-") as folder:
        db, table, servers = start(args, Path(folder))
        try:
            with sync_playwright() as playwright:
                # Playwright turns Chromium's back-forward cache off; a phone has it.
                ignore = [] if args.no_bfcache else ["--disable-back-forward-cache"]
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM,
                    args=["--no-sandbox", "--disable-gpu"],
                    ignore_default_args=ignore,
                )
                if args.back:
                    result = back(args, browser, table, servers)
                elif args.hidden:
                    result = hidden(args, browser, table, servers)
                else:
                    result = latency(args, browser, table, servers)
                browser.close()
        finally:
            for server in servers:
                server.stop()
            from django.db import connections

            connections.close_all()
            db.drop()
    label = "poll only" if args.no_stream else "push"
    print(json.dumps({"servers": args.servers, "mode": label, "server": args.server, **result}))


if __name__ == "__main__":
    main()
