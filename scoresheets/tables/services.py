"""Tables of friends: the roster, the history, statistics and the ranking.

The ORM side of ``scoresheets.stats`` and ``scoresheets.ratings`` (both pure):
this module reads a table's rows in a fixed number of queries, whatever the
number of matches, and hands them over as their dataclasses. Nothing here
computes a score: the engine does, through ``stats.build_match``.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import QuerySet

from scoresheets import ratings, scoring, stats
from scoresheets.matches import services
from scoresheets.models import (
    Hand,
    Match,
    Player,
    Table,
    TablePlayer,
    hand_input,
    rules_of,
    sides_of,
)
from scoresheets.scoring.engines import ENGINES
from scoresheets.sync import caching


class DuplicateName(ValueError):
    """A roster already has a player of that name (any case)."""


def rotate_partners(seats: Sequence[Any], times: int = 1) -> list[Any]:
    """The four seats (1 to 4, partners 1 & 3 against 2 & 4) after ``times``
    changes of partners: seat 1 keeps its place, the players of seats 2, 3 and
    4 each move one seat on (2 to 3, 3 to 4, 4 to 2). Seat 1's partner is
    then the former seat 2, then the former seat 4: three changes make the
    three possible pairings and come back to the start (``times`` is taken
    modulo 3). Raises ``ValueError`` unless there are four seats."""
    if len(seats) != 4:
        raise ValueError("four seats")
    out = list(seats)
    for _ in range(times % 3):
        out = [out[0], out[3], out[1], out[2]]
    return out


def table_create(*, name: str, player_names: Sequence[str] = (), key: str | None = None) -> Table:
    """Create a table named ``name`` with its first roster players (blank
    names are skipped; the same name twice is one player).

    ``key`` is the form's one-time key (``forms.OneTimeKeyForm``): the form
    sent again with the same name (a double tap, a resend after a lost
    answer) gets the table the first sending created; a key already used for
    another name is not a resend (the table is new, recorded without a key).
    """
    return services.created_once(
        key,
        lambda key: _created_table(key, name),
        lambda key: _table_create(name=name, player_names=player_names, key=key),
    )


def _created_table(key: str | None, name: str) -> tuple[Table | None, str | None]:
    """The table ``key`` already created with ``name``, and the key to record."""
    if not key:
        return None, None
    made = Table.objects.filter(creation_key=key).first()
    if made is None:
        return None, key
    return (made, key) if made.name.casefold() == name.strip().casefold() else (None, None)


@transaction.atomic
def _table_create(*, name: str, player_names: Sequence[str], key: str | None) -> Table:
    """:func:`table_create` once a resend is ruled out; ``key`` is recorded."""
    table = Table(name=name.strip(), creation_key=key)
    table.full_clean(validate_unique=False)  # the key's uniqueness: table_create
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


def table_games(table: Table) -> tuple[str, ...]:
    """The games (``"belote"``, ``"coinche"``) of the table's matches, in
    the order of :class:`scoring.Game`; empty for a table without matches
    (one query)."""
    played = set(table.matches.order_by().values_list("game", flat=True).distinct())
    return tuple(game for game in scoring.Game if game in played)


# A hand as read for the statistics: its match, what was entered (its taker
# and the rest of its match-document hand, read as ``Hand.to_input`` does:
# ``models.hand_input``) and the seats.
HAND_FIELDS = ("match_id", "taker", "entry", "taker_seat", "belote_seat")


def _seats_by_match(match_ids: QuerySet | list[int]) -> dict[int, tuple]:
    """Match id -> the roster ids in seat order (seats 1-4, or one per player
    of a game scored per player), for matches whose seats are all different
    roster players (one query, plain values). A match of four seats with a
    seat missing is left out by its caller (:func:`_seated`)."""
    seats: dict[int, dict[int, Any]] = defaultdict(dict)
    rows = Player.objects.filter(match__in=match_ids).values_list("match_id", "seat", "person_id")
    for match_id, seat, person_id in rows:
        seats[match_id][seat] = person_id
    out = {}
    for match_id, by_seat in seats.items():
        people = [by_seat.get(seat) for seat in range(1, max(by_seat) + 1)]
        if None not in people and len(set(people)) == len(people):
            out[match_id] = tuple(people)
    return out


def _seated(seats: dict[int, tuple], pk: int, game: str) -> tuple | None:
    """The roster ids of match ``pk``'s seats when it has every seat of its
    ``game`` (4, or one per player: ``sides_of``), else ``None``."""
    people = seats.get(pk)
    wanted = len(sides_of(game)) if ENGINES[game].players else 4
    return people if people is not None and len(people) == wanted else None


def played_matches(
    table: Table, *, person: TablePlayer | None = None, ids: Sequence[int] | None = None
) -> list[stats.PlayedMatch]:
    """Every match of ``table`` (of ``person`` only, if given; of the match
    ids ``ids`` only, if given), scored by the engine, as
    :class:`stats.PlayedMatch` with roster ids as player keys, oldest first.

    Three queries (the matches, their players, their live hands), read as
    plain values: a table of 1,000 matches is read and scored in well under a
    second (``bench/bench_tables.py``).
    """
    matches = table.matches.all()
    if person is not None:
        matches = matches.filter(players__person=person)
    if ids is not None:
        matches = matches.filter(pk__in=ids)
    rows = list(
        matches.order_by("created_at", "pk").values(
            "pk",
            "created_at",
            "decided_at",
            "first_dealer",
            "team_a_name",
            "team_b_name",
            "team_c_name",
            "game",
            "rule_values",
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
        seated = _seated(seats, row["pk"], row["game"])
        if seated is None:
            continue
        match_hands = hands.get(row["pk"], [])
        inputs = [hand_input(row["game"], h[1], h[2]) for h in match_hands]
        played.append(
            stats.build_match(
                key=row["pk"],
                played_on=row["decided_at"] or row["created_at"],
                seats=seated,
                rules=rules_of(row["game"], row["rule_values"]),
                hands=inputs,
                taker_seats=[h[3] for h in match_hands],
                belote_seats=[h[4] for h in match_hands],
                first_dealer=row["first_dealer"],
                team_names=tuple(
                    row[f"team_{side.lower()}_name"] for side in sides_of(row["game"])
                ),
            )
        )
    return played


def match_summaries(
    table: Table, *, person: TablePlayer | None = None, rows: list[tuple] | None = None
) -> list[stats.MatchSummary]:
    """The :class:`stats.MatchSummary` of every match of ``table`` (of
    ``person`` only, if given), oldest first: what the player page shows.

    Each is kept in the cache by (match, version): one query reads the
    matches' versions, and only the matches changed since the last view
    (none, usually) are read and scored again (three more queries).
    ``rows``: the matches' (pk, token, version), when the caller read them.
    """
    rows = _versions(table, person) if rows is None else rows
    # "summary2": a summary knows its game's players (stats.MatchSummary.game_players).
    names = {pk: caching.key("summary2", token, version) for pk, token, version in rows}
    found = caching.get_many(names.values())
    missing = [pk for pk, name in names.items() if name not in found]
    if missing:
        ids = None if len(missing) == len(rows) else missing
        scored = {m.key: stats.summarize(m) for m in played_matches(table, person=person, ids=ids)}
        # False: a match that is not four roster players (left out, as played_matches does).
        fresh = {names[pk]: scored.get(pk, False) for pk in missing}
        caching.put_many(fresh, caching.SUMMARY_TTL)
        found.update(fresh)
    return [found[names[pk]] for pk, _, _ in rows if found[names[pk]] is not False]


def _versions(table: Table, person: TablePlayer | None = None) -> list[tuple[int, str, int]]:
    """(pk, token, version) of the table's matches (``person``'s only, if
    given), in the order they were started (one query)."""
    matches = table.matches.all()
    if person is not None:
        matches = matches.filter(players__person=person)
    return list(matches.order_by("created_at", "pk").values_list("pk", "token", "version"))


def _digest(rows: Sequence[tuple]) -> str:
    """A short digest of rows of plain values (match ids and versions)."""
    return hashlib.sha256(repr(rows).encode()).hexdigest()[:16]


def player_figures(table: Table, person: TablePlayer) -> stats.PlayerStats:
    """``person``'s statistics over the table's matches (:func:`stats.player_stats`).

    Kept in the cache by the versions of the player's matches: one query
    while none changed; after a change, from the matches' summaries
    (:func:`match_summaries`, where only the changed matches are scored).
    """
    rows = _versions(table, person)
    name = caching.key("player", table.token, person.pk, _digest(rows))
    return caching.remembered(
        name,
        caching.SUMMARY_TTL,
        lambda: stats.player_stats(person.pk, match_summaries(table, person=person, rows=rows)),
    )


@dataclass(frozen=True)
class Board:
    """A table's ratings as its pages show them: ``ratings`` without the
    histories (``history`` is empty), and ``curves``, each rated player's
    displayed rating after each of his rated matches (oldest first)."""

    ratings: ratings.Ratings
    curves: dict[int, tuple[int, ...]]

    def get(self, player: int) -> ratings.PlayerRating | None:
        """``player``'s rating (without history), or ``None``."""
        return self.ratings.get(player)

    @property
    def leaderboard(self) -> tuple[ratings.PlayerRating, ...]:
        return self.ratings.leaderboard


