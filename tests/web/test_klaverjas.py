"""Klaverjas through the pages (issue 29): the new-match page offers it
with its presets and rules, a hand is typed on its match page in the
table's words (who plays, points, roem per team, pit, verzaakt), scored,
shown and explained, corrected, exported and imported back, read-only, in
a table of friends' pages and CSVs, and its share image draws."""

from __future__ import annotations

import json
import os
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from scoresheets.games.klaverjas.engine import KlaverjasHand, KlaverjasRules
from scoresheets.matches import services
from scoresheets.models import Match
from scoresheets.scoring import Pair
from tests.factories import entry_form

pytestmark = pytest.mark.django_db
PLAYERS = {"player_1": "Anouk", "player_2": "Bram", "player_3": "Cor", "player_4": "Daan"}


def _new_match(client: Client, **rules: str) -> Match:
    data = {
        **PLAYERS,
        "first_dealer": "1",
        "game": "klaverjas",
        "scripted": "1",
        "klaverjas-preset": "amsterdams",
        "klaverjas-target": "1500",
        "klaverjas-end": "games",
        "klaverjas-games": "16",
        "klaverjas-nat_test": "total",
        "klaverjas-tie_is_nat": "on",
        "klaverjas-pit_bonus": "100",
        "klaverjas-defense_pit": "on",
        "klaverjas-revoke": "162_plus_100",
        "klaverjas-roem": "table",
        "klaverjas-variant": "amsterdam",
        **{f"klaverjas-{name}": value for name, value in rules.items()},
    }
    response = client.post("/nouvelle/", data)
    assert response.status_code == 303, response.content.decode()[:3000]
    return Match.objects.get()


def _type(client: Client, match: Match, **typed: str):
    body = entry_form(match, {"key": os.urandom(16).hex(), **typed})
    return client.post(f"/m/{match.token}/donnes/", body)


def test_the_new_match_page_offers_it_and_makes_one(client: Client):
    body = client.get("/nouvelle/").content.decode()
    assert 'value="klaverjas"' in body and 'data-game-rules="klaverjas"' in body
    assert "Amsterdams" in body and "Rotterdams" in body
    match = _new_match(client)
    assert (match.game, match.preset) == ("klaverjas", "amsterdams")
    assert match.rules == KlaverjasRules(variant="amsterdam")


def test_a_variant_left_unsaid_is_none(client: Client):
    match = _new_match(client, preset="competitie", variant="")
    assert match.rules.variant is None and match.preset == "competitie"


def test_a_hand_typed_in_the_tables_words_is_scored_shown_and_explained(client: Client):
    match = _new_match(client)
    page = client.get(f"/m/{match.token}/").content.decode()
    assert "Qui joue ?" in page and 'name="roem_a"' in page and 'name="pit"' in page
    assert "games/klaverjas/form.js" in page
    assert 'name="capot"' not in page and 'value="pass"' not in page  # no redeal
    # Bram (B) plays, 70 points for B, 20 roem for A: nat.
    response = _type(client, match, taker="2", points="70", points_team="B", roem_a="20")
    assert response.status_code in (200, 303), response.content.decode()[:3000]
    match.refresh_from_db()
    assert (match.hands_count, match.total_a, match.total_b) == (1, 182, 0)
    hand = match.hands.get()
    assert hand.taker == "B" and hand.taker_seat == 2
    assert hand.entry == {
        "points": {"B": 70},
        "roem": {"A": 20, "B": 0},
        "pit": None,
        "revoke": None,
    }
    sheet = client.get(f"/m/{match.token}/").content.decode()
    assert "joue et est nat" in sheet
    read = client.get(f"/voir/{match.read_token}/").content.decode()
    assert "182" in read


def test_a_pit_and_a_revoke_are_scored(client: Client):
    match = _new_match(client)
    assert _type(client, match, taker="1", pit="A", roem_a="50").status_code in (200, 303)
    assert _type(client, match, taker="3", revoke="B").status_code in (200, 303)
    match.refresh_from_db()
    # A: 162 + 50 + 100 (pit) = 312, then 162 + 100 for B's revoke.
    assert (match.total_a, match.total_b) == (312 + 262, 0)


def test_a_wrong_hand_says_why_and_saves_nothing(client: Client):
    match = _new_match(client)
    response = _type(client, match, taker="1", points="90", roem_a="30")
    assert response.status_code == 422
    assert Match.objects.get().hands.count() == 0
    # Said in the page's words (klaverjas' own problem), not the engine's English.
    body = response.content.decode()
    assert "La roem vaut 0 ou une somme de 20, 50, 100 et 200" in body
    assert "must be" not in body
    response = _type(client, match, taker="1", pit="A", points="90")
    assert response.status_code == 422 and match.hands.count() == 0
    assert "le pit a tous les plis" in response.content.decode()


