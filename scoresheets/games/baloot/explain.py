"""One baloot hand in words (BALOOT, *Scoring one hand*), from the engine's
result: who bought which contract (its doubling, an ashkal), made or
khasran (said plainly: the buyer failed, the other team writes it all), a
kaboot, a gahwa that ends the match, and what each team writes: its card
game points, its projects, times the doubling, and its baloot. Every figure
is the engine's (the result's breakdown: ``tricks`` the card game points,
``announcements`` the projects, ``belote`` the baloot, the multiplier m)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from scoresheets.games.baloot import words
from scoresheets.games.baloot.engine import BalootOutcome, Doubling


def contract(data: Any) -> str:
    """A hand's contract in words, as the sheet says it ("Hokm", "Sun
    Doublé ×2", "Hokm Gahwa"); "" for a redeal (``data``: a match-document
    hand)."""
    name = words.CONTRACT_NAMES.get(data.get("contract") or "")
    if name is None:
        return ""
    doubling = words.DOUBLING_NAMES.get(data.get("doubling") or "")
    return f"{name} {doubling}" if doubling else str(name)


def _team_line(name: str, parts: Any, score: int, m: int) -> str:
    """ "Nous 16 + projets 14 = 30", "Eux (16 + projets 5) ×2 = 42",
    "Nous 0 + baloot 2 = 2": one team's figures, each given when it counts."""
    text = str(parts.tricks)
    if parts.announcements:
        text += " + " + _("projets %(points)s") % {"points": parts.announcements}
    if m > 1 and parts.tricks + parts.announcements:
        text = f"({text}) ×{m}" if parts.announcements else f"{text} ×{m}"
    if parts.belote:
        text += " + " + _("baloot %(points)s") % {"points": parts.belote}
    if text != str(score):
        text += f" = {score}"
    return f"{name} {text}"


def _said(match: Any, hand: Any, result: Any) -> str:
    """What the hand came to, in a sentence."""
    values = {
        "team": match.team_name(hand.buyer),
        "contract": contract({"contract": hand.contract, "doubling": hand.doubling}),
        "winner": match.team_name(result.winner) if result.winner else "",
    }
    khasran = result.outcome == BalootOutcome.KHASRAN
    if hand.doubling == Doubling.GAHWA:
        if khasran:
            return (
                _("%(team)s achète (%(contract)s) et est khasran : %(winner)s gagne la partie.")
                % values
            )
        return _("%(team)s achète (%(contract)s) et passe : %(team)s gagne la partie.") % values
    if hand.kaboot is not None:
        if khasran:
            return (
                _("%(team)s achète (%(contract)s) et est khasran : kaboot de %(winner)s.") % values
            )
        return _("%(team)s achète (%(contract)s) et fait kaboot : tous les plis.") % values
    if khasran:
        return _("%(team)s achète (%(contract)s) et est khasran : %(winner)s marque tout.") % values
    return _("%(team)s achète (%(contract)s) et passe.") % values


def explain(match: Any, hand: Any, result: Any) -> str:
    """The explanation of one baloot hand: "Nous achète (Hokm) et passe.
    Nous 10 · Eux 6", "Eux achète (Hokm Doublé ×2) et est khasran : Nous
    marque tout. Nous 16 ×2 = 32 · Eux 0". Every figure is the engine's
    (``result``); a redeal is worded by the house."""
    breakdown = result.breakdown
    m = breakdown.multiplier
    columns = " · ".join(
        _team_line(match.team_name(team), breakdown[team], result.score[team], m)
        for team in ("A", "B")
    )
    said = _said(match, hand, result)
    if hand.ashkal is True:
        said += " " + _("(Ashkal : acheté pour le partenaire.)")
    return f"{said} {columns}"


def summary(data: Any, who: str, team_name: Any) -> list[str]:
    """A baloot hand as entered, in parts of one line: "Anouk achète Hokm",
    "points Nous 96", "kaboot Eux", "projets Nous : Sira, Cinquante",
    "baloot Eux", "ashkal" (``data``: its match-document hand;
    ``team_name(team)``: a team's name)."""
    parts = [_("%(player)s achète %(contract)s") % {"player": who, "contract": contract(data)}]
    for team, value in (data.get("points") or {}).items():
        parts.append(_("points %(team)s %(points)s") % {"team": team_name(team), "points": value})
    if data.get("kaboot"):
        parts.append(_("kaboot %(team)s") % {"team": team_name(data["kaboot"])})
    for team, names in (data.get("projects") or {}).items():
        if names:
            listed = ", ".join(str(words.PROJECT_NAMES.get(n, n)) for n in names)
            parts.append(
                _("projets %(team)s : %(projects)s") % {"team": team_name(team), "projects": listed}
            )
    if data.get("baloot"):
        parts.append(_("baloot %(team)s") % {"team": team_name(data["baloot"])})
    if data.get("ashkal") is True:
        parts.append(_("ashkal"))
    return parts


def row_badges(given: Any, result: Any) -> list[tuple[str | None, str]]:
    """A baloot hand's badges on its row (``WebGame.row_badges``): "Khasran"
    on the buyer that failed, "Kaboot" on the team that took every trick,
    each team's projects as written ("Projets 14") and "Baloot" on its
    team. Not the doubling: the row's heading says it with the contract
    ("Majed achète Hokm Doublé ×2"); a badge repeated it on the sheet and
    the share image."""
    badges: list[tuple[str | None, str]] = []
    if given.buyer is None:
        return badges
    if result.outcome == BalootOutcome.KHASRAN:
        badges.append((given.buyer, _("Khasran")))
    if given.kaboot is not None:
        badges.append((given.kaboot, _("Kaboot")))
    projects = (result.extras or {}).get("projects") or {}
    for team in ("A", "B"):
        if projects.get(team):
            badges.append((team, _("Projets %(points)s") % {"points": projects[team]}))
    if given.baloot is not None:
        badges.append((given.baloot, _("Baloot")))
    return badges
