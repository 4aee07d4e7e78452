"""Belote for three as the pages know it: ``GAME``, its one object (engine,
forms, words, template partial, explanations, worked cases;
:class:`~scoresheets.games.base.WebGame`). Belote for two's
(``scoresheets.games.belote2.game``) is built from the same parts."""

from __future__ import annotations

from scoresheets.games.base import WebGame
from scoresheets.games.belote3 import explain, forms, words
from scoresheets.games.belote3.engine import BELOTE3

GAME = WebGame(
    engine=BELOTE3,
    label=words.LABEL,
    rules_label=words.RULES_LABEL,
    rules=words.RULES,
    rules_form=forms.RulesForm,
    hand_form=forms.Belote3HandForm,
    explain=explain.explain,
    form_prefix="belote3",
    rules_class="rules-belote3",
    # 1000 is the contract's default (BELOTE_3_2, rule target); 501 the short match.
    targets=(1000, 501, 2000),
    csv_words={"outcome": words.OUTCOMES},
    row_badges=explain.row_badges,
    summary=explain.summary,
    problems=words.PROBLEMS,
    player_figures=words.PLAYER_FIGURES,
)
