"""The session engine (scoresheets/sessions.py): Django's database sessions,
read as their data alone and updated by one query (issue 21, save CPU)."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.sessions.backends.base import UpdateError
from django.contrib.sessions.models import Session
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from scoresheets.sessions import SessionStore
from tests.factories import entry_form, hand, make_match, play

pytestmark = pytest.mark.django_db


def saved_session(**data) -> SessionStore:
    store = SessionStore()
    store.update(data)
    store.save()
    return store


def test_it_reads_back_what_it_saved():
    store = saved_session(device_name="Léa", my_matches=["abc"])
    again = SessionStore(store.session_key)
    assert again.load() == {"device_name": "Léa", "my_matches": ["abc"]}
    assert again.session_key == store.session_key


def test_an_expired_or_unknown_session_is_empty_and_gets_no_key():
    store = saved_session(device_name="Léa")
    Session.objects.filter(pk=store.session_key).update(
        expire_date=timezone.now() - datetime.timedelta(seconds=1)
    )
    expired = SessionStore(store.session_key)
    assert expired.load() == {} and expired.session_key is None
    unknown = SessionStore("a" * 32)
    assert unknown.load() == {} and unknown.session_key is None


def test_an_existing_session_is_updated_by_one_query():
    store = saved_session(device_name="Léa")
    again = SessionStore(store.session_key)
    again["device_name"] = "Max"
    with CaptureQueriesContext(connection) as captured:
        again.save()
    queries = [q["sql"] for q in captured.captured_queries]
    assert len(queries) == 1 and queries[0].startswith('UPDATE "django_session"')
    row = Session.objects.get(pk=store.session_key)
    assert SessionStore().decode(row.session_data) == {"device_name": "Max"}
    assert row.expire_date > timezone.now() + datetime.timedelta(days=300)


def test_a_session_gone_meanwhile_is_not_written_again():
    store = saved_session(device_name="Léa")
    again = SessionStore(store.session_key)
    again["device_name"] = "Max"
    Session.objects.filter(pk=store.session_key).delete()
    with pytest.raises(UpdateError):
        again.save()
    assert not Session.objects.exists()


def test_a_saved_hand_reads_and_writes_its_session_once(client: Client):
    match = play(make_match(), hand("A", 100))
    client.get(f"/m/{match.token}/")
    client.post(f"/m/{match.token}/donnes/", entry_form(match, taker="1", points="100"))
    with CaptureQueriesContext(connection) as captured:
        saved = client.post(
            f"/m/{match.token}/donnes/",
            entry_form(match, taker="2", points="90"),
            headers={"HX-Request": "true"},
        )
    assert saved.status_code == 200
    sessions = [q["sql"] for q in captured.captured_queries if '"django_session"' in q["sql"]]
    assert len(sessions) == 2
    assert sessions[0].startswith('SELECT "django_session"."session_data"')
    assert sessions[1].startswith('UPDATE "django_session"')
