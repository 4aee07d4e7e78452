"""The preview under the hand form follows what is typed, on a slow network."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.phones import CSP_PROBLEMS, phone
from tests.factories import make_match


def test_what_is_typed_while_a_preview_is_on_its_way_is_previewed_too(live_server, browser):
    # Found by a make test under load: a preview asked while another is in
    # flight is dropped (hx-sync "abort": a preview never aborts the save),
    # so points typed while the first preview (the taker alone) travelled
    # were never previewed. Now the form as it is once that one is back is
    # previewed again. The first preview is held until the points are typed.
    match = make_match()
    page = phone(browser)
    held, release = [], []

    def hold_the_first(route):
        if release:
            route.continue_()
        else:
            held.append(route)

    page.route("**/apercu/", hold_the_first)
    page.goto(f"{live_server.url}/m/{match.token}/")
    page.evaluate(
        """() => { window.asked = 0; document.addEventListener("htmx:confirm",
            (e) => { if (e.target.id === "preview") window.asked++; }); }"""
    )
    form = page.locator("#hand-form")
    form.locator("fieldset.takers").get_by_label("Bob", exact=True).check()
    page.wait_for_function("() => window.asked >= 1")  # after its delay
    for _ in range(200):  # until the route handler has run (each call lets it run)
        if held:
            break
        page.evaluate("() => 0")
    assert len(held) == 1
    form.locator("#id_points").fill("95")
    page.wait_for_function("() => window.asked >= 2")  # asked while the first travels
    release.append(True)
    held[0].continue_()
    expect(page.locator("#preview .outcome-scores")).to_contain_text("+95")
    assert CSP_PROBLEMS == []
