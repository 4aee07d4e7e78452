"""Real browser: the match page keeps the screen awake (issue 20).

Headless Chromium may have no ``navigator.wakeLock``: the test puts a stub
in its place before the page's scripts run, which records each request and
release (``window.wakeCalls``) as the Screen Wake Lock API's sentinel does."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.phones import CSP_PROBLEMS, enter_hand, phone
from tests.factories import make_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

STUB = """
(() => {
  window.wakeCalls = [];
  let visibility = "visible";
  const shown = () => visibility === "visible";
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => visibility });
  Object.defineProperty(document, "hidden", { configurable: true, get: () => !shown() });
  window.setVisibility = (state) => {
    visibility = state;
    document.dispatchEvent(new Event("visibilitychange"));
  };
  Object.defineProperty(navigator, "wakeLock", {
    configurable: true,
    value: {
      request(type) {
        window.wakeCalls.push("request " + type);
        const sentinel = new EventTarget();
        sentinel.released = false;
        sentinel.type = type;
        sentinel.release = () => {
          if (!sentinel.released) {
            sentinel.released = true;
            window.wakeCalls.push("release");
            sentinel.dispatchEvent(new Event("release"));
          }
          return Promise.resolve();
        };
        return Promise.resolve(sentinel);
      },
    },
  });
})();
"""


def calls(page) -> list[str]:
    return page.evaluate("window.wakeCalls")


def test_the_screen_stays_awake_while_the_match_page_is_shown(live_server, browser):
    match = make_match(target=100)  # one hand ends it
    page = phone(browser)
    page.context.add_init_script(STUB)
    page.goto(f"{live_server.url}/m/{match.token}/")
    page.wait_for_function("() => window.wakeCalls.length === 1")
    assert calls(page) == ["request screen"]
    # Hidden: let go; shown again: asked for again.
    page.evaluate("setVisibility('hidden')")
    page.wait_for_function("() => window.wakeCalls.length === 2")
    page.evaluate("setVisibility('visible')")
    page.wait_for_function("() => window.wakeCalls.length === 3")
    assert calls(page) == ["request screen", "release", "request screen"]
    # The hand that ends the match: let go, and no tap asks again.
    enter_hand(page, taker="Alice", points=120)
    expect(page.locator("#scoreboard")).to_have_attribute("data-finished", "true")
    page.wait_for_function("() => window.wakeCalls.length === 4")
    page.locator("#scoreboard").click()
    page.evaluate("setVisibility('hidden'); setVisibility('visible')")
    assert calls(page) == ["request screen", "release", "request screen", "release"]
    assert CSP_PROBLEMS == []


def test_a_finished_match_does_not_keep_the_screen_awake(live_server, browser):
    match = make_match(target=100)
    watcher = phone(browser)
    watcher.context.add_init_script(STUB)
    watcher.goto(f"{live_server.url}/voir/{match.read_token}/")  # the read-only link too
    watcher.wait_for_function("() => window.wakeCalls.length === 1")
    saver = phone(browser)
    saver.goto(f"{live_server.url}/m/{match.token}/")
    enter_hand(saver, taker="Alice", points=120)
    # The watcher's poll brings the end of the match: the lock goes.
    expect(watcher.locator("#scoreboard")).to_have_attribute("data-finished", "true")
    watcher.wait_for_function("() => window.wakeCalls.length === 2")
    assert calls(watcher) == ["request screen", "release"]
    assert CSP_PROBLEMS == []
