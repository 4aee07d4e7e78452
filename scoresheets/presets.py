"""The rules a match can be played with: their names, defaults and choices,
and the presets (named rule sets) a new match starts from, for every game.

Pure Python, no Django. The games' engines are the one source
(:mod:`scoresheets.scoring.engines`): a game's rule names are the fields of
its rules dataclass, the defaults its defaults, the choices the values its
own validation (``check_rules``) accepts, and its presets are its engine's
(``Engine.presets``, the game's default first). Nothing here names a game:
a rule or a preset added to a game's ``engine.py`` shows here by itself,
and so in the forms, the summaries and the new-match script, which derive
from here (tests check that each rule has its form field and its words).

Labels are French msgids marked with :func:`gettext_noop` (``makemessages``
finds them by that name); the web layer translates them where it shows them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from functools import cache
from typing import Any

# The presets by their names, as callers knew them before the games had folders.
from scoresheets.games.belote.engine import ANNONCES, CLASSIQUE, MAROCAINE
from scoresheets.games.coinche.engine import ENTRE_AMIS, FEDERATION
from scoresheets.scoring import belote, coinche
from scoresheets.scoring.engines import DEFAULT_GAME, ENGINES, engine_named
from scoresheets.scoring.kernel import CardNames, Preset, gettext_noop, rule_values

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
    "rule_choices",
    "rule_names",
    "rule_values",
]


def rule_names(game: str) -> tuple[str, ...]:
    """The rule names of ``game`` (a game of the registry), in the order of
    its rules dataclass (its document's rules). Raises ``MatchError`` for an
    unknown game."""
    return tuple(f.name for f in dataclasses.fields(engine_named(game).rules_type))


_NOT_A_VALUE = object()


def _accepted(game: str, name: str) -> tuple[Any, ...] | None:
    """The values the engine of ``game`` accepts for its rule ``name``, or
    ``None`` for a free number. Asked from the engine's own validation:
    ``check_rules`` reports a value outside a rule's choices with those
    choices (code ``invalid_choice``)."""
    engine = engine_named(game)
    rules = dataclasses.replace(engine.rules_type(), **{name: _NOT_A_VALUE})
    for problem in engine.check_rules(rules):
        if problem.field == f"rules.{name}" and problem.code == "invalid_choice":
            return tuple(dict(problem.params)["choices"])
    return None


@cache
def rule_choices(game: str) -> dict[str, tuple[Any, ...]]:
    """Rule name -> the values it takes at ``game``, in the engine's order
    (every rule but the free numbers: ``target``). Booleans are ``(True, False)``."""
    return {
        name: choices for name in rule_names(game) if (choices := _accepted(game, name)) is not None
    }


# Belote's and coinche's rule names and choices by their former names.
RULE_NAMES: tuple[str, ...] = rule_names(belote.GAME)
RULE_CHOICES: dict[str, tuple[Any, ...]] = rule_choices(belote.GAME)
COINCHE_RULE_NAMES: tuple[str, ...] = rule_names(coinche.GAME)
COINCHE_RULE_CHOICES: dict[str, tuple[Any, ...]] = rule_choices(coinche.GAME)


CARD_NAMES_LABELS: dict[str, str] = {
    CardNames.FRENCH: gettext_noop("Cartes françaises"),
    CardNames.SPANISH: gettext_noop("Cartes espagnoles"),
}


PRESETS: dict[str, Preset] = {
    preset.key: preset for engine in ENGINES.values() for preset in engine.presets
}
"""The presets of every game by key, in the order the new-match page shows
them (each game's apart: :func:`presets_of`). Keys are unique across games."""

DEFAULTS: dict[str, Preset] = {name: engine.presets[0] for name, engine in ENGINES.items()}
"""Each game's preset for a new match (the page's initial rules), by game."""

DEFAULT: Preset = DEFAULTS[DEFAULT_GAME]
"""The preset of a new match (of the default game)."""


def presets_of(game: str) -> dict[str, Preset]:
    """The presets of ``game`` (a game of the registry) by key."""
    return {preset.key: preset for preset in engine_named(game).presets}


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
    if game is not None and chosen not in presets_of(game):
        return CUSTOM
    preset = PRESETS.get(chosen)
    if preset is not None and all(values.get(k) == v for k, v in preset.values().items()):
        return chosen
    return CUSTOM
