"""Rate limits on anonymous writes (scoresheets/ratelimits.py, rates in
scoresheets/limits.py): a 429 page with Retry-After past a limit, nothing
written; a real table's pace never limited; the client address from a
configured header only; counts in Redis when CACHE_URL says so."""

from __future__ import annotations

import os
from typing import Any

import pytest
from django.core.cache import caches
from django.test import Client, RequestFactory, override_settings

from scoresheets import limits, ratelimits
from scoresheets.models import Hand, Match, Table
from tests.factories import entry_form, make_match
from tests.factories import new_match_form as match_form

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _one_rate_window(one_rate_window):
    """Every test of this module counts in one window (``one_rate_window``)."""


EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def most(rate: str) -> int:
    """The count a rate allows ("60/10m" -> 60)."""
    return int(rate.split("/")[0])


def new_table(client: Client, **extra: Any):
    return client.post("/tables/nouvelle/", {"name": "Les jeudis"}, **extra)


def assert_429(response, text: str = "Doucement !") -> None:
    assert response.status_code == 429
    retry_after = int(response["Retry-After"])
    assert 1 <= retry_after <= 3600 + 5
    assert text in response.content.decode()


# --------------------------------------------------------------------------
# Creations per address
# --------------------------------------------------------------------------


def test_matches_past_the_rate_get_a_429_page_and_are_not_created(client: Client):
    allowed = most(limits.MATCHES_RATE)
    for _ in range(allowed):
        assert client.post("/nouvelle/", match_form()).status_code == 303
    response = client.post("/nouvelle/", match_form())
    assert_429(response)
    body = response.content.decode()
    assert "celle-ci n'a pas été enregistrée. Réessayez dans" in body
    assert Match.objects.count() == allowed
    # The import and a table's new match draw on the same count.
    assert client.post("/importer/", {}).status_code == 429
    table = Table.objects.create(name="Les jeudis")
    assert client.post(f"/t/{table.token}/nouvelle/", match_form()).status_code == 429
    assert Match.objects.count() == allowed


def test_the_429_page_speaks_english_too(client: Client):
    for _ in range(most(limits.TABLES_RATE)):
        assert new_table(client).status_code == 303
    response = new_table(client, **EN)
    assert_429(response, "Easy!")
    assert "this one was not saved. Try again in" in response.content.decode()


def test_roster_adds_past_the_rate_are_refused(client: Client):
    table = Table.objects.create(name="Le club")
    for n in range(most(limits.ROSTER_RATE)):
        client.post(f"/t/{table.token}/joueurs/", {"name": f"J{n}"})
    assert_429(client.post(f"/t/{table.token}/joueurs/", {"name": "Zoé"}))
    assert not table.roster.filter(name="Zoé").exists()


def test_a_concours_registers_a_big_nights_teams_at_its_door(client: Client):
    """One laptop types every team of a big concours (148 at Cannes, issue 19)
    at the door: more than a table's roster rate allows an address, counted
    per concours (it stopped at 120 and said "Doucement !")."""
    import datetime

    from scoresheets.concours import services as cs

    concours = cs.concours_create(
        name="Le grand concours", date=datetime.date(2026, 12, 5), preset="classique", settings={}
    )
    teams = most(limits.ROSTER_RATE) + 30
    for n in range(teams):
        response = client.post(
            f"/c/{concours.token}/inscription/", {"name": f"Équipe {n}", "key": f"{n:032x}"}
        )
        assert response.status_code == 303, n
    assert concours.entrants.count() == teams


def test_a_pasted_list_counts_its_teams_against_the_door_s_limit(client: Client):
    """Issue 27, point 6: the limit counted requests, so pasted lists of 200
    teams passed it whatever their number (410 of 410 past a limit of 400).
    A list counts each of its teams."""
    import datetime

    from scoresheets.concours import services as cs

    concours = cs.concours_create(
        name="Le grand concours", date=datetime.date(2026, 12, 5), preset="classique", settings={}
    )
    url = f"/c/{concours.token}/inscription/liste/"
    allowed = most(limits.CONCOURS_REGISTRATION_RATE)
    batch = 100
    sent = 0
    while sent + batch <= allowed:
        lines = "\n".join(f"Équipe {sent + n}" for n in range(batch))
        response = client.post(url, {"lines": lines, "key": f"{sent:032x}"})
        assert response.status_code == 303, sent
        sent += batch
    lines = "\n".join(f"Équipe {sent + n}" for n in range(batch))
    assert_429(client.post(url, {"lines": lines, "key": f"{sent:032x}"}))
    assert concours.entrants.count() == sent


