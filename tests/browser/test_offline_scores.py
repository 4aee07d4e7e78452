"""Scores on the phone (issue 20, static/js/scores.js and sync/pending.js):
offline, the hands kept on the phone show their scores, the totals move and
the match's end shows, every figure marked pending; back online, the
server's sheet says the same. The hand form's preview works offline, on the
match page and on a correction page. Every expected figure is the Python
engine's, computed here from the same match document."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from scoresheets import scoring
from scoresheets.matches.scoresheet import match_get_scoresheet
from tests.browser.phones import CSP_PROBLEMS, enter_hand
from tests.browser.test_offline import _context, _open_offline_ready, _stored, set_network
from tests.browser.test_offline_corrections import _hand_ids, _open_edit
from tests.factories import hand, make_match, play

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
]


def _engine(match, *kept: scoring.HandInput) -> scoring.MatchResult:
    """The engine's score of ``match``'s live hands followed by ``kept``."""
    live = [h.to_input() for h in match_get_scoresheet(match).hands]
    return scoring.score_match(match.rules, [*live, *kept])


def _shown_totals(page) -> list[str]:
    """The scoreboard's totals as shown, their pending mark apart."""
    return [
        t.evaluate("el => el.firstChild.textContent.trim()")
        for t in page.locator("#scoreboard .total-points").all()
    ]


def _offline_match_page(live_server, browser, target: int = 500):
    """A match to ``target`` of two hands (172 - 152), opened online once (the
    worker keeps the page and the static files), then cut off the network."""
    match = play(make_match(target=target), hand("A", 100), hand("B", 90))
    path = f"/m/{match.token}/"
    context = _context(browser)
    page = _open_offline_ready(context, f"{live_server.url}{path}", path)
    set_network(context, online=False)
    page.wait_for_function("() => !navigator.onLine")
    return match, context, page


def test_three_hands_offline_move_the_totals_pending_and_end_the_match_as_the_server_then_does(
    live_server, browser, tmp_path
):
    match, context, page = _offline_match_page(live_server, browser)
    kept = [hand("A", 130), hand("B", 120), hand("A", 160)]
    expected = _engine(match, *kept)
    assert expected.finished and expected.hands[-1].ends_match  # the third ends it
    board = page.locator("#scoreboard")

    enter_hand(page, taker="Alice", points=130)
    first = _engine(match, kept[0])
    page.wait_for_function(
        "t => document.querySelector('#scoreboard .total-points')"
        ".firstChild.textContent.trim() === t",
        arg=str(first.totals.a),
    )
    enter_hand(page, taker="Bob", points=120)
    enter_hand(page, taker="Alice", points=160)

    # The totals are the engine's, marked pending in words.
    totals = [str(expected.totals.a), str(expected.totals.b)]
    page.wait_for_function(
        "t => [...document.querySelectorAll('#scoreboard .total-points')]"
        ".map(p => p.firstChild.textContent.trim()).join() === t",
        arg=",".join(totals),
    )
    assert _shown_totals(page) == totals
    assert "is-pending" in (board.get_attribute("class") or "")
    marks = board.locator(".total-points .pending-mark").all_inner_texts()
    assert marks == ["en attente", "en attente"]
    # Each kept row: its hand's score and the running totals.
    rows = page.locator("#pending-hands li.is-pending")
    assert rows.count() == 3
    for row, result in zip(rows.all(), reversed(expected.hands[2:]), strict=True):
        scores = row.locator(".hand-score b").all_inner_texts()
        assert scores == [str(result.score.a), str(result.score.b)]
        running = row.locator(".hand-score small").all_inner_texts()
        assert running == [str(result.totals.a), str(result.totals.b)]
    # The match's end, pending too, and the form gone as on the server's end.
    banner = board.locator(".banner-pending")
    assert banner.locator("[data-head]").inner_text() == "Victoire : Alice & Claire\u00a0!"
    assert "En attente d'envoi" in banner.inner_text()
    assert board.get_attribute("data-finished") == "false"  # the server's state
    assert page.locator(".entry").is_hidden()
    page.screenshot(path=str(tmp_path / "pending-end.png"))  # to look at
    shown = _shown_totals(page)
    shown_rows = [r.locator(".hand-score").all_inner_texts() for r in rows.all()]

    # Back online: the server scores the hands itself; its sheet says the same.
    set_network(context, online=True)
    page.locator("#pending-hands").wait_for(state="hidden")
    page.locator('#scoreboard[data-finished="true"]').wait_for()
    assert _shown_totals(page) == shown
    assert board.locator(".pending-mark").count() == 0
    assert "is-pending" not in (board.get_attribute("class") or "")
    assert "Victoire : Alice & Claire\u00a0!" in board.locator(".banner-win").inner_text()
    # The server's rows of those hands (newest first, as the kept rows were).
    server_rows = [page.locator(f"#hand-{n} .hand-score").all_inner_texts() for n in (5, 4, 3)]
    assert server_rows == shown_rows
    stored = match_get_scoresheet(match).result
    assert (stored.totals, stored.finished, stored.winner) == (
        expected.totals,
        True,
        expected.winner,
    )
    assert CSP_PROBLEMS == []
    context.close()


