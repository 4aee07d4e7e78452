"""The season's pages (docs/concours.md 6.5): create a challenge without an
account, add and remove its concours by their organiser's link, its
ranking (the pure core's, nothing else), the read-only link, the CSV and
the season document. Plain forms: a write answers 303, a refusal the page
again with its reason (422), never a 500."""

from __future__ import annotations

import csv
import datetime
import io
import json
import re

import pytest
from django.core.management import call_command
from django.urls import reverse

from scoresheets.concours import services as cs
from scoresheets.models import Concours, Season
from scoresheets.season import ranking as season_core
from scoresheets.season import services as ss
from tests.factories import make_match
from tests.factories import night_concours as night
from tests.web.test_read_only import post_forms

pytestmark = pytest.mark.django_db

NEW = {"name": "Challenge d'hiver", "ranking": "win_points", "min_nights": "2", "key": "k" * 32}


def organiser(season):
    return reverse("season", args=[season.token])


def read(season):
    return reverse("season_read", args=[season.read_token])


def add(client, season, link):
    return client.post(reverse("season_night_add", args=[season.token]), {"link": link})


def three_nights():
    """Léa plays three nights, Sam two, Noé one (unranked at min 2), and a
    team of guests plays the second."""
    return [
        night(9, [("A", ["Léa", "Sam"]), ("B", ["Noé", "Zoé"])]),
        night(16, [("A", ["lea", "SAM"]), ("B", ["Zoé", "Max"]), ("Invités", [])]),
        night(23, [("A", ["Léa", "Max"]), ("B", ["Zoé", "Ana"])], played=False),
    ]


def test_new_season_page_and_creation(client):
    page = client.get(reverse("season_new"))
    assert page.status_code == 200
    assert "Nouveau challenge" in page.content.decode()
    response = client.post(reverse("season_new"), {**NEW, "scoring": "champ_commun"})
    assert response.status_code == 303
    season = Season.objects.get()
    assert response["Location"] == organiser(season)
    assert season.settings == {
        "ranking": "win_points",
        "min_nights": 2,
        "win_points": {"win": 4, "loss": 2},
        "bye": {"kind": "fixed", "points": 1000, "win_points": 3},
    }
    again = client.post(reverse("season_new"), {**NEW, "scoring": "champ_commun"})
    assert again["Location"] == response["Location"]
    assert Season.objects.count() == 1
    # The home page lists it, as it lists the concours.
    assert organiser(season) in client.get("/").content.decode()


def test_new_season_with_its_own_values(client):
    data = {
        **NEW,
        "ranking": "points",
        "best_nights": "10",
        "scoring": "custom",
        "win": "3",
        "loss": "1",
        "bye_kind": "fixed",
        "bye_points": "500",
    }
    assert client.post(reverse("season_new"), data).status_code == 303
    assert Season.objects.get().settings == {
        "ranking": "points",
        "min_nights": 2,
        "best_nights": 10,
        "win_points": {"win": 3, "loss": 1},
        "bye": {"kind": "fixed", "points": 500},
    }


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"name": ""}, "Donnez un nom au challenge."),
        ({"min_nights": "101"}, "Un nombre de soirées, de 0 à 100."),
        ({"min_nights": "-1"}, "Un nombre de soirées, de 0 à 100."),
        ({"best_nights": "0"}, "Un nombre de soirées, de 1 à 100."),
        ({"ranking": "wins"}, "Sélectionnez un choix valide"),
        ({"scoring": "custom", "win": "1", "loss": "3"}, "victoire ≥ nul ≥ défaite"),
        ({"scoring": "custom", "win": "500"}, "Des points de victoire, de 0 à 100."),
        (
            {"scoring": "custom", "bye_kind": "half", "bye_points": "12"},
            "ne se donnent qu&#x27;avec « points fixes »",
        ),
    ],
)
def test_new_season_refusals_are_said_and_nothing_is_made(client, change, message):
    response = client.post(reverse("season_new"), {**NEW, **change})
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Season.objects.exists()


def test_a_refusal_is_said_in_english_too(client):
    client.cookies["django_language"] = "en"
    response = client.post(reverse("season_new"), {**NEW, "min_nights": "101"})
    assert response.status_code == 422
    assert "A number of nights, from 0 to 100." in response.content.decode()


