"""The kernel of the scoring engine: what every game shares.

Pure Python: no Django, no I/O. Scores are always in points (integers); teams
are the strings ``"A"`` and ``"B"``, or, in a game scored per player
(``Engine.players``: belote for three or two), the players' names. Each game
(``scoresheets/games/<name>/engine.py``: belote, coinche) brings its own rules
and hand types and an :class:`Engine` (how to check its rules and hands and
score one hand); this module holds the rest, once:

- the shared types: :class:`Pair` (and :class:`Scores`, its per-player
  twin), :class:`Outcome`, :class:`Rounding`, the results
  (:class:`HandResult`, :class:`MatchResult`, :class:`ScoreParts`,
  :class:`Breakdown`) and the problems (:class:`Problem`, :class:`MatchError`);
- the validation helpers every game's ``check_rules`` / ``check_hand`` use
  (:func:`problem`, :func:`check_choice`, :func:`check_team`,
  :func:`check_announcements`, :func:`check_points`...);
- THE one :func:`score_match` loop: it asks the game to check and score each
  hand and applies FORMAT, *End of match* (``docs/match-document.md``); a
  game scored per player has its twin loop, beside it;
- :func:`result_document`, the result document of any game.

Contract: the public functions raise :class:`MatchError` (carrying every
:class:`Problem` found) on any invalid input, and nothing else.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import Any, NamedTuple, Protocol

__all__ = [
    "BELOTE_POINTS",
    "DONNES_MAX",
    "DONNES_MIN",
    "TEAMS",
    "TRICK_POINTS_TOTAL",
    "Breakdown",
    "CardNames",
    "ConcoursFacts",
    "CsvColumn",
    "Engine",
    "GameHand",
    "GameRules",
    "HandResult",
    "HandScore",
    "MatchError",
    "MatchResult",
    "Outcome",
    "Pair",
    "ParsedMatch",
    "Preset",
    "Problem",
    "Rounding",
    "ScoreParts",
    "Scores",
    "csv_cell",
    "is_announcement_value",
    "other_team",
    "result_document",
    "rule_values",
]

TEAMS: tuple[str, str] = ("A", "B")
TRICK_POINTS_TOTAL = 162  # card points (152) + dix de der (10)
BELOTE_POINTS = 20  # belote-rebelote, the king and queen of trumps: every game's
# FORMAT, rule ``donnes``: a match of K donnes, K from 1 to 100 (the concours'
# "parties de 12 donnes"; 100 is far above any real night's partie).
DONNES_MIN = 1
DONNES_MAX = 100


class Outcome(StrEnum):
    """What a hand came to (FORMAT, *Result document*)."""

    MADE = "made"
    DEDANS = "dedans"
    LITIGE = "litige"
    PASSED = "passed"
    RENONCE = "renonce"
    ANNULLED = "annulled"


class Rounding(StrEnum):
    """FORMAT, rule ``rounding``."""

    NONE = "none"
    NEAREST_TEN = "nearest_ten"


def other_team(team: str) -> str:
    """The opponent of ``team`` ("A" <-> "B")."""
    return "B" if team == "A" else "A"


@dataclass(frozen=True, slots=True)
class Pair:
    """One number per team, in points: ``pair.a`` for A, ``pair.b`` for B.

    ``pair["A"]`` also works; :meth:`as_dict` gives ``{"A": a, "B": b}``.
    """

    a: int = 0
    b: int = 0

    def __getitem__(self, team: str) -> int:
        if team == "A":
            return self.a
        if team == "B":
            return self.b
        raise KeyError(team)

    def as_dict(self) -> dict[str, int]:
        return {"A": self.a, "B": self.b}


class Scores(Mapping[str, Any]):
    """One number per player, in points, for a game scored per player
    (:attr:`Engine.players`: belote for three or two, BELOTE_3_2.md): the
    twin of :class:`Pair`, keyed by the players' names in the game's order.

    ``scores["C"]`` reads one; :meth:`as_dict` gives ``{"A": ..., "B": ...,
    "C": ...}`` (what the result document writes, as ``Pair.as_dict``).
    Immutable and hashable; equal to a mapping of the same items. A game's
    hand may hold its raw input in one too (the values as the document gave
    them, checked by the game), as belote's hand holds its announcements in
    a :class:`Pair`.
    """

    __slots__ = ("_values",)

    def __init__(self, values: Mapping[str, Any] | Iterable[tuple[str, Any]] = ()) -> None:
        self._values: dict[str, Any] = dict(values)

    def __getitem__(self, player: str) -> Any:
        return self._values[player]

    def __iter__(self):
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __hash__(self) -> int:
        return hash(tuple(self._values.items()))

    def __repr__(self) -> str:
        return f"Scores({self._values!r})"

    def as_dict(self) -> dict[str, Any]:
        """A new plain ``dict`` of the numbers by player, in order."""
        return dict(self._values)


# --------------------------------------------------------------------------
# Outputs
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ScoreParts:
    """What one team scores on one hand, part by part, in points (FORMAT,
    *Scoring one hand*). :attr:`total`, the sum of the parts, is the team's
    score on the hand.

    - ``tricks``: the trick points the team scores: its own (contract made,
      the defense's in a litige), all 162 for the defense of a dedans, or
      ``capot_points`` for a team that made capot and scores it;
    - ``announcements``: the announcements it scores (its own, or every
      validated announcement of both teams when it wins a dedans or a renonce);
    - ``belote``: 20 if it held the belote (always kept), else 0;
    - ``penalty``: 162 for the team that did not revoke (``renonce: penalty``);
    - ``reserve``: the reserve it collects on this hand (unrounded);
    - ``rounding``: what rounding to the nearest ten added (-4 to +5), or 0.

    Coinche only (``docs/coinche.md``, COINCHE *Scoring one hand*; always 0
    at belote), for the team that scores the contract:

    - ``base``: the 160 of a stake "160 + bid" (a dedans, a made contract
      coinched under ``coinche_score: "all"``, ``made_score: "160_plus_bid"``);
    - ``bid``: the bid V, or the stake S of a bid of capot (2 x S for a
      générale), before any multiplier;
    - ``multiplied``: what the coinche (x2) or surcoinche (x4) added: the
      parts named by :attr:`Breakdown.multiplied_parts`, summed, times
      (multiplier - 1).

    At coinche ``tricks`` and ``announcements`` are the team's own (made
    contract, ``made_score: "points_plus_bid"``) or every validated
    announcement (the team that scores the contract otherwise), unmultiplied.
    """

    tricks: int = 0
    announcements: int = 0
    belote: int = 0
    penalty: int = 0
    reserve: int = 0
    rounding: int = 0
    base: int = 0
    bid: int = 0
    multiplied: int = 0

    @property
    def total(self) -> int:
        """The sum of the parts: the team's score on the hand."""
        return (
            self.tricks
            + self.announcements
            + self.belote
            + self.penalty
            + self.reserve
            + self.rounding
            + self.base
            + self.bid
            + self.multiplied
        )


