"""The words of belote for three and for two (BELOTE_3_2): their names, their
presets' legends, their rules as the new-match page, the match's summary and
an import's problems call them (:class:`~scoresheets.games.base.RuleWords`,
in the page's order), the problems only their engine gives, and their
figures on a table's player page. French
msgids, as the whole site's. Belote for two takes its words from here
(``scoresheets.games.belote2``): one family, one vocabulary."""

from __future__ import annotations

from dataclasses import replace

from django.utils.translation import gettext_lazy as _

from scoresheets.games.base import ANNOUNCEMENTS, ROUNDING, TARGET, PlayerFigureWords, RuleWords
from scoresheets.games.belote3.engine import Contract, Dedans, Litige

LABEL = _("Belote à trois")
RULES_LABEL = _("Règles de la belote à trois")
LABEL_2 = _("Belote à deux")
RULES_LABEL_2 = _("Règles de la belote à deux")

CONTRACT = RuleWords(
    "contract",
    _("Le preneur doit faire plus que"),
    short=_("Contrat"),
    field=_("règles, contrat"),
    choices={
        Contract.EACH: _("Chacun des deux autres"),
        Contract.HALF: _("Les deux autres ensemble (la moitié des points)"),
    },
    stacked=True,
)
DEDANS = RuleWords(
    "dedans",
    _("Quand le preneur chute"),
    short=_("Dedans"),
    field=_("règles, dedans"),
    choices={
        Dedans.SPLIT: _("Les deux défenseurs se partagent tous les points"),
        Dedans.KEEP: _("Chacun garde ses points et la moitié de ceux du preneur"),
    },
    stacked=True,
)
_LITIGE_CHOICES = {
    Litige.FALL: _("Le preneur chute"),
    Litige.LOST: _("Les points du preneur sont perdus"),
    Litige.RESERVE: _("Les points du preneur vont en réserve"),
}
LITIGE_3 = RuleWords(
    "litige",
    _("Égalité (litige)"),
    short=_("Litige"),
    field=_("règles, litige"),
    choices={key: _LITIGE_CHOICES[key] for key in (Litige.FALL, Litige.LOST)},
    stacked=True,
)
LITIGE_2 = RuleWords(
    "litige",
    _("Égalité (litige)"),
    short=_("Litige"),
    field=_("règles, litige"),
    choices={key: _LITIGE_CHOICES[key] for key in (Litige.RESERVE, Litige.LOST, Litige.FALL)},
    stacked=True,
)
_CAPOT_CHOICES = {252: "252", 250: "250", 212: _("212 (162 + 50 de la découverte)")}
CAPOT_3 = RuleWords(
    "capot_points",
    _("Valeur du capot"),
    short=_("Capot"),
    field=_("règles, valeur du capot"),
    choices={key: _CAPOT_CHOICES[key] for key in (252, 250)},
)
CAPOT_2 = RuleWords(
    "capot_points",
    _("Valeur du capot"),
    short=_("Capot"),
    field=_("règles, valeur du capot"),
    choices=_CAPOT_CHOICES,
)
ALL_CARDS = RuleWords(
    "all_cards_played",
    _("Toutes les cartes sont jouées (162 points dans les plis)"),
    short=_("Toutes les cartes jouées"),
    field=_("règles, cartes jouées"),
)

RULES: tuple[RuleWords, ...] = (
    TARGET,
    CONTRACT,
    DEDANS,
    LITIGE_3,
    CAPOT_3,
    ROUNDING,
    ANNOUNCEMENTS,
    ALL_CARDS,
)
"""Belote for three's rules, in the page's order (BELOTE_3_2, *Rules*)."""

RULES_2: tuple[RuleWords, ...] = (TARGET, LITIGE_2, CAPOT_2, ROUNDING, ANNOUNCEMENTS, ALL_CARDS)
"""Belote for two's rules, in the page's order."""

# The outcomes of a hand, as the exports and the statistics say them.
OUTCOMES = {"made": _("fait"), "dedans": _("dedans"), "litige": _("litige"), "passed": _("passe")}

# The message of each problem only this family's engine gives (WebGame.problems).
PROBLEMS = {
    "invalid_player": _("Choisissez un des joueurs."),
    "points_too_few": _(
        "Saisissez les points de chaque joueur (un seul peut être laissé vide : il a le reste)."
    ),
    "points_sum": _("Les points des joueurs font 162 en tout."),
    "points_over_total": _("Les points des joueurs font 162 au plus."),
    "announcements_two_players": _(
        "Seul le joueur qui a la meilleure annonce marque ses annonces."
    ),
    "points_with_capot": _("Avec un capot, ne saisissez pas de points : le capot a tous les plis."),
}

# Their figures on a table's player page (stats.py: belote's, per player).
PLAYER_FIGURES = PlayerFigureWords(
    title=_("Donnes de belote à trois"),
    rows=(
        ("hands_taken", _("Prises")),
        ("contracts_made", _("Contrats faits")),
        ("dedans", _("Dedans")),
        ("litiges", _("Litiges (preneur)")),
        ("capots_made", _("Ses capots")),
        ("capots_suffered", _("Capots des autres joueurs")),
        ("belotes", _("Belotes")),
        ("average_points_taken", _("Points par prise")),
    ),
    hint=_(
        "Toutes les donnes jouées, parties en cours comprises. Chacun pour soi : ses capots, "
        "ses belotes. Points par prise : ce qu'il a marqué, en moyenne, sur les donnes qu'il "
        "a prises."
    ),
)
PLAYER_FIGURES_2 = replace(PLAYER_FIGURES, title=_("Donnes de belote à deux"))
