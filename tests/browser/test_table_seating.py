"""Real browser: a table's new match, "Changer les partenaires" rotates the
seats in place (table.js), as the server would, keeping the rest of the form."""

from __future__ import annotations

import re

import pytest

from tests.browser.phones import CSP_PROBLEMS, phone

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def seated(page) -> list[str]:
    return [page.locator(f"#id_person_{seat} option:checked").inner_text() for seat in (1, 2, 3, 4)]


def test_changing_partners_rotates_the_seats_and_keeps_the_form(live_server, browser):
    from scoresheets.tables import services as tables

    table = tables.table_create(name="Jeudi", player_names=["Léa", "Marc", "Noé", "Zoé"])
    page = phone(browser)
    page.goto(f"{live_server.url}/t/{table.token}/nouvelle/")
    assert seated(page) == ["Léa", "Marc", "Noé", "Zoé"]  # four players: seated at once
    page.locator("#id_team_a_name").fill("Les Bleus")
    change = page.get_by_role("link", name="Changer les partenaires")
    change.click()
    assert seated(page) == ["Léa", "Zoé", "Marc", "Noé"]
    assert page.locator("#id_team_a_name").input_value() == "Les Bleus"  # kept
    assert page.locator("#id_team_b_name").get_attribute("placeholder") == "Zoé & Noé"
    change.click()
    change.click()
    assert seated(page) == ["Léa", "Marc", "Noé", "Zoé"]  # three changes: the start
    change.click()
    page.get_by_role("button", name="Commencer la partie").click()
    page.wait_for_url(re.compile(r"/m/[\w-]+/$"))
    match = table.matches.get()
    assert list(match.players.values_list("name", flat=True)) == ["Léa", "Zoé", "Marc", "Noé"]
    assert CSP_PROBLEMS == []
