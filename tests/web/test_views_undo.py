"""Undo and conflicts that explain themselves, through the views (issue 11).

After a save, the phone that made it is offered "Annuler" (its session only,
one-time key); a new hand refused because another phone was faster shows the
other phone's hand next to its own entry, says when it is the same hand, and
shows no form once the match has ended; a correction of a hand deleted
meanwhile is told, with the way to put it back."""

from __future__ import annotations

import re
import time

import pytest
from django.test import Client
from django.utils.html import escape

from scoresheets.matches import services, undo
from scoresheets.matches.scoresheet import match_get_scoresheet
from scoresheets.models import Hand, HandRevision, Match
from tests.factories import hand, make_match, play

pytestmark = pytest.mark.django_db

HIDDEN = re.compile(r'<input type="hidden" name="(number|match_version|key)" value="([^"]*)"')
UNDO_KEY = re.compile(r'<form class="undo-form"[^>]*>.*?name="key" value="([0-9a-f]{32})"', re.S)
A = HandRevision.Action


def named(match: Match, name: str) -> Client:
    client = Client()
    assert client.post(f"/m/{match.token}/appareil/", {"device": name}).status_code == 303
    return client


def page(client: Client, match: Match, **headers: str) -> str:
    response = client.get(f"/m/{match.token}/", headers=headers)
    assert response.status_code == 200
    return response.content.decode()


def seen(body: str) -> dict[str, str]:
    form = body[body.index('<form id="hand-form"') :]
    return dict(HIDDEN.findall(form[: form.index("</form>")]))


def undo_key(body: str) -> str | None:
    found = UNDO_KEY.search(body)
    return found.group(1) if found else None


def save(client: Client, match: Match, form: dict[str, str], htmx: bool = False, **typed: str):
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(f"/m/{match.token}/donnes/", {**form, **typed}, headers=headers)


def tap_undo(client: Client, match: Match, key: str | None, htmx: bool = False, **headers: str):
    if htmx:
        headers["HX-Request"] = "true"
    return client.post(f"/m/{match.token}/annuler/", {"key": key or ""}, headers=headers)


def live(match: Match) -> list[Hand]:
    return list(match_get_scoresheet(match).hands)


# ---- Undo ---------------------------------------------------------------------


@pytest.mark.parametrize("htmx", [False, True])
def test_a_new_hand_is_undone_by_the_phone_that_saved_it(htmx: bool):
    match = play(make_match(), hand("A", 100))
    lea, zoe = named(match, "Léa"), named(match, "Zoé")
    response = save(lea, match, seen(page(lea, match)), htmx=htmx, taker="2", points="90")
    assert response.status_code == (200 if htmx else 303)
    body = response.content.decode() if htmx else page(lea, match)
    assert "Donne 2 enregistrée." in body and ">Annuler</button>" in body
    assert undo_key(page(zoe, match)) is None  # only the phone that saved it
    version = Match.objects.get().version

    undone = tap_undo(lea, match, undo_key(body), htmx=htmx)
    assert undone.status_code == (200 if htmx else 303)
    saved = Hand.objects.get(number=2)
    assert saved.deleted_at is not None  # kept, deleted
    assert [r.action for r in saved.revisions.order_by("version")] == [A.CREATED, A.DELETED]
    assert [h.number for h in live(match)] == [1]
    assert Match.objects.get().version == version + 1  # the other phones' polls follow
    told = undone.content.decode() if htmx else page(lea, match)
    assert "Donne 2 annulée : elle est à saisir de nouveau." in told
    assert undo_key(told) is None  # nothing more to undo
    if htmx:
        assert 'name="number" value="2"' in told  # a fresh form for hand 2 again
        assert seen(told)["match_version"] == str(version + 1)


def test_a_redeal_is_undone():
    match = make_match()
    lea = named(match, "Léa")
    save(lea, match, seen(page(lea, match)), action="pass")
    body = page(lea, match)
    assert "Redonne enregistrée (donne 1)." in body
    response = tap_undo(lea, match, undo_key(body))
    assert response.status_code == 303
    assert live(match) == []
    assert "Redonne annulée : la donne 1 est à saisir de nouveau." in page(lea, match)


