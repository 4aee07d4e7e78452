"""The read-token migrations: every existing match and table gets its own
random read token (not one value shared by all), and old links keep working."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("scoresheets", "0003_tables")]
AFTER = [("scoresheets", "0006_read_tokens_unique")]


def _migrate(targets: list[tuple[str, str]]):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def test_it_gives_each_existing_row_its_own_read_token():
    old = _migrate(BEFORE)
    try:
        table_model = old.get_model("scoresheets", "Table")
        match_model = old.get_model("scoresheets", "Match")
        tables = [table_model.objects.create(name=f"T{i}", token=f"table-{i}") for i in range(3)]
        for i in range(5):
            match_model.objects.create(
                token=f"match-{i}", team_a_name="A", team_b_name="B", table=tables[i % 3]
            )

        new = _migrate(AFTER)
        for name, count in (("Match", 5), ("Table", 3)):
            rows = list(new.get_model("scoresheets", name).objects.values("token", "read_token"))
            read_tokens = {row["read_token"] for row in rows}
            assert len(rows) == count
            assert len(read_tokens) == count  # one each, never shared
            assert all(len(t) == 24 for t in read_tokens)
            # The writing tokens are untouched: old links keep working.
            assert {row["token"] for row in rows} == {f"{name.lower()}-{i}" for i in range(count)}
            assert not read_tokens & {row["token"] for row in rows}
    finally:
        _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes("scoresheets"))
