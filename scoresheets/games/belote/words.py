"""Belote's words: its rules as the new-match page, the match's summary and
an import's problems call them (:class:`~scoresheets.games.base.RuleWords`,
in the page's order), and its figures on a table's player page. The
values and their order are the engine's (``engine.py``); only their words
are here."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from scoresheets.games.base import (
    ANNOUNCEMENTS,
    DONNES,
    ROUNDING,
    TARGET,
    PlayerFigureWords,
    RuleWords,
)
from scoresheets.games.belote.engine import LitigeRule, RenonceRule
from scoresheets.presets import CARD_NAMES_LABELS

LABEL = _("Belote")
RULES_LABEL = _("Règles de la belote")

RULES: tuple[RuleWords, ...] = (
    TARGET,
    DONNES,
    RuleWords(
        "capot_points",
        _("Valeur du capot"),
        field=_("règles, valeur du capot"),
        choices={252: _("252 (162 + 90)"), 250: _("250 (arrondi)")},
    ),
    ANNOUNCEMENTS,
    RuleWords(
        "capot_takes_announcements",
        _("L'équipe capot perd ses annonces : l'équipe qui a fait capot les marque"),
        short=_("Annonces d'une équipe capot"),
        field=_("règles, annonces d'une équipe capot"),
        booleans=(_("à l'équipe qui a fait capot"), _("gardées")),
    ),
    RuleWords(
        "litige",
        _("Litige (égalité)"),
        short=_("Litige"),
        field=_("règles, litige"),
        choices={
            LitigeRule.RESERVE: _("En réserve pour la donne suivante"),
            LitigeRule.LOST: _("Points du preneur perdus"),
            LitigeRule.FALL: _("Le preneur chute (règle de compétition)"),
        },
        stacked=True,
    ),
    ROUNDING,
    RuleWords(
        "renonce",
        _("Renonce"),
        field=_("règles, renonce"),
        choices={
            RenonceRule.PENALTY: _("La donne va à l'autre équipe (162 + annonces)"),
            RenonceRule.ANNUL: _("La donne est annulée"),
        },
        stacked=True,
    ),
    RuleWords(
        "win_needs_trick",
        _("Une équipe capot (sans pli) ne peut pas gagner la partie sur cette donne"),
        short=_("Gagner la partie sur une donne sans pli"),
        field=_("règles, victoire sans pli"),
        booleans=(_("impossible"), _("possible")),
    ),
    # Not a scoring rule: how the table names its cards (the scores are the same).
    RuleWords(
        "card_names",
        _("Noms des cartes"),
        short=_("Cartes"),
        choices={key: _(label) for key, label in CARD_NAMES_LABELS.items()},
    ),
)

# The rules one hand depends on: the calculator's (the others take the engine's defaults).
CALCULATOR_RULES = (
    "capot_points",
    "announcements",
    "capot_takes_announcements",
    "litige",
    "rounding",
    "renonce",
)

# The header of its own column in a table's hands CSV (its engine's csv_columns).
CSV_LABELS = {"renonce": _("Renonce")}

# Its figures on a table's player page (stats.py, its definitions).
PLAYER_FIGURES = PlayerFigureWords(
    title=_("Donnes de belote"),
    rows=(
        ("hands_taken", _("Prises")),
        ("contracts_made", _("Contrats faits")),
        ("dedans", _("Dedans")),
        ("litiges", _("Litiges (preneur)")),
        ("capots_made", _("Capots de son équipe")),
        ("capots_suffered", _("Capots subis par son équipe")),
        ("team_belotes", _("Belotes de son équipe")),
        ("belotes", _("Belotes")),
        ("average_points_taken", _("Points par prise")),
    ),
    hint=_(
        "Toutes les donnes jouées, parties en cours comprises. Points par prise : ce que son "
        "équipe a marqué, en moyenne, sur les donnes qu'il a prises."
    ),
)