def test_a_hand_is_corrected_on_its_page(client: Client):
    match = _new_match(client)
    _type(client, match, taker="1", points="90", points_team="A", roem_a="20")
    hand = match.hands.get()
    page = client.get(f"/m/{match.token}/donnes/{hand.pk}/").content.decode()
    assert 'name="roem_a"' in page and 'value="20"' in page and 'value="90"' in page
    body = {
        "taker": "1",
        "points": "60",
        "points_team": "A",
        "roem_a": "20",
        "hand_version": str(hand.version),
        "key": os.urandom(16).hex(),
    }
    response = client.post(f"/m/{match.token}/donnes/{hand.pk}/", body)
    assert response.status_code in (200, 303), response.content.decode()[:3000]
    match.refresh_from_db()
    # 60 + 20 = 80 vs 102: nat, B 162 + 20.
    assert (match.total_a, match.total_b) == (0, 182)


def test_its_export_imports_back_to_the_same_sheet(client: Client):
    match = _new_match(client)
    for typed in (
        {"taker": "2", "points": "70", "points_team": "B"},
        {"taker": "1", "pit": "A", "roem_a": "40"},
        {"taker": "3", "points": "100", "points_team": "A", "roem_b": "50"},
    ):
        assert _type(client, match, **typed).status_code in (200, 303)
    exported = json.loads(client.get(f"/m/{match.token}/export.json").content)
    assert exported["game"] == "klaverjas"
    assert exported["hands"][1] == {
        "playing": "A",
        "points": None,
        "roem": {"A": 40, "B": 0},
        "pit": "A",
        "revoke": None,
    }
    assert exported["result"]["hands"][1]["roem"] == {"A": 140, "B": 0}
    copy = services.match_import(document=exported)
    again = services.match_export_document(copy)
    assert (again["hands"], again["rules"], again["result"]) == (
        exported["hands"],
        exported["rules"],
        exported["result"],
    )
    upload = SimpleUploadedFile("kj.json", json.dumps(exported).encode())
    assert client.post("/importer/", {"document": upload}).status_code == 303


def test_a_table_of_friends_keeps_it_in_its_pages_and_exports(client: Client):
    from tests.tables_fixture import make_fixture

    table = make_fixture().table
    match = services.match_create(
        names=["Anouk", "Bram", "Cor", "Daan"], rules=KlaverjasRules(end="target"), table=table
    )
    services.hand_record(match=match, hand=KlaverjasHand("A", "A", 90, Pair(20, 0)), taker_seat=1)
    services.hand_record(match=match, hand=KlaverjasHand("B", revoke="A"), taker_seat=2)
    person = table.roster.get(name="Anouk")
    for url in (
        f"/t/{table.token}/",
        f"/t/{table.token}/classement/",
        f"/t/{table.token}/joueurs/{person.pk}/",
        f"/t/{table.token}/parties.csv",
        f"/t/{table.token}/donnes.csv",
        f"/m/{match.token}/",
        f"/m/{match.token}/feuille.png",
        f"/m/{match.token}/feuille.csv",
    ):
        response = client.get(url)
        assert response.status_code in (200, 404), url
        assert response.status_code == 200 or url.endswith("feuille.csv"), url
    hands = client.get(f"/t/{table.token}/donnes.csv").content.decode("utf-8-sig")
    assert hands.count("Klaverjas") == 2 and "verzaken" in hands


def test_a_hand_is_summed_up_in_its_own_words_in_the_history(client: Client):
    from scoresheets.matches.scoresheet import match_get_scoresheet

    match = _new_match(client)
    _type(client, match, taker="3", points="100", points_team="A", roem_b="50")
    sheet = match_get_scoresheet(Match.objects.get())
    line = sheet.hand_summary(sheet.hands[0])
    assert line == "Cor joue · points Anouk & Cor 100 · roem Bram & Daan 50"


def test_the_sheet_shows_each_teams_points_and_roem_in_their_own_columns(client: Client):
    match = _new_match(client)
    # Anouk (A) plays and makes it: A 100 points and 20 roem, B 62 and 50.
    _type(client, match, taker="1", points="100", points_team="A", roem_a="20", roem_b="50")
    # Bram (B) plays, 70 for B, 20 roem for A: nat, A takes 162 and the 20.
    _type(client, match, taker="2", points="70", points_team="B", roem_a="20")
    sheet = client.get(f"/m/{match.token}/").content.decode()
    head = re.search(r'<div class="hand-head".*?</div>', sheet, re.S).group()
    parts = '<span class="hand-parts"><small>points</small><small>roem</small></span>'
    assert head.count(parts) == 2, head
    cells = re.findall(
        r'<span class="hand-score (team-[ab])"><span class="hand-parts">'
        r"<b>(\d+)</b><span>(\d+)</span></span><small>(\d+)</small></span>",
        sheet,
    )
    # Newest first: each team's points, its roem, its running total.
    assert cells == [
        ("team-a", "162", "20", "302"),
        ("team-b", "0", "0", "112"),
        ("team-a", "100", "20", "120"),
        ("team-b", "62", "50", "112"),
    ]
    assert "Donnes jouées : 2 / 16" in sheet and ">Nat<" in sheet
