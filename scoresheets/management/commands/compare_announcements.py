"""``python manage.py compare_announcements FILE``: settle an announcement comparison.

The contract of ANNOUNCEMENTS.md (``docs/announcements.md``, top section): the
result document as JSON on standard output and exit status 0; on an invalid
document nothing on standard output, one line per problem on standard error
(naming the field, declarations numbered from 1), exit status 2. Never a
traceback on bad input.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from scoresheets.management.commands._document_command import DocumentCommand
from scoresheets.scoring import compare_announcements


class Command(DocumentCommand):
    help = (
        "Settle an announcement comparison (docs/announcements.md): print which team"
        " scores its announcements, and how many points, as JSON."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="the comparison document, or - for standard input")

    def run(self, document: Any) -> Iterable[str]:
        return [json.dumps(compare_announcements(document), indent=2, ensure_ascii=False)]
