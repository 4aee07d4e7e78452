"""The scoring engine: belote rules as Rebelote scores them.

Pure Python: no Django, no I/O. Everything here follows
``docs/match-document.md``, the project's copy of ``../shared/scoring/FORMAT.md``
(cited below as FORMAT, by section). Scores are always in points (integers);
teams are the strings ``"A"`` and ``"B"``.

The main entry points:

- :func:`score_match` scores a whole match (``Rules`` + a sequence of
  ``HandInput``) in one linear pass and returns a :class:`MatchResult`.
- :func:`score_document` does the same for a match document (parsed JSON) and
  returns the result document (a dict ready for ``json.dumps``).
- :func:`parse_match_document` turns a match document into ``Rules`` and
  ``HandInput`` objects; :func:`match_document` is its inverse.

Any invalid input raises :class:`MatchError`, which carries every problem
found (:class:`Problem`: hand number, field, stable code, English message);
no other exception escapes from the public functions, whatever the input.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any

__all__ = [
    "BELOTE_POINTS",
    "TEAMS",
    "TRICK_POINTS_TOTAL",
    "Breakdown",
    "HandInput",
    "HandResult",
    "LitigeRule",
    "MatchError",
    "MatchResult",
    "Outcome",
    "Pair",
    "Problem",
    "RenonceRule",
    "Rounding",
    "Rules",
    "ScoreParts",
    "check_hand",
    "check_rules",
    "is_announcement_value",
    "match_document",
    "other_team",
    "parse_match_document",
    "result_document",
    "score_document",
    "score_match",
]

TEAMS: tuple[str, str] = ("A", "B")
TRICK_POINTS_TOTAL = 162  # card points (152) + dix de der (10)
BELOTE_POINTS = 20
CAPOT_CHOICES = (252, 250)
ANNOUNCEMENT_UNITS = (20, 50, 100, 150, 200)


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


class LitigeRule(StrEnum):
    """FORMAT, rule ``litige``: what a tie does."""

    RESERVE = "reserve"
    LOST = "lost"
    FALL = "fall"


class RenonceRule(StrEnum):
    """FORMAT, rule ``renonce``: what a revoke does."""

    PENALTY = "penalty"
    ANNUL = "annul"


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


# --------------------------------------------------------------------------
# Inputs
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Rules:
    """The table's rules, frozen with the match (FORMAT, *Match document*).

    - ``target``: points (int > 0) that end the match, see *End of match*;
    - ``capot_points``: 252 or 250, the tricks of a capot team;
    - ``rounding``: ``"none"`` or ``"nearest_ten"`` (5 upward);
    - ``litige``: ``"reserve"``, ``"lost"`` or ``"fall"``;
    - ``announcements``: whether announcements are played (belote always is);
    - ``renonce``: ``"penalty"`` or ``"annul"``;
    - ``win_needs_trick``: a team that was capot in a hand cannot win the
      match on that hand.

    Construction does not validate; :func:`check_rules` lists the problems and
    :func:`score_match` raises :class:`MatchError` on them.
    """

    target: int = 1000
    capot_points: int = 252
    rounding: str = Rounding.NONE
    litige: str = LitigeRule.RESERVE
    announcements: bool = True
    renonce: str = RenonceRule.PENALTY
    win_needs_trick: bool = True


@dataclass(frozen=True, slots=True)
class HandInput:
    """One hand as entered (FORMAT, *Match document*, each hand).

    - ``taker``: the team that took, or ``None`` for a redeal (all passed);
    - ``points_team`` / ``trick_points``: the trick points (0-162, card
      points + dix de der) of ONE team, the other has 162 minus that; both
      ``None`` with a capot, a redeal or a renonce;
    - ``capot``: the team that took all eight tricks, or ``None``;
    - ``belote``: the team that held and announced belote-rebelote, or ``None``;
    - ``announcements``: validated announcement points per team (only the
      team that won the comparison has any);
    - ``renonce``: the team that revoked, or ``None``.

    Construction does not validate: :func:`check_hand` does.
    """

    taker: str | None
    points_team: str | None = None
    trick_points: int | None = None
    capot: str | None = None
    belote: str | None = None
    announcements: Pair = field(default_factory=Pair)
    renonce: str | None = None


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
    """

    number: int
    outcome: Outcome
    score: Pair
    reserve: int
    totals: Pair
    tricks: Pair | None
    hand_totals: Pair | None
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

    @property
    def breakdown(self) -> Breakdown:
        """The parts of each team's score and what went into the reserve
        (:class:`Breakdown`; all zeros for a redeal or an annulled hand)."""
        figures = self.breakdown_figures
        if not figures:
            return _NOTHING_SCORED
        taker, reserve_in, forfeited = figures[:3]
        if len(figures) == _BELOTE_FIGURES:
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


