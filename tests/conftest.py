"""Shared fixtures for the test suite."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CASES_DIR = ROOT.parent / "shared" / "scoring" / "cases"


def case_files() -> list[Path]:
    """Every worked case of ../shared/scoring/cases, sorted by name."""
    return sorted(CASES_DIR.glob("*.json"))


@pytest.fixture(scope="session")
def cases_dir() -> Path:
    return CASES_DIR
