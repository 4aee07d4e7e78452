"""One hand of the fake game in words."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from scoresheets.scoring.kernel import Outcome


def explain(match: Any, hand: Any, result: Any) -> str:
    """The hand's outcome and each team's score, in a sentence."""
    if result.outcome is Outcome.PASSED:
        return _("Tout le monde passe.")
    said = _("Contrat fait.") if result.outcome is Outcome.MADE else _("Dedans.")
    return f"{said} {result.score.a} – {result.score.b}"
