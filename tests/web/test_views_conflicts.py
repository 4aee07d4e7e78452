"""Conflicts by identity through the views: the entry form carries the match
version it saw, and any change of the sheet between opening and saving it is
told to the phone (409, its entry kept), then a confirmed resubmit saves."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from scoresheets.matches import services
from scoresheets.matches.scoresheet import match_get_scoresheet
from scoresheets.models import Hand, Match
from tests.factories import hand, make_match, play

pytestmark = pytest.mark.django_db

HIDDEN = re.compile(r'<input type="hidden" name="(number|match_version|key)" value="([^"]*)"')


def live(match: Match) -> list[Hand]:
    return list(match_get_scoresheet(match).hands)


def seen_fields(body: str) -> dict[str, str]:
    """The hidden fields of the entry form in a page: what it saw, its key."""
    form = body[body.index('<form id="hand-form"') :]
    form = form[: form.index("</form>")]
    return dict(HIDDEN.findall(form))


def open_form(client: Client, match: Match) -> dict[str, str]:
    response = client.get(f"/m/{match.token}/")
    assert response.status_code == 200
    return seen_fields(response.content.decode())


def save(client: Client, match: Match, seen: dict[str, str], htmx: bool = False, **typed: str):
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(f"/m/{match.token}/donnes/", {**seen, **typed}, headers=headers)


def named(match: Match, name: str) -> Client:
    client = Client()
    assert client.post(f"/m/{match.token}/appareil/", {"device": name}).status_code == 303
    return client


def test_the_entry_form_carries_the_match_version_it_saw(client: Client):
    match = play(make_match(), hand("A", 100), hand("A", 100))
    seen = open_form(client, match)
    assert seen["match_version"] == str(Match.objects.get().version)
    assert seen["number"] == "3"
    assert len(seen["key"]) == 32


@pytest.mark.parametrize("htmx", [False, True])
def test_a_delete_between_open_and_save_is_told_and_the_entry_saved_on_confirm(htmx: bool):
    # Issue 8: A and B open the form for hand 4; A saves it; C deletes hand 3; B saves.
    match = play(make_match(), hand("A", 100), hand("A", 100), hand("A", 100))
    ana, bo, cy = named(match, "Ana"), named(match, "Bo"), named(match, "Cy")
    seen_a, seen_b = open_form(ana, match), open_form(bo, match)
    assert seen_a["number"] == seen_b["number"] == "4"
    assert save(ana, match, seen_a, taker="1", points="90").status_code == 303
    third = live(match)[2]
    deleted = cy.post(f"/m/{match.token}/donnes/{third.pk}/supprimer/", {"hand_version": 1})
    assert deleted.status_code == 303

    response = save(bo, match, seen_b, htmx=htmx, taker="2", points="95")
    body = response.content.decode()
    assert response.status_code == 409
    assert Hand.objects.filter(match=match).count() == 4  # nothing saved
    assert "La feuille vient de changer sur un autre téléphone" in body
    assert "validez-la comme donne 4" in body
    assert 'value="95"' in body  # what B typed is kept
    again = seen_fields(body)
    assert again["number"] == "4"
    assert again["match_version"] == str(Match.objects.get().version)
    assert again["key"] == seen_b["key"]

    confirmed = save(bo, match, again, htmx=htmx, taker="2", points="95")
    assert confirmed.status_code == (200 if htmx else 303)
    hands = live(match)
    assert [(h.taker, h.to_input().trick_points, h.entered_by) for h in hands[-2:]] == [
        ("A", 90, "Ana"),
        ("B", 95, "Bo"),
    ]
    assert len(hands) == 4


def test_a_delete_alone_is_named_in_the_message(client: Client):
    match = play(make_match(), hand("A", 100), hand("A", 100))
    seen = open_form(client, match)
    cy = named(match, "Cy")
    first = live(match)[0]
    cy.post(f"/m/{match.token}/donnes/{first.pk}/supprimer/", {"hand_version": 1})
    response = save(client, match, seen, taker="2", points="95")
    body = response.content.decode()
    assert response.status_code == 409
    assert "La donne 1 vient d&#x27;être supprimée depuis le téléphone de Cy." in body
    assert "validez-la comme donne 2" in body
    assert len(live(match)) == 1


def test_a_restore_between_open_and_save_is_told(client: Client):
    match = play(make_match(), hand("A", 100), hand("A", 100))
    second = live(match)[1]
    services.hand_delete(match=match, hand_id=second.pk, expected_version=1)
    seen = open_form(client, match)
    assert seen["number"] == "2"
    named(match, "Cy").post(f"/m/{match.token}/donnes/{second.pk}/retablir/")
    response = save(client, match, seen, taker="2", points="95")
    body = response.content.decode()
    assert response.status_code == 409
    assert "La donne 2 vient d&#x27;être rétablie depuis le téléphone de Cy." in body
    assert "validez-la comme donne 3" in body
    assert 'value="95"' in body
    assert len(live(match)) == 2
    assert save(client, match, seen_fields(body), taker="2", points="95").status_code == 303
    assert [h.taker for h in live(match)] == ["A", "A", "B"]


def test_a_correction_between_open_and_save_is_told(client: Client):
    match = play(make_match(), hand("A", 100), hand("A", 100))
    seen = open_form(client, match)
    first = live(match)[0]
    corrected = named(match, "Cy").post(
        f"/m/{match.token}/donnes/{first.pk}/",
        {"taker": "1", "points": "81", "number": "1", "hand_version": "1"},
    )
    assert corrected.status_code == 303
    response = save(client, match, seen, taker="2", points="95")
    body = response.content.decode()
    assert response.status_code == 409
    assert "La donne 1 vient d&#x27;être corrigée depuis le téléphone de Cy." in body
    assert "validez-la comme donne 3" in body
    assert len(live(match)) == 2
    assert save(client, match, seen_fields(body), taker="2", points="95").status_code == 303
    assert len(live(match)) == 3


def test_an_untouched_sheet_saves_and_the_fresh_form_sees_the_new_version(client: Client):
    match = play(make_match(), hand("A", 100))
    seen = open_form(client, match)
    response = save(client, match, seen, htmx=True, taker="2", points="95")
    assert response.status_code == 200
    fresh = seen_fields(response.content.decode())
    assert fresh["match_version"] == str(Match.objects.get().version)
    assert fresh["number"] == "3"
    assert fresh["key"] != seen["key"]
    assert save(client, match, fresh, taker="1", points="90").status_code == 303
    assert len(live(match)) == 3


def test_a_double_tap_is_a_replay_not_a_conflict(client: Client):
    match = make_match()
    seen = open_form(client, match)
    assert save(client, match, seen, taker="1", points="90").status_code == 303
    assert save(client, match, seen, taker="1", points="90").status_code == 303
    assert len(live(match)) == 1


@pytest.mark.parametrize("value", ["0", "-1", "abc", "9" * 30])
def test_a_mangled_version_is_refused_without_saving(client: Client, value: str):
    match = play(make_match(), hand("A", 100))
    seen = {**open_form(client, match), "match_version": value}
    response = save(client, match, seen, taker="2", points="95")
    assert response.status_code == 422
    assert "Ce formulaire n&#x27;est plus valable" in response.content.decode()
    assert len(live(match)) == 1


def test_the_poll_tells_the_version_to_follow(client: Client):
    # poll.js copies data-version into an untouched form's match_version.
    match = play(make_match(), hand("A", 100))
    body = client.get(f"/m/{match.token}/poll/?v=0").content.decode()
    assert f'data-version="{Match.objects.get().version}"' in body


def test_the_change_is_told_in_english(client: Client):
    match = play(make_match(), hand("A", 100), hand("A", 100))
    seen = open_form(client, match)
    first = live(match)[0]
    named(match, "Cy").post(f"/m/{match.token}/donnes/{first.pk}/supprimer/", {"hand_version": 1})
    response = client.post(
        f"/m/{match.token}/donnes/",
        {**seen, "taker": "2", "points": "95"},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    body = response.content.decode()
    assert response.status_code == 409
    assert "Hand 1 was just deleted from Cy&#x27;s phone." in body
    assert "save it as hand 2" in body
