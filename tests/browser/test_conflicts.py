"""Real browser: the entry form follows the sheet's version while untouched
(poll.js), so that only a phone whose entry was typed on an older sheet is
told of a conflict."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connections
from playwright.sync_api import expect

from scoresheets.matches import services
from scoresheets.matches.scoresheet import match_get_scoresheet
from scoresheets.models import Match
from tests.browser.phones import enter_hand, phone, wait_until_still
from tests.factories import hand, make_match, play

pytestmark = [
    pytest.mark.browser,
    pytest.mark.every_database,
    pytest.mark.django_db(transaction=True),
]


def elsewhere(call: Callable[[], Any]) -> Any:
    """Run ``call`` (another phone's writes, or a look at the database) in its
    own thread and close its connection after: under Playwright's sync API a
    connection opened in the test itself outlives the test (PostgreSQL then
    cannot drop the test database)."""
    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["value"] = call()
        except BaseException as error:  # re-raised in the test
            outcome["error"] = error
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


def live_hands(match: Match) -> list:
    return list(match_get_scoresheet(match).hands)


def wait_for_version(page, version: int) -> None:
    page.locator(f'#scoreboard[data-version="{version}"]').wait_for(state="attached")


def test_an_untouched_form_follows_the_version_and_a_typed_one_is_told(live_server, browser):
    match = elsewhere(lambda: play(make_match(), hand("A", 100), hand("A", 100)))
    page = phone(browser)
    page.goto(f"{live_server.url}/m/{match.token}/")
    seen = page.locator('#hand-form input[name="match_version"]')
    assert seen.input_value() == str(match.version)

    # A correction elsewhere keeps the next number (3) but moves the version:
    # the untouched form follows it, and its hand saves without a conflict.
    first = elsewhere(lambda: live_hands(match)[0])
    elsewhere(
        lambda: services.hand_update(
            match=match, hand_id=first.pk, hand=hand("A", 120), expected_version=1, device="Cy"
        )
    )
    corrected = elsewhere(lambda: Match.objects.get(pk=match.pk).version)
    wait_for_version(page, corrected)
    assert seen.input_value() == str(corrected)
    enter_hand(page, taker="Bob", points=95)
    page.locator("#hand-3").wait_for()
    assert "vient d" not in page.locator("#hand-form").inner_text()
    assert len(elsewhere(lambda: live_hands(match))) == 3

    # Typed before a delete elsewhere: the form keeps what it saw, and saving
    # it is told (409) with the entry kept, then a second tap saves it.
    form = page.locator("#hand-form")
    form.locator("fieldset.takers").get_by_label("Alice", exact=True).check()
    form.locator("#id_points").fill("110")
    before = seen.input_value()
    third = elsewhere(lambda: live_hands(match)[2])
    elsewhere(
        lambda: services.hand_delete(match=match, hand_id=third.pk, expected_version=1, device="Cy")
    )
    deleted = elsewhere(lambda: Match.objects.get(pk=match.pk).version)
    wait_for_version(page, deleted)
    assert seen.input_value() == before
    form.get_by_role("button", name="Valider la donne").click()
    page.get_by_text("La donne 3 vient d'être supprimée depuis le téléphone de Cy.").wait_for()
    assert page.locator("#id_points").input_value() == "110"
    assert len(elsewhere(lambda: live_hands(match))) == 2
    # The conflict panel holds the choice: its main button saves the entry as hand 3.
    page.locator("#conflict").get_by_role("button", name="Valider comme donne 3").click()
    page.locator("#hand-3").wait_for()
    hands = elsewhere(lambda: live_hands(match))
    assert [(h.taker, h.to_input().trick_points) for h in hands] == [
        ("A", 120),
        ("A", 100),
        ("A", 110),
    ]


def test_the_conflict_panel_is_read_from_its_first_line_without_the_bar(live_server, browser):
    """Issue 20, item 6: under "Abandonner ma saisie" the entry bar showed the
    duplicate's preview ("Cette donne termine la partie, gagnée par ..."),
    and the panel's first line was scrolled under the top of the screen."""
    match = elsewhere(lambda: play(make_match(target=350), hand("A", 100)))
    page = phone(browser)
    page.goto(f"{live_server.url}/m/{match.token}/")
    enter_hand(page, taker="Alice", points=100)  # this phone's own save: its undo bar shows
    page.locator("#hand-2").wait_for()
    form = page.locator("#hand-form")
    form.locator("fieldset.takers").get_by_label("Alice", exact=True).check()
    form.locator("#id_points").fill("100")
    elsewhere(lambda: services.hand_record(match=match, hand=hand("A", 100), device="Cy"))
    form.get_by_role("button", name="Valider la donne").click()
    panel = page.locator("#conflict")
    expect(panel.get_by_role("link", name="Abandonner ma saisie")).to_be_visible()
    wait_until_still(page)
    expect(page.locator("#hand-form .entry-bar")).to_be_hidden()
    assert "termine la partie" not in page.locator("body").inner_text()
    top = panel.bounding_box()["y"]
    bar = page.locator("#undo-bar").bounding_box()
    covered = bar["y"] + bar["height"] if bar and bar["height"] else 0
    assert covered <= top < 844 / 2, (covered, top)
