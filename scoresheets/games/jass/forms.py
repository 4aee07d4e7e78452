"""Schieber jass' forms: its rules (built from its engine and words) and its
hand form, in the table's words (JASS, *Hand*): the mode (the four suits by
their Swiss names, Obenabe, Undenufe), who announced it, the card points of
one team (0-157, the other has the rest), a Match, the Stöck, each team's
Weis as a sum (only the team with the best Weis scores any: a helper on the
page compares the best declaration of each, as they are chosen with a
script, through the engine's ``best_weis`` when its button posts the form
without one), and, when both teams pass the target in one hand and the
tricks decide, who went out first.

Who announced is a player (Vorhand or, when Vorhand pushed, "geschoben",
the partner who then named the mode): both are of the announcing team,
which is all the score needs; the form keeps no "geschoben" mark (it
changes nothing to the score, and the sheet's history names the player
tapped). No redeal: at jass the mode is always named.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoresheets import scoring
from scoresheets.game_forms import (
    ANNOUNCEMENTS_MAX,
    HandForm,
    HelperAnswer,
    optional_team_choices,
    problem_message,
    rules_form_class,
)
from scoresheets.games.jass import words
from scoresheets.games.jass.engine import (
    CARD_POINTS,
    ENGINE,
    FOUR,
    MODES,
    NO_TRUMP,
    RANKS,
    SEQUENCE,
    Ausmachen,
    BestWeis,
    Declaration,
    JassRules,
    best_weis,
    multiplier,
    validated_weis,
)

_RulesForm = rules_form_class(ENGINE, words.RULES, presets_label=words.RULES_LABEL, name="_Rules")

TARGET_OR_ROUNDS = _("Donnez un objectif, ou un nombre de donnes.")


class RulesForm(_RulesForm):
    """Jass' rules on the new-match page: its presets, the target, every
    rule. A match of a number of hands (``rounds``) has no target (JASS,
    rule ``rounds``): the target may then be left empty, and is dropped if
    typed; without ``rounds`` it is required."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["target"].required = False

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("rounds") is not None:
            data["target"] = None
        elif data.get("target") is None and "target" not in self.errors:
            self.add_error("target", TARGET_OR_ROUNDS)
        return data


# Each team's Weis (points): the announcements' cap, far above any real
# hand's, which the phone's reading of the form follows too.
WEIS_MAX = ANNOUNCEMENTS_MAX
# The Weis chips: a Dreiblatt, a Vierblatt, a Fünfblatt or four of a kind,
# four Nines or a Sechsblatt, four Jacks or a Siebenblatt (JASS, *Weis*).
WEIS_UNITS = (20, 50, 100, 150, 200)

# The engine's problems with fields the form names otherwise ("weis" alone:
# both teams have Weis, said at the top of the form).
FIELDS = {"announcer": "taker", "weis.A": "weis_a", "weis.B": "weis_b", "weis": None}
# Shared codes said in jass' words on its own fields.
FIELD_MESSAGES = {
    ("required", "mode"): _("Choisissez l'atout, Obenabe ou Undenufe."),
    ("required", "points"): _("Saisissez les points d'une équipe (0 à 157), ou un Match."),
    ("required", "out"): _(
        "Les deux équipes passent l'objectif sur leurs plis : dites laquelle est sortie "
        "la première."
    ),
}
ANNOUNCER_REQUIRED = _("Choisissez qui a annoncé.")

# The Weis helper (games/jass/_weis_helper.html): each team's best declaration,
# its kind and its top card (a four's rank). With a script, form.js compares
# them as they are chosen; without one, its button posts the form
# (name="action", this value) and the engine compares them (best_weis).
WEIS_COMPARE = "compare_weis"
WEIS_SAYS_WINNER = _(
    "{team} a le meilleur Weis ({points}) : son équipe marque tous ses Weis, l'autre aucun."
)
WEIS_SAYS_TIE = _(
    "Égalité : une suite d'atout l'emporte, sinon celle du joueur qui joue le premier."
)
WEIS_SAYS_BELOW = _("Cette suite descendrait sous le 6 : choisissez une carte plus haute.")
WEIS_NOT_COMPARED = _(
    "Les Weis de l'aide n'étaient pas comparés : ils le sont maintenant et reportés. "
    "Vérifiez, puis enregistrez."
)


@dataclass(frozen=True)
class WeisVerdict:
    """The Weis helper's answer in words: the engine's :class:`BestWeis`
    (``best``) and what the page says of it (``text``)."""

    best: BestWeis
    text: str

    @property
    def refused(self) -> bool:
        """Whether a best declaration cannot be (a sequence below the 6)."""
        return bool(self.best.below_six)


