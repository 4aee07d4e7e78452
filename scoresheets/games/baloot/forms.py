"""Baloot's forms: its rules (built from its engine and words) and its hand
form, in the table's words (BALOOT, *Hand*): who bought (a player, whose
team is the buyer), Sun or Hokm, the card points of ONE team (the other's
shown beside, 130 or 162 in all), the projects of the one team that scores
them (a count of each: sira, fifty, hundred, four hundred, one tap each),
the baloot's team (Hokm only), the doubling (a Sun only doubled), a kaboot,
an ashkal (Sun only), and "everybody passed" (a redeal).

The form checks the shape of what was typed; the engine decides the rest
(its problems come back next to the fields, in the page's words).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoresheets import scoring
from scoresheets.game_forms import (
    HandForm,
    optional_team_choices,
    problem_message,
    rules_form_class,
)
from scoresheets.games.baloot import words
from scoresheets.games.baloot.engine import (
    ENGINE,
    HOKM_CARD_POINTS,
    PROJECTS,
    PROJECTS_MAX,
    SUN_CARD_POINTS,
    BalootHand,
    Contract,
)

RulesForm = rules_form_class(
    ENGINE, words.RULES, presets_label=words.RULES_LABEL, name="BalootRulesForm"
)
"""Baloot's rules on the new-match page: its presets, the target, every rule."""

# The engine's problems with fields the form names otherwise ("projects"
# alone: both teams have some, said on the projects' team).
FIELDS = {
    "buyer": "taker",
    "projects": "projects_team",
    "projects.A": "projects_team",
    "projects.B": "projects_team",
}
# Shared codes said in baloot's words on its own fields.
FIELD_MESSAGES = {
    ("required", "contract"): _("Choisissez Sun ou Hokm."),
    ("required", "points"): _(
        "Saisissez les points des cartes d'une équipe (130 au Sun, 162 au Hokm), ou un kaboot."
    ),
    ("out_of_range", "points"): _("Les points des cartes vont de 0 à %(max)s dans ce contrat."),
}
BUYER_REQUIRED = _("Choisissez qui a acheté.")


