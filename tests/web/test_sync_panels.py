"""The conflict panels (``scoresheets.sync.panels``), called directly on real
conflicts raised by the services: the same hand, the same number typed
otherwise, several hands, the match ended meanwhile, a single correction or
delete, a correction whose hand was deleted; in French and in English."""

from __future__ import annotations

import pytest
from django.utils import translation

from scoresheets.forms import hand_form
from scoresheets.matches import services
from scoresheets.matches.scoresheet import match_get_scoresheet
from scoresheets.models import Match
from scoresheets.sync import panels
from scoresheets.sync.kinds import ConflictKind, HandConflict
from tests.factories import hand, make_match, play

pytestmark = pytest.mark.django_db


def typed(match: Match, **fields: str):
    """The entry form of ``match`` as a phone sends it, validated."""
    form = hand_form(match, match.players.all(), {"taker": "1", "points": "90", **fields})
    assert form.is_valid(), form.errors
    return form


def conflict_of(match: Match, form, seen_version: int) -> HandConflict:
    """What the service raises when ``form``, opened at ``seen_version``, is saved now."""
    with pytest.raises(HandConflict) as raised:
        services.hand_record(
            match=match,
            hand=form.hand_input(),
            taker_seat=form.taker_seat,
            seen_version=seen_version,
        )
    return raised.value


def other_phone_saves(match: Match, form, device: str) -> None:
    services.hand_record(
        match=match, hand=form.hand_input(), taker_seat=form.taker_seat, device=device
    )


def panel_of(match: Match, form, conflict: HandConflict) -> dict:
    match.refresh_from_db()
    sheet = match_get_scoresheet(match)
    return panels.conflict_panel(sheet, conflict, form, len(sheet.hands) + 1)


@pytest.mark.parametrize(
    ("device", "language", "text"),
    [
        ("Léa", "fr", "Léa a déjà saisi cette donne (donne 1)."),
        ("Léa", "en", "Léa already entered this hand (hand 1)."),
        ("", "fr", "Cette donne a déjà été saisie depuis un autre téléphone (donne 1)."),
        ("", "en", "This hand was already entered from another phone (hand 1)."),
    ],
)
def test_the_same_hand_saved_by_another_phone_is_recognised(device, language, text):
    match = make_match()
    seen = match.version
    mine = typed(match)
    other_phone_saves(match, typed(match), device)
    conflict = conflict_of(match, mine, seen)
    assert conflict.kind == ConflictKind.TAKEN
    with translation.override(language):
        panel = panel_of(match, mine, conflict)
    assert panel["message"] == text
    assert (panel["same"], panel["ended"], panel["next"]) == (True, False, 2)
    assert [h["number"] for h in panel["theirs"]] == [1]
    assert panel["theirs"][0]["device"] == device
    assert panel["theirs"][0]["summary"] == panel["mine"]  # the same hand, in the same words
    assert "differs" not in panel


@pytest.mark.parametrize(
    ("device", "language", "text"),
    [
        (
            "Léa",
            "fr",
            "Léa a saisi la donne 1 autrement que vous : vérifiez à la table laquelle est juste.",
        ),
        (
            "Léa",
            "en",
            "Léa entered hand 1 differently from you: check at the table which one is right.",
        ),
        (
            "",
            "fr",
            "Un autre téléphone a saisi la donne 1 autrement que vous : vérifiez à la table "
            "laquelle est juste.",
        ),
        (
            "",
            "en",
            "Another phone entered hand 1 differently from you: check at the table which one "
            "is right.",
        ),
    ],
)
def test_the_same_number_typed_otherwise_points_to_theirs(device, language, text):
    match = make_match()
    seen = match.version
    mine = typed(match, points="90")
    other_phone_saves(match, typed(match, points="120"), device)
    with translation.override(language):
        panel = panel_of(match, mine, conflict_of(match, mine, seen))
    first = match.hands.get()
    assert panel["message"] == text
    assert panel["differs"] is True and panel["same"] is False
    assert panel["edit_url"] == f"/m/{match.token}/donnes/{first.pk}/"
    assert panel["theirs"][0]["summary"] != panel["mine"]


