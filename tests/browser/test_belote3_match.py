"""Real browser, issue 29's acceptance for belote for three: a match made on
one phone from the new-match page (three names, no teams; announcements
played; to 501) and shared by its link to two more phones, all at 390x844
in French. Its hands are typed on different phones in the table's words
(who took, each player's trick points, the last one shown as the rest of
162, a capot, the belote, an announcement, "tout le monde passe"): a made
contract, a dedans split between the defenders, a litige, a redeal, a
belote with an announcement typed without network, a capot for the taker
and one against him, to the target. After each hand every phone shows the
three totals that the contract's arithmetic gives (BELOTE_3_2, *Scoring one
hand*, computed below by ``contract_totals``, not by the engine); the last
hand ends the match on every phone, won by a player who did not take.

With ``SCREENSHOTS=dir`` the phones keep their shots (``belote3-*``)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scoresheets.models import Match
from tests.browser.phones import CSP_PROBLEMS, phone, totals
from tests.browser.test_coinche_match import shot
from tests.browser.test_conflicts import elsewhere
from tests.browser.test_offline import _context, _open_offline_ready, set_network

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ("Anne", "Bruno", "Chloé")  # players A, B, C
TARGET = 501
ISOLATES = str.maketrans("", "", "\u2068\u2069")  # FSI, PDI around names (docs/rtl.md)


def contract_totals(hands: list[dict], *, players: str = "ABC", target: int = TARGET):
    """Every player's running total after ``hands`` and the winner (or
    ``None``), by BELOTE_3_2 under the presets' rules (each, split, litige
    fall at three; reserve at two; capot 252; no rounding). A hand:
    ``taker`` (None: a redeal), ``points`` (every player's trick points, the
    derived one included) or ``capot``, ``belote``, ``ann`` ({player: n})."""
    running = dict.fromkeys(players, 0)
    reserve = 0
    winner = None
    for hand in hands:
        assert winner is None, "a hand after the end"
        taker = hand["taker"]
        if taker is None:
            continue
        capot = hand.get("capot")
        tp = {p: (252 if p == capot else 0) for p in players} if capot else dict(hand["points"])
        ann = {p: hand.get("ann", {}).get(p, 0) for p in players}
        bel = {p: 20 if hand.get("belote") == p else 0 for p in players}
        total = {p: tp[p] + ann[p] + bel[p] for p in players}
        defenders = [p for p in players if p != taker]
        bar = max(total[d] for d in defenders)
        if capot:
            outcome = "made" if capot == taker else "dedans"
        elif total[taker] > bar:
            outcome = "made"
        elif total[taker] < bar or len(players) == 3:  # litige "fall" at three
            outcome = "dedans"
        else:
            outcome = "litige"  # "reserve" at two
        pot = sum(tp.values()) + sum(ann.values())
        if outcome == "made":
            score = dict(total)
            score[taker] += reserve
            reserve = 0
        elif outcome == "dedans":
            score = {taker: bel[taker]}
            share = pot if len(defenders) == 1 else pot // 2
            for d in defenders:
                score[d] = share + bel[d]
            if len(defenders) == 1:
                score[defenders[0]] += reserve
                reserve = 0
        else:
            score = {p: total[p] for p in defenders}
            score[taker] = bel[taker]
            reserve += total[taker] - bel[taker]
        for p in players:
            running[p] += score[p]
        top = max(running.values())
        leaders = [p for p in players if running[p] == top]
        if top >= target and len(leaders) == 1:
            winner = leaders[0]
    return [str(running[p]) for p in players], winner


def test_the_arithmetic_of_the_test_is_the_contract_s_examples():
    """``contract_totals`` gives BELOTE_3_2's own examples (A takes)."""
    A = "A"

    def one(**hand):
        return contract_totals([{"taker": A, **hand}])[0]

    assert one(points={"A": 70, "B": 50, "C": 42}) == ["70", "50", "42"]
    assert one(points={"A": 50, "B": 70, "C": 42}) == ["0", "81", "81"]
    assert one(points={"A": 60, "B": 60, "C": 42}) == ["0", "81", "81"]
    assert one(points={"A": 62, "B": 45, "C": 55}, belote="B") == ["0", "101", "81"]
    assert one(capot="B") == ["0", "126", "126"]
    assert one(capot="A", belote="A") == ["272", "0", "0"]
    two = {"players": "AB"}
    assert contract_totals([{"taker": A, "points": {"A": 82, "B": 80}}], **two)[0] == ["82", "80"]
    assert contract_totals([{"taker": A, "points": {"A": 70, "B": 92}}], **two)[0] == ["0", "162"]
    litige = [
        {"taker": A, "points": {"A": 81, "B": 81}},
        {"taker": "B", "points": {"A": 0, "B": 162}},
    ]
    assert contract_totals(litige[:1], **two)[0] == ["0", "81"]
    assert contract_totals(litige, **two)[0] == ["0", "324"]  # 81 + 162 + the 81 kept


