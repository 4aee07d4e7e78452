"""Models of the scoresheet: a match, its four players, its hands.

A ``Hand`` stores only what was entered; every score, reserve and total is
derived by the engine (``scoresheets.scoring``) from the match's rules and
hands, so no stale total can exist anywhere.

Storage follows the engine's own documents (the match document,
docs/match-document.md): a match's rules are its document's ``rules`` object
(``Match.rule_values``, JSON) and a hand what its document's hand says
(``Hand.entry``, JSON; its taker apart, below), of the match's game, read
and written by that game's engine (``scoring.engines``) in one place:
:func:`rules_of`, :func:`hand_input` and :meth:`Hand.fields_from_input`.
Every write is validated by the game's engine first (``services``), so a
new rule or hand key of one game needs no column and no migration; a rule
left out of a stored match (one stored before that rule existed) takes its
default.

Real columns are kept only for what is filtered, ordered or constrained by
the database: a match's ``game`` (a table's matches of one game; one of the
registry's games), ``preset`` and ``card_names`` (the app's own, beside the
rules); a hand's ``number`` (the order of play, unique in its match),
``deleted_at`` (the live hands), ``version`` (conflicts), ``taker`` (a team
or nobody, constrained with ``taker_seat``: a redeal has no taker seat, the
taker seat plays for the taker's team) and the seats (``taker_seat``,
``belote_seat``: the app's own, outside the match document, 1 to 4).
Migration 0011 moved the former rule and hand columns into the JSON, and
back.

The models are one module a feature (issue 28): ``base`` (what they share),
``tables``, ``matches``, ``concours`` (and its seasons); every name is
importable from here, as before.
"""

from __future__ import annotations

from scoresheets.models.base import (  # noqa: F401
    CARD_NAMES_CHOICES,
    GAME_NAME_MAX,
    NUMBER_MAX,
    PLAYER_NAME_MAX,
    PRESET_KEY_MAX,
    SEATS,
    SIDE_CHOICES,
    SIDE_OR_NULL,
    SIDES_MAX,
    TEAM_CHOICES,
    TEAM_NAME_MAX,
    TEAM_OR_NULL,
    PlayedGames,
    default_rule_values,
    default_team_name,
    hand_input,
    new_token,
    rules_of,
    seat_team,
    sides_of,
    storable,
)
from scoresheets.models.concours import (  # noqa: F401
    CONCOURS_NAME_MAX,
    ENTRANT_NAME_MAX,
    PENALTY_REASON_MAX,
    SEASON_NAME_MAX,
    Concours,
    ConcoursEntrant,
    ConcoursPartie,
    ConcoursPenalty,
    ConcoursTable,
    Season,
    new_seed,
)
from scoresheets.models.matches import (  # noqa: F401
    Hand,
    HandQuerySet,
    HandRevision,
    Match,
    Player,
)
from scoresheets.models.tables import (  # noqa: F401
    Table,
    TablePlayer,
)
