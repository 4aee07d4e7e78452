"""Klaverjas' words: its name, its presets' legend and its rules as the
new-match page, the match's summary and an import's problems call them
(:class:`~scoresheets.games.base.RuleWords`, in the page's order), the
outcomes and marks of its sheet, and its figures on a table's player
page. French msgids, as the whole site's; the Dutch catalog gives them in
the table's own words (KLAVERJAS.md)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoresheets.games.base import TARGET, PlayerFigureWords, RuleWords
from scoresheets.games.klaverjas.engine import End, NatTest, RevokeRule, RoemRule

LABEL = _("Klaverjas")
RULES_LABEL = _("Règles du klaverjas")

RULES: tuple[RuleWords, ...] = (
    TARGET,
    RuleWords(
        "end",
        _("Fin de la partie"),
        field=_("règles, fin de la partie"),
        choices={
            End.GAMES: _("Après un nombre de donnes (boompje)"),
            End.TARGET: _("Quand une équipe atteint l'objectif"),
        },
        stacked=True,
    ),
    RuleWords(
        "games",
        _("Nombre de donnes (boompje : 16)"),
        short=_("Nombre de donnes"),
        field=_("règles, nombre de donnes"),
    ),
    RuleWords(
        "nat_test",
        _("Pour dire nat, on compare"),
        short=_("Nat"),
        field=_("règles, nat"),
        choices={
            NatTest.TOTAL: _("Points et roem"),
            NatTest.POINTS_ONLY: _("Les points seuls"),
        },
    ),
    RuleWords(
        "tie_is_nat",
        _("À égalité, l'équipe qui joue est nat"),
        short=_("Égalité"),
        field=_("règles, égalité"),
        # "passe": the playing team made it (its context: belote for three's
        # "passe" is a redeal, everybody passed).
        booleans=(_("nat"), pgettext_lazy("klaverjas: the playing team made it", "passe")),
    ),
    RuleWords(
        "pit_bonus",
        _("Prime du pit (tous les plis)"),
        short=_("Pit"),
        field=_("règles, prime du pit"),
        choices={100: "100", 50: "50", 0: _("0 (pas de prime)")},
    ),
    RuleWords(
        "defense_pit",
        _("Un pit de la défense (tegenpit) a aussi la prime"),
        short=_("Tegenpit"),
        field=_("règles, tegenpit"),
    ),
    RuleWords(
        "revoke",
        _("Verzaken (renonce)"),
        short=_("Verzaken"),
        field=_("règles, verzaken"),
        choices={
            RevokeRule.PLUS_100: _("162 et 100 de roem à l'autre équipe"),
            RevokeRule.ONLY_162: _("162 à l'autre équipe"),
        },
        stacked=True,
    ),
    RuleWords(
        "roem",
        _("Roem"),
        field=_("règles, roem"),
        choices={
            RoemRule.TABLE: _("Sur la table, à qui prend le pli"),
            RoemRule.HAND: _("Annoncé de la main"),
        },
        stacked=True,
    ),
    RuleWords(
        "variant",
        _("Variante (pour mémoire)"),
        short=_("Variante"),
        field=_("règles, variante"),
        choices={
            None: _("Non précisée"),
            "amsterdam": _("Amsterdams"),
            "rotterdam": _("Rotterdams"),
        },
    ),
)

# The head of each team's columns on the sheet (``WebGame.score_part_labels``):
# the paper sheet's "punten" and "roem".
SCORE_PARTS = (_("points"), _("roem"))

# The outcomes of a hand, as the sheet, the exports and the statistics say them.
OUTCOMES = {"made": _("réussi"), "nat": _("nat"), "revoke": _("verzaken")}

# The message of each problem only klaverjas' engine gives (WebGame.problems):
# said in the user's language wherever a problem is (forms, imports, undo).
PROBLEMS = {
    "not_roem_sum": _("La roem vaut 0 ou une somme de 20, 50, 100 et 200 (pas 10 ni 30)."),
    "revoke_with_pit": _("Un pit ou un verzaakt, pas les deux."),
    "points_with_pit": _("Avec un pit, ne saisissez pas de points : le pit a tous les plis."),
    "points_with_revoke": _(
        "Avec un verzaakt, ne saisissez pas de points : l'autre équipe a tout."
    ),
    "roem_with_revoke": _("Pas de roem sur une donne verzaakt."),
    "roem_without_trick": _(
        "Une équipe sans pli n'a pas de roem : la roem sur la table va à qui prend le pli."
    ),
}

# Its figures on a table's player page (stats.py, its definitions), in the
# game's words: "zelf gespeeld", nat, pit, roem, verzaakt.
PLAYER_FIGURES = PlayerFigureWords(
    title=_("Donnes de klaverjas"),
    rows=(
        ("hands_played", pgettext_lazy("klaverjas statistics", "Donnes")),
        ("played", pgettext_lazy("klaverjas statistics", "Jouées (il choisit l'atout)")),
        ("made", pgettext_lazy("klaverjas statistics", "Réussies")),
        ("nat", pgettext_lazy("klaverjas statistics", "Nat")),
        ("pits", pgettext_lazy("klaverjas statistics", "Pits de son équipe")),
        ("pits_against", pgettext_lazy("klaverjas statistics", "Pits contre son équipe")),
        ("roem", pgettext_lazy("klaverjas statistics", "Roem de son équipe")),
        ("revokes", pgettext_lazy("klaverjas statistics", "Verzaakt par son équipe")),
        ("average_points_played", pgettext_lazy("klaverjas statistics", "Points par donne jouée")),
    ),
    hint=_(
        "Toutes les donnes jouées, parties en cours comprises. Jouées : les donnes où il a "
        "choisi l'atout ; un verzaakt n'y est ni réussi ni nat. Roem : celle que son équipe a "
        "montrée, sans la prime du pit. Points par donne jouée : ce que son équipe a marqué, "
        "roem comprise, en moyenne, sur les donnes qu'il a jouées."
    ),
)
