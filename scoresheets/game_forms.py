"""The building blocks of the forms, shared by every game's folder.

The scoring engine is the only code that knows the rules: these forms check
the shape of what was typed (a number is a number, a choice is a choice) and
build the engine's input; the engine's problems (``scoring.Problem``, with a
stable ``code``) come back through :func:`problem_message` and
``add_problems``, translated and put next to the right field.

- :class:`OneTimeKeyForm`: a form whose sending is done once;
- :class:`GameRulesForm` and :func:`rules_form_class`: a game's rules as a
  form, one field a rule, built from the game's engine (names, choices,
  defaults, presets) and its words (:class:`~scoresheets.games.base.RuleWords`);
- :class:`HandForm`: one hand as the table tells it, the fields every game
  has (taker, trick points, capot, belote, announcements); each game's hand
  form adds its own (belote's renonce, coinche's contract) and names its
  template partials.

No game is named here: the games' folders (``scoresheets/games/<name>/forms.py``)
build their forms from these; :mod:`scoresheets.forms` holds the app's forms
(the new match, the import) that ask the registry for the games.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from django import forms
from django.http import HttpRequest
from django.middleware.csrf import get_token
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoresheets import presets, scoring
from scoresheets.models import Hand, Player, seat_team
from scoresheets.scoring.kernel import CardNames, Engine

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
    # A knockout (docs/concours.md 7): a correction that would change who won
    # a tie whose winner already plays its next match.
    "knockout_next_started": _(
        "Cette correction changerait le vainqueur, qui joue déjà le tour suivant "
        "(table %(table)s) : corrigez d'abord ce match-là, ou demandez à l'organisateur."
    ),
}

# Some codes read better with the field they are about.
FIELD_PROBLEM_MESSAGES: dict[tuple[str, str], Any] = {
    ("required", "taker"): _("Choisissez qui a pris."),
    ("required", "points"): _("Saisissez les points de plis d'une équipe (0 à 162), ou un capot."),
    ("out_of_range", "rules.target"): _("L'objectif doit être plus grand que 0."),
    ("out_of_range", "rules.donnes"): _(
        "Une partie compte de 1 à 100 donnes (vide : une partie jusqu'à l'objectif)."
    ),
    ("not_integer", "rules.donnes"): _(
        "Le nombre de donnes est un nombre entier de 1 à 100, ou vide (jusqu'à l'objectif)."
    ),
    # The top-level "game" of a match document (both games are imported).
    ("invalid_choice", "game"): _(
        "Ce fichier n'est ni une partie de belote, ni une partie de coinche."
    ),
    ("required", "bid"): _("Choisissez l'enchère (80 à 180, capot ou générale)."),
    ("required", "solo"): _(
        "Générale faite capot : dites si le preneur a fait les huit plis seul."
    ),
}

# The engine's hand fields that the hand form names otherwise (``None``: the
# whole form); any other field of a problem is the form's field of that name.
HAND_FIELDS: dict[str, str | None] = {"announcements": "ann_points", "hand": None}


def problem_message(problem: scoring.Problem) -> str:
    """The translated message for an engine problem (English as a last resort)."""
    field = problem.field
    base_field = field if field.startswith("rules.") else field.split(".")[0]
    params = dict(problem.params)
    message = FIELD_PROBLEM_MESSAGES.get((problem.code, base_field))
    if message is None and problem.code == "out_of_range" and "max" not in params:
        message = _("Saisissez un nombre supérieur ou égal à %(min)s.")
    if message is None:
        message = PROBLEM_MESSAGES.get(problem.code) or _game_problem(problem.code)
    if message is None:
        return problem.message
    try:
        return str(message) % params
    except (KeyError, ValueError):  # a parameter the message quotes is missing
        return str(message)


def _game_problem(code: str) -> Any:
    """The message of a problem only some game has (its ``WebGame.problems``:
    a rule of one game only), or ``None``."""
    from scoresheets.games import registry  # the games' forms import this module

    return next(
        (game.problems[code] for game in registry.GAMES.values() if code in game.problems), None
    )


def team_choices(team_names: dict[str, str]) -> list[tuple[str, str]]:
    """The two teams as choices, labelled with their names."""
    return [("A", team_names["A"]), ("B", team_names["B"])]


def optional_team_choices(none_label: Any, team_names: dict[str, str]) -> list[tuple[str, str]]:
    """Nobody (``""``, labelled ``none_label``), then the two teams."""
    return [("", none_label), *team_choices(team_names)]


class OneTimeKeyForm(forms.Form):
    """A form whose sending is done once: a hidden one-time ``key`` (a fresh
    UUID, 32 hex digits, each time the form is shown; the posted one when it
    is shown again with its errors). What the form makes is recorded with it,
    so that a double tap, or a resend after an answer the network lost, gets
    what the first sending made instead of making it twice
    (``services.hand_record``, ``services.match_create``,
    ``services.match_import``, ``tables.table_create``)."""

    # No id: a hidden field has no label, and two forms of one page (the
    # organiser's entrant and list) rendered id="id_key" twice (issue 27).
    key = forms.CharField(
        required=False, max_length=64, widget=forms.HiddenInput(attrs={"id": False})
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["key"].initial = uuid.uuid4().hex

    def one_time_key(self, request: HttpRequest) -> str | None:
        """The posted key of a valid form bound to the browser that sends it
        (``None`` when it had none): what a creation records
        (:func:`creation_key`)."""
        return creation_key(request, self.cleaned_data.get("key") or None)


def creation_key(request: HttpRequest, key: str | None) -> str | None:
    """A creation form's one-time ``key`` bound to the browser that sends it:
    an HMAC (the site's secret key) of the key and the browser's CSRF secret
    (its cookie, which the page of the form set before the first sending, so
    a double tap of a first-time visitor is one browser), 32 hex digits.
    Recorded as the match's or table's ``creation_key``: the same form sent
    again from this browser finds what it made; the same key replayed from
    another browser (whoever saw the form's key) finds nothing and makes its
    own, never the creator's match or its token (issue 21). ``None`` for no key.
    """
    if not key:
        return None
    get_token(request)  # the browser's CSRF secret, made if it had none
    browser = request.META.get("CSRF_COOKIE", "")
    digest = salted_hmac("rebelote.creation_key", f"{browser}:{key}", algorithm="sha256")
    return digest.hexdigest()[:32]


# --------------------------------------------------------------------------
# A game's rules
# --------------------------------------------------------------------------

# The target's messages, every game (review: Django's "Assurez-vous que cette
# valeur est supérieure ou égale à 1." said nothing of points).
TARGET_ERRORS = {
    code: _("L'objectif est un nombre de points, de 1 à 100 000.")
    for code in ("invalid", "min_value", "max_value", "required")
}
# The rule donnes' field (RuleWords.optional_range), every game.
DONNES_FIELD_ERROR = _("Le nombre de donnes va de 1 à 100 ; vide : une partie jusqu'à l'objectif.")
TARGET_MAX = 100_000  # points: far above any real target, within a column's range


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


class GameRulesForm(forms.Form):
    """A game's rules as a form (built by :func:`rules_form_class`): one field a
    rule, named after it, with the engine's choices, its default preset's
    values and the game's words; optionally the game's presets (``preset``)
    and settings beside the rules (``card_names``).

    ``scripted`` (set by the new-match form) says whether the page's script
    filled the rule fields from the preset; without it, the untouched fields
    take the chosen preset's values (:func:`_filled_from_preset`). The rules
    without a field take the engine's defaults.
    """

    engine: ClassVar[Engine]
    # The fields shown as a stack of long choices rather than a row of chips.
    STACKED: ClassVar[frozenset[str]] = frozenset()
    # The fields the page lays out on their own (not in the rules' loop).
    SHOWN_APART = frozenset({"preset", "target", "donnes"})
    scripted = False

    def rule_names(self) -> tuple[str, ...]:
        """The names of the game's rules (its rules dataclass's fields)."""
        return presets.rule_names(self.engine.name)

    def rule_fields(self) -> list[tuple[forms.BoundField, str]]:
        """The fields the rules section shows, in the form's order, each with its
        CSS class: every field but those shown apart. A rule field added to the
        form shows by itself."""
        return [
            (self[name], "vertical" if name in self.STACKED else "")
            for name in self.fields
            if name not in self.SHOWN_APART
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not self.scripted and "preset" in self.fields:
            default = presets.DEFAULTS[self.engine.name]
            _filled_from_preset(data, presets.PRESETS.get(data.get("preset")), default)
        return data

    def rules(self, **extra: Any) -> Any:
        """The engine's rules from the cleaned data (call after ``is_valid()``):
        the form's rule fields, then ``extra``; the engine's defaults for the others."""
        data = self.cleaned_data
        values = {name: data[name] for name in self.rule_names() if name in self.fields}
        return self.engine.rules_type(**{**values, **extra})

    def card_names(self) -> str:
        """How the match names its cards: the form's field, if the game has
        one; French cards otherwise."""
        return self.cleaned_data.get("card_names") or CardNames.FRENCH.value

    def effective_preset(self) -> str:
        """The chosen preset, or "custom" when a rule was changed from it."""
        data = {"card_names": self.card_names(), **self.cleaned_data}
        return presets.preset_of(data["preset"], data, self.engine.name)

    def add_problems(self, error: scoring.MatchError) -> None:
        """The engine's problems put on the rule fields they are about."""
        for problem in error.problems:
            name = problem.field.removeprefix("rules.")
            field = name if problem.field.startswith("rules.") and name in self.fields else None
            self.add_error(field, problem_message(problem))


def _rule_field(engine: Engine, words: Any, initial: Any) -> forms.Field:
    """The form field of one rule (or setting) from its words and the engine's choices."""
    if words.optional_range is not None:  # a number that may be left empty: donnes
        low, high = words.optional_range
        message = DONNES_FIELD_ERROR  # the range is the engine's: kernel.DONNES_MIN / MAX
        return forms.IntegerField(
            label=words.label,
            required=False,
            min_value=low,
            max_value=high,
            initial=initial,
            error_messages=dict.fromkeys(("invalid", "min_value", "max_value"), message),
        )
    choices = presets.rule_choices(engine.name).get(words.name) or tuple(words.choices)
    if not choices:  # a free number of points: the target
        return forms.IntegerField(
            label=words.label,
            min_value=1,
            max_value=TARGET_MAX,
            initial=initial,
            error_messages=TARGET_ERRORS,
        )
    if len(choices) == 2 and all(isinstance(value, bool) for value in choices):  # either order
        return forms.BooleanField(label=words.label, required=False, initial=initial)
    labelled = [(value, words.choices[value]) for value in choices]
    if None in choices:  # a rule that may say nothing (a variant for the record): "" is None
        return forms.TypedChoiceField(
            label=words.label,
            choices=[("" if value is None else value, label) for value, label in labelled],
            coerce=str,
            empty_value=None,
            required=False,
            initial="" if initial is None else initial,
            widget=forms.RadioSelect,
        )
    if all(scoring.kernel.is_int(value) for value in choices):
        return forms.TypedChoiceField(
            label=words.label,
            choices=labelled,
            coerce=int,
            initial=initial,
            widget=forms.RadioSelect,
        )
    return forms.ChoiceField(
        label=words.label, choices=labelled, initial=initial, widget=forms.RadioSelect
    )


def rules_form_class(
    engine: Engine,
    rules: Iterable[Any],
    *,
    presets_label: Any = None,
    names: Iterable[str] | None = None,
    name: str = "RulesForm",
) -> type[GameRulesForm]:
    """A :class:`GameRulesForm` of ``engine``'s game with a field for each of
    ``rules`` (its :class:`~scoresheets.games.base.RuleWords`, in the page's
    order), or for those of ``names`` only; with ``presets_label``, the
    game's presets first (the field ``preset``, that legend). Initial
    values: the game's default preset's."""
    default = presets.DEFAULTS[engine.name]
    values = default.values()
    wanted = None if names is None else set(names)
    fields: dict[str, forms.Field] = {}
    if presets_label is not None:
        fields["preset"] = forms.ChoiceField(
            label=presets_label,
            choices=[(key, _(p.label)) for key, p in presets.presets_of(engine.name).items()],
            initial=default.key,
            widget=forms.RadioSelect(attrs={"data-preset": ""}),
        )
    stacked = set()
    for words in rules:
        if wanted is not None and words.name not in wanted:
            continue
        fields[words.name] = _rule_field(engine, words, values.get(words.name))
        if words.stacked:
            stacked.add(words.name)
    attrs = {"engine": engine, "STACKED": frozenset(stacked), "__module__": __name__, **fields}
    return type(name, (GameRulesForm,), attrs)


# --------------------------------------------------------------------------
# One hand (the match page and the calculator)
# --------------------------------------------------------------------------

ANNOUNCEMENTS_MAX = 2000  # far above any real hand; keeps typos out of the database

# A write of a hand posted without the version it was typed on (issue 21: a
# page built before the form carried it, or a hand-made request): refused,
# since nothing would then stop it from saving the same hand twice.
VERSION_MISSING = _(
    "Ce formulaire ne disait pas sur quelle version de la feuille il a été rempli : "
    "rien n'est enregistré. Vérifiez la feuille, puis recommencez."
)


@dataclass(frozen=True)
class HelperAnswer:
    """What a game's own helper on the hand form answers a post
    (:meth:`HandForm.helper_answer`; a game's own helper without a script):
    nothing is saved, the form is shown again with ``initial`` (what was
    posted, with what the helper filled in), ``message`` at its top when
    there is one, and the answer's ``status`` (200; 422 when the form must
    be looked at again before it is saved)."""

    initial: dict[str, Any]
    status: int = 200
    message: str = ""


class HandForm(OneTimeKeyForm):
    """One hand as the table tells it: the fields every game has.

    ``taker`` is a seat ("1"-"4", labelled with the players' names) when
    ``players`` are given, else a team ("A"/"B", the calculator). The trick
    points are typed for ONE team (``points_team``, by default the taker's);
    the engine gives the other team the rest of 162. The "Tout le monde
    passe" button posts ``action=pass``: a redeal, whatever else was typed.
    ``number`` is the hand number the form was opened for and
    ``match_version`` the version of the match it saw: any change of the
    sheet meanwhile from another phone makes it stale (the service refuses it).
    A form bound to write (``writes``: ``"entry"``, a new hand, or
    ``"correction"``) requires the version it was built on (``match_version``,
    or the hand's ``hand_version``): without it the form is invalid
    (:data:`VERSION_MISSING`, :attr:`version_missing`) and nothing is saved.

    Each game's hand form (its folder's ``forms.py``) names its ``engine``
    (whose ``hand_type`` it builds), adds its own fields and their values
    (:meth:`game_fields`, :meth:`game_initial`), and its template
    ``partials`` (by slot: ``contract``, ``points_quick``, ``points_hint``;
    ``hand_form.html`` includes those the game has). ``rules``: the match's
    rules (``None`` without a match), for a game whose form shows what they
    play (factors by contract, optional parts). ``dealer``: the seat that
    deals the hand (``None``: not known, the calculator or a correction),
    for a game whose fresh form shows something of it
    (:attr:`follows_dealer`).
    """

    engine: ClassVar[Engine]
    partials: ClassVar[Mapping[str, str]] = {}
    # The hidden field holding the version each kind of write was built on.
    VERSION_FIELDS: ClassVar[Mapping[str, str]] = {
        "entry": "match_version",
        "correction": "hand_version",
    }
    # The trick points of both teams together: the page's script derives the
    # other team's points from it (data-trick-points-total), never from its own copy.
    trick_points_total = scoring.TRICK_POINTS_TOTAL
    # Whether the fresh form shows something of the hand's dealer (who
    # announces, preselected): the entry form kept in the cache is then kept
    # per dealer (``sync.entry``).
    follows_dealer: ClassVar[bool] = False

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
        writes: str | None = None,
        rules: Any = None,
        dealer: int | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.writes = writes
        self.rules = rules
        self.dealer = dealer
        self.players = tuple(players)
        self.team_names = team_names
        if self.players:
            self.fields["taker"].choices = [(str(p.seat), p.name) for p in self.players]
        else:
            self.fields["taker"].choices = team_choices(team_names)
        self.fields["points_team"].choices = team_choices(team_names)
        self.fields["ann_team"].choices = team_choices(team_names)
        self.fields["capot"].choices = optional_team_choices(
            pgettext_lazy("capot", "Aucun"), team_names
        )
        self.fields["belote"].choices = optional_team_choices(
            pgettext_lazy("belote", "Personne"), team_names
        )
        for name in ("capot", "belote"):
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
    def version_missing(self) -> bool:
        """Whether this form writes a hand (``writes``) but was posted without
        the version it was built on (call after ``is_valid()``)."""
        name = self.VERSION_FIELDS.get(self.writes or "")
        cleaned = getattr(self, "cleaned_data", {})
        return name is not None and name not in self.errors and cleaned.get(name) is None

    @property
    def is_redeal(self) -> bool:
        return self.data.get(self.add_prefix("action")) == "pass"

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        hidden = ("number", "match_version", "key", "hand_version")
        if any(name in self.errors for name in hidden):
            # Hidden fields only a tampered or mangled page can get wrong.
            self.add_error(None, _("Ce formulaire n'est plus valable : rechargez la page."))
        elif self.version_missing:
            self.add_error(None, VERSION_MISSING)
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

    def hand_input(self) -> Any:
        """The engine's input for this hand, of the game's ``hand_type`` (call
        after ``is_valid()``)."""
        if self.is_redeal:
            return self.engine.hand_type(taker=None)
        data = self.cleaned_data
        team = self.taker_team()
        points = data.get("points")
        ann_points = data.get("ann_points") or 0
        ann_team = data.get("ann_team") or team
        return self.engine.hand_type(
            taker=team,
            points_team=(data.get("points_team") or team) if points is not None else None,
            trick_points=points,
            capot=data.get("capot") or None,
            belote=data.get("belote") or None,
            announcements=(
                scoring.Pair(ann_points, 0) if ann_team == "A" else scoring.Pair(0, ann_points)
            ),
            **self.game_fields(data),
        )

    def game_fields(self, data: dict[str, Any]) -> dict[str, Any]:
        """The game's own fields of its hand input, from the cleaned ``data``
        (none here; each game's hand form gives its own)."""
        return {}

    def set_number(self, number: int, version: int | None = None) -> None:
        """Show the form again for hand ``number`` of the match at ``version``
        (after a conflict): submitting it then saves the typed hand as that hand."""
        self.data = self.data.copy()
        self.data[self.add_prefix("number")] = number
        if version is not None:
            self.data[self.add_prefix("match_version")] = version

    def helper_answer(self) -> HelperAnswer | None:
        """The answer of the game's own helper to this posted form, or
        ``None`` (most games have none; belote's announcement helper is the
        views'): a helper asked by its button, or one whose choices a save
        forgot to compare (:class:`HelperAnswer`; nothing is then saved)."""
        return None

    @classmethod
    def initial_for(cls, hand: Hand) -> dict[str, Any]:
        """The form's initial values for a stored hand (the edit form).

        A hand imported from a document knows only the taking team: its
        first player is proposed as the taker.
        """
        given = hand.to_input()
        if given.taker is None:
            return {"hand_version": hand.version}
        seat = hand.taker_seat or (1 if given.taker == "A" else 2)
        ann = given.announcements
        return {
            "taker": str(seat),
            "points": given.trick_points,
            "points_team": given.points_team or "",
            "capot": given.capot or "",
            "belote": given.belote or "",
            "belote_seat": str(hand.belote_seat) if hand.belote_seat else "",
            "ann_team": "A" if ann.a else ("B" if ann.b else ""),
            "ann_points": ann.a or ann.b or None,
            "hand_version": hand.version,
            **cls.game_initial(given),
        }

    @classmethod
    def game_initial(cls, given: Any) -> dict[str, Any]:
        """The initial values of the game's own fields for a stored hand
        (``given``: its engine input, not a redeal)."""
        return {}

    def add_problems(self, error: scoring.MatchError) -> None:
        """Put the engine's problems next to the fields they are about."""
        for problem in error.problems:
            base = problem.field.split(".")[0]
            field = HAND_FIELDS.get(base, base)
            if field is not None and field not in self.fields:
                field = None
            self.add_error(field, problem_message(problem))
