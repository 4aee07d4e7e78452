"""The scoring engine: coinche (belote contrée) as Rebelote scores it.

Pure Python: no Django, no I/O. Everything here follows ``docs/coinche.md``,
the project's copy of ``../shared/scoring/COINCHE.md`` (cited below as
COINCHE, by section); what it does not say is as in ``docs/match-document.md``
(FORMAT). Scores are always in points (integers); teams are ``"A"`` and ``"B"``.

The main entry points mirror belote's (``scoresheets/games/belote/engine.py``):

- :func:`score_match` scores a whole match (:class:`CoincheRules` + a sequence
  of :class:`CoincheHand`) in one linear pass and returns the SAME
  :class:`~scoresheets.scoring.kernel.MatchResult` as belote (every
  ``reserve`` and ``collected`` is 0: coinche has no litige; outcomes are
  ``made``, ``dedans`` and ``passed``), so that whatever formats a belote
  result formats a coinche one; each hand's ``breakdown`` gives the parts of
  each team's score as at belote, with the contract's stake and what the
  coinche multiplied (``ScoreParts.base`` / ``bid`` / ``multiplied``,
  ``Breakdown.multiplier`` / ``multiplied_parts``).
- :func:`parse_match_document` / :func:`match_document`: the match document
  with ``"game": "coinche"`` and its inverse; :func:`score_document` scores one.
  :mod:`scoresheets.scoring.document` chooses between the two games.

The option values are the StrEnums below and the defaults are those of
:class:`CoincheRules`: forms and presets derive their choices from them.

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
    BELOTE_POINTS,
    TEAMS,
    TRICK_POINTS_TOTAL,
    ConcoursFacts,
    CsvColumn,
    Engine,
    HandScore,
    MatchResult,
    Outcome,
    Pair,
    Preset,
    Problem,
    Rounding,
    check_announcements,
    check_choice,
    check_donnes,
    check_points,
    check_target,
    check_team,
    csv_cell,
    gettext_noop,
    is_int,
    other_team,
    pair_of,
    parse_document,
    parsed,
    plainly_valid_announcements,
    plainly_valid_points,
    problem,
    result_document,
    round_points,
    rule_values,
    rule_values_of,
    team_or_none,
)

__all__ = [
    "BIDS",
    "CAPOT_BID_CHOICES",
    "COINCHE_CAPOT_CHOICES",
    "CONTRACT_BASE",
    "ENTRE_AMIS",
    "FEDERATION",
    "NUMERIC_BIDS",
    "BidWord",
    "CoincheHand",
    "CoincheLevel",
    "CoincheRules",
    "CoincheScore",
    "ContractSuit",
    "MadeScore",
    "multiplier",
]

# COINCHE, hand key `bid`: a multiple of 10 from 80 to 180, or a word.
NUMERIC_BIDS: tuple[int, ...] = tuple(range(80, 181, 10))
# COINCHE, rule `capot_points` (default first): trick points of an unbid capot.
COINCHE_CAPOT_CHOICES = (250, 252, 162)
# COINCHE, rule `capot_bid_points` (default first): the stake of a bid of capot.
CAPOT_BID_CHOICES = (500, 250)
# The "160" of (160 + bid): the card points a contract is worth, dix de der aside.
CONTRACT_BASE = 160


class BidWord(StrEnum):
    """COINCHE, hand key ``bid``: the bids that are words, not numbers."""

    CAPOT = "capot"
    GENERALE = "generale"  # the bidder alone takes all eight tricks


# Every bid, in the order a form offers them.
BIDS: tuple[int | str, ...] = (*NUMERIC_BIDS, *BidWord)


class ContractSuit(StrEnum):
    """COINCHE, hand key ``suit``: trump of the contract."""

    CLUBS = "clubs"
    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    SPADES = "spades"
    NO_TRUMP = "no_trump"  # sans-atout: no belote
    ALL_TRUMP = "all_trump"  # tout-atout


class CoincheLevel(StrEnum):
    """COINCHE, hand key ``coinche``: the defense doubled, the taker redoubled."""

    COINCHE = "coinche"  # x2
    SURCOINCHE = "surcoinche"  # x4


_MULTIPLIERS: dict[str | None, int] = {
    None: 1,
    CoincheLevel.COINCHE: 2,
    CoincheLevel.SURCOINCHE: 4,
}


def multiplier(coinche: str | None) -> int:
    """The multiplier m of a hand's ``coinche`` value: 1, 2 or 4 (COINCHE, *Hand*).

    Raises ``KeyError`` on any other value (validate with :func:`check_hand` first).
    """
    return _MULTIPLIERS[coinche]


class MadeScore(StrEnum):
    """COINCHE, rule ``made_score``: what a made contract without coinche scores."""

    POINTS_PLUS_BID = "points_plus_bid"  # the taker's points + the bid; the defense its points
    BID_ONLY = "bid_only"  # the bid alone (+ announcements); the defense nothing
    HUNDRED_SIXTY_PLUS_BID = "160_plus_bid"  # 160 + the bid; the defense nothing


class CoincheScore(StrEnum):
    """COINCHE, rule ``coinche_score``: what a coinche (x2) or surcoinche (x4) multiplies."""

    ALL = "all"  # (160 + bid) x m, the loser scores nothing (federation)
    TOTAL = "total"  # the made contract's whole score x m
    BID = "bid"  # the bid alone x m


# --------------------------------------------------------------------------
# Inputs
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CoincheRules:
    """The table's coinche rules, frozen with the match (COINCHE, *Rules*).

    - ``target``: points (int > 0) that end the match (COINCHE, *End of match*);
    - ``rounding``: :class:`~scoresheets.scoring.kernel.Rounding`, each team's
      hand score to the nearest ten (5 up), applied last;
    - ``made_score``: :class:`MadeScore`;
    - ``coinche_score``: :class:`CoincheScore`;
    - ``belote_counts``: the belote's 20 count toward making the bid;
    - ``announcements``: announcements are played at this table;
    - ``announcements_count``: validated announcements count toward the bid;
    - ``capot_points``: 250, 252 or 162, the tricks of a capot on a numeric bid;
    - ``capot_bid_points``: 500 or 250, the stake of a bid of capot (twice it
      for a générale).

    The defaults are the federation's. Construction does not validate:
    :func:`check_rules` lists the problems, :func:`score_match` raises them.
    """

    target: int = 2000
    rounding: str = Rounding.NEAREST_TEN
    made_score: str = MadeScore.POINTS_PLUS_BID
    coinche_score: str = CoincheScore.ALL
    belote_counts: bool = True
    announcements: bool = False
    announcements_count: bool = True
    capot_points: int = COINCHE_CAPOT_CHOICES[0]
    capot_bid_points: int = CAPOT_BID_CHOICES[0]
    donnes: int | None = None


@dataclass(frozen=True, slots=True)
class CoincheHand:
    """One coinche hand as entered (COINCHE, *Hand*).

    - ``taker``: the team that won the bidding, or ``None``: all passed, redeal;
    - ``bid``: an int of :data:`NUMERIC_BIDS` or a :class:`BidWord`;
    - ``suit``: a :class:`ContractSuit` or ``None`` (for the record, and no
      belote at ``no_trump``);
    - ``coinche``: ``None``, or a :class:`CoincheLevel`;
    - ``points_team`` / ``trick_points``: the trick points (0-162) of ONE
      team, the other has 162 minus that; ``None`` with a capot;
    - ``capot``: the team that took all eight tricks, or ``None``;
    - ``solo``: for a générale whose taker made the capot only: did the
      bidder take all eight tricks alone;
    - ``belote``: the team that announced belote-rebelote, or ``None``;
    - ``announcements``: validated announcement points per team (one team at
      most).

    Construction does not validate: :func:`check_hand` does.
    """

    taker: str | None
    bid: int | str | None = None
    suit: str | None = None
    coinche: str | None = None
    points_team: str | None = None
    trick_points: int | None = None
    capot: str | None = None
    solo: bool | None = None
    belote: str | None = None
    announcements: Pair = field(default_factory=Pair)


# --------------------------------------------------------------------------
# Validation
# --------------------------------------------------------------------------


def _is_numeric_bid(bid: Any) -> bool:
    return is_int(bid) and bid in NUMERIC_BIDS


def _is_word_bid(bid: Any) -> bool:
    return isinstance(bid, str) and bid in (BidWord.CAPOT, BidWord.GENERALE)


def check_rules(rules: CoincheRules) -> list[Problem]:
    """Every problem with ``rules`` (COINCHE, *Rules*).

    Returns a list of :class:`Problem` (empty when valid); never raises.
    """
    out: list[Problem] = []
    check_target(out, rules.target)
    check_donnes(out, rules.donnes)
    check_choice(out, None, "rules.rounding", rules.rounding, tuple(Rounding))
    check_choice(out, None, "rules.made_score", rules.made_score, tuple(MadeScore))
    check_choice(out, None, "rules.coinche_score", rules.coinche_score, tuple(CoincheScore))
    for name in ("belote_counts", "announcements", "announcements_count"):
        check_choice(out, None, f"rules.{name}", getattr(rules, name), (True, False))
    check_choice(out, None, "rules.capot_points", rules.capot_points, COINCHE_CAPOT_CHOICES)
    check_choice(out, None, "rules.capot_bid_points", rules.capot_bid_points, CAPOT_BID_CHOICES)
    return out


def check_hand(rules: CoincheRules, hand: CoincheHand, number: int) -> list[Problem]:
    """Every problem with ``hand``, the hand ``number`` (1-based) of a match.

    Implements the constraints of COINCHE, *Hand*: team values; a redeal has
    nothing else; a bid is required when someone took (80 to 180 by tens,
    ``"capot"`` or ``"generale"``); ``suit`` and ``coinche`` among their
    values; trick points 0-162 of one team, required for a numeric bid
    without capot and absent with a capot; ``solo`` required for a générale
    whose taker made the capot (``true`` / ``false``) and absent anywhere
    else; no belote at ``no_trump``; announcements as in FORMAT and only when
    the rules play them. ``rules`` is assumed valid. Never raises.
    """
    out: list[Problem] = []
    n = number
    taker = hand.taker
    check_team(out, n, "taker", taker, nullable=True)
    check_team(out, n, "capot", hand.capot, nullable=True)
    check_team(out, n, "belote", hand.belote, nullable=True)
    has_announcements = check_announcements(out, rules.announcements, n, hand.announcements)
    has_points = check_points(out, n, hand.points_team, hand.trick_points)

    if taker is None:
        _check_redeal(out, hand, n, has_points, has_announcements)
        return out

    numeric = _check_contract(out, hand, n)
    if hand.capot is not None:
        if has_points:
            out.append(
                problem(
                    n,
                    "points",
                    "points_with_capot",
                    "must be empty with a capot (the capot team has all the tricks)",
                )
            )
    elif numeric and not has_points:
        out.append(problem(n, "points", "required", "the trick points of one team are required"))
    _check_solo(out, hand, n, numeric)
    return out


def _check_redeal(
    out: list[Problem], hand: CoincheHand, n: int, has_points: bool, has_announcements: bool
) -> None:
    """COINCHE, *Hand*, key ``taker``: a redeal (all four passed) has nothing
    else, no bid, suit, coinche, points, capot, solo, belote or
    announcement. Appends to ``out`` a problem (code ``not_on_redeal``) for
    each key given, in that order (hand ``n``)."""
    for name, value in (
        ("bid", hand.bid),
        ("suit", hand.suit),
        ("coinche", hand.coinche),
        ("points", has_points or None),
        ("capot", hand.capot),
        ("solo", hand.solo),
        ("belote", hand.belote),
    ):
        if value is not None:
            out.append(problem(n, name, "not_on_redeal", "must be empty when nobody took"))
    if has_announcements:
        out.append(problem(n, "announcements", "not_on_redeal", "must be empty when nobody took"))


def _check_contract(out: list[Problem], hand: CoincheHand, n: int) -> bool:
    """The contract of a hand someone took (COINCHE, *Hand*): ``bid``
    required, 80 to 180 by tens, ``"capot"`` or ``"generale"``; ``suit`` and
    ``coinche`` among their values when given; no belote at ``no_trump``.
    Appends the problems to ``out`` in that order (hand ``n``); returns
    whether the bid is numeric."""
    bid = hand.bid
    numeric = _is_numeric_bid(bid)
    if bid is None:
        out.append(problem(n, "bid", "required", 'is required (80 to 180, "capot" or "generale")'))
    elif not numeric and not _is_word_bid(bid):
        out.append(
            problem(
                n,
                "bid",
                "invalid_choice",
                'must be a multiple of 10 from 80 to 180, "capot" or "generale"',
                choices=BIDS,
            )
        )
    if hand.suit is not None:
        check_choice(out, n, "suit", hand.suit, tuple(ContractSuit))
    if hand.coinche is not None:
        check_choice(out, n, "coinche", hand.coinche, tuple(CoincheLevel))
    if hand.belote is not None and hand.suit == ContractSuit.NO_TRUMP:
        out.append(problem(n, "belote", "belote_at_no_trump", "there is no belote at no trump"))
    return numeric


def _check_solo(out: list[Problem], hand: CoincheHand, n: int, numeric: bool) -> None:
    """COINCHE, *Hand*, key ``solo``: it belongs to a générale whose taker
    made the capot, and only there: required then (``true`` / ``false``),
    absent anywhere else (code ``solo_not_allowed``). Checked only when the
    bid is valid (``numeric``, or a word); appends the problem to ``out``
    (hand ``n``)."""
    bid = hand.bid
    if numeric or _is_word_bid(bid):
        if bid == BidWord.GENERALE and hand.capot is not None and hand.capot == hand.taker:
            if hand.solo is None:
                out.append(
                    problem(
                        n,
                        "solo",
                        "required",
                        "is required (true or false): did the bidder take all eight tricks alone",
                    )
                )
            else:
                check_choice(out, n, "solo", hand.solo, (True, False))
        elif hand.solo is not None:
            out.append(
                problem(
                    n,
                    "solo",
                    "solo_not_allowed",
                    "only for a générale whose taker made the capot",
                )
            )


_SUITS = frozenset(ContractSuit)
_COINCHES = frozenset(CoincheLevel)
_NUMERIC_BIDS = frozenset(NUMERIC_BIDS)
_WORD_BIDS = frozenset(BidWord)


def plainly_valid(rules: CoincheRules, hand: CoincheHand) -> bool:
    """A fast check that accepts exactly the hands :func:`check_hand` finds no
    problem with (a property test holds them equal); when it says no, the
    slow path lists the problems. Keeps ``score_match`` linear and cheap."""
    ann = hand.announcements
    if not plainly_valid_announcements(rules.announcements, ann):
        return False
    a, b = ann.a, ann.b
    taker, bid, suit, capot = hand.taker, hand.bid, hand.suit, hand.capot
    points_team, trick_points, solo, belote = (
        hand.points_team,
        hand.trick_points,
        hand.solo,
        hand.belote,
    )
    no_points = points_team is None and trick_points is None
    if taker is None:
        return (
            bid is None
            and suit is None
            and hand.coinche is None
            and no_points
            and capot is None
            and solo is None
            and belote is None
            and not a
            and not b
        )
    if taker.__class__ is not str or taker not in TEAMS:
        return False
    if not team_or_none(belote) or not team_or_none(capot):
        return False
    if suit is not None and not (isinstance(suit, str) and suit in _SUITS):
        return False
    if belote is not None and suit == ContractSuit.NO_TRUMP:
        return False
    coinche = hand.coinche
    if coinche is not None and not (isinstance(coinche, str) and coinche in _COINCHES):
        return False
    numeric = bid.__class__ is int and bid in _NUMERIC_BIDS
    if not numeric and not (isinstance(bid, str) and bid in _WORD_BIDS):
        return False
    if bid == BidWord.GENERALE and capot is not None and capot == taker:
        if solo.__class__ is not bool:
            return False
    elif solo is not None:
        return False
    if capot is not None or (no_points and not numeric):
        return no_points
    return plainly_valid_points(points_team, trick_points)


# --------------------------------------------------------------------------
# Scoring
# --------------------------------------------------------------------------


_NOTHING = Pair(0, 0)  # a redeal's score


def score_hand(rules: CoincheRules, hand: CoincheHand, reserve: int) -> HandScore:
    """Score one valid hand (COINCHE, *Scoring one hand*); ``reserve`` is
    always 0 (no litige at coinche) and given back unchanged.

    Returns its :class:`HandScore` (reserve collected: 0): tricks are tricks(X) when
    known; hand totals are check(X), the figures that decide a numeric bid
    (``None`` for a bid of capot or générale); the breakdown figures are those of
    ``HandResult.breakdown_figures`` (coinche layout), each score the sum of
    its team's parts.

    The winner (the taker if made, the defense if dedans) scores the contract;
    its parts, by section of COINCHE, *Scoring one hand*:

    - *Bid of capot or générale*: ``bid`` = S, multiplied; ``announcements``
      = ann(A) + ann(B);
    - *Failed (dedans)*: ``base`` = 160 and ``bid`` = V, both multiplied
      (only ``bid`` with ``coinche_score: "bid"``); every announcement;
    - *Made, coinched, all*: as a dedans, multiplier on both;
    - *Made, otherwise*: ``points_plus_bid``: its ``tricks`` and own
      ``announcements`` + ``bid``, all multiplied with ``total``, the bid
      alone with ``bid``; ``bid_only``: ``bid`` (multiplied when coinched) +
      every announcement; ``160_plus_bid``: ``base`` + ``bid`` (both
      multiplied with ``total``, the bid alone with ``bid``) + every
      announcement.

    The other team scores its belote, plus its own tricks and announcements
    when a ``points_plus_bid`` contract is made. The belote is a part of its
    own, never multiplied; ``rounding`` comes last, per team.

    Here: a redeal, tricks(X) and bel(X); a bid of capot or générale is
    scored by :func:`_score_capot_bid`, a numeric one by
    :func:`_score_numeric_bid` (made, otherwise: :func:`_score_made_otherwise`),
    each finished by :func:`_settle`.
    """
    taker = hand.taker
    if taker is None:
        return HandScore(Outcome.PASSED, _NOTHING, reserve)
    m = _MULTIPLIERS[hand.coinche]
    belote = hand.belote
    bel = Pair(
        BELOTE_POINTS if belote == "A" else 0,
        BELOTE_POINTS if belote == "B" else 0,
    )
    capot = hand.capot
    tricks: Pair | None
    if capot is not None:
        tricks = pair_of(capot, rules.capot_points, 0)
    elif hand.points_team is not None:
        tp = hand.trick_points
        tricks = pair_of(hand.points_team, tp, TRICK_POINTS_TOTAL - tp)
    else:
        tricks = None  # a bid of capot that failed, points not given
    if not is_int(hand.bid):
        return _score_capot_bid(rules, hand, taker, m, bel, tricks, reserve)
    return _score_numeric_bid(rules, hand, taker, m, bel, tricks, reserve)


def _score_capot_bid(
    rules: CoincheRules,
    hand: CoincheHand,
    taker: str,
    m: int,
    bel: Pair,
    tricks: Pair | None,
    reserve: int,
) -> HandScore:
    """COINCHE, *Scoring one hand*, *Bid of capot or générale*: the stake S
    (``capot_bid_points``, twice it for a générale), all or nothing. Made
    iff the taker made the capot (alone, ``solo``, for a générale); the
    winner's parts: ``bid`` = S, multiplied by m, and ``announcements`` =
    ann(A) + ann(B). ``m``, ``bel``, ``tricks`` (or ``None``) and
    ``reserve`` as :func:`score_hand` has them; returns the hand's score."""
    bid = hand.bid
    stake = rules.capot_bid_points * (2 if bid == BidWord.GENERALE else 1)
    made = hand.capot == taker and (bid != BidWord.GENERALE or hand.solo is True)
    winner = taker if made else other_team(taker)
    ann = hand.announcements
    return _settle(
        rules,
        taker,
        winner,
        m,
        bel,
        tricks,
        None,  # check
        0,  # w_tricks
        ann.a + ann.b,
        0,  # w_base
        stake,
        0,  # l_tricks
        0,  # l_ann
        _BID,
        stake,
        reserve,
    )


