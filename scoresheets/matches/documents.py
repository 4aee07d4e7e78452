"""Reading a match document (FORMAT.md) from bytes: strict JSON, clean text.

Shared by the import form and the ``score_match`` / ``import_match``
commands, so that a file is accepted or refused the same way everywhere.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any


class DocumentError(ValueError):
    """The input is not a readable JSON document; the message says why (English)."""


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse_json(data: bytes | str) -> Any:
    """Parse ``data`` (UTF-8, a byte order mark allowed) as strict JSON.

    Raises :class:`DocumentError` for text that is not UTF-8, not JSON,
    NaN / Infinity, nesting too deep, integers longer than Python converts
    (4,300 digits), or strings that cannot be written back as UTF-8 (lone
    surrogates such as ``"\\ud800"``, which JSON allows and databases refuse).
    """
    try:
        if isinstance(data, bytes):
            data = data.decode("utf-8-sig")
        elif data.startswith("\ufeff"):
            data = data[1:]
        document = json.loads(data, parse_constant=_reject_constant)
    except UnicodeDecodeError:
        raise DocumentError("is not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise DocumentError(
            f"is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
        ) from None
    except (ValueError, RecursionError) as exc:
        raise DocumentError(f"is not valid JSON ({exc})") from None
    try:
        json.dumps(document, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise DocumentError("contains characters that are not valid text") from None
    except (ValueError, RecursionError) as exc:
        raise DocumentError(f"is not valid JSON ({exc})") from None
    return document


def load_document(path: str, max_bytes: int | None = None) -> Any:
    """Read and parse the document at ``path`` (``-``: standard input).

    With ``max_bytes``, a larger input is refused without being read whole:
    a file by its size, before a byte is read; standard input after
    ``max_bytes + 1`` bytes. Raises :class:`DocumentError` when the input
    is too large, or cannot be read or parsed.
    """
    limit = -1 if max_bytes is None else max_bytes + 1
    try:
        if path == "-":
            data = sys.stdin.buffer.read(limit)
        else:
            with open(path, "rb") as handle:
                if max_bytes is not None and os.fstat(handle.fileno()).st_size > max_bytes:
                    raise DocumentError(_too_large(max_bytes))
                data = handle.read(limit)
    except OSError as exc:
        raise DocumentError(f"cannot read {path}: {exc.strerror or exc}") from None
    if max_bytes is not None and len(data) > max_bytes:
        raise DocumentError(_too_large(max_bytes))
    return parse_json(data)


def _too_large(max_bytes: int) -> str:
    return f"is larger than {max_bytes // 1024} KB ({max_bytes} bytes), the most accepted"
