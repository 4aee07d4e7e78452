"""Forms of the scoresheet: they validate input and speak the user's language.

The scoring engine is the only code that knows the rules: these forms check
the shape of what was typed (a number is a number, a choice is a choice) and
build the engine's input; the engine's problems (``scoring.Problem``, with a
stable ``code``) come back through :func:`problem_message` and
:meth:`HandForm.add_problems`, translated and put next to the right field.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoresheets import contracts, limits, presets, scoring
from scoresheets.documents import DocumentError, parse_json
from scoresheets.models import (
    CARD_NAMES_CHOICES,
    PLAYER_NAME_MAX,
    TEAM_NAME_MAX,
    Hand,
    Player,
    seat_team,
)

# --------------------------------------------------------------------------
# The engine's problems, translated
# --------------------------------------------------------------------------

PROBLEM_MESSAGES: dict[str, Any] = {
    "required": _("Ce champ est obligatoire."),
    "invalid_team": _("Choisissez l'une des deux équipes."),
    "invalid_choice": _("Cette valeur n'est pas prévue par les règles."),
    "not_integer": _("Saisissez un nombre entier."),
    "out_of_range": _("Saisissez un nombre entre %(min)s et %(max)s."),
    "not_announcement_sum": _("Les annonces valent 0 ou une somme de 20, 50, 100, 150 et 200."),
    "announcements_both_teams": _("Seule l'équipe qui a gagné la comparaison marque des annonces."),
    "announcements_disabled": _("Les annonces ne se jouent pas avec ces règles."),
    "points_with_capot": _(
        "Avec un capot, ne saisissez pas de points : l'équipe capot a tous les plis."
    ),
    "points_with_renonce": _("Avec une renonce, ne saisissez pas de points."),
    "capot_with_renonce": _("Une renonce et un capot ne vont pas ensemble."),
    "not_on_redeal": _("Quand tout le monde passe, rien d'autre ne se saisit."),
    "after_end": _("La partie est terminée : on ne peut plus ajouter de donne."),
    "taker_seat_team": _("Le preneur doit jouer dans l'équipe qui prend."),
    "belote_seat_team": _("Ce joueur n'est pas dans l'équipe qui avait la belote."),
    "same_player": _("Un joueur ne peut pas occuper deux places."),
    "not_object": _("Format incorrect : un objet JSON est attendu."),
    "not_list": _("Format incorrect : une liste est attendue."),
    "unknown_key": _("Clé inconnue : vérifiez l'orthographe."),
    "points_one_team": _("Donnez les points de plis d'une seule équipe."),
    "hands_limit": _(
        "Cette partie a atteint %(max)s donnes, le maximum : commencez-en une nouvelle."
    ),
    "too_many_hands": _("Ce fichier a %(count)s donnes, et une partie en compte %(max)s au plus."),
    "belote_at_no_trump": _("Pas de belote à sans-atout : il n'y a pas d'atout."),
    "solo_not_allowed": _("« Seul » ne se dit que d'une générale dont le preneur a fait le capot."),
}

# Some codes read better with the field they are about.
FIELD_PROBLEM_MESSAGES: dict[tuple[str, str], Any] = {
    ("required", "taker"): _("Choisissez qui a pris."),
    ("required", "points"): _("Saisissez les points de plis d'une équipe (0 à 162), ou un capot."),
    ("out_of_range", "rules.target"): _("L'objectif doit être plus grand que 0."),
    # The top-level "game" of a match document (both games are imported).
    ("invalid_choice", "game"): _(
        "Ce fichier n'est ni une partie de belote, ni une partie de coinche."
    ),
    ("required", "bid"): _("Choisissez l'enchère (80 à 180, capot ou générale)."),
    ("required", "solo"): _(
        "Générale faite capot : dites si le preneur a fait les huit plis seul."
    ),
}

# The engine's field names -> the hand form's fields (``None``: the whole form).
HAND_FIELDS: dict[str, str | None] = {
    "taker": "taker",
    "points": "points",
    "capot": "capot",
    "belote": "belote",
    "renonce": "renonce",
    "announcements": "ann_points",
    "hand": None,
    # Coinche's contract (docs/coinche.md, *Hand*).
    "bid": "bid",
    "suit": "suit",
    "coinche": "coinche",
    "solo": "solo",
}

# The engine's rule names -> the match and calculator forms' fields (same names).
RULE_FIELDS: dict[str, str | None] = {f"rules.{name}": name for name in presets.RULE_NAMES}


def problem_message(problem: scoring.Problem) -> str:
    """The translated message for an engine problem (English as a last resort)."""
    field = problem.field
    base_field = field if field.startswith("rules.") else field.split(".")[0]
    params = dict(problem.params)
    message = FIELD_PROBLEM_MESSAGES.get((problem.code, base_field))
    if message is None and problem.code == "out_of_range" and "max" not in params:
        message = _("Saisissez un nombre supérieur ou égal à %(min)s.")
    if message is None:
        message = PROBLEM_MESSAGES.get(problem.code)
    if message is None:
        return problem.message
    try:
        return str(message) % params
    except (KeyError, ValueError):  # a parameter the message quotes is missing
        return str(message)


# The match document's keys, as a person at the table calls them.
FIELD_LABELS: dict[str, Any] = {
    "document": _("fichier"),
    "game": _("jeu"),
    "hands": _("donnes"),
    "hand": _("donne"),
    "rules": _("règles"),
    "rules.target": _("règles, objectif"),
    "rules.capot_points": _("règles, valeur du capot"),
    "rules.rounding": _("règles, arrondi"),
    "rules.litige": _("règles, litige"),
    "rules.announcements": _("règles, annonces"),
    "rules.renonce": _("règles, renonce"),
    "rules.win_needs_trick": _("règles, victoire sans pli"),
    "rules.made_score": _("règles, contrat réussi"),
    "rules.coinche_score": _("règles, contrat coinché"),
    "rules.belote_counts": _("règles, belote comptée pour le contrat"),
    "rules.announcements_count": _("règles, annonces comptées pour le contrat"),
    "rules.capot_bid_points": _("règles, valeur du capot annoncé"),
    "taker": _("preneur"),
    "points": _("points de plis"),
    "capot": _("capot"),
    "belote": _("belote"),
    "announcements": _("annonces"),
    "renonce": _("renonce"),
    "bid": _("enchère"),
    "suit": _("atout"),
    "coinche": _("coinche"),
    "solo": _("seul"),
}


def field_label(field: str) -> str:
    """``field`` of a problem in words ("announcements.A" -> "annonces, A")."""
    if field in FIELD_LABELS:
        return str(FIELD_LABELS[field])
    head, _dot, rest = field.partition(".")
    if head in FIELD_LABELS and rest:
        return f"{FIELD_LABELS[head]}, {rest}"
    return field


def problem_line(problem: scoring.Problem) -> str:
    """One problem of a match document, with where it is ("Donne 3, preneur : ...")."""
    message = problem_message(problem)
    field = field_label(problem.field)
    if problem.hand is None:
        return _("%(field)s : %(message)s") % {"field": field.capitalize(), "message": message}
    return _("Donne %(hand)s, %(field)s : %(message)s") % {
        "hand": problem.hand,
        "field": field,
        "message": message,
    }


def _team_choices(team_names: dict[str, str]) -> list[tuple[str, str]]:
    return [("A", team_names["A"]), ("B", team_names["B"])]


def _optional_team_choices(none_label: Any, team_names: dict[str, str]) -> list[tuple[str, str]]:
    return [("", none_label), *_team_choices(team_names)]


# --------------------------------------------------------------------------
# Rules (new match, calculator)
# --------------------------------------------------------------------------

# What each choice of a rule is called; the choices themselves, their order
# and the initial values come from the engine (scoresheets.presets).
RULE_CHOICE_LABELS: dict[str, dict[Any, Any]] = {
    "capot_points": {252: _("252 (162 + 90)"), 250: _("250 (arrondi)")},
    "rounding": {
        scoring.Rounding.NONE: _("Au point près"),
        scoring.Rounding.NEAREST_TEN: _("À la dizaine (85 → 90)"),
    },
    "litige": {
        scoring.LitigeRule.RESERVE: _("En réserve pour la donne suivante"),
        scoring.LitigeRule.LOST: _("Points du preneur perdus"),
        scoring.LitigeRule.FALL: _("Le preneur chute (règle de compétition)"),
    },
    "renonce": {
        scoring.RenonceRule.PENALTY: _("La donne va à l'autre équipe (162 + annonces)"),
        scoring.RenonceRule.ANNUL: _("La donne est annulée"),
    },
}
RULE_INITIAL = presets.DEFAULT.values()


def rule_choices(name: str) -> list[tuple[Any, Any]]:
    """The choices of rule ``name``: the values the engine accepts, labelled."""
    labels = RULE_CHOICE_LABELS[name]
    return [(value, labels[value]) for value in presets.RULE_CHOICES[name]]


# The target's messages, both games (review: Django's "Assurez-vous que cette
# valeur est supérieure ou égale à 1." said nothing of points).
TARGET_ERRORS = {
    code: _("L'objectif est un nombre de points, de 1 à 100 000.")
    for code in ("invalid", "min_value", "max_value", "required")
}


class OneTimeKeyForm(forms.Form):
    """A form whose sending is done once: a hidden one-time ``key`` (a fresh
    UUID, 32 hex digits, each time the form is shown; the posted one when it
    is shown again with its errors). What the form makes is recorded with it,
    so that a double tap, or a resend after an answer the network lost, gets
    what the first sending made instead of making it twice
    (``services.hand_record``, ``services.match_create``,
    ``services.match_import``, ``tables.table_create``)."""

    key = forms.CharField(required=False, max_length=64, widget=forms.HiddenInput)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["key"].initial = uuid.uuid4().hex

    def one_time_key(self) -> str | None:
        """The posted key of a valid form, or ``None`` when it had none."""
        return self.cleaned_data.get("key") or None


class RulesForm(forms.Form):
    """The rules a single hand depends on (the calculator's, and the match's base).

    Each rule field is named after its rule (``presets.RULE_NAMES``); the rules
    without a field here take the engine's defaults, or the subclass's fields.
    """

    capot_points = forms.TypedChoiceField(
        label=_("Valeur du capot"),
        choices=rule_choices("capot_points"),
        coerce=int,
        initial=RULE_INITIAL["capot_points"],
        widget=forms.RadioSelect,
    )
    announcements = forms.BooleanField(
        label=_("On joue les annonces (tierce, cinquante, cent, carrés)"),
        required=False,
        initial=RULE_INITIAL["announcements"],
    )
    litige = forms.ChoiceField(
        label=_("Litige (égalité)"),
        choices=rule_choices("litige"),
        initial=RULE_INITIAL["litige"],
        widget=forms.RadioSelect,
    )
    rounding = forms.ChoiceField(
        label=_("Arrondi des scores"),
        choices=rule_choices("rounding"),
        initial=RULE_INITIAL["rounding"],
        widget=forms.RadioSelect,
    )
    renonce = forms.ChoiceField(
        label=_("Renonce"),
        choices=rule_choices("renonce"),
        initial=RULE_INITIAL["renonce"],
        widget=forms.RadioSelect,
    )

    # Rule fields shown as a stack of long choices rather than a row of chips.
    STACKED = frozenset({"litige", "renonce"})
    # Rule fields the page lays out on their own (not in the rules' loop).
    SHOWN_APART = frozenset({"target"})

    def rule_fields(self) -> list[tuple[forms.BoundField, str]]:
        """The fields the rules section shows, in the form's order, each with its
        CSS class: every rule field (``presets.RULE_NAMES``) and the card names,
        but those shown apart. A rule field added to the form shows by itself."""
        names = {*presets.RULE_NAMES, "card_names"} - self.SHOWN_APART
        return [
            (self[name], "vertical" if name in self.STACKED else "")
            for name in self.fields
            if name in names
        ]

    def rules(self, **extra: Any) -> scoring.Rules:
        """The engine's rules from the cleaned data (call after ``is_valid()``):
        the form's rule fields, then ``extra``."""
        data = self.cleaned_data
        values = {name: data[name] for name in presets.RULE_NAMES if name in self.fields}
        return scoring.Rules(**{**values, **extra})

    def add_problems(self, error: scoring.MatchError) -> None:
        for problem in error.problems:
            field = RULE_FIELDS.get(problem.field)
            self.add_error(field if field in self.fields else None, problem_message(problem))


