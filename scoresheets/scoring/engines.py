"""The games the engine scores: the pure registry of their engines.

Pure Python, no Django. Each game is a package (:data:`GAME_PACKAGES`:
``scoresheets/games/<name>/``) whose pure ``engine.py`` exports one
:class:`~scoresheets.scoring.kernel.Engine` (``ENGINE``); :data:`ENGINES`
lists them by name, in the order the pages offer them. Whatever depends on
the game asks here (the match document's ``game`` key, a match's rules): an
unknown game is an error (a :class:`~scoresheets.scoring.kernel.MatchError`,
field ``game``, code ``invalid_choice``), never belote. A game absent from a
match document is :data:`DEFAULT_GAME` (FORMAT, top-level key ``game``: a
document without it is scored as before the key existed).

Each package's pure ``stats.py`` exports its game's player figures
(``FIGURES``, a :class:`~scoresheets.scoring.figures.PlayerFigures`): what
a table's statistics count of a player's hands in that game's terms;
:data:`FIGURES` lists them by name, beside the engines (a package without
``stats.py``: the hands played only, ``figures.HANDS_PLAYED``).

The web side (forms, words, templates) has its own registry,
``scoresheets.games.registry``, one object per engine named here.
"""

from __future__ import annotations

import os
from enum import StrEnum
from importlib import import_module
from importlib.util import find_spec
from typing import Any

from scoresheets.scoring.figures import HANDS_PLAYED, PlayerFigures
from scoresheets.scoring.kernel import Engine, MatchError, problem

__all__ = [
    "DEFAULT_GAME",
    "ENGINES",
    "EXTRA_GAMES_VARIABLE",
    "FIGURES",
    "GAME_PACKAGES",
    "PACKAGES",
    "Game",
    "engine_for",
    "engine_for_hand",
    "engine_named",
]

GAME_PACKAGES: tuple[str, ...] = (
    "scoresheets.games.belote",
    "scoresheets.games.coinche",
    "scoresheets.games.klaverjas",
    "scoresheets.games.jass",
    "scoresheets.games.baloot",
    "scoresheets.games.belote3",
    "scoresheets.games.belote2",
)
"""The games, one package each, in the order the pages offer them (the
default first): a new game is its package and its line here
(docs/games.md)."""

EXTRA_GAMES_VARIABLE = "REBELOTE_EXTRA_GAMES"
"""An environment variable naming more game packages (dotted paths, comma
separated), played after those of :data:`GAME_PACKAGES`: the test of the
games' contract registers its fake game so (tests/fake_game), in a process
of its own; a game of the product has its line above."""


def _packages() -> tuple[str, ...]:
    extra = os.environ.get(EXTRA_GAMES_VARIABLE, "")
    return GAME_PACKAGES + tuple(name.strip() for name in extra.split(",") if name.strip())


def _engines() -> tuple[dict[str, Engine], dict[str, str], dict[str, PlayerFigures]]:
    engines: dict[str, Engine] = {}
    packages: dict[str, str] = {}
    figures: dict[str, PlayerFigures] = {}
    for package in _packages():
        engine = import_module(f"{package}.engine").ENGINE
        if not isinstance(engine, Engine) or engine.name in engines:
            raise ImportError(f"{package}.engine: ENGINE is no Engine, or its name is taken")
        engines[engine.name] = engine
        packages[engine.name] = package
        figures[engine.name] = _figures(package)
    return engines, packages, figures


def _figures(package: str) -> PlayerFigures:
    """The player figures of the game of ``package``: its ``stats.py``'s
    ``FIGURES``, or the hands played only when it has none."""
    if find_spec(f"{package}.stats") is None:
        return HANDS_PLAYED
    found = import_module(f"{package}.stats").FIGURES
    if not isinstance(found, PlayerFigures):
        raise ImportError(f"{package}.stats: FIGURES is no PlayerFigures")
    return found


_FOUND = _engines()
ENGINES: dict[str, Engine] = _FOUND[0]
"""Every game's engine by name (the match document's ``game`` value), the
default first: each package's ``engine.ENGINE``."""
PACKAGES: dict[str, str] = _FOUND[1]
"""Every game's package (dotted path) by name, in the same order: its web
side (``<package>.game``) and its files (scoresheets.games.assets) are found
from it."""
FIGURES: dict[str, PlayerFigures] = _FOUND[2]
"""Every game's player figures by name, in the same order: each package's
``stats.FIGURES`` (what a table's statistics count of a player's hands),
or :data:`~scoresheets.scoring.figures.HANDS_PLAYED` for a package without."""

DEFAULT_GAME: str = next(iter(ENGINES))
"""The game of a match document without ``game`` (FORMAT)."""

Game = StrEnum("Game", [(name.upper(), name) for name in ENGINES])
Game.__doc__ = """FORMAT, top-level key ``game``: one member a game of :data:`ENGINES`
(``Game.BELOTE``, ``Game.COINCHE``), the default first."""


def engine_named(name: Any) -> Engine:
    """The engine of the game ``name``. Raises :class:`MatchError` (field
    ``game``, code ``invalid_choice``, param ``choices``) for anything else."""
    if isinstance(name, str) and name in ENGINES:
        return ENGINES[name]
    shown = " or ".join(f'"{game}"' for game in ENGINES)
    raise MatchError(
        [problem(None, "game", "invalid_choice", f"must be {shown}", choices=tuple(Game))]
    )


def engine_for(rules: Any) -> Engine | None:
    """The engine whose rules ``rules`` are (by their type), or ``None``."""
    for engine in ENGINES.values():
        if isinstance(rules, engine.rules_type):
            return engine
    return None


def engine_for_hand(hand: Any) -> Engine | None:
    """The engine whose hands ``hand`` is one of (by its type), or ``None``."""
    for engine in ENGINES.values():
        if isinstance(hand, engine.hand_type):
            return engine
    return None