def test_a_correction_is_undone_to_the_hand_as_it_was():
    match = play(make_match(), hand("A", 100))
    first = Hand.objects.get()
    lea = named(match, "Léa")
    edit = lea.get(f"/m/{match.token}/donnes/{first.pk}/").content.decode()
    key = re.search(r'name="key" value="([0-9a-f]{32})"', edit).group(1)
    data = {"taker": "2", "points": "120", "hand_version": "1", "number": "1", "key": key}
    assert lea.post(f"/m/{match.token}/donnes/{first.pk}/", data).status_code == 303
    body = page(lea, match)
    assert "Donne 1 corrigée." in body
    assert tap_undo(lea, match, undo_key(body)).status_code == 303
    first.refresh_from_db()
    assert first.to_input() == hand("A", 100)
    assert [r.action for r in first.revisions.order_by("version")] == [
        A.CREATED,
        A.EDITED,
        A.EDITED,
    ]
    assert "Correction annulée : la donne 1 est comme avant." in page(lea, match)


def test_a_delete_and_a_restore_are_undone():
    match = play(make_match(), hand("A", 100), hand("B", 90))
    first = Hand.objects.get(number=1)
    lea = named(match, "Léa")
    lea.post(f"/m/{match.token}/donnes/{first.pk}/supprimer/", {"hand_version": "1"})
    body = page(lea, match)
    assert "Donne 1 supprimée." in body
    tap_undo(lea, match, undo_key(body))
    first.refresh_from_db()
    assert first.deleted_at is None
    assert "Suppression annulée : la donne 1 est rétablie." in page(lea, match)

    lea.post(f"/m/{match.token}/donnes/{first.pk}/supprimer/", {"hand_version": "3"})
    lea.post(f"/m/{match.token}/donnes/{first.pk}/retablir/")
    body = page(lea, match)
    assert "Donne 1 rétablie." in body
    tap_undo(lea, match, undo_key(body))
    first.refresh_from_db()
    assert first.deleted_at is not None
    assert "Rétablissement annulé : la donne 1 est supprimée." in page(lea, match)


@pytest.mark.parametrize("htmx", [False, True])
def test_a_double_tap_undoes_once(htmx: bool):
    match = play(make_match(), hand("A", 100))
    lea = named(match, "Léa")
    save(lea, match, seen(page(lea, match)), taker="2", points="90")
    key = undo_key(page(lea, match))
    tap_undo(lea, match, key, htmx=htmx)
    version = Match.objects.get().version
    again = tap_undo(lea, match, key, htmx=htmx)
    assert again.status_code in (200, 303)
    assert Match.objects.get().version == version
    assert HandRevision.objects.filter(action=A.DELETED).count() == 1
    assert [h.number for h in live(match)] == [1]


def test_two_requests_with_the_same_key_undo_once_even_if_both_hold_the_offer():
    # The second request read the session before the first one closed it.
    match = play(make_match(), hand("A", 100))
    lea = named(match, "Léa")
    save(lea, match, seen(page(lea, match)), taker="2", points="90")
    record = undo.recorded(lea.session and _session(lea), match)
    first = services.hand_undo(
        match=match,
        hand_id=record["hand"],
        action=record["action"],
        expected_version=record["version"],
        key=record["key"],
    )
    assert not first.replayed
    response = tap_undo(lea, match, record["key"])
    assert response.status_code == 303
    assert HandRevision.objects.filter(action=A.DELETED).count() == 1


def _session(client: Client):
    """A stand-in request carrying ``client``'s session (for undo.recorded)."""

    class Request:
        session = client.session

    return Request()


@pytest.mark.parametrize("htmx", [False, True])
def test_another_phone_cannot_undo_it(htmx: bool):
    match = play(make_match(), hand("A", 100))
    lea, zoe = named(match, "Léa"), named(match, "Zoé")
    save(lea, match, seen(page(lea, match)), taker="2", points="90")
    key = undo_key(page(lea, match))
    response = tap_undo(zoe, match, key, htmx=htmx)
    assert response.status_code == (409 if htmx else 303)
    body = response.content.decode() if htmx else page(zoe, match)
    assert "Rien à annuler : seul le téléphone qui a fait le changement" in body
    assert [h.number for h in live(match)] == [1, 2]
    if htmx:
        assert response["HX-Reswap"] == "none"  # Zoé's entry stays as it is
    assert undo_key(page(lea, match)) == key  # Léa can still undo it


