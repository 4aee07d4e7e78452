"""The scoring engine of baloot, as Rebelote scores it (pure, no Django).

Everything here follows ``../shared/scoring/BALOOT.md`` (cited below as
BALOOT, by section; docs/baloot.md says what was built). One team **buys**
the hand (the ``buyer``) and names the contract: a **Sun** (no trump, 130
card points, everything counts double) or a **Hokm** (a trump, 162 card
points). The card points become small **game points** (26 in a Sun, 16 in a
Hokm); the buyer must take more than the other team (card points and
projects, on raw points) or it is **khasran** and the other team writes
everything. **Projects** (sira, fifty, hundred, four hundred) are scored by
one team only; the **baloot** (K + Q of trump) is always its team's 2. A
hand may be doubled (x2, x3, x4: the hand's winner then writes all of it)
or played at **gahwa**, whose winner wins the whole match. Everybody may
pass: a redeal.

The match ends by the game's own end (:func:`end_of_match`): a gahwa, a
team at the target, or both (rule ``both_over``); it is also where a doubled
Sun is checked against the totals before the hand (rule ``sun_double``).
No reserve, no rounding rule of FORMAT's. All of it is gathered in
:data:`ENGINE`.

Any invalid input raises :class:`~scoresheets.scoring.kernel.MatchError`
carrying every :class:`~scoresheets.scoring.kernel.Problem` found; no other
exception escapes from the public functions, whatever the input.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any

from scoresheets.scoring import kernel
from scoresheets.scoring.kernel import (
    TEAMS,
    ConcoursFacts,
    CsvColumn,
    Engine,
    HandScore,
    MatchEnd,
    MatchError,
    MatchResult,
    Outcome,
    Pair,
    Preset,
    Problem,
    check_choice,
    check_target,
    check_team,
    csv_cell,
    gettext_noop,
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
    "ENGINE",
    "KAMMELNA",
    "SAKKAH",
    "STRICT",
    "BalootHand",
    "BalootOutcome",
    "BalootRules",
    "BothOver",
    "Contract",
    "DoubledTie",
    "Doubling",
    "HokmFive",
    "Project",
    "SunDouble",
    "SunRounding",
    "Tie",
    "card_game_points",
    "check_hand",
    "check_rules",
    "end_of_match",
    "match_document",
    "multiplier",
    "parse_match_document",
    "score_document",
    "score_hand",
    "score_match",
]

GAME = "baloot"

SUN_CARD_POINTS = 130  # BALOOT, top: a Sun's card points, 10 for the last trick included
HOKM_CARD_POINTS = 162  # a Hokm's
SUN_GAME_POINTS = 26  # BALOOT, *Scoring one hand*, the values' table: cards
HOKM_GAME_POINTS = 16
SUN_KABOOT = 44  # all eight tricks
HOKM_KABOOT = 25
BALOOT_POINTS = 2  # the baloot's game points (Hokm only), never multiplied
BALOOT_RAW = 20  # its raw points, in the test under `baloot_in_test`
PROJECTS_MAX = 4  # BALOOT, *Hand*: at most 4 projects a team
SUN_DOUBLE_OVER = 100  # BALOOT, rule `sun_double`: the buyer's team > 100, the other <= 100


class SunRounding(StrEnum):
    """BALOOT, rule ``sun_rounding``: how a Sun's card points become game points."""

    TENS = "tens"
    DOUBLE_FIRST = "double_first"


class HokmFive(StrEnum):
    """BALOOT, rule ``hokm_five``: a Hokm pile ending in 5 rounds down or up."""

    DOWN = "down"
    UP = "up"


class Tie(StrEnum):
    """BALOOT, rule ``tie``: equal test totals, undoubled."""

    SPLIT = "split"
    BUYER_LOSES = "buyer_loses"


class DoubledTie(StrEnum):
    """BALOOT, rule ``doubled_tie``: equal test totals, doubled (gahwa included)."""

    BUYER_LOSES = "buyer_loses"
    BUYER_WINS = "buyer_wins"


class SunDouble(StrEnum):
    """BALOOT, rule ``sun_double``: when a Sun may be doubled."""

    OVER_100 = "over_100"
    ALWAYS = "always"


class BothOver(StrEnum):
    """BALOOT, rule ``both_over``: both teams reach the target on one hand."""

    BUYER = "buyer"
    HIGHER = "higher"


class Contract(StrEnum):
    """BALOOT, hand key ``contract``."""

    SUN = "sun"
    HOKM = "hokm"


