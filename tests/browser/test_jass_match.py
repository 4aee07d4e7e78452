"""Real browser, issue 29's acceptance for Schieber jass: a match made from
the new-match page in Swiss German (de-CH) and played on four phones at
390x844, one hand on each in the table's words (the mode by its chip, who
announced, the points, a Weis by its chips or by the helper, the Stöck, a
Match), to the end of a Swisslos match cut to 1000. After each hand every
phone shows the engine's totals on the same hands; the last hand ends the
match."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scoresheets.games.jass.engine import ENGINE, JassHand, Multipliers
from scoresheets.models import Match
from scoresheets.scoring import Pair
from scoresheets.scoring.kernel import score_match
from tests.browser.phones import CSP_PROBLEMS, phone, totals, wait_until_still
from tests.browser.test_coinche_match import shot
from tests.browser.test_conflicts import elsewhere

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Urs", "Vreni", "Beat", "Heidi"]  # Urs & Beat (A) against Vreni & Heidi (B)
TEAM_A, TEAM_B = "Urs & Beat", "Vreni & Heidi"
TARGET = 1000


def to_top(page, selector: str) -> None:
    """Scroll ``selector`` to the top of the phone's screen (for a shot)."""
    page.locator(selector).first.evaluate("e => e.scrollIntoView({block: 'start'})")
    wait_until_still(page)


def create_jass_match(page, base_url: str) -> None:
    """The new-match page in Swiss German: Jass, its preset Swisslos at 2500
    (Schilten and Schellen x2, Obenabe and Undenufe x3), cut to 1000."""
    page.goto(f"{base_url}/nouvelle/")
    for seat, name in enumerate(NAMES, start=1):
        page.locator(f"#id_player_{seat}").fill(name)
    page.locator(".game-choice").get_by_label("Jass (Schieber)", exact=True).check()
    rules = page.locator('[data-game-rules="jass"]')
    rules.locator("label.preset", has_text="Swisslos auf 2500").click()
    rules.locator("details summary").click()
    page.locator("#id_jass-target").fill(str(TARGET))
    to_top(page, ".game-choice")
    shot(page, "jass-new-match")
    page.get_by_role("button", name="Partie starten").click()
    page.wait_for_url(re.compile(r"/m/[\w-]+/$"))


def _mode(form, name: str) -> None:
    form.locator("fieldset.jass-modes").get_by_role("radio", name=name, exact=True).check()


def _announcer(form, name: str) -> None:
    form.locator("fieldset.takers").get_by_label(name, exact=True).check()


# Whether the words ``words`` of ``el``'s text (their spaces may be no-break
# ones in the page) are on one line on screen: their first and last letters'
# boxes at the same height; null when the text lacks them.
ON_ONE_LINE = """(el, words) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.data.replaceAll("\\u00a0", " ").indexOf(words);
        if (at < 0) continue;
        const box = (i) => {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            return range.getBoundingClientRect();
        };
        const first = box(at), last = box(at + words.length - 1);
        const middle = (r) => r.top + r.height / 2;
        return Math.abs(middle(first) - middle(last)) < first.height / 2;
    }
    return null;
}"""


def _save(page, number: int) -> None:
    page.locator("#hand-form #preview .outcome").wait_for()
    page.locator("#hand-form").get_by_role("button", name="Spiel speichern").click()
    page.locator(f"#hand-{number}").wait_for()


def _all_show(pages, number: int, expected: list[str]) -> None:
    for page in pages:
        page.locator(f"#hand-{number}").wait_for()
        page.locator("#scoreboard .total-points", has_text=expected[0]).first.wait_for()
        assert totals(page) == expected


