"""The rule ``donnes`` on the web (docs/match-document.md, rule ``donnes``):
a match of K donnes created from the new-match page, its sheet ("Donnes
jouées : 1 / 3"), its end after the K-th donne, a drawn one stored and shown everywhere a
finished match shows (match page, table page and its ranking, home page),
and a bad number refused with a message."""

from __future__ import annotations

import pytest
from django.test import Client

from scoresheets import scoring
from scoresheets.matches import services
from scoresheets.models import Match
from scoresheets.tables import services as tables
from tests.factories import hand, make_match, new_match_form, play

pytestmark = pytest.mark.django_db


def test_a_match_of_3_donnes_is_created_from_the_new_match_page(client: Client):
    response = client.post("/nouvelle/", new_match_form(donnes="3"))
    assert response.status_code == 303
    match = Match.objects.get()
    assert match.rules.donnes == 3
    assert match.rule_values["donnes"] == 3


def test_an_empty_donnes_field_is_a_match_to_its_target(client: Client):
    assert client.post("/nouvelle/", new_match_form(donnes="")).status_code == 303
    assert Match.objects.get().rules.donnes is None


@pytest.mark.parametrize("value", ["0", "101", "douze", "2.5"])
def test_a_bad_number_of_donnes_is_refused_with_a_message(client: Client, value: str):
    response = client.post("/nouvelle/", new_match_form(donnes=value))
    assert response.status_code == 422
    assert "Le nombre de donnes va de 1 à 100" in response.content.decode()
    assert Match.objects.count() == 0


def test_a_bad_number_of_donnes_is_refused_in_english_too(client: Client):
    response = client.post("/nouvelle/", new_match_form(donnes="0"), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 422
    assert "from 1 to 100" in response.content.decode()
    assert Match.objects.count() == 0


def test_the_sheet_counts_the_donnes_and_the_match_ends_after_the_last(client: Client):
    match = make_match(donnes=3)
    body = client.get(f"/m/{match.token}/").content.decode()
    assert "Donnes jouées : 0 / 3" in body
    assert "Objectif" not in body.split('class="target"')[1].split("</p>")[0]
    match = play(match, hand("A", 100), hand(None))  # a redeal is no donne
    # The played donnes (the turn's "Donne 3" counts the redeal's deal too).
    assert "Donnes jouées : 1 / 3" in client.get(f"/m/{match.token}/").content.decode()
    match = play(match, hand("B", 90), hand("A", 82))
    assert match.finished and match.winner == "A"
    assert (match.total_a, match.total_b) == (254, 232)
    body = client.get(f"/m/{match.token}/").content.decode()
    assert "Partie en 3 donnes" in body
    assert "Victoire : Alice &amp; Claire" in body


def test_a_drawn_match_is_stored_and_shown_as_a_draw(client: Client):
    table = tables.table_create(name="Le concours", player_names=["Léa", "Sam", "Noé", "Zoé"])
    match = services.match_create(
        names=["Léa", "Sam", "Noé", "Zoé"], rules=scoring.Rules(donnes=2), table=table
    )
    match = play(match, hand("A", 100), hand("B", 100))
    assert match.finished
    assert match.winner is None
    assert (match.total_a, match.total_b) == (162, 162)
    body = client.get(f"/m/{match.token}/").content.decode()
    assert "Match nul : égalité après 2 donnes." in body
    assert 'class="banner banner-win banner-draw"' in body
    assert "Victoire : Léa" not in body and "Victoire : Sam" not in body
    page = client.get(f"/t/{table.token}/")
    assert page.status_code == 200
    assert "Match nul" in page.content.decode()
    # The ratings take it as a tie: nobody won, everyone played.
    board = tables.table_ratings(table).leaderboard
    assert board
    assert all(row.wins == 0 for row in board)


def test_the_preview_of_the_donne_that_draws_the_match(client: Client):
    match = play(make_match(donnes=2), hand("A", 100))
    response = client.post(
        f"/m/{match.token}/apercu/", {"taker": "2", "points": "100"}, headers={"HX-Request": "true"}
    )
    assert response.status_code == 200
    assert "Cette donne termine la partie : match nul." in response.content.decode()


def test_a_correction_that_draws_the_match_says_so(client: Client):
    match = play(make_match(donnes=2), hand("A", 100), hand(None))
    assert not match.finished  # a redeal is no donne
    redeal = list(match.hands.live())[1]
    response = client.post(
        f"/m/{match.token}/donnes/{redeal.pk}/",
        {"taker": "2", "points": "100", "hand_version": redeal.version},
    )
    assert response.status_code in (200, 303)
    match.refresh_from_db()
    assert match.finished and match.winner is None
    page = client.get(f"/m/{match.token}/").content.decode()
    assert "Cette correction termine la partie : match nul." in page


def test_the_chart_of_a_match_of_donnes_draws_no_target(client: Client):
    # A newcomer's trial: a concours' partie of 4 donnes drew a dashed
    # "Objectif 1000" line that ends nothing (the donnes end it).
    match = play(make_match(donnes=3), hand("A", 100))
    chart = client.get(f"/m/{match.token}/").content.decode().split('id="score-chart"')[1]
    chart = chart.split("</svg>")[0]
    assert "Objectif" not in chart and "target" not in chart
    assert "Donnes jouées : 1 / 3" in chart
    # A match to a target still draws its line.
    other = play(make_match(), hand("A", 100))
    chart = client.get(f"/m/{other.token}/").content.decode().split('id="score-chart"')[1]
    assert "Objectif" in chart.split("</svg>")[0]