def test_a_forged_or_missing_key_is_refused_without_an_error():
    match = play(make_match(), hand("A", 100))
    lea = named(match, "Léa")
    save(lea, match, seen(page(lea, match)), taker="2", points="90")
    for key in ("", "x" * 65, "nope", "\x00"):
        assert tap_undo(lea, match, key).status_code == 303
    assert lea.get(f"/m/{match.token}/annuler/").status_code == 405
    assert [h.number for h in live(match)] == [1, 2]


def test_an_undo_too_late_is_refused():
    match = play(make_match(), hand("A", 100))
    lea = named(match, "Léa")
    save(lea, match, seen(page(lea, match)), taker="2", points="90")
    key = undo_key(page(lea, match))
    session = lea.session
    session[undo.SESSION_KEY]["at"] = time.time() - undo.UNDO_SECONDS - 1
    session.save()
    assert undo_key(page(lea, match)) is None  # the bar is gone
    session = lea.session
    session[undo.SESSION_KEY]["at"] = time.time() - undo.UNDO_SECONDS - undo.GRACE_SECONDS - 1
    session.save()
    tap_undo(lea, match, key)
    assert "Trop tard pour annuler" in page(lea, match)
    assert [h.number for h in live(match)] == [1, 2]


@pytest.mark.parametrize("htmx", [False, True])
def test_an_undo_after_another_phone_changed_the_hand_is_a_conflict(htmx: bool):
    match = play(make_match(), hand("A", 100))
    lea, zoe = named(match, "Léa"), named(match, "Zoé")
    save(lea, match, seen(page(lea, match)), taker="2", points="90")
    key = undo_key(page(lea, match))
    second = Hand.objects.get(number=2)
    zoe.post(
        f"/m/{match.token}/donnes/{second.pk}/",
        {"taker": "2", "points": "100", "hand_version": "1", "number": "2"},
    )
    assert Hand.objects.get(number=2).to_input().trick_points == 100
    response = tap_undo(lea, match, key, htmx=htmx)
    assert response.status_code == (409 if htmx else 303)
    body = response.content.decode() if htmx else page(lea, match)
    assert "Impossible d&#x27;annuler : la donne a changé depuis, sur le téléphone de Zoé." in body
    assert Hand.objects.get(number=2).deleted_at is None  # Zoé's correction stands
    assert Hand.objects.get(number=2).to_input().trick_points == 100
    assert undo_key(page(lea, match)) is None


def test_an_undo_that_would_move_hands_entered_since_is_told_and_no_longer_offered():
    """Review (newcomer): hand 1's "Annuler", tapped after other phones had
    entered hands 2 and 3, deleted hand 1 and renumbered theirs."""
    match = make_match(target=300)
    lea = named(match, "Léa")
    save(lea, match, seen(page(lea, match)), taker="1", points="162")
    key = undo_key(page(lea, match))
    assert key is not None
    play(Match.objects.get(), hand("B", 100), hand("A", 162))  # other phones, then the end
    assert undo_key(page(lea, match)) is None  # no longer offered
    tap_undo(lea, match, key)  # a page that still shows it
    told = page(lea, match)
    assert "Impossible d&#x27;annuler : d&#x27;autres donnes ont été enregistrées depuis" in told
    assert [h.number for h in live(match)] == [1, 2, 3]  # nothing moved


def test_the_undo_speaks_english():
    match = play(make_match(), hand("A", 100))
    lea, zoe = named(match, "Léa"), named(match, "Zoé")
    en = {"Accept-Language": "en"}
    form = seen(page(lea, match, **en))
    lea.post(f"/m/{match.token}/donnes/", {**form, "taker": "2", "points": "90"}, headers=en)
    body = page(lea, match, **en)
    assert "Hand 2 saved." in body and ">Undo</button>" in body
    key = undo_key(body)
    refused = tap_undo(zoe, match, key, htmx=True, **en).content.decode()
    assert "Nothing to undo: only the phone that made the change can undo it" in refused
    done = tap_undo(lea, match, key, htmx=True, **en).content.decode()
    assert "Hand 2 undone: enter it again." in done


