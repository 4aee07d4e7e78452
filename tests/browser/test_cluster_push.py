"""Push across two app servers on one PostgreSQL and one Redis: a hand saved
through server A reaches a phone whose page is on server B through its event
stream (PostgreSQL's LISTEN/NOTIFY between the servers).

Runs ``bench/bench_push.py --servers 2`` (two production servers, granian,
two real Chromium pages) with a few hands, when PostgreSQL and Redis answer
on 127.0.0.1; skipped otherwise.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.browser.test_cluster import CACHE_URL, PG_URL, services_answer

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.cluster,
    pytest.mark.skipif(not services_answer(), reason="PostgreSQL or Redis does not answer"),
]


def test_a_hand_saved_on_one_server_is_pushed_to_a_phone_on_the_other():
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    command = [sys.executable, str(ROOT / "bench" / "bench_push.py"), "--servers", "2"]
    command += ["--hands", "3", "--pg-url", PG_URL, "--cache-url", CACHE_URL]
    done = subprocess.run(
        command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["hands"] == 3
    assert result["b_streams"] == 1  # one stream held the whole time
    # One poll per hand, each fetching the sheet the stream announced (a
    # timer's poll only before the stream's first event).
    assert result["b_polls"] <= 3 + 1
