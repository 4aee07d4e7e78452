"""The forms of belote for three and for two (BELOTE_3_2): their rules (built
from the family's engines and words) and one hand form for both, in the
table's words: who took (a player), each player's trick points (the last
player's derived when every card is played: shown, not typed), the capot
and the belote (a player or nobody), the announcements of one player (when
the rules play them), and "Tout le monde passe" (a redeal).

Belote for two takes its forms from here (``scoresheets.games.belote2``):
one family, one form, whose players are its engine's. The form checks the
shape of what was typed; the engine decides the rest (its problems come
back next to the fields, in the page's words).
"""

from __future__ import annotations

from typing import Any, ClassVar

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoresheets import scoring
from scoresheets.game_forms import HandForm, problem_message, rules_form_class
from scoresheets.games.belote3 import words
from scoresheets.games.belote3.engine import BELOTE2, BELOTE3
from scoresheets.scoring.kernel import TRICK_POINTS_TOTAL, Engine, Scores

RulesForm = rules_form_class(
    BELOTE3, words.RULES, presets_label=words.RULES_LABEL, name="Belote3RulesForm"
)
"""Belote for three's rules on the new-match page: its preset, the target,
every rule (BELOTE_3_2, *Rules*)."""

RulesForm2 = rules_form_class(
    BELOTE2, words.RULES_2, presets_label=words.RULES_LABEL_2, name="Belote2RulesForm"
)
"""Belote for two's rules on the new-match page (BELOTE_3_2, *Rules*)."""

# The engine's hand fields that this form names otherwise (``None``: said at
# the top of the form, as the sums of the players' points are).
FIELDS: dict[str, str | None] = {
    "announcements": "ann_points",
    "points": None,
    "hand": None,
    **{f"points.{player}": f"points_{player.lower()}" for player in ("A", "B", "C")},
    **{f"announcements.{player}": "ann_points" for player in ("A", "B", "C")},
}
# Shared codes said in the words of a table of players.
FIELD_MESSAGES: dict[tuple[str, str], Any] = {
    ("required", "points"): _(
        "Saisissez les points de plis des joueurs (0 à 162, avec le dix de der), ou un capot."
    ),
    ("out_of_range", "points"): _("Les points de plis d'un joueur vont de 0 à 162."),
    ("not_on_redeal", "announcements"): _("Quand tout le monde passe, il n'y a pas d'annonces."),
}


