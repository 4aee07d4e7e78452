"""A table's new match proposes its seating: the last match's four players in
their seats, "Changer les partenaires" (the next rotation of partners), and
the four players of a roster of exactly four; in French and in English."""

from __future__ import annotations

import pytest
from django.test import Client

from scoresheets.models import Table
from scoresheets.tables import services as tables
from tests.tables_fixture import quick_match
from tests.web.test_views_tables import RULES

pytestmark = pytest.mark.django_db


def chosen(body: str, table: Table) -> list[str | None]:
    """The player selected in each seat's list, by name (None: no one)."""
    names = {str(p.pk): p.name for p in table.roster.all()}
    out = []
    for seat in (1, 2, 3, 4):
        select = body.split(f'name="person_{seat}"')[1].split("</select>")[0]
        picked = [pk for pk in names if f'<option value="{pk}" selected>' in select]
        out.append(names[picked[0]] if picked else None)
    return out


def test_rotating_partners_gives_the_three_pairings_then_the_start():
    seats = ["Léa", "Sam", "Noé", "Zoé"]  # Léa & Noé against Sam & Zoé
    once = tables.rotate_partners(seats)
    twice = tables.rotate_partners(seats, 2)
    assert once == ["Léa", "Zoé", "Sam", "Noé"]  # Léa & Sam against Zoé & Noé
    assert twice == ["Léa", "Noé", "Zoé", "Sam"]  # Léa & Zoé against Noé & Sam
    assert tables.rotate_partners(once) == twice
    assert tables.rotate_partners(seats, 3) == seats
    partners = {frozenset((s[0], s[2])) for s in (seats, once, twice)}
    assert len(partners) == 3  # each of Léa's three possible partners once
    with pytest.raises(ValueError):
        tables.rotate_partners(seats[:3])


def test_a_roster_of_four_is_seated_at_once(client: Client):
    table = tables.table_create(name="Jeudi", player_names=["Léa", "Sam", "Noé", "Zoé"])
    body = client.get(f"/t/{table.token}/nouvelle/").content.decode()
    assert chosen(body, table) == ["Léa", "Noé", "Sam", "Zoé"]  # the roster's order
    assert "Changer les partenaires" in body


def test_a_roster_of_five_without_matches_leaves_the_seats_to_choose(client: Client):
    table = tables.table_create(name="Jeudi", player_names=["Léa", "Sam", "Noé", "Zoé", "Inès"])
    body = client.get(f"/t/{table.token}/nouvelle/").content.decode()
    assert chosen(body, table) == [None, None, None, None]
    assert "Changer les partenaires" not in body


def test_the_last_seating_then_each_change_of_partners(client: Client):
    table = tables.table_create(name="Jeudi", player_names=["Léa", "Sam", "Noé", "Zoé", "Inès"])
    quick_match(table, ["Zoé", "Inès", "Sam", "Léa"])
    url = f"/t/{table.token}/nouvelle/"
    body = client.get(url).content.decode()
    assert chosen(body, table) == ["Zoé", "Inès", "Sam", "Léa"]
    assert 'href="?partenaires=1"' in body
    body = client.get(url + "?partenaires=1").content.decode()
    assert chosen(body, table) == ["Zoé", "Léa", "Inès", "Sam"]
    assert 'href="?partenaires=2"' in body
    body = client.get(url + "?partenaires=2").content.decode()
    assert chosen(body, table) == ["Zoé", "Sam", "Léa", "Inès"]
    assert 'href="?partenaires=0"' in body
    # Junk is the last seating, never a 500.
    for junk in ("x", "-1", "٣", "99999999"):
        response = client.get(url + f"?partenaires={junk}")
        assert response.status_code == 200
        assert chosen(response.content.decode(), table) == ["Zoé", "Inès", "Sam", "Léa"]


def test_the_changed_seating_starts_the_match(client: Client):
    table = tables.table_create(name="Jeudi", player_names=["Léa", "Sam", "Noé", "Zoé"])
    client.get(f"/t/{table.token}/nouvelle/?partenaires=1")
    data = dict(RULES)
    seating = tables.rotate_partners(list(table.roster.all()), 1)
    data.update({f"person_{seat}": p.pk for seat, p in enumerate(seating, start=1)})
    response = client.post(f"/t/{table.token}/nouvelle/", data)
    assert response.status_code == 303, response.content.decode()[:3000]
    match = table.matches.get()
    assert match.team_a_name == "Léa & Noé" and match.team_b_name == "Zoé & Sam"


def test_in_english(client: Client):
    table = tables.table_create(name="Jeudi", player_names=["Léa", "Sam", "Noé", "Zoé"])
    body = client.get(f"/t/{table.token}/nouvelle/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Change partners" in body and "Changer les partenaires" not in body


def test_two_new_players_of_the_same_name_are_refused(client: Client):
    table = tables.table_create(name="Jeudi", player_names=["Léa", "Sam"])
    data = dict(RULES)
    léa, sam = table.roster.all()
    data.update(person_1=léa.pk, person_2=sam.pk, player_3="Inès", player_4=" inès ")
    response = client.post(f"/t/{table.token}/nouvelle/", data)
    assert response.status_code == 422
    body = response.content.decode()
    assert "« inès » est déjà à une autre place" in body
    fields = body[body.index("</div>", body.index('id="error-summary"')) :]  # past the summary
    assert body.count("est déjà à une autre place") == 2  # the summary's, and seat 4's
    assert fields.count("est déjà à une autre place") == 1
    assert not table.matches.exists() and table.roster.count() == 2