class Doubling(StrEnum):
    """BALOOT, hand key ``doubling`` (``null``: undoubled)."""

    DOUBLE = "double"
    THREE = "three"
    FOUR = "four"
    GAHWA = "gahwa"


class Project(StrEnum):
    """BALOOT, hand key ``projects``: a validated project, by name."""

    SIRA = "sira"
    FIFTY = "fifty"
    HUNDRED = "hundred"
    FOUR_HUNDRED = "four_hundred"


class BalootOutcome(StrEnum):
    """What a baloot hand came to (BALOOT, *Result*): ``made`` and
    ``passed`` are the kernel's :class:`Outcome`; ``khasran`` (خسران, "lost":
    the buyer failed) is baloot's own."""

    KHASRAN = "khasran"


DOUBLINGS: tuple[str, ...] = tuple(Doubling)
PROJECTS: tuple[str, ...] = tuple(Project)
# The multiplier m of each doubling (BALOOT, hand key `doubling`); a gahwa
# ends the match instead (BALOOT, *Scoring one hand*, 6).
MULTIPLIERS = {None: 1, Doubling.DOUBLE: 2, Doubling.THREE: 3, Doubling.FOUR: 4}
# BALOOT, the values' table: each project's raw points (the test) and its
# game points in a Sun and in a Hokm (a four hundred is Sun only).
PROJECT_RAW = {"sira": 20, "fifty": 50, "hundred": 100, "four_hundred": 200}
PROJECT_SUN = {"sira": 4, "fifty": 10, "hundred": 20, "four_hundred": 40}
PROJECT_HOKM = {"sira": 2, "fifty": 5, "hundred": 10, "four_hundred": 0}


# --------------------------------------------------------------------------
# Inputs
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BalootRules:
    """The table's rules (BALOOT, *Rules*), each with its default (the
    Kammelna app's, benchmarked on its rounds):

    - ``target``: the points (int > 0) a team must reach to win, 152;
    - ``sun_rounding``: :class:`SunRounding`; ``hokm_five``: :class:`HokmFive`;
    - ``tie``: :class:`Tie`; ``doubled_tie``: :class:`DoubledTie`;
    - ``baloot_in_test``: whether the baloot's 20 counts in the test;
    - ``kaboot_doubles``: whether a doubled kaboot is multiplied;
    - ``sun_double``: :class:`SunDouble`; ``both_over``: :class:`BothOver`.

    :attr:`donnes` is ``None``: a baloot match always goes to its target.
    Construction does not validate; :func:`check_rules` lists the problems.
    """

    target: int = 152
    sun_rounding: str = SunRounding.TENS
    hokm_five: str = HokmFive.DOWN
    tie: str = Tie.SPLIT
    doubled_tie: str = DoubledTie.BUYER_LOSES
    baloot_in_test: bool = False
    kaboot_doubles: bool = True
    sun_double: str = SunDouble.OVER_100
    both_over: str = BothOver.BUYER

    @property
    def donnes(self) -> int | None:
        """The kernel's rule ``donnes`` (``GameRules``): never, a baloot
        match goes to its target (BALOOT, *End of match*)."""
        return None


@dataclass(frozen=True, slots=True)
class BalootHand:
    """One hand as entered (BALOOT, *Hand*), each value as the document gave it
    (:func:`check_hand` says what is wrong with it):

    - ``buyer``: the buying team, or ``None`` for a redeal (everybody passed);
    - ``contract``: ``"sun"`` or ``"hokm"`` (:class:`Contract`);
    - ``points_team`` / ``card_points``: the card points of ONE team (0-130
      in a Sun, 0-162 in a Hokm; the other team has the rest), both
      ``None`` with a kaboot;
    - ``kaboot``: the team that took all eight tricks, or ``None``;
    - ``projects``: each team's validated projects (a :class:`Pair` of
      tuples of names, :class:`Project`; one team's at most);
    - ``baloot``: the team that held K + Q of trump (Hokm only), or ``None``;
    - ``doubling``: ``None`` or a :class:`Doubling`;
    - ``ashkal``: a Sun bought for the partner (for the record), ``True``,
      ``False`` or ``None``.

    :attr:`taker` is the buyer (the kernel's ``GameHand``).
    """

    buyer: Any
    contract: Any = None
    points_team: Any = None
    card_points: Any = None
    kaboot: Any = None
    projects: Pair = field(default_factory=lambda: Pair((), ()))
    baloot: Any = None
    doubling: Any = None
    ashkal: Any = False

    @property
    def taker(self) -> Any:
        """The buying team (the kernel's ``GameHand.taker``), ``None`` for a redeal."""
        return self.buyer

    @property
    def trick_points(self) -> Any:
        """``card_points`` by the name the shared columns of a table's hands
        CSV read (a belote table's trick points)."""
        return self.card_points