class PlayersHandForm(HandForm):
    """One hand of belote for three or for two (BELOTE_3_2, *Hand*): the
    shared ``taker``, here a player ("A", "B", "C": the match's sides,
    labelled with their names, never a seat: each player is his side);
    ``points_a``, ``points_b`` (and ``points_c`` at three): each player's
    trick points (0-162, the dix de der in them), of which the last player's
    is derived when every card is played (the page shows it, the engine
    computes it: 162 minus the others); ``capot`` and ``belote``: a player
    or nobody; ``ann_team`` and ``ann_points``: the announcements of one
    player (by default the taker), under the rule ``announcements`` only.
    "Tout le monde passe" (``action=pass``) is a redeal. Belote's
    ``points``, ``points_team`` and ``belote_seat`` are not asked.

    ``team_names``: every side's name by side (``Match.sides``), which
    names the players' chips. Each game's form is this one with its engine
    (:class:`Belote3HandForm`, :class:`Belote2HandForm`).
    """

    engine: ClassVar[Engine]
    partials = {"fields": "games/belote3/_fields.html"}
    trick_points_total = TRICK_POINTS_TOTAL

    points_a = forms.IntegerField(label=_("Points de plis"), required=False)
    points_b = forms.IntegerField(label=_("Points de plis"), required=False)
    points_c = forms.IntegerField(label=_("Points de plis"), required=False)

    NOT_ASKED = ("points", "points_team", "belote_seat")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in self.NOT_ASKED:
            self.fields.pop(name, None)
        players = self.engine.players
        for player in ("A", "B", "C"):
            if player not in players:
                self.fields.pop(f"points_{player.lower()}", None)
        named = [(player, self.player_name(player)) for player in players]
        self.fields["taker"].choices = named
        self.fields["capot"].choices = [("", pgettext_lazy("capot", "Aucun")), *named]
        self.fields["belote"].choices = [("", pgettext_lazy("belote", "Personne")), *named]
        self.fields["capot"].label = _("Capot (tous les plis)")
        if "ann_team" in self.fields:
            self.fields["ann_team"].choices = named
            self.fields["ann_team"].label = _("Annonces du joueur")

    def player_name(self, player: str) -> str:
        """The name of ``player`` ("A", "B", "C"): his side's (``team_names``),
        or the player's letter when the form has no match (never: the
        calculator names them too)."""
        return self.team_names.get(player) or player

    @property
    def all_cards_played(self) -> bool:
        """Whether every card ends in a trick under the match's rules (the rule
        ``all_cards_played``, true without rules): the last player's points
        are then derived, not typed (BELOTE_3_2, *Hand*, ``points``)."""
        return getattr(self.rules, "all_cards_played", True) is not False

    def point_rows(self) -> list[tuple[forms.BoundField, str, str, bool]]:
        """Each player's trick points field, with his side, his name and
        whether it is derived (the last player's when every card is played:
        shown as 162 minus the others, never typed)."""
        players = self.engine.players
        return [
            (
                self[f"points_{player.lower()}"],
                player,
                self.player_name(player),
                self.all_cards_played and player == players[-1],
            )
            for player in players
        ]

    @property
    def taker_seat(self) -> None:
        """Never a seat: a player of a table of players is his side (the
        taker is the player, ``Hand.taker``)."""
        return None

    @property
    def belote_holder(self) -> None:
        """Never a seat: the belote names its player (``belote``)."""
        return None

    def taker_team(self) -> str:
        """The player who took ("A", "B" or "C"; call after ``is_valid()``)."""
        return self.cleaned_data["taker"]

    def hand_input(self) -> Any:
        """The engine's hand (:class:`~scoresheets.games.belote3.engine.Belote3Hand`
        or ``Belote2Hand``, call after ``is_valid()``): a redeal, or what was
        typed: ``points`` the players whose points were given (the kernel's
        :class:`Scores`; ``None`` when none was, a capot), announcements the
        chosen player's (by default the taker's), every other player 0."""
        if self.is_redeal:
            return self.engine.hand_type(None)
        data = self.cleaned_data
        taker = self.taker_team()
        players = self.engine.players
        given = {
            player: data[f"points_{player.lower()}"]
            for player in players
            if data.get(f"points_{player.lower()}") is not None
        }
        holder = data.get("ann_team") or taker
        points = data.get("ann_points") or 0
        announcements = Scores({p: points if p == holder else 0 for p in players})
        return self.engine.hand_type(
            taker,
            Scores(given) if given else None,
            data.get("capot") or None,
            data.get("belote") or None,
            announcements,
        )

    @classmethod
    def initial_for(cls, hand: Any) -> dict[str, Any]:
        """The correction form's values for a stored hand: its taker, each
        player's trick points as the engine reads them (every card played:
        the players but the last typed, the last one's derived), its capot,
        belote and announcements."""
        given = hand.to_input()
        if given.taker is None:
            return {"hand_version": hand.version}
        rules = hand.match.rules
        players = cls.engine.players
        points: dict[str, Any] = {}
        if given.points is not None:
            all_played = getattr(rules, "all_cards_played", True) is not False
            rest = TRICK_POINTS_TOTAL - sum(given.points.values())
            full = {p: given.points.get(p, rest) for p in players}
            typed = players[:-1] if all_played else players
            points = {f"points_{p.lower()}": full[p] for p in typed}
        holder = next((p for p in players if given.announcements.get(p)), "")
        return {
            "taker": given.taker,
            **points,
            "capot": given.capot or "",
            "belote": given.belote or "",
            "ann_team": holder,
            "ann_points": given.announcements.get(holder) if holder else None,
            "hand_version": hand.version,
        }

    def add_problems(self, error: scoring.MatchError) -> None:
        """Put the engine's problems next to the fields they are about (a
        player's points on his field, the sums of the points at the top of
        the form), in the words of a table of players."""
        for problem in error.problems:
            base = problem.field.split(".")[0]
            field = FIELDS.get(problem.field, FIELDS.get(base, base))
            if field is not None and field not in self.fields:
                field = None
            message = FIELD_MESSAGES.get((problem.code, base))
            if message is not None:
                self.add_error(field, str(message))
            else:
                self.add_error(field, problem_message(problem))


class Belote3HandForm(PlayersHandForm):
    """A hand of belote for three: players A, B and C (:class:`PlayersHandForm`)."""

    engine = BELOTE3


class Belote2HandForm(PlayersHandForm):
    """A hand of belote for two: players A and B (:class:`PlayersHandForm`)."""

    engine = BELOTE2
    partials = {"fields": "games/belote2/_fields.html"}  # the family's, from its own folder
