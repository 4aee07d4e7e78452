"""The one-process guard of the per-process cache, in the app itself (issue 21):
``gunicorn -w N`` on the command line used to bypass gunicorn.conf.py's check."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.test import override_settings

from scoresheets.sync.processes import check_one_process, worker_processes

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = str(Path(sys.executable).with_name("gunicorn"))
REDIS = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "redis://127.0.0.1:1/0",
    }
}


def test_it_reads_the_workers_as_gunicorn_does():
    assert worker_processes([GUNICORN, "belote_site.wsgi", "-w", "3"]) == 3
    # The command line overrides the configuration file (which says 1 without CACHE_URL).
    assert worker_processes([GUNICORN, "--workers=4", "-c", "gunicorn.conf.py", "x.wsgi"]) == 4
    assert worker_processes([GUNICORN, "-c", "gunicorn.conf.py", "belote_site.wsgi"]) == 1
    assert worker_processes(["manage.py", "runserver"]) == 1


def test_several_workers_with_a_per_process_cache_are_refused():
    with pytest.raises(ImproperlyConfigured, match="CACHE_URL"):
        check_one_process([GUNICORN, "belote_site.wsgi", "-w", "2"])
    check_one_process([GUNICORN, "belote_site.wsgi", "-w", "1"])  # one: fine
    with override_settings(CACHES=REDIS):  # a shared cache: fine
        check_one_process([GUNICORN, "belote_site.wsgi", "-w", "2"])


def test_gunicorn_w_2_on_the_command_line_stops_with_the_reason(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("CACHE_URL", "WEB_CONCURRENCY")}
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    done = subprocess.run(
        [GUNICORN, "-w", "2", "-b", "127.0.0.1:0", "belote_site.wsgi"],
        cwd=tmp_path,  # no gunicorn.conf.py here: only the app can refuse
        env={**env, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode != 0
    assert "without CACHE_URL the cache" in done.stderr


def test_it_reads_the_workers_as_granian_does(monkeypatch):
    monkeypatch.delenv("GRANIAN_WORKERS", raising=False)
    granian = "/srv/.venv/bin/granian"
    assert worker_processes([granian, "--interface", "asgi", "--workers", "3", "x:app"]) == 3
    assert worker_processes([granian, "--workers=2", "x:app"]) == 2
    assert worker_processes([granian, "--interface", "asgi", "x:app"]) == 1
    monkeypatch.setenv("GRANIAN_WORKERS", "4")
    assert worker_processes([granian, "x:app"]) == 4
    assert worker_processes([granian, "--workers", "1", "x:app"]) == 1  # the line wins


def test_a_hand_started_granian_of_several_workers_stops_with_the_reason(tmp_path):
    """Issue 27, point 6: ``granian --workers 3`` without a shared cache went
    past belote_site/serve.py's check. Its workers import belote_site.asgi
    with the server's command line (multiprocessing passes sys.argv on)."""
    env = {k: v for k, v in os.environ.items() if k not in ("CACHE_URL", "GRANIAN_WORKERS")}
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    probe = (
        "import sys; sys.argv = ['/srv/bin/granian', '--interface', 'asgi', "
        "'--workers', '3', 'belote_site.asgi:application']; import belote_site.asgi"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode != 0
    assert "would run 3 worker processes, but without CACHE_URL" in done.stderr
    one = probe.replace("'3'", "'1'")
    alone = subprocess.run(
        [sys.executable, "-c", one], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert alone.returncode == 0, alone.stderr[-2000:]
