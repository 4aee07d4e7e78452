"""The games, one folder each: ``belote/``, ``coinche/``.

Each folder holds everything about its game:

- ``engine.py``: its pure engine (no Django): the rules and hand types, their
  checks, the scoring of one hand, the match document and the presets,
  exported as one :class:`scoresheets.scoring.kernel.Engine` (``ENGINE``),
  which the engine's registry (:mod:`scoresheets.scoring.engines`) lists;
- ``words.py``, ``forms.py``, ``game.py``: its web side (Django): the words
  of its rules and choices, its forms, and ``GAME``, the one object the
  pages use (:class:`scoresheets.games.base.WebGame`: engine, forms, words,
  template partials, worked cases), which :mod:`scoresheets.games.registry`
  lists.

Everything that depends on the game asks the registries: an unknown game is
an error, never belote. How to add one (a package and the line of
``scoring.engines.GAME_PACKAGES``): docs/games.md. A rule option of one game is added in that game's
folder (and its docs and tests) only.

This package and each game's ``__init__`` stay pure, so that an engine is
importable without Django; the engine package is loaded first, so that its
registry and the games' engines are always imported in the same order.
"""

import scoresheets.scoring  # noqa: F401  (the engine first: see above)
