"""CSV exports of a table: its matches and its hands, UTF-8 with a byte order
mark, ``;`` separated, French headers, reached only through the table's token."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client
from django.utils import timezone

from scoresheets.matches.scoresheet import match_get_scoresheet
from scoresheets.tables import services as tables
from tests.tables_fixture import make_fixture

pytestmark = pytest.mark.django_db


def read(response) -> list[list[str]]:
    text = response.content.decode("utf-8")
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text[1:]), delimiter=";"))


def test_it_exports_the_matches(client: Client):
    fixture = make_fixture()
    response = client.get(f"/t/{fixture.table.token}/parties.csv")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    today = timezone.localdate().isoformat()
    assert response["Content-Disposition"] == (
        f'attachment; filename="rebelote-les-jeudis-parties-{today}.csv"'
    )
    header, *lines = read(response)
    assert header[:4] == ["Date", "Partie", "Jeu", "Équipe A"]
    assert header[-3:] == ["Terminée", "Gagnant (A/B)", "Équipe gagnante"]
    assert len(lines) == 4
    first = lines[0]  # oldest first
    assert first[1] == f"http://testserver/m/{fixture.matches[0].token}/"
    assert first[2:9] == ["Belote", "Léa & Noé", "Léa", "Noé", "Sam & Zoé", "Sam", "Zoé"]
    assert first[9:] == ["534", "62", "3", "oui", "A", "Léa & Noé"]
    decided = timezone.localtime(fixture.matches[0].decided_at)
    assert first[0] == decided.strftime("%Y-%m-%d %H:%M")  # local time, no offset
    assert lines[3][9:] == ["120", "62", "2", "non", "", ""]  # match 4, in progress


def test_it_exports_the_hands(client: Client):
    fixture = make_fixture()
    response = client.get(f"/t/{fixture.table.token}/donnes.csv")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert 'filename="rebelote-les-jeudis-donnes-' in response["Content-Disposition"]
    header, *lines = read(response)
    assert header[:6] == ["Date", "Partie", "Jeu", "Donne", "Donneur", "Preneur"]
    assert len(lines) == 3 + 3 + 2 + 2
    # Match 1, hand 1: Léa deals (first dealer, seat 1) and takes, belote held by her.
    hand = dict(zip(header, lines[0], strict=True))
    assert (hand["Donne"], hand["Donneur"], hand["Preneur"]) == ("1", "Léa", "Léa")
    assert (hand["Points de plis"], hand["Belote de"], hand["Résultat"]) == ("100", "Léa", "réussi")
    assert (hand["Points A"], hand["Points B"], hand["Total A"]) == ("120", "62", "120")
    # Match 2, hand 2: the reserve of the litige is collected by Léa's team.
    hand = dict(zip(header, lines[4], strict=True))
    assert (hand["Preneur"], hand["Points A"], hand["Total A"]) == ("Léa", "211", "292")


def test_a_wrong_token_is_a_404(client: Client):
    make_fixture()
    assert client.get("/t/nope/parties.csv").status_code == 404
    assert client.get("/t/nope/donnes.csv").status_code == 404


def test_the_exports_are_get_only(client: Client):
    fixture = make_fixture()
    assert client.post(f"/t/{fixture.table.token}/parties.csv").status_code == 405
    assert client.post(f"/t/{fixture.table.token}/donnes.csv").status_code == 405


def test_an_empty_table_exports_the_headers_only(client: Client):
    table = tables.table_create(name="???")
    response = client.get(f"/t/{table.token}/parties.csv")
    assert len(read(response)) == 1
    assert 'filename="rebelote-table-parties-' in response["Content-Disposition"]


def test_a_name_that_looks_like_a_formula_is_written_as_text(client: Client):
    fixture = make_fixture()
    fixture.table.roster.filter(name="Zoé").update(name="=1+1")
    response = client.get(f"/t/{fixture.table.token}/parties.csv")
    _header, first, *_ = read(response)
    assert first[8] == "'=1+1"


def test_the_csvs_speak_english_headers_and_values(client: Client):
    fixture = make_fixture()
    en = {"HTTP_ACCEPT_LANGUAGE": "en"}
    header, *lines = read(client.get(f"/t/{fixture.table.token}/parties.csv", **en))
    match = dict(zip(header, lines[0], strict=True))
    assert (match["Game"], match["Finished"]) == ("Belote", "yes")
    assert dict(zip(header, lines[3], strict=True))["Finished"] == "no"
    header, *lines = read(client.get(f"/t/{fixture.table.token}/donnes.csv", **en))
    outcomes = {dict(zip(header, line, strict=True))["Outcome"] for line in lines}
    assert "made" in outcomes and not outcomes & {"réussi", "dedans", "litige"}
    assert outcomes <= {"made", "down", "tie", "everyone passes", "revoke", "cancelled"}


def test_a_download_again_is_read_from_the_cache_until_a_match_changes(
    client: Client, django_assert_max_num_queries
):
    """Issue 21: at a table's cap, the hands' export cost 617 ms of CPU at
    every download."""
    from scoresheets.matches import services

    fixture = make_fixture()
    url = f"/t/{fixture.table.token}/donnes.csv"
    first = client.get(url).content
    with django_assert_max_num_queries(3):  # the table, its roster, its matches' versions
        assert client.get(url).content == first
    # Another language, another link kind: their own texts.
    english = client.get(url, headers={"Accept-Language": "en"}).content
    assert english != first
    read = client.get(f"/voir/table/{fixture.table.read_token}/donnes.csv").content
    assert fixture.matches[0].token.encode() not in read
    # A correction: the export follows it at once.
    match = fixture.matches[3]
    last = match_get_scoresheet(match).hands[-1]
    services.hand_update(
        match=match, hand_id=last.pk, hand=tables_hand(), expected_version=last.version
    )
    assert client.get(url).content != first


def tables_hand():
    from tests.factories import hand

    return hand("B", 150)