def test_several_hands_saved_meanwhile_are_all_shown_with_the_range_said():
    match = make_match()
    seen = match.version
    mine = typed(match, points="70")
    other_phone_saves(match, typed(match, points="100"), "Léa")
    other_phone_saves(match, typed(match, points="110"), "Zoé")
    conflict = conflict_of(match, mine, seen)
    assert (conflict.kind, conflict.number, conflict.last) == (ConflictKind.TAKEN, 1, 2)
    panel = panel_of(match, mine, conflict)
    assert [(h["number"], h["device"]) for h in panel["theirs"]] == [(1, "Léa"), (2, "Zoé")]
    assert panel["message"] == (
        "Les donnes 1 à 2 viennent d'être saisies depuis d'autres téléphones. "
        "Votre saisie est gardée : validez-la comme donne 3, ou abandonnez-la."
    )
    assert "differs" not in panel and panel["same"] is False


@pytest.mark.parametrize(
    ("language", "text"),
    [
        (
            "fr",
            "La partie vient de se terminer (victoire : Alice & Claire) : votre saisie "
            "n'est pas enregistrée.",
        ),
        ("en", "The match has just ended (winners: Alice & Claire): your entry is not saved."),
    ],
)
def test_a_match_ended_meanwhile_says_who_won_and_saves_nothing(language, text):
    match = play(make_match(target=300), hand("A", 162))
    seen = match.version
    mine = typed(match, points="100")
    other_phone_saves(match, typed(match, points="162"), "Léa")
    with translation.override(language):
        panel = panel_of(match, mine, conflict_of(match, mine, seen))
    assert panel["ended"] is True
    assert panel["message"] == text


@pytest.mark.parametrize(
    ("change", "kind", "shown", "text"),
    [
        (
            "edited",
            ConflictKind.EDITED,
            [1],
            "La donne 1 vient d'être corrigée depuis le téléphone de Léa.",
        ),
        (
            "deleted",
            ConflictKind.DELETED,
            [],
            "La donne 1 vient d'être supprimée depuis le téléphone de Léa.",
        ),
    ],
)
def test_a_single_change_meanwhile_is_said_with_the_hand_it_changed(change, kind, shown, text):
    match = play(make_match(), hand("A", 100), hand("A", 100))
    seen = match.version
    first = match.hands.order_by("number").first()
    if change == "edited":
        services.hand_update(
            match=match, hand_id=first.pk, hand=hand("B", 100), expected_version=1, device="Léa"
        )
    else:
        services.hand_delete(match=match, hand_id=first.pk, expected_version=1, device="Léa")
    mine = typed(match)
    conflict = conflict_of(match, mine, seen)
    assert (conflict.kind, conflict.number, conflict.device) == (kind, 1, "Léa")
    panel = panel_of(match, mine, conflict)
    assert [h["number"] for h in panel["theirs"]] == shown
    next_number = 2 if change == "deleted" else 3
    assert panel["message"] == (
        f"{text} Votre saisie est gardée : validez-la comme donne {next_number}, ou abandonnez-la."
    )


@pytest.mark.parametrize(
    ("device", "language", "text"),
    [
        (
            "Léa",
            "fr",
            "Pendant votre correction, cette donne a été supprimée depuis le téléphone de Léa : "
            "votre correction n'est pas enregistrée.",
        ),
        (
            "Léa",
            "en",
            "While you were correcting it, this hand was deleted from Léa's phone: your "
            "correction is not saved.",
        ),
        (
            "",
            "fr",
            "Pendant votre correction, cette donne a été supprimée depuis un autre téléphone : "
            "votre correction n'est pas enregistrée.",
        ),
        (
            "",
            "en",
            "While you were correcting it, this hand was deleted from another phone: your "
            "correction is not saved.",
        ),
    ],
)
def test_a_correction_of_a_hand_deleted_meanwhile_shows_both(device, language, text):
    match = play(make_match(), hand("A", 100))
    first = match.hands.get()
    services.hand_delete(match=match, hand_id=first.pk, expected_version=1, device=device)
    first.refresh_from_db()
    correction = typed(match, points="120")
    sheet = match_get_scoresheet(match)
    with translation.override(language):
        panel = panels.gone_panel(sheet, first, correction)
        assert panel["was"] == sheet.hand_summary(first)
    assert panel["message"] == text
    assert panel["gone"] is True and panel["theirs"] == []
    assert panel["mine"] != panel["was"]  # the correction, as typed
