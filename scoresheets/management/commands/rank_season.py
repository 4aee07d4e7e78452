"""``python manage.py rank_season FILE``: rank a season's document.

The contract of docs/concours.md, 6: the season's ranking document (6.4) as
JSON on standard output and exit status 0; on an invalid document nothing
on standard output, one line per problem on standard error (``field:
message``), exit status 2. Never a traceback on bad input (as
``rank_concours``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from scoresheets.management.commands._document_command import DocumentCommand
from scoresheets.season.ranking import rank_season_document


class Command(DocumentCommand):
    help = (
        "Rank a season (challenge) of concours nights (docs/concours.md, 6) and print"
        " the season's ranking document as JSON."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="the season document, or - for standard input")

    def run(self, document: Any) -> Iterable[str]:
        return [json.dumps(rank_season_document(document), indent=2, ensure_ascii=False)]