class ModeSelect(forms.RadioSelect):
    """The modes as big chips: each option gives the template its suit's
    ``symbol`` ("♥", none for Obenabe and Undenufe), its Swiss name (``swiss``) and
    its ``factor`` under the match's rules (``factors``, by mode); the
    radio's accessible name is its whole label ("Schilten ♠ ×2")."""

    factors: dict[str, int] = {}

    def create_option(self, name: str, value: Any, label: Any, *args: Any, **kwargs: Any) -> dict:
        option = super().create_option(name, value, label, *args, **kwargs)
        mode = str(value)
        option["symbol"] = words.MODE_SYMBOLS.get(mode, "")
        option["swiss"] = words.MODE_NAMES.get(mode, mode)
        option["factor"] = self.factors.get(mode, 1)
        option["attrs"]["aria-label"] = str(label)
        return option


def _factors(rules: JassRules) -> dict[str, int]:
    """Each mode's factor under ``rules`` (1 for rules the engine refuses)."""
    try:
        return {mode: multiplier(rules, mode) for mode in MODES}
    except (KeyError, TypeError, ValueError):
        return dict.fromkeys(MODES, 1)


def _mode_choices(factors: dict[str, int]) -> list[tuple[str, str]]:
    """The modes as choices: "Rosen ♥", "Obenabe ×3" (the factor when it
    is more than 1)."""
    out = []
    for mode in MODES:
        name, factor = words.mode_name(mode), factors[mode]
        out.append((mode, f"{name} ×{factor}" if factor > 1 else name))
    return out


def _number(value: Any) -> int:
    """A posted number of points, 0 when empty or not a whole number."""
    try:
        return max(0, int(value))
    except (TypeError, ValueError):
        return 0