def test_a_jass_match_on_four_phones_in_swiss_german(live_server, browser):
    phones = [phone(browser, locale="de-CH") for _ in range(4)]
    create_jass_match(phones[0], live_server.url)
    match = elsewhere(Match.objects.get)
    rules = match.rules
    assert (match.game, rules.target, rules.multipliers) == (
        "jass",
        TARGET,
        Multipliers.ONE_TWO_THREE,
    )
    for other in phones[1:]:
        other.goto(phones[0].url)
    assert "Wer sagt an?" in phones[1].locator("#hand-form").inner_text()
    played: list[JassHand] = []

    def expected() -> list[str]:
        result = score_match(ENGINE, rules, played)
        return [str(result.totals.a), str(result.totals.b)]

    def form(page):
        return page.locator("#hand-form")

    # Hand 1, Urs' phone: Schilten (x2), Urs announces, 92 for his team;
    # Vreni & Heidi's Vierblatt, 50, by its chip.
    f = form(phones[0])
    _mode(f, "Schilten ♠ ×2")
    _announcer(f, "Urs")
    f.locator("#id_points").fill("92")
    f.locator("details.jass-weis > summary").click()
    f.get_by_role("group", name=f"Weis von {TEAM_B}").get_by_role(
        "button", name="+50", exact=True
    ).click()
    assert f.locator("#id_weis_b").input_value() == "50"
    played.append(JassHand("spades", "A", "A", 92, weis=Pair(0, 50)))
    _save(phones[0], 1)
    _all_show(phones, 1, expected())

    # Hand 2, Vreni's phone: Rosen (x1), Vreni announces, 100 for her team,
    # with the Stöck; the helper compares the best Weis: Urs & Beat's
    # Vierblatt to the Ace beats a Dreiblatt, and fills their 50.
    f = form(phones[1])
    _mode(f, "Rosen ♥")
    _announcer(f, "Vreni")
    f.locator("#id_points").fill("100")
    f.locator("fieldset.jass-stoeck").get_by_label(TEAM_B, exact=True).check()
    f.locator("details.jass-weis > summary").click()
    f.get_by_label(f"Höchster Weis von {TEAM_A}").select_option(label="Vierblatt")
    f.get_by_label(f"Höchster Weis von {TEAM_B}").select_option(label="Dreiblatt")
    f.locator("[data-weis-result]", has_text=f"{TEAM_A} hat den höchsten Weis (50)").wait_for()
    assert (f.locator("#id_weis_a").input_value(), f.locator("#id_weis_b").input_value()) == (
        "50",
        "",
    )
    played.append(JassHand("hearts", "B", "B", 100, stoeck="B", weis=Pair(50, 0)))
    # The preview follows the helper's Weis (it may still show the hand without it).
    f.locator("#preview", has_text="57 + Weis 50 = 107").wait_for()
    # The mode and its symbol on one line in the preview's sentence at 390 px
    # ("… sagt Rosen / ♥ an." before).
    line = f.locator("#preview .outcome-line")
    assert line.evaluate(ON_ONE_LINE, "Rosen ♥") is True, line.inner_text()
    to_top(phones[1], "#hand-form fieldset.jass-modes")
    shot(phones[1], "jass-hand-typed")
    _save(phones[1], 2)
    _all_show(phones, 2, expected())
    assert "Stöck" in phones[0].locator("#hand-2").inner_text()

    # Hand 3, Beat's phone: Undenufe (x3), Heidi announces, 120 for her team.
    f = form(phones[2])
    _mode(f, "Undenufe ×3")
    _announcer(f, "Heidi")
    assert f.locator("[data-stoeck]").is_hidden()  # no Stöck without a trump
    f.locator("#id_points").fill("120")
    played.append(JassHand("undenufe", "B", "B", 120))
    _save(phones[2], 3)
    _all_show(phones, 3, expected())

    # Hand 4, Heidi's phone: Obenabe (x3), Beat announces and his team takes
    # all nine tricks: a Match, which ends the match.
    f = form(phones[3])
    _mode(f, "Obenabe ×3")
    _announcer(f, "Beat")
    f.locator("fieldset.jass-match").get_by_label(TEAM_A, exact=True).check()
    assert f.locator("#id_points").is_disabled()
    played.append(JassHand("obenabe", "A", match="A"))
    result = score_match(ENGINE, rules, played)
    assert result.finished and result.winner == "A"
    _save(phones[3], 4)
    _all_show(phones, 4, expected())
    to_top(phones[0], "#scoreboard")  # a phone without the undo bar of the save
    shot(phones[0], "jass-sheet-end")
    # The contract's arithmetic, score(X) = (cards + Weis + Stöck) x m:
    # A 92 x 2 = 184, + (57 + 50) x 1 = 107, + 37 x 3 = 111, + 257 x 3 = 771: 1173;
    # B (65 + 50) x 2 = 230, + (100 + 20) x 1 = 120, + 120 x 3 = 360, + 0: 710.
    # A passes 1000 on the last hand alone: A wins.
    assert expected() == ["1173", "710"]
    assert f"Sieg: {TEAM_A}!" in phones[1].locator("#scoreboard").inner_text()
    assert elsewhere(lambda: Match.objects.get().finished)
    assert CSP_PROBLEMS == []


def test_who_announces_follows_the_deal_on_every_phone(live_server, browser):
    """Vorhand (the dealer's next) comes preselected as who announces, and
    follows the deal where the phone moves the form on by itself: after a
    hand kept without network (its form emptied for the next hand), and on
    a phone whose untouched form follows a sheet saved by another phone.
    Seat 4 deals hand 1: Urs (1), then Vreni (2), then Beat (3) announce."""
    from scoresheets.games.jass.engine import JassRules
    from scoresheets.matches import services
    from tests.browser.test_offline import _context, _open_offline_ready, set_network

    match = elsewhere(lambda: services.match_create(names=NAMES, rules=JassRules(), first_dealer=4))
    url = f"{live_server.url}/m/{match.token}/"
    watcher = phone(browser, locale="de-CH")
    watcher.goto(url)
    offline = _context(browser, locale="de-CH")
    typist = _open_offline_ready(offline, url, url.removeprefix(live_server.url))

    def announcer(page, seat: int) -> None:
        expect(page.locator(f'#hand-form input[name="taker"][value="{seat}"]')).to_be_checked()

    announcer(watcher, 1)
    announcer(typist, 1)
    set_network(offline, online=False)
    typist.wait_for_function("() => !navigator.onLine")
    f = typist.locator("#hand-form")
    _mode(f, "Rosen ♥")
    f.locator("#id_points").fill("100")  # Urs announces, as preselected
    f.get_by_role("button", name="Spiel speichern").click()
    expect(typist.locator("#pending-hands li.is-pending")).to_have_count(1)
    announcer(typist, 2)  # the form, emptied, is on hand 2
    set_network(offline, online=True)
    typist.locator("#pending-hands").wait_for(state="hidden")
    announcer(typist, 2)
    watcher.locator("#hand-1").wait_for()  # its poll brought the sheet: hand 2 next
    expect(watcher.locator('#hand-form input[name="number"]')).to_have_value("2")
    announcer(watcher, 2)
    seats = elsewhere(lambda: list(Match.objects.get().hands.values_list("taker_seat", flat=True)))
    assert seats == [1]
    assert CSP_PROBLEMS == []
    offline.close()