def _score_numeric_bid(
    rules: CoincheRules,
    hand: CoincheHand,
    taker: str,
    m: int,
    bel: Pair,
    tricks: Pair | None,
    reserve: int,
) -> HandScore:
    """A numeric bid V (COINCHE, *Scoring one hand*, *Numeric bid: is it
    made?*): check(X) = tricks(X) + bel(X) if ``belote_counts`` + ann(X) if
    ``announcements_count``; made iff check(T) >= V, and (no capot)
    check(T) > check(D): a tie fails; the defense's capot fails.

    The winner's parts under *Failed (dedans)* and *Made, coinched,
    "all"*: ``base`` = 160 and ``bid`` = V, both multiplied (only ``bid``
    with ``coinche_score: "bid"``), and every announcement; a contract
    *Made, otherwise*: :func:`_score_made_otherwise`. ``m``, ``bel``,
    ``tricks`` (known: points are required without capot) and ``reserve``
    as :func:`score_hand` has them; returns the hand's score."""
    # Numeric bid: is it made? (tricks is known: points are required without capot)
    assert tricks is not None
    bid = hand.bid
    capot = hand.capot
    defense = other_team(taker)
    ann = hand.announcements
    check = Pair(
        tricks.a
        + (bel.a if rules.belote_counts else 0)
        + (ann.a if rules.announcements_count else 0),
        tricks.b
        + (bel.b if rules.belote_counts else 0)
        + (ann.b if rules.announcements_count else 0),
    )
    if capot == taker:
        made = check[taker] >= bid
    elif capot == defense:
        made = False
    else:
        # No litige at coinche: a tie with the defense fails.
        made = check[taker] >= bid and check[taker] > check[defense]
    coinche_score = rules.coinche_score
    if made and not (m > 1 and coinche_score == CoincheScore.ALL):
        return _score_made_otherwise(rules, hand, taker, m, bel, tricks, check, reserve)
    # Failed (dedans), or Made, coinched, "all": (160 + V) x m, or
    # 160 + V x m for a dedans under "bid".
    winner = taker if made else defense
    if coinche_score == CoincheScore.BID:
        multiplied_parts, group = _BID, bid
    else:
        multiplied_parts, group = _BASE_BID, CONTRACT_BASE + bid
    return _settle(
        rules,
        taker,
        winner,
        m,
        bel,
        tricks,
        check,
        0,  # w_tricks
        ann.a + ann.b,
        CONTRACT_BASE,
        bid,
        0,  # l_tricks
        0,  # l_ann
        multiplied_parts,
        group,
        reserve,
    )


