"""Real browser, a 390x844 phone: the one-screen hand entry (issue 11).

The phone's keyboard is simulated by shrinking the viewport to 390x500 once
the points field has the focus, which is what a phone does to a page that
asks for it (base.html's viewport: interactive-widget=resizes-content; the
keyboard takes about 344 px of an 844 px screen). The points field, the
preview with both scores and the submit button must then be seen together.
Set ``ONE_SCREEN_SHOTS=dir`` to keep the screenshots.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scoresheets import scoring
from scoresheets.games.belote3.engine import Belote3Hand, Belote3Rules
from scoresheets.matches import services
from scoresheets.matches.scoresheet import match_get_scoresheet
from scoresheets.models import Hand
from scoresheets.scoring.kernel import Scores
from tests.browser.phones import CSP_PROBLEMS, phone, wait_until_still
from tests.factories import NAMES, hand, make_match, play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

KEYBOARD_OPEN = {"width": 390, "height": 500}
WIDE = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


def shot(page, name: str) -> None:
    folder = os.environ.get("ONE_SCREEN_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def on_screen(page, selector: str) -> dict:
    """The box of ``selector`` and whether it lies wholly inside the viewport."""
    return page.locator(selector).first.evaluate(
        """el => {
            const box = el.getBoundingClientRect();
            return {top: box.top, bottom: box.bottom, height: box.height,
                    inside: box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight};
        }"""
    )


def type_points_with_the_keyboard_open(page, points: int) -> None:
    page.locator("#id_points").click()  # the keyboard opens: the viewport shrinks
    page.set_viewport_size(KEYBOARD_OPEN)
    page.keyboard.type(str(points))


def assert_one_screen(page) -> None:
    field, preview = on_screen(page, "#id_points"), on_screen(page, "#preview")
    button = on_screen(page, ".entry-bar button.button-primary")
    bar = on_screen(page, ".entry-bar")
    assert field["inside"], field
    assert preview["inside"], preview
    assert button["inside"], button
    # The field is not hidden behind the bar stuck to the bottom.
    assert field["bottom"] <= bar["top"], (field, bar)
    assert page.evaluate("window.innerHeight") == KEYBOARD_OPEN["height"]


def test_a_belote_hand_on_one_screen_with_the_keyboard_open(live_server, browser):
    match = make_match(announcements=True, names=("Léa", "Marc", "Zoé", "Hugo"))
    page = phone(browser)
    page.goto(f"{live_server.url}/m/{match.token}/")
    page.locator("fieldset.takers").get_by_label("Léa", exact=True).check()
    type_points_with_the_keyboard_open(page, 102)
    (result,) = scoring.score_match(
        match.rules, [scoring.HandInput("A", trick_points=102, points_team="A")]
    ).hands
    page.locator("#preview b", has_text=f"+{result.score.a}").wait_for()
    preview = page.locator("#preview").inner_text()
    assert f"Léa & Zoé +{result.score.a}" in preview and f"Marc & Hugo +{result.score.b}" in preview
    wait_until_still(page)  # the smooth scroll, if any, has ended
    assert_one_screen(page)
    shot(page, "belote-keyboard")
    page.locator(".entry-bar").get_by_role("button", name="Valider la donne").click()
    page.locator("#hand-1").wait_for()
    saved = Hand.objects.get()
    assert (saved.taker_seat, saved.to_input().trick_points) == (1, 102)
    assert CSP_PROBLEMS == []


def test_a_coinched_contract_on_one_screen_with_the_keyboard_open(live_server, browser):
    rules = scoring.CoincheRules(target=2000)
    match = services.match_create(names=NAMES, rules=rules)
    page = phone(browser)
    page.goto(f"{live_server.url}/m/{match.token}/")
    form = page.locator("#hand-form")
    form.locator("fieldset.takers").get_by_label("Alice", exact=True).check()
    form.locator("fieldset.bid").get_by_label("100", exact=True).check()
    form.locator("fieldset.coinche").get_by_label("Coinchée", exact=True).check()
    type_points_with_the_keyboard_open(page, 120)
    hand = scoring.CoincheHand("A", 100, None, "coinche", "A", 120)
    (result,) = scoring.score_match(rules, [hand]).hands
    page.locator("#preview b", has_text=f"+{result.score.a}").wait_for()
    assert f"Bob & Dan +{result.score.b}" in page.locator("#preview").inner_text()
    wait_until_still(page)
    assert_one_screen(page)
    shot(page, "coinche-keyboard")
    page.locator(".entry-bar").get_by_role("button", name="Valider la donne").click()
    page.locator("#hand-1").wait_for()
    assert page.locator("#scoreboard .total-points").first.inner_text().strip() == str(
        result.score.a
    )
    assert CSP_PROBLEMS == []


def test_valider_stays_under_the_thumb_when_the_preview_grows(live_server, browser):
    """The bar stuck to the bottom grows upwards with its preview (a note
    that the hand ends the match, "Calculé sur ce téléphone"...); "Valider"
    stays where it was, at the bar's foot: a tap aimed at it as the preview
    arrives must not land on the preview's text instead (seen: a kept hand
    offline, its tap lost as the phone's own preview grew the bar)."""
    match = play(make_match(target=300), hand("A", 100), hand("B", 90))
    live = [h.to_input() for h in match_get_scoresheet(match).hands]
    short, ending = hand("A", 100), hand("A", 160)
    assert not scoring.score_match(match.rules, [*live, short]).finished
    assert scoring.score_match(match.rules, [*live, ending]).finished
    page = phone(browser)
    page.goto(f"{live_server.url}/m/{match.token}/")
    page.locator("fieldset.takers").get_by_label("Alice", exact=True).check()
    page.locator("#id_points").fill("100")
    page.locator("#preview .outcome-scores").wait_for()
    wait_until_still(page)
    bar, button = on_screen(page, ".entry-bar"), on_screen(page, ".entry-bar .button-primary")
    assert bar["bottom"] == page.evaluate("window.innerHeight")  # stuck to the bottom
    page.locator("#id_points").fill("160")
    page.locator("#preview", has_text="Cette donne termine la partie").wait_for()
    wait_until_still(page)
    grown = on_screen(page, ".entry-bar")
    assert grown["height"] > bar["height"]  # the preview grew the bar
    assert on_screen(page, ".entry-bar .button-primary") == button
    assert CSP_PROBLEMS == []


