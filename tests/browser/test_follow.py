"""No phone ever stops following (issue 27, point 1): whatever became of this
phone's own requests (sent, refused, aborted, never sent, kept offline), a
hand saved on another phone reaches it by the stream.

Regression: a hand typed offline fired the preview request, which scores.js
cancels (no network: the phone previews it itself); poll.js had counted it as
a save in flight and counted it down only when it ended, which a cancelled
request never does, so every later version the stream told was left for
"the save's answer" that never came: the phone froze on old scores, with no
banner, until a reload.

Polls are minutes apart here (``NO_POLLS``): only the stream and the
catch-up it triggers can bring another phone's hand within a test."""

from __future__ import annotations

import contextlib
import re

import pytest
from playwright.sync_api import expect

from scoresheets.matches import services
from scoresheets.matches.scoresheet import match_get_scoresheet
from scoresheets.models import Match
from tests.browser.phones import CSP_PROBLEMS, enter_hand
from tests.browser.test_offline import _context, _open_offline_ready, _page, set_network
from tests.browser.test_push import NO_POLLS
from tests.factories import hand, make_match, play

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
]


def _other_phone_saves(match, taker: str = "B", points: int = 90) -> int:
    """Another phone of the table saves the next hand; its number."""
    match = Match.objects.get(pk=match.pk)
    services.hand_record(match=match, hand=hand(taker, points))
    return len(match_get_scoresheet(Match.objects.get(pk=match.pk)).hands)


SAVES = re.compile(r"/m/[^/]+/donnes/$")


def _type_and_preview(page, *, taker: str, points: int) -> None:
    """Type a hand into the form (not saved) and wait for its preview, made
    on this phone (the request for the server's was cancelled)."""
    form = page.locator("#hand-form")
    form.locator("fieldset.takers").get_by_label(taker, exact=True).check()
    form.locator("#id_points").fill(str(points))
    expect(page.locator("#preview .outcome.is-local")).to_be_visible()


def _release(routes) -> None:
    """Let held requests go on (one the phone gave up on meanwhile is gone)."""
    for route in routes:
        # (Aborted by the phone: nothing to release.)
        with contextlib.suppress(Exception):
            route.continue_()


def _stored_numbers(match) -> list[int]:
    return [h.number for h in match_get_scoresheet(Match.objects.get(pk=match.pk)).hands]


def test_a_hand_typed_offline_then_sent_leaves_the_phone_following(live_server, browser, settings):
    settings.REBELOTE_SYNC_TIMINGS = NO_POLLS
    match = play(make_match(), hand("A", 100), hand("B", 90))
    path = f"/m/{match.token}/"
    context = _context(browser)
    page = _open_offline_ready(context, f"{live_server.url}{path}", path)
    set_network(context, online=False)
    page.wait_for_function("() => !navigator.onLine")
    # Typed offline (its preview is this phone's: the request is never made)
    # and kept.
    _type_and_preview(page, taker="Alice", points=130)
    page.locator("#hand-form").get_by_role("button", name="Valider la donne").click()
    page.locator("#pending-hands li.is-pending").first.wait_for()

    set_network(context, online=True)
    page.locator("#hand-3").wait_for()  # sent once, and shown
    page.locator("#pending-hands").wait_for(state="hidden")
    assert _stored_numbers(match) == [1, 2, 3]

    number = _other_phone_saves(match)
    assert number == 4
    page.locator("#hand-4").wait_for()  # shown by the stream
    assert CSP_PROBLEMS == []
    context.close()


def test_a_phone_online_with_an_entry_pending_keeps_following(live_server, browser, settings):
    """Online, a hand whose answer was lost waits on the phone; the next hand
    typed meanwhile is previewed by the phone (the server does not know the
    kept one): its preview request is cancelled too."""
    settings.REBELOTE_SYNC_TIMINGS = NO_POLLS
    match = make_match()
    context = _context(browser)
    page = _page(context)
    page.goto(f"{live_server.url}/m/{match.token}/")
    posts: list[str] = []
    held = []

    def lose_then_hold(route) -> None:
        if route.request.method != "POST":
            route.continue_()
            return
        posts.append(route.request.post_data)
        if len(posts) == 1:
            route.fetch()  # the server stores it...
            route.abort()  # ...and the phone never hears it
        else:
            held.append(route)  # the outbox's resend waits for the test

    page.route(SAVES, lose_then_hold)
    enter_hand(page, taker="Alice", points=100)
    page.locator("#pending-hands li").first.wait_for()
    # The next hand typed while it waits: its preview is the phone's own.
    _type_and_preview(page, taker="Bob", points=90)
    # The kept hand goes; the server already had it: stored once.
    page.unroute(SAVES)
    _release(held)
    page.locator("#hand-1").wait_for()
    page.locator("#pending-hands").wait_for(state="hidden")
    assert _stored_numbers(match) == [1]

    _other_phone_saves(match)
    page.locator("#hand-2").wait_for()  # shown by the stream
    # What the phone typed is still in its form.
    assert page.locator("#hand-form #id_points").input_value() == "90"
    assert CSP_PROBLEMS == []
    context.close()


def test_a_preview_aborted_mid_flight_leaves_the_phone_following(live_server, browser, settings):
    """The preview in flight when "Valider" is tapped is aborted (its
    hx-sync): the save's answer comes, and the phone follows as before."""
    settings.REBELOTE_SYNC_TIMINGS = NO_POLLS
    match = make_match()
    context = _context(browser)
    page = _page(context)
    page.goto(f"{live_server.url}/m/{match.token}/")
    previews = []

    def hold_preview(route) -> None:
        previews.append(route)  # never answered: aborted by the save

    page.route(re.compile(r"/m/[^/]+/apercu/$"), hold_preview)
    form = page.locator("#hand-form")
    form.locator("fieldset.takers").get_by_label("Alice", exact=True).check()
    with page.expect_request(lambda r: r.method == "POST" and "/apercu/" in r.url):
        form.locator("#id_points").fill("100")
    form.get_by_role("button", name="Valider la donne").click()
    page.locator("#hand-1").wait_for()

    _other_phone_saves(match)
    page.locator("#hand-2").wait_for()  # shown by the stream
    assert CSP_PROBLEMS == []
    context.close()