def _preset_choices(game: str) -> list[tuple[str, Any]]:
    return [(key, _(preset.label)) for key, preset in presets.presets_of(game).items()]


# What each choice of a coinche rule is called (COINCHE, *Rules* and *Scoring
# one hand*); the choices, their order and the initial values come from the
# engine (presets.COINCHE_RULE_CHOICES, scoring.CoincheRules).
COINCHE_CHOICE_LABELS: dict[str, dict[Any, Any]] = {
    "rounding": RULE_CHOICE_LABELS["rounding"],
    "made_score": {
        scoring.MadeScore.POINTS_PLUS_BID: _(
            "Points faits + contrat (la défense marque ses points)"
        ),
        scoring.MadeScore.BID_ONLY: _("Contrat seul (la défense ne garde que sa belote)"),
        scoring.MadeScore.HUNDRED_SIXTY_PLUS_BID: _(
            "160 + contrat (la défense ne garde que sa belote)"
        ),
    },
    "coinche_score": {
        scoring.CoincheScore.ALL: _(
            "Tout est multiplié : (160 + contrat) × 2, l'autre équipe ne garde que sa belote"
        ),
        scoring.CoincheScore.TOTAL: _("Le total du preneur × 2"),
        scoring.CoincheScore.BID: _("Le contrat seul × 2"),
    },
    "capot_points": {
        250: "250",
        252: _("252 (162 + 90)"),
        162: _("162 (les plis seuls)"),
    },
    "capot_bid_points": {500: "500", 250: "250"},
}
COINCHE_INITIAL = presets.DEFAULTS[scoring.Game.COINCHE].values()


