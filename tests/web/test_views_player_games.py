"""A player's page shows each game's figures in that game's words (issue
29): one block per game he played, headed by its name when there are
several; a klaverjas, a jass or a baloot table is no longer counted under
belote's headings ("Dedans", "Litiges (preneur)"). The figures were
computed by hand from the hands below (the engine tier checks each game's
tally: tests/engine/test_stats_games.py)."""

from __future__ import annotations

import pytest
from django.test import Client

from scoresheets.games.baloot.engine import BalootHand, BalootRules
from scoresheets.games.jass.engine import JassHand, JassRules
from scoresheets.games.klaverjas.engine import KlaverjasHand, KlaverjasRules
from scoresheets.matches import services
from scoresheets.scoring import Pair
from scoresheets.tables import services as tables
from tests.tables_fixture import make_fixture
from tests.web.test_views_player import figure

pytestmark = pytest.mark.django_db

BELOTE_HEADINGS = ("Dedans", "Litiges (preneur)", "Capots de son équipe", "Belotes")


def page(client: Client, table, name: str, language: str = "fr") -> str:
    person = table.roster.get(name=name)
    response = client.get(f"/t/{table.token}/joueurs/{person.pk}/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.content.decode()


def block(body: str, game: str) -> str:
    """The player page's block of ``game`` (its section, by the game's name)."""
    return body.split(f'id="{game}"', 1)[1].split("</section>", 1)[0]


def labels(body: str) -> list[str]:
    return [part.split("</dt>")[0] for part in body.split("<dt>")[1:]]


def klaverjas_table():
    table = tables.table_create(name="Donderdag", player_names=["Anouk", "Bram", "Cor", "Daan"])
    match = services.match_create(
        names=["Anouk", "Bram", "Cor", "Daan"], rules=KlaverjasRules(), table=table
    )
    for hand, seat in (
        (KlaverjasHand("A", "A", 90, Pair(20, 0)), 1),  # Anouk plays: made, A 110
        (KlaverjasHand("B", "B", 60, Pair(0, 20)), 2),  # Bram plays: 80 against 102, nat
        (KlaverjasHand("A", pit="A", roem=Pair(50, 0)), 3),  # Cor's pit: A 162 + 50 + 100
        (KlaverjasHand("B", revoke="A"), 4),  # Daan plays, Anouk & Cor revoke
    ):
        services.hand_record(match=match, hand=hand, taker_seat=seat)
    return table


def test_a_klaverjas_player_page_speaks_klaverjas_in_dutch(client: Client):
    table = klaverjas_table()
    body = page(client, table, "Anouk", "nl")
    assert figure(body, "Spellen") == "4"
    assert figure(body, "Zelf gespeeld") == "1"
    assert figure(body, "Gehaald") == "1"
    assert figure(body, "Nat") == "0"
    assert figure(body, "Pit (eigen team)") == "1"
    assert figure(body, "Pit tegen (eigen team)") == "0"
    assert figure(body, "Roem (eigen team)") == "70"  # 20 + 50 shown by her team
    assert figure(body, "Verzaakt (eigen team)") == "1"
    assert figure(body, "Punten per zelf gespeeld spel") == "110"
    bram = page(client, table, "Bram", "nl")
    assert (figure(bram, "Nat"), figure(bram, "Pit tegen (eigen team)")) == ("1", "1")
    assert figure(bram, "Punten per zelf gespeeld spel") == "0"
    # Belote's headings, in Dutch, are not there.
    for word in ("Gelijkstanden (als speler)", "Capots van zijn team", "Belotes"):
        assert word not in body


def test_a_klaverjas_player_page_has_no_belote_headings_in_french(client: Client):
    body = page(client, klaverjas_table(), "Cor")
    assert figure(body, "Nat") == "0"
    assert figure(body, "Pits de son équipe") == "1"
    assert figure(body, "Points par donne jouée") == "312"
    assert '<h2 id="hands-title">Donnes</h2>' in body  # one game: no game's name
    for word in BELOTE_HEADINGS:
        assert f"<dt>{word}</dt>" not in body


def test_a_jass_player_page_says_who_announced_and_who_pushed_in_swiss_german(client: Client):
    table = tables.table_create(name="Jassabend", player_names=["Anna", "Beat", "Cla", "Dario"])
    match = services.match_create(
        names=["Anna", "Beat", "Cla", "Dario"], rules=JassRules(), table=table, first_dealer=1
    )
    # h1 Anna deals: Vorhand Beat pushes, Dario announces: B 100 + Weis 50 + Stöck 20.
    services.hand_record(
        match=match,
        hand=JassHand("spades", "B", "B", 100, weis=Pair(0, 50), stoeck="B"),
        taker_seat=4,
    )
    # h2 Beat deals: Vorhand Cla announces herself, A's Match: 257.
    services.hand_record(match=match, hand=JassHand("obenabe", "A", match="A"), taker_seat=3)
    beat = page(client, table, "Beat", "de")
    assert figure(beat, "Spiele") == "2"
    assert figure(beat, "Angesagt") == "0"
    assert figure(beat, "Geschoben") == "1"
    assert figure(beat, "Matchs gegen sein Team") == "1"
    assert figure(beat, "Weis seines Teams (Punkte)") == "50"
    assert figure(beat, "Stöck seines Teams") == "1"
    assert figure(beat, "Punkte pro Ansage") == "–"
    dario = page(client, table, "Dario", "de")
    assert (figure(dario, "Angesagt"), figure(dario, "Punkte pro Ansage")) == ("1", "170")
    for word in ("Gescheitert", "Patts (als Ansager)", "Capots seines Teams"):
        assert word not in beat
    french = page(client, table, "Cla")
    assert figure(french, "Matchs de son équipe") == "1"
    for word in BELOTE_HEADINGS:
        assert f"<dt>{word}</dt>" not in french


def test_a_baloot_player_page_counts_the_buyer_and_the_projects_in_arabic(client: Client):
    table = tables.table_create(name="الخميس", player_names=["فهد", "بدر", "سعد", "ماجد"])
    match = services.match_create(
        names=["فهد", "بدر", "سعد", "ماجد"], rules=BalootRules(), table=table
    )
    # h1 فهد buys Hokm, A 100 + sira, B's baloot: made, A 12.
    services.hand_record(
        match=match,
        hand=BalootHand("A", "hokm", "A", 100, projects=Pair(("sira",), ()), baloot="B"),
        taker_seat=1,
    )
    # h2 بدر buys Sun, B 20 + fifty + sira against 110: khasran.
    services.hand_record(
        match=match,
        hand=BalootHand("B", "sun", "B", 20, projects=Pair((), ("fifty", "sira"))),
        taker_seat=2,
    )
    fahad = page(client, table, "فهد", "ar")
    assert figure(fahad, "الجولات") == "2"
    assert figure(fahad, "مرات الشراء") == "1"
    assert (figure(fahad, "منها حكم"), figure(fahad, "منها صن")) == ("1", "0")
    assert (figure(fahad, "نجح العقد"), figure(fahad, "خسران")) == ("1", "0")
    assert (figure(fahad, "سرا"), figure(fahad, "بلوت")) == ("1", "0")
    assert figure(fahad, "النقاط لكل شراء") == "12"
    badr = page(client, table, "بدر", "ar")
    assert (figure(badr, "مرات الشراء"), figure(badr, "منها صن"), figure(badr, "خسران")) == (
        "1",
        "1",
        "1",
    )
    assert (figure(badr, "سرا"), figure(badr, "بلوت")) == ("1", "1")
    assert "التعادلات (كمشترٍ)" not in fahad  # belote's litiges, in Arabic
    french = page(client, table, "فهد")
    assert figure(french, "Achetées") == "1"
    for word in BELOTE_HEADINGS:
        assert f"<dt>{word}</dt>" not in french


def test_a_table_of_two_games_shows_a_block_for_each_headed_by_its_name(client: Client):
    fixture = make_fixture()
    match = services.match_create(
        names=["Léa", "Sam", "Noé", "Zoé"], rules=KlaverjasRules(), table=fixture.table
    )
    services.hand_record(match=match, hand=KlaverjasHand("A", "A", 70), taker_seat=1)  # nat
    body = page(client, fixture.table, "Léa")
    belote, klaverjas = block(body, "belote"), block(body, "klaverjas")
    assert '<h2 id="belote-title">Donnes de belote</h2>' in belote
    assert '<h2 id="klaverjas-title">Donnes de klaverjas</h2>' in klaverjas
    # Belote's figures are those of tests/web/test_views_player.py: the
    # klaverjas nat is not one of her dedans.
    assert (figure(belote, "Prises"), figure(belote, "Dedans")) == ("5", "1")
    assert figure(belote, "Points par prise") == "140,6"
    assert (figure(klaverjas, "Jouées (il choisit l&#x27;atout)"), figure(klaverjas, "Nat")) == (
        "1",
        "1",
    )
    assert "Dedans" not in klaverjas and "Nat" not in belote
    assert labels(klaverjas)[0] == "Donnes"


def test_a_new_player_sees_the_empty_figures_of_the_table_s_games(client: Client):
    table = klaverjas_table()
    tables.table_add_player(table=table, name="Eva")
    body = page(client, table, "Eva")
    assert figure(body, "Nat") == "0"
    assert figure(body, "Points par donne jouée") == "–"
    assert "<dt>Dedans</dt>" not in body
