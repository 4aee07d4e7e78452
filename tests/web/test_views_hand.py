"""Entering a hand on the match page (plain form and htmx) and its live preview."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from scoresheets.models import Hand, Match
from tests.factories import entry_form, hand, make_match, play

pytestmark = pytest.mark.django_db


def post(client: Client, match: Match, htmx: bool = False, **data: Any):
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(f"/m/{match.token}/donnes/", entry_form(match, data), headers=headers)


def preview(client: Client, match: Match, **data: Any) -> str:
    response = client.post(f"/m/{match.token}/apercu/", data, headers={"HX-Request": "true"})
    assert response.status_code == 200
    return response.content.decode()


def test_it_records_a_hand_from_a_plain_form(client: Client):
    match = make_match()
    response = post(client, match, taker="3", points="100", belote="A", number="1")
    assert response.status_code == 303
    assert response["Location"] == f"/m/{match.token}/"
    saved = Hand.objects.get()
    assert (saved.number, saved.taker, saved.taker_seat) == (1, "A", 3)
    assert (
        saved.to_input().points_team,
        saved.to_input().trick_points,
        saved.to_input().belote,
    ) == ("A", 100, "A")
    assert Match.objects.get().version == match.version + 1


def test_it_records_the_points_of_the_team_chosen(client: Client):
    match = make_match()
    post(client, match, taker="2", points="70", points_team="A")
    saved = Hand.objects.get()
    assert (saved.taker, saved.to_input().points_team, saved.to_input().trick_points) == (
        "B",
        "A",
        70,
    )


def test_it_answers_htmx_with_a_fresh_form_and_the_new_sheet(client: Client):
    match = make_match()
    response = post(client, match, htmx=True, taker="1", points="90", number="1")
    body = response.content.decode()
    assert response.status_code == 200
    assert "HX-Request" in response["Vary"]
    assert body.lstrip().startswith('<form id="hand-form"')
    assert 'name="points" id="id_points"\n             value=""' in body  # empty again
    assert 'id="scoreboard"' in body
    assert 'id="hands"' in body
    assert body.count('hx-swap-oob="true"') == 3  # the scoreboard, the hands, the undo bar
    assert 'class="total-points">90<' in body
    assert 'data-version="2"' in body
    assert 'name="number" value="2"' in body
    assert "<html" not in body


def test_it_records_a_redeal_whatever_else_was_typed(client: Client):
    match = make_match()
    response = post(client, match, action="pass", points="40")
    assert response.status_code == 303
    saved = Hand.objects.get()
    assert (saved.taker, saved.taker_seat, saved.to_input().trick_points) == (None, None, None)
    body = client.get(f"/m/{match.token}/").content.decode()
    assert "<strong>Bob</strong> distribue" in body


def test_it_records_a_capot_without_points(client: Client):
    match = make_match()
    assert post(client, match, taker="1", capot="A").status_code == 303
    assert Hand.objects.get().to_input().capot == "A"


def test_it_records_a_renonce(client: Client):
    match = make_match()
    assert post(client, match, taker="1", renonce="A").status_code == 303
    assert Hand.objects.get().to_input().renonce == "A"


def test_it_records_announcements_where_they_are_played(client: Client):
    match = make_match(announcements=True)
    post(client, match, taker="1", points="60", ann_team="B", ann_points="50")
    saved = Hand.objects.get()
    assert (saved.to_input().announcements.a, saved.to_input().announcements.b) == (0, 50)


def test_it_defaults_the_announcements_to_the_takers_team(client: Client):
    match = make_match(announcements=True)
    post(client, match, taker="2", points="90", ann_points="20")
    assert Hand.objects.get().to_input().announcements.b == 20


def test_it_offers_announcements_only_where_they_are_played(client: Client):
    without = client.get(f"/m/{make_match().token}/").content.decode()
    with_them = client.get(f"/m/{make_match(announcements=True).token}/").content.decode()
    assert 'name="ann_points"' not in without
    assert 'name="ann_points"' in with_them
    assert "Carré de valets" in with_them


def test_it_names_the_cards_of_a_moroccan_table(client: Client):
    match = make_match(announcements=True, card_names="spanish")
    body = client.get(f"/m/{match.token}/").content.decode()
    assert "Suivi de 3" in body
    assert "12 et 11 d&#x27;atout" in body


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"points": "90"}, "Choisissez qui a pris."),
        ({"taker": "1"}, "Saisissez les points de plis d&#x27;une équipe"),
        ({"taker": "1", "points": "170"}, "Saisissez un nombre entre 0 et 162."),
        ({"taker": "1", "points": "-3"}, "Saisissez un nombre entre 0 et 162."),
        ({"taker": "1", "points": "quatre-vingt"}, "Saisissez un nombre entier."),
        ({"taker": "1", "points": "90", "capot": "A"}, "Avec un capot, ne saisissez pas"),
        ({"taker": "1", "points": "90", "renonce": "B"}, "Avec une renonce, ne saisissez"),
        ({"taker": "1", "capot": "A", "renonce": "B"}, "Une renonce et un capot"),
        ({"taker": "9", "points": "90"}, "Sélectionnez un choix valide"),
        ({"taker": "1", "points": "90", "capot": "C"}, "Sélectionnez un choix valide"),
        ({"taker": "1", "points": "90", "number": "x"}, "Saisissez un nombre entier."),
    ],
)
def test_it_refuses_bad_input_with_a_message_and_saves_nothing(
    client: Client, data: dict, message: str
):
    match = make_match()
    response = post(client, match, **data)
    body = response.content.decode()
    assert response.status_code == 422
    assert message in body
    assert Hand.objects.count() == 0
    assert Match.objects.get().version == match.version
    if "points" in data and data["points"].lstrip("-").isdigit():
        assert f'value="{data["points"]}"' in body  # what was typed is kept


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"ann_points": "30"}, "somme de 20, 50, 100, 150 et 200"),
        ({"ann_points": "-20"}, "supérieur ou égal à 0"),
        ({"ann_points": "5000"}, "égale à 2000"),
    ],
)
def test_it_refuses_impossible_announcements(client: Client, data: dict, message: str):
    match = make_match(announcements=True)
    response = post(client, match, taker="1", points="90", **data)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert Hand.objects.count() == 0


def test_it_answers_htmx_with_the_form_and_its_messages(client: Client):
    match = make_match()
    response = post(client, match, htmx=True, taker="1", points="170")
    body = response.content.decode()
    assert response.status_code == 422
    assert body.lstrip().startswith('<form id="hand-form"')
    assert "Saisissez un nombre entre 0 et 162." in body
    assert 'value="170"' in body
    assert 'aria-invalid="true"' in body


def test_it_refuses_a_hand_after_the_end(client: Client):
    match = play(make_match(target=100), hand("A", 120))
    response = post(client, match, taker="2", points="100")
    assert response.status_code == 422
    assert "La partie est terminée : on ne peut plus ajouter de donne." in response.content.decode()
    assert Hand.objects.count() == 1

    response = post(client, match, htmx=True, action="pass")
    assert response.status_code == 422
    assert "La partie est terminée" in response.content.decode()
    assert Hand.objects.count() == 1


def test_it_refuses_a_form_opened_before_another_phone_entered_a_hand(client: Client):
    match = make_match()
    seen = match.version  # the form said hand 1, on the empty sheet
    play(match, hand("A", 100))  # recorded elsewhere
    response = post(client, match, taker="2", points="100", number="1", match_version=str(seen))
    body = response.content.decode()
    assert response.status_code == 409
    assert (
        "Un autre téléphone a saisi la donne 1 autrement que vous : vérifiez à la table "
        "laquelle est juste." in body
    )
    assert "Valider comme donne 2 (une autre donne)" in body
    assert 'name="number" value="2"' in body  # validating again records it as hand 2
    assert 'value="100"' in body  # what this phone typed is kept
    assert Hand.objects.count() == 1
    assert post(client, match, taker="2", points="100", number="2").status_code == 303


def test_it_refuses_get(client: Client):
    assert client.get(f"/m/{make_match().token}/donnes/").status_code == 405


def test_it_answers_404_for_an_unknown_match(client: Client):
    assert client.post("/m/nope/donnes/", {"taker": "1", "points": "90"}).status_code == 404


def test_it_enforces_csrf():
    match = make_match()
    client = Client(enforce_csrf_checks=True)
    response = client.post(f"/m/{match.token}/donnes/", entry_form(match, taker="1", points="90"))
    assert response.status_code == 403
    assert Hand.objects.count() == 0


# ---- The live preview --------------------------------------------------------


def test_it_previews_a_made_contract(client: Client):
    body = preview(client, make_match(), taker="1", points="92")
    assert "Contrat réussi : Alice &amp; Claire 92 – Bob &amp; Dan 70" in body
    assert "<html" not in body


def test_it_previews_a_litige(client: Client):
    body = preview(client, make_match(), taker="2", points="81")
    assert "Litige, 81 à 81 : 81 en réserve" in body


def test_it_previews_a_dedans(client: Client):
    match = make_match(team_b_name="Eux", announcements=True)
    body = preview(client, match, taker="1", points="70", belote="A", ann_team="B", ann_points="20")
    assert "Dedans : 162 + 20 d&#x27;annonces à Eux" in body
    assert 'Eux <b dir="ltr">+182</b>' in body


def test_it_previews_the_hand_that_ends_the_match(client: Client):
    body = preview(client, make_match(target=100), taker="1", points="120")
    assert "Cette donne termine la partie, gagnée par Alice &amp; Claire." in body


def test_it_previews_the_reserve_collected(client: Client):
    match = play(make_match(), hand("A", 81))
    body = preview(client, match, taker="1", points="100")
    assert "Réserve récupérée par Alice &amp; Claire : 81" in body


def test_it_previews_what_is_missing(client: Client):
    assert "Choisissez qui a pris." in preview(client, make_match(), points="90")
    body = preview(client, make_match(), taker="1", points="200")
    assert "Saisissez un nombre entre 0 et 162." in body


def test_it_never_saves_a_preview(client: Client):
    match = make_match()
    preview(client, match, taker="1", points="92")
    preview(client, match, action="pass")
    assert Hand.objects.count() == 0
    assert Match.objects.get().version == match.version


def test_it_refuses_get_on_the_preview(client: Client):
    assert client.get(f"/m/{make_match().token}/apercu/").status_code == 405


def test_it_answers_404_for_the_preview_of_an_unknown_match(client: Client):
    assert client.post("/m/nope/apercu/", {"taker": "1"}).status_code == 404


def test_one_tap_on_the_belote_holder_records_the_team_too(client: Client):
    match = make_match()
    response = post(client, match, taker="1", points="100", belote_seat="4", number="1")
    assert response.status_code == 303
    saved = Hand.objects.get()
    assert (saved.to_input().belote, saved.belote_seat) == ("B", 4)


def test_a_belote_holder_of_the_other_team_is_refused(client: Client):
    match = make_match()
    response = post(client, match, taker="1", points="100", belote="A", belote_seat="2")
    assert response.status_code == 422
    assert "Ce joueur n&#x27;est pas dans l&#x27;équipe qui avait la belote." in (
        response.content.decode()
    )
    assert Hand.objects.count() == 0


def _match_version_field(body: str) -> str:
    import re

    found = re.findall(r'<input type="hidden" name="match_version" value="(\d*)"', body)
    assert len(found) == 1, found
    return found[0]


def test_every_entry_form_a_page_without_script_posts_carries_the_match_version(
    client: Client,
):
    """Issue 21: the no-JS path keeps working once ``match_version`` is required:
    the page's form, the form refused with its problems, and the form after a
    conflict each carry the version of the sheet they show."""
    match = play(make_match(), hand("A", 100))
    page = client.get(f"/m/{match.token}/").content.decode()
    assert _match_version_field(page) == str(match.version)
    refused = post(client, match, taker="1", points="500", match_version=str(match.version))
    assert refused.status_code == 422
    assert _match_version_field(refused.content.decode()) == str(match.version)
    seen = match.version
    play(match, hand("B", 90))  # another phone was faster
    conflict = post(client, match, taker="1", points="100", match_version=str(seen))
    assert conflict.status_code == 409
    assert _match_version_field(conflict.content.decode()) == str(seen + 1)
