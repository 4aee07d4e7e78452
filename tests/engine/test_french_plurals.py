"""scripts/french_plurals.py: the French catalog keeps no fuzzy guess."""

from __future__ import annotations

import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "french_plurals.py"
spec = importlib.util.spec_from_file_location("french_plurals", SCRIPT)
french_plurals = importlib.util.module_from_spec(spec)
spec.loader.exec_module(french_plurals)

HEADER = """#, fuzzy
msgid ""
msgstr ""
"Project-Id-Version: PACKAGE VERSION\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"
"""

# Regression: makemessages paired new strings with old ones (previous msgid
# lines "#|" holding "msgid_plural"), and the script crashed on them.
FUZZY = """#: templates/scoresheets/_share.html:11
#, fuzzy
#| msgid "%(count)s joueur"
#| msgid_plural "%(count)s joueurs"
msgid "Pour jouer"
msgstr "%(count)s joueur"

#: scoresheets/matches/charts.py:225
#, fuzzy, python-format
#| msgid "Plus %(count)s partie en cours."
#| msgid_plural "Plus %(count)s parties en cours."
msgid "Après %(count)s partie : %(rating)s."
msgid_plural "Après %(count)s parties : %(rating)s."
msgstr[0] "Plus %(count)s partie en cours."
msgstr[1] "Plus %(count)s parties en cours."
"""


def test_it_drops_fuzzy_guesses_and_fills_plurals_with_the_source():
    out = french_plurals.fill(HEADER + "\n" + FUZZY)
    header, simple, plural = out.split("\n\n")
    assert header.startswith("#, fuzzy")  # the header's own flag stays
    assert "plural=(n > 1)" in header
    assert simple.splitlines()[1:] == ['msgid "Pour jouer"', 'msgstr ""']
    assert plural.splitlines()[1:] == [
        "#, python-format",
        'msgid "Après %(count)s partie : %(rating)s."',
        'msgid_plural "Après %(count)s parties : %(rating)s."',
        'msgstr[0] "Après %(count)s partie : %(rating)s."',
        'msgstr[1] "Après %(count)s parties : %(rating)s."',
    ]
