"""Real browser: the new-match page's game choice (new_match.js): choosing
Coinche shows only coinche's presets and rules, a preset fills them, and the
match is created as coinche."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scoresheets.games.registry import GAMES
from tests.browser.phones import CSP_PROBLEMS, phone, wait_until_still

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_choosing_coinche_shows_its_presets_and_rules_only(live_server, browser):
    page = phone(browser)
    page.goto(f"{live_server.url}/nouvelle/")
    belote = page.locator('[data-game-rules="belote"]')
    coinche = page.locator('[data-game-rules="coinche"]')
    assert belote.is_visible() and not coinche.is_visible()
    # Without the script this hint says the other game's rules are ignored.
    assert not page.locator(".game-choice .hint").is_visible()

    page.locator(".game-choice").get_by_label("Coinche", exact=True).check()
    assert coinche.is_visible() and not belote.is_visible()
    coinche.locator("label.preset", has_text="Entre amis").click()
    coinche.locator("details summary").click()
    assert page.locator('input[name="coinche-coinche_score"][value="total"]').is_checked()
    assert page.locator('input[name="coinche-rounding"][value="none"]').is_checked()
    assert page.locator("#id_coinche-target").input_value() == "2000"
    coinche.get_by_role("button", name="3000").click()
    assert page.locator("#id_coinche-target").input_value() == "3000"
    assert page.locator("#id_target").input_value() == "1000"  # belote's own target

    page.locator(".game-choice").get_by_label("Belote", exact=True).check()
    assert belote.is_visible() and not coinche.is_visible()
    page.locator(".game-choice").get_by_label("Coinche", exact=True).check()

    for seat, name in enumerate(["Alice", "Bob", "Claire", "Dan"], start=1):
        page.locator(f"#id_player_{seat}").fill(name)
    page.get_by_role("button", name="Commencer la partie").click()
    page.wait_for_url(re.compile(r"/m/[\w-]+/$"))
    assert page.locator("#scoreboard .game").inner_text() == "Coinche"
    assert "Objectif 3000" in page.locator("#scoreboard .target").inner_text()
    rules = page.locator(".match-rules")
    rules.locator("summary").click()
    text = rules.inner_text()
    # Entre amis with the target changed: custom rules, doubling the total.
    assert "Règles personnalisées" in text and "Le total du preneur × 2" in text
    assert CSP_PROBLEMS == []


def _start_button_top(page) -> float:
    return page.get_by_role("button", name="Commencer la partie").bounding_box()["y"]


def test_the_seat_radios_are_44px_targets_themselves(live_server, browser):
    """Issue 20 (the web's yardsticks): the "distribue en premier" radios were
    squeezed to 16 px wide by their row; each is a 44 x 44 px target itself."""
    page = phone(browser)
    page.goto(f"{live_server.url}/nouvelle/")
    boxes = [r.bounding_box() for r in page.locator(".seat .deals input[type=radio]").all()]
    assert len(boxes) == 4
    assert [
        (round(b["width"]), round(b["height"])) for b in boxes if min(b["width"], b["height"]) < 44
    ] == []


def test_the_start_button_is_in_reach_on_a_small_phone(live_server, browser):
    """Issue 20, item 10: "Commencer la partie" was 2.6 screens down on a
    360 x 640 phone (y 1674 px). It stays in sight at the bottom of the screen
    while the form is scrolled, and in its place at the form's end."""
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="fr-FR")
    page = context.new_page()
    page.goto(f"{live_server.url}/nouvelle/")
    button = page.get_by_role("button", name="Commencer la partie")
    top = _start_button_top(page)
    assert top + button.bounding_box()["height"] <= 640, top
    for seat in (1, 2, 3, 4):  # a field typed in is never hidden under it
        field = page.locator(f"#id_player_{seat}")
        field.fill(f"Joueur{seat}")
        box = field.bounding_box()
        assert box["y"] + box["height"] <= _start_button_top(page), seat
    context.close()


def test_the_concours_preset_fills_12_donnes_and_another_preset_empties_it(live_server, browser):
    """The rule donnes on the new-match page (docs/match-document.md): the
    preset "Concours (12 donnes)" fills the field, "Belote classique" empties
    it (a match to its target), and the match is created in 12 donnes."""
    page = phone(browser)
    page.goto(f"{live_server.url}/nouvelle/")
    belote = page.locator('[data-game-rules="belote"]')
    donnes = page.locator("#id_donnes")
    belote.locator("label.preset", has_text="Concours (12 donnes)").click()
    belote.locator("details summary").click()
    assert donnes.input_value() == "12"
    assert not page.locator('input[name="announcements"]').is_checked()
    belote.locator("label.preset", has_text="Belote classique").click()
    assert donnes.input_value() == ""
    belote.locator("label.preset", has_text="Concours (12 donnes)").click()

    for seat, name in enumerate(["Alice", "Bob", "Claire", "Dan"], start=1):
        page.locator(f"#id_player_{seat}").fill(name)
    page.get_by_role("button", name="Commencer la partie").click()
    page.wait_for_url(re.compile(r"/m/[\w-]+/$"))
    assert page.locator("#scoreboard .target").inner_text().count("Donnes jouées : 0 / 12") == 1
    rules = page.locator(".match-rules")
    rules.locator("summary").click()
    text = rules.inner_text()
    assert "Concours (12 donnes)" in text and "12 donnes" in text
    assert CSP_PROBLEMS == []


