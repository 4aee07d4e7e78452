"""Belote for three and for two through the pages (issue 29, BELOTE_3_2):
the new-match page offers both with their presets and asks for 3 or 2
players' names (no teams); hands of every kind are typed on the match page
in the table's words (who took, each player's trick points, the last one
derived, a capot, a belote, one player's announcements, a redeal), scored
as the contract says, shown and explained; a wrong hand says why and saves
nothing; a hand is corrected; the export imports back to the same sheet;
the read-only link, a table of friends (its pages, CSVs and ratings, per
player), and the concours leaves them out.

Every expected figure is the contract's arithmetic, written out beside it."""

from __future__ import annotations

import json
import os

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from scoresheets.concours.document import GAME_FACTS
from scoresheets.games.belote3.engine import (
    BELOTE2,
    BELOTE3,
    Belote2Hand,
    Belote2Rules,
    Belote3Hand,
    Belote3Rules,
)
from scoresheets.games.belote3.forms import Belote3HandForm
from scoresheets.matches import services
from scoresheets.models import Match
from scoresheets.scoring.kernel import Scores
from tests.factories import entry_form

pytestmark = pytest.mark.django_db

THREE = {"player_1": "Anne", "player_2": "Bruno", "player_3": "Chloé"}
TWO = {"player_1": "Anne", "player_2": "Bruno"}
RULES_3 = {
    "preset": "a_trois",
    "target": "1000",
    "contract": "each",
    "dedans": "split",
    "litige": "fall",
    "capot_points": "252",
    "rounding": "none",
    "all_cards_played": "on",
}
RULES_2 = {
    "preset": "a_deux",
    "target": "1000",
    "litige": "reserve",
    "capot_points": "252",
    "rounding": "none",
    "all_cards_played": "on",
}


def _new_match(client: Client, game: str = "belote3", **rules: str | None) -> Match:
    names, values = (THREE, RULES_3) if game == "belote3" else (TWO, RULES_2)
    values = {**values, **rules}
    data = {
        **names,
        # A fourth seat typed (the page without its script shows four): ignored.
        "player_4": "Denis",
        "team_a_name": "Nous",
        "first_dealer": "2",
        "game": game,
        "scripted": "1",
        **{f"{game}-{name}": value for name, value in values.items() if value is not None},
    }
    response = client.post("/nouvelle/", data)
    assert response.status_code == 303, response.content.decode()[:3000]
    return Match.objects.latest("pk")


def _type(client: Client, match: Match, **typed: str):
    body = entry_form(match, {"key": os.urandom(16).hex(), **typed})
    return client.post(f"/m/{match.token}/donnes/", body)


def _saved(response) -> None:
    assert response.status_code in (200, 303), response.content.decode()[:3000]


def _totals(match: Match) -> list[int]:
    match.refresh_from_db()
    return [match.total_of(side) for side in match.sides]


def test_the_new_match_page_offers_both_games_and_their_presets(client: Client):
    body = client.get("/nouvelle/").content.decode()
    for game in ("belote3", "belote2"):
        assert f'value="{game}"' in body and f'data-game-rules="{game}"' in body
    assert "Belote à trois" in body and "Belote à deux" in body
    assert 'name="belote3-contract"' in body and 'name="belote2-litige"' in body
    # The script learns how many players sit at each game.
    assert '"belote3": 3' in body and '"belote2": 2' in body and "data-seat-number" in body


@pytest.mark.parametrize("game", ["belote3", "belote2"])
def test_each_game_s_preset_makes_its_match_of_players(client: Client, game: str):
    match = _new_match(client, game)
    engine = BELOTE3 if game == "belote3" else BELOTE2
    assert (match.game, match.preset, match.rules) == (
        game,
        engine.presets[0].key,
        engine.presets[0].rules,
    )
    names = [p.name for p in match.players.order_by("seat")]
    assert names == (["Anne", "Bruno", "Chloé"] if game == "belote3" else ["Anne", "Bruno"])
    # Each player is his own side, named after him; no team name typed counts.
    assert [match.team_name(side) for side in match.sides] == names
    assert match.first_dealer == 2


