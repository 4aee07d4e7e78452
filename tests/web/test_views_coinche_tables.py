"""A table's pages with coinche matches (issue 10): the history says each
match's game when the table plays both, the player page has coinche figures,
the CSVs carry the contracts, the ranking counts coinche wins, the chart of a
coinche match, and a coinche match's export imports back through the web.

The coinche matches are C1 and C2 of tests/engine/test_stats_coinche.py, played by
Léa, Sam, Noé, Zoé and Inès (tests/tables_fixture.py), whose figures are
computed by hand there; the belote matches are tests/tables_fixture.py's.
"""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from scoresheets import scoring
from scoresheets.matches import charts, services
from scoresheets.matches.scoresheet import match_get_scoresheet
from scoresheets.models import Match
from scoresheets.tables import services as tables
from tests.engine.test_stats_coinche import C1_HANDS, C2_HANDS
from tests.tables_fixture import add_coinche_matches, make_fixture
from tests.web.test_views_player import figure, ranked

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def get(client: Client, url: str, **headers) -> str:
    response = client.get(url, **headers)
    assert response.status_code == 200, url
    return response.content.decode()


def player_url(table, name: str) -> str:
    person = table.roster.get(name=name)
    return f"/t/{table.token}/joueurs/{person.pk}/"


def coinche_part(body: str) -> str:
    """The player page's coinche section."""
    return body.split('id="coinche"', 1)[1].split("</section>", 1)[0]


def bid_rows(body: str) -> list[tuple[str, ...]]:
    """The rows of the contracts-by-bid table: (bid, taken, made, failed)."""
    part = coinche_part(body)
    return [
        (bid, *re.findall(r'<td class="num">(\d+)</td>', cells))
        for bid, cells in re.findall(r'<th scope="row">([^<]+)</th>(.*?)</tr>', part, re.S)
    ]


def game_badges(body: str) -> list[str]:
    return re.findall(r'<span class="badge badge-game">([^<]+)</span>', body)


# --------------------------------------------------------------------------
# The player page
# --------------------------------------------------------------------------


def test_the_player_page_shows_coinche_figures_beside_belote_s(client: Client):
    fixture = make_fixture()
    add_coinche_matches(fixture.table)
    body = get(client, player_url(fixture.table, "Léa"))
    # The match figures take both games: C1 lost, C2 in progress.
    assert figure(body, "Jouées") == "4"
    assert figure(body, "Gagnées") == "2"
    assert "Plus 2 parties en cours." in body
    # Its games named from the registry, not a sentence naming two games.
    assert "Les parties de ces jeux comptent ensemble : Belote, Coinche." in body
    # Belote's hand figures are those of tests/web/test_views_player.py, unchanged.
    assert "Donnes de belote" in body
    assert figure(body, "Prises") == "5"
    assert figure(body, "Points par prise") == "140,6"
    # Alice's coinche figures (tests/engine/test_stats_coinche.py).
    coinche = coinche_part(body)
    assert "Donnes de coinche" in coinche
    assert figure(coinche, "Prises") == "3"
    assert figure(coinche, "Contrats faits") == "2"
    assert figure(coinche, "Dedans") == "1"
    assert figure(coinche, "Coinches gagnées") == "1"
    assert figure(coinche, "Coinches perdues") == "2"
    assert figure(coinche, "Capots de son équipe") == "1"
    assert figure(coinche, "Capots subis par son équipe") == "1"
    assert figure(coinche, "Belotes") == "0"
    assert figure(coinche, "Points par prise") == "506,7"  # (520 + 0 + 1000) / 3
    assert "Litiges" not in coinche  # no litige at coinche
    assert bid_rows(body) == [("100", "2", "1", "1"), ("Générale", "1", "1", "0")]
    # Her last matches say their game.
    assert game_badges(body)[:3] == ["Coinche", "Coinche", "Belote"]


def test_the_player_page_in_english(client: Client):
    fixture = make_fixture()
    add_coinche_matches(fixture.table)
    body = get(client, player_url(fixture.table, "Sam"), **EN)
    coinche = coinche_part(body)
    assert "Coinche hands" in coinche and "Belote hands" in body
    assert figure(coinche, "Coinches won") == "2"
    assert figure(coinche, "Coinches lost") == "1"
    assert "Contracts by bid" in coinche
    assert bid_rows(body) == [("80", "1", "1", "0")]
    assert "Matches of these games count together: Belote, Coinche." in body


def test_a_coinche_only_player_has_no_belote_hand_figures(client: Client):
    table = tables.table_create(name="Contrée")
    add_coinche_matches(table)
    body = get(client, player_url(table, "Noé"))
    assert "Donnes de belote" not in body
    assert "Litiges (preneur)" not in body
    assert bid_rows(body) == [("Capot", "1", "0", "1")]
    assert figure(coinche_part(body), "Coinches gagnées") == "1"
    assert game_badges(body) == []  # one game only
    # Inès took nothing at coinche: no table of bids.
    ines = get(client, player_url(table, "Inès"))
    assert "Aucun contrat pris pour l'instant." in coinche_part(ines)
    assert figure(coinche_part(ines), "Belotes") == "1"
    assert figure(coinche_part(ines), "Points par prise") == "–"


