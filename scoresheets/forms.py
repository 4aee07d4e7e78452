"""The app's forms: a new match, an import, this phone's name, the
calculator's reserve; they speak the user's language.

The games' own forms (their rules, one hand) are in their folders
(``scoresheets/games/<name>/forms.py``), built from the building blocks of
:mod:`scoresheets.game_forms` (re-exported here: ``HandForm``,
``OneTimeKeyForm``, ``problem_message`` ...). The forms here ask the registry
of the games (:mod:`scoresheets.games.registry`) for them: the new-match form
holds every game's rules form and gives the match the chosen one's rules;
the hand form of a match is its game's (:func:`hand_form_class`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS
from django.forms.utils import ErrorDict
from django.utils.translation import gettext_lazy as _

from scoresheets import limits, scoring
from scoresheets.game_forms import (  # noqa: F401  (re-exported: the forms' building blocks)
    ANNOUNCEMENTS_MAX,
    FIELD_PROBLEM_MESSAGES,
    PROBLEM_MESSAGES,
    TARGET_ERRORS,
    VERSION_MISSING,
    GameRulesForm,
    HandForm,
    OneTimeKeyForm,
    problem_message,
)
from scoresheets.games import registry
from scoresheets.games.base import WebGame
from scoresheets.matches.documents import DocumentError, parse_json
from scoresheets.models import PLAYER_NAME_MAX, TEAM_NAME_MAX, Match, Player
from scoresheets.text import NameField

# The match document's keys, as a person at the table calls them; each rule's
# ("rules.<name>") is its game's words (RuleWords.field), the first game's
# for a rule of several games.
FIELD_LABELS: dict[str, Any] = {
    "document": _("fichier"),
    "game": _("jeu"),
    "hands": _("donnes"),
    "hand": _("donne"),
    "rules": _("règles"),
    **{
        f"rules.{words.name}": words.field
        for game in reversed(registry.GAMES.values())
        for words in game.rules
        if words.field is not None
    },
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


# --------------------------------------------------------------------------
# A new match
# --------------------------------------------------------------------------

SEAT_CHOICES = [(seat, str(seat)) for seat in (1, 2, 3, 4)]
DEALER_NOT_PLAYING = _("Choisissez qui distribue parmi les joueurs de la partie.")
SAME_NAME = _(
    "« %(name)s » est déjà à une autre place : donnez à chaque joueur un prénom différent "
    "(ajoutez une initiale)."
)


def game_seats(game: Any) -> int:
    """How many players sit at a match of ``game`` (a game's name): its
    engine's players for a game scored per player (3 or 2), else 4; 4 for a
    name the registry does not know (the game field refuses it)."""
    try:
        players = registry.get(game).engine.players
    except registry.UnknownGame:
        return 4
    return len(players) or 4


class MatchForm(OneTimeKeyForm):
    """A new match: four players in seat order, team names, the first dealer,
    the game and its rules. A game scored per player (its engine's
    ``players``: belote for three or two) takes the first 3 or 2 seats'
    names only (:meth:`seat_numbers`), no team names (each player is a side
    of his own), and a first dealer among them.

    Every game's rules form is on the page (``rules_forms``, by game, each
    under its game's ``form_prefix``: the default game's fields keep their
    plain names, coinche's are ``coinche-...``; ``rules_initial``: their
    initial values by game); ``game`` chooses the match's game (the default
    game when absent), and only the chosen game's rules are validated (their
    errors are this form's) and given to the match. The preset only pre-fills
    the rule fields (a tiny script does it in the browser); the rule fields as
    submitted are what the match gets. When they differ from the chosen
    preset, the match is marked as custom rules.
    """

    player_1 = NameField(label=_("Joueur 1"), max_length=PLAYER_NAME_MAX)
    player_2 = NameField(label=_("Joueur 2"), max_length=PLAYER_NAME_MAX)
    player_3 = NameField(label=_("Joueur 3"), max_length=PLAYER_NAME_MAX)
    player_4 = NameField(label=_("Joueur 4"), max_length=PLAYER_NAME_MAX)
    team_a_name = NameField(
        label=_("Équipe des joueurs 1 et 3"),
        max_length=TEAM_NAME_MAX,
        required=False,
        widget=forms.TextInput(attrs={"placeholder": _("Les prénoms des partenaires")}),
    )
    team_b_name = NameField(
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
        choices=registry.choices(),
        required=False,
        initial=registry.DEFAULT.name,
        widget=forms.RadioSelect(attrs={"data-game": ""}),
    )
    # Set to "1" by new_match.js, which copies the chosen preset into the rule
    # fields as it is chosen. Without the script, see GameRulesForm.clean().
    scripted = forms.BooleanField(required=False, widget=forms.HiddenInput)

    field_order = [
        "player_1",
        "player_2",
        "player_3",
        "player_4",
        "first_dealer",
        "team_a_name",
        "team_b_name",
    ]

    def __init__(
        self, *args: Any, rules_initial: dict[str, dict[str, Any]] | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        data = args[0] if args else kwargs.get("data")
        initial = rules_initial or {}
        # The seats the chosen game fills: the others are not asked.
        self.seats_count = game_seats(
            (data.get(self.add_prefix("game")) if data is not None else None)
            or self.initial.get("game")
            or registry.DEFAULT.name
        )
        for seat in (1, 2, 3, 4):
            if seat > self.seats_count:
                self.fields[f"player_{seat}"].required = False
        self.rules_forms: dict[str, GameRulesForm] = {
            name: game.rules_form(data, prefix=game.form_prefix or None, initial=initial.get(name))
            for name, game in registry.GAMES.items()
        }

    @property
    def games(self) -> list[tuple[WebGame, GameRulesForm]]:
        """Each game with its rules form, in the page's order."""
        return [(registry.GAMES[name], form) for name, form in self.rules_forms.items()]

    def clean_game(self) -> str:
        return self.cleaned_data["game"] or registry.DEFAULT.name

    def played(self) -> WebGame:
        """The chosen game (after ``is_valid()``; the default game before)."""
        return registry.get(getattr(self, "cleaned_data", {}).get("game") or registry.DEFAULT.name)

    def played_rules(self) -> GameRulesForm:
        """The rules form of the chosen game."""
        return self.rules_forms[self.played().name]

    def full_clean(self) -> None:
        super().full_clean()
        if not self.is_bound:
            return
        played = self.played().name
        for name, rules_form in self.rules_forms.items():
            rules_form.scripted = bool(self.cleaned_data.get("scripted"))
            if name != played:
                # Another game's rules: kept as typed, never refused.
                rules_form._errors = ErrorDict()
                continue
            for key, errors in rules_form.errors.items():
                merged = key if key == NON_FIELD_ERRORS else rules_form.add_prefix(key)
                self._errors.setdefault(merged, self.error_class()).extend(errors)

    def seat_numbers(self) -> tuple[int, ...]:
        """The seats whose players the chosen game takes, in order: 1 to 4,
        or 1 to 3 or 2 for a game scored per player."""
        return tuple(range(1, self.seats_count + 1))

    def players_count(self) -> dict[str, int]:
        """How many players sit at each game (its name), for the page: 4,
        or 3 or 2 for a game scored per player (``data-players``)."""
        return {name: game_seats(name) for name in registry.GAMES}

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        self._refuse_same_names(data)
        dealer = data.get("first_dealer")
        if dealer is not None and dealer not in self.seat_numbers():
            self.add_error("first_dealer", DEALER_NOT_PLAYING)
        return data

    def error_summary(self) -> list[tuple[str, str, str]]:
        """The field errors of a refused form, in the page's order, for the
        summary at its top (review: a rule's error sat unseen 1,800 px down):
        (the field's id, its label, its first message). The form's own
        errors (not of one field) are shown apart."""
        summary = []
        rules_form = self.played_rules()
        for key, errors in self.errors.items():
            if key == NON_FIELD_ERRORS:
                continue
            if key in self.fields:
                field = self[key]
            else:  # a rule of the chosen game, its form maybe prefixed
                field = rules_form[key.removeprefix(rules_form.add_prefix(""))]
            summary.append((field.id_for_label or field.auto_id, str(field.label), str(errors[0])))
        return summary

    def _refuse_same_names(self, data: dict[str, Any]) -> None:
        """Two seats may not hold the same name, compared trimmed and
        casefolded ("Léa" and " LÉA "): the later seat gets the error."""
        seen: set[str] = set()
        for seat in self.seat_numbers():
            name = (data.get(f"player_{seat}") or "").strip()
            if not name:
                continue
            if name.casefold() in seen:
                self.add_error(f"player_{seat}", SAME_NAME % {"name": name})
                continue
            seen.add(name.casefold())

    def names(self) -> list[str]:
        """The players' names in seat order: four, or one per player of a
        game scored per player (call after ``is_valid()``)."""
        return [self.cleaned_data[f"player_{seat}"] for seat in self.seat_numbers()]

    def match_rules(self) -> Any:
        """The match's rules: the chosen game's rules form's."""
        return self.played_rules().rules()

    def match_card_names(self) -> str:
        """How the match names its cards: a setting of the chosen game's rules
        form where it has one, French cards otherwise."""
        return self.played_rules().card_names()

    def effective_preset(self) -> str:
        """The chosen preset of the chosen game, or "custom" when a rule was changed from it."""
        return self.played_rules().effective_preset()

    def add_problems(self, error: scoring.MatchError) -> None:
        """The engine's problems (``match_create``'s) put on the fields they
        are about: a rule's on its field of the chosen game's rules form,
        shown there and in this form's errors; any other on the form."""
        rules_form = self.played_rules()
        for problem in error.problems:
            message = problem_message(problem)
            name = problem.field.removeprefix("rules.")
            if problem.field.startswith("rules.") and name in rules_form.fields:
                rules_form.add_error(name, message)
                key = rules_form.add_prefix(name)
                self._errors.setdefault(key, self.error_class()).append(message)
            else:
                self.add_error(None, message)


