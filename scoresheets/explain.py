"""One-line plain explanations of scored hands, in the user's language.

Presentation only: every figure, and who scores it, comes from the engine's
``HandResult`` and its breakdown; no rule is applied here. Example:
"Dedans : 162 + belote à Eux".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.utils.translation import gettext as _

from scoresheets.scoring import HandInput, HandResult, Outcome, other_team

if TYPE_CHECKING:
    from scoresheets.models import Match
    from scoresheets.scoresheet import Scoresheet


def explain_hand(sheet: Scoresheet, index: int) -> str:
    """The explanation of hand ``index`` (0-based) of ``sheet``."""
    return explain_result(sheet.match, sheet.hands[index].to_input(), sheet.result.hands[index])


def explain_result(match: Match, hand: HandInput, result: HandResult) -> str:
    """The explanation of one hand: ``hand`` as entered, ``result`` as scored.

    The figures and who scores them come from ``result`` and its breakdown
    (``HandResult.breakdown``); ``hand`` only names who took, revoked or made
    capot, and ``match`` the teams.
    """
    name = match.team_name
    outcome = result.outcome
    breakdown = result.breakdown
    if outcome is Outcome.PASSED:
        return _("Tout le monde passe : on redistribue, rien n'est marqué")
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
            line = _("%(head)s : %(points)s en réserve, %(team)s marquent %(score)s") % {
                "head": _("Litige"),
                "points": breakdown.reserve_in,
                "team": name(defense),
                "score": result.score[defense],
            }
        else:
            line = _(
                "%(head)s : les points du preneur sont perdus, %(team)s marquent %(score)s"
            ) % {
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
            line += _(" ; %(team)s gardent la belote") % {"team": name(loser)}
        return line

    if result.collected:
        line += _(" (dont %(points)s de réserve)") % {"points": result.collected}
    return line
