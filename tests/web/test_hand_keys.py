"""A hand form's one-time key: a used key with another hand is no replay, and a
key of any length never breaks a write."""

from __future__ import annotations

import pytest
from django.test import Client

from scoresheets.matches.scoresheet import match_get_scoresheet
from scoresheets.models import Hand
from tests.factories import entry_form, hand, make_match, play

pytestmark = pytest.mark.django_db


def test_a_used_form_key_with_another_hand_saves_that_hand(client: Client):
    # A form brought back by the Back button holds a used key: its new hand
    # must not be taken for a replay and silently dropped.
    match = make_match()
    first = entry_form(match, taker="1", points="100", number="1", key="K")
    assert client.post(f"/m/{match.token}/donnes/", first).status_code == 303
    second = entry_form(match, taker="2", points="120", number="2", key="K")
    assert client.post(f"/m/{match.token}/donnes/", second).status_code == 303
    hands = Hand.objects.order_by("number")
    assert [(h.taker, h.to_input().trick_points) for h in hands] == [
        ("A", 100),
        ("B", 120),
    ]


@pytest.mark.parametrize("action", ["supprimer", "retablir"])
def test_an_overlong_form_key_never_gives_a_500(client: Client, action):
    match = play(make_match(), hand("A", 100))
    one = match_get_scoresheet(match).hands[0]
    response = client.post(
        f"/m/{match.token}/donnes/{one.pk}/{action}/", {"hand_version": "1", "key": "k" * 65}
    )
    assert response.status_code == 303