def presets_for_script() -> dict[str, dict[str, Any]]:
    """The presets of every game as plain JSON values by the name of the
    field they fill (prefixed as in :class:`MatchForm`), for the script that
    fills the rule fields."""
    out = {}
    for game in registry.GAMES.values():
        form = game.rules_form(prefix=game.form_prefix or None)
        for preset in game.engine.presets:
            out[preset.key] = {
                form.add_prefix(name): value
                for name, value in preset.values().items()
                if name in form.fields
            }
    return out


# --------------------------------------------------------------------------
# One hand (the match page and the calculator)
# --------------------------------------------------------------------------

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


def hand_form_class(match: Any) -> type[HandForm]:
    """The hand form of ``match``'s game (:class:`scoresheets.games.base.WebGame`)."""
    return registry.game_of(match).hand_form


def hand_form(
    match: Match,
    players: Sequence[Player],
    data: Any = None,
    *,
    number: int | None = None,
    version: int | None = None,
    initial: dict[str, Any] | None = None,
    writes: str | None = None,
    dealer: int | None = None,
) -> HandForm:
    """The hand form of ``match`` (its game's: :func:`hand_form_class`),
    opened for hand ``number`` on the sheet at ``version`` (the entry form:
    what it saw, see ``services.hand_record``); ``writes`` (``"entry"``,
    ``"correction"``): a posted form that saves, which then requires the
    version it was built on (``HandForm``). ``dealer``: the seat dealing
    the hand, by default hand ``number``'s (``Match.dealer_seat``; none
    without a number)."""
    if dealer is None and isinstance(number, int) and number >= 1:
        dealer = match.dealer_seat(number)
    return hand_form_class(match)(
        data,
        team_names={side: match.team_name(side) for side in match.sides},
        players=players,
        announcements=getattr(match.rules, "announcements", False),
        initial=initial or {"number": number, "match_version": version},
        writes=writes,
        rules=match.rules,
        dealer=dealer,
    )


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
        (``scoresheets.matches.uploads``): it is refused as too big, not as missing."""
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

    device = NameField(label=_("Ce téléphone est celui de"), max_length=40)