def test_a_belote_only_player_page_has_no_coinche_section(client: Client):
    fixture = make_fixture()
    body = get(client, player_url(fixture.table, "Léa"))
    assert 'id="coinche"' not in body
    assert "Donnes de belote" not in body
    assert '<h2 id="hands-title">Donnes</h2>' in body
    assert game_badges(body) == []


def test_a_corrected_coinche_hand_shows_on_the_player_page_already_viewed(client: Client):
    table = tables.table_create(name="Contrée")
    _, second = add_coinche_matches(table)
    url = player_url(table, "Léa")
    before = coinche_part(get(client, url))
    # Lost C1 hand 4 (Noé's capot) and C2 hand 2 (Zoé's 120, made); won C1 hand 1.
    assert (figure(before, "Coinches gagnées"), figure(before, "Coinches perdues")) == ("1", "2")
    # C2 hand 2 (Zoé's 120 coinched, made with 130) falls with 100: Léa's team wins it.
    hand = match_get_scoresheet(second).hands[1]
    services.hand_update(
        match=second,
        hand_id=hand.pk,
        hand=scoring.CoincheHand("B", 120, "diamonds", "coinche", "B", 100, belote="A"),
        taker_seat=2,
        belote_seat=3,
        expected_version=hand.version,
    )
    after = coinche_part(get(client, url))
    assert (figure(after, "Coinches gagnées"), figure(after, "Coinches perdues")) == ("2", "1")


# --------------------------------------------------------------------------
# The table page and its CSVs
# --------------------------------------------------------------------------


def test_a_table_of_both_games_says_each_match_s_game(client: Client):
    fixture = make_fixture()
    assert game_badges(get(client, f"/t/{fixture.table.token}/")) == []  # belote only
    add_coinche_matches(fixture.table)
    assert tables.table_games(fixture.table) == ("belote", "coinche")
    body = get(client, f"/t/{fixture.table.token}/")
    # Newest first: C2, C1, then the four belote matches.
    assert game_badges(body) == ["Coinche", "Coinche", "Belote", "Belote", "Belote", "Belote"]
    # So do the read-only page and the English one.
    read = get(client, f"/voir/table/{fixture.table.read_token}/")
    assert game_badges(read) == game_badges(body)
    assert game_badges(get(client, f"/t/{fixture.table.token}/", **EN))[0] == "Coinche"
    # A filtered page still says it (the table plays both).
    filtered = get(client, f"/t/{fixture.table.token}/?joueur={fixture.ids['Noé']}")
    assert game_badges(filtered) == ["Coinche", "Belote", "Belote", "Belote", "Belote"]


def test_a_coinche_only_table_shows_no_game(client: Client):
    table = tables.table_create(name="Contrée")
    add_coinche_matches(table)
    assert tables.table_games(table) == ("coinche",)
    assert game_badges(get(client, f"/t/{table.token}/")) == []
    assert tables.table_games(tables.table_create(name="Vide")) == ()


def read_csv(text: str) -> list[dict[str, str]]:
    assert text.startswith("\ufeff")
    return list(csv.DictReader(io.StringIO(text[1:]), delimiter=";"))


# The coded values as the CSV names them: games, suits, coinches, bid words, yes.
FR_WORDS = (
    *("Belote", "Coinche", "Cœur", "Pique", "Trèfle", "Sans-atout", "Carreau"),
    *("coinché", "surcoinché", "Capot", "Générale", "oui"),
)
EN_WORDS = (
    *("Belote", "Coinche", "Hearts", "Spades", "Clubs", "No trump", "Diamonds"),
    *("coinched", "surcoinched", "Capot", "Générale", "yes"),
)


@pytest.mark.parametrize(
    ("language", "labels", "words"),
    [
        (
            {},
            ("Jeu", "Enchère", "Atout", "Coinche", "Générale en solo", "Points A"),
            FR_WORDS,
        ),
        (
            EN,
            ("Game", "Bid", "Trump", "Coinche", "Générale alone", "Points A"),
            EN_WORDS,
        ),
    ],
)
def test_the_csvs_carry_the_game_and_the_contracts(client: Client, language, labels, words):
    fixture = make_fixture()
    add_coinche_matches(fixture.table)
    game, bid, suit, coinche, solo, points_a = labels
    belote_, coinche_, hearts, spades, clubs, no_trump, diamonds = words[:7]
    coinched, surcoinched, capot, generale, yes = words[7:]
    token = fixture.table.token
    matches = read_csv(get(client, f"/t/{token}/parties.csv", **language))
    assert [m[game] for m in matches] == [belote_] * 4 + [coinche_] * 2
    hands = read_csv(get(client, f"/t/{token}/donnes.csv", **language))
    assert len(hands) == 3 + 3 + 2 + 2 + len(C1_HANDS) + len(C2_HANDS)
    belote, rest = hands[:10], hands[10:]
    assert {(h[bid], h[suit], h[coinche], h[solo]) for h in belote} == {("", "", "", "")}
    assert [(h[bid], h[suit], h[coinche], h[solo]) for h in rest] == [
        ("100", hearts, coinched, ""),
        ("80", spades, "", ""),
        ("", "", "", ""),
        (capot, clubs, surcoinched, ""),
        ("100", no_trump, "", ""),
        ("120", diamonds, coinched, ""),
        (generale, hearts, "", yes),
    ]
    assert [h[points_a] for h in rest[:4]] == ["520", "70", "0", "0"]


