"""The session engine: Django's database sessions, stricter about the cookie.

Django makes session keys of lowercase letters and digits. A cookie carrying
anything else (a NUL byte, which PostgreSQL refuses in a query) is no session
at all: the browser gets a fresh one, as for an expired cookie, and no query
is made with it.
"""

from __future__ import annotations

from django.contrib.sessions.backends.base import VALID_KEY_CHARS
from django.contrib.sessions.backends.db import SessionStore as DatabaseSessionStore

_KEY_CHARS = frozenset(VALID_KEY_CHARS)


class SessionStore(DatabaseSessionStore):
    """``django.contrib.sessions.backends.db`` with keys limited to Django's alphabet."""

    def _validate_session_key(self, key: str | None) -> bool:
        return bool(super()._validate_session_key(key)) and _KEY_CHARS.issuperset(key or "")
