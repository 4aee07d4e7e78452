"""The hands of a match as its last new hand left them, kept in this process
(issue 31, "a cheaper save"): the next new hand of that match, entered at
that version, starts from them instead of reading every hand again (30
hands: about 5.5 M of a save's 43 M instructions, callgrind).

Safe by the version: every write to a match's hands bumps the match's
version in the same transaction (``services._commit``), and the lock that
each write takes reads that version first, so a match's hands at a given
(id, token, version) never change. A write keeps its hands only once its
transaction has committed (``transaction.on_commit``): a rolled-back write
keeps nothing, and its version, never committed, cannot be met. The token
is part of the key: a match deleted and another created under its id (SQLite
may reuse the highest id) never meets the first one's hands.

The match's players come with its hands when the write that kept them was
made at the version its form saw (``services.hand_record``'s
``seen_version``): every change of the players (a concours's renaming)
bumps the version too, so the players that request read before the lock
are the match's at the locked version and at the new one. The next new
hand's view builds its form from them instead of a query.

The kept hands are shared, to be read only: only ``services.hand_record``
takes them, and it reads them (its new hand is a new instance); the other
writes read their hands from the database and change those. Each process
keeps its own: a write served by another worker reads from the database, as
before.

Bounded by the hands kept, not the matches: at most :data:`HANDS_KEPT`
(about 1.7 KB a hand with its engine input, tracemalloc), the matches least
recently written dropped first.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import TYPE_CHECKING

from django.db import transaction

if TYPE_CHECKING:
    from typing import TypeAlias

    from scoresheets.models import Hand, Match, Player

    Players: TypeAlias = tuple[Player, ...] | None

# About 34 MB a process at most: a thousand tables of 20 hands each.
HANDS_KEPT = 20_000


class KeptHands:
    """Each match's hands at one version, by match id; thread-safe."""

    def __init__(self, limit: int = HANDS_KEPT) -> None:
        self._limit = limit
        # match id -> (token, version, hands, players or None)
        self._kept: OrderedDict[int, tuple[str, int, tuple[Hand, ...], Players]] = OrderedDict()
        self._count = 0
        self._lock = threading.Lock()

    def get(self, match: Match) -> list[Hand] | None:
        """The hands of ``match`` at ``match.version`` (its row as locked),
        in order, deleted ones included; ``None`` if not kept at that
        version."""
        with self._lock:
            entry = self._entry(match)
            if entry is None:
                return None
            self._kept.move_to_end(match.pk)
            return list(entry[2])

    def players(self, match: Match) -> tuple[Player, ...] | None:
        """The players of ``match`` (its row as read: id, token, version),
        by seat, if kept with its hands at that version; else ``None``."""
        with self._lock:
            entry = self._entry(match)
            return None if entry is None else entry[3]

    def _entry(self, match: Match) -> tuple[str, int, tuple[Hand, ...], Players] | None:
        """What is kept for ``match`` if kept at its (token, version); the lock held."""
        entry = self._kept.get(match.pk)
        return entry if entry is not None and entry[:2] == (match.token, match.version) else None

    def keep_on_commit(
        self, match: Match, hands: Sequence[Hand], players: Sequence[Player] | None = None
    ) -> None:
        """Keep ``hands`` (every hand of ``match``, in order) as the hands of
        ``match`` at its current version, once the transaction under way
        commits (at once outside one); ``players``, by seat, with them, if
        they are the match's at that version (``None``: not known)."""
        key = (match.pk, match.token, match.version)
        kept = tuple(hands)
        who = None if players is None else tuple(players)
        transaction.on_commit(lambda: self._keep(*key, kept, who))

    def _keep(
        self, pk: int, token: str, version: int, hands: tuple[Hand, ...], players: Players = None
    ) -> None:
        with self._lock:
            old = self._kept.pop(pk, None)
            if old is not None:
                self._count -= len(old[2])
            if len(hands) > self._limit:
                return
            self._kept[pk] = (token, version, hands, players)
            self._count += len(hands)
            while self._count > self._limit:
                _, (_, _, dropped, _) = self._kept.popitem(last=False)
                self._count -= len(dropped)

    def clear(self) -> None:
        """Forget every match's hands (tests)."""
        with self._lock:
            self._kept.clear()
            self._count = 0


KEPT = KeptHands()
