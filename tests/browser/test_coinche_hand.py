"""Real-browser test of the coinche hand form on a phone (390x844): the taps,
the other team's points, the "solo" question only for a générale made capot,
the live preview and the saved totals, all checked against the engine.

Set ``SCREENSHOTS=dir`` to keep the empty and filled form as PNG files.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from scoresheets import scoring
from scoresheets.matches import services
from tests.browser.phones import CSP_PROBLEMS, phone
from tests.factories import NAMES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RULES = scoring.CoincheRules(target=2000, coinche_score="total", rounding="none")


def shot(page, name: str, part: str = "#hand-form") -> None:
    folder = os.environ.get("SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.locator(part).screenshot(path=f"{folder}/{name}.png")
        page.screenshot(path=f"{folder}/{name}-viewport.png")


def totals(page) -> list[str]:
    return [t.strip() for t in page.locator("#scoreboard .total-points").all_inner_texts()]


def test_a_coinche_hand_is_tapped_previewed_and_saved(live_server, browser):
    match = services.match_create(names=NAMES, rules=RULES)
    page = phone(browser)
    page.goto(f"{live_server.url}/m/{match.token}/")
    form = page.locator("#hand-form")
    shot(page, "coinche-empty")
    # Every chip of the bid row is a thumb's width on this phone.
    for chip in form.locator("fieldset.bid .chip span").all():
        box = chip.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44
    assert form.locator("fieldset.bid").bounding_box()["width"] <= 390
    solo = form.locator("[data-solo]")
    assert solo.is_hidden()

    form.locator("fieldset.takers").get_by_label("Alice", exact=True).check()
    form.locator("fieldset.bid").get_by_label("100", exact=True).check()
    form.locator("fieldset.suit").get_by_label("Cœur", exact=True).check()
    form.locator("fieldset.coinche").get_by_label("Coinchée", exact=True).check()
    form.locator("#id_points").fill("120")
    other = form.locator("[data-other-points]")
    assert other.inner_text() == "Alice & Claire 120 · Bob & Dan 42"
    hand = scoring.CoincheHand("A", 100, "hearts", "coinche", "A", 120)
    (result,) = scoring.score_match(RULES, [hand]).hands
    form.locator("#preview b", has_text=f"+{result.score.a}").wait_for()
    assert f"+{result.score.b}" in form.locator("#preview").inner_text()
    shot(page, "coinche-filled")
    form.get_by_role("button", name="Valider la donne").click()
    page.locator("#hand-1").wait_for()
    assert totals(page) == [str(result.score.a), str(result.score.b)]
    assert "Alice prend 100 ♥ coinché" in page.locator("#hand-1").inner_text()

    # A générale made capot: only then is "alone?" asked.
    form.locator("fieldset.takers").get_by_label("Bob", exact=True).check()
    form.locator("fieldset.bid").get_by_label("Générale", exact=True).check()
    assert solo.is_hidden()
    form.locator("fieldset.capot").get_by_label("Bob & Dan", exact=True).check()
    solo.wait_for(state="visible")
    form.locator("fieldset.solo").get_by_label("Oui, seul", exact=True).check()
    shot(page, "coinche-generale")
    form.get_by_role("button", name="Valider la donne").click()
    page.locator("#hand-2").wait_for()
    generale = scoring.CoincheHand("B", "generale", capot="B", solo=True)
    engine = scoring.score_match(RULES, [hand, generale])
    assert totals(page) == [str(engine.totals.a), str(engine.totals.b)]
    page.locator("#hand-2 summary").click()
    shot(page, "coinche-sheet", "#hands")
    assert CSP_PROBLEMS == []
