"""The scoring engine of belote, as Rebelote scores it.

Pure Python: no Django, no I/O. Everything here follows
``docs/match-document.md``, the project's copy of ``../shared/scoring/FORMAT.md``
(cited below as FORMAT, by section). Scores are always in points (integers);
teams are the strings ``"A"`` and ``"B"``. What every game shares (the
results, the problems, the one scoring loop) is the kernel's
(:mod:`scoresheets.scoring.kernel`); this module is belote's own: its
:class:`Rules` and :class:`HandInput`, their checks, the scoring of one hand
and the match document, gathered in :data:`ENGINE`.

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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any

from scoresheets.scoring import kernel
from scoresheets.scoring.kernel import (
    BELOTE_POINTS,
    TEAMS,
    TRICK_POINTS_TOTAL,
    CardNames,
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
    "ANNONCES",
    "CAPOT_CHOICES",
    "CLASSIQUE",
    "CONCOURS",
    "MAROCAINE",
    "HandInput",
    "LitigeRule",
    "RenonceRule",
    "Rules",
    "check_hand",
    "check_rules",
    "match_document",
    "parse_match_document",
    "score_document",
    "score_match",
]

GAME = "belote"
CAPOT_CHOICES = (252, 250)
ANNOUNCEMENT_UNITS = (20, 50, 100, 150, 200)


class LitigeRule(StrEnum):
    """FORMAT, rule ``litige``: what a tie does."""

    RESERVE = "reserve"
    LOST = "lost"
    FALL = "fall"


class RenonceRule(StrEnum):
    """FORMAT, rule ``renonce``: what a revoke does."""

    PENALTY = "penalty"
    ANNUL = "annul"


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
      match on that hand;
    - ``capot_takes_announcements``: when the taker makes capot, the team
      that was capot loses its announcements to it (its belote stays: it is
      never taken); false, each team keeps its own (FORMAT, rule
      ``capot_takes_announcements``).

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
    capot_takes_announcements: bool = False
    donnes: int | None = None


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
# Validation
# --------------------------------------------------------------------------


def check_rules(rules: Rules) -> list[Problem]:
    """Every problem with ``rules`` (FORMAT, *Match document*, rules table).

    Returns a list of :class:`Problem` (empty when valid); never raises.
    """
    out: list[Problem] = []
    check_target(out, rules.target)
    check_donnes(out, rules.donnes)
    check_choice(out, None, "rules.capot_points", rules.capot_points, CAPOT_CHOICES)
    check_choice(out, None, "rules.rounding", rules.rounding, tuple(Rounding))
    check_choice(out, None, "rules.litige", rules.litige, tuple(LitigeRule))
    check_choice(out, None, "rules.announcements", rules.announcements, (True, False))
    check_choice(out, None, "rules.renonce", rules.renonce, tuple(RenonceRule))
    check_choice(out, None, "rules.win_needs_trick", rules.win_needs_trick, (True, False))
    check_choice(
        out,
        None,
        "rules.capot_takes_announcements",
        rules.capot_takes_announcements,
        (True, False),
    )
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
    check_team(out, n, "taker", taker, nullable=True)
    check_team(out, n, "capot", hand.capot, nullable=True)
    check_team(out, n, "belote", hand.belote, nullable=True)
    check_team(out, n, "renonce", hand.renonce, nullable=True)
    has_announcements = check_announcements(out, rules.announcements, n, hand.announcements)
    has_points = check_points(out, n, hand.points_team, hand.trick_points)

    if taker is None:
        # A redeal: all four passed, nothing is scored (FORMAT, key `taker`).
        for name, value in (
            ("points", has_points or None),
            ("capot", hand.capot),
            ("belote", hand.belote),
            ("renonce", hand.renonce),
        ):
            if value is not None:
                out.append(problem(n, name, "not_on_redeal", "must be empty when nobody took"))
        if has_announcements:
            out.append(
                problem(n, "announcements", "not_on_redeal", "must be empty when nobody took")
            )
        return out

    if hand.renonce is not None:
        if has_points:
            out.append(problem(n, "points", "points_with_renonce", "must be empty with a renonce"))
        if hand.capot is not None:
            out.append(problem(n, "capot", "capot_with_renonce", "must be empty with a renonce"))
    elif hand.capot is not None:
        if has_points:
            out.append(
                problem(
                    n,
                    "points",
                    "points_with_capot",
                    "must be empty with a capot (the capot team has all the tricks)",
                )
            )
    elif not has_points:
        out.append(problem(n, "points", "required", "the trick points of one team are required"))
    return out


def plainly_valid(rules: Rules, hand: HandInput) -> bool:
    """A fast check that accepts exactly the hands :func:`check_hand` finds no
    problem with (a property test holds them equal); when it says no, the
    slow path lists the problems. Keeps ``score_match`` linear and cheap."""
    ann = hand.announcements
    if not plainly_valid_announcements(rules.announcements, ann):
        return False
    if not team_or_none(hand.belote):
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
            and not ann.a
            and not ann.b
        )
    if taker.__class__ is not str or taker not in TEAMS:
        return False
    if renonce is not None:
        return (
            team_or_none(renonce) and capot is None and points_team is None and trick_points is None
        )
    if capot is not None:
        return team_or_none(capot) and points_team is None and trick_points is None
    return plainly_valid_points(points_team, trick_points)


# --------------------------------------------------------------------------
# Scoring
# --------------------------------------------------------------------------


def score_hand(rules: Rules, hand: HandInput, reserve: int) -> HandScore:
    """Score one valid hand given the reserve before it (FORMAT, *Scoring one hand*).

    Returns its :class:`HandScore` (the breakdown figures in belote's layout:
    ``HandResult.breakdown_figures``); each score is the sum of its team's
    parts. Straight-line code (a redeal here, a renonce in
    :func:`_score_renonce`, a hand played out in :func:`_score_played`, both
    finished by :func:`_settle`): it runs once per hand.
    """
    taker = hand.taker
    if taker is None:
        return HandScore(Outcome.PASSED, _NOTHING, reserve)
    if hand.renonce is not None:
        return _score_renonce(rules, hand, taker, reserve)
    return _score_played(rules, hand, taker, reserve)


def _score_renonce(rules: Rules, hand: HandInput, taker: str, reserve: int) -> HandScore:
    """A hand with a renonce (FORMAT, *Scoring one hand*, **Renonce**), the
    reserve before it given (points).

    Under ``renonce: annul`` the hand is annulled: nobody scores, the reserve
    stays. Under ``penalty`` the other team scores 162 (its ``penalty``
    part) + every validated announcement of both teams + its belote, and
    wins the hand (it collects the reserve); the revoking team keeps its
    belote only. No tricks, no hand totals.
    """
    if rules.renonce == RenonceRule.ANNUL:
        figures = (taker, 0, 0, *_NO_PARTS, *_NO_PARTS)
        return HandScore(Outcome.ANNULLED, _NOTHING, reserve, figures=figures)
    ann_a, ann_b = hand.announcements.a, hand.announcements.b
    belote = hand.belote
    bel_a = BELOTE_POINTS if belote == "A" else 0
    bel_b = BELOTE_POINTS if belote == "B" else 0
    penalty_a = penalty_b = scored_ann_a = scored_ann_b = 0
    winner = other_team(hand.renonce)
    if winner == "A":
        penalty_a, scored_ann_a = TRICK_POINTS_TOTAL, ann_a + ann_b
    else:
        penalty_b, scored_ann_b = TRICK_POINTS_TOTAL, ann_a + ann_b
    return _settle(
        rules,
        Outcome.RENONCE,
        winner,
        reserve,
        taker,
        None,  # tricks
        None,  # totals
        0,  # reserve_in
        0,  # forfeited
        0,  # tricks_a
        scored_ann_a,
        bel_a,
        penalty_a,
        0,  # tricks_b
        scored_ann_b,
        bel_b,
        penalty_b,
    )


def _score_played(rules: Rules, hand: HandInput, taker: str, reserve: int) -> HandScore:
    """A hand played out, without a renonce (FORMAT, *Scoring one hand*), the
    reserve before it given (points).

    Each team's trick points (from ``points``, or ``capot_points`` for the
    capot team) and total (tricks + announcements + belote) decide the
    contract (:func:`_contract_outcome`); then each team's parts, by
    FORMAT's bullet: **Made**, each team its own total (a capot under
    ``capot_takes_announcements`` takes every announcement); **Dedans**, the
    defense 162 (or ``capot_points`` for its capot) + every announcement;
    **Litige**, the defense its own total, the taker's points put into the
    reserve (``litige: reserve``) or forfeited (``lost``). Belotes are
    always kept.
    """
    ann_a, ann_b = hand.announcements.a, hand.announcements.b
    belote = hand.belote
    bel_a = BELOTE_POINTS if belote == "A" else 0
    bel_b = BELOTE_POINTS if belote == "B" else 0
    defense = other_team(taker)
    # The parts each team scores (before the reserve and rounding).
    tricks_a = tricks_b = scored_ann_a = scored_ann_b = 0
    reserve_in = forfeited = 0

    capot = hand.capot
    tricks = _trick_points(rules, hand)
    total_a = tricks.a + ann_a + bel_a
    total_b = tricks.b + ann_b + bel_b
    totals = Pair(total_a, total_b)
    taker_total, defense_total = (total_a, total_b) if taker == "A" else (total_b, total_a)
    outcome = _contract_outcome(rules, taker, capot, taker_total, defense_total)

    if outcome is Outcome.MADE:
        # Each team scores its own total.
        winner = taker
        tricks_a, tricks_b, scored_ann_a, scored_ann_b = tricks.a, tricks.b, ann_a, ann_b
        if capot is not None and rules.capot_takes_announcements:
            # The team that was capot loses its announcements to the taker.
            scored_ann_a, scored_ann_b = (ann_a + ann_b, 0) if taker == "A" else (0, ann_a + ann_b)
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
    return _settle(
        rules,
        outcome,
        winner,
        reserve,
        taker,
        tricks,
        totals,
        reserve_in,
        forfeited,
        tricks_a,
        scored_ann_a,
        bel_a,
        0,  # penalty_a
        tricks_b,
        scored_ann_b,
        bel_b,
        0,  # penalty_b
    )


def _trick_points(rules: Rules, hand: HandInput) -> Pair:
    """Each team's trick points on a hand played out (FORMAT, *Scoring one
    hand*): from ``points`` (the other team has 162 minus them), or
    ``capot_points`` for the capot team and 0 for the other."""
    capot = hand.capot
    if capot is not None:
        return pair_of(capot, rules.capot_points, 0)
    return pair_of(hand.points_team, hand.trick_points, TRICK_POINTS_TOTAL - hand.trick_points)


def _contract_outcome(
    rules: Rules, taker: str, capot: str | None, taker_total: int, defense_total: int
) -> Outcome:
    """Whether the contract is made, dedans or a litige, from the taker's and
    the defense's totals (points) (FORMAT, *Scoring one hand*): a capot
    decides whatever the totals (the taker's made, the defense's dedans);
    otherwise the higher total wins, and equal totals are a litige, or a
    dedans under ``litige: fall``."""
    if capot is not None:
        # A capot decides the outcome whatever the totals.
        return Outcome.MADE if capot == taker else Outcome.DEDANS
    if taker_total > defense_total:
        return Outcome.MADE
    if taker_total < defense_total:
        return Outcome.DEDANS
    if rules.litige == LitigeRule.FALL:
        return Outcome.DEDANS
    return Outcome.LITIGE


def _settle(
    rules: Rules,
    outcome: Outcome,
    winner: str | None,
    reserve: int,
    taker: str,
    tricks: Pair | None,
    totals: Pair | None,
    reserve_in: int,
    forfeited: int,
    tricks_a: int,
    ann_a: int,
    bel_a: int,
    penalty_a: int,
    tricks_b: int,
    ann_b: int,
    bel_b: int,
    penalty_b: int,
) -> HandScore:
    """The :class:`HandScore` of a hand given its outcome, ``winner`` (or
    ``None``), the reserve after what this hand put in (points), its tricks
    and hand totals (or ``None``), the points it put into the reserve or
    forfeited, and each team's parts before the reserve and rounding
    (tricks, announcements, belote, penalty; points), in the breakdown
    figures' order. Positional: it runs once per hand (by keyword,
    score_hand took 5 % longer).

    FORMAT, *Scoring one hand*, **Reserve**: the winner collects the whole
    reserve (its ``reserve`` part); then **Rounding**: each team's score to
    the nearest ten under ``rounding: nearest_ten`` (its ``rounding`` part),
    the reserve kept unrounded.
    """
    score_a = tricks_a + ann_a + bel_a + penalty_a
    score_b = tricks_b + ann_b + bel_b + penalty_b
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
        rounding_a = round_points(score_a, Rounding.NEAREST_TEN) - score_a
        rounding_b = round_points(score_b, Rounding.NEAREST_TEN) - score_b
        score_a += rounding_a
        score_b += rounding_b
    figures = (
        taker,
        reserve_in,
        forfeited,
        tricks_a,
        ann_a,
        bel_a,
        penalty_a,
        reserve_a,
        rounding_a,
        tricks_b,
        ann_b,
        bel_b,
        penalty_b,
        reserve_b,
        rounding_b,
    )
    return HandScore(
        outcome, Pair(score_a, score_b), reserve, tricks, totals, winner, collected, figures
    )


_NO_PARTS = (0, 0, 0, 0, 0, 0)
_NOTHING = Pair(0, 0)  # a redeal's score, an annulled hand's


def blocks_win(rules: Rules, hand: HandInput, leader: str) -> bool:
    """FORMAT, rule ``win_needs_trick``: a team capot in this hand (it took
    no trick) cannot win the match on it, even ahead at the target."""
    return rules.win_needs_trick and hand.capot is not None and leader != hand.capot


def score_match(rules: Rules, hands: Sequence[HandInput], *, reserve: int = 0) -> MatchResult:
    """Score a whole belote match in one pass, linear in ``len(hands)``: the
    kernel's loop (:func:`scoresheets.scoring.kernel.score_match`) with this
    game's checks and :func:`score_hand`.

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
    return kernel.score_match(ENGINE, rules, hands, reserve=reserve)


