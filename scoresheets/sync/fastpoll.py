"""An unchanged poll answered before Django's request cycle.

Every phone of a live match polls ``/m/<token>/poll/?v=<version>`` every 2 s
(``static/js/poll.js``); nearly all of those polls find nothing new and get
an empty 204. Django's own cycle (request object, middleware, URL resolver,
signals) costs about six times what gunicorn costs for such an answer
(``bench/README.md``, "Live load"), so on two cores it, not the poll's work,
caps the number of live tables. :class:`UnchangedPollApp` wraps the WSGI
application: for a poll whose ``v`` is the match's version *as the cache
holds it* (the value ``sync.sheet.poll`` reads first, written by the services in
the writing transaction: ``scoresheets.sync.caching``), it answers the same 204
itself. Anything else goes to Django unchanged: another method or query, an
unknown or malformed token, a version that differs or that the cache does not
hold, a host Django would refuse. While the cache fails (its circuit
breaker is open: ``caching.breaker``), the version is read here from the
database with one small query instead.

The 204's headers are Django's own: the first unchanged poll of each process
(and of each scheme, http or https) goes through Django, and its headers
(cache control, security headers, CSP...) are kept and replayed, less
``Content-Language`` (a 204 has no content, and the language is the
requester's) and ``Expires`` (``never_cache`` sets it to the moment of the
answer: it is written anew). ``tests/web/test_fastpoll.py`` checks that the two
answers are the same.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from email.utils import formatdate
from typing import Any

from django.conf import settings
from django.core.signals import request_finished, request_started
from django.http.request import split_domain_port, validate_host
from django.urls import get_script_prefix, reverse

from scoresheets.converters import TOKEN_LENGTH, TokenConverter
from scoresheets.sync import caching, loop_threads

WSGIApp = Callable[[dict, Callable], Iterable[bytes]]

# A version as poll.js sends it: the digits of data-version, nothing else.
QUERY = re.compile(r"v=([0-9]{1,18})")
# Headers not replayed as they were: they depend on the request or the moment.
PER_REQUEST = {"content-language", "expires", "date", "set-cookie"}


class UnchangedPollApp:
    """WSGI middleware: ``UnchangedPollApp(django_wsgi_application)``.

    Answers ``GET <poll path>?v=<n>`` with an empty 204 when the cache holds
    version ``n`` for the token; passes every other request to ``app``.
    """

    def __init__(self, app: WSGIApp) -> None:
        self.app = app
        self._routes = TokenRoutes("match_poll", "match_poll_read")
        self._headers: dict[bool, list[tuple[str, str]]] = {}

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        """Serve one request (PEP 3333)."""
        token = self._unchanged_poll(environ)
        if token is None:
            return self.app(environ, start_response)
        secure = _is_secure(environ)
        headers = self._headers.get(secure)
        if headers is None:  # this process's first: Django answers, its headers are kept
            return self.app(environ, self._keeping(secure, start_response))
        start_response("204 No Content", [*headers, ("Expires", formatdate(usegmt=True))])
        return []

    def _unchanged_poll(self, environ: dict) -> str | None:
        """The token of a poll that the cache says is unchanged, else None."""
        if environ.get("REQUEST_METHOD") != "GET":
            return None
        # A poll has no body; one that declares one is Django's (its 413 guard).
        if environ.get("CONTENT_LENGTH") not in (None, "", "0") or environ.get(
            "HTTP_TRANSFER_ENCODING"
        ):
            return None
        query = QUERY.fullmatch(environ.get("QUERY_STRING", ""))
        if query is None:
            return None
        found = self._routes.match(environ.get("PATH_INFO", ""))
        if found is None or not _host_allowed(environ):
            return None
        token, field = found
        version = caching.get(caching.key("version", token))
        if version is None and caching.breaker.is_open:
            # The cache is failing and skipped: one small query here rather
            # than Django's whole cycle for the same query (the polls keep
            # most of their rate while Redis is down or hung).
            version = _version_from_database(environ, token, field)
        if version is None or str(version) != query.group(1):
            return None
        return token

    def _keeping(self, secure: bool, start_response: Callable) -> Callable:
        """A ``start_response`` that keeps the headers of Django's unchanged 204."""

        def keep(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            # Not a 204 that repairs this requester's cookies (a malformed
            # session or CSRF cookie: Set-Cookie, and "Cookie" added to Vary).
            if (
                status.startswith("204")
                and exc_info is None
                and not any(name.lower() == "set-cookie" for name, _ in headers)
            ):
                self._headers[secure] = [
                    (name, value) for name, value in headers if name.lower() not in PER_REQUEST
                ]
            return start_response(status, headers, exc_info)

        return keep


class TokenRoutes:
    """A route taking a match's token and its read-only twin (URL names):
    which of them a path is, from the URL configuration (the one source of
    the routes), read at first use."""

    def __init__(self, name: str, read_name: str) -> None:
        self.names = (name, read_name)
        self._pattern: re.Pattern[str] | None = None

    def match(self, path: str) -> tuple[str, str] | None:
        """The token of ``path`` and its field (``"token"``, or
        ``"read_token"`` for the read-only route), or None."""
        if self._pattern is None:
            sample = "x" * TOKEN_LENGTH
            # PATH_INFO never holds the script name: the routes without the
            # prefix that Django left in this thread (set per request, never reset).
            prefix = get_script_prefix()
            shapes = []
            for name in self.names:
                url = reverse(name, args=[sample])
                before, after = ("/" + url.removeprefix(prefix)).split(sample)
                shapes.append(f"{re.escape(before)}({TokenConverter.regex}){re.escape(after)}")
            self._pattern = re.compile("|".join(shapes))
        found = self._pattern.fullmatch(path)
        if found is None:
            return None
        token, read_token = found.groups()
        return (token, "token") if token is not None else (read_token, "read_token")


def _version_from_database(environ: dict, token: str, field: str) -> int | None:
    """The match's version read from the database between Django's own
    request signals (which open, reuse or give back the thread's database
    connection, as for a request); ``None`` on any error (a busy database:
    Django then answers the poll)."""
    request_started.send(sender=UnchangedPollApp, environ=environ)
    try:
        return caching.stored_version(token, field=field)
    except Exception:
        return None
    finally:
        request_finished.send(sender=UnchangedPollApp)


def _is_secure(environ: dict) -> bool:
    """``request.is_secure()`` as Django decides it (SECURE_PROXY_SSL_HEADER)."""
    if settings.SECURE_PROXY_SSL_HEADER:
        header, secure_value = settings.SECURE_PROXY_SSL_HEADER
        value = environ.get(header)
        if value is not None:
            return value.split(",", 1)[0].strip() == secure_value
    return environ.get("wsgi.url_scheme") == "https"


def _host_allowed(environ: dict) -> bool:
    """Whether Django would accept the request's host (``request.get_host()``)."""
    if settings.USE_X_FORWARDED_HOST:
        return False  # rare here: let Django decide
    host = environ.get("HTTP_HOST")
    if host is None:  # no Host header (HTTP/1.0): the server's name, as Django's _get_raw_host
        host = environ.get("SERVER_NAME", "")
        port = str(environ.get("SERVER_PORT", ""))
        if port and port != ("443" if _is_secure(environ) else "80"):
            host = f"{host}:{port}"
    domain, _port = split_domain_port(host)
    allowed = settings.ALLOWED_HOSTS
    if settings.DEBUG and not allowed:
        allowed = [".localhost", "127.0.0.1", "[::1]"]
    return bool(domain) and validate_host(domain, allowed)


class UnchangedPollASGI:
    """ASGI middleware: the same as :class:`UnchangedPollApp`, in front of
    Django's ASGI application (``belote_site/asgi.py``).

    The checks are :class:`UnchangedPollApp`'s own, on a WSGI-like view of
    the request (its method, path, query and headers); the cache is read in
    the event loop with the per-process memory cache (microseconds), in a
    thread with Redis (a round trip must not hold the loop: ``loop_threads``,
    whose threads keep their Redis connection)."""

    def __init__(self, app: Callable) -> None:
        self.app = app
        self.checks = UnchangedPollApp(lambda environ, start_response: [])
        self._headers: dict[bool, list[tuple[bytes, bytes]]] = {}
        self._in_loop = settings.CACHES["default"]["BACKEND"].endswith("LocMemCache")

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        """Serve one ASGI connection scope."""
        if scope["type"] != "http" or scope.get("method") != "GET" or not scope["query_string"]:
            return await self.app(scope, receive, send)
        environ = _environ(scope)
        if self._in_loop:
            token = self.checks._unchanged_poll(environ)
        else:
            token = await loop_threads.run(self.checks._unchanged_poll, environ)
        if token is None:
            return await self.app(scope, receive, send)
        secure = _is_secure(environ)
        headers = self._headers.get(secure)
        if headers is None:  # this process's first: Django answers, its headers are kept
            return await self.app(scope, receive, self._keeping(secure, send))
        expires = (b"expires", formatdate(usegmt=True).encode())
        await send({"type": "http.response.start", "status": 204, "headers": [*headers, expires]})
        await send({"type": "http.response.body", "body": b""})
        return None

    def _keeping(self, secure: bool, send: Callable) -> Callable:
        """A ``send`` that keeps the headers of Django's unchanged 204."""

        async def keep(message: dict) -> None:
            if message["type"] == "http.response.start" and message["status"] == 204:
                headers = message.get("headers", [])
                if not any(name.lower() == b"set-cookie" for name, _ in headers):
                    self._headers[secure] = [
                        (name, value)
                        for name, value in headers
                        if name.decode("latin-1").lower() not in PER_REQUEST
                    ]
            await send(message)

        return keep


def _environ(scope: dict) -> dict:
    """The WSGI environ keys :class:`UnchangedPollApp` reads, from an ASGI scope."""
    root = scope.get("root_path", "")
    path = scope["path"]
    environ = {
        "REQUEST_METHOD": scope["method"],
        "PATH_INFO": path[len(root) :] if root and path.startswith(root) else path,
        "QUERY_STRING": scope["query_string"].decode("latin-1"),
        "wsgi.url_scheme": scope.get("scheme", "http"),
    }
    server = scope.get("server") or ("", "")
    environ["SERVER_NAME"], environ["SERVER_PORT"] = server[0], str(server[1])
    for name, value in scope.get("headers", []):
        key = name.decode("latin-1").upper().replace("-", "_")
        if key == "CONTENT_LENGTH":
            environ[key] = value.decode("latin-1")
        else:
            environ[f"HTTP_{key}"] = value.decode("latin-1")
    return environ
