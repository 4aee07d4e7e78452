"""Real browser, issue 30's acceptance for baloot: a match made from the
new-match page (Kammelna's rules, to 152) and played on four phones at
390x844, one hand on each in turn in the table's words (who bought, Sun or
Hokm, the card points of one team, projects by their chips, the baloot, a
doubling, a kaboot with an ashkal, everybody passing), to the end. After
each hand every phone shows the totals the contract's arithmetic gives
(the Python engine's, and the figures written out below); one phone types
a hand without network and its preview is the phone's own scorer's.

In French for now: when the Arabic catalog lands (another engineer's), this
test switches to ``locale="ar"`` and the table's Arabic words (صن / حكم,
سرا، خمسين، مية، أربعمية, دبل, قهوة, بس), and the team names to لنا / لهم
if the house gives them."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scoresheets.games.baloot.engine import ENGINE, BalootHand
from scoresheets.models import Match
from scoresheets.scoring import Pair
from scoresheets.scoring.kernel import score_match
from tests.browser.phones import CSP_PROBLEMS, phone, totals
from tests.browser.test_coinche_match import shot
from tests.browser.test_conflicts import elsewhere
from tests.browser.test_offline import _context, _open_offline_ready, set_network

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Fahad", "Badr", "Saad", "Majed"]  # Fahad & Saad (A) against Badr & Majed (B)
TEAM_A, TEAM_B = "Fahad & Saad", "Badr & Majed"


def create_baloot_match(page, base_url: str) -> None:
    """The new-match page: Baloot, its default preset (Kammelna's, to 152)."""
    page.goto(f"{base_url}/nouvelle/")
    for seat, name in enumerate(NAMES, start=1):
        page.locator(f"#id_player_{seat}").fill(name)
    page.locator(".game-choice").get_by_label("Baloot", exact=True).check()
    rules = page.locator('[data-game-rules="baloot"]')
    rules.locator("label.preset", has_text="Règles de Kammelna").click()
    assert page.locator("#id_baloot-target").input_value() == "152"
    shot(page, "baloot-new-match")
    page.get_by_role("button", name="Commencer la partie").click()
    page.wait_for_url(re.compile(r"/m/[\w-]+/$"))


def _form(page):
    return page.locator("#hand-form")


def _buy(page, who: str, contract: str) -> None:
    f = _form(page)
    f.locator("fieldset.takers").get_by_label(who, exact=True).check()
    f.locator("fieldset.baloot-contract").get_by_label(contract, exact=True).check()


def _chip(page, fieldset: str, label: str) -> None:
    _form(page).locator(f"fieldset.{fieldset}").get_by_label(label, exact=True).check()


def _project(page, name: str) -> None:
    details = _form(page).locator("details.baloot-projects")
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    details.get_by_role("button", name=f"Ajouter : {name}", exact=True).click()


def _save(page, number: int) -> None:
    page.locator("#hand-form #preview .outcome").wait_for()
    _form(page).get_by_role("button", name="Valider la donne").click()
    page.locator(f"#hand-{number}").wait_for()


def _all_show(pages, number: int, expected: list[str]) -> None:
    for page in pages:
        page.locator(f"#hand-{number}").wait_for()
        page.locator("#scoreboard .total-points", has_text=expected[0]).first.wait_for()
        assert totals(page) == expected


def test_a_baloot_match_on_four_phones_to_152(live_server, browser):
    phones = [phone(browser) for _ in range(3)]
    create_baloot_match(phones[0], live_server.url)
    match = elsewhere(Match.objects.get)
    assert (match.game, match.preset, match.rules.target) == ("baloot", "kammelna", 152)
    url = phones[0].url
    for other in phones[1:]:
        other.goto(url)
    # The fourth phone's service worker keeps the page: it types a hand offline.
    offline = _context(browser)
    phones.append(_open_offline_ready(offline, url, url.removeprefix(live_server.url)))
    assert "Qui a acheté ?" in phones[1].locator("#hand-form").inner_text()
    played: list[BalootHand] = []

    def expected() -> list[str]:
        result = score_match(ENGINE, match.rules, played)
        return [str(result.totals.a), str(result.totals.b)]

    # Hand 1, Fahad's phone: a Hokm, 100 of 162 for his team, his sira by its chip.
    # 62 -> 6, A 16 - 6 = 10, + sira 2: A 12, B 6.
    page = phones[0]
    _buy(page, "Fahad", "Hokm")
    _form(page).locator("#id_points").fill("100")
    _form(page).locator("[data-other-points]").get_by_text(f"{TEAM_B} 62").wait_for()
    _project(page, "Sira")
    assert _form(page).locator("#id_sira").input_value() == "1"
    shot(page, "baloot-hand-1-typed")
    played.append(BalootHand("A", "hokm", "A", 100, projects=Pair(("sira",), ())))
    _save(page, 1)
    _all_show(phones, 1, expected())
    assert expected() == ["12", "6"]

    # Hand 2, Badr's phone: a Sun, 90 of 130 for his team (A 40, shown), his
    # fifty: B 18 + 10 = 28, A 8. The Sun hides the baloot and three/four/gahwa.
    page = phones[1]
    _buy(page, "Badr", "Sun")
    _form(page).locator("#id_points").fill("90")
    _form(page).locator("[data-other-points]").get_by_text(f"{TEAM_A} 40").wait_for()
    expect(_form(page).locator("fieldset.baloot-baloot")).to_be_hidden()
    expect(_form(page).locator("fieldset.baloot-doubling").get_by_text("Gahwa")).to_be_hidden()
    _project(page, "Cinquante")
    played.append(BalootHand("B", "sun", "B", 90, projects=Pair((), ("fifty",))))
    _save(page, 2)
    _all_show(phones, 2, expected())
    assert expected() == ["20", "34"]

    # Hand 3, Saad's phone: everybody passed twice: a redeal, nothing written.
    page = phones[2]
    redeal = _form(page).locator("details.redeal")
    redeal.locator("summary").click()
    redeal.get_by_role("button", name="Confirmer : tout le monde passe").click()
    page.locator("#hand-3").wait_for()
    played.append(BalootHand(None))
    _all_show(phones, 3, expected())
    assert expected() == ["20", "34"]

    # Hand 4, Majed's phone, without network: a Hokm doubled, B took 70, A
    # the baloot. 70 < 92: khasran, A writes 16 x 2 = 32 and its baloot 2.
    # The preview is this phone's own scorer's (scoring.js, the twin).
    page = phones[3]
    set_network(offline, online=False)
    page.wait_for_function("() => !navigator.onLine")
    _buy(page, "Majed", "Hokm")
    _form(page).locator("#id_points").fill("70")
    _chip(page, "baloot-baloot", TEAM_A)
    _chip(page, "baloot-doubling", "Doublé ×2")
    preview = page.locator("#preview")
    expect(preview.locator(".outcome.is-local .outcome-scores b")).to_have_text(["+34", "+0"])
    expect(preview.locator(".outcome.is-local .outcome-line")).to_have_text("Khasran")
    shot(page, "baloot-hand-4-offline")
    set_network(offline, online=True)
    page.wait_for_function("() => navigator.onLine")
    _form(page).locator("#id_points").fill("70")  # asks the server's preview again
    page.locator("#hand-form #preview .outcome:not(.is-local)").wait_for()
    played.append(BalootHand("B", "hokm", "B", 70, baloot="A", doubling="double"))
    _save(page, 4)
    _all_show(phones, 4, expected())
    assert expected() == ["54", "34"]
    assert "khasran" in phones[0].locator("#hand-4").inner_text().lower()

    # Hand 5, Fahad's phone: an ashkal Sun, and his team took every trick: 44.
    page = phones[0]
    _buy(page, "Fahad", "Sun")
    _form(page).get_by_label("Ashkal (Sun acheté pour le partenaire)").check()
    _chip(page, "baloot-kaboot", TEAM_A)
    expect(_form(page).locator("#id_points")).to_be_disabled()
    played.append(BalootHand("A", "sun", kaboot="A", ashkal=True))
    _save(page, 5)
    _all_show(phones, 5, expected())
    assert expected() == ["98", "34"]

    # Hand 6, Badr's phone: a Hokm, points typed for the other team (A 62),
    # Badr's baloot: B 16 - 6 + 2 = 12, A 6.
    page = phones[1]
    _buy(page, "Badr", "Hokm")
    _form(page).locator("#id_points").fill("62")
    _chip(page, "points-team", TEAM_A)
    _chip(page, "baloot-baloot", TEAM_B)
    played.append(BalootHand("B", "hokm", "A", 62, baloot="B"))
    _save(page, 6)
    _all_show(phones, 6, expected())
    assert expected() == ["104", "46"]

    # Hand 7, Saad's phone: A has 104 (> 100), B 46 (<= 100): a Sun may be
    # doubled. A 80 / B 50: 16 + 10 = 26, x 2 = 52 to A: 156 >= 152, A wins.
    page = phones[2]
    _buy(page, "Saad", "Sun")
    _form(page).locator("#id_points").fill("80")
    _chip(page, "baloot-doubling", "Doublé ×2")
    played.append(BalootHand("A", "sun", "A", 80, doubling="double"))
    result = score_match(ENGINE, match.rules, played)
    assert result.finished and result.winner == "A"
    _save(page, 7)
    _all_show(phones, 7, expected())
    shot(page, "baloot-sheet-end")
    # The contract's arithmetic, hand by hand: A 12 + 8 + 0 + 34 + 44 + 6 + 52
    # = 156; B 6 + 28 + 0 + 0 + 0 + 12 + 0 = 46.
    assert expected() == ["156", "46"]
    assert f"Victoire : {TEAM_A}" in phones[1].locator("#scoreboard").inner_text()
    assert CSP_PROBLEMS == []
    offline.close()
