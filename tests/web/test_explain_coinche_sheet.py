"""A stored coinche hand's explanation, from the scoresheet the pages show."""

from __future__ import annotations

import pytest
from django.utils import translation

from scoresheets.matches import services
from scoresheets.matches.explain import explain_hand
from scoresheets.matches.scoresheet import match_get_scoresheet
from scoresheets.scoring import CoincheHand, CoincheRules


@pytest.mark.django_db
def test_a_stored_coinche_hand_is_explained_from_the_sheet():
    match = services.match_create(
        names=["Alice", "Bob", "Claire", "Dan"],
        rules=CoincheRules(),
        team_a_name="Nous",
        team_b_name="Eux",
    )
    hand = CoincheHand("B", 120, "hearts", coinche="coinche", points_team="B", trick_points=90)
    services.hand_record(match=match, hand=hand)
    sheet = match_get_scoresheet(match)
    result = sheet.result.hands[0]
    with translation.override("fr"):
        sentence = explain_hand(sheet, 0)
    assert sentence == (
        f"Dedans, 120 ♥ coinché : (160 + 120) × 2 = {result.score.a} à Nous. "
        "Il fallait 120 et plus que la défense (72) : le preneur a fait 90."
    )
    with translation.override("fr"):
        assert sheet.rows[0].explanation == sentence
