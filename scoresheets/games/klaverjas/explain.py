"""One klaverjas hand in words (KLAVERJAS, *Scoring one hand*), from the
engine's result: who played, made or nat (said plainly), the pit or the
revoke, and what each team writes in its points and roem columns."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from scoresheets.games.klaverjas.engine import KlaverjasOutcome


def _columns(match: Any, result: Any) -> str:
    """ "Nous 90 + 20 roem = 110 · Eux 72": each team's points and roem."""
    parts = []
    for team, points, roem, score in (
        ("A", result.breakdown.a.tricks, result.breakdown.a.announcements, result.score.a),
        ("B", result.breakdown.b.tricks, result.breakdown.b.announcements, result.score.b),
    ):
        name = match.team_name(team)
        if roem:
            parts.append(
                _("%(team)s %(points)s + %(roem)s roem = %(score)s")
                % {"team": name, "points": points, "roem": roem, "score": score}
            )
        else:
            parts.append(f"{name} {score}")
    return " · ".join(parts)


def explain(match: Any, hand: Any, result: Any) -> str:
    """The explanation of one klaverjas hand: "Nous jouent et passent :
    Nous 90 + 20 roem = 110 · Eux 72", "Eux jouent et sont nat : Nous
    prennent 162 et toute la roem …", "Verzaakt par Eux : 162 et 100 de roem
    à Nous …". Every figure is the engine's (``result``)."""
    playing = match.team_name(hand.playing)
    if result.outcome == KlaverjasOutcome.REVOKE:
        said = _("Verzaakt par %(team)s : l'autre équipe prend tout.") % {
            "team": match.team_name(hand.revoke)
        }
    elif result.outcome == KlaverjasOutcome.NAT:
        said = _("%(team)s joue et est nat : l'autre équipe prend 162 et toute la roem.") % {
            "team": playing
        }
        if hand.pit is not None:
            said = _("%(team)s joue et est nat, pit de l'autre équipe (tegenpit).") % {
                "team": playing
            }
    elif hand.pit is not None:
        said = _("%(team)s joue et fait pit : tous les plis, avec la prime.") % {"team": playing}
    else:
        said = _("%(team)s joue et passe.") % {"team": playing}
    return f"{said} {_columns(match, result)}"


def summary(data: Any, who: str, team_name: Any) -> list[str]:
    """A klaverjas hand as entered, in parts of one line: "Anouk joue",
    "points Nous 90", "roem Nous 20", "pit Nous", "verzaakt Eux"
    (``data``: its match-document hand; ``team_name(team)``: a team's name)."""
    parts = [_("%(player)s joue") % {"player": who}]
    for team, value in (data.get("points") or {}).items():
        parts.append(_("points %(team)s %(points)s") % {"team": team_name(team), "points": value})
    for team, value in (data.get("roem") or {}).items():
        if value:
            parts.append(_("roem %(team)s %(points)s") % {"team": team_name(team), "points": value})
    if data.get("pit"):
        parts.append(_("pit %(team)s") % {"team": team_name(data["pit"])})
    if data.get("revoke"):
        parts.append(_("verzaakt %(team)s") % {"team": team_name(data["revoke"])})
    return parts


def score_parts(result: Any) -> dict[str, tuple[int, int]] | None:
    """Each team's points and roem on a hand, as its columns on the sheet
    (``WebGame.score_parts``): the result's ``extras`` (KLAVERJAS,
    *Result*), ``None`` if it has none."""
    extras = result.extras
    if not extras:
        return None
    points, roem = extras["points"], extras["roem"]
    return {team: (points[team], roem[team]) for team in ("A", "B")}


def row_badges(given: Any, result: Any) -> list[tuple[str | None, str]]:
    """A klaverjas hand's badges on its row (``WebGame.row_badges``): "Nat"
    on the team that went nat, "Pit" and "Verzaakt" on their team, each
    team's roem as written ("Roem 20"), from the hand as entered."""
    badges: list[tuple[str | None, str]] = []
    if result.outcome == KlaverjasOutcome.NAT:
        badges.append((given.playing, _("Nat")))
    if given.pit is not None:
        badges.append((given.pit, _("Pit")))
    if given.revoke is not None:
        badges.append((given.revoke, _("Verzaakt")))
    for team, roem in (("A", given.roem.a), ("B", given.roem.b)):
        if roem:
            badges.append((team, _("Roem %(points)s") % {"points": roem}))
    return badges
