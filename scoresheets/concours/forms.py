"""Forms of the concours (docs/concours.md, "The web part"): create one, a
team at the door, the draw, a swap, a penalty. They validate what a field
can say and speak the user's language; the services
(``scoresheets.concours.services``) check the rest through the pure core,
whose problems :meth:`ConcoursProblems.add_problems` puts on the fields.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoresheets import presets, scoring
from scoresheets.concours import document as cdoc
from scoresheets.forms import OneTimeKeyForm, problem_message
from scoresheets.games import registry
from scoresheets.models import (
    CONCOURS_NAME_MAX,
    ENTRANT_NAME_MAX,
    PENALTY_REASON_MAX,
    PLAYER_NAME_MAX,
    ConcoursPenalty,
)
from scoresheets.text import NameField

# The concours' own problems in the user's language (codes: docs/concours.md
# and concours_services), before the engine's common ones (forms.problem_message).
CONCOURS_MESSAGES: dict[str, Any] = {
    "tables_playing": _(
        "Des tables jouent encore (tables %(tables)s) : attendez la fin, "
        "ou cochez « tirer quand même »."
    ),
    "too_few": _("Il faut au moins %(min)s inscrits présents pour un tirage."),
    "concours_over": _("Toutes les parties du concours sont tirées."),
    "no_partie": _("Aucune partie n'est encore tirée."),
    "partie_started": _("La partie a commencé (une donne est saisie) : le tirage est gardé."),
    "penalties": _("Une pénalité a été donnée dans cette partie : retirez-la d'abord."),
    "same_entrant": _("Choisissez deux équipes différentes."),
    "not_in_draw": _("Le n° %(number)s ne joue pas cette partie."),
    "no_change": _("Cet échange ne change rien (même table, ou deux exempts)."),
    "last_partie": _(
        "La dernière partie est tirée : l'équipe reste classée, il n'y a plus rien à abandonner."
    ),
    "already_left": _("Le n° %(number)s a déjà abandonné."),
    "not_left": _("Le n° %(number)s n'a pas abandonné."),
    "missed": _("Le n° %(number)s a manqué une partie : il ne peut plus revenir."),
    "bye_undefined": _(
        "À la coinche, une demi-partie en donnes n'a pas de valeur : "
        "choisissez la moyenne ou des points fixes pour l'exempt."
    ),
    "redundant_tiebreak": _("Les points départagent déjà un classement aux points."),
    "duplicate_tiebreak": _("Un même départage est choisi deux fois."),
    "win_points_order": _("Il faut victoire ≥ nul ≥ défaite."),
    "not_allowed": _("Les points de l'exempt ne se donnent qu'avec « points fixes »."),
    "unknown_team": _("Aucune équipe ne porte le n° %(number)s."),
    "unknown_player": _("Aucun joueur ne porte le n° %(number)s."),
    "not_present": _("Cet inscrit ne joue pas cette partie."),
    "no_opponents": _(
        "Cette équipe est exempte : pas d'adversaires à qui donner les points. "
        "Choisissez « retirés à l'équipe »."
    ),
    "required": _("Ce champ est obligatoire."),
    "empty_entrant": _("Donnez le nom de l'équipe ou de ses joueurs."),
    "duplicate_name": _("Une équipe s'appelle déjà %(name)s (n° %(number)s)."),
    "duplicate_in_list": _("%(name)s est déjà à la ligne %(other)s."),
    "bracket_drawn": _(
        "Le tableau est tiré : plus d'inscription ni de retrait. "
        "Annulez le tirage tant qu'aucune donne n'est saisie."
    ),
    "knockout_format": _("Pas d'échange ni de pénalité dans un tournoi à élimination directe."),
    "knockout_next_started": _(
        "Cette correction changerait le vainqueur, qui joue déjà le tour suivant "
        "(table %(table)s) : corrigez d'abord ce match-là."
    ),
}

# À la mêlée an entrant is a player: the same refusals in a player's words.
MELEE_MESSAGES: dict[str, Any] = {
    "required": _("Saisissez le nom du joueur."),
    "duplicate_name": _("Un joueur s'appelle déjà %(name)s (n° %(number)s)."),
}

# The results document's setting paths, by the field of ConcoursForm that says them.
SETTING_FIELDS = (
    ("settings.best_of", "best_of"),
    ("settings.third_place", "third_place"),
    ("settings.format", "format"),
    ("settings.last_length", "last_value"),
    ("settings.length", "length_value"),
    ("settings.parties", "parties"),
    ("settings.mode", "mode"),
    ("settings.ranking", "ranking"),
    ("settings.win_points.win", "win"),
    ("settings.win_points.draw", "draw"),
    ("settings.win_points.loss", "loss"),
    ("settings.win_points", "win"),
    ("settings.tiebreaks", "tiebreak_1"),
    ("settings.bye.points", "bye_points"),
    ("settings.bye.win_points", "bye_win_points"),
    ("settings.bye", "bye_kind"),
    ("preset", "preset"),
)


def concours_message(problem: scoring.Problem, *, melee: bool = False) -> str:
    """A problem of the concours' core or services in the user's language
    (``melee``: an entrant is a player)."""
    message = (melee and MELEE_MESSAGES.get(problem.code)) or CONCOURS_MESSAGES.get(problem.code)
    if message is None:
        return problem_message(problem)
    try:
        return str(message) % dict(problem.params)
    except (KeyError, ValueError, TypeError):
        return str(message)


class ConcoursProblems:
    """A form that takes the concours' problems on its fields: ``FIELDS``
    maps a problem's field (a prefix of it) to a field of the form; any
    other goes on the form itself."""

    FIELDS: tuple[tuple[str, str], ...] = ()
    melee = False

    def add_problems(self, error: scoring.MatchError) -> None:
        for problem in error.problems:
            name = next((f for path, f in self.FIELDS if problem.field.startswith(path)), None)
            self.add_error(name if name in self.fields else None, self.message(problem))  # type: ignore[attr-defined]

    def message(self, problem: scoring.Problem) -> str:
        """``problem`` in the user's words, as this form says it."""
        return concours_message(problem, melee=self.melee)


