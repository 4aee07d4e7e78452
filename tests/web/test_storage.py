"""Matches of every game in the database: import (command and web), storage
(the match document's rules and hands, as JSON: ``scoresheets.models``),
scoring through the registry, export and round trip. The worked cases of
every game of the registry (each engine names its folders) go through the
same tests; the coinche match below has every coinche rule and hand key."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from scoresheets import presets, scoring
from scoresheets.matches import services
from scoresheets.matches.scoresheet import match_get_scoresheet
from scoresheets.models import Hand, Match
from scoresheets.scoring.engines import ENGINES
from scoresheets.tables import services as tables
from tests.commands import run_command
from tests.conftest import case_id, coinche_case_files, game_case_files
from tests.engine.test_cases import assert_matches_expected

CASES = [(game, path) for game in ENGINES for path in game_case_files(game)]
VALID = [(g, p) for g, p in CASES if not json.loads(p.read_text())["expected"].get("error")]
INVALID = [(g, p) for g, p in CASES if json.loads(p.read_text())["expected"].get("error")]
COINCHE_VALID = [p for p in coinche_case_files() if ("coinche", p) in VALID]


def ids(cases: list[tuple[str, Path]]) -> list[str]:
    return [f"{game}/{case_id(path)}" for game, path in cases]


def read(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def import_command(path: Path) -> tuple[int, str, str]:
    return run_command("import_match", str(path))


def imported(path: Path) -> Match:
    code, out, err = import_command(path)
    assert code == 0, err
    token = out.strip().splitlines()[-1].strip("/").split("/")[-1]
    return Match.objects.get(token=token)


@pytest.mark.parametrize("game", list(ENGINES))
def test_every_game_has_valid_and_invalid_cases(game):
    assert len([p for g, p in VALID if g == game]) >= 20
    assert [p for g, p in INVALID if g == game]


@pytest.mark.django_db
@pytest.mark.parametrize(("game", "path"), VALID, ids=ids(VALID))
def test_every_valid_case_imports_and_scores_as_the_engine(game: str, path: Path):
    document = read(path)
    match = imported(path)
    assert match.game == game
    engine = scoring.score_match(*scoring.parse_match_document(document))

    sheet = match_get_scoresheet(match)
    assert sheet.result == engine
    assert_matches_expected(scoring.result_document(sheet.result), document["expected"])
    # The stored summary is the engine's too.
    # (Every side's: a game scored per player has 3 or 2.)
    assert [match.total_of(side) for side in match.sides] == [
        engine.totals[side] for side in match.sides
    ]
    assert (match.finished, match.winner) == (engine.finished, engine.winner)
    assert match.hands_count == len(document["hands"])


@pytest.mark.django_db
@pytest.mark.parametrize(("game", "path"), VALID, ids=ids(VALID))
def test_every_valid_case_round_trips_through_the_export(game: str, path: Path):
    document = read(path)
    match = imported(path)
    exported = services.match_export_document(match)
    assert exported.get("game", scoring.DEFAULT_GAME) == game
    assert scoring.parse_match_document(exported) == scoring.parse_match_document(document)
    assert_matches_expected(exported["result"], document["expected"])
    # And the export imports back as the same match.
    again = services.match_import(document=json.loads(json.dumps(exported)))
    assert again.rules == match.rules
    assert [h.to_input() for h in again.hands.live()] == [h.to_input() for h in match.hands.live()]


@pytest.mark.django_db
@pytest.mark.parametrize(("game", "path"), INVALID, ids=ids(INVALID))
def test_an_invalid_case_creates_nothing(game: str, path: Path):
    code, out, err = import_command(path)
    assert code == 2
    assert out == ""
    assert err.strip()
    assert Match.objects.count() == 0


def generale_document() -> dict:
    return {
        "game": "coinche",
        "rules": {
            "target": 3000,
            "rounding": "none",
            "made_score": "160_plus_bid",
            "coinche_score": "bid",
            "belote_counts": False,
            "announcements": True,
            "announcements_count": False,
            "capot_points": 162,
            "capot_bid_points": 250,
            "donnes": 20,
        },
        "hands": [
            {"taker": None},
            {
                "taker": "B",
                "bid": "generale",
                "suit": "all_trump",
                "coinche": "surcoinche",
                "capot": "B",
                "solo": True,
                "belote": "A",
                "announcements": {"A": 0, "B": 50},
            },
            {"taker": "A", "bid": 90, "suit": "no_trump", "points": {"B": 70}},
            {"taker": "A", "bid": "capot", "suit": "clubs", "coinche": "coinche", "capot": "B"},
        ],
    }


@pytest.mark.django_db
def test_every_coinche_rule_and_hand_key_is_stored():
    document = generale_document()
    match = services.match_import(document=document)
    rules, hands = scoring.parse_match_document(document)
    assert match.rules == rules
    assert isinstance(match.rules, scoring.CoincheRules)
    assert (match.rules.capot_points, match.rules.capot_bid_points, match.rules.made_score) == (
        162,
        250,
        "160_plus_bid",
    )
    # Stored as the match document's rules object.
    assert match.rule_values == document["rules"]
    stored = list(match.hands.live())
    assert [h.to_input() for h in stored] == hands
    assert all(isinstance(h.to_input(), scoring.CoincheHand) for h in stored)
    generale = stored[1]
    given = generale.to_input()
    assert (given.bid, given.suit, given.coinche, given.solo) == (
        "generale",
        "all_trump",
        "surcoinche",
        True,
    )
    # Stored as the match document's hand (its taker apart): a bid is a number.
    assert stored[2].entry["bid"] == 90
    assert stored[2].to_input().bid == 90
    # The history keeps each hand as the coinche document's hand.
    revision = generale.revisions.get()
    assert revision.data["bid"] == "generale" and revision.data["solo"] is True
    # A coinche match has none of belote's own rules.
    assert "litige" not in match.rule_values
    assert services.match_export_document(match)["rules"] == document["rules"]


@pytest.mark.django_db
def test_a_belote_match_stays_belote():
    match = services.match_import(document={"hands": [{"taker": "A", "points": {"A": 90}}]})
    assert match.game == "belote"
    assert isinstance(match.rules, scoring.Rules)
    hand = match.hands.get()
    assert isinstance(hand.to_input(), scoring.HandInput)
    assert not {"bid", "suit", "coinche", "solo"} & set(hand.entry)  # no contract at belote
    exported = services.match_export_document(match)
    assert "game" not in exported
    assert "made_score" not in exported["rules"]


@pytest.mark.django_db
def test_capot_points_allowed_are_each_games_own():
    match = services.match_import(document=generale_document())
    # 162 is a coinche value, not a belote one: the engine refuses it there,
    # and a coinche match's rules read as belote's are refused too.
    assert 162 not in presets.RULE_CHOICES["capot_points"]
    with pytest.raises(scoring.MatchError):
        services.match_create(names=["a", "b", "c", "d"], rules=scoring.Rules(capot_points=162))
    Match.objects.filter(pk=match.pk).update(game="belote")
    with pytest.raises(scoring.MatchError):
        Match.objects.get(pk=match.pk).rules  # noqa: B018
    # A game no package plays (one taken away since): the database keeps the
    # name (a new game needs no migration: docs/games.md), the engine refuses it.
    Match.objects.filter(pk=match.pk).update(game="tarot")
    with pytest.raises(scoring.MatchError) as refused:
        Match._base_manager.get(pk=match.pk).rules  # noqa: B018
    assert refused.value.problems[0].field == "game"


@pytest.mark.django_db
def test_a_match_of_a_game_no_package_plays_is_a_clear_page(client):
    match = services.match_import(document=generale_document())
    Match.objects.filter(pk=match.pk).update(game="tarot")
    # No page meets it: "not found", never an error; the row is kept.
    for url in (f"/m/{match.token}/", f"/voir/{match.read_token}/", "/"):
        response = client.get(url)
        assert response.status_code in (200, 404), url
    assert client.get(f"/m/{match.token}/").status_code == 404
    assert not Match.objects.filter(pk=match.pk).exists()
    assert Match._base_manager.filter(pk=match.pk, game="tarot").exists()


@pytest.mark.django_db
@pytest.mark.parametrize(("key", "value"), [("bid", 85), ("suit", "stars"), ("coinche", "triple")])
def test_the_engine_refuses_an_unknown_contract(key, value):
    match = services.match_import(document=generale_document())
    hand = dataclasses.replace(scoring.CoincheHand("A", 100, None, None, "A", 100), **{key: value})
    with pytest.raises(scoring.MatchError):
        services.hand_record(match=match, hand=hand)
    assert match.hands.count() == 4  # nothing saved
    # A stored hand changed behind the engine's back is refused when it is read.
    Hand.objects.filter(match=match, taker="A").update(entry={"bid": value, key: value})
    with pytest.raises(scoring.MatchError):
        match_get_scoresheet(match)


@pytest.mark.django_db
def test_the_coinche_rules_are_checked_on_create():
    with pytest.raises(scoring.MatchError) as error:
        services.match_create(
            names=["a", "b", "c", "d"], rules=scoring.CoincheRules(capot_bid_points=300)
        )
    assert [p.field for p in error.value.problems] == ["rules.capot_bid_points"]
    match = services.match_create(names=["a", "b", "c", "d"], rules=scoring.CoincheRules())
    assert match.game == "coinche" and match.rules == scoring.CoincheRules()


@pytest.mark.django_db
@pytest.mark.parametrize("language", [{}, {"HTTP_ACCEPT_LANGUAGE": "en"}])
def test_the_web_import_takes_a_coinche_match_and_its_page_renders(client, language):
    upload = SimpleUploadedFile("coinche.json", json.dumps(generale_document()).encode())
    response = client.post("/importer/", {"document": upload}, **language)
    assert response.status_code == 303
    match = Match.objects.get()
    assert match.game == "coinche"
    assert response["Location"] == services.match_path(match)
    page = client.get(response["Location"], **language)
    assert page.status_code == 200
    assert match.team_a_name in page.content.decode()


PAGES = VALID[:3] + VALID[-3:]  # of each game


@pytest.mark.django_db
@pytest.mark.parametrize(("game", "path"), PAGES, ids=ids(PAGES))
def test_the_page_of_an_imported_case_renders(client, game: str, path: Path):
    match = imported(path)
    for url in (
        services.match_path(match),
        f"/voir/{match.read_token}/",
        f"/m/{match.token}/poll/",
        f"/voir/{match.read_token}/poll/",
        f"/m/{match.token}/export.json",
    ):
        assert client.get(url).status_code == 200, url


# The services' write path and a table's pages take a coinche match too (the
# entry form is belote's for now: these hands come through the services).
COINCHE_HANDS = (
    scoring.CoincheHand("A", 100, "hearts", "coinche", "A", 120),  # made, coinched
    scoring.CoincheHand(None),  # everyone passed
    scoring.CoincheHand("B", "capot", "spades", capot="B", belote="B"),
)


def coinche_table_match():
    table = tables.table_create(name="Jeudi")
    rules = scoring.CoincheRules(target=3000, capot_points=252)
    match = services.match_create(names=["Léa", "Sam", "Noé", "Zoé"], rules=rules, table=table)
    for hand in COINCHE_HANDS:
        services.hand_record(match=match, hand=hand)
    return table, Match.objects.get(pk=match.pk)


@pytest.mark.django_db
def test_the_services_record_correct_delete_and_restore_coinche_hands():
    _, match = coinche_table_match()
    engine = scoring.score_match(match.rules, list(COINCHE_HANDS))
    assert engine.finished is False
    assert (match.total_a, match.total_b) == (engine.totals.a, engine.totals.b)
    assert match_get_scoresheet(match).result == engine

    first = match.hands.live().first()
    corrected = scoring.CoincheHand("A", 100, "hearts", "surcoinche", "A", 120)
    services.hand_update(match=match, hand_id=first.pk, hand=corrected, expected_version=1)
    hands = [corrected, *COINCHE_HANDS[1:]]
    match.refresh_from_db()
    assert match_get_scoresheet(match).result == scoring.score_match(match.rules, hands)
    assert first.revisions.order_by("-version").first().data["coinche"] == "surcoinche"

    services.hand_delete(match=match, hand_id=first.pk, expected_version=2)
    match.refresh_from_db()
    rest = scoring.score_match(match.rules, hands[1:])
    assert (match.total_a, match.total_b) == (rest.totals.a, rest.totals.b)
    services.hand_restore(match=match, hand_id=first.pk)
    match.refresh_from_db()
    assert match_get_scoresheet(match).result == scoring.score_match(match.rules, hands)

    # A belote hand is no coinche hand: the engine refuses it, nothing is saved.
    with pytest.raises(scoring.MatchError):
        services.hand_record(match=match, hand=scoring.HandInput("A", "A", 100))
    assert match.hands.count() == 3


@pytest.mark.django_db
def test_a_table_scores_its_coinche_matches_with_the_coinche_rules(client):
    table, match = coinche_table_match()
    (played,) = tables.played_matches(table)
    assert played.result == scoring.score_match(match.rules, list(COINCHE_HANDS))
    for name in ("table", "table_ranking", "table_matches_csv", "table_hands_csv"):
        url = reverse(name, args=[table.token])
        assert client.get(url).status_code == 200, url


@pytest.mark.django_db
def test_a_coinche_match_has_no_belote_preset():
    document = {**generale_document(), "rebelote": {"preset": "classique"}}
    assert services.match_import(document=document).preset == presets.CUSTOM


@pytest.mark.parametrize("game", list(ENGINES))
def test_a_rule_left_out_of_a_stored_match_takes_the_engines_default(game):
    # A match stored before one of its game's rules existed reads it as its default.
    defaults = ENGINES[game].rules_type()
    assert Match(game=game, rule_values={}).rules == defaults
    assert Match(game=game, rule_values={"target": 777}).rules.target == 777


def test_a_new_match_is_of_the_default_game_with_its_default_preset():
    assert Match().rules == presets.DEFAULT.rules  # a new match is belote, as before
    assert Match(game="coinche", rule_values={"target": 2000}).rules == scoring.CoincheRules()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "legend"), [({}, "Enchère"), ({"HTTP_ACCEPT_LANGUAGE": "en"}, "Bid")]
)
def test_an_imported_coinche_match_offers_the_coinche_entry_form(client, language, legend):
    # The coinche form (its bid, no renonce) and the correction links of its hands.
    match = imported(COINCHE_VALID[0])
    body = client.get(services.match_path(match), **language).content.decode()
    assert 'id="hand-form"' in body
    assert f"<legend>{legend}</legend>" in body
    assert 'name="bid"' in body and 'name="renonce"' not in body
    for hand in match.hands.live():
        assert f"/m/{match.token}/donnes/{hand.pk}/" in body
