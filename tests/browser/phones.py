"""Phones for the browser tests: a Chromium context the size of a phone, whose
console is watched, and the few gestures many tests share (start a match,
enter a hand, read the totals).

The ``browser`` fixture and the check that no page broke the
Content-Security-Policy are in ``tests/browser/conftest.py``.
"""

from __future__ import annotations

import html
import re

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# How long any wait of a test may take before it fails: generous, because the
# machine running the tests may be loaded (4 browser processes on 2 cores),
# and a wait that passes ends as soon as its condition holds.
WAIT_MS = 20_000

# What the pages of a test logged that the Content-Security-Policy forbids, and
# their uncaught errors: every test ends by asserting that there is none (the
# conftest empties it before and after each test).
CSP_PROBLEMS: list[str] = []


def _watch(page) -> None:
    """Collect ``page``'s CSP violations (Chromium logs each one to the console)
    and its uncaught script errors into CSP_PROBLEMS."""

    def console(message) -> None:
        if "Content Security Policy" in message.text:
            CSP_PROBLEMS.append(f"{page.url}: {message.text}")

    page.on("console", console)
    page.on("pageerror", lambda error: CSP_PROBLEMS.append(f"{page.url}: {error}"))


def phone(browser, javascript: bool = True, locale: str = "fr-FR"):
    """A new browser context the size of a phone, in French (or ``locale``),
    whose console is watched; ``javascript=False``: a phone with scripts off
    (the no-JS path).
    Every wait of the tests is a condition with this context's timeout
    (``WAIT_MS``), never a fixed time."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale=locale, java_script_enabled=javascript
    )
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    _watch(page)
    return page


def enter_hand(page, *, taker: str, points: int | None = None, capot: str | None = None):
    """Tap a belote hand into the match page's form and save it."""
    form = page.locator("#hand-form")
    form.locator("fieldset.takers").get_by_label(taker, exact=True).check()
    if points is not None:
        form.locator("#id_points").fill(str(points))
    if capot is not None:
        form.locator("fieldset.capot").get_by_label(capot, exact=True).check()
    form.get_by_role("button", name="Valider la donne").click()


def totals(page) -> list[str]:
    """The scoreboard's two totals, as shown."""
    return [t.strip() for t in page.locator("#scoreboard .total-points").all_inner_texts()]


def start_match(page, base_url: str, target: int = 1000) -> None:
    """Create a belote match of Alice, Bob, Claire and Dan to ``target`` from
    the new-match page; ``page`` ends on its scoresheet."""
    page.goto(f"{base_url}/nouvelle/")
    for seat, name in enumerate(["Alice", "Bob", "Claire", "Dan"], start=1):
        page.locator(f"#id_player_{seat}").fill(name)
    page.locator("details.rules summary").click()
    page.locator("#id_target").fill(str(target))
    page.get_by_role("button", name="Commencer la partie").click()
    page.wait_for_url(re.compile(r"/m/[\w-]+/$"))


# Resolves once the page's scroll position has not moved for a few frames in a
# row: a smooth scroll (or none) has ended. A condition, not a fixed time.
_STILL = """() => new Promise(resolve => {
    let last = null, still = 0;
    const tick = () => {
        const now = `${window.scrollX},${window.scrollY},${visualViewport.offsetTop}`;
        still = now === last ? still + 1 : 0;
        last = now;
        if (still >= 5) resolve(true); else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
})"""


# An init script: each scrollIntoView of the page (``window.rebeloteScrolls``,
# read by a failing test to say what moved the page): its element, the scroll margin it met, the
# undo bar's state and where the focus was, and the scroll after it.
SCROLLS_RECORDED = """(() => {
    window.rebeloteScrolls = [];
    const scroll = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (options) {
        const bar = document.getElementById("undo-bar");
        const before = {
            id: this.id || this.className, margin: getComputedStyle(this).scrollMarginTop,
            bar: bar ? [bar.childElementCount, getComputedStyle(bar).position] : null,
            focus: document.activeElement && document.activeElement.tagName,
            at: Math.round(performance.now()), options: JSON.stringify(options),
        };
        const result = scroll.call(this, options);
        const top = Math.round(this.getBoundingClientRect().top);
        window.rebeloteScrolls.push({...before, top, y: scrollY});
        return result;
    };
})();"""


def wait_until_still(page) -> None:
    """Wait until ``page`` has stopped scrolling (five frames without a move)."""
    page.wait_for_function(_STILL)


def answered_with(page, click, text: str) -> None:
    """``click()`` (a form's button), and check that the page it leads to
    says ``text`` (a message, "Les Frangins, inscrit."), read from the page
    as the server sent it. A success message leaves the screen 5 s after
    its page loads (static/js/app.js): a wait for it on the screen was
    missed once on a loaded machine (the knockout test, load about 12),
    the page starved past those 5 s."""
    with page.expect_navigation() as navigation:
        click()
    response = navigation.value
    body = html.unescape(response.text())
    assert text in body, f"{text!r} not in the answer of {response.url} ({response.status})"
    page.wait_for_load_state("domcontentloaded")