@dataclass(frozen=True, slots=True)
class Breakdown:
    """How a hand's score came about, for the explanations (FORMAT, *Scoring
    one hand*): they word these figures and compute none.

    - ``a`` / ``b`` (or ``breakdown["A"]``): each team's :class:`ScoreParts`;
    - ``taker`` / ``defense``: the taking team and its opponents (``None`` on
      a redeal);
    - ``reserve_in``: the taker's points put into the reserve on this hand (a
      litige under ``litige: reserve``), unrounded;
    - ``forfeited``: the taker's points not scored (a litige under
      ``litige: lost``).

    Points are never split between the parts and the reserve: ``reserve_in``
    and ``forfeited`` are scored by nobody on this hand.

    Coinche only (COINCHE, *Scoring one hand*; 1 and ``()`` at belote):

    - ``multiplier``: the hand's m, 1, 2 (coinche) or 4 (surcoinche);
    - ``multiplied_parts``: the names of the :class:`ScoreParts` fields of the
      team scoring the contract that m multiplied (a subset of ``"tricks"``,
      ``"announcements"``, ``"base"``, ``"bid"``, in that order), or ``()``
      when nothing was multiplied. That team's ``multiplied`` part is their
      sum times (m - 1).
    """

    a: ScoreParts = ScoreParts()
    b: ScoreParts = ScoreParts()
    taker: str | None = None
    defense: str | None = None
    reserve_in: int = 0
    forfeited: int = 0
    multiplier: int = 1
    multiplied_parts: tuple[str, ...] = ()

    def __getitem__(self, team: str) -> ScoreParts:
        if team == "A":
            return self.a
        if team == "B":
            return self.b
        raise KeyError(team)


_NOTHING_SCORED = Breakdown()


@dataclass(frozen=True, slots=True)
class HandResult:
    """The scored hand ``number`` (1-based), all in points.

    - ``outcome``: see :class:`Outcome`;
    - ``score``: what each team scores on this hand, reserve collected
      included, rounded if the rules say so;
    - ``reserve``: the reserve after this hand (unrounded);
    - ``totals``: the running totals after this hand;
    - ``tricks``: each team's trick points (capot value for a capot), or
      ``None`` for a redeal or a renonce;
    - ``hand_totals``: tricks + announcements + belote per team, the figures
      compared to decide the contract, or ``None`` where there are no tricks;
    - ``winner``: the team that won the hand (and collects the reserve), or
      ``None`` for a litige, a redeal or an annulled hand;
    - ``collected``: the reserve paid to ``winner`` on this hand (unrounded);
    - ``ends_match``: this hand finished the match;
    - ``breakdown`` (a property): the parts of each team's score and what went
      into the reserve, see :class:`Breakdown`.

    In a game scored per player (:attr:`Engine.players`) ``score``,
    ``totals``, ``tricks`` and ``hand_totals`` are :class:`Scores` (one
    number per player), ``winner`` a player, and the breakdown is empty
    (its figures ``()``: its layout is two teams').
    """

    number: int
    outcome: Outcome
    score: Pair | Scores
    reserve: int
    totals: Pair | Scores
    tricks: Pair | Scores | None
    hand_totals: Pair | Scores | None
    winner: str | None
    collected: int
    ends_match: bool
    # The figures of :attr:`breakdown`, flat, or () for a redeal. Belote:
    # (taker, reserve_in, forfeited, then the six first parts of A, then those
    # of B); coinche: (taker, 0, 0, multiplier, multiplied_parts, then the
    # nine parts of A, then those of B). Built as objects only when asked
    # for: most hands are scored, not explained, and three more objects per
    # hand would slow score_match by a quarter.
    breakdown_figures: tuple[Any, ...] = field(default=(), repr=False)
    # The game's own keys of this hand in the result document (its
    # contract's *Result*: a column per team of its own), or None.
    extras: Mapping[str, Any] | None = field(default=None, repr=False)

    @property
    def breakdown(self) -> Breakdown:
        """The parts of each team's score and what went into the reserve
        (:class:`Breakdown`; all zeros for a redeal or an annulled hand)."""
        figures = self.breakdown_figures
        if not figures:
            return _NOTHING_SCORED
        taker, reserve_in, forfeited = figures[:3]
        if len(figures) == _SHORT_FIGURES:
            return Breakdown(
                ScoreParts(*figures[3:9]),
                ScoreParts(*figures[9:15]),
                taker,
                other_team(taker),
                reserve_in,
                forfeited,
            )
        return Breakdown(
            ScoreParts(*figures[5:14]),
            ScoreParts(*figures[14:23]),
            taker,
            other_team(taker),
            reserve_in,
            forfeited,
            figures[3],
            figures[4],
        )


# The length of the breakdown figures of a hand without a contract's stake and
# multiplier (a belote hand: see HandResult.breakdown_figures).
_SHORT_FIGURES = 15


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A scored match (FORMAT, *Result document* and *End of match*).

    - ``hands``: one :class:`HandResult` per hand, in order;
    - ``totals``: the running totals after the last hand (points);
    - ``reserve``: the reserve still unpaid (points, unrounded);
    - ``finished`` / ``winner``: whether the match is over and who won
      (finished without a winner: a match of K donnes drawn, FORMAT, rule
      ``donnes``);
    - ``decisive_hand``: not finished, both totals equal and at or past the
      target: a decisive hand must be played;
    - ``no_trick_block``: not finished only because the leading team was capot
      in the last hand (``win_needs_trick``): another hand is played;
    - ``donnes``: the donnes played (every hand but the redeals, FORMAT,
      rule ``donnes``), whatever the rules.

    In a game scored per player (:attr:`Engine.players`), ``totals`` are
    :class:`Scores`, ``winner`` the one player alone at the top, and
    ``decisive_hand`` says that two or more share the top at or past the
    target.
    """

    hands: tuple[HandResult, ...]
    totals: Pair | Scores
    reserve: int
    finished: bool
    winner: str | None
    decisive_hand: bool = False
    no_trick_block: bool = False
    donnes: int = 0


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem in the input.

    ``hand`` is the 1-based hand number, or ``None`` for the document or its
    rules; ``field`` names the key (``"points"``, ``"rules.target"`` ...);
    ``code`` is stable (the web layer translates it); ``message`` is English;
    ``params`` holds the values the message quotes.
    """

    hand: int | None
    field: str
    code: str
    message: str
    params: tuple[tuple[str, Any], ...] = ()

    def __str__(self) -> str:
        where = f"hand {self.hand}, {self.field}" if self.hand is not None else self.field
        return f"{where}: {self.message}"


