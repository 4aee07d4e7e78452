"""The phone's scorer (static/js/scoring/): its size on the wire and its speed.

    .venv/bin/python bench/bench_js_scorer.py              # node, Chromium 1x and 4x
    .venv/bin/python bench/bench_js_scorer.py --no-browser # node only
    .venv/bin/python bench/bench_js_scorer.py --rates 1 4 6 --runs 50

Not part of the pytest suite (bench/README.md, "The phone's scorer"). It
prints:

- the size of each module as the server sends it: raw bytes, and gzipped at
  level 9 as whitenoise stores it beside the file in production (Django's
  GZipMiddleware does not see static files: whitenoise answers them first);
- the time the scorer takes to score a match of 30 and of 200 hands of each
  game (the random valid hands of bench_scoring.py, seed 20240501, a target
  no match reaches): ``scoreMatch`` (parse, check, score, each hand's
  breakdown), the first call in a fresh process or page ("cold": the code not
  yet compiled, as the first score after a page loads) and the median (and
  min) of ``--runs`` samples of 20 calls ("warm");
- in node, then in Debian's Chromium through Playwright with its CPU slowed
  down ``--rates`` times by the DevTools protocol's
  ``Emulation.setCPUThrottlingRate`` (4x is Lighthouse's mobile setting: a
  mid-range phone against a desktop). One page per match, the modules
  served from the disk by Playwright's routing.

Each match's result is checked against the Python engine's first.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import platform
import random
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_scoring import SEED, cpu_model, random_coinche_hand, random_hand  # noqa: E402

from scoresheets.scoring import (  # noqa: E402
    CoincheRules,
    Rules,
    match_document,
    score_document,
)

SCORER = ROOT / "static" / "js" / "scoring"
TIMING = ROOT / "bench" / "js_scorer_timing.mjs"
SIZES = (30, 200)
NO_END = 10**9
ORIGIN = "http://bench.rebelote"


def documents() -> dict[str, dict]:
    """The matches, by name: belote and coinche, 30 and 200 hands."""
    docs = {}
    for hands in SIZES:
        rng = random.Random(SEED)
        docs[f"belote, {hands} hands"] = match_document(
            Rules(target=NO_END), [random_hand(rng) for _ in range(hands)]
        )
        rng = random.Random(SEED)
        docs[f"coinche, {hands} hands"] = match_document(
            CoincheRules(target=NO_END), [random_coinche_hand(rng) for _ in range(hands)]
        )
    return docs


def sizes() -> list[tuple[str, int, int]]:
    """(file, bytes, gzipped bytes) of each module of the scorer."""
    rows = []
    for path in sorted(SCORER.glob("*.js")):
        data = path.read_bytes()
        rows.append((path.name, len(data), len(gzip.compress(data, compresslevel=9, mtime=0))))
    return rows


NODE_SCRIPT = """
import { readFileSync } from "node:fs";
import { measure } from "%(timing)s";
import { scoreDocument, scoreMatch } from "%(scorer)s";
const { docs, runs } = JSON.parse(readFileSync(0, "utf8"));
const documents = Object.values(docs).map(scoreDocument);
console.log(JSON.stringify({ timings: measure(scoreMatch, docs, { runs }), documents }));
"""


def node_run(node: str, name: str, doc: dict, runs: int) -> dict:
    """One fresh node process scores ``doc``: its timings, and its result
    document (checked against the engine's)."""
    script = NODE_SCRIPT % {
        "timing": TIMING.as_uri(),
        "scorer": (SCORER / "document.js").as_uri(),
    }
    run = subprocess.run(
        [node, "--experimental-detect-module", "--input-type=module", "-e", script],
        input=json.dumps({"docs": {name: doc}, "runs": runs}),
        capture_output=True,
        text=True,
        check=True,
    )
    answer = json.loads(run.stdout)
    assert answer["documents"] == [score_document(doc)], name
    return answer["timings"][name]


PAGE_SCRIPT = """async ({docs, runs}) => {
  const { measure } = await import("/bench/js_scorer_timing.mjs");
  const { scoreDocument, scoreMatch } = await import("/static/js/scoring/document.js");
  const documents = Object.values(docs).map(scoreDocument);
  return { timings: measure(scoreMatch, docs, { runs }), documents };
}"""


def browser_runs(docs: dict[str, dict], rates: list[float], runs: int) -> dict:
    """Each match in a fresh page of Chromium, at each CPU throttling rate."""
    from playwright.sync_api import sync_playwright

    from tests.browser.phones import CHROMIUM_ARGS

    def serve(route) -> None:
        path = route.request.url.removeprefix(ORIGIN).split("?")[0]
        if path == "/":
            route.fulfill(body="<!doctype html><title>bench</title>", content_type="text/html")
            return
        file = (ROOT / path.lstrip("/")).resolve()
        if ROOT not in file.parents or not file.is_file():
            route.fulfill(status=404)
            return
        route.fulfill(body=file.read_bytes(), content_type="text/javascript")

    out: dict = {}
    executable = os.environ.get("CHROMIUM") or shutil.which("chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        out["version"] = browser.version
        for rate in rates:
            for name, doc in docs.items():
                context = browser.new_context()
                page = context.new_page()
                page.route(f"{ORIGIN}/**", serve)
                page.goto(f"{ORIGIN}/")
                cdp = context.new_cdp_session(page)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
                answer = page.evaluate(PAGE_SCRIPT, {"docs": {name: doc}, "runs": runs})
                assert answer["documents"] == [score_document(doc)], name
                out[(rate, name)] = answer["timings"][name]
                context.close()
        browser.close()
    return out


def row(label: str, timing: dict) -> str:
    return (
        f"  {label:34} cold {timing['cold_ms']:7.2f} ms   warm {timing['median_ms']:7.3f} ms"
        f"  [{timing['min_ms']:.3f}]"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--rates", type=float, nargs="+", default=[1, 4])
    parser.add_argument("--no-browser", action="store_true")
    args = parser.parse_args()
    node = shutil.which("node")
    if node is None:
        parser.error("no node on PATH")
    node_version = subprocess.run(
        [node, "--version"], capture_output=True, text=True, check=True
    ).stdout.strip()
    print(
        f"machine: {cpu_model()}, nproc {os.cpu_count()}, load {os.getloadavg()[0]:.1f}, "
        f"node {node_version}, Python {platform.python_version()}"
    )

    print("size on the wire (bytes; gzip -9, as whitenoise stores it)")
    total = total_gz = 0
    for name, raw, gz in sizes():
        total, total_gz = total + raw, total_gz + gz
        print(f"  {name:14} {raw:7,}  {gz:6,}")
    print(f"  {'total':14} {total:7,}  {total_gz:6,}")

    docs = documents()
    print(f"\nnode {node_version}: scoreMatch, {args.runs} samples of 20 calls")
    for name, doc in docs.items():
        print(row(name, node_run(node, name, doc, args.runs)))
    if args.no_browser:
        return
    timings = browser_runs(docs, args.rates, args.runs)
    for rate in args.rates:
        print(f"\nChromium {timings['version']}, CPU throttled {rate:g}x: scoreMatch")
        for name in docs:
            print(row(name, timings[(rate, name)]))


if __name__ == "__main__":
    main()
