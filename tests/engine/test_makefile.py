"""The Makefile's commands as a newcomer types them (issue 20, item 10)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def dry_run(target: str, **environment: str) -> str:
    """What ``make -n target`` would run (nothing is run), the install step stubbed."""
    env = {k: v for k, v in os.environ.items() if k != "PORT"} | environment
    command = ["make", "-n", "-o", "install", target]
    return subprocess.run(
        command, cwd=ROOT, env=env, capture_output=True, text=True, check=True
    ).stdout


def test_make_run_serves_on_8000_by_default():
    assert "runserver 127.0.0.1:8000" in dry_run("run")


def test_make_run_takes_another_port():
    """``PORT=8001 make run``: a second app beside one already on 8000."""
    assert "runserver 127.0.0.1:8001" in dry_run("run", PORT="8001")
