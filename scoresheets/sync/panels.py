"""The conflict panels (``templates/scoresheets/_conflict.html``): what a phone
whose write was refused because another phone was faster sees, the other
phone's hands in words next to its own entry, and what it can do.

Each presenter returns the panel's context (a dict); ``message`` is its text.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext

from scoresheets.forms import HandForm
from scoresheets.matches.scoresheet import Scoresheet
from scoresheets.models import Hand
from scoresheets.sync.kinds import ConflictKind, HandConflict
from scoresheets.sync.words import conflict_message
from scoresheets.text import isolated, of_name


def same_hand(saved: Hand, form: HandForm) -> bool:
    """Whether ``saved`` is the hand typed in ``form``: the same engine input
    (a coinche hand's contract, coinche and solo included) and, when both
    phones said it, the same taker."""
    if saved.to_input() != form.hand_input():
        return False
    return saved.taker_seat is None or form.taker_seat in (None, saved.taker_seat)


def conflict_panel(
    sheet: Scoresheet, conflict: HandConflict, form: HandForm, next_number: int
) -> dict[str, Any]:
    """The panel of a phone whose new hand was refused because another phone
    was faster: the hands saved meanwhile in words next to this phone's
    entry (``theirs``, ``mine``), whether one of them IS this entry
    (``same``: then dropping it is the main action), whether it is the same
    hand number typed otherwise (``differs``, with ``edit_url`` to correct
    theirs), and whether the match ended meanwhile (``ended``: the winner,
    and no form). ``sheet`` is the sheet as it is now; ``form`` is valid
    (the conflict is found after it validated); ``next_number`` is the
    number the entry is kept for (``next``)."""
    theirs = _their_hands(sheet, conflict)
    same = next((h for h in theirs if same_hand(h, form)), None)
    mine = Hand.data_of(form.hand_input(), form.taker_seat, form.belote_holder)
    panel: dict[str, Any] = {
        "theirs": [
            {
                "number": sheet.position(h.pk),
                "device": isolated(h.entered_by),
                "summary": sheet.hand_summary(h),
            }
            for h in theirs
        ],
        "mine": sheet.hand_summary(mine),
        "same": same is not None,
        "ended": sheet.result.finished,
        "next": next_number,
    }
    if sheet.result.finished:
        team = sheet.match.team_name(sheet.result.winner)
        panel["message"] = gettext(
            "La partie vient de se terminer (victoire : %(team)s) : votre saisie n'est pas "
            "enregistrée."
        ) % {"team": isolated(team)}
    elif same is not None:
        panel["message"] = _same_message(sheet, same)
    elif conflict.kind == ConflictKind.TAKEN and len(theirs) == 1:
        panel.update(_differs(sheet, theirs[0]))
    else:
        panel["message"] = conflict_message(conflict, next_number)
    return panel


def _their_hands(sheet: Scoresheet, conflict: HandConflict) -> list[Hand]:
    """The hands another phone saved (or changed) meanwhile, as they are now."""
    hands = sheet.hands
    if conflict.kind == ConflictKind.TAKEN:
        return list(hands[conflict.number - 1 : conflict.last])
    single = conflict.kind in (ConflictKind.EDITED, ConflictKind.RESTORED)
    if single and 1 <= conflict.number <= len(hands):
        return [hands[conflict.number - 1]]
    return []


def _same_message(sheet: Scoresheet, same: Hand) -> str:
    who = {"device": isolated(same.entered_by), "number": sheet.position(same.pk)}
    if same.entered_by:
        return gettext("%(device)s a déjà saisi cette donne (donne %(number)s).") % who
    return (
        gettext("Cette donne a déjà été saisie depuis un autre téléphone (donne %(number)s).") % who
    )


def _differs(sheet: Scoresheet, other: Hand) -> dict[str, Any]:
    """Two phones typing the same hand number at once type the same hand of
    the game: if they differ, one of them is wrong (review: the main action
    was to save this one as the next hand, a duplicate). Dropping it is the
    main action; theirs can be corrected; saving it as the next hand stays
    possible (it may really be the next one)."""
    who = {"number": sheet.position(other.pk), "device": isolated(other.entered_by)}
    if other.entered_by:
        text = gettext(
            "%(device)s a saisi la donne %(number)s autrement que vous : vérifiez à la "
            "table laquelle est juste."
        )
    else:
        text = gettext(
            "Un autre téléphone a saisi la donne %(number)s autrement que vous : vérifiez "
            "à la table laquelle est juste."
        )
    return {
        "differs": True,
        "edit_url": reverse("hand_edit", args=[sheet.match.token, other.pk]),
        "message": text % who,
    }


def gone_message(hand: Hand) -> str:
    """What a correction of ``hand``, deleted meanwhile by another phone, is
    told: by its save (:func:`gone_panel`) and by its preview alike."""
    if hand.entered_by:
        text = gettext(
            "Pendant votre correction, cette donne a été supprimée depuis le téléphone "
            "%(of_device)s : votre correction n'est pas enregistrée."
        )
    else:
        text = gettext(
            "Pendant votre correction, cette donne a été supprimée depuis un autre téléphone : "
            "votre correction n'est pas enregistrée."
        )
    return text % {"of_device": isolated(of_name(hand.entered_by))}


def gone_panel(sheet: Scoresheet, hand: Hand, form: HandForm) -> dict[str, Any]:
    """The panel of a correction whose hand another phone deleted meanwhile
    (``hand``, read again): who deleted it, the hand as it was (``was``) and
    the correction typed (``mine``), in words; the panel offers to put the
    hand back with the correction (``gone``). ``form`` is valid."""
    return {
        "gone": True,
        "message": gone_message(hand),
        "theirs": [],
        "was": sheet.hand_summary(hand),
        "mine": sheet.hand_summary(
            Hand.data_of(form.hand_input(), form.taker_seat, form.belote_holder)
        ),
    }
