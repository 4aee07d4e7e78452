"""Small helpers for the text around players' names."""

from __future__ import annotations

import unicodedata

from django.utils.translation import get_language

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
