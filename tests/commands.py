"""Running a management command the way a shell would see it, in this process
(a real process costs a second of start-up: each command keeps one test that
runs it in a real process, the rest run here)."""

from __future__ import annotations

import io
import subprocess
import sys
from types import SimpleNamespace

from django.core.management import call_command

from tests.conftest import ROOT


def run_command(name: str, *args: str, stdin: str | bytes | None = None) -> tuple[int, str, str]:
    """(exit status, standard output, standard error) of ``manage.py name args``,
    reading ``stdin`` (text is UTF-8 encoded) as its standard input."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    if stdin is not None:
        data = stdin.encode() if isinstance(stdin, str) else stdin
        sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    try:
        call_command(name, *args, stdout=out, stderr=err)
    except SystemExit as exc:
        return exc.code, out.getvalue(), err.getvalue()
    finally:
        sys.stdin = saved
    return 0, out.getvalue(), err.getvalue()


def manage(
    name: str, *args: str, stdin: str | bytes | None = None, real_process: bool = False
) -> SimpleNamespace:
    """``manage.py name args`` as ``subprocess.run`` describes it (``returncode``,
    ``stdout``, ``stderr`` as bytes), in this process unless ``real_process``."""
    if real_process:
        return subprocess.run(
            [sys.executable, "manage.py", name, *args],
            cwd=ROOT,
            input=stdin.encode() if isinstance(stdin, str) else stdin,
            capture_output=True,
            timeout=60,
            check=False,
        )
    code, out, err = run_command(name, *args, stdin=stdin)
    return SimpleNamespace(returncode=code, stdout=out.encode(), stderr=err.encode())
