"""Events dropped, late (so out of order) and doubled on their way to the
phones (issue 31, "every phone still ends on the right sheet"): the stream
tells only a version (``docs/sync.md``, "Push"); a phone that missed one
learns it from the next event or the stream's heartbeat, keeps the highest
version told, and fetches the sheet it does not show. Three phones watch a
match while another writes hands, a correction and a deletion: each ends
on the server's totals, by the stream alone (no timer poll could bring
them: the next is minutes away)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scoresheets.matches import services
from scoresheets.matches.scoresheet import match_get_scoresheet
from scoresheets.models import Match
from tests.browser.phones import CSP_PROBLEMS, phone
from tests.browser.test_conflicts import elsewhere
from tests.factories import hand, make_match

pytestmark = [
    pytest.mark.browser,
    pytest.mark.every_database,  # the push bus differs: LISTEN/NOTIFY on PostgreSQL
    pytest.mark.django_db(transaction=True),
]

# No timer poll within the test; the stream's heartbeat (the version told
# again) every second, so that a phone whose last event was dropped learns
# it within the test's wait.
STREAM_ONLY = {"poll_visible": 600_000, "poll_backoff_max": 600_000, "stream_heartbeat": 1_000}

# Each event the page's stream gets: dropped (30 %), delivered late, after
# the later ones (25 %), or delivered and delivered again (20 %), by a
# seeded draw (each phone its own seed). ``window.rebeloteEvents`` counts
# them.
UNRELIABLE_EVENTS = """(() => {
    const Real = window.EventSource;
    let seed = %d;
    const draw = () => (seed = (seed * 1103515245 + 12345) %% 2147483648) / 2147483648;
    const counts = window.rebeloteEvents = {told: 0, dropped: 0, late: 0, doubled: 0};
    window.EventSource = function (url, options) {
        const real = new Real(url, options);
        const stream = {
            onmessage: null, onerror: null, onopen: null,
            close() { real.close(); },
            get readyState() { return real.readyState; },
        };
        real.onmessage = (event) => {
            counts.told += 1;
            const deliver = () => { if (stream.onmessage) stream.onmessage({data: event.data}); };
            const roll = draw();
            if (roll < 0.3) { counts.dropped += 1; return; }
            if (roll < 0.55) { counts.late += 1; setTimeout(deliver, 300 + 900 * draw()); return; }
            deliver();
            if (roll < 0.75) { counts.doubled += 1; setTimeout(deliver, 20 + 200 * draw()); }
        };
        real.onerror = (event) => { if (stream.onerror) stream.onerror(event); };
        real.onopen = (event) => { if (stream.onopen) stream.onopen(event); };
        return stream;
    };
})();"""


def _server_totals(match: Match) -> list[str]:
    """The engine's totals of the hands stored, as the scoreboard shows them."""
    sheet = match_get_scoresheet(Match.objects.get(pk=match.pk))
    return [str(team.total) for team in sheet.teams]


def _writes(match: Match) -> None:
    """Another phone's writes, one after another: 10 hands, a correction of
    hand 3 and the deletion of hand 7 (12 versions)."""
    takers = "ABBABAABBA"
    for number, taker in enumerate(takers, start=1):
        current = Match.objects.get(pk=match.pk)
        services.hand_record(
            match=current, hand=hand(taker, 80 + 7 * number), seen_version=current.version
        )
    live = list(match_get_scoresheet(Match.objects.get(pk=match.pk)).hands)
    services.hand_update(
        match=Match.objects.get(pk=match.pk),
        hand_id=live[2].pk,
        hand=hand("B", 150),
        expected_version=live[2].version,
    )
    services.hand_delete(
        match=Match.objects.get(pk=match.pk), hand_id=live[6].pk, expected_version=live[6].version
    )


def test_phones_whose_events_are_dropped_late_and_doubled_end_on_the_servers_totals(
    live_server, browser, settings
):
    settings.REBELOTE_SYNC_TIMINGS = STREAM_ONLY
    match = elsewhere(make_match)
    url = f"{live_server.url}/m/{match.token}/"
    phones = []
    for seed in (31, 42, 2026):
        page = phone(browser)
        page.add_init_script(UNRELIABLE_EVENTS % seed)
        with page.expect_response(lambda r: "/events/" in r.url):
            page.goto(url)
        phones.append(page)

    elsewhere(lambda: _writes(match))
    expected = elsewhere(lambda: _server_totals(match))
    assert expected != ["0", "0"]
    for page in phones:
        expect(page.locator(".total-points")).to_have_text(expected)
        expect(page.locator("#hands li[id^='hand-']")).to_have_count(9)
    counts = [page.evaluate("() => window.rebeloteEvents") for page in phones]
    # Each way an event can go wrong happened on the way to some phone.
    for way in ("dropped", "late", "doubled"):
        assert sum(one[way] for one in counts) > 0, counts
    assert CSP_PROBLEMS == []
