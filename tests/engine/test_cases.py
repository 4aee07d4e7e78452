"""Every worked case of every game of the registry (each game's package's
``cases/``, and its shared folder, ../shared/scoring/<kind>, when present),
through the engine and the command; belote's edge cases of the command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scoresheets.scoring import MatchError, score_document
from scoresheets.scoring.engines import DEFAULT_GAME, ENGINES
from tests.commands import manage as run_command_as_process
from tests.commands import run_command
from tests.conftest import CASES_DIR, case_files, case_id, game_case_files

CASES = case_files()
# (game, case) of every game, from the registry: a new game's run here.
GAME_CASES = [(game, path) for game in ENGINES for path in game_case_files(game)]
GAME_IDS = [f"{game}-{case_id(path)}" for game, path in GAME_CASES]


def test_it_finds_the_project_cases():
    # The project's own copy must be there: a clone tests itself without ../shared.
    assert len([p for p in CASES if p.parent == CASES_DIR]) >= 30


def assert_matches_expected(result: dict, expected: dict) -> None:
    """Keys of ``expected`` must match exactly; keys the result adds are ignored."""
    for key, value in expected.items():
        if key == "hands":
            assert len(result["hands"]) == len(value)
            for number, (got, want) in enumerate(zip(result["hands"], value, strict=True), 1):
                for hand_key, hand_value in want.items():
                    assert got[hand_key] == hand_value, f"hand {number}, {hand_key}"
        else:
            assert result[key] == value, key


def test_every_game_has_its_cases():
    assert {game for game, _path in GAME_CASES} == set(ENGINES)


@pytest.mark.parametrize(("game", "path"), GAME_CASES, ids=GAME_IDS)
def test_case_through_the_engine(game: str, path: Path):
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document.get("game", DEFAULT_GAME) == game
    expected = document["expected"]
    if expected.get("error"):
        with pytest.raises(MatchError) as info:
            score_document(document)
        assert info.value.problems
        assert all(p.code and p.field for p in info.value.problems)
    else:
        assert_matches_expected(score_document(document), expected)


@pytest.mark.parametrize(("game", "path"), GAME_CASES, ids=GAME_IDS)
def test_case_through_the_command(game: str, path: Path):
    expected = json.loads(path.read_text(encoding="utf-8"))["expected"]
    code, out, err = run_command("score_match", str(path))
    if expected.get("error"):
        assert code == 2
        assert out == ""
        lines = err.strip().splitlines()
        assert lines and all(line.startswith(("hand ", "rules.")) for line in lines)
    else:
        assert code == 0, err
        assert err == ""
        assert_matches_expected(json.loads(out), expected)


def manage(*args: str, stdin: str | None = None, real_process: bool = False):
    proc = run_command_as_process("score_match", *args, stdin=stdin, real_process=real_process)
    proc.stdout, proc.stderr = proc.stdout.decode(), proc.stderr.decode()
    return proc


def test_it_reads_standard_input_in_a_real_process():
    path = next(p for p in CASES if p.stem == "reserves_accumulate")
    proc = manage("-", stdin=path.read_text(encoding="utf-8"), real_process=True)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["totals"] == {"A": 343, "B": 143}


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[1, 2]",
        '{"hands": [{"taker": "A", "points": {"A": 1e2}}]}',
        '{"hands": [{"taker": "A", "points": {"A": NaN}}]}',
        "[" * 50_000,
        '{"rules": null, "hands": []}',
    ],
)
def test_it_exits_2_without_traceback_on_bad_input(text: str):
    proc = manage("-", stdin=text)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    assert proc.stderr.strip()


def test_it_names_hand_and_field_on_each_line(tmp_path: Path):
    doc = {
        "hands": [
            {"taker": "A", "points": {"A": 82}},
            {"taker": "A", "points": {"A": 200}},
            {"taker": "B", "capot": "B", "points": {"B": 100}},
        ]
    }
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    proc = manage(str(path))
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.splitlines() == [
        "hand 2, points: must be between 0 and 162",
        "hand 3, points: must be empty with a capot (the capot team has all the tricks)",
    ]


def test_it_reports_a_missing_file():
    proc = manage("/nonexistent/match.json")
    assert proc.returncode == 2
    assert "cannot read" in proc.stderr
