"""Responses travel gzip-compressed to phones that accept it."""

from __future__ import annotations

import gzip

import pytest

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
