"""Real browser: what a newcomer's four-phone trial found (issue 11 follow-up).

A 40-letter name without a space must not widen the page; the undo bar, held
at the top of the sheet, must not cover the form while a hand is typed."""

from __future__ import annotations

import pytest

from scoresheets import scoring
from scoresheets.matches import services
from tests.browser.phones import CSP_PROBLEMS, enter_hand, phone
from tests.browser.test_conflicts import elsewhere

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_long_name_without_spaces_never_widens_the_page(live_server, browser):
    names = ["A" * 40, "B" * 40, "Claire", "Dan"]
    match = elsewhere(lambda: services.match_create(names=names, rules=scoring.Rules()))
    page = phone(browser)
    page.goto(f"{live_server.url}/m/{match.token}/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert CSP_PROBLEMS == []


def test_the_undo_bar_lets_the_form_be_typed(live_server, browser):
    names = ["Alice", "Bob", "Claire", "Dan"]
    match = elsewhere(lambda: services.match_create(names=names, rules=scoring.Rules()))
    page = phone(browser)
    page.goto(f"{live_server.url}/m/{match.token}/")
    enter_hand(page, taker="Alice", points=100)
    page.locator("#undo-bar form").wait_for()
    page.locator("#id_points").focus()
    position = page.evaluate("getComputedStyle(document.getElementById('undo-bar')).position")
    assert position == "static"  # it scrolls away with the sheet while typing
    page.locator("#id_points").blur()
    position = page.evaluate("getComputedStyle(document.getElementById('undo-bar')).position")
    assert position == "sticky"
    assert CSP_PROBLEMS == []
