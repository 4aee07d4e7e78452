"""One-line plain explanations of scored hands, in the user's language.

Presentation only: every figure, and who scores it, comes from the engine's
``HandResult`` and its breakdown; no rule is applied here. Examples:
"Dedans : 162 + belote à Eux" (belote), "Contrat 100 ♥ coinché réussi :
(160 + 100) × 2 = 520 à Nous" (coinche).

Sentences never make a team name the subject of a verb written for coinche
("à Nous", "belote gardée par Eux"): a name can be "Nous", "Eux" or
"Léa & Zoé".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.utils.translation import gettext as _

from scoresheets.scoring import (
    BidWord,
    CoincheHand,
    CoincheLevel,
    ContractSuit,
    HandInput,
    HandResult,
    Outcome,
    ScoreParts,
    other_team,
)

if TYPE_CHECKING:
    from scoresheets.models import Match
    from scoresheets.scoresheet import Scoresheet


def explain_hand(sheet: Scoresheet, index: int) -> str:
    """The explanation of hand ``index`` (0-based) of ``sheet``."""
    return explain_result(sheet.match, sheet.hands[index].to_input(), sheet.result.hands[index])


def explain_result(match: Match, hand: HandInput | CoincheHand, result: HandResult) -> str:
    """The explanation of one hand: ``hand`` as entered, ``result`` as scored.

    The figures and who scores them come from ``result`` and its breakdown
    (``HandResult.breakdown``); ``hand`` only names who took, revoked or made
    capot (at coinche: the contract, its suit and its coinche), and ``match``
    the teams. A :class:`~scoresheets.scoring.CoincheHand` is worded by
    :func:`explain_coinche`.
    """
    outcome = result.outcome
    if outcome is Outcome.PASSED:
        return _("Tout le monde passe : on redistribue, rien n'est marqué")
    if isinstance(hand, CoincheHand):
        return explain_coinche(match, hand, result)
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


# --------------------------------------------------------------------------
# Coinche (docs/coinche.md): the contract, then the formula of each team's score
# --------------------------------------------------------------------------

# The suits as players write them; sans-atout and tout-atout in words.
_SUIT_SIGNS = {
    ContractSuit.CLUBS: "♣",
    ContractSuit.DIAMONDS: "♦",
    ContractSuit.HEARTS: "♥",
    ContractSuit.SPADES: "♠",
}


def contract_label(hand: CoincheHand) -> str:
    """The contract of a coinche hand as players say it: "100 ♥", "capot ♠",
    "générale", "110 ♠ surcoinché", "générale coinchée" (the bid, its suit,
    then its coinche; COINCHE, *Hand*). Empty for a redeal."""
    if hand.taker is None:
        return ""
    if hand.bid == BidWord.CAPOT:
        label = _("capot")
    elif hand.bid == BidWord.GENERALE:
        label = _("générale")
    else:
        label = str(hand.bid)
    if hand.suit in _SUIT_SIGNS:
        label = f"{label} {_SUIT_SIGNS[hand.suit]}"
    elif hand.suit == ContractSuit.NO_TRUMP:
        label = _("%(bid)s sans-atout") % {"bid": label}
    elif hand.suit == ContractSuit.ALL_TRUMP:
        label = _("%(bid)s tout-atout") % {"bid": label}
    # "générale" is feminine: its own words for the coinche.
    generale = hand.bid == BidWord.GENERALE
    if hand.coinche == CoincheLevel.COINCHE:
        words = _("%(contract)s coinchée") if generale else _("%(contract)s coinché")
        label = words % {"contract": label}
    elif hand.coinche == CoincheLevel.SURCOINCHE:
        words = _("%(contract)s surcoinchée") if generale else _("%(contract)s surcoinché")
        label = words % {"contract": label}
    return label


def _term(part: str, points: int) -> str:
    if part == "announcements":
        return _("%(points)s d'annonces") % {"points": points}
    if part == "belote":
        return _("belote")
    return str(points)


# The order a team's parts are written in (the multiplied ones together, in
# parentheses, where the first of them would be).
_PART_ORDER = ("tricks", "base", "bid", "announcements", "belote")


def _formula(parts: ScoreParts, multiplied_parts: tuple[str, ...], multiplier: int) -> str:
    """One team's score as a sum: "(160 + 100) × 2 + belote = 540", "42",
    "83 + 80 = 163 (arrondi à 160)". The figures are the breakdown's."""
    group = [name for name in _PART_ORDER if name in multiplied_parts and getattr(parts, name)]
    terms: list[str] = []
    for name in _PART_ORDER:
        points = getattr(parts, name)
        if name in group:
            if name == group[0]:
                inner = " + ".join(_term(n, getattr(parts, n)) for n in group)
                if len(group) > 1:
                    inner = f"({inner})"
                terms.append(f"{inner} × {multiplier}")
        elif points:
            terms.append(_term(name, points))
    text = " + ".join(terms)
    unrounded = parts.total - parts.rounding
    if len(terms) > 1 or group:
        text = f"{text} = {unrounded}"
    if parts.rounding:
        text += _(" (arrondi à %(points)s)") % {"points": parts.total}
    return text


def explain_coinche(match: Match, hand: CoincheHand, result: HandResult) -> str:
    """The explanation of one coinche hand (COINCHE, *Scoring one hand*).

    "Contrat 100 ♥ coinché réussi : (160 + 100) × 2 = 520 à Nous",
    "Dedans, 110 ♠ surcoinché : (160 + 110) × 4 + 20 d'annonces = 1100 à
    Eux ; belote gardée par Nous". The contract comes from ``hand``; every
    figure, who scores it and what the coinche multiplied from ``result``'s
    breakdown. A redeal is worded as at belote.
    """
    if result.outcome is Outcome.PASSED:
        return _("Tout le monde passe : on redistribue, rien n'est marqué")
    name = match.team_name
    breakdown = result.breakdown
    contract = contract_label(hand)
    taker = hand.taker
    if result.outcome is Outcome.MADE:
        if hand.capot == taker and hand.bid not in (BidWord.CAPOT, BidWord.GENERALE):
            head = _("Contrat %(contract)s réussi avec capot") % {"contract": contract}
        else:
            head = _("Contrat %(contract)s réussi") % {"contract": contract}
    elif hand.capot is not None and hand.capot != taker:
        head = _("Dedans, %(contract)s, capot de la défense") % {"contract": contract}
    elif hand.capot is not None and hand.solo is False:
        # A générale whose capot was made by both partners (COINCHE, key `solo`).
        head = _("Dedans, %(contract)s, capot à deux") % {"contract": contract}
    else:
        head = _("Dedans, %(contract)s") % {"contract": contract}

    winner = result.winner
    line = _("%(head)s : %(parts)s à %(team)s") % {
        "head": head,
        "parts": _formula(breakdown[winner], breakdown.multiplied_parts, breakdown.multiplier),
        "team": name(winner),
    }
    loser = other_team(winner)
    theirs = breakdown[loser]
    if theirs.tricks or theirs.announcements:
        # A made points_plus_bid contract: the defense scores its own points.
        line += _(" ; %(parts)s à %(team)s") % {
            "parts": _formula(theirs, (), breakdown.multiplier),
            "team": name(loser),
        }
    elif theirs.belote:
        line += _(" ; belote gardée par %(team)s") % {"team": name(loser)}
    return line
