"""Simultaneous entry, for real: parallel HTTP requests against a live server.

Runs on the database of the run (SQLite as a file, so that the server's
threads each have their own connection, and PostgreSQL under DATABASE_URL).
Each test prints its figures (``pytest -s`` shows them).
"""

from __future__ import annotations

import http.cookiejar
import re
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

import pytest
from django.db import connection

from scoresheets import scoring, services
from scoresheets.models import Hand
from tests.factories import make_match

pytestmark = pytest.mark.django_db(transaction=True)

ROUNDS = 50
PHONES = ("Léa", "Sam", "Noé", "Zoé")
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
VERSION = re.compile(r'data-version="(\d+)"')
TOTALS = re.compile(r'class="total-points">(\d+)<')


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None  # a 303 is an answer here, not a hop


class Phone:
    """One phone: its own cookies (session, CSRF) and name, talking HTTP."""

    def __init__(self, base: str, token: str, name: str):
        self.base = base
        self.token = token
        self.name = name
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), _NoRedirect()
        )
        body = self.get(f"/m/{token}/")[1]
        self.csrf = CSRF.search(body).group(1)
        status, _ = self.post(f"/m/{token}/appareil/", {"device": name})
        assert status == 303

    def request(self, path: str, data: dict | None = None) -> tuple[int, str]:
        encoded = urllib.parse.urlencode(data).encode() if data is not None else None
        request = urllib.request.Request(self.base + path, data=encoded)
        try:
            with self.opener.open(request, timeout=60) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def get(self, path: str) -> tuple[int, str]:
        return self.request(path)

    def post(self, path: str, data: dict) -> tuple[int, str]:
        return self.request(path, {**data, "csrfmiddlewaretoken": self.csrf})

    def enter(self, number: int, taker_seat: int, points: int) -> tuple[int, str]:
        data = {
            "taker": str(taker_seat),
            "points": str(points),
            "number": str(number),
            "key": uuid.uuid4().hex,
        }
        return self.post(f"/m/{self.token}/donnes/", data)


def run_together(*calls):
    """Start the calls at the same instant (a barrier), return their results in order."""
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(index, call):
        barrier.wait()
        results[index] = call()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return results


def test_four_phones_saving_the_same_new_hand_store_it_once(live_server):
    match = make_match(target=100_000)
    phones = [Phone(live_server.url, match.token, name) for name in PHONES]
    conflicts = 0
    started = time.monotonic()
    for number in range(1, ROUNDS + 1):
        results = run_together(
            *(
                lambda phone=phone, seat=seat, number=number: phone.enter(number, seat, 80 + seat)
                for seat, phone in enumerate(phones, start=1)
            )
        )
        statuses = sorted(status for status, _ in results)
        assert statuses == [303, 409, 409, 409], (number, statuses)
        winner = next(phones[i].name for i, (status, _) in enumerate(results) if status == 303)
        for status, body in results:
            if status == 409:
                assert f"La donne {number} vient d&#x27;être saisie depuis le téléphone de " in body
                assert winner in body
                conflicts += 1
        assert Hand.objects.filter(match=match).count() == number
    elapsed = time.monotonic() - started
    numbers = list(Hand.objects.filter(match=match).values_list("number", flat=True))
    assert numbers == list(range(1, ROUNDS + 1))
    print(
        f"\n[{connection.vendor}] {ROUNDS} rounds x {len(PHONES)} simultaneous submissions: "
        f"{ROUNDS} stored, {conflicts} conflicts told, 0 lost, 0 errors, {elapsed:.1f} s"
    )


def test_four_phones_taking_turns_while_the_others_poll(live_server):
    match = make_match(target=100_000)
    phones = [Phone(live_server.url, match.token, name) for name in PHONES]
    entered: list[scoring.HandInput] = []
    stop = threading.Event()
    poll_statuses: list[int] = []
    seen_versions: dict[str, int] = {}

    def poll(phone: Phone):
        version = "0"
        while not stop.is_set():
            status, body = phone.get(f"/m/{match.token}/poll/?v={version}")
            poll_statuses.append(status)
            found = VERSION.search(body) if status == 200 else None
            if found:
                version = found.group(1)
                seen_versions[phone.name] = int(version)
            time.sleep(0.05)

    hands_per_phone = 10
    for turn in range(hands_per_phone * len(phones)):
        writer = phones[turn % len(phones)]
        pollers = [threading.Thread(target=poll, args=(p,)) for p in phones if p is not writer]
        stop.clear()
        for thread in pollers:
            thread.start()
        seat = turn % 4 + 1
        points = 40 + (turn * 7) % 83  # made, dedans and litiges (81) along the way
        status, body = writer.enter(turn + 1, seat, points)
        stop.set()
        for thread in pollers:
            thread.join(timeout=60)
        assert status == 303, body[:500]
        team = "A" if seat % 2 else "B"
        entered.append(scoring.HandInput(team, team, points))

    expected = scoring.score_match(services.match_get_scoresheet(match).match.rules, entered)
    sheet = services.match_get_scoresheet(match)
    assert [h.to_input() for h in sheet.hands] == entered  # no hand lost, none doubled
    assert sheet.result.totals == expected.totals
    final = phones[0].get(f"/m/{match.token}/poll/?v=0")[1]
    assert TOTALS.findall(final) == [str(expected.totals.a), str(expected.totals.b)]
    assert set(poll_statuses) <= {200, 204}
    print(
        f"\n[{connection.vendor}] 4 phones x {hands_per_phone} hands in turn, "
        f"{len(poll_statuses)} polls meanwhile: {len(entered)} stored, 0 lost, "
        f"totals {expected.totals.a}-{expected.totals.b} as the engine's"
    )


def test_a_double_tap_sent_four_times_at_once_saves_one_hand(live_server):
    match = make_match(target=100_000)
    phone = Phone(live_server.url, match.token, "Léa")
    rounds = 10
    for number in range(1, rounds + 1):
        data = {"taker": "1", "points": "90", "number": str(number), "key": uuid.uuid4().hex}
        path = f"/m/{match.token}/donnes/"
        results = run_together(*(lambda d=data, p=path: phone.post(p, d) for _ in range(4)))
        # The first one saves; the replays get the same answer, not a conflict.
        assert [status for status, _ in results] == [303] * 4
        assert Hand.objects.filter(match=match).count() == number
    print(f"\n[{connection.vendor}] {rounds} rounds of 4 identical submissions: {rounds} stored")
