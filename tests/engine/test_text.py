"""French around names: elision after "de", and French plurals."""

from __future__ import annotations

import pytest
from django.utils import translation
from django.utils.translation import ngettext

from scoresheets.text import clean_name, of_name


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


# Issue 27, point 6: a name with right-to-left override characters was
# stored and shown as is (it turned the rest of a ranking row around).


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("\u202eLes Rois", "Les Rois"),
        ("Jo\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069", "Jo"),
        ("Dé\x00dé\x07", "Dédé"),
        ("لؤي", "لؤي"),  # Arabic letters carry their own direction
        ("Les Rois ; Jo\nLes As\t; Max\r\n", "Les Rois ; Jo\nLes As\t; Max\r\n"),
        ("👨\u200d👩", "👨\u200d👩"),  # a joiner is part of the emoji
    ],
)
def test_a_name_loses_the_characters_that_turn_the_page_around(typed, kept):
    assert clean_name(typed) == kept
