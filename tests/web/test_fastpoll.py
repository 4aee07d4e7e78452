"""The unchanged poll answered before Django (scoresheets/sync/fastpoll.py): the same
answer as Django's, and only when Django's would be an empty 204."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.core.cache import cache
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.test import RequestFactory
from django.urls import set_script_prefix

from scoresheets import limits
from scoresheets.matches import services
from scoresheets.models import Match
from scoresheets.sync import caching
from scoresheets.sync.fastpoll import PER_REQUEST, UnchangedPollApp
from tests.factories import asgi_get, hand, make_match, play

pytestmark = pytest.mark.django_db


class Server:
    """The wrapped application, counting what reached Django."""

    def __init__(self) -> None:
        self.django = WSGIHandler()
        self.reached_django = 0
        self.app = UnchangedPollApp(self._django)

    def _django(self, environ, start_response):
        self.reached_django += 1
        return self.django(environ, start_response)

    def request(self, path: str, method: str = "GET", **extra) -> tuple[int, dict, bytes]:
        """(status, headers, body) of ``method path`` through the wrapped app."""
        environ = getattr(RequestFactory(), method.lower())(path, **extra).environ
        answer: dict = {}

        def start_response(status, headers, exc_info=None):
            answer["status"] = int(status.split()[0])
            answer["headers"] = dict(headers)

        body = b"".join(self.app(environ, start_response))
        return answer["status"], answer["headers"], body

    def django_answer(self, path: str, **extra) -> tuple[int, dict, bytes]:
        """(status, headers, body) of ``GET path`` from Django alone."""
        environ = RequestFactory().get(path, **extra).environ
        answer: dict = {}

        def start_response(status, headers, exc_info=None):
            answer["status"] = int(status.split()[0])
            answer["headers"] = dict(headers)

        body = b"".join(self.django(environ, start_response))
        return answer["status"], answer["headers"], body


@pytest.fixture
def server() -> Iterator[Server]:
    # A real WSGI server closes the database connections around each request;
    # here they are the test's own transaction (Django's test client does the same).
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield Server()
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def match() -> Match:
    return play(make_match(), hand("A", 100))


def poll_path(match: Match, version: object) -> str:
    return f"/m/{match.token}/poll/?v={version}"


def test_django_answers_the_first_unchanged_poll_then_the_wrapper_the_same(server, match):
    status, django_headers, body = server.request(poll_path(match, match.version))
    assert (status, body, server.reached_django) == (204, b"", 1)

    status, headers, body = server.request(poll_path(match, match.version))
    assert (status, body, server.reached_django) == (204, b"", 1)
    # The same headers, less the language (a 204 has no content) and a fresh Expires.
    django_headers.pop("Content-Language")
    assert headers.keys() == django_headers.keys()
    assert {k: v for k, v in headers.items() if k != "Expires"} == {
        k: v for k, v in django_headers.items() if k != "Expires"
    }
    assert "no-store" in headers["Cache-Control"]
    assert "Content-Security-Policy" in headers


def test_a_new_hand_goes_to_django_and_gets_the_sheet(server, match):
    seen = match.version
    server.request(poll_path(match, seen))
    services.hand_record(match=match, hand=hand("B", 90), taker_seat=2)
    status, _, body = server.request(poll_path(match, seen))
    assert (status, server.reached_django) == (200, 2)
    assert f'data-version="{seen + 1}"'.encode() in body
    # And the new version is the unchanged one now, without Django.
    assert server.request(poll_path(match, seen + 1))[0] == 204
    assert server.reached_django == 2  # the service wrote the new version in the cache


@pytest.mark.parametrize(
    "query",
    ["", "?v=", "?v=abc", "?v=0{version}", "?v={version}&x=1", "?x=1&v={version}", "?v=-1"],
)
def test_any_other_query_goes_to_django(server, match, query):
    server.request(poll_path(match, match.version))  # headers kept
    before = server.reached_django
    server.request(f"/m/{match.token}/poll/" + query.format(version=match.version))
    assert server.reached_django == before + 1


@pytest.mark.parametrize("method", ["HEAD", "POST", "OPTIONS"])
def test_any_other_method_goes_to_django(server, match, method):
    server.request(poll_path(match, match.version))
    status, _, _ = server.request(poll_path(match, match.version), method=method)
    assert server.reached_django == 2
    assert status == {"HEAD": 204, "POST": 403, "OPTIONS": 405}[method]  # 403: no CSRF token


def test_a_version_the_cache_does_not_hold_goes_to_django(server, match):
    server.request(poll_path(match, match.version))
    cache.delete(caching.key("version", match.token))
    status, _, _ = server.request(poll_path(match, match.version))
    assert (status, server.reached_django) == (204, 2)  # Django read it from the database


def test_an_unknown_or_malformed_token_goes_to_django(server, match):
    server.request(poll_path(match, match.version))
    unknown = "A" * len(match.token)
    assert server.request(f"/m/{unknown}/poll/?v=1")[0] == 404
    assert server.request(f"/m/{match.token[:-1]}/poll/?v={match.version}")[0] == 404
    assert server.reached_django == 3


def test_the_read_only_poll_is_answered_the_same_way(server, match):
    path = f"/voir/{match.read_token}/poll/?v={match.version}"
    assert server.request(path)[0] == 204
    assert server.request(path)[0] == 204
    assert server.reached_django == 1


def test_a_host_django_refuses_goes_to_django(server, match, settings):
    settings.ALLOWED_HOSTS = ["scores.example.org"]
    server.request(poll_path(match, match.version), HTTP_HOST="scores.example.org")
    status, _, _ = server.request(poll_path(match, match.version), HTTP_HOST="evil.example")
    assert (status, server.reached_django) == (400, 2)


def test_https_answers_carry_their_own_headers(server, match, settings):
    settings.SECURE_HSTS_SECONDS = 3600
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    server = Server()  # Django's middleware reads the settings when it is loaded
    server.request(poll_path(match, match.version))  # http: kept for http
    status, _, _ = server.request(poll_path(match, match.version), HTTP_X_FORWARDED_PROTO="https")
    assert (status, server.reached_django) == (204, 2)  # https's first goes to Django
    status, headers, _ = server.request(
        poll_path(match, match.version), HTTP_X_FORWARDED_PROTO="https"
    )
    assert (status, server.reached_django) == (204, 2)
    assert headers["Strict-Transport-Security"] == "max-age=3600"
    _, headers, _ = server.request(poll_path(match, match.version))
    assert "Strict-Transport-Security" not in headers
    assert server.reached_django == 2


def test_the_production_entry_point_is_wrapped():
    from belote_site import wsgi

    assert isinstance(wsgi.application, UnchangedPollApp)


# Found by review (each failed before its fix).


def test_an_empty_host_header_is_refused_as_django_does(server, match):
    server.request(poll_path(match, match.version))
    assert server.request(poll_path(match, match.version), HTTP_HOST="")[0] == 400


def test_a_poll_declaring_a_body_goes_to_django(server, match):
    server.request(poll_path(match, match.version))
    too_long = str(limits.REQUEST_MAX_BYTES + 1)
    assert server.request(poll_path(match, match.version), CONTENT_LENGTH=too_long)[0] == 413


def test_a_script_prefix_left_in_the_thread_does_not_disable_the_fast_path(server, match):
    set_script_prefix("/sub/")
    try:
        server.request(poll_path(match, match.version))
        server.request(poll_path(match, match.version))
        assert server.reached_django == 1
    finally:
        set_script_prefix("/")


def test_a_request_cannot_choose_the_headers_replayed_to_everyone(server, match):
    server.request(poll_path(match, match.version), HTTP_COOKIE="sessionid=bad")
    _, django_headers, _ = server.django_answer(poll_path(match, match.version))
    _, headers, _ = server.request(poll_path(match, match.version))
    assert headers["Vary"] == django_headers["Vary"] == "Accept-Language"


@pytest.mark.django_db(transaction=True)
def test_under_asgi_an_unchanged_poll_is_answered_before_django_as_django_would():
    import asyncio

    from django.core.handlers.asgi import ASGIHandler

    from scoresheets.sync.fastpoll import UnchangedPollASGI

    match = play(make_match(), hand("A", 100))
    reached = []
    django = ASGIHandler()

    async def counting(scope, receive, send):
        reached.append(scope["path"])
        await django(scope, receive, send)

    app = UnchangedPollASGI(counting)

    async def get(path: str, query: str) -> tuple[int, dict]:
        return await asgi_get(app, path, query)

    path = f"/m/{match.token}/poll/"
    first = asyncio.run(get(path, f"v={match.version}"))
    second = asyncio.run(get(path, f"v={match.version}"))
    assert first[0] == second[0] == 204
    assert len(reached) == 1  # the second never reached Django
    # Django's own headers, less those that depend on the request or the moment.
    same = {k: v for k, v in first[1].items() if k not in PER_REQUEST}
    assert {k: v for k, v in second[1].items() if k not in PER_REQUEST} == same
    assert "expires" in second[1]
    changed = asyncio.run(get(path, "v=0"))
    assert changed[0] == 200 and len(reached) == 2


def test_while_the_cache_fails_an_unchanged_poll_is_answered_from_the_database(
    server: Server, match: Match, django_assert_num_queries
):
    server.request(poll_path(match, match.version))  # Django's first: its headers kept
    cache.clear()
    caching.breaker.failed("get", ConnectionError("refused"))  # Redis just failed
    reached = server.reached_django
    with django_assert_num_queries(1):
        status, _headers, body = server.request(poll_path(match, match.version))
    assert (status, body) == (204, b"")
    assert server.reached_django == reached  # not through Django's whole cycle
    # A changed match still goes to Django (the sheet), and so does a read link's poll.
    status, _headers, _body = server.request(poll_path(match, match.version - 1))
    assert status == 200
    assert server.reached_django == reached + 1
    status, _headers, _body = server.request(f"/voir/{match.read_token}/poll/?v={match.version}")
    assert status == 204
    assert server.reached_django == reached + 1