def _score_made_otherwise(
    rules: CoincheRules,
    hand: CoincheHand,
    taker: str,
    m: int,
    bel: Pair,
    tricks: Pair,
    check: Pair,
    reserve: int,
) -> HandScore:
    """A numeric bid V made, not coinched under ``coinche_score: "all"``
    (COINCHE, *Scoring one hand*, *Made, otherwise*): V' = V x m under
    ``"bid"``, k = m under ``"total"``. The taker's parts by ``made_score``:
    ``points_plus_bid``, its ``tricks`` and own ``announcements`` + ``bid``
    (the defense its own tricks and announcements); ``bid_only``, ``bid`` +
    every announcement; ``160_plus_bid``, ``base`` + ``bid`` + every
    announcement. ``m``, ``bel``, ``tricks``, ``check`` and ``reserve`` as
    :func:`_score_numeric_bid` has them; returns the hand's score."""
    bid = hand.bid
    ann = hand.announcements
    made_score = rules.made_score
    total = rules.coinche_score == CoincheScore.TOTAL
    w_tricks = w_ann = w_base = 0
    l_tricks = l_ann = 0
    if made_score == MadeScore.POINTS_PLUS_BID:
        defense = other_team(taker)
        w_tricks, w_ann = tricks[taker], ann[taker]
        l_tricks, l_ann = tricks[defense], ann[defense]
        if total:
            multiplied_parts, group = _TRICKS_ANNOUNCEMENTS_BID, w_tricks + w_ann + bid
        else:
            multiplied_parts, group = _BID, bid
    elif made_score == MadeScore.BID_ONLY:
        w_ann = ann.a + ann.b
        multiplied_parts, group = _BID, bid
    else:  # 160_plus_bid
        w_base, w_ann = CONTRACT_BASE, ann.a + ann.b
        if total:
            multiplied_parts, group = _BASE_BID, CONTRACT_BASE + bid
        else:
            multiplied_parts, group = _BID, bid
    return _settle(
        rules,
        taker,
        taker,
        m,
        bel,
        tricks,
        check,
        w_tricks,
        w_ann,
        w_base,
        bid,
        l_tricks,
        l_ann,
        multiplied_parts,
        group,
        reserve,
    )


