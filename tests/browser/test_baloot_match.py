"""Real browser, issue 30's acceptance for baloot: a match made from the
new-match page (Kammelna's rules, to 152) and played on four phones at
390x844, one hand on each in turn in the table's words (who bought, Sun or
Hokm, the card points of one team, projects by their chips, the baloot, a
doubling, a kaboot with an ashkal, everybody passing), to the end. After
each hand every phone shows the totals the contract's arithmetic gives
(the Python engine's, and the figures written out below); one phone types
a hand without network and its preview is the phone's own scorer's.

Played twice: in Arabic, the table's own language (phones in ``ar-SA``,
players فهد, بدر, سعد, ماجد; صن / حكم, سرا، خمسين, دبل, خسران, أشكل: the
words BALOOT.md lists), where every page is ``lang="ar" dir="rtl"`` and
scrolls no sideways at 390 px after each hand, a hand typed with the
keyboard open included; and in French, the site's first language. The
steps are the same; only the words differ (``WORDS``). Fields are found by
their ids and fieldsets' classes, choices by the words a player reads.

With ``SCREENSHOTS=dir`` the Arabic run also keeps its shots in dark mode
(the README's ``ar-baloot-*``)."""

from __future__ import annotations

import re
from dataclasses import dataclass

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

WIDE = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
KEYBOARD_OPEN = {"width": 390, "height": 500}  # 844 px less a phone keyboard
PHONE = {"width": 390, "height": 844}
ISOLATES = str.maketrans("", "", "\u2068\u2069")  # FSI, PDI around names (docs/rtl.md)


@dataclass(frozen=True)
class Words:
    """What a player reads, in one language: the players' names (1 & 3
    against 2 & 4), and the words the test taps or looks for."""

    locale: str
    lang: str
    dir: str
    shots: str  # the screenshots' prefix
    names: tuple[str, str, str, str]
    game: str
    preset: str
    start: str
    who_bought: str
    sun: str
    hokm: str
    add: str  # a project's "+1", its name in {}
    sira: str
    fifty: str
    save: str
    everybody_passes: str
    double: str
    gahwa: str
    khasran: str
    ashkal: str
    victory: str  # the winner banner, the team in {}

    @property
    def team_a(self) -> str:
        return f"{self.names[0]} & {self.names[2]}"

    @property
    def team_b(self) -> str:
        return f"{self.names[1]} & {self.names[3]}"


WORDS = {
    "ar": Words(
        locale="ar-SA",
        lang="ar",
        dir="rtl",
        shots="ar-baloot",
        names=("فهد", "بدر", "سعد", "ماجد"),
        game="بلوت",
        preset="قواعد كملنا",
        start="ابدأ المباراة",
        who_bought="من اشترى؟",
        sun="صن",
        hokm="حكم",
        add="إضافة: {}",
        sira="سرا",
        fifty="خمسين",
        save="احفظ الجولة",
        everybody_passes="تأكيد: الكل يمرّر",
        double="دبل ×2",
        gahwa="قهوة",
        khasran="خسران",
        ashkal="أشكل (صن يُشترى للشريك)",
        victory="الفوز: {}!",
    ),
    "fr": Words(
        locale="fr-FR",
        lang="fr",
        dir="ltr",
        shots="baloot",
        names=("Fahad", "Badr", "Saad", "Majed"),
        game="Baloot",
        preset="Règles de Kammelna",
        start="Commencer la partie",
        who_bought="Qui a acheté ?",
        sun="Sun",
        hokm="Hokm",
        add="Ajouter : {}",
        sira="Sira",
        fifty="Cinquante",
        save="Valider la donne",
        everybody_passes="Confirmer : tout le monde passe",
        double="Doublé ×2",
        gahwa="Gahwa",
        khasran="Khasran",
        ashkal="Ashkal (Sun acheté pour le partenaire)",
        victory="Victoire : {} !",
    ),
}


def shots(page, words: Words, name: str) -> None:
    """``shot`` the phone as it is; in Arabic, in dark mode too."""
    shot(page, f"{words.shots}-{name}")
    if words.lang == "ar":
        page.emulate_media(color_scheme="dark")
        shot(page, f"{words.shots}-{name}-dark")
        page.emulate_media(color_scheme="light")


def reads_its_language(page, words: Words) -> None:
    """The page is in the phone's language and direction, and 390 px wide
    it scrolls no sideways."""
    assert page.locator("html").get_attribute("lang") == words.lang, page.url
    assert page.locator("html").get_attribute("dir") == words.dir, page.url
    assert page.evaluate(WIDE) <= 0, page.url