def test_a_read_only_page_offers_no_undo():
    match = play(make_match(), hand("A", 100))
    lea = named(match, "Léa")
    save(lea, match, seen(page(lea, match)), taker="2", points="90")
    body = lea.get(f"/voir/{match.read_token}/").content.decode()
    assert 'id="undo-bar"' not in body


# ---- Conflicts that explain themselves ---------------------------------------


@pytest.mark.parametrize("htmx", [False, True])
def test_the_same_hand_saved_twice_is_told_and_dropping_it_is_the_main_action(htmx: bool):
    match = play(make_match(), hand("A", 100))
    zoe, lea = named(match, "Zoé"), named(match, "Léa")
    form_z, form_l = seen(page(zoe, match)), seen(page(lea, match))
    typed = {"taker": "2", "points": "90", "belote": "B"}
    assert save(zoe, match, form_z, **typed).status_code == 303
    response = save(lea, match, form_l, htmx=htmx, **typed)
    body = response.content.decode()
    assert response.status_code == 409
    assert "Zoé a déjà saisi cette donne (donne 2)." in body
    panel = body[body.index('class="conflict-panel') :]
    assert "Donne 2, saisie par Zoé" in panel and "Votre saisie" in panel
    summary = match_get_scoresheet(match).hand_summary(Hand.objects.get(number=2))
    assert panel.count(escape(summary)) == 2  # theirs, and the same typed
    drop = panel.index("Abandonner ma saisie")
    again = panel.index("Valider quand même comme donne 3")
    assert drop < again
    assert 'class="button button-primary button-big" href="/m/' in panel[:again]
    assert "validez-la comme donne" not in body
    assert Hand.objects.filter(deleted_at=None).count() == 2


def test_a_different_hand_is_shown_next_to_the_entry_and_saved_on_confirm():
    """Two phones typing hand 2 at once type the same hand of the game: one
    of them is wrong. Review (newcomer): the main action was to save this
    one as hand 3, a duplicate; dropping it is, then correcting theirs."""
    match = play(make_match(), hand("A", 100))
    zoe, lea = named(match, "Zoé"), named(match, "Léa")
    form_z, form_l = seen(page(zoe, match)), seen(page(lea, match))
    save(zoe, match, form_z, taker="2", points="90")
    response = save(lea, match, form_l, taker="1", points="120")
    body = response.content.decode()
    assert response.status_code == 409
    assert "a déjà saisi" not in body
    assert (
        "Zoé a saisi la donne 2 autrement que vous : vérifiez à la table laquelle est juste."
        in body
    )
    actions = body[body.index('class="conflict-actions"') :]
    primary = re.search(r'class="button button-primary button-big"[^>]*>([^<]+)<', actions)
    assert primary.group(1) == "Abandonner ma saisie"
    theirs = Hand.objects.get(number=2)
    assert f'href="/m/{match.token}/donnes/{theirs.pk}/">Corriger la donne 2<' in actions
    assert "Valider comme donne 3 (une autre donne)" in actions
    sheet = match_get_scoresheet(match)
    assert escape(sheet.hand_summary(Hand.objects.get(number=2))) in body
    confirm = save(lea, match, seen(body), taker="1", points="120")
    assert confirm.status_code == 303
    assert [h.to_input().trick_points for h in live(match)] == [100, 90, 120]


def test_a_coinche_hand_differing_only_by_the_coinche_is_not_the_same():
    match = services.match_create(
        names=["Léa", "Marc", "Zoé", "Hugo"], rules=services.scoring.CoincheRules()
    )
    zoe, lea, marc = named(match, "Zoé"), named(match, "Léa"), named(match, "Marc")
    form_z, form_l, form_m = (seen(page(c, match)) for c in (zoe, lea, marc))
    typed = {"taker": "1", "bid": "100", "suit": "hearts", "points": "120"}
    save(zoe, match, form_z, **typed)
    body = save(lea, match, form_l, coinche="coinche", **typed).content.decode()
    assert "a déjà saisi" not in body and "Valider comme donne 2" in body
    body = save(marc, match, form_m, **typed).content.decode()
    assert "Zoé a déjà saisi cette donne (donne 1)." in body
    assert Hand.objects.count() == 1