def preset_choices() -> list[tuple[Any, Any]]:
    """The presets of every game a concours is played at (its engine gives
    its ``ConcoursFacts``: ``document.GAME_FACTS``), grouped by game (the
    game follows the preset)."""
    return [
        (game.label, [(p.key, _(p.label)) for p in game.engine.presets])
        for name, game in registry.GAMES.items()
        if name in cdoc.GAME_FACTS
    ]


LENGTHS = [
    ("", _("Selon le jeu (12 donnes à la belote, 2001 points à la coinche)")),
    ("donnes", _("En donnes")),
    ("target", _("En points (objectif)")),
]
RANKINGS = [
    ("", _("Selon le jeu (points à la belote, points de victoire à la coinche)")),
    (cdoc.Ranking.POINTS, _("Total des points")),
    (cdoc.Ranking.WIN_POINTS, _("Points de victoire, puis les points")),
]
TIEBREAKS = [
    ("", "—"),
    (cdoc.Tiebreak.DIFFERENCE, _("Différence de points")),
    (cdoc.Tiebreak.POINTS, _("Total des points")),
    (cdoc.Tiebreak.CONCEDED, _("Moins de points encaissés")),
    (cdoc.Tiebreak.WINS, _("Parties gagnées")),
    (cdoc.Tiebreak.DIRECT, _("Confrontation directe")),
]
BYES = [
    (cdoc.ByeKind.HALF, _("Une demi-partie (972 points à 12 donnes de belote)")),
    (cdoc.ByeKind.AVERAGE, _("La moyenne des points de la partie")),
    (cdoc.ByeKind.FIXED, _("Des points fixes")),
]
FORMATS = [
    (cdoc.Format.PARTIES, _("Des parties : classement aux points, tables tirées à chaque partie")),
    (
        cdoc.Format.KNOCKOUT,
        _("Élimination directe (coupe) : un tableau tiré au sort, le vainqueur passe"),
    ),
]
BEST_OF = [
    (1, _("Un match par tour")),
    (3, _("Au meilleur des trois matchs (deux gagnés)")),
]
MODES = [
    (cdoc.Mode.TEAMS, _("Équipes formées")),
    (cdoc.Mode.MELEE, _("À la mêlée (inscription seul, partenaires tirés à chaque partie)")),
]


def _number(label: Any, low: int, high: int, **kwargs: Any) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        min_value=low,
        max_value=high,
        required=kwargs.pop("required", False),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        **kwargs,
    )


