"""Two app servers on one PostgreSQL and one Redis serve the same tables.

Runs ``bench/bench_cluster.py`` (two production servers, granian, on two ports,
a fresh PostgreSQL database, a private key prefix in Redis) with a few hands,
when PostgreSQL and Redis answer on 127.0.0.1; skipped otherwise.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scoresheets import limits

ROOT = Path(__file__).resolve().parents[2]
PG_URL = os.environ.get("PG_ADMIN_URL", "postgres://postgres@127.0.0.1:5432/postgres")
CACHE_URL = "redis://127.0.0.1:6379/9"


def services_answer() -> bool:
    """PostgreSQL and Redis both answer on 127.0.0.1."""
    pg = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "pg_available.py"), PG_URL], check=False
    )
    if pg.returncode != 0:
        return False
    try:
        import redis

        return bool(redis.Redis.from_url(CACHE_URL, socket_timeout=1).ping())
    except Exception:
        return False


pytestmark = [
    pytest.mark.cluster,
    pytest.mark.skipif(not services_answer(), reason="PostgreSQL or Redis does not answer"),
]


@pytest.fixture(scope="module")
def cluster() -> dict:
    """One short run of the cluster benchmark, polling every 0.5 s."""
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    command = [sys.executable, str(ROOT / "bench" / "bench_cluster.py"), "--json"]
    command += ["--hands", "4", "--poll", "0.5", "--pg-url", PG_URL, "--cache-url", CACHE_URL]
    done = subprocess.run(
        command,
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_hand_entered_on_one_server_reaches_a_phone_polling_the_other(cluster):
    # A version kept per server would reach the other after VERSION_TTL (30 s)
    # at worst; one shared Redis makes it the next poll.
    assert cluster["missed"] == 0
    assert len(cluster["crossings"]) == 4
    assert max(cluster["crossings"]) < 3
    assert cluster["phone_errors"] == []


def test_the_two_servers_count_one_rate_limit(cluster):
    per_match = int(limits.HANDS_PER_MATCH_RATE.split("/")[0])
    assert cluster["writes_before_refusal"] == per_match


def test_the_two_servers_keep_their_cache_in_redis(cluster):
    assert cluster["redis_keys"] > 0
