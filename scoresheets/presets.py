"""The rules a match can be played with: their names, defaults and choices,
and the presets (named rule sets) a new match starts from.

Pure Python, no Django. The engine's :class:`~scoresheets.scoring.Rules` is
the one source: the rule names are its fields, the defaults its defaults,
and the choices the values its own validation (``check_rules``) accepts.
The model's columns and constraints, the forms' choices and initial values,
the new-match script's data and the table's "last rules" all derive from
here, so a rule added to the engine cannot be silently forgotten by one of
them (tests check that each has its form field and its column).

Labels are French msgids marked with :func:`gettext_noop` (``makemessages``
finds them by that name); the web layer translates them where it shows them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Any

from scoresheets.scoring import CoincheRules, Rules, check_rules

__all__ = [
    "ANNONCES",
    "CARD_NAMES_LABELS",
    "CLASSIQUE",
    "COINCHE_RULE_NAMES",
    "CUSTOM",
    "DEFAULT",
    "MAROCAINE",
    "PRESETS",
    "PRESET_LABELS",
    "RULE_CHOICES",
    "RULE_NAMES",
    "CardNames",
    "Preset",
    "gettext_noop",
    "preset_of",
    "rule_values",
]


def gettext_noop(message: str) -> str:
    """``message`` unchanged: marks a msgid for ``makemessages`` (translated
    later by the web layer, in the user's language)."""
    return message


RULE_NAMES: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(Rules))
"""The engine's rule names, in the order of ``Rules`` (FORMAT, rules table)."""

_NOT_A_VALUE = object()


def _accepted(name: str) -> tuple[Any, ...] | None:
    """The values the engine accepts for rule ``name``, or ``None`` for a free
    number. Asked from the engine's own validation: ``check_rules`` reports a
    value outside a rule's choices with those choices (code ``invalid_choice``)."""
    rules = dataclasses.replace(Rules(), **{name: _NOT_A_VALUE})
    for problem in check_rules(rules):
        if problem.field == f"rules.{name}" and problem.code == "invalid_choice":
            return tuple(dict(problem.params)["choices"])
    return None


RULE_CHOICES: dict[str, tuple[Any, ...]] = {
    name: choices for name in RULE_NAMES if (choices := _accepted(name)) is not None
}
"""Rule name -> the values it takes, in the engine's order (every rule but
the free numbers: ``target``). Booleans are ``(True, False)``."""


def _plain(value: Any) -> Any:
    # JSON and database values: an enum member is its value, a str subclass a str.
    if isinstance(value, Enum):
        value = value.value
    return str(value) if isinstance(value, str) else value


COINCHE_RULE_NAMES: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(CoincheRules))
"""The engine's coinche rule names, in the order of ``CoincheRules`` (COINCHE,
*Rules*); those shared with belote (``target``, ``rounding``,
``announcements``, ``capot_points``) are the same columns of a match."""


def rule_values(rules: Rules | CoincheRules) -> dict[str, Any]:
    """``rules`` as plain values (str, int, bool) by rule name: the model's
    columns, the forms' data, JSON. Belote's rule names for :class:`Rules`,
    coinche's for :class:`CoincheRules`."""
    names = COINCHE_RULE_NAMES if isinstance(rules, CoincheRules) else RULE_NAMES
    return {name: _plain(getattr(rules, name)) for name in names}


class CardNames(StrEnum):
    """How the table names its cards (not a scoring rule: the scores are the same)."""

    FRENCH = "french"
    SPANISH = "spanish"


CARD_NAMES_LABELS: dict[str, str] = {
    CardNames.FRENCH: gettext_noop("Cartes françaises"),
    CardNames.SPANISH: gettext_noop("Cartes espagnoles"),
}


@dataclass(frozen=True)
class Preset:
    """A named set of rules a new match starts from (every rule stays editable).

    ``key`` is stored with the match; ``label`` and ``description`` are
    msgids; ``rules`` the engine's rules; ``card_names`` how the cards are named.
    """

    key: str
    label: str
    description: str
    rules: Rules
    card_names: str = CardNames.FRENCH

    def values(self) -> dict[str, Any]:
        """What the preset fills in, as plain values: every rule, then the card names."""
        return {**rule_values(self.rules), "card_names": _plain(self.card_names)}


CLASSIQUE = Preset(
    "classique",
    gettext_noop("Belote classique"),
    gettext_noop("1000 points, sans annonces, litige en réserve."),
    Rules(announcements=False),
)
ANNONCES = Preset(
    "annonces",
    gettext_noop("Avec annonces"),
    gettext_noop("1000 points, tierce, cinquante, cent et carrés."),
    Rules(announcements=True),
)
MAROCAINE = Preset(
    "marocaine",
    gettext_noop("Belote marocaine"),
    gettext_noop("Annonces et cartes espagnoles (suivis, 12, 11, 10…)."),
    Rules(announcements=True),
    CardNames.SPANISH,
)

PRESETS: dict[str, Preset] = {preset.key: preset for preset in (CLASSIQUE, ANNONCES, MAROCAINE)}
"""The presets by key, in the order the new-match page shows them."""

DEFAULT = CLASSIQUE
"""The preset of a new match, and of the model's defaults."""

CUSTOM = "custom"
"""The preset of a match whose rules are no preset's."""

PRESET_LABELS: dict[str, str] = {
    **{key: preset.label for key, preset in PRESETS.items()},
    CUSTOM: gettext_noop("Règles personnalisées"),
}


def preset_of(chosen: str, values: Mapping[str, Any]) -> str:
    """``chosen`` if ``values`` (rule name or ``"card_names"`` -> value) are
    exactly that preset's, else :data:`CUSTOM`."""
    preset = PRESETS.get(chosen)
    if preset is not None and all(values.get(k) == v for k, v in preset.values().items()):
        return chosen
    return CUSTOM
