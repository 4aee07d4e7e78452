"""Where a game's package keeps what is not Python: the files the browser
loads and the templates the pages include.

Pure Python (no Django at import), so that the settings may read it. One
source: the games are those of the engine's registry
(:data:`scoresheets.scoring.engines.ENGINES`), each the folder of its
package (``scoresheets/games/<name>/``, :func:`folder`) that holds:

- ``static/games/<name>/``: served as ``games/<name>/`` (its phone-side
  scorer is ``games/<name>/scoring.js``), through ``STATICFILES_DIRS``
  (:func:`static_dirs`), so that the service worker keeps them with the rest;
- ``templates/``: the templates named ``games/<name>/...``, through
  :class:`scoresheets.games.loaders.TemplateLoader` (:func:`template_dirs`);
- ``cases/``: its worked cases (its engine's ``case_folders``, the first).

No file named after a game lives outside its folder.
"""

from __future__ import annotations

from importlib import import_module
from pathlib import Path

from scoresheets.scoring.engines import ENGINES, PACKAGES

__all__ = ["folder", "prefix", "static_dirs", "template_dirs"]


def folder(name: str) -> Path:
    """The folder of game ``name``'s package (``scoresheets/games/<name>/``
    for the product's games: :data:`~scoresheets.scoring.engines.PACKAGES`)."""
    return Path(import_module(PACKAGES[name]).__file__).resolve().parent


def prefix(name: str) -> str:
    """The name under which game ``name``'s static files and templates are
    found: ``games/<name>`` (``games/coinche/scoring.js``)."""
    return f"games/{name}"


def _folders(kind: str) -> list[tuple[str, Path]]:
    return [
        (prefix(name), folder(name) / kind) for name in ENGINES if (folder(name) / kind).is_dir()
    ]


def static_dirs() -> list[str]:
    """``STATICFILES_DIRS`` entries: the ``static/`` folder of every game that
    has one, in the registry's order. Each holds its files under its
    ``games/<name>/`` (Django's convention for an app's static files), so
    that they are served as ``games/<name>/...`` and the production storage
    rewrites their imports as the project's (scoresheets/static_storage.py,
    which matches the names under a folder, not under a prefix)."""
    return [str(folder) for _prefix, folder in _folders("static")]


def template_dirs() -> list[tuple[str, Path]]:
    """(prefix, folder) of every game that has a ``templates/`` folder, in the
    registry's order: ``games/<name>/x.html`` is ``<folder>/x.html``
    (:class:`scoresheets.games.loaders.TemplateLoader`)."""
    return _folders("templates")
