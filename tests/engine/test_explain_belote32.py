"""The one-sentence explanations of belote for three and for two
(scoresheets/games/belote3/explain.py), in French: every figure a sentence
writes is the engine's score of that player on the hand, each player once,
in the match's order; the outcome is said plainly (BELOTE_3_2, *Scoring one
hand*). The summary and the row's badges from the hand as entered."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.utils import translation

from scoresheets.games.belote3 import explain
from scoresheets.games.belote3.engine import (
    BELOTE2,
    BELOTE3,
    Belote2Hand,
    Belote2Rules,
    Belote3Hand,
    Belote3Rules,
)
from scoresheets.scoring import kernel
from scoresheets.scoring.kernel import Scores

NAMES = {"A": "Anne", "B": "Bruno", "C": "Chloé"}


@dataclass
class Table:
    """What the explanations read of a match: its sides and their names."""

    sides: tuple[str, ...]

    def team_name(self, side: str) -> str:
        return NAMES[side]


def said(engine, rules, hands):
    """Each hand's sentence in French, with the engine's result."""
    result = kernel.score_match(engine, rules, hands)
    table = Table(engine.players)
    with translation.override("fr"):
        return [
            (explain.explain(table, hand, scored), scored)
            for hand, scored in zip(hands, result.hands, strict=True)
        ]


@pytest.mark.parametrize(
    ("hand", "head"),
    [
        (Belote3Hand("A", Scores({"A": 70, "B": 50})), "Anne prend et fait plus que la défense."),
        (Belote3Hand("A", Scores({"A": 50, "B": 70})), "Anne prend et chute"),
        (Belote3Hand("A", capot="A", belote="A"), "Anne prend et fait capot"),
        (Belote3Hand("A", capot="B"), "Anne prend et chute : capot de Bruno."),
        (Belote3Hand(None), "Tout le monde passe : on redistribue."),
    ],
)
def test_three_players_each_figure_is_the_engines(hand, head):
    [(sentence, scored)] = said(BELOTE3, Belote3Rules(), [hand])
    assert sentence.startswith(head)
    if scored.outcome != kernel.Outcome.PASSED:
        tail = " · ".join(f"{NAMES[p]} {scored.score[p]}" for p in "ABC")
        assert sentence.endswith(tail)


def test_two_players_litige_in_reserve_then_collected():
    hands = [Belote2Hand("A", Scores({"A": 81})), Belote2Hand("B", Scores({"B": 100}))]
    (first, _one), (second, two) = said(BELOTE2, Belote2Rules(), hands)
    assert "ses points vont en réserve" in first and first.endswith("Anne 0 · Bruno 81")
    assert two.collected == 81
    assert "Réserve récupérée par Bruno : 81" in second
    assert second.endswith(f"Anne 62 · Bruno {two.score['B']}")


def test_summary_and_badges_from_the_hand_as_entered():
    data = {
        "taker": "B",
        "points": {"A": 40, "B": 80},
        "capot": None,
        "belote": "C",
        "announcements": {"A": 0, "B": 0, "C": 20},
    }
    with translation.override("fr"):
        parts = explain.summary(data, "Bruno", NAMES.__getitem__)
        hand = BELOTE3.parse_hand(data)
        badges = explain.row_badges(hand, None)
    assert parts == [
        "Bruno prend",
        "plis Anne 40",
        "plis Bruno 80",
        "belote Chloé",
        "annonces Chloé 20",
    ]
    assert badges == [("C", "Annonces 20")]
