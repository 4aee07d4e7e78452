"""The games' contract, proved by a game the product does not have (issue 28,
docs/games.md): tests/fake_game, a package of its own outside scoresheets/,
registered by the one line a game needs (here ``REBELOTE_EXTRA_GAMES``, in a
process of its own: every registry is built once at import).

The first test runs that process: this module's other tests, which then
play the fake game through the new-match page, a hand typed on the match
page, the sheet and its explanation, the JSON export and its import, the
read-only page and the table's CSV; and the worked cases of every game
through the engine and the phone's scorer (the fake's included). In the
product's own process those tests skip: they are the fake process's."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from scoresheets.matches import services
from scoresheets.models import Match
from scoresheets.scoring.engines import ENGINES, EXTRA_GAMES_VARIABLE
from tests.factories import entry_form

ROOT = Path(__file__).resolve().parents[2]
FAKE = "tests.fake_game"
REGISTERED = "fake" in ENGINES
in_the_fake_process = pytest.mark.skipif(
    not REGISTERED, reason="played in the fake game's own process (the first test)"
)
PLAYERS = {"player_1": "Alice", "player_2": "Bob", "player_3": "Claire", "player_4": "Dan"}


@pytest.mark.skipif(REGISTERED, reason="this is the fake game's process")
def test_a_game_outside_the_product_plays_end_to_end_by_its_package_alone():
    env = {**os.environ, EXTRA_GAMES_VARIABLE: FAKE}
    env.pop("PYTEST_XDIST_WORKER", None)
    tests = [
        str(Path(__file__).relative_to(ROOT)),
        "tests/engine/test_cases.py",
        "tests/engine/test_engine_contract.py",
        "tests/engine/test_js_scorer.py::test_every_worked_case_through_the_phone_s_scorer",
    ]
    # This module's tests, and the fake's worked cases (their ids name the game).
    only = ["-k", "fake"]
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-n", "0", *only, *tests],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    passed = int(re.search(r"(\d+) passed", run.stdout).group(1))
    # Every test of this module but this one, the fake's case through the
    # engine, the command and the phone's scorer, and its engine's contract.
    assert passed >= 7 + 4, run.stdout[-2000:]
    # Only this test is skipped there (it is that process).
    assert "1 skipped" in run.stdout.splitlines()[-1], run.stdout[-2000:]


def _new_fake_match(client: Client) -> Match:
    data = {
        **PLAYERS,
        "first_dealer": "1",
        "game": "fake",
        "scripted": "1",
        "fake-preset": "essai",
        "fake-target": "500",
        "fake-donnes": "",
    }
    response = client.post("/nouvelle/", data)
    assert response.status_code == 303, response.content.decode()[:2000]
    return Match.objects.get()


@in_the_fake_process
@pytest.mark.django_db
def test_the_new_match_page_offers_it_with_its_rules_and_makes_one(client: Client):
    body = client.get("/nouvelle/").content.decode()
    assert 'value="fake"' in body and "Partie d&#x27;essai" in body
    assert 'data-game-rules="fake"' in body
    match = _new_fake_match(client)
    assert (match.game, match.preset, match.rules.target) == ("fake", "essai", 500)


@in_the_fake_process
@pytest.mark.django_db
def test_a_hand_typed_on_its_page_is_scored_shown_and_explained(client: Client):
    match = _new_fake_match(client)
    page = client.get(f"/m/{match.token}/").content.decode()
    assert 'id="fake-points-hint"' in page  # its own partial, from its package
    typed = {"key": "k" * 32, "taker": "1", "points": "100", "points_team": "A", "belote": "A"}
    response = client.post(f"/m/{match.token}/donnes/", entry_form(match, typed))
    assert response.status_code in (200, 303), response.content.decode()[:2000]
    match.refresh_from_db()
    assert (match.hands_count, match.total_a, match.total_b) == (1, 120, 62)
    sheet = client.get(f"/m/{match.token}/").content.decode()
    assert "Contrat fait. 120 – 62" in sheet
    read = client.get(f"/voir/{match.read_token}/").content.decode()
    assert "120" in read and "62" in read


@in_the_fake_process
@pytest.mark.django_db
def test_its_export_imports_back_to_the_same_sheet(client: Client):
    match = _new_fake_match(client)
    for typed in (
        {"taker": "2", "points": "70", "points_team": "B"},
        {"taker": "1", "capot": "A"},
        {"action": "pass"},
    ):
        body = entry_form(match, {"key": os.urandom(16).hex(), **typed})
        assert client.post(f"/m/{match.token}/donnes/", body).status_code in (200, 303)
    exported = json.loads(client.get(f"/m/{match.token}/export.json").content)
    assert exported["game"] == "fake"
    assert exported["result"]["totals"] == {"A": 162 + 250, "B": 0}
    copy = services.match_import(document=exported)
    assert copy.game == "fake"
    again = services.match_export_document(copy)
    assert again["hands"] == exported["hands"]
    assert again["rules"] == exported["rules"]
    assert again["result"] == exported["result"]


@in_the_fake_process
@pytest.mark.django_db
def test_the_import_page_takes_its_documents(client: Client):
    document = {"game": "fake", "rules": {"target": 300}, "hands": [{"taker": "A", "capot": "A"}]}
    upload = SimpleUploadedFile("essai.json", json.dumps(document).encode())
    response = client.post("/importer/", {"document": upload})
    assert response.status_code == 303, response.content.decode()[:2000]
    match = Match.objects.get()
    assert (match.game, match.total_a) == ("fake", 250)


@in_the_fake_process
def test_its_phone_scorer_is_listed_for_the_pages():
    from scoresheets.sync.pwa import sync_config

    assert sync_config()["games"][-1].endswith("games/fake/scoring.js")


@in_the_fake_process
@pytest.mark.django_db
def test_no_migration_is_needed_for_it():
    from django.core.management import call_command

    call_command("makemigrations", "--check", "--dry-run", verbosity=0)


@in_the_fake_process
@pytest.mark.django_db
def test_a_table_of_friends_keeps_it_in_its_pages_and_exports(client: Client):
    from tests.fake_game.engine import FakeHand, FakeRules
    from tests.tables_fixture import make_fixture

    table = make_fixture().table
    match = services.match_create(
        names=["Léa", "Sam", "Noé", "Zoé"], rules=FakeRules(target=300), table=table
    )
    services.hand_record(match=match, hand=FakeHand("A", "A", 100, belote="A"), taker_seat=1)
    services.hand_record(match=match, hand=FakeHand("B", capot="B"), taker_seat=2)
    person = table.roster.get(name="Léa")
    for url in (
        f"/t/{table.token}/",
        f"/t/{table.token}/classement/",
        f"/t/{table.token}/joueurs/{person.pk}/",
        f"/t/{table.token}/parties.csv",
        f"/t/{table.token}/donnes.csv",
        f"/m/{match.token}/",
        f"/m/{match.token}/feuille.png",
    ):
        response = client.get(url)
        assert response.status_code == 200, url
    history = client.get(f"/t/{table.token}/").content.decode()
    assert "Partie d&#x27;essai" in history  # its name where the table plays two games
    hands = client.get(f"/t/{table.token}/donnes.csv").content.decode("utf-8-sig")
    assert hands.count("Partie d'essai") == 2
