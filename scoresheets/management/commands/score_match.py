"""``python manage.py score_match FILE``: score a match document.

The contract of FORMAT.md (top section): the result document as JSON on
standard output and exit status 0; on an invalid document nothing on standard
output, one line per problem on standard error (naming the hand and the
field), exit status 2. Never a traceback on bad input.
"""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand

from scoresheets.documents import DocumentError, load_document
from scoresheets.scoring import MatchError, score_document

EXIT_INVALID = 2


class Command(BaseCommand):
    help = "Score a match document (FORMAT.md) and print the result document as JSON."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the match document, or - for standard input")

    def handle(self, *args, **options):
        try:
            result = score_document(load_document(options["file"]))
            output = json.dumps(result, indent=2, ensure_ascii=False)
        except DocumentError as exc:
            self.stderr.write(f"document: {exc}")
            raise SystemExit(EXIT_INVALID) from None
        except MatchError as exc:
            for problem in exc.problems:
                self.stderr.write(str(problem))
            raise SystemExit(EXIT_INVALID) from None
        except ValueError:  # an integer too long to write (Python's 4,300-digit limit)
            self.stderr.write("result: a number is too large to write")
            raise SystemExit(EXIT_INVALID) from None
        self.stdout.write(output)