class ConcoursForm(ConcoursProblems, OneTimeKeyForm):
    """A new concours: what clubs vary (docs/concours.md 1.2); every field
    left empty takes the contract's default for the chosen game."""

    FIELDS = SETTING_FIELDS

    name = NameField(
        label=_("Nom du concours"),
        max_length=CONCOURS_NAME_MAX,
        error_messages={"required": _("Donnez un nom au concours.")},
        widget=forms.TextInput(attrs={"placeholder": _("Concours du comité des fêtes")}),
    )
    date = forms.DateField(
        label=_("Date"),
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        error_messages={"invalid": _("Saisissez une date (jj/mm/aaaa).")},
    )
    preset = forms.ChoiceField(
        label=_("Jeu et règles (les mêmes à toutes les tables)"), choices=preset_choices
    )
    format = forms.ChoiceField(
        label=_("Formule"),
        choices=FORMATS,
        initial=cdoc.Format.PARTIES,
        widget=forms.RadioSelect,
        required=False,  # absent: parties, as before the knockout
    )
    best_of = forms.TypedChoiceField(
        label=_("Élimination directe : chaque tour se joue en"),
        choices=BEST_OF,
        coerce=int,
        initial=1,
        required=False,
    )
    third_place = forms.BooleanField(
        label=_(
            "Élimination directe : un match pour la 3e place entre les perdants des demi-finales"
        ),
        required=False,
    )
    mode = forms.ChoiceField(label=_("Inscription"), choices=MODES, initial=cdoc.Mode.TEAMS)
    parties = _number(_("Nombre de parties"), 1, cdoc.MAX_PARTIES, required=True, initial=4)
    length_kind = forms.ChoiceField(label=_("Durée d'une partie"), choices=LENGTHS, required=False)
    length_value = _number(
        _("Donnes ou points par partie"),
        1,
        cdoc.MAX_TARGET,
        help_text=_("Vide : 12 donnes à la belote, 2001 points à la coinche."),
    )
    last_value = _number(
        _("La dernière partie, si elle diffère"),
        1,
        cdoc.MAX_TARGET,
        help_text=_("« 3 parties en 12 donnes et la quatrième en 15 » : 15. Vide : la même."),
    )
    ranking = forms.ChoiceField(label=_("Classement"), choices=RANKINGS, required=False)
    win = _number(_("Points de victoire : gagnée"), 0, cdoc.MAX_WIN_POINTS)
    draw = _number(_("nulle"), 0, cdoc.MAX_WIN_POINTS)
    loss = _number(_("perdue"), 0, cdoc.MAX_WIN_POINTS)
    tiebreak_1 = forms.ChoiceField(label=_("1er départage"), choices=TIEBREAKS, required=False)
    tiebreak_2 = forms.ChoiceField(label=_("2e départage"), choices=TIEBREAKS, required=False)
    tiebreak_3 = forms.ChoiceField(label=_("3e départage"), choices=TIEBREAKS, required=False)
    bye_kind = forms.ChoiceField(
        label=_("L'exempt (nombre impair d'équipes) marque"),
        choices=BYES,
        initial=cdoc.ByeKind.HALF,
    )
    bye_points = _number(_("Points fixes de l'exempt"), 0, 1_000_000)
    bye_win_points = _number(_("Points de victoire de l'exempt"), 0, cdoc.MAX_WIN_POINTS)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["date"].initial = timezone.localdate()
        self.fields["preset"].initial = presets.DEFAULT.key

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("format") == cdoc.Format.KNOCKOUT and data.get("mode") == cdoc.Mode.MELEE:
            self.add_error(
                "mode", _("L'élimination directe se joue en équipes formées, pas à la mêlée.")
            )
        return data

    def settings(self) -> dict[str, Any]:
        """The results document's ``settings`` (1.2) of a valid form: only
        what was chosen; the rest takes the defaults of the preset's game.
        A knockout's (7.2): its length, best of, third place only."""
        data = self.cleaned_data
        if data["format"] == cdoc.Format.KNOCKOUT:
            return self._knockout_settings()
        out: dict[str, Any] = {"mode": data["mode"], "parties": data["parties"]}
        kind = data["length_kind"] or ("donnes" if data["length_value"] else "")
        if kind and data["length_value"]:
            out["length"] = {kind: data["length_value"]}
        if data["last_value"]:
            last_kind = kind or self._default_length_kind()
            out["last_length"] = {last_kind: data["last_value"]}
            out.setdefault("length", self._default_length())
        if data["ranking"]:
            out["ranking"] = data["ranking"]
        values = {k: data[k] for k in ("win", "draw", "loss") if data[k] is not None}
        if values:
            out["win_points"] = values
        tiebreaks = [data[f"tiebreak_{i}"] for i in (1, 2, 3) if data[f"tiebreak_{i}"]]
        if tiebreaks:
            out["tiebreaks"] = tiebreaks
        bye: dict[str, Any] = {"kind": data["bye_kind"]}
        if data["bye_points"] is not None:
            bye["points"] = data["bye_points"]
        if data["bye_win_points"] is not None:
            bye["win_points"] = data["bye_win_points"]
        out["bye"] = bye
        return out

    def _knockout_settings(self) -> dict[str, Any]:
        """A knockout's settings (docs/concours.md 7.2): each tie a match to
        the preset's own target unless the organiser gave a length (a preset
        played in donnes or games keeps the game's length)."""
        data = self.cleaned_data
        out: dict[str, Any] = {
            "format": cdoc.Format.KNOCKOUT.value,
            "best_of": data["best_of"] or 1,
            "third_place": data["third_place"],
        }
        kind = data["length_kind"] or ("target" if data["length_value"] else "")
        if kind and data["length_value"]:
            out["length"] = {kind: data["length_value"]}
            return out
        values = presets.rule_values(presets.PRESETS[data["preset"]].rules)
        by_count = values.get("donnes") or values.get("end") == "games"
        if values.get("target") and not by_count:
            out["length"] = {"target": values["target"]}
        return out

    def _game(self) -> str:
        return presets.PRESETS[self.cleaned_data["preset"]].game

    def _default_length(self) -> dict[str, int]:
        """The game's default length, as the pure core fills it in (1.2)."""
        document = {"settings": {"game": self._game()}, "teams": [], "parties": []}
        length = cdoc.parse_concours(document).settings.length
        return {"donnes": length.donnes} if length.donnes else {"target": length.target}

    def _default_length_kind(self) -> str:
        return next(iter(self._default_length()))


