"""A form the CSRF check refuses gets the app's own page (403): in the
user's language, styled like the others, nothing saved. Review: it was
Django's page, whose inline style the CSP blocks (an unstyled English page)."""

from __future__ import annotations

import pytest
from django.test import Client

from scoresheets.models import Match
from tests.factories import make_match
from tests.factories import new_match_form as form

pytestmark = pytest.mark.django_db


def test_a_refused_form_gets_the_app_s_page_in_french():
    client = Client(enforce_csrf_checks=True)
    response = client.post("/nouvelle/", form())
    assert response.status_code == 403
    body = response.content.decode()
    assert "<h1>Cette page a expiré</h1>" in body
    assert "Rien n'a été enregistré" in body
    assert "/static/css/app" in body  # the app's page, with its style sheet
    assert "<style" not in body  # nothing the CSP would block
    assert Match.objects.count() == 0


def test_it_speaks_english():
    client = Client(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE="en")
    body = client.post("/nouvelle/", form()).content.decode()
    assert "<h1>This page has expired</h1>" in body
    assert "Nothing was saved" in body


def test_to_htmx_it_says_not_to_swap_and_saves_no_hand():
    match = make_match()
    client = Client(enforce_csrf_checks=True)
    data = {"taker": "1", "points": "100", "number": "1", "match_version": "1"}
    response = client.post(f"/m/{match.token}/donnes/", data, HTTP_HX_REQUEST="true")
    assert response.status_code == 403
    assert response["HX-Reswap"] == "none"
    assert "data-message" in response.content.decode()
    assert match.hands.count() == 0
