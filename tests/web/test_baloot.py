"""Baloot through the pages (issue 30): the new-match page offers it with
its presets and rules, hands of every kind are typed on its match page in
the table's words (who bought, Sun or Hokm, one team's card points,
projects, baloot, doubling, kaboot, ashkal, a redeal), scored, shown and
explained; a wrong hand says why and saves nothing; a hand is corrected; the
export imports back to the same sheet; the read-only link, a table of
friends' pages and CSVs, and valid HTML."""

from __future__ import annotations

import json
import os

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from scoresheets.games.baloot.engine import ENGINE, BalootHand, BalootRules
from scoresheets.matches import services
from scoresheets.models import Match
from scoresheets.scoring import Pair
from scoresheets.scoring.kernel import score_match
from tests.factories import entry_form

pytestmark = pytest.mark.django_db
PLAYERS = {"player_1": "Fahad", "player_2": "Badr", "player_3": "Saad", "player_4": "Majed"}
KAMMELNA = {
    "preset": "kammelna",
    "target": "152",
    "sun_rounding": "tens",
    "hokm_five": "down",
    "tie": "split",
    "doubled_tie": "buyer_loses",
    "kaboot_doubles": "on",
    "sun_double": "over_100",
    "both_over": "buyer",
}


def _new_match(client: Client, teams: dict[str, str] | None = None, **rules: str) -> Match:
    values = {**KAMMELNA, **rules}
    data = {
        **PLAYERS,
        **(teams or {}),
        "first_dealer": "1",
        "game": "baloot",
        "scripted": "1",
        **{f"baloot-{name}": value for name, value in values.items() if value is not None},
    }
    response = client.post("/nouvelle/", data)
    assert response.status_code == 303, response.content.decode()[:3000]
    return Match.objects.get()


def _type(client: Client, match: Match, **typed: str):
    body = entry_form(match, {"key": os.urandom(16).hex(), **typed})
    return client.post(f"/m/{match.token}/donnes/", body)


def _saved(response) -> None:
    assert response.status_code in (200, 303), response.content.decode()[:3000]


def test_the_new_match_page_offers_it_and_its_presets(client: Client):
    body = client.get("/nouvelle/").content.decode()
    assert 'value="baloot"' in body and 'data-game-rules="baloot"' in body
    for label in ("Règles de Kammelna", "Règles de Sakkah", "L&#x27;acheteur doit faire plus"):
        assert label in body
    assert 'name="baloot-sun_rounding"' in body and 'name="baloot-both_over"' in body
    match = _new_match(client)
    assert (match.game, match.preset, match.rules) == ("baloot", "kammelna", BalootRules())


def test_a_scorer_alone_names_the_teams_lana_and_lahum_as_on_paper(client: Client):
    """docs/baloot.md, *The sheet's columns in Arabic*: the sheet names the
    teams; a table that keeps the paper's لنا / لهم types them as names."""
    client.cookies["django_language"] = "ar"
    match = _new_match(client, {"team_a_name": "لنا", "team_b_name": "لهم"})
    _saved(_type(client, match, taker="2", contract="hokm", points="70"))
    body = client.get(f"/m/{match.token}/").content.decode()
    assert '<html lang="ar" dir="rtl">' in body
    head = body.split('class="hand-head"', 1)[1].split("</div>", 1)[0]
    assert '<span class="team-a">لنا</span><span class="team-b">لهم</span>' in head


@pytest.mark.parametrize("preset", [p.key for p in ENGINE.presets])
def test_each_preset_makes_its_match(client: Client, preset: str):
    rules = next(p.rules for p in ENGINE.presets if p.key == preset)
    values = {
        "preset": preset,
        "tie": rules.tie,
        "doubled_tie": rules.doubled_tie,
        "kaboot_doubles": "on" if rules.kaboot_doubles else None,
        "both_over": rules.both_over,
    }
    match = _new_match(client, **values)
    assert (match.preset, match.rules) == (preset, rules)


