"""Real browser: the site in Arabic, right to left, on a 390x844 phone (issue 30).

The pages of an evening (home, new match, a sheet with hands, a hand typed
with the keyboard open, a table, a concours) scroll no sideways, and the
layout is mirrored: the sheet's first team is the right-hand column and the
right-hand total, where a French page has it on the left. A baloot match's
pages, in the table's own language, also pass axe in light and dark."""

from __future__ import annotations

import datetime
import json

import pytest
from playwright.sync_api import expect

from scoresheets.concours import services as cs
from scoresheets.games.baloot.engine import BalootHand, BalootRules
from scoresheets.games.belote3.engine import Belote3Hand, Belote3Rules
from scoresheets.matches import services
from scoresheets.models import Concours, Hand
from scoresheets.scoring import Pair
from scoresheets.scoring.kernel import Scores
from scoresheets.season import services as ss
from tests.browser.phones import CSP_PROBLEMS, phone
from tests.browser.test_conflicts import elsewhere
from tests.browser.test_targets import BROKEN_WORDS, SMALL_TARGETS
from tests.factories import hand, make_match, night_concours, play
from tests.tables_fixture import make_fixture
from tests.web.test_concours_knockout import DAY, SHORT, play_out, playing, win

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDE = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
# The horizontal middle of the first element ``selector`` finds (px).
MIDDLE = "(selector) => { const b = document.querySelector(selector).getBoundingClientRect();"
MIDDLE += " return b.left + b.width / 2; }"
KEYBOARD_OPEN = {"width": 390, "height": 500}  # 844 px less a phone keyboard


def evening() -> dict[str, str]:
    """The pages of an evening, by name: their paths."""
    match = play(
        make_match(names=("فهد", "Marc", "سالم", "Léa"), team_a_name="الصقور"),
        hand("A", 100),
        hand("B", 81),
        hand("A", 60),
    )
    table = make_fixture().table
    concours = cs.concours_create(
        name="بطولة النادي",
        date=datetime.date(2026, 12, 5),
        preset="classique",
        settings={"parties": 2, "length": {"donnes": 12}},
    )
    for n, name in enumerate(("الصقور", "Les As", "النجوم", "الأهلي", "Équipe 5"), start=1):
        cs.concours_entrant_register(concours=concours, name=name, players=[f"A{n}", "ب"])
    cs.concours_draw(concours=concours)
    return {
        "home": "/",
        "new match": "/nouvelle/",
        "sheet": f"/m/{match.token}/",
        "table": f"/t/{table.token}/",
        "concours": f"/c/{concours.token}/",
        "concours room": f"/voir/concours/{concours.read_token}/salle/?equipe=1",
    }


def test_the_arabic_pages_read_right_to_left_and_fit_a_phone(live_server, browser):
    pages = elsewhere(evening)
    page = phone(browser, locale="ar-SA")
    for name, path in pages.items():
        page.goto(live_server.url + path)
        assert page.locator("html").get_attribute("lang") == "ar", name
        assert page.locator("html").get_attribute("dir") == "rtl", name
        assert page.evaluate(WIDE) <= 0, name

    # The sheet with its hands: team A (الصقور) on the right, in the
    # totals and in the hands' columns.
    page.goto(live_server.url + pages["sheet"])
    assert page.evaluate(MIDDLE, ".total.team-a") > page.evaluate(MIDDLE, ".total.team-b")
    assert page.evaluate(MIDDLE, ".hand-head .team-a") > page.evaluate(MIDDLE, ".hand-head .team-b")
    # A hand's number on the right, its explanation's words to its left.
    assert page.evaluate(MIDDLE, "#hand-1 .hand-num") > page.evaluate(MIDDLE, "#hand-1 .hand-what")

    # A hand typed with the keyboard open: the viewport shrinks, nothing
    # goes sideways, the preview comes.
    page.locator("#hand-form fieldset.takers").get_by_label("Marc", exact=True).check()
    page.locator("#id_points").click()
    page.set_viewport_size(KEYBOARD_OPEN)
    page.keyboard.type("102")
    page.locator("#preview .outcome").wait_for()
    assert page.evaluate(WIDE) <= 0
    assert CSP_PROBLEMS == []


