"""The fake game's engine (pure, no Django): its rules, its hand, their
checks, the scoring of one hand, its match document and its preset, as one
:class:`~scoresheets.scoring.kernel.Engine` (``ENGINE``).

A hand: the taking team, the trick points of one team (0-162, the other has
the rest), a capot, a belote (20, always kept), announcements when played.
The taker makes the hand with more than 81 points (its total, belote and
announcements included): each team scores its own; else the defense scores
162 and every announcement, the taker its belote only. A capot scores 250.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from typing import Any

from scoresheets.scoring.kernel import (
    BELOTE_POINTS,
    TEAMS,
    TRICK_POINTS_TOTAL,
    Engine,
    HandScore,
    Outcome,
    Pair,
    Preset,
    Problem,
    check_announcements,
    check_choice,
    check_donnes,
    check_points,
    check_target,
    check_team,
    gettext_noop,
    other_team,
    pair_of,
    parse_document,
    parsed,
    problem,
    rule_values,
    rule_values_of,
)

GAME = "fake"
CAPOT_POINTS = 250


@dataclass(frozen=True, slots=True)
class FakeRules:
    """The table's rules: ``target`` (points > 0), ``donnes`` (``None`` or a
    number of donnes), ``announcements`` (whether they are played)."""

    target: int = 500
    announcements: bool = False
    donnes: int | None = None


@dataclass(frozen=True, slots=True)
class FakeHand:
    """One hand as entered: ``taker`` (a team, ``None`` for a redeal),
    ``points_team`` / ``trick_points`` (one team's trick points, 0-162),
    ``capot`` and ``belote`` (a team or ``None``), ``announcements``."""

    taker: str | None
    points_team: str | None = None
    trick_points: int | None = None
    capot: str | None = None
    belote: str | None = None
    announcements: Pair = field(default_factory=Pair)


def check_rules(rules: FakeRules) -> list[Problem]:
    """Every problem with ``rules``; never raises."""
    out: list[Problem] = []
    check_target(out, rules.target)
    check_donnes(out, rules.donnes)
    check_choice(out, None, "rules.announcements", rules.announcements, (True, False))
    return out


def check_hand(rules: FakeRules, hand: FakeHand, number: int) -> list[Problem]:
    """Every problem with hand ``number`` (1-based); never raises."""
    out: list[Problem] = []
    n = number
    check_team(out, n, "taker", hand.taker, nullable=True)
    check_team(out, n, "capot", hand.capot, nullable=True)
    check_team(out, n, "belote", hand.belote, nullable=True)
    has_announcements = check_announcements(out, rules.announcements, n, hand.announcements)
    has_points = check_points(out, n, hand.points_team, hand.trick_points)
    if hand.taker is None:
        for name, given in (
            ("points", has_points),
            ("capot", hand.capot is not None),
            ("belote", hand.belote is not None),
            ("announcements", has_announcements),
        ):
            if given:
                out.append(problem(n, name, "not_on_redeal", "must be empty when nobody took"))
    elif hand.capot is not None and has_points:
        out.append(problem(n, "points", "points_with_capot", "must be empty with a capot"))
    elif hand.capot is None and not has_points:
        out.append(problem(n, "points", "required", "the trick points of one team are required"))
    return out


def plainly_valid(rules: FakeRules, hand: FakeHand) -> bool:
    """True exactly when :func:`check_hand` finds nothing (the slow path says why)."""
    return not check_hand(rules, hand, 1)


def score_hand(rules: FakeRules, hand: FakeHand, reserve: int) -> HandScore:
    """One valid hand's score (points): made or dedans, no reserve."""
    taker = hand.taker
    if taker is None:
        return HandScore(Outcome.PASSED, Pair(0, 0), 0)
    ann = hand.announcements
    bel = pair_of(hand.belote, BELOTE_POINTS, 0) if hand.belote else Pair(0, 0)
    if hand.capot is not None:
        tricks = pair_of(hand.capot, CAPOT_POINTS, 0)
    else:
        rest = TRICK_POINTS_TOTAL - hand.trick_points
        tricks = pair_of(hand.points_team, hand.trick_points, rest)
    totals = Pair(tricks.a + ann.a + bel.a, tricks.b + ann.b + bel.b)
    taker_total = totals.a if taker == "A" else totals.b
    made = hand.capot == taker if hand.capot is not None else 2 * taker_total > totals.a + totals.b
    if made:
        outcome, winner = Outcome.MADE, taker
        parts = {"A": (tricks.a, ann.a), "B": (tricks.b, ann.b)}
    else:
        outcome, winner = Outcome.DEDANS, other_team(taker)
        won = CAPOT_POINTS if hand.capot == winner else TRICK_POINTS_TOTAL
        parts = {winner: (won, ann.a + ann.b), taker: (0, 0)}
    (tricks_a, ann_a), (tricks_b, ann_b) = parts["A"], parts["B"]
    score = Pair(tricks_a + ann_a + bel.a, tricks_b + ann_b + bel.b)
    # Belote's layout of the figures: taker, reserve in, forfeited, then each
    # team's tricks, announcements, belote, penalty, reserve, rounding.
    figures = (taker, 0, 0, tricks_a, ann_a, bel.a, 0, 0, 0, tricks_b, ann_b, bel.b, 0, 0, 0)
    return HandScore(outcome, score, 0, tricks, totals, winner, 0, figures)


def blocks_win(rules: FakeRules, hand: FakeHand, leader: str) -> bool:
    """Nothing keeps a leader past the target from winning."""
    return False


RULE_KEYS = tuple(rule.name for rule in fields(FakeRules))
HAND_KEYS = ("taker", "points", "capot", "belote", "announcements")


def _team_object(out: list[Problem], n: int, raw: Any, name: str) -> dict | None:
    value = raw.get(name)
    if value is None:
        return {}
    if not isinstance(value, dict) or any(key not in TEAMS for key in value):
        out.append(problem(n, name, "not_object", 'must be an object like {"A": 82}'))
        return None
    return value


def _parse_rules(raw: Any, out: list[Problem]) -> FakeRules | None:
    values = rule_values_of(raw, out, RULE_KEYS)
    if values is None:
        return None
    rules = FakeRules(**values)
    out.extend(check_rules(rules))
    return rules


def _parse_hand(raw: Any, number: int, out: list[Problem]) -> FakeHand | None:
    n = number
    if not isinstance(raw, dict):
        out.append(problem(n, "hand", "not_object", "must be an object"))
        return None
    before = len(out)
    for key in raw:
        if key not in HAND_KEYS:
            out.append(problem(n, str(key), "unknown_key", "is not a known key of a hand"))
    if "taker" not in raw:
        out.append(problem(n, "taker", "required", 'is required ("A", "B" or null)'))
    points = _team_object(out, n, raw, "points")
    ann = _team_object(out, n, raw, "announcements")
    if points is not None and len(points) > 1:
        out.append(problem(n, "points", "points_one_team", "must give one team's points"))
    if len(out) > before or points is None or ann is None:
        return None
    ((points_team, trick_points),) = points.items() if points else ((None, None),)
    return FakeHand(
        taker=raw["taker"],
        points_team=points_team,
        trick_points=trick_points,
        capot=raw.get("capot"),
        belote=raw.get("belote"),
        announcements=Pair(ann.get("A", 0), ann.get("B", 0)),
    )


def parse_match_document(document: Any) -> tuple[FakeRules, list[FakeHand]]:
    """A match document as ``(rules, hands)``; raises ``MatchError``."""
    return parse_document(
        document,
        rules_type=FakeRules,
        parse_rules=_parse_rules,
        parse_hand=_parse_hand,
        check_hand=check_hand,
        game=GAME,
    )


def hand_document(hand: FakeHand) -> dict[str, Any]:
    """One hand of the match document, every key written out."""
    return {
        "taker": hand.taker,
        "points": {hand.points_team: hand.trick_points} if hand.points_team else None,
        "capot": hand.capot,
        "belote": hand.belote,
        "announcements": hand.announcements.as_dict(),
    }


def match_document(rules: FakeRules, hands: Iterable[FakeHand]) -> dict[str, Any]:
    """The match document of ``rules`` and ``hands`` (with its ``game``)."""
    return {
        "game": GAME,
        "rules": rule_values(rules),
        "hands": [hand_document(hand) for hand in hands],
    }


def parse_rules(raw: Any) -> FakeRules:
    """The rules object as :class:`FakeRules`; raises ``MatchError``."""
    return parsed(_parse_rules, raw)


def parse_hand(raw: Any, number: int = 1) -> FakeHand:
    """One hand as a :class:`FakeHand`; raises ``MatchError``."""
    return parsed(_parse_hand, raw, number)


ESSAI = Preset(
    "essai",
    gettext_noop("Partie d'essai"),
    gettext_noop("500 points, sans annonces."),
    FakeRules(),
)

ENGINE = Engine(
    name=GAME,
    rules_type=FakeRules,
    hand_type=FakeHand,
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
    presets=(ESSAI,),
    case_folders=("tests/fake_game/cases", "../shared/scoring/fake"),
)
"""The fake game as the kernel and the registry see it."""
