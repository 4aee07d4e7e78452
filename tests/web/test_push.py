"""Push (docs/sync.md, "Push"): the match page's event stream, and the new
version published to every process once a write commits."""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from django.test import Client, override_settings

from scoresheets import caching, push, services
from scoresheets.models import Hand, HandRevision, Match
from scoresheets.sync import stream
from tests.factories import hand, make_match, play

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
