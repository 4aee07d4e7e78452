"""The one-line explanations of coinche hands, in French and in English.

Every figure is checked against the engine's result, never copied: the sum a
sentence writes ("(160 + 100) × 2 + 20 d'annonces = 540") is evaluated and
must equal what the breakdown gives before rounding, and the final figure
must be the hand's score for that team.
"""

from __future__ import annotations

import re

import pytest
from django.utils import translation
from hypothesis import given

from scoresheets.games.coinche.explain import contract_label
from scoresheets.matches.explain import explain_result
from scoresheets.models import Match
from scoresheets.scoring import CoincheHand, CoincheRules, HandResult, Outcome, Pair, score_match
from tests.engine.test_coinche_properties import FAST, match_strategy

NAMES = {"A": "Nous", "B": "Eux"}
# What a sentence says between the head and a team's name, per language.
WORDS = {
    "fr": {
        "to": " à ",
        "sep": " ; ",
        "ann": " d'annonces",
        "rounded": " (arrondi à ",
        "kept": "belote gardée par ",
    },
    "en": {
        "to": " to ",
        "sep": "; ",
        "ann": " in announcements",
        "rounded": " (rounded to ",
        "kept": "belote kept by ",
    },
}


def a_match(a: str = "Nous", b: str = "Eux", **rules) -> Match:
    match = Match(team_a_name=a, team_b_name=b)
    match.set_rules(CoincheRules(**rules))
    return match


def scored(hand: CoincheHand, **rules) -> HandResult:
    return score_match(CoincheRules(**{"rounding": "none", **rules}), [hand]).hands[0]


def explain(hand: CoincheHand, result: HandResult, lang: str, match: Match | None = None) -> str:
    with translation.override(lang):
        return explain_result(match or a_match(), hand, result)


def value(formula: str, lang: str) -> tuple[int, int]:
    """The sum a formula writes and the score it ends on: "(160 + 100) × 2 +
    belote = 540" -> (540, 540); "83 + 80 = 163 (arrondi à 160)" -> (163, 160)."""
    words = WORDS[lang]
    final = None
    if words["rounded"] in formula:
        formula, rounded = formula.split(words["rounded"])
        final = int(rounded.rstrip(")"))
    left, _, right = formula.partition(" = ")
    expression = left.replace(words["ann"], "").replace("belote", "20").replace("×", "*")
    assert re.fullmatch(r"[0-9 ()+*]+", expression), expression
    total = eval(expression)  # digits, spaces, parentheses, + and * only
    if right:
        assert int(right) == total, formula
    return total, total if final is None else final


# The reason a failed contract gives after its figures (issue 20).
REASON = re.compile(r"\. (Il fallait|Égalité|It needed|A tie)[^.]*\.$")


def without_reason(sentence: str) -> str:
    """The sentence without the reason a failed contract gives after it."""
    return REASON.sub("", sentence)


def team_phrases(sentence: str, head: str, lang: str) -> dict[str, str]:
    """Each team's formula in the sentence after ``head``, keyed by team code;
    "kept" for a team that keeps only its belote."""
    words = WORDS[lang]
    sentence = without_reason(sentence)
    assert sentence.startswith(head + (" : " if lang == "fr" else ": ")), sentence
    rest = sentence[len(head) + (3 if lang == "fr" else 2) :]
    phrases: dict[str, str] = {}
    for phrase in rest.split(words["sep"]):
        if phrase.startswith(words["kept"]):
            team = next(code for code, name in NAMES.items() if phrase == words["kept"] + name)
            phrases[team] = "kept"
            continue
        formula, _, name = phrase.rpartition(words["to"])
        team = next(code for code, team_name in NAMES.items() if team_name == name)
        phrases[team] = formula
    return phrases


def check_figures(sentence: str, head: str, result: HandResult, lang: str) -> dict[str, str]:
    """The sentence's figures are the engine's: each team named scores what its
    formula adds up to; a team left out scores nothing or only its belote."""
    phrases = team_phrases(sentence, head, lang)
    breakdown = result.breakdown
    assert result.winner in phrases
    for team in "AB":
        parts = breakdown[team]
        if team not in phrases:
            assert result.score[team] == 0
        elif phrases[team] == "kept":
            assert result.score[team] == parts.belote == 20
        else:
            unrounded, final = value(phrases[team], lang)
            assert unrounded == parts.total - parts.rounding
            assert final == result.score[team]
    multiplier = breakdown.multiplier
    assert (f"× {multiplier}" in phrases[result.winner]) == (multiplier > 1)
    return phrases


