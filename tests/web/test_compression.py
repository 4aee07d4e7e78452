"""Responses travel gzip-compressed to phones that accept it."""

from __future__ import annotations

import gzip

import pytest
from django.test import Client

from scoresheets.matches import services
from scoresheets.scoring import HandInput, Rules

pytestmark = pytest.mark.django_db


def test_it_compresses_a_changed_poll(client):
    match = services.match_create(names=["Alice", "Bob", "Claire", "Dan"], rules=Rules())
    for _ in range(3):
        services.hand_record(match=match, hand=HandInput("A", "A", 90), taker_seat=1)
    response = client.get(f"/m/{match.token}/poll/?v=0", HTTP_ACCEPT_ENCODING="gzip")
    assert response.status_code == 200
    assert response["Content-Encoding"] == "gzip"
    html = gzip.decompress(response.content).decode()
    assert 'id="hands"' in html
    assert len(response.content) < len(html) / 3


def _match_of_hands(count: int = 3):
    match = services.match_create(names=["Alice", "Bob", "Claire", "Dan"], rules=Rules())
    hands = [
        services.hand_record(match=match, hand=HandInput("A", "A", 90), taker_seat=1).hand
        for _ in range(count)
    ]
    match.refresh_from_db()
    return match, hands


def _gzip_calls(monkeypatch) -> list[int]:
    """Count the compressions of a body, by size: Django's middleware's
    (``django.utils.text.gzip_compress``) and any other (``gzip.compress``)."""
    from django.utils import text

    calls: list[int] = []
    real = gzip.compress

    def counted(data, *args, **kwargs):
        calls.append(len(data))
        return real(data, *args, **kwargs)

    monkeypatch.setattr(gzip, "compress", counted)
    monkeypatch.setattr(text, "gzip_compress", counted)
    return calls


def test_a_changed_sheet_is_compressed_once_for_every_phone(monkeypatch):
    """Issue 31: the four phones of a table each poll the new version; the
    sheet (about 40 KB) was compressed for each of them. It is compressed
    once per version and language, and every phone gets the same sheet."""
    match, _hands = _match_of_hands()
    plain = Client().get(f"/m/{match.token}/poll/?v=0").content.decode()
    calls = _gzip_calls(monkeypatch)
    bodies = []
    for _phone in range(3):
        response = Client().get(f"/m/{match.token}/poll/?v=0", HTTP_ACCEPT_ENCODING="gzip")
        assert response.status_code == 200
        assert response["Content-Encoding"] == "gzip"
        assert "Accept-Encoding" in response["Vary"]
        assert int(response["Content-Length"]) == len(response.content)
        bodies.append(gzip.decompress(response.content).decode())
    assert [size for size in calls if size > 1000] == [len(plain.encode())]
    assert bodies == [plain] * 3


def test_the_shared_body_keeps_django_s_random_padding():
    """Each answer's gzip header still names a random-length file (Django's
    mitigation of BREACH, "Heal the Breach"), around the one compression."""
    match, _hands = _match_of_hands()
    sizes = set()
    for _ in range(12):
        response = Client().get(f"/m/{match.token}/poll/?v=0", HTTP_ACCEPT_ENCODING="gzip")
        assert response.content[3] & gzip.FNAME
        sizes.add(len(response.content))
    assert len(sizes) > 1


def test_a_sheet_with_a_restore_form_is_compressed_for_each_phone_with_its_token(monkeypatch):
    """A deleted hand's restore form holds each phone's own CSRF token: that
    sheet is compressed per answer, never shared."""
    match, hands = _match_of_hands()
    services.hand_delete(match=match, hand_id=hands[0].pk, expected_version=1)
    calls = _gzip_calls(monkeypatch)
    tokens = []
    for _phone in range(2):
        phone = Client()
        response = phone.get(f"/m/{match.token}/poll/?v=0", HTTP_ACCEPT_ENCODING="gzip")
        html = gzip.decompress(response.content).decode()
        assert "csrf-slot" not in html
        assert 'name="csrfmiddlewaretoken"' in html
        tokens.append(html.split('name="csrfmiddlewaretoken" value="')[1].split('"')[0])
    assert len([size for size in calls if size > 1000]) == 2
    assert tokens[0] != tokens[1]


def test_the_read_only_sheet_is_shared_apart_from_the_writing_one():
    match, _hands = _match_of_hands()
    written = Client().get(f"/m/{match.token}/poll/?v=0", HTTP_ACCEPT_ENCODING="gzip")
    read = Client().get(f"/voir/{match.read_token}/poll/?v=0", HTTP_ACCEPT_ENCODING="gzip")
    read_html = gzip.decompress(read.content).decode()
    assert gzip.decompress(written.content).decode() != read_html
    assert read_html == Client().get(f"/voir/{match.read_token}/poll/?v=0").content.decode()
