"""The layers of the house (issue 28): the pure cores import no Django, so
that a feature's package may hold its web half beside its core without the
core depending on it (the engine tier runs them without settings)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PURE = (
    "scoresheets.scoring",
    "scoresheets.games.belote.engine",
    "scoresheets.games.coinche.engine",
    "scoresheets.games.assets",
    "scoresheets.concours.document",
    "scoresheets.concours.ranking",
    "scoresheets.concours.pairing",
    "scoresheets.season.ranking",
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
