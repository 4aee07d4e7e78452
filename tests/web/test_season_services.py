"""The season's services (docs/concours.md 6.5): its document built from the
database (players by their registered names), ranked by the pure core only;
nights added by the concours' organiser link, one season a concours."""

from __future__ import annotations

import datetime

import pytest

from scoresheets import scoring
from scoresheets.concours import services as cs
from scoresheets.models import Concours, Season
from scoresheets.season import ranking as season_core
from scoresheets.season import services as ss
from tests.factories import make_match
from tests.factories import night_concours as night

pytestmark = pytest.mark.django_db


def test_a_player_is_known_by_the_concours_name_key():
    """Case, accents and spaces aside, as a concours tells its entrants apart."""
    key = cs.name_key
    assert key("  Léa   Martin ") == key("LEA MARTIN") == "lea martin"
    assert key("Noé") == key("noe")
    assert key("Noé") != key("Noël")


def test_the_document_names_players_across_nights_and_ranks_through_the_core():
    season = ss.season_create(name="Challenge d'hiver", settings={"min_nights": 2})
    second = night(16, [("B", ["LEA", "Sam"]), ("C", ["Noé", "Zoé"]), ("Invités", [])])
    first = night(9, [("A", ["Léa", "Noe"]), ("B", ["Sam ", "Zoé"])])
    for concours in (second, first):
        ss.season_night_add(season=season, concours=concours)
    state = ss.load(season)
    document = state.document
    # Nights by date; players numbered as first met, spelled as first met.
    assert [n["date"] for n in document["nights"]] == ["2026-01-09", "2026-01-16"]
    assert document["players"] == [
        {"number": 1, "name": "Léa"},
        {"number": 2, "name": "Noe"},
        {"number": 3, "name": "Sam"},
        {"number": 4, "name": "Zoé"},
    ]
    assert document["nights"][1]["entrants"] == [
        {"number": 1, "players": [1, 3]},
        {"number": 2, "players": [2, 4]},
    ]
    assert document["nights"][0]["concours"] == cs.results_document(first)
    assert [n.guests for n in state.nights] == [0, 1]
    assert state.ranking == season_core.rank_season_document(document)
    assert all(s["nights"] == 2 and s["ranked"] for s in state.ranking["standings"])
    assert ss.season_document(season) == document


def test_a_melee_night_makes_each_player_an_entrant():
    season = ss.season_create(name="Mêlée")
    concours = night(9, ["Léa", "Sam", "Noé", "Zoé"], mode="melee")
    ss.season_night_add(season=season, concours=concours)
    state = ss.load(season)
    assert state.document["nights"][0]["entrants"] == [
        {"number": n, "players": [n]} for n in (1, 2, 3, 4)
    ]
    assert sorted(s["name"] for s in state.ranking["standings"]) == ["Léa", "Noé", "Sam", "Zoé"]
    assert all(s["nights"] == 1 for s in state.ranking["standings"])


def test_a_name_twice_in_one_night_counts_once_and_is_noted():
    season = ss.season_create(name="Doublons")
    concours = night(9, [("A", ["Léa", "Sam"]), ("B", ["LÉA", "Noé"])])
    ss.season_night_add(season=season, concours=concours)
    state = ss.load(season)
    assert state.nights[0].twice == ["LÉA"]
    assert state.document["nights"][0]["entrants"] == [
        {"number": 1, "players": [1, 2]},
        {"number": 2, "players": [3]},
    ]
    assert state.ranking is not None


def test_adding_twice_changes_nothing_and_another_season_is_refused():
    season = ss.season_create(name="Un")
    other = ss.season_create(name="Deux")
    concours = night(9, [("A", ["Léa", "Sam"]), ("B", ["Noé", "Zoé"])], played=False)
    ss.season_night_add(season=season, concours=concours)
    ss.season_night_add(season=season, concours=concours)
    with pytest.raises(scoring.MatchError) as error:
        ss.season_night_add(season=other, concours=concours)
    assert error.value.problems[0].code == "other_season"
    assert dict(error.value.problems[0].params) == {"season": "Un"}
    assert Concours.objects.get().season == season
    ss.season_night_remove(season=season, concours_id=concours.pk)
    assert Concours.objects.get().season is None
    with pytest.raises(Concours.DoesNotExist):
        ss.season_night_remove(season=season, concours_id=concours.pk)


