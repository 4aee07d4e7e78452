"""French around names: elision after "de", and French plurals."""

from __future__ import annotations

import pytest
from django.utils import translation
from django.utils.translation import ngettext

from scoresheets.text import of_name


@pytest.mark.parametrize(
    ("name", "expected"),
    [("Alice", "d’Alice"), ("Émile", "d’Émile"), ("Hugo", "d’Hugo"), ("Bob", "de Bob")],
)
def test_it_elides_de_before_a_vowel_or_an_h_in_french(name, expected):
    with translation.override("fr"):
        assert of_name(name) == expected


def test_it_leaves_the_name_alone_in_english():
    with translation.override("en"):
        assert of_name("Alice") == "Alice"


@pytest.mark.parametrize(
    ("count", "expected"), [(0, "0 partie"), (1, "1 partie"), (2, "2 parties")]
)
def test_french_plurals_follow_french_rules(count, expected):
    with translation.override("fr"):
        text = ngettext("%(count)s partie", "%(count)s parties", count) % {"count": count}
    assert text == expected
