"""The poll: at most one tiny query and an empty 204 while nothing changed; the sheet
otherwise (the cache's part: test_live_cache.py)."""

from __future__ import annotations

import pytest
from django.test import Client

from scoresheets.matches import services
from scoresheets.models import Match, new_token
from tests.factories import hand, make_match, play

pytestmark = pytest.mark.django_db


def poll(client: Client, match: Match, version: object = None):
    query = "" if version is None else f"?v={version}"
    return client.get(f"/m/{match.token}/poll/{query}", headers={"HX-Request": "true"})


def test_it_answers_an_unchanged_poll_with_one_query_at_most_and_no_body(
    client: Client, django_assert_max_num_queries
):
    match = play(make_match(), hand("A", 100))
    with django_assert_max_num_queries(1):  # none when the version is in the cache
        response = poll(client, match, match.version)
    assert response.status_code == 204
    assert response.content == b""
    assert "no-cache" in response["Cache-Control"]


def test_it_sends_the_sheet_when_a_hand_was_entered(client: Client):
    match = play(make_match(), hand("A", 100))
    seen = match.version
    services.hand_record(match=match, hand=hand("B", 90), taker_seat=2)
    response = poll(client, match, seen)
    body = response.content.decode()
    assert response.status_code == 200
    assert f'data-version="{seen + 1}"' in body
    assert 'id="scoreboard"' in body
    assert 'id="hand-2"' in body
    assert "Bob prend" in body
    assert 'class="total-points">172<' in body
    assert 'data-finished="false"' in body
    # Only the sheet: never the hand form someone may be typing in.
    assert 'id="hand-form"' not in body
    assert "<html" not in body

    assert poll(client, match, seen + 1).status_code == 204


def test_it_tells_when_the_match_is_over(client: Client):
    match = play(make_match(target=100), hand("A", 120))
    body = poll(client, match, 1).content.decode()
    assert 'data-finished="true"' in body
    assert "Victoire :" in body


@pytest.mark.parametrize("version", [None, "", "abc", "-1", "0"])
def test_it_sends_the_sheet_for_any_other_version(client: Client, version: object):
    match = make_match()
    response = poll(client, match, version)
    assert response.status_code == 200
    assert f'data-version="{match.version}"' in response.content.decode()


def test_it_never_sends_a_phone_a_sheet_older_than_the_version_it_shows(client: Client):
    # A version the server never had (the phone's is newer than every sheet):
    # nothing to send, the phone keeps its own (issue 21).
    match = make_match()
    assert poll(client, match, match.version + 998).status_code == 204


def test_it_answers_404_for_an_unknown_match_in_one_query(
    client: Client, django_assert_num_queries
):
    with django_assert_num_queries(1):
        # A well-formed token (a malformed one is refused by the URL pattern, with no query).
        assert client.get(f"/m/{new_token()}/poll/?v=1").status_code == 404


def test_it_refuses_post(client: Client):
    assert client.post(f"/m/{make_match().token}/poll/?v=1").status_code == 405


def test_it_does_not_touch_the_session(client: Client):
    match = make_match()
    poll(client, match, 0)
    assert "my_matches" not in client.session