def _settle(
    rules: CoincheRules,
    taker: str,
    winner: str,
    m: int,
    bel: Pair,
    tricks: Pair | None,
    check: Pair | None,
    w_tricks: int,
    w_ann: int,
    w_base: int,
    w_bid: int,
    l_tricks: int,
    l_ann: int,
    multiplied_parts: tuple[str, ...],
    group: int,
    reserve: int,
) -> HandScore:
    """The :class:`HandScore` of a hand (COINCHE, *Scoring one hand*), given
    the team that scores the contract (``winner``), the multiplier ``m``,
    each team's belote (``bel``), tricks(X) and check(X) (or ``None``), the
    winner's parts (``w_``) and the loser's (``l_``) before the multiplier
    (points), the names of the parts m multiplies and ``group``, their sum
    (points), and the reserve. Positional: it runs once per hand.

    m counts ``group`` m - 1 more times (the winner's ``multiplied`` part;
    none, and no ``multiplied_parts``, at m = 1); the belote is a part of
    its own, never multiplied; ``rounding`` comes last, per team. Lays out
    the breakdown figures (coinche layout); the reserve is given back
    unchanged and nothing is collected.
    """
    # `group`: the sum of the multiplied parts, which m counts m - 1 more times.
    if m == 1:
        multiplied_parts = ()
        w_multiplied = 0
    else:
        w_multiplied = group * (m - 1)
    loser = other_team(winner)
    w_raw = w_tricks + w_ann + w_base + w_bid + w_multiplied + bel[winner]
    l_raw = l_tricks + l_ann + bel[loser]
    w_rounding = l_rounding = 0
    if rules.rounding == Rounding.NEAREST_TEN:
        w_rounding = round_points(w_raw, Rounding.NEAREST_TEN) - w_raw
        l_rounding = round_points(l_raw, Rounding.NEAREST_TEN) - l_raw
    w_parts = (w_tricks, w_ann, bel[winner], 0, 0, w_rounding, w_base, w_bid, w_multiplied)
    l_parts = (l_tricks, l_ann, bel[loser], 0, 0, l_rounding, 0, 0, 0)
    score = pair_of(winner, w_raw + w_rounding, l_raw + l_rounding)
    parts_a, parts_b = (w_parts, l_parts) if winner == "A" else (l_parts, w_parts)
    figures = (taker, 0, 0, m, multiplied_parts, *parts_a, *parts_b)
    outcome = Outcome.MADE if winner == taker else Outcome.DEDANS
    return HandScore(outcome, score, reserve, tricks, check, winner, 0, figures)