# Each made_score / coinche_score convention, made; (rules, hand, French head, English head).
MADE = [
    (
        {"made_score": "points_plus_bid"},
        CoincheHand("A", 100, "hearts", points_team="A", trick_points=120, belote="B"),
        "Contrat 100 ♥ réussi",
        "Contract made, 100 ♥",
    ),
    (
        {"made_score": "bid_only"},
        CoincheHand("A", 100, "hearts", points_team="A", trick_points=120, belote="B"),
        "Contrat 100 ♥ réussi",
        "Contract made, 100 ♥",
    ),
    (
        {"made_score": "160_plus_bid"},
        CoincheHand("A", 100, "spades", points_team="A", trick_points=120),
        "Contrat 100 ♠ réussi",
        "Contract made, 100 ♠",
    ),
    (
        {"coinche_score": "all"},
        CoincheHand("A", 100, "hearts", coinche="coinche", points_team="A", trick_points=120),
        "Contrat 100 ♥ coinché réussi",
        "Contract made, 100 ♥ coinched",
    ),
    (
        {"coinche_score": "total", "announcements": True},
        CoincheHand(
            "A",
            100,
            "hearts",
            coinche="coinche",
            points_team="A",
            trick_points=120,
            belote="A",
            announcements=Pair(20, 0),
        ),
        "Contrat 100 ♥ coinché réussi",
        "Contract made, 100 ♥ coinched",
    ),
    (
        {"coinche_score": "bid"},
        CoincheHand("B", 90, "clubs", coinche="surcoinche", points_team="B", trick_points=110),
        "Contrat 90 ♣ surcoinché réussi",
        "Contract made, 90 ♣ surcoinched",
    ),
    (
        {"made_score": "bid_only", "coinche_score": "total"},
        CoincheHand("B", 90, "no_trump", coinche="coinche", points_team="B", trick_points=110),
        "Contrat 90 sans-atout coinché réussi",
        "Contract made, 90 no trump coinched",
    ),
    (
        {"made_score": "160_plus_bid", "coinche_score": "bid"},
        CoincheHand("A", 80, "all_trump", coinche="coinche", points_team="A", trick_points=100),
        "Contrat 80 tout-atout coinché réussi",
        "Contract made, 80 all trump coinched",
    ),
    (
        {"made_score": "160_plus_bid", "coinche_score": "total"},
        CoincheHand("A", 80, "diamonds", coinche="surcoinche", points_team="A", trick_points=100),
        "Contrat 80 ♦ surcoinché réussi",
        "Contract made, 80 ♦ surcoinched",
    ),
    (
        {"rounding": "nearest_ten"},
        CoincheHand("A", 80, None, points_team="A", trick_points=83),
        "Contrat 80 réussi",
        "Contract made, 80",
    ),
    (
        {},
        CoincheHand("A", 80, "clubs", capot="A", belote="A"),
        "Contrat 80 ♣ réussi avec capot",
        "Contract made with a capot, 80 ♣",
    ),
    (
        {},
        CoincheHand("B", "capot", "hearts", coinche="coinche", capot="B"),
        "Contrat capot ♥ coinché réussi",
        "Contract made, capot ♥ coinched",
    ),
    (
        {"capot_bid_points": 250},
        CoincheHand("A", "generale", "spades", capot="A", solo=True, belote="A"),
        "Contrat générale ♠ réussi",
        "Contract made, générale ♠",
    ),
    (
        {},
        CoincheHand("A", "generale", None, coinche="surcoinche", capot="A", solo=True),
        "Contrat générale surcoinchée réussi",
        "Contract made, générale surcoinched",
    ),
]

