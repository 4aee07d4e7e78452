"""Belote's explanations: one line for a scored hand, in the user's language.

Presentation only: every figure, and who scores it, comes from the engine's
``HandResult`` and its breakdown; no rule is applied here. "Dedans : 162 +
belote à Eux", "Litige : 81 en réserve, 81 à Nous".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.utils.translation import gettext as _

from scoresheets.games.belote.engine import HandInput
from scoresheets.scoring.kernel import HandResult, Outcome, other_team

if TYPE_CHECKING:
    from scoresheets.models import Match


def explain(match: Match, hand: HandInput, result: HandResult) -> str:
    """The explanation of one belote hand (not a redeal: see
    ``scoresheets.explain.explain_result``): ``hand`` as entered names who
    took, revoked or made capot, ``result`` and its breakdown give every
    figure and who scores it, ``match`` the teams."""
    outcome = result.outcome
    name = match.team_name
    breakdown = result.breakdown
    if outcome is Outcome.ANNULLED:
        return _("Renonce (%(team)s) : donne annulée, rien n'est marqué") % {
            "team": name(hand.renonce)
        }

    if outcome is Outcome.MADE:
        if hand.capot is not None:
            head = _("Capot (%(team)s)") % {"team": name(hand.capot)}
        else:
            head = _("Contrat réussi")
        line = _("%(head)s : %(a_name)s %(a)s – %(b_name)s %(b)s") % {
            "head": head,
            "a_name": match.team_a_name,
            "a": result.score.a,
            "b_name": match.team_b_name,
            "b": result.score.b,
        }
    elif outcome is Outcome.LITIGE:
        # The defense scores its own total; the taker's points are set aside or lost.
        defense = breakdown.defense
        if breakdown.reserve_in:
            line = _("%(head)s : %(points)s en réserve, %(score)s à %(team)s") % {
                "head": _("Litige"),
                "points": breakdown.reserve_in,
                "team": name(defense),
                "score": result.score[defense],
            }
        else:
            line = _("%(head)s : les points du preneur sont perdus, %(score)s à %(team)s") % {
                "head": _("Litige"),
                "team": name(defense),
                "score": result.score[defense],
            }
    else:
        # Dedans or renonce: the winner's parts, then the belote the other team keeps.
        winner = result.winner
        won = breakdown[winner]
        if outcome is Outcome.RENONCE:
            head = _("Renonce (%(team)s)") % {"team": name(hand.renonce)}
            parts = [str(won.penalty)]
        else:
            head = _("Capot de la défense, dedans") if hand.capot is not None else _("Dedans")
            parts = [str(won.tricks)]
        if won.announcements:
            parts.append(_("%(points)s d'annonces") % {"points": won.announcements})
        if won.belote:
            parts.append(_("belote"))
        if won.reserve:
            parts.append(_("%(points)s de réserve") % {"points": won.reserve})
        line = _("%(head)s : %(parts)s à %(team)s") % {
            "head": head,
            "parts": " + ".join(parts),
            "team": name(winner),
        }
        loser = other_team(winner)
        if breakdown[loser].belote:
            line += _(" ; belote gardée par %(team)s") % {"team": name(loser)}
        return line

    if result.collected:
        line += _(" (dont %(points)s de réserve)") % {"points": result.collected}
    return line
