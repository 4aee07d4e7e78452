"""Real browser: every language of the switch fits a phone (390 px wide).

Dutch and German words are longer than French and English ones: no page
of a table's evening scrolls sideways, the language switch's four buttons
wrap, and a hand's badges stay inside their cell, clear of the scores."""

from __future__ import annotations

import pytest
from django.conf import settings

from tests.browser.phones import CSP_PROBLEMS, phone
from tests.browser.test_conflicts import elsewhere
from tests.factories import hand, make_match, play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDE = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
# How far each badge of the sheet's rows reaches past its cell, the column
# before the scores (px).
BADGES_PAST_CELL = """() => [...document.querySelectorAll('.hand-what .badge')].map(badge => {
  const cell = badge.closest('.hand-what');
  return badge.getBoundingClientRect().right - cell.getBoundingClientRect().right;
})"""


@pytest.mark.parametrize("language", [code for code, _name in settings.LANGUAGES])
def test_the_pages_fit_a_phone_in_every_language(live_server, browser, language: str):
    match = elsewhere(lambda: play(make_match(), hand("A", 100), hand("B", 81), hand("A", 60)))
    page = phone(browser, locale=language)
    for path in ("/", "/nouvelle/", f"/m/{match.token}/"):
        page.goto(live_server.url + path)
        assert page.locator("html").get_attribute("lang") == language
        assert page.evaluate(WIDE) <= 0, path
    buttons = page.locator("form.language button")
    assert buttons.count() == len(settings.LANGUAGES)
    assert max(page.evaluate(BADGES_PAST_CELL)) <= 0
    assert CSP_PROBLEMS == []