DEDANS = [
    (
        {"coinche_score": "all", "announcements": True},
        CoincheHand(
            "A",
            110,
            "spades",
            coinche="surcoinche",
            points_team="A",
            trick_points=60,
            belote="A",
            announcements=Pair(20, 0),
        ),
        "Dedans, 110 ♠ surcoinché",
        "Down, 110 ♠ surcoinched",
    ),
    (
        {"coinche_score": "bid"},
        CoincheHand("A", 110, "hearts", coinche="coinche", points_team="A", trick_points=100),
        "Dedans, 110 ♥ coinché",
        "Down, 110 ♥ coinched",
    ),
    (
        {"coinche_score": "total"},
        CoincheHand("B", 80, "clubs", points_team="A", trick_points=81),
        "Dedans, 80 ♣",
        "Down, 80 ♣",
    ),
    (
        {},
        CoincheHand("A", 120, "diamonds", coinche="coinche", capot="B", belote="A"),
        "Dedans, 120 ♦ coinché, capot de la défense",
        "Down, 120 ♦ coinched, capot by the defence",
    ),
    (
        {"capot_bid_points": 250},
        CoincheHand("B", "capot", "hearts", capot=None, belote="A"),
        "Dedans, capot ♥",
        "Down, capot ♥",
    ),
    (
        {},
        CoincheHand("A", "capot", "clubs", coinche="surcoinche", capot="B"),
        "Dedans, capot ♣ surcoinché, capot de la défense",
        "Down, capot ♣ surcoinched, capot by the defence",
    ),
    (
        {},
        CoincheHand("A", "generale", "hearts", coinche="coinche", capot="A", solo=False),
        "Dedans, générale ♥ coinchée, capot à deux",
        "Down, générale ♥ coinched, capot by both partners",
    ),
    (
        {},
        CoincheHand("B", "generale", "spades", capot=None, points_team="B", trick_points=150),
        "Dedans, générale ♠",
        "Down, générale ♠",
    ),
]


@pytest.mark.parametrize(("rules", "hand", "fr", "en"), MADE)
def test_a_made_contract_is_explained_in_both_languages(rules, hand, fr, en):
    result = scored(hand, **rules)
    assert result.outcome is Outcome.MADE
    assert result.winner == hand.taker
    for lang, head in (("fr", fr), ("en", en)):
        check_figures(explain(hand, result, lang), head, result, lang)


@pytest.mark.parametrize(("rules", "hand", "fr", "en"), DEDANS)
def test_a_dedans_is_explained_in_both_languages(rules, hand, fr, en):
    result = scored(hand, **rules)
    assert result.outcome is Outcome.DEDANS
    assert result.winner != hand.taker
    for lang, head in (("fr", fr), ("en", en)):
        check_figures(explain(hand, result, lang), head, result, lang)


def test_the_federation_s_coinched_contract_reads_as_players_say_it():
    hand = CoincheHand("A", 100, "hearts", coinche="coinche", points_team="A", trick_points=120)
    result = scored(hand)
    score = result.score.a
    assert (
        explain(hand, result, "fr")
        == f"Contrat 100 ♥ coinché réussi : (160 + 100) × 2 = {score} à Nous"
    )
    assert (
        explain(hand, result, "en")
        == f"Contract made, 100 ♥ coinched: (160 + 100) × 2 = {score} to Nous"
    )


def test_a_surcoinched_dedans_names_the_announcements_and_the_kept_belote():
    hand = CoincheHand(
        "A",
        110,
        "spades",
        coinche="surcoinche",
        points_team="A",
        trick_points=60,
        belote="A",
        announcements=Pair(20, 0),
    )
    result = scored(hand, announcements=True)
    score = result.score.b
    assert explain(hand, result, "fr") == (
        f"Dedans, 110 ♠ surcoinché : (160 + 110) × 4 + 20 d'annonces = {score} à Eux ; "
        "belote gardée par Nous. Il fallait 110 et plus que la défense (102) : "
        "le preneur a fait 100 (60 + belote + 20 d'annonces)."
    )
    assert explain(hand, result, "en") == (
        f"Down, 110 ♠ surcoinched: (160 + 110) × 4 + 20 in announcements = {score} to Eux; "
        "belote kept by Nous. It needed 110 and more than the defence (102): "
        "the taker made 100 (60 + belote + 20 in announcements)."
    )


def test_what_each_coinche_convention_multiplies_is_written_out():
    # COINCHE's worked example, 100 coinched made with 120 trick points.
    hand = CoincheHand("A", 100, "hearts", coinche="coinche", points_team="A", trick_points=120)
    head = "Contrat 100 ♥ coinché réussi"
    formulas = {}
    for convention in ("all", "total", "bid"):
        result = scored(hand, coinche_score=convention)
        formulas[convention] = team_phrases(explain(hand, result, "fr"), head, "fr")["A"]
    assert formulas["all"].startswith("(160 + 100) × 2 = ")
    assert formulas["total"].startswith(f"({hand.trick_points} + 100) × 2 = ")
    assert formulas["bid"].startswith(f"{hand.trick_points} + 100 × 2 = ")


