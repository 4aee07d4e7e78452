"""Real browser, issue 10's acceptance: a coinche match played on two phones to
its end, created from the new-match page: a coinched contract made (with a
belote), a failed contract whose announcements are settled by the announcement
helper, and a capot bid that ends the match. Every total is the engine's on
the same hands, and both phones show it."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from scoresheets import scoring
from scoresheets.models import Match
from tests.browser.phones import CSP_PROBLEMS, phone, totals
from tests.browser.test_conflicts import elsewhere

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Léa", "Marc", "Zoé", "Paul"]  # Léa & Zoé (A) against Marc & Paul (B)
TARGET = 1000


def create_coinche_match(page, base_url: str) -> None:
    """The new-match page: Coinche, the "Entre amis" preset (announcements
    played), the target lowered to 1000."""
    page.goto(f"{base_url}/nouvelle/")
    for seat, name in enumerate(NAMES, start=1):
        page.locator(f"#id_player_{seat}").fill(name)
    page.locator(".game-choice").get_by_label("Coinche", exact=True).check()
    rules = page.locator('[data-game-rules="coinche"]')
    rules.locator("label.preset", has_text="Entre amis").click()
    rules.locator("details summary").click()
    page.locator("#id_coinche-target").fill(str(TARGET))
    page.get_by_role("button", name="Commencer la partie").click()
    page.wait_for_url(re.compile(r"/m/[\w-]+/$"))


def shot(page, name: str) -> None:
    """With ``SCREENSHOTS=dir``, keep what the phone shows as ``dir/name.png``."""
    folder = os.environ.get("SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{folder}/{name}.png")


def tap_contract(form, *, taker: str, bid: str, suit: str, coinche: str | None = None) -> None:
    form.locator("fieldset.takers").get_by_label(taker, exact=True).check()
    form.locator("fieldset.bid").get_by_label(bid, exact=True).check()
    form.locator("fieldset.suit").get_by_label(suit, exact=True).check()
    if coinche:
        form.locator("fieldset.coinche").get_by_label(coinche, exact=True).check()


def save(page, number: int) -> None:
    """Save the hand typed, as a player does: once the preview shows its score."""
    page.locator("#hand-form #preview .outcome").wait_for()
    page.locator("#hand-form").get_by_role("button", name="Valider la donne").click()
    try:
        page.locator(f"#hand-{number}").wait_for()
    except Exception as error:  # say what the phone shows instead of hand N
        form = page.locator("#hand-form").inner_text()
        raise AssertionError(f"hand {number} not saved; the form says:\n{form}") from error


def both_show(pages, number: int, expected: list[str]) -> None:
    for page in pages:
        page.locator(f"#hand-{number}").wait_for()
        page.locator("#scoreboard .total-points", has_text=expected[0]).first.wait_for()
        assert totals(page) == expected


def test_a_coinche_match_on_two_phones_to_its_end(live_server, browser):
    first, second = phone(browser), phone(browser)
    create_coinche_match(first, live_server.url)
    match = elsewhere(Match.objects.get)  # its own connection (see elsewhere)
    assert match.game == "coinche"
    rules = match.rules
    second.goto(first.url)
    pages = (first, second)
    played: list[scoring.CoincheHand] = []

    def expected() -> list[str]:
        result = scoring.score_match(rules, played)
        return [str(result.totals.a), str(result.totals.b)]

    # Hand 1, first phone: Léa's 100 ♥ is coinched and made with 120, belote
    # held by Zoé (her team keeps it, never multiplied).
    form = first.locator("#hand-form")
    tap_contract(form, taker="Léa", bid="100", suit="Cœur", coinche="Coinchée")
    form.locator("#id_points").fill("120")
    form.locator("details.more-holder > summary").click()  # the rare option, one tap away
    form.locator("fieldset.belote-holder").get_by_label("Zoé", exact=True).check()
    form.locator("#preview .outcome").wait_for()
    shot(first, "coinche-hand-1-typed")
    played.append(scoring.CoincheHand("A", 100, "hearts", "coinche", "A", 120, belote="A"))
    save(first, 1)
    both_show(pages, 1, expected())
    assert "coinch" in first.locator("#hand-1").inner_text()

    # Hand 2, second phone: Marc's 90 ♠ falls with 70; Zoé's tierce (she speaks
    # first: Marc deals) is settled by the helper, and goes to the defense.
    form = second.locator("#hand-form")
    tap_contract(form, taker="Marc", bid="90", suit="Pique")
    form.locator("#id_points").fill("70")
    form.locator("details.more-announcements > summary").click()
    second.locator("details.ann-helper > summary").click()
    line = second.get_by_role("group", name="Annonce 1 de Zoé", exact=True).locator("xpath=..")
    line.locator(".ann-kinds").get_by_role("radio", name="Tierce (20)", exact=True).click()
    # Two taps: its suit decides nothing.
    line.locator(".ann-cards").get_by_role("radio", name="Roi", exact=True).click()
    second.get_by_role("button", name="Comparer les annonces").click()
    reason = second.locator("[data-ann-result]")
    reason.wait_for()
    assert "Tierce" in reason.inner_text() and "Zoé" in reason.inner_text()
    assert second.locator("#id_ann_points").input_value() == "20"
    shot(second, "coinche-hand-2-announcements")
    played.append(
        scoring.CoincheHand("B", 90, "spades", None, "B", 70, announcements=scoring.Pair(20, 0))
    )
    assert scoring.score_match(rules, played).hands[-1].outcome == scoring.Outcome.DEDANS
    save(second, 2)
    both_show(pages, 2, expected())

    # Hand 3, first phone: Zoé bids capot at ♦ and makes it: the match ends.
    form = first.locator("#hand-form")
    tap_contract(form, taker="Zoé", bid="Capot", suit="Carreau")
    form.locator("fieldset.capot").get_by_label("Léa & Zoé", exact=True).check()
    played.append(scoring.CoincheHand("A", "capot", "diamonds", None, capot="A"))
    result = scoring.score_match(rules, played)
    assert result.finished and result.winner == "A"
    save(first, 3)
    both_show(pages, 3, expected())
    for page in pages:
        page.locator("#scoreboard .banner-win").wait_for()
        assert "Léa & Zoé" in page.locator("#scoreboard .banner-win").inner_text()
    second.locator("#scoreboard").scroll_into_view_if_needed()
    shot(second, "coinche-end-second-phone")
    assert CSP_PROBLEMS == []
