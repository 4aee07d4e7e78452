"""Migration 0013 (the concours' tables, and 0015 its season): forwards, then backwards with a
concours played, then forwards again; matches, the tables' sheets, are kept
and the concours' own rows go with their tables (what backwards means)."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from scoresheets.concours import services as cs
from scoresheets.matches import services
from scoresheets.models import Concours, Match
from scoresheets.scoring import HandInput

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("scoresheets", "0012_hand_withdrawn")]
CONCOURS_TABLES = (
    "scoresheets_concours",
    "scoresheets_concoursentrant",
    "scoresheets_concourspartie",
    "scoresheets_concourstable",
    "scoresheets_concourspenalty",
    "scoresheets_season",
)


def _migrate(targets: list[tuple[str, str]]):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def _latest() -> list[tuple[str, str]]:
    return MigrationExecutor(connection).loader.graph.leaf_nodes("scoresheets")


def _tables() -> set[str]:
    return set(connection.introspection.table_names())


def test_forwards_and_backwards():
    try:
        # The live models are the latest migration's (0015 gave Concours its season).
        _migrate(_latest())
        concours = cs.concours_create(
            name="Nuit", date=datetime.date(2026, 12, 5), preset="classique"
        )
        for name in ("Un", "Deux"):
            cs.concours_entrant_register(concours=concours, name=name)
        cs.concours_draw(concours=concours)
        table = cs.load(concours).current.tables[0]
        services.hand_record(match=table.match, hand=HandInput("A", "A", 162))
        cs.concours_penalty(concours=concours, entrant=1, points=162)
        document = cs.results_document(concours)
        assert document["parties"][0]["tables"][0]["points"] == [162, 0]
        assert document["penalties"][0]["points"] == 162
        assert set(CONCOURS_TABLES) <= _tables()

        old = _migrate(BEFORE)
        assert not set(CONCOURS_TABLES) & _tables()
        kept = old.get_model("scoresheets", "Match").objects.get(pk=table.match_id)
        assert (kept.total_a, kept.hands_count) == (162, 1)

        _migrate(_latest())
        assert set(CONCOURS_TABLES) <= _tables()
        assert not Concours.objects.exists()
        assert Match.objects.filter(pk=table.match_id).exists()
    finally:
        _migrate(_latest())
