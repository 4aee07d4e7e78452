"""``python manage.py score_match FILE``: score a match document.

The contract of FORMAT.md (top section), for a belote document and for a
coinche one (``"game": "coinche"``, COINCHE.md) alike: the result document as JSON on
standard output and exit status 0; on an invalid document nothing on standard
output, one line per problem on standard error (naming the hand and the
field), exit status 2. Never a traceback on bad input.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from scoresheets.management.commands._document_command import DocumentCommand
from scoresheets.scoring import score_document


class Command(DocumentCommand):
    help = (
        "Score a match document (FORMAT.md; COINCHE.md for a coinche one)"
        " and print the result document as JSON."
    )
    # An integer too long to write (Python's 4,300-digit limit).
    too_large = (ValueError,)
    too_large_message = "result: a number is too large to write"

    def run(self, document: Any) -> Iterable[str]:
        return [json.dumps(score_document(document), indent=2, ensure_ascii=False)]
