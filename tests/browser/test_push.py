"""Push, with the poll as the fallback (issue 21, docs/sync.md, "Push"): a
visible match page holds one event stream; a hand saved on one phone reaches
the other through it; a blocked stream falls back to polls; a hidden page
holds no stream and sends nothing; a page shown again resyncs at once."""

from __future__ import annotations

import pytest

from scoresheets.matches import services
from scoresheets.models import Match
from tests.browser.phones import CSP_PROBLEMS, enter_hand, phone, start_match, totals
from tests.factories import hand, make_match

pytestmark = [
    pytest.mark.browser,
    pytest.mark.every_database,
    pytest.mark.django_db(transaction=True),
]

# Polls so rare that only the stream can explain a change seen within a test.
NO_POLLS = {"poll_visible": 600_000, "poll_backoff_max": 600_000}
# Polls fast, so that a fallback is seen quickly.
FAST_POLLS = {"poll_visible": 200, "poll_backoff_max": 400, "stream_retry": 60_000}

# The page's visibility, set by the test (Chromium's headless pages are
# always visible): document.visibilityState and document.hidden follow
# window.__setHidden(bool), which fires visibilitychange as a browser does.
VISIBILITY = """(() => {
    let hidden = %s;
    Object.defineProperty(Document.prototype, "visibilityState",
        { configurable: true, get() { return hidden ? "hidden" : "visible"; } });
    Object.defineProperty(Document.prototype, "hidden",
        { configurable: true, get() { return hidden; } });
    window.__setHidden = (value) => {
        hidden = value;
        document.dispatchEvent(new Event("visibilitychange"));
    };
})();"""


def requests_of(page) -> list[str]:
    """The URLs ``page`` requests from now on, as they leave."""
    sent: list[str] = []
    page.on("request", lambda request: sent.append(request.url))
    return sent


def test_a_hand_saved_on_one_phone_reaches_the_other_through_the_stream(
    live_server, browser, settings
):
    settings.REBELOTE_SYNC_TIMINGS = NO_POLLS
    first, second = phone(browser), phone(browser)
    start_match(first, live_server.url)
    sent = requests_of(second)
    with second.expect_response(lambda r: "/events/" in r.url):
        second.goto(first.url)
    assert [url for url in sent if "/events/" in url]  # one stream for the page
    before = len(sent)

    enter_hand(first, taker="Alice", points=100)
    first.locator("#hand-1").wait_for()
    second.locator("#hand-1").wait_for()
    assert totals(second) == totals(first) == ["100", "62"]
    # No timer poll could have brought it (the next is minutes away): the
    # stream told the new version, and one poll fetched its sheet.
    after = sent[before:]
    polls = [url for url in after if "/poll/" in url]
    assert len(polls) == 1 and polls[0].endswith("?v=1"), after
    assert not [url for url in after if "/events/" in url]  # the same stream
    assert CSP_PROBLEMS == []


def test_a_blocked_stream_falls_back_to_polls(live_server, browser, settings):
    settings.REBELOTE_SYNC_TIMINGS = FAST_POLLS
    first, second = phone(browser), phone(browser)
    start_match(first, live_server.url)
    # A proxy that refuses the stream.
    second.route("**/events/", lambda route: route.abort("connectionrefused"))
    sent = requests_of(second)
    second.goto(first.url)
    for number in (1, 2):
        enter_hand(first, taker="Bob", points=100)
        first.locator(f"#hand-{number}").wait_for()
        second.locator(f"#hand-{number}").wait_for()
    assert totals(second) == totals(first)
    assert [url for url in sent if "/poll/" in url]
    # The stream was tried once and is not tried again before its backoff (60 s).
    assert len([url for url in sent if "/events/" in url]) == 1


def test_a_hidden_page_opens_no_stream_and_sends_nothing(live_server, browser, settings):
    settings.REBELOTE_SYNC_TIMINGS = FAST_POLLS
    match = make_match()
    page = phone(browser)
    page.add_init_script(VISIBILITY % "true")
    page.clock.install()
    page.goto(f"{live_server.url}/m/{match.token}/")
    page.wait_for_load_state("load")
    sent = requests_of(page)
    services.hand_record(match=match, hand=hand("A", 100))  # a change it could hear of
    page.clock.run_for(5 * 60 * 1000)  # five minutes of the page's timers
    # (The browser itself may fetch the favicon: not the page's doing.)
    assert [url for url in sent if "favicon" not in url] == []
    assert page.locator("#hand-1").count() == 0


def test_a_page_shown_again_resyncs_at_once_and_opens_its_stream(live_server, browser, settings):
    settings.REBELOTE_SYNC_TIMINGS = NO_POLLS
    match = make_match()
    page = phone(browser)
    page.add_init_script(VISIBILITY % "false")
    with page.expect_response(lambda r: "/events/" in r.url):
        page.goto(f"{live_server.url}/m/{match.token}/")
    sent = requests_of(page)
    page.evaluate("() => window.__setHidden(true)")  # the phone goes to its pocket
    services.hand_record(match=match, hand=hand("A", 100))
    services.hand_record(match=Match.objects.get(pk=match.pk), hand=hand("B", 100))
    assert page.locator("#hand-1").count() == 0  # hidden: no stream, no poll
    with page.expect_request(lambda r: "/events/" in r.url):  # its stream again
        page.evaluate("() => window.__setHidden(false)")
    page.locator("#hand-2").wait_for()
    assert [url for url in sent if "/poll/" in url]  # the resync, not a timer's (minutes away)

    # Restored from the back-forward cache: the same.
    services.hand_record(match=Match.objects.get(pk=match.pk), hand=hand("A", 90))
    page.evaluate(
        """() => window.dispatchEvent(new PageTransitionEvent("pagehide", {persisted: true}))"""
    )
    with page.expect_request(lambda r: "/events/" in r.url):
        page.evaluate(
            """() => window.dispatchEvent(new PageTransitionEvent("pageshow", {persisted: true}))"""
        )
    page.locator("#hand-3").wait_for()
    assert CSP_PROBLEMS == []


def test_with_push_off_a_page_opens_no_stream_and_follows_by_polls(live_server, browser, settings):
    # Issue 21: PUSH_BACKEND=off answered the stream 204, yet every page
    # still opened it; the page now offers none, and polls.
    settings.PUSH_BACKEND = "off"
    settings.REBELOTE_SYNC_TIMINGS = FAST_POLLS
    first, second = phone(browser), phone(browser)
    start_match(first, live_server.url)
    sent = requests_of(second)
    second.goto(first.url)
    enter_hand(first, taker="Alice", points=100)
    second.locator("#hand-1").wait_for()
    assert totals(second) == totals(first)
    assert [url for url in sent if "/poll/" in url]
    assert not [url for url in sent if "/events/" in url]
    assert CSP_PROBLEMS == []
