"""Take the README screenshots of Rebelote with headless Chromium (Playwright).

Usage, with a server running (``make run`` in another terminal):

    .venv/bin/python docs/screenshots.py [URL]    # URL: http://127.0.0.1:8000 by default

It creates its own matches on that server (as four friends would: Alice, Bob,
Claire and Dan, "Belote classique", target 1000), then writes docs/home.png,
docs/new-match.png, docs/scoresheet.png, docs/hand-entry.png,
docs/finished.png and docs/dark.png, phone-sized (390x844, scale 2).
Chromium is Debian's /usr/bin/chromium unless $CHROMIUM names another one.
"""

from __future__ import annotations

import argparse
import os
import re
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

DOCS = Path(__file__).resolve().parent
VIEWPORT = {"width": 390, "height": 844}
SCALE = 2
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PLAYERS = ["Alice", "Bob", "Claire", "Dan"]
TEAM_A = "Alice & Claire"
TEAM_B = "Bob & Dan"


def phone(browser: Browser, *, dark: bool = False) -> Page:
    """A new browser context the size of a phone, in French."""
    context = browser.new_context(
        viewport=VIEWPORT,
        device_scale_factor=SCALE,
        locale="fr-FR",
        color_scheme="dark" if dark else "light",
    )
    context.set_default_timeout(10_000)
    return context.new_page()


def shoot(page: Page, name: str, *, full_page: bool = False) -> None:
    path = DOCS / f"{name}.png"
    page.screenshot(path=path, full_page=full_page, animations="disabled")
    print(f"{path.relative_to(DOCS.parent)}: {path.stat().st_size // 1024} KB")


def scroll_to(page: Page, selector: str, margin: int = 8) -> None:
    """Scroll so that ``selector`` is at the top of the screen."""
    page.locator(selector).first.evaluate(
        "(el, margin) => window.scrollTo(0, el.getBoundingClientRect().top"
        " + window.scrollY - margin)",
        margin,
    )


def fill_new_match(page: Page, base: str, names: list[str], target: int) -> None:
    page.goto(f"{base}/nouvelle/")
    for seat, name in enumerate(names, start=1):
        page.locator(f"#id_player_{seat}").fill(name)
    page.get_by_label("Belote classique").check()
    page.locator("details.rules summary").click()
    page.locator("#id_target").fill(str(target))


def start_match(page: Page, base: str, names: list[str], target: int) -> str:
    fill_new_match(page, base, names, target)
    page.get_by_role("button", name="Commencer la partie").click()
    page.wait_for_url(re.compile(r"/m/[\w-]+/$"))
    return page.url


def type_hand(
    page: Page,
    taker: str,
    points: int | None = None,
    *,
    capot: str | None = None,
    belote: str | None = None,
) -> None:
    """Fill the hand form as a player would (the taker's team's trick points)."""
    form = page.locator("#hand-form")
    form.get_by_label(taker, exact=True).check()
    if capot:
        form.locator("fieldset.capot").get_by_label(capot, exact=True).check()
    if belote:
        form.locator("fieldset.belote").get_by_label(belote, exact=True).check()
    if points is not None:
        form.locator("#id_points").fill(str(points))


def enter_hand(page: Page, taker: str, points: int | None = None, **marks: str) -> None:
    number = page.locator("#hands li.hand").count() + 1
    type_hand(page, taker, points, **marks)
    page.locator("#hand-form").get_by_role("button", name="Valider la donne").click()
    page.locator(f"#hand-{number}").wait_for()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url", nargs="?", default="http://127.0.0.1:8000")
    base = parser.parse_args().url.rstrip("/")
    executable = os.environ.get("CHROMIUM", "/usr/bin/chromium")

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            first = phone(browser)

            # The new match form, filled in.
            fill_new_match(first, base, PLAYERS, 1000)
            first.evaluate("window.scrollTo(0, 0)")
            shoot(first, "new-match")

            # A match in progress: made, belote, dedans, capot, then a litige
            # whose 81 points wait in the reserve.
            match_url = start_match(first, base, PLAYERS, 1000)
            enter_hand(first, "Alice", 100)
            enter_hand(first, "Bob", 90, belote=TEAM_B)
            enter_hand(first, "Claire", 60)
            enter_hand(first, "Dan", capot=TEAM_B)
            enter_hand(first, "Alice", 81)
            first.locator("#hand-5 summary").click()  # its plain explanation
            scroll_to(first, "#hands")
            shoot(first, "scoresheet")

            # A second phone, in dark mode, opens the same match by its link.
            dark = phone(browser, dark=True)
            dark.goto(match_url)
            shoot(dark, "dark")
            dark.context.close()

            # The next hand being typed: the live preview shows the reserve paid.
            first.evaluate("window.scrollTo(0, 0)")
            type_hand(first, "Bob", 102)
            first.locator("#preview .outcome").wait_for()
            scroll_to(first, "#hand-form .points-block")
            shoot(first, "hand-entry")

            # Play it to the end: the winner banner.
            first.locator("#hand-form").get_by_role("button", name="Valider la donne").click()
            first.locator("#hand-6").wait_for()
            enter_hand(first, "Claire", capot=TEAM_A, belote=TEAM_A)
            enter_hand(first, "Dan", 110)
            enter_hand(first, "Alice", 130, belote=TEAM_A)
            enter_hand(first, "Bob", 120)
            first.locator(".banner-win").wait_for()
            first.evaluate("window.scrollTo(0, 0)")
            shoot(first, "finished")

            # A second match, just begun, so that "Mes parties" lists two.
            start_match(first, base, ["Léa", "Marc", "Sophie", "Hugo"], 501)
            enter_hand(first, "Marc", 110)
            first.goto(f"{base}/")
            shoot(first, "home")
        finally:
            browser.close()


if __name__ == "__main__":
    main()