def test_a_changed_rule_makes_a_custom_match(client: Client):
    match = _new_match(client, contract="half", dedans="keep", capot_points="250")
    assert match.preset == "custom"
    assert match.rules == Belote3Rules(contract="half", dedans="keep", capot_points=250)


def test_the_players_names_are_checked_for_the_game_s_seats_only(client: Client):
    data = {
        "player_1": "Anne",
        "player_2": "",
        "player_3": "anne",
        "first_dealer": "3",
        "game": "belote2",
        "scripted": "1",
        **{f"belote2-{k}": v for k, v in RULES_2.items()},
    }
    response = client.post("/nouvelle/", data)
    assert response.status_code == 422 and Match.objects.count() == 0
    body = response.content.decode()
    assert "Ce champ est obligatoire" in body  # player 2
    assert "parmi les joueurs" in body  # seat 3 does not play at two
    assert "est déjà à une autre place" not in body  # seat 3 is not asked


def test_the_hand_form_asks_for_players_not_teams(client: Client):
    match = _new_match(client, announcements="on")
    page = client.get(f"/m/{match.token}/").content.decode()
    assert "games/belote3/form.js" in page and 'value="pass"' in page
    for name in ('name="points_a"', 'name="points_b"', 'name="capot"', 'name="ann_points"'):
        assert name in page
    # Every card played: Chloé's points are derived (shown, not typed).
    assert 'name="points_c"' not in page and "data-derived-points" in page
    assert 'name="points_team"' not in page and 'name="belote_seat"' not in page
    assert 'value="C"' in page and "Chloé" in page
    # Cards left unplayed: every player's points are typed.
    other = _new_match(client, all_cards_played=None)
    assert 'name="points_c"' in client.get(f"/m/{other.token}/").content.decode()


def test_every_kind_of_hand_is_scored_as_the_contract_says(client: Client):
    match = _new_match(client, announcements="on")
    typed = [
        # A 70, B 50 (C 42): 70 beats each, made: 70 / 50 / 42.
        ({"taker": "A", "points_a": "70", "points_b": "50"}, (70, 50, 42)),
        # A 50, B 70 (C 42): dedans, split: the pot 162 halved, 0 / 81 / 81.
        ({"taker": "A", "points_a": "50", "points_b": "70"}, (0, 81, 81)),
        # Everybody passed: a redeal, nothing written.
        ({"action": "pass"}, (0, 0, 0)),
        # A 62, B 45 + belote (C 55): 62 < 65, dedans: 0 / 81 + 20 / 81.
        ({"taker": "A", "points_a": "62", "points_b": "45", "belote": "B"}, (0, 101, 81)),
        # C's capot with his belote: 252 + 20 = 272, the others 0.
        ({"taker": "C", "capot": "C", "belote": "C"}, (0, 0, 272)),
        # B takes, 60 + a tierce 20 = 80 against A 52 and C 50: made, 52 / 80 / 50.
        (
            {"taker": "B", "points_a": "52", "points_b": "60", "ann_team": "", "ann_points": "20"},
            (52, 80, 50),
        ),
        # A 60, B 60 (C 42): litige, fall: dedans 0 / 81 / 81.
        ({"taker": "A", "points_a": "60", "points_b": "60"}, (0, 81, 81)),
    ]
    totals = [0, 0, 0]
    for fields, scores in typed:
        _saved(_type(client, match, **fields))
        totals = [t + s for t, s in zip(totals, scores, strict=True)]
        assert _totals(match) == totals, fields
    hands = list(match.hands.order_by("number"))
    assert hands[0].taker == "A" and hands[0].taker_seat is None
    assert hands[0].entry["points"] == {"A": 70, "B": 50}
    assert hands[2].taker is None
    assert hands[5].entry["announcements"] == {"A": 0, "B": 20, "C": 0}
    sheet = client.get(f"/m/{match.token}/").content.decode()
    assert "Anne prend et fait plus que la défense. Anne 70 · Bruno 50 · Chloé 42" in sheet
    assert "Tout le monde passe" in sheet and "Annonces 20" in sheet


