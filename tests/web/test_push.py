"""Push (docs/sync.md, "Push"): the match page's event stream, and the new
version published to every process once a write commits."""

from __future__ import annotations

import asyncio
import threading

import pytest
from django.db import connection
from django.test import Client, override_settings

from scoresheets import ratelimits
from scoresheets.matches import services
from scoresheets.models import Hand, HandRevision, Match
from scoresheets.sync import caching, loop_threads, push, stream
from tests.factories import asgi_scope, counting_django, hand, make_match, play

pytestmark = pytest.mark.django_db


def open_stream(client: Client, path: str, **headers: str):
    response = client.get(path, headers=headers)
    return response, (iter(response.streaming_content) if response.streaming else None)


def text(chunk: bytes | str) -> str:
    return chunk.decode() if isinstance(chunk, bytes) else chunk


@override_settings(PUSH_BACKEND="local")
def test_the_stream_starts_with_a_retry_and_the_version_uncompressed(client: Client):
    match = play(make_match(), hand("A", 100))
    streams = push.HUB.count()
    response, chunks = open_stream(client, f"/m/{match.token}/events/", accept_encoding="gzip")
    try:
        assert response.status_code == 200
        assert response["Content-Type"].startswith("text/event-stream")
        assert response["X-Accel-Buffering"] == "no"
        assert "Content-Encoding" not in response  # gzip would hold the events back
        assert "no-cache" in response["Cache-Control"]
        first = text(next(chunks))
        retry, event = first.split("\n\n")[:2]
        low, high = stream.RETRY_MS
        assert retry.startswith("retry: ") and low <= int(retry.split()[1]) <= high
        assert event == f"data: {match.version}"
    finally:
        response.close()
    assert push.HUB.count() == streams  # the stream closed, its subscription went


@override_settings(PUSH_BACKEND="local", REBELOTE_SYNC_TIMINGS={"stream_heartbeat": 10})
def test_the_stream_sends_a_new_version_at_once_and_heartbeats_otherwise(client: Client):
    match = play(make_match(), hand("A", 100))
    response, chunks = open_stream(client, f"/voir/{match.read_token}/events/")
    try:
        assert text(next(chunks)).endswith(f"data: {match.version}\n\n")
        # Nothing new: the heartbeat, the same version again.
        assert text(next(chunks)) == f"data: {match.version}\n\n"
        push.publish([match.read_token], match.version + 5)
        assert text(next(chunks)) == f"data: {match.version + 5}\n\n"
    finally:
        response.close()


@override_settings(PUSH_BACKEND="local", REBELOTE_SYNC_TIMINGS={"stream_heartbeat": 10})
def test_a_lost_notification_is_sent_at_the_next_heartbeat(client: Client):
    match = play(make_match(), hand("A", 100))
    response, chunks = open_stream(client, f"/m/{match.token}/events/")
    try:
        assert text(next(chunks)).endswith(f"data: {match.version}\n\n")
        with override_settings(PUSH_BACKEND="off"):  # the save notifies nobody
            match = play(match, hand("B", 90))
        assert text(next(chunks)) == f"data: {match.version}\n\n"
    finally:
        response.close()


@override_settings(PUSH_BACKEND="local", REBELOTE_SYNC_TIMINGS={"stream_heartbeat": 10})
def test_a_heartbeat_reads_past_a_cache_older_than_the_version_sent(client: Client):
    # Issue 21: a lost notification and a cache gone back (Redis restarted
    # from an old snapshot) below what this phone was sent: the heartbeat
    # reads the database as the poll does, sends the new version, and
    # repairs the cache.
    match = play(make_match(), hand("A", 100))
    sent = match.version
    response, chunks = open_stream(client, f"/m/{match.token}/events/")
    try:
        assert text(next(chunks)).endswith(f"data: {sent}\n\n")
        with override_settings(PUSH_BACKEND="off"):
            match = play(match, hand("B", 90))
        caching.version_changed([match.token, match.read_token], sent - 1)
        assert text(next(chunks)) == f"data: {match.version}\n\n"
        assert caching.match_version(match.token) == match.version
    finally:
        response.close()


@override_settings(PUSH_BACKEND="local")
def test_an_unknown_token_is_a_404_and_push_off_a_204(client: Client):
    match = make_match()
    assert client.get(f"/m/{'x' * len(match.token)}/events/").status_code == 404
    with override_settings(PUSH_BACKEND="off"):
        assert client.get(f"/m/{match.token}/events/").status_code == 204
    assert client.post(f"/m/{match.token}/events/").status_code in (403, 405)


