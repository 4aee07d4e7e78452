"""A player's page within a table: statistics computed by hand on a fixed
set of matches (tests/tables_fixture.py), the rating, access by token only."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from scoresheets.matches import services
from scoresheets.matches.scoresheet import match_get_scoresheet
from scoresheets.scoring import HandInput
from scoresheets.tables import services as tables
from tests.tables_fixture import make_fixture, quick_match

pytestmark = pytest.mark.django_db

NBSP = "\u00a0"


def figure(body: str, label: str) -> str:
    """The value shown under ``label`` in the page's figures."""
    found = re.search(rf"<dt>{re.escape(label)}</dt><dd>([^<]*)</dd>", body)
    assert found, label
    return found.group(1)


def ranked(body: str, name: str) -> tuple[str, str]:
    """The matches and wins of ``name`` on the ranking page."""
    row = body.split(f">{name}</a>")[1].split("</tr>")[0]
    matches, wins = re.findall(r'<td class="num">(\d+)</td>', row)
    return matches, wins


def page(client: Client, fixture, name: str) -> str:
    response = client.get(f"/t/{fixture.table.token}/joueurs/{fixture.ids[name]}/")
    assert response.status_code == 200
    return response.content.decode()


def test_it_shows_lea_s_figures_computed_by_hand(client: Client):
    fixture = make_fixture()
    body = page(client, fixture, "Léa")
    assert "<h1>Léa</h1>" in body
    # Finished matches: 1 (won), 2 (won), 3 (lost); match 4 is in progress.
    assert figure(body, "Jouées") == "3"
    assert figure(body, "Gagnées") == "2"
    assert figure(body, "Victoires") == f"67{NBSP}%"
    assert "Plus 1 partie en cours." in body
    # Taken: match 1 hands 1 and 3, match 2 hand 2, match 3 hand 1, match 4 hand 2.
    assert figure(body, "Prises") == "5"
    assert figure(body, "Contrats faits") == "4"  # the capot is a contract made
    assert figure(body, "Dedans") == "1"  # match 3, hand 1
    assert figure(body, "Litiges (preneur)") == "0"  # the litige was Noé's
    assert figure(body, "Capots de son équipe") == "1"  # match 1, hand 3
    assert figure(body, "Capots subis par son équipe") == "1"  # match 3, hand 2
    assert figure(body, "Belotes") == "1"  # match 1, hand 1 (match 4's was Noé's)
    # (120 + 252 + 211 + 0 + 120) / 5 = 703 / 5: the reserve collected counts.
    assert figure(body, "Points par prise") == "140,6"


def test_it_shows_lea_s_partners_and_opponents(client: Client):
    fixture = make_fixture()
    body = page(client, fixture, "Léa")
    partner = body.split("Meilleur partenaire")[1].split("Adversaires les plus coriaces")[0]
    # Noé: 1 win in 2 matches together beats Zoé's 1 in 1 (more matches together).
    assert f'/joueurs/{fixture.ids["Noé"]}/">Noé</a>' in partner
    assert "gagné 1 fois sur 2 ensemble" in partner
    toughest = body.split("Adversaires les plus coriaces")[1].split("Dernières parties")[0]
    # Inès beat her in their only match (0 of 1), Sam twice out of three (2 of 3 won by Léa).
    assert toughest.index(">Inès</a>") < toughest.index(">Sam</a>")
    assert "gagné 0 fois sur 1" in toughest
    assert "gagné 2 fois sur 3" in toughest
    assert ">Zoé</a>" not in toughest and ">Noé</a>" not in toughest  # always beaten


def test_it_lists_the_last_matches_newest_first(client: Client):
    fixture = make_fixture()
    body = page(client, fixture, "Léa")
    last = body.split("Dernières parties")[1]
    links = re.findall(r'href="/m/([^/]+)/"', last)
    assert links == [m.token for m in reversed(fixture.matches)]
    assert "avec Zoé" in last and "contre Sam &amp; Noé" in last
    assert last.count("Gagnée") == 2 and last.count("Perdue") == 1 and "En cours" in last
    assert "<strong>382</strong>" in last  # match 2, from Léa's side


def test_it_shows_noe_s_litige_and_belote(client: Client):
    fixture = make_fixture()
    body = page(client, fixture, "Noé")
    assert figure(body, "Jouées") == "3"
    assert figure(body, "Gagnées") == "1"
    assert figure(body, "Victoires") == f"33{NBSP}%"
    assert figure(body, "Prises") == "1"
    assert figure(body, "Contrats faits") == "0"
    assert figure(body, "Litiges (preneur)") == "1"
    assert figure(body, "Belotes") == "1"
    assert figure(body, "Points par prise") == "0"  # his team scored 0 on his litige


def test_it_shows_the_rating_honestly(client: Client):
    fixture = make_fixture()
    body = page(client, fixture, "Léa")
    rating = tables.table_ratings(fixture.table).get(fixture.ids["Léa"])
    assert rating.rank == 1 and rating.provisional
    assert '<p class="rating-big">' in body
    assert f"{rating.rating}</p>" in body
    assert f"Niveau estimé{NBSP}: {rating.estimate} ± {rating.uncertainty}." in body
    assert "Rang 1 sur 5" in body
    assert "provisoire" in body
    assert "encore 7 parties terminées pour le confirmer" in body  # 10 - 3
    assert 'id="rating-chart"' in body
    assert "<script" not in body.split('id="rating-chart"')[1].split("</svg>")[0]


