"""One hand of belote for three or for two in words (BELOTE_3_2, *Scoring
one hand*), from the engine's result: who took, made or dedans (said
plainly), and what each player writes in his column. Belote for two's
explanations are these (``scoresheets.games.belote2``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext as _

from scoresheets.scoring.kernel import Outcome


def _players(match: Any) -> tuple[str, ...]:
    """The match's players in order (its sides: ``Match.sides``)."""
    return tuple(match.sides)


def _columns(match: Any, result: Any) -> str:
    """ "Anne 70 · Bruno 50 · Chloé 42": what each player scores on the hand
    (points), in the match's order."""
    return " · ".join(f"{match.team_name(p)} {result.score[p]}" for p in _players(match))


def explain(match: Any, hand: Any, result: Any) -> str:
    """The explanation of one hand, in one sentence (``WebGame.explain``):
    "Anne prend et fait plus que chacun : Anne 70 · Bruno 50 · Chloé 42",
    "Anne prend et chute : les défenseurs se partagent les points : …",
    "Litige : …", "Tout le monde passe : on redistribue." (``match``: its
    ``sides`` and ``team_name``; ``hand``: the engine's input; ``result``:
    the engine's ``HandResult``, every figure its own, in points)."""
    if result.outcome == Outcome.PASSED:
        return _("Tout le monde passe : on redistribue.")
    taker = match.team_name(hand.taker)
    if hand.capot is not None and hand.capot == hand.taker:
        said = _("%(player)s prend et fait capot : tous les plis.") % {"player": taker}
    elif hand.capot is not None:
        said = _("%(player)s prend et chute : capot de %(capot)s.") % {
            "player": taker,
            "capot": match.team_name(hand.capot),
        }
    elif result.outcome == Outcome.MADE:
        said = _("%(player)s prend et fait plus que la défense.") % {"player": taker}
    elif result.outcome == Outcome.LITIGE:
        said = _("%(player)s prend : égalité (litige), ses points ne sont pas marqués.") % {
            "player": taker
        }
        if result.reserve:
            said = _("%(player)s prend : égalité (litige), ses points vont en réserve.") % {
                "player": taker
            }
    else:
        said = _("%(player)s prend et chute : la défense marque les points.") % {"player": taker}
    if result.collected:
        said += " " + _("Réserve récupérée par %(team)s : %(points)s") % {
            "team": match.team_name(result.winner),
            "points": result.collected,
        }
    return f"{said} {_columns(match, result)}"


def summary(data: Mapping[str, Any], who: str, team_name: Callable[[str], str]) -> list[str]:
    """A hand as entered, in parts of one line (``WebGame.summary``): "Anne
    prend", "plis Anne 70", "plis Bruno 50", "capot Anne", "belote Bruno",
    "annonces Chloé 20" (``data``: its match-document hand; ``who``: the
    taker's name; ``team_name(player)``: a player's name)."""
    parts = [_("%(taker)s prend") % {"taker": who}]
    for player, value in (data.get("points") or {}).items():
        parts.append(_("plis %(team)s %(points)s") % {"team": team_name(player), "points": value})
    if data.get("capot"):
        parts.append(_("capot %(team)s") % {"team": team_name(data["capot"])})
    if data.get("belote"):
        parts.append(_("belote %(team)s") % {"team": team_name(data["belote"])})
    for player, value in (data.get("announcements") or {}).items():
        if value:
            parts.append(
                _("annonces %(team)s %(points)s") % {"team": team_name(player), "points": value}
            )
    return parts


def row_badges(given: Any, result: Any) -> list[tuple[str | None, str]]:
    """A hand's badges on its row (``WebGame.row_badges``): each player's
    announcements ("Annonces 20", in his colour), from the hand as entered
    (the sheet shows the outcome, the capot and the belote itself)."""
    return [
        (player, _("Annonces %(points)s") % {"points": points})
        for player, points in given.announcements.items()
        if points
    ]
