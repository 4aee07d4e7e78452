"""What the match page and a save's answer weigh: DOM elements and bytes.

Run from the project root (its own SQLite file, or DATABASE_URL):

    .venv/bin/python bench/bench_page_weight.py [--hands 10]

Creates a belote match that plays announcements (the announcement helper is
on its hand form) with ``--hands`` hands, then with Django's test client (the
whole middleware stack, no network):

- GET the match page: its elements (start tags, as the browser's DOM counts
  them, ``html``/``head``/``body`` included), the announcement helper's
  (what is inside ``details.ann-helper``), and its bytes;
- POST one hand as the page's script does (HX-Request): the answer's bytes,
  plain and gzip-compressed (what travels), and its elements;
- GET the helper alone, as the page's script fetches it when it is opened
  (``/m/<token>/annonces/?number=``), when the route exists.

Not part of the pytest suite.
"""

from __future__ import annotations

import argparse
import gzip
import os
import sys
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "belote_site.settings")
os.environ.setdefault("DATABASE_URL", "sqlite:////tmp/rebelote-bench-weight.sqlite3")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

from scoresheets.matches import services  # noqa: E402
from scoresheets.scoring import HandInput, Rules  # noqa: E402

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}  # fmt: skip


class Counter(HTMLParser):
    """Counts start tags, and those inside ``details.ann-helper``."""

    def __init__(self) -> None:
        super().__init__()
        self.elements = 0
        self.helper = 0
        self.stack: list[tuple[str, bool]] = []  # (tag, inside the helper)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements += 1
        inside = bool(self.stack and self.stack[-1][1])
        classes = (dict(attrs).get("class") or "").split()
        if inside or (tag == "details" and "ann-helper" in classes):
            self.helper += 1
            inside = True
        if tag not in VOID:
            self.stack.append((tag, inside))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] == tag:
                del self.stack[index:]
                return


def count(html: str) -> Counter:
    counter = Counter()
    counter.feed(html)
    counter.close()
    return counter


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    match = services.match_create(
        names=["Léa", "Sam", "Noé", "Zoé"], rules=Rules(target=100_000, announcements=True)
    )
    for number in range(args.hands):
        points = 60 + (number * 13) % 60
        services.hand_record(match=match, hand=HandInput("AB"[number % 2], "A", points))
    match.refresh_from_db()
    client = Client()
    page = client.get(f"/m/{match.token}/")
    html = page.content.decode()
    counted = count(html)
    print(f"a belote match with announcements, {args.hands} hands")
    print(
        f"  match page: {counted.elements} elements, {counted.helper} of them the helper's;"
        f" {len(page.content)} bytes"
    )
    data = {
        "taker": "1",
        "points": "90",
        "points_team": "A",
        "number": str(args.hands + 1),
        "match_version": str(match.version),
    }
    answer = client.post(f"/m/{match.token}/donnes/", data, headers={"HX-Request": "true"})
    assert answer.status_code == 200, answer.status_code
    body = answer.content
    counted = count(body.decode())
    print(
        f"  save's answer: {len(body)} bytes, {len(gzip.compress(body))} gzipped;"
        f" {counted.elements} elements, {counted.helper} of them the helper's"
    )
    fetched = client.get(f"/m/{match.token}/annonces/?number={args.hands + 2}")
    if fetched.status_code == 200:
        body = fetched.content
        print(
            f"  the helper fetched when opened: {len(body)} bytes,"
            f" {len(gzip.compress(body))} gzipped; {count(body.decode()).elements} elements"
        )


if __name__ == "__main__":
    main()
