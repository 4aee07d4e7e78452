"""The ASGI body guard (scoresheets/matches/uploads.py, ASGIBodyGuard): a body read
with a cap and a deadline in the event loop, before Django sees it."""

from __future__ import annotations

import asyncio

from scoresheets import limits
from scoresheets.matches.uploads import ASGIBodyGuard


def run(guard: ASGIBodyGuard, headers: list, messages: list, *, forever: bool = False):
    """(what the inner app read, what was sent) for one POST."""
    scope = {"type": "http", "method": "POST", "path": "/", "headers": headers}
    got: dict = {}
    sent: list[dict] = []

    async def inner(scope, receive, send):
        got["message"] = await receive()
        await send({"type": "http.response.start", "status": 200, "headers": []})

    guard.app = inner

    async def receive():
        if messages:
            return messages.pop(0)
        await asyncio.Event().wait()  # a phone that never sends the rest

    async def send(message):
        sent.append(message)

    asyncio.run(guard(scope, receive, send))
    return got.get("message"), sent


def body(data: bytes, more: bool = False) -> dict:
    return {"type": "http.request", "body": data, "more_body": more}


def test_a_body_in_pieces_reaches_django_whole():
    got, sent = run(
        ASGIBodyGuard(None), [(b"content-length", b"6")], [body(b"abc", True), body(b"def")]
    )
    assert got == body(b"abcdef")
    assert sent[0]["status"] == 200


def test_a_declared_body_over_the_cap_is_not_read():
    declared = str(limits.REQUEST_MAX_BYTES + 1).encode()
    got, _ = run(ASGIBodyGuard(None), [(b"content-length", declared)], [body(b"x" * 10, True)])
    assert got == body(b"")  # Django's middleware answers its 413 page from the header


def test_a_chunked_body_over_the_cap_is_refused():
    chunk = b"x" * (limits.REQUEST_MAX_BYTES // 2 + 1)
    got, sent = run(ASGIBodyGuard(None), [], [body(chunk, True), body(chunk, True)])
    assert got is None
    assert sent[0]["status"] == 413


def test_a_body_that_trickles_past_the_deadline_is_refused():
    guard = ASGIBodyGuard(None)
    guard.BODY_SECONDS = 0.05
    got, sent = run(guard, [(b"content-length", b"100")], [body(b"a", True)])
    assert got is None
    assert sent[0]["status"] == 408
