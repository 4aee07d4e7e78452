"""Every worked case of the concours (tests/cases/concours, docs/concours.md,
4), of the knockout (tests/cases/knockout, 7.4) and of the season
(tests/cases/season, docs/concours.md, 6), and of ../shared/scoring/<kind>
when present: through the ranking function and
through its command (``manage.py rank_concours`` / ``rank_season``). One
runner for both: the cases of either are read the same way."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from scoresheets.concours.ranking import rank_document
from scoresheets.scoring import MatchError
from scoresheets.season.ranking import rank_season_document
from tests.commands import run_command
from tests.conftest import (
    case_id,
    concours_case_files,
    knockout_case_files,
    season_case_files,
)

RANKINGS: dict[str, tuple[Callable[[Any], dict], str, list[Path]]] = {
    "concours": (rank_document, "rank_concours", concours_case_files()),
    "knockout": (rank_document, "rank_concours", knockout_case_files()),
    "season": (rank_season_document, "rank_season", season_case_files()),
}
"""Each kind of case: its ranking function, its command, its case files."""

CASES = [(kind, path) for kind, (_, _, paths) in RANKINGS.items() for path in paths]
IDS = [f"{kind}/{case_id(path)}" for kind, path in CASES]


def assert_matches_expected(result: dict, expected: dict) -> None:
    """docs/concours.md, 4: keys of ``expected`` match exactly, except
    ``standings``: same length, and the keys given in each entry match."""
    for key, value in expected.items():
        if key == "standings":
            assert len(result["standings"]) == len(value)
            for place, (got, want) in enumerate(zip(result["standings"], value, strict=True), 1):
                for entry_key, entry_value in want.items():
                    assert got[entry_key] == entry_value, f"standings {place}, {entry_key}"
        else:
            assert result[key] == value, key


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize(("kind", "path"), CASES, ids=IDS)
def test_case_through_the_ranking(kind: str, path: Path):
    rank = RANKINGS[kind][0]
    document = load(path)
    assert document["why"].strip()
    expected = document["expected"]
    if expected.get("error"):
        with pytest.raises(MatchError) as info:
            rank(document)
        assert info.value.problems
        assert all(p.code and p.field and p.hand is None for p in info.value.problems)
    else:
        assert_matches_expected(rank(document), expected)


@pytest.mark.parametrize(("kind", "path"), CASES, ids=IDS)
def test_case_through_the_command(kind: str, path: Path):
    command = RANKINGS[kind][1]
    expected = load(path)["expected"]
    code, out, err = run_command(command, str(path))
    if expected.get("error"):
        assert code == 2
        assert out == ""
        lines = err.strip().splitlines()
        assert lines and all(": " in line for line in lines)
    else:
        assert code == 0, err
        assert err == ""
        assert_matches_expected(json.loads(out), expected)
