"""The request body guard: a body over ``limits.REQUEST_MAX_BYTES`` is
refused before it is read, and an uploaded file is cut off the moment it
passes ``limits.IMPORT_MAX_BYTES``, while it streams (issue 8).

Two pieces, both in the settings:

- :func:`body_size_limit`, a middleware: a request whose Content-Length is
  over the cap gets the 413 page at once; nothing reads its body. It runs
  before anything that reads ``request.POST`` (the CSRF check reads it in
  ``process_view``, after every middleware's ``__call__``).
- :class:`CappedUploadHandler`, the first upload handler: it counts the bytes
  of the request's files as they arrive and stops the upload past the cap,
  so a file is never kept whole, in memory or on disk. Under WSGI, Django
  reads no more than the Content-Length the middleware checked (a chunked
  body without one is not read at all), so this is the second line: it also
  holds where no declared length was checked (an ASGI server, a request
  built in a test).

Neither replaces a cap in the reverse proxy (nginx ``client_max_body_size``,
see README "Production"): gunicorn itself has no body limit.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from django.core.files.uploadhandler import FileUploadHandler, StopUpload
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from scoresheets import limits

CUT = "_rebelote_upload_cut"  # request attribute: a file was cut off while it streamed


def declared_length(request: HttpRequest) -> int:
    """The request's Content-Length in bytes; 0 when absent or not a number
    (as Django reads it: it then reads no body at all)."""
    try:
        return max(0, int(request.META.get("CONTENT_LENGTH") or 0))
    except ValueError:
        return 0


def too_large_page(request: HttpRequest) -> HttpResponse:
    """The 413 page, in the user's language: what was refused and why."""
    context = {"max_kb": limits.import_max_kb()}
    return render(request, "413.html", context, status=413)


def body_size_limit(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    """Answer 413 to a request whose declared body is over
    ``limits.REQUEST_MAX_BYTES``, without reading the body."""

    def middleware(request: HttpRequest) -> HttpResponse:
        if declared_length(request) > limits.REQUEST_MAX_BYTES:
            return too_large_page(request)
        return get_response(request)

    return middleware


def upload_cut(request: HttpRequest) -> bool:
    """Whether :class:`CappedUploadHandler` cut a file of ``request`` off.
    Reads the body (``request.FILES``) if it was not read yet."""
    request.FILES  # noqa: B018 - parsing the upload is what sets the mark
    return getattr(request, CUT, False)


class CappedUploadHandler(FileUploadHandler):
    """Counts the bytes of every file of one request as they stream in and
    passes them on to the next handler (memory, then temporary file); once
    they pass ``limits.IMPORT_MAX_BYTES``, marks the request (see
    :func:`upload_cut`) and stops the upload: the file is dropped.

    When the rest of the body is known and small (a declared length within
    ``limits.REQUEST_MAX_BYTES``), Django reads and discards it, so that the
    browser, still sending, receives the answer; otherwise nothing more is
    read.
    """

    def __init__(self, request: HttpRequest | None = None) -> None:
        super().__init__(request)
        self.received = 0
        self.bounded = False

    def handle_raw_input(
        self,
        input_data: Any,
        META: dict[str, Any],
        content_length: int,
        boundary: bytes,
        encoding: str | None = None,
    ) -> None:
        self.bounded = 0 < content_length <= limits.REQUEST_MAX_BYTES

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes:
        self.received += len(raw_data)
        if self.received > limits.IMPORT_MAX_BYTES:
            if self.request is not None:
                setattr(self.request, CUT, True)
            raise StopUpload(connection_reset=not self.bounded)
        return raw_data

    def file_complete(self, file_size: int) -> None:
        return None  # the next handler holds the file


class ASGIBodyGuard:
    """ASGI middleware (``belote_site/asgi.py``): a request's body read with a
    deadline and a cap before Django sees it, in the event loop (a phone that
    sends its body slowly holds a coroutine, never a thread).

    - A declared ``Content-Length`` over ``limits.REQUEST_MAX_BYTES``: the body
      is not read; Django gets the request without it and
      :func:`body_size_limit` answers its 413 page from the declared length.
    - A body (of any declared length, or chunked) not complete within
      :data:`BODY_SECONDS`: 408, and the connection closes.
    - A chunked body that passes the cap: 413.
    Otherwise Django gets the body as it came, in one message.
    """

    BODY_SECONDS = 30.0

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        """Serve one ASGI connection scope."""
        if scope["type"] != "http" or scope.get("method") in ("GET", "HEAD", "OPTIONS"):
            return await self.app(scope, receive, send)
        declared = -1
        for name, value in scope.get("headers", []):
            if name.lower() == b"content-length":
                declared = int(value) if value.isdigit() else -1
        if declared > limits.REQUEST_MAX_BYTES:
            return await self.app(scope, _replay(b"", receive), send)
        try:
            body = await asyncio.wait_for(_read_body(receive), self.BODY_SECONDS)
        except TimeoutError:
            return await _plain(send, 408, b"Request body too slow.\n")
        if body is None:  # the phone went away
            return None
        if len(body) > limits.REQUEST_MAX_BYTES:
            return await _plain(send, 413, b"Request body too large.\n")
        return await self.app(scope, _replay(body, receive), send)


async def _read_body(receive: Any) -> bytes | None:
    """The whole body (cut once past the cap), or None on a disconnect."""
    chunks, size = [], 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return None
        chunk = message.get("body", b"")
        chunks.append(chunk)
        size += len(chunk)
        if size > limits.REQUEST_MAX_BYTES or not message.get("more_body"):
            return b"".join(chunks)


def _replay(body: bytes, receive: Any) -> Any:
    """A ``receive`` that gives ``body`` once, then the connection's own."""
    pending = [{"type": "http.request", "body": body, "more_body": False}]

    async def replay() -> dict:
        return pending.pop() if pending else await receive()

    return replay


async def _plain(send: Any, status: int, text: bytes) -> None:
    headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"connection", b"close")]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": text})