def test_reading_pages_is_never_limited(client: Client):
    for _ in range(most(limits.TABLES_RATE)):
        new_table(client)
    assert client.get("/tables/nouvelle/").status_code == 200
    assert client.get("/").status_code == 200


# --------------------------------------------------------------------------
# Hands: per address and match, and per address
# --------------------------------------------------------------------------


def test_hands_past_the_rate_into_one_match_are_refused(client: Client):
    match, other = make_match(), make_match()
    allowed = most(limits.HANDS_PER_MATCH_RATE)
    for _ in range(allowed):
        assert (
            client.post(f"/m/{match.token}/donnes/", entry_form(match, action="pass")).status_code
            == 303
        )
    response = client.post(f"/m/{match.token}/donnes/", entry_form(match, action="pass"))
    assert_429(response)
    assert 'id="hand-form"' not in response.content.decode()  # a page, not the form
    assert match.hands.count() == allowed
    # Another match from the same address, and the same match from another
    # address, go on.
    assert (
        client.post(f"/m/{other.token}/donnes/", entry_form(other, action="pass")).status_code
        == 303
    )
    elsewhere = client.post(
        f"/m/{match.token}/donnes/", entry_form(match, action="pass"), REMOTE_ADDR="10.0.0.9"
    )
    assert elsewhere.status_code == 303


def test_an_htmx_hand_past_the_rate_gets_the_429_with_its_message(client: Client):
    match = make_match()
    for _ in range(most(limits.HANDS_PER_MATCH_RATE)):
        client.post(f"/m/{match.token}/donnes/", entry_form(match, action="pass"))
    data = {"taker": "1", "points": "100", "number": "61"}
    response = client.post(f"/m/{match.token}/donnes/", data, headers={"HX-Request": "true"})
    assert_429(response)
    # htmx swaps no error: static/js/hand.js shows this [data-message] above
    # the form, whose typed entry stays as it was.
    assert "<p data-message>" in response.content.decode()
    assert match.hands.count() == most(limits.HANDS_PER_MATCH_RATE)


def test_corrections_deletes_and_restores_count_as_hand_writes(client: Client):
    match = make_match()
    client.post(f"/m/{match.token}/donnes/", entry_form(match, action="pass"))
    saved = match.hands.get()
    for _ in range(most(limits.HANDS_PER_MATCH_RATE) - 1):
        client.post(f"/m/{match.token}/donnes/{saved.pk}/retablir/")
    assert_429(client.post(f"/m/{match.token}/donnes/{saved.pk}/supprimer/"))
    assert_429(client.post(f"/m/{match.token}/donnes/{saved.pk}/", {"action": "pass"}))
    assert match.hands.live().count() == 1


def test_one_address_writing_into_many_matches_is_limited_too(client: Client):
    matches = [make_match() for _ in range(11)]
    per_match = most(limits.HANDS_PER_MATCH_RATE)
    allowed = most(limits.HANDS_RATE)
    assert allowed < per_match * len(matches)
    for n in range(allowed):  # cheap writes: a restore of a hand that does not exist
        match = matches[n % len(matches)]
        assert client.post(f"/m/{match.token}/donnes/999/retablir/").status_code == 404
    last = matches[allowed % len(matches)]
    assert_429(client.post(f"/m/{last.token}/donnes/", entry_form(last, action="pass")))
    assert Hand.objects.count() == 0