def test_a_hand_typed_in_the_tables_words_is_scored_shown_and_explained(client: Client):
    match = _new_match(client)
    page = client.get(f"/m/{match.token}/").content.decode()
    assert "Qui a acheté ?" in page and 'name="contract"' in page and 'name="sira"' in page
    assert "games/baloot/form.js" in page and 'value="pass"' in page
    assert 'name="capot"' not in page and 'name="belote"' not in page
    # Fahad (A) buys a Sun: 80 of 130, a sira and a fifty: 16 + 14 = 30, B 10.
    _saved(_type(client, match, taker="1", contract="sun", points="80", sira="1", fifty="1"))
    match.refresh_from_db()
    assert (match.hands_count, match.total_a, match.total_b) == (1, 30, 10)
    hand = match.hands.get()
    assert hand.taker == "A" and hand.taker_seat == 1
    assert hand.entry == {
        "contract": "sun",
        "points": {"A": 80},
        "kaboot": None,
        "projects": {"A": ["sira", "fifty"], "B": []},
        "baloot": None,
        "doubling": None,
        "ashkal": False,
    }
    sheet = client.get(f"/m/{match.token}/").content.decode()
    assert "achète (Sun) et passe" in sheet and "projets 14" in sheet
    # The phone's own preview names a khasran in the page's words.
    assert 'data-outcome-khasran="Khasran"' in sheet
    read = client.get(f"/voir/{match.read_token}/").content.decode()
    assert "30" in read and "Fahad" in read


def test_every_kind_of_hand_is_scored_as_the_contract_says(client: Client):
    match = _new_match(client)
    typed = [
        # Hokm by Badr (B), B 96 with his baloot: 66 -> 7, B 9 + 2.
        ({"taker": "2", "contract": "hokm", "points": "96", "baloot": "B"}, (7, 11)),
        # Hokm by Fahad, 90 of 162, B's fifty: 90 < 122, khasran: B 16 + 5.
        (
            {"taker": "1", "contract": "hokm", "points": "90", "projects_team": "B", "fifty": "1"},
            (0, 21),
        ),
        # Everybody passed: a redeal, nothing written.
        ({"action": "pass"}, (0, 0)),
        # Saad buys a Hokm three, A 100: (16 + 2 for a sira) x 3.
        (
            {"taker": "3", "contract": "hokm", "points": "100", "doubling": "three", "sira": "1"},
            (54, 0),
        ),
        # Majed's ashkal Sun, kaboot by B: 44.
        ({"taker": "4", "contract": "sun", "kaboot": "B", "ashkal": "on"}, (0, 44)),
        # Points typed for the other team: Fahad's Hokm, B took 40: A 12, B 4.
        ({"taker": "1", "contract": "hokm", "points": "40", "points_team": "B"}, (12, 4)),
    ]
    totals = [0, 0]
    for fields, (a, b) in typed:
        _saved(_type(client, match, **fields))
        totals = [totals[0] + a, totals[1] + b]
        match.refresh_from_db()
        assert [match.total_a, match.total_b] == totals, fields
    hands = list(match.hands.order_by("number"))
    assert hands[2].taker is None and hands[2].taker_seat is None
    assert hands[4].entry["ashkal"] is True
    sheet = client.get(f"/m/{match.token}/").content.decode()
    assert "Khasran" in sheet and "Kaboot" in sheet and "Baloot" in sheet
    assert "est khasran : Badr &amp; Majed marque tout" in sheet
    assert "Tout le monde passe" in sheet


def test_a_gahwa_ends_the_match_at_the_target(client: Client):
    match = _new_match(client)
    _saved(_type(client, match, taker="1", contract="hokm", points="100"))
    _saved(_type(client, match, taker="2", contract="hokm", points="70", doubling="gahwa"))
    match.refresh_from_db()
    assert (match.total_a, match.total_b) == (152, 6)
    sheet = client.get(f"/m/{match.token}/").content.decode()
    assert "gagne la partie" in sheet
    response = _type(client, match, taker="1", contract="sun", points="80")
    assert response.status_code == 422 and match.hands.count() == 2


