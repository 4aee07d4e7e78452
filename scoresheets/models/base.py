"""What the models of every feature share: seats and teams, names'
lengths, tokens, the games' and presets' room, the stored rules and hands
read by their game's engine (the package's docstring says how)."""

from __future__ import annotations

import secrets
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from scoresheets import presets
from scoresheets.scoring.engines import ENGINES, engine_named

TEAM_CHOICES = [("A", "A"), ("B", "B")]
SEATS = (1, 2, 3, 4)
# The sides of a match: two teams, A and B, or the players of a game scored
# per player (its engine's ``players``: "A", "B", "C" at most). A match's
# winner and a hand's taker are one of them.
SIDE_CHOICES = [("A", "A"), ("B", "B"), ("C", "C")]
SIDES_MAX = len(SIDE_CHOICES)


def seat_team(seat: int, players: tuple[str, ...] = ()) -> str:
    """The side of a seat: partners face to face, seats 1 and 3 are A, 2 and
    4 are B; in a game scored per player (``players``, its engine's), the
    seat's own player (seat 1 is the first, "A")."""
    if players:
        return players[seat - 1]
    return "A" if seat % 2 == 1 else "B"


def sides_of(game: str) -> tuple[str, ...]:
    """The sides of a match of ``game`` (a game of the registry): its
    engine's players for a game scored per player, else the teams A and B."""
    return ENGINES[game].players or ("A", "B")


def default_team_name(first: str, second: str) -> str:
    """A team's default name: its partners' names ("Alice & Claire")."""
    return f"{first} & {second}"


PLAYER_NAME_MAX = 40  # characters
# A team's name holds at least its default, two of the longest names.
TEAM_NAME_MAX = len(default_team_name("x" * PLAYER_NAME_MAX, "x" * PLAYER_NAME_MAX))


def new_token() -> str:
    """An unguessable URL token: 144 bits from ``secrets`` (24 URL-safe characters)."""
    return secrets.token_urlsafe(18)


# The card names' choices: from the presets module.
CARD_NAMES_CHOICES = [(key, _(label)) for key, label in presets.CARD_NAMES_LABELS.items()]

# A match's game (FORMAT, top-level key ``game``) and preset are checked by
# the registries (an unknown game is an error: scoresheets.games.registry),
# never by the database: a new game or preset is its package and the
# registry's line, with no migration (docs/games.md). Room for their names:
GAME_NAME_MAX = 32
PRESET_KEY_MAX = 32


class PlayedGames(models.Manager):
    """The default manager of what is played at a game (matches, concours):
    only those of a game the registry plays. A row of a game no package plays
    any more (taken away since, or written behind the registry's back) is
    kept, untouched, but no page, list or statistic meets it: its pages are
    "not found", never an error (``_base_manager`` still sees it, so that a
    deletion cascades through it)."""

    def get_queryset(self) -> models.QuerySet:
        """Every row whose ``game`` is one of the registry's."""
        return super().get_queryset().filter(game__in=list(ENGINES))


def default_rule_values() -> dict[str, Any]:
    """A new match's rules: the default game's default preset's (plain values)."""
    return presets.rule_values(presets.DEFAULT.rules)


# The largest number a match keeps (rules, announcements): a 32-bit integer's,
# as the columns that held them before migration 0011. The engine takes any
# integer; a larger one is refused as too large, before anything is written.
NUMBER_MAX = 2**31 - 1


def storable(data: Any) -> Any:
    """``data`` (plain JSON values) unchanged. Raises ``ValidationError``
    (code ``too_large``) when it holds an integer beyond :data:`NUMBER_MAX`."""
    values = data.values() if isinstance(data, dict) else data if isinstance(data, list) else ()
    for value in values:
        if isinstance(value, dict | list):
            storable(value)
        elif isinstance(value, int) and not -NUMBER_MAX <= value <= NUMBER_MAX:
            raise ValidationError("a number is too large to keep", code="too_large")
    return data


def rules_of(game: str, values: Any) -> Any:
    """The engine's rules of a match of ``game`` whose rules object is
    ``values`` (``Match.rule_values``). Raises ``scoring.MatchError`` for an
    unknown game or rules its engine refuses."""
    return engine_named(game).parse_rules(values)


def hand_input(game: str, taker: str | None, entry: dict[str, Any]) -> Any:
    """The engine's input of a hand of ``game`` stored as ``taker`` and
    ``entry`` (``Hand.taker``, ``Hand.entry``): the inverse of
    :meth:`Hand.fields_from_input`. Raises ``scoring.MatchError`` for an
    unknown game or a hand its engine cannot read."""
    engine = engine_named(game)
    return engine.parse_hand({**entry, engine.taker_key: taker}, 1)


TEAM_OR_NULL = ["A", "B"]
SIDE_OR_NULL = [code for code, _label in SIDE_CHOICES]


def _team_or_null(field_name: str, values: list[str] = TEAM_OR_NULL) -> Q:
    return Q(**{f"{field_name}__isnull": True}) | Q(**{f"{field_name}__in": values})
