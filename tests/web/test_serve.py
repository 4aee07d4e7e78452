"""The production server's command line (belote_site/serve.py): granian's
access log, when ``ACCESS_LOG`` turns it on, never writes a whole token
(issue 27, point 6: it wrote organiser links and card keys whole)."""

from __future__ import annotations

import json
import logging
import time
from pathlib import Path

import pytest
from granian.log import LogLevels, configure_logging, log_request_builder

from belote_site import serve
from scoresheets.models import new_token


def _log_config(argv: list[str]) -> Path | None:
    if "--log-config" not in argv:
        return None
    return Path(argv[argv.index("--log-config") + 1])


def test_without_access_log_granian_logs_no_request():
    argv = serve.command({})
    assert "--access-log" not in argv


@pytest.fixture
def restore_logging():
    access = logging.getLogger("granian.access")
    kept = (access.handlers[:], access.filters[:], access.level, access.propagate)
    yield
    access.handlers[:], access.filters[:] = kept[0], kept[1]
    access.level, access.propagate = kept[2], kept[3]


def test_the_access_log_masks_every_token(capsys, restore_logging):
    argv = serve.command({"ACCESS_LOG": "1"})
    assert "--access-log" in argv
    config = _log_config(argv)
    assert config is not None and config.is_file()
    # As granian's workers do: its logging configured with the file given,
    # then one request logged through its access logger.
    configure_logging(LogLevels.info, json.loads(config.read_text()), enabled=True)
    organiser, card = new_token(), new_token()
    log = log_request_builder('%(addr)s - "%(method)s %(path)s %(protocol)s" %(status)d')
    for path in (f"/c/{organiser}/", f"/voir/concours/{new_token()}/carte/{card}/1/"):
        request = {
            "addr_remote": "10.0.0.7",
            "path": path,
            "qs": "",
            "method": "GET",
            "scheme": "http",
            "protocol": "HTTP/1.1",
            "headers": lambda _name: None,
        }
        log(time.time(), time.perf_counter(), request, 302)
    out = capsys.readouterr().out
    assert f"/c/{organiser[:4]}.../" in out
    assert organiser not in out and card not in out
    assert "10.0.0.7" in out and " 302" in out
