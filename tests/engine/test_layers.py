"""The layers of the house (issue 28): the pure cores import no Django, so
that a feature's package may hold its web half beside its core without the
core depending on it (the engine tier runs them without settings)."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PURE = (
    "scoresheets.scoring",
    "scoresheets.games.belote.engine",
    "scoresheets.games.coinche.engine",
    "scoresheets.games.jass.engine",
    "scoresheets.games.belote3.engine",
    "scoresheets.games.belote2.engine",
    "scoresheets.games.assets",
    "scoresheets.concours.document",
    "scoresheets.concours.ranking",
    "scoresheets.concours.pairing",
    "scoresheets.concours.knockout",
    "scoresheets.season.ranking",
    # The statistics and, through the registry, every game's stats.py.
    "scoresheets.stats",
)


@pytest.mark.parametrize("module", PURE)
def test_a_pure_core_imports_no_django(module):
    web = {"django", "django_htmx", "template_partials"}
    loaded = "{name.split('.')[0] for name in sys.modules}"
    probe = f"import sys, {module}\nprint(sorted({loaded} & {web!r}))"
    run = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]", f"{module} imports {run.stdout.strip()}"


# ---- Imports only go down (issue 28): views -> services -> engine.

APP = ROOT / "scoresheets"
VIEWS = re.compile(r"(^|\.)(\w*views|match_page)$")  # the pages: leaves, below urls
SHOWN = re.compile(r"(^|\.)(\w*views|match_page|scoresheet|room)$")  # pages and view-models


def _imports(path: Path) -> set[str]:
    """The scoresheets modules ``path`` imports (``from x import y`` counts
    ``x`` and ``x.y``: y may be a module)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name.startswith("scoresheets")}


def _modules() -> dict[str, Path]:
    return {
        ".".join(path.relative_to(ROOT).with_suffix("").parts): path
        for path in APP.rglob("*.py")
        if "migrations" not in path.parts
    }


def test_no_module_but_the_urls_imports_a_page():
    offenders = {
        name: sorted(target for target in _imports(path) if VIEWS.search(target))
        for name, path in _modules().items()
        if not name.endswith("urls") and not VIEWS.search(name)
    }
    assert {name: found for name, found in offenders.items() if found} == {}


def test_services_and_models_import_no_page_and_no_view_model():
    below = {
        name: path
        for name, path in _modules().items()
        if name.endswith("services")
        or name.startswith(("scoresheets.scoring", "scoresheets.models"))
    }
    assert len(below) >= 5
    offenders = {
        name: sorted(target for target in _imports(path) if SHOWN.search(target))
        for name, path in below.items()
    }
    assert {name: found for name, found in offenders.items() if found} == {}


# ---- The shape of the house (issue 28, "Done when"), counted from the tree.

FUNCTION_LINES_MAX = 80
TOP_MODULES_MAX = 20


def test_no_function_of_the_app_is_over_80_lines():
    long = sorted(
        (node.end_lineno - node.lineno + 1, name, node.name)
        for name, path in _modules().items()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno - node.lineno + 1 > FUNCTION_LINES_MAX
    )
    assert long == []


def test_the_top_of_the_app_holds_at_most_20_modules():
    top = sorted(path.name for path in APP.glob("*.py"))
    assert len(top) <= TOP_MODULES_MAX, top