WRONG = [
    # (typed, a message of the page's own words)
    ({"taker": "1", "points": "80"}, "Choisissez Sun ou Hokm."),
    ({"contract": "sun", "points": "80"}, "Choisissez qui a acheté."),
    ({"taker": "1", "contract": "sun"}, "130 au Sun, 162 au Hokm"),
    ({"taker": "1", "contract": "sun", "points": "131"}, "vont de 0 à 130"),
    ({"taker": "1", "contract": "sun", "points": "80", "baloot": "A"}, "Pas de baloot au Sun"),
    ({"taker": "1", "contract": "sun", "points": "80", "doubling": "four"}, "ni three"),
    ({"taker": "1", "contract": "sun", "points": "80", "doubling": "double"}, "plus de 100"),
    ({"taker": "1", "contract": "hokm", "points": "80", "ashkal": "on"}, "pas au Hokm"),
    ({"taker": "1", "contract": "hokm", "points": "80", "four_hundred": "1"}, "quatre cents"),
    ({"taker": "1", "contract": "sun", "points": "80", "four_hundred": "2"}, "quatre cents"),
    ({"taker": "1", "contract": "hokm", "points": "80", "sira": "3", "fifty": "2"}, "au plus 4"),
    ({"taker": "1", "contract": "hokm", "kaboot": "A", "points": "80"}, "Avec un kaboot"),
    ({"taker": "1", "contract": "hokm", "points": "80", "sira": "9"}, "4"),
    ({"taker": "1", "contract": "hokm", "points": "abc"}, "nombre"),
]


@pytest.mark.parametrize(("typed", "said"), WRONG)
def test_a_wrong_hand_says_why_and_saves_nothing(client: Client, typed, said):
    match = _new_match(client)
    response = _type(client, match, **typed)
    assert response.status_code == 422
    assert Match.objects.get().hands.count() == 0
    body = response.content.decode()
    assert said in body.replace("&#x27;", "'"), body[:4000]
    assert "must be" not in body and "Traceback" not in body


def test_a_hand_is_corrected_on_its_page(client: Client):
    match = _new_match(client)
    _saved(_type(client, match, taker="2", contract="hokm", points="100", fifty="1", baloot="A"))
    hand = match.hands.get()
    page = client.get(f"/m/{match.token}/donnes/{hand.pk}/").content.decode()
    assert 'value="100"' in page and 'name="fifty"' in page
    body = {
        "taker": "2",
        "contract": "hokm",
        "points": "60",
        "points_team": "B",
        "hand_version": str(hand.version),
        "key": os.urandom(16).hex(),
    }
    response = client.post(f"/m/{match.token}/donnes/{hand.pk}/", body)
    _saved(response)
    match.refresh_from_db()
    # B bought, 60 < 102: khasran, A 16.
    assert (match.total_a, match.total_b) == (16, 0)
    # Corrected into a redeal.
    hand.refresh_from_db()
    redeal = {"action": "pass", "hand_version": str(hand.version), "key": os.urandom(16).hex()}
    _saved(client.post(f"/m/{match.token}/donnes/{hand.pk}/", redeal))
    match.refresh_from_db()
    assert (match.total_a, match.total_b) == (0, 0)


def test_the_correction_form_shows_a_stored_hand_as_typed(client: Client):
    match = _new_match(client)
    hand = BalootHand("B", "sun", "A", 30, projects=Pair((), ("sira", "sira", "four_hundred")))
    services.hand_record(match=match, hand=hand, taker_seat=4)
    stored = match.hands.get()
    from scoresheets.games.baloot.forms import BalootHandForm

    initial = BalootHandForm.initial_for(stored)
    assert initial["taker"] == "4" and initial["contract"] == "sun"
    assert (initial["sira"], initial["four_hundred"], initial["fifty"]) == (2, 1, None)
    assert initial["projects_team"] == ""  # the buyer's, by default


