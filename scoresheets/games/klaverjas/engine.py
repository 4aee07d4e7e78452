"""The scoring engine of klaverjassen, as Rebelote scores it (pure, no Django).

Everything here follows ``../shared/scoring/KLAVERJAS.md`` (cited below as
KLAVERJAS, by section). Each hand has a **playing team** ("spelende partij")
that must take more than the other, roem included, or go **nat**: the other
team then takes the 162 points and all the roem. **Roem** (bonus for
combinations) has its own column on the sheet, and its own key in the
result document beside ``points``. A **pit** (all eight tricks) adds a
premium to the roem; a **revoke** ("verzaken") gives the other team 162
points and, by default, 100 roem. No reserve, no rounding, no redeal.

The end of the match is FORMAT's, which the kernel applies: a match of
``games`` hands (the rule ``end: "games"``, a "boompje" of 16) is the
kernel's rule ``donnes``; a match to a ``target`` its target. All of it is
gathered in :data:`ENGINE`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any

from scoresheets.scoring.kernel import (
    TEAMS,
    TRICK_POINTS_TOTAL,
    ConcoursFacts,
    Engine,
    HandScore,
    Outcome,
    Pair,
    Preset,
    Problem,
    check_choice,
    check_points,
    check_target,
    check_team,
    gettext_noop,
    is_announcement_value,
    is_int,
    other_team,
    pair_of,
    parse_document,
    parsed,
    problem,
    rule_values,
    rule_values_of,
)

GAME = "klaverjas"
REVOKE_ROEM = 100  # the roem a revoke gives under "162_plus_100"
ROEM_UNITS = (20, 50, 100, 200)  # the entry form's chips


class End(StrEnum):
    """KLAVERJAS, rule ``end``: how a match ends."""

    GAMES = "games"
    TARGET = "target"


class NatTest(StrEnum):
    """KLAVERJAS, rule ``nat_test``: what is compared to decide nat."""

    TOTAL = "total"
    POINTS_ONLY = "points_only"


class RevokeRule(StrEnum):
    """KLAVERJAS, rule ``revoke``: what a revoke gives the other team."""

    PLUS_100 = "162_plus_100"
    ONLY_162 = "162"


class RoemRule(StrEnum):
    """KLAVERJAS, rule ``roem``: roem on the table (the trick's winner's) or from the hand."""

    TABLE = "table"
    HAND = "hand"


VARIANTS = ("amsterdam", "rotterdam")  # KLAVERJAS, rule ``variant``: for the record


class KlaverjasOutcome(StrEnum):
    """What a klaverjas hand came to (KLAVERJAS, *Result*): ``made`` is the
    kernel's :attr:`Outcome.MADE`, these are klaverjas' own."""

    NAT = "nat"
    REVOKE = "revoke"


@dataclass(frozen=True, slots=True)
class KlaverjasRules:
    """KLAVERJAS, *Rules*: every rule, its default first.

    ``games`` (hands in a match, used with ``end: "games"``) and ``target``
    (points, used with ``end: "target"``) are both checked; ``pit_bonus`` is
    in points (roem). :attr:`donnes` is what the kernel reads of the end."""

    end: str = End.GAMES
    games: int = 16
    target: int = 1500
    nat_test: str = NatTest.TOTAL
    tie_is_nat: bool = True
    pit_bonus: int = 100
    defense_pit: bool = True
    revoke: str = RevokeRule.PLUS_100
    roem: str = RoemRule.TABLE
    variant: str | None = None

    @property
    def donnes(self) -> int | None:
        """The kernel's rule ``donnes``: the match's number of hands under
        ``end: "games"``, else ``None`` (the match goes to ``target``)."""
        return self.games if self.end == End.GAMES else None


@dataclass(frozen=True, slots=True)
class KlaverjasHand:
    """KLAVERJAS, *Hand*: ``playing`` (the playing team), ``points_team`` /
    ``trick_points`` (one team's card points, 0-162, or ``None`` with a pit
    or a revoke), ``roem`` (each team's, points, without the pit premium),
    ``pit`` and ``revoke`` (a team or ``None``). :attr:`taker` is the
    playing team, as the pages read every game's hand."""

    playing: str
    points_team: str | None = None
    trick_points: int | None = None
    roem: Pair = field(default_factory=Pair)
    pit: str | None = None
    revoke: str | None = None

    @property
    def taker(self) -> str:
        """The playing team (every game's ``taker``: the team that chose trump)."""
        return self.playing


# --------------------------------------------------------------------------
# Checks (KLAVERJAS, *Errors*)
# --------------------------------------------------------------------------


def _check_positive(out: list[Problem], name: str, value: Any) -> None:
    if not is_int(value):
        out.append(problem(None, f"rules.{name}", "not_integer", "must be an integer"))
    elif value <= 0:
        out.append(problem(None, f"rules.{name}", "out_of_range", "must be greater than 0", min=1))


def check_rules(rules: KlaverjasRules) -> list[Problem]:
    """Every problem with ``rules`` (KLAVERJAS, *Rules* and *Errors*): each
    value within its table; ``games`` and ``target`` checked whatever ``end``
    says. Returns a list of :class:`Problem`; never raises."""
    out: list[Problem] = []
    check_choice(out, None, "rules.end", rules.end, tuple(End))
    _check_positive(out, "games", rules.games)
    check_target(out, rules.target)
    check_choice(out, None, "rules.nat_test", rules.nat_test, tuple(NatTest))
    check_choice(out, None, "rules.tie_is_nat", rules.tie_is_nat, (True, False))
    bonus = rules.pit_bonus
    if not is_int(bonus):
        out.append(problem(None, "rules.pit_bonus", "not_integer", "must be an integer"))
    elif bonus < 0 or bonus % 10:
        out.append(
            problem(
                None,
                "rules.pit_bonus",
                "out_of_range",
                "must be 0 or more, a multiple of 10",
                min=0,
            )
        )
    check_choice(out, None, "rules.defense_pit", rules.defense_pit, (True, False))
    check_choice(out, None, "rules.revoke", rules.revoke, tuple(RevokeRule))
    check_choice(out, None, "rules.roem", rules.roem, tuple(RoemRule))
    variant = rules.variant
    if variant is not None and not (isinstance(variant, str) and variant in VARIANTS):
        out.append(
            problem(
                None,
                "rules.variant",
                "invalid_choice",
                "must be one of None, 'amsterdam', 'rotterdam'",
                choices=(None, *VARIANTS),
            )
        )
    return out


def _check_roem(out: list[Problem], n: int, roem: Any) -> bool:
    """Each team's roem: 0 or a sum of 20, 50, 100 and 200 (the multiples
    of ten but 10 and 30). Returns whether any team has more than 0."""
    if not isinstance(roem, Pair):
        out.append(problem(n, "roem", "not_object", "must be an object"))
        return False
    for team, value in zip(TEAMS, (roem.a, roem.b), strict=True):
        name = f"roem.{team}"
        if not is_int(value):
            out.append(problem(n, name, "not_integer", "must be an integer"))
        elif value < 0:
            out.append(problem(n, name, "out_of_range", "must be 0 or more", min=0))
        elif not is_announcement_value(value):
            out.append(
                problem(n, name, "not_roem_sum", "must be 0 or a sum of 20, 50, 100 and 200")
            )
    return any(is_int(v) and v > 0 for v in (roem.a, roem.b))


def check_hand(rules: KlaverjasRules, hand: KlaverjasHand, number: int) -> list[Problem]:
    """Every problem with ``hand``, the hand ``number`` (1-based) of a match
    (KLAVERJAS, *Hand* and *Errors*): the playing team, one team's points
    unless a pit or a revoke, not both of those, roem sums, no roem on a
    revoked hand, and (roem on the table) none for a team that took no
    trick. ``rules`` is assumed valid. Never raises."""
    out: list[Problem] = []
    n = number
    check_team(out, n, "playing", hand.playing, nullable=False)
    check_team(out, n, "pit", hand.pit, nullable=True)
    check_team(out, n, "revoke", hand.revoke, nullable=True)
    has_roem = _check_roem(out, n, hand.roem)
    has_points = check_points(out, n, hand.points_team, hand.trick_points)
    if hand.pit is not None and hand.revoke is not None:
        out.append(problem(n, "revoke", "revoke_with_pit", "must be empty with a pit"))
    elif hand.revoke is not None:
        if has_points:
            out.append(problem(n, "points", "points_with_revoke", "must be empty with a revoke"))
        if has_roem:
            out.append(problem(n, "roem", "roem_with_revoke", "must be 0 on a revoked hand"))
    elif hand.pit is not None:
        if has_points:
            out.append(problem(n, "points", "points_with_pit", "must be empty with a pit"))
        pitted = other_team(hand.pit) if hand.pit in TEAMS else None
        roem = hand.roem
        if (
            rules.roem == RoemRule.TABLE
            and pitted is not None
            and isinstance(roem, Pair)
            and is_int(roem[pitted])
            and roem[pitted] > 0
        ):
            out.append(
                problem(
                    n,
                    f"roem.{pitted}",
                    "roem_without_trick",
                    "must be 0: roem on the table goes to the trick's winner, "
                    "and this team took no trick",
                )
            )
    elif not has_points:
        out.append(problem(n, "points", "required", "the card points of one team are required"))
    return out


def plainly_valid(rules: KlaverjasRules, hand: KlaverjasHand) -> bool:
    """True exactly when :func:`check_hand` finds nothing (the slow path says why)."""
    return not check_hand(rules, hand, 1)


# --------------------------------------------------------------------------
# Scoring (KLAVERJAS, *Scoring one hand*)
# --------------------------------------------------------------------------


def score_hand(rules: KlaverjasRules, hand: KlaverjasHand, reserve: int) -> HandScore:
    """One valid hand's score (points; ``reserve`` is always 0 here).

    KLAVERJAS, *Scoring one hand*: a revoke gives the other team 162 (and
    100 roem under ``"162_plus_100"``); a pit by the playing team makes it,
    by the defense sinks it; else the playing team makes it with more than
    the defense (points + roem, or points alone under ``nat_test:
    "points_only"``; equal sides make it when ``tie_is_nat`` is false).
    Made: each team scores its points and roem (the pit premium added to
    the playing team's roem). Nat: the defense scores 162 and all the roem
    (the premium too for a defense's pit under ``defense_pit``). The
    result's ``extras`` are each team's ``points`` and ``roem`` columns."""
    playing = hand.playing
    defense = other_team(playing)
    if hand.revoke is not None:
        winner = other_team(hand.revoke)
        roem_bonus = REVOKE_ROEM if rules.revoke == RevokeRule.PLUS_100 else 0
        points = pair_of(winner, TRICK_POINTS_TOTAL, 0)
        roem = pair_of(winner, roem_bonus, 0)
        return _scored(KlaverjasOutcome.REVOKE, points, roem, points, winner, playing)
    if hand.pit is not None:
        cards = pair_of(hand.pit, TRICK_POINTS_TOTAL, 0)
        made = hand.pit == playing
    else:
        rest = TRICK_POINTS_TOTAL - hand.trick_points
        cards = pair_of(hand.points_team, hand.trick_points, rest)
    declared = hand.roem
    sides = cards
    if rules.nat_test == NatTest.TOTAL:
        sides = Pair(cards.a + declared.a, cards.b + declared.b)
    if hand.pit is None:
        mine, theirs = sides[playing], sides[defense]
        made = mine > theirs or (mine == theirs and not rules.tie_is_nat)
    if made:
        bonus = pair_of(playing, rules.pit_bonus if hand.pit == playing else 0, 0)
        roem = Pair(declared.a + bonus.a, declared.b + bonus.b)
        return _scored(Outcome.MADE, cards, roem, sides, playing, playing)
    bonus = rules.pit_bonus if hand.pit == defense and rules.defense_pit else 0
    points = pair_of(defense, TRICK_POINTS_TOTAL, 0)
    roem = pair_of(defense, declared.a + declared.b + bonus, 0)
    return _scored(KlaverjasOutcome.NAT, points, roem, sides, defense, playing)


def _scored(
    outcome: str, points: Pair, roem: Pair, sides: Pair, winner: str, playing: str
) -> HandScore:
    """The :class:`HandScore` of a hand whose teams score ``points`` and
    ``roem`` (its ``extras``, KLAVERJAS, *Result*), ``sides`` compared
    (``hand_totals``), won by ``winner``. The figures are belote's layout
    (``HandResult.breakdown_figures``): the playing team as the taker, then
    each team's points as its tricks and its roem as its announcements."""
    score = Pair(points.a + roem.a, points.b + roem.b)
    extras = {"points": points.as_dict(), "roem": roem.as_dict()}
    figures = (playing, 0, 0, points.a, roem.a, 0, 0, 0, 0, points.b, roem.b, 0, 0, 0, 0)
    return HandScore(outcome, score, 0, points, sides, winner, 0, figures, extras)


def blocks_win(rules: KlaverjasRules, hand: KlaverjasHand, leader: str) -> bool:
    """Nothing keeps a leader past the target from winning (KLAVERJAS, *End of match*)."""
    return False


# --------------------------------------------------------------------------
# The match document (KLAVERJAS, *Hand*)
# --------------------------------------------------------------------------

RULE_KEYS = tuple(rule.name for rule in fields(KlaverjasRules))
HAND_KEYS = ("playing", "points", "roem", "pit", "revoke")


def _team_object(out: list[Problem], n: int, raw: dict, name: str, example: str) -> dict | None:
    """A hand's object keyed by team (``points``, ``roem``): ``{}`` when
    absent or null, ``None`` (and a problem) when not such an object."""
    value = raw.get(name)
    if value is None:
        return {}
    if not isinstance(value, dict) or any(key not in TEAMS for key in value):
        out.append(problem(n, name, "not_object", f"must be an object like {example}"))
        return None
    return value


def _parse_rules(raw: Any, out: list[Problem]) -> KlaverjasRules | None:
    values = rule_values_of(raw, out, RULE_KEYS)
    if values is None:
        return None
    rules = KlaverjasRules(**values)
    out.extend(check_rules(rules))
    return rules


def _parse_hand(raw: Any, number: int, out: list[Problem]) -> KlaverjasHand | None:
    n = number
    if not isinstance(raw, dict):
        out.append(problem(n, "hand", "not_object", "must be an object"))
        return None
    before = len(out)
    for key in raw:
        if key not in HAND_KEYS:
            out.append(problem(n, str(key), "unknown_key", "is not a known key of a hand"))
    if "playing" not in raw:
        out.append(problem(n, "playing", "required", 'is required ("A" or "B")'))
    points = _team_object(out, n, raw, "points", '{"A": 90}')
    roem = _team_object(out, n, raw, "roem", '{"A": 20, "B": 0}')
    if points is not None and len(points) > 1:
        out.append(problem(n, "points", "points_one_team", "must give one team's points"))
    if len(out) > before or points is None or roem is None:
        return None
    ((points_team, trick_points),) = points.items() if points else ((None, None),)
    return KlaverjasHand(
        playing=raw["playing"],
        points_team=points_team,
        trick_points=trick_points,
        roem=Pair(roem.get("A", 0), roem.get("B", 0)),
        pit=raw.get("pit"),
        revoke=raw.get("revoke"),
    )


def parse_match_document(document: Any):
    """A klaverjas match document (parsed JSON) as ``(rules, [hand])``
    (:class:`~scoresheets.scoring.kernel.ParsedMatch`). Raises
    ``MatchError`` with every problem (KLAVERJAS, *Errors*)."""
    return parse_document(
        document,
        rules_type=KlaverjasRules,
        parse_rules=_parse_rules,
        parse_hand=_parse_hand,
        check_hand=check_hand,
        game=GAME,
    )


def hand_document(hand: KlaverjasHand) -> dict[str, Any]:
    """One hand of the match document (KLAVERJAS, *Hand*), every key written out."""
    return {
        "playing": hand.playing,
        "points": {hand.points_team: hand.trick_points} if hand.points_team else None,
        "roem": hand.roem.as_dict(),
        "pit": hand.pit,
        "revoke": hand.revoke,
    }


def match_document(rules: KlaverjasRules, hands: Iterable[KlaverjasHand]) -> dict[str, Any]:
    """The match document of ``rules`` and ``hands`` (with its ``game``)."""
    return {
        "game": GAME,
        "rules": rule_values(rules),
        "hands": [hand_document(hand) for hand in hands],
    }


def parse_rules(raw: Any) -> KlaverjasRules:
    """The rules object as :class:`KlaverjasRules`; raises ``MatchError``."""
    return parsed(_parse_rules, raw)


def parse_hand(raw: Any, number: int = 1) -> KlaverjasHand:
    """One hand as a :class:`KlaverjasHand`; raises ``MatchError``."""
    return parsed(_parse_hand, raw, number)


# --------------------------------------------------------------------------
# Presets (issue 29: "Amsterdams", "Rotterdams", a club competition of 16)
# --------------------------------------------------------------------------

AMSTERDAMS = Preset(
    "amsterdams",
    gettext_noop("Amsterdams"),
    gettext_noop("16 donnes ; nat à égalité ; pit 100 ; verzaken 162 + 100."),
    KlaverjasRules(variant="amsterdam"),
)
ROTTERDAMS = Preset(
    "rotterdams",
    gettext_noop("Rotterdams"),
    gettext_noop("16 donnes ; nat à égalité ; pit 100 ; verzaken 162 + 100."),
    KlaverjasRules(variant="rotterdam"),
)
COMPETITIE = Preset(
    "competitie",
    gettext_noop("Compétition de club"),
    gettext_noop("16 donnes, comme à la NKU : roem sur la table, à qui prend le pli."),
    KlaverjasRules(),
)
TOT_1500 = Preset(
    "tot_1500",
    gettext_noop("En 1500"),
    gettext_noop("Jusqu'à ce qu'une équipe ait 1500 points."),
    KlaverjasRules(end=End.TARGET),
)


def with_length(values: dict[str, Any], donnes: int | None, target: int | None) -> dict[str, Any]:
    """A concours table's rules (``ConcoursFacts.with_length``): ``values``
    with a match of ``donnes`` games (a drive's round: 16), or to
    ``target`` points."""
    if donnes is not None:
        return {**values, "end": End.GAMES.value, "games": donnes}
    return {**values, "end": End.TARGET.value, "target": target}


ENGINE = Engine(
    name=GAME,
    rules_type=KlaverjasRules,
    hand_type=KlaverjasHand,
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
    presets=(AMSTERDAMS, ROTTERDAMS, COMPETITIE, TOT_1500),
    case_folders=("scoresheets/games/klaverjas/cases", "../shared/scoring/klaverjas"),
    taker_key="playing",
    # A klaverjas drive (issue 29): rounds of 16 games, players ranked on
    # their points (docs/concours.md, "Klaverjas").
    concours=ConcoursFacts(
        "points", donnes=16, donne_points=TRICK_POINTS_TOTAL, with_length=with_length
    ),
)
"""Klaverjassen as the kernel and the registry see it."""