@pytest.mark.parametrize("width", [360, 390])
def test_the_new_match_page_never_scrolls_sideways(live_server, browser, width):
    # Issue 27, point 7: the sticky start bar's margin (-1rem) outgrew the
    # page's padding (0.75rem): the page scrolled 4 px sideways at 390 px.
    page = phone(browser)
    page.set_viewport_size({"width": width, "height": 844})
    page.goto(f"{live_server.url}/nouvelle/")
    page.locator(".start-bar").wait_for()
    overflow = page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow == 0
    bar = page.locator(".start-bar").bounding_box()
    assert bar["x"] >= 0 and bar["x"] + bar["width"] <= width
    assert CSP_PROBLEMS == []
    page.context.close()


WIDE = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


@pytest.mark.parametrize("width", [360, 390])
def test_belote_for_three_and_two_ask_their_players_names_only(live_server, browser, width):
    """Issue 29: choosing belote for three asks three names, for two two,
    and no team names; their rules only; the seats' "distribue en premier"
    go as far as the players; back to belote, four seats and the teams. At
    360 and 390 px nothing goes sideways; the page with belote for three
    chosen and its rules open passes axe, every target 44 px."""
    from axe_playwright_python.sync_playwright import Axe

    from tests.browser.test_targets import SMALL_TARGETS

    page = phone(browser)
    page.set_viewport_size({"width": width, "height": 844})
    page.goto(f"{live_server.url}/nouvelle/")
    choice = page.locator(".game-choice")
    seats = [page.locator(f"#id_player_{seat}") for seat in (1, 2, 3, 4)]
    teams = page.locator("[data-for-teams]")

    def shows(players: int, game: str) -> None:
        for field in seats[:players]:
            expect(field).to_be_visible()
        for field in seats[players:]:
            expect(field).to_be_hidden()
        for fieldset in teams.all():
            if players < 4:
                expect(fieldset).to_be_hidden()
            else:
                expect(fieldset).to_be_visible()
        expect(page.locator(f'[data-game-rules="{game}"]')).to_be_visible()
        expect(page.locator("[data-game-rules]:visible")).to_have_count(1)
        assert page.evaluate(WIDE) <= 0, game

    choice.get_by_label("Belote à trois", exact=True).check()
    shows(3, "belote3")
    page.locator('[data-game-rules="belote3"] details summary').click()
    assert page.evaluate(WIDE) <= 0
    assert page.evaluate(SMALL_TARGETS) == []
    found = Axe().run(page).response["violations"]
    assert [(v["id"], [n["target"] for n in v["nodes"]][:5]) for v in found] == []
    choice.get_by_label("Belote à deux", exact=True).check()
    shows(2, "belote2")
    choice.get_by_label("Belote", exact=True).check()
    shows(4, "belote")

    # Belote for two started with two names: each player his own total.
    choice.get_by_label("Belote à deux", exact=True).check()
    seats[0].fill("Anne")
    seats[1].fill("Bruno")
    page.get_by_role("button", name="Commencer la partie").click()
    page.wait_for_url(re.compile(r"/m/[\w-]+/$"))
    expect(page.locator("#scoreboard .total-name")).to_have_text(["Anne", "Bruno"])
    assert page.locator("#scoreboard .game").inner_text() == "Belote à deux"
    assert CSP_PROBLEMS == []


# The target's whole field (its label, the input and the usual targets'
# chips under it) and the start bar's top, in the screen's pixels.
FIELD_AND_BAR = """(id) => {
    const field = document.getElementById(id).closest(".field").getBoundingClientRect();
    const bar = document.querySelector(".start-bar").getBoundingClientRect();
    return {bottom: field.bottom, barTop: bar.top};
}"""
# Scroll so that the target's input sits just above the start bar, its usual
# targets' chips under the bar: where a phone leaves a field it scrolled to.
INPUT_ABOVE_BAR = """(id) => {
    const input = document.getElementById(id).getBoundingClientRect();
    const bar = document.querySelector(".start-bar").getBoundingClientRect();
    window.scrollBy(0, input.bottom - (bar.top - 4));
}"""


@pytest.mark.parametrize("name", list(GAMES))
def test_the_target_field_focused_is_whole_above_the_start_bar(live_server, browser, name):
    """The sticky start bar hid the bottom of the target's field (its usual
    targets, 1000 / 1500 / 2500) when the field was focused or brought into
    view at 390 x 844 (the jass page first): focused where its input shows
    just above the bar, or scrolled to its nearest edge as a phone does when
    its keyboard opens, the whole field ends above the bar, at every game."""
    page = phone(browser)
    page.goto(f"{live_server.url}/nouvelle/")
    page.locator(f'.game-choice input[value="{name}"]').check()
    page.locator(f'[data-game-rules="{name}"] details summary').click()
    prefix = GAMES[name].form_prefix
    target = f"id_{prefix}-target" if prefix else "id_target"
    expect(page.locator(f"#{target}")).to_be_visible()

    page.evaluate(INPUT_ABOVE_BAR, target)
    wait_until_still(page)
    page.locator(f"#{target}").focus()
    wait_until_still(page)
    seen = page.evaluate(FIELD_AND_BAR, target)
    assert seen["bottom"] <= seen["barTop"], ("focused", seen)

    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    wait_until_still(page)
    page.evaluate("(id) => document.getElementById(id).scrollIntoView({block: 'nearest'})", target)
    wait_until_still(page)
    seen = page.evaluate(FIELD_AND_BAR, target)
    assert seen["bottom"] <= seen["barTop"], ("scrolled to", seen)
    assert CSP_PROBLEMS == []
    page.context.close()
