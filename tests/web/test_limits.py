"""The limits a real match never meets (scoresheets/limits.py): hands per
match on entry, restore and import (web and command), the request body
refused from its Content-Length and an upload cut off while it streams,
players and matches per table. Nothing is saved past a limit."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client, RequestFactory
from django.utils import timezone

from scoresheets import limits, scoring
from scoresheets.matches import services, uploads
from scoresheets.models import Hand, Match, Table, TablePlayer
from tests.commands import run_command
from tests.factories import entry_form, hand, make_match

pytestmark = pytest.mark.django_db

PASSED = {"taker": None}  # everyone passed: a hand that never ends a match
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def stored_hands(match: Match, count: int, *, deleted: int = 0) -> None:
    """Store ``count`` redealt hands in ``match`` directly (as a match saved
    before the cap could be), the last ``deleted`` of them deleted."""
    fields = Hand.fields_from_input(scoring.HandInput(None))
    Hand.objects.bulk_create(
        Hand(
            match=match,
            number=number,
            deleted_at=timezone.now() if number > count - deleted else None,
            **fields,
        )
        for number in range(1, count + 1)
    )


def upload(data: bytes) -> SimpleUploadedFile:
    return SimpleUploadedFile("match.json", data, content_type="application/json")


def document(hands: int) -> dict:
    return {"rules": {"target": 1000}, "hands": [PASSED] * hands}


# --------------------------------------------------------------------------
# Hands per match
# --------------------------------------------------------------------------


def test_it_takes_the_last_hand_a_match_can_hold():
    match = make_match()
    stored_hands(match, limits.MATCH_MAX_HANDS - 1)
    change = services.hand_record(match=match, hand=hand("A", 100))
    assert change.number == limits.MATCH_MAX_HANDS


def test_it_refuses_a_hand_past_the_cap_and_saves_nothing():
    match = make_match()
    stored_hands(match, limits.MATCH_MAX_HANDS)
    with pytest.raises(scoring.MatchError) as error:
        services.hand_record(match=match, hand=hand("A", 100))
    assert [p.code for p in error.value.problems] == ["hands_limit"]
    assert match.hands.count() == limits.MATCH_MAX_HANDS
    assert Match.objects.get().version == match.version


def test_deleted_hands_count_against_the_cap():
    match = make_match()
    stored_hands(match, limits.MATCH_MAX_HANDS, deleted=5)
    with pytest.raises(scoring.MatchError):
        services.hand_record(match=match, hand=hand("A", 100))
    assert match.hands.count() == limits.MATCH_MAX_HANDS


def test_the_engine_itself_scores_any_number_of_hands():
    hands = [scoring.HandInput(None)] * (limits.MATCH_MAX_HANDS * 5)
    result = scoring.score_match(scoring.Rules(), hands)
    assert len(result.hands) == limits.MATCH_MAX_HANDS * 5


@pytest.mark.parametrize("htmx", [False, True])
def test_the_hand_form_says_the_match_is_full(client: Client, htmx: bool):
    match = make_match()
    stored_hands(match, limits.MATCH_MAX_HANDS)
    headers = {"HX-Request": "true"} if htmx else {}
    data = entry_form(match, taker="1", points="100", number=str(limits.MATCH_MAX_HANDS + 1))
    response = client.post(f"/m/{match.token}/donnes/", data, headers=headers)
    assert response.status_code == 422
    body = response.content.decode()
    assert f"Cette partie a atteint {limits.MATCH_MAX_HANDS} donnes, le maximum" in body
    assert 'name="points" id="id_points"\n             value="100"' in body  # entry kept
    assert match.hands.count() == limits.MATCH_MAX_HANDS


def test_the_hand_form_says_it_in_english_too(client: Client):
    match = make_match()
    stored_hands(match, limits.MATCH_MAX_HANDS)
    data = entry_form(match, taker="1", points="100")
    response = client.post(f"/m/{match.token}/donnes/", data, **EN)
    assert response.status_code == 422
    assert f"This match has reached {limits.MATCH_MAX_HANDS} hands" in response.content.decode()


def test_it_refuses_to_restore_a_hand_into_a_match_over_the_cap(client: Client):
    match = make_match()
    stored_hands(match, limits.MATCH_MAX_HANDS + 1, deleted=1)
    deleted = match.hands.get(number=limits.MATCH_MAX_HANDS + 1)
    with pytest.raises(scoring.MatchError) as error:
        services.hand_restore(match=match, hand_id=deleted.pk)
    assert [p.code for p in error.value.problems] == ["hands_limit"]
    response = client.post(f"/m/{match.token}/donnes/{deleted.pk}/retablir/")
    assert response.status_code == 303
    page = client.get(response["Location"]).content.decode()
    assert f"Cette partie a atteint {limits.MATCH_MAX_HANDS} donnes, le maximum" in page
    deleted.refresh_from_db()
    assert deleted.deleted_at is not None


def test_a_restore_within_the_cap_goes_on():
    match = make_match()
    stored_hands(match, limits.MATCH_MAX_HANDS, deleted=1)
    deleted = match.hands.get(number=limits.MATCH_MAX_HANDS)
    change = services.hand_restore(match=match, hand_id=deleted.pk)
    assert change.number == limits.MATCH_MAX_HANDS


def test_the_sheet_of_a_full_match_renders(client: Client):
    match = make_match()
    stored_hands(match, limits.MATCH_MAX_HANDS)
    response = client.get(f"/m/{match.token}/")
    assert response.status_code == 200
    assert 'id="hand-200"' in response.content.decode()


# --------------------------------------------------------------------------
# Import: web and command
# --------------------------------------------------------------------------


def test_the_web_import_takes_a_match_of_the_most_hands(client: Client):
    data = json.dumps(document(limits.MATCH_MAX_HANDS)).encode()
    response = client.post("/importer/", {"document": upload(data)})
    assert response.status_code == 303
    assert Match.objects.get().hands.count() == limits.MATCH_MAX_HANDS


@pytest.mark.parametrize(
    ("language", "text"),
    [
        ({}, "Ce fichier a 5000 donnes, et une partie en compte 200 au plus."),
        (EN, "This file has 5000 hands, and a match holds 200 at most."),
    ],
)
def test_the_web_import_refuses_a_document_of_too_many_hands(client: Client, language, text):
    data = json.dumps(document(5000)).encode()
    assert len(data) < limits.IMPORT_MAX_BYTES
    response = client.post("/importer/", {"document": upload(data)}, **language)
    assert response.status_code == 422
    assert text in response.content.decode()
    assert Match.objects.count() == 0
    assert Hand.objects.count() == 0


def test_the_command_refuses_a_document_of_too_many_hands(tmp_path: Path):
    path = tmp_path / "long.json"
    path.write_text(json.dumps(document(limits.MATCH_MAX_HANDS + 1)))
    code, out, err = run_command("import_match", str(path))
    assert code == 2
    assert out == ""
    assert err.splitlines() == ["hands: a match holds at most 200 hands; this document has 201"]
    assert Match.objects.count() == 0


def test_the_command_refuses_a_huge_file_from_its_size_before_reading_it(tmp_path: Path):
    # A sparse file of 1 GB of NUL bytes: read whole, it would take the
    # memory and fail as "not JSON"; refused from its size, it is never read.
    path = tmp_path / "huge.json"
    with open(path, "wb") as handle:
        handle.truncate(1 << 30)
    code, _, err = run_command("import_match", str(path))
    assert code == 2
    assert err.splitlines() == ["document: is larger than 256 KB (262144 bytes), the most accepted"]
    assert Match.objects.count() == 0


def test_the_command_reads_no_more_than_the_cap_from_standard_input(monkeypatch):
    stream = io.BytesIO(b" " * (limits.IMPORT_MAX_BYTES + 10_000))
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(stream))
    code, _, err = run_command("import_match", "-")
    assert code == 2
    assert "is larger than 256 KB" in err
    assert stream.tell() == limits.IMPORT_MAX_BYTES + 1  # read stopped there
    assert Match.objects.count() == 0


def test_score_match_still_scores_a_long_document(tmp_path: Path):
    path = tmp_path / "long.json"
    path.write_text(json.dumps(document(20_000)))
    assert path.stat().st_size > limits.IMPORT_MAX_BYTES
    code, out, err = run_command("score_match", str(path))
    assert (code, err) == (0, "")
    assert len(json.loads(out)["hands"]) == 20_000


# --------------------------------------------------------------------------
# Request bodies
# --------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/importer/", "/nouvelle/", "/tables/nouvelle/"])
def test_a_body_declared_over_the_cap_is_refused_before_it_is_read(client: Client, path: str):
    # A small body behind a huge Content-Length: the test client's input
    # fails loudly if anything tries to read past those few bytes.
    response = client.generic(
        "POST",
        path,
        b"--x\r\n",
        content_type="multipart/form-data; boundary=x",
        CONTENT_LENGTH=str(10**12),
    )
    assert response.status_code == 413
    body = response.content.decode()
    assert "Ce que vous envoyez est trop gros" in body
    assert "Rebelote accepte au plus 256 Ko d'un coup." in body
    assert Match.objects.count() == 0


def test_the_413_page_speaks_english_too(client: Client):
    response = client.generic("POST", "/importer/", b"", CONTENT_LENGTH=str(10**9), **EN)
    assert response.status_code == 413
    assert "Rebelote accepts at most 256 KB at once." in response.content.decode()


def test_a_file_just_over_the_cap_is_cut_off_and_refused_with_the_form(client: Client):
    data = b" " * limits.IMPORT_MAX_BYTES + b"{}"  # valid JSON, two bytes over the cap
    response = client.post("/importer/", {"document": upload(data)})
    assert response.status_code == 422
    body = response.content.decode()
    assert "Ce fichier est trop gros (256 Ko au plus)." in body
    assert "Importer une partie" in body
    assert Match.objects.count() == 0


class EndlessUpload(io.RawIOBase):
    """A multipart body of one file that never ends, counting what is read."""

    def __init__(self) -> None:
        self.head = (
            b'--x\r\nContent-Disposition: form-data; name="document"; filename="m.json"\r\n'
            b"Content-Type: application/json\r\n\r\n"
        )
        self.read_bytes = 0

    def read(self, size: int = -1) -> bytes:
        size = 64 * 1024 if size is None or size < 0 else size
        chunk = (self.head + b" " * size)[:size] if self.read_bytes == 0 else b" " * size
        self.read_bytes += len(chunk)
        return chunk


def test_the_upload_handler_stops_reading_an_endless_file_at_the_cap():
    # Built without the middleware: the handler is the second line, for a
    # body whose declared length nobody checked.
    stream = EndlessUpload()
    request = RequestFactory().generic(
        "POST", "/importer/", b"-", content_type="multipart/form-data; boundary=x"
    )
    request.META["CONTENT_LENGTH"] = str(10**12)
    request.META["wsgi.input"] = stream
    request = type(request)(request.META)  # a WSGIRequest reading that stream
    assert "document" not in request.FILES
    assert uploads.upload_cut(request)
    assert stream.read_bytes < limits.IMPORT_MAX_BYTES + 256 * 1024


# --------------------------------------------------------------------------
# Tables: players and matches
# --------------------------------------------------------------------------


def full_table(players: int = limits.TABLE_MAX_PLAYERS) -> Table:
    table = Table.objects.create(name="Le club")
    TablePlayer.objects.bulk_create(
        TablePlayer(table=table, name=f"Joueur {n}") for n in range(1, players + 1)
    )
    return table


def test_the_roster_refuses_a_player_past_the_cap(client: Client):
    table = full_table()
    response = client.post(f"/t/{table.token}/joueurs/", {"name": "Zoé"})
    assert response.status_code == 422
    assert "Cette table a déjà 100 joueurs, le maximum." in response.content.decode()
    assert table.roster.count() == limits.TABLE_MAX_PLAYERS


def test_the_roster_takes_its_last_player(client: Client):
    table = full_table(limits.TABLE_MAX_PLAYERS - 1)
    response = client.post(f"/t/{table.token}/joueurs/", {"name": "Zoé"})
    assert response.status_code == 303
    assert table.roster.count() == limits.TABLE_MAX_PLAYERS


def test_a_new_match_with_a_new_name_in_a_full_roster_is_refused(client: Client):
    table = full_table()
    data = {
        "player_1": "Zoé",
        "person_2": table.roster.get(name="Joueur 2").pk,
        "person_3": table.roster.get(name="Joueur 3").pk,
        "person_4": table.roster.get(name="Joueur 4").pk,
        "target": "1000",
        "capot_points": "252",
        "rounding": "none",
        "litige": "reserve",
        "renonce": "penalty",
        "first_dealer": "1",
        "card_names": "french",
        "preset": "classique",
    }
    response = client.post(f"/t/{table.token}/nouvelle/", data, **EN)
    assert response.status_code == 422
    assert "This table already has 100 players, the most it can hold." in (
        response.content.decode()
    )
    assert Match.objects.count() == 0
    assert table.roster.count() == limits.TABLE_MAX_PLAYERS


def test_a_table_refuses_a_match_past_the_cap():
    table = Table.objects.create(name="Les jeudis")
    Match.objects.bulk_create(
        Match(table=table, team_a_name="Nous", team_b_name="Eux")
        for _ in range(limits.TABLE_MAX_MATCHES)
    )
    with pytest.raises(limits.TableFull) as full:
        make_match(table=table)
    assert full.value.message() == (
        "Cette table a déjà 2000 parties, le maximum : créez une nouvelle table."
    )
    assert table.matches.count() == limits.TABLE_MAX_MATCHES
    assert table.roster.count() == 0  # not even the players were added
