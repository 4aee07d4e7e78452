"""A knockout of 6 teams to its final on real pages (issue 30's Done-when,
docs/concours.md 7).

The organiser creates a knockout (matches to 300, third place) from the
new-concours page on a laptop, registers 6 teams and draws the bracket: two
teams go through by byes. Phones (390x844) open each table by its card's
address and enter the hands that end its match; each winner goes on by
itself, the next match appearing at its table as soon as both its teams are
known, to the final and the match for third. The projector (1920x1080)
shows the bracket updating live; at the end it names the champion, and the
results document, read by ``rank_concours``, agrees. The room's bracket is
captured for the README when asked (``KNOCKOUT_SCREENSHOT``), and a phone reads the
bracket without scrolling sideways.
"""

from __future__ import annotations

import io
import json
import os
import re

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from scoresheets.concours import services as cs
from scoresheets.models import Concours
from tests.browser.phones import CSP_PROBLEMS, phone
from tests.browser.test_concours import card_path, register_teams
from tests.browser.test_concours_night import screen
from tests.factories import render_room_at_every_change

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TEAMS = [
    ("Les Frangins", "Jo", "Dédé"),
    ("La Doublette", "Léa", "Sam"),
    ("Les Belotiers", "Noé", "Zoé"),
    ("Carreau d'As", "Max", "Eva"),
    ("Pique et Atout", "Luc", "Ana"),
    ("Dix de Der", "Paul", "Rose"),
]
# The README's picture, taken when asked (the draw is random: the tree stays
# clean on every other run): KNOCKOUT_SCREENSHOT=docs/concours-knockout.png.
SCREENSHOT = os.environ.get("KNOCKOUT_SCREENSHOT")


def create_knockout(organiser, base_url: str) -> None:
    """A knockout "Coupe du club" of matches to 300 with a match for third."""
    organiser.goto(f"{base_url}/concours/nouveau/")
    organiser.locator("#id_name").fill("Coupe du club")
    organiser.get_by_label(re.compile("Élimination directe \\(coupe\\)")).check()
    organiser.locator("#id_third_place").check()
    organiser.locator("#id_length_kind").select_option("target")
    organiser.locator("#id_length_value").fill("300")
    organiser.get_by_role("button", name="Créer le concours").click()
    organiser.wait_for_url(re.compile(r"/c/[\w-]+/$"))


def end_match(page) -> None:
    """At the table open on ``page``: two hands of 162 to the first taker's
    team (324 of 300): the match ends."""
    form = page.locator("#hand-form")
    for number in (1, 2):
        taker = form.locator("fieldset.takers label").first.inner_text().strip()
        form.locator("fieldset.takers").get_by_label(taker, exact=True).check()
        form.locator("#id_points").fill("162")
        form.get_by_role("button", name="Valider la donne").click()
        page.locator(f"#hand-{number}").wait_for()
    expect(page.locator("#scoreboard .banner-win")).to_have_count(1)


def test_a_knockout_of_six_teams_to_its_final(live_server, browser, monkeypatch, tmp_path):
    render_room_at_every_change(monkeypatch)
    organiser = screen(browser, 1280, 800)
    create_knockout(organiser, live_server.url)
    expect(organiser.locator(".table-head .hint")).to_contain_text("Élimination directe")
    register_teams(organiser, TEAMS)
    concours = Concours.objects.get()
    read = f"{live_server.url}/voir/concours/{concours.read_token}"

    projector = screen(browser, 1920, 1080)
    projector.goto(f"{read}/salle/")
    expect(projector.locator("#room-live .room-status")).to_contain_text("6 équipes inscrites")

    organiser.get_by_role("button", name="Tirer le tableau").click()
    expect(organiser.locator("#tableau .bracket-round")).to_have_count(3)
    expect(projector.locator("#room-live .bracket-round")).to_have_count(3)
    # Two byes, one in each half: their teams already wait in the semi-finals.
    expect(projector.locator(".bracket-tie.is-bye")).to_have_count(2)

    phones = [phone(browser) for _ in range(2)]
    won = 0
    for _ in range(4):  # quarter-finals, semi-finals, final and third place
        state = cs.load(concours)
        tables = [t for p in state.parties for t in p.tables if not t.match.finished]
        if not tables:
            break
        for page, table in zip(phones, tables, strict=False):
            page.goto(live_server.url + card_path(concours, table.number))
            end_match(page)
            won += 1
            # The projector follows by itself: one more winner marked.
            expect(projector.locator('#room-live tr[data-state="won"]')).to_have_count(won)
    state = cs.load(concours)
    assert state.over and won == 6  # 6 teams: 5 ties, and the match for third place

    champion = state.label(state.bracket.final.winner)
    expect(projector.locator(".room-champion")).to_contain_text(champion)
    expect(projector.locator("#room-live .room-status")).to_contain_text("Concours terminé")
    if SCREENSHOT:
        # The slide's fade-in (room.css) over before the picture: a condition.
        projector.wait_for_function(
            "() => document.getAnimations().every(a => a.playState === 'finished')"
        )
        projector.screenshot(path=SCREENSHOT)

    # The results document is the bracket: rank_concours prints its outcome.
    answer = organiser.request.get(f"{read}/resultats.json")
    document = tmp_path / "resultats.json"
    document.write_text(answer.text(), encoding="utf-8")
    out = io.StringIO()
    call_command("rank_concours", str(document), stdout=out)
    outcome = json.loads(out.getvalue())
    assert outcome["finished"] and state.label(outcome["champion"]) == champion
    organiser.goto(f"{read}/resultats/")
    expect(organiser.locator(".results-podium")).to_contain_text(champion)

    # A phone reads the bracket stacked, without scrolling sideways.
    reader = phone(browser)
    reader.goto(f"{read}/salle/")
    expect(reader.locator("#room-live .bracket-round")).to_have_count(3)
    assert reader.evaluate("document.documentElement.scrollWidth") <= 390
    assert not CSP_PROBLEMS
