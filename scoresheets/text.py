"""Small helpers for the text around players' names, and the form field
every typed name goes through (:class:`NameField`)."""

from __future__ import annotations

import copy
import unicodedata
from typing import Any, TypeVar

from django import forms
from django.utils.text import slugify
from django.utils.translation import get_language, get_language_bidi

ELIDING = frozenset("aeiouyh")


def of_name(name: str) -> str:
    """A name after French "de": elided before a vowel or an h ("d’Alice",
    "de Bob"), in French only; in another language, the name as it is.

    French source strings read "le téléphone %(of_device)s"; the English
    translation reads "%(of_device)s's phone" with the same placeholder.
    """
    if not (get_language() or "fr").startswith("fr"):
        return name
    first = unicodedata.normalize("NFD", name.strip()[:1])[:1].casefold()
    return f"d’{name}" if first in ELIDING else f"de {name}"


# First-strong isolate and pop directional isolate: the text between them
# takes its own direction and leaves the sentence around it alone.
FSI, PDI = "\u2068", "\u2069"


def isolated(name: str) -> str:
    """``name`` (typed by someone: a team, a player, a phone) set apart from
    the sentence it goes into, on a right-to-left page: "نجح العقد: Alice &
    Claire 100 – Bob & Dan 62" then reads team A, its score, team B, its
    score from the right, whatever script each name is in (issue 30). In an
    attribute or a text as well as in HTML, as <bdi> would not be. On a
    left-to-right page the name as it is: those pages stay as they were."""
    return f"{FSI}{name}{PDI}" if name and get_language_bidi() else name


def file_slug(text: str) -> str:
    """``text`` in a download's file name: Django's ASCII slug ("Léa & Noé"
    -> "lea-noe"), unless that would drop letters of another script, which
    keep theirs ("جلسة الخميس" -> "جلسة-الخميس", issue 30: an Arabic name
    or word left nothing)."""
    slug = slugify(text)
    if any(c.isalpha() and not unicodedata.name(c, "").startswith("LATIN") for c in text):
        return slugify(text, allow_unicode=True)
    return slug


Named = TypeVar("Named")


def names_isolated(match: Named) -> Named:
    """``match`` (a :class:`~scoresheets.models.Match`, never saved) whose
    team names are :func:`isolated`, for the sentences that word a hand;
    ``match`` itself on a left-to-right page."""
    if not get_language_bidi():
        return match
    shown = copy.copy(match)
    shown.team_a_name = isolated(match.team_a_name)  # type: ignore[attr-defined]
    shown.team_b_name = isolated(match.team_b_name)  # type: ignore[attr-defined]
    return shown


# Unicode's explicit bidirectional controls: embeddings and overrides
# (U+202A-U+202E) and isolates (U+2066-U+2069). Invisible, and each turns
# the text after it around or away: "<RLO>Les Rois" shows "sioR seL", and
# on a ranking row the rest of the row with it (issue 27). Names in Arabic
# or Hebrew need none of them: their letters carry their direction.
_BIDI_CONTROLS = dict.fromkeys([*range(0x202A, 0x202F), *range(0x2066, 0x206A)])
_KEPT_CONTROLS = frozenset("\t\n\r")  # a pasted list's separators


def clean_name(value: str) -> str:
    """``value`` without the characters a name never needs and that change
    how the page around it shows: the bidirectional controls and the
    control characters (category Cc) but tab and line ends. Letters of
    every script, accents, joiners (ZWJ, ZWNJ) and emoji are kept."""
    value = value.translate(_BIDI_CONTROLS)
    return "".join(c for c in value if c in _KEPT_CONTROLS or unicodedata.category(c) != "Cc")


class NameField(forms.CharField):
    """A typed name (or names, a textarea's lines): a ``CharField`` whose
    value goes through :func:`clean_name` before Django strips its ends and
    checks its length. Its input has no ``maxlength``: the browser cut a
    longer name (a paste) silently where the server refuses it, saying the
    limit (issue 27: a team's name over 60 characters at the door)."""

    def to_python(self, value: Any) -> Any:
        if isinstance(value, str):
            value = clean_name(value)
        return super().to_python(value)

    def widget_attrs(self, widget: forms.Widget) -> dict[str, Any]:
        attrs = super().widget_attrs(widget)
        attrs.pop("maxlength", None)
        return attrs