# What the multiplier applies to (Breakdown.multiplied_parts), by case.
_BID = ("bid",)
_BASE_BID = ("base", "bid")
_TRICKS_ANNOUNCEMENTS_BID = ("tricks", "announcements", "bid")


def blocks_win(rules: CoincheRules, hand: CoincheHand, leader: str) -> bool:
    """COINCHE, *End of match*: FORMAT's without ``win_needs_trick``: a team
    ahead at the target always wins."""
    return False


def score_match(rules: CoincheRules, hands: Sequence[CoincheHand]) -> MatchResult:
    """Score a whole coinche match in one pass, linear in ``len(hands)``: the
    kernel's loop (:func:`scoresheets.scoring.kernel.score_match`) with this
    game's checks and :func:`score_hand`.

    Implements COINCHE, *Scoring one hand* and *End of match*. Returns a
    :class:`MatchResult` of :class:`HandResult` as belote does: ``reserve``
    and ``collected`` are always 0, ``tricks`` are tricks(X) (``None`` for a
    redeal, or a failed bid of capot given without points), ``hand_totals``
    the check(X) figures of a numeric bid (``None`` for a redeal or a bid of
    capot / générale), ``winner`` the taker if made, the defense if dedans,
    and ``breakdown`` each team's parts (the contract's ``base`` and ``bid``,
    what the coinche ``multiplied``, tricks, announcements, belote, rounding;
    see :func:`score_hand`), adding up to its score.

    Raises :class:`MatchError` listing every problem: invalid rules, invalid
    hands (see :func:`check_hand`), and any hand after the end of the match.
    Never raises anything else.
    """
    return kernel.score_match(ENGINE, rules, hands)