def test_a_french_sheet_keeps_its_first_team_on_the_left(live_server, browser):
    match = elsewhere(lambda: play(make_match(), hand("A", 100), hand("B", 81)))
    page = phone(browser)
    page.goto(f"{live_server.url}/m/{match.token}/")
    assert page.locator("html").get_attribute("dir") == "ltr"
    assert page.evaluate(MIDDLE, ".total.team-a") < page.evaluate(MIDDLE, ".total.team-b")
    assert page.evaluate(MIDDLE, "#hand-1 .hand-num") < page.evaluate(MIDDLE, "#hand-1 .hand-what")
    assert page.evaluate(MIDDLE, ".hand-head .team-a") < page.evaluate(MIDDLE, ".hand-head .team-b")


def baloot_evening() -> dict[str, str]:
    """A baloot match in Arabic's pages, by name: their paths. Its hands:
    a Hokm made with a sira, a redeal, a doubled Hokm khasran with a
    baloot, an ashkal Sun kaboot (the sheet's every badge)."""
    match = services.match_create(names=["فهد", "بدر", "سعد", "ماجد"], rules=BalootRules())
    for given, seat in (
        (BalootHand("A", "hokm", "A", 100, projects=Pair(("sira",), ())), 1),
        (BalootHand(None), None),
        (BalootHand("B", "hokm", "B", 70, baloot="A", doubling="double"), 4),
        (BalootHand("A", "sun", kaboot="A", ashkal=True), 1),
    ):
        services.hand_record(match=match, hand=given, taker_seat=seat)
    khasran = Hand.objects.filter(match=match).order_by("number")[2]
    return {
        "sheet": f"/m/{match.token}/",
        "correction": f"/m/{match.token}/donnes/{khasran.pk}/",
        "read-only": f"/voir/{match.read_token}/",
    }


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_baloot_pages_in_arabic_pass_axe_and_fit_a_phone(live_server, browser, scheme):
    """Issue 30, baloot in Arabic: the new-match page with baloot chosen, its
    sheet (a khasran, a kaboot), a hand typed with the keyboard open, a
    hand's correction and the read-only link: right to left, no sideways
    scroll at 390 px, no axe violation, every target 44 px, no chip's word
    broken (at 390 and 360 px)."""
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    pages = elsewhere(baloot_evening)
    page = phone(browser, locale="ar-SA")
    page.emulate_media(color_scheme=scheme)
    found: dict[str, list] = {}

    def check(name: str) -> None:
        assert page.locator("html").get_attribute("lang") == "ar", name
        assert page.locator("html").get_attribute("dir") == "rtl", name
        page.evaluate("() => document.querySelectorAll('details').forEach((d) => d.open = true)")
        problems = [["sideways", page.evaluate(WIDE)]] if page.evaluate(WIDE) > 0 else []
        problems += [["axe", v["id"], [n["target"] for n in v["nodes"]][:5]]
                     for v in axe.run(page).response["violations"]]  # fmt: skip
        problems += [["small", *target] for target in page.evaluate(SMALL_TARGETS)]
        for width in (390, 360):
            page.set_viewport_size({"width": width, "height": page.viewport_size["height"]})
            problems += [["broken", width, word] for word in page.evaluate(BROKEN_WORDS)]
        page.set_viewport_size({"width": 390, "height": page.viewport_size["height"]})
        if problems:
            found[name] = problems

    page.goto(f"{live_server.url}/nouvelle/")
    page.locator(".game-choice").get_by_label("بلوت", exact=True).check()
    page.locator('[data-game-rules="baloot"]').wait_for()
    check("new match, baloot chosen")
    for name, path in pages.items():
        page.goto(live_server.url + path)
        check(name)

    # The next hand typed on the sheet with the keyboard open: a Hokm, its
    # points, the preview; the form then seen whole, its projects open.
    page.goto(live_server.url + pages["sheet"])
    form = page.locator("#hand-form")
    form.locator("fieldset.takers").get_by_label("بدر", exact=True).check()
    form.locator("fieldset.baloot-contract").get_by_label("حكم", exact=True).check()
    page.locator("#id_points").click()
    page.set_viewport_size(KEYBOARD_OPEN)
    page.keyboard.type("70")
    page.locator("#preview .outcome").wait_for()
    assert page.evaluate(WIDE) <= 0
    check("hand typed, keyboard open")
    page.set_viewport_size({"width": 390, "height": 844})
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)
    assert CSP_PROBLEMS == []


