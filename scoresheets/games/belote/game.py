"""Belote as the pages know it: ``GAME``, its one object (engine, forms,
words, template partials, worked cases; :class:`~scoresheets.games.base.WebGame`)."""

from __future__ import annotations

from scoresheets.games.base import WebGame
from scoresheets.games.belote import explain, forms, words
from scoresheets.games.belote.engine import ENGINE
from scoresheets.scoring.kernel import TRICK_POINTS_TOTAL

GAME = WebGame(
    engine=ENGINE,
    label=words.LABEL,
    rules_label=words.RULES_LABEL,
    rules=words.RULES,
    rules_form=forms.RulesForm,
    hand_form=forms.BeloteHandForm,
    explain=explain.explain,
    calculator_rules_form=forms.CalculatorRulesForm,
    rules_class="rules",
    csv_labels=words.CSV_LABELS,
    targets=(501, 1000, 2000),
    # A donne's points (dedans's 162).
    penalty_points=(TRICK_POINTS_TOTAL,),
    player_figures=words.PLAYER_FIGURES,
)
