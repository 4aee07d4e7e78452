from __future__ import annotations

from django.apps import AppConfig


class ScoresheetsConfig(AppConfig):
    """The scoresheet app: matches, hands and the pure scoring engine."""

    name = "scoresheets"
    verbose_name = "Rebelote"

    def ready(self) -> None:
        # A knockout follows its tables' ends (docs/concours.md 7): the
        # matches' services call it, without importing the concours.
        from scoresheets.concours.services import knockout_match_changed
        from scoresheets.matches.services import OUTCOME_HOOKS

        if knockout_match_changed not in OUTCOME_HOOKS:
            OUTCOME_HOOKS.append(knockout_match_changed)
