"""Starting a coinche match from the web (issue 10): the game choice, coinche's
presets (Fédération, Entre amis), every coinche rule editable, with and
without the script; the table's new match and its last rules per game; the
match page and the home page saying the game."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from scoresheets import presets, scoring
from scoresheets.games import registry
from scoresheets.matches import services
from scoresheets.models import Match
from scoresheets.tables import services as tables
from tests.factories import NEW_MATCH_RULES

pytestmark = pytest.mark.django_db

PLAYERS = {"player_1": "Alice", "player_2": "Bob", "player_3": "Claire", "player_4": "Dan"}
NAMES = ["Léa", "Sam", "Noé", "Zoé"]


def coinche_fields(rules: scoring.CoincheRules) -> dict[str, str]:
    """The coinche rule fields as a browser posts them (an unchecked box is not sent)."""
    out = {}
    for name, value in presets.rule_values(rules).items():
        if value is True:
            out[f"coinche-{name}"] = "on"
        elif value is None:  # an empty number field (donnes: no limit)
            out[f"coinche-{name}"] = ""
        elif value is not False:
            out[f"coinche-{name}"] = str(value)
    return out


def form(chosen: str = "federation", rules: Any = None, **extra: Any) -> dict[str, Any]:
    """A coinche match as the page posts it with the script: the coinche preset
    ``chosen``, its rule fields showing ``rules`` (the preset's by default)."""
    rules = presets.PRESETS[chosen].rules if rules is None else rules
    data = {
        **PLAYERS,
        "first_dealer": "1",
        "game": "coinche",
        "scripted": "1",
        "coinche-preset": chosen,
        **coinche_fields(rules),
    }
    data.update(extra)
    return {key: value for key, value in data.items() if value is not None}


def coinche_section(body: str) -> str:
    return body.split('data-game-rules="coinche"')[1].split("</fieldset>\n")[-2]


# --------------------------------------------------------------------------
# The page
# --------------------------------------------------------------------------


def test_it_offers_both_games_belote_first(client: Client):
    body = client.get("/nouvelle/").content.decode()
    assert re.search(r'<input type="radio" name="game" value="belote"[^>]*checked', body)
    assert 'name="game" value="coinche"' in body
    assert 'data-game-rules="belote"' in body and 'data-game-rules="coinche"' in body
    for key in ("federation", "entre_amis"):
        assert f'name="coinche-preset" value="{key}"' in body
    assert "Fédération" in body and "Entre amis" in body


def test_the_coinche_section_has_every_coinche_rule_and_no_belote_only_rule(client: Client):
    body = client.get("/nouvelle/").content.decode()
    section = body.split('data-game-rules="coinche"')[1]
    for name in presets.COINCHE_RULE_NAMES:
        assert f'name="coinche-{name}"' in section
    for name in ("litige", "renonce", "win_needs_trick"):
        assert f'name="{name}"' not in section and f'name="coinche-{name}"' not in section
    # Coinche's target starts at 2000, belote's at 1000.
    assert re.search(r'name="coinche-target"[^>]*\s+value="2000"', body)
    assert re.search(r'name="target"[^>]*\s+value="1000"', body)
    # The choices in words (COINCHE, Rules): a made contract, a coinched one, the capots.
    for words in (
        "Points faits + contrat",
        "Contrat seul",
        "160 + contrat",
        "Tout est multiplié : (160 + contrat) × 2",
        "Le total du preneur × 2",
        "Le contrat seul × 2",
        "162 (les plis seuls)",
    ):
        assert words in section, words


def test_the_english_page_offers_coinche_in_english(client: Client):
    body = client.get("/nouvelle/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    for words in (
        "Game",
        "Coinche rules",
        "Federation",
        "Among friends",
        "Points made + bid",
        "The taker&#x27;s total × 2",
        "Capot bid (a générale is worth twice it)",
    ):
        assert words in body, words
    assert "Points faits + contrat" not in body


# --------------------------------------------------------------------------
# Creating a coinche match
# --------------------------------------------------------------------------


@pytest.mark.parametrize("key", ["federation", "entre_amis"])
def test_it_creates_a_coinche_match_with_each_preset(client: Client, key):
    response = client.post("/nouvelle/", form(key))
    match = Match.objects.get()
    assert response.status_code == 303
    assert response["Location"] == f"/m/{match.token}/"
    assert (match.game, match.preset, match.card_names) == ("coinche", key, "french")
    assert match.rules == presets.PRESETS[key].rules
    assert isinstance(match.rules, scoring.CoincheRules)


def test_the_federation_preset_is_the_engines_defaults_and_entre_amis_doubles_the_total():
    assert presets.FEDERATION.rules == scoring.CoincheRules()
    assert presets.FEDERATION.game == "coinche" and presets.CLASSIQUE.game == "belote"
    amis = presets.ENTRE_AMIS.rules
    assert (amis.made_score, amis.coinche_score) == ("points_plus_bid", "total")
    assert amis.target == 2000 and amis.announcements is True
    # The example, 100 coinched and made with 120: 440 / 42 with Entre amis.
    hand = scoring.CoincheHand("A", 100, "hearts", "coinche", "A", 120)
    assert scoring.score_match(amis, [hand]).hands[0].score.as_dict() == {"A": 440, "B": 42}
    federation = scoring.score_match(presets.FEDERATION.rules, [hand]).hands[0].score
    assert federation.as_dict() == {"A": 520, "B": 0}


def test_it_stores_every_coinche_column(client: Client):
    rules = scoring.CoincheRules(
        target=1500,
        rounding="none",
        made_score="160_plus_bid",
        coinche_score="bid",
        belote_counts=False,
        announcements=True,
        announcements_count=False,
        capot_points=162,
        capot_bid_points=250,
        donnes=12,
    )
    assert client.post("/nouvelle/", form("federation", rules)).status_code == 303
    match = Match.objects.get()
    stored = {name: getattr(match.rules, name) for name in presets.COINCHE_RULE_NAMES}
    assert stored == {
        "target": 1500,
        "rounding": "none",
        "made_score": "160_plus_bid",
        "coinche_score": "bid",
        "belote_counts": False,
        "announcements": True,
        "announcements_count": False,
        "capot_points": 162,
        "capot_bid_points": 250,
        "donnes": 12,
    }
    assert match.rules == rules
    assert match.preset == "custom"  # changed from the Fédération


def test_a_preset_with_one_rule_changed_is_custom(client: Client):
    rules = scoring.CoincheRules(coinche_score="total", announcements=True, rounding="none")
    client.post("/nouvelle/", form("entre_amis", rules, **{"coinche-capot_points": "252"}))
    match = Match.objects.get()
    assert (match.preset, match.rules.capot_points, match.rules.coinche_score) == (
        "custom",
        252,
        "total",
    )


def test_a_coinche_match_ignores_the_belote_rule_fields_even_when_wrong(client: Client):
    data = form("federation", litige="nope", target="-3", preset="federation", card_names="x")
    assert client.post("/nouvelle/", data).status_code == 303
    match = Match.objects.get()
    assert match.rules == scoring.CoincheRules()
    assert match.card_names == "french"


def test_a_belote_match_ignores_the_coinche_rule_fields(client: Client):
    data = {
        **PLAYERS,
        "first_dealer": "1",
        "game": "belote",
        "preset": "annonces",
        "target": "1000",
        "capot_points": "252",
        "rounding": "none",
        "litige": "reserve",
        "renonce": "penalty",
        "announcements": "on",
        "win_needs_trick": "on",
        "card_names": "french",
        "scripted": "1",
        "coinche-made_score": "nope",
        "coinche-target": "0",
    }
    assert client.post("/nouvelle/", data).status_code == 303
    match = Match.objects.get()
    assert (match.game, match.preset, match.rules) == ("belote", "annonces", presets.ANNONCES.rules)


# --------------------------------------------------------------------------
# Without the script
# --------------------------------------------------------------------------


def test_without_the_script_an_untouched_coinche_form_takes_the_chosen_preset(client: Client):
    # The page shows the Fédération's rules; the player only taps "Entre amis".
    data = form("entre_amis", presets.FEDERATION.rules, scripted="")
    assert client.post("/nouvelle/", data).status_code == 303
    match = Match.objects.get()
    assert (match.game, match.preset) == ("coinche", "entre_amis")
    assert match.rules == presets.ENTRE_AMIS.rules


def test_without_the_script_a_rule_changed_wins_over_the_preset(client: Client):
    changed = scoring.CoincheRules(made_score="bid_only")
    client.post("/nouvelle/", form("entre_amis", changed, scripted=""))
    match = Match.objects.get()
    assert (match.preset, match.rules) == ("custom", changed)


def test_without_the_script_both_games_are_posted_and_the_game_decides(client: Client):
    # The whole page as a browser without JavaScript posts it: both games' fields.
    page = NEW_MATCH_RULES
    client.post("/nouvelle/", {**form("federation", scripted=""), **page})
    client.post("/nouvelle/", {**form("federation", scripted=""), **page, "game": "belote"})
    coinche, belote = Match.objects.order_by("pk")
    assert (coinche.game, coinche.preset, coinche.rules) == (
        "coinche",
        "federation",
        scoring.CoincheRules(),
    )
    assert (belote.game, belote.preset, belote.rules) == (
        "belote",
        "classique",
        presets.CLASSIQUE.rules,
    )


def test_a_form_without_a_game_is_belote(client: Client):
    data = form("federation")
    del data["game"]
    data.update(preset="classique", target="1000", capot_points="252", rounding="none")
    data.update(litige="reserve", renonce="penalty", win_needs_trick="on", card_names="french")
    assert client.post("/nouvelle/", data).status_code == 303
    assert Match.objects.get().game == "belote"


# --------------------------------------------------------------------------
# Bad values: a message, nothing created
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("coinche-made_score", "nope"),
        ("coinche-coinche_score", "double"),
        ("coinche-capot_points", "300"),
        ("coinche-capot_bid_points", "1000"),
        ("coinche-rounding", "up"),
        ("coinche-target", "0"),
        ("coinche-target", "abc"),
        ("coinche-target", None),
        ("coinche-preset", "classique"),  # a belote preset is not coinche's
        ("game", "poker"),
    ],
)
def test_a_bad_coinche_value_is_refused_with_a_message(client: Client, field, value):
    response = client.post("/nouvelle/", form(**{field: value}))
    body = response.content.decode()
    assert response.status_code == 422
    assert Match.objects.count() == 0
    assert 'class="errorlist"' in body
    assert f'id="id_{field}' in body or f'id="id_{field}_0' in body


