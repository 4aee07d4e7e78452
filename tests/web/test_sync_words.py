"""What the protocol's answers say (``scoresheets.sync.words``), called
directly: each conflict kind, with and without the faster phone's name, with
and without an entry kept for the next hand; each undo refusal; the engine's
problems with a delete or a correction; in French and in English."""

from __future__ import annotations

import pytest
from django.core.exceptions import ObjectDoesNotExist
from django.utils import translation

from scoresheets import scoring
from scoresheets.forms import HandForm
from scoresheets.sync import words
from scoresheets.sync.kinds import ConflictKind, HandConflict, UndoRefusal

KEPT = {
    "fr": "Votre saisie est gardée : validez-la comme donne 3, ou abandonnez-la.",
    "en": "Your entry is kept: save it as hand 3, or drop it.",
}

# (kind, device, language): what the phone is told (without an entry kept).
MESSAGES = {
    ("taken", "", "fr"): "La donne 2 vient d'être saisie depuis un autre téléphone.",
    ("taken", "Léa", "fr"): "La donne 2 vient d'être saisie depuis le téléphone de Léa.",
    ("taken", "Alice", "fr"): "La donne 2 vient d'être saisie depuis le téléphone d’Alice.",
    ("taken", "", "en"): "Hand 2 was just entered from another phone.",
    ("taken", "Léa", "en"): "Hand 2 was just entered from Léa's phone.",
    ("edited", "", "fr"): "La donne 2 vient d'être corrigée depuis un autre téléphone.",
    ("edited", "Léa", "fr"): "La donne 2 vient d'être corrigée depuis le téléphone de Léa.",
    ("edited", "", "en"): "Hand 2 was just corrected from another phone.",
    ("edited", "Léa", "en"): "Hand 2 was just corrected from Léa's phone.",
    ("deleted", "", "fr"): "La donne 2 vient d'être supprimée depuis un autre téléphone.",
    ("deleted", "Léa", "fr"): "La donne 2 vient d'être supprimée depuis le téléphone de Léa.",
    ("deleted", "", "en"): "Hand 2 was just deleted from another phone.",
    ("deleted", "Léa", "en"): "Hand 2 was just deleted from Léa's phone.",
    ("restored", "", "fr"): "La donne 2 vient d'être rétablie depuis un autre téléphone.",
    ("restored", "Léa", "fr"): "La donne 2 vient d'être rétablie depuis le téléphone de Léa.",
    ("restored", "", "en"): "Hand 2 was just restored from another phone.",
    ("restored", "Léa", "en"): "Hand 2 was just restored from Léa's phone.",
    ("moved", "", "fr"): (
        "La feuille vient de changer sur un autre téléphone : vérifiez-la, puis validez à nouveau."
    ),
    ("moved", "Léa", "fr"): (
        "La feuille vient de changer sur un autre téléphone : vérifiez-la, puis validez à nouveau."
    ),
    ("moved", "", "en"): "The sheet just changed on another phone: check it, then save again.",
}


@pytest.mark.parametrize(("kind", "device", "language"), sorted(MESSAGES))
def test_each_conflict_kind_says_what_changed_and_keeps_the_entry(kind, device, language):
    conflict = HandConflict(kind=kind, number=2, device=device)
    with translation.override(language):
        assert words.conflict_message(conflict) == MESSAGES[kind, device, language]
        kept = words.conflict_message(conflict, 3)
    assert kept == f"{MESSAGES[kind, device, language]} {KEPT[language]}"


@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("fr", "Les donnes 2 à 4 viennent d'être saisies depuis d'autres téléphones."),
        ("en", "Hands 2 to 4 were just entered from other phones."),
    ],
)
def test_several_hands_taken_meanwhile_are_said_as_a_range(language, text):
    conflict = HandConflict(kind=ConflictKind.TAKEN, number=2, last=4, device="Zoé")
    with translation.override(language):
        assert words.conflict_message(conflict) == text


