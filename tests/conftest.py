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


@pytest.fixture(autouse=True)
def _default_language():
    """Each test starts in the site's language: a request made by an earlier
    test (LocaleMiddleware) must not leave English active in this thread."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)
