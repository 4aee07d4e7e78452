"""Tokens never reach a log: whoever reads the logs must not be able to open a match.

A match or table token in a URL is the key to it. Django logs the path of
every 4xx and 5xx (``django.request``: ``Not Found: /m/<token>/``), runserver
logs every request line (``django.server``), and an access log does the same.
``mask_tokens`` keeps the first characters of a token-shaped path segment
(or of a longer one: a token with characters glued to it),
enough to tell two matches apart in the logs, never enough to open one:
``/m/AbCdEfGhIjKlMnOpQrStUvWx/`` becomes ``/m/AbCd.../``.

``TokenMaskFilter`` applies it to log records (installed in ``settings.LOGGING``);
``GunicornLogger`` applies it to gunicorn's access log
(``gunicorn --logger-class scoresheets.logmask.GunicornLogger``). This module
imports nothing from Django, so that gunicorn can load it on its own.
"""

from __future__ import annotations

import logging
import re
from typing import Any

TOKEN_CHARS = "A-Za-z0-9_-"  # the URL-safe base64 alphabet of models.new_token
TOKEN_LENGTH = 24  # len(models.new_token()); tests check that the two agree
KEPT = 4  # characters kept: 24 bits tell matches apart and open none

# A run of at least a token's length of token characters (a token, or a token
# with characters glued to it: issue 21) at the start of a path segment or a
# value: after "/", after a percent-escape (%2F as in a ?next= parameter, %20...)
# or after "=", up to the next character that is not a token's.
TOKEN_SEGMENT = re.compile(
    rf"(?:(?<=/)|(?<=%[0-9A-Fa-f]{{2}})|(?<==))([{TOKEN_CHARS}]{{{KEPT}}})"
    rf"[{TOKEN_CHARS}]{{{TOKEN_LENGTH - KEPT},}}(?![{TOKEN_CHARS}])"
)


def mask_tokens(text: str) -> str:
    """``text`` with every token-shaped path segment cut to its first characters
    followed by ``...``; any other text is returned unchanged."""
    return TOKEN_SEGMENT.sub(r"\1...", text)


def _mask(value: Any) -> Any:
    """``value`` masked if it is text, else as is."""
    return mask_tokens(value) if isinstance(value, str) else value


class TokenMaskFilter(logging.Filter):
    """A logging filter that masks tokens in a record's message.

    The message is masked once formatted (a token may be an argument and its
    ``/m/`` the format's); a record with a token then carries the masked text
    and no arguments. Install it on every handler (it then sees the records of
    every logger) and on the loggers that carry a request path
    (``django.request``, ``django.server``), so that handlers added elsewhere
    get masked records too. It never drops a record.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a broken record: logging itself reports it when emitting
            return True
        masked = mask_tokens(message)
        if masked != message:
            record.msg, record.args = masked, None
        return True


try:
    from gunicorn.glogging import Logger as _GunicornBaseLogger
except ImportError:  # pragma: no cover - gunicorn is a runtime dependency on Linux
    _GunicornBaseLogger = None

if _GunicornBaseLogger is not None:

    class GunicornLogger(_GunicornBaseLogger):
        """Gunicorn's logger with the tokens of the access log masked: the request
        line (``%(r)s``), the path (``%(U)s``), the query (``%(q)s``), the referer
        (``%(f)s``) and every header or environ atom."""

        def atoms(self, resp: Any, req: Any, environ: dict, request_time: Any) -> dict:
            """Gunicorn's atoms, each text masked with ``mask_tokens``."""
            atoms = super().atoms(resp, req, environ, request_time)
            return {key: _mask(value) for key, value in atoms.items()}
