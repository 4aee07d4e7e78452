"""Klaverjas as the pages know it: ``GAME``, its one object (engine, forms,
words, template partial, explanations, worked cases;
:class:`~scoresheets.games.base.WebGame`)."""

from __future__ import annotations

from scoresheets.games.base import WebGame
from scoresheets.games.klaverjas import explain, forms, words
from scoresheets.games.klaverjas.engine import ENGINE

GAME = WebGame(
    engine=ENGINE,
    label=words.LABEL,
    rules_label=words.RULES_LABEL,
    rules=words.RULES,
    rules_form=forms.RulesForm,
    hand_form=forms.KlaverjasHandForm,
    explain=explain.explain,
    form_prefix="klaverjas",
    rules_class="rules-klaverjas",
    targets=(1000, 1500, 2000),
    csv_words={"outcome": words.OUTCOMES},
    row_badges=explain.row_badges,
    summary=explain.summary,
    score_parts=explain.score_parts,
    score_part_labels=words.SCORE_PARTS,
    problems=words.PROBLEMS,
    calculator_seats=True,
    player_figures=words.PLAYER_FIGURES,
)
