"""Nothing is created twice: the new-match, table, table-match and import
forms carry a one-time key (forms.OneTimeKeyForm); the same form sent again
(a double tap, a resend after an answer the network lost) gets what the
first sending made. Review: each resend made another match or table."""

from __future__ import annotations

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from scoresheets.matches import services
from scoresheets.models import Hand, Match, Table
from scoresheets.tables import services as tables
from tests.factories import hand, make_match, play
from tests.factories import new_match_form as form
from tests.web.test_views_tables import RULES

pytestmark = pytest.mark.django_db

KEY = re.compile(r'<input type="hidden" name="key" value="([0-9a-f]{32})"')


def _key(client: Client, url: str) -> str:
    """The one-time key of the form at ``url``, as the page gives it."""
    found = KEY.findall(client.get(url).content.decode())
    assert len(found) == 1, found
    return found[0]


def test_each_new_match_page_gives_its_form_a_new_key(client: Client):
    assert _key(client, "/nouvelle/") != _key(client, "/nouvelle/")


def test_a_new_match_form_sent_twice_makes_one_match(client: Client):
    data = form(key=_key(client, "/nouvelle/"))
    first = client.post("/nouvelle/", data)
    again = client.post("/nouvelle/", data)  # the first answer never arrived
    assert first.status_code == again.status_code == 303
    assert first["Location"] == again["Location"]
    assert Match.objects.count() == 1


def test_a_key_sent_again_with_other_players_makes_a_new_match(client: Client):
    """The form brought back (Back) and changed is another match, not a resend."""
    key = _key(client, "/nouvelle/")
    client.post("/nouvelle/", form(key=key))
    response = client.post("/nouvelle/", form(key=key, player_4="Zoé"))
    assert response.status_code == 303
    assert Match.objects.count() == 2
    newest = Match.objects.order_by("-pk").first()
    assert response["Location"] == f"/m/{newest.token}/"
    assert [p.name for p in newest.players.order_by("seat")][-1] == "Zoé"


def test_a_form_without_a_key_still_creates(client: Client):
    """A page served before the key existed, or a client without it."""
    assert client.post("/nouvelle/", form()).status_code == 303
    assert client.post("/nouvelle/", form()).status_code == 303
    assert Match.objects.count() == 2


def test_two_sendings_at_once_make_one_match(monkeypatch):
    """Both pass the check for the key before either has stored it: the
    second's insert breaks the key's unique constraint, and it gets the
    first's match."""
    rules = services.scoring.Rules()
    names = ["Alice", "Bob", "Claire", "Dan"]
    first = services.match_create(names=names, rules=rules, key="k" * 32)
    real = services._created_match
    calls = []

    def late_check(key, wanted, hands=None):
        calls.append(key)
        if len(calls) == 1:
            return None, key  # as if the other sending had not stored it yet
        return real(key, wanted, hands)

    monkeypatch.setattr(services, "_created_match", late_check)
    again = services.match_create(names=names, rules=rules, key="k" * 32)
    assert again.pk == first.pk
    assert len(calls) == 2
    assert Match.objects.count() == 1


def test_a_table_form_sent_twice_makes_one_table(client: Client):
    data = {"name": "Les jeudis", "players": "Léa, Sam", "key": _key(client, "/tables/nouvelle/")}
    first = client.post("/tables/nouvelle/", data)
    again = client.post("/tables/nouvelle/", data)
    assert first.status_code == again.status_code == 303
    assert first["Location"] == again["Location"]
    assert Table.objects.count() == 1
    assert Table.objects.get().roster.count() == 2


def test_a_table_key_sent_again_with_another_name_makes_a_new_table(client: Client):
    key = _key(client, "/tables/nouvelle/")
    client.post("/tables/nouvelle/", {"name": "Les jeudis", "players": "", "key": key})
    client.post("/tables/nouvelle/", {"name": "Les vendredis", "players": "", "key": key})
    assert sorted(Table.objects.values_list("name", flat=True)) == ["Les jeudis", "Les vendredis"]


def test_a_table_match_form_sent_twice_makes_one_match(client: Client):
    table = tables.table_create(name="Jeudi", player_names=["Léa", "Sam", "Noé", "Zoé"])
    url = f"/t/{table.token}/nouvelle/"
    data = dict(RULES, key=_key(client, url))
    data.update({f"person_{seat}": p.pk for seat, p in enumerate(table.roster.all(), start=1)})
    first = client.post(url, data)
    again = client.post(url, data)
    assert first.status_code == again.status_code == 303
    assert first["Location"] == again["Location"]
    assert table.matches.count() == 1


def test_an_import_sent_twice_makes_one_match(client: Client):
    match = play(make_match(), hand("A", 81), hand("B", 100, belote="B"))
    exported = client.get(f"/m/{match.token}/export.json").content
    key = _key(client, "/")

    def send():
        upload = SimpleUploadedFile("partie.json", exported, content_type="application/json")
        return client.post("/importer/", {"document": upload, "key": key})

    first, again = send(), send()
    assert first.status_code == again.status_code == 303
    assert first["Location"] == again["Location"]
    copies = Match.objects.exclude(pk=match.pk)
    assert copies.count() == 1
    assert Hand.objects.filter(match=copies.get()).count() == 2


def test_an_import_key_sent_again_with_another_document_imports_it(client: Client):
    key = _key(client, "/")
    for hands in ([hand("A", 81)], [hand("A", 81), hand("B", 90)]):
        document = services.match_export_document(play(make_match(), *hands))
        upload = SimpleUploadedFile("p.json", json.dumps(document).encode(), "application/json")
        assert client.post("/importer/", {"document": upload, "key": key}).status_code == 303
    assert Match.objects.filter(creation_key__isnull=False).count() == 1
    assert Match.objects.count() == 4  # two played here, two imported


def test_a_key_replayed_from_another_browser_never_gets_the_creators_match(client: Client):
    """Issue 21: the key is a bearer secret nobody was told about; bound to the
    browser that sent it, its replay elsewhere makes its own match."""
    data = form(key=_key(client, "/nouvelle/"))
    mine = client.post("/nouvelle/", data)
    stranger = Client()
    stranger.get("/nouvelle/")  # its own cookies
    theirs = stranger.post("/nouvelle/", data)
    assert mine.status_code == theirs.status_code == 303
    assert theirs["Location"] != mine["Location"]
    assert Match.objects.count() == 2
    assert client.post("/nouvelle/", data)["Location"] == mine["Location"]  # still mine


def test_a_table_key_replayed_from_another_browser_never_gets_the_creators_table(
    client: Client,
):
    data = {"name": "Les jeudis", "players": "", "key": _key(client, "/tables/nouvelle/")}
    mine = client.post("/tables/nouvelle/", data)
    theirs = Client().post("/tables/nouvelle/", data)
    assert theirs["Location"] != mine["Location"]
    assert Table.objects.count() == 2


def test_a_first_time_visitors_double_tap_is_one_browser(client: Client):
    """Both sendings carry the CSRF cookie the form's page set: one match."""
    data = form(key=_key(client, "/nouvelle/"))
    assert "sessionid" not in client.cookies  # no session yet to bind to
    first = client.post("/nouvelle/", data)
    client.cookies.pop("sessionid", None)  # the second left before the first's answer
    again = client.post("/nouvelle/", data)
    assert first["Location"] == again["Location"]
    assert Match.objects.count() == 1
