"""One-line plain explanations of scored hands, in the user's language.

Presentation only: every figure, and who scores it, comes from the engine's
``HandResult`` and its breakdown; no rule is applied here. Each game words
its own (``scoresheets/games/<name>/explain.py``, its ``WebGame.explain``):
"Dedans : 162 + belote à Eux" (belote), "Contrat 100 ♥ coinché réussi :
(160 + 100) × 2 = 520 à Nous" (coinche). A redeal is worded here, the same
in every game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _

from scoresheets.games import registry
from scoresheets.scoring import HandResult, Outcome
from scoresheets.text import names_isolated

if TYPE_CHECKING:
    from scoresheets.matches.scoresheet import Scoresheet
    from scoresheets.models import Match


def explain_hand(sheet: Scoresheet, index: int) -> str:
    """The explanation of hand ``index`` (0-based) of ``sheet``."""
    return explain_result(sheet.match, sheet.hands[index].to_input(), sheet.result.hands[index])


def explain_result(match: Match, hand: Any, result: HandResult) -> str:
    """The explanation of one hand: ``hand`` as entered (the engine's input of
    ``match``'s game), ``result`` as scored.

    The figures and who scores them come from ``result`` and its breakdown
    (``HandResult.breakdown``); ``hand`` only names who took, revoked or made
    capot (at coinche: the contract, its suit and its coinche), and ``match``
    the teams. Worded by the game of ``match`` (``WebGame.explain``).
    """
    if result.outcome is Outcome.PASSED:
        return _("Tout le monde passe : on redistribue, rien n'est marqué")
    # Right to left, each team's name is set apart from the figures around it.
    match = names_isolated(match)
    return registry.game_of(match).explain(match, hand, result)
