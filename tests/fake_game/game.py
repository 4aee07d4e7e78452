"""The fake game as the pages know it: ``GAME``."""

from __future__ import annotations

from scoresheets.games.base import WebGame
from tests.fake_game import explain, forms, words
from tests.fake_game.engine import ENGINE

GAME = WebGame(
    engine=ENGINE,
    label=words.LABEL,
    rules_label=words.RULES_LABEL,
    rules=words.RULES,
    rules_form=forms.RulesForm,
    hand_form=forms.FakeHandForm,
    explain=explain.explain,
    form_prefix="fake",
    rules_class="rules-fake",
    targets=(300, 500, 700),
)