def create_belote3_match(page, base_url: str) -> None:
    """The new-match page: belote for three, its preset, announcements
    played, to 501. It asks three names and no team names."""
    page.goto(f"{base_url}/nouvelle/")
    page.locator(".game-choice").get_by_label("Belote à trois", exact=True).check()
    expect(page.locator("#id_player_4")).to_be_hidden()
    expect(page.locator("#id_player_3")).to_be_visible()
    for hidden in page.locator("[data-for-teams]").all():
        expect(hidden).to_be_hidden()
    expect(page.locator("[data-for-players]").first).to_be_visible()
    for seat, name in enumerate(NAMES, start=1):
        page.locator(f"#id_player_{seat}").fill(name)
    rules = page.locator('[data-game-rules="belote3"]')
    rules.locator("label.preset", has_text="Belote à trois").click()
    rules.locator("details summary").click()
    page.locator("#id_belote3-target").fill(str(TARGET))
    page.locator("#id_belote3-announcements").check()
    shot(page, "belote3-new-match")
    page.get_by_role("button", name="Commencer la partie").click()
    page.wait_for_url(re.compile(r"/m/[\w-]+/$"))


def _form(page):
    return page.locator("#hand-form")


def type_hand(page, *, taker: str, points=(), capot=None, belote=None, ann=None, derived=None):
    """Tap a hand into ``page``'s form: who took, the first players' trick
    points (the last one's is then shown: ``derived``), a capot, the belote,
    an announcement (player, points)."""
    f = _form(page)
    f.locator("fieldset.takers").get_by_label(taker, exact=True).check()
    for field, value in zip(("#id_points_a", "#id_points_b"), points, strict=False):
        f.locator(field).fill(str(value))
    if derived is not None:
        expect(f.locator("[data-derived-points]")).to_have_text(str(derived))
    if capot:
        f.locator("fieldset.capot").get_by_label(capot, exact=True).check()
        expect(f.locator("#id_points_a")).to_be_disabled()
    if belote:
        f.locator("fieldset.belote").get_by_label(belote, exact=True).check()
    if ann:
        who, value = ann
        details = f.locator("details.more-announcements")
        if details.get_attribute("open") is None:
            details.locator("summary").click()
        f.locator("fieldset.ann-player-choice").get_by_label(who, exact=True).check()
        f.locator("#id_ann_points").fill(str(value))


def save(page, number: int) -> None:
    page.locator("#hand-form #preview .outcome").wait_for()
    _form(page).get_by_role("button", name="Valider la donne").click()
    page.locator(f"#hand-{number}").wait_for()


def all_show(pages, number: int, expected: list[str]) -> None:
    for page in pages:
        page.locator(f"#hand-{number}").wait_for()
        expect(page.locator("#scoreboard .total-points")).to_have_text(expected)
        assert totals(page) == expected


