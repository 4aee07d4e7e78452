"""Correcting, deleting and restoring hands; conflicts between phones; replays."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from scoresheets.matches import services
from scoresheets.matches.scoresheet import match_get_scoresheet
from scoresheets.models import Hand, HandRevision, Match
from tests.factories import entry_form, hand, make_match, play

pytestmark = pytest.mark.django_db


def live(match: Match) -> list[Hand]:
    return list(match_get_scoresheet(match).hands)


def edit_url(match: Match, one: Hand) -> str:
    return f"/m/{match.token}/donnes/{one.pk}/"


def post_edit(client: Client, match: Match, one: Hand, **data: Any):
    data.setdefault("hand_version", one.version)
    return client.post(edit_url(match, one), data)


def name_phone(client: Client, match: Match, name: str) -> None:
    response = client.post(f"/m/{match.token}/appareil/", {"device": name})
    assert response.status_code == 303


def totals(match: Match) -> tuple[int, int]:
    result = match_get_scoresheet(match).result
    return result.totals.a, result.totals.b


def test_it_shows_the_edit_form_prefilled_with_the_history(client: Client):
    match = play(make_match(), hand("A", 100, belote="B"))
    one = live(match)[0]
    response = client.get(edit_url(match, one))
    body = response.content.decode()
    assert response.status_code == 200
    assert "Corriger la donne 1" in body
    assert 'name="points" id="id_points"\n             value="100"' in body
    assert 'value="1" id="id_taker_0" checked' in body  # Alice, the first player of A
    assert 'name="belote" value="B" id="id_belote_2" checked' in body
    assert "Historique de la donne" in body
    assert "Saisie" in body


def test_an_edit_changes_every_later_total(client: Client):
    match = play(make_match(), *[hand("A", 100)] * 4)
    second = live(match)[1]
    response = post_edit(client, match, second, taker="1", points="81", number="2")
    assert response.status_code == 303
    assert response["Location"] == f"/m/{match.token}/#hand-2"
    # Hand 2 is now a litige (81 in reserve), collected by A at hand 3.
    assert totals(match) == (100 + 0 + 181 + 100, 62 + 81 + 62 + 62)
    page = client.get(f"/m/{match.token}/").content.decode()
    assert "Donne 2 corrigée." in page
    assert "Litige" in page


def test_it_refuses_an_edit_of_a_hand_changed_on_another_phone(client: Client):
    match = play(make_match(), hand("A", 100))
    one = live(match)[0]
    other = Client()
    name_phone(other, match, "Léa")
    assert post_edit(other, match, one, taker="2", points="90").status_code == 303
    response = post_edit(client, match, one, taker="1", points="120")
    body = response.content.decode()
    assert response.status_code == 409
    assert "Cette donne vient d&#x27;être modifiée depuis le téléphone de Léa" in body
    assert 'value="120"' in body  # this phone's entry is kept
    one.refresh_from_db()
    assert (one.taker, one.to_input().trick_points) == ("B", 90)
    assert f'name="hand_version" value="{one.version}"' in body  # saving again overrides


def test_it_refuses_a_correction_that_would_end_the_match_too_early(client: Client):
    match = play(make_match(target=300), *[hand("A", 100)] * 3)
    first = live(match)[0]
    response = post_edit(client, match, first, taker="1", capot="A")
    assert response.status_code == 422
    assert "terminerait la partie avant la donne 3" in response.content.decode()
    first.refresh_from_db()
    assert first.to_input().capot is None


def test_a_correction_that_ends_or_reopens_the_match_says_so(client: Client):
    match = play(make_match(target=250), hand("A", 100), hand("A", 100))
    last = live(match)[1]
    post_edit(client, match, last, taker="1", points="162")
    page = client.get(f"/m/{match.token}/").content.decode()
    assert "Cette correction termine la partie, gagnée par Alice &amp; Claire." in page
    last.refresh_from_db()
    post_edit(client, match, last, taker="1", points="90")
    page = client.get(f"/m/{match.token}/").content.decode()
    assert "Cette correction rouvre la partie." in page
    assert 'data-finished="false"' in page


def test_delete_and_restore(client: Client):
    match = play(make_match(), hand("A", 100), hand("B", 120), hand("A", 100))
    second = live(match)[1]
    response = client.post(
        f"/m/{match.token}/donnes/{second.pk}/supprimer/", {"hand_version": second.version}
    )
    assert response.status_code == 303
    assert totals(match) == (200, 124)
    page = client.get(f"/m/{match.token}/").content.decode()
    assert "Donne 2 supprimée." in page
    assert "1 donne supprimée" in page
    assert f"/m/{match.token}/donnes/{second.pk}/retablir/" in page
    response = client.post(f"/m/{match.token}/donnes/{second.pk}/retablir/")
    assert response.status_code == 303
    assert response["Location"] == f"/m/{match.token}/#hand-2"
    assert totals(match) == (242, 244)
    actions = list(
        HandRevision.objects.filter(hand=second)
        .order_by("version")
        .values_list("action", flat=True)
    )
    assert actions == ["created", "deleted", "restored"]


def test_a_stale_delete_is_refused_with_a_message(client: Client):
    match = play(make_match(), hand("A", 100))
    one = live(match)[0]
    response = client.post(f"/m/{match.token}/donnes/{one.pk}/supprimer/", {"hand_version": "7"})
    assert response.status_code == 303
    assert response["Location"] == edit_url(match, one)
    assert "vient d&#x27;être modifiée" in client.get(response["Location"]).content.decode()
    assert len(live(match)) == 1


def test_a_deleted_hand_page_offers_to_restore_it(client: Client):
    match = play(make_match(), hand("A", 100))
    one = live(match)[0]
    services.hand_delete(match=match, hand_id=one.pk, expected_version=1)
    body = client.get(edit_url(match, one)).content.decode()
    assert "Cette donne a été supprimée" in body
    assert "Rétablir la donne à sa place" in body


def test_two_phones_saving_the_same_hand_one_is_told(client: Client):
    match = make_match()
    lea, sam = Client(), Client()
    name_phone(lea, match, "Léa")
    name_phone(sam, match, "Sam")
    seen = entry_form(match, number="1")  # both phones opened the empty sheet
    first = lea.post(f"/m/{match.token}/donnes/", {**seen, "taker": "1", "points": "90"})
    second = sam.post(f"/m/{match.token}/donnes/", {**seen, "taker": "2", "points": "95"})
    assert first.status_code == 303
    assert second.status_code == 409
    body = second.content.decode()
    assert "Léa a saisi la donne 1 autrement que vous" in body
    assert "Abandonner ma saisie" in body
    assert [h.entered_by for h in live(match)] == ["Léa"]


def test_a_replayed_submission_saves_one_hand(client: Client):
    match = make_match()
    data = entry_form(match, taker="1", points="90", number="1", key="abc123")
    assert client.post(f"/m/{match.token}/donnes/", data).status_code == 303
    again = client.post(f"/m/{match.token}/donnes/", data, headers={"HX-Request": "true"})
    assert again.status_code == 200
    assert len(live(match)) == 1


def test_the_edit_preview_scores_the_hand_in_place(client: Client):
    match = play(make_match(), hand("A", 100), hand("A", 100))
    first = live(match)[0]
    response = client.post(
        f"/m/{match.token}/apercu/",
        {"taker": "1", "points": "81", "replace": str(first.pk)},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    assert "81 en réserve" in response.content.decode()


def test_it_answers_404_for_a_hand_of_another_match(client: Client):
    one = live(play(make_match(), hand("A", 100)))[0]
    other = make_match()
    assert client.get(edit_url(other, one)).status_code == 404
    assert client.post(f"/m/{other.token}/donnes/{one.pk}/supprimer/").status_code == 404
    assert client.post(f"/m/{other.token}/donnes/{one.pk}/retablir/").status_code == 404


def test_delete_restore_and_phone_name_refuse_get(client: Client):
    match = play(make_match(), hand("A", 100))
    one = live(match)[0]
    assert client.get(f"/m/{match.token}/donnes/{one.pk}/supprimer/").status_code == 405
    assert client.get(f"/m/{match.token}/donnes/{one.pk}/retablir/").status_code == 405
    assert client.get(f"/m/{match.token}/appareil/").status_code == 405


def test_a_delete_needs_the_csrf_token():
    match = play(make_match(), hand("A", 100))
    one = live(match)[0]
    client = Client(enforce_csrf_checks=True)
    response = client.post(f"/m/{match.token}/donnes/{one.pk}/supprimer/", {"hand_version": 1})
    assert response.status_code == 403
    assert len(live(match)) == 1


def test_a_bad_phone_name_is_refused(client: Client):
    match = make_match()
    client.post(f"/m/{match.token}/appareil/", {"device": "x" * 41})
    page = client.get(f"/m/{match.token}/").content.decode()
    assert "Donnez un prénom de 40 lettres au plus." in page
    assert "device_name" not in client.session


@pytest.mark.parametrize("name", ["", "   "])
def test_an_empty_phone_name_is_asked_for_not_told_too_long(client: Client, name: str):
    match = make_match()
    client.post(f"/m/{match.token}/appareil/", {"device": name})
    page = client.get(f"/m/{match.token}/").content.decode()
    assert "Donnez le prénom du joueur de ce téléphone." in page
    assert "40 lettres" not in page
    assert "device_name" not in client.session


def test_missing_several_hands_names_them_all(client: Client):
    match = play(make_match(), hand("A", 100))
    seen = entry_form(match, number="2")  # the form opened for hand 2
    play(match, hand("A", 100), hand("A", 100))
    response = client.post(f"/m/{match.token}/donnes/", {**seen, "taker": "2", "points": "95"})
    body = response.content.decode()
    assert response.status_code == 409
    assert "Les donnes 2 à 3 viennent d&#x27;être saisies depuis d&#x27;autres téléphones." in body
    assert "validez-la comme donne 4" in body


def test_the_scoreboard_says_which_hand_comes_next(client: Client):
    # poll.js moves an untouched entry form to this number.
    match = play(make_match(), hand("A", 100), hand(None))
    body = client.get(f"/m/{match.token}/poll/?v=0").content.decode()
    assert 'data-next-number="3"' in body


def test_a_post_only_address_opened_in_a_browser_explains_itself(client: Client):
    match = play(make_match(), hand("A", 100))
    one = live(match)[0]
    response = client.get(f"/m/{match.token}/donnes/{one.pk}/supprimer/")
    assert response.status_code == 405
    assert "Cette adresse ne s'ouvre pas directement" in response.content.decode()


def test_a_phone_can_be_named_from_a_correction_page(client: Client):
    match = play(make_match(target=100), hand("A", 120))  # finished: no entry form
    one = live(match)[0]
    page = client.get(edit_url(match, one)).content.decode()
    assert "Ce téléphone n&#x27;a pas de nom" in page or "Ce téléphone n'a pas de nom" in page
    response = client.post(
        f"/m/{match.token}/appareil/", {"device": "Inès", "next": edit_url(match, one)}
    )
    assert response["Location"] == edit_url(match, one)
    assert client.session["device_name"] == "Inès"


@pytest.mark.parametrize(
    "next_url", ["https://evil.example/", "/m/other/", "/m/{token}/donnes/", "//evil.example"]
)
def test_naming_a_phone_never_redirects_elsewhere(client: Client, next_url):
    match = make_match()
    response = client.post(
        f"/m/{match.token}/appareil/",
        {"device": "Inès", "next": next_url.format(token=match.token)},
    )
    assert response["Location"] == f"/m/{match.token}/#entry-title"


def test_the_correction_preview_speaks_like_the_correction(client: Client):
    # Regression: the preview said "La partie est terminée" once per later hand.
    match = play(make_match(target=300), *[hand("A", 100)] * 3)
    first = live(match)[0]
    body = client.post(
        f"/m/{match.token}/apercu/",
        {"taker": "1", "capot": "A", "replace": str(first.pk)},
        headers={"HX-Request": "true"},
    ).content.decode()
    assert body.count("terminerait la partie avant la donne 3") == 1
    assert "La partie est terminée" not in body


def test_a_deleted_hand_says_where_it_would_come_back(client: Client):
    match = play(make_match(), hand("A", 100), hand("B", 120), hand("A", 100))
    second = live(match)[1]
    services.hand_delete(match=match, hand_id=second.pk, expected_version=1)
    assert "<strong>Donne 2</strong> · Alice &amp; Claire prend" not in (
        page := client.get(f"/m/{match.token}/").content.decode()
    )
    assert "<strong>Donne 2</strong> · Bob &amp; Dan prend" in page


def test_a_mangled_hidden_field_is_told(client: Client):
    match = make_match()
    response = client.post(
        f"/m/{match.token}/donnes/", entry_form(match, taker="1", points="90", number="x")
    )
    assert response.status_code == 422
    assert "Ce formulaire n&#x27;est plus valable : rechargez la page." in (
        response.content.decode()
    )


def test_the_preview_of_a_hand_deleted_meanwhile_says_so_as_the_save_would(client: Client):
    """Issue 20, item 4: phone A corrects hand 1, phone B deletes it, A types a
    digit: the preview answered 404 (and the old value stayed). It now says
    the hand was deleted, in the words of the correction's save (409)."""
    match = play(make_match(), hand("A", 100), hand("B", 120))
    first = live(match)[0]
    services.hand_delete(match=match, hand_id=first.pk, expected_version=1, device="Zoé")
    typed = {"taker": "1", "points": "90", "replace": str(first.pk), "hand_version": "1"}
    preview = client.post(f"/m/{match.token}/apercu/", typed, headers={"HX-Request": "true"})
    assert preview.status_code == 200
    said = preview.content.decode()
    saved = post_edit(client, match, first, **typed)
    assert saved.status_code == 409
    told = "cette donne a été supprimée depuis le téléphone de Zoé"
    assert told in said and told in saved.content.decode()
    assert 'class="preview-problems"' in said and "outcome" not in said  # no score shown
