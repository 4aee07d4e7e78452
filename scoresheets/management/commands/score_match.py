"""``python manage.py score_match FILE``: score a match document.

The contract of FORMAT.md (top section): the result document as JSON on
standard output and exit status 0; on an invalid document nothing on standard
output, one line per problem on standard error (naming the hand and the
field), exit status 2. Never a traceback on bad input.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand

from scoresheets.scoring import MatchError, score_document

EXIT_INVALID = 2


class DocumentError(Exception):
    """The input is not a readable JSON document; the message says why."""


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def load_document(path: str, stdin: Any = None) -> Any:
    """Read and parse the JSON document at ``path`` (``-``: standard input).

    Raises :class:`DocumentError` when the file cannot be read or is not
    strict JSON (NaN and Infinity are refused).
    """
    try:
        if path == "-":
            stream = stdin if stdin is not None else sys.stdin
            data = stream.buffer.read() if hasattr(stream, "buffer") else stream.read()
        else:
            with open(path, "rb") as handle:
                data = handle.read()
        if isinstance(data, bytes):
            data = data.decode("utf-8-sig")
        return json.loads(data, parse_constant=_reject_constant)
    except OSError as exc:
        raise DocumentError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise DocumentError("is not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise DocumentError(
            f"is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
        ) from None
    except (ValueError, RecursionError) as exc:
        raise DocumentError(f"is not valid JSON ({exc})") from None


class Command(BaseCommand):
    help = "Score a match document (FORMAT.md) and print the result document as JSON."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the match document, or - for standard input")

    def handle(self, *args, **options):
        try:
            document = load_document(options["file"])
            result = score_document(document)
        except DocumentError as exc:
            self.stderr.write(f"document: {exc}")
            raise SystemExit(EXIT_INVALID) from None
        except MatchError as exc:
            for problem in exc.problems:
                self.stderr.write(str(problem))
            raise SystemExit(EXIT_INVALID) from None
        self.stdout.write(json.dumps(result, indent=2, ensure_ascii=False))