def test_a_real_table_at_its_fastest_never_sees_a_429():
    # Four phones behind one address (a club's NAT), each saving every hand
    # (one is saved, three are told it was entered), ten hands and five
    # corrections in one window (the previews are not limited at all).
    match = make_match()
    phones = [Client() for _ in range(4)]
    statuses = []
    for number in range(1, 11):
        seen = entry_form(match, number=str(number))  # the four phones saw one sheet
        for phone in phones:
            data = {**seen, "taker": "1", "points": "100"}
            statuses.append(phone.post(f"/m/{match.token}/donnes/", data).status_code)
    for saved in match.hands.all()[:5]:
        data = {"taker": "2", "points": "100", "hand_version": str(saved.version)}
        statuses.append(phones[0].post(f"/m/{match.token}/donnes/{saved.pk}/", data).status_code)
    assert 429 not in statuses
    assert statuses.count(303) == 15
    assert match.hands.count() == 10


def test_the_preview_is_not_limited(client: Client):
    match = make_match()
    for _ in range(most(limits.HANDS_PER_MATCH_RATE) + 5):
        response = client.post(f"/m/{match.token}/apercu/", {"taker": "1", "points": "90"})
        assert response.status_code == 200


@override_settings(RATELIMIT_ENABLE=False)
def test_ratelimit_enable_false_turns_every_limit_off(client: Client):
    for _ in range(most(limits.TABLES_RATE) + 1):
        assert new_table(client).status_code == 303


# --------------------------------------------------------------------------
# The client address
# --------------------------------------------------------------------------


def address(**meta: str) -> str:
    return ratelimits.client_address(RequestFactory().get("/", **meta))


def test_without_a_configured_header_a_client_sent_one_is_ignored(client: Client):
    assert address(REMOTE_ADDR="10.1.1.1", HTTP_X_FORWARDED_FOR="8.8.8.8") == "10.1.1.1"
    for n in range(most(limits.TABLES_RATE)):
        new_table(client, HTTP_X_FORWARDED_FOR=f"8.8.8.{n}")
    assert_429(new_table(client, HTTP_X_FORWARDED_FOR="9.9.9.9"))


@override_settings(CLIENT_IP_HEADER="X-Forwarded-For")
def test_with_a_configured_header_the_rightmost_entry_is_the_client(client: Client):
    meta = {"REMOTE_ADDR": "10.0.0.1"}
    assert address(HTTP_X_FORWARDED_FOR="1.2.3.4, 203.0.113.7", **meta) == "203.0.113.7"
    assert address(HTTP_X_FORWARDED_FOR="203.0.113.7", **meta) == "203.0.113.7"
    assert address(HTTP_X_FORWARDED_FOR="not an address", **meta) == "10.0.0.1"
    assert address(**meta) == "10.0.0.1"
    for n in range(most(limits.TABLES_RATE)):
        new_table(client, HTTP_X_FORWARDED_FOR=f"8.8.8.{n}, 203.0.113.7")
    # What the client put on the left does not make it another client...
    assert_429(new_table(client, HTTP_X_FORWARDED_FOR="8.8.4.4, 203.0.113.7"))
    # ...but another address appended by the proxy is one.
    assert new_table(client, HTTP_X_FORWARDED_FOR="203.0.113.8").status_code == 303


def test_an_ipv6_client_is_counted_by_its_64_network():
    first = RequestFactory().get("/", REMOTE_ADDR="2001:db8:1:2:aaaa::1")
    second = RequestFactory().get("/", REMOTE_ADDR="2001:db8:1:2:bbbb::2")
    assert ratelimits.address_key("g", first) == ratelimits.address_key("g", second)
    assert ratelimits.address_key("g", first) == "2001:db8:1:2::"
    other = RequestFactory().get("/", REMOTE_ADDR="2001:db8:1:3::1")
    assert ratelimits.address_key("g", other) != ratelimits.address_key("g", first)


def test_ipv4_mapped_ipv6_clients_are_counted_by_their_ipv4_address():
    """Issue 21: a dual-stack socket reports IPv4 clients as ::ffff:a.b.c.d,
    whose /64 put every one of them in a single bucket."""
    first = RequestFactory().get("/", REMOTE_ADDR="::ffff:192.0.2.1")
    second = RequestFactory().get("/", REMOTE_ADDR="::ffff:198.51.100.7")
    assert ratelimits.address_key("g", first) == "192.0.2.1"
    assert ratelimits.address_key("g", second) == "198.51.100.7"
    plain = RequestFactory().get("/", REMOTE_ADDR="192.0.2.1")
    assert ratelimits.address_key("g", plain) == ratelimits.address_key("g", first)


