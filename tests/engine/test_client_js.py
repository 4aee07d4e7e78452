"""The client's pure modules (static/js/sync/entries.js: the queue's entries
and their transitions; backoff.js: its waits) under node's own test runner:
``node --test tests/engine/js/``, in seconds, no browser. Their tests are
tests/engine/js/*.test.mjs; this test runs them and fails with node's report.

Without node the test skips and says why; under ``CI=true`` that is a
failure (CI has node 20)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests import node

JS_TESTS = Path(__file__).resolve().parent / "js"


def test_the_client_s_pure_modules_pass_their_node_tests():
    files = sorted(str(path) for path in JS_TESTS.glob("*.test.mjs"))
    assert files, f"no *.test.mjs in {JS_TESTS}"
    # The static modules are plain .js files with import/export, with no
    # package.json saying so: node detects them (flag needed before node 22.7).
    # The static files as served, every game's scorer loaded (tests/node.py).
    run = subprocess.run(
        node.command("--experimental-detect-module", "--test", *files),
        env=node.env(),
        capture_output=True,
        text=True,
        timeout=120,
        cwd=JS_TESTS.parents[2],
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "# fail 0" in run.stdout, run.stdout


def test_every_client_script_parses():
    """Each script of static/js and of every game's static/ parses (as a
    module, the stricter grammar): an early error (a name declared twice,
    issue 27) stops the whole module in the browser, silently but for the
    console, and no unit test of the pure modules imports the page's scripts."""
    path = node.node()
    scripts = sorted(
        script
        for _prefix, folder in node.layout()["folders"]
        for script in Path(folder).rglob("*.js")
    )
    assert scripts, "no scripts in the static folders"
    assert any("games" in script.parts for script in scripts)  # the games' own too
    broken = {}
    for script in scripts:
        run = subprocess.run(
            [path, "--input-type=module", "--check"],
            input=script.read_text(encoding="utf-8"),
            capture_output=True,
            text=True,
            timeout=60,
        )
        if run.returncode != 0:
            broken[str(script.relative_to(node.ROOT))] = run.stderr.strip().splitlines()[-3:]
    assert broken == {}