# --------------------------------------------------------------------------
# The ranking and the chart
# --------------------------------------------------------------------------


def test_a_coinche_win_counts_in_the_ranking(client: Client):
    fixture = make_fixture()
    url = f"/t/{fixture.table.token}/classement/"
    before = get(client, url)
    # Belote: Sam lost matches 1 and 2, won match 3; Léa won 1 and 2, lost 3.
    assert ranked(before, "Sam") == ("3", "1")
    assert ranked(before, "Léa") == ("3", "2")
    add_coinche_matches(fixture.table)  # C1 won by Sam & Zoé; C2 not finished
    after = get(client, url)
    assert ranked(after, "Sam") == ("4", "2")
    assert ranked(after, "Léa") == ("4", "2")
    assert ranked(get(client, url, **EN), "Sam") == ("4", "2")
    # The table page's short ranking and a player's page render too.
    assert get(client, f"/t/{fixture.table.token}/")
    assert 'id="rating-chart"' in get(client, player_url(fixture.table, "Zoé"))


def y_labels(svg: str) -> list[int]:
    return [int(v) for v in re.findall(r'<text class="y" [^>]*>(-?\d+)</text>', svg)]


@pytest.mark.parametrize(("language", "target"), [({}, "Objectif 2000"), (EN, "Target 2000")])
def test_the_chart_of_a_coinche_match_runs_to_its_target(client: Client, language, target):
    table = tables.table_create(name="Contrée")
    _, second = add_coinche_matches(table)
    assert second.target == 2000  # coinche's default target
    body = get(client, services.match_path(second), **language)
    svg = body.split('id="score-chart"', 1)[1].split("</svg>", 1)[0]
    assert target in svg
    # Totals 1020 - 820 (tests/engine/test_stats_coinche.py) under a 2000 target line.
    assert y_labels(svg) == [0, 500, 1000, 1500, 2000]
    points = re.findall(
        r'<polyline class="line (team-a|team-b|target)" fill="none" points="([^"]+)"', svg
    )
    lines = {css: [tuple(map(float, p.split(","))) for p in pts.split()] for css, pts in points}
    assert len(lines["team-a"]) == len(C2_HANDS) + 1
    # The target line is flat at the 2000 guide, above (a smaller y) every total.
    (target_y,) = {y for _, y in lines["target"]}
    label = re.search(r'<text class="y" x="[^"]+" y="([^"]+)">2000</text>', svg)
    assert target_y == pytest.approx(float(label.group(1)) - 4, abs=0.1)
    assert all(y > target_y for _, y in lines["team-a"] + lines["team-b"])
    sheet = match_get_scoresheet(second)
    assert "1020" in charts.progress_svg(sheet) and "820" in charts.progress_svg(sheet)


# --------------------------------------------------------------------------
# Export and import through the web
# --------------------------------------------------------------------------


@pytest.mark.parametrize("language", [{}, EN])
def test_a_coinche_match_exported_from_its_page_imports_back(client: Client, language):
    table = tables.table_create(name="Contrée")
    first, second = add_coinche_matches(table)
    for match in (first, second):
        page = get(client, services.match_path(match), **language)
        export_url = f"/m/{match.token}/export.json"
        assert export_url in page  # the match page's export link
        exported = client.get(export_url, **language)
        assert exported.status_code == 200
        document = json.loads(exported.content)
        assert document["game"] == "coinche"
        upload = SimpleUploadedFile("partie.json", exported.content)
        response = client.post("/importer/", {"document": upload}, **language)
        assert response.status_code == 303
        copy = Match.objects.exclude(table=table).latest("pk")
        assert response["Location"] == services.match_path(copy)
        assert copy.game == "coinche" and copy.rules == match.rules
        assert [h.to_input() for h in copy.hands.live()] == [
            h.to_input() for h in match.hands.live()
        ]
        assert match_get_scoresheet(copy).result == (match_get_scoresheet(match).result)
        assert (copy.total_a, copy.total_b, copy.winner) == (
            match.total_a,
            match.total_b,
            match.winner,
        )
        assert services.match_export_document(copy)["result"] == document["result"]
        assert get(client, response["Location"], **language)


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ({}, "Ce fichier n&#x27;est ni une partie de belote, ni une partie de coinche."),
        (EN, "This file is neither a belote match nor a coinche match."),
    ],
)
def test_an_unknown_game_is_refused_in_the_user_s_language(client: Client, language, message):
    document = {"game": "tarot", "hands": []}
    upload = SimpleUploadedFile("partie.json", json.dumps(document).encode())
    response = client.post("/importer/", {"document": upload}, **language)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert Match.objects.count() == 0
