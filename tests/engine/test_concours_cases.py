"""The worked concours cases (tests/cases/concours, and
../shared/scoring/concours when present) cover the contract, and
``manage.py rank_concours``'s contract (docs/concours.md, 4). Each case runs
through the ranking and the command in test_ranking_cases.py."""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from scoresheets.concours.ranking import rank_document
from tests.commands import manage
from tests.conftest import CONCOURS_CASES_DIR, ROOT, concours_case_files

CASES = concours_case_files()


def test_it_finds_the_project_cases():
    # The project's own copy must be there: a clone tests itself without ../shared.
    project = [p for p in CASES if p.parent == CONCOURS_CASES_DIR]
    assert len(project) >= 25
    assert len([p for p in project if p.stem.startswith("error_")]) >= 10


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_the_cases_cover_the_contract():
    """The kinds issue 19 asks the cases to cover are all there."""
    valid = [load(p) for p in CASES if not load(p)["expected"].get("error")]
    settings = [doc.get("settings", {}) for doc in valid]
    assert {s.get("ranking", "points") for s in settings} >= {"points", "win_points"}
    assert {s.get("bye", {}).get("kind", "half") for s in settings} >= {
        "half",
        "average",
        "fixed",
    }
    assert {t for s in settings for t in s.get("tiebreaks", [])} >= {
        "points",
        "difference",
        "conceded",
        "wins",
        "direct",
    }
    assert any(s.get("mode") == "melee" for s in settings)
    assert any(s.get("game") == "coinche" for s in settings)
    entrants = [e for doc in valid for e in doc.get("teams", [])]
    assert any(e.get("left_after") for e in entrants)
    assert any(e.get("arrived", 1) > 1 for e in entrants)
    kinds = {p.get("kind", "to_opponents") for doc in valid for p in doc.get("penalties", [])}
    assert kinds == {"to_opponents", "deducted"}


def rank(*args: str, stdin: str | None = None, real_process: bool = False):
    """``manage.py rank_concours args`` (tests.commands.manage): stdout and
    stderr as text; in this process unless ``real_process``."""
    proc = manage("rank_concours", *args, stdin=stdin, real_process=real_process)
    return SimpleNamespace(
        returncode=proc.returncode, stdout=proc.stdout.decode(), stderr=proc.stderr.decode()
    )


def test_it_reads_standard_input_in_a_real_process():
    path = CONCOURS_CASES_DIR / "points_total_ranking.json"
    proc = rank("-", stdin=path.read_text(encoding="utf-8"), real_process=True)
    assert proc.returncode == 0, proc.stderr
    assert [s["team"] for s in json.loads(proc.stdout)["standings"]] == [2, 4, 1, 3]


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[1, 2]",
        '{"teams": [], "parties": [{"tables": [{"teams": [1, 2], "points": [1e3, 0]}]}]}',
        '{"teams": [{"number": NaN}], "parties": []}',
        "[" * 50_000,
        '{"settings": null, "teams": [], "parties": []}',
        '{"teams": [], "parties": [], "penalties": {"team": 1}}',
    ],
)
def test_it_exits_2_without_traceback_on_bad_input(text: str):
    proc = rank("-", stdin=text)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    assert proc.stderr.strip()


def test_it_prints_one_line_per_problem_naming_the_field(tmp_path: Path):
    document = {
        "teams": [{"number": 1}, {"number": 2}, {"number": 3}],
        "parties": [
            {"tables": [{"teams": [1, 9], "points": [1000, -1]}], "byes": [3]},
        ],
    }
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document))
    proc = rank(str(path))
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.splitlines() == [
        "parties[1].tables[1].teams[2]: 9 is not the number of a team",
        "parties[1].tables[1].points[2]: must be between 0 and 1000000",
    ]


def test_it_reports_a_missing_file():
    proc = rank("/nonexistent/concours.json")
    assert proc.returncode == 2
    assert "cannot read" in proc.stderr


def test_the_contract_examples_agree():
    """docs/concours.md: the results document of section 1 ranks exactly as
    the ranking document of section 2.6 shows."""
    text = (ROOT / "docs" / "concours.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```json\n(.*?)```", text, re.S)
    document, ranking = json.loads(blocks[0]), json.loads(blocks[1])
    assert rank_document(document) == ranking
