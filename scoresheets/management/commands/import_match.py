"""``python manage.py import_match FILE``: create a match from a match document.

All or nothing: an invalid document prints one line per problem on standard
error, creates nothing and exits with status 2. On success the last line of
output is the new match's URL path.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand
from django.db import DatabaseError

from scoresheets import services
from scoresheets.documents import DocumentError, load_document
from scoresheets.scoring import MatchError

EXIT_INVALID = 2


class Command(BaseCommand):
    help = "Create a match from a match document (FORMAT.md); prints its URL path last."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the match document, or - for standard input")

    def handle(self, *args, **options):
        try:
            match = services.match_import(document=load_document(options["file"]))
        except DocumentError as exc:
            self.stderr.write(f"document: {exc}")
            raise SystemExit(EXIT_INVALID) from None
        except MatchError as exc:
            for problem in exc.problems:
                self.stderr.write(str(problem))
            raise SystemExit(EXIT_INVALID) from None
        except (ValidationError, DatabaseError, OverflowError):
            # Values the engine accepts (no upper bound) that a column cannot hold.
            self.stderr.write("document: a number is too large for a match")
            raise SystemExit(EXIT_INVALID) from None
        self.stdout.write(f"Imported {match.hands_count} hands: {match}")
        self.stdout.write(services.match_path(match))