def belote3_sheet() -> str:
    """A belote3 match of Arabic and Latin names past 1000, every badge on
    its rows: its sheet's path."""
    match = services.match_create(
        names=("فهد", "Bruno", "سالم"),
        rules=Belote3Rules(target=2000, announcements=True),
        preset="custom",
    )
    ann = Scores({"B": 50})
    for one in (
        *(Belote3Hand(taker, capot=taker, belote=taker) for taker in "AAAA"),
        Belote3Hand("B", Scores({"A": 50, "B": 62}), belote="B", announcements=ann),
        Belote3Hand("C", Scores({"A": 70, "B": 42})),
        Belote3Hand(None),
    ):
        services.hand_record(match=match, hand=one)
    return f"/m/{match.token}/"


def test_the_three_column_sheet_in_arabic_reads_right_to_left(live_server, browser):
    """Issue 29 in Arabic: belote for three's sheet (four-digit totals, three
    columns of scores) scrolls no sideways at 390 and 360 px, its first
    player is the right-hand column and total; a hand typed with the
    keyboard open shows the rest of 162 and the preview, nothing sideways."""
    path = elsewhere(belote3_sheet)
    page = phone(browser, locale="ar-SA")
    page.goto(live_server.url + path)
    assert page.locator("html").get_attribute("dir") == "rtl"
    for width in (390, 360):
        page.set_viewport_size({"width": width, "height": 844})
        assert page.evaluate(WIDE) <= 0, width
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate(MIDDLE, ".total.team-a") > page.evaluate(MIDDLE, ".total.team-b")
    assert page.evaluate(MIDDLE, ".total.team-b") > page.evaluate(MIDDLE, ".total.team-c")
    assert page.evaluate(MIDDLE, ".hand-head .team-a") > page.evaluate(MIDDLE, ".hand-head .team-c")
    form = page.locator("#hand-form")
    form.locator("fieldset.takers").get_by_label("Bruno", exact=True).check()
    page.locator("#id_points_a").click()
    page.set_viewport_size(KEYBOARD_OPEN)
    page.keyboard.type("60")
    page.keyboard.press("Tab")
    page.keyboard.type("80")
    expect(form.locator("[data-derived-points]")).to_have_text("22")
    page.locator("#preview .outcome").wait_for()
    assert page.evaluate(WIDE) <= 0
    assert page.evaluate(MIDDLE, "#id_points_a") > page.evaluate(MIDDLE, "#id_points_b")
    assert CSP_PROBLEMS == []


def knockout(*, finished: bool) -> Concours:
    """A knockout of 6 teams, its bracket drawn (two byes), one match of
    round 1 played (or every match, ``finished``). Arabic and Latin names."""
    concours = cs.concours_create(
        name="كأس النادي", date=DAY, preset="classique", settings={**SHORT, "third_place": True}
    )
    for name in ("الصقور", "Les As", "النجوم", "الأهلي", "Carreau", "الهلال"):
        cs.concours_entrant_register(concours=concours, name=name, players=["فهد", "Marc"])
    cs.concours_draw(concours=concours)
    if finished:
        play_out(concours)
    else:
        win(playing(concours)[0])
    return concours


