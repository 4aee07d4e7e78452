"""A hand typed in before a reload comes back (nothing typed is lost)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.phones import CSP_PROBLEMS, enter_hand, phone
from tests.factories import hand, make_match, play


def test_a_hand_typed_before_a_reload_comes_back_and_goes_once_saved(live_server, browser):
    # A newcomer's trial: reloading in the middle of typing a hand lost the
    # taker and the points already typed.
    match = play(make_match(), hand("A", 100))
    page = phone(browser)
    page.goto(f"{live_server.url}/m/{match.token}/")
    form = page.locator("#hand-form")
    form.locator("fieldset.takers").get_by_label("Bob", exact=True).check()
    form.locator("#id_points").fill("95")
    form.locator("fieldset.capot").get_by_label("Aucun", exact=True).wait_for()
    page.reload()
    expect(form.locator("fieldset.takers").get_by_label("Bob", exact=True)).to_be_checked()
    expect(form.locator("#id_points")).to_have_value("95")
    expect(page.locator("#preview .outcome-scores")).to_contain_text("+95")  # previewed again
    # Saved: the next hand's form starts empty, after a reload too.
    form.get_by_role("button", name="Valider la donne").click()
    expect(page.locator("#hand-2")).to_be_visible()
    page.reload()
    expect(form.locator("#id_points")).to_have_value("")
    expect(form.locator('fieldset.takers input[name="taker"]:checked')).to_have_count(0)
    # A draft of a hand another phone saved meanwhile is not put back.
    form.locator("fieldset.takers").get_by_label("Alice", exact=True).check()
    form.locator("#id_points").fill("120")
    play(match, hand("B", 90))
    page.reload()
    expect(page.locator("#hand-3")).to_be_visible()
    expect(form.locator("#id_points")).to_have_value("")
    enter_hand(page, taker="Claire", points=100)
    expect(page.locator("#hand-4")).to_be_visible()
    assert CSP_PROBLEMS == []