class MatchError(ValueError):
    """Invalid input: ``problems`` holds every :class:`Problem` found."""

    def __init__(self, problems: Iterable[Problem]):
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


# --------------------------------------------------------------------------
# Validation helpers (each game's check_rules / check_hand use them)
# --------------------------------------------------------------------------


def is_int(value: Any) -> bool:
    """Whether ``value`` is a JSON integer: ``bool`` is an int subclass in
    Python, but not a number here."""
    return type(value) is int


def is_announcement_value(value: Any) -> bool:
    """Whether ``value`` is 0 or a sum of 20, 50, 100, 150 and 200 points.

    Such sums are exactly the multiples of ten other than 10 and 30
    (20a + 50b covers them all; 100, 150, 200 add nothing new).
    """
    return is_int(value) and value >= 0 and value % 10 == 0 and value not in (10, 30)


def problem(hand: int | None, field_name: str, code: str, message: str, **params: Any) -> Problem:
    """A :class:`Problem` whose ``params`` are the keyword arguments, in order."""
    return Problem(hand, field_name, code, message, tuple(params.items()))


def check_choice(
    out: list[Problem], hand: int | None, name: str, value: Any, choices: Sequence[Any]
) -> None:
    """Append to ``out`` a problem (code ``invalid_choice``, param ``choices``)
    unless ``value`` is one of ``choices``, of the same kind: a JSON string for
    a word, an integer for a number, and true/false only for a boolean (1 is
    not true here)."""

    def same_kind(c: Any) -> bool:
        if isinstance(c, bool) or isinstance(value, bool):
            return type(value) is type(c)
        if isinstance(c, str):
            return isinstance(value, str)
        return is_int(value)

    ok = any(same_kind(c) and value == c for c in choices)
    if not ok:
        shown = ", ".join(repr(str(c)) if isinstance(c, str) else str(c) for c in choices)
        out.append(
            problem(hand, name, "invalid_choice", f"must be one of {shown}", choices=tuple(choices))
        )


def check_team(out: list[Problem], hand: int, name: str, value: Any, *, nullable: bool) -> None:
    """Append to ``out`` a problem unless ``value`` is a team (or ``None``
    when ``nullable``): code ``required`` or ``invalid_team``."""
    if value is None:
        if not nullable:
            out.append(problem(hand, name, "required", "is required"))
        return
    if not isinstance(value, str) or value not in TEAMS:
        out.append(problem(hand, name, "invalid_team", 'must be "A" or "B"'))


def check_target(out: list[Problem], target: Any) -> None:
    """The rule ``target`` (every game's): an integer greater than 0."""
    if not is_int(target):
        out.append(problem(None, "rules.target", "not_integer", "must be an integer"))
    elif target <= 0:
        out.append(problem(None, "rules.target", "out_of_range", "must be greater than 0", min=1))


def check_donnes(out: list[Problem], donnes: Any) -> None:
    """The rule ``donnes`` (every game's, FORMAT, rules table): ``None`` (no
    limit: the match goes to its target) or an integer from
    :data:`DONNES_MIN` to :data:`DONNES_MAX`."""
    if donnes is None:
        return
    if not is_int(donnes):
        out.append(
            problem(
                None,
                "rules.donnes",
                "not_integer",
                f"must be a number of donnes from {DONNES_MIN} to {DONNES_MAX}, or null",
            )
        )
    elif not DONNES_MIN <= donnes <= DONNES_MAX:
        out.append(
            problem(
                None,
                "rules.donnes",
                "out_of_range",
                f"must be between {DONNES_MIN} and {DONNES_MAX}",
                min=DONNES_MIN,
                max=DONNES_MAX,
            )
        )


def check_announcements(out: list[Problem], played: Any, n: int, ann: Any) -> bool:
    """A hand's ``announcements`` (FORMAT, hand key ``announcements``): a
    :class:`Pair` of sums of 20, 50, 100, 150 and 200, for one team at most,
    and none unless ``played`` (the rule ``announcements``) is true. Appends
    the problems to ``out``; returns whether any team has more than 0."""
    if not isinstance(ann, Pair):
        out.append(problem(n, "announcements", "not_object", "must be an object"))
        return False
    values = (ann.a, ann.b)
    for team, value in zip(TEAMS, values, strict=True):
        name = f"announcements.{team}"
        if not is_int(value):
            out.append(problem(n, name, "not_integer", "must be an integer"))
        elif value < 0:
            out.append(problem(n, name, "out_of_range", "must be 0 or more", min=0))
        elif not is_announcement_value(value):
            out.append(
                problem(
                    n,
                    name,
                    "not_announcement_sum",
                    "must be 0 or a sum of 20, 50, 100, 150 and 200",
                )
            )
        elif value > 0 and played is False:
            out.append(
                problem(
                    n,
                    name,
                    "announcements_disabled",
                    "announcements are not played under these rules",
                )
            )
    if all(is_int(v) and v > 0 for v in values):
        out.append(
            problem(
                n,
                "announcements",
                "announcements_both_teams",
                "only the team that won the comparison scores announcements",
            )
        )
    return any(is_int(v) and v > 0 for v in values)


def check_points(out: list[Problem], n: int, points_team: Any, trick_points: Any) -> bool:
    """A hand's ``points`` (FORMAT, hand key ``points``): the trick points
    (0-162) of one team, when given. Appends the problems to ``out``; returns
    whether any was given."""
    has_points = points_team is not None or trick_points is not None
    if has_points:
        check_team(out, n, "points", points_team, nullable=False)
        if trick_points is None:
            out.append(problem(n, "points", "required", "the trick points are required"))
        elif not is_int(trick_points):
            out.append(problem(n, "points", "not_integer", "must be an integer"))
        elif not 0 <= trick_points <= TRICK_POINTS_TOTAL:
            out.append(
                problem(
                    n,
                    "points",
                    "out_of_range",
                    f"must be between 0 and {TRICK_POINTS_TOTAL}",
                    min=0,
                    max=TRICK_POINTS_TOTAL,
                )
            )
    return has_points


def team_or_none(value: Any) -> bool:
    """Whether ``value`` is ``None`` or a team (the fast checks' test)."""
    return value is None or (value.__class__ is str and value in TEAMS)


def plainly_valid_announcements(played: Any, ann: Any) -> bool:
    """The fast check of a hand's announcements (see :func:`check_announcements`):
    ``True`` exactly when that check finds no problem."""
    if ann.__class__ is not Pair:
        return False
    a, b = ann.a, ann.b
    if a.__class__ is not int or b.__class__ is not int:
        return False
    if a or b:
        value = a or b
        if a and b:
            return False
        if value < 0 or value % 10 or value == 10 or value == 30:
            return False
        if played is not True:
            return False
    return True


