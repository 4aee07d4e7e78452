"""Real browser: where the sheet comes to rest after a save, under the undo
bar (a layout check, run on the embedded database only: it does not depend
on the database, unlike tests/browser/test_undo.py's, which run on both)."""

from __future__ import annotations

import pytest

from tests.browser.phones import SCROLLS_RECORDED, phone, wait_until_still
from tests.browser.test_conflicts import elsewhere
from tests.browser.test_undo import name_phone, type_hand
from tests.factories import make_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_after_a_save_the_totals_are_on_screen_below_the_undo_bar(live_server, browser):
    """Review (newcomer): the phone that saved stayed scrolled down its form,
    the new totals out of sight; a corrected hand came to rest under the bar."""
    match = elsewhere(make_match)
    page = phone(browser)
    page.add_init_script(SCROLLS_RECORDED)
    page.emulate_media(reduced_motion="reduce")  # no smooth scroll to wait for
    page.goto(f"{live_server.url}/m/{match.token}/")
    type_hand(page, taker="Alice", points=100)
    page.locator("#hand-form").get_by_role("button", name="Valider la donne").click()
    page.locator("#hand-1").wait_for()
    bar = page.locator("#undo-bar")
    bar.get_by_role("button", name="Annuler").wait_for()
    # The scroll to the totals comes after the swap, and the bar sticks only
    # once the focus has left the form (`body:has(.hand-form:focus-within)`
    # keeps it in the flow): wait for the totals scrolled to the top with
    # the bar stuck, measured in that one frame. (Measured in two steps, a
    # wait then three bounding boxes read after it, it failed once in a
    # loaded run: the wait could hold in a frame where the bar was still in
    # the flow, and the boxes be read in another.)
    # At rest: the same place five frames in a row (a run under load measured
    # a frame of the scroll back, the totals under the bar for the ~80 ms
    # docs/sync.md tells of).
    rest = page.wait_for_function(
        """() => {
            const bar = document.querySelector("#undo-bar");
            if (getComputedStyle(bar).position !== "sticky") return null;
            const board = document.querySelector("#scoreboard").getBoundingClientRect();
            const bottom = bar.getBoundingClientRect().bottom;
            const place = `${board.top} ${bottom}`;
            window.restFrames = place === window.restPlace ? window.restFrames + 1 : 0;
            window.restPlace = place;
            // Scrolled to the totals: at the top of the screen, in sight.
            const seen = board.top < innerHeight / 3 && window.restFrames >= 5;
            return seen ? {board: board.top, bar: bottom} : null;
        }"""
    ).json_value()
    # Below the bar, never under it. (Seen once under it at rest, in a bare
    # clone's `make test`: board -0.4 px, bar 65.4 px; the message says what
    # each scroll into view met.)
    assert rest["board"] >= rest["bar"] - 1, (rest, page.evaluate("() => window.rebeloteScrolls"))
    page.context.close()


# The page's confirmation timer (static/js/app.js, 5 s) held by the test, to
# be fired at the moment it chooses: ``window.heldConfirmations``.
_HELD_CONFIRMATION = """(() => {
    const later = window.setTimeout;
    window.heldConfirmations = [];
    window.setTimeout = function (callback, delay, ...args) {
        if (delay === 5000) { window.heldConfirmations.push(callback); return 0; }
        return later.call(window, callback, delay, ...args);
    };
})();"""


def test_a_confirmation_leaving_during_a_scroll_moves_nothing_it_brings_into_view(
    live_server, browser
):
    """Seen in the tier (stop 43): the conflict panel rested 71 px above the
    screen, out of view. Its smooth scroll had started with the phone's
    "named" confirmation at the top of the page (83 px); that confirmation
    left (5 s after the page loaded) during the scroll, so everything moved
    up under a scroll whose end was already set."""
    match = elsewhere(make_match)
    page = phone(browser)
    page.add_init_script(_HELD_CONFIRMATION)
    page.goto(f"{live_server.url}/m/{match.token}/")
    name_phone(page, "Léa")
    page.locator(".messages .message-success").wait_for()
    page.evaluate("() => scrollTo(0, document.body.scrollHeight)")  # the finger at the bottom
    # A smooth scroll to the form, as to a conflict panel; the confirmation's
    # time comes once it has begun.
    page.evaluate(
        """async () => {
            document.getElementById("hand-form").scrollIntoView(
                {block: "start", behavior: "smooth"});
            await new Promise((moved) => addEventListener("scroll", moved, {once: true}));
            window.heldConfirmations.forEach((leave) => leave());
        }"""
    )
    page.locator(".messages").wait_for(state="detached")  # it did leave
    wait_until_still(page)
    top, margin = page.evaluate(
        """() => {
            const form = document.getElementById("hand-form");
            const margin = parseFloat(getComputedStyle(form).scrollMarginTop);
            return [form.getBoundingClientRect().top, margin];
        }"""
    )
    assert abs(top - margin) <= 1, (top, margin)
    page.context.close()


def test_another_requests_answer_during_a_save_leaves_the_totals_below_the_bar(
    live_server, browser
):
    """Seen in the tier (stop 43): the totals at rest under the undo bar.
    The one scroll after a save was made by the first answer settled after
    the save was sent, which was not always the save's (a preview answered
    meanwhile): the scroll came before the save's answer, the bar still
    empty (no margin), and the bar that came with the answer covered them."""
    match = elsewhere(make_match)
    page = phone(browser)
    page.add_init_script(SCROLLS_RECORDED)
    page.emulate_media(reduced_motion="reduce")
    page.goto(f"{live_server.url}/m/{match.token}/")
    held = []
    page.route("**/donnes/", lambda route: held.append(route))
    type_hand(page, taker="Alice", points=100)
    with page.expect_request("**/donnes/"):  # the save sent, its answer held
        page.locator("#hand-form").get_by_role("button", name="Valider la donne").click()
    # Another request's answer settles meanwhile (as a preview's would).
    page.evaluate(
        """() => {
            const preview = document.getElementById("preview");
            document.dispatchEvent(new CustomEvent("htmx:afterSettle",
                {detail: {elt: preview, xhr: {status: 200}}}));
        }"""
    )
    while not held:  # Playwright's events pumped until the route has it
        page.evaluate("() => 0")
    held[0].continue_()
    page.locator("#hand-1").wait_for()
    page.locator("#undo-bar").get_by_role("button", name="Annuler").wait_for()
    wait_until_still(page)
    board, bar, position = page.evaluate(
        """() => {
            const bar = document.querySelector("#undo-bar");
            return [document.querySelector("#scoreboard").getBoundingClientRect().top,
                    bar.getBoundingClientRect().bottom, getComputedStyle(bar).position];
        }"""
    )
    assert position == "sticky"
    assert board >= bar - 1, (board, bar, page.evaluate("() => window.rebeloteScrolls"))
    page.context.close()