class EntrantForm(ConcoursProblems, OneTimeKeyForm):
    """A team at the door: its name and its two players, a name or a
    player at least (a team without a name is its number, "Équipe 7"; the
    services refuse nothing at all and a name already registered); à la
    mêlée (``melee``), one player's name, required."""

    FIELDS = (("name", "name"), ("teams", "name"), ("players", "name"))

    name = NameField(label=_("Nom de l'équipe"), max_length=ENTRANT_NAME_MAX, required=False)
    player_1 = NameField(label=_("Joueur 1"), max_length=PLAYER_NAME_MAX, required=False)
    player_2 = NameField(label=_("Joueur 2"), max_length=PLAYER_NAME_MAX, required=False)

    def __init__(self, *args: Any, melee: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.melee = melee
        if melee:
            self.fields["name"].label = _("Nom du joueur")
            self.fields["name"].required = True
            self.fields["name"].error_messages["required"] = _("Saisissez le nom du joueur.")
            del self.fields["player_1"], self.fields["player_2"]

    def players(self) -> list[str]:
        if self.melee:
            return []
        return [self.cleaned_data[f] for f in ("player_1", "player_2") if self.cleaned_data[f]]


BULK_MAX = 200  # lines pasted at once


# What separates a pasted line's names: ";" or a tab (a spreadsheet's
# cells); a line with neither, commas ("Les As, Jo, Dédé").
SEPARATORS = re.compile(r"[;\t]")


class BulkEntrantForm(ConcoursProblems, OneTimeKeyForm):
    """Several entrants at once: one a line, "name; player 1; player 2" (a
    tab, as pasted from a spreadsheet, separates too; a line with neither,
    commas); à la mêlée one player's name a line. A problem of the
    services names its line."""

    FIELDS = (("name", "lines"), ("teams", "lines"), ("players", "lines"))

    lines = NameField(
        label=_("Plusieurs d'un coup (une ligne chacun)"),
        max_length=BULK_MAX * 200,
        widget=forms.Textarea(attrs={"rows": 4, "autocapitalize": "words"}),
        error_messages={"required": _("Collez ou tapez au moins une ligne.")},
    )

    def __init__(self, *args: Any, melee: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.melee = melee
        self.fields["lines"].help_text = (
            _("Un joueur par ligne.")
            if melee
            else _(
                "« Les Frangins ; Jo ; Dédé » : le nom de l'équipe, puis ses deux joueurs, "
                "séparés par des points-virgules, des tabulations ou des virgules."
            )
        )
        self.line_numbers: list[int] = []  # each row's line in the text

    def clean_lines(self) -> list[tuple[str, list[str]]]:
        rows = []
        for number, line in enumerate(self.cleaned_data["lines"].splitlines(), start=1):
            separator = SEPARATORS if SEPARATORS.search(line) else ","
            parts = [p.strip() for p in re.split(separator, line)]
            if not any(parts):
                continue
            name, players = parts[0], [p for p in parts[1:] if p]
            if (self.melee and len(parts) > 1) or len(players) > 2:
                raise forms.ValidationError(
                    _("Ligne %(line)s : trop de noms."), params={"line": number}
                )
            if len(name) > ENTRANT_NAME_MAX:
                raise forms.ValidationError(
                    _("Ligne %(line)s : un nom trop long (%(max)s caractères au plus)."),
                    params={"line": number, "max": ENTRANT_NAME_MAX},
                )
            if any(len(p) > PLAYER_NAME_MAX for p in players):
                raise forms.ValidationError(
                    _("Ligne %(line)s : un nom de joueur trop long (%(max)s caractères au plus)."),
                    params={"line": number, "max": PLAYER_NAME_MAX},
                )
            rows.append((name, players))
            self.line_numbers.append(number)
        if not rows:
            raise forms.ValidationError(_("Collez ou tapez au moins une ligne."))
        if len(rows) > BULK_MAX:
            raise forms.ValidationError(
                _("%(max)s lignes au plus d'un coup."), params={"max": BULK_MAX}
            )
        return rows

    def message(self, problem: scoring.Problem) -> str:
        """A problem of one row named by its line: "Ligne 6 : …"."""
        params = dict(problem.params)
        if "row" not in params or params["row"] >= len(self.line_numbers):
            return super().message(problem)
        if "other" in params:  # the other row's line, as typed
            params["other"] = self.line_numbers[params["other"]]
        text = super().message(dataclasses.replace(problem, params=tuple(params.items())))
        return gettext("Ligne %(line)s : %(problem)s") % {
            "line": self.line_numbers[params["row"]],
            "problem": text,
        }


class DrawForm(ConcoursProblems, forms.Form):
    """The next partie's draw; ``force`` draws while tables still play."""

    FIELDS = (("draw", "force"),)

    force = forms.BooleanField(label=_("Tirer quand même"), required=False)
    # The partie the button draws: sent twice, it is drawn once.
    partie = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)

    def add_problems(self, error: scoring.MatchError) -> None:
        for problem in error.problems:
            self.add_error(None, concours_message(problem))


class SwapForm(ConcoursProblems, forms.Form):
    """Two entrants of the current draw to swap (their numbers)."""

    a = forms.TypedChoiceField(label=_("Échanger"), coerce=int)
    b = forms.TypedChoiceField(label=_("avec"), coerce=int)

    def __init__(self, *args: Any, choices: list[tuple[int, str]] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("a", "b"):
            self.fields[name].choices = [("", "—"), *choices]

    def add_problems(self, error: scoring.MatchError) -> None:
        for problem in error.problems:
            self.add_error(None, concours_message(problem))


class PenaltyForm(ConcoursProblems, forms.Form):
    """A referee's penalty (docs/concours.md 1.5)."""

    FIELDS = (
        ("penalties", "points"),
        ("penalty", "entrant"),
        ("team", "entrant"),
        ("player", "entrant"),
    )

    entrant = forms.TypedChoiceField(label=_("Équipe pénalisée"), coerce=int)
    points = forms.IntegerField(
        label=_("Points"),
        min_value=1,
        max_value=cdoc.MAX_POINTS,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "list": "penalty-points"}),
        help_text=_("162 à la belote ; 160, ou 250 + le contrat, à la coinche."),
    )
    kind = forms.ChoiceField(
        label=_("Les points vont"),
        choices=ConcoursPenalty.Kind.choices,
        initial=ConcoursPenalty.Kind.TO_OPPONENTS,
    )
    reason = forms.CharField(label=_("Motif"), max_length=PENALTY_REASON_MAX, required=False)

    def __init__(self, *args: Any, choices: list[tuple[int, str]] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["entrant"].choices = [("", "—"), *choices]

    def add_problems(self, error: scoring.MatchError) -> None:
        for problem in error.problems:
            field = "points" if problem.field.endswith(".points") else None
            if problem.code in ("not_present", "no_opponents", "unknown_team", "no_partie"):
                field = "entrant"
            self.add_error(field, concours_message(problem))
