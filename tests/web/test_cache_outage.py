"""Never a sheet older than the phone's (issue 21): a Redis of the test's own,
paused, killed and restarted empty or from an old snapshot while hands are
saved; no saved hand lost, no phone sent a sheet older than the one it shows."""

from __future__ import annotations

import contextlib
import re
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.core.cache import cache
from django.test import Client, override_settings

from scoresheets.models import Match
from scoresheets.sync import caching
from scoresheets.sync.sheet import current_version
from tests.factories import asgi_get, hand, make_match, play

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="no redis-server binary"),
]

VERSION = re.compile(rb'data-version="(\d+)"')


class Redis:
    """A redis-server of this test's own on a free port of 127.0.0.1, its
    snapshot (``dump.rdb``) in ``folder``; started, paused, killed."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = sock.getsockname()[1]
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        """Start it (from ``dump.rdb`` if the folder holds one) and wait until it answers."""
        self.process = subprocess.Popen(
            [
                "redis-server", "--port", str(self.port), "--bind", "127.0.0.1",
                "--save", "", "--appendonly", "no", "--dir", str(self.folder),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port)):
                if self.ping():
                    return
            time.sleep(0.02)  # polling for the server to come up, not a wait for an outcome
        raise RuntimeError("redis-server did not start")

    def ping(self) -> bool:
        import redis

        try:
            return bool(redis.Redis(port=self.port, socket_timeout=1).ping())
        except redis.RedisError:
            return False

    def snapshot(self) -> None:
        """Write ``dump.rdb`` now (SAVE), then keep a copy: the old snapshot."""
        import redis

        redis.Redis(port=self.port).save()
        shutil.copy(self.folder / "dump.rdb", self.folder / "old.rdb")

    def pause(self) -> None:
        self.process.send_signal(signal.SIGSTOP)  # it accepts connections, answers nothing

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.send_signal(signal.SIGCONT)
        self.process.wait()

    def restart_from_old_snapshot(self) -> None:
        self.kill()
        shutil.copy(self.folder / "old.rdb", self.folder / "dump.rdb")
        self.start()

    def restart_empty(self) -> None:
        self.kill()
        (self.folder / "dump.rdb").unlink(missing_ok=True)
        self.start()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.kill()


@pytest.fixture
def redis_cache(tmp_path: Path) -> Iterator[Redis]:
    server = Redis(tmp_path)
    server.start()
    settings = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": server.url,
            "OPTIONS": {"socket_timeout": 0.1, "socket_connect_timeout": 0.1},
        }
    }
    try:
        with override_settings(CACHES=settings):
            yield server
    finally:
        server.stop()
        cache.close()


class Phone:
    """A phone polling a match like poll.js: it sends the version it shows and
    takes a sheet only if it is newer (``sync/sheet.js``, swapSheet)."""

    def __init__(self, match: Match) -> None:
        self.client = Client()
        self.match = match
        self.version = 0
        self.sent_older = 0  # sheets older than the one shown: the bug

    def poll(self) -> int:
        response = self.client.get(
            f"/m/{self.match.token}/poll/?v={self.version}", headers={"HX-Request": "true"}
        )
        assert response.status_code in (200, 204), response.status_code
        if response.status_code == 200:
            version = int(VERSION.search(response.content).group(1))
            if version < self.version:
                self.sent_older += 1
            self.version = max(self.version, version)
        return self.version

    def save(self, points: int) -> None:
        """Save the next hand from this phone's sheet (htmx, as hand.js does)."""
        data = {"taker": "1", "points": str(points), "match_version": str(self.version)}
        response = self.client.post(
            f"/m/{self.match.token}/donnes/", data, headers={"HX-Request": "true"}
        )
        assert response.status_code == 200, response.status_code
        self.version = int(VERSION.search(response.content).group(1))  # its answer's sheet


def after_some_time() -> None:
    """The breaker's few seconds have passed: the next call tries Redis again."""
    caching.breaker.retry_now()