def table_board(table: Table) -> Board:
    """The table's ratings (:func:`table_ratings`) kept in the cache by the
    versions of its finished matches: one query while none changed; any
    correction, end or reopening of a match makes a new key."""
    finished = table.matches.filter(finished=True).order_by("created_at", "pk")
    name = caching.key("board", table.token, _digest(list(finished.values_list("pk", "version"))))
    board = caching.get(name)
    if board is None:
        full = table_ratings(table)
        light = {k: dataclasses.replace(r, history=()) for k, r in full.players.items()}
        board = Board(
            ratings=ratings.Ratings(
                players=light, leaderboard=tuple(light[r.player] for r in full.leaderboard)
            ),
            curves={k: tuple(p.rating for p in r.history) for k, r in full.players.items()},
        )
        caching.put(name, board, caching.SUMMARY_TTL)
    return board


def table_ratings(table: Table) -> ratings.Ratings:
    """The ratings of the table's players, from its finished matches in the
    order they were started (a correction that reopens and ends a match
    again never moves it in that order). Two queries (matches, players), plain values:
    the summary columns of ``Match`` say who won, so no hand is read.
    Recomputed on every call, so that a corrected match changes the ranking
    at once. A match of a game scored per player rates each player alone,
    ranked by his final total (``ratings``, free for all)."""
    finished = list(
        table.matches.filter(finished=True)
        .order_by("created_at", "pk")
        .values_list(
            "pk", "decided_at", "created_at", "winner", "game", "total_a", "total_b", "total_c"
        )
    )
    seats = _seats_by_match(table.matches.filter(finished=True).values("pk"))
    rated = []
    for pk, decided_at, created_at, winner, game, *totals in finished:
        people = _seated(seats, pk, game)
        if people is None:
            continue
        if ENGINES[game].players:
            levels = sorted(set(totals[: len(people)]), reverse=True)
            teams = [(key,) for key in people]
            rated.append(
                ratings.RatedMatch(
                    key=pk,
                    played_on=decided_at or created_at,
                    team_a=teams[0],
                    team_b=teams[1],
                    team_c=teams[2] if len(teams) > 2 else (),
                    winner=winner or "",
                    ranks=tuple(levels.index(total) for total in totals[: len(people)]),
                )
            )
            continue
        rated.append(
            ratings.RatedMatch(
                key=pk,
                played_on=decided_at or created_at,
                team_a=(people[0], people[2]),
                team_b=(people[1], people[3]),
                winner=winner or "",  # a drawn match of K donnes: ""
            )
        )
    return ratings.compute_ratings(rated)


def player_names(table: Table) -> dict[int, str]:
    """Roster id -> name (one query)."""
    return dict(table.roster.values_list("pk", "name"))


def person_of(table: Table, player_id: int) -> TablePlayer:
    """The roster player ``player_id`` of ``table``; raises ``TablePlayer.DoesNotExist``."""
    return TablePlayer.objects.get(table=table, pk=player_id)