def plainly_valid_points(points_team: Any, trick_points: Any) -> bool:
    """The fast check of given trick points (see :func:`check_points`)."""
    return (
        points_team is not None
        and team_or_none(points_team)
        and trick_points.__class__ is int
        and 0 <= trick_points <= TRICK_POINTS_TOTAL
    )


# --------------------------------------------------------------------------
# Scoring
# --------------------------------------------------------------------------


def round_points(points: int, rounding: str) -> int:
    """FORMAT, rule ``rounding``: to the nearest ten, 5 upward (scores are
    never negative), or unchanged."""
    if rounding == Rounding.NEAREST_TEN:
        return (points + 5) // 10 * 10
    return points


def pair_of(team: str, mine: int, theirs: int) -> Pair:
    """The :class:`Pair` where ``team`` has ``mine`` and the other ``theirs``."""
    return Pair(mine, theirs) if team == "A" else Pair(theirs, mine)


def not_rules_problem() -> Problem:
    """The problem of rules that are not a game's rules object."""
    return problem(None, "rules", "not_object", "must be an object")


# --------------------------------------------------------------------------
# Presets: the named rule sets a new match starts from (each game's engine has its own)
# --------------------------------------------------------------------------


def gettext_noop(message: str) -> str:
    """``message`` unchanged: marks a msgid for ``makemessages`` (translated
    later by the web layer, in the user's language)."""
    return message


def plain(value: Any) -> Any:
    """A JSON and database value: an enum member is its value, a ``str``
    subclass a ``str``; anything else unchanged."""
    if isinstance(value, Enum):
        value = value.value
    return str(value) if isinstance(value, str) else value


def rule_values(rules: Any) -> dict[str, Any]:
    """``rules`` (any game's rules dataclass) as plain values (str, int,
    bool) by rule name, in the order of its fields: the match document's
    ``rules`` object, the forms' data."""
    return {f.name: plain(getattr(rules, f.name)) for f in dataclasses.fields(rules)}


class CardNames(StrEnum):
    """How the table names its cards (not a scoring rule: the scores are the same)."""

    FRENCH = "french"
    SPANISH = "spanish"


@dataclass(frozen=True)
class Preset:
    """A named set of rules a new match starts from (every rule stays editable).

    ``key`` is stored with the match (unique across games); ``label`` and
    ``description`` are msgids (:func:`gettext_noop`); ``rules`` the game's
    rules; ``card_names`` how the cards are named (:class:`CardNames`).
    """

    key: str
    label: str
    description: str
    rules: Any
    card_names: str = CardNames.FRENCH

    @property
    def game(self) -> str:
        """The game this preset is played at: the game of its rules (the
        registry of :mod:`scoresheets.scoring.engines`, which lists the
        engines that hold the presets: imported here, when asked)."""
        from scoresheets.scoring.engines import engine_for

        engine = engine_for(self.rules)
        if engine is None:
            raise LookupError(f"preset {self.key!r}: its rules are of no game")
        return engine.name

    def values(self) -> dict[str, Any]:
        """What the preset fills in, as plain values: every rule, then the card names."""
        return {**rule_values(self.rules), "card_names": plain(self.card_names)}


@dataclass(slots=True)
class HandScore:
    """What a game's ``score_hand`` returns for one valid hand (points), read
    by :func:`score_match` to build the hand's :class:`HandResult`:

    - ``outcome``: see :class:`Outcome`;
    - ``score``: what each team scores on the hand, the reserve it collects
      included, rounded if the rules say so (the sum of its team's parts);
    - ``reserve``: the reserve after the hand (unrounded; 0 in a game
      without one);
    - ``tricks``, ``hand_totals``, ``winner``, ``collected``: as
      :class:`HandResult`'s;
    - ``figures``: the flat figures of its breakdown
      (:attr:`HandResult.breakdown_figures`, the game's layout), ``()`` for
      a redeal;
    - ``extras``: the game's own keys of the hand in the result document
      (its contract's *Result*: a column per team of its own), or
      ``None``.

    A game scored per player (:attr:`Engine.players`) gives ``score``,
    ``tricks`` and ``hand_totals`` as :class:`Scores`, each player's.

    Not frozen, unlike the kernel's other results: it lives for one turn of
    :func:`score_match`'s loop, which reads it once, and a frozen one's
    construction made ``score_match`` 20 % slower (1,000 belote hands 4.6 ->
    5.6 ms; this one: 4.9 ms, ``bench/bench_scoring.py``).
    """

    outcome: Outcome
    score: Pair | Scores
    reserve: int
    tricks: Pair | Scores | None = None
    hand_totals: Pair | Scores | None = None
    winner: str | None = None
    collected: int = 0
    figures: tuple[Any, ...] = ()
    extras: Mapping[str, Any] | None = None


class MatchEnd(NamedTuple):
    """A game's own end of match (:attr:`Engine.end_of_match`): the match
    ends on this hand, won by ``winner`` (a team), drawn when ``None``.

    ``settled``: the hand's score as the game's end settles it from the
    totals before the hand, in place of what ``score_hand`` gave (which
    cannot see them), or ``None`` (``score_hand``'s stands): a hand whose
    winner wins the match and writes what takes it to the target, say. The
    totals after the hand are then the totals before it plus the settled
    score."""

    winner: str | None
    settled: HandScore | None = None


class GameRules(Protocol):
    """A game's rules, as the kernel knows them: an instance of its engine's
    ``rules_type`` (a frozen dataclass, a rule a field, each with its
    default; FORMAT, *Match document*, ``rules``). The kernel reads these
    two (*End of match*); the rest is the game's."""

    @property
    def target(self) -> int:
        """The points that end the match (> 0)."""

    @property
    def donnes(self) -> int | None:
        """A match of that many donnes, or ``None`` (to the target)."""


class GameHand(Protocol):
    """One hand of a game as entered, as the kernel knows it: an instance of
    its engine's ``hand_type`` (a frozen dataclass of the game's hand keys).
    The services read the taking team (a redeal has none); the rest is the
    game's."""

    @property
    def taker(self) -> str | None:
        """The team that took (``"A"``/``"B"``), ``None`` for a redeal."""


class ParsedMatch(NamedTuple):
    """A match document read by its game (:func:`parse_document`): its
    ``rules`` and its ``hands`` in the order of play."""

    rules: Any
    hands: list[Any]


