"""Sharing first: the match page right after "Commencer la partie" (a new
match, a table's new match) opens on the share panel, once; afterwards the
panel is at the bottom and "Partager" in the scoreboard jumps to it. Without
JavaScript (plain page loads), in French and in English."""

from __future__ import annotations

import pytest
from django.test import Client

from scoresheets.models import Match
from scoresheets.tables import services as tables
from tests.factories import new_match_form as form
from tests.web.test_views_tables import RULES

pytestmark = pytest.mark.django_db


def _positions(body: str) -> tuple[int, int, int]:
    """Where the share panel, the scoreboard and the hand form start in the page."""
    return body.index('id="share"'), body.index('id="scoreboard"'), body.index('id="hand-form"')


def test_a_new_match_opens_on_its_share_panel_once(client: Client):
    response = client.post("/nouvelle/", form())
    match = Match.objects.get()
    body = client.get(response["Location"]).content.decode()
    share, scoreboard, hand_form = _positions(body)
    assert share < scoreboard < hand_form
    assert body.count('id="share"') == 1
    assert "Partie créée : invitez les joueurs" in body
    assert f'value="http://testserver/m/{match.token}/"' in body
    assert f'value="http://testserver/voir/{match.read_token}/"' in body  # read-only link kept
    assert "<svg" in body.split('id="share"')[1].split("</section>")[0]  # the QR code
    assert 'href="#entry-title">Saisir la première donne</a>' in body

    # A reload (or the other phones) sees the sheet first, the panel below.
    body = client.get(f"/m/{match.token}/").content.decode()
    share, scoreboard, hand_form = _positions(body)
    assert scoreboard < hand_form < share
    assert "Partager la feuille" in body and "Partie créée" not in body
    # One tap away: a link in the scoreboard.
    board = body.split('id="scoreboard"')[1].split("</section>")[0]
    assert 'href="#share">Partager</a>' in board


def test_another_phone_opening_the_link_sees_the_sheet_first(client: Client):
    response = client.post("/nouvelle/", form())
    other = Client()
    body = other.get(response["Location"]).content.decode()
    share, scoreboard, _ = _positions(body)
    assert scoreboard < share and "Partie créée" not in body


def test_a_refused_form_leaves_nothing_to_share_first(client: Client):
    client.post("/nouvelle/", form(player_1=""))
    assert "share_first" not in client.session


def test_a_tables_new_match_opens_on_its_share_panel(client: Client):
    table = tables.table_create(name="Jeudi", player_names=["Léa", "Sam", "Noé", "Zoé"])
    data = dict(RULES)
    data.update({f"person_{seat}": p.pk for seat, p in enumerate(table.roster.all(), start=1)})
    response = client.post(f"/t/{table.token}/nouvelle/", data)
    assert response.status_code == 303
    body = client.get(response["Location"]).content.decode()
    share, scoreboard, _ = _positions(body)
    assert share < scoreboard
    assert "Partie créée : invitez les joueurs" in body


def test_the_read_only_page_has_its_partager_link_too(client: Client):
    client.post("/nouvelle/", form())
    match = Match.objects.get()
    body = Client().get(f"/voir/{match.read_token}/").content.decode()
    board = body.split('id="scoreboard"')[1].split("</section>")[0]
    assert 'href="#share">Partager</a>' in board
    assert f'value="http://testserver/voir/{match.read_token}/"' in body


def test_in_english(client: Client):
    response = client.post("/nouvelle/", form(), HTTP_ACCEPT_LANGUAGE="en")
    body = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Match created: invite the players" in body
    assert ">Enter the first hand</a>" in body and 'href="#share">Share</a>' in body
    assert "Partie créée" not in body and ">Partager<" not in body