def test_its_export_imports_back_to_the_same_sheet(client: Client):
    match = _new_match(client)
    for typed in (
        {"taker": "2", "contract": "hokm", "points": "70", "points_team": "B", "baloot": "B"},
        {"action": "pass"},
        {"taker": "1", "contract": "sun", "kaboot": "A", "hundred": "1"},
        {"taker": "3", "contract": "hokm", "points": "100", "doubling": "double"},
    ):
        _saved(_type(client, match, **typed))
    exported = json.loads(client.get(f"/m/{match.token}/export.json").content)
    assert exported["game"] == "baloot"
    assert exported["hands"][2] == {
        "buyer": "A",
        "contract": "sun",
        "points": None,
        "kaboot": "A",
        "projects": {"A": ["hundred"], "B": []},
        "baloot": None,
        "doubling": None,
        "ashkal": False,
    }
    assert exported["result"]["hands"][2]["projects"] == {"A": 20, "B": 0}
    copy = services.match_import(document=exported)
    again = services.match_export_document(copy)
    assert (again["hands"], again["rules"], again["result"]) == (
        exported["hands"],
        exported["rules"],
        exported["result"],
    )
    upload = SimpleUploadedFile("baloot.json", json.dumps(exported).encode())
    assert client.post("/importer/", {"document": upload}).status_code == 303


def test_an_import_with_a_wrong_hand_says_why(client: Client):
    document = {
        "game": "baloot",
        "hands": [{"buyer": "A", "contract": "sun", "points": {"A": 80}, "baloot": "A"}],
    }
    upload = SimpleUploadedFile("bad.json", json.dumps(document).encode())
    response = client.post("/importer/", {"document": upload})
    assert response.status_code == 422
    assert "Pas de baloot au Sun" in response.content.decode()
    assert Match.objects.count() == 0


def test_a_table_of_friends_keeps_it_in_its_pages_and_exports(client: Client):
    from tests.tables_fixture import make_fixture

    table = make_fixture().table
    match = services.match_create(
        names=["Fahad", "Badr", "Saad", "Majed"], rules=BalootRules(), table=table
    )
    services.hand_record(
        match=match, hand=BalootHand("A", "hokm", "A", 100, baloot="B"), taker_seat=1
    )
    services.hand_record(match=match, hand=BalootHand(None), taker_seat=None)
    services.hand_record(
        match=match, hand=BalootHand("B", "hokm", "B", 70, doubling="double"), taker_seat=2
    )
    person = table.roster.get(name="Fahad")
    for url in (
        f"/t/{table.token}/",
        f"/t/{table.token}/classement/",
        f"/t/{table.token}/joueurs/{person.pk}/",
        f"/t/{table.token}/parties.csv",
        f"/t/{table.token}/donnes.csv",
        f"/m/{match.token}/",
        f"/m/{match.token}/feuille.png",
        f"/voir/{match.read_token}/",
    ):
        assert client.get(url).status_code == 200, url
    hands = client.get(f"/t/{table.token}/donnes.csv").content.decode("utf-8-sig")
    assert hands.count("Baloot") >= 3 and "khasran" in hands and "Hokm" in hands


def test_a_hand_is_summed_up_in_its_own_words_in_the_history(client: Client):
    from scoresheets.matches.scoresheet import match_get_scoresheet

    match = _new_match(client)
    _type(client, match, taker="3", contract="hokm", points="100", baloot="B", sira="2")
    sheet = match_get_scoresheet(Match.objects.get())
    line = sheet.hand_summary(sheet.hands[0])
    assert line.split(" · ") == [
        "Saad achète Hokm",
        "points Fahad & Saad 100",
        "projets Fahad & Saad : Sira, Sira",
        "baloot Badr & Majed",
    ]


def test_the_phone_reads_the_form_as_the_server(client: Client):
    """The sheet's scorer data carries the match document the phone's twin
    scores: the server's totals are the engine's."""
    match = _new_match(client)
    _type(client, match, taker="1", contract="sun", points="67")
    page = client.get(f"/m/{match.token}/").content.decode()
    assert 'id="match-document"' in page and '"game": "baloot"' in page.replace("&quot;", '"')
    rules, hands = ENGINE.parse_match_document(services.match_export_document(match))
    assert score_match(ENGINE, rules, hands).totals == Pair(14, 12)
