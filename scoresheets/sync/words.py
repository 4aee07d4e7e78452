"""What the protocol's answers say, in the user's language (French first).

Plain functions of the conflict, the refusal or the engine's problems: each
returns the text a page, a panel or the undo bar shows (``docs/sync.md``).
"""

from __future__ import annotations

from django.core.exceptions import ObjectDoesNotExist
from django.utils.translation import gettext, gettext_noop

from scoresheets import scoring
from scoresheets.forms import HandForm, problem_message
from scoresheets.sync.kinds import ConflictKind, HandConflict, UndoRefusal
from scoresheets.text import isolated, of_name

# A single change of the sheet between opening and saving a new hand's form
# (ConflictKind.EDITED, DELETED, RESTORED): what to say, without and with the
# phone's name.
SHEET_CHANGES = {
    ConflictKind.EDITED: (
        gettext_noop("La donne %(number)s vient d'être corrigée depuis un autre téléphone."),
        gettext_noop(
            "La donne %(number)s vient d'être corrigée depuis le téléphone %(of_device)s."
        ),
    ),
    ConflictKind.DELETED: (
        gettext_noop("La donne %(number)s vient d'être supprimée depuis un autre téléphone."),
        gettext_noop(
            "La donne %(number)s vient d'être supprimée depuis le téléphone %(of_device)s."
        ),
    ),
    ConflictKind.RESTORED: (
        gettext_noop("La donne %(number)s vient d'être rétablie depuis un autre téléphone."),
        gettext_noop(
            "La donne %(number)s vient d'être rétablie depuis le téléphone %(of_device)s."
        ),
    ),
}


def conflict_message(conflict: HandConflict, next_number: int | None = None) -> str:
    """What to tell a phone that another phone was faster (in the user's language).

    ``next_number``: the number the phone's entry is kept for (a new hand:
    it may be saved as that hand); ``None`` for a correction or a delete."""
    who = {
        "number": conflict.number,
        "last": conflict.last,
        "device": isolated(conflict.device),
        "of_device": isolated(of_name(conflict.device)),
        "next": next_number,
    }
    if conflict.kind == ConflictKind.TAKEN:
        text = _taken(conflict)
    elif conflict.kind == ConflictKind.CHANGED:
        return _changed(conflict) % who
    elif conflict.kind in SHEET_CHANGES:
        text = gettext(SHEET_CHANGES[conflict.kind][bool(conflict.device)])
    else:
        text = gettext(
            "La feuille vient de changer sur un autre téléphone : vérifiez-la, puis validez "
            "à nouveau."
        )
    if next_number is not None:
        text += " " + gettext(
            "Votre saisie est gardée : validez-la comme donne %(next)s, ou abandonnez-la."
        )
    return text % who


def _taken(conflict: HandConflict) -> str:
    if conflict.last > conflict.number:
        return gettext(
            "Les donnes %(number)s à %(last)s viennent d'être saisies depuis d'autres téléphones."
        )
    if conflict.device:
        return gettext("La donne %(number)s vient d'être saisie depuis le téléphone %(of_device)s.")
    return gettext("La donne %(number)s vient d'être saisie depuis un autre téléphone.")


def _changed(conflict: HandConflict) -> str:
    if conflict.device:
        text = gettext(
            "Cette donne vient d'être modifiée depuis le téléphone %(of_device)s (voir "
            "l'historique)."
        )
    else:
        text = gettext(
            "Cette donne vient d'être modifiée depuis un autre téléphone (voir l'historique)."
        )
    return (
        text
        + " "
        + gettext(
            "Votre correction n'est pas enregistrée : vérifiez-la, puis enregistrez-la de nouveau."
        )
    )


def problems_text(error: scoring.MatchError) -> str:
    """The engine's problems with a delete or a restore, in one sentence or a few."""
    if any(p.code == "after_end" for p in error.problems):
        return gettext(
            "Impossible : la partie serait terminée avant des donnes déjà jouées. "
            "Supprimez-les ou corrigez-les d'abord."
        )
    return " ".join(problem_message(p) for p in error.problems)


def edit_problems(form: HandForm, error: scoring.MatchError, number: int | None) -> None:
    """Put the engine's problems with a correction of hand ``number`` on
    ``form``; a later hand's ``after_end`` means the correction would end the
    match before hands already played."""
    later = [p for p in error.problems if p.code == "after_end" and p.hand != number]
    if later:
        form.add_error(
            None,
            gettext(
                "Cette correction terminerait la partie avant la donne %(number)s, déjà "
                "jouée : supprimez d'abord les donnes qui suivent."
            )
            % {"number": later[0].hand},
        )
    rest = [p for p in error.problems if p not in later]
    if rest:
        form.add_problems(scoring.MatchError(rest))


def undo_refusal_of(error: Exception) -> UndoRefusal:
    """Why the service refused an undo (``services.hand_undo`` raised ``error``)."""
    if isinstance(error, HandConflict):
        return UndoRefusal.LATER if error.kind == ConflictKind.LATER else UndoRefusal.CHANGED
    if isinstance(error, scoring.MatchError):
        return UndoRefusal.INVALID
    if isinstance(error, ObjectDoesNotExist):
        return UndoRefusal.NOTHING
    raise error


def undo_refusal(
    reason: UndoRefusal, *, number: int | None = None, error: Exception | None = None
) -> str:
    """What the undo bar says when an "Annuler" is refused for ``reason``:
    ``number`` is the hand the offer was about (``LATER``); ``error`` is
    what the service raised (``undo_refusal_of``): the ``HandConflict``
    naming the phone that changed the hand since (``CHANGED``), the engine's
    ``MatchError`` (``INVALID``)."""
    if reason == UndoRefusal.NOT_YOURS:
        return gettext(
            "Rien à annuler : seul le téléphone qui a fait le changement peut l'annuler, "
            "juste après."
        )
    if reason == UndoRefusal.TOO_LATE:
        return gettext("Trop tard pour annuler : corrigez la donne depuis la feuille.")
    if reason == UndoRefusal.LATER:
        text = gettext(
            "Impossible d'annuler : d'autres donnes ont été enregistrées depuis, et "
            "leurs numéros changeraient. Corrigez la donne %(number)s depuis la feuille."
        )
        return text % {"number": number}
    if reason == UndoRefusal.CHANGED:
        device = error.device if isinstance(error, HandConflict) else ""
        if device:
            text = gettext(
                "Impossible d'annuler : la donne a changé depuis, sur le téléphone %(of_device)s. "
                "Voyez la feuille."
            )
        else:
            text = gettext(
                "Impossible d'annuler : la donne a changé depuis, sur un autre téléphone. "
                "Voyez la feuille."
            )
        return text % {"of_device": isolated(of_name(device))}
    if reason == UndoRefusal.INVALID and isinstance(error, scoring.MatchError):
        if any(p.code == "after_end" for p in error.problems):
            return gettext(
                "Impossible d'annuler : la partie serait terminée avant des donnes jouées depuis."
            )
        return gettext("Impossible d'annuler : %(problems)s") % {
            "problems": " ".join(problem_message(p) for p in error.problems)
        }
    return gettext("Rien à annuler.")
