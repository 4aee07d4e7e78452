"""The rules a match can be played with: their names, defaults and choices,
and the presets (named rule sets) a new match starts from.

Pure Python, no Django. The engine's :class:`~scoresheets.scoring.Rules` is
the one source: the rule names are its fields, the defaults its defaults,
and the choices the values its own validation (``check_rules``) accepts;
likewise :class:`~scoresheets.scoring.CoincheRules` for coinche
(``COINCHE_RULE_NAMES``, ``COINCHE_RULE_CHOICES``). A preset is of the game
of its rules (:attr:`Preset.game`); both games' presets are in ``PRESETS``
(the model's choices), each game's in :func:`presets_of`.
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

from scoresheets.scoring import CoincheRules, CoincheScore, Game, MadeScore, Rounding, Rules
from scoresheets.scoring import check_rules as check_belote_rules
from scoresheets.scoring.coinche import check_rules as check_coinche_rules

__all__ = [
    "ANNONCES",
    "CARD_NAMES_LABELS",
    "CLASSIQUE",
    "COINCHE_RULE_CHOICES",
    "COINCHE_RULE_NAMES",
    "CUSTOM",
    "DEFAULT",
    "DEFAULTS",
    "ENTRE_AMIS",
    "FEDERATION",
    "GAME_LABELS",
    "MAROCAINE",
    "PRESETS",
    "PRESET_LABELS",
    "RULE_CHOICES",
    "RULE_NAMES",
    "CardNames",
    "Preset",
    "gettext_noop",
    "preset_of",
    "presets_of",
    "rule_names",
    "rule_values",
]


def gettext_noop(message: str) -> str:
    """``message`` unchanged: marks a msgid for ``makemessages`` (translated
    later by the web layer, in the user's language)."""
    return message


RULE_NAMES: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(Rules))
"""The engine's rule names, in the order of ``Rules`` (FORMAT, rules table)."""

_NOT_A_VALUE = object()


def _accepted(
    name: str, rules: Any = None, check: Any = check_belote_rules
) -> tuple[Any, ...] | None:
    """The values the engine accepts for rule ``name`` (of ``rules``, belote's
    by default, checked by ``check``), or ``None`` for a free number. Asked
    from the engine's own validation: ``check_rules`` reports a value outside
    a rule's choices with those choices (code ``invalid_choice``)."""
    rules = dataclasses.replace(rules if rules is not None else Rules(), **{name: _NOT_A_VALUE})
    for problem in check(rules):
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


COINCHE_RULE_CHOICES: dict[str, tuple[Any, ...]] = {
    name: choices
    for name in COINCHE_RULE_NAMES
    if (choices := _accepted(name, CoincheRules(), check_coinche_rules)) is not None
}
"""Coinche's rule name -> the values it takes, in the engine's order (every
rule but ``target``), asked from coinche's own ``check_rules``."""

GAME_LABELS: dict[str, str] = {
    Game.BELOTE: gettext_noop("Belote"),
    Game.COINCHE: gettext_noop("Coinche"),
}
"""The games a match is played at (FORMAT, top-level key ``game``), by value,
in the order the new-match page offers them (belote first: the default)."""


def rule_names(game: str) -> tuple[str, ...]:
    """The rule names of ``game`` (a :class:`~scoresheets.scoring.Game` value)."""
    return COINCHE_RULE_NAMES if game == Game.COINCHE else RULE_NAMES


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

    @property
    def game(self) -> Game:
        """The game this preset is played at, from the type of its rules."""
        return Game.COINCHE if isinstance(self.rules, CoincheRules) else Game.BELOTE

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

# Coinche (COINCHE, *Rules*). The federation's rules are the engine's defaults.
FEDERATION = Preset(
    "federation",
    gettext_noop("Fédération"),
    gettext_noop(
        "2000 points, points faits + contrat, coinche : (160 + contrat) × 2, sans annonces."
    ),
    CoincheRules(),
)
# How the scorer apps people use at home count (ScoreIt, Carg; the issue's
# "440 / 42" for 100 coinched and made with 120): the taker's points plus the
# bid, a coinche doubles that total, and the scores stay to the point (no
# rounding, or 42 would be 40). Friendly tables play announcements, and they
# count toward the bid as at the federation; the rest is the federation's.
ENTRE_AMIS = Preset(
    "entre_amis",
    gettext_noop("Entre amis"),
    gettext_noop(
        "2000 points, points faits + contrat, la coinche double le total, annonces, "
        "scores au point près."
    ),
    CoincheRules(
        made_score=MadeScore.POINTS_PLUS_BID,
        coinche_score=CoincheScore.TOTAL,
        announcements=True,
        rounding=Rounding.NONE,
    ),
)

PRESETS: dict[str, Preset] = {
    preset.key: preset for preset in (CLASSIQUE, ANNONCES, MAROCAINE, FEDERATION, ENTRE_AMIS)
}
"""The presets of both games by key, in the order the new-match page shows
them (each game's apart: :func:`presets_of`). Keys are unique across games."""

DEFAULT = CLASSIQUE
"""The preset of a new match, and of the model's defaults."""

DEFAULTS: dict[str, Preset] = {Game.BELOTE: CLASSIQUE, Game.COINCHE: FEDERATION}
"""Each game's preset for a new match (the page's initial rules), by game."""


def presets_of(game: str) -> dict[str, Preset]:
    """The presets of ``game`` (a :class:`~scoresheets.scoring.Game` value) by key."""
    return {key: preset for key, preset in PRESETS.items() if preset.game == game}


CUSTOM = "custom"
"""The preset of a match whose rules are no preset's."""

PRESET_LABELS: dict[str, str] = {
    **{key: preset.label for key, preset in PRESETS.items()},
    CUSTOM: gettext_noop("Règles personnalisées"),
}


def preset_of(chosen: str, values: Mapping[str, Any], game: str | None = None) -> str:
    """``chosen`` if ``values`` (rule name or ``"card_names"`` -> value) are
    exactly that preset's (and, when ``game`` is given, the preset is of that
    game), else :data:`CUSTOM`."""
    preset = PRESETS.get(chosen)
    if game is not None and preset is not None and preset.game != game:
        return CUSTOM
    if preset is not None and all(values.get(k) == v for k, v in preset.values().items()):
        return chosen
    return CUSTOM