@pytest.mark.parametrize(
    ("device", "language", "text"),
    [
        (
            "",
            "fr",
            "Cette donne vient d'être modifiée depuis un autre téléphone (voir l'historique). "
            "Votre correction n'est pas enregistrée : vérifiez-la, puis enregistrez-la de "
            "nouveau.",
        ),
        (
            "Léa",
            "fr",
            "Cette donne vient d'être modifiée depuis le téléphone de Léa (voir l'historique). "
            "Votre correction n'est pas enregistrée : vérifiez-la, puis enregistrez-la de "
            "nouveau.",
        ),
        (
            "",
            "en",
            "This hand was just changed from another phone (see its history). Your correction "
            "is not saved: check it, then save it again.",
        ),
        (
            "Léa",
            "en",
            "This hand was just changed from Léa's phone (see its history). Your correction "
            "is not saved: check it, then save it again.",
        ),
    ],
)
def test_a_correction_s_conflict_says_it_is_not_saved_and_keeps_no_next_number(
    device, language, text
):
    conflict = HandConflict(kind=ConflictKind.CHANGED, number=1, device=device)
    with translation.override(language):
        assert words.conflict_message(conflict) == text
        assert words.conflict_message(conflict, 3) == text  # a correction is no next hand


def test_a_conflict_kind_is_one_of_the_enum_and_nothing_else():
    assert HandConflict(kind="taken", number=1).kind is ConflictKind.TAKEN
    assert HandConflict(kind="deleted", number=1).last == 1  # one hand: last is the number
    with pytest.raises(ValueError):
        HandConflict(kind="created", number=1)


CHANGED_BY_LEA = HandConflict(kind=ConflictKind.CHANGED, number=2, device="Léa")
LATER = HandConflict(kind=ConflictKind.LATER, number=2)
AFTER_END = scoring.MatchError([scoring.Problem(3, "hand", "after_end", "after the end")])
TOO_MANY = scoring.MatchError([scoring.Problem(None, "hands", "hands_limit", "too many")])

# (reason, the service's error, language): what the undo bar says.
UNDO_REFUSALS = [
    (
        UndoRefusal.NOT_YOURS,
        None,
        "fr",
        "Rien à annuler : seul le téléphone qui a fait le changement peut l'annuler, juste après.",
    ),
    (
        UndoRefusal.NOT_YOURS,
        None,
        "en",
        "Nothing to undo: only the phone that made the change can undo it, right after.",
    ),
    (
        UndoRefusal.TOO_LATE,
        None,
        "fr",
        "Trop tard pour annuler : corrigez la donne depuis la feuille.",
    ),
    (UndoRefusal.TOO_LATE, None, "en", "Too late to undo: correct the hand from the sheet."),
    (
        UndoRefusal.LATER,
        LATER,
        "fr",
        "Impossible d'annuler : d'autres donnes ont été enregistrées depuis, et leurs numéros "
        "changeraient. Corrigez la donne 5 depuis la feuille.",
    ),
    (
        UndoRefusal.LATER,
        LATER,
        "en",
        "Cannot undo: other hands have been saved since, and their numbers would change. "
        "Correct hand 5 from the sheet.",
    ),
    (
        UndoRefusal.CHANGED,
        CHANGED_BY_LEA,
        "fr",
        "Impossible d'annuler : la donne a changé depuis, sur le téléphone de Léa. "
        "Voyez la feuille.",
    ),
    (
        UndoRefusal.CHANGED,
        CHANGED_BY_LEA,
        "en",
        "Cannot undo: the hand has changed since, on Léa's phone. See the sheet.",
    ),
    (
        UndoRefusal.CHANGED,
        HandConflict(kind=ConflictKind.CHANGED, number=2),
        "fr",
        "Impossible d'annuler : la donne a changé depuis, sur un autre téléphone. "
        "Voyez la feuille.",
    ),
    (
        UndoRefusal.CHANGED,
        HandConflict(kind=ConflictKind.CHANGED, number=2),
        "en",
        "Cannot undo: the hand has changed since, on another phone. See the sheet.",
    ),
    (
        UndoRefusal.INVALID,
        AFTER_END,
        "fr",
        "Impossible d'annuler : la partie serait terminée avant des donnes jouées depuis.",
    ),
    (
        UndoRefusal.INVALID,
        AFTER_END,
        "en",
        "Cannot undo: the match would end before hands played since.",
    ),
    (UndoRefusal.NOTHING, ObjectDoesNotExist(), "fr", "Rien à annuler."),
    (UndoRefusal.NOTHING, ObjectDoesNotExist(), "en", "Nothing to undo."),
]


