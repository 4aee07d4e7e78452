"""The "Annuler" offered to the phone that just changed a hand (issue 11).

After a save (a new hand or a redeal, a correction, a delete, a restore) the
session of the phone that made it keeps one undo offer: the hand, the version
the change brought it to, the change's action and a one-time key. The match
page shows it for ``UNDO_SECONDS``; ``services.hand_undo`` carries it out.
Only this session holds it: another phone cannot undo it, and the next save
replaces it.
"""

from __future__ import annotations

import time
import uuid
from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext, gettext_noop

from scoresheets.matches import services
from scoresheets.models import HandRevision, Match

SESSION_KEY = "undo"
UNDO_SECONDS = 90  # how long the offer stays on the page (a tap started just in time still counts)
GRACE_SECONDS = 30  # beyond that: a page left open, a tap that took its time

A = HandRevision.Action

# What the bar says was done, and what the phone is told once it is undone.
DONE = {
    "redeal": gettext_noop("Redonne enregistrée (donne %(number)s)."),
    A.CREATED: gettext_noop("Donne %(number)s enregistrée."),
    A.EDITED: gettext_noop("Donne %(number)s corrigée."),
    A.DELETED: gettext_noop("Donne %(number)s supprimée."),
    A.RESTORED: gettext_noop("Donne %(number)s rétablie."),
}
UNDONE = {
    "redeal": gettext_noop("Redonne annulée : la donne %(number)s est à saisir de nouveau."),
    A.CREATED: gettext_noop("Donne %(number)s annulée : elle est à saisir de nouveau."),
    A.EDITED: gettext_noop("Correction annulée : la donne %(number)s est comme avant."),
    A.DELETED: gettext_noop("Suppression annulée : la donne %(number)s est rétablie."),
    A.RESTORED: gettext_noop("Rétablissement annulé : la donne %(number)s est supprimée."),
}


def offer(request: HttpRequest, match: Match, change: Any, action: str) -> None:
    """Keep in this phone's session the undo of ``change`` (a
    ``services.HandChange`` just made with ``action``). A replayed change
    made nothing: the offer stays as it was."""
    if change.replayed:
        return
    hand = change.hand
    kind = "redeal" if action == A.CREATED and hand.taker is None else str(action)
    request.session[SESSION_KEY] = {
        "match": match.token,
        "hand": hand.pk,
        "version": hand.version,
        "action": str(action),
        "kind": kind,
        "number": change.number,
        "key": uuid.uuid4().hex,
        "at": time.time(),
    }


def recorded(request: HttpRequest, match: Match) -> dict[str, Any] | None:
    """This session's undo offer for ``match`` (used or not, however old), or ``None``."""
    record = request.session.get(SESSION_KEY)
    if not isinstance(record, dict) or record.get("match") != match.token:
        return None
    return record


# The changes whose undo takes a hand away or brings one back: once another
# hand changed since, the hands after it would move, and the undo is refused
# (services.hand_undo), so it is not offered either.
MOVES_HANDS = {str(A.CREATED), str(A.DELETED), str(A.RESTORED)}


def current(request: HttpRequest, match: Match, *, latest: bool = False) -> dict[str, Any] | None:
    """The offer to show on ``match``'s page: unused, recent, and still
    possible; with its ``text`` and ``seconds_left`` (how long the page
    keeps showing it) and ``moves_hands`` (the page takes it away when
    another phone's change arrives).

    ``latest``: the page shows the match as the offered change itself left
    it (the answer to that change, ``scoresheet_after``): no change
    comes after it there, so whether another hand changed since is not
    asked (no query); one that did is another phone's next version, which
    takes the offer away on arrival, and ``services.hand_undo`` refuses it."""
    record = recorded(request, match)
    if record is None or record.get("done") or age(record) > UNDO_SECONDS:
        return None
    moves_hands = record.get("action") in MOVES_HANDS
    if (
        moves_hands
        and not latest
        and services.hands_changed_since(match, record["hand"], record["version"])
    ):
        return None
    left = max(1, round(UNDO_SECONDS - age(record)))
    return {**record, "text": done_text(record), "seconds_left": left, "moves_hands": moves_hands}


def age(record: dict[str, Any]) -> float:
    """Seconds since the offer was made."""
    at = record.get("at")
    return time.time() - at if isinstance(at, int | float) else float("inf")


def close(request: HttpRequest) -> None:
    """Mark the offer used (or no longer possible): the bar goes away, and a
    second tap of the same key finds it done."""
    record = request.session.get(SESSION_KEY)
    if isinstance(record, dict):
        request.session[SESSION_KEY] = {**record, "done": True}


def done_text(record: dict[str, Any]) -> str:
    return gettext(DONE.get(record.get("kind"), DONE[A.CREATED])) % {"number": record["number"]}


def undone_text(record: dict[str, Any]) -> str:
    return gettext(UNDONE.get(record.get("kind"), UNDONE[A.CREATED])) % {"number": record["number"]}
