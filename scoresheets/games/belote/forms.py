"""Belote's forms: its rules (the new-match page's, and the calculator's: the
rules one hand depends on) and its hand form (the fields every game has, and
the renonce)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoresheets.game_forms import HandForm, optional_team_choices, rules_form_class
from scoresheets.games.belote import words
from scoresheets.games.belote.engine import ENGINE

RulesForm = rules_form_class(ENGINE, words.RULES, presets_label=words.RULES_LABEL)
"""Belote's rules on the new-match page: its presets, the target, every rule
and the card names (fields named after them, unprefixed)."""

CalculatorRulesForm = rules_form_class(
    ENGINE, words.RULES, names=words.CALCULATOR_RULES, name="CalculatorRulesForm"
)
"""The calculator's rules: those one hand depends on (no target, no
``win_needs_trick``, no presets); the others take the engine's defaults."""


class BeloteHandForm(HandForm):
    """One belote hand (docs/match-document.md, *Hand*): the fields every game
    has (:class:`~scoresheets.game_forms.HandForm`) and the renonce."""

    engine = ENGINE
    partials = {"points_quick": "games/belote/_points_quick.html"}

    renonce = forms.ChoiceField(label=_("Renonce"), required=False, widget=forms.RadioSelect)

    field_order = [
        "key",
        "taker",
        "points",
        "points_team",
        "capot",
        "belote",
        "belote_seat",
        "ann_team",
        "ann_points",
        "renonce",
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["renonce"].choices = optional_team_choices(
            pgettext_lazy("renonce", "Aucune"), self.team_names
        )
        self.fields["renonce"].initial = ""

    def game_fields(self, data: dict[str, Any]) -> dict[str, Any]:
        return {"renonce": data.get("renonce") or None}

    @classmethod
    def game_initial(cls, given: Any) -> dict[str, Any]:
        return {"renonce": given.renonce or ""}