@pytest.mark.parametrize("read_only", [False, True])
def test_with_push_off_the_page_offers_no_stream(client: Client, read_only: bool):
    # Issue 21: PUSH_BACKEND=off answered the stream 204, but the page still
    # opened it (an EventSource and a request per page); now it only polls.
    match = play(make_match(), hand("A", 100))
    token = match.read_token if read_only else match.token
    page, poll = (
        (f"/voir/{token}/", f"/voir/{token}/poll/?v=0")
        if read_only
        else (f"/m/{token}/", f"/m/{token}/poll/?v=0")
    )
    with override_settings(PUSH_BACKEND="local"):  # the sheet rendered, cached, with the stream
        assert f'data-events-url="{page}events/"' in client.get(page).content.decode()
        assert f'data-events-url="{page}events/"' in client.get(poll).content.decode()
    with override_settings(PUSH_BACKEND="off"):
        for path in (page, poll):
            body = client.get(path).content.decode()
            assert 'id="scoreboard"' in body
            assert "data-events-url" not in body
            assert f'data-poll-url="{page}poll/"' in body  # the poll is the page's way


@override_settings(PUSH_BACKEND="local")
def test_every_write_of_a_hand_is_pushed_after_its_commit(django_capture_on_commit_callbacks):
    match = play(make_match(), hand("A", 100), hand("B", 90))
    first, second = Hand.objects.filter(match=match).order_by("number")
    writes = [
        lambda m: services.hand_record(match=m, hand=hand("A", 120)),
        lambda m: services.hand_update(
            match=m, hand_id=first.pk, hand=hand("A", 130), expected_version=first.version
        ),
        lambda m: services.hand_delete(match=m, hand_id=second.pk, expected_version=second.version),
        lambda m: services.hand_restore(match=m, hand_id=second.pk),
    ]
    for write in writes:
        match = Match.objects.get(pk=match.pk)
        subscription = push.HUB.subscribe(match.token)
        reader = push.HUB.subscribe(match.read_token)
        try:
            with django_capture_on_commit_callbacks(execute=False) as callbacks:
                write(match)
            # Not before the commit: the sheet of that version must be readable.
            assert subscription.wait(0) is None
            for callback in callbacks:
                callback()
            assert subscription.wait(0) == match.version + 1
            assert reader.wait(0) == match.version + 1
        finally:
            push.HUB.unsubscribe(subscription)
            push.HUB.unsubscribe(reader)


@override_settings(PUSH_BACKEND="local")
def test_an_undo_is_pushed(django_capture_on_commit_callbacks):
    match = play(make_match(), hand("A", 100))
    entered = Hand.objects.get(match=match)
    subscription = push.HUB.subscribe(match.token)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            services.hand_undo(
                match=match,
                hand_id=entered.pk,
                action=HandRevision.Action.CREATED,
                expected_version=entered.version,
            )
        assert subscription.wait(0) == match.version + 1
    finally:
        push.HUB.unsubscribe(subscription)


def test_a_stream_in_an_event_loop_is_woken_from_another_thread():
    import asyncio

    async def main() -> int | None:
        subscription = push.Subscription("t")
        threading.Thread(target=subscription.deliver, args=(7,)).start()
        return await subscription.await_(5)

    assert asyncio.run(main()) == 7


def test_the_backend_follows_the_database_and_the_cache():
    with override_settings(PUSH_BACKEND="auto", CACHE_URL=""):
        expected = "postgresql" if connection.vendor == "postgresql" else "local"
        assert push.backend() == expected
    with override_settings(PUSH_BACKEND="auto", CACHE_URL="redis://127.0.0.1:1/0"):
        assert push.backend() == ("postgresql" if connection.vendor == "postgresql" else "redis")


@pytest.mark.django_db(transaction=True)
@override_settings(PUSH_BACKEND="postgresql")
def test_postgresql_notifies_the_listener_of_every_process_after_commit():
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL only")
    hub = push.Hub()
    match = make_match()
    subscription = hub.subscribe(match.token)
    try:
        # The listener connects in its thread; once it has, a commit reaches it.
        deadline = 50
        while deadline and subscription.wait(0.1) != push.CHECK:
            deadline -= 1
        services.hand_record(match=match, hand=hand("A", 100))
        assert subscription.wait(10) == match.version + 1
    finally:
        hub.unsubscribe(subscription)
        hub.close()


