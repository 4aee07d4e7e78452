"""Starting a match: players in seats, team names, first dealer, preset and rules."""

from __future__ import annotations

import pytest
from django.test import Client

from scoresheets import presets
from scoresheets.models import Match, Player
from tests.factories import new_match_form as form

pytestmark = pytest.mark.django_db


def test_it_shows_the_form(client: Client):
    response = client.get("/nouvelle/")
    body = response.content.decode()
    assert response.status_code == 200
    for seat in (1, 2, 3, 4):
        assert f'name="player_{seat}"' in body
        assert f'for="id_player_{seat}"' in body
    assert 'id="presets"' in body  # the presets for the script that fills the rules
    assert "Belote marocaine" in body
    assert 'action="/nouvelle/"' in body


def test_it_creates_a_classic_match(client: Client):
    response = client.post("/nouvelle/", form(first_dealer="2"))
    match = Match.objects.get()
    assert response.status_code == 303
    assert response["Location"] == f"/m/{match.token}/"
    assert [(p.seat, p.name, p.team) for p in match.players.all()] == [
        (1, "Alice", "A"),
        (2, "Bob", "B"),
        (3, "Claire", "A"),
        (4, "Dan", "B"),
    ]
    assert (match.team_a_name, match.team_b_name) == ("Alice & Claire", "Bob & Dan")
    assert match.first_dealer == 2
    assert match.preset == "classique"
    assert (match.target, match.rules.capot_points, match.rules.announcements) == (1000, 252, False)
    assert (match.rules.litige, match.rules.rounding, match.rules.renonce) == (
        "reserve",
        "none",
        "penalty",
    )
    assert match.rules.win_needs_trick is True
    assert client.session["my_matches"] == [match.token]


def test_it_keeps_the_team_names_given(client: Client):
    client.post("/nouvelle/", form(team_a_name="  Les As ", team_b_name="Les Rois"))
    match = Match.objects.get()
    assert (match.team_a_name, match.team_b_name) == ("Les As", "Les Rois")


def test_it_creates_a_moroccan_match(client: Client):
    data = form(preset="marocaine", announcements="on", card_names="spanish")
    assert client.post("/nouvelle/", data).status_code == 303
    match = Match.objects.get()
    assert (match.preset, match.rules.announcements, match.card_names) == (
        "marocaine",
        True,
        "spanish",
    )


def test_it_keeps_every_rule_as_submitted_and_marks_it_custom(client: Client):
    data = form(
        target="501",
        capot_points="250",
        rounding="nearest_ten",
        litige="fall",
        renonce="annul",
        win_needs_trick=None,
        announcements="on",
    )
    assert client.post("/nouvelle/", data).status_code == 303
    match = Match.objects.get()
    assert match.preset == "custom"
    assert match.rules.target == 501
    assert (match.rules.capot_points, match.rules.rounding, match.rules.litige) == (
        250,
        "nearest_ten",
        "fall",
    )
    assert (match.rules.renonce, match.rules.win_needs_trick, match.rules.announcements) == (
        "annul",
        False,
        True,
    )


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("player_3", ""),
        ("target", "0"),
        ("target", "mille"),
        ("capot_points", "251"),
        ("litige", "maybe"),
        ("first_dealer", "5"),
        ("preset", "belote-coinchee"),
    ],
)
def test_it_refuses_bad_input_and_keeps_what_was_typed(client: Client, field: str, value: str):
    response = client.post("/nouvelle/", form(**{field: value}, player_2="Bérénice"))
    assert response.status_code == 422
    body = response.content.decode()
    assert 'value="Bérénice"' in body
    assert 'class="errorlist"' in body
    assert Match.objects.count() == 0


def test_it_refuses_a_name_too_long(client: Client):
    response = client.post("/nouvelle/", form(player_1="x" * 41))
    assert response.status_code == 422
    assert Match.objects.count() == 0


def test_it_refuses_other_methods(client: Client):
    assert client.put("/nouvelle/").status_code == 405


def test_it_enforces_csrf():
    client = Client(enforce_csrf_checks=True)
    assert client.post("/nouvelle/", form()).status_code == 403
    assert Match.objects.count() == 0


def test_without_the_script_an_untouched_form_takes_the_preset(client: Client):
    # Regression: "Avec annonces" without JavaScript created a match without them.
    client.post("/nouvelle/", form(preset="marocaine"))
    match = Match.objects.get()
    assert (match.preset, match.rules.announcements, match.card_names) == (
        "marocaine",
        True,
        "spanish",
    )


def test_without_the_script_rules_the_player_changed_win(client: Client):
    client.post("/nouvelle/", form(preset="annonces", capot_points="250"))
    match = Match.objects.get()
    assert (match.rules.announcements, match.rules.capot_points, match.preset) == (
        False,
        250,
        "custom",
    )


def test_with_the_script_the_fields_as_sent_win(client: Client):
    client.post("/nouvelle/", form(preset="annonces", scripted="True"))
    match = Match.objects.get()
    assert (match.rules.announcements, match.preset) == (False, "custom")


