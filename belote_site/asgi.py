"""ASGI entry point: the production server (``belote_site/serve.py``, granian)
runs ``application``.

What holds what (``bench/README.md``, "Push and slow phones"):

- granian reads each request's headers in its Rust layer (with a timeout)
  and hands complete requests to this process's event loop;
- ``scoresheets.matches.uploads.ASGIBodyGuard`` reads a body with a deadline and a
  cap, in the loop;
- an unchanged poll is answered in the loop (``scoresheets/sync/fastpoll.py``);
- a match page's event stream (``scoresheets/sync/stream.py``) is a
  coroutine in the loop (``EventStreamASGI``: one small query in a thread to
  open it); the first of each process, and the streams it does not take,
  go to Django's ASGI handler;
- every other request runs Django's WSGI application, the request cycle the
  site always had (sync middleware, no async hop per middleware), in a pool of
  :data:`THREADS` threads; its answer is sent from the loop once the thread is
  done, so a phone that does not read it holds memory, never a thread.

Django's own ASGI handler for every request was measured and set aside: it
runs each sync middleware's hooks through a thread hop, and served a bare
view several times slower than its WSGI handler on this machine.
"""

from __future__ import annotations

import asyncio
import io
import os
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from django.core.asgi import get_asgi_application
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "belote_site.settings")
django_asgi = get_asgi_application()
django_wsgi = get_wsgi_application()

from scoresheets.converters import TOKEN_LENGTH  # noqa: E402  (needs Django set up)
from scoresheets.matches.uploads import ASGIBodyGuard  # noqa: E402
from scoresheets.sync.fastpoll import UnchangedPollASGI  # noqa: E402
from scoresheets.sync.processes import check_one_process  # noqa: E402
from scoresheets.sync.stream import EventStreamASGI  # noqa: E402

# Several granian workers each keeping their own cache: refused, with the
# reason (scoresheets/sync/processes.py), as gunicorn's are in wsgi.py.
check_one_process()

# Threads that run Django's request cycle, per worker process: the GIL runs
# one at a time, the others wait on the database (gunicorn.conf.py's figure).
THREADS = int(os.environ.get("DJANGO_THREADS") or 8)


class WSGIInThreads:
    """A WSGI application served to ASGI: run in a pool of threads, its answer
    collected, then sent from the event loop."""

    def __init__(self, app: Callable, threads: int) -> None:
        self.app = app
        self.pool = ThreadPoolExecutor(threads, thread_name_prefix="django")

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        """Serve one HTTP request (ASGI)."""
        body = []
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body.append(message.get("body", b""))
            if not message.get("more_body"):
                break
        environ = _environ(scope, b"".join(body))
        loop = asyncio.get_running_loop()
        status, headers, content = await loop.run_in_executor(self.pool, self._run, environ)
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": content})

    def _run(self, environ: dict) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
        answer: dict = {}
        written: list[bytes] = []

        def start_response(status: str, headers: list, exc_info: object = None) -> Callable:
            answer["status"] = int(status[:3])
            answer["headers"] = [
                (k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers
            ]
            return written.append

        result = self.app(environ, start_response)
        try:
            written.extend(result)
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()
        return answer["status"], answer["headers"], b"".join(written)


def _environ(scope: dict, body: bytes) -> dict:
    """The WSGI environ of an ASGI HTTP scope and its body (PEP 3333)."""
    root = scope.get("root_path", "").encode("utf8").decode("latin-1")
    path = scope["path"].encode("utf8").decode("latin-1")
    if root and path.startswith(root):
        path = path[len(root) :]
    server = scope.get("server") or ("localhost", 80)
    environ = {
        "REQUEST_METHOD": scope["method"],
        "SCRIPT_NAME": root,
        "PATH_INFO": path,
        "QUERY_STRING": scope["query_string"].decode("latin-1"),
        "SERVER_PROTOCOL": f"HTTP/{scope.get('http_version', '1.1')}",
        "SERVER_NAME": server[0],
        "SERVER_PORT": str(server[1] or 0),
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scope.get("scheme", "http"),
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    if scope.get("client"):
        environ["REMOTE_ADDR"] = scope["client"][0]
    for name, value in scope.get("headers", []):
        key = name.decode("latin-1").upper().replace("-", "_")
        if key not in ("CONTENT_LENGTH", "CONTENT_TYPE"):
            key = f"HTTP_{key}"
        text = value.decode("latin-1")
        environ[key] = f"{environ[key]},{text}" if key in environ else text
    return environ


class Router:
    """The event streams to Django's ASGI handler, the rest to its WSGI one."""

    def __init__(self) -> None:
        self.threads = WSGIInThreads(django_wsgi, THREADS)

    async def __call__(self, scope: dict, receive: Callable, send: Callable) -> None:
        """Serve one ASGI connection scope."""
        if scope["type"] != "http":
            return None
        path = scope["path"]
        if path.endswith("/events/") and _is_events(path):
            return await django_asgi(scope, receive, send)
        return await self.threads(scope, receive, send)


def _is_events(path: str) -> bool:
    """Whether ``path`` is an event stream's (``<token>/events/``)."""
    parts = path.rstrip("/").split("/")
    return len(parts) >= 3 and parts[-1] == "events" and len(parts[-2]) == TOKEN_LENGTH


application = EventStreamASGI(UnchangedPollASGI(ASGIBodyGuard(Router())))
