"""The cache is an optimisation: when Redis fails, polls go on from the database."""

from __future__ import annotations

import logging
import os
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from django.core.cache.backends.base import BaseCache
from django.test import override_settings

from scoresheets.matches import services
from scoresheets.scoring import Rules
from scoresheets.sync import caching
from tests.factories import entry_form

ROOT = Path(__file__).resolve().parents[2]

POLL_WITH_SILENT_REDIS = """
import django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
from django.test import Client
from scoresheets.matches import services
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
            timeout=300,  # a safety net: migrating a new database takes long on a loaded machine
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


# --------------------------------------------------------------------------
# The circuit breaker (caching.breaker): a failing cache is skipped
# --------------------------------------------------------------------------


class FailingCache(BaseCache):
    """A cache whose every call fails, as Redis refusing connections does;
    it counts the calls that reached it."""

    calls = 0

    def __init__(self, location: str, params: dict) -> None:
        super().__init__(params)

    def _fail(self, *args: object, **kwargs: object) -> None:
        type(self).calls += 1
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    get = get_many = set = set_many = add = incr = delete = _fail


FAILING = {"default": {"BACKEND": f"{__name__}.FailingCache"}}


class Clock:
    """A clock the test moves by hand (seconds)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.mark.django_db
def test_a_failing_cache_is_tried_once_then_skipped_and_logged_once(client, caplog):
    match = services.match_create(names=["a", "b", "c", "d"], rules=Rules())
    FailingCache.calls = 0
    caplog.set_level(logging.WARNING, logger="scoresheets")
    with override_settings(CACHES=FAILING):
        answers = {client.get(f"/m/{match.token}/poll/?v={match.version}").status_code}
        for _ in range(29):
            answers.add(client.get(f"/m/{match.token}/poll/?v={match.version}").status_code)
        # A write through the rate limits too: it goes on, unlimited.
        data = entry_form(match, taker="1", points="100")
        assert client.post(f"/m/{match.token}/donnes/", data).status_code == 303
    assert answers == {204}  # every poll from the database
    assert FailingCache.calls == 1  # then skipped: no wait, no error per call
    lines = [r for r in caplog.records if r.name.startswith("scoresheets")]
    assert len(lines) == 1
    assert lines[0].exc_info is None  # one line, no traceback
    assert "cache unavailable" in lines[0].getMessage()
    assert "ConnectionError" in lines[0].getMessage()


def test_the_breaker_skips_the_cache_for_a_while_then_lets_one_call_try_it(caplog):
    clock = Clock()
    breaker = caching.Breaker(seconds=5, log_interval=60, clock=clock)
    caplog.set_level(logging.WARNING, logger="scoresheets.sync.caching")
    tried: list[int] = []

    def failing() -> None:
        tried.append(1)
        raise TimeoutError("Timeout reading from socket")

    assert breaker.call("get", failing, "db") == "db"
    assert breaker.is_open
    for _ in range(100):
        assert breaker.call("get", failing, "db") == "db"
    assert len(tried) == 1  # skipped while open
    clock.now += 5
    assert breaker.allow()  # the probe...
    assert not breaker.allow()  # ...and only one: the others still skip the cache
    clock.now += 5
    assert breaker.call("get", failing, "db") == "db"  # the probe failed: open again
    assert len(tried) == 2
    clock.now += 5
    assert breaker.call("get", lambda: "cached", "db") == "cached"  # it answers: closed
    assert not breaker.is_open
    assert breaker.call("get", lambda: "cached", "db") == "cached"
    messages = [r.getMessage() for r in caplog.records]
    assert len(messages) == 2  # two failures within a minute: one line; then the return
    assert "TimeoutError" in messages[0]
    assert messages[1] == "cache available again"
    assert all(r.exc_info is None for r in caplog.records)


def test_the_breaker_logs_again_after_its_interval_with_the_count(caplog):
    clock = Clock()
    breaker = caching.Breaker(seconds=5, log_interval=60, clock=clock)
    caplog.set_level(logging.WARNING, logger="scoresheets.sync.caching")

    def failing() -> None:
        raise ConnectionError("refused")

    for _ in range(13):  # a probe every 5 s for 65 s
        breaker.call("get", failing, None)
        clock.now += 5
    messages = [r.getMessage() for r in caplog.records]
    assert len(messages) == 2
    assert "12 failure(s) since the last such line" in messages[1]


def test_redis_calls_give_up_quickly():
    from belote_site import settings as site_settings

    # Redis answers in well under a millisecond: the wait before the breaker
    # opens is short (it was 0.5 s a call, and every call waited).
    assert site_settings.CACHE_TIMEOUT_MS <= 100
