"""The export: the match document with its result, as a JSON file to download."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from scoresheets.matches import services
from scoresheets.models import Match
from tests.factories import hand, make_match, play

pytestmark = pytest.mark.django_db


def test_it_downloads_the_match_document_with_its_result(client: Client):
    match = play(make_match(team_a_name="Les Écureuils", target=501), hand("A", 81), hand("B", 90))
    response = client.get(f"/m/{match.token}/export.json")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    disposition = response["Content-Disposition"]
    assert disposition.startswith('attachment; filename="rebelote-les-ecureuils-bob-dan-')
    assert disposition.endswith('.json"')
    document = json.loads(response.content.decode("utf-8"))
    assert document == services.match_export_document(match)
    assert document["rules"]["target"] == 501
    assert len(document["hands"]) == 2
    assert document["result"]["totals"] == {"A": 72, "B": 81 + 90 + 81}


def test_it_round_trips_through_the_import(client: Client):
    match = play(make_match(), hand("A", 81), hand("B", 100, belote="B"), hand(None))
    exported = client.get(f"/m/{match.token}/export.json").content
    upload = SimpleUploadedFile("partie.json", exported, content_type="application/json")
    response = client.post("/importer/", {"document": upload})
    assert response.status_code == 303
    copy = Match.objects.exclude(pk=match.pk).get()
    assert services.match_export_document(copy) == json.loads(exported)


def test_it_answers_404_for_an_unknown_match(client: Client):
    assert client.get("/m/nope/export.json").status_code == 404


def test_it_refuses_post(client: Client):
    assert client.post(f"/m/{make_match().token}/export.json").status_code == 405
