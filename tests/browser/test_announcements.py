"""Real browser: the announcement helper on a phone, with and without JavaScript.

Set ``ANNOUNCE_SCREENSHOTS`` to a folder to keep the 390x844 screenshots."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scoresheets.models import Hand
from tests.browser.phones import CSP_PROBLEMS, enter_hand, phone
from tests.factories import make_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def shot(page, name: str) -> None:
    folder = os.environ.get("ANNOUNCE_SCREENSHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=False)


def declare(page, name: str, kind: str, suit: str | None = None, card: str | None = None):
    """Tap one declaration of ``name`` in the helper: its kind, its card, and
    its suit only when given (behind its disclosure)."""
    line = page.get_by_role("group", name=f"Annonce 1 de {name}", exact=True).locator("xpath=..")
    line.locator(".ann-kinds").get_by_role("radio", name=kind, exact=True).click()
    if card:
        line.locator(".ann-cards").get_by_role("radio", name=card, exact=True).click()
    if suit:
        line.locator(".ann-suit > summary").click()
        line.locator(".ann-suits").get_by_role("radio", name=suit, exact=True).click()


def open_helper(page, javascript: bool = True) -> None:
    """Open the hand form's announcements and their helper: the page carries
    its disclosure only (issue 21); the script fetches it, and without one its
    button brings the page back with it open."""
    page.locator("details.more-announcements > summary").click()
    page.locator("details.ann-helper > summary").click()
    if not javascript:
        page.get_by_role("button", name="Afficher l'aide aux annonces").click()
    page.locator("details.ann-helper[open][data-ann-number]").wait_for()


def first_speaker(page):
    """The helper's player said to speak first (a locator of their name)."""
    return page.locator("fieldset.ann-player", has_text="parle en premier").locator(".ann-name")


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_the_helper_fills_the_announcements(live_server, browser, javascript):
    match = make_match(
        announcements=True, names=("Léa", "Marc", "Claire", "Dan"), first_dealer=4
    )  # Dan deals hand 1: Léa speaks first
    page = phone(browser, javascript)
    page.goto(f"{live_server.url}/m/{match.token}/")
    open_helper(page, javascript)
    page.locator("details.ann-helper").scroll_into_view_if_needed()
    declare(page, "Léa", "Carré", card="Valet")
    declare(page, "Marc", "Cinquante (50)", suit="♥ Cœur", card="10")
    declare(page, "Claire", "Tierce (20)", suit="♠ Pique", card="As")
    page.get_by_role("button", name="Comparer les annonces").click()
    result = page.locator("[data-ann-result]")
    result.wait_for()
    text = result.inner_text()
    assert "Carré de valets de Léa : 200, bat la cinquante de Marc." in text
    assert "+ la tierce de Claire (20)." in text
    assert page.locator("#id_ann_points").input_value() == "220"
    assert page.locator("#id_ann_team_0").is_checked()  # Léa & Claire
    result.scroll_into_view_if_needed()
    shot(page, f"helper-result-{'js' if javascript else 'nojs'}")
    assert Hand.objects.count() == 0
    if javascript:
        # The preview heard of the new points: it shows them once a taker is chosen.
        page.locator("fieldset.takers").get_by_label("Léa", exact=True).check()
        page.locator("#id_points").fill("100")
        page.locator("#preview .outcome").wait_for()
        page.get_by_role("button", name="Valider la donne").click()
        page.locator("#hand-1").wait_for()
        saved = Hand.objects.get()
        assert (saved.to_input().announcements.a, saved.to_input().announcements.b) == (220, 0)
    assert CSP_PROBLEMS == []


def test_the_helper_open_on_a_phone(live_server, browser):
    match = make_match(announcements=True, names=("Léa", "Marc", "Claire", "Dan"))
    page = phone(browser)
    page.goto(f"{live_server.url}/m/{match.token}/")
    open_helper(page)
    page.locator("details.ann-helper > summary").scroll_into_view_if_needed()
    page.mouse.wheel(0, 200)
    shot(page, "helper-open")
    # Every control of the helper is big enough for a thumb and inside the screen.
    controls = "details.ann-helper select, details.ann-helper button, details.ann-helper .chip"
    for control in page.locator(controls).all():
        if not control.is_visible():
            continue
        box = control.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44, control
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, control
    # Each chip's words stay clear of its border (issue 27, point 7:
    # "Cinquante (50)" touched both sides at 390 px).
    clearances = page.eval_on_selector_all(
        "details.ann-helper .ann-line .chip span",
        """spans => spans.filter((s) => s.offsetParent).map((span) => {
          const range = document.createRange();
          range.selectNodeContents(span);
          const text = range.getBoundingClientRect();
          const box = span.getBoundingClientRect();
          return [span.textContent, Math.min(text.left - box.left, box.right - text.right)];
        })""",
    )
    assert clearances and all(room >= 4 for _, room in clearances), clearances
    # An impossible declaration: the message, nothing saved, no reload.
    declare(page, "Marc", "Tierce (20)", suit="♥ Cœur", card="8")
    page.evaluate("window.sameDocument = true")
    page.get_by_role("button", name="Comparer les annonces").click()
    page.locator("details.ann-helper .errorlist li").first.wait_for()
    assert re.search("ne peut pas aller au 8", page.locator("details.ann-helper").inner_text())
    shot(page, "helper-error")
    assert page.evaluate("window.sameDocument === true")  # swapped in, not reloaded
    assert CSP_PROBLEMS == []


