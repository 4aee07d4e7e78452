"""The protocol's vocabulary (``docs/sync.md``), pure Python: no Django.

:class:`ConflictKind` names what another phone changed first (the services
raise :class:`HandConflict`); :class:`Answer` names what a write answers,
with its HTTP status; :class:`UndoRefusal` names why an "Annuler" is not
carried out.
"""

from __future__ import annotations

from enum import StrEnum


class ConflictKind(StrEnum):
    """What another phone changed first (``HandConflict.kind``).

    A new hand's form carries the match version it saw; a correction's form,
    its hand's version. When they moved on, nothing is saved, and the kind
    says why (its wording: ``sync.words.conflict_message``).
    """

    TAKEN = "taken"  # hand ``number`` (to ``last``) was just entered from other phones
    CHANGED = "changed"  # the hand being corrected (or undone) was changed or deleted meanwhile
    EDITED = (
        "edited"  # the one change since a new hand's form was opened: hand ``number`` corrected
    )
    DELETED = "deleted"  # ... hand ``number`` deleted
    RESTORED = "restored"  # ... hand ``number`` restored
    MOVED = "moved"  # several changes of other kinds: the sheet moved on
    LATER = "later"  # an undo would move the hands changed since (``services.hand_undo``)


# The kinds that say the one change made to the sheet since a new hand's form
# was opened (a revision's action: ``HandRevision.Action``).
SINGLE_CHANGES = (ConflictKind.EDITED, ConflictKind.DELETED, ConflictKind.RESTORED)


class HandConflict(Exception):
    """Another phone changed the sheet first; nothing was saved.

    ``kind``: a :class:`ConflictKind`. ``number``: the hand it is about (for
    ``"taken"``, the first hand entered meanwhile; for ``"moved"``, the
    number the form was opened for). ``last``: the newest hand entered
    meanwhile (``number`` when only one was). ``device``: the name of the
    phone that was faster ("" if unknown).
    """

    def __init__(
        self, *, kind: ConflictKind | str, number: int, device: str = "", last: int | None = None
    ):
        self.kind = ConflictKind(kind)
        self.number = number
        self.last = last if last is not None else number
        self.device = device
        super().__init__(f"{self.kind}: hand {number} ({device or 'another phone'})")


class Answer(StrEnum):
    """What a write answers (``docs/sync.md``, "What each write answers").

    The ladder (``sync.ladder.attempt``) gives the first four, and
    ``NOT_FOUND`` when the service finds no such hand; ``RATE_LIMITED`` and
    ``FORBIDDEN`` are answered before the view runs (the rate limit, the CSRF
    check), ``NOT_FOUND`` too for a URL whose match or hand does not exist.
    """

    SAVED = "saved"  # done (or a replay of a sending already done: nothing changed)
    CONFLICT = "conflict"  # another phone was faster: nothing saved, the panel says what
    REFUSED = "refused"  # the engine or the database refused what was typed: nothing saved
    BUSY = "busy"  # the database is busy for a moment: nothing saved, try again
    RATE_LIMITED = "rate_limited"  # too many writes from this address: the view did not run
    FORBIDDEN = "forbidden"  # the CSRF check refused the form: the view did not run
    NOT_FOUND = "not_found"  # no such match, table or hand


STATUS = {
    Answer.SAVED: 200,  # htmx: the sheet; without a script: 303 to the page instead
    Answer.CONFLICT: 409,
    Answer.REFUSED: 422,
    Answer.BUSY: 503,
    Answer.RATE_LIMITED: 429,
    Answer.FORBIDDEN: 403,
    Answer.NOT_FOUND: 404,
}


class UndoRefusal(StrEnum):
    """Why an "Annuler" is not carried out (answered 409; ``sync.words.undo_refusal``)."""

    NOT_YOURS = "not_yours"  # no offer in this session, or another key: another phone's change
    TOO_LATE = "too_late"  # the offer is older than the bar's time and its grace
    LATER = "later"  # it would take a hand away or bring one back after others changed
    CHANGED = "changed"  # the hand changed since, on another phone
    INVALID = "invalid"  # the engine refuses the match as it would be
    NOTHING = "nothing"  # the hand, or the change, is not there any more
