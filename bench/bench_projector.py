"""The hall live (issue 27, point 2), measured with real Chromium pages: how
long from "Valider la donne" on a table's phone to the room's screen (the
projector, 1920x1080) and to the organiser's page.

Run from the project root (needs ``make install``, Debian's chromium):

    .venv/bin/python bench/bench_projector.py --hands 30             # push (the default)
    .venv/bin/python bench/bench_projector.py --hands 30 --no-stream  # the 5 s poll alone

A fresh SQLite database, the production server (``belote_site/serve.py``:
granian, ``DEBUG=0``) on 127.0.0.1; a concours of 8 teams (4 tables),
partie 1 drawn. A phone (390x844) enters hands on table 1's sheet at random
moments 1 to 4 s apart; the projector and the organiser's page only watch.
For each hand: the time from the tap to the moment the table's new total
is in each page (a MutationObserver; one clock, this machine's). Prints
JSON: the median, p95 and max of each, and the load average.
"""

from __future__ import annotations

import argparse
import datetime
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
    collect_static,
    free_port,
    make_database,
    server_env,
)
from bench.bench_push import CHROMIUM, percentile  # noqa: E402

# Records when each text first appears in the watched part (ms, this clock).
WATCH = """(selector) => {
    window.__seen = {};
    const look = () => {
        const part = document.querySelector(selector);
        if (!part) return;
        for (const match of part.textContent.matchAll(/(\\d+) – (\\d+)/g)) {
            if (!(match[0] in window.__seen)) window.__seen[match[0]] = Date.now();
        }
    };
    const options = { subtree: true, childList: true, characterData: true };
    new MutationObserver(look).observe(document.body, options);
    look();
}"""


def make_concours(database_url: str) -> tuple[str, str, str]:
    """A concours of 8 teams with partie 1 drawn: its organiser's token,
    its read token, and table 1's match token."""
    os.environ["DATABASE_URL"] = database_url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "belote_site.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connections

    call_command("migrate", verbosity=0)
    from scoresheets.concours import services as cs

    concours = cs.concours_create(
        name="Concours du banc",
        date=datetime.date.today(),
        preset="classique",
        settings={"parties": 2, "length": {"target": 100_000}},
    )
    for n in range(1, 9):
        cs.concours_entrant_register(concours=concours, name=f"Équipe {n}", players=["A", "B"])
    cs.concours_draw(concours=concours)
    match = cs.load(concours).current.tables[0].match
    connections.close_all()
    return concours.token, concours.read_token, match.token


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--no-stream", action="store_true", help="PUSH_BACKEND=off: polls only")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as workdir:
        db = make_database("sqlite", "", Path(workdir))
        collect_static()
        organiser_token, read_token, match_token = make_concours(db.url)
        port = free_port()
        extra = {"BENCH_LOG": str(Path(workdir) / "server.log"), "WEB_CONCURRENCY": "1"}
        if args.no_stream:
            extra["PUSH_BACKEND"] = "off"
        server = Server(server_env(db.url, port, "belote_site.settings", extra), "granian", port)
        base = f"http://{HOST}:{port}"
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM)
                wide = {"viewport": {"width": 1920, "height": 1080}, "locale": "fr-FR"}
                room = browser.new_context(**wide).new_page()
                organiser = browser.new_context(**wide).new_page()
                phone = browser.new_context(
                    viewport={"width": 390, "height": 844}, locale="fr-FR"
                ).new_page()
                if os.environ.get("BENCH_DEBUG"):
                    room.on(
                        "response",
                        lambda r: print(round(time.time(), 2), r.status, r.url, file=sys.stderr),
                    )
                if os.environ.get("BENCH_DEBUG"):
                    room.on("console", lambda m: print("console", m.text, file=sys.stderr))
                    room.on("requestfailed", lambda r: print("failed", r.url, file=sys.stderr))
                    room.on("request", lambda r: print("request", r.url, file=sys.stderr))
                room.goto(f"{base}/voir/concours/{read_token}/salle/")
                room.evaluate(WATCH, "#room-live")
                organiser.goto(f"{base}/c/{organiser_token}/")
                organiser.evaluate(WATCH, "#live")
                phone.goto(f"{base}/m/{match_token}/")
                time.sleep(2.0)  # the streams are up (or the polls started)
                rng = random.Random(27)
                to_room, to_organiser, total = [], [], 0
                for number in range(1, args.hands + 1):
                    time.sleep(rng.uniform(1.0, 4.0))
                    points = rng.randint(82, 140)
                    total += points
                    form = phone.locator("#hand-form")
                    phone.wait_for_function(
                        "(n) => document.querySelector('#hand-form [name=number]')?.value === n",
                        arg=str(number),
                    )
                    form.locator("fieldset.takers input[type=radio]").first.check()
                    form.locator("#id_points").fill(str(points))
                    tapped = time.time()
                    form.get_by_role("button", name="Valider la donne").click()
                    # Table 1's side A: its running total; side B: 162 - points each hand.
                    text = f"{total} – {162 * number - total}"
                    for page, delays in ((room, to_room), (organiser, to_organiser)):
                        page.wait_for_function(
                            f"() => window.__seen[{json.dumps(text)}]", timeout=30_000
                        )
                        seen = page.evaluate(f"() => window.__seen[{json.dumps(text)}]")
                        delays.append(seen / 1000 - tapped)
                browser.close()
        finally:
            server.stop()
    load = os.getloadavg()

    def figures(delays: list[float]) -> dict:
        return {
            "median_s": round(statistics.median(delays), 2),
            "p95_s": round(percentile(delays, 95), 2),
            "max_s": round(max(delays), 2),
        }

    print(
        json.dumps(
            {
                "push": not args.no_stream,
                "hands": args.hands,
                "projector": figures(to_room),
                "organiser": figures(to_organiser),
                "load_average": [round(x, 2) for x in load],
            },
            indent=1,
        )
    )


if __name__ == "__main__":
    main()
