"""The registry of the games, web side: one :class:`~scoresheets.games.base.WebGame`
per engine of :mod:`scoresheets.scoring.engines`, in the same order.

Everything that depends on a match's game asks here (:func:`game_of`,
:func:`get`) and then asks the game; an unknown game is an error
(:class:`UnknownGame`), never belote. Each game's object is its package's
``game.py`` (``scoresheets/games/<name>/game.py``, ``GAME``;
:data:`~scoresheets.scoring.engines.PACKAGES`): a game of the engine's
registry without one is an error at import, so that no page meets
it half-made.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from scoresheets.games.base import WebGame
from scoresheets.scoring.engines import DEFAULT_GAME, ENGINES, PACKAGES

__all__ = ["DEFAULT", "GAMES", "UnknownGame", "choices", "game_of", "get"]


class UnknownGame(LookupError):
    """A game no folder of ``scoresheets/games`` plays (a stored value the
    code no longer knows, a tampered form): never played as belote."""


def _load(name: str) -> WebGame:
    module = f"{PACKAGES[name]}.game"
    game = import_module(module).GAME
    if game.engine is not ENGINES[name]:
        raise ImportError(f"{module}: GAME is not the game of its engine")
    return game


GAMES: dict[str, WebGame] = {name: _load(name) for name in ENGINES}
"""Every game by name, in the order the pages offer them (the default first)."""

DEFAULT: WebGame = GAMES[DEFAULT_GAME]
"""The game a new match starts at (a match document without ``game``)."""


def get(name: Any) -> WebGame:
    """The game ``name`` (the match document's ``game``). Raises
    :class:`UnknownGame` for anything else."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise UnknownGame(name) from None


def game_of(match: Any) -> WebGame:
    """The game of ``match`` (anything with a ``game``: a ``Match``, a
    summary...). Raises :class:`UnknownGame` for a game no folder plays."""
    return get(match.game)


def choices() -> list[tuple[str, Any]]:
    """(name, label) of every game, in order: the new-match page's choice."""
    return [(name, game.label) for name, game in GAMES.items()]
