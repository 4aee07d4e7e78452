"""The fake game's forms: its rules (built from its engine and words) and its
hand form (the fields every game has, nothing of its own)."""

from __future__ import annotations

from scoresheets.game_forms import HandForm, rules_form_class
from tests.fake_game import words
from tests.fake_game.engine import ENGINE

RulesForm = rules_form_class(
    ENGINE, words.RULES, presets_label=words.RULES_LABEL, name="FakeRulesForm"
)


class FakeHandForm(HandForm):
    """One hand of the fake game: the shared fields, and its own partial."""

    engine = ENGINE
    partials = {"points_hint": "games/fake/_points_hint.html"}
