"""Real browser, issue 29's acceptance for belote for two: a match made on
one phone from the new-match page (two names, no teams; the preset, to 501)
and shared by its link to the other player's phone, both at 390x844 in
French. Its hands are typed on both phones: a made contract, a litige whose
points wait in the reserve and go to the next winner, a redeal, a dedans
with the defender's belote typed without network (kept on the phone, then
stored once when the network is back), a capot, to the target, which both
pass on the last hand: the one alone at the top wins. After each hand both
phones show the totals that the contract's arithmetic gives
(``contract_totals``, the belote3 test's, not the engine's), which are the
server's; the last player's points are the rest of 162, shown as typed.

With ``SCREENSHOTS=dir`` the phones keep their shots (``belote2-*``)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scoresheets.models import Hand, Match
from tests.browser.phones import CSP_PROBLEMS, phone
from tests.browser.test_belote3_match import ISOLATES, all_show, contract_totals, save, type_hand
from tests.browser.test_coinche_match import shot
from tests.browser.test_conflicts import elsewhere
from tests.browser.test_offline import _context, _open_offline_ready, set_network

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ("Anne", "Bruno")  # players A, B
TARGET = 501


def create_belote2_match(page, base_url: str) -> None:
    """The new-match page: belote for two, its preset, to 501. It asks two
    names and no team names."""
    page.goto(f"{base_url}/nouvelle/")
    page.locator(".game-choice").get_by_label("Belote à deux", exact=True).check()
    expect(page.locator("#id_player_2")).to_be_visible()
    for seat in (3, 4):
        expect(page.locator(f"#id_player_{seat}")).to_be_hidden()
    for hidden in page.locator("[data-for-teams]").all():
        expect(hidden).to_be_hidden()
    for seat, name in enumerate(NAMES, start=1):
        page.locator(f"#id_player_{seat}").fill(name)
    rules = page.locator('[data-game-rules="belote2"]')
    rules.locator("label.preset", has_text="Belote à deux").click()
    rules.locator("details summary").click()
    page.locator("#id_belote2-target").fill(str(TARGET))
    shot(page, "belote2-new-match")
    page.get_by_role("button", name="Commencer la partie").click()
    page.wait_for_url(re.compile(r"/m/[\w-]+/$"))


def _reserve(page):
    return page.locator("#scoreboard .reserve")


def _server_totals() -> list[str]:
    """The match's totals as the server stores them."""
    a, b = elsewhere(lambda: Match.objects.values_list("total_a", "total_b").get())
    return [str(a), str(b)]


def _stored_numbers() -> list[int]:
    """The numbers of the match's live hands as the server stores them."""
    live = Hand.objects.filter(deleted_at__isnull=True).order_by("number")
    return elsewhere(lambda: list(live.values_list("number", flat=True)))


