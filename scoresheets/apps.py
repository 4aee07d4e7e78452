from __future__ import annotations

from django.apps import AppConfig


class ScoresheetsConfig(AppConfig):
    """The scoresheet app: matches, hands and the pure scoring engine."""

    name = "scoresheets"
    verbose_name = "Rebelote"