def test_nights_are_added_by_their_organiser_link_and_removed(client):
    season = ss.season_create(name="Hiver", settings={"min_nights": 2})
    first, second, third = three_nights()
    for concours in (third, first):
        response = add(client, season, f"http://testserver/c/{concours.token}/")
        assert response.status_code == 303
        assert response["Location"] == organiser(season) + "#soirees"
    # From this browser's own concours: a button sends its token.
    client.get(reverse("concours", args=[second.token]))
    page = client.get(organiser(season)).content.decode()
    assert f'name="link" value="{second.token}"' in page
    assert f'value="{first.token}"' not in page  # already in a season
    assert add(client, season, second.token).status_code == 303
    assert list(season.nights.order_by("date")) == [first, second, third]
    assert "compte pour le challenge" in client.get(organiser(season)).content.decode()

    remove = reverse("season_night_remove", args=[season.token, third.pk])
    assert client.post(remove).status_code == 303
    assert Concours.objects.get(pk=third.pk).season is None
    # Removed already (a double tap): said, nothing changes.
    assert client.post(remove).status_code == 303
    assert "Introuvable" in client.get(organiser(season)).content.decode()
    assert season.nights.count() == 2


@pytest.mark.parametrize(
    ("what", "message"),
    [
        ("read", "C&#x27;est le lien de la salle de ce concours"),
        ("match", "C&#x27;est le lien d&#x27;une partie, pas d&#x27;un concours."),
        ("unknown", "Aucun concours n&#x27;a ce lien"),
        ("other", "Ce concours compte déjà pour le challenge « Printemps »"),
        ("empty", "Collez le lien de l&#x27;organisateur du concours."),
    ],
)
def test_a_bad_link_is_said_and_changes_nothing(client, what, message):
    season = ss.season_create(name="Hiver")
    concours = night(9, [("A", ["Léa", "Sam"])], played=False)
    other = ss.season_create(name="Printemps")
    if what == "other":
        ss.season_night_add(season=other, concours=concours)
    links = {
        "read": f"http://testserver/voir/concours/{concours.read_token}/salle/",
        "match": f"http://testserver/m/{make_match().token}/",
        "unknown": "http://testserver/c/" + "x" * 24 + "/",
        "other": concours.token,
        "empty": "",
    }
    response = add(client, season, links[what])
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not season.nights.exists()
    assert Concours.objects.get().season == (other if what == "other" else None)


def test_the_page_ranks_through_the_pure_core(client):
    season = ss.season_create(name="Hiver", settings={"min_nights": 2})
    for concours in three_nights():
        ss.season_night_add(season=season, concours=concours)
    document = ss.season_document(season)
    expected = season_core.rank_season_document(document)
    page = client.get(read(season)).content.decode()
    ranked = [s for s in expected["standings"] if s["ranked"]]
    unranked = [s for s in expected["standings"] if not s["ranked"]]
    assert ranked and unranked
    # The rows in the core's order, each with its rank, name and figures.
    rows = re.findall(
        r'<td class="num rank">([^<]*)(?:<abbr[^>]*>=</abbr>)?</td>\s*<th scope="row">([^<]*)</th>'
        + r'\s*<td class="num">([^<]*)</td>' * 3,
        page,
    )
    assert rows == [
        (
            str(s["rank"]) if s["ranked"] else "–",
            s["name"],
            str(s["nights"]),
            str(s["win_points"]),
            str(s["points"]),
        )
        for s in expected["standings"]
    ]
    assert "Pas encore classés : moins de 2 soirées jouées." in page
    assert "1 équipe sans noms de joueurs (invités) ne compte pas." in page
    # Each night links to its concours' room.
    for concours in Concours.objects.all():
        assert reverse("concours_room_read", args=[concours.read_token]) in page


def test_the_downloads_reproduce_the_ranking(client, tmp_path, capsys):
    season = ss.season_create(name="Hiver", settings={"min_nights": 2})
    for concours in three_nights():
        ss.season_night_add(season=season, concours=concours)
    response = client.get(reverse("season_document_json_read", args=[season.read_token]))
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith('attachment; filename="rebelote-hiver-')
    path = tmp_path / "challenge.json"
    path.write_bytes(response.content)
    call_command("rank_season", str(path))
    printed = json.loads(capsys.readouterr().out)
    assert printed == ss.load(season).ranking

    response = client.get(reverse("season_ranking_csv_read", args=[season.read_token]))
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    assert rows[0][:4] == ["Rang", "N°", "Joueur", "Classé"]
    assert [r[2] for r in rows[1:]] == [s["name"] for s in printed["standings"]]
    assert [r[0] for r in rows[1:]] == [str(s["rank"] or "") for s in printed["standings"]]


def test_the_read_link_shows_nothing_that_writes(client):
    season = ss.season_create(name="Hiver")
    concours = night(9, [("A", ["Léa", "Sam"]), ("B", ["Noé", "Zoé"])])
    ss.season_night_add(season=season, concours=concours)
    page = client.get(read(season)).content.decode()
    assert "Léa" in page
    assert season.token not in page and concours.token not in page
    assert post_forms(page) == []
    assert dict(client.session) == {}
    assert client.get(reverse("season", args=[season.read_token])).status_code == 404
    assert client.get(reverse("season_read", args=[season.token])).status_code == 404


