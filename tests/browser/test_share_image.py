"""Real browser: the sheet shared as an image (issue 20), through the share
sheet where the phone shares files (the Web Share API, stubbed here: headless
Chromium has none), else downloaded, with or without JavaScript."""

from __future__ import annotations

import pytest

from tests.browser.phones import CSP_PROBLEMS, phone
from tests.factories import hand, make_match, play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHARE_STUB = """
window.shared = null;
Object.defineProperty(navigator, "canShare", {
  configurable: true,
  value: (data) => Boolean(data && data.files && data.files.every((f) => f.type === "image/png")),
});
Object.defineProperty(navigator, "share", {
  configurable: true,
  value: (data) => {
    const file = data.files[0];
    window.shared = {
      count: data.files.length, name: file.name, type: file.type, size: file.size,
      title: data.title,
    };
    return Promise.resolve();
  },
});
"""
NO_SHARE = """
Object.defineProperty(navigator, "canShare", { configurable: true, value: undefined });
Object.defineProperty(navigator, "share", { configurable: true, value: undefined });
"""


def test_the_image_goes_to_the_share_sheet(live_server, browser):
    match = play(make_match(names=("Léa", "Zoé", "Noé", "Hugo")), hand("A", 100), hand("B", 90))
    page = phone(browser)
    page.context.add_init_script(SHARE_STUB)
    page.goto(f"{live_server.url}/m/{match.token}/")
    button = page.get_by_role("link", name="Partager la feuille en image")
    box = button.bounding_box()
    assert box["height"] >= 44
    button.click()
    page.wait_for_function("() => window.shared !== null")
    shared = page.evaluate("window.shared")
    assert shared["count"] == 1 and shared["type"] == "image/png"
    assert shared["name"].startswith("rebelote-lea-noe-zoe-hugo-")
    assert shared["name"].endswith(".png")
    assert shared["size"] > 10_000
    assert shared["title"] == "Rebelote : Léa & Noé – Zoé & Hugo"
    assert page.url.endswith(f"/m/{match.token}/")  # the page stays
    assert CSP_PROBLEMS == []


@pytest.mark.parametrize("javascript", [True, False], ids=["no-share-api", "no-js"])
def test_without_the_share_sheet_the_image_is_downloaded(live_server, browser, javascript):
    match = play(make_match(), hand("A", 100))
    page = phone(browser, javascript)
    page.context.add_init_script(NO_SHARE)
    page.goto(f"{live_server.url}/voir/{match.read_token}/")  # the read-only link too
    with page.expect_download() as download:
        page.get_by_role("link", name="Partager la feuille en image").click()
    assert download.value.suggested_filename.endswith(".png")
    with open(download.value.path(), "rb") as file:
        assert file.read(8) == b"\x89PNG\r\n\x1a\n"
    assert CSP_PROBLEMS == []
