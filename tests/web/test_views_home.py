"""The home page: new match button, "my matches", the import form, the language switch."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from scoresheets.matches import services
from scoresheets.models import Match
from tests.factories import hand, make_match, play

pytestmark = pytest.mark.django_db


def upload(content: bytes | str, name: str = "partie.json") -> SimpleUploadedFile:
    data = content.encode() if isinstance(content, str) else content
    return SimpleUploadedFile(name, data, content_type="application/json")


def test_it_shows_the_home_page(client: Client):
    response = client.get("/")
    assert response.status_code == 200
    body = response.content.decode()
    assert "Nouvelle partie" in body
    assert 'href="/nouvelle/"' in body
    assert 'href="/calculateur/"' in body
    assert 'action="/importer/"' in body
    assert "Les parties que vous créez ou ouvrez" in body


def test_it_refuses_post_on_the_home_page(client: Client):
    assert client.post("/").status_code == 405


def test_it_lists_my_matches_newest_first(client: Client):
    first = make_match(team_a_name="Les Bleus", team_b_name="Les Rouges")
    second = make_match(team_a_name="Nous", team_b_name="Eux")
    other = make_match(team_a_name="Pas moi", team_b_name="Pas eux")
    client.get("/")  # a browser that keeps the site's cookies
    client.get(f"/m/{first.token}/")
    client.get(f"/m/{second.token}/")

    body = client.get("/").content.decode()
    assert f'href="/m/{second.token}/"' in body
    assert f'href="/m/{first.token}/"' in body
    assert body.index(second.token) < body.index(first.token)
    assert other.token not in body
    assert "Pas moi" not in body


def test_it_moves_a_reopened_match_to_the_top(client: Client):
    first, second = make_match(), make_match()
    client.get("/")  # a browser that keeps the site's cookies
    client.get(f"/m/{first.token}/")
    client.get(f"/m/{second.token}/")
    client.get(f"/m/{first.token}/")
    body = client.get("/").content.decode()
    assert body.index(first.token) < body.index(second.token)
    assert client.session["my_matches"] == [first.token, second.token]


def test_it_shows_the_score_and_status_of_my_matches(client: Client):
    going = play(make_match(), hand("A", 100), hand("B", 90))
    over = play(make_match(target=100, team_a_name="Vainqueurs"), hand("A", 120))
    client.get("/")  # a browser that keeps the site's cookies
    client.get(f"/m/{going.token}/")
    client.get(f"/m/{over.token}/")
    body = client.get("/").content.decode()
    assert "En cours : 2 donnes" in body
    assert "Terminée, gagnée par Vainqueurs" in body
    assert ">172<" in body  # Alice & Claire: 100 + 72
    assert ">152<" in body  # Bob & Dan: 62 + 90


def test_it_reads_my_matches_in_a_fixed_number_of_queries(
    client: Client, django_assert_max_num_queries
):
    for _ in range(5):
        client.get(f"/m/{play(make_match(), hand('A', 100), hand('B', 100)).token}/")
    with django_assert_max_num_queries(4):
        assert client.get("/").status_code == 200


def test_it_lists_my_matches_without_reading_or_scoring_their_hands(
    client: Client, django_assert_max_num_queries, monkeypatch
):
    """Issue 21: 50 matches of 200 hands were read and scored at each view."""
    client.get("/")  # a browser that keeps the site's cookies
    over = play(make_match(target=100), hand("A", 120))
    going = play(make_match(), hand("A", 100), hand("B", 90))
    client.get(f"/m/{over.token}/")
    client.get(f"/m/{going.token}/")
    monkeypatch.setattr(services.scoring, "score_match", None)  # the engine is not asked
    with CaptureQueriesContext(connection) as captured:
        body = client.get("/").content.decode()
    assert not any("scoresheets_hand" in q["sql"] for q in captured.captured_queries)
    assert "En cours : 2 donnes" in body
    assert "Terminée, gagnée par" in body


def test_it_imports_a_match_document(client: Client):
    document = {"rules": {"target": 501}, "hands": [{"taker": "A", "points": {"A": 90}}]}
    response = client.post("/importer/", {"document": upload(json.dumps(document))})
    match = Match.objects.get()
    assert response.status_code == 303
    assert response["Location"] == f"/m/{match.token}/"
    assert match.target == 501
    assert match.hands.count() == 1
    assert client.session["my_matches"] == [match.token]


def test_it_refuses_a_file_that_is_not_json(client: Client):
    response = client.post("/importer/", {"document": upload("{oops")})
    assert response.status_code == 422
    assert "pas un document JSON valide" in response.content.decode()
    assert Match.objects.count() == 0


def test_it_refuses_a_file_that_is_not_utf8(client: Client):
    response = client.post("/importer/", {"document": upload(b"\xff\xfe{}")})
    assert response.status_code == 422
    assert Match.objects.count() == 0


def test_it_lists_every_problem_of_an_invalid_document(client: Client):
    document = {
        "rules": {"target": 1000, "colour": "red"},
        "hands": [{"taker": "A", "points": {"A": 170}}],
    }
    response = client.post("/importer/", {"document": upload(json.dumps(document))})
    body = response.content.decode()
    assert response.status_code == 422
    assert "Règles, colour : Clé inconnue" in body
    assert "Donne 1, points de plis : Saisissez un nombre entre 0 et 162." in body
    assert Match.objects.count() == 0


def test_it_creates_nothing_from_a_document_with_a_hand_after_the_end(client: Client):
    document = {
        "rules": {"target": 100},
        "hands": [{"taker": "A", "points": {"A": 120}}, {"taker": None}],
    }
    response = client.post("/importer/", {"document": upload(json.dumps(document))})
    assert response.status_code == 422
    assert "La partie est terminée" in response.content.decode()
    assert Match.objects.count() == 0


def test_it_refuses_numbers_too_big_for_the_database(client: Client):
    document = {"hands": [{"taker": "A", "points": {"A": 90}, "announcements": {"A": 10**20}}]}
    response = client.post("/importer/", {"document": upload(json.dumps(document))})
    assert response.status_code == 422
    assert Match.objects.count() == 0


def test_it_refuses_an_import_without_a_file(client: Client):
    response = client.post("/importer/", {})
    assert response.status_code == 422
    assert Match.objects.count() == 0


def test_it_refuses_get_on_the_import(client: Client):
    assert client.get("/importer/").status_code == 405


def test_it_enforces_csrf_on_the_import():
    client = Client(enforce_csrf_checks=True)
    response = client.post("/importer/", {"document": upload('{"hands": []}')})
    assert response.status_code == 403
    assert Match.objects.count() == 0


def test_it_offers_the_language_switch(client: Client):
    body = client.get("/").content.decode()
    assert 'action="/i18n/setlang/"' in body
    assert 'name="language" value="en"' in body
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert response.status_code == 302
    assert response.cookies["django_language"].value == "en"


def test_an_unknown_address_gets_a_page_that_helps(client: Client):
    response = client.get("/m/not-a-real-token/")
    assert response.status_code == 404
    assert "ne s&#x27;ouvre qu&#x27;avec son lien entier" in response.content.decode() or (
        "ne s'ouvre qu'avec son lien entier" in response.content.decode()
    )
