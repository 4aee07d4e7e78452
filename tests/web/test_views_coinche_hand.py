"""Entering, previewing and correcting a coinche hand on the match page
(issue 10, docs/coinche.md *Hand*): every total is checked against the
engine's ``score_match`` on the same inputs, written here from the contract."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from scoresheets import scoring
from scoresheets.forms import PROBLEM_MESSAGES, problem_message
from scoresheets.matches import services
from scoresheets.matches.scoresheet import match_get_scoresheet
from scoresheets.models import Hand, Match
from tests.factories import NAMES, entry_form

pytestmark = pytest.mark.django_db

# Seats: Alice (1) & Claire (3) are team A, Bob (2) & Dan (4) team B.
FRIENDS = scoring.CoincheRules(
    target=3000, rounding="none", coinche_score="total", announcements=True
)
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def coinche_match(rules: scoring.CoincheRules = FRIENDS) -> Match:
    return services.match_create(names=NAMES, rules=rules)


def post(client: Client, match: Match, htmx: bool = False, lang: dict | None = None, **data: Any):
    headers = {"HX-Request": "true"} if htmx else {}
    body = entry_form(match, data)
    return client.post(f"/m/{match.token}/donnes/", body, headers=headers, **(lang or {}))


def preview(client: Client, match: Match, **data: Any) -> str:
    response = client.post(f"/m/{match.token}/apercu/", data, headers={"HX-Request": "true"})
    assert response.status_code == 200
    return response.content.decode()


def stored(match: Match) -> list[scoring.CoincheHand]:
    return [one.to_input() for one in match.hands.live()]


def assert_totals_are_the_engines(match: Match, hands: list[scoring.CoincheHand]) -> None:
    engine = scoring.score_match(match.rules, hands)
    match.refresh_from_db()
    assert (match.total_a, match.total_b) == (engine.totals.a, engine.totals.b)
    assert match_get_scoresheet(match).result == engine


def checked(body: str, name: str, value: str) -> bool:
    pattern = rf'<input type="radio" name="{name}" value="{value}"[^>]*\bchecked\b'
    return re.search(pattern, body) is not None


# The form as tapped -> the hand docs/coinche.md describes.
SAVED = {
    "made": (
        {"taker": "1", "bid": "100", "suit": "hearts", "points": "120"},
        scoring.CoincheHand("A", 100, "hearts", None, "A", 120),
    ),
    "dedans, the defense's points": (
        {"taker": "2", "bid": "120", "suit": "spades", "points": "90", "points_team": "A"},
        scoring.CoincheHand("B", 120, "spades", None, "A", 90),
    ),
    "capot bid, made": (
        {"taker": "3", "bid": "capot", "suit": "all_trump", "capot": "A", "belote": "A"},
        scoring.CoincheHand("A", "capot", "all_trump", None, capot="A", belote="A"),
    ),
    "générale made alone": (
        {"taker": "4", "bid": "generale", "capot": "B", "solo": "1"},
        scoring.CoincheHand("B", "generale", None, None, capot="B", solo=True),
    ),
    "générale capot with the partner": (
        {"taker": "4", "bid": "generale", "suit": "clubs", "capot": "B", "solo": "0"},
        scoring.CoincheHand("B", "generale", "clubs", None, capot="B", solo=False),
    ),
    "coinchée, with belote and announcements": (
        {
            "taker": "1",
            "bid": "90",
            "suit": "diamonds",
            "coinche": "coinche",
            "points": "100",
            "belote_seat": "3",
            "ann_team": "A",
            "ann_points": "50",
        },
        scoring.CoincheHand(
            "A", 90, "diamonds", "coinche", "A", 100, belote="A", announcements=scoring.Pair(50, 0)
        ),
    ),
    "surcoinchée and failed": (
        {"taker": "2", "bid": "160", "coinche": "surcoinche", "points": "130"},
        scoring.CoincheHand("B", 160, None, "surcoinche", "B", 130),
    ),
}


@pytest.mark.parametrize("data,expected", SAVED.values(), ids=SAVED.keys())
def test_it_records_a_coinche_hand_as_the_contract_says(client: Client, data, expected):
    match = coinche_match()
    response = post(client, match, number="1", **data)
    assert response.status_code == 303
    assert response["Location"] == f"/m/{match.token}/"
    assert stored(match) == [expected]
    one = Hand.objects.get()
    assert one.taker_seat == int(data["taker"])
    assert_totals_are_the_engines(match, [expected])
    # The sheet shows the contract in the hand's row.
    body = client.get(f"/m/{match.token}/").content.decode()
    taker = NAMES[int(data["taker"]) - 1]
    assert f"{taker} prend {data['bid'].replace('generale', 'générale')}" in body


def test_a_sequence_of_hands_scores_as_the_engine(client: Client):
    match = coinche_match()
    for data, _expected in SAVED.values():
        assert post(client, match, **data).status_code == 303
    assert_totals_are_the_engines(match, [expected for _data, expected in SAVED.values()])


def test_the_sheet_row_and_summary_show_the_contract(client: Client):
    match = coinche_match()
    post(client, match, taker="1", bid="100", suit="hearts", coinche="coinche", points="120")
    body = client.get(f"/m/{match.token}/").content.decode()
    assert "Alice prend 100 ♥ coinché" in body
    assert "Corriger ou supprimer" in body
    sheet = match_get_scoresheet(match)
    assert (
        sheet.hand_summary(sheet.hands[0]) == "Alice prend 100 ♥ coinché · plis Alice & Claire 120"
    )
    english = client.get(f"/m/{match.token}/", **EN).content.decode()
    assert "Alice takes 100 ♥ coinched" in english


def test_the_summary_says_a_generale_was_made_alone(client: Client):
    match = coinche_match()
    post(client, match, taker="2", bid="generale", suit="no_trump", capot="B", solo="1")
    sheet = match_get_scoresheet(match)
    assert (
        sheet.hand_summary(sheet.hands[0])
        == "Bob prend générale sans-atout · capot Bob & Dan · seul"
    )


def test_it_answers_htmx_with_a_fresh_coinche_form_and_the_new_sheet(client: Client):
    match = coinche_match()
    data = {"taker": "1", "bid": "80", "suit": "clubs", "points": "100"}
    response = post(client, match, htmx=True, number="1", **data)
    body = response.content.decode()
    assert response.status_code == 200
    assert body.lstrip().startswith('<form id="hand-form"')
    assert 'name="bid"' in body and not checked(body, "bid", "80")  # empty again
    engine = scoring.score_match(
        match.rules, [scoring.CoincheHand("A", 80, "clubs", None, "A", 100)]
    )
    assert f'class="total-points">{engine.totals.a}<' in body
    assert body.count('hx-swap-oob="true"') == 3  # the scoreboard, the hands, the undo bar
    assert 'name="number" value="2"' in body


def test_it_records_a_redeal_whatever_else_was_typed(client: Client):
    match = coinche_match()
    response = post(client, match, action="pass", taker="1", bid="100", points="40")
    assert response.status_code == 303
    assert stored(match) == [scoring.CoincheHand(None)]
    assert "Tout le monde passe" in client.get(f"/m/{match.token}/").content.decode()


def test_the_page_offers_the_coinche_form_without_renonce(client: Client):
    body = client.get(f"/m/{coinche_match().token}/").content.decode()
    for name in ("taker", "bid", "suit", "coinche", "points", "capot", "solo", "belote"):
        assert f'name="{name}"' in body, name
    assert 'name="renonce"' not in body
    # The suit chips show a symbol and keep the suit's name for screen readers.
    assert 'aria-label="Trèfle"' in body and ">♣<" in body
    assert ">Sans-atout<" in body and ">Tout-atout<" in body
    # The taps come in the order of the table's talk: taker, bid, suit, coinche, points.
    order = [body.index(f'name="{name}"') for name in ("taker", "bid", "suit", "coinche", "points")]
    assert order == sorted(order)
    english = client.get(f"/m/{coinche_match().token}/", **EN).content.decode()
    assert "<legend>Bid</legend>" in english and 'aria-label="Clubs"' in english


# ---- Bad input: a message in the user's language, nothing saved --------------

BAD = {
    "no bid": (
        {"taker": "1", "points": "100"},
        "Choisissez l&#x27;enchère",
        "Choose the bid",
    ),
    "bid 85": (
        {"taker": "1", "bid": "85", "points": "100"},
        "Sélectionnez un choix valide",
        "Select a valid choice",
    ),
    "points 200": (
        {"taker": "1", "bid": "100", "points": "200"},
        "Saisissez un nombre entre 0 et 162.",
        "Enter a number between 0 and 162.",
    ),
    "belote at no trump": (
        {"taker": "1", "bid": "100", "suit": "no_trump", "points": "100", "belote": "A"},
        "Pas de belote à sans-atout",
        "No belote at no trump",
    ),
    "solo on a numeric bid": (
        {"taker": "1", "bid": "100", "points": "100", "solo": "1"},
        "ne se dit que d&#x27;une générale",
        "is only for a générale",
    ),
    "générale made capot, solo not said": (
        {"taker": "1", "bid": "generale", "capot": "A"},
        "dites si le preneur a fait les huit plis seul",
        "say whether the taker took all eight tricks alone",
    ),
    "points with a capot": (
        {"taker": "1", "bid": "100", "points": "100", "capot": "A"},
        "Avec un capot, ne saisissez pas de points",
        "With a capot, enter no points",
    ),
    "a belote form's post": (
        {"taker": "1", "points": "100", "points_team": "A", "belote": "A", "renonce": ""},
        "Choisissez l&#x27;enchère",
        "Choose the bid",
    ),
    "no taker": (
        {"bid": "100", "points": "100"},
        "Choisissez qui a pris.",
        "Choose who took.",
    ),
}


@pytest.mark.parametrize("data,french,english", BAD.values(), ids=BAD.keys())
@pytest.mark.parametrize("htmx", [False, True], ids=["plain", "htmx"])
def test_it_refuses_bad_input_with_a_message_and_saves_nothing(
    client: Client, data, french, english, htmx
):
    match = coinche_match()
    for lang, message in (({}, french), (EN, english)):
        response = post(client, match, htmx=htmx, lang=lang, **data)
        body = response.content.decode()
        assert response.status_code == 422
        assert message in body
        assert 'class="errorlist"' in body
    assert Hand.objects.count() == 0
    assert Match.objects.get().version == match.version


def test_a_form_opened_before_another_phone_saved_is_told_and_kept(client: Client):
    match = coinche_match()
    data = {"taker": "2", "bid": "110", "suit": "hearts", "coinche": "coinche", "points": "100"}
    first = post(client, match, number="1", match_version=str(match.version), **data)
    assert first.status_code == 303
    other = post(client, match, number="1", match_version=str(match.version), **data)
    body = other.content.decode()
    assert other.status_code == 409
    # The same coinche hand (contract and coinche included): told it is the same.
    assert "Cette donne a déjà été saisie depuis un autre téléphone (donne 1)." in body
    assert "Valider quand même comme donne 2" in body
    assert 'name="number" value="2"' in body
    assert checked(body, "bid", "110") and checked(body, "coinche", "coinche")  # kept
    assert Hand.objects.count() == 1


# ---- The live preview ----------------------------------------------------------


@pytest.mark.parametrize("data,expected", SAVED.values(), ids=SAVED.keys())
def test_it_previews_what_the_engine_scores(client: Client, data, expected):
    match = coinche_match()
    body = preview(client, match, **data)
    (result,) = scoring.score_match(match.rules, [expected]).hands
    assert f'<b dir="ltr">+{result.score.a}</b>' in body
    assert f'<b dir="ltr">+{result.score.b}</b>' in body
    assert f"outcome-{result.outcome}" in body
    assert Hand.objects.count() == 0


def test_the_preview_says_what_is_wrong(client: Client):
    body = preview(client, coinche_match(), taker="1", bid="100", suit="no_trump", belote="A")
    assert "Pas de belote à sans-atout" in body
    assert "Saisissez les points de plis" in body


def test_the_preview_of_the_hand_that_ends_the_match(client: Client):
    match = coinche_match(scoring.CoincheRules(target=500))
    body = preview(client, match, taker="1", bid="capot", capot="A")
    assert "Cette donne termine la partie" in body


# ---- Correction -----------------------------------------------------------------


def test_the_correction_page_is_prefilled_and_saves_a_corrected_contract(client: Client):
    match = coinche_match()
    post(client, match, taker="4", bid="generale", suit="spades", capot="B", solo="0", belote="B")
    post(client, match, taker="1", bid="100", points="120")
    one = match.hands.live().first()
    url = f"/m/{match.token}/donnes/{one.pk}/"
    page = client.get(url).content.decode()
    assert "Corriger la donne 1" in page
    for name, value in (
        ("taker", "4"),
        ("bid", "generale"),
        ("suit", "spades"),
        ("capot", "B"),
        ("solo", "0"),
        ("belote", "B"),
        ("coinche", ""),
    ):
        assert checked(page, name, value), name
    assert 'name="renonce"' not in page
    assert "Dan prend générale ♠" in page  # the history
    # In fact he was alone, and coinched.
    data = {"taker": "4", "bid": "generale", "suit": "spades", "capot": "B", "solo": "1"}
    data.update(belote="B", coinche="coinche", hand_version=str(one.version))
    response = client.post(url, data)
    assert response.status_code == 303
    corrected = scoring.CoincheHand(
        "B", "generale", "spades", "coinche", capot="B", solo=True, belote="B"
    )
    assert stored(match) == [corrected, scoring.CoincheHand("A", 100, None, None, "A", 120)]
    assert_totals_are_the_engines(match, stored(match))
    history = client.get(url).content.decode()
    assert (
        "Dan prend générale ♠ coinchée · capot Bob &amp; Dan · seul · belote Bob &amp; Dan"
        in history
    )


def test_the_correction_preview_scores_the_hand_in_place(client: Client):
    match = coinche_match()
    post(client, match, taker="1", bid="100", points="120")
    post(client, match, taker="2", bid="80", points="100")
    first = match.hands.live().first()
    data = {"taker": "1", "bid": "100", "coinche": "surcoinche", "points": "120"}
    body = preview(client, match, replace=str(first.pk), **data)
    hands = stored(match)
    hands[0] = scoring.CoincheHand("A", 100, None, "surcoinche", "A", 120)
    result = scoring.score_match(match.rules, hands).hands[0]
    assert f'<b dir="ltr">+{result.score.a}</b>' in body


def test_a_bad_correction_is_refused_and_changes_nothing(client: Client):
    match = coinche_match()
    post(client, match, taker="1", bid="100", points="120")
    one = match.hands.get()
    data = {"taker": "1", "bid": "100", "points": "120", "solo": "1", "hand_version": "1"}
    response = client.post(f"/m/{match.token}/donnes/{one.pk}/", data)
    assert response.status_code == 422
    assert "ne se dit que d&#x27;une générale" in response.content.decode()
    assert stored(match) == [scoring.CoincheHand("A", 100, None, None, "A", 120)]


def test_a_coinche_hand_is_deleted_and_restored(client: Client):
    match = coinche_match()
    post(client, match, taker="1", bid="100", points="120")
    post(client, match, taker="2", bid="capot", capot="B")
    first = match.hands.live().first()
    url = f"/m/{match.token}/donnes/{first.pk}/"
    response = client.post(url + "supprimer/", {"hand_version": "1", "key": "k-delete"})
    assert response.status_code == 303
    assert_totals_are_the_engines(match, [scoring.CoincheHand("B", "capot", capot="B")])
    assert client.post(url + "retablir/", {"key": "k-restore"}).status_code == 303
    assert_totals_are_the_engines(
        match,
        [
            scoring.CoincheHand("A", 100, None, None, "A", 120),
            scoring.CoincheHand("B", "capot", capot="B"),
        ],
    )


def test_a_correction_to_a_redeal(client: Client):
    match = coinche_match()
    post(client, match, taker="1", bid="100", points="120")
    one = match.hands.get()
    response = client.post(
        f"/m/{match.token}/donnes/{one.pk}/", {"action": "pass", "hand_version": "1"}
    )
    assert response.status_code == 303
    assert stored(match) == [scoring.CoincheHand(None)]


# ---- Every problem the coinche engine can raise has a French message ------------


def coinche_problem_codes() -> set[str]:
    """The codes of every ``problem(hand, field, "code", ...)`` call in the
    coinche engine and the kernel it calls (read from their source)."""
    call = re.compile(r'\bproblem\(\s*[^,()]+,\s*[^,()]+,\s*"(\w+)"', re.S)
    source = Path(scoring.coinche.__file__).read_text(encoding="utf-8")
    helpers = Path(scoring.kernel.__file__).read_text(encoding="utf-8")
    return set(call.findall(source)) | set(call.findall(helpers))


def test_every_coinche_problem_code_has_a_translated_message():
    codes = coinche_problem_codes()
    assert {"belote_at_no_trump", "solo_not_allowed", "required", "invalid_team"} <= codes
    assert codes - set(PROBLEM_MESSAGES) == set()


@pytest.mark.parametrize(
    "bad",
    [
        scoring.CoincheHand("A", 100, "no_trump", None, "A", 100, belote="A"),
        scoring.CoincheHand("A", 100, None, None, "A", 100, solo=True),
        scoring.CoincheHand("A", "generale", capot="A"),
        scoring.CoincheHand("A", None, None, None, "A", 100),
    ],
    ids=["belote at no trump", "solo on a bid", "solo missing", "no bid"],
)
def test_the_engines_problems_come_back_in_english_too(bad):
    with pytest.raises(scoring.MatchError) as raised:
        scoring.score_match(FRIENDS, [bad])
    for problem in raised.value.problems:
        with translation.override("fr"):
            french = problem_message(problem)
        with translation.override("en"):
            english = problem_message(problem)
        assert french != problem.message  # not the engine's own words
        assert english != french
