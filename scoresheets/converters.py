"""URL path converters of the scoresheet app.

A match or table token is 24 characters of the URL-safe base64 alphabet
(``models.new_token``). The URL patterns accept nothing else, so that a
malformed token (a NUL byte, a 10 KB string, a slash) is a 404 from the
resolver on every database, before any query is made.
"""

from __future__ import annotations

from scoresheets.models import new_token

# ``secrets.token_urlsafe(n)`` always gives ceil(4n/3) characters (no padding):
# the length follows new_token, the one source of truth.
TOKEN_LENGTH = len(new_token())


class TokenConverter:
    """``<token:token>``: exactly ``TOKEN_LENGTH`` characters of ``[A-Za-z0-9_-]``."""

    regex = f"[A-Za-z0-9_-]{{{TOKEN_LENGTH}}}"

    def to_python(self, value: str) -> str:
        """The token itself (the regex already checked it)."""
        return value

    def to_url(self, value: str) -> str:
        """The token itself."""
        return value
