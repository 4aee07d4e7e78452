"""Benchmark-only settings: the production settings plus ``bench.bench_urls``.

``BENCH_PG_CONNECTIONS=persistent`` swaps PostgreSQL's connection pool for a
connection kept per thread without health checks, to compare the two
(``bench/bench_live.py --pg-connections persistent``).
"""

from __future__ import annotations

import os

from belote_site.settings import *  # noqa: F403
from belote_site.settings import DATABASES

ROOT_URLCONF = "bench.bench_urls"

if os.environ.get("BENCH_PG_CONNECTIONS") == "persistent" and DATABASES["default"][
    "ENGINE"
].endswith("postgresql"):
    DATABASES["default"]["OPTIONS"].pop("pool", None)
    DATABASES["default"]["CONN_MAX_AGE"] = None
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = False