# --------------------------------------------------------------------------
# The cache
# --------------------------------------------------------------------------


def redis_cache(location: str, prefix: str) -> dict:
    return {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": location,
            "KEY_PREFIX": prefix,
        }
    }


def redis_answers() -> bool:
    try:
        import redis

        return bool(redis.Redis(host="127.0.0.1", port=6379, db=1, socket_timeout=1).ping())
    except Exception:
        return False


@pytest.mark.skipif(not redis_answers(), reason="no Redis answers at 127.0.0.1:6379")
def test_counts_live_in_redis_where_every_worker_sees_them(client: Client):
    import redis

    prefix = f"rebelote-test-{os.getpid()}"
    raw = redis.Redis(host="127.0.0.1", port=6379, db=1)
    try:
        with override_settings(CACHES=redis_cache("redis://127.0.0.1:6379/1", prefix)):
            for _ in range(most(limits.TABLES_RATE)):
                assert new_table(client).status_code == 303
            assert_429(new_table(client))
            # Another process (a raw connection here) reads the same count.
            keys = list(raw.scan_iter(match=f"{prefix}:*"))
            assert len(keys) == 1
            assert int(raw.get(keys[0])) == most(limits.TABLES_RATE) + 1
    finally:
        for key in raw.scan_iter(match=f"{prefix}:*"):
            raw.delete(key)
        caches["default"].clear()  # the LocMem cache again


def test_a_cache_that_fails_lets_writes_through_and_logs_it(client: Client, caplog):
    # Nothing listens on port 1: every cache call fails at once.
    with override_settings(CACHES=redis_cache("redis://127.0.0.1:1/1", "rebelote-test")):
        assert new_table(client).status_code == 303
    assert "cache unavailable (rate limit tables: ConnectionError" in caplog.text
    assert Table.objects.count() == 1


# --------------------------------------------------------------------------
# Costly readings per address (issue 27, point 3)
# --------------------------------------------------------------------------


def test_costly_readings_past_the_rate_get_a_429_page_saying_so(client: Client):
    match = make_match()
    url = f"/voir/{match.read_token}/feuille.png"
    etag = client.get(url)["ETag"]
    # A loop of the same image (even answered 304 from its ETag) counts.
    for _ in range(most(limits.COSTLY_RATE) - 1):
        assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    response = client.get(url)
    assert_429(response)
    body = response.content.decode()
    assert "Beaucoup de demandes sont arrivées de votre connexion" in body
    assert "n'a pas été enregistrée" not in body  # nothing was being saved
    # The same count for a concours' results sheet from that address; the
    # match's own page is no costly reading and still answers.
    assert client.get(f"/m/{match.token}/feuille.png").status_code == 429
    assert client.get(f"/voir/{match.read_token}/").status_code == 200
    english = client.get(url, **EN).content.decode()
    assert "Too many requests came from your connection" in english


def test_a_failing_cache_does_not_lift_the_limits(client: Client, monkeypatch):
    """Issue 27, point 6: after one Redis timeout the breaker skipped the
    cache for 5 s per worker, and the limits with it (410 of 410
    registrations passed a limit of 400). While the cache fails, each
    process counts on its own: a limit is still met (per process)."""
    from scoresheets.sync import caching

    def unreachable(*args, **kwargs):
        raise ConnectionError("redis timed out")

    monkeypatch.setattr(ratelimits, "get_usage", unreachable)
    allowed = most(limits.MATCHES_RATE)
    for _ in range(allowed):
        assert client.post("/nouvelle/", match_form()).status_code == 303
    assert caching.breaker.is_open  # the cache is skipped: counted here
    assert_429(client.post("/nouvelle/", match_form()))
    assert Match.objects.count() == allowed
