"""The answer to a change sent with htmx shows the match as the change left
it, from what the service read and scored in its transaction (issue 21,
"Cheaper hands": ``scoresheet_after``): the same sheet as the
database gives once the change is committed, without reading it again."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.db.models import F
from django.test import Client
from django.test.utils import CaptureQueriesContext

from scoresheets.games.coinche.engine import CoincheRules
from scoresheets.matches import services
from scoresheets.matches.scoresheet import Scoresheet, match_get_scoresheet
from scoresheets.models import Match
from tests.factories import NAMES, hand, make_match, play

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')


def sheet_of(body: str) -> str:
    """The scoreboard and the hands of an answer, but their CSRF tokens."""
    return CSRF.sub("", body[body.index('<section id="scoreboard"') :])


def from_the_database(match: Match) -> str:
    """The sheet a phone that saw nothing gets, rendered from the database."""
    cache.clear()
    poll = Client().get(f"/m/{match.token}/poll/?v=0", headers=HTMX)
    assert poll.status_code == 200
    return sheet_of(poll.content.decode())


def live(match: Match):
    return match_get_scoresheet(match).hands


def test_a_new_hand_answers_the_sheet_the_database_gives(client: Client):
    match = play(make_match(announcements=True), hand("A", 100), hand(None), hand("B", 90))
    client.get(f"/m/{match.token}/")
    data = {
        "taker": "3",
        "points": "120",
        "belote": "A",
        "ann_team": "B",
        "ann_points": "50",
        "match_version": str(match.version),
    }
    saved = client.post(f"/m/{match.token}/donnes/", data, headers=HTMX)
    assert saved.status_code == 200
    assert sheet_of(saved.content.decode()) == from_the_database(match)


def test_the_hand_that_ends_the_match_answers_the_winner(client: Client):
    match = play(make_match(target=300), hand("A", 120), hand("A", 130))
    data = {"taker": "1", "capot": "A", "match_version": str(match.version)}
    saved = client.post(f"/m/{match.token}/donnes/", data, headers=HTMX)
    body = saved.content.decode()
    assert 'data-finished="true"' in body
    assert sheet_of(body) == from_the_database(match)


def test_a_coinche_hand_answers_the_sheet_the_database_gives(client: Client):
    match = services.match_create(names=NAMES, rules=CoincheRules(target=2000))
    data = {"taker": "2", "bid": "100", "suit": "hearts", "points": "110", "match_version": "1"}
    saved = client.post(f"/m/{match.token}/donnes/", data, headers=HTMX)
    assert saved.status_code == 200
    assert sheet_of(saved.content.decode()) == from_the_database(match)


def test_a_correction_and_a_delete_answer_the_sheet_the_database_gives(client: Client):
    match = play(make_match(), *[hand("A", 100)] * 4)
    second = live(match)[1]
    data = {"taker": "2", "points": "120", "hand_version": str(second.version)}
    corrected = client.post(f"/m/{match.token}/donnes/{second.pk}/", data, headers=HTMX)
    assert corrected.status_code == 200
    assert sheet_of(corrected.content.decode()) == from_the_database(match)
    third = live(match)[2]
    data = {"hand_version": str(third.version)}
    deleted = client.post(f"/m/{match.token}/donnes/{third.pk}/supprimer/", data, headers=HTMX)
    assert deleted.status_code == 200
    body = deleted.content.decode()
    assert "1 donne supprimée" in body
    assert sheet_of(body) == from_the_database(match)


def test_a_save_reads_nothing_again_after_its_write(client: Client):
    match = play(make_match(), *[hand("A", 100)] * 5)
    client.get(f"/m/{match.token}/")
    data = {"taker": "2", "points": "90", "match_version": str(match.version)}
    with CaptureQueriesContext(connection) as captured:
        saved = client.post(f"/m/{match.token}/donnes/", data, headers=HTMX)
    assert saved.status_code == 200
    assert 'id="hand-6"' in saved.content.decode()
    queries = [query["sql"] for query in captured.captured_queries]
    write = next(i for i, sql in enumerate(queries) if sql.startswith('UPDATE "scoresheets_match"'))
    # After the write, only the session: no read of the match, its players,
    # its hands or their history (the undo bar's "changed since?" either).
    after = [sql for sql in queries[write + 1 :] if sql.startswith("SELECT")]
    assert after and all('FROM "django_session"' in sql for sql in after), after


def test_a_new_hand_builds_the_view_of_its_own_row_only(client: Client, monkeypatch):
    # The other rows come from the cache as the page left them: their views
    # (Scoresheet.rows, one each) are not built for nothing.
    match = play(make_match(), *[hand("A", 100)] * 5)
    client.get(f"/m/{match.token}/")
    built = []
    real = Scoresheet.row

    def counted(sheet: Scoresheet, index: int):
        built.append(index)
        return real(sheet, index)

    monkeypatch.setattr(Scoresheet, "row", counted)
    data = {"taker": "2", "points": "90", "match_version": str(match.version)}
    saved = client.post(f"/m/{match.token}/donnes/", data, headers=HTMX)
    assert saved.status_code == 200
    assert 'id="hand-6"' in saved.content.decode()
    assert built == [5]


def test_a_save_joins_no_table(client: Client):
    # Each query of a save reads one table: the one-time key's lookup too (at
    # most one revision has it: no ordering by the revisions' hand and match).
    match = play(make_match(), *[hand("A", 100)] * 3)
    client.get(f"/m/{match.token}/")
    data = {"taker": "2", "points": "90", "match_version": str(match.version), "key": "k" * 32}
    with CaptureQueriesContext(connection) as captured:
        saved = client.post(f"/m/{match.token}/donnes/", data, headers=HTMX)
    assert saved.status_code == 200
    queries = [query["sql"] for query in captured.captured_queries]
    assert any('FROM "scoresheets_handrevision"' in sql for sql in queries)
    assert not [sql for sql in queries if " JOIN " in sql]


def test_a_write_locks_the_match_by_its_version_and_leaves_the_callers_match_alone():
    # The caller's match is current: the lock reads its version alone, the
    # write starts from the caller's read, whose own object does not move.
    match = play(make_match(), hand("A", 100))
    version = match.version
    with CaptureQueriesContext(connection) as captured:
        change = services.hand_record(match=match, hand=hand("B", 90))
    reads = [q["sql"] for q in captured.captured_queries if 'FROM "scoresheets_match"' in q["sql"]]
    assert len(reads) == 1
    assert reads[0].split(" FROM ")[0] in (
        'SELECT "scoresheets_match"."version"',
        'SELECT "scoresheets_match"."version" AS "version"',
    )
    # Nor are the earlier hands' dates read: a new hand neither shows nor saves them.
    hands = [q["sql"] for q in captured.captured_queries if 'FROM "scoresheets_hand"' in q["sql"]]
    assert len(hands) == 1 and '"scoresheets_hand"."updated_at"' not in hands[0]
    assert change.after.match.version == version + 1 and change.after.match is not match
    assert match.version == version
    assert Match.objects.get(pk=match.pk).version == version + 1


def test_a_write_reads_the_match_again_when_it_moved_on_since_the_callers_read():
    match = play(make_match(), hand("A", 100))
    stale = Match.objects.get(pk=match.pk)
    # Another phone's hand and a change of the row (a concours renames its sides).
    services.hand_record(match=match, hand=hand("A", 120))
    Match.objects.filter(pk=match.pk).update(team_a_name="Les Bleus", version=F("version") + 1)
    change = services.hand_record(match=stale, hand=hand("B", 90))
    after = change.after.match
    assert after.team_a_name == "Les Bleus"
    assert after.version == Match.objects.get(pk=match.pk).version
    assert [h.number for h in change.after.hands] == [1, 2, 3]
    assert change.number == 3
