"""The scoring engine of Schieber jass, as Rebelote scores it.

Pure Python: no Django, no I/O. Everything here follows
``../shared/scoring/JASS.md`` (cited below as JASS, by section; what it does
not say is as in FORMAT, ``docs/match-document.md``). Scores are always in
points (integers); teams are ``"A"`` and ``"B"``. What every game shares (the
results, the problems, the one scoring loop) is the kernel's
(:mod:`scoresheets.scoring.kernel`); this module is jass' own: its
:class:`JassRules` and :class:`JassHand` (with the Weis :class:`Declaration`),
their checks, the comparison of declared Weis, the scoring of one hand, its
own end of match (*Ausmachen*) and its match document, gathered in
:data:`ENGINE`.

A hand has 157 card points (5 for the last trick included); the team that
named the mode (the announcer: Vorhand's, seats 1 and 3) and the other
each score (cards + Weis + Stöck) x m, m the mode's factor under the rule
``multipliers``. There is no redeal, no litige, no reserve.

Any invalid input raises :class:`~scoresheets.scoring.kernel.MatchError`
carrying every :class:`~scoresheets.scoring.kernel.Problem` found; no other
exception escapes from the public functions, whatever the input.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any

from scoresheets.scoring import kernel
from scoresheets.scoring.kernel import (
    TEAMS,
    ConcoursFacts,
    Engine,
    HandScore,
    MatchEnd,
    MatchError,
    MatchResult,
    Pair,
    Preset,
    Problem,
    check_choice,
    check_target,
    check_team,
    gettext_noop,
    is_announcement_value,
    is_int,
    other_team,
    pair_of,
    parse_document,
    parsed,
    plain,
    problem,
    result_document,
    rule_values,
    rule_values_of,
)

__all__ = [
    "CARD_POINTS",
    "ENGINE",
    "SCHIEBER_1000",
    "STOECK_POINTS",
    "SWISSLOS_2500",
    "TURNIER_12",
    "Ausmachen",
    "BestWeis",
    "Declaration",
    "EqualWeis",
    "JassHand",
    "JassOutcome",
    "JassRules",
    "KonterMatch",
    "Mode",
    "Multipliers",
    "SequenceValues",
    "best_weis",
    "check_hand",
    "check_rules",
    "declaration_value",
    "declared_weis",
    "end_of_match",
    "match_document",
    "multiplier",
    "parse_match_document",
    "score_document",
    "score_hand",
    "score_match",
    "validated_weis",
]

GAME = "jass"
CARD_POINTS = 157  # JASS, top: a hand's card points, 5 for the last trick included
STOECK_POINTS = 20  # JASS, *Scoring one hand*: trump King and Ober held by one team


class Mode(StrEnum):
    """JASS, hand key ``mode``: the trump suit, or no trump (Obenabe: Ace
    high; Undenufe: 6 high)."""

    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    SPADES = "spades"
    CLUBS = "clubs"
    OBENABE = "obenabe"
    UNDENUFE = "undenufe"


MODES: tuple[str, ...] = tuple(Mode)
NO_TRUMP: tuple[str, ...] = (Mode.OBENABE, Mode.UNDENUFE)  # no Stöck there


class Multipliers(StrEnum):
    """JASS, rule ``multipliers``: the factor m of each mode (:data:`FACTORS`)."""

    SINGLE = "single"
    ONE_TWO_THREE = "1_2_3"
    ONE_TWO_THREE_FOUR = "1_2_3_4"
    ONE_TWO_TWO = "1_2_2"


# JASS, the modes' table: m by rule ``multipliers``, in the order of MODES
# (hearts, diamonds, spades, clubs, obenabe, undenufe).
FACTORS: dict[str, tuple[int, ...]] = {
    Multipliers.SINGLE: (1, 1, 1, 1, 1, 1),
    Multipliers.ONE_TWO_THREE: (1, 1, 2, 2, 3, 3),
    Multipliers.ONE_TWO_THREE_FOUR: (1, 1, 2, 2, 3, 4),
    Multipliers.ONE_TWO_TWO: (1, 1, 2, 2, 2, 2),
}


class KonterMatch(StrEnum):
    """JASS, rule ``konter_match``: a Match by the team that did not announce."""

    MATCH = "match"  # like any Match
    DOUBLE = "double"  # its Match value twice (urikon.ch "Hindersi")


class SequenceValues(StrEnum):
    """JASS, rule ``sequence_values``: sequences of 6 to 9 cards."""

    OPEN = "open"  # 150 / 200 / 250 / 300
    CAPPED = "capped"  # all 100 ("einfacher Weis")


class EqualWeis(StrEnum):
    """JASS, rule ``equal_weis``: a four against a sequence of equal points."""

    MORE_CARDS = "more_cards"  # the sequence, more cards
    FOUR_FIRST = "four_first"  # the four


class Ausmachen(StrEnum):
    """JASS, rule ``ausmachen``: who wins when both teams pass the target in
    one hand (*End of match*)."""

    STOECK_WEIS_STICH = "stoeck_weis_stich"
    STOECK_STICH_WEIS = "stoeck_stich_weis"
    TOTALS = "totals"


class JassOutcome(StrEnum):
    """JASS, *Scoring one hand*: what a hand came to (the result document's
    ``outcome``; jass has no redeal, litige or annulled hand)."""

    SCORED = "scored"
    MATCH = "match"  # the announcer took all nine tricks
    KONTER_MATCH = "konter_match"  # the other team did


# JASS, *Weis*: cards rank 6 to Ace in every mode; seats 1 to 4 in playing
# order (seat 1 Vorhand, the announcer's; seats 1 and 3 are its team).
SUITS: tuple[str, ...] = ("hearts", "diamonds", "spades", "clubs")
RANKS: tuple[str, ...] = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")
SEATS: tuple[int, ...] = (1, 2, 3, 4)
SEQUENCE = "sequence"
FOUR = "four"
KINDS: tuple[str, ...] = (SEQUENCE, FOUR)
LENGTHS: tuple[int, ...] = (3, 4, 5, 6, 7, 8, 9)
SEQUENCE_POINTS = {3: 20, 4: 50, 5: 100, 6: 150, 7: 200, 8: 250, 9: 300}
CAPPED_POINTS = 100  # a sequence of 6 to 9 cards under `sequence_values: capped`
FOUR_POINTS = {"J": 200, "9": 150}  # any other four: 100
OTHER_FOUR_POINTS = 100
SEAT_CARDS_MAX = 9


# --------------------------------------------------------------------------
# Inputs
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class JassRules:
    """The table's rules (JASS, *Rules*), each with its default:

    - ``target``: points (int > 0) that end the match (*End of match*), or
      ``None`` under ``rounds``;
    - ``rounds``: ``None``, or a match of that many hands (then ``target``
      must be ``None``); :attr:`donnes` gives it to the kernel;
    - ``multipliers``: the factor of each mode (:class:`Multipliers`);
    - ``match_bonus``: 100 or 0, added to the 157 of a Match;
    - ``konter_match``: ``"match"`` or ``"double"`` (:class:`KonterMatch`);
    - ``weis_stoeck``: whether Weis and Stöck are played;
    - ``sequence_values``: ``"open"`` or ``"capped"``;
    - ``equal_weis``: ``"more_cards"`` or ``"four_first"``;
    - ``ausmachen``: ``"stoeck_weis_stich"``, ``"stoeck_stich_weis"`` or
      ``"totals"`` (:class:`Ausmachen`).

    Construction does not validate; :func:`check_rules` lists the problems.
    """

    target: int | None = 1000
    rounds: int | None = None
    multipliers: str = Multipliers.SINGLE
    match_bonus: int = 100
    konter_match: str = KonterMatch.MATCH
    weis_stoeck: bool = True
    sequence_values: str = SequenceValues.OPEN
    equal_weis: str = EqualWeis.MORE_CARDS
    ausmachen: str = Ausmachen.STOECK_WEIS_STICH

    @property
    def donnes(self) -> int | None:
        """The kernel's rule ``donnes`` (``GameRules``): ``rounds``, a match
        of that many hands, or ``None`` (to the target)."""
        return self.rounds


@dataclass(frozen=True, slots=True)
class Declaration:
    """One Weis a player declared (JASS, *Weis*), each value as the document
    gave it (:func:`check_hand` says what is wrong with it):

    - ``seat``: 1 to 4, in playing order (seat 1 Vorhand);
    - ``kind``: ``"sequence"`` or ``"four"``;
    - a sequence's ``suit``, ``length`` (3 to 9 cards) and ``top`` (its
      highest card's rank, ``"6"`` ... ``"A"``);
    - a four's ``rank``.
    """

    seat: Any
    kind: Any
    suit: Any = None
    length: Any = None
    top: Any = None
    rank: Any = None


@dataclass(frozen=True, slots=True)
class JassHand:
    """One hand as entered (JASS, *Hand*), each value as the document gave it:

    - ``mode``: a :class:`Mode`; ``announcer``: the team that named it;
    - ``points_team`` / ``card_points``: the card points (0-157) of ONE
      team, the other has 157 minus that; both ``None`` with a Match;
    - ``match``: the team that took all nine tricks, or ``None``;
    - ``stoeck``: the team that held trump King and Ober, or ``None``;
    - ``weis``: the Weis already compared (points per team), or ``None``;
    - ``declared``: the players' :class:`Declaration`, which the engine
      compares, or ``None`` (not both with ``weis``; neither: no Weis);
    - ``out``: the team that reached the target first while playing its
      tricks, on a hand after which both teams are past it, or ``None``.

    :attr:`taker` is the announcer (the kernel's ``GameHand``).
    """

    mode: Any
    announcer: Any
    points_team: Any = None
    card_points: Any = None
    match: Any = None
    stoeck: Any = None
    weis: Pair | None = None
    declared: tuple[Declaration, ...] | None = None
    out: Any = None

    @property
    def taker(self) -> Any:
        """The team that named the mode (the kernel's ``GameHand.taker``)."""
        return self.announcer

    @property
    def trick_points(self) -> Any:
        """``card_points`` by the name the shared columns of a table's hands
        CSV read (a belote table's trick points)."""
        return self.card_points


# --------------------------------------------------------------------------
# Validation
# --------------------------------------------------------------------------

WEIS_STOECK_OFF = "Weis and Stöck are not played under these rules"
OUT_NOT_ALLOWED = "only on a hand after which both teams are at or past the target"


def check_rules(rules: JassRules) -> list[Problem]:
    """Every problem with ``rules`` (JASS, *Rules*): ``target`` an integer
    > 0 unless ``rounds`` is set, then ``null`` (code ``required`` or
    ``target_with_rounds``); ``rounds`` ``null`` or an integer > 0; every
    other rule among its values (``invalid_choice``). Never raises."""
    out: list[Problem] = []
    if rules.target is None:
        if rules.rounds is None:
            out.append(problem(None, "rules.target", "required", "is required without rounds"))
    elif rules.rounds is not None:
        out.append(
            problem(
                None, "rules.target", "target_with_rounds", "must be absent or null with rounds"
            )
        )
    else:
        check_target(out, rules.target)
    if rules.rounds is not None:
        if not is_int(rules.rounds):
            out.append(
                problem(None, "rules.rounds", "not_integer", "must be a number of hands, or null")
            )
        elif rules.rounds <= 0:
            out.append(
                problem(None, "rules.rounds", "out_of_range", "must be greater than 0", min=1)
            )
    for name, choices in _CHOICES:
        check_choice(out, None, f"rules.{name}", getattr(rules, name), choices)
    return out


_CHOICES: tuple[tuple[str, tuple[Any, ...]], ...] = (
    ("multipliers", tuple(Multipliers)),
    ("match_bonus", (100, 0)),
    ("konter_match", tuple(KonterMatch)),
    ("weis_stoeck", (True, False)),
    ("sequence_values", tuple(SequenceValues)),
    ("equal_weis", tuple(EqualWeis)),
    ("ausmachen", tuple(Ausmachen)),
)


def check_hand(rules: JassRules, hand: JassHand, number: int) -> list[Problem]:
    """Every problem with ``hand``, the hand ``number`` (1-based) of a match
    (JASS, *Hand* and *Weis*), in the order of its keys: ``mode`` and
    ``announcer`` required; the card points (0-157) of one team unless
    ``match``, none with it; ``stoeck`` a team, not at Obenabe / Undenufe;
    ``weis`` sums of Weis values for one team at most; ``declared`` valid
    declarations (:func:`_check_declared`), not with ``weis``; neither
    ``stoeck`` nor Weis without ``weis_stoeck``; ``out`` a team, never under
    ``rounds`` (whether the totals call for it is :func:`end_of_match`'s).
    Reads only ``weis_stoeck`` and ``rounds`` of ``rules``. Never raises."""
    out: list[Problem] = []
    n = number
    _required_choice(out, n, "mode", hand.mode, MODES)
    check_team(out, n, "announcer", hand.announcer, nullable=False)
    has_points = _check_points(out, n, hand.points_team, hand.card_points)
    check_team(out, n, "match", hand.match, nullable=True)
    if hand.match is not None and has_points:
        out.append(problem(n, "points", "points_with_match", "must be empty with a Match"))
    elif hand.match is None and not has_points:
        out.append(problem(n, "points", "required", "the card points of one team are required"))
    _check_stoeck(out, n, rules, hand)
    if hand.weis is not None:
        _check_weis(out, n, rules, hand.weis)
    if hand.declared is not None:
        if hand.weis is not None:
            out.append(
                problem(n, "declared", "weis_with_declared", "not with weis: one or the other")
            )
        if rules.weis_stoeck is False and hand.declared:
            out.append(problem(n, "declared", "weis_stoeck_disabled", WEIS_STOECK_OFF))
        else:
            _check_declared(out, n, hand.declared)
    check_team(out, n, "out", hand.out, nullable=True)
    if _is_team(hand.out) and rules.rounds is not None:
        out.append(problem(n, "out", "out_not_allowed", OUT_NOT_ALLOWED))
    return out


def _is_team(value: Any) -> bool:
    return isinstance(value, str) and value in TEAMS


def _required_choice(
    out: list[Problem], n: int, name: str, value: Any, choices: Sequence[Any]
) -> None:
    """``value`` is required (code ``required``) and one of ``choices``."""
    if value is None:
        out.append(problem(n, name, "required", "is required"))
    else:
        check_choice(out, n, name, value, choices)


def _check_points(out: list[Problem], n: int, team: Any, points: Any) -> bool:
    """A hand's ``points`` (JASS, *Hand*): the card points (0-157) of one
    team, when given. Appends the problems; returns whether any was given."""
    given = team is not None or points is not None
    if given:
        check_team(out, n, "points", team, nullable=False)
        if points is None:
            out.append(problem(n, "points", "required", "the card points are required"))
        elif not is_int(points):
            out.append(problem(n, "points", "not_integer", "must be an integer"))
        elif not 0 <= points <= CARD_POINTS:
            message = f"must be between 0 and {CARD_POINTS}"
            out.append(problem(n, "points", "out_of_range", message, min=0, max=CARD_POINTS))
    return given


def _check_stoeck(out: list[Problem], n: int, rules: JassRules, hand: JassHand) -> None:
    """``stoeck``: a team or ``None``; none without ``weis_stoeck`` or at
    Obenabe / Undenufe (no trump, no trump King and Ober)."""
    check_team(out, n, "stoeck", hand.stoeck, nullable=True)
    if not _is_team(hand.stoeck):
        return
    if rules.weis_stoeck is False:
        out.append(problem(n, "stoeck", "weis_stoeck_disabled", WEIS_STOECK_OFF))
    elif isinstance(hand.mode, str) and hand.mode in NO_TRUMP:
        message = "there are no Stöck at Obenabe or Undenufe"
        out.append(problem(n, "stoeck", "stoeck_without_trump", message))


def _check_weis(out: list[Problem], n: int, rules: JassRules, weis: Pair) -> None:
    """``weis`` (JASS, *Hand*): each team's 0 or a sum of Weis values (every
    multiple of ten but 10 and 30: sums of 20 and 50), one team at most
    above 0, none without ``weis_stoeck``."""
    if not isinstance(weis, Pair):
        out.append(problem(n, "weis", "not_object", "must be an object"))
        return
    values = (weis.a, weis.b)
    for team, value in zip(TEAMS, values, strict=True):
        name = f"weis.{team}"
        if not is_int(value):
            out.append(problem(n, name, "not_integer", "must be an integer"))
        elif value < 0:
            out.append(problem(n, name, "out_of_range", "must be 0 or more", min=0))
        elif not is_announcement_value(value):
            message = "must be 0 or a sum of Weis values (20, 50, 100, 150...)"
            out.append(problem(n, name, "not_weis_sum", message))
        elif value > 0 and rules.weis_stoeck is False:
            out.append(problem(n, name, "weis_stoeck_disabled", WEIS_STOECK_OFF))
    if all(is_int(v) and v > 0 for v in values):
        message = "only the team with the best Weis scores Weis"
        out.append(problem(n, "weis", "weis_both_teams", message))


def _check_declared(out: list[Problem], n: int, declared: Sequence[Declaration]) -> None:
    """``declared`` (JASS, *Weis*): each declaration well formed
    (:func:`_check_declaration`); then, among the well-formed ones, each
    pair (the problem on the later one, ``declared.<j>``): the same four
    twice (``four_declared_twice``), a card of two seats
    (``card_declared_twice``), one seat's sequences in one suit that
    overlap or touch (``sequences_overlap``); and no seat with more than 9
    cards (``too_many_cards``, a card in a four and a sequence counted once)."""
    if not isinstance(declared, tuple | list) or not all(
        isinstance(d, Declaration) for d in declared
    ):
        out.append(problem(n, "declared", "not_list", "must be a list of declarations"))
        return
    good = [(i, d) for i, d in enumerate(declared, start=1) if _check_declaration(out, n, i, d)]
    for k, (j, later) in enumerate(good):
        for i, earlier in good[:k]:
            _check_pair(out, n, i, earlier, j, later)
    for seat in SEATS:
        cards = set().union(*(_cards(d) for _, d in good if d.seat == seat))
        if len(cards) > SEAT_CARDS_MAX:
            message = f"seat {seat} declares {len(cards)} cards, more than {SEAT_CARDS_MAX}"
            out.append(
                problem(n, "declared", "too_many_cards", message, seat=seat, cards=len(cards))
            )


def _check_declaration(out: list[Problem], n: int, i: int, d: Declaration) -> bool:
    """The declaration ``i`` (1-based, field ``declared.<i>``): its seat,
    kind, and a sequence's suit, length and top (not reaching below the 6)
    or a four's rank, nothing of the other kind. Returns whether it is well
    formed."""
    name = f"declared.{i}"
    before = len(out)
    _required_choice(out, n, f"{name}.seat", d.seat, SEATS)
    _required_choice(out, n, f"{name}.kind", d.kind, KINDS)
    if d.kind == SEQUENCE:
        _required_choice(out, n, f"{name}.suit", d.suit, SUITS)
        _required_choice(out, n, f"{name}.length", d.length, LENGTHS)
        _required_choice(out, n, f"{name}.top", d.top, RANKS)
        others = (("rank", d.rank),)
    elif d.kind == FOUR:
        _required_choice(out, n, f"{name}.rank", d.rank, RANKS)
        others = (("suit", d.suit), ("length", d.length), ("top", d.top))
    else:
        others = ()
    for key, value in others:
        if value is not None:
            message = f"is not a key of a {d.kind}"
            out.append(problem(n, f"{name}.{key}", "not_for_kind", message))
    if len(out) == before and d.kind == SEQUENCE and RANKS.index(d.top) + 1 < d.length:
        out.append(problem(n, name, "sequence_below_six", "reaches below the 6"))
    return len(out) == before


def _check_pair(
    out: list[Problem], n: int, i: int, earlier: Declaration, j: int, later: Declaration
) -> None:
    """Two well-formed declarations, ``i`` before ``j`` (JASS, *Weis*,
    "Invalid"): the problem, if any, goes to the later one."""
    name = f"declared.{j}"
    if earlier.kind == FOUR and later.kind == FOUR and earlier.rank == later.rank:
        message = f"declares the four {later.rank} of declaration {i} again"
        out.append(problem(n, name, "four_declared_twice", message, declaration=i))
    elif earlier.seat != later.seat:
        shared = _cards(earlier) & _cards(later)
        if shared:
            suit, rank = min(shared)
            card = f"{RANKS[rank]} of {SUITS[suit]}"
            message = f"the {card} is in declaration {i} too, of seat {earlier.seat}"
            out.append(problem(n, name, "card_declared_twice", message, declaration=i, card=card))
    elif earlier.kind == SEQUENCE and later.kind == SEQUENCE and earlier.suit == later.suit:
        low_e, high_e = _span(earlier)
        low_l, high_l = _span(later)
        if low_l <= high_e + 1 and low_e <= high_l + 1:
            message = f"overlaps or touches declaration {i}: declare them as one sequence"
            out.append(problem(n, name, "sequences_overlap", message, declaration=i))


def _span(d: Declaration) -> tuple[int, int]:
    """A well-formed sequence's lowest and highest rank (indexes of RANKS)."""
    top = RANKS.index(d.top)
    return top - d.length + 1, top


def _cards(d: Declaration) -> set[tuple[int, int]]:
    """The cards of a well-formed declaration, as (suit, rank) indexes."""
    if d.kind == FOUR:
        rank = RANKS.index(d.rank)
        return {(suit, rank) for suit in range(len(SUITS))}
    low, high = _span(d)
    suit = SUITS.index(d.suit)
    return {(suit, rank) for rank in range(low, high + 1)}


def plainly_valid(rules: JassRules, hand: JassHand) -> bool:
    """A fast check that accepts exactly the hands :func:`check_hand` finds
    no problem with (a property test holds them equal): a hand with
    declarations or ``out`` takes the slow path."""
    if hand.declared is not None or hand.out is not None:
        return not check_hand(rules, hand, 1)
    mode = hand.mode
    if not isinstance(mode, str) or mode not in MODES or not _is_team(hand.announcer):
        return False
    team, points = hand.points_team, hand.card_points
    if hand.match is None:
        if not (_is_team(team) and points.__class__ is int and 0 <= points <= CARD_POINTS):
            return False
    elif not (_is_team(hand.match) and team is None and points is None):
        return False
    stoeck = hand.stoeck
    if stoeck is not None and (
        not _is_team(stoeck) or rules.weis_stoeck is False or mode in NO_TRUMP
    ):
        return False
    weis = hand.weis
    if weis is None:
        return True
    if weis.__class__ is not Pair:
        return False
    a, b = weis.a, weis.b
    if a.__class__ is not int or b.__class__ is not int or (a and b):
        return False
    value = a or b
    return not value or (is_announcement_value(value) and rules.weis_stoeck is not False)


# --------------------------------------------------------------------------
# Weis (JASS, *Weis*): the comparison of declared Weis
# --------------------------------------------------------------------------


def declaration_value(rules: JassRules, d: Declaration) -> int:
    """The points of a well-formed declaration: a sequence of 3 = 20, 4 =
    50, 5 = 100, 6 to 9 = 150 / 200 / 250 / 300 (100 each under
    ``sequence_values: capped``); four Jacks 200, four Nines 150, any other
    four 100."""
    if d.kind == FOUR:
        return FOUR_POINTS.get(d.rank, OTHER_FOUR_POINTS)
    if d.length >= 6 and rules.sequence_values == SequenceValues.CAPPED:
        return CAPPED_POINTS
    return SEQUENCE_POINTS[d.length]


def _rank(rules: JassRules, d: Declaration) -> tuple[int, ...]:
    """How a well-formed declaration ranks by itself (JASS, *Weis*), higher
    first, in order: points; under ``four_first`` a four before a sequence;
    the number of cards; height (a sequence's top, a four's rank). Its suit
    and seat are not read."""
    four = d.kind == FOUR
    return (
        declaration_value(rules, d),
        int(four and rules.equal_weis == EqualWeis.FOUR_FIRST),
        4 if four else d.length,
        RANKS.index(d.rank if four else d.top),
    )


def _standing(rules: JassRules, mode: str, d: Declaration) -> tuple[int, ...]:
    """How a well-formed declaration ranks (JASS, *Weis*), higher first:
    :func:`_rank`, then a sequence in the trump suit, then the earlier seat."""
    return (*_rank(rules, d), int(d.kind != FOUR and d.suit == mode), -d.seat)


@dataclass(frozen=True, slots=True)
class BestWeis:
    """Whose Weis counts, from each team's best declaration alone
    (:func:`best_weis`): ``winner`` ``"A"`` / ``"B"``, ``None`` when nobody
    declared or on a ``tie``; ``points``, the winner's best declaration's
    value (its team scores at least that, all its Weis); ``tie``: equal in
    all the helper knows (a trump sequence, then the earlier seat decides);
    ``below_six``: the teams whose sequence would reach below the 6 (then
    no winner)."""

    winner: str | None = None
    points: int = 0
    tie: bool = False
    below_six: tuple[str, ...] = ()


def best_weis(rules: JassRules, bests: dict[str, Declaration]) -> BestWeis:
    """Which team scores its Weis when the table gives only each team's best
    declaration (the hand form's Weis helper; JASS, *Weis*): the best of
    the two decides, ranked by points, under ``four_first`` a four first,
    the number of cards, height (:func:`_rank`); its team scores all its
    Weis, the other none. ``bests``: team -> its best declaration, its kind
    and a sequence's ``length`` and ``top`` or a four's ``rank`` (its seat
    and suit are not asked); a team left out declared nothing. Equal in
    all of these: a tie, which a sequence in trump, then the earlier seat
    breaks (the table knows which; the helper does not ask). A sequence
    whose top is too low for its length: ``below_six``. The kinds, lengths
    and ranks are the caller's to give among the engine's (the form's
    choices): another raises ``ValueError`` or ``KeyError``."""
    below = tuple(
        team
        for team, d in bests.items()
        if d.kind == SEQUENCE and RANKS.index(d.top) + 1 < d.length
    )
    if below:
        return BestWeis(below_six=below)
    if not bests:
        return BestWeis()
    ranked = sorted(bests.items(), key=lambda item: _rank(rules, item[1]), reverse=True)
    if len(ranked) == 2 and _rank(rules, ranked[0][1]) == _rank(rules, ranked[1][1]):
        return BestWeis(tie=True)
    team, best = ranked[0]
    return BestWeis(winner=team, points=declaration_value(rules, best))


def declared_weis(
    rules: JassRules, mode: str, announcer: str, declared: Sequence[Declaration]
) -> Pair:
    """The Weis each team scores (points, unmultiplied) from valid
    declarations at ``mode``, ``announcer`` the team of seats 1 and 3
    (JASS, *Weis*): the single best declaration decides; its team scores
    all its declarations, the partner's included, the other team 0. No
    declaration: 0 each."""
    if not declared:
        return Pair()
    best = max(declared, key=lambda d: _standing(rules, mode, d))
    team = _seat_team(best.seat, announcer)
    total = sum(
        declaration_value(rules, d) for d in declared if _seat_team(d.seat, announcer) == team
    )
    return pair_of(team, total, 0)


def _seat_team(seat: int, announcer: str) -> str:
    """Seats 1 and 3 are the announcer's team, 2 and 4 the other."""
    return announcer if seat % 2 == 1 else other_team(announcer)


def validated_weis(rules: JassRules, hand: JassHand) -> Pair:
    """A valid hand's validated Weis per team (points, unmultiplied): its
    ``declared`` compared (:func:`declared_weis`), else its ``weis``, else 0."""
    if hand.declared is not None:
        return declared_weis(rules, hand.mode, hand.announcer, hand.declared)
    return hand.weis if hand.weis is not None else Pair()


# --------------------------------------------------------------------------
# Scoring
# --------------------------------------------------------------------------


def multiplier(rules: JassRules, mode: str) -> int:
    """The factor m of ``mode`` under ``rules.multipliers`` (JASS, the modes'
    table): 1 to 4."""
    return FACTORS[rules.multipliers][MODES.index(mode)]


def score_hand(rules: JassRules, hand: JassHand, reserve: int) -> HandScore:
    """Score one valid hand (JASS, *Scoring one hand*): each team X scores
    (cards(X) + weis(X) + stoeck(X)) x m, in points. cards(X) from
    ``points``, or 157 + ``match_bonus`` for the Match team (twice that for
    a Konter-Match under ``konter_match: double``) and 0 for the other;
    weis(X) validated (:func:`validated_weis`); stoeck(X) 20 if X held
    them, always kept.

    Returns its :class:`HandScore`: outcome ``"match"`` (the announcer's
    Match), ``"konter_match"`` or ``"scored"`` (:class:`JassOutcome`);
    ``tricks`` cards(X); ``hand_totals`` cards + weis + stoeck (before m);
    no winner, no reserve (``reserve`` is given back: 0); the breakdown
    figures in coinche's layout (``tricks`` = cards, ``announcements`` =
    Weis, ``belote`` = Stöck, ``multiplied`` = their sum x (m - 1), the
    multiplier m); ``extras`` ``{"weis": {"A": n, "B": m}}``, the validated
    Weis (JASS, *Result*).
    """
    m = multiplier(rules, hand.mode)
    announcer, match = hand.announcer, hand.match
    if match is None:
        outcome = JassOutcome.SCORED
        points = hand.card_points
        cards = pair_of(hand.points_team, points, CARD_POINTS - points)
    else:
        outcome = JassOutcome.MATCH if match == announcer else JassOutcome.KONTER_MATCH
        value = CARD_POINTS + rules.match_bonus
        if outcome is JassOutcome.KONTER_MATCH and rules.konter_match == KonterMatch.DOUBLE:
            value *= 2
        cards = pair_of(match, value, 0)
    weis = validated_weis(rules, hand)
    stoeck = pair_of(hand.stoeck, STOECK_POINTS, 0) if hand.stoeck is not None else Pair()
    raw = Pair(cards.a + weis.a + stoeck.a, cards.b + weis.b + stoeck.b)
    multiplied = _MULTIPLIED_PARTS if m > 1 else ()
    figures = (
        announcer,
        0,  # reserve_in
        0,  # forfeited
        m,
        multiplied,
        *(cards.a, weis.a, stoeck.a, 0, 0, 0, 0, 0, raw.a * (m - 1)),
        *(cards.b, weis.b, stoeck.b, 0, 0, 0, 0, 0, raw.b * (m - 1)),
    )
    score = Pair(raw.a * m, raw.b * m)
    extras = {"weis": weis.as_dict()}
    return HandScore(outcome, score, reserve, cards, raw, None, 0, figures, extras)


# The ScoreParts m multiplies at jass: everything (cards, Weis, Stöck).
_MULTIPLIED_PARTS = ("tricks", "announcements", "belote")


def blocks_win(rules: JassRules, hand: JassHand, leader: str) -> bool:
    """Nothing keeps a team from winning on a hand (jass ends its matches
    itself: :func:`end_of_match`)."""
    return False


def end_of_match(
    rules: JassRules, hand: JassHand, scored: HandScore, before: Pair, after: Pair
) -> MatchEnd | None:
    """JASS, *End of match*, target mode (the kernel ends a match of
    ``rounds`` hands itself: rule ``donnes``), after the valid ``hand``
    scored as ``scored``, the totals ``before`` and ``after`` it (points):

    - no team at or past ``target``: ``None`` (the match goes on);
    - one team: it wins;
    - both: ``ausmachen`` decides (:func:`_ausmachen`); under ``totals``
      the higher total wins, equal totals play another hand (``None``).

    Returns :class:`MatchEnd` (its winner) when the hand ends the match.
    Raises :class:`MatchError` (``hand`` ``None``: the kernel numbers it)
    when ``out`` is given on a hand after which not both teams are at or
    past the target (code ``out_not_allowed``), or missing when the trick
    step decides (code ``required``).
    """
    target = rules.target
    reached = [team for team in TEAMS if after[team] >= target]
    if len(reached) < 2:
        if hand.out is not None:
            raise MatchError([problem(None, "out", "out_not_allowed", OUT_NOT_ALLOWED)])
        return MatchEnd(reached[0]) if reached else None
    if rules.ausmachen == Ausmachen.TOTALS:
        if after.a == after.b:
            return None
        return MatchEnd("A" if after.a > after.b else "B")
    return _ausmachen(rules, hand, scored, before)


def _ausmachen(rules: JassRules, hand: JassHand, scored: HandScore, before: Pair) -> MatchEnd:
    """Both teams pass the target on ``hand``: from the totals ``before`` it,
    add each team's Stöck x m, then its Weis x m and its cards x m
    (``stoeck_weis_stich``; cards before Weis under ``stoeck_stich_weis``);
    the first team to reach the target wins. Both reaching it on the same
    step (on the tricks): ``out`` names the winner, then required (raises
    :class:`MatchError`, code ``required``)."""
    target = rules.target
    m = multiplier(rules, hand.mode)
    stoeck = pair_of(hand.stoeck, STOECK_POINTS, 0) if hand.stoeck is not None else Pair()
    weis = validated_weis(rules, hand)
    cards = scored.tricks
    steps = (
        (stoeck, weis, cards)
        if rules.ausmachen == Ausmachen.STOECK_WEIS_STICH
        else (stoeck, cards, weis)
    )
    a, b = before.a, before.b
    for step in steps:
        a += step.a * m
        b += step.b * m
        if a >= target and b >= target:
            if hand.out is None:
                message = "is required: both teams reach the target on their tricks"
                raise MatchError([problem(None, "out", "required", message)])
            return MatchEnd(hand.out)
        if a >= target or b >= target:
            return MatchEnd("A" if a >= target else "B")
    return MatchEnd(hand.out)  # not reached: both pass the target after the hand


def score_match(rules: JassRules, hands: Sequence[JassHand]) -> MatchResult:
    """Score a whole jass match in one pass, linear in ``len(hands)``: the
    kernel's loop (:func:`scoresheets.scoring.kernel.score_match`) with this
    game's checks, :func:`score_hand` and :func:`end_of_match` (a match of
    ``rounds`` hands ends after the last, won by the higher total, drawn on
    equal totals). Raises :class:`MatchError` listing every problem: invalid
    rules or hands, ``out`` missing or not allowed, any hand after the end
    of the match. Never raises anything else."""
    return kernel.score_match(ENGINE, rules, hands)


# --------------------------------------------------------------------------
# The match document (JASS: a FORMAT match document with "game": "jass")
# --------------------------------------------------------------------------

RULE_KEYS: tuple[str, ...] = tuple(f.name for f in fields(JassRules))
HAND_KEYS = ("mode", "announcer", "points", "match", "stoeck", "weis", "declared", "out")
DECLARATION_KEYS = ("seat", "kind", "suit", "length", "top", "rank")


def _parse_rules(raw: Any, out: list[Problem]) -> JassRules | None:
    values = rule_values_of(raw, out, RULE_KEYS)
    if values is None:
        return None
    if "target" not in raw and raw.get("rounds") is not None:
        values["target"] = None  # JASS, rule `rounds`: then no target
    rules = JassRules(**values)
    out.extend(check_rules(rules))
    return rules


def _team_object(raw: Any, n: int, name: str, example: str, out: list[Problem]) -> dict | None:
    """A hand's ``points`` or ``weis``: an object keyed by team, or ``None``
    (its problems in ``out``)."""
    if not isinstance(raw, dict):
        out.append(problem(n, name, "not_object", f"must be an object like {example}"))
        return None
    ok = True
    for key in raw:
        if key not in TEAMS:
            out.append(problem(n, f"{name}.{key}", "unknown_key", 'must be "A" or "B"'))
            ok = False
    return raw if ok else None


def _parse_declared(raw: Any, n: int, out: list[Problem]) -> tuple[Declaration, ...] | None:
    """A hand's ``declared``: a list of objects of the keys of a declaration."""
    if not isinstance(raw, list):
        out.append(problem(n, "declared", "not_list", "must be a list of declarations"))
        return None
    declared = []
    for i, item in enumerate(raw, start=1):
        name = f"declared.{i}"
        if not isinstance(item, dict):
            out.append(problem(n, name, "not_object", "must be an object (a declaration)"))
            continue
        unknown = [key for key in item if key not in DECLARATION_KEYS]
        for key in unknown:
            out.append(problem(n, f"{name}.{key}", "unknown_key", "is not a key of a declaration"))
        if not unknown:
            declared.append(Declaration(*(item.get(key) for key in DECLARATION_KEYS)))
    return tuple(declared) if len(declared) == len(raw) else None


def _parse_hand(raw: Any, number: int, out: list[Problem]) -> JassHand | None:
    n = number
    if not isinstance(raw, dict):
        out.append(problem(n, "hand", "not_object", "must be an object"))
        return None
    ok = True
    for key in raw:
        if key not in HAND_KEYS:
            out.append(problem(n, str(key) or '""', "unknown_key", "is not a known key of a hand"))
            ok = False
    points_team = card_points = None
    if raw.get("points") is not None:
        points = _team_object(raw["points"], n, "points", '{"A": 92}', out)
        if points is None:
            ok = False
        elif len(points) != 1:
            message = "must give the card points of exactly one team"
            out.append(problem(n, "points", "points_one_team", message))
            ok = False
        else:
            ((points_team, card_points),) = points.items()
    weis = None
    if raw.get("weis") is not None:
        given = _team_object(raw["weis"], n, "weis", '{"B": 50}', out)
        if given is None:
            ok = False
        else:
            weis = Pair(given.get("A", 0), given.get("B", 0))
    declared = None
    if raw.get("declared") is not None:
        declared = _parse_declared(raw["declared"], n, out)
        ok = ok and declared is not None
    if not ok:
        return None
    return JassHand(
        mode=raw.get("mode"),
        announcer=raw.get("announcer"),
        points_team=points_team,
        card_points=card_points,
        match=raw.get("match"),
        stoeck=raw.get("stoeck"),
        weis=weis,
        declared=declared,
        out=raw.get("out"),
    )


def parse_match_document(document: Any) -> kernel.ParsedMatch:
    """Turn a jass match document (parsed JSON) into ``(JassRules,
    [JassHand, ...])`` (JASS, and FORMAT, *Match document*): ``"game":
    "jass"`` required; ``hands`` required (a list); ``rules`` optional but
    not null, a rule left out takes its default (``target`` none when
    ``rounds`` is given); unknown keys inside rules, a hand, its ``points``
    or ``weis`` or a declaration rejected; other top-level keys ignored.
    Every hand is checked (:func:`check_hand`).

    Raises :class:`MatchError` with every problem found.
    """
    return parse_document(
        document,
        rules_type=JassRules,
        parse_rules=_parse_rules,
        parse_hand=_parse_hand,
        check_hand=check_hand,
        game=GAME,
    )


def _declaration_document(d: Declaration) -> dict[str, Any]:
    """A declaration as the document writes it: its seat and kind, then
    each other key that it gives."""
    document = {"seat": d.seat, "kind": d.kind}
    for key in DECLARATION_KEYS[2:]:
        if getattr(d, key) is not None:
            document[key] = getattr(d, key)
    return document


def hand_document(hand: JassHand) -> dict[str, Any]:
    """One hand of the jass match document (JASS, *Hand*), every key written
    out (``weis`` or ``declared`` null when the other is given): the
    inverse of :func:`parse_hand` for a valid hand."""
    return {
        "mode": plain(hand.mode),
        "announcer": hand.announcer,
        "points": {hand.points_team: hand.card_points} if hand.points_team is not None else None,
        "match": hand.match,
        "stoeck": hand.stoeck,
        "weis": hand.weis.as_dict() if hand.weis is not None else None,
        "declared": (
            [_declaration_document(d) for d in hand.declared] if hand.declared is not None else None
        ),
        "out": hand.out,
    }


def match_document(rules: JassRules, hands: Iterable[JassHand]) -> dict[str, Any]:
    """The jass match document of ``rules`` and ``hands``: ``game``, every
    rule (in the order of :class:`JassRules`) and every hand key written
    out; the inverse of :func:`parse_match_document` for valid input."""
    return {
        "game": GAME,
        "rules": rule_values(rules),
        "hands": [hand_document(hand) for hand in hands],
    }


def parse_rules(raw: Any) -> JassRules:
    """The rules object of a jass match document as :class:`JassRules` (a
    rule left out takes its default); raises :class:`MatchError` with every
    problem."""
    return parsed(_parse_rules, raw)


def parse_hand(raw: Any, number: int = 1) -> JassHand:
    """One hand of a jass match document (hand ``number``) as a
    :class:`JassHand`, its shape checked (:func:`check_hand` checks its
    values); raises :class:`MatchError` with every problem."""
    return parsed(_parse_hand, raw, number)


def score_document(document: Any) -> dict[str, Any]:
    """Score a jass match document (parsed JSON) and return its result
    document (JASS, *Result*: FORMAT's, ``reserve`` always 0, each hand with
    its validated ``weis``). Raises :class:`MatchError` listing every
    problem on any invalid input, and nothing else."""
    rules, hands = parse_match_document(document)
    return result_document(score_match(rules, hands))


# --------------------------------------------------------------------------
# Presets (JASS, *Rules*' sources; the new-match page's, the default first)
# --------------------------------------------------------------------------

# schweizerjass.ch, Swisslos at 1000: every mode single, Match 257, Weis and Stöck.
SCHIEBER_1000 = Preset(
    "schieber_1000",
    gettext_noop("Schieber à 1000"),
    gettext_noop("1000 points, chaque atout compte simple, match 257, Weis et Stöck."),
    JassRules(),
)
# Swisslos at 2500: spades and clubs double, Obenabe and Undenufe triple.
SWISSLOS_2500 = Preset(
    "swisslos_2500",
    gettext_noop("Swisslos à 2500"),
    gettext_noop(
        "2500 points : cœur et carreau ×1, pique et trèfle ×2, Obenabe et Undenufe ×3, "
        "Weis et Stöck."
    ),
    JassRules(target=2500, multipliers=Multipliers.ONE_TWO_THREE),
)
# Tournaments (Swisslos: 12 games; jassinfo.ch, dorfverein-thalheim.ch):
# single, "ohne Stöck und Weis", "jedes Spiel zählt 157, auch ein Match".
TURNIER_12 = Preset(
    "turnier_12",
    gettext_noop("Tournoi (12 parties)"),
    gettext_noop("12 parties, sans Weis ni Stöck, chaque partie compte 157, match compris."),
    JassRules(target=None, rounds=12, match_bonus=0, weis_stoeck=False),
)


def with_length(values: dict[str, Any], donnes: int | None, target: int | None) -> dict[str, Any]:
    """A concours table's rules (``ConcoursFacts.with_length``): ``values``
    with a match of ``donnes`` games (the rule ``rounds``: a tournament's
    Passe, 12), or to ``target`` points."""
    if donnes is not None:
        return {**values, "target": None, "rounds": donnes}
    return {**values, "target": target, "rounds": None}


ENGINE = Engine(
    name=GAME,
    rules_type=JassRules,
    hand_type=JassHand,
    check_rules=check_rules,
    check_hand=check_hand,
    plainly_valid=plainly_valid,
    score_hand=score_hand,
    blocks_win=blocks_win,
    parse_match_document=parse_match_document,
    match_document=match_document,
    parse_rules=parse_rules,
    parse_hand=parse_hand,
    hand_document=hand_document,
    has_reserve=False,
    presets=(SCHIEBER_1000, SWISSLOS_2500, TURNIER_12),
    case_folders=("scoresheets/games/jass/cases", "../shared/scoring/jass"),
    end_of_match=end_of_match,
    taker_key="announcer",
    # A jass tournament (issue 29): Passen of 12 games, players (or teams)
    # ranked on their points (docs/concours.md 2.5); a half bye is half of
    # a game's 157 a game (tournaments count every mode single).
    concours=ConcoursFacts("points", donnes=12, donne_points=CARD_POINTS, with_length=with_length),
)
"""Schieber jass as the kernel and the registry see it."""
