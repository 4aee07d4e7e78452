"""Regressions found by the review of issue 10's web work (coinche and the
announcement helper): each test failed before its fix."""

from __future__ import annotations

import pytest
from django.test import Client

from scoresheets import scoring
from scoresheets.announcement_helper import COMPARE
from scoresheets.matches import services
from tests.factories import NAMES, entry_form
from tests.web.test_announcement_helper import compare_on_match, decl, text

pytestmark = pytest.mark.django_db


def coinche_match(**rules) -> services.Match:
    return services.match_create(
        names=NAMES, rules=scoring.CoincheRules(announcements=True, **rules), preset="custom"
    )


def test_a_coinche_hand_without_its_suit_asks_for_the_trump(client: Client):
    # The coinche form's suit is optional: two equal tierces in different
    # suits, no suit tapped, go to the earlier seat only if neither is in
    # trump. The helper has no trump field of its own on a coinche form, so
    # its answer must ask for the hand's suit, as on a belote match.
    match = coinche_match()
    tierces = {
        **decl(1, kind="3", suit="hearts", card="K"),
        **decl(2, kind="3", suit="clubs", card="K"),
    }
    body = text(compare_on_match(client, match, taker="1", bid="100", **tierces))
    assert "Tout est égal : Bob parle avant Alice" in body
    assert "précisez l'atout" in body
    data = {"action": COMPARE, "number": "1", "taker": "1", "bid": "100", **tierces}
    english = text(client.post(f"/m/{match.token}/donnes/", data, HTTP_ACCEPT_LANGUAGE="en"))
    assert "choose the trump" in english
    # With the suit given (here sans-atout: no sequence in trump), nothing is asked.
    told = text(compare_on_match(client, match, taker="1", bid="100", suit="no_trump", **tierces))
    assert "Tout est égal : Bob parle avant Alice" in told
    assert "précisez l'atout" not in told


@pytest.mark.parametrize(
    ("data", "row"),
    [
        (
            {"taker": "2", "bid": "capot", "coinche": "coinche", "capot": "B"},
            "Bob prend capot coinché",
        ),
        (
            {
                "taker": "1",
                "bid": "100",
                "suit": "hearts",
                "coinche": "surcoinche",
                "points": "120",
            },
            "Alice prend 100 ♥ surcoinché",
        ),
        (
            {"taker": "4", "bid": "generale", "coinche": "coinche", "capot": "B", "solo": "1"},
            "Dan prend générale coinchée",
        ),
    ],
)
def test_the_sheet_row_says_the_contract_coinche_as_its_explanation(client: Client, data, row):
    # "capot coinchée" read wrong, and disagreed with the explanation just
    # below it ("Contrat capot coinché réussi"): the contract is masculine,
    # only a générale is feminine.
    match = coinche_match()
    assert client.post(f"/m/{match.token}/donnes/", entry_form(match, data)).status_code == 303
    body = text(client.get(f"/m/{match.token}/"))
    assert f"{row}<" in body
