"""Two phones on one match, live: every hand entered on one shows on the
other, corrections and simultaneous entry, the CSP on every page, the hand
form's script."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.phones import CSP_PROBLEMS, enter_hand, phone, start_match, totals

pytestmark = [
    pytest.mark.browser,
    pytest.mark.every_database,
    pytest.mark.django_db(transaction=True),
]


def test_it_shows_every_hand_on_the_second_phone_without_a_reload(live_server, browser):
    first = phone(browser)
    first.goto(f"{live_server.url}/nouvelle/")
    for seat, name in enumerate(["Alice", "Bob", "Claire", "Dan"], start=1):
        first.locator(f"#id_player_{seat}").fill(name)
    first.locator("details.rules summary").click()
    first.locator("#id_target").fill("500")
    first.get_by_role("button", name="Commencer la partie").click()
    first.wait_for_url(re.compile(r"/m/[\w-]+/$"))

    second = phone(browser)
    second.goto(first.url)
    assert totals(second) == ["0", "0"]

    # Alice (A) takes 81: litige, 81 in reserve; Bob (B) makes 100 and collects
    # it; Alice makes capot; Bob falls at 40; Alice makes 120 and wins (>= 500).
    hands = [
        ({"taker": "Alice", "points": 81}, ["0", "81"]),
        ({"taker": "Bob", "points": 100}, ["62", "262"]),
        ({"taker": "Alice", "capot": "Alice & Claire"}, ["314", "262"]),
        ({"taker": "Bob", "points": 40}, ["476", "262"]),
        ({"taker": "Alice", "points": 120}, ["596", "304"]),
    ]
    for number, (hand, expected) in enumerate(hands, start=1):
        enter_hand(first, **hand)
        first.locator(f"#hand-{number}").wait_for()
        assert totals(first) == expected
        # The second phone never reloads: its poll brings the hand in (how fast
        # is measured by bench/bench_cluster.py, not asserted under test load).
        second.locator(f"#hand-{number}").wait_for()
        assert totals(second) == expected

    for page in (first, second):
        assert "Victoire : Alice & Claire" in page.locator("#scoreboard").inner_text()
    assert totals(first) == totals(second) == ["596", "304"]
    reserve_badge = second.locator("#hand-1 .badge-litige").inner_text()
    assert "81" in reserve_badge
    assert CSP_PROBLEMS == []


def test_corrections_and_simultaneous_entry_from_two_phones(live_server, browser):
    first, second = phone(browser), phone(browser)
    start_match(first, live_server.url)
    second.goto(first.url)
    for page, name in ((first, "Léa"), (second, "Sam")):
        page.locator("details.device summary").click()
        page.locator("#id_device").fill(name)
        page.get_by_role("button", name="Enregistrer", exact=True).click()
        page.wait_for_url(re.compile(r"/m/[\w-]+/"))

    for number in range(1, 9):  # eight hands made by Alice & Claire, 100 - 62
        enter_hand(first, taker="Alice", points=100)
        first.locator(f"#hand-{number}").wait_for()
    second.locator("#hand-8").wait_for()
    assert totals(second) == ["800", "496"]

    # Hand 2 becomes a litige (81 - 81): the reserve and every later total follow.
    first.locator("#hand-2 summary").click()
    first.get_by_role("link", name="Corriger ou supprimer").click()
    first.locator("#id_points").fill("81")
    first.get_by_role("button", name="Enregistrer la correction").click()
    first.wait_for_url(re.compile(r"/m/[\w-]+/#hand-2$"))
    assert totals(first) == ["781", "515"]
    second.locator("#scoreboard .total-points", has_text="781").wait_for()
    assert totals(second) == ["781", "515"]
    assert "Litige" in second.locator("#hand-2").inner_text()

    # Delete hand 8 on one phone, restore it on the other.
    first.goto(first.url.split("#")[0])
    first.locator("#hand-8 summary").click()
    first.get_by_role("link", name="Corriger ou supprimer").click()
    first.get_by_role("button", name="Supprimer la donne").click()
    first.wait_for_url(re.compile(r"/m/[\w-]+/#hands$"))  # sent by the page's script, then there
    assert totals(first) == ["681", "453"]
    second.locator("details.deleted").wait_for()
    second.locator("details.deleted summary").click()
    second.get_by_role("button", name="Rétablir").click()
    # The restore's answer is a new page: waited for, not read at the click
    # (read while the page loaded, the scoreboard was not there yet: []).
    second.locator("#scoreboard .total-points", has_text="781").wait_for()
    assert totals(second) == ["781", "515"]

    # Both phones save hand 9 at the same moment: one is saved, the other told.
    first.goto(first.url.split("#")[0])
    second.goto(second.url.split("#")[0])
    for page, taker, points in ((first, "Alice", 90), (second, "Bob", 95)):
        form = page.locator("#hand-form")
        form.locator("fieldset.takers").get_by_label(taker, exact=True).check()
        form.locator("#id_points").fill(str(points))
    buttons = [p.get_by_role("button", name="Valider la donne") for p in (first, second)]
    first.evaluate("() => 0")  # both pages are ready
    for button in buttons:
        button.click(no_wait_after=True)
    for page in (first, second):
        page.locator("#hand-9").wait_for()
    # The hand 9 kept is the winner's; the other phone is told, maybe after its
    # own poll or push has already shown hand 9 (a condition, not a moment).
    winner = first.locator("#hand-9 .hand-taker").inner_text()
    assert winner in {"Alice prend", "Bob prend"}
    told = second if winner == "Alice prend" else first
    expect(told.locator("#hand-form")).to_contain_text("a saisi la donne 9 autrement que vous")
    assert told.locator("#id_points").input_value() in {"90", "95"}  # its entry is kept
    assert totals(first) == totals(second)
    assert CSP_PROBLEMS == []


@pytest.fixture
def table_pages() -> dict[str, str]:
    """A table with its matches (tests/tables_fixture.py): the tokens and ids
    the pages need. Made before ``browser`` starts: a query run while
    Playwright's loop runs would hold a database connection of its own."""
    from tests.tables_fixture import make_fixture

    fixture = make_fixture()
    match = fixture.matches[-1]  # in progress, two hands
    return {
        "table": fixture.table.token,
        "match": match.token,
        "hand": str(match.hands.first().pk),
        "player": str(fixture.ids["Léa"]),
    }


