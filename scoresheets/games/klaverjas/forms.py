"""Klaverjas' forms: its rules (built from its engine and words) and its
hand form, in the table's words: who plays ("wie speelt", a player), the
card points of one team, each team's roem (chips of 20, 50, 100, 200), a
pit, a revoke ("verzaakt"). No redeal: someone always plays (KLAVERJAS,
*Hand*)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoresheets import scoring
from scoresheets.game_forms import (
    ANNOUNCEMENTS_MAX,
    HandForm,
    optional_team_choices,
    rules_form_class,
)
from scoresheets.games.klaverjas import words
from scoresheets.games.klaverjas.engine import ENGINE, ROEM_UNITS

RulesForm = rules_form_class(
    ENGINE, words.RULES, presets_label=words.RULES_LABEL, name="KlaverjasRulesForm"
)
"""Klaverjas' rules on the new-match page: its presets, the target, every rule."""

# A team's roem (points): the announcements' cap, far above any real hand's,
# which the phone's reading of the form follows too (the sheet's scorer data).
ROEM_MAX = ANNOUNCEMENTS_MAX


class KlaverjasHandForm(HandForm):
    """One klaverjas hand (KLAVERJAS, *Hand*): the shared ``taker`` (here
    "who plays": a player, whose team is the playing team), ``points`` and
    ``points_team``; each team's roem (``roem_a``, ``roem_b``, points), the
    team that took every trick (``pit``) and the team that revoked
    (``revoke``). Belote's other fields are not asked."""

    engine = ENGINE
    partials = {"fields": "games/klaverjas/_fields.html"}
    roem_units = ROEM_UNITS

    roem_a = forms.IntegerField(label=_("Roem"), required=False, min_value=0, max_value=ROEM_MAX)
    roem_b = forms.IntegerField(label=_("Roem"), required=False, min_value=0, max_value=ROEM_MAX)
    pit = forms.ChoiceField(
        label=_("Pit (tous les plis)"), required=False, widget=forms.RadioSelect
    )
    revoke = forms.ChoiceField(
        label=_("Verzaakt (renonce)"), required=False, widget=forms.RadioSelect
    )

    NOT_ASKED = ("capot", "belote", "belote_seat", "ann_team", "ann_points")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["announcements"] = False
        super().__init__(*args, **kwargs)
        for name in self.NOT_ASKED:
            self.fields.pop(name, None)
        self.fields["taker"].label = _("Qui joue ?")
        self.fields["points"].label = _("Points")
        for name in ("pit", "revoke"):
            self.fields[name].choices = optional_team_choices(
                pgettext_lazy("pit", "Personne"), self.team_names
            )
            self.fields[name].initial = ""

    def roem_rows(self) -> list[tuple[forms.BoundField, str, str]]:
        """Each team's roem field, with its team and the team's name."""
        return [
            (self["roem_a"], "A", self.team_names["A"]),
            (self["roem_b"], "B", self.team_names["B"]),
        ]

    @property
    def is_redeal(self) -> bool:
        """Never: at klaverjas someone always plays (KLAVERJAS, *Hand*)."""
        return False

    def hand_input(self) -> Any:
        """The engine's :class:`KlaverjasHand` for this hand (call after ``is_valid()``)."""
        data = self.cleaned_data
        team = self.taker_team()
        points = data.get("points")
        return self.engine.hand_type(
            playing=team,
            points_team=(data.get("points_team") or team) if points is not None else None,
            trick_points=points,
            roem=scoring.Pair(data.get("roem_a") or 0, data.get("roem_b") or 0),
            pit=data.get("pit") or None,
            revoke=data.get("revoke") or None,
        )

    @classmethod
    def initial_for(cls, hand: Any) -> dict[str, Any]:
        """The correction form's values for a stored hand (its playing
        player, or the team's first player when only the team is known)."""
        given = hand.to_input()
        seat = hand.taker_seat or (1 if given.playing == "A" else 2)
        return {
            "taker": str(seat),
            "points": given.trick_points,
            "points_team": given.points_team or "",
            "roem_a": given.roem.a or None,
            "roem_b": given.roem.b or None,
            "pit": given.pit or "",
            "revoke": given.revoke or "",
            "hand_version": hand.version,
        }