def coinche_rule_choices(name: str) -> list[tuple[Any, Any]]:
    """The choices of coinche rule ``name``: the values the engine accepts, labelled."""
    labels = COINCHE_CHOICE_LABELS[name]
    return [(value, labels[value]) for value in presets.COINCHE_RULE_CHOICES[name]]


def _filled_from_preset(
    data: dict[str, Any], preset: presets.Preset | None, default: presets.Preset
) -> None:
    """Without the script, the rule fields still show the page's defaults
    (``default``'s values) unless the player changed them: untouched, they
    take the chosen ``preset``'s values (the target aside), in ``data``."""
    if preset is None or preset is default:
        return
    names = [name for name in default.values() if name != "target" and name in data]
    if all(data.get(name) == default.values()[name] for name in names):
        data.update({name: preset.values()[name] for name in names})


class CoincheRulesForm(forms.Form):
    """The rules of a coinche match (COINCHE, *Rules*) and its presets.

    Each rule field is named after its rule (``presets.COINCHE_RULE_NAMES``);
    the new-match form holds one under the prefix ``coinche``, so that both
    games' rules can be on the page at once (without the script).
    ``scripted`` (set by the new-match form) says whether the script filled
    the rule fields from the preset; without it, see :func:`_filled_from_preset`.
    """

    preset = forms.ChoiceField(
        label=_("Règles de la coinche"),
        choices=_preset_choices(scoring.Game.COINCHE),
        initial=presets.DEFAULTS[scoring.Game.COINCHE].key,
        widget=forms.RadioSelect(attrs={"data-preset": ""}),
    )
    target = forms.IntegerField(
        label=_("Objectif (points)"),
        min_value=1,
        max_value=100_000,
        initial=COINCHE_INITIAL["target"],
        error_messages=TARGET_ERRORS,
    )
    made_score = forms.ChoiceField(
        label=_("Contrat réussi sans coinche"),
        choices=coinche_rule_choices("made_score"),
        initial=COINCHE_INITIAL["made_score"],
        widget=forms.RadioSelect,
    )
    coinche_score = forms.ChoiceField(
        label=_("Contrat coinché (× 2) ou surcoinché (× 4)"),
        choices=coinche_rule_choices("coinche_score"),
        initial=COINCHE_INITIAL["coinche_score"],
        widget=forms.RadioSelect,
    )
    belote_counts = forms.BooleanField(
        label=_("La belote (20) compte pour réussir le contrat"),
        required=False,
        initial=COINCHE_INITIAL["belote_counts"],
    )
    announcements = forms.BooleanField(
        label=_("On joue les annonces (tierce, cinquante, cent, carrés)"),
        required=False,
        initial=COINCHE_INITIAL["announcements"],
    )
    announcements_count = forms.BooleanField(
        label=_("Les annonces comptent pour réussir le contrat"),
        required=False,
        initial=COINCHE_INITIAL["announcements_count"],
    )
    capot_points = forms.TypedChoiceField(
        label=_("Capot fait sans être annoncé (points de plis)"),
        choices=coinche_rule_choices("capot_points"),
        coerce=int,
        initial=COINCHE_INITIAL["capot_points"],
        widget=forms.RadioSelect,
    )
    capot_bid_points = forms.TypedChoiceField(
        label=_("Capot annoncé (la générale vaut le double)"),
        choices=coinche_rule_choices("capot_bid_points"),
        coerce=int,
        initial=COINCHE_INITIAL["capot_bid_points"],
        widget=forms.RadioSelect,
    )
    rounding = forms.ChoiceField(
        label=_("Arrondi des scores"),
        choices=coinche_rule_choices("rounding"),
        initial=COINCHE_INITIAL["rounding"],
        widget=forms.RadioSelect,
    )

    STACKED = frozenset({"made_score", "coinche_score"})
    SHOWN_APART = frozenset({"target"})
    scripted = False

    def rule_fields(self) -> list[tuple[forms.BoundField, str]]:
        """The fields the coinche rules section shows, in the form's order, each
        with its CSS class (as :meth:`RulesForm.rule_fields`)."""
        names = set(presets.COINCHE_RULE_NAMES) - self.SHOWN_APART
        return [
            (self[name], "vertical" if name in self.STACKED else "")
            for name in self.fields
            if name in names
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not self.scripted:
            default = presets.DEFAULTS[scoring.Game.COINCHE]
            _filled_from_preset(data, presets.PRESETS.get(data.get("preset")), default)
        return data

    def rules(self) -> scoring.CoincheRules:
        """The engine's coinche rules from the cleaned data (after ``is_valid()``)."""
        return scoring.CoincheRules(
            **{name: self.cleaned_data[name] for name in presets.COINCHE_RULE_NAMES}
        )

    def effective_preset(self) -> str:
        """The chosen coinche preset, or "custom" when a rule was changed from it."""
        data = {**self.cleaned_data, "card_names": presets.CardNames.FRENCH.value}
        return presets.preset_of(data["preset"], data, scoring.Game.COINCHE)


PRESET_CHOICES = _preset_choices(scoring.Game.BELOTE)
GAME_CHOICES = [(game, _(label)) for game, label in presets.GAME_LABELS.items()]
SEAT_CHOICES = [(seat, str(seat)) for seat in (1, 2, 3, 4)]
SAME_NAME = _(
    "« %(name)s » est déjà à une autre place : donnez à chaque joueur un prénom différent "
    "(ajoutez une initiale)."
)


class MatchForm(OneTimeKeyForm, RulesForm):
    """A new match: four players in seat order, team names, the first dealer, the rules.

    The preset only pre-fills the rule fields (a tiny script does it in the
    browser); the rule fields as submitted are what the match gets. When
    they differ from the chosen preset, the match is marked as custom rules.

    ``game`` chooses the match's game (belote when absent). The belote rule
    fields are this form's own (named after their rules); coinche's are those
    of :attr:`coinche`, a :class:`CoincheRulesForm` under the prefix
    ``coinche`` (``coinche_initial``: its initial values). Both are on the
    page; only the chosen game's rules are validated and given to the match.
    """

    # The fields that belong to belote's rules only: ignored for a coinche match.
    BELOTE_FIELDS = frozenset({*presets.RULE_NAMES, "preset", "card_names"})

    player_1 = forms.CharField(label=_("Joueur 1"), max_length=PLAYER_NAME_MAX)
    player_2 = forms.CharField(label=_("Joueur 2"), max_length=PLAYER_NAME_MAX)
    player_3 = forms.CharField(label=_("Joueur 3"), max_length=PLAYER_NAME_MAX)
    player_4 = forms.CharField(label=_("Joueur 4"), max_length=PLAYER_NAME_MAX)
    team_a_name = forms.CharField(
        label=_("Équipe des joueurs 1 et 3"),
        max_length=TEAM_NAME_MAX,
        required=False,
        widget=forms.TextInput(attrs={"placeholder": _("Les prénoms des partenaires")}),
    )
    team_b_name = forms.CharField(
        label=_("Équipe des joueurs 2 et 4"),
        max_length=TEAM_NAME_MAX,
        required=False,
        widget=forms.TextInput(attrs={"placeholder": _("Les prénoms des partenaires")}),
    )
    first_dealer = forms.TypedChoiceField(
        label=_("Qui distribue en premier ?"),
        choices=SEAT_CHOICES,
        coerce=int,
        initial=1,
        widget=forms.RadioSelect,
    )
    game = forms.ChoiceField(
        label=_("Jeu"),
        choices=GAME_CHOICES,
        required=False,
        initial=scoring.Game.BELOTE.value,
        widget=forms.RadioSelect(attrs={"data-game": ""}),
    )
    preset = forms.ChoiceField(
        label=_("Règles de la belote"),
        choices=PRESET_CHOICES,
        initial=presets.DEFAULT.key,
        widget=forms.RadioSelect(attrs={"data-preset": ""}),
    )
    target = forms.IntegerField(
        label=_("Objectif (points)"),
        min_value=1,
        max_value=100_000,
        initial=RULE_INITIAL["target"],
        error_messages=TARGET_ERRORS,
    )
    win_needs_trick = forms.BooleanField(
        label=_("Une équipe capot (sans pli) ne peut pas gagner la partie sur cette donne"),
        required=False,
        initial=RULE_INITIAL["win_needs_trick"],
    )
    card_names = forms.ChoiceField(
        label=_("Noms des cartes"),
        choices=CARD_NAMES_CHOICES,
        initial=RULE_INITIAL["card_names"],
        widget=forms.RadioSelect,
    )
    # Set to "1" by new_match.js, which copies the chosen preset into the rule
    # fields as it is chosen. Without the script, see clean().
    scripted = forms.BooleanField(required=False, widget=forms.HiddenInput)

    field_order = [
        "player_1",
        "player_2",
        "player_3",
        "player_4",
        "first_dealer",
        "team_a_name",
        "team_b_name",
        "preset",
        "target",
    ]

    def __init__(
        self, *args: Any, coinche_initial: dict[str, Any] | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        data = args[0] if args else kwargs.get("data")
        self.coinche = CoincheRulesForm(data, prefix="coinche", initial=coinche_initial)

    def clean_game(self) -> str:
        return self.cleaned_data["game"] or scoring.Game.BELOTE.value

    @property
    def chosen_game(self) -> str:
        """The chosen game (after ``is_valid()``): a ``scoring.Game`` value."""
        return getattr(self, "cleaned_data", {}).get("game") or scoring.Game.BELOTE.value

    def full_clean(self) -> None:
        super().full_clean()
        if not self.is_bound or self.chosen_game != scoring.Game.COINCHE:
            return
        # A coinche match: the belote rule fields are not its rules (they may
        # even be absent); the coinche fields are, with their errors.
        for name in self.BELOTE_FIELDS:
            self._errors.pop(name, None)
        self.coinche.scripted = bool(self.cleaned_data.get("scripted"))
        for name, errors in self.coinche.errors.items():
            key = name if name == NON_FIELD_ERRORS else self.coinche.add_prefix(name)
            self._errors.setdefault(key, self.error_class()).extend(errors)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not data.get("scripted") and self.chosen_game == scoring.Game.BELOTE:
            _filled_from_preset(data, presets.PRESETS.get(data.get("preset")), presets.DEFAULT)
        self._refuse_same_names(data)
        return data

    def error_summary(self) -> list[tuple[str, str, str]]:
        """The field errors of a refused form, in the page's order, for the
        summary at its top (review: a rule's error sat unseen 1,800 px down):
        (the field's id, its label, its first message). The form's own
        errors (not of one field) are shown apart."""
        summary = []
        for key, errors in self.errors.items():
            if key == NON_FIELD_ERRORS:
                continue
            if key in self.fields:
                field = self[key]
            else:  # a coinche rule, its form prefixed
                field = self.coinche[key.removeprefix(self.coinche.add_prefix(""))]
            summary.append((field.id_for_label or field.auto_id, str(field.label), str(errors[0])))
        return summary

    def _refuse_same_names(self, data: dict[str, Any]) -> None:
        """Two seats may not hold the same name, compared trimmed and
        casefolded ("Léa" and " LÉA "): the later seat gets the error."""
        seen: set[str] = set()
        for seat in (1, 2, 3, 4):
            name = (data.get(f"player_{seat}") or "").strip()
            if not name:
                continue
            if name.casefold() in seen:
                self.add_error(f"player_{seat}", SAME_NAME % {"name": name})
                continue
            seen.add(name.casefold())

    def names(self) -> list[str]:
        return [self.cleaned_data[f"player_{seat}"] for seat in (1, 2, 3, 4)]

    def match_rules(self) -> scoring.Rules | scoring.CoincheRules:
        """The match's rules, of the chosen game: belote's from this form's
        fields, coinche's from :attr:`coinche`'s."""
        if self.chosen_game == scoring.Game.COINCHE:
            return self.coinche.rules()
        return self.rules()

    def match_card_names(self) -> str:
        """How the match names its cards: a field of belote's rules; French at coinche."""
        if self.chosen_game == scoring.Game.COINCHE:
            return presets.CardNames.FRENCH.value
        return self.cleaned_data["card_names"]

    def effective_preset(self) -> str:
        """The chosen preset of the chosen game, or "custom" when a rule was changed from it."""
        if self.chosen_game == scoring.Game.COINCHE:
            return self.coinche.effective_preset()
        return presets.preset_of(self.cleaned_data["preset"], self.cleaned_data)

    def add_problems(self, error: scoring.MatchError) -> None:
        """The engine's problems (``match_create``'s) put on the fields they
        are about: a coinche rule's on its coinche field, shown there."""
        if self.chosen_game != scoring.Game.COINCHE:
            super().add_problems(error)
            return
        others = [p for p in error.problems if not p.field.startswith("rules.")]
        for problem in error.problems:
            name = problem.field.removeprefix("rules.")
            if problem in others:
                continue
            message = problem_message(problem)
            if name in self.coinche.fields:
                self.coinche.add_error(name, message)
                key = self.coinche.add_prefix(name)
                self._errors.setdefault(key, self.error_class()).append(message)
            else:
                self.add_error(None, message)
        if others:
            super().add_problems(scoring.MatchError(others))


def presets_for_script() -> dict[str, dict[str, Any]]:
    """The presets of both games as plain JSON values by the name of the
    field they fill (coinche's prefixed, as in :class:`MatchForm`), for the
    script that fills the rule fields."""
    prefix = CoincheRulesForm(prefix="coinche").add_prefix
    out = {}
    for key, preset in presets.PRESETS.items():
        if preset.game == scoring.Game.COINCHE:
            rules = presets.rule_values(preset.rules)
            out[key] = {prefix(name): value for name, value in rules.items()}
        else:
            out[key] = preset.values()
    return out


# --------------------------------------------------------------------------
# One hand (the match page and the calculator)
# --------------------------------------------------------------------------

ANNOUNCEMENTS_MAX = 2000  # far above any real hand; keeps typos out of the database


CARRIED_RESERVE_MAX = 9999  # points: far above any real reserve, within a column's range


class CarriedReserveForm(forms.Form):
    """The calculator's reserve carried in from earlier litiges (points, 0 or
    more; empty is 0): ``scoring.score_match(..., reserve=...)`` scores the
    hand with it."""

    reserve = forms.IntegerField(
        label=_("Réserve en jeu (litiges précédents)"),
        help_text=_(
            "Les points mis de côté par un litige : l'équipe qui gagne cette donne les récupère."
        ),
        required=False,
        min_value=0,
        max_value=CARRIED_RESERVE_MAX,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "placeholder": "0"}),
    )

    def points(self) -> int:
        """The reserve carried in (after ``is_valid()``), 0 when left empty."""
        return self.cleaned_data.get("reserve") or 0


