"""What the pages tell search engines, and attribute values the HTML standard
accepts (issue 11: the Nu HTML Checker and Lighthouse's SEO audit)."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime

import pytest
from django.test import Client
from django.utils import timezone as django_timezone

from scoresheets.models import Hand, HandRevision
from scoresheets.templatetags.belote import datetime_attr
from tests.tables_fixture import make_fixture

pytestmark = pytest.mark.django_db

NOINDEX = '<meta name="robots" content="noindex">'
DESCRIPTION = re.compile(r'<meta name="description" content="[^"]{50,}">')
# A valid global date and time string: no more than 3 digits of fractions of a second.
HTML_DATETIME = re.compile(r"^\d{4}-\d\d-\d\d(T\d\d:\d\d(:\d\d(\.\d{1,3})?)?(Z|[+-]\d\d:?\d\d))?$")


@pytest.mark.parametrize("url", ["/", "/nouvelle/", "/calculateur/", "/tables/nouvelle/"])
def test_public_pages_describe_the_app_and_may_be_indexed(client: Client, url: str):
    page = client.get(url).content.decode()
    assert DESCRIPTION.search(page)
    assert NOINDEX not in page


def _private_urls() -> list[str]:
    fixture = make_fixture()
    match = fixture.matches[-1]
    hand = Hand.objects.filter(match=match).first()
    table = fixture.table
    player = fixture.ids["Léa"]
    return [
        f"/m/{match.token}/",
        f"/voir/{match.read_token}/",
        f"/m/{match.token}/donnes/{hand.pk}/",
        f"/t/{table.token}/",
        f"/t/{table.token}/nouvelle/",
        f"/t/{table.token}/joueurs/{player}/",
        f"/t/{table.token}/classement/",
        f"/voir/table/{table.read_token}/",
    ]


def test_match_and_table_pages_are_never_indexed(client: Client):
    for url in _private_urls():
        page = client.get(url).content.decode()
        assert NOINDEX in page, url
        assert not DESCRIPTION.search(page), url


def test_time_elements_carry_valid_datetimes(client: Client):
    fixture = make_fixture()
    revision = HandRevision.objects.filter(match=fixture.matches[-1]).first()
    urls = [
        f"/t/{fixture.table.token}/",
        f"/t/{fixture.table.token}/joueurs/{fixture.ids['Léa']}/",
        f"/m/{fixture.matches[-1].token}/donnes/{revision.hand_id}/",
    ]
    seen = 0
    for url in urls:
        page = client.get(url).content.decode()
        for value in re.findall(r'<time datetime="([^"]*)"', page):
            assert HTML_DATETIME.match(value), (url, value)
            seen += 1
    assert seen >= 3


def test_datetime_attr_drops_microseconds_and_keeps_the_offset():
    moment = datetime(2026, 12, 1, 22, 5, 9, 123456, tzinfo=UTC)
    with django_timezone.override("Europe/Paris"):
        assert datetime_attr(moment) == "2026-12-01T23:05:09+01:00"
    assert datetime_attr(date(2026, 12, 1)) == "2026-12-01"
    assert datetime_attr(None) == ""


def test_the_429_page_is_not_indexed(rf):
    """Issue 20 (the web's yardsticks): the "Doucement !" page says noindex."""
    from scoresheets import ratelimits

    page = ratelimits.too_many_requests(rf.get("/"), 30).content.decode()
    assert "Doucement" in page and NOINDEX in page


def test_debug_mode_keeps_htmx_answers_out_of_the_debug_takeover(client: Client, settings):
    """Issue 20, item 4: under DEBUG (``make run``), django-htmx's debug script
    replaced the whole page with Django's yellow page on an htmx answer 404 or
    500 (a typed correction lost). The pages load htmx without it: Django's
    debug pages stay for full page loads."""
    settings.DEBUG = True
    page = client.get("/").content.decode()
    assert "django_htmx/htmx-2.min.js" in page
    assert "django-htmx.js" not in page
    missing = client.get("/m/" + "x" * 22 + "/")
    assert missing.status_code == 404