def test_belote_for_two_keeps_a_litige_in_reserve_for_the_next_winner(client: Client):
    match = _new_match(client, "belote2")
    # A 81, B 81: litige, reserve: A 0, B 81, 81 in reserve.
    _saved(_type(client, match, taker="A", points_a="81"))
    assert _totals(match) == [0, 81]
    # A 82, B 80: made, A collects the reserve: 82 + 81 / 80.
    _saved(_type(client, match, taker="A", points_a="82"))
    assert _totals(match) == [163, 161]
    # B takes 70 (A 92): dedans, A has the pot 162.
    _saved(_type(client, match, taker="B", points_a="92"))
    assert _totals(match) == [325, 161]
    sheet = client.get(f"/m/{match.token}/").content.decode()
    assert "ses points vont en réserve" in sheet and "Réserve récupérée par Anne : 81" in sheet


def test_belote_for_two_s_litige_row_says_what_went_into_the_reserve(client: Client):
    # The browser match found it: belote's litige badge says "81 en réserve",
    # belote for two's said "Litige" alone (its engine has no breakdown).
    match = _new_match(client, "belote2")
    _saved(_type(client, match, taker="A", points_a="81"))
    sheet = client.get(f"/m/{match.token}/").content.decode()
    assert "81 en réserve" in sheet


def test_a_match_ends_at_its_target_with_the_player_alone_at_the_top(client: Client):
    match = _new_match(client, target="150")
    # A 100, B 30 (C 32): made; then B capot: 0 / 252 / 0.
    _saved(_type(client, match, taker="A", points_a="100", points_b="30"))
    _saved(_type(client, match, taker="B", capot="B"))
    match.refresh_from_db()
    assert (_totals(match), match.finished, match.winner) == ([100, 282, 32], True, "B")
    sheet = client.get(f"/m/{match.token}/").content.decode()
    assert "Victoire" in sheet and 'class="banner banner-win team-b"' in sheet
    response = _type(client, match, taker="A", points_a="80", points_b="40")
    assert response.status_code == 422 and match.hands.count() == 2


WRONG = [
    # (typed, a message of the page's own words)
    ({"points_a": "80", "points_b": "40"}, "Choisissez qui a pris."),
    ({"taker": "A"}, "Saisissez les points de plis des joueurs"),
    ({"taker": "A", "points_a": "100", "points_b": "100"}, "162 au plus"),
    ({"taker": "A", "points_a": "170", "points_b": "0"}, "vont de 0 à 162"),
    ({"taker": "A", "points_a": "abc"}, "nombre"),
    ({"taker": "D", "points_a": "80", "points_b": "40"}, "Sélectionnez un choix valide"),
    ({"taker": "A", "capot": "B", "points_a": "80"}, "Avec un capot"),
    ({"taker": "A", "points_a": "80", "points_b": "40", "ann_points": "30"}, "somme de 20"),
]


@pytest.mark.parametrize(("typed", "said"), WRONG)
def test_a_wrong_hand_says_why_and_saves_nothing(client: Client, typed, said):
    match = _new_match(client, announcements="on")
    response = _type(client, match, **typed)
    assert response.status_code == 422
    assert match.hands.count() == 0
    body = response.content.decode().replace("&#x27;", "'")
    assert said in body, body[:4000]
    assert "must be" not in body and "Traceback" not in body


def test_without_announcements_there_are_none_to_type(client: Client):
    match = _new_match(client)
    page = client.get(f"/m/{match.token}/").content.decode()
    assert 'name="ann_points"' not in page
    # Posted anyway (a tampered form): not read, nothing announced.
    _saved(_type(client, match, taker="A", points_a="70", points_b="50", ann_points="20"))
    assert _totals(match) == [70, 50, 42]