def _redis_answers() -> bool:
    try:
        import redis

        return bool(redis.Redis.from_url("redis://127.0.0.1:6379/9", socket_timeout=1).ping())
    except Exception:
        return False


@pytest.mark.skipif(not _redis_answers(), reason="Redis does not answer on 127.0.0.1:6379")
@override_settings(PUSH_BACKEND="redis", CACHE_URL="redis://127.0.0.1:6379/9")
def test_redis_pub_sub_reaches_the_listener():
    hub = push.Hub()
    subscription = hub.subscribe("redis-test-token")
    try:
        deadline = 50
        while deadline and subscription.wait(0.1) != push.CHECK:
            deadline -= 1
        push.publish(["redis-test-token"], 42)
        assert subscription.wait(10) == 42
    finally:
        hub.unsubscribe(subscription)
        hub.close()


@pytest.mark.django_db(transaction=True)
@override_settings(PUSH_BACKEND="local")
def test_under_asgi_a_stream_is_served_in_the_loop_as_django_would():
    # Issue 21: at 1,000 tables 39 streams of 4,000 opened: each stream cost
    # a whole request cycle in Django's ASGI handler (a thread hop a sync
    # middleware, one thread a process). Now the loop serves it, after the
    # first of each process, with Django's headers; Django still answers
    # the unknown token and push off.
    from scoresheets.sync.fastpoll import PER_REQUEST

    match = play(make_match(), hand("A", 100))
    counting, reached = counting_django()
    app = stream.EventStreamASGI(counting)

    def get(path: str, publish: int | None = None) -> tuple[int, dict, str]:
        tell = None if publish is None else (lambda: push.publish([match.token], publish))
        return asyncio.run(asgi_stream(app, path, tell))

    streams = push.HUB.count()
    path = f"/m/{match.token}/events/"
    first = get(path)
    second = get(path, publish=match.version + 3)
    assert first[0] == second[0] == 200
    assert reached == [path]  # the second never reached Django
    same = {k: v for k, v in first[1].items() if k not in PER_REQUEST}
    assert {k: v for k, v in second[1].items() if k not in PER_REQUEST} == same
    assert "expires" in second[1] and "content-encoding" not in second[1]
    retry, event, told = second[2].split("\n\n")[:3]
    assert retry.startswith("retry: ")
    assert event == f"data: {match.version}"
    assert told == f"data: {match.version + 3}"
    assert push.HUB.count() == streams  # the phone went, its subscription too

    # Its kind of token checked: a read token on the writing route is Django's 404.
    read = get(f"/m/{match.read_token}/events/")
    assert read[0] == 404 and reached[-1] == f"/m/{match.read_token}/events/"
    assert get(f"/voir/{match.read_token}/events/")[0] == 200
    with override_settings(PUSH_BACKEND="off"):
        assert get(path)[0] == 204


@pytest.mark.django_db(transaction=True)
@override_settings(PUSH_BACKEND="local")
def test_under_asgi_a_burst_of_first_streams_sends_one_to_django():
    # Issue 21: 4,000 streams at once on a new server: each that came before
    # the first stream's headers went through Django's request cycle (p50
    # 12.5 s to open; 0.45 s once each worker had served one). Now they wait
    # for the first one's headers.
    match = play(make_match(), hand("A", 100))
    counting, reached = counting_django()
    app = stream.EventStreamASGI(counting)

    assert hold_streams(app, f"/voir/{match.read_token}/events/", 8) == [200] * 8
    assert len(reached) == 1


@pytest.mark.django_db(transaction=True)
@override_settings(PUSH_BACKEND="local")
def test_under_django_asgi_a_stream_gives_its_database_connection_back():
    # Issue 21: a stream opened through Django's ASGI handler kept the pooled
    # connection of its token check for its whole life (request_finished
    # comes when the stream ends): 16 streams took PostgreSQL's pool, the
    # next waited 10 s and got a 503 (at 1,000 tables, 39 streams of 4,000).
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL only (its pool of 16 connections a process)")
    from django.core.handlers.asgi import ASGIHandler

    match = play(make_match(), hand("A", 100))
    max_size = connection.settings_dict["OPTIONS"]["pool"]["max_size"]
    django = ASGIHandler()

    # Each waits 10 s for a connection, if it must.
    assert hold_streams(django, f"/m/{match.token}/events/", max_size + 4) == [200] * (max_size + 4)


