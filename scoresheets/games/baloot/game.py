"""Baloot as the pages know it: ``GAME``, its one object (engine, forms,
words, template partial, explanations, worked cases;
:class:`~scoresheets.games.base.WebGame`)."""

from __future__ import annotations

from scoresheets.games.baloot import explain, forms, words
from scoresheets.games.baloot.engine import ENGINE
from scoresheets.games.base import WebGame

GAME = WebGame(
    engine=ENGINE,
    label=words.LABEL,
    rules_label=words.RULES_LABEL,
    rules=words.RULES,
    rules_form=forms.RulesForm,
    hand_form=forms.BalootHandForm,
    explain=explain.explain,
    form_prefix="baloot",
    rules_class="rules-baloot",
    # 152 is the game's (BALOOT, rule target); a longer or a shorter match beside it.
    targets=(152, 252, 102),
    contract=explain.contract,
    csv_words=words.CSV_WORDS,
    csv_labels=words.CSV_LABELS,
    row_badges=explain.row_badges,
    summary=explain.summary,
    problems=words.PROBLEMS,
    calculator_seats=True,
    player_figures=words.PLAYER_FIGURES,
)
