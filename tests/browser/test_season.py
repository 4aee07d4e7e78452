"""A season on a phone (docs/concours.md 6.5), scripts off as the pages need
none: the organiser creates a challenge with Le Champ Commun's values, adds
two played concours (one by pasting its organiser link, one by its button),
and the read-only link shows the pure core's ranking at 390x844 without
sideways scrolling."""

from __future__ import annotations

import re

import pytest

from scoresheets.models import Season
from scoresheets.season import services as ss
from tests.browser.phones import CSP_PROBLEMS, answered_with, phone
from tests.factories import night_concours as night

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_challenge_made_and_read_on_a_phone(live_server, browser):
    first = night(9, [("A", ["Léa", "Sam"]), ("B", ["Noé", "Zoé"])])
    second = night(16, [("A", ["LEA", "Zoé"]), ("B", ["Noé", "Max"]), ("Invités", [])])
    page = phone(browser, javascript=False)
    # This phone organised the second concours: the season's page offers it.
    page.goto(f"{live_server.url}/c/{second.token}/")

    page.goto(f"{live_server.url}/challenge/nouveau/")
    page.locator("#id_name").fill("Challenge d'hiver")
    page.locator("#id_min_nights").fill("2")
    page.locator("#id_scoring").select_option("champ_commun")
    page.get_by_role("button", name="Créer le challenge").click()
    page.wait_for_url(re.compile(r"/ch/[\w-]+/$"))

    page.locator("#id_link").fill(f"{live_server.url}/voir/concours/{first.read_token}/salle/")
    page.get_by_role("button", name="Ajouter ce concours").click()
    page.locator(".errorlist", has_text="C'est le lien de la salle").wait_for()
    page.locator("#id_link").fill(f"{live_server.url}/c/{first.token}/")
    added = "compte pour le challenge."
    button = page.get_by_role("button", name="Ajouter ce concours")
    answered_with(page, button.click, f"« Vendredi 9 » {added}")
    button = page.get_by_role("button", name="Ajouter", exact=True)
    answered_with(page, button.click, f"« Vendredi 16 » {added}")

    season = Season.objects.get()
    expected = ss.load(season).ranking
    page.goto(f"{live_server.url}/voir/challenge/{season.read_token}/")
    names = page.locator(".season-ranking tbody th").all_inner_texts()
    assert names == [s["name"] for s in expected["standings"]]
    assert page.get_by_text("Pas encore classés : moins de 2 soirées jouées.").is_visible()
    assert page.get_by_text("1 équipe sans noms de joueurs (invités) ne compte pas.").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert CSP_PROBLEMS == []
