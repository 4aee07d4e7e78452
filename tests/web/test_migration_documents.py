"""Migration 0011: a match's rules and a hand's input stored as the match
document's JSON, forwards and backwards, on whatever database the suite runs
on (SQLite, PostgreSQL).

Matches of both games (every kind of hand, corrections, deleted and
restored hands, undone changes, an import that knows the takers by team
only) and a table of both games are made through the services; the JSON
export of every match and the CSVs of the table are taken; the database is
migrated back to the columns (checked there, row by row, with the models of
then) and forwards again: every export and CSV is the same, to the byte.
"""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from scoresheets.matches import exports, services
from scoresheets.models import Hand, HandRevision, Match
from scoresheets.scoring import CoincheHand, CoincheRules, HandInput, Pair, Rules
from scoresheets.tables import services as tables

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("scoresheets", "0010_creation_keys")]
NAMES = ["Léa", "Sam", "Noé", "Zoé"]


def _migrate(targets: list[tuple[str, str]]):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def _latest() -> list[tuple[str, str]]:
    return MigrationExecutor(connection).loader.graph.leaf_nodes("scoresheets")


def _belote(table=None) -> Match:
    """A belote match with every kind of hand, corrected, deleted, restored, undone."""
    rules = Rules(target=3000, capot_points=250, litige="lost", renonce="annul", announcements=True)
    match = services.match_create(names=NAMES, rules=rules, table=table, preset="custom")
    hands = [
        (HandInput("A", "A", 90, belote="A"), 1, 3),
        (HandInput("B", "B", 81), 2, None),
        (HandInput("A", capot="A", announcements=Pair(50, 0)), 3, None),
        (HandInput(None), None, None),
        (HandInput("B", renonce="A"), 4, None),
        (HandInput("A", "B", 100, belote="B", announcements=Pair(0, 20)), None, 2),
    ]
    for hand, taker_seat, belote_seat in hands:
        services.hand_record(match=match, hand=hand, taker_seat=taker_seat, belote_seat=belote_seat)
    _, second, _, fourth, *_ = match.hands.order_by("number")
    services.hand_update(
        match=match, hand_id=second.pk, hand=HandInput("B", "A", 60), expected_version=1
    )
    services.hand_delete(match=match, hand_id=fourth.pk, expected_version=1)
    services.hand_undo(match=match, hand_id=fourth.pk, action="deleted", expected_version=2)
    services.hand_delete(match=match, hand_id=second.pk, expected_version=2)
    return match


def _coinche(table=None) -> Match:
    """A coinche match: numeric bids, capot and générale, coinche and
    surcoinche, a redeal, a correction undone, a hand deleted."""
    rules = CoincheRules(target=5000, made_score="160_plus_bid", announcements=True)
    match = services.match_create(names=NAMES, rules=rules, table=table, preset="custom")
    hands = [
        CoincheHand("A", 100, "hearts", "coinche", "A", 120),
        CoincheHand("B", "generale", "all_trump", "surcoinche", capot="B", solo=True, belote="A"),
        CoincheHand(None),
        CoincheHand("A", 90, "no_trump", None, "B", 70, announcements=Pair(50, 0)),
        CoincheHand("B", "capot", "clubs", "coinche", capot="A"),
    ]
    for hand in hands:
        services.hand_record(match=match, hand=hand)
    first, *_, last = match.hands.order_by("number")
    services.hand_update(
        match=match,
        hand_id=first.pk,
        hand=CoincheHand("A", 110, "spades", None, "A", 130),
        expected_version=1,
    )
    services.hand_undo(match=match, hand_id=first.pk, action="edited", expected_version=2)
    services.hand_delete(match=match, hand_id=last.pk, expected_version=1)
    return match


