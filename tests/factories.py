"""A small hand-written factory for the view tests: matches and hands with defaults."""

from __future__ import annotations

from typing import Any

from scoresheets import scoring, services
from scoresheets.models import Match

NAMES = ("Alice", "Bob", "Claire", "Dan")  # seats 1-4: Alice & Claire (A) vs Bob & Dan (B)
RULE_KEYS = tuple(scoring.Rules.__dataclass_fields__)


def make_match(*, names: tuple[str, ...] = NAMES, **kwargs: Any) -> Match:
    """A match of the four default players; rule keywords override the classic rules
    (1000 points, no announcements), other keywords go to ``services.match_create``."""
    rules = {"announcements": False}
    rules.update({key: kwargs.pop(key) for key in RULE_KEYS if key in kwargs})
    return services.match_create(names=names, rules=scoring.Rules(**rules), **kwargs)


def hand(taker: str | None = "A", points: int | None = None, **kwargs: Any) -> scoring.HandInput:
    """A hand taken by ``taker``; ``points`` are the taker's team's trick points."""
    if points is not None:
        kwargs.setdefault("points_team", taker)
        kwargs["trick_points"] = points
    if "announcements" in kwargs and isinstance(kwargs["announcements"], dict):
        ann = kwargs["announcements"]
        kwargs["announcements"] = scoring.Pair(ann.get("A", 0), ann.get("B", 0))
    return scoring.HandInput(taker=taker, **kwargs)


def play(match: Match, *hands: scoring.HandInput) -> Match:
    """Record ``hands`` in order (takers known by team only) and return the fresh match."""
    for one in hands:
        services.hand_record(match=match, hand=one)
    return Match.objects.get(pk=match.pk)
