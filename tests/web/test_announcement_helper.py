"""The announcement helper: who wins the comparison, in words, and its form
on the match page, the correction page and the calculator (docs/announcements.md)."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django import forms
from django.test import Client
from django.utils import translation

from scoresheets import scoring
from scoresheets.announcement_helper import (
    COMPARE,
    OPEN,
    helper_for,
    playing_order,
    reason_text,
    trump_of,
)
from scoresheets.forms import HandForm
from scoresheets.models import Hand, Match
from tests.factories import entry_form, hand, make_match, play

Declaration = scoring.Declaration
Decider = scoring.Decider

# The helper rendered, open (its data-ann-number/-url come between).
HELPER_OPEN = re.compile(r'<details class="ann-helper" id="ann-helper" data-ann-helper[^>]* open>')
NAMES = {1: "Léa", 2: "Marc", 3: "Claire", 4: "Dan"}  # playing order: Léa first after the dealer
TEAMS = {"A": "Léa & Claire", "B": "Marc & Dan"}


def text(response) -> str:
    """The page's HTML with its character references resolved ("n'a", not "n&#x27;a")."""
    return html.unescape(response.content.decode())


def words(declarations: list[Declaration], trump: str | None = None, lang: str = "fr", **kw):
    """The engine's comparison and reason, and the helper's sentences for it."""
    comparison = scoring.compare(declarations, trump, "A")
    reason = scoring.comparison_reason(comparison)
    with translation.override(lang):
        lines = reason_text(reason, names=NAMES, team_names=TEAMS, trump=trump, **kw)
    return reason, " ".join(lines)


# --------------------------------------------------------------------------
# The wording of each decider, in French and in English
# --------------------------------------------------------------------------


def test_it_words_a_win_on_points_as_the_issue_does():
    reason, text = words([Declaration.carre(1, "J"), Declaration.sequence(2, "hearts", 4, "10")])
    assert reason.decided_by == Decider.POINTS
    # The sentence of issue 10, word for word.
    assert "Carré de valets de Léa : 200, bat la cinquante de Marc." in text
    assert f"Plus de points : {reason.best_value} contre {reason.beaten_value}." in text
    assert f"Annonces pour {TEAMS[reason.team]} : {reason.team_points}." in text


def test_it_words_a_win_on_points_in_english():
    reason, text = words(
        [Declaration.carre(1, "J"), Declaration.sequence(2, "hearts", 4, "10")], lang="en"
    )
    assert "Léa's carré of jacks: 200, beats Marc's cinquante." in text
    assert f"More points: {reason.best_value} against {reason.beaten_value}." in text
    assert f"Announcements to {TEAMS[reason.team]}: {reason.team_points}." in text


def test_it_words_an_unopposed_declaration():
    reason, text = words([Declaration.sequence(2, "spades", 3, "10")])
    assert reason.decided_by == Decider.UNOPPOSED and reason.beaten is None
    assert f"Tierce de Marc : {reason.best_value}." in text
    assert "L'autre équipe n'a rien annoncé." in text
    _reason, english = words([Declaration.sequence(2, "spades", 3, "10")], lang="en")
    assert f"Marc's tierce: {reason.best_value}." in english
    assert "The other team declared nothing." in english


def test_it_says_a_carre_goes_before_a_sequence_of_equal_points():
    reason, text = words([Declaration.sequence(1, "clubs", 5, "K"), Declaration.carre(2, "A")])
    assert reason.decided_by == Decider.CARRE
    assert reason.best_value == reason.beaten_value
    assert "Carré d'as de Marc : 100, bat le cent de Léa." in text
    assert "À points égaux, le carré passe avant la suite." in text
    _reason, english = words(
        [Declaration.sequence(1, "clubs", 5, "K"), Declaration.carre(2, "A")], lang="en"
    )
    assert "Marc's carré of aces: 100, beats Léa's cent." in english
    assert "Equal points: a carré goes before a sequence." in english


