"""Costly answers of a read-only link built once per version (issue 27,
point 3): a sheet's share image, a concours' results sheet and its zip of
every table's sheet. Anyone holding the room's link (it is on the
projector) could make the server draw or zip again and again; now a repeat
is the cache's, and a change (a hand, a penalty) builds it anew."""

from __future__ import annotations

import pytest
from django.test import Client

from scoresheets import scoring
from scoresheets.concours import room as room_of
from scoresheets.concours import services as cs
from scoresheets.matches import services, share_image
from tests.factories import make_match, night_concours

pytestmark = pytest.mark.django_db

TEAMS = [(f"Équipe {n}", [f"A{n}", f"B{n}"]) for n in range(1, 5)]


def drawn_night(day):
    """A night of four teams, its one partie drawn, a hand played at table 1."""
    concours = night_concours(day, TEAMS, played=False)
    cs.concours_draw(concours=concours)
    first = cs.load(concours).current.tables[0].match
    services.hand_record(match=first, hand=scoring.HandInput("A", "A", 100))
    return concours


def counting(monkeypatch, module, name):
    """Count the calls of ``module.name`` (still called through)."""
    calls = []
    real = getattr(module, name)

    def wrapper(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, wrapper)
    return calls


def test_a_share_image_is_drawn_once_per_version_and_language(client: Client, monkeypatch):
    drawn = counting(monkeypatch, share_image, "sheet_png")
    match = make_match()
    services.hand_record(match=match, hand=scoring.HandInput("A", "A", 100))
    first = client.get(f"/voir/{match.read_token}/feuille.png")
    again = client.get(f"/voir/{match.read_token}/feuille.png")  # no ETag: a loop
    writer = client.get(f"/m/{match.token}/feuille.png")
    assert first.status_code == again.status_code == writer.status_code == 200
    assert first.content == again.content == writer.content
    assert len(drawn) == 1
    client.get(f"/voir/{match.read_token}/feuille.png", HTTP_ACCEPT_LANGUAGE="en")
    assert len(drawn) == 2  # its words are the reader's
    services.hand_record(match=match, hand=scoring.HandInput("B", "B", 100))
    changed = client.get(f"/voir/{match.read_token}/feuille.png")
    assert len(drawn) == 3 and changed.content != first.content


def test_a_results_sheet_is_ranked_once_per_version(client: Client, monkeypatch):
    ranked = counting(monkeypatch, room_of, "results_rows")
    concours = drawn_night(5)
    url = f"/voir/concours/{concours.read_token}/resultats/"
    first = client.get(url).content.decode()
    assert client.get(url).content.decode().count("Équipe 1") == first.count("Équipe 1")
    assert len(ranked) == 1
    table = cs.load(concours).current.tables[0]
    services.hand_record(match=table.match, hand=scoring.HandInput("B", "B", 100))
    client.get(url)
    assert len(ranked) == 2


def test_the_sheets_zip_is_built_once_per_version(client: Client, monkeypatch):
    exported = counting(monkeypatch, services, "match_export_document")
    concours = drawn_night(6)
    url = f"/voir/concours/{concours.read_token}/feuilles.zip"
    first = client.get(url)
    tables = len(exported)
    assert first.status_code == 200 and tables == 2
    assert client.get(url).content == first.content
    assert len(exported) == tables
    table = cs.load(concours).current.tables[1]
    services.hand_record(match=table.match, hand=scoring.HandInput("B", "B", 100))
    assert client.get(url).content != first.content
    assert len(exported) == 2 * tables