# --------------------------------------------------------------------------
# The match document (JSON exchange format)
# --------------------------------------------------------------------------

RULE_KEYS = tuple(rule.name for rule in fields(Rules))  # FORMAT, "Rules": one key a rule
HAND_KEYS = ("taker", "points", "capot", "belote", "announcements", "renonce")


def _parse_rules(raw: Any, out: list[Problem]) -> Rules | None:
    values = rule_values_of(raw, out, RULE_KEYS)
    if values is None:
        return None
    rules = Rules(**values)
    out.extend(check_rules(rules))
    return rules


def _parse_hand(raw: Any, number: int, out: list[Problem]) -> HandInput | None:
    n = number
    if not isinstance(raw, dict):
        out.append(problem(n, "hand", "not_object", "must be an object"))
        return None
    ok = True
    for key in raw:
        if key not in HAND_KEYS:
            out.append(problem(n, str(key) or '""', "unknown_key", "is not a known key of a hand"))
            ok = False
    if "taker" not in raw:
        out.append(problem(n, "taker", "required", 'is required ("A", "B" or null)'))
        ok = False

    points_team = trick_points = None
    points = raw.get("points")
    if points is not None:
        if not isinstance(points, dict):
            out.append(problem(n, "points", "not_object", 'must be an object like {"A": 82}'))
            ok = False
        else:
            for key in points:
                if key not in TEAMS:
                    out.append(problem(n, f"points.{key}", "unknown_key", 'must be "A" or "B"'))
                    ok = False
            if ok and len(points) != 1:
                out.append(
                    problem(
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
                problem(n, "announcements", "not_object", 'must be an object like {"A": 20}')
            )
            ok = False
        else:
            for key in ann:
                if key not in TEAMS:
                    out.append(
                        problem(n, f"announcements.{key}", "unknown_key", 'must be "A" or "B"')
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
    return parse_document(
        document,
        rules_type=Rules,
        parse_rules=_parse_rules,
        parse_hand=_parse_hand,
        check_hand=check_hand,
    )


def match_document(rules: Rules, hands: Iterable[HandInput]) -> dict[str, Any]:
    """The match document (FORMAT, *Match document*) of ``rules`` and ``hands``.

    The inverse of :func:`parse_match_document` for valid input; every rule
    (in the order of :class:`Rules`) and every hand key is written out
    explicitly.
    """
    return {"rules": rule_values(rules), "hands": [hand_document(hand) for hand in hands]}


def hand_document(hand: HandInput) -> dict[str, Any]:
    """One hand of the match document (FORMAT, *Match document*), every key
    written out: the inverse of :func:`parse_hand` for a valid hand."""
    return {
        "taker": hand.taker,
        "points": ({hand.points_team: hand.trick_points} if hand.points_team is not None else None),
        "capot": hand.capot,
        "belote": hand.belote,
        "announcements": hand.announcements.as_dict(),
        "renonce": hand.renonce,
    }


def parse_rules(raw: Any) -> Rules:
    """The rules object of a match document as :class:`Rules` (a rule left
    out takes its default); raises :class:`MatchError` with every problem."""
    return parsed(_parse_rules, raw)


def parse_hand(raw: Any, number: int = 1) -> HandInput:
    """One hand of a match document (hand ``number``) as a :class:`HandInput`,
    its shape checked (:func:`check_hand` checks its values); raises
    :class:`MatchError` with every problem."""
    return parsed(_parse_hand, raw, number)


def score_document(document: Any) -> dict[str, Any]:
    """Score a match document (parsed JSON) and return its result document.

    The contract of ``score_match`` the command (FORMAT, top): raises
    :class:`MatchError` listing every problem on any invalid input, and
    nothing else.
    """
    rules, hands = parse_match_document(document)
    return result_document(score_match(rules, hands))


# --------------------------------------------------------------------------
# Presets (the new-match page's, the default first)
# --------------------------------------------------------------------------

CLASSIQUE = Preset(
    "classique",
    gettext_noop("Belote classique"),
    gettext_noop("1000 points, sans annonces, litige en réserve."),
    Rules(announcements=False),
)
ANNONCES = Preset(
    "annonces",
    gettext_noop("Avec annonces"),
    gettext_noop("1000 points, tierce, cinquante, cent et carrés."),
    Rules(announcements=True),
)
MAROCAINE = Preset(
    "marocaine",
    gettext_noop("Belote marocaine"),
    gettext_noop("Annonces et cartes espagnoles (suivis, 12, 11, 10…)."),
    Rules(announcements=True),
    CardNames.SPANISH,
)

# A concours night's partie (ASCEE 79: "4 parties de 12 donnes", "sans
# annonces sauf belote", ranked on total points): 12 donnes, no target.
CONCOURS = Preset(
    "concours",
    gettext_noop("Concours (12 donnes)"),
    gettext_noop("Partie de 12 donnes, sans annonces (la belote compte), litige en réserve."),
    Rules(announcements=False, donnes=12),
)


ENGINE = Engine(
    name=GAME,
    rules_type=Rules,
    hand_type=HandInput,
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
    presets=(CLASSIQUE, ANNONCES, MAROCAINE, CONCOURS),
    case_folders=("scoresheets/games/belote/cases", "../shared/scoring/cases"),
    # docs/concours.md 1.2: parties of 12 donnes ranked by points.
    concours=ConcoursFacts("points", donnes=12, donne_points=TRICK_POINTS_TOTAL),
    # A table's hands CSV: the team that revoked (a team, not worded).
    csv_columns=(CsvColumn("renonce", "announcements_b", lambda hand: csv_cell(hand.renonce)),),
)
"""Belote as the kernel and the registry (``scoresheets.scoring.engines``) see it."""
