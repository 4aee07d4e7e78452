"""Real browser (issue 11): two phones type the same hand, the slower one is
told it is the same hand and drops its entry (one hand stored); a redeal is
undone from the phone that saved it, and the other phone follows."""

from __future__ import annotations

import os

import pytest

from scoresheets.matches import services
from scoresheets.models import Hand, Match
from tests.browser.phones import SCROLLS_RECORDED, phone, wait_until_still
from tests.browser.test_conflicts import elsewhere, live_hands, wait_for_version
from tests.factories import hand, make_match, play

pytestmark = [
    pytest.mark.browser,
    pytest.mark.every_database,
    pytest.mark.django_db(transaction=True),
]

# Where to keep the screenshots of the conflict panel and the undo bar (to look
# at them; docs/screenshots.py takes the README's): unset, none is taken.
SHOTS = os.environ.get("UNDO_SHOTS")


def pass_the_deal(page) -> None:
    """ "Tout le monde passe": open its section, then confirm (one-screen entry)."""
    form = page.locator("#hand-form")
    form.locator("details.redeal > summary").click()
    form.get_by_role("button", name="Confirmer : tout le monde passe").click()


def shoot(page, name: str) -> None:
    if SHOTS:
        wait_until_still(page)  # smooth scrolls end
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"))


def name_phone(page, name: str) -> None:
    page.locator("details.device summary").click()
    page.locator("details.device input[name=device]").fill(name)
    page.locator("details.device").get_by_role("button", name="Enregistrer").click()
    page.wait_for_load_state()


def type_hand(page, *, taker: str, points: int, belote: str | None = None) -> None:
    form = page.locator("#hand-form")
    form.locator("fieldset.takers").get_by_label(taker, exact=True).check()
    form.locator("#id_points").fill(str(points))
    if belote:
        form.locator("fieldset.belote").get_by_label(belote, exact=True).check()


def test_the_same_hand_typed_on_two_phones_is_stored_once(live_server, browser):
    match = elsewhere(lambda: play(make_match(), hand("A", 100)))
    url = f"{live_server.url}/m/{match.token}/"
    zoe, lea = phone(browser), phone(browser)
    lea.add_init_script(SCROLLS_RECORDED)
    answers = []  # Léa's requests and their answers, said by a failure below
    lea.on("response", lambda r: answers.append(f"{r.request.method} {r.url} {r.status}"))
    for page, name in ((zoe, "Zoé"), (lea, "Léa")):
        page.goto(url)
        name_phone(page, name)

    # Both type hand 2, the same hand; Zoé's phone saves first.
    type_hand(zoe, taker="Bob", points=90, belote="Bob & Dan")
    type_hand(lea, taker="Bob", points=90, belote="Bob & Dan")
    zoe.locator("#hand-form").get_by_role("button", name="Valider la donne").click()
    zoe.locator("#hand-2").wait_for()
    lea.locator("#hand-form").get_by_role("button", name="Valider la donne").click()

    panel = lea.locator("#conflict")
    panel.get_by_text("Zoé a déjà saisi cette donne (donne 2).").wait_for()
    assert panel.get_by_text("Donne 2, saisie par Zoé").is_visible()
    assert panel.get_by_text("Votre saisie").is_visible()
    # The form's own buttons are out of the way: the panel's are the choice.
    assert not lea.locator("#hand-form .actions").is_visible()
    drop = panel.get_by_role("link", name="Abandonner ma saisie")
    anyway = panel.get_by_role("button", name="Valider quand même comme donne 3")
    assert drop.is_visible() and anyway.is_visible()
    assert "button-primary" in drop.get_attribute("class")
    assert "button-primary" not in anyway.get_attribute("class")
    from playwright.sync_api import expect  # here: without Playwright, the test is skipped

    try:
        expect(panel.locator(".conflict-message")).to_be_in_viewport()  # scrolled into view
    except AssertionError as error:
        # Seen once out of view at rest in a loaded run of the tier (stop 43):
        # say each scroll into view, where the page rests and the answers.
        where = lea.evaluate(
            '() => [scrollY, document.querySelector("#conflict").getBoundingClientRect().top,'
            " window.rebeloteScrolls]"
        )
        raise AssertionError(f"panel out of view: {where}, answers {answers}") from error
    shoot(lea, "conflict-same-hand")

    drop.click()
    lea.wait_for_url(url)
    assert lea.locator("#conflict").count() == 0
    assert lea.locator("#hand-form #id_points").input_value() == ""
    assert lea.locator('#hand-form input[name="number"]').input_value() == "3"
    hands = elsewhere(lambda: live_hands(match))
    assert [(h.taker, h.to_input().trick_points, h.to_input().belote) for h in hands] == [
        ("A", 100, None),
        ("B", 90, "B"),
    ]
    assert elsewhere(lambda: Hand.objects.filter(match=match).count()) == 2  # ONE hand 2


