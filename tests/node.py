"""Node as the tests run it: the command that reads the static files as the
browser is served them and knows every game's scorer (tests/engine/js/
static_layout.mjs), and its environment, from the settings' own source
(:mod:`scoresheets.games.assets`). Pure: the engine tier uses it."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Sequence
from pathlib import Path

import pytest

from scoresheets.games import assets
from scoresheets.scoring.engines import ENGINES

ROOT = Path(__file__).resolve().parents[1]
LAYOUT = ROOT / "tests" / "engine" / "js" / "static_layout.mjs"


def node() -> str:
    """The path of node, or the test skips (fails under ``CI=true``: CI has node)."""
    found = shutil.which("node")
    if found:
        return found
    reason = "no node on PATH: the phone's scripts cannot be checked"
    if os.environ.get("CI") == "true":
        pytest.fail(reason)
    pytest.skip(reason)


def layout(unregistered: Sequence[tuple[str, Path]] = ()) -> dict:
    """The static folders by served prefix (the project's, then each game's,
    as STATICFILES_DIRS) and each game's scorer, in the registry's order.

    ``unregistered``: (name, package folder) of games whose engine is not in
    the registry yet (belote for three and two, before their pages: their
    scorers are held to their engines all the same), served and loaded after the registry's, as they
    will be once registered (``games/<name>/scoring.js`` from the package's
    ``static/games/<name>/``)."""
    games = [(name, assets.folder(name)) for name in ENGINES]
    games += [(name, Path(folder)) for name, folder in unregistered]
    # Each game's files as they are served, under its prefix (games/<name>/).
    served = [
        (assets.prefix(name), str(folder / "static" / assets.prefix(name)))
        for name, folder in games
    ]
    folders = [("", str(ROOT / "static")), *served]
    scorers = [f"{assets.prefix(name)}/scoring.js" for name, _folder in games]
    return {"folders": folders, "games": scorers}


def command(*args: str) -> list[str]:
    """``node --import static_layout.mjs *args``."""
    return [node(), "--import", LAYOUT.as_uri(), *args]


def env(unregistered: Sequence[tuple[str, Path]] = ()) -> dict[str, str]:
    """The process environment with ``REBELOTE_STATIC`` (:func:`layout`,
    with the ``unregistered`` games' scorers too)."""
    return {**os.environ, "REBELOTE_STATIC": json.dumps(layout(unregistered))}
