"""The engine tier's shared fixtures."""

from __future__ import annotations

import pytest

from tests.engine.test_js_scorer import Scorer


@pytest.fixture(scope="module")
def scorer():
    """The phone's scorer (Node running the games' scoring.js), one a test
    module: the differential tests of every game ask it."""
    running = Scorer()
    yield running
    running.close()
