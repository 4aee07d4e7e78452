"""Fill the French catalog's plural entries with the source strings themselves.

French is the source language, so its catalog translates nothing, except
that gettext picks a plural by the English rule (n != 1) when a catalog does
not say otherwise: "0 parties". French says "0 partie" (plural for n > 1).
This sets the French Plural-Forms header and copies each plural msgid into
its msgstr, leaving every other entry empty (the source string is used).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HEADER = '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"'


def fill(text: str) -> str:
    text = re.sub(r'"Plural-Forms: [^"]*"', lambda _m: HEADER, text, count=1)
    entries = text.split("\n\n")
    for index, entry in enumerate(entries):
        if "msgid_plural" not in entry:
            continue
        singular = re.search(r'^msgid ((?:".*"\n?)+)', entry, re.M).group(1).rstrip("\n")
        plural = re.search(r'^msgid_plural ((?:".*"\n?)+)', entry, re.M).group(1).rstrip("\n")
        entry = re.sub(
            r'^msgstr\[0\] (?:".*"\n?)+',
            lambda _m, s=singular: f"msgstr[0] {s}\n",
            entry,
            flags=re.M,
        )
        entry = re.sub(
            r'^msgstr\[1\] (?:".*"\n?)+', lambda _m, p=plural: f"msgstr[1] {p}\n", entry, flags=re.M
        )
        entries[index] = entry.rstrip("\n")
        entries[index] = re.sub(r"^#, fuzzy\n", "", entries[index], flags=re.M)
    return "\n\n".join(entries)


if __name__ == "__main__":
    path = Path(sys.argv[1])
    path.write_text(fill(path.read_text(encoding="utf-8")), encoding="utf-8")