def test_a_hand_is_corrected_on_its_page(client: Client):
    match = _new_match(client)
    _saved(_type(client, match, taker="A", points_a="70", points_c="42"))
    hand = match.hands.get()
    assert hand.entry["points"] == {"A": 70, "C": 42}
    page = client.get(f"/m/{match.token}/donnes/{hand.pk}/").content.decode()
    # The correction shows the points as the engine reads them: B's 50 typed, C's derived.
    assert 'value="70"' in page and 'value="50"' in page
    body = {
        "taker": "B",
        "points_a": "70",
        "points_b": "50",
        "hand_version": str(hand.version),
        "key": os.urandom(16).hex(),
    }
    _saved(client.post(f"/m/{match.token}/donnes/{hand.pk}/", body))
    # B 50 < A 70: dedans, split: 81 / 0 / 81.
    assert _totals(match) == [81, 0, 81]
    hand.refresh_from_db()
    redeal = {"action": "pass", "hand_version": str(hand.version), "key": os.urandom(16).hex()}
    _saved(client.post(f"/m/{match.token}/donnes/{hand.pk}/", redeal))
    assert _totals(match) == [0, 0, 0]


def test_the_correction_form_shows_a_stored_hand_as_typed(client: Client):
    match = _new_match(client, announcements="on")
    hand = Belote3Hand("C", None, "C", "B", Scores({"A": 0, "B": 0, "C": 50}))
    services.hand_record(match=match, hand=hand, taker_seat=None)
    initial = Belote3HandForm.initial_for(match.hands.get())
    assert (initial["taker"], initial["capot"], initial["belote"]) == ("C", "C", "B")
    assert (initial["ann_team"], initial["ann_points"]) == ("C", 50)
    assert "points_a" not in initial


def test_its_export_imports_back_to_the_same_sheet(client: Client):
    match = _new_match(client)
    for typed in (
        {"taker": "A", "points_a": "70", "points_b": "50"},
        {"action": "pass"},
        {"taker": "C", "capot": "B"},
        {"taker": "B", "points_a": "30", "points_b": "100", "belote": "B"},
    ):
        _saved(_type(client, match, **typed))
    exported = json.loads(client.get(f"/m/{match.token}/export.json").content)
    assert exported["game"] == "belote3"
    assert exported["hands"][2] == {
        "taker": "C",
        "points": None,
        "capot": "B",
        "belote": None,
        "announcements": {"A": 0, "B": 0, "C": 0},
    }
    # C's points derived: 162 - 30 - 100 = 32.
    assert exported["result"]["hands"][3]["points"] == {"A": 30, "B": 100, "C": 32}
    assert exported["rebelote"]["teams"] == {"A": "Anne", "B": "Bruno", "C": "Chloé"}
    copy = services.match_import(document=exported)
    again = services.match_export_document(copy)
    assert (again["hands"], again["rules"], again["result"]) == (
        exported["hands"],
        exported["rules"],
        exported["result"],
    )
    assert [p.name for p in copy.players.order_by("seat")] == ["Anne", "Bruno", "Chloé"]
    upload = SimpleUploadedFile("belote3.json", json.dumps(exported).encode())
    assert client.post("/importer/", {"document": upload}).status_code == 303


def test_an_import_with_a_wrong_hand_says_why(client: Client):
    document = {"game": "belote2", "hands": [{"taker": "C", "points": {"A": 80}}]}
    upload = SimpleUploadedFile("bad.json", json.dumps(document).encode())
    response = client.post("/importer/", {"document": upload})
    assert response.status_code == 422
    assert "Choisissez un des joueurs." in response.content.decode().replace("&#x27;", "'")
    assert Match.objects.count() == 0


def test_the_read_only_link_and_the_share_image(client: Client):
    match = _new_match(client)
    _saved(_type(client, match, taker="A", points_a="70", points_b="50"))
    read = client.get(f"/voir/{match.read_token}/")
    body = read.content.decode()
    assert read.status_code == 200 and "Chloé" in body and "42" in body
    assert 'name="points_a"' not in body
    image = client.get(f"/m/{match.token}/feuille.png")
    assert image.status_code == 200 and image["Content-Type"] == "image/png"


