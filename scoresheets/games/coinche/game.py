"""Coinche as the pages know it: ``GAME``, its one object (engine, forms,
words, template partials, worked cases; :class:`~scoresheets.games.base.WebGame`)."""

from __future__ import annotations

from scoresheets.games.base import WebGame
from scoresheets.games.coinche import explain, forms, words
from scoresheets.games.coinche.engine import ENGINE

GAME = WebGame(
    engine=ENGINE,
    label=words.LABEL,
    rules_label=words.RULES_LABEL,
    rules=words.RULES,
    rules_form=forms.CoincheRulesForm,
    hand_form=forms.CoincheHandForm,
    explain=explain.explain_coinche,
    form_prefix="coinche",
    rules_class="rules-coinche",
    targets=(1000, 2000, 3000),
    contract=words.contract,
    csv_words=words.CSV_WORDS,
    csv_labels=words.CSV_LABELS,
    # A donne's points (160) and a capot's (250).
    penalty_points=(160, 250),
    player_figures=words.PLAYER_FIGURES,
    player_figures_partial="games/coinche/_player_figures.html",
)
