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
    """The catalog ``text`` with the French plural rule, each plural entry's
    msgstr set to its source strings, and no fuzzy guess left: makemessages
    pairs a new string with an old one it resembles ("#, fuzzy" and "#|"
    lines, the old string as msgstr), which French, the source, never wants."""
    text = re.sub(r'"Plural-Forms: [^"]*"', lambda _m: HEADER, text, count=1)
    entries = text.split("\n\n")
    for index, entry in enumerate(entries):
        if re.search(r'^msgid ""\nmsgstr ""\n"Project-Id-Version', entry, re.M):
            continue  # the header (its own "fuzzy" is the norm)
        fuzzy = re.search(r"^#, fuzzy", entry, re.M) is not None
        entry = re.sub(r"^#\| .*(?:\n|$)", "", entry, flags=re.M)
        entry = re.sub(r"^#, fuzzy\n", "", entry, flags=re.M)
        entry = re.sub(r"^#, fuzzy, ", "#, ", entry, flags=re.M)
        if not re.search(r"^msgid_plural ", entry, re.M):
            if fuzzy:
                entry = re.sub(r'^msgstr (?:".*"\n?)+', 'msgstr ""\n', entry, flags=re.M)
            entries[index] = entry.rstrip("\n")
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
    return "\n\n".join(entries)


if __name__ == "__main__":
    path = Path(sys.argv[1])
    path.write_text(fill(path.read_text(encoding="utf-8")), encoding="utf-8")
