"""Real browser: the site in Arabic, right to left, on a 390x844 phone (issue 30).

The pages of an evening (home, new match, a sheet with hands, a hand typed
with the keyboard open, a table, a concours) scroll no sideways, and the
layout is mirrored: the sheet's first team is the right-hand column and the
right-hand total, where a French page has it on the left."""

from __future__ import annotations

import datetime

import pytest

from scoresheets.concours import services as cs
from tests.browser.phones import CSP_PROBLEMS, phone
from tests.browser.test_conflicts import elsewhere
from tests.factories import hand, make_match, play
from tests.tables_fixture import make_fixture

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDE = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
# The horizontal middle of the first element ``selector`` finds (px).
MIDDLE = "(selector) => { const b = document.querySelector(selector).getBoundingClientRect();"
MIDDLE += " return b.left + b.width / 2; }"
KEYBOARD_OPEN = {"width": 390, "height": 500}  # 844 px less a phone keyboard


def evening() -> dict[str, str]:
    """The pages of an evening, by name: their paths."""
    match = play(
        make_match(names=("فهد", "Marc", "سالم", "Léa"), team_a_name="الصقور"),
        hand("A", 100),
        hand("B", 81),
        hand("A", 60),
    )
    table = make_fixture().table
    concours = cs.concours_create(
        name="بطولة النادي",
        date=datetime.date(2026, 12, 5),
        preset="classique",
        settings={"parties": 2, "length": {"donnes": 12}},
    )
    for n, name in enumerate(("الصقور", "Les As", "النجوم", "الأهلي", "Équipe 5"), start=1):
        cs.concours_entrant_register(concours=concours, name=name, players=[f"A{n}", "ب"])
    cs.concours_draw(concours=concours)
    return {
        "home": "/",
        "new match": "/nouvelle/",
        "sheet": f"/m/{match.token}/",
        "table": f"/t/{table.token}/",
        "concours": f"/c/{concours.token}/",
        "concours room": f"/voir/concours/{concours.read_token}/salle/?equipe=1",
    }


def test_the_arabic_pages_read_right_to_left_and_fit_a_phone(live_server, browser):
    pages = elsewhere(evening)
    page = phone(browser, locale="ar-SA")
    for name, path in pages.items():
        page.goto(live_server.url + path)
        assert page.locator("html").get_attribute("lang") == "ar", name
        assert page.locator("html").get_attribute("dir") == "rtl", name
        assert page.evaluate(WIDE) <= 0, name

    # The sheet with its hands: team A (الصقور) on the right, in the
    # totals and in the hands' columns.
    page.goto(live_server.url + pages["sheet"])
    assert page.evaluate(MIDDLE, ".total.team-a") > page.evaluate(MIDDLE, ".total.team-b")
    assert page.evaluate(MIDDLE, ".hand-head .team-a") > page.evaluate(MIDDLE, ".hand-head .team-b")
    # A hand's number on the right, its explanation's words to its left.
    assert page.evaluate(MIDDLE, "#hand-1 .hand-num") > page.evaluate(MIDDLE, "#hand-1 .hand-what")

    # A hand typed with the keyboard open: the viewport shrinks, nothing
    # goes sideways, the preview comes.
    page.locator("#hand-form fieldset.takers").get_by_label("Marc", exact=True).check()
    page.locator("#id_points").click()
    page.set_viewport_size(KEYBOARD_OPEN)
    page.keyboard.type("102")
    page.locator("#preview .outcome").wait_for()
    assert page.evaluate(WIDE) <= 0
    assert CSP_PROBLEMS == []


def test_a_french_sheet_keeps_its_first_team_on_the_left(live_server, browser):
    match = elsewhere(lambda: play(make_match(), hand("A", 100), hand("B", 81)))
    page = phone(browser)
    page.goto(f"{live_server.url}/m/{match.token}/")
    assert page.locator("html").get_attribute("dir") == "ltr"
    assert page.evaluate(MIDDLE, ".total.team-a") < page.evaluate(MIDDLE, ".total.team-b")
    assert page.evaluate(MIDDLE, "#hand-1 .hand-num") < page.evaluate(MIDDLE, "#hand-1 .hand-what")
    assert page.evaluate(MIDDLE, ".hand-head .team-a") < page.evaluate(MIDDLE, ".hand-head .team-b")