@pytest.mark.parametrize(("reason", "error", "language", "text"), UNDO_REFUSALS)
def test_each_undo_refusal_says_why(reason, error, language, text):
    with translation.override(language):
        assert words.undo_refusal(reason, number=5, error=error) == text


@pytest.mark.parametrize(
    ("error", "reason"),
    [
        (LATER, UndoRefusal.LATER),
        (CHANGED_BY_LEA, UndoRefusal.CHANGED),
        (AFTER_END, UndoRefusal.INVALID),
        (ObjectDoesNotExist(), UndoRefusal.NOTHING),
    ],
)
def test_the_service_s_refusal_of_an_undo_is_sorted_into_its_reason(error, reason):
    assert words.undo_refusal_of(error) is reason


def test_an_error_that_is_no_refusal_of_an_undo_propagates():
    with pytest.raises(KeyError):
        words.undo_refusal_of(KeyError("a bug"))


def test_another_engine_problem_of_an_undo_is_said_in_the_engine_s_words():
    with translation.override("fr"):
        text = words.undo_refusal(UndoRefusal.INVALID, error=TOO_MANY)
    assert text.startswith("Impossible d'annuler : ")
    assert text != "Impossible d'annuler : too many"  # the engine's English is not shown
    with translation.override("en"):
        assert words.undo_refusal(UndoRefusal.INVALID, error=TOO_MANY).startswith("Cannot undo: ")


@pytest.mark.parametrize(
    ("language", "text"),
    [
        (
            "fr",
            "Impossible : la partie serait terminée avant des donnes déjà jouées. "
            "Supprimez-les ou corrigez-les d'abord.",
        ),
        (
            "en",
            "Not possible: the match would end before hands that were played. Delete or "
            "correct them first.",
        ),
    ],
)
def test_a_delete_or_restore_that_would_end_the_match_early_says_so(language, text):
    with translation.override(language):
        assert words.problems_text(AFTER_END) == text


def hand_form() -> HandForm:
    return HandForm({}, team_names={"A": "Nous", "B": "Eux"})


@pytest.mark.parametrize(
    ("language", "text"),
    [
        (
            "fr",
            "Cette correction terminerait la partie avant la donne 3, déjà jouée : supprimez "
            "d'abord les donnes qui suivent.",
        ),
        (
            "en",
            "This correction would end the match before hand 3, which was played: delete the "
            "hands after it first.",
        ),
    ],
)
def test_a_correction_that_would_end_the_match_before_a_later_hand_says_which(language, text):
    form = hand_form()
    form.is_valid()
    with translation.override(language):
        words.edit_problems(form, AFTER_END, number=1)
    assert form.non_field_errors() == [text]


def test_a_correction_s_own_problems_go_to_the_form_as_the_engine_says_them():
    form, plain = hand_form(), hand_form()
    form.is_valid()
    plain.is_valid()
    words.edit_problems(form, AFTER_END, number=3)  # its own hand: no "later hand" sentence
    plain.add_problems(AFTER_END)
    assert form.errors == plain.errors
    assert "donne 3, déjà jouée" not in str(form.errors)
