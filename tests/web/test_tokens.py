"""Tokens in URLs: only a well-formed token reaches a view (a NUL byte used to
give a 500 on PostgreSQL), and no user input with a NUL reaches a query."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from scoresheets.converters import TokenConverter
from scoresheets.models import Hand, Match, new_token
from scoresheets.tables import services as tables
from tests.factories import hand, make_match, play
from tests.routes import token_routes

pytestmark = pytest.mark.django_db

BAD_TOKENS = [
    "%00",  # the NUL of issue 8: a 500 on PostgreSQL
    "%00" * 24,
    "a" * 23 + "%00",
    "a" * 23,
    "a" * 25,
    "a" * 23 + ".",
    "a" * 23 + "%20",
    "%C3%A9" * 24,  # é: a letter, but not of the token alphabet
    "a" * 23 + "%ED%A0%80",  # the UTF-8 bytes of a lone surrogate
    "a" * 5000,
]
ROUTES = token_routes()


def test_it_finds_the_token_routes():
    names = {r.name for r in ROUTES}
    assert {"match", "hand_create", "hand_edit", "table", "table_hands_csv"} <= names


@pytest.mark.parametrize("route", ROUTES, ids=lambda r: r.name)
@pytest.mark.parametrize("token", BAD_TOKENS, ids=range(len(BAD_TOKENS)))
def test_it_answers_404_to_a_malformed_token(client: Client, route, token: str):
    match = play(make_match(), hand("A", 100))
    ids = {
        "hand_id": match.hands.get().pk,
        "player_id": 1,
        "number": 1,
        "penalty_id": 1,
        "concours_id": 1,
        "key": new_token(),
    }
    url = route.url(token=token, **ids)
    assert client.get(url).status_code == 404
    assert client.post(url, {"taker": "1", "points": "90"}).status_code == 404
    assert Match.objects.get().version == match.version


@pytest.mark.parametrize("route", ROUTES, ids=lambda r: r.name)
def test_it_answers_404_to_a_well_formed_unknown_token(client: Client, route):
    match = play(make_match(), hand("A", 100))
    url = route.url(
        token=new_token(),
        hand_id=match.hands.get().pk,
        player_id=1,
        number=1,
        penalty_id=1,
        concours_id=1,
        key=new_token(),
    )
    assert client.get(url).status_code in {404, 405}  # a POST-only route says 405 first
    assert client.post(url).status_code in {404, 405}


def test_it_takes_a_table_token_for_no_match(client: Client):
    table = tables.table_create(name="Jeudi", player_names=["Léa", "Marc", "Zoé", "Paul"])
    make_match()
    assert client.get(f"/m/{table.token}/").status_code == 404
    assert client.get(f"/t/{table.token}/").status_code == 200


def test_it_accepts_every_token_the_site_makes():

    pattern = re.compile(TokenConverter.regex)
    assert all(pattern.fullmatch(new_token()) for _ in range(2000))
    assert pattern.fullmatch(make_match().token)


@pytest.mark.parametrize("query", ["page=%00", "joueur=%00", "etat=%00", "joueur=1%00"])
def test_it_refuses_a_nul_in_the_history_filters_without_a_query(client: Client, query: str):
    table = tables.table_create(name="Jeudi", player_names=["Léa", "Marc", "Zoé", "Paul"])
    response = client.get(f"/t/{table.token}/?{query}")
    assert response.status_code in {200, 422}


def test_it_takes_a_key_with_a_nul_for_no_key_on_delete_and_restore(client: Client):
    match = play(make_match(), hand("A", 100), hand("B", 90))
    first = match.hands.order_by("number").first()
    url = f"/m/{match.token}/donnes/{first.pk}/"
    response = client.post(url + "supprimer/", {"key": "k\x00", "hand_version": first.version})
    assert response.status_code == 303
    assert Hand.objects.get(pk=first.pk).deleted_at is not None
    assert client.post(url + "retablir/", {"key": "k\x00"}).status_code == 303
    assert Hand.objects.get(pk=first.pk).deleted_at is None


def test_it_gives_a_fresh_session_to_a_cookie_with_a_nul(client: Client):
    client.cookies["sessionid"] = "abcdefgh\x00ijklmnop"
    response = client.get("/")
    assert response.status_code == 200
    match = make_match()
    client.get(f"/m/{match.token}/")
    assert client.cookies["sessionid"].value.isalnum()
    assert match.token in client.get("/").content.decode()
