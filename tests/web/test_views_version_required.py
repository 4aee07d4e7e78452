"""Every write of a hand carries the version it was built on (issue 21): a
new hand its ``match_version``, a correction and a delete the hand's
``hand_version``. Posted without it, the write is refused with a message in
the user's language, nothing is saved, and the form comes back set to the
sheet as it is now (saving it again is then a choice made looking at it)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from scoresheets import scoring
from scoresheets.matches import services
from scoresheets.matches.scoresheet import match_get_scoresheet
from scoresheets.models import Hand, HandRevision, Match
from tests.factories import NAMES, hand, make_match, play

pytestmark = pytest.mark.django_db

FRENCH = "Ce formulaire ne disait pas sur quelle version de la feuille il a été rempli"
ENGLISH = "This form did not say which version of the sheet it was filled in on"
HTMX = {"HX-Request": "true"}


def live(match: Match) -> list[Hand]:
    return list(match_get_scoresheet(match).hands)


def hidden(body: str, name: str) -> str:
    found = re.findall(rf'<input type="hidden" name="{name}" value="(\d*)"', body)
    assert len(found) == 1, found
    return found[0]


def unescaped(response) -> str:
    return response.content.decode().replace("&#x27;", "'")


@pytest.mark.parametrize("htmx", [False, True])
def test_the_same_hand_posted_twice_without_match_version_is_never_saved(
    client: Client, htmx: bool
):
    match = play(make_match(), hand("A", 100))
    typed = {"taker": "2", "points": "95"}
    for _ in range(2):
        response = client.post(f"/m/{match.token}/donnes/", typed, headers=HTMX if htmx else {})
        assert response.status_code == 422
        body = unescaped(response)
        assert FRENCH in body
        # The form comes back for the sheet as it is now, what was typed kept.
        assert hidden(body, "match_version") == str(match.version)
        assert hidden(body, "number") == "2"
        assert 'value="95"' in body
    assert len(live(match)) == 1
    assert Match.objects.get().version == match.version
    assert not HandRevision.objects.filter(hand__match=match).exclude(version=1).exists()


def test_the_refused_form_saves_once_when_sent_again(client: Client):
    match = play(make_match(), hand("A", 100))
    refused = client.post(f"/m/{match.token}/donnes/", {"taker": "2", "points": "95"})
    body = unescaped(refused)
    again = {
        "taker": "2",
        "points": "95",
        "number": hidden(body, "number"),
        "match_version": hidden(body, "match_version"),
    }
    assert client.post(f"/m/{match.token}/donnes/", again).status_code == 303
    assert [h.taker for h in live(match)] == ["A", "B"]


def test_a_form_with_only_the_number_is_refused(client: Client):
    # Before issue 21 a form without match_version fell back to its number.
    match = play(make_match(), hand("A", 100))
    response = client.post(
        f"/m/{match.token}/donnes/", {"taker": "2", "points": "95", "number": "2"}
    )
    assert response.status_code == 422
    assert len(live(match)) == 1


def test_a_redeal_without_match_version_is_refused_in_english(client: Client):
    match = make_match()
    response = client.post(
        f"/m/{match.token}/donnes/", {"action": "pass"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 422
    assert ENGLISH in unescaped(response)
    assert live(match) == []


def test_a_coinche_hand_without_match_version_is_refused(client: Client):
    match = services.match_create(names=NAMES, rules=scoring.CoincheRules())
    typed = {"taker": "1", "bid": "80", "suit": "hearts", "points": "100"}
    response = client.post(f"/m/{match.token}/donnes/", typed, headers=HTMX)
    assert response.status_code == 422
    assert FRENCH in unescaped(response)
    assert live(match) == []
    with_version = {**typed, "match_version": str(match.version)}
    assert client.post(f"/m/{match.token}/donnes/", with_version).status_code == 303
    assert len(live(match)) == 1


@pytest.mark.parametrize("language", ["fr", "en"])
def test_a_correction_without_hand_version_is_refused(client: Client, language: str):
    match = play(make_match(), hand("A", 100))
    one = live(match)[0]
    response = client.post(
        f"/m/{match.token}/donnes/{one.pk}/",
        {"taker": "2", "points": "90"},
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 422
    body = unescaped(response)
    assert (FRENCH if language == "fr" else ENGLISH) in body
    assert f'name="hand_version" value="{one.version}"' in body  # saving again overrides
    assert 'value="90"' in body
    one.refresh_from_db()
    assert (one.taker, one.version) == ("A", 1)


@pytest.mark.parametrize("posted", [{}, {"hand_version": ""}, {"hand_version": "x"}])
def test_a_delete_without_hand_version_is_refused(client: Client, posted: dict):
    match = play(make_match(), hand("A", 100))
    one = live(match)[0]
    url = f"/m/{match.token}/donnes/{one.pk}/supprimer/"
    answer = client.post(url, posted, headers=HTMX, HTTP_ACCEPT_LANGUAGE="en")
    assert answer.status_code == 422
    assert ENGLISH in unescaped(answer)
    plain = client.post(url, posted)
    assert plain.status_code == 303
    assert plain["Location"] == f"/m/{match.token}/donnes/{one.pk}/"
    assert FRENCH in unescaped(client.get(plain["Location"]))
    assert len(live(match)) == 1
    assert Match.objects.get().version == match.version