def hold_streams(app, path: str, count: int) -> list[int]:
    """The statuses of ``count`` phones that open ``path`` at once from the
    ASGI ``app`` and hold their streams until every one has its first event
    (or answer); at most 30 s."""

    async def hold() -> list[int]:
        gone, opened = asyncio.Event(), []
        phones = [
            asyncio.ensure_future(asgi_stream(app, path, hold=(gone, opened))) for _ in range(count)
        ]
        try:
            async with asyncio.timeout(30):
                while len(opened) < len(phones):
                    await asyncio.sleep(0.05)
        finally:
            gone.set()
            await asyncio.gather(*phones)
        return opened

    return asyncio.run(hold())


async def asgi_stream(
    app, path: str, tell=None, hold: tuple[asyncio.Event, list[int]] | None = None
) -> tuple[int, dict, str] | None:
    """GET ``path`` from the ASGI ``app`` as a phone holding the stream: until
    its first event (then ``tell()`` and until the next one), then it goes.
    With ``hold`` (an event, a list): the status appended to the list as soon
    as the first event (or the answer) came, the phone staying until the
    event is set."""
    scope = asgi_scope(path)
    sent: list[dict] = []
    gone = asyncio.Event()
    first = [{"type": "http.request", "body": b"", "more_body": False}]
    came = asyncio.Event()

    async def receive():
        if first:
            return first.pop()
        await gone.wait()
        return {"type": "http.disconnect"}

    async def send(message):
        sent.append(message)
        if message.get("body"):
            came.set()

    serving = asyncio.ensure_future(app(scope, receive, send))
    while not (serving.done() or came.is_set()):
        await asyncio.sleep(0.01)
    if hold is not None:
        hold[1].append(sent[0]["status"])
        await hold[0].wait()
        gone.set()
        await asyncio.wait_for(serving, 10)
        return None
    if tell is not None and not serving.done():
        came.clear()
        tell()
        while not came.is_set():
            await asyncio.sleep(0.01)
    gone.set()
    await asyncio.wait_for(serving, 10)
    start = sent[0]
    body = "".join(m.get("body", b"").decode() for m in sent[1:])
    headers = {k.decode().lower(): v.decode() for k, v in start["headers"]}
    return start["status"], headers, body


@pytest.mark.django_db(transaction=True)
@override_settings(PUSH_BACKEND="local")
def test_the_heartbeats_of_many_streams_read_the_cache_together(monkeypatch):
    # Issue 21: at 1,000 tables each of 4,000 streams read its version at
    # each heartbeat, a thread hop and a cache read each (about 130 a second
    # a worker). The heartbeats of a loop now share one cache read.
    match = play(make_match(), hand("A", 100))
    caching.version_changed([match.token, match.read_token], match.version)
    reads, batches = [], []
    monkeypatch.setattr(
        stream, "_read_version", _counting(stream._read_version, reads), raising=True
    )
    monkeypatch.setattr(caching, "get_many", _counting(caching.get_many, batches))

    async def heartbeats() -> list[str]:
        chunks = stream._async_stream(match.token, "token", "", 0.01, 60.0)
        try:
            return [await anext(chunks) for _ in range(4)]
        finally:
            await chunks.aclose()

    async def streams() -> list[list[str]]:
        return await asyncio.gather(*(heartbeats() for _ in range(10)))

    told = asyncio.run(streams())
    assert all(chunks[1:] == [f"data: {match.version}\n\n"] * 3 for chunks in told)
    assert len(reads) == 10  # each stream's first event; its heartbeats: the batches
    assert 1 <= len(batches) <= 10  # 30 heartbeats


