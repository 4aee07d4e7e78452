"""Running a management command the way a shell would see it."""

from __future__ import annotations

import io

from django.core.management import call_command


def run_command(name: str, *args: str) -> tuple[int, str, str]:
    """(exit status, standard output, standard error) of ``manage.py name args``."""
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command(name, *args, stdout=out, stderr=err)
    except SystemExit as exc:
        return exc.code, out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()