class HandForm(OneTimeKeyForm):
    """One hand as the table tells it.

    ``taker`` is a seat ("1"-"4", labelled with the players' names) when
    ``players`` are given, else a team ("A"/"B", the calculator). The trick
    points are typed for ONE team (``points_team``, by default the taker's);
    the engine gives the other team the rest of 162. The "Tout le monde
    passe" button posts ``action=pass``: a redeal, whatever else was typed.
    ``number`` is the hand number the form was opened for and
    ``match_version`` the version of the match it saw: any change of the
    sheet meanwhile from another phone makes it stale (the service refuses it).
    """

    game = "belote"
    # The trick points of both teams together: the page's script derives the
    # other team's points from it (data-trick-points-total), never from its own copy.
    trick_points_total = scoring.TRICK_POINTS_TOTAL

    taker = forms.ChoiceField(label=_("Qui a pris ?"), required=False, widget=forms.RadioSelect)
    points = forms.IntegerField(label=_("Points de plis"), required=False)
    points_team = forms.ChoiceField(
        label=_("Points de l'équipe"), required=False, widget=forms.RadioSelect
    )
    capot = forms.ChoiceField(label=_("Capot"), required=False, widget=forms.RadioSelect)
    belote = forms.ChoiceField(label=_("Belote-rebelote"), required=False, widget=forms.RadioSelect)
    # Who held it (optional): one tap on a player also gives the belote's team.
    belote_seat = forms.ChoiceField(
        label=_("Qui avait la belote ?"), required=False, widget=forms.RadioSelect
    )
    ann_team = forms.ChoiceField(
        label=_("Annonces de l'équipe"), required=False, widget=forms.RadioSelect
    )
    ann_points = forms.IntegerField(
        label=_("Points d'annonces"), required=False, max_value=ANNOUNCEMENTS_MAX
    )
    renonce = forms.ChoiceField(label=_("Renonce"), required=False, widget=forms.RadioSelect)
    number = forms.IntegerField(required=False, widget=forms.HiddenInput)
    # The match version the entry form saw: a change of the sheet since is a conflict.
    match_version = forms.IntegerField(
        required=False, min_value=1, max_value=2**31 - 1, widget=forms.HiddenInput
    )
    action = forms.CharField(required=False, widget=forms.HiddenInput)
    # ``key`` (OneTimeKeyForm): a double tap or a network retry replays the
    # first result instead of saving the hand twice (services.hand_record).
    # The version of the hand an edit form was built on (conflict detection).
    hand_version = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)

    def __init__(
        self,
        *args: Any,
        team_names: dict[str, str],
        players: Sequence[Player] = (),
        announcements: bool = True,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.players = tuple(players)
        self.team_names = team_names
        if self.players:
            self.fields["taker"].choices = [(str(p.seat), p.name) for p in self.players]
        else:
            self.fields["taker"].choices = _team_choices(team_names)
        self.fields["points_team"].choices = _team_choices(team_names)
        self.fields["ann_team"].choices = _team_choices(team_names)
        self.fields["capot"].choices = _optional_team_choices(
            pgettext_lazy("capot", "Aucun"), team_names
        )
        self.fields["belote"].choices = _optional_team_choices(
            pgettext_lazy("belote", "Personne"), team_names
        )
        self.fields["renonce"].choices = _optional_team_choices(
            pgettext_lazy("renonce", "Aucune"), team_names
        )
        for name in ("capot", "belote", "renonce"):
            self.fields[name].initial = ""
        if self.players:
            self.fields["belote_seat"].choices = [
                ("", pgettext_lazy("belote", "On ne sait pas")),
                *((str(p.seat), p.name) for p in self.players),
            ]
            self.fields["belote_seat"].initial = ""
        else:
            del self.fields["belote_seat"]
        if not announcements:
            del self.fields["ann_team"]
            del self.fields["ann_points"]

    @property
    def is_redeal(self) -> bool:
        return self.data.get(self.add_prefix("action")) == "pass"

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        hidden = ("number", "match_version", "key", "hand_version")
        if any(name in self.errors for name in hidden):
            # Hidden fields only a tampered or mangled page can get wrong.
            self.add_error(None, _("Ce formulaire n'est plus valable : rechargez la page."))
        if self.is_redeal or self.errors:
            return data
        if not data.get("taker"):
            self.add_error("taker", FIELD_PROBLEM_MESSAGES["required", "taker"])
        holder = data.get("belote_seat")
        if holder:
            team = seat_team(int(holder))
            if not data.get("belote"):
                data["belote"] = team  # the holder's tap says the team too
            elif data["belote"] != team:
                self.add_error("belote_seat", PROBLEM_MESSAGES["belote_seat_team"])
        return data

    @property
    def belote_holder(self) -> int | None:
        """The seat of the player who held the belote, if given."""
        holder = self.cleaned_data.get("belote_seat") if not self.is_redeal else None
        return int(holder) if holder else None

    @property
    def taker_seat(self) -> int | None:
        """The seat of the player who took (``None`` for a redeal or the calculator)."""
        if self.is_redeal or not self.players:
            return None
        return int(self.cleaned_data["taker"])

    def taker_team(self) -> str:
        taker = self.cleaned_data["taker"]
        return seat_team(int(taker)) if self.players else taker

    def hand_input(self) -> scoring.HandInput:
        """The engine's input for this hand (call after ``is_valid()``)."""
        if self.is_redeal:
            return scoring.HandInput(taker=None)
        data = self.cleaned_data
        team = self.taker_team()
        points = data.get("points")
        ann_points = data.get("ann_points") or 0
        ann_team = data.get("ann_team") or team
        return scoring.HandInput(
            taker=team,
            points_team=(data.get("points_team") or team) if points is not None else None,
            trick_points=points,
            capot=data.get("capot") or None,
            belote=data.get("belote") or None,
            announcements=(
                scoring.Pair(ann_points, 0) if ann_team == "A" else scoring.Pair(0, ann_points)
            ),
            renonce=data.get("renonce") or None,
        )

    def set_number(self, number: int, version: int | None = None) -> None:
        """Show the form again for hand ``number`` of the match at ``version``
        (after a conflict): submitting it then saves the typed hand as that hand."""
        self.data = self.data.copy()
        self.data[self.add_prefix("number")] = number
        if version is not None:
            self.data[self.add_prefix("match_version")] = version

    @classmethod
    def initial_for(cls, hand: Hand) -> dict[str, Any]:
        """The form's initial values for a stored hand (the edit form).

        A hand imported from a document knows only the taking team: its
        first player is proposed as the taker.
        """
        if hand.taker is None:
            return {"hand_version": hand.version}
        seat = hand.taker_seat or (1 if hand.taker == "A" else 2)
        ann_team = "A" if hand.announcements_a else ("B" if hand.announcements_b else "")
        return {
            "taker": str(seat),
            "points": hand.trick_points,
            "points_team": hand.points_team or "",
            "capot": hand.capot or "",
            "belote": hand.belote or "",
            "belote_seat": str(hand.belote_seat) if hand.belote_seat else "",
            "ann_team": ann_team,
            "ann_points": hand.announcements_a or hand.announcements_b or None,
            "renonce": hand.renonce or "",
            "hand_version": hand.version,
        }

    def add_problems(self, error: scoring.MatchError) -> None:
        """Put the engine's problems next to the fields they are about."""
        for problem in error.problems:
            field = HAND_FIELDS.get(problem.field.split(".")[0])
            if field is not None and field not in self.fields:
                field = None
            self.add_error(field, problem_message(problem))


class SuitSelect(forms.RadioSelect):
    """Radio chips that show a suit's symbol (``option["symbol"]``) and keep
    its name as the radio's accessible name (``aria-label``)."""

    def create_option(self, name: str, value: Any, label: Any, *args: Any, **kwargs: Any) -> dict:
        option = super().create_option(name, value, label, *args, **kwargs)
        option["symbol"] = contracts.SUIT_SYMBOLS.get(str(value), "")
        if option["symbol"]:
            option["attrs"]["aria-label"] = str(label)
        return option


BID_CHOICES = [(str(bid), contracts.bid_label(bid)) for bid in scoring.BIDS]
SUIT_CHOICES = [(str(suit), contracts.SUIT_NAMES[suit]) for suit in scoring.ContractSuit]
COINCHE_CHOICES = list(contracts.COINCHE_CHOICES.items())
SOLO_CHOICES = [("1", _("Oui, seul")), ("0", _("Non, avec son partenaire"))]


def _bid(value: str) -> int | str:
    """A bid chip's value as the engine's: "100" is 100, a word stays a word."""
    return int(value) if value.isdigit() else value


class CoincheHandForm(HandForm):
    """One coinche hand as the table tells it (docs/coinche.md, *Hand*).

    The belote form's fields (taker by player, the trick points of one team,
    capot, belote and its holder, announcements, the hidden ``number`` /
    ``match_version`` / ``key`` / ``hand_version``, the redeal button) less the
    renonce, plus the contract: ``bid`` (80 to 180, ``"capot"``,
    ``"generale"``), ``suit`` (optional), ``coinche`` ("" / ``"coinche"`` /
    ``"surcoinche"``) and ``solo`` ("1" / "0": for a générale made capot, did
    the bidder take all eight tricks alone). What is missing or contradictory
    (no bid, a belote at sans-atout, ``solo`` elsewhere...) is the engine's to
    say (``coinche.check_hand``), next to the field, through ``add_problems``.
    """

    game = "coinche"

    bid = forms.TypedChoiceField(
        label=_("Enchère"),
        choices=BID_CHOICES,
        coerce=_bid,
        required=False,
        widget=forms.RadioSelect,
    )
    suit = forms.ChoiceField(
        label=_("Atout"), choices=SUIT_CHOICES, required=False, widget=SuitSelect
    )
    coinche = forms.ChoiceField(
        label=_("Coinche"), choices=COINCHE_CHOICES, required=False, widget=forms.RadioSelect
    )
    solo = forms.ChoiceField(
        label=_("Le preneur a-t-il fait les huit plis seul ?"),
        choices=SOLO_CHOICES,
        required=False,
        widget=forms.RadioSelect,
    )

    field_order = ["taker", "bid", "suit", "coinche", "points", "points_team", "capot", "solo"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        del self.fields["renonce"]  # no renonce at coinche (docs/coinche.md, *Rules*)
        self.fields["coinche"].initial = ""

    def hand_input(self) -> scoring.CoincheHand:  # type: ignore[override]
        """The engine's input for this hand (call after ``is_valid()``)."""
        if self.is_redeal:
            return scoring.CoincheHand(taker=None)
        belote = super().hand_input()
        data = self.cleaned_data
        solo = data.get("solo")
        return scoring.CoincheHand(
            taker=belote.taker,
            bid=data.get("bid") or None,
            suit=data.get("suit") or None,
            coinche=data.get("coinche") or None,
            points_team=belote.points_team,
            trick_points=belote.trick_points,
            capot=belote.capot,
            solo={"1": True, "0": False}.get(solo or ""),
            belote=belote.belote,
            announcements=belote.announcements,
        )

    @classmethod
    def initial_for(cls, hand: Hand) -> dict[str, Any]:
        """The form's initial values for a stored coinche hand (the edit form)."""
        initial = super().initial_for(hand)
        initial.pop("renonce", None)
        if hand.taker is None:
            return initial
        return {
            **initial,
            "bid": hand.bid or "",
            "suit": hand.suit or "",
            "coinche": hand.coinche or "",
            "solo": {True: "1", False: "0"}.get(hand.solo, ""),
        }


def hand_form_class(match: Any) -> type[HandForm]:
    """The hand form of ``match``'s game: coinche's or belote's."""
    return CoincheHandForm if match.is_coinche else HandForm


# --------------------------------------------------------------------------
# Import of a match document
# --------------------------------------------------------------------------

IMPORT_MAX_BYTES = limits.IMPORT_MAX_BYTES


class ImportForm(OneTimeKeyForm):
    """A match document file (FORMAT.md): read, decoded and parsed as JSON here;
    the engine checks the rest when the match is imported."""

    document = forms.FileField(label=_("Fichier de partie (JSON)"))

    def __init__(self, *args: Any, too_large: bool = False, **kwargs: Any) -> None:
        """``too_large``: the upload guard cut the file off while it streamed
        (``scoresheets.uploads``): it is refused as too big, not as missing."""
        super().__init__(*args, **kwargs)
        self.too_large = too_large
        if too_large:
            self.fields["document"].required = False

    def clean_document(self) -> Any:
        upload = self.cleaned_data["document"]
        if self.too_large or upload.size > IMPORT_MAX_BYTES:
            raise forms.ValidationError(
                _("Ce fichier est trop gros (%(kb)s Ko au plus)."),
                params={"kb": limits.import_max_kb()},
            )
        try:
            return parse_json(upload.read())
        except DocumentError:
            raise forms.ValidationError(
                _("Ce fichier n'est pas un document JSON valide (UTF-8).")
            ) from None

    def add_problems(self, error: scoring.MatchError) -> None:
        for problem in error.problems:
            self.add_error("document", problem_line(problem))


class DeviceForm(forms.Form):
    """The name of this phone's player, kept by the browser (its session) and
    written into the history of every hand entered or changed from it."""

    device = forms.CharField(label=_("Ce téléphone est celui de"), max_length=40)
