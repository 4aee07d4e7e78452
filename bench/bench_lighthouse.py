"""Lighthouse's Performance score of the match page, the home page and the
new-match page, on the production server (issue 21: "Lighthouse Performance
100 on the match page in a quiet run").

Run from the project root (needs ``make install``, Debian's chromium, node
and npm):

    .venv/bin/python bench/bench_lighthouse.py                  # 30 hands, one run a page
    .venv/bin/python bench/bench_lighthouse.py --runs 3         # the median of 3 runs a page
    .venv/bin/python bench/bench_lighthouse.py --lighthouse /tmp/lh   # reuse an install
    .venv/bin/python bench/bench_lighthouse.py --keep reports/  # keep each run's JSON report

Lighthouse is not a dependency of the project: without ``--lighthouse`` the
script installs it (``npm install lighthouse@12``, from the npm registry;
lighthouse 13 needs node 22) into a temporary directory, removed at the end;
with ``--lighthouse DIR`` it uses ``DIR/node_modules/lighthouse`` if present,
else installs it there and leaves it (never in the repository).

Each run makes a fresh SQLite database, a match of 4 players with
``--hands`` hands (``bench_live.Tables``), collects the static files and
starts the production server (``belote_site/serve.py``: granian, ``DEBUG=0``)
on 127.0.0.1; each page is asked for once before Lighthouse runs (what a
server just started does first, imports and caches, is not the page's
cost: at a table the sheet is rendered once per hand, by the save, for
every phone). Lighthouse runs with its defaults (mobile: a Moto G Power's
screen, simulated slow 4G, CPU slowed 4x), ``--only-categories=performance``,
Chromium headless, a fresh profile each run (no cookie: the pages a first
visit gets). Prints, for each page, the score (0-100), TBT, LCP, CLS, FCP and
Speed Index (median over the runs, and each run's score), then what
Lighthouse says costs: each audit under 100 with its estimated saving.

The score depends on the machine (Lighthouse simulates the network and
slows the CPU, but measures the CPU work on this machine's cores): read it
on a quiet machine (``uptime``: the load average is printed with it).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import urllib.request
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
LIGHTHOUSE = "lighthouse@12"  # 13 needs node >= 22.19; Debian 12 has node 18/20
METRICS = {  # audit id -> (label, unit)
    "total-blocking-time": ("TBT", "ms"),
    "largest-contentful-paint": ("LCP", "ms"),
    "cumulative-layout-shift": ("CLS", ""),
    "first-contentful-paint": ("FCP", "ms"),
    "speed-index": ("SI", "ms"),
}


def install(folder: Path) -> Path:
    """``folder``'s lighthouse CLI, installed there by npm first if missing."""
    cli = folder / "node_modules" / "lighthouse" / "cli" / "index.js"
    if not cli.exists():
        folder.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            ["npm", "install", "--no-audit", "--no-fund", "--loglevel=error", LIGHTHOUSE],
            cwd=folder, check=True,
        )  # fmt: skip
    return cli


def lighthouse(cli: Path, url: str, profile: Path) -> dict:
    """One Lighthouse run of ``url`` (performance only, mobile defaults): its report."""
    flags = f"--headless=new --no-sandbox --disable-gpu --user-data-dir={profile}"
    out = subprocess.run(
        [
            "node", str(cli), url,
            "--only-categories=performance",
            "--output=json", "--output-path=stdout", "--quiet",
            f"--chrome-flags={flags}",
        ],
        env={**os.environ, "CHROME_PATH": CHROMIUM},
        capture_output=True, check=False, text=True,
    )  # fmt: skip
    if out.returncode != 0 or not out.stdout.strip():
        raise SystemExit(f"lighthouse failed on {url}:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout)


def summary(report: dict) -> dict:
    """The score (0-100) and the metrics of one report."""
    audits = report["audits"]
    score = report["categories"]["performance"]["score"]
    row = {"score": None if score is None else round(score * 100)}
    for audit, (label, _unit) in METRICS.items():
        value = audits.get(audit, {}).get("numericValue")
        row[label] = None if value is None else round(value, 3 if label == "CLS" else 0)
    if report.get("runtimeError"):
        row["error"] = report["runtimeError"].get("message", "")
    return row


def costs(report: dict) -> list[str]:
    """What Lighthouse says costs: each scored audit under 100 (opportunities
    with their estimated saving first), one line each."""
    lines = []
    for audit in report["audits"].values():
        score = audit.get("score")
        mode = audit.get("scoreDisplayMode")
        if score is None or score >= 1 or mode in ("informative", "manual", "notApplicable"):
            continue
        details = audit.get("details") or {}
        saving = details.get("overallSavingsMs") or 0
        shown = audit.get("displayValue") or ""
        lines.append((-saving, f"{audit['id']}: {audit['title']} {shown}".rstrip()))
    return [line for _, line in sorted(lines)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--runs", type=int, default=1, help="runs a page (the median is printed)")
    parser.add_argument("--lighthouse", type=Path, help="a folder with (or for) lighthouse")
    parser.add_argument("--keep", type=Path, help="a folder to keep each run's JSON report in")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="rebelote-lighthouse-") as folder:
        workdir = Path(folder)
        cli = install(args.lighthouse or workdir / "lighthouse")
        db = make_database("sqlite", "", workdir)
        collect_static()
        table = Tables(db.url, hands=args.hands).ensure(1)[0]
        port = free_port()
        extra = {"BENCH_LOG": str(workdir / "server.log"), "WEB_CONCURRENCY": "1"}
        server = Server(server_env(db.url, port, "belote_site.settings", extra), "granian", port)
        base = f"http://{HOST}:{port}"
        pages = {
            "match": f"{base}/m/{table.token}/",
            "home": f"{base}/",
            "new match": f"{base}/nouvelle/",
        }
        results = {}
        try:
            for url in pages.values():  # each page once first: a server just started
                urllib.request.urlopen(url, timeout=30).read()
            for name, url in pages.items():
                runs = []
                for run in range(args.runs):
                    profile = workdir / f"profile-{name.replace(' ', '-')}-{run}"
                    report = lighthouse(cli, url, profile)
                    shutil.rmtree(profile, ignore_errors=True)
                    if args.keep:
                        args.keep.mkdir(parents=True, exist_ok=True)
                        path = args.keep / f"{name.replace(' ', '-')}-{run}.json"
                        path.write_text(json.dumps(report))
                    runs.append((summary(report), costs(report)))
                results[name] = runs
        finally:
            server.stop()
            db.drop()

    print(f"load average: {' '.join(f'{v:.2f}' for v in os.getloadavg())}; hands: {args.hands}")
    for name, runs in results.items():
        rows = [row for row, _ in runs]
        median = {
            key: statistics.median(row[key] for row in rows if row[key] is not None)
            for key in ("score", *(label for label, _ in METRICS.values()))
            if any(row[key] is not None for row in rows)
        }
        print(json.dumps({"page": name, **median, "scores": [row["score"] for row in rows]}))
        worst = min(runs, key=lambda run: run[0]["score"] or 0)
        for line in worst[1]:
            print(f"    {line}")


if __name__ == "__main__":
    main()
