"""Tables of friends: the roster, the history, statistics and the ranking.

The ORM side of ``scoresheets.stats`` and ``scoresheets.ratings`` (both pure):
this module reads a table's rows in a fixed number of queries, whatever the
number of matches, and hands them over as their dataclasses. Nothing here
computes a score: the engine does, through ``stats.build_match``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.db.models import QuerySet

from scoresheets import ratings, scoring, services, stats
from scoresheets.models import Hand, Match, Table, TablePlayer


class DuplicateName(ValueError):
    """A roster already has a player of that name (any case)."""


@transaction.atomic
def table_create(*, name: str, player_names: Sequence[str] = ()) -> Table:
    """Create a table named ``name`` with its first roster players (blank
    names are skipped; the same name twice is one player)."""
    table = Table(name=name.strip())
    table.full_clean()
    table.save()
    for player_name in player_names:
        if player_name.strip():
            services.table_player_get_or_create(table=table, name=player_name)
    return table


def table_add_player(*, table: Table, name: str) -> TablePlayer:
    """Add ``name`` to the roster. Raises :class:`DuplicateName` if taken."""
    if TablePlayer.objects.filter(table=table, name__iexact=name.strip()).exists():
        raise DuplicateName(name)
    return services.table_player_get_or_create(table=table, name=name)


def table_matches(
    table: Table, *, person: TablePlayer | None = None, status: str = ""
) -> QuerySet[Match]:
    """The table's matches, newest first, optionally of one roster player and
    ``"finished"`` / ``"ongoing"`` only. Players come prefetched."""
    matches = table.matches.order_by("-created_at", "-pk").prefetch_related("players")
    if person is not None:
        matches = matches.filter(players__person=person)
    if status == "finished":
        matches = matches.filter(finished=True)
    elif status == "ongoing":
        matches = matches.filter(finished=False)
    return matches


def _seats(match: Match) -> tuple[Any, Any, Any, Any] | None:
    people = [p.person_id for p in sorted(match.players.all(), key=lambda p: p.seat)]
    if len(people) != 4 or None in people or len(set(people)) != 4:
        return None
    return tuple(people)


def played_matches(table: Table, *, person: TablePlayer | None = None) -> list[stats.PlayedMatch]:
    """Every match of ``table`` (of ``person`` only, if given), scored by the
    engine, as :class:`stats.PlayedMatch` with roster ids as player keys.

    Three queries: the matches, their players, their live hands.
    """
    matches = list(table_matches(table, person=person).order_by("created_at", "pk"))
    fields = (
        "match_id",
        "taker",
        "points_team",
        "trick_points",
        "capot",
        "belote",
        "announcements_a",
        "announcements_b",
        "renonce",
        "taker_seat",
        "belote_seat",
    )
    rows: dict[int, list[tuple]] = defaultdict(list)
    hands = Hand.objects.live().filter(match__in=[m.pk for m in matches]).values_list(*fields)
    for row in hands.order_by("match_id", "number"):
        rows[row[0]].append(row)
    played = []
    for match in matches:
        seats = _seats(match)
        if seats is None:
            continue
        match_rows = rows.get(match.pk, [])
        inputs = [
            scoring.HandInput(
                taker=r[1],
                points_team=r[2],
                trick_points=r[3],
                capot=r[4],
                belote=r[5],
                announcements=scoring.Pair(r[6], r[7]),
                renonce=r[8],
            )
            for r in match_rows
        ]
        played.append(
            stats.build_match(
                key=match.pk,
                played_on=match.decided_at or match.created_at,
                seats=seats,
                rules=match.rules,
                hands=inputs,
                taker_seats=[r[9] for r in match_rows],
                belote_seats=[r[10] for r in match_rows],
                first_dealer=match.first_dealer,
                team_names=(match.team_a_name, match.team_b_name),
            )
        )
    return played


def table_ratings(table: Table) -> ratings.Ratings:
    """The ratings of the table's players, from its finished matches in the
    order they were decided. Two queries (matches, players): the summary
    columns of ``Match`` say who won, so no hand is read. Recomputed on every
    call, so that a corrected match changes the ranking at once."""
    finished = (
        table.matches.filter(finished=True).order_by("decided_at", "pk").prefetch_related("players")
    )
    rated = []
    for match in finished:
        seats = _seats(match)
        if seats is None:
            continue
        rated.append(
            ratings.RatedMatch(
                key=match.pk,
                played_on=match.decided_at or match.created_at,
                team_a=(seats[0], seats[2]),
                team_b=(seats[1], seats[3]),
                winner=match.winner,
            )
        )
    return ratings.compute_ratings(rated)


def player_names(table: Table) -> dict[int, str]:
    """Roster id -> name (one query)."""
    return dict(table.roster.values_list("pk", "name"))


def person_of(table: Table, player_id: int) -> TablePlayer:
    """The roster player ``player_id`` of ``table``; raises ``TablePlayer.DoesNotExist``."""
    return TablePlayer.objects.get(table=table, pk=player_id)
