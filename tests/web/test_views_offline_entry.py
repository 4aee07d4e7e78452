"""Offline entry (issue 12) without a browser: the match page carries the
pending hands' section (hidden, for the script only) and its script; a read
link does not; the worker wakes the pages on Background Sync. The browser
side is tests/browser/test_offline_entry.py."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from scoresheets.matches.scoresheet import match_get_scoresheet
from tests.factories import hand, make_match, play

pytestmark = pytest.mark.django_db


def _section(html: str) -> str:
    found = re.search(r'<section id="pending-hands"[^>]*>', html)
    assert found, "no pending hands section"
    return found.group(0)


def test_the_match_page_has_a_hidden_pending_section_and_its_script(client: Client):
    match = make_match()
    html = client.get(f"/m/{match.token}/").content.decode()
    section = _section(html)
    # Without JavaScript nothing shows: hidden, and js-only.
    assert " hidden" in section
    assert "js-only" in section
    assert f'data-url="/m/{match.token}/donnes/"' in section
    assert 'data-waiting="en attente d\'envoi"' in section
    assert re.search(r'<script type="module" src="[^"]*js/queue(\.[0-9a-f]{12})?\.js">', html)
    assert '<template id="pending-row">' in html
    # The form still posts to the server without the script.
    assert f'action="/m/{match.token}/donnes/" method="post"' in html


def test_the_pending_section_speaks_english(client: Client):
    match = make_match()
    html = client.get(f"/m/{match.token}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    section = _section(html)
    assert 'data-waiting="waiting to be sent"' in section
    assert 'data-takes="{taker} takes"' in section
    assert "Waiting to be sent" in html
    assert "Send now" in html


def test_a_read_link_has_no_pending_section_nor_queue(client: Client):
    match = make_match()
    html = client.get(f"/voir/{match.read_token}/").content.decode()
    assert "pending-hands" not in html
    assert not re.search(r"js/queue[^\"]*\.js", html)


def test_the_worker_wakes_the_pages_on_background_sync(client: Client):
    script = client.get("/sw.js").content.decode()
    assert 'addEventListener("sync"' in script
    assert '"rebelote-queue"' in script
    assert "postMessage" in script


# A correction or a deletion kept on the phone (static/js/queue.js) is sent
# with HX-Request: the answer is the sheet, as after a new hand (the script
# swaps it in and reads the match's new version), and a refusal keeps its
# status with its message, so that it is never taken for a save.

HTMX = {"HTTP_HX_REQUEST": "true"}


def _edit_url(match, one) -> str:
    return f"/m/{match.token}/donnes/{one.pk}/"


def test_a_kept_correction_is_answered_with_the_sheet_and_its_version(client: Client):
    match = play(make_match(), hand("A", 100), hand("A", 100))
    one = match_get_scoresheet(match).hands[0]
    data = {"taker": "1", "points": "81", "number": "1", "hand_version": one.version, "key": "k1"}
    response = client.post(_edit_url(match, one), data, **HTMX)
    body = response.content.decode()
    assert response.status_code == 200
    match.refresh_from_db()
    assert f'data-version="{match.version}"' in body
    assert 'id="scoreboard"' in body and 'id="hands"' in body
    assert "Donne 1 corrigée." in body  # its undo bar tells it
    # No message is left behind for a later page (the undo bar told it).
    assert 'class="messages"' not in client.get(f"/m/{match.token}/").content.decode()
    one.refresh_from_db()
    assert one.to_input().trick_points == 81
    # Sent again (its answer was lost): the same answer, nothing saved twice.
    again = client.post(_edit_url(match, one), {**data, "hand_version": one.version - 1}, **HTMX)
    assert again.status_code == 200
    one.refresh_from_db()
    assert one.version == 2


def test_a_kept_correction_refused_keeps_its_status(client: Client):
    match = play(make_match(), hand("A", 100))
    one = match_get_scoresheet(match).hands[0]
    stale = {"taker": "1", "points": "120", "number": "1", "hand_version": 7, "key": "k2"}
    response = client.post(_edit_url(match, one), stale, **HTMX)
    assert response.status_code == 409
    assert "vient d&#x27;être modifiée" in response.content.decode()
    one.refresh_from_db()
    assert one.to_input().trick_points == 100


def test_a_kept_deletion_is_answered_with_the_sheet(client: Client):
    match = play(make_match(), hand("A", 100), hand("B", 120))
    one = match_get_scoresheet(match).hands[0]
    url = _edit_url(match, one) + "supprimer/"
    data = {"hand_version": one.version, "key": "k3-delete"}
    response = client.post(url, data, **HTMX)
    assert response.status_code == 200
    match.refresh_from_db()
    assert f'data-version="{match.version}"' in response.content.decode()
    assert len(match_get_scoresheet(match).hands) == 1
    assert 'class="messages"' not in client.get(f"/m/{match.token}/").content.decode()
    assert client.post(url, data, **HTMX).status_code == 200  # a resend: replayed
    assert len(match_get_scoresheet(match).hands) == 1


def test_a_kept_deletion_refused_says_why_with_its_status(client: Client):
    match = play(make_match(), hand("A", 100))
    one = match_get_scoresheet(match).hands[0]
    url = _edit_url(match, one) + "supprimer/"
    response = client.post(url, {"hand_version": "7", "key": "k4-delete"}, **HTMX)
    assert response.status_code == 409
    assert "vient d&#x27;être modifiée" in response.content.decode()
    assert 'class="errorlist"' in response.content.decode()
    assert len(match_get_scoresheet(match).hands) == 1
    # Nothing left behind for the next page either.
    assert 'class="messages"' not in client.get(f"/m/{match.token}/").content.decode()