class BalootHandForm(HandForm):
    """One baloot hand (BALOOT, *Hand*): the shared ``taker`` (here who
    bought: a player, whose team is the buyer), ``points`` and
    ``points_team`` (card points of one team, by default the buyer's);
    ``contract`` (Sun or Hokm); ``kaboot`` and ``baloot`` (a team or
    nobody); ``doubling`` (none, double, three, four, gahwa); ``ashkal``;
    the projects: ``projects_team`` (by default the buyer's) and a count of
    each project (``sira``, ``fifty``, ``hundred``, ``four_hundred``, 0 to
    4). "Tout le monde passe" (``action=pass``) is a redeal. Belote's other
    fields are not asked."""

    engine = ENGINE
    partials = {"fields": "games/baloot/_fields.html"}
    trick_points_total = HOKM_CARD_POINTS
    sun_card_points = SUN_CARD_POINTS
    hokm_card_points = HOKM_CARD_POINTS
    project_fields = PROJECTS

    contract = forms.ChoiceField(
        label=_("Contrat"), required=False, widget=forms.RadioSelect, choices=()
    )
    kaboot = forms.ChoiceField(
        label=_("Kaboot (tous les plis)"), required=False, widget=forms.RadioSelect
    )
    baloot = forms.ChoiceField(
        label=_("Baloot (roi et dame d'atout)"), required=False, widget=forms.RadioSelect
    )
    doubling = forms.ChoiceField(
        label=_("Doublement"), required=False, widget=forms.RadioSelect, choices=()
    )
    ashkal = forms.BooleanField(label=_("Ashkal (Sun acheté pour le partenaire)"), required=False)
    projects_team = forms.ChoiceField(
        label=_("Projets de l'équipe"), required=False, widget=forms.RadioSelect
    )
    sira = forms.IntegerField(
        label=words.PROJECT_NAMES["sira"], required=False, min_value=0, max_value=PROJECTS_MAX
    )
    fifty = forms.IntegerField(
        label=words.PROJECT_NAMES["fifty"], required=False, min_value=0, max_value=PROJECTS_MAX
    )
    hundred = forms.IntegerField(
        label=words.PROJECT_NAMES["hundred"], required=False, min_value=0, max_value=PROJECTS_MAX
    )
    four_hundred = forms.IntegerField(
        label=words.PROJECT_NAMES["four_hundred"],
        required=False,
        min_value=0,
        max_value=PROJECTS_MAX,
    )

    NOT_ASKED = ("capot", "belote", "belote_seat", "ann_team", "ann_points")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["announcements"] = False
        super().__init__(*args, **kwargs)
        for name in self.NOT_ASKED:
            self.fields.pop(name, None)
        self.fields["taker"].label = _("Qui a acheté ?")
        self.fields["points"].label = _("Points des cartes")
        self.fields["contract"].choices = [
            (contract, words.CONTRACT_NAMES[contract]) for contract in Contract
        ]
        self.fields["doubling"].choices = [
            ("", pgettext_lazy("baloot doubling", "Non")),
            *((key, name) for key, name in words.DOUBLING_NAMES.items()),
        ]
        self.fields["doubling"].initial = ""
        nobody = pgettext_lazy("baloot", "Personne")
        for name in ("kaboot", "baloot"):
            self.fields[name].choices = optional_team_choices(nobody, self.team_names)
            self.fields[name].initial = ""
        self.fields["projects_team"].choices = optional_team_choices(
            pgettext_lazy("baloot projects", "L'acheteur"), self.team_names
        )
        self.fields["projects_team"].initial = ""

    def project_rows(self) -> list[tuple[forms.BoundField, str]]:
        """Each project's count field, with its name (for the chips)."""
        return [(self[name], name) for name in PROJECTS]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        errors = self.errors.get("taker")
        if errors and not data.get("taker"):  # the shared form says it in belote's words
            self.errors["taker"] = self.error_class([BUYER_REQUIRED])
        return data

    def hand_input(self) -> Any:
        """The engine's :class:`BalootHand` for this hand (call after
        ``is_valid()``): a redeal, or what was typed (the projects listed
        from their counts, given to ``projects_team`` or else the buyer)."""
        if self.is_redeal:
            return BalootHand(None)
        data = self.cleaned_data
        team = self.taker_team()
        points = data.get("points")
        listed = tuple(name for name in PROJECTS for _ in range(data.get(name) or 0))
        owner = data.get("projects_team") or team
        return BalootHand(
            buyer=team,
            contract=data.get("contract") or None,
            points_team=(data.get("points_team") or team) if points is not None else None,
            card_points=points,
            kaboot=data.get("kaboot") or None,
            projects=scoring.Pair(*((listed, ()) if owner == "A" else ((), listed))),
            baloot=data.get("baloot") or None,
            doubling=data.get("doubling") or None,
            ashkal=bool(data.get("ashkal")),
        )

    @classmethod
    def initial_for(cls, hand: Any) -> dict[str, Any]:
        """The correction form's values for a stored hand (its buying
        player, or the team's first player when only the team is known)."""
        given = hand.to_input()
        if given.buyer is None:
            return {"hand_version": hand.version}
        seat = hand.taker_seat or (1 if given.buyer == "A" else 2)
        owner = "A" if given.projects.a else ("B" if given.projects.b else "")
        listed = given.projects[owner] if owner else ()
        counts = {name: sum(1 for p in listed if p == name) or None for name in PROJECTS}
        return {
            "taker": str(seat),
            "contract": given.contract or "",
            "points": given.card_points,
            "points_team": given.points_team or "",
            "kaboot": given.kaboot or "",
            "baloot": given.baloot or "",
            "doubling": given.doubling or "",
            "ashkal": bool(given.ashkal),
            "projects_team": owner if owner and owner != given.buyer else "",
            **counts,
            "hand_version": hand.version,
        }

    def add_problems(self, error: scoring.MatchError) -> None:
        """Put the engine's problems next to the fields they are about, in
        baloot's words where the shared ones are a belote table's."""
        for problem in error.problems:
            field = FIELDS.get(problem.field, problem.field.split(".")[0])
            if field is not None and field not in self.fields:
                field = None  # said at the top of the form
            message = FIELD_MESSAGES.get((problem.code, problem.field))
            if message is not None:
                message = str(message) % dict(problem.params) if problem.params else str(message)
            self.add_error(field, message or problem_message(problem))