def test_a_redeal_is_undone_and_the_other_phone_follows(live_server, browser):
    match = elsewhere(lambda: play(make_match(), hand("A", 100)))
    url = f"{live_server.url}/m/{match.token}/"
    lea, zoe = phone(browser), phone(browser)
    lea.goto(url)
    name_phone(lea, "Léa")
    zoe.goto(url)

    pass_the_deal(lea)
    lea.locator("#hand-2").wait_for()
    bar = lea.locator("#undo-bar")
    bar.get_by_text("Redonne enregistrée (donne 2).").wait_for()
    redealt = elsewhere(lambda: Match.objects.get(pk=match.pk).version)
    wait_for_version(zoe, redealt)
    zoe.locator("#hand-2").wait_for()
    assert zoe.locator("#undo-bar form").count() == 0  # only the phone that saved it
    box = bar.bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= 844  # on screen
    shoot(lea, "undo-bar")

    bar.get_by_role("button", name="Annuler").click()
    bar.get_by_text("Redonne annulée : la donne 2 est à saisir de nouveau.").wait_for()
    lea.locator("#hand-2").wait_for(state="detached")
    assert lea.locator('#hand-form input[name="number"]').input_value() == "2"
    undone = elsewhere(lambda: Match.objects.get(pk=match.pk).version)
    assert undone == redealt + 1
    wait_for_version(zoe, undone)
    zoe.locator("#hand-2").wait_for(state="detached")
    assert len(elsewhere(lambda: live_hands(match))) == 1
    redeal = elsewhere(lambda: Hand.objects.get(match=match, number=2))
    assert redeal.taker is None and redeal.deleted_at is not None  # kept in the history

    # The hand saves as hand 2 from the fresh form, with no conflict.
    type_hand(lea, taker="Bob", points=90)
    lea.locator("#hand-form").get_by_role("button", name="Valider la donne").click()
    lea.locator("#hand-2").wait_for()
    assert lea.locator("#conflict").count() == 0
    assert [h.taker for h in elsewhere(lambda: live_hands(match))] == ["A", "B"]


def test_the_undo_works_without_javascript(live_server, browser):
    match = elsewhere(lambda: play(make_match(), hand("A", 100)))
    url = f"{live_server.url}/m/{match.token}/"
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, locale="fr-FR", java_script_enabled=False
    )
    page = context.new_page()
    page.goto(url)
    pass_the_deal(page)
    page.wait_for_url(url)
    page.locator("#undo-bar").get_by_role("button", name="Annuler").click()
    page.wait_for_url(url)
    assert page.get_by_text("Redonne annulée : la donne 2 est à saisir de nouveau.").is_visible()
    assert len(elsewhere(lambda: live_hands(match))) == 1
    context.close()