def test_it_says_the_higher_carre_wins():
    reason, text = words([Declaration.carre(1, "Q"), Declaration.carre(2, "A")])
    assert reason.decided_by == Decider.HEIGHT
    assert "Carré d'as de Marc : 100, bat le carré de dames de Léa." in text
    assert "le carré le plus haut l'emporte (valet, 9, as, 10, roi, dame)" in text
    _reason, english = words([Declaration.carre(1, "Q"), Declaration.carre(2, "A")], lang="en")
    assert "Marc's carré of aces: 100, beats Léa's carré of queens." in english
    assert "the higher carré wins (jack, 9, ace, 10, king, queen)" in english


def test_it_names_the_top_cards_when_the_height_decides():
    reason, text = words(
        [Declaration.sequence(1, "hearts", 3, "Q"), Declaration.sequence(2, "clubs", 3, "K")]
    )
    assert reason.decided_by == Decider.HEIGHT
    assert "Tierce au roi de trèfle de Marc : 20, bat la tierce à la dame de cœur de Léa." in text
    assert "la suite la plus haute l'emporte (roi contre dame)" in text
    _reason, english = words(
        [Declaration.sequence(1, "hearts", 3, "Q"), Declaration.sequence(2, "clubs", 3, "K")],
        lang="en",
    )
    assert "Marc's king-high tierce in clubs: 20, beats Léa's queen-high tierce in hearts." in (
        english
    )
    assert "the higher sequence wins (king against queen)" in english


def test_it_says_the_sequence_in_trump_wins():
    declarations = [
        Declaration.sequence(1, "hearts", 3, "K"),
        Declaration.sequence(2, "clubs", 3, "K"),
    ]
    reason, text = words(declarations, trump="clubs")
    assert reason.decided_by == Decider.TRUMP and reason.best.seat == 2
    assert "Deux suites égales : celle à l'atout (trèfle) l'emporte." in text
    _reason, english = words(declarations, trump="clubs", lang="en")
    assert "Two equal sequences: the one in trump (clubs) wins." in english


def test_it_says_the_earlier_seat_wins_and_asks_for_the_trump():
    declarations = [
        Declaration.sequence(2, "hearts", 3, "K"),
        Declaration.sequence(1, "clubs", 3, "K"),
    ]
    reason, text = words(declarations, trump_asked=True)
    assert reason.decided_by == Decider.SEAT and NAMES[reason.best.seat] == "Léa"
    assert "Tout est égal : Léa parle avant Marc" in text
    assert "précisez l'atout" in text
    _reason, english = words(declarations, lang="en", trump_asked=True)
    assert "All equal: Léa speaks before Marc" in english
    assert "choose the trump" in english
    # A trump given by the hand form (coinche: sans-atout) asks nothing.
    _reason, told = words(declarations, trump_asked=False)
    assert "précisez l'atout" not in told


def test_it_adds_the_partners_declarations():
    declarations = [
        Declaration.carre(1, "J"),
        Declaration.sequence(2, "hearts", 4, "10"),
        Declaration.sequence(3, "spades", 3, "A"),
    ]
    reason, text = words(declarations)
    assert [NAMES[d.seat] for d in reason.also_scored] == ["Claire"]
    assert f"+ la tierce de Claire ({reason.also_scored[0].value})." in text
    assert f"Annonces pour Léa & Claire : {reason.team_points}." in text
    _reason, english = words(declarations, lang="en")
    assert f"+ Claire's tierce ({reason.also_scored[0].value})." in english


def test_it_says_nobody_declared():
    comparison = scoring.compare([], None, "A")
    reason = scoring.comparison_reason(comparison)
    assert reason is None
    lines = reason_text(reason, names=NAMES, team_names=TEAMS)
    assert lines == ["Personne n'a rien annoncé : pas de points d'annonces."]


