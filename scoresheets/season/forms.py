"""Forms of the season (docs/concours.md 6.5): create one, add a night.
They validate what a field can say in the user's language; the services
(``scoresheets.season.services``) check the rest through the pure core,
whose problems go on the fields (``ConcoursProblems``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoresheets import scoring
from scoresheets.concours import document as cdoc
from scoresheets.concours.forms import ConcoursProblems, concours_message
from scoresheets.forms import OneTimeKeyForm
from scoresheets.models import SEASON_NAME_MAX, Season
from scoresheets.season import ranking as season_core
from scoresheets.text import NameField

# The season's own problems in the user's language (codes: season.services).
SEASON_MESSAGES: dict[str, Any] = {
    "unknown_link": _("Aucun concours n'a ce lien : copiez le lien de l'organisateur du concours."),
    "concours_read_link": _(
        "C'est le lien de la salle de ce concours : il faut celui de l'organisateur "
        "(en bas de la page du concours, « Lien de l'organisateur »)."
    ),
    "match_link": _("C'est le lien d'une partie, pas d'un concours."),
    "table_link": _("C'est le lien d'une table d'amis, pas d'un concours."),
    "season_link": _("C'est le lien d'un challenge, pas d'un concours."),
    "no_such_player": _("Ce joueur n'est plus dans le challenge : la page n'était plus à jour."),
    "same_player": _("Choisissez deux joueurs différents."),
    "not_merged": _("Ces deux noms ne sont plus réunis : la page n'était plus à jour."),
    "season_full": _("Un challenge compte %(max)s concours au plus."),
    "other_season": _(
        "Ce concours compte déjà pour le challenge « %(season)s » : "
        "retirez-le de celui-ci d'abord (un concours compte pour un seul challenge)."
    ),
}


def season_message(problem: scoring.Problem) -> str:
    """A problem of the season's services or core in the user's language."""
    message = SEASON_MESSAGES.get(problem.code)
    if message is None:
        return concours_message(problem)
    try:
        return str(message) % dict(problem.params)
    except (KeyError, ValueError, TypeError):
        return str(message)


RANKINGS = [
    (season_core.SeasonRanking.WIN_POINTS, _("Points de victoire, puis les points")),
    (season_core.SeasonRanking.POINTS, _("Total des points, puis les points de victoire")),
]
OWN, CHAMP_COMMUN, CUSTOM = "", "champ_commun", "custom"
SCORINGS = [
    (OWN, _("Ceux de chaque concours")),
    (
        CHAMP_COMMUN,
        _("Champ Commun : gagnée 4, nulle 3, perdue 2 ; l'exempt 3 et 1000 points"),
    ),
    (CUSTOM, _("Les miens, ci-dessous, pour tous les concours")),
]
# Le Champ Commun's values (docs/concours.md 6.2), set once for the season.
CHAMP_COMMUN_SETTINGS: dict[str, Any] = {
    "win_points": {"win": 4, "loss": 2},
    "bye": {"kind": "fixed", "points": 1000, "win_points": 3},
}
BYES = [
    ("", _("Comme chaque concours")),
    (cdoc.ByeKind.HALF, _("Une demi-partie")),
    (cdoc.ByeKind.AVERAGE, _("La moyenne des points de la partie")),
    (cdoc.ByeKind.FIXED, _("Des points fixes")),
]


def _number(label: Any, low: int, high: int, message: Any, **kwargs: Any) -> forms.IntegerField:
    errors = dict.fromkeys(("invalid", "min_value", "max_value", "required"), message)
    return forms.IntegerField(
        label=label,
        min_value=low,
        max_value=high,
        required=kwargs.pop("required", False),
        error_messages=errors,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        **kwargs,
    )


# Written out, not interpolated: a lazy text interpolated at import is in one language.
NIGHTS_ERROR_0 = _("Un nombre de soirées, de 0 à 100.")  # season_core.MAX_NIGHTS
NIGHTS_ERROR_1 = _("Un nombre de soirées, de 1 à 100.")
WIN_POINTS_ERROR = _("Des points de victoire, de 0 à 100.")  # cdoc.MAX_WIN_POINTS


class SeasonForm(ConcoursProblems, OneTimeKeyForm):
    """A new season: its name and what clubs vary (docs/concours.md 6.2)."""

    FIELDS = (
        ("settings.ranking", "ranking"),
        ("settings.min_nights", "min_nights"),
        ("settings.best_nights", "best_nights"),
        ("settings.win_points.win", "win"),
        ("settings.win_points.draw", "draw"),
        ("settings.win_points.loss", "loss"),
        ("settings.win_points", "win"),
        ("settings.bye.points", "bye_points"),
        ("settings.bye.win_points", "bye_win_points"),
        ("settings.bye", "bye_kind"),
        ("settings", "scoring"),
    )

    name = NameField(
        label=_("Nom du challenge"),
        max_length=SEASON_NAME_MAX,
        error_messages={"required": _("Donnez un nom au challenge.")},
        widget=forms.TextInput(attrs={"placeholder": _("Challenge d'hiver du club")}),
    )
    ranking = forms.ChoiceField(label=_("Classement"), choices=RANKINGS)
    min_nights = _number(
        _("Soirées jouées pour être classé"),
        0,
        season_core.MAX_NIGHTS,
        NIGHTS_ERROR_0,
        required=True,
        initial=1,
    )
    best_nights = _number(
        _("Ne compter que les meilleures soirées de chacun"),
        1,
        season_core.MAX_NIGHTS,
        NIGHTS_ERROR_1,
        help_text=_("« Les 10 meilleurs résultats » : 10. Vide : toutes les soirées comptent."),
    )
    scoring = forms.ChoiceField(label=_("Les valeurs"), choices=SCORINGS, required=False)
    win = _number(_("Gagnée"), 0, cdoc.MAX_WIN_POINTS, WIN_POINTS_ERROR)
    draw = _number(_("Nulle"), 0, cdoc.MAX_WIN_POINTS, WIN_POINTS_ERROR)
    loss = _number(_("Perdue"), 0, cdoc.MAX_WIN_POINTS, WIN_POINTS_ERROR)
    bye_kind = forms.ChoiceField(label=_("L'exempt marque"), choices=BYES, required=False)
    bye_points = _number(
        _("Points fixes de l'exempt"), 0, 1_000_000, _("Des points, de 0 à 1 000 000.")
    )
    bye_win_points = _number(
        _("Points de victoire de l'exempt"), 0, cdoc.MAX_WIN_POINTS, WIN_POINTS_ERROR
    )

    def settings(self) -> dict[str, Any]:
        """The season document's ``settings`` (6.2) of a valid form: only
        what was chosen; the rest takes the contract's defaults."""
        data = self.cleaned_data
        out: dict[str, Any] = {"ranking": data["ranking"], "min_nights": data["min_nights"]}
        if data["best_nights"] is not None:
            out["best_nights"] = data["best_nights"]
        if data["scoring"] == CHAMP_COMMUN:
            out.update(CHAMP_COMMUN_SETTINGS)
        elif data["scoring"] == CUSTOM:
            values = {k: data[k] for k in ("win", "draw", "loss") if data[k] is not None}
            if values:
                out["win_points"] = values
            if data["bye_kind"]:
                bye: dict[str, Any] = {"kind": data["bye_kind"]}
                for key in ("points", "win_points"):
                    if data[f"bye_{key}"] is not None:
                        bye[key] = data[f"bye_{key}"]
                out["bye"] = bye
        return out