def test_the_litige_is_one_tap_and_enter_saves_the_hand_not_a_redeal(live_server, browser):
    match = make_match()
    page = phone(browser)
    page.goto(f"{live_server.url}/m/{match.token}/")
    page.locator("fieldset.takers").get_by_label("Alice", exact=True).check()
    page.locator("[data-set-points]").click()
    assert page.locator("#id_points").input_value() == "81"
    page.locator("#preview .outcome-litige").wait_for()
    page.locator("#id_points").press("Enter")  # the keyboard's "done"
    page.locator("#hand-1").wait_for()
    saved = Hand.objects.get()
    assert (saved.taker_seat, saved.to_input().trick_points) == (1, 81)
    assert CSP_PROBLEMS == []


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_a_redeal_needs_its_confirmation(live_server, browser, javascript):
    match = make_match()
    page = phone(browser, javascript)
    page.goto(f"{live_server.url}/m/{match.token}/")
    form = page.locator("#hand-form")
    form.locator("fieldset.takers").get_by_label("Bob", exact=True).check()
    form.locator("#id_points").fill("90")
    confirm = form.get_by_role("button", name="Confirmer : tout le monde passe")
    assert not confirm.is_visible()
    # The first tap only asks: nothing saved, the typed hand is still there.
    form.locator("details.redeal > summary").click()
    confirm.wait_for()
    # (A save sent by that tap would also show at the end: Hand.objects.get()
    # below finds exactly one hand, the confirmed redeal.)
    assert Hand.objects.count() == 0
    assert form.locator("#id_points").input_value() == "90"
    if javascript:
        form.locator("details.redeal").get_by_role("button", name="Annuler").click()
        assert not confirm.is_visible()
        assert Hand.objects.count() == 0
        form.locator("details.redeal > summary").click()
    shot(page, f"redeal-{'js' if javascript else 'no-js'}")
    confirm.click()
    page.locator("#hand-1").wait_for()
    saved = Hand.objects.get()
    assert saved.taker_seat is None and saved.to_input().trick_points is None
    assert "passe" in page.locator("#hand-1").inner_text()
    assert CSP_PROBLEMS == []