def test_a_hand_saved_while_redis_is_paused_then_restarted_from_an_old_snapshot(redis_cache):
    match = play(make_match(), hand("A", 100), hand("B", 120))
    saver, other = Phone(match), Phone(match)
    saver.poll(), other.poll()
    redis_cache.snapshot()  # Redis as it was at this version
    old = saver.version

    redis_cache.pause()
    saver.save(90)  # the write's cache calls time out: the hand is saved all the same
    assert saver.version == old + 1
    assert caching.breaker.is_open
    redis_cache.restart_from_old_snapshot()
    after_some_time()
    assert cache.get(caching.key("version", match.token)) == old  # the old snapshot's

    assert saver.poll() == old + 1  # not sent back the old snapshot's sheet
    assert cache.get(caching.key("version", match.token)) == old + 1  # repaired
    assert other.poll() == old + 1  # the saved hand reaches the other phone: not lost
    assert saver.sent_older == other.sent_older == 0

    saver.save(100)  # and the next hands go on through Redis
    assert other.poll() == saver.version == old + 2
    assert Match.objects.get(pk=match.pk).hands.count() == 4


def test_redis_killed_and_restarted_empty_mid_play(redis_cache):
    match = play(make_match(), hand("A", 100))
    phones = [Phone(match) for _ in range(4)]
    for phone in phones:
        phone.poll()
    redis_cache.kill()
    phones[0].save(100)  # refused connections: saved from the database alone
    phones[1].poll()
    redis_cache.restart_empty()
    after_some_time()
    phones[2].poll()
    phones[2].save(110)
    for phone in phones:
        phone.poll()
    redis_cache.pause()
    phones[3].poll()
    phones[3].save(120)
    redis_cache.process.send_signal(signal.SIGCONT)
    after_some_time()
    for phone in phones:
        phone.poll()
    stored = Match.objects.get(pk=match.pk)
    assert stored.hands.count() == 4  # 0 lost
    assert {phone.version for phone in phones} == {stored.version}
    assert sum(phone.sent_older for phone in phones) == 0


def test_a_cache_behind_the_phone_is_repaired_from_the_database():
    # No Redis needed: a cached version below the one a phone shows.
    match = play(make_match(), hand("A", 100), hand("A", 100))
    caching.put(caching.key("version", match.token), match.version - 1, 30)
    assert current_version(match.token, seen=match.version) == match.version
    assert caching.get(caching.key("version", match.token)) == match.version
    # The read token's key too (the services write both).
    assert caching.get(caching.key("version", match.read_token)) == match.version
    # A phone claiming a version the database never had is sent nothing.
    response = Client().get(f"/m/{match.token}/poll/?v={match.version + 5}")
    assert response.status_code == 204


@pytest.mark.django_db(transaction=True)
def test_reads_made_from_the_event_loop_keep_their_redis_connections(redis_cache: Redis):
    # Issue 21: at 1,000 tables with push, most of the server's time went to
    # connecting to Redis: a read sent to a thread with asyncio.to_thread
    # (an unchanged poll) or from a stream's own task (a heartbeat) carried
    # its context, in which Django's cache handler built a new client, pool
    # and connection. Now they run in loop_threads, whose threads keep theirs.
    import asyncio

    import redis
    from django.core.handlers.asgi import ASGIHandler

    from scoresheets.sync import loop_threads, stream
    from scoresheets.sync.fastpoll import UnchangedPollASGI

    match = play(make_match(), hand("A", 100))
    caching.version_changed([match.token, match.read_token], match.version)
    app = UnchangedPollASGI(ASGIHandler())
    path = f"/m/{match.token}/poll/"

    async def poll() -> int:
        return (await asgi_get(app, path, f"v={match.version}"))[0]

    async def heartbeats() -> list[str]:
        chunks = stream._async_stream(match.token, "token", "", 0.01, 60.0)
        try:
            return [await anext(chunks) for _ in range(3)]
        finally:
            await chunks.aclose()

    async def play_for_a_while() -> tuple[list[int], list[list[str]]]:
        polls = [await poll() for _ in range(30)]
        streams = await asyncio.gather(*(heartbeats() for _ in range(12)))
        return polls, streams

    connections = redis.Redis.from_url(redis_cache.url)
    before = connections.info("stats")["total_connections_received"]
    polls, streams = asyncio.run(play_for_a_while())
    after = connections.info("stats")["total_connections_received"]
    assert polls == [204] * 30
    assert all(chunks[-1] == f"data: {match.version}\n\n" for chunks in streams)
    # One connection a thread of loop_threads (and one for Django's first poll).
    assert after - before <= loop_threads.THREADS + 2