def test_a_conflict_after_the_end_says_who_won_and_shows_no_form():
    match = play(make_match(target=300), hand("A", 162))
    zoe, lea = named(match, "Zoé"), named(match, "Léa")
    form_z, form_l = seen(page(zoe, match)), seen(page(lea, match))
    save(zoe, match, form_z, taker="1", points="162")
    assert Match.objects.get().finished
    for htmx in (False, True):
        response = save(lea, match, form_l, htmx=htmx, taker="2", points="100")
        body = response.content.decode()
        assert response.status_code == 409
        assert "La partie vient de se terminer (victoire : Alice &amp; Claire)" in body
        assert "Donne 2, saisie par Zoé" in body
        assert '<form id="hand-form"' not in body
        assert "validez-la comme donne" not in body and "Valider comme donne" not in body
        assert "Voir la feuille" in body
    assert Hand.objects.count() == 2


def test_the_conflict_panel_speaks_english():
    match = play(make_match(), hand("A", 100))
    zoe, lea = named(match, "Zoé"), named(match, "Léa")
    en = {"Accept-Language": "en"}
    form_z, form_l = seen(page(zoe, match)), seen(page(lea, match))
    save(zoe, match, form_z, taker="2", points="90")
    body = lea.post(
        f"/m/{match.token}/donnes/", {**form_l, "taker": "2", "points": "90"}, headers=en
    ).content.decode()
    assert "Zoé already entered this hand (hand 2)." in body
    assert "Your entry" in body and "Drop my entry" in body and "Save it anyway as hand 3" in body


# ---- A correction of a hand deleted meanwhile ----------------------------------


def _edit(client: Client, match: Match, one: Hand, **typed: str):
    data = {"hand_version": str(one.version), "number": "1", **typed}
    return client.post(f"/m/{match.token}/donnes/{one.pk}/", data)


def test_a_correction_of_a_hand_deleted_meanwhile_is_told_and_can_restore_it():
    match = play(make_match(), hand("A", 100), hand("B", 90))
    first = Hand.objects.get(number=1)
    zoe, lea = named(match, "Zoé"), named(match, "Léa")
    zoe.post(f"/m/{match.token}/donnes/{first.pk}/supprimer/", {"hand_version": "1"})
    response = _edit(lea, match, first, taker="2", points="130")
    body = response.content.decode()
    assert response.status_code == 409
    assert (
        "Pendant votre correction, cette donne a été supprimée depuis le téléphone de Zoé" in body
    )
    assert "La donne supprimée" in body and "Votre correction" in body
    assert "Rétablir la donne avec ma correction" in body and "Abandonner ma correction" in body
    assert "Supprimer la donne" not in body
    assert 'value="130"' in body  # the correction is kept
    restored = lea.post(
        f"/m/{match.token}/donnes/{first.pk}/",
        {"hand_version": "2", "number": "", "taker": "2", "points": "130", "restore": "1"},
    )
    assert restored.status_code == 303
    first.refresh_from_db()
    assert first.deleted_at is None and first.to_input().trick_points == 130 and first.taker == "B"
    assert [r.action for r in first.revisions.order_by("version")] == [
        A.CREATED,
        A.DELETED,
        A.RESTORED,
        A.EDITED,
    ]
    assert "Donne 1 rétablie, avec votre correction." in page(lea, match)


def test_restoring_with_a_correction_is_refused_if_the_hand_changed_again():
    match = play(make_match(), hand("A", 100), hand("B", 90))
    first = Hand.objects.get(number=1)
    zoe, lea = named(match, "Zoé"), named(match, "Léa")
    zoe.post(f"/m/{match.token}/donnes/{first.pk}/supprimer/", {"hand_version": "1"})
    zoe.post(f"/m/{match.token}/donnes/{first.pk}/retablir/")
    zoe.post(f"/m/{match.token}/donnes/{first.pk}/supprimer/", {"hand_version": "3"})
    response = lea.post(
        f"/m/{match.token}/donnes/{first.pk}/",
        {"hand_version": "2", "taker": "2", "points": "130", "restore": "1"},
    )
    assert response.status_code == 409
    first.refresh_from_db()
    assert first.deleted_at is not None and first.to_input().trick_points == 100


