"""Real browser: the end of a match on every phone (issue 11, item 5 and 7).

The victory banner comes on screen on the phone that typed the winning hand
(scrolled down at its form) and on the phone that only watched; a correction
that reopens the finished match reaches the other phone as fast as a hand
before the end; a confirmation does not stay pinned above the scores."""

from __future__ import annotations

import re

import pytest

from tests.browser.phones import CSP_PROBLEMS, enter_hand, phone, start_match, totals

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def banner_on_screen(page) -> bool:
    """Whether the victory banner is inside the phone's viewport."""
    return page.evaluate(
        """() => {
            const banner = document.querySelector('#scoreboard .banner-win');
            if (!banner) return false;
            const box = banner.getBoundingClientRect();
            return box.top >= 0 && box.bottom <= window.innerHeight;
        }"""
    )


def test_the_end_shows_on_every_phone_and_a_reopening_correction_follows(live_server, browser):
    first, second = phone(browser), phone(browser)
    start_match(first, live_server.url, target=200)
    second.goto(first.url)

    enter_hand(first, taker="Alice", points=100)  # 100 - 62
    first.locator("#hand-1").wait_for()
    second.locator("#hand-1").wait_for()
    # Both phones are scrolled down to their forms, away from the scoreboard.
    for page in (first, second):
        # (to the end of the form: its submit button is in the bar stuck to the screen's bottom)
        page.locator("#hand-form").evaluate(
            "f => window.scrollTo(0, f.getBoundingClientRect().bottom"
            " + window.scrollY - window.innerHeight)"
        )
        assert not page.locator("#scoreboard").evaluate("b => b.getBoundingClientRect().bottom > 0")

    enter_hand(first, taker="Alice", points=120)  # 220: Alice & Claire win
    first.locator("#scoreboard .banner-win").wait_for()
    second.locator("#scoreboard .banner-win").wait_for()
    for page in (first, second):
        page.wait_for_function(
            """() => {
                const b = document.querySelector('#scoreboard .banner-win');
                const box = b && b.getBoundingClientRect();
                return box && box.top >= 0 && box.bottom <= window.innerHeight;
            }"""
        )
        assert banner_on_screen(page)

    # A correction on the first phone reopens the match (hand 2 becomes a litige, 81 - 81).
    first.locator("#hand-2 summary").click()
    first.get_by_role("link", name="Corriger ou supprimer").click()
    first.locator("#id_points").fill("81")
    first.get_by_role("button", name="Enregistrer la correction").click()
    first.wait_for_url(re.compile(r"/m/[\w-]+/#hand-2$"))
    assert "rouvre la partie" in first.locator(".messages").inner_text()
    expected = totals(first)
    second.locator("#scoreboard:not(:has(.banner-win))").wait_for()
    assert totals(second) == expected

    # The confirmation goes after a few seconds; the warning that the match
    # reopened stays until the page changes.
    first.locator(".message-success").wait_for(state="detached")
    assert "rouvre la partie" in first.locator(".messages").inner_text()
    assert CSP_PROBLEMS == []