def test_a_table_of_friends_rates_each_player_alone(client: Client):
    from scoresheets.tables import services as tables
    from tests.tables_fixture import make_fixture

    table = make_fixture().table
    three = services.match_create(
        names=["Anne", "Bruno", "Chloé"], rules=Belote3Rules(target=150), table=table
    )
    services.hand_record(match=three, hand=Belote3Hand("A", Scores({"A": 70, "B": 50})))
    services.hand_record(match=three, hand=Belote3Hand(None))
    # B 90 + belote = 110 against A 30, C 42: made. Totals A 100, B 160, C 84: B wins.
    services.hand_record(match=three, hand=Belote3Hand("B", Scores({"A": 30, "B": 90}), belote="B"))
    two = services.match_create(
        names=["Anne", "Bruno"], rules=Belote2Rules(target=100), table=table
    )
    services.hand_record(match=two, hand=Belote2Hand("A", Scores({"A": 100})))
    three.refresh_from_db()
    two.refresh_from_db()
    assert (three.finished, three.winner, [three.total_a, three.total_b, three.total_c]) == (
        True,
        "B",
        [100, 160, 84],
    )
    assert (two.finished, two.winner) == (True, "A")
    anne, bruno, chloe = (table.roster.get(name=n) for n in ("Anne", "Bruno", "Chloé"))
    for url in (
        f"/t/{table.token}/",
        f"/t/{table.token}/classement/",
        f"/t/{table.token}/joueurs/{anne.pk}/",
        f"/t/{table.token}/nouvelle/",
        f"/voir/table/{table.read_token}/",
        f"/m/{three.token}/",
        f"/voir/{three.read_token}/",
    ):
        assert client.get(url).status_code == 200, url
    page = client.get(f"/t/{table.token}/").content.decode()
    assert 'class="team-c"' in page and "84" in page
    # Rated per player, free for all: each player a team of one (OpenSkill).
    board = tables.table_ratings(table)
    assert {anne.pk, bruno.pk, chloe.pk} <= set(board.players)
    assert board.get(bruno.pk).wins == 1 and board.get(anne.pk).wins == 1
    assert board.get(chloe.pk).matches == 1 and board.get(chloe.pk).wins == 0
    # Anne lost to Bruno at three and beat him at two; Chloé was last at three.
    assert board.get(chloe.pk).mu < board.get(anne.pk).mu
    figures = tables.player_figures(table, anne)
    line = next(line for line in figures.last_matches if line.key == three.pk)
    assert (line.partner, line.score, line.score_against, line.won) == (None, 100, 160, False)
    # The CSVs: the third side's columns, each player's trick points.
    matches = client.get(f"/t/{table.token}/parties.csv").content.decode("utf-8-sig")
    assert "Équipe C" in matches and ";Chloé;Chloé;" in matches
    hands = client.get(f"/t/{table.token}/donnes.csv").content.decode("utf-8-sig")
    header = hands.splitlines()[0].split(";")
    assert {"Points de plis A", "Points de plis C", "Total C"} <= set(header)
    row = next(r.split(";") for r in hands.splitlines() if "Belote à trois" in r)
    cell = dict(zip(header, row, strict=True))
    assert (cell["Points de plis A"], cell["Points de plis C"], cell["Total C"]) == (
        "70",
        "42",
        "42",
    )


def test_a_table_without_them_exports_the_same_columns(client: Client):
    from tests.tables_fixture import make_fixture

    table = make_fixture().table
    matches = client.get(f"/t/{table.token}/parties.csv").content.decode("utf-8-sig")
    hands = client.get(f"/t/{table.token}/donnes.csv").content.decode("utf-8-sig")
    assert "Équipe C" not in matches and "Total C" not in hands and "Points de plis A" not in hands


def test_the_concours_leaves_them_out(client: Client):
    assert "belote3" not in GAME_FACTS and "belote2" not in GAME_FACTS
    body = client.get("/concours/nouveau/").content.decode()
    assert 'value="belote3"' not in body and 'value="belote2"' not in body


def test_the_calculator_still_scores_belote(client: Client):
    assert client.get("/calculateur/").status_code == 200
    rules = {"rules-capot_points": "252", "rules-rounding": "none", "rules-litige": "reserve"}
    response = client.post(
        "/calculateur/", {**rules, "rules-renonce": "penalty", "taker": "A", "points": "82"}
    )
    assert response.status_code == 200 and "+82" in response.content.decode()