@pytest.mark.django_db(transaction=True)
@override_settings(PUSH_BACKEND="local")
def test_a_batched_heartbeat_reads_past_a_cache_older_than_the_version_sent():
    # The batch reads only the cache: a cached version below what the phone
    # was sent (a Redis restarted from an old snapshot) sends the stream to
    # the database, as the poll does, and the cache is repaired.
    match = play(make_match(), hand("A", 100))
    sent = match.version

    async def two_events() -> list[str]:
        chunks = stream._async_stream(match.token, "token", "", 0.05, 60.0, first=sent)
        try:
            first = await anext(chunks)
            with override_settings(PUSH_BACKEND="off"):  # the save notifies nobody
                await loop_threads.run(play, match, hand("B", 90))
            caching.version_changed([match.token, match.read_token], sent - 1)
            return [first, await anext(chunks)]
        finally:
            await chunks.aclose()

    first, second = asyncio.run(two_events())
    match.refresh_from_db()
    assert first.endswith(f"data: {sent}\n\n")
    assert second == f"data: {match.version}\n\n"
    assert caching.match_version(match.token) == match.version


def _counting(function, calls: list):
    def counted(*args, **kwargs):
        calls.append(args)
        return function(*args, **kwargs)

    return counted


@pytest.mark.django_db(transaction=True)
def test_closing_the_read_threads_closes_their_database_connections():
    # Issue 18's 'a PostgreSQL run left a connection open so its test
    # database was not dropped', back with issue 21: the loop_threads keep a
    # database connection each (as a WSGI thread does), and nothing closed
    # them, so `make test` on PostgreSQL ended with "database ... is being
    # accessed by other users". loop_threads.close() closes every thread's.
    from django.db import connections

    def open_connection():
        Match.objects.exists()
        return connections["default"]

    handles = {
        id(handle): handle
        for handle in [asyncio.run(loop_threads.run(open_connection)) for _ in range(20)]
    }
    assert all(handle.connection is not None for handle in handles.values())
    loop_threads.close()
    assert all(handle.connection is None for handle in handles.values())
    assert asyncio.run(loop_threads.run(lambda: 7)) == 7  # a new pool at the next call


@override_settings(PUSH_BACKEND="local")  # no listener, whose connecting wakes streams
def test_streams_end_when_the_hub_closes(monkeypatch):
    # A server's shutdown (or a test session's end) closes the hub: its
    # streams end at once instead of reading the database at their next
    # heartbeat, up to 15 s later (the browser tier on PostgreSQL logged
    # "stream ended: OperationalError" to a closed stderr, its database gone).
    hub = push.Hub()
    monkeypatch.setattr(push, "HUB", hub)
    reads = []
    monkeypatch.setattr(stream, "current_version", lambda *a, **k: reads.append(a) or 3)
    chunks = stream._sync_stream("closing-token", "token", "", 60.0, 600.0)
    assert next(chunks) == "data: 3\n\n"
    ended = threading.Event()

    def drain():
        for _ in chunks:
            pass
        ended.set()

    threading.Thread(target=drain, daemon=True).start()
    hub.close()
    assert ended.wait(10)
    assert len(reads) == 1  # its first event only: no read after the close
    assert hub.count() == 0


# Issue 27, point 4: one address opened 5,000 of 5,000 streams on
# PostgreSQL (14,281 of 17,000 on SQLite), each holding memory and a file
# descriptor for 10-15 minutes. Streams are capped per address and per
# token, and in all below the process's descriptors; beyond, a 429 the page
# answers by polling (poll.js: a lost stream).


@pytest.mark.django_db(transaction=True)
@override_settings(PUSH_BACKEND="local")
@pytest.mark.parametrize(("per_address", "per_token"), [(100, 3), (3, 100)])
def test_streams_beyond_a_cap_are_refused_and_every_slot_comes_back(
    monkeypatch, per_address, per_token
):
    match = play(make_match(), hand("A", 100))
    slots = stream.StreamSlots(per_address=per_address, per_token=per_token, total=100)
    monkeypatch.setattr(stream, "SLOTS", slots)
    app = stream.EventStreamASGI(counting_django()[0])
    statuses = hold_streams(app, f"/voir/{match.read_token}/events/", 5)
    assert sorted(statuses) == [200, 200, 200, 429, 429]
    assert slots.open == 0  # the phones went: every slot given back


@pytest.mark.django_db(transaction=True)
@override_settings(PUSH_BACKEND="local")
def test_a_stream_past_a_cap_is_refused_before_the_database_is_asked(monkeypatch):
    """Issue 27, point 4, measured (bench/bench_hall_flood.py): 5,000
    stream attempts from one address took the phones' save p95 to 219 ms:
    each refused attempt first read its match's version in the database."""
    match = play(make_match(), hand("A", 100))
    slots = stream.StreamSlots(per_address=2, per_token=100, total=100)
    monkeypatch.setattr(stream, "SLOTS", slots)
    reads = []
    stored = stream._stored_version
    monkeypatch.setattr(
        stream, "_stored_version", lambda *args: reads.append(args) or stored(*args)
    )
    app = stream.EventStreamASGI(counting_django()[0])
    statuses = hold_streams(app, f"/voir/{match.read_token}/events/", 6)
    assert sorted(statuses) == [200, 200, 429, 429, 429, 429]
    assert len(reads) <= 2  # the two served (and the first, through Django)
    assert slots.open == 0


