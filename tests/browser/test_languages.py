"""Real browser: every language of the switch fits a phone (390 px wide).

Dutch and German words are longer than French and English ones: no page
of a table's evening scrolls sideways, the language switch's four buttons
wrap, and a hand's badges stay inside their cell, clear of the scores."""

from __future__ import annotations

import pytest
from django.conf import settings

from scoresheets.games.belote3.engine import Belote2Hand, Belote2Rules, Belote3Hand, Belote3Rules
from scoresheets.matches import services
from scoresheets.scoring.kernel import Scores
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


def tables_of_three_and_two() -> tuple[str, str]:
    """A belote3 match whose rows carry every badge (dedans, capot, belote,
    announcements) and a belote2 match with a litige in reserve: their paths."""
    three = services.match_create(
        names=("Anne-Sophie", "Bartholomäus", "Chloé"),
        rules=Belote3Rules(announcements=True),
        preset="custom",
    )
    for one in (
        Belote3Hand("B", Scores({"A": 50, "B": 62}), belote="B", announcements=Scores({"B": 50})),
        Belote3Hand("A", Scores({"A": 42, "B": 70})),
        Belote3Hand("C", capot="A", belote="C"),
        Belote3Hand(None),
    ):
        services.hand_record(match=three, hand=one)
    two = services.match_create(names=("Anne", "Bruno"), rules=Belote2Rules(), preset="a_deux")
    services.hand_record(match=two, hand=Belote2Hand("A", Scores({"A": 81})))
    return f"/m/{three.token}/", f"/m/{two.token}/"


@pytest.mark.parametrize("language", [code for code, _name in settings.LANGUAGES])
def test_belote_for_three_and_two_fit_a_phone_in_every_language(live_server, browser, language):
    """Three columns of scores and a table's names: no page scrolls sideways,
    no badge runs into the scores, the three totals stay on one line each."""
    paths = elsewhere(tables_of_three_and_two)
    page = phone(browser, locale=language)
    for path in paths:
        page.goto(live_server.url + path)
        assert page.evaluate(WIDE) <= 0, path
        assert max(page.evaluate(BADGES_PAST_CELL)) <= 0, path
    page.goto(live_server.url + "/nouvelle/")
    page.locator(".game-choice input[value=belote3]").check()
    page.locator('[data-game-rules="belote3"] details summary').click()
    assert page.evaluate(WIDE) <= 0
    assert CSP_PROBLEMS == []