# The length of a belote hand's breakdown figures (see HandResult.breakdown_figures).
_BELOTE_FIGURES = 15


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A scored match (FORMAT, *Result document* and *End of match*).

    - ``hands``: one :class:`HandResult` per hand, in order;
    - ``totals``: the running totals after the last hand (points);
    - ``reserve``: the reserve still unpaid (points, unrounded);
    - ``finished`` / ``winner``: whether the match is over and who won;
    - ``decisive_hand``: not finished, both totals equal and at or past the
      target: a decisive hand must be played;
    - ``no_trick_block``: not finished only because the leading team was capot
      in the last hand (``win_needs_trick``): another hand is played.
    """

    hands: tuple[HandResult, ...]
    totals: Pair
    reserve: int
    finished: bool
    winner: str | None
    decisive_hand: bool = False
    no_trick_block: bool = False


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
# Validation
# --------------------------------------------------------------------------


def _is_int(value: Any) -> bool:
    # JSON integers only: bool is an int subclass in Python, but not a number here.
    return type(value) is int


def is_announcement_value(value: Any) -> bool:
    """Whether ``value`` is 0 or a sum of 20, 50, 100, 150 and 200 points.

    Such sums are exactly the multiples of ten other than 10 and 30
    (20a + 50b covers them all; 100, 150, 200 add nothing new).
    """
    return _is_int(value) and value >= 0 and value % 10 == 0 and value not in (10, 30)


def _problem(hand: int | None, field_name: str, code: str, message: str, **params: Any) -> Problem:
    return Problem(hand, field_name, code, message, tuple(params.items()))


def _check_choice(
    out: list[Problem], hand: int | None, name: str, value: Any, choices: Sequence[Any]
) -> None:
    # Strict types: a JSON string for a word, an integer for a number, and
    # true/false only for a boolean (1 is not true here).
    def same_kind(c: Any) -> bool:
        if isinstance(c, bool) or isinstance(value, bool):
            return type(value) is type(c)
        if isinstance(c, str):
            return isinstance(value, str)
        return _is_int(value)

    ok = any(same_kind(c) and value == c for c in choices)
    if not ok:
        shown = ", ".join(repr(str(c)) if isinstance(c, str) else str(c) for c in choices)
        out.append(
            _problem(
                hand, name, "invalid_choice", f"must be one of {shown}", choices=tuple(choices)
            )
        )


def _check_team(out: list[Problem], hand: int, name: str, value: Any, *, nullable: bool) -> None:
    if value is None:
        if not nullable:
            out.append(_problem(hand, name, "required", "is required"))
        return
    if not isinstance(value, str) or value not in TEAMS:
        out.append(_problem(hand, name, "invalid_team", 'must be "A" or "B"'))


def check_rules(rules: Rules) -> list[Problem]:
    """Every problem with ``rules`` (FORMAT, *Match document*, rules table).

    Returns a list of :class:`Problem` (empty when valid); never raises.
    """
    out: list[Problem] = []
    if not _is_int(rules.target):
        out.append(_problem(None, "rules.target", "not_integer", "must be an integer"))
    elif rules.target <= 0:
        out.append(_problem(None, "rules.target", "out_of_range", "must be greater than 0", min=1))
    _check_choice(out, None, "rules.capot_points", rules.capot_points, CAPOT_CHOICES)
    _check_choice(out, None, "rules.rounding", rules.rounding, tuple(Rounding))
    _check_choice(out, None, "rules.litige", rules.litige, tuple(LitigeRule))
    _check_choice(out, None, "rules.announcements", rules.announcements, (True, False))
    _check_choice(out, None, "rules.renonce", rules.renonce, tuple(RenonceRule))
    _check_choice(out, None, "rules.win_needs_trick", rules.win_needs_trick, (True, False))
    return out


def check_hand(rules: Rules, hand: HandInput, number: int) -> list[Problem]:
    """Every problem with ``hand``, the hand ``number`` (1-based) of a match.

    Implements the constraints of FORMAT, *Match document*, hand table: team
    values, trick points 0-162 of exactly one team unless capot / redeal /
    renonce, no points with a capot, nothing but zeros on a redeal,
    announcements as sums of 20/50/100/150/200 for at most one team and only
    when the rules play them. ``rules`` is assumed valid. Never raises.
    """
    out: list[Problem] = []
    n = number
    taker = hand.taker
    _check_team(out, n, "taker", taker, nullable=True)
    _check_team(out, n, "capot", hand.capot, nullable=True)
    _check_team(out, n, "belote", hand.belote, nullable=True)
    _check_team(out, n, "renonce", hand.renonce, nullable=True)

    ann = hand.announcements
    if not isinstance(ann, Pair):
        out.append(_problem(n, "announcements", "not_object", "must be an object"))
        ann_values: tuple[Any, Any] = (0, 0)
    else:
        ann_values = (ann.a, ann.b)
        for team, value in zip(TEAMS, ann_values, strict=True):
            name = f"announcements.{team}"
            if not _is_int(value):
                out.append(_problem(n, name, "not_integer", "must be an integer"))
            elif value < 0:
                out.append(_problem(n, name, "out_of_range", "must be 0 or more", min=0))
            elif not is_announcement_value(value):
                out.append(
                    _problem(
                        n,
                        name,
                        "not_announcement_sum",
                        "must be 0 or a sum of 20, 50, 100, 150 and 200",
                    )
                )
            elif value > 0 and rules.announcements is False:
                out.append(
                    _problem(
                        n,
                        name,
                        "announcements_disabled",
                        "announcements are not played under these rules",
                    )
                )
        if all(_is_int(v) and v > 0 for v in ann_values):
            out.append(
                _problem(
                    n,
                    "announcements",
                    "announcements_both_teams",
                    "only the team that won the comparison scores announcements",
                )
            )

    has_points = hand.points_team is not None or hand.trick_points is not None
    if has_points:
        _check_team(out, n, "points", hand.points_team, nullable=False)
        tp = hand.trick_points
        if tp is None:
            out.append(_problem(n, "points", "required", "the trick points are required"))
        elif not _is_int(tp):
            out.append(_problem(n, "points", "not_integer", "must be an integer"))
        elif not 0 <= tp <= TRICK_POINTS_TOTAL:
            out.append(
                _problem(
                    n,
                    "points",
                    "out_of_range",
                    f"must be between 0 and {TRICK_POINTS_TOTAL}",
                    min=0,
                    max=TRICK_POINTS_TOTAL,
                )
            )

    if taker is None:
        # A redeal: all four passed, nothing is scored (FORMAT, key `taker`).
        for name, value in (
            ("points", has_points or None),
            ("capot", hand.capot),
            ("belote", hand.belote),
            ("renonce", hand.renonce),
        ):
            if value is not None:
                out.append(_problem(n, name, "not_on_redeal", "must be empty when nobody took"))
        if any(_is_int(v) and v > 0 for v in ann_values):
            out.append(
                _problem(n, "announcements", "not_on_redeal", "must be empty when nobody took")
            )
        return out

    if hand.renonce is not None:
        if has_points:
            out.append(_problem(n, "points", "points_with_renonce", "must be empty with a renonce"))
        if hand.capot is not None:
            out.append(_problem(n, "capot", "capot_with_renonce", "must be empty with a renonce"))
    elif hand.capot is not None:
        if has_points:
            out.append(
                _problem(
                    n,
                    "points",
                    "points_with_capot",
                    "must be empty with a capot (the capot team has all the tricks)",
                )
            )
    elif not has_points:
        out.append(_problem(n, "points", "required", "the trick points of one team are required"))
    return out


def _team_or_none(value: Any) -> bool:
    return value is None or (value.__class__ is str and value in TEAMS)


def _plainly_valid(rules: Rules, hand: HandInput) -> bool:
    """A fast check that accepts exactly the hands :func:`check_hand` finds no
    problem with (a property test holds them equal); when it says no, the
    slow path lists the problems. Keeps ``score_match`` linear and cheap."""
    ann = hand.announcements
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
        if rules.announcements is not True:
            return False
    if not _team_or_none(hand.belote):
        return False
    taker = hand.taker
    points_team, trick_points = hand.points_team, hand.trick_points
    capot, renonce = hand.capot, hand.renonce
    if taker is None:
        return (
            points_team is None
            and trick_points is None
            and capot is None
            and hand.belote is None
            and renonce is None
            and not a
            and not b
        )
    if taker.__class__ is not str or taker not in TEAMS:
        return False
    if renonce is not None:
        return (
            _team_or_none(renonce)
            and capot is None
            and points_team is None
            and trick_points is None
        )
    if capot is not None:
        return _team_or_none(capot) and points_team is None and trick_points is None
    return (
        points_team is not None
        and _team_or_none(points_team)
        and trick_points.__class__ is int
        and 0 <= trick_points <= TRICK_POINTS_TOTAL
    )


# --------------------------------------------------------------------------
# Scoring
# --------------------------------------------------------------------------


def _round(points: int, rounding: str) -> int:
    # FORMAT, rule `rounding`: nearest ten, 5 upward (scores are never negative).
    if rounding == Rounding.NEAREST_TEN:
        return (points + 5) // 10 * 10
    return points


def _pair(team: str, mine: int, theirs: int) -> Pair:
    return Pair(mine, theirs) if team == "A" else Pair(theirs, mine)


def _score_hand(
    rules: Rules, hand: HandInput, reserve: int
) -> tuple[Outcome, int, int, int, Pair | None, Pair | None, str | None, int, tuple[Any, ...]]:
    """Score one valid hand given the reserve before it (FORMAT, *Scoring one hand*).

    Returns (outcome, score A, score B, reserve after, tricks, hand totals,
    winner, reserve collected, breakdown figures: see
    ``HandResult.breakdown_figures``); each score is the sum of its team's
    parts. Straight-line code: it runs once per hand.
    """
    taker = hand.taker
    if taker is None:
        return Outcome.PASSED, 0, 0, reserve, None, None, None, 0, ()

    ann_a, ann_b = hand.announcements.a, hand.announcements.b
    belote = hand.belote
    bel_a = BELOTE_POINTS if belote == "A" else 0
    bel_b = BELOTE_POINTS if belote == "B" else 0
    defense = other_team(taker)
    tricks: Pair | None = None
    totals: Pair | None = None
    # The parts each team scores (before the reserve and rounding).
    tricks_a = tricks_b = scored_ann_a = scored_ann_b = penalty_a = penalty_b = 0
    reserve_in = forfeited = 0

    if hand.renonce is not None:
        if rules.renonce == RenonceRule.ANNUL:
            figures = (taker, 0, 0, *_NO_PARTS, *_NO_PARTS)
            return Outcome.ANNULLED, 0, 0, reserve, None, None, None, 0, figures
        # Penalty: the other team scores 162 + all announcements + its belote;
        # the revoking team keeps its belote only.
        outcome = Outcome.RENONCE
        winner = other_team(hand.renonce)
        if winner == "A":
            penalty_a, scored_ann_a = TRICK_POINTS_TOTAL, ann_a + ann_b
        else:
            penalty_b, scored_ann_b = TRICK_POINTS_TOTAL, ann_a + ann_b
    else:
        capot = hand.capot
        if capot is not None:
            tricks = _pair(capot, rules.capot_points, 0)
        else:
            tricks = _pair(
                hand.points_team, hand.trick_points, TRICK_POINTS_TOTAL - hand.trick_points
            )
        total_a = tricks.a + ann_a + bel_a
        total_b = tricks.b + ann_b + bel_b
        totals = Pair(total_a, total_b)
        taker_total, defense_total = (total_a, total_b) if taker == "A" else (total_b, total_a)

        if capot is not None:
            # A capot decides the outcome whatever the totals.
            outcome = Outcome.MADE if capot == taker else Outcome.DEDANS
        elif taker_total > defense_total:
            outcome = Outcome.MADE
        elif taker_total < defense_total:
            outcome = Outcome.DEDANS
        elif rules.litige == LitigeRule.FALL:
            outcome = Outcome.DEDANS
        else:
            outcome = Outcome.LITIGE

        if outcome is Outcome.MADE:
            # Each team scores its own total.
            winner = taker
            tricks_a, tricks_b, scored_ann_a, scored_ann_b = tricks.a, tricks.b, ann_a, ann_b
        elif outcome is Outcome.DEDANS:
            winner = defense
            base = rules.capot_points if capot == defense else TRICK_POINTS_TOTAL
            if defense == "A":
                tricks_a, scored_ann_a = base, ann_a + ann_b
            else:
                tricks_b, scored_ann_b = base, ann_a + ann_b
        else:  # litige: the defense scores its total, the taker its belote only
            winner = None
            if taker == "A":
                tricks_b, scored_ann_b = tricks.b, ann_b
                taker_points = tricks.a + ann_a
            else:
                tricks_a, scored_ann_a = tricks.a, ann_a
                taker_points = tricks.b + ann_b
            if rules.litige == LitigeRule.RESERVE:
                reserve_in = taker_points
                reserve += taker_points
            else:
                forfeited = taker_points

    score_a = tricks_a + scored_ann_a + bel_a + penalty_a
    score_b = tricks_b + scored_ann_b + bel_b + penalty_b
    collected = reserve_a = reserve_b = 0
    if winner is not None and reserve:
        collected = reserve
        reserve = 0
        if winner == "A":
            reserve_a = collected
            score_a += collected
        else:
            reserve_b = collected
            score_b += collected
    rounding_a = rounding_b = 0
    if rules.rounding == Rounding.NEAREST_TEN:
        rounding_a = _round(score_a, Rounding.NEAREST_TEN) - score_a
        rounding_b = _round(score_b, Rounding.NEAREST_TEN) - score_b
        score_a += rounding_a
        score_b += rounding_b
    figures = (
        taker,
        reserve_in,
        forfeited,
        tricks_a,
        scored_ann_a,
        bel_a,
        penalty_a,
        reserve_a,
        rounding_a,
        tricks_b,
        scored_ann_b,
        bel_b,
        penalty_b,
        reserve_b,
        rounding_b,
    )
    return outcome, score_a, score_b, reserve, tricks, totals, winner, collected, figures


_NO_PARTS = (0, 0, 0, 0, 0, 0)


def score_match(rules: Rules, hands: Sequence[HandInput], *, reserve: int = 0) -> MatchResult:
    """Score a whole match in one pass, linear in ``len(hands)``.

    Implements FORMAT, *Scoring one hand* and *End of match*: every hand's
    outcome, score, reserve and running totals, whether the match is finished
    and who won.

    ``reserve`` (points, 0 by default) is a reserve carried in from litiges
    scored elsewhere (the calculator's "réserve en jeu"): the match starts
    with it, as if earlier hands had put it aside, and the first decided hand
    collects it (FORMAT, *Reserve*). The totals start at 0 all the same.

    Raises :class:`MatchError` listing every problem: invalid rules, a
    ``reserve`` that is not an integer of 0 or more (field ``reserve``,
    code ``out_of_range`` or ``not_integer``), invalid hands (see
    :func:`check_hand`), and any hand after the end of the match. Never
    raises anything else.
    """
    problems = check_rules(rules) if isinstance(rules, Rules) else [_not_rules_problem()]
    if isinstance(reserve, bool) or not isinstance(reserve, int):
        problems.append(_problem(None, "reserve", "not_integer", "must be an integer"))
    elif reserve < 0:
        problems.append(_problem(None, "reserve", "out_of_range", "must be 0 or more", min=0))
    if problems:
        raise MatchError(problems)
    if isinstance(hands, str | bytes | Mapping) or not isinstance(hands, Sequence):
        raise MatchError([_problem(None, "hands", "not_list", "must be a list of hands")])

    target = rules.target
    win_needs_trick = rules.win_needs_trick
    results: list[HandResult] = []
    append = results.append
    total_a = total_b = 0
    finished = False
    winner: str | None = None
    no_trick_block = False
    valid = True

    for number, hand in enumerate(hands, start=1):
        if not isinstance(hand, HandInput):
            problems.append(_problem(number, "hand", "not_object", "must be a hand"))
            valid = False
            continue
        if not _plainly_valid(rules, hand):
            hand_problems = check_hand(rules, hand, number)
            if hand_problems:
                problems.extend(hand_problems)
                valid = False
                continue
        if finished:
            problems.append(
                _problem(
                    number,
                    "hand",
                    "after_end",
                    f"the match ended with hand {results[-1].number if results else 0}",
                )
            )
            continue
        if not valid:
            continue  # an earlier hand is invalid: keep checking, stop scoring

        (
            outcome,
            score_a,
            score_b,
            reserve,
            tricks,
            hand_totals,
            hand_winner,
            collected,
            figures,
        ) = _score_hand(rules, hand, reserve)
        total_a += score_a
        total_b += score_b
        ends = False
        if outcome is not Outcome.PASSED and outcome is not Outcome.ANNULLED:
            # FORMAT, *End of match* (a redeal or an annulled hand changes nothing).
            no_trick_block = False
            if (total_a >= target or total_b >= target) and total_a != total_b:
                leader = "A" if total_a > total_b else "B"
                capot = hand.capot
                if win_needs_trick and capot is not None and leader != capot:
                    no_trick_block = True  # the leader took no trick this hand
                else:
                    ends = finished = True
                    winner = leader
        append(
            HandResult(
                number,
                outcome,
                Pair(score_a, score_b),
                reserve,
                Pair(total_a, total_b),
                tricks,
                hand_totals,
                hand_winner,
                collected,
                ends,
                figures,
            )
        )

    if problems:
        raise MatchError(problems)
    decisive = not finished and total_a == total_b and total_a >= target
    return MatchResult(
        hands=tuple(results),
        totals=Pair(total_a, total_b),
        reserve=reserve,
        finished=finished,
        winner=winner,
        decisive_hand=decisive,
        no_trick_block=no_trick_block and not finished,
    )


def _not_rules_problem() -> Problem:
    return _problem(None, "rules", "not_object", "must be an object")


# --------------------------------------------------------------------------
# The match document (JSON exchange format)
# --------------------------------------------------------------------------

RULE_KEYS = tuple(rule.name for rule in fields(Rules))  # FORMAT, "Rules": one key a rule
HAND_KEYS = ("taker", "points", "capot", "belote", "announcements", "renonce")


def _parse_rules(raw: Any, out: list[Problem]) -> Rules | None:
    if not isinstance(raw, dict):
        out.append(_problem(None, "rules", "not_object", "must be an object"))
        return None
    for key in raw:
        if key not in RULE_KEYS:
            out.append(_problem(None, f"rules.{key}", "unknown_key", "is not a known rule"))
    values = {key: raw[key] for key in RULE_KEYS if key in raw}
    rules = Rules(**values)
    out.extend(check_rules(rules))
    return rules


def _parse_hand(raw: Any, number: int, out: list[Problem]) -> HandInput | None:
    n = number
    if not isinstance(raw, dict):
        out.append(_problem(n, "hand", "not_object", "must be an object"))
        return None
    ok = True
    for key in raw:
        if key not in HAND_KEYS:
            out.append(_problem(n, str(key) or '""', "unknown_key", "is not a known key of a hand"))
            ok = False
    if "taker" not in raw:
        out.append(_problem(n, "taker", "required", 'is required ("A", "B" or null)'))
        ok = False

    points_team = trick_points = None
    points = raw.get("points")
    if points is not None:
        if not isinstance(points, dict):
            out.append(_problem(n, "points", "not_object", 'must be an object like {"A": 82}'))
            ok = False
        else:
            for key in points:
                if key not in TEAMS:
                    out.append(_problem(n, f"points.{key}", "unknown_key", 'must be "A" or "B"'))
                    ok = False
            if ok and len(points) != 1:
                out.append(
                    _problem(
                        n,
                        "points",
                        "points_one_team",
                        "must give the trick points of exactly one team",
                    )
                )
                ok = False
            elif ok:
                ((points_team, trick_points),) = points.items()

    ann = raw.get("announcements")
    announcements = Pair()
    if ann is not None:
        if not isinstance(ann, dict):
            out.append(
                _problem(n, "announcements", "not_object", 'must be an object like {"A": 20}')
            )
            ok = False
        else:
            for key in ann:
                if key not in TEAMS:
                    out.append(
                        _problem(n, f"announcements.{key}", "unknown_key", 'must be "A" or "B"')
                    )
                    ok = False
            announcements = Pair(ann.get("A", 0), ann.get("B", 0))

    if not ok:
        return None
    return HandInput(
        taker=raw.get("taker"),
        points_team=points_team,
        trick_points=trick_points,
        capot=raw.get("capot"),
        belote=raw.get("belote"),
        announcements=announcements,
        renonce=raw.get("renonce"),
    )


def parse_match_document(document: Any) -> tuple[Rules, list[HandInput]]:
    """Turn a match document (parsed JSON) into ``(Rules, [HandInput, ...])``.

    Follows FORMAT, *Match document*: ``hands`` required (a list), ``rules``
    optional but not null, unknown keys inside rules / hands / points /
    announcements rejected, top-level extra keys ignored. Only the shape is
    checked here; :func:`score_match` checks the values.

    Raises :class:`MatchError` with every shape problem found.
    """
    out: list[Problem] = []
    if not isinstance(document, dict):
        raise MatchError([_problem(None, "document", "not_object", "must be a JSON object")])
    rules: Rules | None = Rules()
    if "rules" in document:
        rules = _parse_rules(document["rules"], out)
    hands_raw = document.get("hands")
    hands: list[HandInput] = []
    if "hands" not in document:
        out.append(_problem(None, "hands", "required", "is required (a list of hands)"))
    elif not isinstance(hands_raw, list):
        out.append(_problem(None, "hands", "not_list", "must be a list of hands"))
    else:
        for number, raw in enumerate(hands_raw, start=1):
            hand = _parse_hand(raw, number, out)
            if hand is not None:
                if rules is not None:
                    out.extend(check_hand(rules, hand, number))
                hands.append(hand)
    if out or rules is None:
        raise MatchError(out)
    return rules, hands


def match_document(rules: Rules, hands: Iterable[HandInput]) -> dict[str, Any]:
    """The match document (FORMAT, *Match document*) of ``rules`` and ``hands``.

    The inverse of :func:`parse_match_document` for valid input; every rule
    and every hand key is written out explicitly.
    """
    return {
        "rules": {
            "target": rules.target,
            "capot_points": rules.capot_points,
            "rounding": str(rules.rounding),
            "litige": str(rules.litige),
            "announcements": rules.announcements,
            "renonce": str(rules.renonce),
            "win_needs_trick": rules.win_needs_trick,
        },
        "hands": [
            {
                "taker": hand.taker,
                "points": (
                    {hand.points_team: hand.trick_points} if hand.points_team is not None else None
                ),
                "capot": hand.capot,
                "belote": hand.belote,
                "announcements": hand.announcements.as_dict(),
                "renonce": hand.renonce,
            }
            for hand in hands
        ],
    }


def result_document(result: MatchResult) -> dict[str, Any]:
    """The result document (FORMAT, *Result document*) of ``result``.

    Adds two keys to the required ones: ``decisive_hand`` at the top level and
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
            }
            for h in result.hands
        ],
        "totals": result.totals.as_dict(),
        "reserve": result.reserve,
        "finished": result.finished,
        "winner": result.winner,
        "decisive_hand": result.decisive_hand,
    }


def score_document(document: Any) -> dict[str, Any]:
    """Score a match document (parsed JSON) and return its result document.

    The contract of ``score_match`` the command (FORMAT, top): raises
    :class:`MatchError` listing every problem on any invalid input, and
    nothing else.
    """
    rules, hands = parse_match_document(document)
    return result_document(score_match(rules, hands))
