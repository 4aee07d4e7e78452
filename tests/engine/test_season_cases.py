"""The worked season cases (tests/cases/season, and ../shared/scoring/season
when present) cover the contract, and ``manage.py rank_season``'s contract
(docs/concours.md, 6). Each case runs through the ranking and the command in
test_ranking_cases.py."""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from scoresheets.season.ranking import rank_season_document
from tests.commands import manage
from tests.conftest import ROOT, SEASON_CASES_DIR, season_case_files

CASES = season_case_files()


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_it_finds_the_project_cases():
    project = [p for p in CASES if p.parent == SEASON_CASES_DIR]
    assert len([p for p in project if not p.stem.startswith("error_")]) >= 10
    assert len([p for p in project if p.stem.startswith("error_")]) >= 5


def test_the_cases_cover_the_contract():
    """Each setting of the season (6.2) is in some valid case."""
    valid = [load(p) for p in CASES if not load(p)["expected"].get("error")]
    settings = [doc.get("settings", {}) for doc in valid]
    assert {s.get("ranking", "win_points") for s in settings} == {"win_points", "points"}
    assert any(s.get("min_nights", 1) > 1 for s in settings)
    assert any(s.get("best_nights") for s in settings)
    assert any("win_points" in s and "bye" in s for s in settings)
    assert any("nights" in s.get("tiebreaks", []) for s in settings)
    nights = [night for doc in valid for night in doc["nights"]]
    assert any("entrants" not in night for night in nights)  # à la mêlée, by number
    assert any(night["concours"].get("settings", {}).get("game") == "coinche" for night in nights)


def rank(*args: str, stdin: str | None = None, real_process: bool = False):
    proc = manage("rank_season", *args, stdin=stdin, real_process=real_process)
    return SimpleNamespace(
        returncode=proc.returncode, stdout=proc.stdout.decode(), stderr=proc.stderr.decode()
    )


def test_it_reads_standard_input_in_a_real_process():
    path = SEASON_CASES_DIR / "champ_commun_win_4_loss_2_bye_3_plus_1000.json"
    proc = rank("-", stdin=path.read_text(encoding="utf-8"), real_process=True)
    assert proc.returncode == 0, proc.stderr
    assert [s["player"] for s in json.loads(proc.stdout)["standings"]] == [5, 6, 1, 2, 3, 4]


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[1, 2]",
        '{"players": [], "nights": [{"concours": {"teams": [], "parties": [1e3]}}]}',
        '{"players": [{"number": NaN}], "nights": []}',
        "[" * 50_000,
        '{"settings": null, "players": [], "nights": []}',
        '{"players": [], "nights": {}}',
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
        "settings": {"min_nights": 101},
        "players": [{"number": 1}, {"number": 1}],
        "nights": [{"concours": {"teams": [{"number": 1}], "parties": []}, "entrants": [{}]}],
    }
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document))
    proc = rank(str(path))
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.splitlines() == [
        "settings.min_nights: must be between 0 and 100",
        "players[2].number: 1 is already the number of another player",
        "nights[1].entrants[1].number: is required",
        "nights[1].entrants[1].players: is required",
    ]


def test_it_reports_a_missing_file():
    proc = rank("/nonexistent/season.json")
    assert proc.returncode == 2
    assert "cannot read" in proc.stderr


def test_the_contract_examples_agree():
    """docs/concours.md, 6: the season document of 6.1 ranks as 6.4 shows."""
    text = (ROOT / "docs" / "concours.md").read_text(encoding="utf-8")
    season = text.split("## 6. ")[1]
    blocks = re.findall(r"```json\n(.*?)```", season, re.S)
    document, ranking = json.loads(blocks[0]), json.loads(blocks[1])
    assert rank_season_document(document) == ranking
