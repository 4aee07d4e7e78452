"""The client's pure modules (static/js/sync/entries.js: the queue's entries
and their transitions; backoff.js: its waits) under node's own test runner:
``node --test tests/engine/js/``, in seconds, no browser. Their tests are
tests/engine/js/*.test.mjs; this test runs them and fails with node's report.

Without node the test skips and says why; under ``CI=true`` that is a
failure (CI has node 20)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

JS_TESTS = Path(__file__).resolve().parent / "js"


def _node() -> str:
    node = shutil.which("node")
    if node:
        return node
    reason = "no node on PATH: the client's unit tests (tests/engine/js) cannot run"
    if os.environ.get("CI") == "true":
        pytest.fail(reason)
    pytest.skip(reason)


def test_the_client_s_pure_modules_pass_their_node_tests():
    files = sorted(str(path) for path in JS_TESTS.glob("*.test.mjs"))
    assert files, f"no *.test.mjs in {JS_TESTS}"
    # The static modules are plain .js files with import/export, with no
    # package.json saying so: node detects them (flag needed before node 22.7).
    run = subprocess.run(
        [_node(), "--experimental-detect-module", "--test", *files],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=JS_TESTS.parents[2],
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "# fail 0" in run.stdout, run.stdout
