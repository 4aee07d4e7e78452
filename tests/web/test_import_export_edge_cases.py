"""Imports and exports at their edges (odd documents, huge numbers, the belote
holder), through the web and the commands: each test failed before its fix."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client

from scoresheets.matches import services
from scoresheets.models import Match
from tests.conftest import ROOT
from tests.factories import hand, make_match

pytestmark = pytest.mark.django_db


def upload(text: str | bytes) -> SimpleUploadedFile:
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    return SimpleUploadedFile("match.json", data, content_type="application/json")


@pytest.mark.parametrize("extra", [{"preset": []}, {"preset": {}}, {"card_names": ["x"]}])
def test_a_malformed_preset_in_an_import_is_ignored(client: Client, extra):
    document = {"hands": [], "rebelote": extra}
    response = client.post("/importer/", {"document": upload(json.dumps(document))})
    assert response.status_code == 303
    assert Match.objects.get().preset == "custom"


@pytest.mark.parametrize(
    "text",
    [
        '{"hands":[{"\\ud800":1,"taker":null}]}',
        '{"rules":{"\\udfff":1},"hands":[]}',
        '{"hands":[],"rebelote":{"players":["\\ud800","b","c","d"]}}',
    ],
)
def test_an_import_with_lone_surrogates_is_refused_with_a_message(client: Client, text):
    response = client.post("/importer/", {"document": upload(text)})
    assert response.status_code == 422
    assert Match.objects.count() == 0


def test_a_nul_character_in_an_imported_name_falls_back_to_the_default(client: Client):
    document = {"hands": [], "rebelote": {"players": ["a\u0000", "b", "c", "d"]}}
    response = client.post("/importer/", {"document": upload(json.dumps(document))})
    assert response.status_code == 303
    assert Match.objects.get().players.get(seat=1).name == "Joueur 1"


def test_the_web_import_accepts_a_byte_order_mark(client: Client):
    response = client.post("/importer/", {"document": upload(b'\xef\xbb\xbf{"hands": []}')})
    assert response.status_code == 303


def test_the_export_keeps_who_held_the_belote():
    match = make_match()
    services.hand_record(match=match, hand=hand("A", 100, belote="B"), taker_seat=1, belote_seat=4)
    document = json.loads(json.dumps(services.match_export_document(match)))
    copy = services.match_import(document=document)
    assert copy.hands.get().belote_seat == 4


def run(command: str, text: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", command, "-"],
        cwd=ROOT,
        input=text,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_score_match_exits_2_on_a_result_too_large_to_print():
    # 4,300 digits parse (Python's limit); two of them add up to 4,301 digits,
    # which json.dumps refuses to write. A's announcements while B makes capot:
    # A took no trick, so it cannot win on them and the match goes on.
    big = 9 * 10**4299
    played = {"taker": "B", "capot": "B", "announcements": {"A": big}}
    proc = run("score_match", json.dumps({"hands": [played, played]}))
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert "too large" in proc.stderr
    assert proc.stdout == ""


def test_import_match_exits_2_on_a_target_the_database_cannot_hold(tmp_path):
    path = tmp_path / "big.json"
    path.write_text(json.dumps({"rules": {"target": 1180591620717411303424}, "hands": []}))
    err = io.StringIO()
    with pytest.raises(SystemExit) as info:
        call_command("import_match", str(path), stdout=io.StringIO(), stderr=err)
    assert info.value.code == 2
    assert "too large" in err.getvalue()
    assert Match.objects.count() == 0