def test_the_defense_s_own_points_are_named_when_it_scores_them():
    hand = CoincheHand("A", 100, "hearts", points_team="A", trick_points=120, belote="B")
    result = scored(hand, made_score="points_plus_bid")
    phrases = team_phrases(explain(hand, result, "fr"), "Contrat 100 ♥ réussi", "fr")
    assert phrases["B"] == f"{result.breakdown.b.tricks} + belote = {result.score.b}"


def test_a_redeal_is_explained_as_at_belote():
    result = scored(CoincheHand(None))
    assert explain(CoincheHand(None), result, "fr") == (
        "Tout le monde passe : on redistribue, rien n'est marqué"
    )
    assert explain(CoincheHand(None), result, "en") == "Everyone passes: redeal, nothing is scored"


@pytest.mark.parametrize("names", [("Nous", "Eux"), ("Léa & Zoé", "Marc & Paul")])
def test_the_team_names_are_never_conjugated(names):
    # A dedans: 70 + 20 < 100; A scores the contract, B keeps its belote.
    hand = CoincheHand("B", 100, "hearts", points_team="B", trick_points=70, belote="B")
    result = scored(hand)
    a, b = names
    sentence = explain(hand, result, "fr", a_match(a, b))
    assert without_reason(sentence).endswith(f"à {a} ; belote gardée par {b}")
    assert "gardent" not in sentence


def test_the_contract_label_for_each_bid_and_coinche():
    with translation.override("fr"):
        assert contract_label(CoincheHand("A", 100, "hearts")) == "100 ♥"
        assert contract_label(CoincheHand("A", "capot", coinche="coinche")) == "capot coinché"
        assert contract_label(CoincheHand("A", "generale", "clubs", coinche="surcoinche")) == (
            "générale ♣ surcoinchée"
        )
        assert contract_label(CoincheHand(None)) == ""
    with translation.override("en"):
        assert contract_label(CoincheHand("A", 180, "no_trump", coinche="coinche")) == (
            "180 no trump coinched"
        )


@FAST
@given(match_strategy())
def test_every_coinche_hand_s_explanation_adds_up_to_its_score(match):
    rules, hands = match
    for hand, result in zip(hands, score_match(rules, hands).hands, strict=True):
        if result.outcome is Outcome.PASSED:
            continue
        for lang in ("fr", "en"):
            sentence = explain(hand, result, lang)
            with translation.override(lang):
                label = contract_label(hand)
            head = sentence[: sentence.index(" : " if lang == "fr" else ": ")]
            assert label in head
            check_figures(sentence, head, result, lang)


# Issue 20, item 5: a failed contract says why, with the engine's figures
# (hand_totals: what decides a numeric bid).
WHY = [
    (
        # 80 ♣, 70 + belote = 90 against 92: more than the bid, less than the defense.
        CoincheHand("A", 80, "clubs", points_team="A", trick_points=70, belote="A"),
        "Il fallait 80 et plus que la défense (92) : le preneur a fait 90 (70 + belote).",
        "It needed 80 and more than the defence (92): the taker made 90 (70 + belote).",
    ),
    (
        # An 81-81 coinched tie: no litige at coinche.
        CoincheHand("A", 80, "clubs", coinche="coinche", points_team="A", trick_points=81),
        "Égalité, 81 à 81 : pas de litige à la coinche, le contrat chute.",
        "A tie, 81 to 81: coinche has no tie rule, the contract fails.",
    ),
    (
        CoincheHand("B", 110, "hearts", points_team="B", trick_points=100),
        "Il fallait 110 et plus que la défense (62) : le preneur a fait 100.",
        "It needed 110 and more than the defence (62): the taker made 100.",
    ),
    (
        CoincheHand("A", "capot", "spades", capot=None, points_team="A", trick_points=150),
        "Il fallait faire tous les plis.",
        "It needed every trick.",
    ),
]


@pytest.mark.parametrize(("hand", "fr", "en"), WHY)
def test_a_failed_contract_says_why_in_words_and_numbers(hand, fr, en):
    result = scored(hand)
    assert result.outcome is Outcome.DEDANS
    assert explain(hand, result, "fr").endswith(". " + fr)
    assert explain(hand, result, "en").endswith(". " + en)
