"""``python manage.py rank_concours FILE``: rank a concours' results document.

The contract of docs/concours.md: the ranking document (2.6) as JSON on
standard output and exit status 0; on an invalid document nothing on
standard output, one line per problem on standard error (``field: message``),
exit status 2. Never a traceback on bad input.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from scoresheets.concours.ranking import rank_document
from scoresheets.management.commands._document_command import DocumentCommand


class Command(DocumentCommand):
    help = (
        "Rank a concours' results document (docs/concours.md) and print the"
        " ranking document as JSON."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="the results document, or - for standard input")

    def run(self, document: Any) -> Iterable[str]:
        return [json.dumps(rank_document(document), indent=2, ensure_ascii=False)]
