"""The written contract (docs/sync.md) against the server: every conflict
kind, answer and status, undo refusal, sheet part and hidden field it names
is the code's, and a new hand's write answers each status it lists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.db import OperationalError
from django.test import Client

from scoresheets import ratelimits
from scoresheets.matches import services
from scoresheets.models import Hand, Match
from scoresheets.sync.kinds import STATUS, Answer, ConflictKind, UndoRefusal
from scoresheets.sync.sheet import FOLLOWS_SHEET, SHEET_PARTS
from tests.factories import entry_form, hand, make_match, play

pytestmark = pytest.mark.django_db

CONTRACT = (Path(__file__).resolve().parents[2] / "docs" / "sync.md").read_text()
HIDDEN = re.compile(r'<input type="hidden" name="([a-z_]+)" value="([^"]*)"')


def section(title: str) -> str:
    start = CONTRACT.index(f"\n## {title}\n")
    end = CONTRACT.find("\n## ", start + 1)
    return CONTRACT[start : end if end > 0 else None]


def test_the_contract_names_every_conflict_kind_in_its_table():
    rows = [line.split("|")[1] for line in section("Conflict kinds").splitlines() if "|" in line]
    named = {name for cell in rows for name in re.findall(r"`([a-z]+)`", cell)}
    assert named == {kind.value for kind in ConflictKind}


def test_the_contract_gives_every_answer_its_status():
    rows = re.findall(r"^\| `([a-z_]+)` \| (\d{3})\b", section("What each write answers"), re.M)
    assert {Answer(name): int(status) for name, status in rows} == STATUS
    assert "| `saved` | 200 to htmx, else 303 |" in CONTRACT  # its second status, without htmx


def test_the_contract_names_every_undo_refusal():
    undo = section("Undo")
    assert all(f"`{reason.value}`" in undo for reason in UndoRefusal)


def test_the_contract_names_the_sheet_s_parts_and_the_fields_that_follow_it():
    parts = section("The sheet's parts")
    assert all(f"`#{part}`" in parts for part in SHEET_PARTS)
    fields = section("The hidden fields that follow the sheet")
    assert all(f"`{name}`" in fields for name in FOLLOWS_SHEET)
    assert "## Client\n" in CONTRACT  # the client's half has its heading


def test_the_entry_form_s_hidden_fields_follow_the_scoreboard(client: Client):
    match = play(make_match(), hand("A", 100), hand("B", 90))
    body = client.get(f"/m/{match.token}/").content.decode()
    board = re.search(r'<section id="scoreboard"[^>]*>', body).group(0)
    form = body[body.index('<form id="hand-form"') :]
    fields = dict(HIDDEN.findall(form[: form.index("</form>")]))
    assert set(FOLLOWS_SHEET) <= set(fields)
    assert f'data-next-number="{fields["number"]}"' in board
    assert f'data-version="{fields["match_version"]}"' in board
    assert fields["number"] == "3" and fields["match_version"] == str(match.version)


def test_a_changed_poll_answers_the_sheet_s_parts_in_order_and_an_unchanged_one_204(
    client: Client,
):
    match = play(make_match(), hand("A", 100))
    changed = client.get(f"/m/{match.token}/poll/?v=1")
    assert changed.status_code == 200
    ids = re.findall(r'^<section id="([a-z-]+)"', changed.content.decode(), re.M)
    assert tuple(ids) == SHEET_PARTS
    assert client.get(f"/m/{match.token}/poll/?v={match.version}").status_code == 204


def entry(match: Match, **typed: str) -> dict[str, str]:
    return entry_form(match, {"number": "1", "taker": "1", "points": "90"}, **typed)


def busy(**kwargs):
    raise OperationalError("database is locked")


def refused_by_the_rate_limit(request, limit):
    return {"should_limit": True, "time_left": 30}


@pytest.mark.parametrize("htmx", [False, True])
@pytest.mark.parametrize("answer", list(Answer))
def test_a_new_hand_answers_each_status_of_the_contract(answer, htmx, monkeypatch):
    match = make_match()
    data, client, token = entry(match), Client(), match.token
    if answer == Answer.CONFLICT:
        play(match, hand("B", 100))  # another phone, after this form was opened
    elif answer == Answer.REFUSED:
        data["points"] = "200"  # more than a hand's trick points
    elif answer == Answer.BUSY:
        monkeypatch.setattr(services, "hand_record", busy)
    elif answer == Answer.RATE_LIMITED:
        monkeypatch.setattr(ratelimits, "_usage", refused_by_the_rate_limit)
    elif answer == Answer.FORBIDDEN:
        client = Client(enforce_csrf_checks=True)
    elif answer == Answer.NOT_FOUND:
        token = "x" * len(token)
    headers = {"HX-Request": "true"} if htmx else {}
    response = client.post(f"/m/{token}/donnes/", data, headers=headers)
    saved_without_script = answer == Answer.SAVED and not htmx
    assert response.status_code == (303 if saved_without_script else STATUS[answer])
    assert Hand.objects.filter(match=match).count() == (
        1 if answer in (Answer.SAVED, Answer.CONFLICT) else 0  # the conflict's is the other's
    )


@pytest.mark.parametrize(
    ("language", "text"),
    [
        (
            "fr",
            "Les donnes 1 à 2 viennent d'être saisies depuis d'autres téléphones. Votre saisie "
            "est gardée : validez-la comme donne 3, ou abandonnez-la.",
        ),
        (
            "en",
            "Hands 1 to 2 were just entered from other phones. Your entry is kept: save it as "
            "hand 3, or drop it.",
        ),
    ],
)
def test_a_conflict_keeps_the_entry_for_the_next_hand_in_the_phone_s_language(language, text):
    match = make_match()
    data = entry(match, points="70", key="k" * 32)
    match = play(match, hand("B", 100), hand("A", 80))  # other phones, after the form opened
    response = Client().post(f"/m/{match.token}/donnes/", data, HTTP_ACCEPT_LANGUAGE=language)
    body = response.content.decode().replace("&#x27;", "'")
    assert response.status_code == 409
    assert text in body
    again = dict(HIDDEN.findall(body[body.index('<form id="hand-form"') :]))
    assert again["number"] == "3" and again["match_version"] == str(match.version)
    assert again["key"] == "k" * 32  # the same write: confirming it saves it once