@override_settings(PUSH_BACKEND="local")
def test_a_stream_past_its_token_s_cap_is_a_429_until_one_closes(client: Client, monkeypatch):
    match = play(make_match(), hand("A", 100))
    slots = stream.StreamSlots(per_address=100, per_token=1, total=100)
    monkeypatch.setattr(stream, "SLOTS", slots)
    path = f"/m/{match.token}/events/"
    first, chunks = open_stream(client, path)
    try:
        assert first.status_code == 200
        next(chunks)
        refused = client.get(path)
        assert refused.status_code == 429
        assert 1 <= int(refused["Retry-After"]) <= 120
        assert slots.open == 1
    finally:
        first.close()
    # Closed (the phone went): its slot is back, the next phone gets one.
    # (Not asked through the client: closing a response by hand outside it
    # closes the test's database connection, as the request's end does.)
    assert slots.open == 0
    assert slots.take(ratelimits.address_key("streams", refused.wsgi_request), match.token)


@override_settings(PUSH_BACKEND="local")
@pytest.mark.parametrize("known", [True, False])
def test_django_s_own_stream_view_refuses_past_a_cap_before_the_database(
    client: Client, monkeypatch, django_assert_num_queries, known
):
    """Issue 27, point 4: what Django itself serves of the streams (a query
    string, a process's first stream) took its slot only after reading the
    token in the database; past a cap that read was the flood's cost. A 429
    says nothing of the token, known or not."""
    match = play(make_match(), hand("A", 100))
    slots = stream.StreamSlots(per_address=0, per_token=100, total=100)
    monkeypatch.setattr(stream, "SLOTS", slots)
    token = match.token if known else "x" * len(match.token)
    with django_assert_num_queries(0):
        refused = client.get(f"/m/{token}/events/?v=1")
    assert refused.status_code == 429
    assert slots.open == 0


def test_the_total_stays_below_the_process_s_file_descriptors():
    import resource

    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY:
        assert stream.SLOTS.total <= soft - stream.RESERVED_FDS
    slots = stream.StreamSlots(per_address=10, per_token=10, total=2)
    assert slots.take("a", "t1") and slots.take("b", "t2")
    assert not slots.take("c", "t3")  # the total
    slots.give("a", "t1")
    assert slots.take("c", "t3")


# Issue 31: a held stream cost 14.7 KB of Python memory (bench/README.md,
# "A held stream"): besides its request's own task, two tasks of its own
# (sending and listening for the phone's going) and a third at each wait
# (``asyncio.wait_for``), with a thread's and a loop's event each. A server
# such as granian hands ``receive`` a future: the stream now holds no task
# of its own there, and still ends when the phone goes.


async def _hold_on_futures(app, path: str, phones: int) -> tuple[list[int], int]:
    """``phones`` streams of ``path`` on ``app`` whose ``receive`` returns a
    future, as granian's does: the tasks alive while they are held (beyond
    the phones' own and this one), then every phone goes; the statuses."""
    loop = asyncio.get_running_loop()
    leaving: list[asyncio.Future] = []
    statuses: list[int] = []
    firsts: list[asyncio.Event] = []

    def phone() -> asyncio.Task:
        asked: list[bool] = []
        came = asyncio.Event()
        firsts.append(came)

        def receive() -> asyncio.Future:
            answer = loop.create_future()
            if not asked:  # the GET's empty body first
                asked.append(True)
                answer.set_result({"type": "http.request", "body": b"", "more_body": False})
            else:
                leaving.append(answer)
            return answer

        async def send(message: dict) -> None:
            if message["type"] == "http.response.start":
                statuses.append(message["status"])
            if b"data: " in message.get("body", b""):
                came.set()

        return asyncio.ensure_future(app(asgi_scope(path), receive, send))

    served = [phone() for _ in range(phones)]
    await asyncio.wait_for(asyncio.gather(*(came.wait() for came in firsts)), 10)
    for _ in range(3):
        await asyncio.sleep(0.01)  # settled: every stream waits for its next event
    extra = len(asyncio.all_tasks()) - len(served) - 1
    for answer in leaving:
        answer.set_result({"type": "http.disconnect"})
    await asyncio.wait_for(asyncio.gather(*served), 10)
    return statuses, extra