# --------------------------------------------------------------------------
# Checks (BALOOT, *Errors*)
# --------------------------------------------------------------------------

NOT_ON_REDEAL = "must be empty when everybody passed (a redeal)"
DOUBLING_CHOICES = (None, *DOUBLINGS)
SUN_DOUBLE_MESSAGE = (
    "a Sun may be doubled only when the buyer's team has more than 100 and the other 100 or less"
)


def check_rules(rules: BalootRules) -> list[Problem]:
    """Every problem with ``rules`` (BALOOT, *Rules*): ``target`` an integer
    > 0, every other rule among its values (code ``invalid_choice``).
    Returns a list of :class:`Problem`; never raises."""
    out: list[Problem] = []
    check_target(out, rules.target)
    check_choice(out, None, "rules.sun_rounding", rules.sun_rounding, tuple(SunRounding))
    check_choice(out, None, "rules.hokm_five", rules.hokm_five, tuple(HokmFive))
    check_choice(out, None, "rules.tie", rules.tie, tuple(Tie))
    check_choice(out, None, "rules.doubled_tie", rules.doubled_tie, tuple(DoubledTie))
    check_choice(out, None, "rules.baloot_in_test", rules.baloot_in_test, (True, False))
    check_choice(out, None, "rules.kaboot_doubles", rules.kaboot_doubles, (True, False))
    check_choice(out, None, "rules.sun_double", rules.sun_double, tuple(SunDouble))
    check_choice(out, None, "rules.both_over", rules.both_over, tuple(BothOver))
    return out


def _has_projects(projects: Any, team: str) -> bool:
    return isinstance(projects, Pair) and len(projects[team]) > 0


def _check_redeal(out: list[Problem], n: int, hand: BalootHand) -> None:
    """A redeal (``buyer`` null): every other key absent or null, ``projects``
    empty lists at most, ``ashkal`` false at most (code ``not_on_redeal``)."""
    given = {
        "contract": hand.contract is not None,
        "points": hand.points_team is not None or hand.card_points is not None,
        "kaboot": hand.kaboot is not None,
        "projects": any(_has_projects(hand.projects, team) for team in TEAMS),
        "baloot": hand.baloot is not None,
        "doubling": hand.doubling is not None,
        "ashkal": hand.ashkal is not None and hand.ashkal is not False,
    }
    for name, present in given.items():
        if present:
            out.append(problem(n, name, "not_on_redeal", NOT_ON_REDEAL))


def _check_points(out: list[Problem], n: int, hand: BalootHand, total: int) -> None:
    """The card points: required without a kaboot, empty with one; one team's,
    an integer from 0 to the contract's ``total``."""
    has_points = hand.points_team is not None or hand.card_points is not None
    if hand.kaboot is not None:
        if has_points:
            out.append(problem(n, "points", "points_with_kaboot", "must be empty with a kaboot"))
        return
    if not has_points:
        out.append(problem(n, "points", "required", "the card points of one team are required"))
        return
    check_team(out, n, "points", hand.points_team, nullable=False)
    points = hand.card_points
    if points is None:
        out.append(problem(n, "points", "required", "the card points are required"))
    elif not is_int(points):
        out.append(problem(n, "points", "not_integer", "must be an integer"))
    elif not 0 <= points <= total:
        out.append(
            problem(n, "points", "out_of_range", f"must be between 0 and {total}", min=0, max=total)
        )


def _check_projects(out: list[Problem], n: int, projects: Pair, hokm: bool) -> None:
    """Each team's projects: known names, at most 4, one four hundred at most
    and none in a Hokm; one team's list at most."""
    for team in TEAMS:
        names = projects[team]
        name = f"projects.{team}"
        if not all(isinstance(p, str) and p in PROJECTS for p in names):
            shown = ", ".join(f"'{p}'" for p in PROJECTS)
            out.append(
                problem(n, name, "invalid_choice", f"must hold only {shown}", choices=PROJECTS)
            )
        if len(names) > PROJECTS_MAX:
            message = f"at most {PROJECTS_MAX} projects for a team"
            out.append(problem(n, name, "too_many_projects", message, max=PROJECTS_MAX))
        four_hundreds = sum(1 for p in names if p == Project.FOUR_HUNDRED)
        if four_hundreds > 1:
            out.append(problem(n, name, "four_hundred_twice", "at most one four_hundred"))
        if four_hundreds and hokm:
            message = "four aces are a hundred in a Hokm: four_hundred is Sun only"
            out.append(problem(n, name, "four_hundred_in_hokm", message))
    if projects.a and projects.b:
        message = "only the team with the best project scores projects"
        out.append(problem(n, "projects", "projects_both_teams", message))