THREE = ("Anne", "Bruno", "Chloé")


def test_a_belote3_hand_on_one_screen_with_the_keyboard_open(live_server, browser):
    """Belote for three: two players' points typed with the keyboard open
    (the "next" key between them), the third's shown as the rest of 162;
    the fields, the rest, the preview and "Valider" seen together."""
    rules = Belote3Rules(announcements=True)
    match = services.match_create(names=THREE, rules=rules, preset="custom")
    page = phone(browser)
    page.goto(f"{live_server.url}/m/{match.token}/")
    form = page.locator("#hand-form")
    form.locator("fieldset.takers").get_by_label("Anne", exact=True).check()
    page.locator("#id_points_a").click()
    page.set_viewport_size(KEYBOARD_OPEN)
    page.keyboard.type("70")
    page.keyboard.press("Tab")  # the keyboard's "next"
    page.keyboard.type("50")
    expect(form.locator("[data-derived-points]")).to_have_text("42")
    hand = Belote3Hand("A", Scores({"A": 70, "B": 50}))
    (result,) = scoring.score_match(rules, [hand]).hands
    page.locator("#preview b", has_text=f"+{result.score['A']}").wait_for()
    wait_until_still(page)
    for selector in ("#id_points_a", "#id_points_b", "[data-derived-points]"):
        box = on_screen(page, selector)
        assert box["inside"], (selector, box)
        assert box["bottom"] <= on_screen(page, ".entry-bar")["top"], selector
    assert on_screen(page, "#preview")["inside"]
    assert on_screen(page, ".entry-bar button.button-primary")["inside"]
    assert page.evaluate(WIDE) <= 0
    shot(page, "belote3-keyboard")
    page.locator(".entry-bar").get_by_role("button", name="Valider la donne").click()
    page.locator("#hand-1").wait_for()
    expect(page.locator("#scoreboard .total-points")).to_have_text(["70", "50", "42"])
    assert CSP_PROBLEMS == []


def test_the_three_column_sheet_fits_a_phone_past_1000(live_server, browser):
    """Belote for three's sheet at 390x844, totals of four digits: each
    total on one line (not "50" over "8" as first drawn), the three columns
    of the hands in sight, nothing sideways."""
    match = services.match_create(names=THREE, rules=Belote3Rules(target=2000), preset="custom")
    capot = [Belote3Hand(taker, capot=taker, belote=taker) for taker in "AAAABBBBC"]
    for one in (*capot, Belote3Hand("B", Scores({"A": 62, "B": 100}))):
        services.hand_record(match=match, hand=one)
    page = phone(browser)
    page.goto(f"{live_server.url}/m/{match.token}/")
    expect(page.locator("#scoreboard .total-points")).to_have_text(["1150", "1188", "272"])
    for total in page.locator("#scoreboard .total-points").all():
        lines = total.evaluate(
            "el => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)"
        )
        assert lines < 1.5, total.inner_text()
    for score in page.locator("#hand-9 .hand-score").all():
        assert score.evaluate("el => el.scrollWidth <= el.clientWidth"), score.inner_text()
    assert page.evaluate(WIDE) <= 0
    page.locator("#scoreboard").evaluate("(el) => window.scrollTo(0, el.offsetTop - 8)")
    shot(page, "belote3-sheet")
    assert CSP_PROBLEMS == []