# --------------------------------------------------------------------------
# The match document (COINCHE, top: a FORMAT match document with "game": "coinche")
# --------------------------------------------------------------------------

GAME = "coinche"
RULE_KEYS: tuple[str, ...] = tuple(f.name for f in fields(CoincheRules))
HAND_KEYS = (
    "taker",
    "bid",
    "suit",
    "coinche",
    "points",
    "capot",
    "solo",
    "belote",
    "announcements",
)
# Keys of a belote document that a coinche one does not have (COINCHE, *Rules*).
BELOTE_ONLY_RULE_KEYS = ("litige", "renonce", "win_needs_trick")
BELOTE_ONLY_HAND_KEYS = ("renonce",)


def _parse_rules(raw: Any, out: list[Problem]) -> CoincheRules | None:
    elsewhere = dict.fromkeys(BELOTE_ONLY_RULE_KEYS, "is a rule of belote, not of coinche")
    values = rule_values_of(raw, out, RULE_KEYS, elsewhere)
    if values is None:
        return None
    rules = CoincheRules(**values)
    out.extend(check_rules(rules))
    return rules


def _parse_team_object(
    raw: Any, n: int, name: str, example: str, out: list[Problem]
) -> dict[str, Any] | None:
    """A hand's ``points`` or ``announcements``: an object keyed by team."""
    if not isinstance(raw, dict):
        out.append(problem(n, name, "not_object", f"must be an object like {example}"))
        return None
    ok = True
    for key in raw:
        if key not in TEAMS:
            out.append(problem(n, f"{name}.{key}", "unknown_key", 'must be "A" or "B"'))
            ok = False
    return raw if ok else None