def test_a_belote3_match_on_three_phones_in_french(live_server, browser):
    anne, bruno, chloe = NAMES
    phones = [phone(browser)]
    create_belote3_match(phones[0], live_server.url)
    match = elsewhere(Match.objects.get)
    # The preset, two rules changed: the match's rules are its own.
    assert (match.game, match.preset, match.rules.target) == ("belote3", "custom", TARGET)
    assert (match.rules.announcements, match.rules.dedans) == (True, "split")
    url = phones[0].url
    phones.append(phone(browser))
    phones[1].goto(url)
    # The third phone's service worker keeps the page: it types a hand offline.
    offline = _context(browser)
    phones.append(_open_offline_ready(offline, url, url.removeprefix(live_server.url)))
    for page in phones:
        expect(page.locator("#scoreboard .total-name")).to_have_text(list(NAMES))
        expect(page.locator("#scoreboard .total-points")).to_have_text(["0", "0", "0"])
    played: list[dict] = []

    def expected() -> list[str]:
        return contract_totals(played)[0]

    # Hand 1, Anne's phone: Anne takes, 70; Bruno 50; Chloé has the rest, 42,
    # shown as they are typed. 70 > 50 and 42: made, each his own.
    page = phones[0]
    type_hand(page, taker=anne, points=(70, 50), derived=42)
    shot(page, "belote3-hand-1-typed")
    played.append({"taker": "A", "points": {"A": 70, "B": 50, "C": 42}})
    save(page, 1)
    all_show(phones, 1, expected())
    assert expected() == ["70", "50", "42"]

    # Hand 2, Bruno's phone: Bruno takes, 50; Anne 42, Chloé 70: dedans, the
    # two defenders share the 162: 81 each.
    page = phones[1]
    type_hand(page, taker=bruno, points=(42, 50), derived=70)
    played.append({"taker": "B", "points": {"A": 42, "B": 50, "C": 70}})
    save(page, 2)
    all_show(phones, 2, expected())
    assert expected() == ["151", "50", "123"]

    # Hand 3, Chloé's phone: everybody passed: a redeal, nothing scored.
    page = phones[2]
    redeal = _form(page).locator("details.redeal")
    redeal.locator("summary").click()
    redeal.get_by_role("button", name="Confirmer : tout le monde passe").click()
    played.append({"taker": None})
    all_show(phones, 3, expected())
    assert expected() == ["151", "50", "123"]

    # Hand 4, Chloé's phone: Chloé takes, 60; Anne 60 too (Bruno 42): a
    # litige, which the preset's rule makes a dedans: 81 to each defender.
    type_hand(page, taker=chloe, points=(60, 42), derived=60)
    played.append({"taker": "C", "points": {"A": 60, "B": 42, "C": 60}})
    save(page, 4)
    all_show(phones, 4, expected())
    assert expected() == ["232", "131", "123"]

    # Hand 5, Chloé's phone without network: Bruno takes, 62, with the belote
    # and a cinquante (50): 132 against 50 and 50 (derived): made. The hand
    # waits on the phone, then leaves when the network is back.
    set_network(offline, online=False)
    page.wait_for_function("() => !navigator.onLine")
    type_hand(page, taker=bruno, points=(50, 62), belote=bruno, ann=(bruno, 50), derived=50)
    expect(page.locator("#preview .outcome.is-local")).to_be_visible()
    shot(page, "belote3-hand-5-offline")
    _form(page).get_by_role("button", name="Valider la donne").click()
    expect(page.locator("#pending-hands li.is-pending")).to_have_count(1)
    played.append(
        {"taker": "B", "points": {"A": 50, "B": 62, "C": 50}, "belote": "B", "ann": {"B": 50}}
    )
    set_network(offline, online=True)
    page.locator("#pending-hands").wait_for(state="hidden")
    all_show(phones, 5, expected())
    assert expected() == ["282", "263", "173"]

    # Hand 6, Anne's phone: Chloé takes and takes every trick: 252 to her.
    page = phones[0]
    type_hand(page, taker=chloe, capot=chloe)
    played.append({"taker": "C", "capot": "C"})
    save(page, 6)
    all_show(phones, 6, expected())
    assert expected() == ["282", "263", "425"]

    # Hand 7, Bruno's phone: Anne takes, 100; Bruno 30, Chloé 32: made.
    page = phones[1]
    type_hand(page, taker=anne, points=(100, 30), derived=32)
    played.append({"taker": "A", "points": {"A": 100, "B": 30, "C": 32}})
    save(page, 7)
    all_show(phones, 7, expected())
    assert expected() == ["382", "293", "457"]
    for page in phones:
        expect(page.locator("#scoreboard .banner-win")).to_have_count(0)

    # Hand 8, Anne's phone: Bruno takes; Anne takes every trick against him:
    # the 252 split, 126 each to Anne and Chloé. Chloé, 583, is alone past
    # 501: she wins, though she did not take.
    page = phones[0]
    type_hand(page, taker=bruno, capot=anne)
    played.append({"taker": "B", "capot": "A"})
    assert contract_totals(played) == (["508", "293", "583"], "C")
    save(page, 8)
    all_show(phones, 8, expected())
    for page in phones:
        banner = page.locator("#scoreboard .banner-win")
        expect(banner).to_have_class(re.compile(r"\bteam-c\b"))
        said = " ".join(banner.inner_text().translate(ISOLATES).split())
        assert f"Victoire : {chloe} !" in said
        expect(page.locator("#hand-form")).to_be_hidden()  # the match is over
    shot(phones[1], "belote3-sheet-end")
    assert CSP_PROBLEMS == []
    offline.close()
