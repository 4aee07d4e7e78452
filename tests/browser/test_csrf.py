"""Real browser: a hand refused by the CSRF check (the page too old, cookies
refused) keeps its entry and says why, as a rate-limited one does
(static/js/hand.js shows the server's words in the form)."""

from __future__ import annotations

import pytest

from tests.browser.phones import phone
from tests.browser.test_rate_limit import send_a_refused_hand
from tests.factories import make_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_hand_refused_by_the_csrf_check_keeps_its_entry_and_says_why(live_server, browser):
    match = make_match()
    page = phone(browser)
    page.goto(f"{live_server.url}/m/{match.token}/")
    page.context.clear_cookies(name="csrftoken")  # the browser dropped the site's cookie
    form, alert = send_a_refused_hand(page)
    assert "Rien n'a été enregistré" in alert.inner_text()
    assert form.locator("#id_points").input_value() == "100"
    assert match.hands.count() == 0
    page.wait_for_load_state("networkidle")
    page.context.close()