# --------------------------------------------------------------------------
# Seats: the table's, in playing order from the dealer
# --------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("first_dealer", [1, 2, 3, 4])
def test_playing_order_starts_after_the_dealer_the_sheet_names(first_dealer: int):
    match = make_match(first_dealer=first_dealer)
    from scoresheets.matches.scoresheet import match_get_scoresheet

    turn = match_get_scoresheet(match).next_turn
    order = playing_order(match.dealer_seat(turn.number))
    assert order[0] == turn.first.seat
    assert order[-1] == turn.dealer.seat
    assert sorted(order) == [1, 2, 3, 4]


# --------------------------------------------------------------------------
# The match page: the compare button saves nothing and fills the fields
# --------------------------------------------------------------------------


def compare_on_match(client: Client, match: Match, htmx: bool = False, **data: Any):
    headers = {"HX-Request": "true"} if htmx else {}
    data.setdefault("number", "1")
    body = entry_form(match, data, action=COMPARE)
    return client.post(f"/m/{match.token}/donnes/", body, headers=headers)


def decl(seat: int, slot: int = 1, **fields: str) -> dict[str, str]:
    return {f"annh-s{seat}_{slot}_{key}": value for key, value in fields.items()}


def checked_team(body: str) -> str | None:
    found = re.search(r'name="ann_team" value="([AB])" id="id_ann_team_\d" checked', body)
    return found.group(1) if found else None


def ann_points(body: str) -> str:
    return re.search(r'name="ann_points" id="id_ann_points"\s+value="([^"]*)"', body).group(1)


@pytest.mark.django_db
def test_it_fills_the_announcements_and_saves_nothing(client: Client):
    match = make_match(announcements=True)  # Alice, Bob, Claire, Dan in seats 1-4
    response = compare_on_match(
        client,
        match,
        taker="3",
        points="100",
        **decl(2, kind="carre", card="J"),
        **decl(3, kind="4", suit="hearts", card="10"),
        **decl(4, kind="3", suit="spades", card="A"),
    )
    body = text(response)
    assert response.status_code == 200
    assert Hand.objects.count() == 0
    assert Match.objects.get().version == match.version
    # Bob's carré of jacks (team B) beats Claire's cinquante; Dan's tierce counts too.
    assert checked_team(body) == "B"
    assert ann_points(body) == str(200 + 20)
    assert "Carré de valets de Bob : 200, bat la cinquante de Claire." in body
    assert "+ la tierce de Dan (20)." in body
    # What was typed is kept, and no complaint about the hand itself.
    assert re.search(r'name="taker" value="3"[^>]*checked', body)
    assert 'value="100"' in body
    assert "errorlist" not in body
    assert HELPER_OPEN.search(body)


@pytest.mark.django_db
@pytest.mark.parametrize(("number", "winner"), [("1", "B"), ("2", "A")])
def test_the_earlier_seat_follows_the_dealer_of_the_hand(client: Client, number: str, winner: str):
    # Equal tierces of Alice (seat 1, A) and Bob (seat 2, B), no trump given:
    # hand 1 is dealt by Alice, Bob speaks first; hand 2 by Bob, Alice is before Bob.
    match = make_match(announcements=True, first_dealer=1)
    if number == "2":
        match = play(match, hand("A", 100))
    response = compare_on_match(
        client,
        match,
        number=number,
        **decl(1, kind="3", suit="hearts", card="K"),
        **decl(2, kind="3", suit="clubs", card="K"),
    )
    body = text(response)
    assert response.status_code == 200
    assert checked_team(body) == winner
    first = "Bob" if winner == "B" else "Alice"
    other = "Alice" if winner == "B" else "Bob"
    assert f"Tout est égal : {first} parle avant {other}" in body


@pytest.mark.django_db
def test_the_helpers_trump_breaks_a_tie_of_sequences(client: Client):
    match = make_match(announcements=True, first_dealer=1)  # Bob speaks first
    response = compare_on_match(
        client,
        match,
        **{"annh-trump": "hearts"},
        **decl(1, kind="3", suit="hearts", card="K"),
        **decl(2, kind="3", suit="clubs", card="K"),
    )
    body = text(response)
    assert checked_team(body) == "A"
    assert "celle à l'atout (cœur) l'emporte" in body


