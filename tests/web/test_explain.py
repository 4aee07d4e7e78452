"""The one-line explanations of hands and the progression chart."""

from __future__ import annotations

import pytest
from django.utils import translation

from scoresheets.matches import services
from scoresheets.matches.charts import progress_svg
from scoresheets.matches.explain import explain_hand
from scoresheets.matches.scoresheet import match_get_scoresheet
from scoresheets.scoring import HandInput, Pair, Rules

pytestmark = pytest.mark.django_db


def sheet_of(hands: list[HandInput], **rules):
    match = services.match_create(
        names=["Alice", "Bob", "Claire", "Dan"],
        rules=Rules(**rules),
        team_a_name="Nous",
        team_b_name="Eux",
    )
    for hand in hands:
        services.hand_record(match=match, hand=hand)
    return match_get_scoresheet(match)


@pytest.mark.parametrize(
    ("hands", "rules", "expected"),
    [
        ([HandInput("A", "A", 82)], {}, "Contrat réussi : Nous 82 – Eux 80"),
        (
            [HandInput("A", "A", 90, belote="B")],
            {},
            "Dedans : 162 + belote à Eux. "
            "Le preneur a fait 90 contre 92 : il fallait plus que la défense.",
        ),
        (
            [HandInput("A", "A", 70, belote="A", announcements=Pair(0, 20))],
            {},
            "Dedans : 162 + 20 d'annonces à Eux ; belote gardée par Nous. "
            "Le preneur a fait 90 (70 + belote) contre 112 : il fallait plus que la défense.",
        ),
        ([HandInput("A", "A", 71, belote="A")], {}, "Litige, 91 à 91 : 71 en réserve, 91 à Eux"),
        (
            [HandInput("A", "A", 81)],
            {"litige": "lost"},
            "Litige, 81 à 81 : les points du preneur sont perdus, 81 à Eux",
        ),
        (
            [HandInput("A", "A", 81), HandInput("B", "B", 100)],
            {},
            "Contrat réussi : Nous 62 – Eux 181 (dont 81 de réserve)",
        ),
        (
            [HandInput("A", "A", 81), HandInput("B", "B", 60)],
            {},
            "Dedans : 162 + 81 de réserve à Nous. "
            "Le preneur a fait 60 contre 102 : il fallait plus que la défense.",
        ),
        ([HandInput("B", capot="B")], {}, "Capot (Eux) : Nous 0 – Eux 252"),
        (
            [HandInput("A", capot="B")],
            {"capot_points": 250},
            "Capot de la défense, dedans : 250 à Eux",
        ),
        (
            [
                HandInput("A", "A", 81),
                HandInput("B", "B", 60, belote="A", announcements=Pair(0, 20)),
            ],
            {},
            "Dedans : 162 + 20 d'annonces + belote + 81 de réserve à Nous. "
            "Le preneur a fait 80 (60 + 20 d'annonces) contre 122 : "
            "il fallait plus que la défense.",
        ),
        (
            [HandInput("A", "A", 81)],
            {"rounding": "nearest_ten"},
            "Litige, 81 à 81 : 81 en réserve, 80 à Eux",
        ),
        (
            [HandInput("A", "A", 81)],
            {"litige": "fall"},
            "Dedans : 162 à Eux. Égalité, 81 à 81 : le preneur chute (règle du litige).",
        ),
        ([HandInput(None)], {}, "Tout le monde passe : on redistribue, rien n'est marqué"),
        ([HandInput("A", renonce="A")], {}, "Renonce (Nous) : 162 à Eux"),
        (
            [HandInput("A", renonce="B", belote="B", announcements=Pair(20, 0))],
            {},
            "Renonce (Eux) : 162 + 20 d'annonces à Nous ; belote gardée par Eux",
        ),
        (
            [HandInput("A", renonce="A")],
            {"renonce": "annul"},
            "Renonce (Nous) : donne annulée, rien n'est marqué",
        ),
    ],
)
def test_it_explains_the_last_hand(hands, rules, expected):
    sheet = sheet_of(hands, **rules)
    with translation.override("fr"):
        assert explain_hand(sheet, len(hands) - 1) == expected


def test_it_draws_no_chart_before_the_first_hand():
    assert progress_svg(sheet_of([])) == ""


def test_it_draws_both_teams_and_the_target_without_script():
    sheet = sheet_of([HandInput("A", "A", 82), HandInput("B", "B", 100)], target=501)
    with translation.override("fr"):
        svg = progress_svg(sheet)
    assert svg.startswith("<svg ")
    assert "Nous" in svg
    assert "Eux" in svg
    assert "Objectif 501" in svg
    assert "<script" not in svg
    assert "http://pygal" not in svg
    # Identical sheets give identical SVG (no random ids), in the same language.
    with translation.override("fr"):
        assert progress_svg(sheet) == svg


@pytest.mark.parametrize(
    ("hands", "rules", "fr", "en"),
    [
        (
            [HandInput("A", "A", 70, belote="A")],
            {},
            "Dedans : 162 à Eux ; belote gardée par Nous. "
            "Le preneur a fait 90 (70 + belote) contre 92 : il fallait plus que la défense.",
            "Down: 162 to Eux; belote kept by Nous. "
            "The taker made 90 (70 + belote) against 92: it needed more than the defence.",
        ),
        (
            [HandInput("A", "A", 81)],
            {"litige": "fall"},
            "Dedans : 162 à Eux. Égalité, 81 à 81 : le preneur chute (règle du litige).",
            "Down: 162 to Eux. A tie, 81 to 81: the taker fails (tie rule).",
        ),
        (
            [HandInput("A", "A", 71, belote="A")],
            {},
            "Litige, 91 à 91 : 71 en réserve, 91 à Eux",
            "Tie, 91 to 91: 71 in reserve, 91 to Eux",
        ),
    ],
)
def test_a_failed_contract_says_why_in_words_and_numbers(hands, rules, fr, en):
    """Issue 20, item 5: the figures that decided (the engine's hand totals)."""
    sheet = sheet_of(hands, **rules)
    for lang, expected in (("fr", fr), ("en", en)):
        with translation.override(lang):
            assert explain_hand(sheet, len(hands) - 1) == expected