def test_a_bad_coinche_value_is_refused_in_english_too(client: Client):
    response = client.post("/nouvelle/", form(**{"coinche-target": "0"}), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 422
    assert "The target is a number of points, from 1 to 100,000." in response.content.decode()


def test_a_federation_preset_in_a_belote_match_is_refused(client: Client):
    data = form("federation", game="belote", preset="federation", target="1000")
    data.update(capot_points="252", rounding="none", litige="reserve", renonce="penalty")
    response = client.post("/nouvelle/", data)
    assert response.status_code == 422
    assert Match.objects.count() == 0


# --------------------------------------------------------------------------
# A table's new match
# --------------------------------------------------------------------------


def make_table():
    return tables.table_create(name="Les jeudis", player_names=NAMES)


def table_seats(table) -> dict[str, Any]:
    return {f"person_{seat}": table.roster.get(name=name).pk for seat, name in enumerate(NAMES, 1)}


def test_a_table_starts_a_coinche_match(client: Client):
    table = make_table()
    data = {**form("entre_amis"), **table_seats(table)}
    for seat in (1, 2, 3, 4):
        del data[f"player_{seat}"]
    response = client.post(f"/t/{table.token}/nouvelle/", data)
    match = Match.objects.get()
    assert response.status_code == 303
    assert (match.table, match.game, match.preset) == (table, "coinche", "entre_amis")
    assert match.rules == presets.ENTRE_AMIS.rules
    assert [p.person.name for p in match.players.select_related("person")] == NAMES


def test_a_table_refuses_a_bad_coinche_rule_and_creates_nothing(client: Client):
    table = make_table()
    data = {**form(**{"coinche-made_score": "x"}), **table_seats(table)}
    response = client.post(f"/t/{table.token}/nouvelle/", data)
    assert response.status_code == 422
    assert Match.objects.count() == 0


def _create(table, rules, *, days_ago: int, preset: str = presets.CUSTOM) -> Match:
    match = services.match_create(names=NAMES, rules=rules, table=table, preset=preset)
    Match.objects.filter(pk=match.pk).update(created_at=timezone.now() - timedelta(days=days_ago))
    return match


def checked(body: str, name: str) -> str:
    found = re.search(rf'<input type="radio" name="{name}" value="([^"]*)"[^>]*checked', body)
    return found.group(1) if found else ""


def test_a_tables_new_match_starts_from_its_last_rules_of_each_game(client: Client):
    table = make_table()
    _create(table, scoring.Rules(target=700, litige="lost"), days_ago=3)
    _create(table, scoring.CoincheRules(target=1500, made_score="bid_only"), days_ago=2)
    _create(table, scoring.Rules(target=501), days_ago=1)  # the last one: belote
    body = client.get(f"/t/{table.token}/nouvelle/").content.decode()
    assert checked(body, "game") == "belote"
    assert re.search(r'name="target"[^>]*\s+value="501"', body)  # the last belote match's
    assert checked(body, "litige") == "reserve"
    # The coinche fields: the last coinche match's rules, though it is not the last match.
    assert re.search(r'name="coinche-target"[^>]*\s+value="1500"', body)
    assert checked(body, "coinche-made_score") == "bid_only"
    assert checked(body, "coinche-preset") == "federation"  # custom shows as the default


def test_a_table_whose_last_match_is_coinche_starts_with_coinche(client: Client):
    table = make_table()
    _create(table, scoring.Rules(target=700), days_ago=2)
    _create(table, presets.ENTRE_AMIS.rules, days_ago=1, preset="entre_amis")
    body = client.get(f"/t/{table.token}/nouvelle/").content.decode()
    assert checked(body, "game") == "coinche"
    assert checked(body, "coinche-preset") == "entre_amis"
    assert checked(body, "coinche-coinche_score") == "total"
    assert re.search(r'name="target"[^>]*\s+value="700"', body)


def test_a_table_without_coinche_matches_offers_the_federation(client: Client):
    table = make_table()
    _create(table, scoring.Rules(target=700), days_ago=1)
    body = client.get(f"/t/{table.token}/nouvelle/").content.decode()
    assert checked(body, "game") == "belote"
    assert checked(body, "coinche-preset") == "federation"
    assert re.search(r'name="coinche-target"[^>]*\s+value="2000"', body)


# --------------------------------------------------------------------------
# The match page and the home page say the game
# --------------------------------------------------------------------------


def test_the_match_page_says_coinche_and_its_rules_in_words(client: Client):
    client.post("/nouvelle/", form("entre_amis"))
    match = Match.objects.get()
    body = client.get(f"/m/{match.token}/").content.decode()
    assert '<span class="game">Coinche</span>' in body
    rules = body.split('class="card match-rules"')[1].split("</details>")[0]
    assert "Règles de la partie : Coinche" in rules
    for words in ("Entre amis", "Points faits + contrat", "Le total du preneur × 2", "2000 points"):
        assert words in rules, words
    assert "Litige" not in rules and "Renonce" not in rules


def test_the_match_page_says_belote_and_its_rules(client: Client):
    match = services.match_create(names=NAMES, rules=scoring.Rules(litige="lost"))
    body = client.get(f"/m/{match.token}/").content.decode()
    assert '<span class="game">Belote</span>' in body
    rules = body.split('class="card match-rules"')[1].split("</details>")[0]
    assert "Points du preneur perdus" in rules and "Cartes françaises" in rules
    assert "Contrat coinché" not in rules


def test_the_match_page_in_english_says_the_coinche_rules(client: Client):
    client.post("/nouvelle/", form("federation"))
    match = Match.objects.get()
    body = client.get(f"/m/{match.token}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    rules = body.split('class="card match-rules"')[1].split("</details>")[0]
    for words in ("Match rules: Coinche", "Federation", "Everything is multiplied", "yes"):
        assert words in rules, words


@pytest.mark.parametrize("game", list(registry.GAMES.values()), ids=list(registry.GAMES))
def test_every_rule_of_every_game_has_words_on_the_match_page(game):
    from scoresheets import rule_words

    match = Match()
    match.set_rules(game.engine.rules_type())
    lines = rule_words.rules_in_words(match)
    names = presets.rule_names(match.game)
    # Game, preset, then each rule (and a belote match's card names).
    assert len(lines) == 2 + len(names) + (1 if game.rule_words("card_names") else 0)
    assert all(line.name and line.value for line in lines)


def test_the_home_page_says_a_match_is_coinche(client: Client):
    client.post("/nouvelle/", form("federation"))
    body = client.get("/").content.decode()
    mine = body.split('id="my-matches"')[1]
    assert "· Coinche" in mine


# --------------------------------------------------------------------------
# An export keeps a coinche preset through its import
# --------------------------------------------------------------------------


def test_an_exported_coinche_match_keeps_its_preset_when_imported():
    match = services.match_create(names=NAMES, rules=presets.ENTRE_AMIS.rules, preset="entre_amis")
    copy = services.match_import(document=services.match_export_document(match))
    assert (copy.game, copy.preset, copy.rules) == ("coinche", "entre_amis", match.rules)


def test_an_imported_preset_that_does_not_fit_its_rules_or_game_is_custom():
    document = services.match_export_document(
        services.match_create(names=NAMES, rules=scoring.CoincheRules(target=999))
    )
    document["rebelote"]["preset"] = "federation"  # but the target is 999
    assert services.match_import(document=document).preset == "custom"
    belote = services.match_export_document(
        services.match_create(names=NAMES, rules=scoring.Rules())
    )
    belote["rebelote"]["preset"] = "federation"  # a coinche preset on a belote match
    assert services.match_import(document=belote).preset == "custom"


def test_an_engine_problem_with_a_coinche_rule_goes_to_its_field():
    from scoresheets.forms import MatchForm

    match_form = MatchForm(form())
    assert match_form.is_valid(), match_form.errors
    problem = scoring.Problem(None, "rules.capot_bid_points", "invalid_choice", "not a choice")
    match_form.add_problems(scoring.MatchError([problem]))
    assert not match_form.is_valid()
    assert match_form.errors["coinche-capot_bid_points"] == [
        "Cette valeur n'est pas prévue par les règles."
    ]
    assert (
        match_form.rules_forms["coinche"].errors["capot_bid_points"]
        == match_form.errors["coinche-capot_bid_points"]
    )
