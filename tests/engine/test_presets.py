"""The rules' one source (``scoresheets.presets``, from the engine's ``Rules``)
and everything that derives from it: the presets, the model's columns and
defaults, the forms' fields, choices and initial values, the script's data.

If a rule is added to a game's engine, these tests fail until it is stored
with the match, has its form field, its words and the labels of its
choices: no copy can fall behind and silently score with the engine's
defaults.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoresheets import presets, scoring
from scoresheets.forms import FIELD_LABELS, MatchForm, presets_for_script
from scoresheets.games import registry
from scoresheets.games.belote.forms import CalculatorRulesForm as RulesForm
from scoresheets.games.coinche.forms import CoincheRulesForm
from scoresheets.models import Match
from tests.engine.test_scoring_properties import FAST, rules_strategy

PLAYERS = {"player_1": "Alice", "player_2": "Bob", "player_3": "Claire", "player_4": "Dan"}


def form_data(values: dict, **extra) -> dict:
    """A browser's POST of the new-match form with the rule ``values``
    (an unchecked box is not sent)."""
    data = {**PLAYERS, "first_dealer": "1", "preset": "classique", "scripted": "1"}
    data.update(card_names="french", **extra)
    for name, value in values.items():
        if value is True:
            data[name] = "on"
        elif value is None:  # an empty number field (donnes: no limit)
            data[name] = ""
        elif value is not False:
            data[name] = str(value)
    return data


def test_the_rule_names_are_the_engines():
    assert presets.RULE_NAMES == (
        "target",
        "capot_points",
        "rounding",
        "litige",
        "announcements",
        "renonce",
        "win_needs_trick",
        "capot_takes_announcements",
        "donnes",
    )


def test_the_choices_are_the_values_the_engine_accepts():
    # FORMAT, rules table; the order is the engine's (and the forms').
    assert presets.RULE_CHOICES == {
        "capot_points": (252, 250),
        "rounding": ("none", "nearest_ten"),
        "litige": ("reserve", "lost", "fall"),
        "announcements": (True, False),
        "renonce": ("penalty", "annul"),
        "win_needs_trick": (True, False),
        "capot_takes_announcements": (True, False),
    }


def test_the_presets_are_valid_rules_and_the_classic_one_is_the_default():
    assert list(presets.PRESETS) == [
        "classique",
        "annonces",
        "marocaine",
        "concours",
        "federation",
        "entre_amis",
        "amsterdams",
        "rotterdams",
        "competitie",
        "tot_1500",
        "schieber_1000",
        "swisslos_2500",
        "turnier_12",
        "kammelna",
        "sakkah",
        "baloot_strict",
        "a_trois",
        "a_deux",
    ]
    assert list(presets.presets_of("belote")) == ["classique", "annonces", "marocaine", "concours"]
    for preset in presets.presets_of("belote").values():
        assert scoring.check_rules(preset.rules) == []
    assert presets.DEFAULT is presets.CLASSIQUE
    assert presets.CLASSIQUE.values() == {
        "target": 1000,
        "capot_points": 252,
        "rounding": "none",
        "litige": "reserve",
        "announcements": False,
        "renonce": "penalty",
        "win_needs_trick": True,
        "capot_takes_announcements": False,
        "donnes": None,
        "card_names": "french",
    }
    assert presets.ANNONCES.values() == {**presets.CLASSIQUE.values(), "announcements": True}
    assert presets.MAROCAINE.values() == {
        **presets.ANNONCES.values(),
        "card_names": "spanish",
    }


def test_the_values_are_plain_json():
    values = presets.rule_values(scoring.Rules(rounding=scoring.Rounding.NEAREST_TEN))
    assert type(values["rounding"]) is str
    script = json.loads(json.dumps(presets_for_script()))
    assert script == {
        **{key: preset.values() for key, preset in presets.presets_of("belote").items()},
        # The other games' by the names of their fields on the new-match page
        # (prefixed; no card names: a coinche match names French cards).
        **{
            key: {f"{game}-{name}": value for name, value in presets.rule_values(p.rules).items()}
            for game in ("coinche", "klaverjas", "jass", "baloot", "belote3", "belote2")
            for key, p in presets.presets_of(game).items()
        },
    }
    assert type(script["federation"]["coinche-belote_counts"]) is bool


@pytest.mark.parametrize(
    ("chosen", "changes", "expected"),
    [
        ("annonces", {}, "annonces"),
        ("annonces", {"litige": "lost"}, "custom"),
        ("annonces", {"target": 501}, "custom"),
        ("marocaine", {"card_names": "french"}, "custom"),
        ("nope", {}, "custom"),
    ],
)
def test_a_preset_changed_is_custom(chosen, changes, expected):
    values = {**presets.PRESETS.get(chosen, presets.ANNONCES).values(), **changes}
    assert presets.preset_of(chosen, values) == expected


@pytest.mark.parametrize("game", list(registry.GAMES.values()), ids=list(registry.GAMES))
def test_every_rule_is_stored_with_the_match_and_has_a_form_field_and_words(game):
    match = Match()
    match.set_rules(game.engine.rules_type())
    rules_form = MatchForm().rules_forms[game.name]
    for name in presets.rule_names(game.name):
        assert name in match.rule_values  # the match document's rules, stored
        assert name in rules_form.fields
        assert f"rules.{name}" in FIELD_LABELS
        assert game.rule_words(name) is not None
    # The new-match form holds each game's under its prefix ("coinche-...").
    assert rules_form.prefix == (game.form_prefix or None)


def test_the_forms_offer_the_engines_choices_and_start_from_the_default_preset():
    form = MatchForm().rules_forms["belote"]
    for name, choices in presets.RULE_CHOICES.items():
        field = form.fields[name]
        if hasattr(field, "choices"):
            assert [value for value, _label in field.choices] == list(choices)
            assert all(str(label) for _value, label in field.choices)
    defaults = presets.DEFAULT.values()
    assert {name: form.fields[name].initial for name in defaults} == defaults
    assert form.fields["preset"].initial == "classique"
    assert RulesForm().fields["capot_points"].initial == 252


def test_the_model_defaults_are_the_default_preset():
    match = Match()
    assert match.rules == presets.DEFAULT.rules
    assert match.preset == "classique"
    assert match.card_names == "french"


@FAST
@given(
    rules_strategy(target=st.integers(1, 100_000), donnes=st.one_of(st.none(), st.integers(1, 100)))
)
def test_any_rules_go_through_the_model_and_the_form_unchanged(rules):
    assert Match(rule_values=presets.rule_values(rules)).rules == rules
    form = MatchForm(form_data(presets.rule_values(rules)))
    assert form.is_valid(), form.errors
    assert form.match_rules() == rules


def test_the_calculator_plays_the_engines_defaults_for_the_rules_it_does_not_show():
    shown = scoring.Rules(litige="lost", target=77, win_needs_trick=False)
    form = RulesForm(form_data(presets.rule_values(shown)))
    assert form.is_valid(), form.errors
    # No target nor win_needs_trick field on the calculator: the engine's defaults.
    assert form.rules() == scoring.Rules(litige="lost", target=1000, win_needs_trick=True)


def test_the_rules_sections_show_every_rule_field_in_the_pages_order():
    shown = [(field.name, css) for field, css in MatchForm().rules_forms["belote"].rule_fields()]
    assert shown == [
        ("capot_points", ""),
        ("announcements", ""),
        ("capot_takes_announcements", ""),
        ("litige", "vertical"),
        ("rounding", ""),
        ("renonce", "vertical"),
        ("win_needs_trick", ""),
        ("card_names", ""),
    ]
    # The calculator: the rules one hand depends on.
    calculator = [field.name for field, _css in RulesForm(prefix="rules").rule_fields()]
    assert calculator == [
        "capot_points",
        "announcements",
        "capot_takes_announcements",
        "litige",
        "rounding",
        "renonce",
    ]


# --------------------------------------------------------------------------
# Coinche (COINCHE, Rules)
# --------------------------------------------------------------------------


def test_the_coinche_choices_are_the_values_coinches_engine_accepts():
    assert presets.COINCHE_RULE_CHOICES == {
        "rounding": ("none", "nearest_ten"),
        "made_score": ("points_plus_bid", "bid_only", "160_plus_bid"),
        "coinche_score": ("all", "total", "bid"),
        "belote_counts": (True, False),
        "announcements": (True, False),
        "announcements_count": (True, False),
        "capot_points": (250, 252, 162),
        "capot_bid_points": (500, 250),
    }


def test_each_preset_knows_its_game_from_its_rules():
    assert {key: p.game for key, p in presets.PRESETS.items()} == {
        "classique": "belote",
        "concours": "belote",
        "annonces": "belote",
        "marocaine": "belote",
        "federation": "coinche",
        "entre_amis": "coinche",
        "amsterdams": "klaverjas",
        "rotterdams": "klaverjas",
        "competitie": "klaverjas",
        "tot_1500": "klaverjas",
        "schieber_1000": "jass",
        "swisslos_2500": "jass",
        "turnier_12": "jass",
        "kammelna": "baloot",
        "sakkah": "baloot",
        "baloot_strict": "baloot",
        "a_trois": "belote3",
        "a_deux": "belote2",
    }
    assert list(presets.presets_of("coinche")) == ["federation", "entre_amis"]
    for preset in presets.presets_of("coinche").values():
        assert scoring.coinche.check_rules(preset.rules) == []
    assert {
        "belote": presets.CLASSIQUE,
        "coinche": presets.FEDERATION,
        "klaverjas": presets.PRESETS["amsterdams"],
        "jass": presets.PRESETS["schieber_1000"],
        "baloot": presets.PRESETS["kammelna"],
        "belote3": presets.PRESETS["a_trois"],
        "belote2": presets.PRESETS["a_deux"],
    } == presets.DEFAULTS


@pytest.mark.parametrize(
    ("chosen", "game", "changes", "expected"),
    [
        ("federation", "coinche", {}, "federation"),
        ("federation", "coinche", {"coinche_score": "bid"}, "custom"),
        ("entre_amis", "coinche", {}, "entre_amis"),
        ("federation", "belote", {}, "custom"),  # a coinche preset names no belote match
        ("classique", "coinche", {}, "custom"),
    ],
)
def test_a_preset_is_only_named_for_its_own_game(chosen, game, changes, expected):
    values = {**presets.PRESETS[chosen].values(), **changes}
    assert presets.preset_of(chosen, values, game) == expected


def test_the_coinche_form_offers_the_engines_choices_and_starts_from_the_federation():
    form = CoincheRulesForm()
    for name, choices in presets.COINCHE_RULE_CHOICES.items():
        field = form.fields[name]
        if hasattr(field, "choices"):
            assert [value for value, _label in field.choices] == list(choices)
            assert all(str(label) for _value, label in field.choices)
    rules = presets.rule_values(scoring.CoincheRules())
    assert {name: form.fields[name].initial for name in rules} == rules
    assert form.fields["target"].initial == 2000
    assert form.fields["preset"].initial == "federation"
    assert [key for key, _label in form.fields["preset"].choices] == ["federation", "entre_amis"]
    assert [key for key, _label in MatchForm().rules_forms["belote"].fields["preset"].choices] == [
        "classique",
        "annonces",
        "marocaine",
        "concours",
    ]
    shown = [field.name for field, _css in form.rule_fields()]
    # Every rule but the target (shown apart), the page's order: scoring first.
    assert shown == [
        "made_score",
        "coinche_score",
        "belote_counts",
        "announcements",
        "announcements_count",
        "capot_points",
        "capot_bid_points",
        "rounding",
    ]


@FAST
@given(
    st.builds(
        scoring.CoincheRules,
        target=st.integers(1, 100_000),
        donnes=st.one_of(st.none(), st.integers(1, 100)),
        **{name: st.sampled_from(c) for name, c in presets.COINCHE_RULE_CHOICES.items()},
    )
)
def test_any_coinche_rules_go_through_the_model_and_the_form_unchanged(rules):
    assert Match(game="coinche", rule_values=presets.rule_values(rules)).rules == rules
    data = form_data({}, game="coinche")
    for name, value in presets.rule_values(rules).items():
        if value is True:
            data[f"coinche-{name}"] = "on"
        elif value is None:  # an empty number field (donnes: no limit)
            data[f"coinche-{name}"] = ""
        elif value is not False:
            data[f"coinche-{name}"] = str(value)
    data["coinche-preset"] = "federation"
    form = MatchForm(data)
    assert form.is_valid(), form.errors
    assert form.match_rules() == rules
