"""The shared shape of the commands that read one match document (FORMAT.md).

Django does not take modules starting with "_" for commands. A subclass
defines :meth:`DocumentCommand.run` (document in, output lines out) and the
exceptions that mean "a number too large" for it; this class reads FILE or
``-``, and turns every invalid input into lines on standard error and exit
status 2, never a traceback.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.core.management.base import BaseCommand

from scoresheets.matches.documents import DocumentError, load_document
from scoresheets.scoring import MatchError

EXIT_INVALID = 2


class DocumentCommand(BaseCommand):
    too_large: tuple[type[BaseException], ...] = ()
    too_large_message = "document: a number is too large"
    max_bytes: int | None = None  # a larger input is refused before it is read whole

    def add_arguments(self, parser):
        parser.add_argument("file", help="the match document, or - for standard input")

    def run(self, document: Any) -> Iterable[str]:
        """The lines to print for a valid ``document`` (may raise MatchError)."""
        raise NotImplementedError

    def handle(self, *args, **options):
        try:
            lines = list(self.run(load_document(options["file"], self.max_bytes)))
        except DocumentError as exc:
            self.fail([f"document: {exc}"])
        except MatchError as exc:
            self.fail(str(problem) for problem in exc.problems)
        except self.too_large:
            self.fail([self.too_large_message])
        for line in lines:
            self.stdout.write(line)

    def fail(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.stderr.write(line)
        raise SystemExit(EXIT_INVALID)
