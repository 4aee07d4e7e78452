"""Real browser, issue 29's acceptance for klaverjas: a match made from the
new-match page in Dutch and played on four phones at 390x844, one hand on
each in the table's words (who plays, points, roem chips, a pit, a revoke),
to the end of a short boompje. After each hand every phone shows the
engine's totals on the same hands; the last hand ends the match."""

from __future__ import annotations

import re

import pytest

from scoresheets.games.klaverjas.engine import ENGINE, KlaverjasHand
from scoresheets.models import Match
from scoresheets.scoring import Pair
from scoresheets.scoring.kernel import score_match
from tests.browser.phones import CSP_PROBLEMS, phone, totals
from tests.browser.test_coinche_match import shot
from tests.browser.test_conflicts import elsewhere

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Anouk", "Bram", "Cor", "Daan"]  # Anouk & Cor (A) against Bram & Daan (B)
GAMES = 4


def create_klaverjas_match(page, base_url: str) -> None:
    """The new-match page in Dutch: Klaverjas, its club competition of a
    boompje, cut to 4 games."""
    page.goto(f"{base_url}/nouvelle/")
    for seat, name in enumerate(NAMES, start=1):
        page.locator(f"#id_player_{seat}").fill(name)
    page.locator(".game-choice").get_by_label("Klaverjas", exact=True).check()
    rules = page.locator('[data-game-rules="klaverjas"]')
    rules.locator("label.preset", has_text="Clubcompetitie").click()
    rules.locator("details summary").click()
    page.locator("#id_klaverjas-games").fill(str(GAMES))
    shot(page, "klaverjas-new-match")
    page.get_by_role("button", name="Partij beginnen").click()
    page.wait_for_url(re.compile(r"/m/[\w-]+/$"))


def _save(page, number: int) -> None:
    page.locator("#hand-form #preview .outcome").wait_for()
    page.locator("#hand-form").get_by_role("button", name="Spel opslaan").click()
    page.locator(f"#hand-{number}").wait_for()


def _all_show(pages, number: int, expected: list[str]) -> None:
    for page in pages:
        page.locator(f"#hand-{number}").wait_for()
        page.locator("#scoreboard .total-points", has_text=expected[0]).first.wait_for()
        assert totals(page) == expected


def test_a_klaverjas_match_on_four_phones_in_dutch(live_server, browser):
    phones = [phone(browser, locale="nl-NL") for _ in range(4)]
    create_klaverjas_match(phones[0], live_server.url)
    match = elsewhere(Match.objects.get)
    assert (match.game, match.rules.games) == ("klaverjas", GAMES)
    for other in phones[1:]:
        other.goto(phones[0].url)
    assert "Wie speelt?" in phones[1].locator("#hand-form").inner_text()
    played: list[KlaverjasHand] = []

    def expected() -> list[str]:
        result = score_match(ENGINE, match.rules, played)
        return [str(result.totals.a), str(result.totals.b)]

    def form(page):
        return page.locator("#hand-form")

    # Hand 1, Anouk's phone: she plays, 90 points, a tierce (20) by the chip.
    f = form(phones[0])
    f.locator("fieldset.takers").get_by_label("Anouk", exact=True).check()
    f.locator("#id_points").fill("90")
    f.locator(".roem-a").get_by_role("button", name="+20", exact=True).click()
    assert f.locator("#id_roem_a").input_value() == "20"
    f.locator("#preview .outcome").wait_for()
    shot(phones[0], "klaverjas-hand-1-typed")
    played.append(KlaverjasHand("A", "A", 90, Pair(20, 0)))
    _save(phones[0], 1)
    _all_show(phones, 1, expected())

    # Hand 2, Bram's phone: Bram plays, 70 for his team, Anouk's team 50 roem: nat.
    f = form(phones[1])
    f.locator("fieldset.takers").get_by_label("Bram", exact=True).check()
    f.locator("#id_points").fill("70")
    f.locator(".roem-a").get_by_role("button", name="+50", exact=True).click()
    played.append(KlaverjasHand("B", "B", 70, Pair(50, 0)))
    assert score_match(ENGINE, match.rules, played).hands[-1].outcome == "nat"
    _save(phones[1], 2)
    _all_show(phones, 2, expected())
    assert "nat" in phones[3].locator("#hand-2").inner_text().lower()

    # Hand 3, Cor's phone: Cor plays and takes every trick: pit, with 40 roem.
    f = form(phones[2])
    f.locator("fieldset.takers").get_by_label("Cor", exact=True).check()
    f.locator("details.more > summary").click()
    f.locator("fieldset.pit").get_by_label("Anouk & Cor", exact=True).check()
    f.locator(".roem-a").get_by_role("button", name="+20", exact=True).click()
    f.locator(".roem-a").get_by_role("button", name="+20", exact=True).click()
    played.append(KlaverjasHand("A", roem=Pair(40, 0), pit="A"))
    _save(phones[2], 3)
    _all_show(phones, 3, expected())

    # Hand 4, Daan's phone: Daan plays; Anouk's team revokes: the match ends.
    f = form(phones[3])
    f.locator("fieldset.takers").get_by_label("Daan", exact=True).check()
    f.locator("details.more > summary").click()
    f.locator("fieldset.revoke").get_by_label("Anouk & Cor", exact=True).check()
    played.append(KlaverjasHand("B", revoke="A"))
    result = score_match(ENGINE, match.rules, played)
    assert result.finished and result.winner == "A"
    _save(phones[3], 4)
    _all_show(phones, 4, expected())
    # Each team's points and roem in their columns: 390 px wide, no sideways scroll.
    width = phones[3].evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    # The shot shows the sheet itself: its head and rows, not the page's foot.
    phones[3].locator("#hands").evaluate("hands => hands.scrollIntoView()")
    shot(phones[3], "klaverjas-sheet-end")
    # The contract's arithmetic: A 110 + 212 (B nat: 162 + 50) + 302 (pit:
    # 162 + 40 + 100) = 624; B 72 + 262 (A revoked: 162 + 100) = 334.
    assert expected() == ["624", "334"]
    assert "gewonnen" in phones[1].locator("#scoreboard").inner_text().lower()
    assert CSP_PROBLEMS == []