@pytest.mark.django_db
def test_htmx_gets_the_helper_alone_with_the_verdict(client: Client):
    match = make_match(announcements=True)
    response = compare_on_match(client, match, htmx=True, **decl(1, kind="carre", card="9"))
    body = text(response)
    assert response.status_code == 200
    assert body.lstrip().startswith('<details class="ann-helper"')
    assert 'data-ann-team="A"' in body and 'data-ann-points="150"' in body
    assert "<html" not in body and 'id="hand-form"' not in body
    assert Hand.objects.count() == 0


@pytest.mark.django_db
def test_nobody_declared_empties_the_points(client: Client):
    match = make_match(announcements=True)
    response = compare_on_match(client, match, ann_team="A", ann_points="50")
    body = text(response)
    assert response.status_code == 200
    assert ann_points(body) == ""
    assert "Personne n'a rien annoncé" in body


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("declarations", "message"),
    [
        # Bob's cinquante to the king of hearts holds the jack of hearts.
        (
            {**decl(2, kind="4", suit="hearts", card="K"), **decl(1, kind="carre", card="J")},
            "Déjà annoncé par Bob : valet de cœur.",
        ),
        ({**decl(1, kind="3", suit="hearts", card="8")}, "ne peut pas aller au 8"),
        ({**decl(1, kind="carre", card="7")}, "Un carré de 7 n'est pas une annonce."),
        ({**decl(1, kind="carre")}, "Choisissez la carte du carré."),
        (
            {
                **decl(1, 1, kind="3", suit="hearts", card="9"),
                **decl(1, 2, kind="3", suit="hearts", card="Q"),
            },
            "Touche une autre suite de ce joueur (9 de cœur)",
        ),
        (
            {
                **decl(1, 1, kind="4", suit="hearts", card="Q"),
                **decl(1, 2, kind="3", suit="hearts", card="K"),
            },
            "Chevauche une autre suite de ce joueur",
        ),
        (
            {**decl(1, 1, kind="carre", card="J"), **decl(1, 2, kind="carre", card="J")},
            "Ce joueur a déjà annoncé ce carré.",
        ),
        (
            {
                **decl(1, 1, kind="carre", card="J"),
                **decl(1, 2, kind="carre", card="9"),
                **decl(1, 3, kind="3", suit="hearts", card="A"),
            },
            "Alice annonce 11 cartes différentes",
        ),
        ({**decl(1, kind="nonsense")}, "errorlist"),
    ],
)
def test_impossible_declarations_are_refused_in_words(
    client: Client, declarations: dict[str, str], message: str
):
    match = make_match(announcements=True)
    response = compare_on_match(client, match, ann_points="40", ann_team="B", **declarations)
    body = text(response)
    assert response.status_code == 422
    assert message in body
    assert Hand.objects.count() == 0
    assert ann_points(body) == "40" and checked_team(body) == "B"  # left as typed


@pytest.mark.django_db
def test_the_message_is_next_to_the_declaration_it_concerns(client: Client):
    match = make_match(announcements=True)
    response = compare_on_match(client, match, **decl(3, kind="carre", card="8"))
    body = text(response)
    # Claire's line is marked, its error follows her cards, and her field says so.
    assert 'aria-describedby="id_annh-s3_1_card_error"' in body
    start = body.index('id="id_annh-s3_1_card_error"')
    assert body.index('name="annh-s3_1_card"') < start < body.index('name="annh-s3_2_kind"')