def csv_cell(value: Any) -> str:
    """A CSV cell's code (:class:`CsvColumn`'s ``value``): empty for none,
    ``"1"`` / ``"0"`` for a yes/no, else the document's value as text."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(int(value))
    return str(value)


@dataclass(frozen=True, slots=True)
class CsvColumn:
    """A column a game adds to the hands' CSV of a table
    (``scoresheets.matches.exports.hands_csv``): its hands' own values, empty
    in another game's rows.

    - ``name``: the column's id (the header's, the labels' and words' key);
    - ``after``: the shared column it follows (``"taker_team"``, ``"capot"``...);
      the games' columns after one shared column come in the registry's order,
      each game's in its own;
    - ``value(hand) -> str``: the cell of one of the game's hands (its hand
      type; a redeal's too), as a code (:func:`csv_cell`): ``""`` when empty;
    - ``worded``: the reader's words may name its codes (a bid, a suit), else
      the code is written as it is (a team).
    """

    name: str
    after: str
    value: Callable[[Any], str]
    worded: bool = False


@dataclass(frozen=True, slots=True)
class ConcoursFacts:
    """What a concours needs of a game it is played at (docs/concours.md,
    1.2 and 2.2), in the results document's words:

    - ``ranking``: ``settings.ranking`` when not given (``"points"``,
      ``"win_points"``);
    - ``donnes`` or ``target`` (one of them): a partie's length when the
      settings give none, as ``settings.length``'s (12 donnes, 2001 points);
    - ``donne_points``: the points every donne shares out whatever is bid
      (162 at belote: :data:`TRICK_POINTS_TOTAL`), the base of a ``half``
      bye; ``None`` where the bid is scored and a donne has no fixed size;
    - ``with_length``: ``None`` when a partie's length is the rule
      ``donnes`` or ``target`` (FORMAT's); else the game's own,
      ``with_length(values, donnes, target) -> values``: its rules' values
      (a dict of plain values) for a table of K donnes or T points
      (a game whose match length is rules of its own).
    """

    ranking: str
    donnes: int | None = None
    target: int | None = None
    donne_points: int | None = None
    with_length: Callable[[dict[str, Any], int | None, int | None], dict[str, Any]] | None = None

    def __post_init__(self) -> None:
        if (self.donnes is None) == (self.target is None):
            raise ValueError("ConcoursFacts: give one of donnes and target")


@dataclass(frozen=True, slots=True)
class Engine:
    """One game as the engine knows it: what the kernel's :func:`score_match`
    and the registry (``scoresheets.scoring.engines``) ask of it.

    - ``name``: the match document's ``game`` value (``"belote"``, ``"coinche"``);
    - ``rules_type`` / ``hand_type``: its frozen dataclasses (a rule a field);
    - ``check_rules(rules) -> [Problem]`` and ``check_hand(rules, hand,
      number) -> [Problem]``: every problem, never raising;
    - ``plainly_valid(rules, hand) -> bool``: a fast check, true exactly when
      ``check_hand`` finds nothing (keeps the loop cheap);
    - ``score_hand(rules, hand, reserve) -> HandScore``: one valid hand given
      the reserve before it (points): see :class:`HandScore`;
    - ``blocks_win(rules, hand, leader) -> bool``: whether ``leader``, at or
      past the target and ahead after ``hand``, still does not win on it
      (belote's ``win_needs_trick``);
    - ``parse_match_document(document) -> (rules, [hand])`` and
      ``match_document(rules, hands) -> dict``: its match document;
      ``parse_rules(raw) -> rules`` and ``parse_hand(raw, number) -> hand``:
      one part of it, its shape checked (raising :class:`MatchError`), and
      ``hand_document(hand) -> dict``: one hand of it, every key written out
      (a stored match's rules and hands are these: ``scoresheets.models``);
    - ``has_reserve``: litiges put points in a reserve (else a reserve carried
      in is a problem);
    - ``presets``: the named rule sets a new match starts from, the game's
      default first (``scoresheets.presets.Preset``);
    - ``bids``: the bids a hand's contract takes, in order (the statistics
      count the contracts taken and made by bid), ``()`` in a game without
      bids;
    - ``case_folders``: the folders of its worked cases (match documents
      with their ``expected`` result), relative to the project's root: the
      project's own, then the shared ones (``../shared/scoring/...``);
    - ``csv_columns``: the columns its hands add to a table's CSV
      (:class:`CsvColumn`), ``()`` for none;
    - ``end_of_match``: ``None`` for FORMAT's *End of match* (the target,
      or rule ``donnes``), which the kernel applies; else the game's own:
      ``end_of_match(rules, hand, scored, before, after) -> MatchEnd |
      None`` after each scored hand (``before``/``after``: the totals as
      :class:`Pair`), :class:`MatchEnd` when that hand ends the match (a game
      where the team ahead may lose), which may settle the hand's score from
      the totals before it (``MatchEnd.settled``); it may raise
      :class:`MatchError` with the problems of that hand that only the
      totals show, which the kernel numbers as the hand's.
      Under the rule ``donnes`` (K, not ``None``) the kernel ends the match
      itself, after the K-th donne, and does not ask;
    - ``taker_key``: the key of its match document's hand that names the
      taking team (its hand type's ``taker``), ``"taker"`` or the game's own; a
      stored hand keeps it in a column of its own (``Hand.taker``);
    - ``concours``: what a concours needs of it (:class:`ConcoursFacts`),
      ``None`` for a game no concours is played at (the concours' games are
      those that give it: ``scoresheets.concours.document.GAME_FACTS``);
    - ``players``: ``()`` for a game of two teams, A and B (the kernel's
      :class:`Pair`, FORMAT's *End of match*); else the players of a game
      scored per player, in order (belote for three: ``("A", "B", "C")``,
      BELOTE_3_2.md): its ``score_hand`` gives :class:`Scores` keyed by
      them, and :func:`score_match` runs the loop's per-player twin
      (:func:`_score_players`): the totals, the end (one player alone at
      the top, at or past the target) and the result by player.
    """

    name: str
    rules_type: type
    hand_type: type
    check_rules: Callable[[Any], list[Problem]]
    check_hand: Callable[[Any, Any, int], list[Problem]]
    plainly_valid: Callable[[Any, Any], bool]
    score_hand: Callable[[Any, Any, int], HandScore]
    blocks_win: Callable[[Any, Any, str], bool]
    parse_match_document: Callable[[Any], ParsedMatch]
    match_document: Callable[[Any, Iterable[Any]], dict[str, Any]]
    parse_rules: Callable[[Any], Any]
    parse_hand: Callable[[Any, int], Any]
    hand_document: Callable[[Any], dict[str, Any]]
    has_reserve: bool = True
    presets: tuple[Any, ...] = ()
    bids: tuple[Any, ...] = ()
    case_folders: tuple[str, ...] = ()
    concours: ConcoursFacts | None = None
    csv_columns: tuple[CsvColumn, ...] = ()
    end_of_match: Callable[[Any, Any, HandScore, Any, Any], MatchEnd | None] | None = None
    taker_key: str = "taker"
    players: tuple[str, ...] = ()


def parse_document(
    document: Any,
    *,
    rules_type: type,
    parse_rules: Callable[[Any, list[Problem]], Any],
    parse_hand: Callable[[Any, int, list[Problem]], Any],
    check_hand: Callable[[Any, Any, int], list[Problem]],
    game: str | None = None,
) -> ParsedMatch:
    """A match document (parsed JSON) as ``(rules, [hand, ...])`` of one game,
    by that game's parsers of its rules and of a hand (which append their
    problems to the list they are given) and its ``check_hand``: FORMAT,
    *Match document*: ``hands`` required (a list), ``rules`` optional (the
    defaults of ``rules_type``) but not null, every hand checked; with
    ``game``, the document's ``game`` must be that. Raises
    :class:`MatchError` with every problem found."""
    if not isinstance(document, dict):
        raise MatchError([problem(None, "document", "not_object", "must be a JSON object")])
    out: list[Problem] = []
    if game is not None and document.get("game") != game:
        out.append(problem(None, "game", "invalid_choice", f'must be "{game}"', choices=(game,)))
    rules = rules_type()
    if "rules" in document:
        rules = parse_rules(document["rules"], out)
    hands: list[Any] = []
    if "hands" not in document:
        out.append(problem(None, "hands", "required", "is required (a list of hands)"))
    elif not isinstance(document["hands"], list):
        out.append(problem(None, "hands", "not_list", "must be a list of hands"))
    else:
        for number, raw in enumerate(document["hands"], start=1):
            hand = parse_hand(raw, number, out)
            if hand is not None:
                if rules is not None:
                    out.extend(check_hand(rules, hand, number))
                hands.append(hand)
    if out or rules is None:
        raise MatchError(out)
    return ParsedMatch(rules, hands)


def rule_values_of(
    raw: Any,
    out: list[Problem],
    rule_keys: Sequence[str],
    elsewhere: Mapping[str, str] | None = None,
) -> dict[str, Any] | None:
    """A match document's ``rules`` object (parsed JSON) as the values of
    its known rules (FORMAT, *Match document*: one key a rule): appends to
    ``out`` a problem for ``raw`` that is no object (field ``rules``, code
    ``not_object``; returns ``None``) and one for each key not in
    ``rule_keys`` (code ``unknown_key``; ``elsewhere``: keys of another
    game, with their message). The twin of kernel.js' ``parseRules``."""
    if not isinstance(raw, dict):
        out.append(problem(None, "rules", "not_object", "must be an object"))
        return None
    elsewhere = elsewhere or {}
    for key in raw:
        if key in elsewhere:
            out.append(problem(None, f"rules.{key}", "unknown_key", elsewhere[key]))
        elif key not in rule_keys:
            out.append(problem(None, f"rules.{key}", "unknown_key", "is not a known rule"))
    return {key: raw[key] for key in rule_keys if key in raw}


def parsed(parse: Callable[..., Any], raw: Any, *args: Any) -> Any:
    """What ``parse(raw, *args, out)`` (a game's parser of one part of its
    match document, which appends its problems to ``out`` and gives ``None``
    when it cannot build anything) gives. Raises :class:`MatchError` with
    the problems found."""
    out: list[Problem] = []
    value = parse(raw, *args, out)
    if out or value is None:
        raise MatchError(out or [problem(None, "document", "not_object", "must be an object")])
    return value


def reserve_problems(reserve: Any) -> list[Problem]:
    """The problems of a reserve carried in (points): an integer of 0 or more."""
    if isinstance(reserve, bool) or not isinstance(reserve, int):
        return [problem(None, "reserve", "not_integer", "must be an integer")]
    if reserve < 0:
        return [problem(None, "reserve", "out_of_range", "must be 0 or more", min=0)]
    return []


def score_match(
    engine: Engine, rules: Any, hands: Sequence[Any], *, reserve: int = 0
) -> MatchResult:
    """Score a whole match of ``engine``'s game in one pass, linear in ``len(hands)``.

    THE scoring loop of every game: each hand is checked (``plainly_valid``,
    then ``check_hand`` for the problems) and scored (``score_hand``) by the
    game; FORMAT, *End of match* is applied here: a hand other than a redeal
    or an annulled one that leaves a team at or past ``rules.target`` and
    ahead ends the match, unless the game's ``blocks_win`` says the leader
    cannot win on it (``no_trick_block``); both totals equal at or past the
    target: a decisive hand must be played. Under the rule ``donnes`` (K, not
    ``None``) the target ends nothing: the K-th donne (a hand other than a
    redeal, an annulled one included) ends the match, won by the team ahead,
    drawn (no winner) on equal totals. A game with its own end of match
    (``engine.end_of_match``) decides it instead of the target, hand by hand,
    and who wins (the rule ``donnes`` still comes first); the problems it
    raises for a hand (what only the totals show) are that
    hand's, and the hands after it are checked but no longer scored.
    (The input is checked by
    :func:`_check_match_input`, the loop is :func:`_score_hands`.)

    ``reserve`` (points, 0 by default) is a reserve carried in from litiges
    scored elsewhere (the calculator's "réserve en jeu"): the match starts
    with it, as if earlier hands had put it aside, and the first decided hand
    collects it (FORMAT, *Reserve*). The totals start at 0 all the same. A
    game without a reserve (``has_reserve`` false) takes 0 only (field
    ``reserve``, code ``out_of_range``, max 0).

    A game scored per player (``engine.players``) goes through the loop's
    twin, :func:`_score_players`: the same checks and ends, by player (the
    two teams' loop stays as it was, and as fast).

    Raises :class:`MatchError` listing every problem: invalid rules, a
    ``reserve`` that is not an integer of 0 or more (field ``reserve``,
    code ``out_of_range`` or ``not_integer``), invalid hands (the game's
    ``check_hand``), and any hand after the end of the match. Never raises
    anything else.
    """
    _check_match_input(engine, rules, hands, reserve)
    problems: list[Problem] = []
    loop = _score_players if engine.players else _score_hands
    result = loop(engine, rules, hands, reserve, problems)
    if problems:
        raise MatchError(problems)
    return result


def _check_match_input(engine: Engine, rules: Any, hands: Any, reserve: Any) -> None:
    """What :func:`score_match` checks before the first hand: raises
    :class:`MatchError` on a reserve carried into a game without one (field
    ``reserve``, code ``out_of_range``, max 0), then on rules that are not
    the game's or are invalid (``check_rules``) together with a reserve
    that is not an integer of 0 or more, then on ``hands`` that are not a
    list (code ``not_list``). Returns nothing when all is well."""
    if not engine.has_reserve and reserve != 0:
        raise MatchError(
            [
                problem(
                    None,
                    "reserve",
                    "out_of_range",
                    f"{engine.name} has no reserve",
                    min=0,
                    max=0,
                )
            ]
        )
    problems = (
        engine.check_rules(rules) if isinstance(rules, engine.rules_type) else [not_rules_problem()]
    )
    problems.extend(reserve_problems(reserve))
    if problems:
        raise MatchError(problems)
    if isinstance(hands, str | bytes | Mapping) or not isinstance(hands, Sequence):
        raise MatchError([problem(None, "hands", "not_list", "must be a list of hands")])


def _score_hands(
    engine: Engine, rules: Any, hands: Sequence[Any], reserve: int, problems: list[Problem]
) -> MatchResult:
    """THE scoring loop, one pass over ``hands`` (valid rules, the reserve
    carried in, in points): each hand is checked (``plainly_valid``, then
    :func:`_hand_problems`) and, while every hand before it is valid and the
    match goes on, scored (``score_hand``), then FORMAT, *End of match* (or
    rule ``donnes``, or the game's own end) decides whether it ends the
    match. Appends to ``problems`` every invalid hand's problems and one for
    each valid hand after the end, in hand order; returns the match as
    scored, which means nothing when ``problems`` is not empty."""
    hand_type = engine.hand_type
    plainly_valid = engine.plainly_valid
    score_hand = engine.score_hand
    target = rules.target
    donnes_limit = rules.donnes  # FORMAT, rule `donnes`: None, or K
    end_of_match = engine.end_of_match  # a game's own end, or None
    decided: MatchEnd | None = None
    donnes = 0
    results: list[HandResult] = []
    append = results.append
    total_a = total_b = 0
    finished = no_trick_block = False
    valid = True
    for number, hand in enumerate(hands, start=1):
        if not (isinstance(hand, hand_type) and plainly_valid(rules, hand)):
            hand_problems = _hand_problems(engine, rules, hand, number)
            if hand_problems:
                problems.extend(hand_problems)
                valid = False
                continue
        if finished:
            problems.append(_after_end_problem(number, results))
            continue
        if not valid:
            continue  # an earlier hand is invalid: keep checking, stop scoring

        scored = score_hand(rules, hand, reserve)
        outcome = scored.outcome
        reserve = scored.reserve
        score = scored.score
        total_a += score.a
        total_b += score.b
        ends = False
        if outcome is not Outcome.PASSED:
            donnes += 1  # a redeal is no donne; an annulled hand is one
        if donnes_limit is not None:
            # FORMAT, rule `donnes`: the K-th donne ends the match, whatever the
            # target, whatever the game's own end (a match of a number of hands).
            if donnes == donnes_limit:
                ends = finished = True
        elif end_of_match is not None:  # the game's own end of match
            before = Pair(total_a - score.a, total_b - score.b)
            try:
                decided = end_of_match(rules, hand, scored, before, Pair(total_a, total_b))
            except MatchError as error:  # this hand's problems that only the totals show
                problems.extend(dataclasses.replace(p, hand=number) for p in error.problems)
                valid = False
                continue
            if decided is not None and decided.settled is not None:
                scored = decided.settled  # scored from the totals before the hand
                reserve = scored.reserve
                total_a, total_b = before.a + scored.score.a, before.b + scored.score.b
            ends = finished = decided is not None
        elif outcome is not Outcome.PASSED and outcome is not Outcome.ANNULLED:
            # FORMAT, *End of match* (a redeal or an annulled hand changes nothing).
            ends, no_trick_block = _target_end(engine, rules, hand, target, total_a, total_b)
            finished = ends
        append(_hand_result(number, scored, reserve, Pair(total_a, total_b), ends))
    if end_of_match is not None and donnes_limit is None:
        return _own_end_result(results, Pair(total_a, total_b), reserve, decided, donnes)
    return _match_result(
        rules, results, total_a, total_b, reserve, finished, no_trick_block, donnes
    )


def _hand_result(
    number: int, scored: HandScore, reserve: int, totals: Pair, ends: bool
) -> HandResult:
    """The :class:`HandResult` of the hand ``number`` as the game scored it
    (``scored``), with the reserve and the running totals after it (points)
    and whether it ``ends`` the match."""
    return HandResult(
        number,
        scored.outcome,
        scored.score,
        reserve,
        totals,
        scored.tricks,
        scored.hand_totals,
        scored.winner,
        scored.collected,
        ends,
        scored.figures,
        scored.extras,
    )


def _target_end(
    engine: Engine, rules: Any, hand: Any, target: int, total_a: int, total_b: int
) -> tuple[bool, bool]:
    """FORMAT, *End of match*, after a hand that was played (totals in
    points): ``(ends, blocked)``: a team at or past ``target`` and ahead
    ends the match, unless the game's ``blocks_win`` says the leader cannot
    win on this hand (``blocked``: e.g. the leader took no trick)."""
    if (total_a >= target or total_b >= target) and total_a != total_b:
        leader = "A" if total_a > total_b else "B"
        if engine.blocks_win(rules, hand, leader):
            return False, True
        return True, False
    return False, False


def _own_end_result(
    results: list[HandResult], totals: Pair, reserve: int, decided: MatchEnd | None, donnes: int
) -> MatchResult:
    """The :class:`MatchResult` of a game with its own end of match
    (``Engine.end_of_match``): finished when it ``decided`` so, won by whom
    it said."""
    finished = decided is not None
    winner = decided.winner if decided is not None else None
    return MatchResult(tuple(results), totals, reserve, finished, winner, donnes=donnes)


def _hand_problems(engine: Engine, rules: Any, hand: Any, number: int) -> list[Problem]:
    """The problems of the hand ``number`` (1-based) that ``plainly_valid``
    did not pass: not one of the game's hands (code ``not_object``), or
    what the game's ``check_hand`` finds (empty: the hand is valid after
    all)."""
    if not isinstance(hand, engine.hand_type):
        return [problem(number, "hand", "not_object", "must be a hand")]
    return engine.check_hand(rules, hand, number)


def _after_end_problem(number: int, results: list[HandResult]) -> Problem:
    """FORMAT, *End of match*: any hand after the end of the match is an
    error; the problem of the hand ``number`` (code ``after_end``), naming
    the hand that ended it (the last of ``results``)."""
    return problem(
        number,
        "hand",
        "after_end",
        f"the match ended with hand {results[-1].number if results else 0}",
    )


def _match_result(
    rules: Any,
    results: list[HandResult],
    total_a: int,
    total_b: int,
    reserve: int,
    finished: bool,
    no_trick_block: bool,
    donnes: int,
) -> MatchResult:
    """The :class:`MatchResult` of the hands scored (``results``), the
    running totals and the reserve after them (points) (FORMAT, *End of
    match*): a finished match is won by the team ahead, drawn (no winner) on
    equal totals (a match of K donnes; no hand is scored after the one that
    ended it, so the totals are that hand's); not finished, equal totals at
    or past the target (not under rule ``donnes``) call for a decisive hand,
    and ``no_trick_block`` (the leader could not win on the last hand
    played) holds."""
    winner: str | None = None
    if finished and total_a != total_b:
        winner = "A" if total_a > total_b else "B"
    decisive = (
        rules.donnes is None and not finished and total_a == total_b and total_a >= rules.target
    )
    return MatchResult(
        hands=tuple(results),
        totals=Pair(total_a, total_b),
        reserve=reserve,
        finished=finished,
        winner=winner,
        decisive_hand=decisive,
        no_trick_block=no_trick_block and not finished,
        donnes=donnes,
    )


# --------------------------------------------------------------------------
# The loop's twin: a game scored per player (Engine.players)
# --------------------------------------------------------------------------
#
# Belote for three or two (BELOTE_3_2.md) has players, not two teams. Its
# hands go through this twin of _score_hands, which keeps the totals in a
# dict by player: the two teams' loop keeps its two locals and is left as it
# was (a loop over a dict there made 1,000 belote hands slower), at the cost
# of these few lines said twice.


def _score_players(
    engine: Engine, rules: Any, hands: Sequence[Any], reserve: int, problems: list[Problem]
) -> MatchResult:
    """The twin of :func:`_score_hands` for a game scored per player
    (``engine.players``; points): each hand checked and scored as there,
    its :class:`Scores` added to each player's total; then the rule
    ``donnes``, the game's own end, or BELOTE_3_2 *End of match*: after a
    hand played (not a redeal, not an annulled one), the one player alone
    at the top, at or past ``rules.target``, wins, unless ``blocks_win``
    says he cannot on this hand. Appends to ``problems`` as there; returns
    the match (totals, winner, ``decisive_hand``: the top shared at or past
    the target) as :class:`Scores` by player."""
    plainly_valid, score_hand = engine.plainly_valid, engine.score_hand
    target, donnes_limit, end_of_match = rules.target, rules.donnes, engine.end_of_match
    totals = dict.fromkeys(engine.players, 0)
    results: list[HandResult] = []
    decided: MatchEnd | None = None
    donnes = 0
    finished = blocked = False
    valid = True
    for number, hand in enumerate(hands, start=1):
        if not (isinstance(hand, engine.hand_type) and plainly_valid(rules, hand)):
            hand_problems = _hand_problems(engine, rules, hand, number)
            if hand_problems:
                problems.extend(hand_problems)
                valid = False
                continue
        if finished:
            problems.append(_after_end_problem(number, results))
            continue
        if not valid:
            continue  # an earlier hand is invalid: keep checking, stop scoring
        scored = score_hand(rules, hand, reserve)
        reserve = scored.reserve
        before = Scores(totals)
        for player, points in scored.score.items():
            totals[player] += points
        after = Scores(totals)
        if scored.outcome is not Outcome.PASSED:
            donnes += 1
        if donnes_limit is not None:
            finished = donnes == donnes_limit
        elif end_of_match is not None:
            try:
                decided = end_of_match(rules, hand, scored, before, after)
            except MatchError as error:
                problems.extend(dataclasses.replace(p, hand=number) for p in error.problems)
                valid = False
                continue
            if decided is not None and decided.settled is not None:
                scored = decided.settled  # scored from the totals before the hand
                reserve = scored.reserve
                totals = {player: before[player] + scored.score[player] for player in totals}
                after = Scores(totals)
            finished = decided is not None
        elif scored.outcome is not Outcome.PASSED and scored.outcome is not Outcome.ANNULLED:
            # BELOTE_3_2, *End of match*: one player alone at the top, at the target.
            leader = _sole_leader(after)
            reached = leader is not None and after[leader] >= target
            blocked = reached and engine.blocks_win(rules, hand, leader)
            finished = reached and not blocked
        results.append(_hand_result(number, scored, reserve, after, finished))
    totals_after = Scores(totals)
    return _players_result(rules, engine, results, totals_after, reserve, decided, blocked, donnes)


def _sole_leader(totals: Scores) -> str | None:
    """The one player alone at the top of ``totals`` (points), or ``None``
    when two or more share it."""
    top = max(totals.values())
    leaders = [player for player, points in totals.items() if points == top]
    return leaders[0] if len(leaders) == 1 else None


def _players_result(
    rules: Any,
    engine: Engine,
    results: list[HandResult],
    totals: Scores,
    reserve: int,
    decided: MatchEnd | None,
    blocked: bool,
    donnes: int,
) -> MatchResult:
    """The :class:`MatchResult` of a game scored per player (the twin of
    :func:`_match_result` and :func:`_own_end_result`), from the hands
    scored, the totals and the reserve after them (points): finished when
    the last hand scored ended the match, won by the game's own end's
    choice (``decided``), else by the one player alone at the top (none: a
    match of K donnes drawn); not finished, the top shared at or past the
    target calls for another hand (``decisive_hand``), and ``blocked`` (the
    last hand played kept the leader from winning: ``blocks_win``) is
    ``no_trick_block``."""
    finished = bool(results) and results[-1].ends_match
    own_end = engine.end_of_match is not None and rules.donnes is None
    leader = _sole_leader(totals)
    winner = None
    if finished:
        winner = (decided.winner if decided is not None else None) if own_end else leader
    decisive = (
        rules.donnes is None
        and not own_end
        and not finished
        and leader is None
        and max(totals.values()) >= rules.target
    )
    no_trick_block = blocked and not finished
    return MatchResult(
        tuple(results), totals, reserve, finished, winner, decisive, no_trick_block, donnes
    )


# --------------------------------------------------------------------------
# The result document (FORMAT, *Result document*): every game's
# --------------------------------------------------------------------------


def result_document(result: MatchResult) -> dict[str, Any]:
    """The result document (FORMAT, *Result document*) of ``result``.

    Adds three keys to the required ones: ``decisive_hand`` and ``donnes``
    (the donnes played, FORMAT, rule ``donnes``) at the top level, and
    ``collected`` (reserve paid on that hand) per hand.
    """
    return {
        "hands": [
            {
                "outcome": str(h.outcome),
                "score": h.score.as_dict(),
                "reserve": h.reserve,
                "totals": h.totals.as_dict(),
                "collected": h.collected,
                **(h.extras or {}),
            }
            for h in result.hands
        ],
        "totals": result.totals.as_dict(),
        "reserve": result.reserve,
        "finished": result.finished,
        "winner": result.winner,
        "decisive_hand": result.decisive_hand,
        "donnes": result.donnes,
    }