def test_a_belote2_match_on_two_phones_in_french(live_server, browser):
    anne, bruno = NAMES
    phones = [phone(browser)]
    create_belote2_match(phones[0], live_server.url)
    match = elsewhere(Match.objects.get)
    assert (match.game, match.rules.target, match.rules.litige) == ("belote2", TARGET, "reserve")
    # Bruno's phone: its service worker keeps the page, it types a hand offline.
    url = phones[0].url
    offline = _context(browser)
    phones.append(_open_offline_ready(offline, url, url.removeprefix(live_server.url)))
    for page in phones:
        expect(page.locator("#scoreboard .total-name")).to_have_text(list(NAMES))
        expect(page.locator("#scoreboard .total-points")).to_have_text(["0", "0"])
        expect(page.locator("#hand-form details.more-announcements")).to_have_count(0)
    played: list[dict] = []

    def expected() -> list[str]:
        return contract_totals(played, players="AB")[0]

    # Hand 1, Anne's phone: Anne takes, 82; Bruno has the rest, 80: made.
    page = phones[0]
    type_hand(page, taker=anne, points=(82,), derived=80)
    shot(page, "belote2-hand-1-typed")
    played.append({"taker": "A", "points": {"A": 82, "B": 80}})
    save(page, 1)
    all_show(phones, 1, expected())
    assert expected() == ["82", "80"]

    # Hand 2, Bruno's phone: Bruno takes; 81 each: a litige. Anne scores her
    # 81, Bruno's 81 wait in the reserve.
    page = phones[1]
    type_hand(page, taker=bruno, points=(81,), derived=81)
    played.append({"taker": "B", "points": {"A": 81, "B": 81}})
    save(page, 2)
    all_show(phones, 2, expected())
    assert expected() == ["163", "80"]
    for each in phones:
        expect(_reserve(each)).to_have_text("Réserve : 81")
        expect(each.locator("#hand-2 .badge-litige")).to_contain_text("81 en réserve")

    # Hand 3, Anne's phone: Bruno takes again, 100 against 62: made, and the
    # 81 of the reserve are his: 181.
    page = phones[0]
    type_hand(page, taker=bruno, points=(62,), derived=100)
    played.append({"taker": "B", "points": {"A": 62, "B": 100}})
    save(page, 3)
    all_show(phones, 3, expected())
    assert expected() == ["225", "261"]
    for each in phones:
        expect(_reserve(each)).to_have_count(0)
        expect(each.locator("#hand-3")).to_contain_text("Réserve +81")

    # Hand 4, Bruno's phone: everybody passed: a redeal.
    page = phones[1]
    redeal = page.locator("#hand-form details.redeal")
    redeal.locator("summary").click()
    redeal.get_by_role("button", name="Confirmer : tout le monde passe").click()
    played.append({"taker": None})
    all_show(phones, 4, expected())
    assert expected() == ["225", "261"]

    # Hand 5, Bruno's phone without network: Anne takes, 62; Bruno 100 and
    # the belote: dedans, Bruno scores the 162 and his belote. The phone
    # previews it itself and keeps it; Anne's phone sees nothing yet; the
    # hand leaves when the network is back and is stored once.
    set_network(offline, online=False)
    page.wait_for_function("() => !navigator.onLine")
    type_hand(page, taker=anne, points=(62,), belote=bruno, derived=100)
    expect(page.locator("#preview .outcome.is-local")).to_be_visible()
    shot(page, "belote2-hand-5-offline")
    page.locator("#hand-form").get_by_role("button", name="Valider la donne").click()
    expect(page.locator("#pending-hands li.is-pending")).to_have_count(1)
    expect(page.locator('#hand-form input[name="number"]')).to_have_value("6")
    played.append({"taker": "A", "points": {"A": 62, "B": 100}, "belote": "B"})
    assert expected() == ["225", "443"]
    # This phone counts the kept hand in its totals, marked "en attente"; the
    # server has 4 hands.
    counted = [re.compile(rf"^{total}(?!\d).*en attente") for total in expected()]
    expect(page.locator("#scoreboard .total-points")).to_have_text(counted)
    assert _stored_numbers() == [1, 2, 3, 4]
    expect(phones[0].locator("#scoreboard .total-points")).to_have_text(["225", "261"])
    set_network(offline, online=True)
    page.locator("#pending-hands").wait_for(state="hidden")
    all_show(phones, 5, expected())
    assert _stored_numbers() == [1, 2, 3, 4, 5]  # stored once
    assert _server_totals() == expected()

    # Hand 6, Anne's phone: Anne takes every trick: 252.
    page = phones[0]
    type_hand(page, taker=anne, capot=anne)
    played.append({"taker": "A", "capot": "A"})
    save(page, 6)
    all_show(phones, 6, expected())
    assert expected() == ["477", "443"]
    for each in phones:
        expect(each.locator("#scoreboard .banner-win")).to_have_count(0)
        # Every untouched form follows the sheet to hand 7 (Bruno's too, the
        # fresh form its kept hand's answer brought).
        expect(each.locator('#hand-form input[name="number"]')).to_have_value("7")
        expect(each.locator("#hand-form [data-stale-note]")).to_be_hidden()

    # Hand 7, Bruno's phone: Bruno takes, 132 against 30: both pass 501,
    # Bruno alone at the top with 575: he wins.
    page = phones[1]
    type_hand(page, taker=bruno, points=(30,), derived=132)
    played.append({"taker": "B", "points": {"A": 30, "B": 132}})
    assert contract_totals(played, players="AB") == (["507", "575"], "B")
    save(page, 7)
    all_show(phones, 7, expected())
    for each in phones:
        banner = each.locator("#scoreboard .banner-win")
        expect(banner).to_have_class(re.compile(r"\bteam-b\b"))
        said = " ".join(banner.inner_text().translate(ISOLATES).split())
        assert f"Victoire : {bruno} !" in said
        expect(each.locator("#hand-form")).to_be_hidden()  # the match is over
    shot(phones[0], "belote2-sheet-end")
    assert _stored_numbers() == [1, 2, 3, 4, 5, 6, 7]
    assert _server_totals() == expected()
    assert CSP_PROBLEMS == []
    offline.close()
