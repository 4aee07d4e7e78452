"""The calculator: one hand, the same form and engine, no match."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from scoresheets.models import Hand, Match

pytestmark = pytest.mark.django_db

RULES = {
    "rules-capot_points": "252",
    "rules-rounding": "none",
    "rules-litige": "reserve",
    "rules-renonce": "penalty",
}


def calculate(client: Client, htmx: bool = False, **data: Any):
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post("/calculateur/", {**RULES, **data}, headers=headers)


def test_it_shows_the_calculator(client: Client):
    response = client.get("/calculateur/")
    body = response.content.decode()
    assert response.status_code == 200
    assert 'action="/calculateur/"' in body
    assert 'name="taker" value="A"' in body
    assert 'name="rules-capot_points"' in body
    assert 'name="ann_points"' in body


def test_it_scores_a_made_contract(client: Client):
    response = calculate(client, taker="A", points="92")
    body = response.content.decode()
    assert response.status_code == 200
    assert "Contrat réussi : Nous 92 – Eux 70" in body
    assert 'Nous <b dir="ltr">+92</b>' in body
    assert Match.objects.count() == 0
    assert Hand.objects.count() == 0


def test_it_scores_a_dedans_with_the_belote_kept(client: Client):
    data = {"rules-announcements": "on", "ann_team": "B", "ann_points": "20"}
    body = calculate(client, taker="A", points="70", belote="A", **data).content.decode()
    assert "Dedans : 162 + 20 d&#x27;annonces à Eux ; belote gardée par Nous" in body
    assert 'Eux <b dir="ltr">+182</b>' in body
    assert 'Nous <b dir="ltr">+20</b>' in body


def test_it_scores_a_litige_by_the_rule_chosen(client: Client):
    assert (
        "Litige, 81 à 81 : 81 en réserve"
        in calculate(client, taker="B", points="81").content.decode()
    )
    body = calculate(client, taker="B", points="81", **{"rules-litige": "lost"}).content.decode()
    assert "les points du preneur sont perdus" in body


def test_it_follows_the_capot_and_rounding_rules(client: Client):
    data = {"rules-capot_points": "250", "rules-rounding": "nearest_ten"}
    assert (
        'Nous <b dir="ltr">+250</b>'
        in calculate(client, taker="A", capot="A", **data).content.decode()
    )
    data = {"rules-rounding": "nearest_ten"}
    body = calculate(client, taker="A", points="86", **data).content.decode()
    assert 'Nous <b dir="ltr">+90</b>' in body
    assert 'Eux <b dir="ltr">+80</b>' in body


def test_it_refuses_announcements_when_the_rules_leave_them_out(client: Client):
    response = calculate(client, taker="A", points="90", ann_points="50")
    assert response.status_code == 422
    assert "Les annonces ne se jouent pas avec ces règles." in response.content.decode()


@pytest.mark.parametrize(
    "data",
    [
        {"points": "90"},
        {"taker": "A", "points": "163"},
        {"taker": "A", "points": "90", "rules-litige": "never"},
        {"taker": "C", "points": "90"},
    ],
)
def test_it_refuses_bad_input(client: Client, data: dict):
    response = calculate(client, **data)
    assert response.status_code == 422
    assert 'class="errorlist"' in response.content.decode()


def test_it_answers_htmx_with_the_result_only(client: Client):
    response = calculate(client, htmx=True, taker="A", points="92")
    body = response.content.decode()
    assert response.status_code == 200
    assert "HX-Request" in response["Vary"]
    assert "Contrat réussi" in body
    assert "<form" not in body

    response = calculate(client, htmx=True, taker="A", points="200")
    assert response.status_code == 422
    assert "Saisissez un nombre entre 0 et 162." in response.content.decode()


def test_it_refuses_other_methods(client: Client):
    assert client.put("/calculateur/").status_code == 405


def test_it_enforces_csrf():
    client = Client(enforce_csrf_checks=True)
    assert client.post("/calculateur/", {**RULES, "taker": "A"}).status_code == 403


def test_announcements_are_played_by_default(client: Client):
    body = client.get("/calculateur/").content.decode()
    box = body.split('name="rules-announcements"')[0].rsplit("<input", 1)[1]
    assert 'type="checkbox"' in box
    assert 'name="rules-announcements" id="id_rules-announcements" checked' in body or (
        " checked" in body.split('name="rules-announcements"')[1].split(">")[0]
    )


def test_a_carried_reserve_goes_to_the_winner_of_the_hand(client: Client):
    body = calculate(client, taker="A", points="100", **{"calc-reserve": "81"}).content.decode()
    assert 'Nous <b dir="ltr">+181</b>' in body and 'Eux <b dir="ltr">+62</b>' in body
    assert "Réserve récupérée par Nous : 81" in body
    # A dedans: the defense takes it.
    body = calculate(client, taker="A", points="70", **{"calc-reserve": "81"}).content.decode()
    assert 'Eux <b dir="ltr">+243</b>' in body
    # Another litige: the reserve grows, nobody collects it.
    body = calculate(client, taker="A", points="81", **{"calc-reserve": "81"}).content.decode()
    assert "Litige, 81 à 81 : 81 en réserve, 81 à Eux" in body and "récupérée" not in body


def test_the_carried_reserve_is_ignored_where_litiges_keep_no_reserve(client: Client):
    data = {"calc-reserve": "81", "rules-litige": "lost"}
    body = calculate(client, taker="A", points="100", **data).content.decode()
    assert 'Nous <b dir="ltr">+100</b>' in body and "récupérée" not in body


@pytest.mark.parametrize("value", ["-5", "abc", "10000", "1e3"])
def test_a_bad_carried_reserve_is_refused(client: Client, value: str):
    response = calculate(client, taker="A", points="100", **{"calc-reserve": value})
    assert response.status_code == 422
    assert 'class="errorlist"' in response.content.decode()


def test_an_empty_carried_reserve_is_none(client: Client):
    body = calculate(client, taker="A", points="100", **{"calc-reserve": ""}).content.decode()
    assert 'Nous <b dir="ltr">+100</b>' in body


def test_the_carried_reserve_in_english(client: Client):
    response = client.post(
        "/calculateur/",
        {**RULES, "taker": "A", "points": "100", "calc-reserve": "81"},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    body = response.content.decode()
    assert "Reserve collected by Us: 81" in body
    assert "Reserve in play (earlier ties)" in body


# --------------------------------------------------------------------------
# Every game (issue 29): ?jeu=<name>
# --------------------------------------------------------------------------

# One valid hand of each game as the page posts it, and one it refuses.
GAME_HANDS = {
    "belote": {"taker": "A", "points": "92"},
    "coinche": {"taker": "A", "bid": "80", "suit": "hearts", "points": "100"},
    "klaverjas": {"taker": "1", "points": "100"},
    "jass": {"taker": "1", "mode": "hearts", "points": "100"},
    "baloot": {"taker": "1", "contract": "hokm", "points": "100"},
    "belote3": {"taker": "A", "points_a": "100", "points_b": "40"},
    "belote2": {"taker": "A", "points_a": "100"},
}
REFUSED_POINTS = "9999"


def test_every_registered_game_has_a_hand_here():
    from scoresheets.games import registry

    assert set(GAME_HANDS) == set(registry.GAMES)


def _engine_result(name: str, data: dict[str, str]):
    """The engine's score of ``data`` under the page's default rules (its
    default preset's, the match's length left to the engine)."""
    from scoresheets import presets, scoring
    from scoresheets.games import registry
    from scoresheets.matches.views import CALCULATOR_LEFT_OUT, calculator_table

    game = registry.get(name)
    values = presets.DEFAULTS[name].values()
    chosen = {
        rule: values[rule]
        for rule in presets.rule_names(name)
        if rule in values and rule not in CALCULATOR_LEFT_OUT
    }
    if name == "belote":
        chosen["announcements"] = True
    rules = game.engine.rules_type(**chosen)
    match, players = calculator_table(game)
    form = game.hand_form(
        data,
        team_names={side: match.team_name(side) for side in match.sides},
        players=players,
        rules=rules,
    )
    assert form.is_valid(), form.errors
    hand = form.hand_input()
    return match, scoring.score_match(rules, [hand]).hands[0]


@pytest.mark.parametrize("name", list(GAME_HANDS))
def test_each_game_shows_its_form(client: Client, name: str):
    response = client.get(f"/calculateur/?jeu={name}")
    body = response.content.decode()
    assert response.status_code == 200
    assert 'name="taker"' in body and 'name="rules-' in body
    assert 'aria-current="page"' in body
    url = "/calculateur/" if name == "belote" else f"/calculateur/?jeu={name}"
    assert f'action="{url}"' in body


def _page_rules(client: Client, name: str) -> dict[str, str]:
    """The rule fields as the page shows them (its defaults, checked)."""
    import re

    body = client.get(f"/calculateur/?jeu={name}").content.decode()
    rules = {}
    for tag in re.findall(r"<input[^>]*>", body):
        field = re.search(r'name="(rules-[^"]+)"', tag)
        if field and re.search(r"\schecked", tag):
            value = re.search(r'value="([^"]*)"', tag)
            rules[field.group(1)] = value.group(1) if value else "on"
    return rules


@pytest.mark.parametrize("name", list(GAME_HANDS))
def test_each_game_scores_a_hand_as_the_engine(client: Client, name: str):
    data = GAME_HANDS[name]
    response = client.post(f"/calculateur/?jeu={name}", {**_page_rules(client, name), **data})
    body = response.content.decode()
    assert response.status_code == 200, body
    match, outcome = _engine_result(name, data)
    assert 'class="outcome-line"' in body
    for side in match.sides:
        assert f'{match.team_name(side)} <b dir="ltr">+{outcome.score[side]}</b>' in body
    assert Match.objects.count() == 0 and Hand.objects.count() == 0


@pytest.mark.parametrize("name", list(GAME_HANDS))
def test_each_game_refuses_a_bad_hand(client: Client, name: str):
    data = {**_page_rules(client, name), **GAME_HANDS[name], "taker": ""}
    response = client.post(f"/calculateur/?jeu={name}", data, headers={"HX-Request": "true"})
    body = response.content.decode()
    assert response.status_code == 422
    assert '<ul class="preview-problems">' in body and "<li>" in body


def test_an_unknown_game_is_not_found(client: Client):
    assert client.get("/calculateur/?jeu=tarot").status_code == 404
    assert client.post("/calculateur/?jeu=tarot", {"taker": "A"}).status_code == 404