def check_hand(rules: BalootRules, hand: BalootHand, number: int) -> list[Problem]:
    """Every problem with ``hand``, the hand ``number`` (1-based) of a match
    (BALOOT, *Hand* and *Errors*), in this order: a redeal's keys; else the
    buyer, the contract, the kaboot, the card points (required without a
    kaboot, within the contract's), the projects (names, how many, the four
    hundred, one team only), the baloot (Hokm only), the doubling (a Sun
    only doubled) and the ashkal (Sun only). ``rules`` is assumed valid;
    whether a doubled Sun is allowed depends on the totals
    (:func:`end_of_match`). Never raises."""
    out: list[Problem] = []
    n = number
    if hand.buyer is None:
        _check_redeal(out, n, hand)
        return out
    check_team(out, n, "buyer", hand.buyer, nullable=False)
    contract = hand.contract
    if contract is None:
        out.append(problem(n, "contract", "required", 'is required with a buyer ("sun" or "hokm")'))
    else:
        check_choice(out, n, "contract", contract, tuple(Contract))
    sun, hokm = contract == Contract.SUN, contract == Contract.HOKM
    check_team(out, n, "kaboot", hand.kaboot, nullable=True)
    _check_points(out, n, hand, SUN_CARD_POINTS if sun else HOKM_CARD_POINTS)
    _check_projects(out, n, hand.projects, hokm)
    check_team(out, n, "baloot", hand.baloot, nullable=True)
    if sun and hand.baloot in TEAMS:
        out.append(problem(n, "baloot", "baloot_in_sun", "must be empty in a Sun (no trump)"))
    doubling = hand.doubling
    if doubling is not None and not (isinstance(doubling, str) and doubling in DOUBLINGS):
        message = "must be null or one of 'double', 'three', 'four', 'gahwa'"
        out.append(problem(n, "doubling", "invalid_choice", message, choices=DOUBLING_CHOICES))
    elif sun and doubling is not None and doubling != Doubling.DOUBLE:
        out.append(problem(n, "doubling", "sun_doubling", "a Sun may only be doubled"))
    ashkal = hand.ashkal
    if ashkal is not None and not isinstance(ashkal, bool):
        message = "must be true, false or null"
        out.append(problem(n, "ashkal", "invalid_choice", message, choices=(True, False, None)))
    elif ashkal is True and hokm:
        out.append(problem(n, "ashkal", "ashkal_on_hokm", "is a Sun bought for the partner"))
    return out


def plainly_valid(rules: BalootRules, hand: BalootHand) -> bool:
    """True exactly when :func:`check_hand` finds nothing (the slow path says why)."""
    return not check_hand(rules, hand, 1)


# --------------------------------------------------------------------------
# Scoring (BALOOT, *Scoring one hand*)
# --------------------------------------------------------------------------


def multiplier(hand: BalootHand) -> int:
    """The hand's m: 1 undoubled, 2, 3 or 4 (a gahwa: 1, it is settled by
    :func:`end_of_match`)."""
    return MULTIPLIERS.get(hand.doubling, 1)


