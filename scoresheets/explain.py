"""One-line plain explanations of scored hands, in the user's language.

Presentation only: every figure comes from the engine's ``HandResult`` (no
score is computed here). Example: "Dedans : 162 + belote à Eux".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.utils.translation import gettext as _

from scoresheets.scoring import (
    BELOTE_POINTS,
    TRICK_POINTS_TOTAL,
    HandInput,
    HandResult,
    Outcome,
    other_team,
)

if TYPE_CHECKING:
    from scoresheets.models import Match
    from scoresheets.services import Scoresheet


def explain_hand(sheet: Scoresheet, index: int) -> str:
    """The explanation of hand ``index`` (0-based) of ``sheet``."""
    return explain_result(sheet.match, sheet.hands[index].to_input(), sheet.result.hands[index])


def explain_result(match: Match, hand: HandInput, result: HandResult) -> str:
    """The explanation of one hand: ``hand`` as entered, ``result`` as scored.

    ``match`` gives the team names and the rules (capot value, litige rule).
    """
    name = match.team_name
    outcome = result.outcome
    if outcome is Outcome.PASSED:
        return _("Tout le monde passe : on redistribue, rien n'est marqué")
    if outcome is Outcome.ANNULLED:
        return _("Renonce (%(team)s) : donne annulée, rien n'est marqué") % {
            "team": name(hand.renonce)
        }

    parts: list[str] = []
    if outcome is Outcome.RENONCE:
        winner = other_team(hand.renonce)
        parts.append(str(TRICK_POINTS_TOTAL))
        head = _("Renonce (%(team)s)") % {"team": name(hand.renonce)}
    elif outcome is Outcome.MADE:
        winner = hand.taker
        if hand.capot is not None:
            head = _("Capot (%(team)s)") % {"team": name(hand.capot)}
        else:
            head = _("Contrat réussi")
    elif outcome is Outcome.DEDANS:
        winner = other_team(hand.taker)
        head = _("Capot de la défense, dedans") if hand.capot is not None else _("Dedans")
    else:
        winner = other_team(hand.taker)  # the defense scores its own total
        head = _("Litige")

    if outcome is Outcome.MADE:
        line = _("%(head)s : %(a_name)s %(a)s – %(b_name)s %(b)s") % {
            "head": head,
            "a_name": match.team_a_name,
            "a": result.score.a,
            "b_name": match.team_b_name,
            "b": result.score.b,
        }
    elif outcome is Outcome.LITIGE:
        if match.litige == "reserve":
            taker_points = result.hand_totals[hand.taker] - (
                BELOTE_POINTS if hand.belote == hand.taker else 0
            )
            line = _("%(head)s : %(points)s en réserve, %(team)s marquent %(score)s") % {
                "head": head,
                "points": taker_points,
                "team": name(winner),
                "score": result.score[winner],
            }
        else:
            line = _(
                "%(head)s : les points du preneur sont perdus, %(team)s marquent %(score)s"
            ) % {
                "head": head,
                "team": name(winner),
                "score": result.score[winner],
            }
    else:
        # Dedans or renonce: the winner takes the hand's points and all announcements.
        if outcome is Outcome.DEDANS:
            parts.append(str(match.capot_points if hand.capot == winner else TRICK_POINTS_TOTAL))
        announcements = hand.announcements.a + hand.announcements.b
        if announcements:
            parts.append(_("%(points)s d'annonces") % {"points": announcements})
        if hand.belote == winner:
            parts.append(_("belote"))
        if result.collected:
            parts.append(_("%(points)s de réserve") % {"points": result.collected})
        line = _("%(head)s : %(parts)s à %(team)s") % {
            "head": head,
            "parts": " + ".join(parts),
            "team": name(winner),
        }
        loser = other_team(winner)
        if hand.belote == loser:
            line += _(" ; %(team)s gardent la belote") % {"team": name(loser)}
        return line

    if result.collected:
        line += _(" (dont %(points)s de réserve)") % {"points": result.collected}
    return line
