"""A busy database (a lock held too long, a dropped connection) is answered 503
"Réessayez dans un instant" with Retry-After: the entry kept in its form,
never a wrong message, never a 500, and nothing saved.

The lock is real: another connection holds the database's write lock (SQLite:
BEGIN IMMEDIATE; PostgreSQL: the tables locked in EXCLUSIVE mode, with a short
``lock_timeout`` for the site's connection), and the site's connection gives up
after 0.2 s instead of the site's 20 s.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.db import connection
from django.test import Client

from scoresheets.models import Hand, Match, Table
from scoresheets.tables import services as tables
from tests.factories import entry_form, hand, make_match, new_match_form, play

pytestmark = pytest.mark.django_db(transaction=True)

BUSY = "Réessayez dans un instant"
TIMEOUT = 0.2  # seconds the site's connection waits for the lock


@contextmanager
def database_locked() -> Iterator[None]:
    """Another connection holds the write lock of the whole database; reads still work."""
    if connection.vendor == "sqlite":
        options = connection.settings_dict["OPTIONS"]
        before = options.get("timeout")
        connection.close()
        options["timeout"] = TIMEOUT
        other = sqlite3.connect(connection.settings_dict["NAME"], isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        try:
            yield
        finally:
            other.execute("ROLLBACK")
            other.close()
            connection.close()
            options["timeout"] = before
    else:
        import psycopg

        names = [
            n
            for n in connection.introspection.table_names()
            if n.startswith("scoresheets_") or n == "django_session"
        ]
        other = psycopg.connect(**connection.get_connection_params())
        other.execute(f"LOCK TABLE {', '.join(names)} IN EXCLUSIVE MODE")
        with connection.cursor() as cursor:
            cursor.execute("SELECT set_config('lock_timeout', %s, false)", [f"{TIMEOUT}s"])
        try:
            yield
        finally:
            other.rollback()
            other.close()
            with connection.cursor() as cursor:
                cursor.execute("SELECT set_config('lock_timeout', '0', false)")


def assert_busy(response, *kept: str) -> str:
    """A 503 with Retry-After and the busy message (and what was typed, ``kept``)."""
    assert response.status_code == 503
    assert int(response["Retry-After"]) > 0
    text = response.content.decode()
    assert BUSY in text
    assert "trop grands" not in text
    for value in kept:
        assert value in text
    return text


def test_it_keeps_a_hand_entry_when_the_database_is_locked(client: Client):
    match = play(make_match(), hand("A", 100))
    entry = entry_form(match, taker="3", points="117", number="2", key="k-2")
    with database_locked():
        response = client.post(f"/m/{match.token}/donnes/", entry)
    assert_busy(response, 'value="117"', 'value="k-2"')
    assert Hand.objects.count() == 1
    assert Match.objects.get().version == match.version
    # A moment later, the same entry (same key) is saved once.
    assert client.post(f"/m/{match.token}/donnes/", entry).status_code == 303
    assert client.post(f"/m/{match.token}/donnes/", entry).status_code == 303
    assert Hand.objects.count() == 2


def test_it_swaps_the_kept_entry_in_with_htmx(client: Client):
    match = make_match()
    with database_locked():
        response = client.post(
            f"/m/{match.token}/donnes/",
            entry_form(match, taker="2", points="98", number="1"),
            headers={"HX-Request": "true"},
        )
    text = assert_busy(response, 'value="98"')
    assert "<html" not in text  # the form's partial, not a page
    assert "HX-Reswap" not in response


def test_it_keeps_a_correction_when_the_database_is_locked(client: Client):
    match = play(make_match(), hand("A", 100))
    saved = Hand.objects.get()
    entry = {"taker": "1", "points": "131", "hand_version": saved.version, "number": "1"}
    with database_locked():
        response = client.post(f"/m/{match.token}/donnes/{saved.pk}/", entry)
    assert_busy(response, 'value="131"')
    assert Hand.objects.get().to_input().trick_points == saved.to_input().trick_points


@pytest.mark.parametrize("action", ["supprimer", "retablir"])
def test_it_answers_a_delete_or_restore_with_the_busy_page(client: Client, action: str):
    match = play(make_match(), hand("A", 100))
    saved = Hand.objects.get()
    if action == "retablir":
        client.post(f"/m/{match.token}/donnes/{saved.pk}/supprimer/", {"hand_version": 1})
        saved.refresh_from_db()
    with database_locked():
        response = client.post(
            f"/m/{match.token}/donnes/{saved.pk}/{action}/", {"hand_version": saved.version}
        )
    assert_busy(response, "page précédente")
    assert Hand.objects.get().deleted_at == saved.deleted_at


def test_it_keeps_a_new_match_when_the_database_is_locked(client: Client):
    data = new_match_form(("Léa", "Marc", "Zoé", "Paul"))
    with database_locked():
        response = client.post("/nouvelle/", data)
    assert_busy(response, 'value="Léa"', 'value="Paul"')
    assert Match.objects.count() == 0


def test_it_keeps_an_import_when_the_database_is_locked(client: Client):
    from django.core.files.uploadedfile import SimpleUploadedFile

    document = b'{"hands": [{"taker": "A", "points": {"A": 100}}]}'
    with database_locked():
        response = client.post("/importer/", {"document": SimpleUploadedFile("m.json", document)})
    assert_busy(response)
    assert Match.objects.count() == 0


def test_it_keeps_a_new_table_when_the_database_is_locked(client: Client):
    with database_locked():
        response = client.post(
            "/tables/nouvelle/", {"name": "Les jeudis", "players": "Léa\nMarc\nZoé\nPaul"}
        )
    assert_busy(response, "Les jeudis", "Zoé")
    assert Table.objects.count() == 0


def test_it_keeps_a_roster_name_when_the_database_is_locked(client: Client):
    table = tables.table_create(name="Jeudi", player_names=["Léa", "Marc", "Zoé", "Paul"])
    with database_locked():
        response = client.post(f"/t/{table.token}/joueurs/", {"name": "Inès"})
    assert_busy(response, 'value="Inès"')
    assert table.roster.count() == 4


def test_it_answers_a_device_name_with_the_busy_page(client: Client):
    match = make_match()
    with database_locked():
        response = client.post(f"/m/{match.token}/appareil/", {"device": "Léa"})
    assert_busy(response)
    assert "Léa" not in client.get(f"/m/{match.token}/").content.decode()


def test_it_serves_a_page_when_its_session_cannot_be_saved(client: Client, caplog):
    match = make_match()
    client.get("/")  # a browser that keeps the site's cookies
    with database_locked(), caplog.at_level(logging.WARNING):
        response = client.get(f"/m/{match.token}/")
    assert response.status_code == 200
    assert 'id="scoreboard"' in response.content.decode()
    # The session change ("my matches") is dropped, and made at the next visit.
    assert match.token not in client.get("/").content.decode()
    client.get(f"/m/{match.token}/")
    assert match.token in client.get("/").content.decode()
    busy = [r for r in caplog.records if r.name == "scoresheets.sync.busy"]
    assert busy
    assert all(match.token not in r.getMessage() and not r.exc_info for r in busy)


def test_it_logs_a_busy_database_as_one_warning_without_token(client: Client, caplog):
    match = play(make_match(), hand("A", 100))
    saved = Hand.objects.get()
    with database_locked(), caplog.at_level(logging.INFO):
        client.post(f"/m/{match.token}/donnes/{saved.pk}/supprimer/", {"hand_version": 1})
    records = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert [r.name for r in records] == ["scoresheets.sync.busy"]
    assert records[0].levelno == logging.WARNING and not records[0].exc_info
    assert match.token not in records[0].getMessage()


@pytest.mark.skipif("connection.vendor != 'postgresql'")
def test_it_answers_503_when_the_connection_is_dropped(client: Client):
    """pg_terminate_backend from another connection: the site's connection dies
    under the next request; that request is a 503, the one after it works."""
    import psycopg

    match = make_match()
    entry = entry_form(match, taker="1", points="90", number="1")  # read before the cut
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    with psycopg.connect(**connection.get_connection_params(), autocommit=True) as other:
        other.execute("SELECT pg_terminate_backend(%s)", [pid])
    assert_busy(client.post(f"/m/{match.token}/donnes/", entry))
    assert Hand.objects.count() == 0
    assert client.post(f"/m/{match.token}/donnes/", entry).status_code == 303
    assert Hand.objects.count() == 1


def test_it_keeps_a_500_for_an_error_no_retry_cures():
    """A missing table (migrations not run) is a bug to see, not a busy database."""
    from django.db import DatabaseError

    from scoresheets.sync.busy import is_busy

    with pytest.raises(DatabaseError) as raised, connection.cursor() as cursor:
        cursor.execute("SELECT * FROM no_such_table")
    assert not is_busy(raised.value)


def test_it_says_so_in_english(client: Client):
    match = play(make_match(), hand("A", 100))
    saved = Hand.objects.get()
    with database_locked():
        response = client.post(
            f"/m/{match.token}/donnes/{saved.pk}/supprimer/",
            {"hand_version": saved.version},
            headers={"Accept-Language": "en"},
        )
    assert response.status_code == 503
    text = response.content.decode()
    assert "Try again in a moment." in text and "what you entered is still there" in text
