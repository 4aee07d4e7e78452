"""Import (service and command) and export of match documents: the round trip."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scoresheets.matches import services
from scoresheets.models import Match
from scoresheets.scoring import MatchError, parse_match_document
from tests.commands import run_command
from tests.conftest import COINCHE_CASES_DIR, case_files, case_id
from tests.engine.test_cases import assert_matches_expected

CASES = case_files()
VALID = [p for p in CASES if not json.loads(p.read_text())["expected"].get("error")]
INVALID = [p for p in CASES if json.loads(p.read_text())["expected"].get("error")]


def import_command(path: str) -> tuple[int, str, str]:
    return run_command("import_match", str(path))


@pytest.mark.django_db
@pytest.mark.parametrize("path", VALID, ids=[case_id(p) for p in VALID])
def test_it_round_trips_every_valid_case(path: Path):
    document = json.loads(path.read_text(encoding="utf-8"))
    code, out, err = import_command(str(path))
    assert code == 0, err
    last_line = out.strip().splitlines()[-1]
    token = last_line.strip("/").split("/")[-1]
    assert last_line == f"/m/{token}/"
    match = Match.objects.get(token=token)

    exported = services.match_export_document(match)
    assert_matches_expected(exported["result"], document["expected"])
    original_rules, original_hands = parse_match_document(document)
    rules, hands = parse_match_document(exported)
    assert rules == original_rules
    assert hands == original_hands


@pytest.mark.django_db
@pytest.mark.parametrize("path", INVALID, ids=[case_id(p) for p in INVALID])
def test_it_creates_nothing_from_an_invalid_case(path: Path):
    code, out, err = import_command(str(path))
    assert code == 2
    assert out == ""
    assert err.strip().startswith(("hand ", "rules."))
    assert Match.objects.count() == 0


@pytest.mark.django_db
def test_it_refuses_a_hand_after_the_end_and_creates_nothing():
    document = {
        "rules": {"target": 100},
        "hands": [
            {"taker": "A", "points": {"A": 120}},
            {"taker": None},
        ],
    }
    with pytest.raises(MatchError) as info:
        services.match_import(document=document)
    assert [(p.hand, p.code) for p in info.value.problems] == [(2, "after_end")]
    assert Match.objects.count() == 0


@pytest.mark.django_db
def test_it_reports_a_file_that_is_not_json(tmp_path: Path):
    path = tmp_path / "not.json"
    path.write_text("{oops")
    code, out, err = import_command(str(path))
    assert code == 2
    assert out == ""
    assert "not valid JSON" in err
    assert Match.objects.count() == 0


@pytest.mark.django_db
def test_it_exports_the_rules_and_players_defaults_of_an_import():
    match = services.match_import(
        document={"rules": {"target": 501, "rounding": "nearest_ten"}, "hands": []}
    )
    assert (match.team_a_name, match.team_b_name) == ("Nous", "Eux")
    assert [p.name for p in match.players.all()] == ["Joueur 1", "Joueur 2", "Joueur 3", "Joueur 4"]
    exported = services.match_export_document(match)
    assert exported["rules"]["target"] == 501
    assert exported["rules"]["rounding"] == "nearest_ten"
    assert exported["hands"] == []
    assert exported["result"]["totals"] == {"A": 0, "B": 0}


@pytest.mark.django_db
def test_an_export_imports_back_with_its_players_and_takers():
    from scoresheets.scoring import HandInput, Rules

    match = services.match_create(
        names=["Léa", "Sam", "Noé", "Zoé"],
        rules=Rules(announcements=True),  # the preset's rules: an import keeps its name
        team_a_name="Les As",
        first_dealer=3,
        card_names="spanish",
        preset="marocaine",
    )
    services.hand_record(match=match, hand=HandInput("B", "B", 90), taker_seat=4)
    services.hand_record(match=match, hand=HandInput(None))
    document = json.loads(json.dumps(services.match_export_document(match)))
    copy = services.match_import(document=document)
    assert [p.name for p in copy.players.all()] == ["Léa", "Sam", "Noé", "Zoé"]
    assert (copy.team_a_name, copy.team_b_name) == ("Les As", "Sam & Zoé")
    assert (copy.first_dealer, copy.card_names, copy.preset) == (3, "spanish", "marocaine")
    assert [h.taker_seat for h in copy.hands.order_by("number")] == [4, None]
    assert services.match_export_document(copy)["result"] == document["result"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "extra",
    [
        "not an object",
        {"players": ["a", "b"], "teams": "x", "first_dealer": 9, "takers": [2]},
        {"players": ["", "b", "c", "d"], "takers": [2], "card_names": "tarot"},
    ],
)
def test_a_malformed_rebelote_key_falls_back_to_the_defaults(extra):
    document = {"hands": [{"taker": "A", "points": {"A": 90}}], "rebelote": extra}
    match = services.match_import(document=document)
    assert match.players.get(seat=1).name == "Joueur 1"
    assert (match.first_dealer, match.card_names) == (1, "french")
    assert match.hands.get().taker_seat is None  # seat 2 plays for B, not the taker A


@pytest.mark.parametrize("language", [{}, {"HTTP_ACCEPT_LANGUAGE": "en"}])
@pytest.mark.django_db
def test_the_web_import_takes_a_coinche_match_in_any_language(client, language):
    from django.core.files.uploadedfile import SimpleUploadedFile

    document = {"game": "coinche", "rules": {}, "hands": [{"taker": None}]}
    upload = SimpleUploadedFile("coinche.json", json.dumps(document).encode())
    response = client.post("/importer/", {"document": upload}, **language)
    assert response.status_code == 303
    assert Match.objects.get().game == "coinche"


@pytest.mark.django_db
def test_import_takes_a_coinche_document():
    # Issue 10: the database stores coinche matches (tests/web/test_coinche_storage.py).
    path = COINCHE_CASES_DIR / "made_100_with_120_points_plus_bid.json"
    code, out, err = run_command("import_match", str(path))
    assert (code, err) == (0, "")
    match = Match.objects.get()
    assert match.game == "coinche"
    assert out.splitlines()[-1] == f"/m/{match.token}/"