def test_a_deleted_hand_correction_speaks_english():
    match = play(make_match(), hand("A", 100), hand("B", 90))
    first = Hand.objects.get(number=1)
    zoe, lea = named(match, "Zoé"), named(match, "Léa")
    zoe.post(f"/m/{match.token}/donnes/{first.pk}/supprimer/", {"hand_version": "1"})
    body = lea.post(
        f"/m/{match.token}/donnes/{first.pk}/",
        {"hand_version": "1", "taker": "2", "points": "130"},
        headers={"Accept-Language": "en"},
    ).content.decode()
    assert "While you were correcting it, this hand was deleted from Zoé" in body
    assert "Restore the hand with my correction" in body


# ---- Valid HTML ------------------------------------------------------------------


def test_the_undo_bar_and_the_conflict_panels_are_valid_html(tmp_path):

    from tests.web.test_html_valid import _checker, nu_errors

    command = _checker()
    match = play(make_match(target=300), hand("A", 100))
    zoe, lea = named(match, "Zoé"), named(match, "Léa")
    form_z, form_l = seen(page(zoe, match)), seen(page(lea, match))
    save(zoe, match, form_z, taker="2", points="90")
    pages = {"undo-bar": page(zoe, match)}
    pages["same-hand"] = save(lea, match, form_l, taker="2", points="90").content.decode()
    pages["same-hand-htmx"] = save(lea, match, form_l, htmx=True, taker="2", points="90")
    pages["same-hand-htmx"] = pages["same-hand-htmx"].content.decode()
    first = Hand.objects.get(number=1)
    zoe.post(f"/m/{match.token}/donnes/{first.pk}/supprimer/", {"hand_version": "1"})
    pages["deleted"] = _edit(lea, match, first, taker="2", points="130").content.decode()
    form_l = seen(page(lea, match))
    play(Match.objects.get(), hand("A", 162), hand("A", 162))
    pages["ended"] = save(lea, match, form_l, taker="2", points="90").content.decode()
    assert "La partie vient de se terminer" in pages["ended"]
    files = []
    for name, body in pages.items():
        if not body.lstrip().startswith("<!DOCTYPE"):  # an htmx fragment: in a page
            body = f"<!DOCTYPE html><html lang=fr><title>t</title><main>{body}</main></html>"
        path = tmp_path / f"{name}.html"
        path.write_text(body)
        files.append(str(path))
    problems = nu_errors(command, files)
    assert problems == [], "\n".join(problems)


def test_an_undone_new_hand_is_no_deleted_hand_to_restore():
    """Issue 20, item 3: save hand 2, "Annuler", enter hand 2 again: the sheet
    lists no "1 donne supprimée" with "Rétablir" (it would add the undone hand
    back); the undone hand stays in its history, and cannot be restored."""
    match = play(make_match(), hand("A", 100))
    lea = named(match, "Léa")
    body = save(lea, match, seen(page(lea, match)), taker="2", points="90").content.decode()
    body = page(lea, match)
    undone_pk = Hand.objects.get(match=match, number=2).pk
    assert tap_undo(lea, match, undo_key(body)).status_code == 303
    assert save(lea, match, seen(page(lea, match)), taker="1", points="120").status_code == 303
    body = page(lea, match)
    assert "donne supprimée" not in body and "Rétablir" not in body
    undone = Hand.objects.get(pk=undone_pk)
    assert [r.action for r in undone.revisions.order_by("version")] == [A.CREATED, A.DELETED]
    history = lea.get(f"/m/{match.token}/donnes/{undone_pk}/").content.decode()
    assert "Historique de la donne" in history and "Rétablir" not in history
    restore = lea.post(f"/m/{match.token}/donnes/{undone_pk}/retablir/")
    assert restore.status_code in (404, 409, 422)
    assert [h.to_input() for h in live(match)] == [hand("A", 100), hand("A", 120)]
