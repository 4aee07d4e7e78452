"""Tables of friends: the roster, the history, statistics and the ranking.

The ORM side of ``scoresheets.stats`` and ``scoresheets.ratings`` (both pure):
this module reads a table's rows in a fixed number of queries, whatever the
number of matches, and hands them over as their dataclasses. Nothing here
computes a score: the engine does, through ``stats.build_match``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from django.db import transaction
from django.db.models import QuerySet

from scoresheets import ratings, scoring, services, stats
from scoresheets.models import Hand, Match, Player, Table, TablePlayer


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
    if services.table_player_named(table=table, name=name) is not None:
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


RULE_FIELDS = (
    "target",
    "capot_points",
    "rounding",
    "litige",
    "announcements",
    "renonce",
    "win_needs_trick",
)
HAND_FIELDS = (
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


def _seats_by_match(match_ids: QuerySet | list[int]) -> dict[int, tuple]:
    """Match id -> the roster ids in seats 1-4, for matches whose four seats
    are four different roster players (one query, plain values)."""
    seats: dict[int, list] = defaultdict(lambda: [None] * 4)
    rows = Player.objects.filter(match__in=match_ids).values_list("match_id", "seat", "person_id")
    for match_id, seat, person_id in rows:
        seats[match_id][seat - 1] = person_id
    return {
        match_id: tuple(people)
        for match_id, people in seats.items()
        if None not in people and len(set(people)) == 4
    }


def played_matches(table: Table, *, person: TablePlayer | None = None) -> list[stats.PlayedMatch]:
    """Every match of ``table`` (of ``person`` only, if given), scored by the
    engine, as :class:`stats.PlayedMatch` with roster ids as player keys,
    oldest first.

    Three queries (the matches, their players, their live hands), read as
    plain values: a table of 1,000 matches is read and scored in well under a
    second (``bench/bench_tables.py``).
    """
    matches = table.matches.all()
    if person is not None:
        matches = matches.filter(players__person=person)
    rows = list(
        matches.order_by("created_at", "pk").values(
            "pk",
            "created_at",
            "decided_at",
            "first_dealer",
            "team_a_name",
            "team_b_name",
            *RULE_FIELDS,
        )
    )
    ids = [row["pk"] for row in rows]
    seats = _seats_by_match(ids)
    hands: dict[int, list[tuple]] = defaultdict(list)
    live = Hand.objects.live().filter(match__in=ids).values_list(*HAND_FIELDS)
    for hand in live.order_by("match_id", "number"):
        hands[hand[0]].append(hand)
    played = []
    for row in rows:
        if row["pk"] not in seats:
            continue
        match_hands = hands.get(row["pk"], [])
        inputs = [
            scoring.HandInput(
                taker=h[1],
                points_team=h[2],
                trick_points=h[3],
                capot=h[4],
                belote=h[5],
                announcements=scoring.Pair(h[6], h[7]),
                renonce=h[8],
            )
            for h in match_hands
        ]
        played.append(
            stats.build_match(
                key=row["pk"],
                played_on=row["decided_at"] or row["created_at"],
                seats=seats[row["pk"]],
                rules=scoring.Rules(**{name: row[name] for name in RULE_FIELDS}),
                hands=inputs,
                taker_seats=[h[9] for h in match_hands],
                belote_seats=[h[10] for h in match_hands],
                first_dealer=row["first_dealer"],
                team_names=(row["team_a_name"], row["team_b_name"]),
            )
        )
    return played


def table_ratings(table: Table) -> ratings.Ratings:
    """The ratings of the table's players, from its finished matches in the
    order they were started (a correction that reopens and ends a match
    again never moves it in that order). Two queries (matches, players), plain values:
    the summary columns of ``Match`` say who won, so no hand is read.
    Recomputed on every call, so that a corrected match changes the ranking
    at once."""
    finished = list(
        table.matches.filter(finished=True)
        .order_by("created_at", "pk")
        .values_list("pk", "decided_at", "created_at", "winner")
    )
    seats = _seats_by_match(table.matches.filter(finished=True).values("pk"))
    rated = [
        ratings.RatedMatch(
            key=pk,
            played_on=decided_at or created_at,
            team_a=(seats[pk][0], seats[pk][2]),
            team_b=(seats[pk][1], seats[pk][3]),
            winner=winner,
        )
        for pk, decided_at, created_at, winner in finished
        if pk in seats
    ]
    return ratings.compute_ratings(rated)


def player_names(table: Table) -> dict[int, str]:
    """Roster id -> name (one query)."""
    return dict(table.roster.values_list("pk", "name"))


def person_of(table: Table, player_id: int) -> TablePlayer:
    """The roster player ``player_id`` of ``table``; raises ``TablePlayer.DoesNotExist``."""
    return TablePlayer.objects.get(table=table, pk=player_id)