def other_pages() -> dict[str, str]:
    """The pages test_the_arabic_pages_read_right_to_left_and_fit_a_phone
    leaves, by name: their paths."""
    fixture = make_fixture()
    match = fixture.matches[1]  # its first hand a litige
    litige = Hand.objects.filter(match=match).order_by("number").first()
    season = ss.season_create(name="تحدي الشتاء", settings={"min_nights": 1})
    for day in (9, 16):
        teams = [("الصقور", ["فهد", "سالم"]), ("Les As", ["Marc", "Léa"])]
        ss.season_night_add(season=season, concours=night_concours(day, teams))
    drawn, over = knockout(finished=False), knockout(finished=True)
    return {
        "player": f"/t/{fixture.table.token}/joueurs/{fixture.ids['Léa']}/",
        "ranking": f"/t/{fixture.table.token}/classement/",
        "season": f"/ch/{season.token}/",
        "calculator": "/calculateur/",
        "correction": f"/m/{match.token}/donnes/{litige.pk}/",
        "knockout organiser": f"/c/{drawn.token}/",
        "knockout room": f"/voir/concours/{drawn.read_token}/salle/",
        "knockout results": f"/voir/concours/{over.read_token}/resultats/",
    }


OTHER_PAGES = [
    "player",
    "ranking",
    "season",
    "calculator",
    "correction",
    "knockout organiser",
    "knockout room",
    "knockout results",
]


@pytest.mark.parametrize("name", OTHER_PAGES)
def test_the_other_arabic_pages_pass_axe_and_fit_a_phone(live_server, browser, name):
    """Issue 30: a player's page, a table's ranking, a season, the
    calculator, a hand's correction, a knockout's organiser page and room
    (its bracket drawn, a match played) and a finished knockout's results:
    in Arabic, right to left, no sideways scroll at 390 px, no axe
    violation in light and dark."""
    from axe_playwright_python.sync_playwright import Axe

    path = elsewhere(other_pages)[name]
    page = phone(browser, locale="ar-SA")
    problems: list = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.goto(live_server.url + path)
        assert page.locator("html").get_attribute("lang") == "ar"
        assert page.locator("html").get_attribute("dir") == "rtl"
        page.evaluate("() => document.querySelectorAll('details').forEach((d) => d.open = true)")
        if page.evaluate(WIDE) > 0:
            problems.append(["sideways", scheme, page.evaluate(WIDE)])
        problems += [[scheme, v["id"], [n["target"] for n in v["nodes"]][:5]]
                     for v in Axe().run(page).response["violations"]]  # fmt: skip
    assert problems == [], json.dumps(problems, indent=1, ensure_ascii=False)
    assert CSP_PROBLEMS == []


def test_the_knockout_bracket_reads_right_to_left_on_the_projector(live_server, browser):
    """The room at 1920x1080 in Arabic: the bracket's first round is the
    right-hand column, the final the left-hand one (a French room has them
    the other way round)."""
    room = elsewhere(other_pages)["knockout room"]
    middles = "() => [...document.querySelectorAll('#room-live .bracket-round')]"
    middles += ".map((r) => { const b = r.getBoundingClientRect(); return b.left + b.width / 2; })"
    for locale, reading in (("ar-SA", "rtl"), ("fr-FR", "ltr")):
        projector = phone(browser, locale=locale)
        projector.set_viewport_size({"width": 1920, "height": 1080})
        projector.goto(live_server.url + room)
        assert projector.locator("html").get_attribute("dir") == reading
        assert projector.evaluate(WIDE) <= 0
        # The bracket's slide on screen, whichever the cycle shows now.
        projector.evaluate(
            "() => document.querySelectorAll('.room-slide').forEach((s) =>"
            " s.classList.toggle('is-shown', s.classList.contains('room-slide-bracket')))"
        )
        columns = projector.evaluate(middles)
        assert len(columns) == 3, columns
        order = sorted(columns, reverse=reading == "rtl")
        assert columns == order, (reading, columns)
        projector.context.close()
    assert CSP_PROBLEMS == []
