"""A fixed table for the table, player and ranking pages: four matches whose
figures are computed by hand in ``tests/web/test_views_player.py``.

Rules: the classic rules with a target of 300 (capot 252, litige in reserve,
no rounding). Seats 1 & 3 are team A, 2 & 4 team B.

- Match 1, Léa & Noé (A) against Sam & Zoé (B), won by A 534 - 62:
  1. Léa takes, A 100 tricks, belote held by Léa: A 120 - B 62 (made);
  2. Sam takes, B 60 tricks: dedans, A 162 - B 0;
  3. Léa takes, capot A: A 252 - B 0.
- Match 2, Léa & Zoé (A) against Noé & Sam (B), won by A 382 - 104:
  1. Noé takes, B 81 tricks: litige, A 81, B's 81 in reserve;
  2. Léa takes, A 130 tricks: A 130 + 81 (reserve) = 211 - B 32;
  3. Zoé takes, A 90 tricks: A 90 - B 72.
- Match 3, Sam & Inès (A) against Léa & Noé (B), won by A 414 - 0:
  1. Léa takes, B 70 tricks: dedans, A 162 - B 0;
  2. Sam takes, capot A: A 252 - B 0.
- Match 4, Léa & Zoé (A) against Sam & Noé (B), in progress, 120 - 62:
  1. everybody passes;
  2. Léa takes, A 120 tricks, belote held by Noé (B): A 120 - B 42 + 20 = 62.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoresheets.matches import services
from scoresheets.models import Match, Table
from scoresheets.scoring import CoincheRules, HandInput, Rules
from scoresheets.tables import services as tables

RULES = Rules(target=300)


@dataclass(frozen=True)
class Fixture:
    table: Table
    matches: tuple[Match, ...]
    ids: dict[str, int]  # roster name -> roster id


def _play(table: Table, names: list[str], hands: list[tuple]) -> Match:
    """``hands``: (HandInput, taker seat, belote seat) in order."""
    match = services.match_create(names=names, rules=RULES, table=table)
    for hand, taker_seat, belote_seat in hands:
        services.hand_record(match=match, hand=hand, taker_seat=taker_seat, belote_seat=belote_seat)
    return Match.objects.get(pk=match.pk)


def make_fixture() -> Fixture:
    table = tables.table_create(name="Les jeudis", player_names=["Léa", "Sam", "Noé", "Zoé"])
    first = _play(
        table,
        ["Léa", "Sam", "Noé", "Zoé"],
        [
            (HandInput("A", "A", 100, belote="A"), 1, 1),
            (HandInput("B", "B", 60), 2, None),
            (HandInput("A", capot="A"), 1, None),
        ],
    )
    second = _play(
        table,
        ["Léa", "Noé", "Zoé", "Sam"],
        [
            (HandInput("B", "B", 81), 2, None),
            (HandInput("A", "A", 130), 1, None),
            (HandInput("A", "A", 90), 3, None),
        ],
    )
    third = _play(
        table,
        ["Sam", "Léa", "Inès", "Noé"],
        [
            (HandInput("B", "B", 70), 2, None),
            (HandInput("A", capot="A"), 1, None),
        ],
    )
    fourth = _play(
        table,
        ["Léa", "Sam", "Zoé", "Noé"],
        [
            (HandInput(None), None, None),
            (HandInput("A", "A", 120, belote="B"), 1, 4),
        ],
    )
    ids = {name: pk for pk, name in table.roster.values_list("pk", "name")}
    return Fixture(table=table, matches=(first, second, third, fourth), ids=ids)


def quick_match(table: Table, names: list[str], *, finished: bool = True) -> Match:
    """A table match of one or two hands to 300: team A wins it when ``finished``."""
    match = services.match_create(names=names, rules=RULES, table=table)
    services.hand_record(match=match, hand=HandInput("A", "A", 162), taker_seat=1)
    if finished:
        services.hand_record(match=match, hand=HandInput("A", "A", 162), taker_seat=3)
    return Match.objects.get(pk=match.pk)


# Coinche matches on the same table (issue 10): the matches C1 and C2 of
# tests/engine/test_stats_coinche.py, whose figures are computed there by hand, with
# Alice, Bob, Claire, Dan, Eve played by Léa, Sam, Noé, Zoé, Inès.
# C1 (target 1000): Léa & Noé against Sam & Zoé, won by B 590 - 2170;
# C2 (target 2000, in progress): Léa & Inès against Zoé & Sam, 1020 - 820.
COINCHE_AS = {"Alice": "Léa", "Bob": "Sam", "Claire": "Noé", "Dan": "Zoé", "Eve": "Inès"}


def add_coinche_matches(table: Table) -> tuple[Match, Match]:
    """Play C1 and C2 (tests/engine/test_stats_coinche.py) at ``table``, through the services."""
    from tests.engine.test_stats_coinche import C1_HANDS, C2_HANDS

    first = services.match_create(
        names=["Léa", "Sam", "Noé", "Zoé"], rules=CoincheRules(target=1000), table=table
    )
    for hand, taker_seat in zip(C1_HANDS, [1, 2, None, 3], strict=True):
        services.hand_record(match=first, hand=hand, taker_seat=taker_seat)
    second = services.match_create(
        names=["Léa", "Zoé", "Inès", "Sam"], rules=CoincheRules(), table=table
    )
    for hand, taker_seat, belote_seat in zip(C2_HANDS, [1, 2, 1], [None, 3, None], strict=True):
        services.hand_record(
            match=second, hand=hand, taker_seat=taker_seat, belote_seat=belote_seat
        )
    return Match.objects.get(pk=first.pk), Match.objects.get(pk=second.pk)