@pytest.mark.django_db
def test_english_problem_messages(client: Client):
    match = make_match(announcements=True)
    response = client.post(
        f"/m/{match.token}/donnes/",
        {"action": COMPARE, "number": "1", **decl(1, kind="3", suit="hearts", card="8")},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    body = text(response)
    assert response.status_code == 422
    assert "A sequence of 3 cards cannot be 8-high: the lowest is 9-high." in body


@pytest.mark.django_db
def test_the_page_shows_the_helper_closed_and_the_default_button_first(client: Client):
    match = make_match(announcements=True)
    body = text(client.get(f"/m/{match.token}/"))
    # Only its disclosure (issue 21): the script fetches the helper when it is opened.
    lazy = r'<details class="ann-helper" id="ann-helper" data-ann-helper data-ann-lazy='
    assert re.search(lazy + r'"/m/[\w-]+/annonces/">', body)
    assert "Aide : qui gagne les annonces ?" in body
    assert "annh-" not in body and COMPARE not in body
    # Enter in a number field submits with the first submit button: the hand's, not the helper's.
    first_submit = body.index('<button type="submit"', body.index('id="hand-form"'))
    assert first_submit < body.index(f'value="{OPEN}"')
    assert 'name="action"' not in body[first_submit : body.index(">", first_submit)]


@pytest.mark.django_db
def test_a_match_without_announcements_shows_no_helper_and_compare_saves_nothing(client: Client):
    match = make_match(announcements=False)
    body = text(client.get(f"/m/{match.token}/"))
    assert "ann-helper" not in body and COMPARE not in body
    response = compare_on_match(client, match, taker="1", points="100")
    assert response.status_code == 200
    assert Hand.objects.count() == 0


@pytest.mark.django_db
def test_spanish_cards_name_the_choices_and_the_reason(client: Client):
    match = make_match(announcements=True, card_names="spanish")
    body = text(client.get(f"/m/{match.token}/annonces/?number=1"))
    assert re.search(r'value="K"[^>]*><span>12</span>', body)
    assert re.search(r'value="J"[^>]*><span>10</span>', body)
    response = compare_on_match(
        client, match, **decl(2, kind="carre", card="J"), **decl(3, kind="carre", card="9")
    )
    assert "Carré de 10 de Bob : 200, bat le carré de 6 de Claire." in text(response)


@pytest.mark.django_db
def test_the_correction_page_compares_without_changing_the_hand(client: Client):
    match = play(make_match(announcements=True), hand("A", 100))
    saved = Hand.objects.get()
    url = f"/m/{match.token}/donnes/{saved.pk}/"
    body = text(client.get(url))
    assert "Aide : qui gagne les annonces ?" in body
    response = client.post(
        url,
        {
            "action": COMPARE,
            "taker": "1",
            "points": "100",
            "hand_version": str(saved.version),
            **decl(1, kind="5", suit="spades", card="A"),
        },
    )
    body = text(response)
    assert response.status_code == 200
    assert checked_team(body) == "A" and ann_points(body) == "100"
    fresh = Hand.objects.get()
    assert (fresh.version, fresh.to_input().announcements.a) == (
        saved.version,
        saved.to_input().announcements.a,
    )


# --------------------------------------------------------------------------
# The calculator
# --------------------------------------------------------------------------

RULES = {
    "rules-capot_points": "252",
    "rules-rounding": "none",
    "rules-litige": "reserve",
    "rules-renonce": "penalty",
    "rules-announcements": "on",
}


@pytest.mark.django_db
def test_the_calculator_compares_without_javascript(client: Client):
    response = client.post(
        "/calculateur/",
        {
            **RULES,
            "action": COMPARE,
            "taker": "A",
            "points": "90",
            "annh-first_team": "B",
            **decl(1, kind="4", suit="clubs", card="A"),
            **decl(2, kind="3", suit="hearts", card="A"),
        },
    )
    body = text(response)
    assert response.status_code == 200
    assert Match.objects.count() == 0 and Hand.objects.count() == 0
    # Joueur 1 plays for "Eux" (B) here: their cinquante wins.
    assert checked_team(body) == "B" and ann_points(body) == "50"
    assert "Cinquante de Joueur 1 : 50, bat la tierce de Joueur 2." in body
    assert 'value="90"' in body


@pytest.mark.django_db
def test_the_calculator_page_has_the_helper_and_htmx_gets_it_alone(client: Client):
    body = text(client.get("/calculateur/"))
    assert "Aide : qui gagne les annonces ?" in body and "Joueur 4" in body
    response = client.post(
        "/calculateur/",
        {**RULES, "action": COMPARE, **decl(3, kind="carre", card="A")},
        headers={"HX-Request": "true"},
    )
    body = text(response)
    assert response.status_code == 200
    assert body.lstrip().startswith('<details class="ann-helper"')
    assert 'data-ann-team="A"' in body and 'data-ann-points="100"' in body


@pytest.mark.django_db
def test_the_calculator_refuses_impossible_declarations(client: Client):
    response = client.post(
        "/calculateur/",
        {**RULES, "action": COMPARE, **decl(1, kind="carre", card="8")},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 422
    assert "A carré of 8 is no announcement." in text(response)


# --------------------------------------------------------------------------
# The trump of a coinche hand form
# --------------------------------------------------------------------------


def test_trump_of_a_coinche_form():
    assert trump_of({"suit": "hearts"}) == (True, "hearts")
    assert trump_of({"suit": "no_trump"}) == (True, None)
    assert trump_of({"suit": "all_trump"}) == (True, None)
    assert trump_of({}) == (False, None)


class SuitHandForm(HandForm):
    suit = forms.ChoiceField(
        choices=[(s, s) for s in (*scoring.SUITS, "no_trump", "all_trump")], required=False
    )


def test_a_form_with_a_suit_gives_the_trump_and_hides_the_helpers():
    data = {
        "suit": "clubs",
        **decl(1, kind="3", suit="hearts", card="K"),
        **decl(2, kind="3", suit="clubs", card="K"),
    }
    form = SuitHandForm(data, team_names=TEAMS)
    helper = helper_for(data, form=form)
    assert helper.trump_field is None
    result = helper.compare()
    assert result.comparison.trump == "clubs" and result.winner == "B"
    # Sans-atout: no sequence is in trump, the earlier seat (player 1) wins.
    data["suit"] = "no_trump"
    helper = helper_for(data, form=SuitHandForm(data, team_names=TEAMS))
    assert helper.compare().winner == "A"


@pytest.mark.django_db
def test_a_refused_save_keeps_the_declarations_without_comparing(client: Client):
    match = make_match(announcements=True)
    response = client.post(
        f"/m/{match.token}/donnes/",
        entry_form(match, number="1", points="100", **decl(2, kind="carre", card="J")),  # no taker
    )
    body = text(response)
    assert response.status_code == 422 and Hand.objects.count() == 0
    assert HELPER_OPEN.search(body)
    assert re.search(r'name="annh-s2_1_kind" value="carre"[^>]*checked', body)
    assert "data-ann-result" not in body  # saving never compares


@pytest.mark.django_db
def test_the_correction_page_answers_the_script_with_the_helper_alone(client: Client):
    match = play(make_match(announcements=True), hand("A", 100))
    saved = Hand.objects.get()
    response = client.post(
        f"/m/{match.token}/donnes/{saved.pk}/",
        {"action": COMPARE, **decl(4, kind="carre", card="9")},
        headers={"HX-Request": "true"},
    )
    body = text(response)
    assert response.status_code == 200
    assert body.lstrip().startswith('<details class="ann-helper"')
    assert 'data-ann-team="B"' in body and 'data-ann-points="150"' in body
    assert Hand.objects.get().version == saved.version


@pytest.mark.django_db
@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_a_save_that_forgot_to_compare_compares_and_saves_nothing(client: Client, htmx: bool):
    """Newcomer trial: declarations picked in the helper, "Comparer" never
    pressed, "Valider" pressed: the hand was saved without its announcements
    (50 points to the wrong team). Now the save compares, fills the points,
    says so and saves nothing; the next "Valider" saves them."""
    match = make_match(announcements=True)
    headers = {"HX-Request": "true"} if htmx else {}
    data = entry_form(
        match,
        number="1",
        taker="3",
        points="100",
        **decl(2, kind="carre", card="J"),
        **decl(3, kind="4", suit="hearts", card="10"),
    )
    response = client.post(f"/m/{match.token}/donnes/", data, headers=headers)
    body = text(response)
    assert response.status_code == 422
    assert Hand.objects.count() == 0
    assert checked_team(body) == "B"
    assert ann_points(body) == "200"
    assert "Carré de valets de Bob : 200, bat la cinquante de Claire." in body
    assert "Les annonces de l'aide n'étaient pas comparées" in body

    saved = client.post(
        f"/m/{match.token}/donnes/", {**data, "ann_team": "B", "ann_points": "200"}, headers=headers
    )
    assert saved.status_code in {200, 303}
    hand = Hand.objects.get()
    assert (hand.to_input().announcements.a, hand.to_input().announcements.b) == (0, 200)


@pytest.mark.django_db
def test_points_typed_beside_the_declarations_are_the_players_choice(client: Client):
    match = make_match(announcements=True)
    response = client.post(
        f"/m/{match.token}/donnes/",
        entry_form(
            match,
            number="1",
            taker="3",
            points="100",
            ann_team="A",
            ann_points="50",
            **decl(2, kind="carre", card="J"),
        ),
    )
    assert response.status_code == 303
    hand = Hand.objects.get()
    assert (hand.to_input().announcements.a, hand.to_input().announcements.b) == (50, 0)


# --------------------------------------------------------------------------
# Rendered when opened (issue 21), for the form's hand (issue 20)
# --------------------------------------------------------------------------


def first_speaker(body: str) -> str:
    """The name of the player the helper says speaks first."""
    found = re.search(r'<span class="ann-name">([^<]+)</span> <small>[^<]*· parle en premier', body)
    assert found, "no first speaker"
    return html.unescape(found.group(1))


@pytest.mark.django_db
@pytest.mark.parametrize(("number", "first"), [("1", "Bob"), ("2", "Claire"), ("6", "Claire")])
def test_the_helper_fetched_names_the_first_speaker_of_the_hand_asked(
    client: Client, number: str, first: str
):
    match = make_match(announcements=True, first_dealer=1)  # Alice deals hand 1, Bob speaks
    response = client.get(f"/m/{match.token}/annonces/?number={number}")
    assert response.status_code == 200
    body = text(response)
    assert first_speaker(body) == first
    assert HELPER_OPEN.search(body)
    assert f'data-ann-number="{number}"' in body
    assert "no-cache" in response["Cache-Control"]


@pytest.mark.django_db
@pytest.mark.parametrize("number", ["", "x", "0", "-3", "99999999999999999999"])
def test_a_bad_hand_number_gets_the_first_hands_helper(client: Client, number: str):
    match = make_match(announcements=True, first_dealer=1)
    response = client.get(f"/m/{match.token}/annonces/?number={number}")
    assert response.status_code == 200
    assert first_speaker(text(response)) == "Bob"


@pytest.mark.django_db
def test_no_helper_for_a_match_without_announcements(client: Client):
    match = make_match(announcements=False)
    assert client.get(f"/m/{match.token}/annonces/").status_code == 404
    assert client.get("/m/nosuchtoken000000000000/annonces/").status_code == 404


@pytest.mark.django_db
def test_without_a_script_the_button_opens_the_helper_and_keeps_what_was_typed(client: Client):
    match = make_match(announcements=True, first_dealer=2)  # Bob deals hand 1: Claire speaks
    response = client.post(
        f"/m/{match.token}/donnes/",
        {"action": OPEN, "number": "1", "taker": "3", "points": "97"},
    )
    body = text(response)
    assert response.status_code == 200 and Hand.objects.count() == 0
    assert HELPER_OPEN.search(body)
    assert first_speaker(body) == "Claire"
    assert re.search(r'name="taker" value="3"[^>]*checked', body)
    assert 'value="97"' in body
    assert "errorlist" not in body


@pytest.mark.django_db
def test_a_saves_answer_carries_the_helpers_disclosure_only(client: Client):
    match = make_match(announcements=True)
    response = client.post(
        f"/m/{match.token}/donnes/",
        entry_form(match, number="1", taker="1", points="90"),
        headers={"HX-Request": "true"},
    )
    body = text(response)
    assert response.status_code == 200 and Hand.objects.count() == 1
    assert "data-ann-lazy" in body
    assert "annh-" not in body and "<select" not in body


# --------------------------------------------------------------------------
# Two taps a declaration (issue 20): the suit only when it decides
# --------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_sequence_needs_no_suit_and_its_reason_names_none(client: Client):
    match = make_match(announcements=True)
    response = compare_on_match(
        client,
        match,
        **decl(1, kind="3", card="K"),  # Alice: a king-high tierce
        **decl(2, kind="3", card="Q"),  # Bob: a queen-high tierce
    )
    body = text(response)
    assert response.status_code == 200, body
    assert checked_team(body) == "A" and ann_points(body) == "20"
    words = html.unescape(body)
    assert "Tierce au roi d’Alice : 20, bat la tierce à la dame de Bob." in words
    result = words.split("data-ann-result")[1].split("</div>")[0]
    assert not re.search(r"(de|in) (cœur|trèfle|carreau|pique)", result)


@pytest.mark.django_db
def test_sequences_without_suits_are_placed_where_they_clash_with_nothing(client: Client):
    match = make_match(announcements=True)
    response = compare_on_match(
        client,
        match,
        **decl(1, 1, kind="3", card="9"),  # Alice: 7-8-9 ...
        **decl(1, 2, kind="3", card="Q"),  # ... and 10-J-Q: one run if in one suit
        **decl(2, kind="4", card="K"),  # Bob's cinquante to the king overlaps both in a suit
    )
    assert response.status_code == 200, text(response)
    assert checked_team(text(response)) == "B" and ann_points(text(response)) == "50"


@pytest.mark.django_db
def test_a_tie_the_trump_breaks_asks_for_the_suits(client: Client):
    match = make_match(announcements=True, first_dealer=4)  # Dan deals: Alice speaks first
    tie = {**decl(1, kind="3", card="K"), **decl(2, kind="3", card="K"), "annh-trump": "hearts"}
    response = compare_on_match(client, match, **tie)
    body = html.unescape(text(response))
    assert response.status_code == 422 and Hand.objects.count() == 0
    assert body.count("l'atout départage : choisissez la couleur de cette suite.") == 2
    assert re.search(r'<details class="ann-suit" open>', body)
    # Bob's is in trump: his tierce wins, though Alice speaks first.
    given = {**tie, **decl(1, suit="clubs"), **decl(2, suit="hearts")}
    response = compare_on_match(client, match, **given)
    assert response.status_code == 200
    assert checked_team(text(response)) == "B"


@pytest.mark.django_db
def test_a_tie_without_trump_goes_to_the_first_speaker_and_says_the_trump_would_decide(
    client: Client,
):
    match = make_match(announcements=True, first_dealer=4)  # Alice speaks first
    response = compare_on_match(
        client, match, **decl(1, kind="3", card="K"), **decl(2, kind="3", card="K")
    )
    body = html.unescape(text(response))
    assert response.status_code == 200 and checked_team(text(response)) == "A"
    assert "précisez l'atout" in body


@pytest.mark.django_db
def test_nothing_declared_on_a_line_whose_kind_is_rien(client: Client):
    match = make_match(announcements=True)
    response = compare_on_match(client, match, **decl(1, kind="", suit="hearts", card="K"))
    assert response.status_code == 200
    assert "Personne n'a rien annoncé" in html.unescape(text(response))


@pytest.mark.django_db
def test_a_card_named_without_its_suit_is_named_by_its_rank(client: Client):
    match = make_match(announcements=True)
    # Bob's tierce to the king holds a jack, which Alice's carré holds in every suit.
    response = compare_on_match(
        client, match, **decl(1, kind="carre", card="J"), **decl(2, kind="3", card="K")
    )
    body = html.unescape(text(response))
    assert response.status_code == 422
    assert "Déjà annoncé par Alice : valet." in body or "Déjà annoncé par Bob : valet." in body