def create_baloot_match(page, base_url: str, words: Words) -> None:
    """The new-match page: Baloot, its default preset (Kammelna's, to 152)."""
    page.goto(f"{base_url}/nouvelle/")
    reads_its_language(page, words)
    for seat, name in enumerate(words.names, start=1):
        page.locator(f"#id_player_{seat}").fill(name)
    page.locator(".game-choice").get_by_label(words.game, exact=True).check()
    rules = page.locator('[data-game-rules="baloot"]')
    rules.locator("label.preset", has_text=words.preset).click()
    assert page.locator("#id_baloot-target").input_value() == "152"
    reads_its_language(page, words)
    shots(page, words, "new-match")
    page.get_by_role("button", name=words.start).click()
    page.wait_for_url(re.compile(r"/m/[\w-]+/$"))


def _form(page):
    return page.locator("#hand-form")


def _buy(page, who: str, contract: str) -> None:
    f = _form(page)
    f.locator("fieldset.takers").get_by_label(who, exact=True).check()
    f.locator("fieldset.baloot-contract").get_by_label(contract, exact=True).check()


def _chip(page, fieldset: str, label: str) -> None:
    _form(page).locator(f"fieldset.{fieldset}").get_by_label(label, exact=True).check()


def _project(page, words: Words, name: str) -> None:
    details = _form(page).locator("details.baloot-projects")
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    details.get_by_role("button", name=words.add.format(name), exact=True).click()


def _other_points(page, team: str, points: int) -> None:
    """The other team's card points, shown as the points are typed."""
    other = _form(page).locator("[data-other-points]")
    expect(other).to_contain_text(f"{team} {points}")


def _save(page, words: Words, number: int) -> None:
    page.locator("#hand-form #preview .outcome").wait_for()
    _form(page).get_by_role("button", name=words.save).click()
    page.locator(f"#hand-{number}").wait_for()


def _all_show(pages, words: Words, number: int, expected: list[str]) -> None:
    for page in pages:
        page.locator(f"#hand-{number}").wait_for()
        page.locator("#scoreboard .total-points", has_text=expected[0]).first.wait_for()
        assert totals(page) == expected
        reads_its_language(page, words)