def test_two_partners_of_the_longest_names_make_a_team(client: Client):
    # Regression (newcomer trial): two 30-letter partners were refused with a
    # vague message, their default team name being over the team name's limit.
    size = Player._meta.get_field("name").max_length
    longest, other = "M" * size, "N" * size  # two players may not share a name
    response = client.post("/nouvelle/", form(player_1=longest, player_3=other))
    assert response.status_code == 303
    match = Match.objects.get()
    assert match.team_a_name == f"{longest} & {other}"


def test_a_typed_team_name_as_long_as_a_default_one_is_taken(client: Client):
    name = "É" * Match._meta.get_field("team_a_name").max_length
    assert client.post("/nouvelle/", form(team_a_name=name)).status_code == 303
    assert Match.objects.get().team_a_name == name


def test_a_name_over_the_model_limit_is_refused_not_cut(client: Client):
    # The inputs carried the limits as maxlength, which cut a longer name (a
    # paste) silently (issue 27, point 6): the server refuses it, saying the
    # limit, and keeps what was typed.
    body = client.get("/nouvelle/").content.decode()
    assert "maxlength" not in body
    limit = Player._meta.get_field("name").max_length
    refused = client.post("/nouvelle/", form(player_1="L" * (limit + 1)))
    assert refused.status_code == 422
    page = refused.content.decode()
    assert f"au plus {limit} caractères (actuellement {limit + 1})" in page
    assert f'value="{"L" * (limit + 1)}"' in page
    assert not Match.objects.exists()


@pytest.mark.parametrize(
    ("names", "field"),
    [
        (("Léa", "Sam", "Léa", "Zoé"), "player_3"),
        (("Léa", "Sam", "Zoé", " LÉA "), "player_4"),  # trimmed, casefolded
        (("Ève", "ève", "Sam", "Zoé"), "player_2"),
    ],
)
def test_it_refuses_the_same_name_twice(client: Client, names, field):
    data = form(**{f"player_{seat}": name for seat, name in enumerate(names, start=1)})
    response = client.post("/nouvelle/", data)
    body = response.content.decode()
    assert response.status_code == 422
    assert not Match.objects.exists()
    taken = names[int(field[-1]) - 1].strip()
    assert f"« {taken} » est déjà à une autre place" in body
    assert (
        f'id="{field}-errors"' in body
        or f'aria-describedby="{field}' in body
        or (f"id_{field}" in body.split("est déjà à une autre place")[0][-2500:])
    )


def test_it_refuses_the_same_name_twice_in_english(client: Client):
    data = form(player_3="alice")
    response = client.post("/nouvelle/", data, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 422
    assert "“alice” already has another seat" in response.content.decode()


@pytest.mark.parametrize("game", ["belote", "coinche"])
def test_a_refused_rule_is_summed_up_at_the_top_in_words(client: Client, game: str):
    """Review (newcomer): a target of 0 reloaded the page at its top, the
    error 1,800 px down in Django's words ("supérieure ou égale à 1")."""
    data = form(game=game, target="0", **{"coinche-target": "0"})
    response = client.post("/nouvelle/", data)
    assert response.status_code == 422
    body = response.content.decode()
    summary = body[body.index('id="error-summary"') :]
    summary = summary[: summary.index("</div>")]
    field = "id_target" if game == "belote" else "id_coinche-target"
    assert f'<a href="#{field}">Objectif (points)</a>' in summary
    assert "L&#x27;objectif est un nombre de points, de 1 à 100 000." in summary
    assert f'id="{field}"' in body
    assert "supérieure ou égale" not in body
    assert Match.objects.count() == 0


@pytest.mark.django_db
def test_the_new_match_page_has_an_input_for_every_rule(client):
    body = client.get("/nouvelle/").content.decode()
    for name in (*presets.RULE_NAMES, "card_names"):
        assert f'name="{name}"' in body


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ({}, "à l'équipe qui a fait capot"),
        ({"HTTP_ACCEPT_LANGUAGE": "en"}, "to the team that made"),
    ],
)
def test_a_capot_can_take_the_announcements_of_the_team_that_was_capot(client, language, words):
    # The rule capot_takes_announcements (docs/match-document.md): a custom set of rules.
    data = form(preset="annonces", announcements="on", capot_takes_announcements="on")
    assert client.post("/nouvelle/", data, **language).status_code == 303
    match = Match.objects.get()
    assert match.rules.capot_takes_announcements is True
    assert match.preset == "custom"
    # Alice takes and makes capot; Bob's team won the announcements (50), Dan held the belote.
    entry = {"taker": "1", "capot": "A", "belote": "B", "ann_team": "B", "ann_points": "50"}
    client.post(f"/m/{match.token}/donnes/", {**entry, "match_version": match.version})
    match.refresh_from_db()
    assert (match.total_a, match.total_b) == (252 + 50, 20)
    body = client.get(f"/m/{match.token}/", **language).content.decode()
    assert words.replace("'", "&#x27;") in body  # the rules' summary says so
