"""One jass hand in words (JASS, *Scoring one hand*), from the engine's
result: the mode and its factor, a Match said plainly, and what each team
writes: its card points, Weis and Stöck, times the mode's factor. Every
figure is the engine's (the result's breakdown: ``tricks`` the cards,
``announcements`` the Weis, ``belote`` the Stöck, the multiplier m)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from scoresheets.games.jass import words
from scoresheets.games.jass.engine import JassOutcome
from scoresheets.games.jass.words import mode_name


def _team_line(name: str, parts: Any, raw: int, score: int, m: int) -> str:
    """ "Nous 92 + Weis 50 = 142", "Eux 65 + Weis 50 = 115 ×2 = 230",
    "Nous 0": one team's figures, each given only when it counts."""
    text = f"{name} {parts.tricks}"
    if parts.announcements:
        text += " + " + _("Weis %(points)s") % {"points": parts.announcements}
    if parts.belote:
        text += " + " + _("Stöck %(points)s") % {"points": parts.belote}
    if raw != parts.tricks:
        text += f" = {raw}"
    if m > 1 and raw:
        text += f" ×{m} = {score}"
    return text


def _said(match: Any, hand: Any, result: Any) -> str:
    """What the hand came to, in a sentence: who announced which mode, or
    the Match (the team that took all nine tricks and its card points)."""
    announcer = match.team_name(hand.announcer)
    mode = mode_name(hand.mode)
    m = result.breakdown.multiplier
    factor = f" ×{m}" if m > 1 else ""
    if result.outcome == JassOutcome.MATCH:
        return _("%(team)s annonce %(mode)s%(factor)s et fait Match : les neuf plis.") % {
            "team": announcer,
            "mode": mode,
            "factor": factor,
        }
    if result.outcome == JassOutcome.KONTER_MATCH:
        return _(
            "%(team)s annonce %(mode)s%(factor)s ; Konter-Match de %(other)s : les neuf plis."
        ) % {
            "team": announcer,
            "mode": mode,
            "factor": factor,
            "other": match.team_name(hand.match),
        }
    return _("%(team)s annonce %(mode)s%(factor)s.") % {
        "team": announcer,
        "mode": mode,
        "factor": factor,
    }


def explain(match: Any, hand: Any, result: Any) -> str:
    """The explanation of one jass hand: "Nous annonce Schilten ♠ ×2. Nous
    92 ×2 = 184 · Eux 65 + Weis 50 = 115 ×2 = 230", and who went out first
    when the tricks decided the match's end. Every figure is the engine's
    (``result``)."""
    breakdown = result.breakdown
    m = breakdown.multiplier
    totals = result.hand_totals
    columns = " · ".join(
        _team_line(match.team_name(team), breakdown[team], totals[team], result.score[team], m)
        for team in ("A", "B")
    )
    text = f"{_said(match, hand, result)} {columns}"
    if hand.out is not None:
        text += " · " + _("Premiers à l'objectif en jouant : %(team)s.") % {
            "team": match.team_name(hand.out)
        }
    return text


def summary(data: Any, who: str, team_name: Any) -> list[str]:
    """A jass hand as entered, in parts of one line: "Anouk annonce
    Schilten ♠", "points Nous 92", "Weis Eux 50", "Stöck Nous", "Match
    Eux", "sortie Nous" (``data``: its match-document hand; ``team_name(team)``:
    a team's name)."""
    parts = [
        _("%(player)s annonce %(mode)s") % {"player": who, "mode": mode_name(data.get("mode"))}
    ]
    for team, value in (data.get("points") or {}).items():
        parts.append(_("points %(team)s %(points)s") % {"team": team_name(team), "points": value})
    if data.get("match"):
        parts.append(_("Match %(team)s") % {"team": team_name(data["match"])})
    for team, value in (data.get("weis") or {}).items():
        if value:
            parts.append(_("Weis %(team)s %(points)s") % {"team": team_name(team), "points": value})
    if data.get("declared"):
        parts.append(_("Weis annoncés : %(count)s") % {"count": len(data["declared"])})
    if data.get("stoeck"):
        parts.append(_("Stöck %(team)s") % {"team": team_name(data["stoeck"])})
    if data.get("out"):
        parts.append(_("sortie %(team)s") % {"team": team_name(data["out"])})
    return parts


def row_badges(given: Any, result: Any) -> list[tuple[str | None, str]]:
    """A jass hand's badges on its row (``WebGame.row_badges``): its Match
    or Konter-Match on the team that took every trick, each team's Weis as
    validated (the engine's, declarations compared), Stöck on its team."""
    badges: list[tuple[str | None, str]] = []
    word = words.BADGES.get(str(result.outcome))
    if word:
        badges.append((given.match, str(word)))
    weis = (result.extras or {}).get("weis") or {}
    for team in ("A", "B"):
        if weis.get(team):
            badges.append((team, _("Weis %(points)s") % {"points": weis[team]}))
    if given.stoeck:
        badges.append((given.stoeck, _("Stöck")))
    return badges
