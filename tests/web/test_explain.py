"""The one-line explanations of hands and the progression chart."""

from __future__ import annotations

import pytest
from django.utils import translation

from scoresheets import services
from scoresheets.charts import progress_svg
from scoresheets.explain import explain_hand
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
    return services.match_get_scoresheet(match)


@pytest.mark.parametrize(
    ("hands", "rules", "expected"),
    [
        ([HandInput("A", "A", 82)], {}, "Contrat réussi : Nous 82 – Eux 80"),
        ([HandInput("A", "A", 90, belote="B")], {}, "Dedans : 162 + belote à Eux"),
        (
            [HandInput("A", "A", 70, belote="A", announcements=Pair(0, 20))],
            {},
            "Dedans : 162 + 20 d'annonces à Eux ; belote gardée par Nous",
        ),
        ([HandInput("A", "A", 71, belote="A")], {}, "Litige : 71 en réserve, 91 à Eux"),
        (
            [HandInput("A", "A", 81)],
            {"litige": "lost"},
            "Litige : les points du preneur sont perdus, 81 à Eux",
        ),
        (
            [HandInput("A", "A", 81), HandInput("B", "B", 100)],
            {},
            "Contrat réussi : Nous 62 – Eux 181 (dont 81 de réserve)",
        ),
        (
            [HandInput("A", "A", 81), HandInput("B", "B", 60)],
            {},
            "Dedans : 162 + 81 de réserve à Nous",
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
            "Dedans : 162 + 20 d'annonces + belote + 81 de réserve à Nous",
        ),
        (
            [HandInput("A", "A", 81)],
            {"rounding": "nearest_ten"},
            "Litige : 81 en réserve, 80 à Eux",
        ),
        ([HandInput("A", "A", 81)], {"litige": "fall"}, "Dedans : 162 à Eux"),
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