def test_the_preview_works_offline_with_the_kept_hands_before_it(live_server, browser):
    match, context, page = _offline_match_page(live_server, browser, target=350)
    preview = page.locator("#preview")
    form = page.locator("#hand-form")
    form.locator("fieldset.takers").get_by_label("Bob", exact=True).check()
    form.locator("#id_points").fill("100")
    alone = _engine(match, hand("B", 100)).hands[-1]
    expect(preview.locator(".outcome.is-local .outcome-scores b")).to_have_text(
        [f"+{alone.score.a}", f"+{alone.score.b}"]
    )
    assert "Calculé sur ce téléphone, en attendant le serveur" in preview.inner_text()
    assert "Pas d'aperçu sans réseau" not in preview.inner_text()
    assert "Contrat réussi" in preview.inner_text()

    # After a kept hand, the preview counts it: this one would end the match.
    form.get_by_role("button", name="Valider la donne").click()
    page.locator("#pending-hands li.is-pending").first.wait_for()
    form.locator("fieldset.takers").get_by_label("Alice", exact=True).check()
    form.locator("#id_points").fill("162")
    ending = _engine(match, hand("B", 100), hand("A", 162))
    assert ending.finished
    expect(preview.locator(".outcome.is-local .outcome-scores b")).to_have_text(
        [f"+{ending.hands[-1].score.a}", f"+{ending.hands[-1].score.b}"]
    )
    preview.get_by_text("Cette donne termine la partie, gagnée par Alice & Claire.").wait_for()
    # Points the engine refuses: no preview, said so.
    form.locator("#id_points").fill("170")
    preview.get_by_text("Pas d'aperçu : donne incomplète ou impossible.").wait_for()
    assert CSP_PROBLEMS == []
    context.close()


def test_a_correction_page_previews_the_corrected_hand_offline(live_server, browser):
    match, context, page = _offline_match_page(live_server, browser)
    set_network(context, online=True)
    second = _hand_ids(match)[1]
    _stored(page, f"/m/{match.token}/donnes/{second}/", "rebelote-hands-v1")
    set_network(context, online=False)
    page.wait_for_function("() => !navigator.onLine")
    _open_edit(page, 2)
    page.locator("#id_points").fill("120")
    preview = page.locator("#preview")
    live = [h.to_input() for h in match_get_scoresheet(match).hands]
    corrected = scoring.score_match(match.rules, [live[0], hand("B", 120)]).hands[1]
    expect(preview.locator(".outcome.is-local .outcome-scores b")).to_have_text(
        [f"+{corrected.score.a}", f"+{corrected.score.b}"]
    )
    assert "Pas d'aperçu sans réseau" not in preview.inner_text()
    assert re.search(r"/donnes/\d+/$", page.url)
    assert CSP_PROBLEMS == []
    context.close()


_LOADED = """() => performance.getEntriesByType("resource").map(e => e.name)
    .filter(name => /\\/js\\/(scoring\\/|sync\\/pending)/.test(name))"""


def test_the_scorer_is_loaded_only_when_the_phone_must_score(live_server, browser):
    """A page that only follows the server never loads the phone's scorer
    (sync/pending.js and scoring/): online, the preview is the server's."""
    match = play(make_match(), hand("A", 100))
    context = _context(browser)
    page = _open_offline_ready(context, f"{live_server.url}/m/{match.token}/", f"/m/{match.token}/")
    form = page.locator("#hand-form")
    form.locator("fieldset.takers").get_by_label("Bob", exact=True).check()
    form.locator("#id_points").fill("100")
    page.locator("#preview .outcome:not(.is-local)").wait_for()
    assert page.evaluate(_LOADED) == []
    # Offline, it comes at the first preview asked (from the worker's cache).
    set_network(context, online=False)
    page.wait_for_function("() => !navigator.onLine")
    form.locator("#id_points").fill("101")
    page.locator("#preview .outcome.is-local").wait_for()
    assert any("/js/sync/pending" in name for name in page.evaluate(_LOADED))
    assert CSP_PROBLEMS == []
    context.close()


def test_a_match_of_3_donnes_drawn_offline_says_a_draw_as_the_server_then_does(
    live_server, browser
):
    """docs/match-document.md, rule donnes: the 3rd donne ends the match and
    level totals draw it, on the phone (pending) as on the server."""
    match = play(make_match(donnes=3), hand("A", 100), hand("B", 90))  # 172 - 152
    path = f"/m/{match.token}/"
    context = _context(browser)
    page = _open_offline_ready(context, f"{live_server.url}{path}", path)
    set_network(context, online=False)
    page.wait_for_function("() => !navigator.onLine")
    expected = _engine(match, hand("B", 91))  # 172 + 71 = 152 + 91
    assert expected.finished and expected.winner is None

    enter_hand(page, taker="Bob", points=91)
    board = page.locator("#scoreboard")
    head = board.locator(".banner-pending [data-head]")
    expect(head).to_have_text("Match nul : égalité après la dernière donne.")
    assert _shown_totals(page) == ["243", "243"]
    assert page.locator(".entry").is_hidden()

    set_network(context, online=True)
    page.locator('#scoreboard[data-finished="true"]').wait_for()
    expect(board.locator(".banner-draw")).to_have_text("Match nul : égalité après 3 donnes.")
    stored = match_get_scoresheet(match).result
    assert (stored.finished, stored.winner) == (True, None)
    assert CSP_PROBLEMS == []
    context.close()
