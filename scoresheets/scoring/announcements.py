"""The announcement comparison: which team scores its announcements.

Pure Python: no Django, no I/O. Everything here follows
``docs/announcements.md``, the project's copy of
``../shared/scoring/ANNOUNCEMENTS.md`` (cited below as ANNOUNCEMENTS, by
section). Values are in points; teams are ``"A"`` and ``"B"``; seats are 1 to
4 in playing order (seat 1 plays first after the dealer).

The entry points:

- :func:`compare` takes :class:`Declaration` objects (what the hand form
  builds) and returns a :class:`Comparison`: the winning team, the points
  that go into the hand's ``announcements``, the best declaration.
- :func:`compare_announcements` does the same for a comparison document
  (parsed JSON) and returns the result document (a dict ready for
  ``json.dumps``).
- :func:`comparison_reason` says why the winner won, as data (which
  declaration won, what it beat, which ranking step decided), for the
  interface to word in its own language.

Any invalid input raises :class:`~scoresheets.scoring.kernel.MatchError`
carrying every :class:`~scoresheets.scoring.kernel.Problem` found (``hand``
is always ``None``; ``field`` is ``"first_team"``, ``"declarations.2.top"``
with declarations numbered from 1 ...); no other exception escapes from the
public functions, whatever the input.

Where ANNOUNCEMENTS is silent, this module decides:

- the cards: a carré uses its rank in all four suits, a sequence its ranks
  in its suit; a card declared by two seats is invalid whatever the kinds
  (so is the same carré declared by two seats); ``shared_cards`` only
  concerns one seat's carré and sequence (another seat's is a card held
  twice); touching sequences are invalid only for one seat in one suit (7-8-9
  of seat 1 and 10-J-Q of seat 2 are a possible table);
- a problem between declarations is reported once, on the later one, naming
  the earlier (its cards in ``params``); the eight-card limit once per seat;
- two declarations of one seat can tie on every ranking step (two tierces to
  the king in plain suits): the one listed first is ``best`` (the result is
  the same);
- types are strict JSON types: a seat or length is an integer (not ``true``,
  ``1.0`` or ``"1"``), a rank or top a string (``"10"``, not ``10``); an
  explicit ``null`` trump is allowed (its default), an explicit ``null``
  ``shared_cards``, ``first_team`` or ``declarations`` is not.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from scoresheets.scoring.kernel import MatchError, Pair, Problem, other_team

__all__ = [
    "CARRE_RANKS",
    "RANKS",
    "SEQUENCE_LENGTHS",
    "SUITS",
    "Comparison",
    "Decider",
    "Declaration",
    "DeclarationKind",
    "Reason",
    "check_comparison",
    "compare",
    "compare_announcements",
    "comparison_reason",
    "comparison_result",
]

SUITS: tuple[str, ...] = ("clubs", "diamonds", "hearts", "spades")
# The order of a sequence, whatever the trump (ANNOUNCEMENTS, *Comparison document*).
RANKS: tuple[str, ...] = ("7", "8", "9", "10", "J", "Q", "K", "A")
SEQUENCE_LENGTHS = range(3, 9)
# Carrés that are announcements, from the lowest to the highest
# (ANNOUNCEMENTS, *Who wins*: J > 9 > A > 10 > K > Q) with their values (*Values*).
CARRE_RANKS: tuple[str, ...] = ("Q", "K", "10", "A", "9", "J")
CARRE_VALUES: dict[str, int] = {"J": 200, "9": 150, "A": 100, "10": 100, "K": 100, "Q": 100}
SEQUENCE_VALUES: dict[int, int] = {3: 20, 4: 50, 5: 100, 6: 100, 7: 100, 8: 100}
CARDS_IN_HAND = 8

TOP_KEYS = ("trump", "first_team", "shared_cards", "declarations")
IGNORED_TOP_KEYS = ("name", "why", "expected")  # a worked case carries them
SEQUENCE_KEYS = ("seat", "kind", "suit", "length", "top")
CARRE_KEYS = ("seat", "kind", "rank")
DECLARATION_KEYS = ("seat", "kind", "suit", "length", "top", "rank")
# The problems between declarations (ANNOUNCEMENTS, *Invalid*: the cards).
CARD_CODES = frozenset(
    {
        "card_held_twice",
        "carres_share_card",
        "sequences_overlap",
        "sequences_touch",
        "carre_sequence_share_card",
        "too_many_cards",
    }
)


class DeclarationKind(StrEnum):
    """What a player declares: a sequence (tierce, cinquante, cent) or a carré."""

    SEQUENCE = "sequence"
    CARRE = "carre"


class Decider(StrEnum):
    """The ranking step that put the best declaration above the other team's
    best (ANNOUNCEMENTS, *Who wins*, in order), or ``UNOPPOSED``."""

    UNOPPOSED = "unopposed"  # the other team declared nothing
    POINTS = "points"
    CARRE = "carre"  # equal points: a carré before a sequence
    HEIGHT = "height"
    TRUMP = "trump"  # equal sequences: the one in trump
    SEAT = "seat"  # all equal: the earlier seat


Card = tuple[str, str]  # (rank, suit)


@dataclass(frozen=True, slots=True)
class Declaration:
    """One declared announcement (ANNOUNCEMENTS, *Comparison document*).

    - ``seat``: 1 to 4 in playing order (seat 1 is first after the dealer);
    - ``kind``: ``"sequence"`` or ``"carre"``;
    - a sequence has ``suit`` (``"clubs"``, ``"diamonds"``, ``"hearts"``,
      ``"spades"``), ``length`` (3 to 8 cards) and ``top`` (its highest rank,
      ``"7"`` ... ``"A"`` in the order 7 8 9 10 J Q K A), and no ``rank``;
    - a carré has ``rank`` (``"J"``, ``"9"``, ``"A"``, ``"10"``, ``"K"``,
      ``"Q"``) and nothing else.

    :meth:`sequence` and :meth:`carre` build them. Construction does not
    validate; :func:`check_comparison` does, and :func:`compare` raises on
    its problems. The properties below assume a valid declaration.
    """

    seat: int
    kind: str
    suit: str | None = None
    length: int | None = None
    top: str | None = None
    rank: str | None = None

    @classmethod
    def sequence(cls, seat: int, suit: str, length: int, top: str) -> Declaration:
        """A sequence of ``length`` cards of ``suit`` up to ``top``, held by ``seat``."""
        return cls(seat, DeclarationKind.SEQUENCE, suit=suit, length=length, top=top)

    @classmethod
    def carre(cls, seat: int, rank: str) -> Declaration:
        """Four cards of ``rank``, held by ``seat``."""
        return cls(seat, DeclarationKind.CARRE, rank=rank)

    @property
    def is_carre(self) -> bool:
        return self.kind == DeclarationKind.CARRE

    @property
    def value(self) -> int:
        """Its points (ANNOUNCEMENTS, *Values*): tierce 20, cinquante 50, a
        sequence of 5 to 8 cards 100; carré of jacks 200, of nines 150, of aces,
        tens, kings or queens 100."""
        if self.is_carre:
            return CARRE_VALUES[self.rank]
        return SEQUENCE_VALUES[self.length]

    @property
    def figure(self) -> str:
        """Its name in the game's terms: ``"tierce"`` (3 cards), ``"cinquante"``
        (4), ``"cent"`` (5 to 8: they all score and rank as a cent) or ``"carre"``."""
        if self.is_carre:
            return "carre"
        return {3: "tierce", 4: "cinquante"}.get(self.length, "cent")

    @property
    def cards(self) -> frozenset[Card]:
        """The cards it uses, as ``(rank, suit)`` pairs: a carré one in each
        suit, a sequence its ``length`` ranks up to ``top`` in its suit."""
        if self.is_carre:
            return frozenset((self.rank, suit) for suit in SUITS)
        high = RANKS.index(self.top)
        return frozenset((rank, self.suit) for rank in RANKS[high - self.length + 1 : high + 1])

    def as_dict(self) -> dict[str, Any]:
        """The declaration as it is written in a comparison document."""
        if self.is_carre:
            return {"seat": self.seat, "kind": "carre", "rank": self.rank}
        return {
            "seat": self.seat,
            "kind": "sequence",
            "suit": self.suit,
            "length": self.length,
            "top": self.top,
        }


@dataclass(frozen=True, slots=True)
class Comparison:
    """A settled comparison (ANNOUNCEMENTS, *Who wins* and *Result*).

    - ``winner``: the team holding the best declaration, ``None`` when nobody
      declared;
    - ``points``: what goes into the hand's ``announcements``: the sum of the
      values of all the winner's declarations (both partners'), 0 for the
      other team;
    - ``best``: the single best declaration, or ``None``;
    - ``declarations``, ``trump``, ``first_team``: what was compared.
    """

    winner: str | None
    points: Pair
    best: Declaration | None
    declarations: tuple[Declaration, ...]
    trump: str | None
    first_team: str

    def team_of(self, seat: int) -> str:
        """The team of ``seat``: seats 1 and 3 are ``first_team``."""
        return _seat_team(seat, self.first_team)


@dataclass(frozen=True, slots=True)
class Reason:
    """Why the winner won, as data for the interface to word
    ("Carré de valets de Léa : 200, bat la cinquante de Marc").

    - ``best`` / ``best_value``: the winning declaration and its points;
    - ``team`` / ``team_points``: the winning team and everything it scores;
    - ``beaten`` / ``beaten_value``: the other team's best declaration and
      its points, ``None`` when the other team declared nothing;
    - ``decided_by``: the first ranking step where ``best`` is above
      ``beaten`` (:class:`Decider`), ``UNOPPOSED`` without ``beaten``;
    - ``also_scored``: the winning team's other declarations, in the order
      given (a partner's included), which its points count too.
    """

    best: Declaration
    best_value: int
    team: str
    team_points: int
    beaten: Declaration | None
    beaten_value: int | None
    decided_by: Decider
    also_scored: tuple[Declaration, ...]


def _seat_team(seat: int, first_team: str) -> str:
    """Seats 1 and 3 play for ``first_team``, seats 2 and 4 for the other."""
    return first_team if seat % 2 == 1 else other_team(first_team)


# --------------------------------------------------------------------------
# Validation (ANNOUNCEMENTS, *Comparison document* and *Invalid*)
# --------------------------------------------------------------------------


def _is_int(value: Any) -> bool:
    # JSON integers only: a bool is an int in Python, not a number here.
    return type(value) is int


def _is_word(value: Any, choices: Sequence[str]) -> bool:
    return isinstance(value, str) and value in choices


def _problem(field_name: str, code: str, message: str, **params: Any) -> Problem:
    return Problem(None, field_name, code, message, tuple(params.items()))


def _choices(choices: Sequence[str]) -> str:
    return ", ".join(f'"{c}"' for c in choices)


def _card_name(card: Card) -> str:
    return f"{card[0]} of {card[1]}"


def _cards_text(cards: set[Card] | frozenset[Card]) -> str:
    ordered = sorted(cards, key=lambda c: (SUITS.index(c[1]), RANKS.index(c[0])))
    return ", ".join(_card_name(c) for c in ordered)


def _check_declaration(declaration: Declaration, number: int) -> list[Problem]:
    """Every problem with one declaration's own values (ANNOUNCEMENTS,
    *Comparison document* and *Invalid*), ``number`` its 1-based place in the
    declarations: its seat, then its kind, then the keys of that kind.
    Returns the problems in that order (empty when valid); never raises."""
    out: list[Problem] = []
    _check_seat(out, declaration, number)
    kind = declaration.kind
    if kind is None:
        _required(out, declaration, number, "kind")
    elif not _is_word(kind, tuple(DeclarationKind)):
        _check_word(out, declaration, number, "kind", tuple(DeclarationKind))
    elif kind == DeclarationKind.SEQUENCE:
        _check_sequence(out, declaration, number)
    else:
        _check_carre(out, declaration, number)
    return out


def _required(out: list[Problem], declaration: Declaration, number: int, key: str) -> Any:
    """The value of ``declaration``'s ``key``; appends to ``out`` a problem
    (code ``required``) when it is missing (``None``), and returns it all the
    same."""
    value = getattr(declaration, key)
    if value is None:
        out.append(
            _problem(f"declarations.{number}.{key}", "required", "is required", declaration=number)
        )
    return value


def _check_word(
    out: list[Problem], declaration: Declaration, number: int, key: str, choices: Sequence[str]
) -> None:
    """Appends to ``out`` a problem unless ``declaration``'s ``key`` is one of
    the strings ``choices``: code ``required`` when missing, else
    ``invalid_choice`` (param ``choices``)."""
    value = _required(out, declaration, number, key)
    if value is not None and not _is_word(value, choices):
        out.append(
            _problem(
                f"declarations.{number}.{key}",
                "invalid_choice",
                f"must be one of {_choices(choices)}",
                declaration=number,
                choices=tuple(choices),
            )
        )


def _check_absent(
    out: list[Problem], declaration: Declaration, number: int, keys: Sequence[str], kind_name: str
) -> None:
    """Appends to ``out`` a problem (code ``unknown_key``) for each of
    ``keys`` that ``declaration`` gives, though a ``kind_name`` has no such
    key (ANNOUNCEMENTS, *Comparison document*: "any other key ... is an
    error")."""
    for key in keys:
        if getattr(declaration, key) is not None:
            out.append(
                _problem(
                    f"declarations.{number}.{key}",
                    "unknown_key",
                    f"is not a key of a {kind_name}",
                    declaration=number,
                )
            )


def _check_seat(out: list[Problem], declaration: Declaration, number: int) -> None:
    """ANNOUNCEMENTS, *Comparison document*: ``seat`` is required, an integer
    from 1 to 4. Appends to ``out`` the problem found (code ``required``,
    ``not_integer`` or ``out_of_range``), if any."""
    seat = _required(out, declaration, number, "seat")
    if seat is None:
        return
    where = f"declarations.{number}.seat"
    if not _is_int(seat):
        out.append(_problem(where, "not_integer", "must be an integer", declaration=number))
    elif not 1 <= seat <= 4:
        out.append(
            _problem(
                where,
                "out_of_range",
                "must be between 1 and 4",
                declaration=number,
                min=1,
                max=4,
            )
        )


def _check_sequence(out: list[Problem], declaration: Declaration, number: int) -> None:
    """The keys of a sequence (ANNOUNCEMENTS, *Comparison document* and
    *Invalid*): ``suit`` a suit, ``length`` 3 to 8 (cards) that its ``top``
    can end (no tierce topped by the 8), ``top`` a rank, and no ``rank``.
    Appends the problems to ``out`` in that order."""
    _check_word(out, declaration, number, "suit", SUITS)
    length = _required(out, declaration, number, "length")
    if length is not None:
        where = f"declarations.{number}"
        if not _is_int(length):
            out.append(
                _problem(f"{where}.length", "not_integer", "must be an integer", declaration=number)
            )
        elif length not in SEQUENCE_LENGTHS:
            out.append(
                _problem(
                    f"{where}.length",
                    "out_of_range",
                    "must be between 3 and 8 (cards)",
                    declaration=number,
                    min=3,
                    max=8,
                )
            )
        elif _is_word(declaration.top, RANKS) and RANKS.index(declaration.top) < length - 1:
            out.append(
                _problem(
                    where,
                    "impossible_sequence",
                    f"no sequence of {length} cards ends at the {declaration.top}"
                    f" (the lowest top for {length} cards is the {RANKS[length - 1]})",
                    declaration=number,
                    length=length,
                    top=declaration.top,
                )
            )
    _check_word(out, declaration, number, "top", RANKS)
    _check_absent(out, declaration, number, ("rank",), "sequence")


def _check_carre(out: list[Problem], declaration: Declaration, number: int) -> None:
    """The keys of a carré (ANNOUNCEMENTS, *Comparison document*, *Values*
    and *Invalid*): ``rank`` J, 9, A, 10, K or Q (four 7s or 8s are no
    announcement: code ``carre_not_announcement``), and no ``suit``,
    ``length`` or ``top``. Appends the problems to ``out`` in that order."""
    rank = _required(out, declaration, number, "rank")
    if rank is not None:
        if _is_word(rank, ("7", "8")):
            out.append(
                _problem(
                    f"declarations.{number}.rank",
                    "carre_not_announcement",
                    "four 7s or four 8s are no announcement",
                    declaration=number,
                    rank=rank,
                )
            )
        elif not _is_word(rank, CARRE_RANKS):
            _check_word(out, declaration, number, "rank", ("J", "9", "A", "10", "K", "Q"))
    _check_absent(out, declaration, number, ("suit", "length", "top"), "carré")


def _check_cards(numbered: Sequence[tuple[int, Declaration]], shared_cards: bool) -> list[Problem]:
    """The card problems between valid declarations (ANNOUNCEMENTS, *Invalid*).

    Each declaration is checked against the earlier ones through the first
    declaration holding each card, so this stays linear in their number:
    a card held by two seats; one seat's carrés sharing a card (the same
    carré twice); one seat's sequences overlapping, or touching in one suit;
    with ``shared_cards`` false, one seat's carré and sequence sharing a card;
    one seat declaring more than eight different cards. Never raises.
    """
    out: list[Problem] = []
    # (card, seat, kind) -> the number of the first declaration holding it
    first: dict[tuple[Card, int, str], int] = {}
    seats = {number: d.seat for number, d in numbered}
    held: dict[int, set[Card]] = {}
    for number, declaration in numbered:
        seat, cards = declaration.seat, declaration.cards
        where = f"declarations.{number}"
        found: dict[tuple[str, int], set[Card]] = {}  # (code, other declaration) -> cards

        def note(code: str, other: int | None, card: Card, found=found) -> None:
            if other is not None:
                found.setdefault((code, other), set()).add(card)

        for card in cards:
            for other_seat in range(1, 5):
                mine = other_seat == seat
                carre = first.get((card, other_seat, DeclarationKind.CARRE))
                sequence = first.get((card, other_seat, DeclarationKind.SEQUENCE))
                if not mine:
                    earlier = min((n for n in (carre, sequence) if n is not None), default=None)
                    note("card_held_twice", earlier, card)
                elif declaration.is_carre:
                    note("carres_share_card", carre, card)
                    if not shared_cards:
                        note("carre_sequence_share_card", sequence, card)
                else:
                    note("sequences_overlap", sequence, card)
                    if not shared_cards:
                        note("carre_sequence_share_card", carre, card)
        if not declaration.is_carre:
            # The cards just below and above this sequence, in an earlier one
            # of the same seat: the two are one longer sequence.
            high = RANKS.index(declaration.top)
            low = high - declaration.length + 1
            for index in (low - 1, high + 1):
                if 0 <= index < len(RANKS):
                    card = (RANKS[index], declaration.suit)
                    other = first.get((card, seat, DeclarationKind.SEQUENCE))
                    if other is not None and ("sequences_overlap", other) not in found:
                        note("sequences_touch", other, card)
        for (code, other), common in sorted(found.items(), key=lambda item: item[0][1]):
            out.append(_card_problem(where, code, number, other, seats[other], seat, common))
        for card in cards:
            first.setdefault((card, seat, declaration.kind), number)
        held.setdefault(seat, set()).update(cards)
    for seat in sorted(held):
        count = len(held[seat])
        if count > CARDS_IN_HAND:
            out.append(
                _problem(
                    "declarations",
                    "too_many_cards",
                    f"seat {seat} declares {count} different cards; a player holds 8",
                    seat=seat,
                    count=count,
                    max=CARDS_IN_HAND,
                )
            )
    return out


def _card_problem(
    where: str, code: str, number: int, other: int, other_seat: int, seat: int, cards: set[Card]
) -> Problem:
    text = _cards_text(cards)
    messages = {
        "card_held_twice": (
            f"the {text} cannot be held by seat {seat} and by seat {other_seat}"
            f" (declaration {other})"
        ),
        "carres_share_card": f"repeats the carré of declaration {other} (same player)",
        "sequences_overlap": (f"overlaps declaration {other}, the same player's sequence ({text})"),
        "sequences_touch": (
            f"touches declaration {other}, the same player's sequence (at the {text}):"
            " declare them as one sequence"
        ),
        "carre_sequence_share_card": (
            f"shares the {text} with declaration {other} of the same player, and this"
            " table counts a card in only one announcement (shared_cards is false)"
        ),
    }
    ordered = tuple(sorted(cards, key=lambda c: (SUITS.index(c[1]), RANKS.index(c[0]))))
    return _problem(
        where,
        code,
        messages[code],
        declaration=number,
        other=other,
        seat=seat,
        other_seat=other_seat,
        cards=ordered,
    )


def _check(
    numbered: Sequence[tuple[int, Declaration]],
    trump: Any,
    first_team: Any,
    shared_cards: Any,
) -> list[Problem]:
    out: list[Problem] = []
    if trump is not None and not _is_word(trump, SUITS):
        out.append(
            _problem(
                "trump",
                "invalid_choice",
                f"must be one of {_choices(SUITS)} or null",
                choices=SUITS,
            )
        )
    if first_team is None:
        out.append(_problem("first_team", "required", 'is required ("A" or "B")'))
    elif not _is_word(first_team, ("A", "B")):
        out.append(_problem("first_team", "invalid_team", 'must be "A" or "B"'))
    shared_ok = type(shared_cards) is bool
    if not shared_ok:
        out.append(
            _problem(
                "shared_cards", "invalid_choice", "must be true or false", choices=(True, False)
            )
        )
    valid: list[tuple[int, Declaration]] = []
    for number, declaration in numbered:
        problems = _check_declaration(declaration, number)
        out.extend(problems)
        if not problems:
            valid.append((number, declaration))
    # An invalid shared_cards is reported above; the cards are checked as if true.
    out.extend(_check_cards(valid, shared_cards if shared_ok else True))
    return out


def _numbered(declarations: Any, out: list[Problem]) -> list[tuple[int, Declaration]]:
    if isinstance(declarations, str | bytes | Mapping) or not isinstance(declarations, Sequence):
        out.append(_problem("declarations", "not_list", "must be a list of declarations"))
        return []
    numbered = []
    for number, declaration in enumerate(declarations, start=1):
        if isinstance(declaration, Declaration):
            numbered.append((number, declaration))
        else:
            out.append(
                _problem(
                    f"declarations.{number}",
                    "not_object",
                    "must be a declaration",
                    declaration=number,
                )
            )
    return numbered


def check_comparison(
    declarations: Sequence[Declaration], trump: str | None, first_team: str, shared_cards: bool
) -> list[Problem]:
    """Every problem with a comparison (ANNOUNCEMENTS, *Comparison document*
    and *Invalid*), declarations numbered from 1 in the problems' fields.

    Checks ``trump`` (a suit or ``None``), ``first_team`` (``"A"`` or
    ``"B"``), ``shared_cards`` (a bool), each declaration's values, then the
    cards between the valid ones (see :class:`Declaration` and
    ``_check_cards``). Returns a list of :class:`Problem`, empty when valid;
    never raises.
    """
    out: list[Problem] = []
    numbered = _numbered(declarations, out)
    return out + _check(numbered, trump, first_team, shared_cards)


# --------------------------------------------------------------------------
# Who wins (ANNOUNCEMENTS, *Who wins* and *Result*)
# --------------------------------------------------------------------------


def _ranking(declaration: Declaration, trump: str | None) -> tuple[int, int, int, int, int]:
    """The ranking steps in order, each larger for the better declaration:
    points; a carré before a sequence; height (carrés J > 9 > A > 10 > K > Q,
    sequences by their top card, whatever their length); a sequence in trump
    before one that is not; the earlier seat."""
    if declaration.is_carre:
        height = CARRE_RANKS.index(declaration.rank)
        in_trump = 0
    else:
        height = RANKS.index(declaration.top)
        in_trump = int(trump is not None and declaration.suit == trump)
    return (declaration.value, int(declaration.is_carre), height, in_trump, -declaration.seat)


def _best(declarations: Sequence[Declaration], trump: str | None) -> Declaration | None:
    # Two declarations of one seat can rank equal (two tierces to the king in
    # two plain suits): the one listed first is named; either scores the same.
    best: Declaration | None = None
    best_key: tuple[int, ...] = ()
    for declaration in declarations:
        key = _ranking(declaration, trump)
        if best is None or key > best_key:
            best, best_key = declaration, key
    return best


def compare(
    declarations: Sequence[Declaration],
    trump: str | None,
    first_team: str,
    shared_cards: bool = True,
) -> Comparison:
    """Settle the comparison of ``declarations`` (ANNOUNCEMENTS, *Who wins*).

    ``trump``: the trump suit, or ``None`` (sans-atout, tout-atout: no
    sequence is in trump); ``first_team``: the team of seats 1 and 3;
    ``shared_cards``: whether one player's card may count in both a carré and
    a sequence. The single best declaration decides: its team scores the
    values of all its declarations (points), the other team 0; nobody
    declared: no winner, 0 and 0.

    Raises :class:`MatchError` listing every problem (see
    :func:`check_comparison`), and nothing else.
    """
    problems = check_comparison(declarations, trump, first_team, shared_cards)
    if problems:
        raise MatchError(problems)
    return _settle(tuple(declarations), trump, first_team)


def _settle(
    declarations: tuple[Declaration, ...], trump: str | None, first_team: str
) -> Comparison:
    best = _best(declarations, trump)
    if best is None:
        return Comparison(None, Pair(), None, declarations, trump, first_team)
    winner = _seat_team(best.seat, first_team)
    total = sum(d.value for d in declarations if _seat_team(d.seat, first_team) == winner)
    points = Pair(total, 0) if winner == "A" else Pair(0, total)
    return Comparison(winner, points, best, declarations, trump, first_team)


def comparison_reason(comparison: Comparison) -> Reason | None:
    """Why ``comparison.winner`` won (see :class:`Reason`), or ``None`` when
    nobody declared. ``comparison`` comes from :func:`compare`; never raises
    on one."""
    best = comparison.best
    if best is None or comparison.winner is None:
        return None
    team = comparison.winner
    trump = comparison.trump
    others = [d for d in comparison.declarations if comparison.team_of(d.seat) != team]
    beaten = _best(others, trump)
    decided_by = Decider.UNOPPOSED
    if beaten is not None:
        steps = (Decider.POINTS, Decider.CARRE, Decider.HEIGHT, Decider.TRUMP, Decider.SEAT)
        for step, mine, theirs in zip(
            steps, _ranking(best, trump), _ranking(beaten, trump), strict=True
        ):
            if mine != theirs:
                decided_by = step
                break
    also = tuple(
        d for d in comparison.declarations if d is not best and comparison.team_of(d.seat) == team
    )
    return Reason(
        best=best,
        best_value=best.value,
        team=team,
        team_points=comparison.points[team],
        beaten=beaten,
        beaten_value=None if beaten is None else beaten.value,
        decided_by=decided_by,
        also_scored=also,
    )


# --------------------------------------------------------------------------
# The comparison document (JSON)
# --------------------------------------------------------------------------


def _key_name(key: Any) -> str:
    # An unknown key as it can be printed on one line (quoted when empty or odd).
    if not isinstance(key, str):
        return "?"
    return key if key.isprintable() and key and "." not in key else json.dumps(key)


def _parse_declaration(raw: Any, number: int, out: list[Problem]) -> Declaration | None:
    where = f"declarations.{number}"
    if not isinstance(raw, dict):
        out.append(_problem(where, "not_object", "must be an object", declaration=number))
        return None
    kind = raw.get("kind")
    if _is_word(kind, (DeclarationKind.SEQUENCE,)):
        allowed, kind_name = SEQUENCE_KEYS, "sequence"
    elif _is_word(kind, (DeclarationKind.CARRE,)):
        allowed, kind_name = CARRE_KEYS, "carré"
    else:  # the kind itself is the problem (reported by the checks)
        allowed, kind_name = DECLARATION_KEYS, "declaration"
    for key in raw:
        if key not in allowed:
            out.append(
                _problem(
                    f"{where}.{_key_name(key)}",
                    "unknown_key",
                    f"is not a key of a {kind_name}",
                    declaration=number,
                )
            )
    # A missing key is None here and "required" in the checks.
    return Declaration(**{key: raw.get(key) for key in allowed})


def _parse_document(
    document: Any,
) -> tuple[list[Problem], list[tuple[int, Declaration]], Any, Any, Any]:
    out: list[Problem] = []
    if not isinstance(document, dict):
        raise MatchError([_problem("document", "not_object", "must be a JSON object")])
    for key in document:
        if key not in TOP_KEYS and key not in IGNORED_TOP_KEYS:
            out.append(
                _problem(_key_name(key), "unknown_key", "is not a key of a comparison document")
            )
    numbered: list[tuple[int, Declaration]] = []
    if "declarations" not in document:
        out.append(_problem("declarations", "required", "is required (a list, possibly empty)"))
    elif not isinstance(document["declarations"], list):
        out.append(_problem("declarations", "not_list", "must be a list of declarations"))
    else:
        for number, raw in enumerate(document["declarations"], start=1):
            declaration = _parse_declaration(raw, number, out)
            if declaration is not None:
                numbered.append((number, declaration))
    return (
        out,
        numbered,
        document.get("trump"),
        document.get("first_team"),
        document.get("shared_cards", True),
    )


def _in_order(problems: list[Problem]) -> list[Problem]:
    """The document's problems, then each declaration's (keys and values
    together, in list order), then those between declarations."""

    def place(problem: Problem) -> tuple[int, int]:
        if problem.code in CARD_CODES:
            return (2, 0)
        number = dict(problem.params).get("declaration")
        return (0, 0) if number is None else (1, number)

    return sorted(problems, key=place)


def comparison_result(comparison: Comparison) -> dict[str, Any]:
    """The result document (ANNOUNCEMENTS, *Result*) of ``comparison``:
    ``winner``, ``points`` (``{"A": ..., "B": ...}``) and ``best`` (the
    declaration as written in the comparison document, or ``None``)."""
    return {
        "winner": comparison.winner,
        "points": comparison.points.as_dict(),
        "best": None if comparison.best is None else comparison.best.as_dict(),
    }


def compare_announcements(document: Any) -> dict[str, Any]:
    """Settle a comparison document (parsed JSON) and return the result
    document: the contract of the ``compare_announcements`` command
    (ANNOUNCEMENTS, top, *Comparison document*, *Who wins*, *Result*).

    ``trump`` and ``shared_cards`` are optional (null and true), ``first_team``
    and ``declarations`` required; unknown keys are refused, except ``name``,
    ``why`` and ``expected`` at the top level. Raises :class:`MatchError`
    listing every problem on any invalid input, and nothing else.
    """
    out, numbered, trump, first_team, shared_cards = _parse_document(document)
    out.extend(_check(numbered, trump, first_team, shared_cards))
    if out:
        raise MatchError(_in_order(out))
    declarations = tuple(declaration for _, declaration in numbered)
    return comparison_result(_settle(declarations, trump, first_team))