def initial_of(season: Season) -> dict[str, Any]:
    """The :class:`SeasonForm` values that give ``season``'s name and
    settings back (its settings' page shows them)."""
    settings = season.settings
    initial: dict[str, Any] = {
        "name": season.name,
        "ranking": settings.get("ranking", season_core.SeasonRanking.WIN_POINTS),
        "min_nights": settings.get("min_nights", 1),
        "best_nights": settings.get("best_nights"),
        "scoring": OWN,
    }
    imposed = {k: settings[k] for k in ("win_points", "bye") if k in settings}
    if imposed == CHAMP_COMMUN_SETTINGS:
        initial["scoring"] = CHAMP_COMMUN
    elif imposed:
        initial["scoring"] = CUSTOM
        initial.update(imposed.get("win_points", {}))
        bye = imposed.get("bye", {})
        initial.update({f"bye_{k}": v for k, v in bye.items()})
    return initial


class NightForm(ConcoursProblems, forms.Form):
    """A concours to add to the season: its organiser's link (or token),
    pasted, or sent by the button of one of this browser's concours."""

    FIELDS = (("link", "link"), ("nights", "link"))

    link = forms.CharField(
        label=_("Lien de l'organisateur du concours"),
        max_length=2000,
        error_messages={"required": _("Collez le lien de l'organisateur du concours.")},
        widget=forms.TextInput(
            attrs={"placeholder": "https://…/c/…", "autocomplete": "off", "inputmode": "url"}
        ),
    )

    def add_problems(self, error: scoring.MatchError) -> None:
        """Every problem of a refused night goes on the link's field."""
        for problem in error.problems:
            self.add_error("link", season_message(problem))


class MergeForm(ConcoursProblems, forms.Form):
    """Two spellings of one player ("J. Petit", "Jean Petit"): ``player``
    becomes ``into``, both chosen among the season's players (their keys)."""

    player = forms.ChoiceField(label=_("Le joueur"))
    into = forms.ChoiceField(label=_("est le même que"))

    def __init__(self, *args: Any, players: Sequence[tuple[str, str]] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("player", "into"):
            self.fields[name].choices = [("", "—"), *players]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("player") and data.get("player") == data.get("into"):
            raise forms.ValidationError(SEASON_MESSAGES["same_player"])
        return data

    def add_problems(self, error: scoring.MatchError) -> None:
        """Every refusal goes on top of the form."""
        for problem in error.problems:
            self.add_error(None, season_message(problem))
