"""Where a page links to a table of friends, by what this browser knows of
it (its session), so that a match page never hands out a table's writing
token. Read by the table's pages and by a match's (matches.match_page):
no view imports another feature's view (issue 28)."""

from __future__ import annotations

from django.db.models import Count
from django.http import HttpRequest
from django.urls import reverse

from scoresheets.matches.view_helpers import remembered
from scoresheets.models import Table

MY_TABLES = "my_tables"  # session key: tokens of the tables this browser created or opened
MY_TABLES_MAX = 20


def table_link(request: HttpRequest, table: Table) -> str:
    """Where a page of one of ``table``'s matches links to the table: its page
    for a browser that already knows it (in "my tables"), else its read-only
    page. So a match link never hands out the table's writing token."""
    if table.token in request.session.get(MY_TABLES, []):
        return reverse("table", args=[table.token])
    return reverse("table_read", args=[table.read_token])


def my_tables(request: HttpRequest) -> list[Table]:
    """This browser's tables, last opened first, with their number of matches (one query)."""
    return remembered(request, MY_TABLES, Table.objects.annotate(match_count=Count("matches")))