def test_no_page_breaks_the_content_security_policy(live_server, table_pages, browser):
    table, match, hand = table_pages["table"], table_pages["match"], table_pages["hand"]
    page = phone(browser)

    # The watch can fail: an inline script added without the nonce is reported.
    page.goto(f"{live_server.url}/")
    with page.expect_console_message(lambda message: "Content Security Policy" in message.text):
        page.evaluate("""() => {
            const script = document.createElement("script");
            script.textContent = "window.unsafe = 1";
            document.head.append(script);
        }""")
    assert page.evaluate("() => window.unsafe") is None
    assert len(CSP_PROBLEMS) == 1 and "Content Security Policy" in CSP_PROBLEMS[0]
    CSP_PROBLEMS.clear()

    paths = [
        "/",
        "/nouvelle/",
        "/calculateur/",
        f"/m/{match}/",
        f"/m/{match}/donnes/{hand}/",
        "/tables/nouvelle/",
        f"/t/{table}/",
        f"/t/{table}/nouvelle/",
        f"/t/{table}/joueurs/{table_pages['player']}/",
        f"/t/{table}/classement/",
        "/m/no-such-match/",
    ]
    for path in paths:
        page.goto(f"{live_server.url}{path}", wait_until="networkidle")
        # base.html's inline script ran: its nonce is accepted.
        assert page.evaluate("() => document.documentElement.classList.contains('js')"), path

    # The charts take their look from app.css, not from an inline <style>.
    page.goto(f"{live_server.url}/m/{match}/")
    line = page.locator("#score-chart polyline.team-a")
    assert line.evaluate("(el) => getComputedStyle(el).stroke") not in {"none", ""}
    assert line.evaluate("(el) => getComputedStyle(el).fill") == "none"

    # htmx at work under the policy: the calculator's result, a hand saved.
    page.goto(f"{live_server.url}/calculateur/")
    form = page.locator("#hand-form")
    form.locator("fieldset.takers").get_by_label("Nous", exact=True).check()
    form.locator("#id_points").fill("100")
    page.locator("#calc-result .outcome").wait_for()
    page.goto(f"{live_server.url}/m/{match}/")
    enter_hand(page, taker="Léa", points=100)
    page.locator("#hand-3").wait_for()
    assert CSP_PROBLEMS == []


def test_the_hand_forms_script_takes_the_total_and_the_teams_from_the_page(live_server, browser):
    """hand.js knows neither 162 nor which seat plays for which team: the
    page says both (data-trick-points-total, data-team)."""
    page = phone(browser)
    start_match(page, live_server.url)
    form = page.locator("#hand-form")
    form.locator("fieldset.takers").get_by_label("Alice", exact=True).check()
    form.locator("#id_points").fill("100")
    other = form.locator("[data-other-points]")
    other.wait_for()
    assert other.inner_text() == "Alice & Claire 100 · Bob & Dan 62"
    # Dan held the belote: his team (B) is ticked; then A's belote forgets him.
    form.locator("details.more-holder > summary").click()
    form.locator("fieldset.belote-holder").get_by_label("Dan", exact=True).check()
    assert form.locator('input[name="belote"][value="B"]').is_checked()
    form.locator("fieldset.belote").get_by_label("Alice & Claire", exact=True).check()
    assert form.locator('input[name="belote_seat"][value=""]').is_checked()
    # Claire (A) held it: A stays ticked.
    form.locator("fieldset.belote-holder").get_by_label("Claire", exact=True).check()
    assert form.locator('input[name="belote"][value="A"]').is_checked()
    assert CSP_PROBLEMS == []


def test_the_team_name_placeholders_follow_the_seats_teams(live_server, browser):
    """new_match.js and table.js name each team after its partners, seats
    read from the page (data-team), not from their own seat numbers."""
    from scoresheets.tables import services as tables

    page = phone(browser)
    page.goto(f"{live_server.url}/nouvelle/")
    for seat, name in enumerate(["Alice", "Bob", "Claire", "Dan"], start=1):
        page.locator(f"#id_player_{seat}").fill(name)
    assert page.locator("#id_team_a_name").get_attribute("placeholder") == "Alice & Claire"
    assert page.locator("#id_team_b_name").get_attribute("placeholder") == "Bob & Dan"

    table = tables.table_create(name="Jeudi", player_names=["Léa", "Marc", "Noé"])
    page.goto(f"{live_server.url}/t/{table.token}/nouvelle/")
    page.locator("#id_person_1").select_option(label="Léa")
    page.locator("#id_person_2").select_option(label="Marc")
    page.locator("#id_person_3").select_option(label="Noé")
    page.locator("#id_player_4").fill("Zoé")
    assert page.locator("#id_team_a_name").get_attribute("placeholder") == "Léa & Noé"
    assert page.locator("#id_team_b_name").get_attribute("placeholder") == "Marc & Zoé"
    assert CSP_PROBLEMS == []