def _sun_points(rules: BalootRules, points: int) -> int:
    """BALOOT, *Scoring*, 1: a Sun pile's game points (``tens``: 67 -> 14,
    65 -> 13, 63 -> 12; ``double_first``: 67 -> 13, 63 -> 13)."""
    if rules.sun_rounding == SunRounding.DOUBLE_FIRST:
        return (2 * points + 5) // 10
    units = points % 10
    return 2 * (points // 10) + (0 if units <= 4 else 1 if units == 5 else 2)


def card_game_points(rules: BalootRules, contract: str, cards: Pair) -> Pair:
    """BALOOT, *Scoring one hand*, 1: each team's card game points from its
    card points ``cards`` (no kaboot), summing to 26 in a Sun, 16 in a Hokm.
    A Sun converts each pile (:func:`_sun_points`); a Hokm converts only
    the smaller pile (A's at 81/81), 5 down (or up under ``hokm_five:
    up``), and gives the other 16 minus that."""
    if contract == Contract.SUN:
        return Pair(_sun_points(rules, cards.a), _sun_points(rules, cards.b))
    smaller = "A" if cards.a <= cards.b else "B"
    points = cards[smaller]
    rounds_up_from = 5 if rules.hokm_five == HokmFive.UP else 6
    mine = points // 10 + (1 if points % 10 >= rounds_up_from else 0)
    return pair_of(smaller, mine, HOKM_GAME_POINTS - mine)


def _projects_points(hand: BalootHand, table: dict[str, int]) -> Pair:
    """Each team's projects summed with ``table`` (raw, Sun or Hokm values)."""
    return Pair(sum(table[p] for p in hand.projects.a), sum(table[p] for p in hand.projects.b))


def _passed() -> HandScore:
    zero = {"A": 0, "B": 0}
    extras = {"cards": zero, "projects": dict(zero), "baloot": dict(zero)}
    return HandScore(Outcome.PASSED, Pair(), 0, extras=extras)


def score_hand(rules: BalootRules, hand: BalootHand, reserve: int) -> HandScore:
    """One valid hand's score (game points; ``reserve`` is always 0 here).

    BALOOT, *Scoring one hand*: the card game points (1); made or khasran on
    the raw test, card points + raw projects (+ 20 for a baloot under
    ``baloot_in_test``), a kaboot deciding by itself, equal sides by
    ``tie`` or ``doubled_tie`` (2); undoubled, made: each team its own
    cards and projects, khasran: the other team all the cards and every
    project (3); doubled x m: the hand's winner (cards of both + projects of
    both) x m, the other 0 (4); the baloot's 2 to its team always (5). A
    gahwa (6) is named won by the same test and scored 0 here: its score is
    the totals' (:func:`end_of_match` settles it).

    Returns its :class:`HandScore`: outcome ``made``, ``khasran``
    (:class:`BalootOutcome`) or ``passed``; ``tricks`` each team's card
    points (a kaboot: all of them to its team); ``hand_totals`` each
    team's test; ``winner`` the hand's winner (the buyer if made); the
    breakdown in coinche's layout (the buyer as taker; each team's
    ``tricks`` its card game points, ``announcements`` its projects',
    ``belote`` its baloot, ``multiplied`` what m added; the multiplier m);
    ``extras`` the ``cards``, ``projects`` and ``baloot`` each team writes
    (BALOOT, *Result*).
    """
    buyer = hand.buyer
    if buyer is None:
        return _passed()
    other = other_team(buyer)
    sun = hand.contract == Contract.SUN
    kaboot = hand.kaboot
    if kaboot is not None:
        full = SUN_CARD_POINTS if sun else HOKM_CARD_POINTS
        cards = pair_of(kaboot, full, 0)
        game = pair_of(kaboot, SUN_KABOOT if sun else HOKM_KABOOT, 0)
    else:
        total = SUN_CARD_POINTS if sun else HOKM_CARD_POINTS
        cards = pair_of(hand.points_team, hand.card_points, total - hand.card_points)
        game = card_game_points(rules, hand.contract, cards)
    projects = _projects_points(hand, PROJECT_SUN if sun else PROJECT_HOKM)
    raw = _projects_points(hand, PROJECT_RAW)
    in_test = (
        pair_of(hand.baloot, BALOOT_RAW, 0) if rules.baloot_in_test and hand.baloot else Pair()
    )
    test = Pair(cards.a + raw.a + in_test.a, cards.b + raw.b + in_test.b)
    doubled = hand.doubling is not None
    if kaboot is not None:
        made = kaboot == buyer
    elif test[buyer] != test[other]:
        made = test[buyer] > test[other]
    elif doubled:
        made = rules.doubled_tie == DoubledTie.BUYER_WINS
    else:
        made = rules.tie == Tie.SPLIT
    winner = buyer if made else other
    outcome = Outcome.MADE if made else BalootOutcome.KHASRAN
    baloot = pair_of(hand.baloot, BALOOT_POINTS, 0) if hand.baloot is not None else Pair()
    if hand.doubling == Doubling.GAHWA:
        # BALOOT, *Scoring*, 6: what the winner writes is the totals' (end_of_match).
        return _scored(outcome, winner, buyer, cards, test, Pair(), Pair(), Pair(), 1)
    m = multiplier(hand)
    if m == 1 or (kaboot is not None and not rules.kaboot_doubles):
        if made:
            return _scored(outcome, winner, buyer, cards, test, game, projects, baloot, 1)
        all_cards = SUN_GAME_POINTS if sun else HOKM_GAME_POINTS
        if kaboot is not None:
            all_cards = SUN_KABOOT if sun else HOKM_KABOOT
        written = pair_of(other, all_cards, 0)
        all_projects = pair_of(other, projects.a + projects.b, 0)
        return _scored(outcome, winner, buyer, cards, test, written, all_projects, baloot, 1)
    written = pair_of(winner, game.a + game.b, 0)
    all_projects = pair_of(winner, projects.a + projects.b, 0)
    return _scored(outcome, winner, buyer, cards, test, written, all_projects, baloot, m)


# The ScoreParts m multiplies (BALOOT, *Scoring*, 4): the cards and the projects.
_MULTIPLIED_PARTS = ("tricks", "announcements")


def _scored(
    outcome: str,
    winner: str,
    buyer: str,
    cards: Pair,
    test: Pair,
    written: Pair,
    projects: Pair,
    baloot: Pair,
    m: int,
) -> HandScore:
    """The :class:`HandScore` of a hand won by ``winner`` whose teams write
    ``written`` card game points and ``projects`` points, before the
    multiplier ``m``, and their ``baloot``; ``cards`` and ``test`` are the
    raw figures compared (points)."""
    multiplied = _MULTIPLIED_PARTS if m > 1 else ()
    figures = (
        buyer,
        0,  # reserve_in
        0,  # forfeited
        m,
        multiplied,
        *(written.a, projects.a, baloot.a, 0, 0, 0, 0, 0, (written.a + projects.a) * (m - 1)),
        *(written.b, projects.b, baloot.b, 0, 0, 0, 0, 0, (written.b + projects.b) * (m - 1)),
    )
    score = Pair((written.a + projects.a) * m + baloot.a, (written.b + projects.b) * m + baloot.b)
    extras = {
        "cards": {"A": written.a * m, "B": written.b * m},
        "projects": {"A": projects.a * m, "B": projects.b * m},
        "baloot": baloot.as_dict(),
    }
    return HandScore(outcome, score, 0, cards, test, winner, 0, figures, extras)


def _gahwa(rules: BalootRules, hand: BalootHand, scored: HandScore, before: Pair) -> HandScore:
    """BALOOT, *Scoring one hand*, 6: the gahwa's winner writes the target
    minus its total ``before`` the hand (points), all of it in ``cards``;
    the other 0, nothing else (no projects, no baloot). Never less than 0:
    a winner already past the target (both teams were, equal, under
    ``both_over: higher``) writes 0 and wins all the same."""
    winner = scored.winner
    written = pair_of(winner, max(0, rules.target - before[winner]), 0)
    zero = Pair()
    return _scored(
        scored.outcome,
        winner,
        hand.buyer,
        scored.tricks,
        scored.hand_totals,
        written,
        zero,
        zero,
        1,
    )


def blocks_win(rules: BalootRules, hand: BalootHand, leader: str) -> bool:
    """Nothing keeps a team from winning on a hand (baloot ends its matches
    itself: :func:`end_of_match`)."""
    return False


def end_of_match(
    rules: BalootRules, hand: BalootHand, scored: HandScore, before: Pair, after: Pair
) -> MatchEnd | None:
    """BALOOT, *End of match*, after the valid ``hand`` scored as ``scored``,
    the totals ``before`` and ``after`` it (points):

    - a Sun doubled under ``sun_double: over_100`` must come when the
      buyer's team had more than 100 and the other 100 or less, ``before``
      the hand: else raises :class:`MatchError` (field ``doubling``, code
      ``sun_double_under_100``; the kernel numbers it);
    - a gahwa: its winner wins the match, and writes what takes it to the
      target (``MatchEnd.settled``, :func:`_gahwa`);
    - no team at or past ``target``: ``None`` (the match goes on); one: it
      wins; both: the hand's winner (``both_over: buyer``), or the higher
      total (``higher``; equal: another hand, ``None``).
    """
    buyer = hand.buyer
    if buyer is None:
        return None
    if (
        hand.contract == Contract.SUN
        and hand.doubling == Doubling.DOUBLE
        and rules.sun_double == SunDouble.OVER_100
        and not (before[buyer] > SUN_DOUBLE_OVER >= before[other_team(buyer)])
    ):
        raise MatchError([problem(None, "doubling", "sun_double_under_100", SUN_DOUBLE_MESSAGE)])
    if hand.doubling == Doubling.GAHWA:
        return MatchEnd(scored.winner, _gahwa(rules, hand, scored, before))
    target = rules.target
    reached = [team for team in TEAMS if after[team] >= target]
    if len(reached) < 2:
        return MatchEnd(reached[0]) if reached else None
    if rules.both_over == BothOver.BUYER:
        return MatchEnd(scored.winner)
    if after.a == after.b:
        return None
    return MatchEnd("A" if after.a > after.b else "B")


def score_match(rules: BalootRules, hands: Sequence[BalootHand]) -> MatchResult:
    """Score a whole baloot match in one pass: the kernel's loop
    (:func:`scoresheets.scoring.kernel.score_match`) with this game's
    checks, :func:`score_hand` and :func:`end_of_match`. Raises
    :class:`MatchError` listing every problem (BALOOT, *Errors*). Never
    raises anything else."""
    return kernel.score_match(ENGINE, rules, hands)


# --------------------------------------------------------------------------
# The match document (BALOOT, *Hand*)
# --------------------------------------------------------------------------

RULE_KEYS: tuple[str, ...] = tuple(f.name for f in fields(BalootRules))
HAND_KEYS = (
    "buyer",
    "contract",
    "points",
    "kaboot",
    "projects",
    "baloot",
    "doubling",
    "ashkal",
)


def _parse_rules(raw: Any, out: list[Problem]) -> BalootRules | None:
    values = rule_values_of(raw, out, RULE_KEYS)
    if values is None:
        return None
    rules = BalootRules(**values)
    out.extend(check_rules(rules))
    return rules


def _team_keys(out: list[Problem], n: int, name: str, value: dict) -> bool:
    """Whether every key of ``value`` (a hand's ``points`` or ``projects``)
    is a team; a problem for each other one."""
    ok = True
    for key in value:
        if key not in TEAMS:
            out.append(problem(n, f"{name}.{key}", "unknown_key", 'must be "A" or "B"'))
            ok = False
    return ok


def _parse_projects(out: list[Problem], n: int, value: Any) -> Pair | None:
    """A hand's ``projects``: an object keyed by team, each a list of names
    or null (a team left out: none). ``None`` (and its problems) otherwise."""
    if value is None:
        return Pair((), ())
    if not isinstance(value, dict):
        message = 'must be an object like {"A": ["sira"], "B": []}'
        out.append(problem(n, "projects", "not_object", message))
        return None
    ok = _team_keys(out, n, "projects", value)
    lists = []
    for team in TEAMS:
        names = value.get(team)
        if names is None:
            lists.append(())
        elif not isinstance(names, list):
            out.append(problem(n, f"projects.{team}", "not_list", "must be a list of projects"))
            ok = False
        else:
            lists.append(tuple(names))
    return Pair(*lists) if ok else None


def _parse_hand(raw: Any, number: int, out: list[Problem]) -> BalootHand | None:
    n = number
    if not isinstance(raw, dict):
        out.append(problem(n, "hand", "not_object", "must be an object"))
        return None
    ok = True
    for key in raw:
        if key not in HAND_KEYS:
            out.append(problem(n, str(key) or '""', "unknown_key", "is not a known key of a hand"))
            ok = False
    if "buyer" not in raw:
        out.append(problem(n, "buyer", "required", 'is required ("A", "B" or null)'))
        ok = False
    points_team = card_points = None
    points = raw.get("points")
    if points is not None:
        if not isinstance(points, dict):
            out.append(problem(n, "points", "not_object", 'must be an object like {"A": 96}'))
            ok = False
        elif not _team_keys(out, n, "points", points):
            ok = False
        elif len(points) != 1:
            message = "must give the card points of exactly one team"
            out.append(problem(n, "points", "points_one_team", message))
            ok = False
        else:
            ((points_team, card_points),) = points.items()
    projects = _parse_projects(out, n, raw.get("projects"))
    if not ok or projects is None:
        return None
    return BalootHand(
        buyer=raw["buyer"],
        contract=raw.get("contract"),
        points_team=points_team,
        card_points=card_points,
        kaboot=raw.get("kaboot"),
        projects=projects,
        baloot=raw.get("baloot"),
        doubling=raw.get("doubling"),
        ashkal=raw.get("ashkal", False),
    )


def parse_match_document(document: Any) -> kernel.ParsedMatch:
    """A baloot match document (parsed JSON) as ``(BalootRules, [BalootHand,
    ...])`` (BALOOT, and FORMAT, *Match document*): ``"game": "baloot"``
    required; ``hands`` required (a list); ``rules`` optional but not null;
    unknown keys inside rules, a hand, its ``points`` or ``projects``
    rejected. Every hand is checked (:func:`check_hand`). Raises
    :class:`MatchError` with every problem found."""
    return parse_document(
        document,
        rules_type=BalootRules,
        parse_rules=_parse_rules,
        parse_hand=_parse_hand,
        check_hand=check_hand,
        game=GAME,
    )


def hand_document(hand: BalootHand) -> dict[str, Any]:
    """One hand of the baloot match document (BALOOT, *Hand*), every key
    written out: the inverse of :func:`parse_hand` for a valid hand."""
    return {
        "buyer": hand.buyer,
        "contract": plain(hand.contract),
        "points": {hand.points_team: hand.card_points} if hand.points_team is not None else None,
        "kaboot": hand.kaboot,
        "projects": {
            "A": [plain(p) for p in hand.projects.a],
            "B": [plain(p) for p in hand.projects.b],
        },
        "baloot": hand.baloot,
        "doubling": plain(hand.doubling),
        "ashkal": hand.ashkal,
    }


def match_document(rules: BalootRules, hands: Iterable[BalootHand]) -> dict[str, Any]:
    """The baloot match document of ``rules`` and ``hands``: ``game``, every
    rule and every hand key written out; the inverse of
    :func:`parse_match_document` for valid input."""
    return {
        "game": GAME,
        "rules": rule_values(rules),
        "hands": [hand_document(hand) for hand in hands],
    }


def parse_rules(raw: Any) -> BalootRules:
    """The rules object as :class:`BalootRules` (a rule left out takes its
    default); raises :class:`MatchError` with every problem."""
    return parsed(_parse_rules, raw)


def parse_hand(raw: Any, number: int = 1) -> BalootHand:
    """One hand (hand ``number``) as a :class:`BalootHand`, its shape checked
    (:func:`check_hand` checks its values); raises :class:`MatchError`."""
    return parsed(_parse_hand, raw, number)


def score_document(document: Any) -> dict[str, Any]:
    """Score a baloot match document (parsed JSON) and return its result
    document (BALOOT, *Result*: FORMAT's, ``reserve`` always 0, each hand
    with its ``cards``, ``projects`` and ``baloot``). Raises
    :class:`MatchError` listing every problem, and nothing else."""
    rules, hands = parse_match_document(document)
    return result_document(score_match(rules, hands))


# --------------------------------------------------------------------------
# Presets (BALOOT, *Rules*' sources; the new-match page's, the default first)
# --------------------------------------------------------------------------

# The Kammelna app's rules (tazjel/baloot-ai, checked on 1,095 of its rounds):
# every default of the contract.
KAMMELNA = Preset(
    "kammelna",
    gettext_noop("Règles de Kammelna"),
    gettext_noop(
        "152 points, comme l'application Kammelna : égalité partagée, l'acheteur perd une "
        "égalité doublée, le baloot compte à part, un Sun ne se double qu'au-delà de 100."
    ),
    BalootRules(),
)
# AbdullahZaher/sakkah-baloot: the first doubler loses a doubled tie, a
# doubled kaboot is not multiplied, both past the target: the higher total.
SAKKAH = Preset(
    "sakkah",
    gettext_noop("Règles de Sakkah"),
    gettext_noop(
        "152 points, comme l'application Sakkah : l'acheteur gagne une égalité doublée, "
        "un kaboot doublé ne se multiplie pas, les deux équipes au-delà : le plus haut total."
    ),
    BalootRules(doubled_tie=DoubledTie.BUYER_WINS, kaboot_doubles=False, both_over="higher"),
)
# vipbaloot: "the buyer must take more", read strictly: a tie is khasran.
STRICT = Preset(
    "baloot_strict",
    gettext_noop("L'acheteur doit faire plus"),
    gettext_noop("152 points ; à égalité, même sans doubler, l'acheteur est khasran."),
    BalootRules(tie=Tie.BUYER_LOSES),
)


def _doubling_cell(hand: BalootHand) -> str:
    return csv_cell(plain(hand.doubling))


ENGINE = Engine(
    name=GAME,
    rules_type=BalootRules,
    hand_type=BalootHand,
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
    presets=(KAMMELNA, SAKKAH, STRICT),
    case_folders=("scoresheets/games/baloot/cases", "../shared/scoring/baloot"),
    end_of_match=end_of_match,
    taker_key="buyer",
    # A baloot championship (issue 30) is a knockout of matches to 152, as
    # its national ones are played (docs/concours.md 7); a concours of
    # parties ranks on the matches won, each a match to the target (a
    # partie in donnes: the organiser's screen counts them). No donne has a
    # fixed size (16 or 26 game points, doubled, projects): no half bye.
    concours=ConcoursFacts("win_points", target=152),
    csv_columns=(
        CsvColumn("contract", "taker_team", lambda hand: csv_cell(plain(hand.contract)), True),
        CsvColumn("doubling", "taker_team", _doubling_cell, worded=True),
        CsvColumn("kaboot", "capot", lambda hand: csv_cell(hand.kaboot)),
        CsvColumn("baloot", "belote", lambda hand: csv_cell(hand.baloot)),
    ),
)
"""Baloot as the kernel and the registry see it."""
