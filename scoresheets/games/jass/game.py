"""Schieber jass as the pages know it: ``GAME``, its one object (engine,
forms, words, template partial, explanations, worked cases;
:class:`~scoresheets.games.base.WebGame`)."""

from __future__ import annotations

from typing import Any

from scoresheets.games.base import WebGame
from scoresheets.games.jass import explain, forms, words
from scoresheets.games.jass.engine import ENGINE


def contract(data: Any) -> str:
    """A hand's mode in words, as the sheet's rows say it ("Anouk prend
    Schilten ♠"; in German "sagt … an")."""
    mode = data.get("mode")
    return words.mode_name(mode) if mode else ""


GAME = WebGame(
    engine=ENGINE,
    label=words.LABEL,
    rules_label=words.RULES_LABEL,
    rules=words.RULES,
    rules_form=forms.RulesForm,
    hand_form=forms.JassHandForm,
    explain=explain.explain,
    form_prefix="jass",
    rules_class="rules-jass",
    targets=(1000, 1500, 2500),
    contract=contract,
    csv_words={"outcome": words.OUTCOMES},
    row_badges=explain.row_badges,
    summary=explain.summary,
    problems=words.PROBLEMS,
    calculator_seats=True,
    player_figures=words.PLAYER_FIGURES,
)
