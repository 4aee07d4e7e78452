"""The fake game's words: its name and its rules' words (the shared ones)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from scoresheets.games.base import ANNOUNCEMENTS, DONNES, TARGET, RuleWords

LABEL = _("Partie d'essai")
RULES_LABEL = _("Règles de la partie d'essai")

RULES: tuple[RuleWords, ...] = (TARGET, DONNES, ANNOUNCEMENTS)