def _parse_hand(raw: Any, number: int, out: list[Problem]) -> CoincheHand | None:
    n = number
    if not isinstance(raw, dict):
        out.append(problem(n, "hand", "not_object", "must be an object"))
        return None
    ok = True
    for key in raw:
        if key in BELOTE_ONLY_HAND_KEYS:
            out.append(problem(n, key, "unknown_key", "is a key of a belote hand, not of coinche"))
            ok = False
        elif key not in HAND_KEYS:
            out.append(problem(n, str(key) or '""', "unknown_key", "is not a known key of a hand"))
            ok = False
    if "taker" not in raw:
        out.append(problem(n, "taker", "required", 'is required ("A", "B" or null)'))
        ok = False

    points_team = trick_points = None
    if raw.get("points") is not None:
        points = _parse_team_object(raw["points"], n, "points", '{"A": 82}', out)
        if points is None:
            ok = False
        elif len(points) != 1:
            out.append(
                problem(
                    n, "points", "points_one_team", "must give the trick points of exactly one team"
                )
            )
            ok = False
        else:
            ((points_team, trick_points),) = points.items()

    announcements = Pair()
    if raw.get("announcements") is not None:
        ann = _parse_team_object(raw["announcements"], n, "announcements", '{"A": 20}', out)
        if ann is None:
            ok = False
        else:
            announcements = Pair(ann.get("A", 0), ann.get("B", 0))

    if not ok:
        return None
    return CoincheHand(
        taker=raw.get("taker"),
        bid=raw.get("bid"),
        suit=raw.get("suit"),
        coinche=raw.get("coinche"),
        points_team=points_team,
        trick_points=trick_points,
        capot=raw.get("capot"),
        solo=raw.get("solo"),
        belote=raw.get("belote"),
        announcements=announcements,
    )


def parse_match_document(document: Any) -> tuple[CoincheRules, list[CoincheHand]]:
    """Turn a coinche match document (parsed JSON) into ``(CoincheRules, [CoincheHand, ...])``.

    Follows COINCHE and FORMAT, *Match document*: ``"game": "coinche"``
    required here (:mod:`scoresheets.scoring.document` dispatches on it);
    ``hands`` required (a list); ``rules`` optional but not null; unknown keys
    inside rules / hands / points / announcements rejected (the belote keys
    ``litige``, ``renonce``, ``win_needs_trick`` included); other top-level
    keys ignored. Every hand is checked (:func:`check_hand`).

    Raises :class:`MatchError` with every problem found.
    """
    return parse_document(
        document,
        rules_type=CoincheRules,
        parse_rules=_parse_rules,
        parse_hand=_parse_hand,
        check_hand=check_hand,
        game=GAME,
    )


