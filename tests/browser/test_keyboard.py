"""Real browser, keyboard only (issue 20, item 8): after a save the focus
comes back to the taker, not to ``<body>`` (five Tabs away), and the form
says that Enter in the points field saves."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.phones import phone, start_match, totals

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FOCUSED_NAME = "() => document.activeElement && document.activeElement.name"


def test_after_a_save_the_focus_is_back_on_the_taker(live_server, browser):
    page = phone(browser)
    start_match(page, live_server.url)
    form = page.locator("#hand-form")
    hint = form.get_by_text("Entrée enregistre la donne")
    expect(hint).to_be_visible()
    form.locator("fieldset.takers").get_by_label("Alice", exact=True).check()
    form.locator("#id_points").fill("100")
    form.locator("#id_points").press("Enter")
    expect(page.locator("#scoreboard .total-points").first).to_have_text("100")
    page.wait_for_function(f"() => ({FOCUSED_NAME})() === 'taker'")
    # The next hand from the keyboard: the arrows choose the taker, Tab reaches the points.
    page.keyboard.press("ArrowRight")
    assert page.evaluate(FOCUSED_NAME) == "taker"
    assert totals(page)[0] == "100"
