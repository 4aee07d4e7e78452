"""Belote for two as the pages know it: ``GAME``, its one object
(:class:`~scoresheets.games.base.WebGame`), built from the family's words,
forms and explanations (``scoresheets.games.belote3``), with its own engine,
rules and hand form (players A and B)."""

from __future__ import annotations

from scoresheets.games.base import WebGame
from scoresheets.games.belote2.engine import ENGINE
from scoresheets.games.belote3 import explain, forms, words

GAME = WebGame(
    engine=ENGINE,
    label=words.LABEL_2,
    rules_label=words.RULES_LABEL_2,
    rules=words.RULES_2,
    rules_form=forms.RulesForm2,
    hand_form=forms.Belote2HandForm,
    explain=explain.explain,
    form_prefix="belote2",
    rules_class="rules-belote2",
    # 1000 is the contract's default (BELOTE_3_2, rule target); 501 the short match.
    targets=(1000, 501, 2000),
    csv_words={"outcome": words.OUTCOMES},
    row_badges=explain.row_badges,
    summary=explain.summary,
    problems=words.PROBLEMS,
    player_figures=words.PLAYER_FIGURES_2,
)
