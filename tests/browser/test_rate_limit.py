"""Real browser: a hand refused by the rate limit (429) keeps its entry and
says why (htmx swaps no error: static/js/hand.js shows the message)."""

from __future__ import annotations

import pytest
from django.test import Client

from scoresheets import limits
from tests.browser.phones import phone
from tests.factories import entry_form, make_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def send_a_refused_hand(page):
    """Type "Alice prend, 100" and send it; wait for the form's note saying
    why it was refused. Returns (the form, the note)."""
    form = page.locator("#hand-form")
    form.locator("fieldset.takers").get_by_label("Alice", exact=True).check()
    form.locator("#id_points").fill("100")
    form.get_by_role("button", name="Valider la donne").click()
    alert = form.locator("[data-refused-note]")
    alert.wait_for()
    return form, alert


def test_a_rate_limited_hand_keeps_its_entry_and_says_why(
    live_server, browser, settings, one_rate_window
):
    settings.RATELIMIT_ENABLE = True  # off by default against a live server
    # one_rate_window: the writes below and the phone's hand in one window of
    # the limit (a window that ended between them let the hand through).
    match = make_match()
    # Use up this address's hand writes into the match (the browser comes
    # from 127.0.0.1 too, and the live server shares this process's cache).
    client = Client(REMOTE_ADDR="127.0.0.1")
    for _ in range(int(limits.HANDS_PER_MATCH_RATE.split("/")[0])):
        saved = client.post(f"/m/{match.token}/donnes/", entry_form(match, action="pass"))
        assert saved.status_code == 303
    page = phone(browser)
    page.goto(f"{live_server.url}/m/{match.token}/")
    form, alert = send_a_refused_hand(page)
    assert "n'a pas été enregistrée. Réessayez dans" in alert.inner_text()
    assert form.locator("#id_points").input_value() == "100"
    assert match.hands.count() == int(limits.HANDS_PER_MATCH_RATE.split("/")[0])
    page.wait_for_load_state("networkidle")  # no preview left in flight at teardown
    page.context.close()