def test_a_conflict_after_the_end_says_who_won_and_shows_no_form(live_server, browser):
    match = elsewhere(lambda: play(make_match(target=300), hand("A", 162)))
    url = f"{live_server.url}/m/{match.token}/"
    zoe, lea = phone(browser), phone(browser)
    # Léa's page hears of the end only by its poll (no stream): she taps
    # before it comes, as on a phone whose stream a proxy blocks.
    lea.route("**/events/", lambda route: route.abort("connectionrefused"))
    for page, name in ((zoe, "Zoé"), (lea, "Léa")):
        page.goto(url)
        name_phone(page, name)
    type_hand(zoe, taker="Alice", points=162)
    type_hand(lea, taker="Bob", points=100)
    # Her polls held until she has tapped: on a loaded machine a poll came
    # back with the end first and took the form away before the tap (seen
    # with two test suites at once).
    lea.route("**/poll/**", lambda route: None)
    zoe.locator("#hand-form").get_by_role("button", name="Valider la donne").click()
    zoe.locator(".banner-win").wait_for()
    lea.locator("#hand-form").get_by_role("button", name="Valider la donne").click()
    panel = lea.locator("#conflict")
    panel.get_by_text("La partie vient de se terminer (victoire : Alice & Claire)").wait_for()
    assert panel.is_visible()
    assert lea.locator("form#hand-form").count() == 0
    assert lea.get_by_text("validez-la comme donne").count() == 0
    assert panel.get_by_role("link", name="Voir la feuille").is_visible()
    shoot(lea, "conflict-ended")
    assert len(elsewhere(lambda: live_hands(match))) == 2


def test_a_correction_of_a_hand_deleted_meanwhile_restores_it(live_server, browser):
    match = elsewhere(lambda: play(make_match(), hand("A", 100), hand("B", 90)))
    first = elsewhere(lambda: live_hands(match)[0])
    lea = phone(browser)
    lea.goto(f"{live_server.url}/m/{match.token}/donnes/{first.pk}/")
    lea.locator("#id_points").fill("120")
    elsewhere(
        lambda: services.hand_delete(
            match=match, hand_id=first.pk, expected_version=1, device="Zoé"
        )
    )
    lea.get_by_role("button", name="Enregistrer la correction").click()
    panel = lea.locator("#conflict")
    panel.get_by_text("cette donne a été supprimée depuis le téléphone de Zoé").wait_for()
    assert not lea.get_by_role("button", name="Enregistrer la correction").is_visible()
    shoot(lea, "correction-deleted")
    panel.get_by_role("button", name="Rétablir la donne avec ma correction").click()
    lea.get_by_text("Donne 1 rétablie, avec votre correction.").wait_for()
    hands = elsewhere(lambda: live_hands(match))
    assert [h.to_input().trick_points for h in hands] == [120, 90]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_conflict_panel_and_the_undo_bar_pass_targets_and_axe(live_server, browser, scheme):
    from axe_playwright_python.sync_playwright import Axe

    from tests.browser.test_targets import SMALL_TARGETS

    match = elsewhere(lambda: play(make_match(), hand("A", 100)))
    url = f"{live_server.url}/m/{match.token}/"
    zoe, lea = phone(browser), phone(browser)
    for page in (zoe, lea):
        page.emulate_media(color_scheme=scheme)
        page.goto(url)
    type_hand(zoe, taker="Bob", points=90)
    type_hand(lea, taker="Bob", points=90)
    zoe.locator("#hand-form").get_by_role("button", name="Valider la donne").click()
    zoe.locator("#undo-bar form").wait_for()
    lea.locator("#hand-form").get_by_role("button", name="Valider la donne").click()
    lea.locator("#conflict").wait_for()
    axe = Axe()
    for page in (zoe, lea):
        assert page.evaluate(SMALL_TARGETS) == []
        found = axe.run(page).response["violations"]
        assert [(v["id"], [n["target"] for n in v["nodes"]][:5]) for v in found] == []


def test_the_undo_bar_goes_when_another_phone_enters_a_hand(live_server, browser):
    """Review (newcomer): the bar still offered "Annuler" for hand 1 after
    other phones had entered hands 2 and 3 (and the undo moved them)."""
    match = elsewhere(make_match)
    page = phone(browser)
    page.goto(f"{live_server.url}/m/{match.token}/")
    type_hand(page, taker="Alice", points=100)
    page.locator("#hand-form").get_by_role("button", name="Valider la donne").click()
    bar = page.locator("#undo-bar")
    bar.get_by_role("button", name="Annuler").wait_for()
    elsewhere(lambda: play(Match.objects.get(pk=match.pk), hand("B", 90)))  # another phone
    page.locator("#hand-2").wait_for()
    bar.get_by_role("button", name="Annuler").wait_for(state="detached")
    assert [h.number for h in live_hands(match)] == [1, 2]
    page.context.close()
