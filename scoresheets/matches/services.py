"""The service boundary: every write to matches and hands goes through here.

Plain functions named ``<entity>_<action>`` with keyword-only arguments. Each
write runs in one transaction, validates through the scoring engine (the only
code that knows the rules) and bumps ``Match.version`` so that polling phones
see the change.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.urls import reverse
from django.utils import timezone

from scoresheets import limits, presets, scoring
from scoresheets.matches import kept_hands
from scoresheets.models import (
    Hand,
    HandRevision,
    Match,
    Player,
    Table,
    TablePlayer,
    default_team_name,
    seat_team,
)
from scoresheets.sync import caching, push
from scoresheets.sync.kinds import ConflictKind, HandConflict


@dataclass(frozen=True)
class MatchAfter:
    """A match as a write left it, from what the write read and scored in its
    transaction: ``match`` (the locked row with its new version and summary
    columns), ``hands`` (every hand of the match in the order of play, deleted
    ones too, as saved) and ``result`` (the engine's result of the live ones)."""

    match: Match
    hands: tuple[Hand, ...]
    result: scoring.MatchResult


@dataclass(frozen=True)
class HandChange:
    """The result of a write: the hand, its shown number, and whether this was
    a replay of a submission already carried out (then nothing changed).
    ``after``: the match as this write left it (:class:`MatchAfter`;
    ``None`` for a replay, or a write that does not give it), which the
    answer to the write shows without reading it again
    (:func:`scoresheet_after`)."""

    hand: Hand
    number: int | None
    replayed: bool = False
    after: MatchAfter | None = None


def _set_input(
    target: Hand,
    hand: scoring.GameHand,
    taker_seat: int | None,
    belote_seat: int | None,
) -> None:
    """Write ``hand`` (the engine's input) and its seats onto ``target``, unsaved."""
    for name, value in Hand.fields_from_input(hand).items():
        setattr(target, name, value)
    target.taker_seat = taker_seat
    target.belote_seat = belote_seat


def _save_new_version(target: Hand, device: str) -> None:
    """Save ``target`` as its next version, changed from ``device``'s phone."""
    target.version += 1
    target.entered_by = device
    # Field checks only (see hand_record): not the locked match's existence.
    target.full_clean(exclude=["match"], validate_unique=False, validate_constraints=False)
    target.save()


def _created_match(
    key: str | None, names: Sequence[str], hands: int | None = None
) -> tuple[Match | None, str | None]:
    """The match a form's one-time ``key`` already created, if this request
    is its resend, and the key to record. A key already used for OTHER
    players (the form brought back by Back, then changed), or for a document
    of another number of ``hands`` (an import), is not a resend: the match is
    a new one, recorded without a key."""
    if not key:
        return None, None
    made = Match.objects.filter(creation_key=key).first()
    if made is None:
        return None, key
    wanted = [name.strip().casefold() for name in names]
    same = [player.name.casefold() for player in made.players.order_by("seat")] == wanted
    if same and (hands is None or made.hands.count() == hands):
        return made, key
    return None, None


def match_create(
    *,
    names: Sequence[str],
    rules: scoring.GameRules,
    team_a_name: str = "",
    team_b_name: str = "",
    first_dealer: int = 1,
    preset: str = presets.DEFAULT.key,
    card_names: str = presets.CardNames.FRENCH,
    table: Table | None = None,
    key: str | None = None,
) -> Match:
    """Create a match with four players in seat order (seats 1 & 3 are team A);
    for a game scored per player (its engine's ``players``), one name per
    player, in order (each his own side: the team names are ignored).

    Team names default to the partners' names. With a ``table``, each name is
    a player of its roster (found whatever the case, or added), so that the
    player's history follows them. ``rules`` are belote's (``Rules``) or
    coinche's (``CoincheRules``: a coinche match). Raises ``scoring.MatchError`` if
    ``rules`` are invalid, or (code ``same_player``, field ``player_N``) if
    one player would take two seats; nothing is created then. Raises
    ``limits.TableFull`` when ``table`` has its most matches, or would pass
    its most roster players with a new name.

    ``key`` is the new-match form's one-time key (``forms.OneTimeKeyForm``):
    the form sent again (a double tap, a resend after a lost answer) with the
    same players gets the match the first sending created; nothing is
    created twice, even by two requests at once.
    """
    return created_once(
        key,
        lambda key: _created_match(key, names),
        lambda key: _match_create(
            names=names,
            rules=rules,
            team_a_name=team_a_name,
            team_b_name=team_b_name,
            first_dealer=first_dealer,
            preset=preset,
            card_names=card_names,
            table=table,
            key=key,
        ),
    )


def created_once(
    key: str | None,
    find: Callable[[str | None], tuple[Any, str | None]],
    create: Callable[[str | None], Any],
) -> Any:
    """What a form with the one-time ``key`` creates (``forms.OneTimeKeyForm``),
    created once: ``find(key)`` gives what that key already made if this
    request is its resend (else ``None``) and the key to record (``None``
    when it was used for something else); ``create(key)`` makes it in a
    transaction of its own, recording the key under a unique constraint. Two
    sendings at once: the second's insert breaks that constraint
    (``IntegrityError``) and it gets what the first made; any other
    ``IntegrityError`` propagates. Used by :func:`match_create`,
    :func:`match_import` and ``tables.table_create``."""
    made, key = find(key)
    if made is not None:
        return made
    try:
        return create(key)
    except IntegrityError:
        made, _key = find(key)
        if made is None:
            raise
        return made


@transaction.atomic
def _match_create(
    *,
    names: Sequence[str],
    rules: scoring.GameRules,
    team_a_name: str,
    team_b_name: str,
    first_dealer: int,
    preset: str,
    card_names: str,
    table: Table | None,
    key: str | None,
) -> Match:
    """:func:`match_create` once a resend is ruled out; ``key`` is recorded."""
    engine = scoring.engine_for(rules)
    if engine is None:
        raise scoring.MatchError([scoring.kernel.not_rules_problem()])
    problems = engine.check_rules(rules)
    names = [name.strip() for name in names]
    seats = len(engine.players) if engine.players else 4
    if len(names) != seats:
        message = f"must give {seats} players' names"
        problems.append(scoring.Problem(None, "players", "players_count", message))
    seen: dict[str, int] = {}
    for seat, name in enumerate(names, start=1):
        if table is not None and name.casefold() in seen:
            problems.append(
                scoring.Problem(
                    None, f"player_{seat}", "same_player", "a player cannot take two seats"
                )
            )
        seen.setdefault(name.casefold(), seat)
    if problems:
        raise scoring.MatchError(problems)
    if table is not None and table.matches.count() >= limits.TABLE_MAX_MATCHES:
        raise limits.TableFull("matches")
    people = [table_player_get_or_create(table=table, name=n) for n in names] if table else None
    if people:
        names = [person.name for person in people]  # the roster's spelling
    if engine.players:
        # A game scored per player: one seat per player, each a side of his
        # own, named after him (Match.team_name); the deal turns among them.
        sides = dict(zip(engine.players, names, strict=True))
        side_names = {
            "team_a_name": sides["A"],
            "team_b_name": sides["B"],
            "team_c_name": sides.get("C", ""),
        }
        first_dealer = first_dealer if 1 <= first_dealer <= len(names) else 1
    else:
        side_names = {
            "team_a_name": team_a_name.strip() or default_team_name(names[0], names[2]),
            "team_b_name": team_b_name.strip() or default_team_name(names[1], names[3]),
        }
    match = Match(
        table=table,
        **side_names,
        first_dealer=first_dealer,
        preset=preset,
        card_names=card_names,
        creation_key=key,
    )
    match.set_rules(rules)
    match.full_clean(validate_unique=False)  # the key's uniqueness: match_create
    match.save()
    Player.objects.bulk_create(
        [
            Player(match=match, seat=seat, name=name, person=people[seat - 1] if people else None)
            for seat, name in enumerate(names, start=1)
        ]
    )
    return match


def table_player_get_or_create(*, table: Table, name: str) -> TablePlayer:
    """The roster player of ``table`` called ``name`` (any case), added if new.

    Names are compared with ``str.casefold`` in Python: SQLite's own
    case-insensitive comparison knows only ASCII ("LÉA" is "Léa" here too).
    Raises ``limits.TableFull`` when a new name would pass the roster's cap.
    """
    name = name.strip()
    existing = table_player_named(table=table, name=name)
    if existing is not None:
        return existing
    if table.roster.count() >= limits.TABLE_MAX_PLAYERS:
        raise limits.TableFull("players")
    player = TablePlayer(table=table, name=name)
    player.full_clean(validate_constraints=False)
    try:
        with transaction.atomic():  # a savepoint: another phone may add the same name
            player.save()
    except IntegrityError:
        return table_player_named(table=table, name=name) or TablePlayer.objects.get(
            table=table, name__iexact=name
        )
    return player


def table_player_named(*, table: Table, name: str) -> TablePlayer | None:
    """The roster player of ``table`` whose name is ``name`` up to case, or ``None``."""
    wanted = name.strip().casefold()
    return next((p for p in table.roster.all() if p.name.casefold() == wanted), None)


def hand_preview(
    *, match: Match, hand: scoring.GameHand, replace: int | None = None
) -> tuple[scoring.HandResult, scoring.MatchResult]:
    """Score ``hand`` as the next hand of ``match`` (or in place of the live
    hand of id ``replace``) without saving anything.

    Returns that hand's result and the whole match result with it. Raises
    ``scoring.MatchError`` if the match would be invalid.
    """
    live = list(match.hands.live())
    inputs = [h.to_input() for h in live]
    index = len(inputs)
    if replace is not None:
        index = next((i for i, h in enumerate(live) if h.pk == replace), None)
        if index is None:
            raise Hand.DoesNotExist
        inputs[index] = hand
    else:
        inputs.append(hand)
    result = scoring.score_match(match.rules, inputs)
    return result.hands[index], result


def _check_taker_seat(hand: scoring.GameHand, taker_seat: int | None, number: int) -> None:
    if taker_seat is not None and (hand.taker is None or seat_team(taker_seat) != hand.taker):
        raise scoring.MatchError(
            [
                scoring.Problem(
                    number, "taker", "taker_seat_team", "the taker must play in the taking team"
                )
            ]
        )


def _check_belote_seat(hand: scoring.GameHand, belote_seat: int | None, number: int) -> None:
    if belote_seat is not None and (hand.belote is None or seat_team(belote_seat) != hand.belote):
        raise scoring.MatchError(
            [
                scoring.Problem(
                    number,
                    "belote",
                    "belote_seat_team",
                    "the belote holder must play in the team that had the belote",
                )
            ]
        )


def _begin(
    match: Match,
    key: str | None,
    same: Callable[[HandRevision], bool],
    *,
    dates: bool = True,
    kept: bool = False,
) -> tuple[Match, list[Hand], HandRevision | None, str | None]:
    """Lock the match for this transaction and load its hands in order.

    ``SELECT ... FOR UPDATE`` on PostgreSQL; on SQLite every write transaction
    takes the database lock at BEGIN (settings: IMMEDIATE), which serializes
    writers the same way. Returns the locked match, every hand (deleted ones
    included), the revision already made with ``key`` if this request is its
    replay, and the key to record. A key already used by a DIFFERENT change
    (``same(revision)`` is false: e.g. a form brought back by the browser's
    Back button, holding a used key, now carrying another hand) is not a
    replay: the change goes on as a new one, recorded without a key.

    The lock reads the match's version alone: every change of a match's row
    bumps its version (:func:`_commit`, a concours's renaming), so at the
    version of ``match`` (the caller's read) the locked row is ``match`` as
    read, copied (the caller's object stays as it was: a view compares it
    with the row after the change); at another version it is read again.
    ``dates=False``: the hands' ``created_at`` and ``updated_at`` are not
    read (a new hand neither shows nor saves the earlier ones). ``kept``:
    the hands kept by this process's last new hand of the match at the
    locked version, if any, instead of reading them (``kept_hands``: shared,
    to be read only).
    """
    lock = Match.objects.select_for_update().filter(pk=match.pk)
    version = lock.values_list("version", flat=True).get()
    if version == match.version and not match.get_deferred_fields():
        locked = copy.copy(match)
    else:
        locked = Match.objects.get(pk=match.pk)
    if key:
        # Its hand is read only for a replay (_replayed): no join on every write.
        # At most one revision has the key (revision_unique_key): no ordering
        # (the model's ordering, by hand, would join the hands and the match).
        # Almost every key is new: asked with EXISTS, the revision read only
        # when there is one (a replay, or a key used by another change).
        keyed = HandRevision.objects.filter(match=locked, key=key)
        if keyed.exists():
            used = keyed.get()
            if same(used):
                return locked, [], used, key
            key = None
    every = kept_hands.KEPT.get(locked) if kept else None
    if every is not None:
        return locked, every, None, key
    hands = locked.hands.order_by("number")
    if not dates:
        hands = hands.defer("created_at", "updated_at")
    return locked, list(hands), None, key


def _replayed(locked: Match, replay: HandRevision) -> HandChange:
    live = list(locked.hands.live().values_list("pk", flat=True))
    number = live.index(replay.hand_id) + 1 if replay.hand_id in live else None
    return HandChange(hand=replay.hand, number=number, replayed=True)


def summary_fields(match: Match, result: scoring.MatchResult, now: Any = None) -> dict[str, Any]:
    """The ``Match`` summary columns for the engine's ``result`` of its hands.

    ``decided_at`` keeps the moment the match was first decided while it
    stays finished (a correction of an earlier hand does not move it), is set
    to ``now`` when it becomes finished and cleared when a correction
    reopens it.
    """
    now = now or timezone.now()
    decided_at = None
    if result.finished:
        decided_at = match.decided_at if match.finished and match.decided_at else now
    return {
        "finished": result.finished,
        "winner": result.winner,
        **{f"total_{side.lower()}": result.totals[side] for side in match.sides},
        "hands_count": len(result.hands),
        "decided_at": decided_at,
    }


# Called as ``hook(match)`` in the transaction of a write that changed a
# match's outcome (``finished`` or ``winner``), the match locked and its
# summary written: a feature above the matches that follows their ends (a
# knockout's winner goes on to its next tie) registers here at start-up
# (``ScoresheetsConfig.ready``), since this module may not import it. A hook
# may raise ``scoring.MatchError``: the write is refused, nothing is saved.
OUTCOME_HOOKS: list[Callable[[Match], None]] = []


def _commit(
    locked: Match,
    hand: Hand,
    action: str,
    *,
    device: str,
    key: str | None,
    result: scoring.MatchResult,
) -> None:
    """Keep the change in the hand's history, bump the match's version and
    write its summary: all in the caller's transaction."""
    HandRevision.objects.create(
        match=locked,
        hand=hand,
        version=hand.version,
        action=action,
        data=hand.document(),
        device=device,
        key=key or None,
    )
    now = timezone.now()
    summary = summary_fields(locked, result, now)
    outcome = (locked.finished, locked.winner)
    Match.objects.filter(pk=locked.pk).update(version=F("version") + 1, updated_at=now, **summary)
    # The locked row as it is now (its next change, and MatchAfter, start from it).
    locked.version += 1
    locked.updated_at = now
    for name, value in summary.items():
        setattr(locked, name, value)
    if (locked.finished, locked.winner) != outcome:
        for hook in OUTCOME_HOOKS:
            hook(locked)
    # The new version, for the polls (while this transaction holds the lock:
    # writers record their versions in the order they commit).
    caching.version_changed((locked.token, locked.read_token), locked.version)
    # Every phone that watches the match hears of it once the transaction commits.
    push.version_changed((locked.token, locked.read_token), locked.version)


def _validate(
    locked: Match, live: Sequence[Hand], replacement: dict[int, scoring.GameHand]
) -> scoring.MatchResult:
    """Score the live hands (some replaced) with the engine: raises MatchError."""
    return scoring.score_match(locked.rules, [replacement.get(h.pk) or h.to_input() for h in live])


@transaction.atomic
def hand_record(
    *,
    match: Match,
    hand: scoring.GameHand,
    taker_seat: int | None = None,
    belote_seat: int | None = None,
    expected_number: int | None = None,
    seen_version: int | None = None,
    device: str = "",
    key: str | None = None,
    players: Sequence[Player] | None = None,
) -> HandChange:
    """Append ``hand`` to ``match`` as its next hand and bump the match version.

    ``seen_version`` is the match version the entry form was opened on: if
    the sheet changed since (a hand entered, corrected, deleted or restored
    elsewhere), raises :class:`HandConflict` and saves nothing (the views
    always give it: a form without it is refused, ``HandForm.writes``).
    Without it (callers in code: tests, commands), ``expected_number``, the
    hand number the form was opened for, is checked against the count of
    live hands instead, if given. ``key`` is the form's one-time key: a replayed submission
    returns the first result (``replayed=True``) and saves nothing. The engine
    validates the whole match with the new hand first: raises
    ``scoring.MatchError`` (e.g. code ``after_end`` when the match is over).
    ``taker_seat`` must belong to the taker's team, ``belote_seat`` (who held
    the belote, optional) to the belote's team. A match holds at most
    ``limits.MATCH_MAX_HANDS`` stored hands: past it, ``scoring.MatchError``
    (code ``hands_limit``) and nothing is saved. ``players``: the match's
    players as the caller read them (by seat) after reading ``match`` at
    ``seen_version``: kept with the hands for the next new hand's form
    (``kept_hands``; at the version seen, nothing changed them since).
    """
    data = Hand.data_of(hand, taker_seat, belote_seat)
    locked, every, replay, key = _begin(
        match,
        key,
        lambda r: r.action == HandRevision.Action.CREATED and r.data == data,
        dates=False,
        kept=True,
    )
    if replay is not None:
        return _replayed(locked, replay)
    live = [h for h in every if h.deleted_at is None]
    number = len(live) + 1
    if seen_version is not None:
        if seen_version != locked.version:
            raise _sheet_conflict(locked, every, seen_version, expected_number)
    elif expected_number is not None and expected_number != number:
        if 1 <= expected_number <= len(live):
            taken = live[expected_number - 1]
            raise HandConflict(
                kind=ConflictKind.TAKEN,
                number=expected_number,
                device=taken.entered_by,
                last=len(live),
            )
        raise HandConflict(kind=ConflictKind.MOVED, number=expected_number)
    limits.check_hands_stored(len(every) + 1)
    _check_taker_seat(hand, taker_seat, number)
    _check_belote_seat(hand, belote_seat, number)
    result = scoring.score_match(locked.rules, [*(h.to_input() for h in live), hand])
    saved = Hand(
        match=locked,
        number=max((h.number for h in every), default=0) + 1,
        taker_seat=taker_seat,
        belote_seat=belote_seat,
        entered_by=device,
        **Hand.fields_from_input(hand),
    )
    # Field checks only: the database enforces the constraints itself, and
    # checking each one with its own query would hold the write lock longer
    # (so would checking that the match this transaction holds locked exists).
    saved.full_clean(exclude=["match"], validate_unique=False, validate_constraints=False)
    saved.save()
    _commit(locked, saved, HandRevision.Action.CREATED, device=device, key=key, result=result)
    after = MatchAfter(locked, (*every, saved), result)
    # The next new hand's start; the players too when read at the version seen.
    seen = seen_version is not None and match.version == seen_version
    kept_hands.KEPT.keep_on_commit(locked, after.hands, players if seen else None)
    return HandChange(hand=saved, number=number, after=after)


CHANGES_TOLD = 100  # beyond this many changes since a form was opened, "the sheet moved on"


def _sheet_conflict(
    locked: Match, every: Sequence[Hand], seen_version: int, expected_number: int | None
) -> HandConflict:
    """What changed the sheet of ``locked`` (whose hands are ``every``, in
    order) since a form saw it at version ``seen_version``. Each write bumps
    the version once and keeps one revision, so the changes are the newest
    ``locked.version - seen_version`` revisions (one query). Hands entered
    only: ``"taken"``; a single correction, delete or restore: its kind and
    the hand's number; anything else: ``"moved"``."""
    live = [h for h in every if h.deleted_at is None]
    moved = HandConflict(kind=ConflictKind.MOVED, number=expected_number or len(live) + 1)
    count = locked.version - seen_version
    if not 0 < count <= CHANGES_TOLD:
        return moved
    newest = locked.revisions.order_by("-pk").only("action", "hand_id", "device")
    changes = list(newest[:count])
    if len(changes) != count:
        return moved
    if all(c.action == HandRevision.Action.CREATED for c in changes):
        first = len(live) - count + 1  # the hands entered meanwhile are the last ones
        if first < 1:
            return moved
        return HandConflict(
            kind=ConflictKind.TAKEN, number=first, device=live[first - 1].entered_by, last=len(live)
        )
    if count > 1:
        return moved
    change = changes[0]
    target = next(h for h in every if h.pk == change.hand_id)
    # A deleted hand's number is the place it had: after the live hands played before it.
    number = sum(1 for h in live if h.number < target.number) + 1
    return HandConflict(kind=ConflictKind(change.action), number=number, device=change.device)


def _unchanged_target(
    every: Sequence[Hand], hand_id: int, expected_version: int
) -> tuple[Hand, list[Hand], int]:
    """The live hand ``hand_id`` as the form saw it: returns it, the live hands
    and its shown number; raises :class:`HandConflict` if it was changed or
    deleted since (its version moved on)."""
    target = _target(every, hand_id)
    live = [h for h in every if h.deleted_at is None]
    if target.deleted_at is not None or target.version != expected_version:
        number = live.index(target) + 1 if target in live else 0
        raise HandConflict(kind=ConflictKind.CHANGED, number=number, device=target.entered_by)
    return target, live, live.index(target) + 1


def _target(every: Sequence[Hand], hand_id: int) -> Hand:
    target = next((h for h in every if h.pk == hand_id), None)
    if target is None:
        raise Hand.DoesNotExist
    return target


@transaction.atomic
def hand_update(
    *,
    match: Match,
    hand_id: int,
    hand: scoring.GameHand,
    taker_seat: int | None = None,
    belote_seat: int | None = None,
    expected_version: int,
    device: str = "",
    key: str | None = None,
    restore: bool = False,
) -> HandChange:
    """Replace what was entered for the live hand ``hand_id`` of ``match``.

    Every later score, reserve and total follows (they are derived). Raises
    :class:`HandConflict` if the hand changed (or was deleted) since the
    form was built (``expected_version``), ``scoring.MatchError`` if the match
    would be invalid (e.g. the correction ends the match before hands that
    were played after it), ``Hand.DoesNotExist`` for an unknown hand.

    ``restore``: the hand was deleted (at ``expected_version``) while this
    correction was typed, and the player chose to put it back with the
    correction: both are kept (a ``restored`` then an ``edited`` revision,
    two versions of the match), all or nothing.
    """
    data = Hand.data_of(hand, taker_seat, belote_seat)
    locked, every, replay, key = _begin(
        match,
        key,
        lambda r: (
            r.action == HandRevision.Action.EDITED and r.hand_id == hand_id and r.data == data
        ),
    )
    if replay is not None:
        return _replayed(locked, replay)
    restoring = restore and _target(every, hand_id).deleted_at is not None
    if restoring:
        gone = _target(every, hand_id)
        if gone.version == expected_version:
            limits.check_hands_stored(len(every))
            gone.deleted_at = None  # in memory until the correction is valid
            gone.withdrawn = False  # put back on purpose, with the correction typed
            gone.version += 1
            expected_version = gone.version
    target, live, number = _unchanged_target(every, hand_id, expected_version)
    _check_taker_seat(hand, taker_seat, number)
    _check_belote_seat(hand, belote_seat, number)
    result = _validate(locked, live, {target.pk: hand})
    if restoring:
        target.entered_by = device
        target.save()
        _commit(
            locked, target, HandRevision.Action.RESTORED, device=device, key=None, result=result
        )  # the correction below is the next version
    _set_input(target, hand, taker_seat, belote_seat)
    _save_new_version(target, device)
    _commit(locked, target, HandRevision.Action.EDITED, device=device, key=key, result=result)
    # every: the target changed in place (its input, version, deleted or not).
    return HandChange(hand=target, number=number, after=MatchAfter(locked, tuple(every), result))


@transaction.atomic
def hand_delete(
    *,
    match: Match,
    hand_id: int,
    expected_version: int,
    device: str = "",
    key: str | None = None,
) -> HandChange:
    """Delete the live hand ``hand_id`` (kept, restorable); later hands move up.

    Raises :class:`HandConflict` if it changed since the form was built,
    ``scoring.MatchError`` if the match without it would be invalid,
    ``Hand.DoesNotExist`` for an unknown hand.
    """
    locked, every, replay, key = _begin(
        match, key, lambda r: r.action == HandRevision.Action.DELETED and r.hand_id == hand_id
    )
    if replay is not None:
        return _replayed(locked, replay)
    target, live, number = _unchanged_target(every, hand_id, expected_version)
    result = _validate(locked, [h for h in live if h.pk != target.pk], {})
    target.deleted_at = timezone.now()
    target.version += 1
    target.entered_by = device
    target.save()
    _commit(locked, target, HandRevision.Action.DELETED, device=device, key=key, result=result)
    return HandChange(hand=target, number=number, after=MatchAfter(locked, tuple(every), result))


@transaction.atomic
def hand_restore(
    *, match: Match, hand_id: int, device: str = "", key: str | None = None
) -> HandChange:
    """Put a deleted hand back in its place in the order of play.

    Restoring a hand that is already live changes nothing. Raises
    ``scoring.MatchError`` if the match with it would be invalid (e.g. it
    would come after the end) or (code ``hands_limit``) if the match stores
    more hands than ``limits.MATCH_MAX_HANDS`` (only one stored before the
    cap can), ``Hand.DoesNotExist`` for an unknown hand or a ``withdrawn``
    one (a new hand undone: never a hand of the match).
    """
    locked, every, replay, key = _begin(
        match, key, lambda r: r.action == HandRevision.Action.RESTORED and r.hand_id == hand_id
    )
    if replay is not None:
        return _replayed(locked, replay)
    target = _target(every, hand_id)
    if target.withdrawn:
        raise Hand.DoesNotExist
    if target.deleted_at is None:
        live = [h for h in every if h.deleted_at is None]
        return HandChange(hand=target, number=live.index(target) + 1, replayed=True)
    limits.check_hands_stored(len(every))  # only a match stored before the cap is over it
    live = [h for h in every if h.deleted_at is None or h.pk == target.pk]
    result = _validate(locked, live, {})
    target.deleted_at = None
    target.version += 1
    target.entered_by = device
    target.save()
    _commit(locked, target, HandRevision.Action.RESTORED, device=device, key=key, result=result)
    after = MatchAfter(locked, tuple(every), result)
    return HandChange(hand=target, number=live.index(target) + 1, after=after)


# What undoing each change does (:func:`hand_undo`): the action it is kept as.
UNDO_AS = {
    HandRevision.Action.CREATED: HandRevision.Action.DELETED,
    HandRevision.Action.EDITED: HandRevision.Action.EDITED,
    HandRevision.Action.DELETED: HandRevision.Action.RESTORED,
    HandRevision.Action.RESTORED: HandRevision.Action.DELETED,
}


def _input_of(locked: Match, data: dict) -> tuple[scoring.GameHand, int | None, int | None]:
    """The engine input, taker seat and belote holder seat of a revision's
    ``data`` (a match-document hand plus ``taker_seat`` and ``belote_seat``)."""
    hand = {k: v for k, v in data.items() if k not in ("taker_seat", "belote_seat")}
    document = scoring.match_document(locked.rules, [])
    document["hands"] = [hand]
    _rules, inputs = scoring.parse_match_document(document)
    return inputs[0], data.get("taker_seat"), data.get("belote_seat")


@transaction.atomic
def hand_undo(
    *,
    match: Match,
    hand_id: int,
    action: str,
    expected_version: int,
    device: str = "",
    key: str | None = None,
) -> HandChange:
    """Revert the change ``action`` (a ``HandRevision.Action``) that brought
    hand ``hand_id`` to its version ``expected_version``, like a correction:
    the history is kept and the match version bumped (other phones follow).

    An entered hand is deleted and ``withdrawn`` (not listed among the deleted
    hands, not restorable), a correction is replaced by the hand as it was
    before it (a new ``edited`` revision), a delete is restored and a restore
    deleted again (``UNDO_AS``). ``key`` is the undo's one-time key: a second
    request with it (a double tap) returns the first result
    (``replayed=True``). Raises :class:`HandConflict` (kind ``"changed"``,
    ``device`` the phone that changed it) if the hand changed since
    (``expected_version``), (kind ``"later"``) if the undo would take a hand
    away or bring one back after other hands were changed since
    (:func:`hands_changed_since`: their numbers would move),
    ``scoring.MatchError`` if the match would be invalid then,
    ``Hand.DoesNotExist`` for an unknown hand or an unknown ``action``.
    """
    if action not in UNDO_AS:
        raise Hand.DoesNotExist
    undone_as = UNDO_AS[HandRevision.Action(action)]
    locked, every, replay, key = _begin(match, key, lambda r: r.hand_id == hand_id)
    if replay is not None:
        return _replayed(locked, replay)
    target = _target(every, hand_id)
    live = [h for h in every if h.deleted_at is None]
    deleted_now = action == HandRevision.Action.DELETED
    if target.version != expected_version or (target.deleted_at is not None) != deleted_now:
        number = live.index(target) + 1 if target in live else 0
        raise HandConflict(kind=ConflictKind.CHANGED, number=number, device=target.entered_by)
    moves_hands = undone_as in (HandRevision.Action.DELETED, HandRevision.Action.RESTORED)
    if moves_hands and hands_changed_since(locked, hand_id, expected_version):
        number = live.index(target) + 1 if target in live else 0
        raise HandConflict(kind=ConflictKind.LATER, number=number)
    if undone_as == HandRevision.Action.DELETED:
        result = _validate(locked, [h for h in live if h.pk != target.pk], {})
        target.deleted_at = timezone.now()
        # A new hand undone is withdrawn: gone, not a deleted hand to restore.
        target.withdrawn = action == HandRevision.Action.CREATED
    elif undone_as == HandRevision.Action.RESTORED:
        limits.check_hands_stored(len(every))
        live = [h for h in every if h.deleted_at is None or h.pk == target.pk]
        result = _validate(locked, live, {})
        target.deleted_at = None
    else:
        before = target.revisions.filter(version=expected_version - 1).first()
        if before is None:
            raise Hand.DoesNotExist
        hand, taker_seat, belote_seat = _input_of(locked, before.data)
        result = _validate(locked, live, {target.pk: hand})
        _set_input(target, hand, taker_seat, belote_seat)
    _save_new_version(target, device)
    _commit(locked, target, undone_as, device=device, key=key, result=result)
    # Its shown number: the place it takes again, or the one it had.
    after = MatchAfter(locked, tuple(every), result)
    return HandChange(hand=target, number=live.index(target) + 1, after=after)


def hands_changed_since(match: Match, hand_id: int, version: int) -> bool:
    """Whether another hand of ``match`` was changed (entered, corrected,
    deleted, restored) after hand ``hand_id`` reached ``version``: then an
    undo that takes a hand away or brings one back would move hands entered
    since (:func:`hand_undo` refuses it). Two queries at most."""
    revision = (
        HandRevision.objects.filter(match=match, hand_id=hand_id, version=version)
        .values_list("pk", flat=True)
        .first()
    )
    if revision is None:
        return False
    later = HandRevision.objects.filter(match=match, pk__gt=revision).exclude(hand_id=hand_id)
    return later.exists()


def hand_history(hand: Hand) -> list[HandRevision]:
    """Every change of ``hand``, newest first (one query)."""
    return list(hand.revisions.order_by("-version"))


APP_KEY = "rebelote"  # the export's extra top-level key: who played, beyond FORMAT.md


def _text(value: Any, limit: int) -> str | None:
    """``value`` as a name of at most ``limit`` characters, or ``None``."""
    if not isinstance(value, str) or "\x00" in value or not 0 < len(value.strip()) <= limit:
        return None
    return value.strip()


def _choice(value: Any, choices: Any, default: str) -> str:
    return value if isinstance(value, str) and value in choices else default


def _seats_for(
    values: Any, inputs: Sequence[scoring.GameHand], team_of: Callable[[scoring.GameHand], Any]
) -> list[int | None]:
    """Per hand, the seat in ``values`` when it plays for ``team_of(hand)``."""
    values = values if isinstance(values, list) and len(values) == len(inputs) else []
    seats: list[int | None] = []
    for index, hand in enumerate(inputs):
        seat = values[index] if values else None
        valid = type(seat) is int and 1 <= seat <= 4 and seat_team(seat) == team_of(hand)
        seats.append(seat if valid else None)
    return seats


def _taker(hand: scoring.GameHand) -> Any:
    return hand.taker


def _belote(hand: Any) -> Any:
    return hand.belote


def _table_from_document(
    document: dict, inputs: Sequence[scoring.GameHand], game_players: tuple[str, ...] = ()
) -> dict[str, Any]:
    """The players, team names, first dealer and takers an export carries under
    ``"rebelote"``, each kept only where it is well formed (defaults otherwise:
    the match document alone stays the contract)."""
    extra = document.get(APP_KEY)
    extra = extra if isinstance(extra, dict) else {}
    players = extra.get("players")
    names = [_text(n, 40) for n in players] if isinstance(players, list) else []
    seats = len(game_players) if game_players else 4
    if len(names) != seats or not all(names):
        names = [f"Joueur {seat}" for seat in range(1, seats + 1)]
    teams = extra.get("teams") if isinstance(extra.get("teams"), dict) else {}
    first_dealer = extra.get("first_dealer")
    return {
        "names": names,
        "team_a_name": _text(teams.get("A"), 60) or "Nous",
        "team_b_name": _text(teams.get("B"), 60) or "Eux",
        "first_dealer": first_dealer
        if type(first_dealer) is int and 1 <= first_dealer <= seats
        else 1,
        "card_names": _choice(
            extra.get("card_names"), tuple(presets.CardNames), presets.CardNames.FRENCH
        ),
        "preset": _choice(extra.get("preset"), presets.PRESETS, presets.CUSTOM),
        # A game scored per player names its players, not their seats.
        "seats": _seats_for(None if game_players else extra.get("takers"), inputs, _taker),
        "belote_seats": _seats_for(
            None if game_players else extra.get("belote_holders"), inputs, _belote
        ),
    }


def match_import(*, document: Any, device: str = "", key: str | None = None) -> Match:
    """Create a match from a match document (FORMAT.md), all or nothing.

    The document is parsed and fully scored first: raises
    ``scoring.MatchError`` with every problem and creates nothing when
    invalid. Who played comes from the export's ``"rebelote"`` key when there
    is one (see :func:`match_export_document`); otherwise players are
    "Joueur 1" ... "Joueur 4", teams "Nous" / "Eux", and the takers are
    known by team only. ``device`` is recorded as the phone that entered the
    hands. A document of more than ``limits.MATCH_MAX_HANDS`` hands is
    refused (``MatchError``, code ``too_many_hands``) before it is parsed.
    Both games are taken: a document with ``"game": "coinche"``
    (docs/coinche.md) makes a coinche match. ``key`` is the import form's
    one-time key: the same document sent again gets the match the first
    sending made (as :func:`match_create`).
    """
    limits.check_document_hands(document)
    rules, inputs = scoring.parse_match_document(document)
    result = scoring.score_match(rules, inputs)
    table = _table_from_document(document, inputs, scoring.engine_for(rules).players)
    return created_once(
        key,
        lambda key: _created_match(key, table["names"], len(inputs)),
        lambda key: _match_import(rules, inputs, result, table, device=device, key=key),
    )


@transaction.atomic
def _match_import(
    rules: scoring.GameRules,
    inputs: Sequence[Any],
    result: Any,
    table: dict[str, Any],
    *,
    device: str,
    key: str | None,
) -> Match:
    """:func:`match_import` once the document is scored and a resend ruled
    out: the match, its hands and their first revisions; ``key`` recorded."""
    # A preset is kept only if it is of the document's game and the
    # document's rules (and card names) are exactly that preset's.
    values = {**presets.rule_values(rules), "card_names": table["card_names"]}
    table["preset"] = presets.preset_of(table["preset"], values, scoring.engine_for(rules).name)
    match = _match_create(
        names=table["names"],
        rules=rules,
        team_a_name=table["team_a_name"],
        team_b_name=table["team_b_name"],
        first_dealer=table["first_dealer"],
        preset=table["preset"],
        card_names=table["card_names"],
        table=None,
        key=key,
    )
    hands = Hand.objects.bulk_create(
        [
            Hand(
                match=match,
                number=number,
                taker_seat=seat,
                belote_seat=belote_seat,
                entered_by=device,
                **Hand.fields_from_input(hand),
            )
            for number, (hand, seat, belote_seat) in enumerate(
                zip(inputs, table["seats"], table["belote_seats"], strict=True), 1
            )
        ]
    )
    HandRevision.objects.bulk_create(
        [
            HandRevision(
                match=match,
                hand=hand,
                version=1,
                action=HandRevision.Action.CREATED,
                data=hand.document(),
                device=device,
            )
            for hand in hands
        ]
    )
    Match.objects.filter(pk=match.pk).update(**summary_fields(match, result))
    match.refresh_from_db()
    return match


def match_export_document(match: Match) -> dict[str, Any]:
    """The match document of ``match`` (FORMAT.md; with ``"game": "coinche"``
    and docs/coinche.md's rules and hands for a coinche match) plus two top-level keys:
    ``"result"``, the result document, and ``"rebelote"``, who played (players
    in seat order, team names, first dealer, card names, preset, and each
    hand's taker seat and belote holder seat), which :func:`match_import`
    reads back."""
    players = tuple(match.players.all())
    hands = tuple(match.hands.live())
    inputs = [hand.to_input() for hand in hands]
    document = scoring.match_document(match.rules, inputs)
    document["result"] = scoring.result_document(scoring.score_match(match.rules, inputs))
    document[APP_KEY] = {
        "players": [player.name for player in players],
        "teams": {side: match.team_name(side) for side in match.sides},
        "first_dealer": match.first_dealer,
        "card_names": match.card_names,
        "preset": match.preset,
        "takers": [hand.taker_seat for hand in hands],
        "belote_holders": [hand.belote_seat for hand in hands],
    }
    return document


def match_path(match: Match) -> str:
    """The URL path of the match's scoresheet (built from its secret token)."""
    return reverse("match", args=[match.token])
