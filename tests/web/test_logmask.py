"""No token in the logs: Django's request logging, runserver's and gunicorn's
access log show a token's first characters only."""

from __future__ import annotations

import datetime
import io
import logging
from types import SimpleNamespace

import pytest
from django.test import Client
from gunicorn.config import Config

from scoresheets import converters
from scoresheets.logmask import GunicornLogger, TokenMaskFilter, mask_tokens
from scoresheets.models import new_token
from tests.factories import make_match

TOKEN = "AbCdEfGhIjKlMnOpQrSt_-09"


class Collect(logging.Handler):
    """Keeps the formatted messages it is given."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


def test_it_agrees_with_the_url_patterns_on_the_token_length():
    assert converters.TOKEN_LENGTH == len(new_token()) == len(TOKEN)
    assert mask_tokens(f"/m/{new_token()}/").endswith(".../")


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        (f"Not Found: /m/{TOKEN}/", "Not Found: /m/AbCd.../"),
        (f"/t/{TOKEN}/donnes.csv", "/t/AbCd.../donnes.csv"),
        (f"/m/{TOKEN}/export.json", "/m/AbCd.../export.json"),
        (f"GET /m/{TOKEN}/poll/?v=3 HTTP/1.1", "GET /m/AbCd.../poll/?v=3 HTTP/1.1"),
        (f"/m/{TOKEN}", "/m/AbCd..."),
        (f"/voir/{TOKEN}/", "/voir/AbCd.../"),  # any route with a token
        (f"?next=%2Fm%2F{TOKEN}%2F", "?next=%2Fm%2FAbCd...%2F"),
        (f"https://x.org/m/{TOKEN}/#hand-2", "https://x.org/m/AbCd.../#hand-2"),
        (f"/m/{TOKEN[:23]}/", f"/m/{TOKEN[:23]}/"),  # not a token: kept
        # Issue 21: a token with characters glued to it was logged whole.
        (f"/m/{TOKEN}A/", "/m/AbCd.../"),
        (f"/m/{TOKEN}xyz_-9/donnes/", "/m/AbCd.../donnes/"),
        (f"/m/xx{TOKEN}/", "/m/xxAb.../"),
        (f"/m/%20{TOKEN}/", "/m/%20AbCd.../"),
        (f"/m/{TOKEN}%00/", "/m/AbCd...%00/"),
        (f"?next={TOKEN}", "?next=AbCd..."),
        ("scoresheets_handrevision", "scoresheets_handrevision"),  # 24 letters, no "/"
    ],
)
def test_it_masks_token_shaped_path_segments_only(text: str, masked: str):
    assert mask_tokens(text) == masked
    assert mask_tokens(masked) == masked


@pytest.mark.django_db
def test_it_logs_a_404_without_its_token(client: Client, caplog):
    token = new_token()
    with caplog.at_level(logging.WARNING, logger="django.request"):
        assert client.get(f"/m/{token}/donnes/7/").status_code == 404
    messages = [r.getMessage() for r in caplog.records if r.name == "django.request"]
    assert messages == [f"Not Found: /m/{token[:4]}.../donnes/7/"]


@pytest.mark.django_db
def test_it_logs_a_422_without_its_token(client: Client, caplog):
    match = make_match()
    with caplog.at_level(logging.WARNING, logger="django.request"):
        response = client.post(f"/m/{match.token}/donnes/", {"taker": "9"})
    assert response.status_code == 422
    messages = [r.getMessage() for r in caplog.records if r.name == "django.request"]
    assert len(messages) == 1
    assert match.token not in messages[0]
    assert f"/m/{match.token[:4]}.../donnes/" in messages[0]


def test_it_masks_every_handler_of_the_root_logger():
    """A token logged by any logger (not only Django's) is masked by the site's handler."""
    # settings.LOGGING's handlers (pytest adds its own, which are subclasses).
    handlers = [h for h in logging.getLogger().handlers if type(h) is logging.StreamHandler]
    assert handlers
    for handler in handlers:
        assert any(isinstance(f, TokenMaskFilter) for f in handler.filters)
        stream = handler.setStream(io.StringIO())
        try:
            logging.getLogger("scoresheets.anything").warning("opened /m/%s/", TOKEN)
            written = handler.stream.getvalue()
        finally:
            handler.setStream(stream)
        assert TOKEN not in written
        assert "/m/AbCd.../" in written


def test_it_masks_the_request_lines_of_runserver():
    logger = logging.getLogger("django.server")
    collect = Collect()
    logger.addHandler(collect)
    try:
        logger.info('"%s" %s %s', f"GET /m/{TOKEN}/ HTTP/1.1", 404, 1234)
    finally:
        logger.removeHandler(collect)
    assert collect.lines == ['"GET /m/AbCd.../ HTTP/1.1" 404 1234']
    handler = next(h for h in logging.getLogger("django.server").handlers if h is not collect)
    assert any(isinstance(f, TokenMaskFilter) for f in handler.filters)


def test_it_masks_the_tokens_of_gunicorns_access_log(tmp_path):
    log_file = tmp_path / "access.log"
    cfg = Config()
    cfg.set("accesslog", str(log_file))
    cfg.set("access_log_format", '%(h)s "%(r)s" %(s)s "%(f)s" %(U)s?%(q)s %({raw_uri}e)s')
    logger = GunicornLogger(cfg)
    environ = {
        "REMOTE_ADDR": "203.0.113.7",
        "REQUEST_METHOD": "GET",
        "RAW_URI": f"/m/{TOKEN}/poll/?v=3",
        "PATH_INFO": f"/m/{TOKEN}/poll/",
        "QUERY_STRING": f"next=%2Fm%2F{TOKEN}%2F",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "HTTP_REFERER": f"https://scores.example.org/m/{TOKEN}/",
    }
    # Gunicorn's own request and response objects, as far as its logger reads them.
    request = SimpleNamespace(headers=[("REFERER", environ["HTTP_REFERER"])])
    response = SimpleNamespace(status="200 OK", sent=1234, headers=[])
    logger.access(response, request, environ, datetime.timedelta(milliseconds=5))
    for handler in logger.access_log.handlers:
        handler.flush()
    written = log_file.read_text()
    assert written.startswith('203.0.113.7 "GET /m/AbCd.../poll/?v=3 HTTP/1.1" 200')
    assert TOKEN not in written
    assert written.count("AbCd...") == 5
