"""A match's rules in words, for the match page's summary: its game, its
preset, then each rule of its game with what it is set to.

The words of the choices are the new-match form's (``forms.RULE_CHOICE_LABELS``,
``forms.COINCHE_CHOICE_LABELS``, ``presets.CARD_NAMES_LABELS``), so a choice is
called the same when it is chosen and when it is shown; the rules' names here
are short ones for a summary line. It only formats the stored rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from scoresheets import presets, scoring
from scoresheets.forms import COINCHE_CHOICE_LABELS, RULE_CHOICE_LABELS
from scoresheets.models import Match

YES = pgettext_lazy("rule", "oui")
NO = pgettext_lazy("rule", "non")

# Each rule's short name (both games'); a boolean's words when true and false.
RULE_NAMES: dict[str, Any] = {
    "target": gettext_lazy("Objectif"),
    "capot_points": gettext_lazy("Valeur du capot"),
    "rounding": gettext_lazy("Arrondi"),
    "litige": gettext_lazy("Litige"),
    "announcements": gettext_lazy("Annonces"),
    "renonce": gettext_lazy("Renonce"),
    "win_needs_trick": gettext_lazy("Gagner la partie sur une donne sans pli"),
    "made_score": gettext_lazy("Contrat réussi"),
    "coinche_score": gettext_lazy("Contrat coinché"),
    "belote_counts": gettext_lazy("Belote comptée pour le contrat"),
    "announcements_count": gettext_lazy("Annonces comptées pour le contrat"),
    "capot_bid_points": gettext_lazy("Capot annoncé (générale : le double)"),
    "card_names": gettext_lazy("Cartes"),
}
COINCHE_RULE_NAMES: dict[str, Any] = {
    "capot_points": gettext_lazy("Capot non annoncé"),
}
BOOLEAN_WORDS: dict[str, tuple[Any, Any]] = {
    "win_needs_trick": (gettext_lazy("impossible"), gettext_lazy("possible")),
}


@dataclass(frozen=True)
class RuleLine:
    """One line of the summary: a rule's short name and its value, in words."""

    name: str
    value: str


def game_name(game: str) -> str:
    """``game`` (a ``scoring.Game`` value) in the user's language ("Coinche")."""
    return _(presets.GAME_LABELS.get(game, presets.GAME_LABELS[scoring.Game.BELOTE]))


def _value(name: str, value: Any, labels: dict[str, dict[Any, Any]]) -> str:
    if name == "target":
        return _("%(points)s points") % {"points": value}
    if isinstance(value, bool):
        yes, no = BOOLEAN_WORDS.get(name, (YES, NO))
        return str(yes if value else no)
    if name in labels:
        return str(labels[name].get(value, value))
    return str(value)


def rules_in_words(match: Match) -> list[RuleLine]:
    """``match``'s game, preset and rules, one :class:`RuleLine` each, in the
    order of its game's rules (``presets.rule_names``); a belote match also
    says how it names its cards."""
    coinche = match.is_coinche
    labels = COINCHE_CHOICE_LABELS if coinche else RULE_CHOICE_LABELS
    names = {**RULE_NAMES, **(COINCHE_RULE_NAMES if coinche else {})}
    preset = presets.PRESET_LABELS.get(match.preset, presets.PRESET_LABELS[presets.CUSTOM])
    lines = [
        RuleLine(_("Jeu"), game_name(match.game)),
        RuleLine(_("Règles"), _(preset)),
    ]
    values = presets.rule_values(match.rules)
    for name, value in values.items():
        lines.append(RuleLine(str(names[name]), _value(name, value, labels)))
    if not coinche:
        card_names = presets.CARD_NAMES_LABELS.get(match.card_names, match.card_names)
        lines.append(RuleLine(str(names["card_names"]), _(card_names)))
    return lines
