"""The games the engine scores: the pure registry of their engines.

Pure Python, no Django. Each game is a folder of ``scoresheets/games`` whose
pure ``engine.py`` exports one :class:`~scoresheets.scoring.kernel.Engine`
(``ENGINE``); :data:`ENGINES` lists them by name, in the order the pages
offer them. Whatever depends on the game asks here (the match document's
``game`` key, a match's rules): an unknown game is an error (a
:class:`~scoresheets.scoring.kernel.MatchError`, field ``game``, code
``invalid_choice``), never belote. A game absent from a match document is
:data:`DEFAULT_GAME` (FORMAT, top-level key ``game``: a document without it is
scored as before the key existed).

The web side (forms, words, templates) has its own registry,
``scoresheets.games.registry``, one object per engine named here.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from scoresheets.games.belote import engine as belote
from scoresheets.games.coinche import engine as coinche
from scoresheets.scoring.kernel import Engine, MatchError, problem

__all__ = ["DEFAULT_GAME", "ENGINES", "Game", "engine_for", "engine_for_hand", "engine_named"]

ENGINES: dict[str, Engine] = {engine.name: engine for engine in (belote.ENGINE, coinche.ENGINE)}
"""Every game's engine by name (the match document's ``game`` value), the
default first."""

DEFAULT_GAME: str = belote.GAME
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