def test_the_concours_organiser_page_links_its_season(client):
    season = ss.season_create(name="Hiver")
    concours = night(9, [("A", ["Léa", "Sam"])], played=False)
    page = client.get(reverse("concours", args=[concours.token])).content.decode()
    assert read(season) not in page
    ss.season_night_add(season=season, concours=concours)
    page = client.get(reverse("concours", args=[concours.token])).content.decode()
    assert read(season) in page and "Challenge : Hiver" in page
    assert season.token not in page  # the season's writing link stays the season's


def test_two_spellings_of_one_player_are_merged_and_separated(client):
    season = ss.season_create(name="Hiver", settings={"min_nights": 2})
    first = night(9, [("A", ["J. Petit", "Sam"]), ("B", ["Noé", "Zoé"])])
    second = night(16, [("A", ["Jean Petit", "Sam"]), ("B", ["Noé", "Zoé"])])
    for concours in (first, second):
        ss.season_night_add(season=season, concours=concours)
    keys = {name: key for key, name in ss.load(season).players}
    url = reverse("season_merge", args=[season.token])
    posted = {"player": keys["J. Petit"], "into": keys["Jean Petit"]}
    assert client.post(url, posted).status_code == 303
    state = ss.load(Season.objects.get())
    assert [s["name"] for s in state.ranking["standings"]].count("Jean Petit") == 1
    petit = next(s for s in state.ranking["standings"] if s["name"] == "Jean Petit")
    assert petit["nights"] == 2 and petit["ranked"]
    assert "J. Petit" not in [s["name"] for s in state.ranking["standings"]]
    assert state.ranking == season_core.rank_season_document(state.document)
    page = client.get(organiser(season)).content.decode()
    assert "« J. Petit » est Jean Petit" in page
    assert "« J. Petit »" not in client.get(read(season)).content.decode()

    # Refused: the same player twice, or a player no longer in the season.
    same = client.post(url, {"player": keys["Sam"], "into": keys["Sam"]})
    assert same.status_code == 422
    assert "Choisissez deux joueurs différents." in same.content.decode()
    gone = client.post(url, {"player": keys["J. Petit"], "into": keys["Sam"]})
    assert gone.status_code == 422
    assert Season.objects.get().aliases == {keys["J. Petit"]: keys["Jean Petit"]}

    separate = reverse("season_unmerge", args=[season.token])
    assert client.post(separate, {"alias": keys["J. Petit"]}).status_code == 303
    assert Season.objects.get().aliases == {}
    assert client.post(separate, {"alias": keys["J. Petit"]}).status_code == 303
    assert "ne sont plus réunis" in client.get(organiser(season)).content.decode()
    names = [s["name"] for s in ss.load(Season.objects.get()).ranking["standings"]]
    assert "J. Petit" in names and "Jean Petit" in names


def test_the_settings_are_changed_during_the_season(client):
    season = ss.season_create(name="Hiver", settings={"min_nights": 1})
    for concours in three_nights():
        ss.season_night_add(season=season, concours=concours)
    page = client.get(organiser(season)).content.decode()
    assert 'name="min_nights" value="1"' in page
    url = reverse("season_settings", args=[season.token])
    data = {**NEW, "name": "Hiver 2027", "min_nights": "3", "scoring": "champ_commun"}
    assert client.post(url, data).status_code == 303
    season = Season.objects.get()
    assert season.name == "Hiver 2027"
    assert season.settings["min_nights"] == 3 and season.settings["bye"]["points"] == 1000
    page = client.get(organiser(season)).content.decode()
    assert "Réglages du challenge enregistrés." in page
    assert 'value="champ_commun" selected' in page
    assert "Pas encore classés : moins de 3 soirées jouées." in page

    refused = client.post(url, {**data, "min_nights": "500"})
    assert refused.status_code == 422
    assert "Un nombre de soirées, de 0 à 100." in refused.content.decode()
    assert Season.objects.get().settings == season.settings


def test_settings_a_night_cannot_score_are_refused_and_change_nothing(client):
    season = ss.season_create(name="Coinche")
    settings = {"parties": 1, "length": {"donnes": 4}, "bye": {"kind": "average"}}
    concours = cs.concours_create(
        name="C", date=datetime.date(2026, 1, 9), preset="entre_amis", settings=settings
    )
    ss.season_night_add(season=season, concours=concours)
    data = {**NEW, "scoring": "custom", "bye_kind": "half"}
    response = client.post(reverse("season_settings", args=[season.token]), data)
    assert response.status_code == 422
    assert "À la coinche, une demi-partie en donnes n&#x27;a pas de valeur" in (
        response.content.decode()
    )
    assert Season.objects.get().settings == {}