def _snapshot() -> dict[str, str]:
    """Every match's JSON export, every table's CSVs, every hand's history."""
    out = {
        f"match {m.token}": json.dumps(services.match_export_document(m), ensure_ascii=False)
        for m in Match.objects.order_by("pk")
    }
    for table in tables.Table.objects.order_by("pk"):
        played = tables.played_matches(table)
        names = tables.player_names(table)
        link = str
        out[f"matches {table.token}"] = exports.matches_csv(played, names, link=link)
        out[f"hands {table.token}"] = exports.hands_csv(played, names, link=link)
    out["history"] = repr(
        sorted(
            (r.hand_id, r.version, r.action, json.dumps(r.data, sort_keys=True))
            for r in HandRevision.objects.all()
        )
    )
    return out


def _made() -> dict[str, str]:
    table = tables.table_create(name="Jeudi")
    _belote(table)
    _coinche(table)
    _belote()
    document = {"hands": [{"taker": "A", "points": {"A": 100}}, {"taker": None}]}
    services.match_import(document=document)  # takers known by team only
    return _snapshot()


def _check_columns(old) -> None:
    """The rows as the columns of 0010 hold them (its models)."""
    match_model = old.get_model("scoresheets", "Match")
    hand_model = old.get_model("scoresheets", "Hand")
    belote = match_model.objects.filter(game="belote", target=3000).first()
    assert (belote.capot_points, belote.litige, belote.renonce) == (250, "lost", "annul")
    coinche = match_model.objects.get(game="coinche")
    assert (coinche.target, coinche.made_score, coinche.announcements) == (
        5000,
        "160_plus_bid",
        True,
    )
    first = hand_model.objects.filter(match=belote).order_by("number").first()
    assert (first.taker, first.points_team, first.trick_points, first.belote) == ("A", "A", 90, "A")
    assert (first.taker_seat, first.belote_seat) == (1, 3)
    generale = hand_model.objects.get(match=coinche, bid="generale")
    assert (generale.suit, generale.coinche, generale.capot, generale.solo) == (
        "all_trump",
        "surcoinche",
        "B",
        True,
    )
    assert hand_model.objects.filter(match=coinche, bid="100").count() == 1


def test_forwards_and_backwards_every_export_and_csv_stays_the_same():
    before = _made()
    rows = {h.pk: (h.taker, h.entry) for h in Hand.objects.all()}
    # The engine's rules (a rule added since 0010, absent from its columns,
    # comes back as its default: rules of then kept it so).
    rules = {m.pk: (m.game, m.rules) for m in Match.objects.all()}
    try:
        old = _migrate(BEFORE)
        _check_columns(old)
        _migrate(_latest())
        assert {h.pk: (h.taker, h.entry) for h in Hand.objects.all()} == rows
        assert {m.pk: (m.game, m.rules) for m in Match.objects.all()} == rules
        after = _snapshot()
        assert after.keys() == before.keys()
        for key, value in before.items():
            assert after[key] == value, key
    finally:
        _migrate(_latest())


def test_rows_of_the_columns_read_as_the_engine_wrote_them():
    """Rows written by the code of 0010 (its models, its columns), then
    migrated: the same match as one made today from the same input."""
    try:
        old = _migrate(BEFORE)
        match_model = old.get_model("scoresheets", "Match")
        hand_model = old.get_model("scoresheets", "Hand")
        match = match_model.objects.create(
            token="t" * 24,
            read_token="r" * 24,
            team_a_name="A",
            team_b_name="B",
            game="coinche",
            target=2000,
            rounding="nearest_ten",
            capot_points=250,
        )
        hand_model.objects.create(
            match=match,
            number=1,
            taker="B",
            bid="80",
            suit="spades",
            points_team="B",
            trick_points=90,
        )
        hand_model.objects.create(match=match, number=2, taker=None)
        _migrate(_latest())
        migrated = Match.objects.get(token="t" * 24)
        assert migrated.rules == CoincheRules()
        assert [h.to_input() for h in migrated.hands.live()] == [
            CoincheHand("B", 80, "spades", None, "B", 90),
            CoincheHand(None),
        ]
    finally:
        _migrate(_latest())
