"""Real browser, issue 29's acceptance for a klaverjas drive: the organiser
makes a drive on a laptop (klaverjas' club competition, à la mêlée, 2
rounds of 2 games), registers 8 players at the door and draws each round;
each table is played on a phone in Dutch from its table card (the QR code's
address); the organiser's page sees the tables finish and its ranking of
the 8 players is the pure core's, each player the sum of their sides'."""

from __future__ import annotations

import re

import pytest

from scoresheets.concours import services as cs
from scoresheets.models import Concours
from tests.browser.phones import CSP_PROBLEMS, answered_with, phone, totals
from tests.browser.test_concours import card_path, laptop

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ["Anouk", "Bram", "Cor", "Daan", "Els", "Fenna", "Gijs", "Hein"]


def _create_drive(organiser, base_url: str) -> None:
    organiser.goto(f"{base_url}/concours/nouveau/")
    organiser.locator("#id_name").fill("Drive van de club")
    organiser.locator("#id_preset").select_option("competitie")
    organiser.locator("#id_mode").select_option("melee")
    organiser.locator("#id_parties").fill("2")
    organiser.locator("#id_length_kind").select_option("donnes")
    organiser.locator("#id_length_value").fill("2")
    organiser.get_by_role("button", name="Créer le concours").click()
    organiser.wait_for_url(re.compile(r"/c/[\w-]+/$"))


def _play_table(page, base_url: str, number: int, players: list[str]) -> None:
    """Table ``number`` on a phone, from its card: two games, the first won
    by side A's first player's team (100 points and 20 roem), the second
    by side B (90 points)."""
    concours = Concours.objects.get()
    page.goto(base_url + card_path(concours, number))
    page.wait_for_url(re.compile(r"/m/[\w-]+/$"))
    form = page.locator("#hand-form")
    form.locator("fieldset.takers").get_by_label(players[0], exact=True).check()
    form.locator("#id_points").fill("100")
    form.locator(".roem-a").get_by_role("button", name="+20", exact=True).click()
    form.locator("#preview .outcome").wait_for()
    form.get_by_role("button", name="Spel opslaan").click()
    page.locator("#hand-1").wait_for()
    form.locator("fieldset.takers").get_by_label(players[1], exact=True).check()
    form.locator("#id_points").fill("90")
    form.locator("#preview .outcome").wait_for()
    form.get_by_role("button", name="Spel opslaan").click()
    page.locator("#hand-2").wait_for()
    # A 100 + 20 then 72; B 62 then 90: 192 – 152.
    page.locator("#scoreboard .total-points", has_text="192").first.wait_for()
    assert totals(page) == ["192", "152"]


def test_a_klaverjas_drive_of_eight_players_over_two_rounds(live_server, browser):
    organiser = laptop(browser)
    _create_drive(organiser, live_server.url)
    for name in PLAYERS:
        organiser.locator("#id_name").fill(name)
        button = organiser.get_by_role("button", name="Inscrire le joueur")
        answered_with(organiser, button.click, f"{name}, inscrit.")
    phones = [phone(browser, locale="nl-NL") for _ in range(2)]
    for number in (1, 2):
        organiser.get_by_role("button", name=f"Tirer la partie {number}").click()
        organiser.locator("#partie-title", has_text=f"Partie {number} sur 2").wait_for()
        state = cs.load(Concours.objects.get())
        assert len(state.current.tables) == 2 and not state.current.partie.byes
        for table, page in zip(state.current.tables, phones, strict=True):
            match = table.match
            assert (match.game, match.rules.games) == ("klaverjas", 2)
            seats = [p.name for p in match.players.order_by("seat")]
            _play_table(page, live_server.url, table.number, [seats[0], seats[1]])
        organiser.locator("#partie", has_text="Toutes les tables ont fini.").wait_for()
    standings = cs.load(Concours.objects.get()).ranking()["standings"]
    points = [line["points"] for line in standings]
    # Each player twice on a side of 192 or 152.
    assert len(points) == 8 and set(points) <= {384, 344, 304}
    assert sum(points) == 2 * 2 * (2 * 192 + 2 * 152)
    shown = organiser.locator(".concours-ranking tbody tr").all_inner_texts()
    assert len(shown) == 8 and str(points[0]) in shown[0]
    assert not CSP_PROBLEMS
