"""Real-browser tests of corrections and deletions made without the network
(issue 12, static/js/queue.js on the correction page): kept on the phone,
shown on the sheet as pending with the new hands, sent once each with their
one-time key when the network is back; a lost answer is sent again and
stored once; a refused one waits with why and opens again with what was
typed."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scoresheets.matches.scoresheet import match_get_scoresheet
from scoresheets.models import Hand
from tests.browser.phones import CSP_PROBLEMS, enter_hand
from tests.browser.test_offline import (
    _context,
    _open_offline_ready,
    _page,
    _stored,
    set_network,
)
from tests.browser.test_offline_entry import _live_hands, _lose_first_answer, _pending_rows
from tests.factories import hand, make_match, play

pytestmark = [
    pytest.mark.browser,
    pytest.mark.every_database,
    pytest.mark.django_db(transaction=True),
]


def _versions(match) -> list[int]:
    return [
        h.version
        for h in Hand.objects.filter(match=match, deleted_at__isnull=True).order_by("number")
    ]


def _hand_ids(match) -> list[int]:
    return [h.pk for h in match_get_scoresheet(match).hands]


# Installed in the worker before the tap (its functions are the worker
# script's globals, looked up at each call): what each navigation it answers
# found, for the message of a failure below.
_WORKER_LOG = """() => {
    if (self.rebeloteLog) return;
    self.rebeloteLog = [];
    const log = (entry) => self.rebeloteLog.push({...entry, at: Date.now()});
    const served = page, stored = storedCopy, offline = offlinePage, other = otherPage;
    self.page = (event, request, url) => {
        log({page: request.url, mode: request.mode, method: request.method, cache: request.cache});
        return served(event, request, url);
    };
    self.storedCopy = (key) => stored(key).then(
        (copy) => { log({key, where: cacheOf(key)[0], found: Boolean(copy)}); return copy; },
        (error) => { log({key, error: String(error)}); throw error; });
    self.offlinePage = () => { log({offline: true}); return offline(); };
    self.otherPage = (request) => { log({other: request.url}); return other(request); };
}"""


def _worker(page):
    workers = page.context.service_workers
    return workers[0] if workers else None


def _open_edit(page, number: int) -> None:
    worker = _worker(page)
    if worker is not None:
        worker.evaluate(_WORKER_LOG)
    row = page.locator(f"#hand-{number}")
    row.locator("summary").click()
    row.get_by_role("link", name="Corriger ou supprimer").click()
    heading = page.get_by_role("heading", level=1, name=f"Corriger la donne {number}")
    try:
        heading.wait_for()
    except Exception as error:
        # Seen three times (CI, a bare clone's PostgreSQL part, the tier under
        # load; 0 of 36 runs alone under load): say where the phone is, what
        # it shows, what the worker keeps and what it found at the tap.
        shown = page.locator("h1").all_inner_texts()
        kept = page.evaluate(
            """async () => {
                const found = {};
                for (const name of await caches.keys()) {
                    const keys = await (await caches.open(name)).keys();
                    found[name] = keys.map((request) => request.url);
                }
                const worker = navigator.serviceWorker.controller;
                return {caches: found, worker: worker ? worker.scriptURL : null};
            }"""
        )
        now = _worker(page)
        found = (
            now.evaluate("() => self.rebeloteLog || 'no log: the worker started again'")
            if now is not None
            else "no worker"
        )
        raise AssertionError(
            f"no correction page: at {page.url}, h1 {shown}, kept {kept}, "
            f"the worker's navigations {found} (same worker: {now is worker})"
        ) from error
    # Its scripts run (deferred modules, before DOMContentLoaded): a form sent
    # before would go natively, through the worker, which page.route does not
    # see (the lost-answer test timed out about one run in four).
    page.wait_for_load_state("domcontentloaded")


def _correct(page, number: int, points: int, *, button="Enregistrer la correction"):
    _open_edit(page, number)
    page.locator("#id_points").fill(str(points))
    page.get_by_role("button", name=button).click()


def _hand_2_corrected_offline(live_server, browser):
    """A match of two hands opened once online (the worker kept the sheet and,
    asked by the live sheet, its last hand's correction page), then hand 2
    corrected to 120 offline. Returns (match, path, url, context, page)."""
    match = play(make_match(), hand("A", 100), hand("B", 90))
    path = f"/m/{match.token}/"
    url = f"{live_server.url}{path}"
    context = _context(browser)
    page = _open_offline_ready(context, url, path)
    second = _hand_ids(match)[1]
    _stored(page, f"/m/{match.token}/donnes/{second}/", "rebelote-hands-v1")
    set_network(context, online=False)
    page.wait_for_function("() => !navigator.onLine")
    _correct(page, 2, 120)
    return match, path, url, context, page


def _hand_2_corrected_elsewhere_then_online(browser, match, url, page):
    """Another phone corrects hand 2 to 110; then this phone's network is back
    and its kept change of hand 2 is refused. Returns the other phone's context."""
    other_context = _context(browser)
    other = _page(other_context)
    other.goto(url)
    _correct(other, 2, 110)
    other.wait_for_url(re.compile(r"#hand-2$"))  # saved: back on the sheet
    assert _live_hands(match)[1] == (2, "B", 110)
    set_network(page.context, online=True)
    _pending_rows(page).first.get_by_text("Cette donne vient d'être modifiée").wait_for()
    return other_context


def test_a_correction_and_a_hand_typed_offline_are_sent_once_in_order(
    live_server,
    browser,
    tmp_path,
):
    match, path, _url, context, page = _hand_2_corrected_offline(live_server, browser)
    # Back on the sheet (its copy), the correction waits.
    page.wait_for_url(re.compile(re.escape(path) + "#pending-hands$"))
    rows = _pending_rows(page)
    rows.first.wait_for()
    assert rows.count() == 1
    text = rows.first.inner_text()
    assert "Correction : Bob prend · 120" in text and "en attente d'envoi" in text
    assert rows.first.locator(".hand-num").inner_text().strip() == "2"
    # A new hand typed after it, offline too, follows it.
    enter_hand(page, taker="Alice", points=100)
    # (waited for: the row is drawn after the entry is kept; an immediate
    # count failed with two test suites at once)
    expect(rows).to_have_count(2)
    page.locator("#pending-hands").screenshot(path=str(tmp_path / "pending.png"))  # to look at
    page.reload()
    expect(_pending_rows(page)).to_have_count(2)
    assert _live_hands(match) == [(1, "A", 100), (2, "B", 90)]

    set_network(context, online=True)
    page.locator("#pending-hands").wait_for(state="hidden")
    # In order: hand 2 corrected (one new version), then hand 3 added, no conflict.
    assert _live_hands(match) == [(1, "A", 100), (2, "B", 120), (3, "A", 100)]
    assert _versions(match) == [1, 2, 1]
    assert page.locator("#conflict").count() == 0
    page.locator("#hand-3").wait_for()
    page.reload()  # nothing is sent twice later: nothing is left to send
    assert page.evaluate("() => localStorage.getItem('rebelote-queue-v1')") in (None, "[]")
    page.wait_for_load_state("networkidle")
    assert _versions(match) == [1, 2, 1]
    assert CSP_PROBLEMS == []
    context.close()


def test_a_deletion_offline_is_sent_once(live_server, browser):
    match = play(make_match(), hand("A", 100), hand("B", 90))
    first = _hand_ids(match)[0]
    path = f"/m/{match.token}/"
    edit_path = f"/m/{match.token}/donnes/{first}/"
    context = _context(browser)
    page = _open_offline_ready(context, f"{live_server.url}{path}", path)
    # The first hand's page, opened once online, is kept too.
    page.goto(f"{live_server.url}{edit_path}")
    _stored(page, edit_path, "rebelote-hands-v1")

    set_network(context, online=False)
    page.wait_for_function("() => !navigator.onLine")
    page.reload()  # the copy
    page.get_by_role("button", name="Supprimer la donne").click()
    rows = _pending_rows(page)
    rows.first.wait_for()
    assert "Suppression de la donne" in rows.first.inner_text()
    assert rows.first.locator(".hand-num").inner_text().strip() == "1"
    assert len(_hand_ids(match)) == 2

    set_network(context, online=True)
    page.locator("#pending-hands").wait_for(state="hidden")
    assert [(h.taker, h.to_input().trick_points) for h in match_get_scoresheet(match).hands] == [
        ("B", 90)
    ]
    # The saved answer's undo bar comes with its sheet: waited for, not raced.
    expect(page.locator("#undo-bar").get_by_text("Donne 1 supprimée.")).to_be_visible()
    assert CSP_PROBLEMS == []
    context.close()


def test_a_correction_whose_answer_is_lost_is_sent_again_and_stored_once(live_server, browser):
    match = play(make_match(), hand("A", 100))
    path = f"/m/{match.token}/"
    context = _context(browser)
    page = _page(context)
    page.goto(f"{live_server.url}{path}")
    calls = _lose_first_answer(page, r"/m/[^/]+/donnes/\d+/$")
    # The wait spans the save and its resend only: with the correction page's
    # opening inside it too, a loaded machine (make test's four browsers)
    # ran out of its 20 s once.
    _open_edit(page, 1)
    page.locator("#id_points").fill("130")
    with page.expect_request_finished(lambda request: request.method == "POST" and len(calls) >= 2):
        page.get_by_role("button", name="Enregistrer la correction").click()
    page.locator("#pending-hands").wait_for(state="hidden")
    keys = [re.search(r"(?:^|&)key=(\w+)", c).group(1) for c in calls]
    assert keys[0] == keys[1]
    assert _live_hands(match) == [(1, "A", 130)]
    assert _versions(match) == [2]  # corrected once
    assert CSP_PROBLEMS == []
    context.close()


def test_a_refused_offline_correction_waits_with_why_and_opens_again(
    live_server,
    browser,
    tmp_path,
):
    match, path, url, context, page = _hand_2_corrected_offline(live_server, browser)
    _pending_rows(page).first.wait_for()

    # Meanwhile another phone corrects hand 2.
    other_context = _hand_2_corrected_elsewhere_then_online(browser, match, url, page)
    page.locator("#pending-hands").screenshot(path=str(tmp_path / "refused.png"))  # to look at
    assert _live_hands(match)[1] == (2, "B", 110)  # nothing overwritten silently
    page.reload()
    row = _pending_rows(page).first
    assert "vient d'être modifiée" in row.inner_text()
    # "Revoir la correction": the page with what this phone typed, and why.
    assert row.get_by_role("button", name="Envoyer maintenant").is_hidden()  # refused again
    row.get_by_role("link", name="Revoir la donne").click()
    page.get_by_text("La correction gardée sur ce téléphone est reprise ci-dessous.").wait_for()
    assert page.get_by_text("Cette donne vient d'être modifiée").is_visible()  # why
    assert page.get_by_role("heading", level=1).inner_text() == "Corriger la donne 2"
    assert page.locator("#id_points").input_value() == "120"
    page.screenshot(path=str(tmp_path / "reopened.png"))  # to look at
    page.get_by_role("button", name="Enregistrer la correction").click()
    page.wait_for_url(re.compile(re.escape(path) + "#hand-2$"))
    assert _live_hands(match)[1] == (2, "B", 120)
    assert page.locator("#pending-hands").is_hidden()
    assert CSP_PROBLEMS == []
    context.close()
    other_context.close()


# From the review of the change (each failed before its fix).


def test_a_hand_corrected_then_deleted_offline_is_deleted(live_server, browser):
    match, path, _url, context, page = _hand_2_corrected_offline(live_server, browser)
    page.wait_for_url(re.compile(re.escape(path) + "#pending-hands$"))
    _open_edit(page, 2)  # the worker's copy, offline
    page.get_by_role("button", name="Supprimer la donne").click()
    page.wait_for_url(re.compile(re.escape(path) + "#pending-hands$"))
    # The latest change of the hand replaces the one kept before it.
    rows = _pending_rows(page)
    assert rows.count() == 1
    assert "Suppression de la donne" in rows.first.inner_text()
    set_network(context, online=True)
    page.locator("#pending-hands").wait_for(state="hidden")
    assert [(h.taker, h.to_input().trick_points) for h in match_get_scoresheet(match).hands] == [
        ("A", 100)
    ]
    context.close()


def test_a_refused_offline_redeal_reopens_as_a_redeal(live_server, browser):
    match = play(make_match(), hand("A", 100), hand("B", 90))
    path = f"/m/{match.token}/"
    url = f"{live_server.url}{path}"
    context = _context(browser)
    page = _open_offline_ready(context, url, path)
    _stored(page, f"/m/{match.token}/donnes/{_hand_ids(match)[1]}/", "rebelote-hands-v1")
    set_network(context, online=False)
    page.wait_for_function("() => !navigator.onLine")
    _open_edit(page, 2)
    page.locator("details.redeal summary").click()
    page.get_by_role("button", name="Confirmer : tout le monde passe").click()
    page.wait_for_url(re.compile(re.escape(path) + "#pending-hands$"))
    other_context = _hand_2_corrected_elsewhere_then_online(browser, match, url, page)
    row = _pending_rows(page).first
    row.get_by_role("link", name="Revoir la donne").click()
    page.get_by_text("C'était « tout le monde passe » : confirmez-le ci-dessous.").wait_for()
    # Not typed back as the hand's old values: the redeal is offered, to confirm.
    assert page.locator("details.redeal").get_attribute("open") is not None
    assert page.get_by_text("La correction gardée sur ce téléphone est reprise").count() == 0
    page.get_by_role("button", name="Confirmer : tout le monde passe").click()
    page.wait_for_url(re.compile(re.escape(path) + "#hand-2$"))
    assert _live_hands(match)[1] == (2, None, None)
    context.close()
    other_context.close()


def test_the_last_hand_saved_from_the_sheet_is_kept_for_offline(live_server, browser):
    match = play(make_match(), hand("A", 100), hand("B", 90))
    path = f"/m/{match.token}/"
    context = _context(browser)
    page = _open_offline_ready(context, f"{live_server.url}{path}", path)
    enter_hand(page, taker="Alice", points=100)  # online, through htmx: no page load
    page.locator("#hand-3").wait_for()
    third = _hand_ids(match)[2]
    _stored(page, f"/m/{match.token}/donnes/{third}/", "rebelote-hands-v1")
    # Kept apart: the pages to read are not pushed out by correction pages.
    kept = page.evaluate(
        """async () => (await (await caches.open("rebelote-pages-v1")).keys())
            .map(r => new URL(r.url).pathname)"""
    )
    assert not [p for p in kept if "/donnes/" in p]
    context.close()


def test_a_refused_deletion_stays_on_the_correction_page_with_why(live_server, browser):
    match = play(make_match(), hand("A", 100), hand("B", 90))
    first = _hand_ids(match)[0]
    context = _context(browser)
    page = _page(context)
    edit = f"{live_server.url}/m/{match.token}/donnes/{first}/"
    page.goto(edit)
    other_context = _context(browser)
    other = _page(other_context)
    other.goto(f"{live_server.url}/m/{match.token}/")
    _correct(other, 1, 110)  # the hand changes under this page
    other.wait_for_url(re.compile(r"#hand-1$"))  # saved: back on the sheet
    assert _live_hands(match)[0] == (1, "A", 110)
    page.get_by_role("button", name="Supprimer la donne").click()
    page.locator(".messages").get_by_text("vient d'être modifiée").wait_for()
    assert page.url == edit  # as without JavaScript
    assert len(_hand_ids(match)) == 2
    assert page.evaluate("() => localStorage.getItem('rebelote-queue-v1')") in (None, "[]")
    context.close()
    other_context.close()


def test_the_announcement_comparison_offline_says_it_needs_the_network(live_server, browser):
    match = make_match(announcements=True)
    path = f"/m/{match.token}/"
    context = _context(browser)
    page = _open_offline_ready(context, f"{live_server.url}{path}", path)
    set_network(context, online=False)
    page.wait_for_function("() => !navigator.onLine")
    form = page.locator("#hand-form")
    form.locator("fieldset.takers").get_by_label("Bob", exact=True).check()
    page.locator("details.more-announcements > summary").click()
    # The helper is fetched when opened (issue 21): offline, it says it needs
    # the network, beside its disclosure; the page (and what was typed) stays.
    page.locator("details.ann-helper > summary").click()
    page.get_by_text("Pas de réseau : l'aide a besoin du serveur.").wait_for()
    assert page.url == f"{live_server.url}{path}"
    assert form.locator("fieldset.takers").get_by_label("Bob", exact=True).is_checked()
    context.close()


def test_a_change_on_a_page_older_than_this_phones_own_correction_follows_it(live_server, browser):
    """Hand 2 corrected from one tab of this phone, then deleted from another
    tab still showing it as it was (as from a stored copy whose correction
    left meanwhile): the deletion was made knowing this phone's own
    correction, so it is not refused as a change made elsewhere (CI: a
    correction sent by a brief return of the network, then its deletion
    typed on the stored copy, was refused)."""
    match = play(make_match(), hand("A", 100), hand("B", 90))
    path = f"/m/{match.token}/"
    context = _context(browser)
    stale = _page(context)
    stale.goto(f"{live_server.url}/m/{match.token}/donnes/{_hand_ids(match)[1]}/")
    page = _page(context)
    page.goto(f"{live_server.url}{path}")
    _correct(page, 2, 120)
    page.wait_for_url(re.compile(re.escape(path) + "#hand-2$"))
    assert _live_hands(match)[1] == (2, "B", 120)
    stale.get_by_role("button", name="Supprimer la donne").click()
    stale.wait_for_url(re.compile(re.escape(path) + "#hands$"))
    assert [(h.taker, h.to_input().trick_points) for h in match_get_scoresheet(match).hands] == [
        ("A", 100)
    ]
    assert stale.evaluate("() => localStorage.getItem('rebelote-queue-v1')") in (None, "[]")
    assert CSP_PROBLEMS == []
    context.close()


def test_a_poll_answered_with_the_sheet_already_shown_keeps_the_undo_bar(live_server, browser):
    """A poll that left before this phone's own write and came back after it
    brings the sheet the page already shows (same version): it changed
    nothing, and must not count as another phone's change, which takes a
    deletion's undo offer away. Seen as test_a_deletion_offline_is_sent_once
    failing one run in two: the poll sent at reconnection came back after the
    kept deletion's answer. Here the poll is made to ask for the version
    before, so it always comes back with the sheet shown."""
    match = play(make_match(), hand("A", 100), hand("B", 90))
    first = _hand_ids(match)[0]
    context = _context(browser, service_workers="block")
    page = _page(context)
    page.route("**/events/", lambda route: route.abort("connectionrefused"))  # polls only
    page.goto(f"{live_server.url}/m/{match.token}/donnes/{first}/")
    page.get_by_role("button", name="Supprimer la donne").click()
    bar = page.locator("#undo-bar")
    expect(bar.get_by_text("Donne 1 supprimée.")).to_be_visible()
    shown = int(page.locator("#scoreboard").get_attribute("data-version"))

    def one_behind(route):
        route.continue_(url=re.sub(r"v=\d+", f"v={shown - 1}", route.request.url))

    page.route("**/poll/**", one_behind)
    with page.expect_response(lambda r: "/poll/" in r.url and r.status == 200):
        page.evaluate("() => dispatchEvent(new PageTransitionEvent('pageshow', {persisted: true}))")
    expect(page.locator("#scoreboard")).to_have_attribute("data-version", str(shown))
    expect(bar.get_by_text("Donne 1 supprimée.")).to_be_visible()
    assert CSP_PROBLEMS == []
    context.close()