@pytest.mark.parametrize("language", ["ar", "fr"])
def test_a_baloot_match_on_four_phones_to_152(live_server, browser, language):
    words = WORDS[language]
    team_a, team_b = words.team_a, words.team_b
    fahad, badr, saad, majed = words.names
    phones = [phone(browser, locale=words.locale) for _ in range(3)]
    create_baloot_match(phones[0], live_server.url, words)
    match = elsewhere(Match.objects.get)
    assert (match.game, match.preset, match.rules.target) == ("baloot", "kammelna", 152)
    assert (match.team_a_name, match.team_b_name) == (team_a, team_b)
    url = phones[0].url
    for other in phones[1:]:
        other.goto(url)
    # The fourth phone's service worker keeps the page: it types a hand offline.
    offline = _context(browser, locale=words.locale)
    phones.append(_open_offline_ready(offline, url, url.removeprefix(live_server.url)))
    for page in phones:
        reads_its_language(page, words)
    assert words.who_bought in phones[1].locator("#hand-form").inner_text()
    played: list[BalootHand] = []

    def expected() -> list[str]:
        result = score_match(ENGINE, match.rules, played)
        return [str(result.totals.a), str(result.totals.b)]

    # Hand 1, Fahad's phone: a Hokm, 100 of 162 for his team, typed with the
    # keyboard open (the page shrinks to 390x500, nothing goes sideways),
    # then his sira by its chip. 62 -> 6, A 16 - 6 = 10, + sira 2: A 12, B 6.
    page = phones[0]
    _buy(page, fahad, words.hokm)
    _form(page).locator("#id_points").click()
    page.set_viewport_size(KEYBOARD_OPEN)
    page.keyboard.type("100")
    _other_points(page, team_b, 62)
    page.locator("#preview .outcome").wait_for()
    reads_its_language(page, words)
    shots(page, words, "hand-keyboard")
    page.set_viewport_size(PHONE)
    _project(page, words, words.sira)
    assert _form(page).locator("#id_sira").input_value() == "1"
    reads_its_language(page, words)
    shot(page, f"{words.shots}-hand-1-typed")
    played.append(BalootHand("A", "hokm", "A", 100, projects=Pair(("sira",), ())))
    _save(page, words, 1)
    _all_show(phones, words, 1, expected())
    assert expected() == ["12", "6"]

    # Hand 2, Badr's phone: a Sun, 90 of 130 for his team (A 40, shown), his
    # fifty: B 18 + 10 = 28, A 8. The Sun hides the baloot and three/four/gahwa.
    page = phones[1]
    _buy(page, badr, words.sun)
    _form(page).locator("#id_points").fill("90")
    _other_points(page, team_a, 40)
    expect(_form(page).locator("fieldset.baloot-baloot")).to_be_hidden()
    doubling = _form(page).locator("fieldset.baloot-doubling")
    expect(doubling.get_by_text(words.gahwa)).to_be_hidden()
    _project(page, words, words.fifty)
    played.append(BalootHand("B", "sun", "B", 90, projects=Pair((), ("fifty",))))
    _save(page, words, 2)
    _all_show(phones, words, 2, expected())
    assert expected() == ["20", "34"]

    # Hand 3, Saad's phone: everybody passed twice: a redeal, nothing written.
    page = phones[2]
    redeal = _form(page).locator("details.redeal")
    redeal.locator("summary").click()
    redeal.get_by_role("button", name=words.everybody_passes).click()
    page.locator("#hand-3").wait_for()
    played.append(BalootHand(None))
    _all_show(phones, words, 3, expected())
    assert expected() == ["20", "34"]

    # Hand 4, Majed's phone, without network: a Hokm doubled, B took 70, A
    # the baloot. 70 < 92: khasran, A writes 16 x 2 = 32 and its baloot 2.
    # The preview is this phone's own scorer's (scoring.js, the twin), then
    # the server's: both say khasran.
    page = phones[3]
    set_network(offline, online=False)
    page.wait_for_function("() => !navigator.onLine")
    _buy(page, majed, words.hokm)
    _form(page).locator("#id_points").fill("70")
    _chip(page, "baloot-baloot", team_a)
    _chip(page, "baloot-doubling", words.double)
    preview = page.locator("#preview")
    expect(preview.locator(".outcome.is-local .outcome-scores b")).to_have_text(["+34", "+0"])
    expect(preview.locator(".outcome.is-local .outcome-line")).to_have_text(words.khasran)
    reads_its_language(page, words)
    shot(page, f"{words.shots}-hand-4-offline")
    set_network(offline, online=True)
    page.wait_for_function("() => navigator.onLine")
    _form(page).locator("#id_points").fill("70")  # asks the server's preview again
    served = page.locator("#hand-form #preview .outcome:not(.is-local)")
    expect(served).to_have_class(re.compile(r"\boutcome-khasran\b"))
    expect(served.locator(".outcome-line")).to_contain_text(words.khasran.lower())
    played.append(BalootHand("B", "hokm", "B", 70, baloot="A", doubling="double"))
    _save(page, words, 4)
    _all_show(phones, words, 4, expected())
    assert expected() == ["54", "34"]
    for each in phones:
        assert words.khasran.lower() in each.locator("#hand-4").inner_text().lower()

    # Hand 5, Fahad's phone: an ashkal Sun, and his team took every trick: 44.
    page = phones[0]
    _buy(page, fahad, words.sun)
    _form(page).get_by_label(words.ashkal).check()
    _chip(page, "baloot-kaboot", team_a)
    expect(_form(page).locator("#id_points")).to_be_disabled()
    played.append(BalootHand("A", "sun", kaboot="A", ashkal=True))
    _save(page, words, 5)
    _all_show(phones, words, 5, expected())
    assert expected() == ["98", "34"]

    # Hand 6, Badr's phone: a Hokm, points typed for the other team (A 62),
    # Badr's baloot: B 16 - 6 + 2 = 12, A 6.
    page = phones[1]
    _buy(page, badr, words.hokm)
    _form(page).locator("#id_points").fill("62")
    _chip(page, "points-team", team_a)
    _chip(page, "baloot-baloot", team_b)
    played.append(BalootHand("B", "hokm", "A", 62, baloot="B"))
    _save(page, words, 6)
    _all_show(phones, words, 6, expected())
    assert expected() == ["104", "46"]

    # Hand 7, Saad's phone: A has 104 (> 100), B 46 (<= 100): a Sun may be
    # doubled. A 80 / B 50: 16 + 10 = 26, x 2 = 52 to A: 156 >= 152, A wins.
    page = phones[2]
    _buy(page, saad, words.sun)
    _form(page).locator("#id_points").fill("80")
    _chip(page, "baloot-doubling", words.double)
    played.append(BalootHand("A", "sun", "A", 80, doubling="double"))
    result = score_match(ENGINE, match.rules, played)
    assert result.finished and result.winner == "A"
    _save(page, words, 7)
    _all_show(phones, words, 7, expected())
    # The contract's arithmetic, hand by hand: A 12 + 8 + 0 + 34 + 44 + 6 + 52
    # = 156; B 6 + 28 + 0 + 0 + 0 + 12 + 0 = 46.
    assert expected() == ["156", "46"]
    for each in phones:
        banner = each.locator("#scoreboard .banner-win")
        expect(banner).to_have_class(re.compile(r"\bteam-a\b"))
        said = " ".join(banner.inner_text().translate(ISOLATES).split())  # no-break spaces
        assert words.victory.format(team_a) in said
    # The sheet at its end on Fahad's phone (no undo bar: it saved no hand
    # last): the banner, the totals, then the hands from 7 down to the
    # khasran (4), the kaboot (5) between.
    page = phones[0]
    page.locator("#scoreboard").evaluate("(el) => window.scrollTo(0, el.offsetTop - 8)")
    shots(page, words, "sheet-end")
    assert CSP_PROBLEMS == []
    offline.close()