class JassHandForm(HandForm):
    """One jass hand (JASS, *Hand*): ``mode``; the shared ``taker`` (here who
    announced: a player, whose team is the announcing team), ``points`` and
    ``points_team`` (card points, 0-157, of one team: by default the
    announcer's); ``match``, ``stoeck`` and ``out`` (a team or nobody);
    each team's Weis (``weis_a``, ``weis_b``, points). Belote's other
    fields are not asked. Every field is there whatever the rules: those
    the rules do not play (Weis and Stöck in a tournament, ``out`` in a
    match of a number of hands) are not shown, and the engine refuses them
    if posted (the phone reads the form as the server, rules unseen)."""

    engine = ENGINE
    partials = {"fields": "games/jass/_fields.html"}
    trick_points_total = CARD_POINTS
    weis_units = WEIS_UNITS
    follows_dealer = True  # Vorhand preselected

    mode = forms.ChoiceField(label=_("Atout"), required=False, choices=(), widget=ModeSelect)
    match = forms.ChoiceField(
        label=_("Match (les neuf plis)"), required=False, widget=forms.RadioSelect
    )
    stoeck = forms.ChoiceField(
        label=_("Stöck (roi et dame d'atout)"), required=False, widget=forms.RadioSelect
    )
    weis_a = forms.IntegerField(label=_("Weis"), required=False, min_value=0, max_value=WEIS_MAX)
    weis_b = forms.IntegerField(label=_("Weis"), required=False, min_value=0, max_value=WEIS_MAX)
    out = forms.ChoiceField(
        label=_("Qui est sorti le premier ?"), required=False, widget=forms.RadioSelect
    )
    # The Weis helper's choices: each team's best declaration (its kind,
    # "3" ... "9" cards or "four") and its top card (a four's rank).
    weis_kind_a = forms.ChoiceField(required=False, choices=())
    weis_top_a = forms.ChoiceField(required=False, choices=())
    weis_kind_b = forms.ChoiceField(required=False, choices=())
    weis_top_b = forms.ChoiceField(required=False, choices=())

    NOT_ASKED = ("capot", "belote", "belote_seat", "ann_team", "ann_points")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["announcements"] = False
        super().__init__(*args, **kwargs)
        if not isinstance(self.rules, JassRules):  # no match (a test's form): the defaults
            self.rules = JassRules()
        for name in self.NOT_ASKED:
            self.fields.pop(name, None)
        self.fields["taker"].label = _("Qui annonce ?")
        if self.vorhand is not None:
            self.fields["taker"].initial = str(self.vorhand)
        self.fields["points"].label = _("Points")
        factors = _factors(self.rules)
        self.fields["mode"].choices = _mode_choices(factors)
        self.fields["mode"].widget.factors = factors
        nobody = pgettext_lazy("jass", "Personne")
        for name in ("match", "stoeck", "out"):
            self.fields[name].choices = optional_team_choices(nobody, self.team_names)
            self.fields[name].initial = ""
        for team in ("a", "b"):
            self.fields[f"weis_kind_{team}"].choices = [("", ""), *self.weis_kinds()]
            self.fields[f"weis_top_{team}"].choices = self.weis_ranks()
            self.fields[f"weis_top_{team}"].initial = RANKS[-1]

    @property
    def vorhand(self) -> int | None:
        """The seat of Vorhand, who names the mode or pushes it to the
        partner, so whose team announces (JASS, top): the dealer's next seat
        (``None`` when the dealer is not known, or without players).

        Vorhand sits on the dealer's right, play going counter-clockwise
        (JASS's sources: earthli "the player to the right of the dealer
        chooses a trump [...] that player deals the cards" next;
        spotlightongames "play is counter-clockwise [...] forehand is the
        player to right of the dealer"); the seats of a match are numbered
        in the order the deal passes, which is the order of play
        (``Match.dealer_seat``, the sheet's "parle en premier"): that player
        is the dealer's next seat."""
        if self.dealer is None or not self.players:
            return None
        return self.dealer % len(self.players) + 1

    @property
    def plays_weis(self) -> bool:
        """Whether the rules play Weis and Stöck (the page shows their fields)."""
        return self.rules.weis_stoeck is not False

    @property
    def asks_out(self) -> bool:
        """Whether a hand may need ``out``: a match to a target whose
        Ausmachen goes step by step (the page keeps it under a disclosure)."""
        return self.rules.rounds is None and self.rules.ausmachen != Ausmachen.TOTALS

    @property
    def not_shown(self) -> tuple[str, ...]:
        """The fields the page does not show under the match's rules (a
        problem with one of them, posted all the same, is said at the top)."""
        hidden = () if self.plays_weis else ("stoeck", "weis_a", "weis_b")
        return hidden if self.asks_out else (*hidden, "out")

    def no_trump_modes(self) -> str:
        """The modes without Stöck, for the page's script: "obenabe undenufe"."""
        return " ".join(NO_TRUMP)

    def weis_kinds(self) -> list[tuple[str, Any]]:
        """The Weis helper's kinds of a best declaration: a sequence by its
        number of cards ("3" ... "9"), then a four ("four")."""
        return [
            *((str(n), label) for n, label in words.SEQUENCE_NAMES.items()),
            ("four", words.FOUR_NAME),
        ]

    def weis_ranks(self) -> list[tuple[str, Any]]:
        """The Weis helper's top cards (a four's rank), low to high (JASS, *Weis*)."""
        return [(rank, words.RANK_NAMES[rank]) for rank in RANKS]

    def weis_rows(self) -> list[tuple[forms.BoundField, str, str]]:
        """Each team's Weis field, with its team and the team's name."""
        return [
            (self["weis_a"], "A", self.team_names["A"]),
            (self["weis_b"], "B", self.team_names["B"]),
        ]

    weis_compare = WEIS_COMPARE  # the helper's button's value (the template's)

    def weis_helper_rows(self) -> list[tuple[str, str, forms.BoundField, forms.BoundField]]:
        """The Weis helper's rows: each team, its name, and the fields of its
        best declaration (its kind, its top card)."""
        return [
            (team, self.team_names[team], self[f"weis_kind_{low}"], self[f"weis_top_{low}"])
            for team, low in (("A", "a"), ("B", "b"))
        ]

    def _bests(self) -> dict[str, Declaration]:
        """The best declaration of each team the helper holds (its fields'
        values, posted or initial), as the engine's :class:`Declaration`
        without seat or suit; a value that is none of the choices is none."""
        bests = {}
        for team, _name, kind_field, top_field in self.weis_helper_rows():
            kind, top = kind_field.value(), top_field.value()
            kinds = dict(kind_field.field.choices)
            if not kind or kind not in kinds or top not in RANKS:
                continue
            if kind == FOUR:
                bests[team] = Declaration(seat=None, kind=FOUR, rank=top)
            else:
                bests[team] = Declaration(seat=None, kind=SEQUENCE, length=int(kind), top=top)
        return bests

    @cached_property
    def weis_verdict(self) -> WeisVerdict | None:
        """The Weis helper's answer for the best declarations the form holds:
        the engine's comparison under the match's rules (JASS, *Weis*;
        :func:`best_weis`) in words, ``None`` when none is chosen."""
        bests = self._bests()
        if not bests:
            return None
        best = best_weis(self.rules, bests)
        if best.below_six:
            text = str(WEIS_SAYS_BELOW)
        elif best.tie:
            text = str(WEIS_SAYS_TIE)
        else:
            name = self.team_names[best.winner]
            text = str(WEIS_SAYS_WINNER).replace("{team}", name)
            text = text.replace("{points}", str(best.points))
        return WeisVerdict(best=best, text=text)

    def helper_answer(self) -> HelperAnswer | None:
        """The Weis helper's answer (``HandForm.helper_answer``): asked by its
        button (``action``: :data:`WEIS_COMPARE`, a page without a script),
        or forgotten by a save whose best declarations were chosen but whose
        Weis were left empty (as belote's announcements): the winner's
        field gets at least its best declaration's value, the other team's
        is emptied (a tie, or a sequence below the 6, changes none: said on
        the helper). Nothing is saved; 422 for a forgotten comparison or a
        declaration refused."""
        if not self.plays_weis:
            return None
        verdict = self.weis_verdict
        message = ""
        if self.data.get(self.add_prefix("action")) != WEIS_COMPARE:
            forgotten = verdict is not None and verdict.best.winner is not None
            if not (forgotten and self.is_valid()) or self._weis_typed():
                return None
            message = str(WEIS_NOT_COMPARED)
        initial = {
            name: self.data.get(self.add_prefix(name))
            for name in self.fields
            if name != "action" and self.add_prefix(name) in self.data
        }
        if verdict is not None and verdict.best.winner is not None:
            win, lose = ("weis_a", "weis_b") if verdict.best.winner == "A" else ("weis_b", "weis_a")
            initial[win] = max(_number(initial.get(win)), verdict.best.points)
            initial[lose] = None
        refused = message or (verdict is not None and verdict.refused)
        return HelperAnswer(initial=initial, status=422 if refused else 200, message=message)

    def _weis_typed(self) -> bool:
        """Whether a Weis was typed for either team (the table's own sums:
        a save does not compare over them)."""
        return any(self.cleaned_data.get(name) is not None for name in ("weis_a", "weis_b"))

    @property
    def is_redeal(self) -> bool:
        """Never: at jass the mode is always named (JASS, top)."""
        return False

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        errors = self.errors.get("taker")
        if errors and not data.get("taker"):  # the shared form says it in belote's words
            self.errors["taker"] = self.error_class([ANNOUNCER_REQUIRED])
        return data

    def hand_input(self) -> Any:
        """The engine's :class:`JassHand` for this hand (call after ``is_valid()``)."""
        data = self.cleaned_data
        team = self.taker_team()
        points = data.get("points")
        return self.engine.hand_type(
            mode=data.get("mode") or None,
            announcer=team,
            points_team=(data.get("points_team") or team) if points is not None else None,
            card_points=points,
            match=data.get("match") or None,
            stoeck=data.get("stoeck") or None,
            weis=scoring.Pair(data.get("weis_a") or 0, data.get("weis_b") or 0),
            out=data.get("out") or None,
        )

    @classmethod
    def initial_for(cls, hand: Any) -> dict[str, Any]:
        """The correction form's values for a stored hand (its announcing
        player, or the team's first player when only the team is known).
        A hand imported with its declarations shows the Weis they came to
        (saved again, as sums)."""
        given = hand.to_input()
        seat = hand.taker_seat or (1 if given.announcer == "A" else 2)
        weis = validated_weis(hand.match.rules, given)
        return {
            "taker": str(seat),
            "mode": given.mode,
            "points": given.card_points,
            "points_team": given.points_team or "",
            "match": given.match or "",
            "stoeck": given.stoeck or "",
            "weis_a": weis.a or None,
            "weis_b": weis.b or None,
            "out": given.out or "",
            "hand_version": hand.version,
        }

    def add_problems(self, error: scoring.MatchError) -> None:
        """Put the engine's problems next to the fields they are about, in
        jass' words where the shared ones are a belote table's."""
        for problem in error.problems:
            field = FIELDS.get(problem.field, problem.field.split(".")[0])
            if field is not None and (field not in self.fields or field in self.not_shown):
                field = None  # said at the top of the form
            message = FIELD_MESSAGES.get((problem.code, problem.field))
            self.add_error(field, str(message) if message else problem_message(problem))
