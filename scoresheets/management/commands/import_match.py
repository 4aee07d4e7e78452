"""``python manage.py import_match FILE``: create a match from a match document.

All or nothing: an invalid document prints one line per problem on standard
error, creates nothing and exits with status 2; so does a file larger than
``limits.IMPORT_MAX_BYTES`` (refused before it is read) or a document of more
than ``limits.MATCH_MAX_HANDS`` hands. Both games are taken (a document
with ``"game": "coinche"`` makes a coinche match). On success the last line
of output is the new match's URL path.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.core.exceptions import ValidationError
from django.db import DatabaseError

from scoresheets import limits
from scoresheets.management.commands._document_command import DocumentCommand
from scoresheets.matches import services


class Command(DocumentCommand):
    help = "Create a match from a match document (FORMAT.md); prints its URL path last."
    # Values the engine accepts (no upper bound) that a column cannot hold.
    too_large = (ValidationError, DatabaseError, OverflowError)
    too_large_message = "document: a number is too large for a match"
    # The web import's cap (scoresheets/limits.py): a larger file is refused
    # from its size, before it is read; score_match keeps no cap.
    max_bytes = limits.IMPORT_MAX_BYTES

    def run(self, document: Any) -> Iterable[str]:
        match = services.match_import(document=document)
        return [f"Imported {match.hands_count} hands: {match}", services.match_path(match)]