def test_a_night_the_seasons_bye_cannot_score_is_refused():
    season = ss.season_create(name="Coinche", settings={"bye": {"kind": "half"}})
    settings = {"parties": 1, "length": {"donnes": 4}, "bye": {"kind": "average"}}
    concours = cs.concours_create(
        name="C", date=datetime.date(2026, 1, 9), preset="entre_amis", settings=settings
    )
    with pytest.raises(scoring.MatchError) as error:
        ss.season_night_add(season=season, concours=concours)
    assert error.value.problems[0].code == "bye_undefined"
    assert Concours.objects.get().season is None


@pytest.mark.parametrize(
    ("settings", "code"),
    [
        ({"min_nights": 101}, "out_of_range"),
        ({"best_nights": 0}, "out_of_range"),
        ({"ranking": "wins"}, "invalid_choice"),
        ({"win_points": {"win": 1, "loss": 3}}, "win_points_order"),
    ],
)
def test_bad_settings_make_no_season(settings, code):
    with pytest.raises(scoring.MatchError) as error:
        ss.season_create(name="X", settings=settings)
    assert code in {p.code for p in error.value.problems}
    assert not Season.objects.exists()


def test_the_form_sent_twice_makes_one_season():
    first = ss.season_create(name="X", key="k" * 32)
    assert ss.season_create(name="X", key="k" * 32) == first
    assert Season.objects.count() == 1


def test_a_link_is_read_for_its_concours_or_said_what_it_is():
    concours = night(9, [], played=False)
    match = make_match()
    season = ss.season_create(name="S")
    assert ss.concours_of_link(f"https://club.fr/c/{concours.token}/") == concours
    assert ss.concours_of_link(f"  {concours.token} ") == concours
    cases = {
        f"https://club.fr/voir/concours/{concours.read_token}/salle/": "concours_read_link",
        f"https://club.fr/m/{match.token}/": "match_link",
        f"https://club.fr/voir/{match.read_token}/": "match_link",
        f"https://club.fr/ch/{season.token}/": "season_link",
        "https://club.fr/c/" + "a" * 24 + "/": "unknown_link",
        "n'importe quoi": "unknown_link",
    }
    for text, code in cases.items():
        with pytest.raises(scoring.MatchError) as error:
            ss.concours_of_link(text)
        assert error.value.problems[0].code == code, text


def test_merged_spellings_follow_the_player_they_were_merged_into():
    season = ss.season_create(name="Fusions")
    concours = night(9, [("A", ["Jo", "Joseph"]), ("B", ["Jojo", "Sam"])], played=False)
    ss.season_night_add(season=season, concours=concours)
    ss.season_players_merge(season=season, player="jo", into="joseph")
    ss.season_players_merge(season=season, player="joseph", into="jojo")
    season.refresh_from_db()
    assert season.aliases == {"jo": "jojo", "joseph": "jojo"}
    state = ss.load(season)
    # One player now, named as the spelling kept; the others noted twice.
    assert state.players == (("jojo", "Jojo"), ("sam", "Sam"))
    assert state.nights[0].twice == ["Joseph", "Jojo"]
    with pytest.raises(scoring.MatchError) as error:
        ss.season_players_merge(season=season, player="jo", into="sam")
    assert error.value.problems[0].code == "no_such_player"
    ss.season_players_unmerge(season=season, alias="joseph")
    season.refresh_from_db()
    assert season.aliases == {"jo": "jojo"}
    with pytest.raises(scoring.MatchError) as error:
        ss.season_players_unmerge(season=season, alias="joseph")
    assert error.value.problems[0].code == "not_merged"
