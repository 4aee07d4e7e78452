"""Belote's explanations: one line for a scored hand, in the user's language.

Presentation only: every figure, and who scores it, comes from the engine's
``HandResult`` and its breakdown; no rule is applied here. "Dedans : 162 +
belote à Eux", "Litige, 81 à 81 : 81 en réserve, 81 à Nous". A failed
contract says why, with the figures that decided it (the engine's
``hand_totals``): "Le preneur a fait 90 (70 + belote) contre 92 : il fallait
plus que la défense." (issue 20).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.utils.translation import gettext as _

from scoresheets.games.belote.engine import HandInput
from scoresheets.scoring.kernel import BELOTE_POINTS, HandResult, Outcome, other_team

if TYPE_CHECKING:
    from scoresheets.models import Match


def taker_made(total: int, tricks: int, belote: bool) -> str:
    """The points a taker made, as the engine counted them (``total``: its
    hand total) and what they were: "90 (70 + belote)", "100 (80 + 20
    d'annonces)", "100". ``tricks``: its trick points; ``belote``: whether its
    belote is in ``total``. Words only: the figures are the engine's."""
    extras = total - tricks
    terms = [str(tricks)]
    if belote and extras >= BELOTE_POINTS:
        terms.append(_("belote"))
        extras -= BELOTE_POINTS
    if extras:
        terms.append(_("%(points)s d'annonces") % {"points": extras})
    if len(terms) == 1:
        return str(total)
    return f"{total} ({' + '.join(terms)})"


def _why_dedans(match: Match, hand: HandInput, result: HandResult) -> str:
    """Why the taker of a dedans without capot failed: its hand total against
    the defense's, or the tie that the rules make fall (" Égalité, 81 à 81 :
    le preneur chute (règle du litige).")."""
    totals, tricks = result.hand_totals, result.tricks
    taker = result.breakdown.taker
    if hand.capot is not None or totals is None or tricks is None or taker is None:
        return ""
    defense = other_team(taker)
    if totals[taker] == totals[defense]:
        return _("Égalité, %(points)s à %(points)s : le preneur chute (règle du litige).") % {
            "points": totals[taker]
        }
    return _("Le preneur a fait %(made)s contre %(defense)s : il fallait plus que la défense.") % {
        "made": taker_made(totals[taker], tricks[taker], hand.belote == taker),
        "defense": totals[defense],
    }


def explain(match: Match, hand: HandInput, result: HandResult) -> str:
    """The explanation of one belote hand (not a redeal: see
    ``scoresheets.matches.explain.explain_result``): ``hand`` as entered names who
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
        # The tie, in figures: "Litige, 81 à 81".
        tie = result.hand_totals[defense] if result.hand_totals else None
        head = (
            _("Litige") if tie is None else _("Litige, %(points)s à %(points)s") % {"points": tie}
        )
        if breakdown.reserve_in:
            line = _("%(head)s : %(points)s en réserve, %(score)s à %(team)s") % {
                "head": head,
                "points": breakdown.reserve_in,
                "team": name(defense),
                "score": result.score[defense],
            }
        else:
            line = _("%(head)s : les points du preneur sont perdus, %(score)s à %(team)s") % {
                "head": head,
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
        if outcome is Outcome.DEDANS and (why := _why_dedans(match, hand, result)):
            line += ". " + why
        return line

    if result.collected:
        line += _(" (dont %(points)s de réserve)") % {"points": result.collected}
    return line