def match_document(rules: CoincheRules, hands: Iterable[CoincheHand]) -> dict[str, Any]:
    """The coinche match document (COINCHE) of ``rules`` and ``hands``.

    The inverse of :func:`parse_match_document` for valid input; ``game``,
    every rule (in the order of :class:`CoincheRules`) and every hand key are
    written out explicitly.
    """
    return {
        "game": GAME,
        "rules": rule_values(rules),
        "hands": [hand_document(hand) for hand in hands],
    }


def hand_document(hand: CoincheHand) -> dict[str, Any]:
    """One hand of the coinche match document (COINCHE, *Hand*), every key
    written out: the inverse of :func:`parse_hand` for a valid hand."""
    return {
        "taker": hand.taker,
        "bid": str(hand.bid) if isinstance(hand.bid, str) else hand.bid,
        "suit": None if hand.suit is None else str(hand.suit),
        "coinche": None if hand.coinche is None else str(hand.coinche),
        "points": ({hand.points_team: hand.trick_points} if hand.points_team is not None else None),
        "capot": hand.capot,
        "solo": hand.solo,
        "belote": hand.belote,
        "announcements": hand.announcements.as_dict(),
    }


def parse_rules(raw: Any) -> CoincheRules:
    """The rules object of a coinche match document as :class:`CoincheRules`
    (a rule left out takes its default); raises :class:`MatchError` with
    every problem."""
    return parsed(_parse_rules, raw)


def parse_hand(raw: Any, number: int = 1) -> CoincheHand:
    """One hand of a coinche match document (hand ``number``) as a
    :class:`CoincheHand`, its shape checked (:func:`check_hand` checks its
    values); raises :class:`MatchError` with every problem."""
    return parsed(_parse_hand, raw, number)


def score_document(document: Any) -> dict[str, Any]:
    """Score a coinche match document (parsed JSON); return its result document.

    The result document is belote's (FORMAT, *Result document*), every
    ``reserve`` 0. Raises :class:`MatchError` listing every problem on any
    invalid input, and nothing else.
    """
    rules, hands = parse_match_document(document)
    return result_document(score_match(rules, hands))


# --------------------------------------------------------------------------
# Presets (COINCHE, *Rules*; the new-match page's, the default first)
# --------------------------------------------------------------------------

# The federation's rules are the engine's defaults.
FEDERATION = Preset(
    "federation",
    gettext_noop("Fédération"),
    gettext_noop(
        "2000 points, points faits + contrat, coinche : (160 + contrat) × 2, sans annonces."
    ),
    CoincheRules(),
)
# How the scorer apps people use at home count (ScoreIt, Carg; the issue's
# "440 / 42" for 100 coinched and made with 120): the taker's points plus the
# bid, a coinche doubles that total, and the scores stay to the point (no
# rounding, or 42 would be 40). Friendly tables play announcements, and they
# count toward the bid as at the federation; the rest is the federation's.
ENTRE_AMIS = Preset(
    "entre_amis",
    gettext_noop("Entre amis"),
    gettext_noop(
        "2000 points, points faits + contrat, la coinche double le total, annonces, "
        "scores au point près."
    ),
    CoincheRules(
        made_score=MadeScore.POINTS_PLUS_BID,
        coinche_score=CoincheScore.TOTAL,
        announcements=True,
        rounding=Rounding.NONE,
    ),
)


ENGINE = Engine(
    name=GAME,
    rules_type=CoincheRules,
    hand_type=CoincheHand,
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
    presets=(FEDERATION, ENTRE_AMIS),
    bids=BIDS,
    case_folders=("scoresheets/games/coinche/cases", "../shared/scoring/coinche"),
    # docs/concours.md 1.2: parties to 2001 ranked by win points (no fixed donne).
    concours=ConcoursFacts("win_points", target=2001),
    # A table's hands CSV: the contract (after the taking team; the document's
    # codes, worded by the reader's language) and a générale's solo (1/0).
    csv_columns=(
        CsvColumn("bid", "taker_team", lambda hand: csv_cell(hand.bid), worded=True),
        CsvColumn("suit", "taker_team", lambda hand: csv_cell(hand.suit), worded=True),
        CsvColumn("coinche", "taker_team", lambda hand: csv_cell(hand.coinche), worded=True),
        CsvColumn("solo", "capot", lambda hand: csv_cell(hand.solo), worded=True),
    ),
)
"""Coinche as the kernel and the registry (``scoresheets.scoring.engines``) see it."""
