"""A match's rules in words, for the match page's summary: its game, its
preset, then each rule of its game with what it is set to.

The words are the game's own (``scoresheets/games/<name>/words.py``: each
rule's :class:`~scoresheets.games.base.RuleWords`, whose choice labels are
the new-match form's), so a choice is called the same when it is chosen and
when it is shown; the rules' names here are their short ones, for a summary
line. It only formats the stored rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext_lazy

from scoresheets import presets
from scoresheets.games import registry
from scoresheets.games.base import RuleWords
from scoresheets.models import Match

YES = pgettext_lazy("rule", "oui")
NO = pgettext_lazy("rule", "non")


@dataclass(frozen=True)
class RuleLine:
    """One line of the summary: a rule's short name and its value, in words."""

    name: str
    value: str


def game_name(game: str) -> str:
    """``game`` (a game's name) in the user's language ("Coinche"); an
    unknown game by its name, as stored."""
    known = registry.GAMES.get(game)
    return str(known.label) if known is not None else str(game)


def _value(words: RuleWords, value: Any) -> str:
    if value is None and words.empty is not None:  # a rule left empty (donnes; an optional target)
        return str(words.empty)
    if words.optional_range is not None:  # a number of donnes, or none
        if value is None:
            return str(words.empty)
        return ngettext("%(count)s donne", "%(count)s donnes", value) % {"count": value}
    if isinstance(value, bool):
        yes, no = words.booleans or (YES, NO)
        return str(yes if value else no)
    if not words.choices and isinstance(value, int):  # a number of points: the target
        return _("%(points)s points") % {"points": value}
    return str(words.choices.get(value, value))


def rules_in_words(match: Match) -> list[RuleLine]:
    """``match``'s game, preset and rules, one :class:`RuleLine` each, in the
    order of its game's rules (its rules dataclass), then the settings of
    its game beside the rules (a belote match says how it names its cards)."""
    game = registry.game_of(match)
    preset = presets.PRESET_LABELS.get(match.preset, presets.PRESET_LABELS[presets.CUSTOM])
    lines = [
        RuleLine(_("Jeu"), game_name(match.game)),
        RuleLine(_("Règles"), _(preset)),
    ]
    values = {**presets.rule_values(match.rules), "card_names": match.card_names}
    for name in (*presets.rule_names(game.name), "card_names"):
        words = game.rule_words(name)
        if words is not None:
            lines.append(RuleLine(str(words.short or words.label), _value(words, values[name])))
    return lines
