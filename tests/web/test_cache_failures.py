"""The cache is an optimisation: when Redis fails, polls go on from the database."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

POLL_WITH_SILENT_REDIS = """
import django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from django.test import Client
from scoresheets import services
from scoresheets.scoring import Rules
match = services.match_create(names=["a", "b", "c", "d"], rules=Rules())
response = Client().get(f"/m/{match.token}/poll/?v={match.version}")
from django.conf import settings
print(settings.CACHES["default"]["OPTIONS"]["socket_timeout"])
print(response.status_code)
"""


def test_a_redis_that_stops_answering_does_not_hang_a_poll(tmp_path):
    # A server that accepts connections and never answers (a Redis that hangs).
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    held: list[socket.socket] = []

    def accept() -> None:
        while True:
            try:
                held.append(listener.accept()[0])
            except OSError:
                return

    threading.Thread(target=accept, daemon=True).start()
    port = listener.getsockname()[1]
    env = {
        **{k: v for k, v in os.environ.items() if k != "DATABASE_URL"},
        "DJANGO_SETTINGS_MODULE": "belote_site.settings",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "CACHE_URL": f"redis://127.0.0.1:{port}/0",
        "RATELIMIT_ENABLE": "0",
    }
    try:
        # Each cache call gives up after the settings' socket timeout (redis-py's
        # own default is 5 s, and older versions waited forever).
        done = subprocess.run(
            [sys.executable, "-c", POLL_WITH_SILENT_REDIS],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    finally:
        listener.close()
        for conn in held:
            conn.close()
    assert done.returncode == 0, done.stderr[-2000:]
    timeout, status = done.stdout.strip().splitlines()[-2:]
    # The version read from the database: the phone is up to date.
    assert status == "204"
    assert float(timeout) <= 1  # a hung Redis costs a poll well under a second a call
