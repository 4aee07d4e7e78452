"""Real browser at 390x844: right after "Commencer la partie" (a new match, a
table's new match) the share panel is on screen, its QR code big enough to be
scanned across a table; "Partager" in the scoreboard brings it back later."""

from __future__ import annotations

import os
import re

import pytest

from tests.browser.phones import CSP_PROBLEMS, phone, start_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

QR_MIN = 280  # CSS px: the playing link's code is about the card's width on a phone


def _on_screen(page, selector: str) -> dict:
    """The element's box, asserted wholly inside the 390x844 viewport."""
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    assert box["y"] >= 0 and box["y"] + box["height"] <= 844, (selector, box)
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390, (selector, box)
    return box


def _shows_share_panel(page, heading: str) -> None:
    assert page.locator("#share-title").inner_text() == heading
    qr = _on_screen(page, "#share > .qr svg")
    assert qr["width"] >= QR_MIN and qr["height"] >= QR_MIN
    # The modules themselves, not only their box, fill it.
    drawn = _on_screen(page, "#share > .qr svg path.qrline")
    assert drawn["width"] >= QR_MIN - 2 * 40 and drawn["height"] >= QR_MIN - 2 * 40
    _on_screen(page, "#share-url")
    # Copying the link is one tap, on screen too.
    copy = _on_screen(page, "#share > .actions button[data-copy]")
    assert copy["height"] >= 44
    assert page.locator("#share-url").input_value() == page.url


def test_the_share_panel_is_on_screen_right_after_commencer(live_server, browser):
    page = phone(browser)
    start_match(page, live_server.url)
    _shows_share_panel(page, "Partie créée : invitez les joueurs")
    if os.environ.get("SCREENSHOT_SHARE"):
        page.screenshot(path=os.environ["SCREENSHOT_SHARE"])
    # The read-only link is still offered, under the playing one.
    assert "/voir/" in page.locator("#read-url").input_value()

    # Then on to the first hand; a reload no longer opens on the panel...
    page.get_by_role("link", name="Saisir la première donne").click()
    page.reload()
    assert page.locator("#share-title").inner_text() == "Partager la feuille"
    assert page.locator("#share").bounding_box()["y"] > 844
    # ... but it is one tap away from the scoreboard.
    page.locator("#scoreboard").get_by_role("link", name="Partager").click()
    _on_screen(page, "#share > .qr svg")
    assert CSP_PROBLEMS == []


def test_a_tables_new_match_opens_on_the_share_panel(live_server, browser):
    from scoresheets.tables import services as tables

    table = tables.table_create(name="Jeudi", player_names=["Léa", "Marc", "Noé", "Zoé"])
    page = phone(browser)
    page.goto(f"{live_server.url}/t/{table.token}/nouvelle/")
    # Four players at the table: they are already in their seats.
    page.get_by_role("button", name="Commencer la partie").click()
    page.wait_for_url(re.compile(r"/m/[\w-]+/$"))
    _shows_share_panel(page, "Partie créée : invitez les joueurs")
    assert CSP_PROBLEMS == []


def test_in_english_too(live_server, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB")
    page = context.new_page()
    page.goto(f"{live_server.url}/nouvelle/")
    for seat, name in enumerate(["Alice", "Bob", "Claire", "Dan"], start=1):
        page.locator(f"#id_player_{seat}").fill(name)
    page.get_by_role("button", name="Start the match").click()
    page.wait_for_url(re.compile(r"/m/[\w-]+/$"))
    _shows_share_panel(page, "Match created: invite the players")
    assert page.locator("#scoreboard").get_by_role("link", name="Share").is_visible()
