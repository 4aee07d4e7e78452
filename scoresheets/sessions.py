"""The session engine: Django's database sessions, stricter about the cookie,
and lighter on the queries of every request that reads or changes a session.

Django makes session keys of lowercase letters and digits. A cookie carrying
anything else (a NUL byte, which PostgreSQL refuses in a query) is no session
at all: the browser gets a fresh one, as for an expired cookie, and no query
is made with it.

A session is read as its data alone and an existing session written by one
``UPDATE`` (Django's backend makes a ``Session`` instance for each and saves
it through the model's whole ``save()`` in a transaction of its own): the same
rows, the same errors (a session gone meanwhile: ``UpdateError``), at a
fraction of the CPU on the path of every saved hand (issue 21). Creating a
session is Django's own.
"""

from __future__ import annotations

from typing import Any

from django.contrib.sessions.backends.base import VALID_KEY_CHARS, UpdateError
from django.contrib.sessions.backends.db import SessionStore as DatabaseSessionStore
from django.utils import timezone

_KEY_CHARS = frozenset(VALID_KEY_CHARS)


class SessionStore(DatabaseSessionStore):
    """``django.contrib.sessions.backends.db`` with keys limited to Django's
    alphabet, a session read as its data alone and updated in one query."""

    def _validate_session_key(self, key: str | None) -> bool:
        return bool(super()._validate_session_key(key)) and _KEY_CHARS.issuperset(key or "")

    def load(self) -> dict[str, Any]:
        """The session's data, or ``{}`` (and no key: a new one is made if it
        is saved) when it does not exist or has expired."""
        stored = self.model.objects.values_list("session_data", flat=True)
        try:
            data = stored.get(session_key=self.session_key, expire_date__gt=timezone.now())
        except self.model.DoesNotExist:
            self._session_key = None
            return {}
        return self.decode(data)

    def save(self, must_create: bool = False) -> None:
        """Django's, but an existing session is written by one ``UPDATE``
        (``UpdateError`` if it is gone: Django's middleware then answers as
        for a session deleted meanwhile)."""
        if must_create or self.session_key is None:
            super().save(must_create=must_create)
            return
        updated = self.model.objects.filter(session_key=self.session_key).update(
            session_data=self.encode(self._get_session()),
            expire_date=self.get_expiry_date(),
        )
        if not updated:
            raise UpdateError
