"""Coinche's explanations (docs/coinche.md): the contract, then the formula
of each team's score, in the user's language.

Presentation only: every figure, who scores it and what the coinche
multiplied come from the engine's ``HandResult`` and its breakdown.
"Contrat 100 ♥ coinché réussi : (160 + 100) × 2 = 520 à Nous".
A failed contract says why, with the figures that decided it (the engine's
``hand_totals``, check(X)): "Il fallait 80 et plus que la défense (92) : le
preneur a fait 90 (70 + belote).", "Égalité, 81 à 81 : pas de litige à la
coinche, le contrat chute." (issue 20). Sentences never make a team name
the subject of a verb ("à Nous", "belote gardée par Eux"): a name can be
"Nous", "Eux" or "Léa & Zoé".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.utils.translation import gettext as _

from scoresheets.games.belote.explain import taker_made
from scoresheets.games.coinche.engine import BidWord, CoincheHand, CoincheLevel, ContractSuit
from scoresheets.scoring.kernel import HandResult, Outcome, ScoreParts, other_team

if TYPE_CHECKING:
    from scoresheets.models import Match


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


def _why_dedans(match: Match, hand: CoincheHand, result: HandResult) -> str:
    """Why the taker of a dedans failed, when the defense made no capot: a bid
    of capot or générale needed every trick; a numeric bid, its figure and
    more than the defense (COINCHE, *Scoring one hand*), said with the taker's
    check(X) against the defense's, or the tie (no litige at coinche)."""
    if hand.capot is not None:
        return ""
    if hand.bid in (BidWord.CAPOT, BidWord.GENERALE):
        return _("Il fallait faire tous les plis.")
    totals, tricks = result.hand_totals, result.tricks
    if totals is None or tricks is None:
        return ""
    taker, defense = hand.taker, other_team(hand.taker)
    if totals[taker] == totals[defense]:
        return _(
            "Égalité, %(points)s à %(points)s : pas de litige à la coinche, le contrat chute."
        ) % {"points": totals[taker]}
    belote = hand.belote == taker and getattr(match.rules, "belote_counts", True)
    return _(
        "Il fallait %(bid)s et plus que la défense (%(defense)s) : le preneur a fait %(made)s."
    ) % {
        "bid": hand.bid,
        "defense": totals[defense],
        "made": taker_made(totals[taker], tricks[taker], belote),
    }


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
    if result.outcome is Outcome.DEDANS and (why := _why_dedans(match, hand, result)):
        line += ". " + why
    return line