def test_a_player_without_a_finished_match_is_not_rated_yet(client: Client):
    table = tables.table_create(name="Jeudi", player_names=["Léa", "Sam", "Noé", "Zoé", "Inès"])
    quick_match(table, ["Léa", "Sam", "Noé", "Zoé"], finished=False)
    inès = table.roster.get(name="Inès")
    response = client.get(f"/t/{table.token}/joueurs/{inès.pk}/")
    body = response.content.decode()
    assert response.status_code == 200
    assert "Pas encore classé" in body
    assert figure(body, "Jouées") == "0"
    assert figure(body, "Victoires") == "–"
    assert figure(body, "Points par prise") == "–"
    assert "Aucune partie pour l'instant." in body
    léa = table.roster.get(name="Léa")
    body = client.get(f"/t/{table.token}/joueurs/{léa.pk}/").content.decode()
    assert figure(body, "Prises") == "1"  # a hand of a match in progress counts
    assert "Pas encore classé" in body


def test_correcting_a_hand_changes_the_statistics_and_the_ranking(client: Client):
    fixture = make_fixture()
    before_ranking = client.get(f"/t/{fixture.table.token}/classement/").content.decode()
    assert ranked(before_ranking, "Léa") == ("3", "2")  # matches, wins
    # Match 3, hand 1 was in fact made by Léa's team (B 150): 12 - 150, then the
    # capot: 264 - 150, so the match is no longer over (target 300).
    third = fixture.matches[2]
    hand = match_get_scoresheet(third).hands[0]
    services.hand_update(
        match=third,
        hand_id=hand.pk,
        hand=HandInput("B", "B", 150),
        taker_seat=2,
        expected_version=hand.version,
    )
    body = page(client, fixture, "Léa")
    assert figure(body, "Jouées") == "2"
    assert figure(body, "Gagnées") == "2"
    assert figure(body, "Victoires") == f"100{NBSP}%"
    assert figure(body, "Contrats faits") == "5"
    assert figure(body, "Dedans") == "0"
    assert "Plus 2 parties en cours." in body
    # (120 + 252 + 211 + 150 + 120) / 5 = 853 / 5
    assert figure(body, "Points par prise") == "170,6"
    after_ranking = client.get(f"/t/{fixture.table.token}/classement/").content.decode()
    assert after_ranking != before_ranking
    assert ranked(after_ranking, "Léa") == ("2", "2")
    assert ">Inès</a>" not in after_ranking.split("Pas encore classés")[0]  # no finished match


def test_a_player_of_another_table_is_a_404(client: Client):
    fixture = make_fixture()
    other = tables.table_create(name="Vendredi", player_names=["Max"])
    max_id = other.roster.get().pk
    assert client.get(f"/t/{fixture.table.token}/joueurs/{max_id}/").status_code == 404
    assert client.get(f"/t/{other.token}/joueurs/{fixture.ids['Léa']}/").status_code == 404
    assert client.get(f"/t/{fixture.table.token}/joueurs/999999/").status_code == 404
    huge = 10**30  # past any integer column: still a 404, not a 500
    assert client.get(f"/t/{fixture.table.token}/joueurs/{huge}/").status_code == 404


def test_a_wrong_token_is_a_404(client: Client):
    fixture = make_fixture()
    assert client.get(f"/t/nope/joueurs/{fixture.ids['Léa']}/").status_code == 404


def test_the_page_is_get_only(client: Client):
    fixture = make_fixture()
    response = client.post(f"/t/{fixture.table.token}/joueurs/{fixture.ids['Léa']}/")
    assert response.status_code == 405


@pytest.mark.parametrize("count", [2, 12])
def test_the_queries_do_not_grow_with_the_matches(client: Client, django_assert_num_queries, count):
    table = tables.table_create(name="Jeudi", player_names=["Léa", "Sam", "Noé", "Zoé"])
    for number in range(count):
        names = ["Léa", "Sam", "Noé", "Zoé"] if number % 2 else ["Léa", "Noé", "Sam", "Zoé"]
        quick_match(table, names, finished=number != 0)
    léa = table.roster.get(name="Léa")
    # table, player, the matches' versions, played matches (matches, players,
    # hands), names, last matches' tokens, the finished matches' versions,
    # ratings (matches, players)
    with django_assert_num_queries(11):
        response = client.get(f"/t/{table.token}/joueurs/{léa.pk}/")
    assert response.status_code == 200
    # Then every match's figures and the ratings come from the cache: table,
    # player, the matches' versions, names, tokens, the finished matches' versions.
    with django_assert_num_queries(6):
        again = client.get(f"/t/{table.token}/joueurs/{léa.pk}/")
    main = re.compile(rb"<main.*</main>", re.DOTALL)  # (the footer has a per-response token)
    assert main.search(again.content)[0] == main.search(response.content)[0]


def test_a_belote_counts_for_its_team_when_nobody_said_who_held_it(client: Client):
    """Issue 20, item 9: "Belotes" stayed 0 unless "Qui avait la belote ?" was
    answered; the team's belotes are counted from the hand itself."""
    fixture = make_fixture()
    match = quick_match(fixture.table, ["Léa", "Sam", "Noé", "Zoé"], finished=False)
    sam = page(client, fixture, "Sam")
    services.hand_record(match=match, hand=HandInput("B", "B", 90, belote="B"), taker_seat=2)
    after = page(client, fixture, "Sam")
    assert figure(after, "Belotes") == figure(sam, "Belotes")  # nobody said who held it
    team = "Belotes de son équipe"
    assert int(figure(after, team)) == int(figure(sam, team)) + 1