def test_the_calculator_helper_fills_the_points_and_the_result(live_server, browser):
    page = phone(browser)
    page.goto(f"{live_server.url}/calculateur/")
    page.locator("details.rules > summary").click()
    page.get_by_label("On joue les annonces", exact=False).check()
    page.locator("fieldset.takers").get_by_label("Nous", exact=True).check()
    page.locator("#id_points").fill("100")
    page.locator("details.ann-helper > summary").click()
    declare(page, "Joueur 2", "Cent (100)", suit="♣ Trèfle", card="Roi")
    page.get_by_role("button", name="Comparer les annonces").click()
    page.locator("[data-ann-result]").wait_for()
    assert page.locator("#id_ann_points").input_value() == "100"
    assert page.locator("#id_ann_team_1").is_checked()  # Joueur 2 plays for "Eux"
    # The calculator's result follows the new points (the engine, through htmx).
    page.locator("#calc-result .outcome").wait_for()
    page.locator("[data-ann-result]").scroll_into_view_if_needed()
    shot(page, "calculator-helper")
    assert CSP_PROBLEMS == []


def test_the_helper_names_the_first_speaker_of_the_hand_the_sheet_is_at(live_server, browser):
    """Issue 20: a phone that did not save the last hands showed the speaking
    order of when it last saved ("Hugo · parle en premier" on hand 6)."""
    match = make_match(
        announcements=True, names=("Léa", "Marc", "Claire", "Dan"), first_dealer=4
    )  # Dan deals hand 1: Léa speaks first, then Marc on hand 2, Claire on hand 3
    saver, watcher = phone(browser), phone(browser)
    for page in (saver, watcher):
        page.goto(f"{live_server.url}/m/{match.token}/")
    open_helper(watcher)
    expect(first_speaker(watcher)).to_have_text("Léa")
    enter_hand(saver, taker="Léa", points=100)
    # The watcher's poll brings hand 1: its helper follows the next hand.
    expect(watcher.locator("#hand-1")).to_be_visible()
    expect(first_speaker(watcher)).to_have_text("Marc")
    expect(watcher.locator("details.ann-helper")).to_have_attribute("open", "")
    # Closed and opened again after another hand: still the current one.
    watcher.locator("details.ann-helper > summary").click()
    saver.locator("#hand-1").wait_for()
    enter_hand(saver, taker="Marc", points=100)
    expect(watcher.locator("#hand-2")).to_be_visible()
    watcher.locator("details.ann-helper > summary").click()
    expect(first_speaker(watcher)).to_have_text("Claire")
    assert CSP_PROBLEMS == []


def test_the_trials_four_declarations_take_eleven_taps(live_server, browser):
    """Issue 20: the trial's hand of four declarations cost 25 taps with the
    three selects of each (two taps a select: open, pick; counted the same
    way on the page before the chips): now the kind then the top card, the
    suits left out since none decides."""
    match = make_match(announcements=True, names=("Léa", "Marc", "Claire", "Dan"), first_dealer=4)
    page = phone(browser)
    page.goto(f"{live_server.url}/m/{match.token}/")
    taps = []

    def tap(locator) -> None:
        locator.click()
        taps.append(locator)

    tap(page.locator("details.more-announcements > summary"))
    tap(page.locator("details.ann-helper > summary"))
    for name, kind, card in (
        ("Léa", "Carré", "Valet"),
        ("Marc", "Cinquante (50)", "10"),
        ("Claire", "Tierce (20)", "As"),
        ("Dan", "Tierce (20)", "9"),
    ):
        kinds = page.get_by_role("group", name=f"Annonce 1 de {name}", exact=True)
        line = kinds.locator("xpath=..")
        tap(line.locator(".ann-kinds").get_by_role("radio", name=kind, exact=True))
        tap(line.locator(".ann-cards").get_by_role("radio", name=card, exact=True))
    tap(page.get_by_role("button", name="Comparer les annonces"))
    result = page.locator("[data-ann-result]")
    expect(result).to_contain_text("Carré de valets de Léa : 200, bat la cinquante de Marc.")
    expect(result).to_contain_text("+ la tierce de Claire (20).")
    assert page.locator("#id_ann_points").input_value() == "220"
    assert len(taps) == 11  # 25 before
    assert CSP_PROBLEMS == []


def test_a_declaration_with_the_keyboard(live_server, browser):
    match = make_match(announcements=True, names=("Léa", "Marc", "Claire", "Dan"), first_dealer=4)
    page = phone(browser)
    page.goto(f"{live_server.url}/m/{match.token}/")
    open_helper(page)
    kinds = page.get_by_role("group", name="Annonce 1 de Léa", exact=True)
    kinds.get_by_role("radio", name="Rien").focus()
    for _ in range(4):  # Rien, Tierce, Cinquante, Cent, Carré
        page.keyboard.press("ArrowRight")
    expect(kinds.get_by_role("radio", name="Carré")).to_be_checked()
    page.keyboard.press("Tab")  # into the cards, shown now
    page.keyboard.press("Space")  # the 7
    for _ in range(4):  # 7, 8, 9, 10, Valet
        page.keyboard.press("ArrowRight")
    line = kinds.locator("xpath=..")
    expect(line.locator(".ann-cards").get_by_role("radio", name="Valet")).to_be_checked()
    page.get_by_role("button", name="Comparer les annonces").focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-ann-result]")).to_contain_text("Carré de valets de Léa : 200")
    assert page.locator("#id_ann_points").input_value() == "200"
    assert CSP_PROBLEMS == []