@pytest.mark.django_db(transaction=True)
@override_settings(PUSH_BACKEND="local")
def test_a_held_stream_holds_no_task_of_its_own_when_receive_is_a_future(monkeypatch):
    match = play(make_match(), hand("A", 100))
    slots = stream.StreamSlots(per_address=100, per_token=100, total=100)
    monkeypatch.setattr(stream, "SLOTS", slots)
    app = stream.EventStreamASGI(counting_django()[0])
    path = f"/voir/{match.read_token}/events/"
    asyncio.run(asgi_stream(app, path))  # the process's first stream: Django's
    streams = push.HUB.count()

    statuses, extra = asyncio.run(_hold_on_futures(app, path, 5))
    assert statuses == [200] * 5
    assert extra == 0
    assert slots.open == 0 and push.HUB.count() == streams  # the phones went


# A review of the lighter stream (issue 31) found three edges, each tested:
# a delivery whose wake-up lands after the stream took its version woke
# the next wait at once; a phone's receive cancelled by anyone or raising
# left the stream running to its lifetime; a server's cancellation must go
# on up, the phone's going end the stream quietly.


def test_a_delivery_already_taken_does_not_wake_the_next_wait():
    async def waits() -> tuple[int | None, int | None, float]:
        subscription = push.Subscription("a-token")
        told = threading.Thread(target=subscription.deliver, args=(5,))
        told.start()
        told.join()  # its wake-up is queued in the loop, not yet run
        first = await subscription.await_(1.0)  # told meanwhile: no wait
        started = asyncio.get_running_loop().time()
        second = await subscription.await_(0.3)  # nothing new: a whole wait
        return first, second, asyncio.get_running_loop().time() - started

    first, second, waited = asyncio.run(waits())
    assert (first, second) == (5, None)
    assert waited >= 0.25


async def _serve_once(receive_kind: str, end: str) -> tuple[str, bool]:
    """Serve a never-ending stream whose phone's ``receive`` ``end``s
    (``cancelled``, ``raises``, ``disconnect``) or whose server cancels it
    (``server``): how the serving ended, and whether its chunks, if started,
    were closed (a generator never started holds no subscription)."""
    loop = asyncio.get_running_loop()
    closed = []
    started = []
    held: list[asyncio.Future] = []
    calls = [0]

    async def chunks():
        started.append(True)
        try:
            while True:
                yield "data: 1\n\n"
                await asyncio.sleep(0.01)
        finally:
            closed.append(True)

    def receive():
        calls[0] += 1
        if calls[0] == 1:
            answer = loop.create_future()
            answer.set_result({"type": "http.request", "body": b"", "more_body": False})
            return answer
        if receive_kind == "raises":
            raise OSError("the connection is gone")
        answer = loop.create_future()
        held.append(answer)
        return answer

    async def send(message: dict) -> None:
        await asyncio.sleep(0)

    start = {"type": "http.response.start", "status": 200, "headers": []}
    serving = asyncio.ensure_future(stream._serve(start, chunks(), receive, send))
    await asyncio.sleep(0.05)
    if end == "cancelled":
        held[0].cancel()
    elif end == "disconnect":
        held[0].set_result({"type": "http.disconnect"})
    elif end == "server":
        serving.cancel()
    try:
        await asyncio.wait_for(asyncio.shield(serving), 2)
    except asyncio.CancelledError:
        return "cancelled", closed == started
    except TimeoutError:
        serving.cancel()
        return "still running", closed == started
    return "ended", closed == started


@pytest.mark.parametrize(
    ("receive_kind", "end", "expected"),
    [
        ("future", "disconnect", "ended"),
        ("future", "cancelled", "ended"),
        ("raises", "none", "ended"),
        ("future", "server", "cancelled"),
    ],
)
def test_a_stream_ends_when_its_phone_goes_and_a_server_s_cancel_goes_up(
    receive_kind, end, expected
):
    assert asyncio.run(_serve_once(receive_kind, end)) == (expected, True)
