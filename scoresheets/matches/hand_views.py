"""The writes of hands: entry, correction, delete, restore, undo, and the
preview of a hand being typed.

Each view looks the match up, calls its service through the protocol's one
exception ladder (``sync.ladder.attempt``) and answers what it returned
(``docs/sync.md``, "What each write answers"): the conflict panels, the
refusals' words and the undo's refusals come from ``scoresheets.sync``.
Without a script a write answers a 303 to the page (messages say what was
done); to htmx (``static/js/queue.js``, ``hand.js``), the sheet's parts and
the undo bar out of band, with a fresh entry form.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from scoresheets import announcement_helper, ratelimits
from scoresheets.forms import VERSION_MISSING, DeviceForm, HandForm, hand_form, hand_form_class
from scoresheets.game_forms import HelperAnswer
from scoresheets.matches import kept_hands, services, undo
from scoresheets.matches.match_page import (
    MY_MATCHES,
    MY_MATCHES_MAX,
    device,
    end_change_message,
    get_hand_or_404,
    get_match_or_404,
    hand_url,
    match_context,
)
from scoresheets.matches.scoresheet import match_get_scoresheet, scoresheet_after
from scoresheets.matches.view_helpers import remember, see_other
from scoresheets.models import Hand, HandRevision, Match, Player
from scoresheets.sync import panels, words
from scoresheets.sync.entry import entry_form_html
from scoresheets.sync.kinds import UndoRefusal
from scoresheets.sync.ladder import Write, attempt, form_key
from scoresheets.sync.sheet import sheet_fragments

# --------------------------------------------------------------------------
# A new hand
# --------------------------------------------------------------------------


@require_POST
@vary_on_headers("HX-Request")
@ratelimits.limited(*ratelimits.HANDS)
def hand_create(request: HttpRequest, token: str) -> HttpResponse:
    """Enter the next hand (the entry form of the match page)."""
    match = get_match_or_404(token, related=False)  # its answer shows no table
    # The players the last new hand kept at this version (kept_hands), else read.
    players = kept_hands.KEPT.players(match) or match.players.all()
    form = hand_form(match, players, request.POST, writes="entry")
    if announcement_helper.is_compare(request.POST):
        return _compare_on_match_page(request, match, form)
    if announcement_helper.is_open(request.POST):
        return _helper_opened(request, match, form)
    answer = form.helper_answer()
    if answer is not None:
        return _game_helper_answered(request, match, answer)
    if form.is_valid() and _comparison_forgotten(request, form):
        return _compare_forgotten(request, match, form)
    if not form.is_valid():
        return _entry_refused(request, match, form, None)
    write = attempt(
        request,
        lambda: services.hand_record(
            match=match,
            hand=form.hand_input(),
            taker_seat=form.taker_seat,
            belote_seat=form.belote_holder,
            expected_number=form.cleaned_data["number"],
            seen_version=form.cleaned_data["match_version"],
            device=device(request),
            key=form.cleaned_data["key"] or None,
            players=form.players,
        ),
        form,
    )
    if not write.saved:
        return _entry_refused(request, match, form, write)
    # A phone whose first visit carried no cookie (so nothing was remembered) keeps it now.
    remember(request, MY_MATCHES, match.token, MY_MATCHES_MAX)
    undo.offer(request, match, write.value, HandRevision.Action.CREATED)
    if not request.htmx:
        return see_other(reverse("match", args=[match.token]))
    return _hand_saved(request, match, write.value, form.players)


def _entry_refused(
    request: HttpRequest, match: Match, form: HandForm, write: Write | None
) -> HttpResponse:
    """A new hand refused (``write``; ``None``: the form itself is invalid):
    the form again with its messages and what was typed; nothing saved.
    After a conflict, the phone sees what was saved (the sheet, and the
    panel: the other phone's hand next to its own entry) and keeps its
    entry, now set to be saved as the next hand if the player confirms it."""
    match.refresh_from_db()  # another phone may have moved it on
    sheet = match_get_scoresheet(match)
    panel = None
    if write is None and form.version_missing:
        # Posted without the version it was typed on: shown again for the
        # sheet as it is now, which the player checks before saving it.
        form.set_number(len(sheet.hands) + 1, match.version)
    if write is not None and write.conflict is not None:
        next_number = len(sheet.hands) + 1
        form.set_number(next_number, match.version)  # read before the hands: never ahead
        panel = panels.conflict_panel(sheet, write.conflict, form, next_number)
    context = match_context(request, sheet, form)
    context["conflict"] = panel
    template = "scoresheets/match.html#hand_saved" if request.htmx else "scoresheets/match.html"
    return render(request, template, context, status=write.status if write else 422)


def _hand_saved(
    request: HttpRequest,
    match: Match,
    change: services.HandChange | None = None,
    players: Sequence[Player] = (),
) -> HttpResponse:
    """The answer to a change sent with htmx (a new hand, or a correction or a
    deletion kept on the phone and sent by static/js/sync/outbox.js): the sheet and
    the undo bar, out of band, and a fresh entry form for the next hand; the
    scoreboard's ``data-version`` is the match's version after the change.

    ``change`` (the write just made, the one this phone's undo bar offers)
    and the match's ``players``: the answer shows the match as that write
    left it (``scoresheet_after``: nothing read again); without
    them, or after a replay, the match is read."""
    sheet = scoresheet_after(change, players) if change is not None else None
    latest = sheet is not None
    if sheet is None:
        match.refresh_from_db()  # its version moved on
        sheet = match_get_scoresheet(match)
    match = sheet.match
    # What match.html#hand_saved shows, no more: the fresh entry form (rendered
    # once per match and language: sync.entry), the undo bar, the sheet
    # (rendered once for this phone and the other phones' next polls).
    context = {
        "match": match,
        "sheet": sheet,
        "undo": undo.current(request, match, latest=latest),
        "form_html": entry_form_html(
            request, match, sheet.players, number=len(sheet.hands) + 1, version=match.version
        ),
        "sheet_html": sheet_fragments(request, match, sheet=sheet),
    }
    return render(request, "scoresheets/match.html#hand_saved", context)


# --------------------------------------------------------------------------
# "Comparer les annonces"
# --------------------------------------------------------------------------


def compare_announcements(
    request: HttpRequest, form: HandForm, match: Match | None, rebuild: Any
) -> tuple[Any, HandForm, int]:
    """The "Comparer les annonces" button: the engine settles the comparison
    of what the helper says each player declared; nothing is saved. Returns
    the helper (its result or its problems), the hand form rebuilt by
    ``rebuild(initial)`` with what was typed and the comparison's points in
    ``ann_team``/``ann_points`` (still editable), and the status: 200, or
    422 when the declarations are refused."""
    helper = announcement_helper.helper_for(request.POST, form=form, match=match)
    result = helper.compare()
    initial = announcement_helper.prefill(request.POST, list(form.fields), result)
    return helper, rebuild(initial), 200 if result is not None else 422


def helper_response(
    request: HttpRequest, helper: Any, form: HandForm, match: Match | None, status: int
) -> HttpResponse:
    """The helper alone, for the page's script (it fills in the points)."""
    context = {"helper": helper, "form": form, "match": match}
    return render(request, "scoresheets/_announcement_helper.html", context, status=status)


def _compare_on_match_page(request: HttpRequest, match: Match, form: HandForm) -> HttpResponse:
    sheet = match_get_scoresheet(match)

    def rebuild(initial: dict[str, Any]) -> HandForm:
        return hand_form(match, sheet.players, initial=initial)

    helper, form, status = compare_announcements(request, form, match, rebuild)
    if request.htmx:
        return helper_response(request, helper, form, match, status)
    context = match_context(request, sheet, form)
    context["helper"] = helper
    context["sheet_html"] = sheet_fragments(request, match, sheet=sheet)
    return render(request, "scoresheets/match.html", context, status=status)


def _helper_opened(request: HttpRequest, match: Match, form: HandForm) -> HttpResponse:
    """The helper's button without a script (its disclosure on the match
    page is not rendered until opened): the page again, what was typed kept,
    the helper open; nothing saved."""
    sheet = match_get_scoresheet(match)
    initial = announcement_helper.prefill(request.POST, list(form.fields), None)
    form = hand_form(match, sheet.players, initial=initial)
    context = match_context(request, sheet, form)
    helper = announcement_helper.helper_for(None, form=form, match=match, open_asked=True)
    context["helper"] = helper
    context["sheet_html"] = sheet_fragments(request, match, sheet=sheet)
    return render(request, "scoresheets/match.html", context)


@require_http_methods(["GET", "HEAD"])
@never_cache
def hand_helper(request: HttpRequest, token: str) -> HttpResponse:
    """The announcement helper alone, open, for the hand ``?number=`` (the
    entry form's: its dealer orders the players; a missing or bad number is
    hand 1), fetched by the match page's script when its disclosure is
    opened, and again when the sheet moves that form to another hand
    (issue 20: the first speaker is the current hand's). 404 when the match
    plays no announcements."""
    match = get_match_or_404(token)
    if not getattr(match.rules, "announcements", False):
        raise Http404
    form = hand_form(match, match.players.all(), number=_number(request.GET.get("number")))
    helper = announcement_helper.helper_for(None, form=form, match=match, open_asked=True)
    context = {"helper": helper, "form": form, "match": match, "card_names": match.card_names}
    return render(request, "scoresheets/_announcement_helper.html", context)


def _number(value: str | None) -> int:
    """A hand number from a query string: 1 when missing or not a number
    from 1 to 10,000."""
    try:
        number = int(value or "")
    except ValueError:
        return 1
    return number if 1 <= number <= 10_000 else 1


def _game_helper_answered(request: HttpRequest, match: Match, answer: HelperAnswer) -> HttpResponse:
    """The entry form posted to a game's own helper (``HandForm.helper_answer``:
    a helper without a script, or a save that forgot it): the form
    again with what was typed and what the helper filled in, its answer on
    it; nothing saved."""
    sheet = match_get_scoresheet(match)
    form = hand_form(match, sheet.players, initial=answer.initial)
    if answer.message:
        said_on(form, answer.message)
    context = match_context(request, sheet, form)
    template = "scoresheets/match.html#hand_saved" if request.htmx else "scoresheets/match.html"
    if not request.htmx:
        context["sheet_html"] = sheet_fragments(request, match, sheet=sheet)
    return render(request, template, context, status=answer.status)


def said_on(form: HandForm, message: str) -> None:
    """Put ``message`` at the top of ``form``, an unbound form shown again
    with what was typed (it carries no errors of its own)."""
    form.errors  # noqa: B018  (its error dict exists once read)
    form.cleaned_data = {}
    form.add_error(None, message)


def _comparison_forgotten(request: HttpRequest, form: HandForm) -> bool:
    """Whether a hand is saved with declarations picked in the announcement
    helper but no announcement points: "Comparer les annonces" was never
    pressed (points typed beside the declarations are the table's choice)."""
    if "ann_points" not in form.fields or form.cleaned_data.get("ann_points") is not None:
        return False
    return any(
        name.startswith(announcement_helper.PREFIX + "-") and name.endswith("_kind") and value
        for name, value in request.POST.items()
    )


def _compare_forgotten(request: HttpRequest, match: Match, form: HandForm) -> HttpResponse:
    """The save of a hand whose declarations were never compared: compare
    them now, fill in the points, say so, save nothing (422); the next
    "Valider" saves the hand with them."""
    sheet = match_get_scoresheet(match)

    def rebuild(initial: dict[str, Any]) -> HandForm:
        return hand_form(match, sheet.players, initial=initial)

    helper, form, _status = compare_announcements(request, form, match, rebuild)
    # An unbound form (it shows the filled-in values) carries a message too.
    said_on(
        form,
        gettext(
            "Les annonces de l'aide n'étaient pas comparées : elles le sont maintenant et "
            "leurs points sont reportés. Vérifiez, puis validez."
        ),
    )
    context = match_context(request, sheet, form)
    context["helper"] = helper
    template = "scoresheets/match.html#hand_saved" if request.htmx else "scoresheets/match.html"
    if not request.htmx:
        context["sheet_html"] = sheet_fragments(request, match, sheet=sheet)
    return render(request, template, context, status=422)


# --------------------------------------------------------------------------
# A correction
# --------------------------------------------------------------------------


@require_http_methods(["GET", "HEAD", "POST"])
@never_cache
@ratelimits.limited(*ratelimits.HANDS)
def hand_edit(request: HttpRequest, token: str, hand_id: int) -> HttpResponse:
    """Correct a hand: the entry form, prefilled; its history; delete or restore."""
    match = get_match_or_404(token)
    hand = get_hand_or_404(match, hand_id)
    sheet = match_get_scoresheet(match)
    number = sheet.position(hand.pk)
    if request.method == "POST":
        return _correction_sent(request, sheet, hand, number)
    if hand.deleted_at is not None:
        form = None
    else:
        initial = {**hand_form_class(match).initial_for(hand), "number": number}
        form = hand_form(match, sheet.players, initial=initial)
    return _edit_page(request, sheet, hand, form)


def _correction_sent(
    request: HttpRequest, sheet: services.Scoresheet, hand: Hand, number: int | None
) -> HttpResponse:
    """A correction of ``hand`` (number ``number`` on ``sheet``) posted.

    A correction posted for a hand deleted meanwhile goes on to the service,
    which refuses it: the phone is told (the conflict panel), never dropped.
    Sent again with "Rétablir la donne avec ma correction" (``restore``), it
    puts the hand back with the correction."""
    match = sheet.match
    restore = request.POST.get("restore") == "1"
    form = hand_form(match, sheet.players, request.POST, number=number, writes="correction")
    if announcement_helper.is_compare(request.POST):

        def rebuild(initial: dict[str, Any]) -> HandForm:
            return hand_form(match, sheet.players, initial={**initial, "number": number})

        helper, form, status = compare_announcements(request, form, match, rebuild)
        if request.htmx:
            return helper_response(request, helper, form, match, status)
        return _edit_page(request, sheet, hand, form, status, helper=helper)
    answer = form.helper_answer()
    if answer is not None:  # a game's own helper: the correction again, filled in
        form = hand_form(match, sheet.players, initial={**answer.initial, "number": number})
        if answer.message:
            said_on(form, answer.message)
        return _edit_page(request, sheet, hand, form, answer.status)
    if not form.is_valid():
        if form.version_missing:
            # Shown again on the hand as it is now: saving it again overrides.
            form.data = form.data.copy()
            form.data["hand_version"] = hand.version
        return _edit_page(request, sheet, hand, form, status=422)
    write = attempt(
        request,
        lambda: services.hand_update(
            match=match,
            hand_id=hand.pk,
            hand=form.hand_input(),
            taker_seat=form.taker_seat,
            belote_seat=form.belote_holder,
            expected_version=form.cleaned_data["hand_version"],
            device=device(request),
            key=form.cleaned_data["key"] or None,
            restore=restore,
        ),
        form,
        problems=lambda error: words.edit_problems(form, error, number),
    )
    if write.conflict is not None:
        return _correction_conflict(request, hand, form, write.conflict)
    if not write.saved:
        return _edit_page(request, sheet, hand, form, status=write.status)
    return _correction_saved(request, match, write.value, restore, sheet.players)


def _correction_conflict(
    request: HttpRequest, hand: Hand, form: HandForm, conflict: services.HandConflict
) -> HttpResponse:
    """A correction refused because another phone changed or deleted the hand
    first (409): the correction page again, with what this phone typed."""
    hand.refresh_from_db()
    # Keep what this phone typed; the next save overrides the new version.
    form.data = form.data.copy()
    form.data["hand_version"] = hand.version
    sheet = match_get_scoresheet(hand.match)
    if hand.deleted_at is not None:
        # Deleted meanwhile: told, with the way to put it back with
        # this correction, or to drop the correction.
        gone = panels.gone_panel(sheet, hand, form)
        return _edit_page(request, sheet, hand, form, status=409, conflict=gone)
    form.add_error(None, words.conflict_message(conflict))
    return _edit_page(request, sheet, hand, form, status=409)


def _correction_saved(
    request: HttpRequest,
    match: Match,
    change: services.HandChange,
    restore: bool,
    players: Sequence[Player],
) -> HttpResponse:
    """A correction saved: to htmx, kept on the phone and sent by its script,
    the sheet, whose undo bar tells the change (no message left for a later
    page); without it, a message and a 303 to the hand's row."""
    if request.htmx:
        undo.offer(request, match, change, HandRevision.Action.EDITED)
        return _hand_saved(request, match, change, players)
    if not change.replayed:
        if restore:
            text = gettext("Donne %(number)s rétablie, avec votre correction.")
        else:
            text = gettext("Donne %(number)s corrigée.")
        messages.success(request, text % {"number": change.number})
        end_change_message(request, match)
    undo.offer(request, match, change, HandRevision.Action.EDITED)
    return see_other(hand_url(match, change.number))


def _edit_page(
    request: HttpRequest,
    sheet: services.Scoresheet,
    hand: Hand,
    form: HandForm | None,
    status: int = 200,
    helper: Any = None,
    conflict: dict[str, Any] | None = None,
) -> HttpResponse:
    context = {
        "conflict": conflict,
        "helper": helper,
        "match": sheet.match,
        "sheet": sheet,
        "hand": hand,
        "number": sheet.position(hand.pk),
        "form": form,
        "history": services.hand_history(hand),
        "device": device(request),
        "device_form": DeviceForm(initial={"device": device(request)}),
    }
    return render(request, "scoresheets/hand_edit.html", context, status=status)


# --------------------------------------------------------------------------
# Delete, restore
# --------------------------------------------------------------------------


@require_POST
@ratelimits.limited(*ratelimits.HANDS)
def hand_delete(request: HttpRequest, token: str, hand_id: int) -> HttpResponse:
    """Delete a hand (kept in its history, restorable); later hands move up."""
    match = get_match_or_404(token)
    hand = get_hand_or_404(match, hand_id)
    version = _posted_version(request.POST.get("hand_version"))
    if version is None:  # the version it was built on is required (issue 21)
        return _change_refused(request, match, hand, str(VERSION_MISSING), 422)
    write = attempt(
        request,
        lambda: services.hand_delete(
            match=match,
            hand_id=hand.pk,
            expected_version=version,
            device=device(request),
            key=form_key(request),
        ),
    )
    if write.conflict is not None:
        return _change_refused(request, match, hand, words.conflict_message(write.conflict), 409)
    if not write.saved:
        return _change_refused(request, match, hand, words.problems_text(write.error), write.status)
    change = write.value
    undo.offer(request, match, change, HandRevision.Action.DELETED)
    if request.htmx:
        return _hand_saved(request, match, change, match.players.all())
    if not change.replayed:
        messages.success(
            request, gettext("Donne %(number)s supprimée.") % {"number": change.number}
        )
        end_change_message(request, match)
    return see_other(reverse("match", args=[match.token]) + "#hands")


def _posted_version(text: str | None) -> int | None:
    """A posted ``hand_version`` (digits, 1 to 2**31 - 1, as the hand form
    takes it), else ``None``."""
    if text is None or not text.isdigit() or len(text) > 10:
        return None
    version = int(text)
    return version if 1 <= version < 2**31 else None


@require_POST
@ratelimits.limited(*ratelimits.HANDS)
def hand_restore(request: HttpRequest, token: str, hand_id: int) -> HttpResponse:
    """Put a deleted hand back in its place."""
    match = get_match_or_404(token)
    hand = get_hand_or_404(match, hand_id)
    write = attempt(
        request,
        lambda: services.hand_restore(
            match=match, hand_id=hand.pk, device=device(request), key=form_key(request)
        ),
    )
    if not write.saved:
        return _told_on_edit_page(request, match, hand, words.problems_text(write.error))
    change = write.value
    if not change.replayed:
        messages.success(request, gettext("Donne %(number)s rétablie.") % {"number": change.number})
        end_change_message(request, match)
    undo.offer(request, match, change, HandRevision.Action.RESTORED)
    return see_other(hand_url(match, change.number))


def _change_refused(
    request: HttpRequest, match: Match, hand: Hand, text: str, status: int
) -> HttpResponse:
    """A delete refused: to htmx (kept on the phone and sent by its script),
    ``_refused.html`` with why and ``status``; otherwise the message on the
    hand's correction page."""
    if request.htmx:
        return render(request, "scoresheets/_refused.html", {"problem": text}, status=status)
    return _told_on_edit_page(request, match, hand, text)


def _told_on_edit_page(request: HttpRequest, match: Match, hand: Hand, text: str) -> HttpResponse:
    """A 303 to ``hand``'s correction page, which says ``text``."""
    messages.error(request, text)
    return see_other(reverse("hand_edit", args=[match.token, hand.pk]))


# --------------------------------------------------------------------------
# Undo
# --------------------------------------------------------------------------


@require_POST
@vary_on_headers("HX-Request")
@ratelimits.limited(*ratelimits.HANDS)
def hand_undo(request: HttpRequest, token: str) -> HttpResponse:
    """Undo this phone's last change of the match ("Annuler", scoresheets/matches/undo.py).

    Only the session that made the change holds its offer and key: another
    phone, a used or a stale offer is told so; a second tap of the same key
    undoes nothing more (the service replays it). Refused with a message if
    another phone changed the hand since (``sync.kinds.UndoRefusal``).
    Without htmx: messages and a 303 to the sheet; with htmx: a fresh entry
    form (the sheet moved on) and the sheet and the bar out of band, or
    (refused) only the bar and the sheet.
    """
    match = get_match_or_404(token)
    record = undo.recorded(request, match)
    key = form_key(request)
    if record is None or key is None or key != record.get("key"):
        return _undo_refused(request, match, words.undo_refusal(UndoRefusal.NOT_YOURS))
    if not record.get("done") and undo.age(record) > undo.UNDO_SECONDS + undo.GRACE_SECONDS:
        undo.close(request)
        return _undo_refused(request, match, words.undo_refusal(UndoRefusal.TOO_LATE))
    write = attempt(
        request,
        lambda: services.hand_undo(
            match=match,
            hand_id=record["hand"],
            action=record["action"],
            expected_version=record["version"],
            device=device(request),
            key=key,
        ),
        word_not_found=True,
    )
    undo.close(request)
    if not write.saved:
        reason = words.undo_refusal_of(write.error)
        text = words.undo_refusal(reason, number=record["number"], error=write.error)
        return _undo_refused(request, match, text)
    change = write.value
    told = "" if change.replayed else undo.undone_text(record)
    if not request.htmx:
        if told:
            messages.success(request, told)
            end_change_message(request, match)
        return see_other(hand_url(match, change.number if change.hand.deleted_at is None else None))
    return _undo_answer(request, match, told, status=200)


def _undo_refused(request: HttpRequest, match: Match, text: str) -> HttpResponse:
    """An undo that is not carried out: said, nothing changed (409)."""
    if not request.htmx:
        messages.error(request, text)
        return see_other(reverse("match", args=[match.token]))
    response = _undo_answer(request, match, text, status=409, error=True)
    response["HX-Reswap"] = "none"  # what the phone is typing stays; the bar and sheet are swapped
    return response


def _undo_answer(
    request: HttpRequest, match: Match, told: str, *, status: int, error: bool = False
) -> HttpResponse:
    """The htmx answer to an undo: a fresh entry form for the sheet as it is
    now, with the sheet and the undo bar (saying ``told``) out of band."""
    match.refresh_from_db()
    sheet = match_get_scoresheet(match)
    context = match_context(request, sheet, None)
    context["form_html"] = entry_form_html(
        request, match, sheet.players, number=len(sheet.hands) + 1, version=match.version
    )
    context["sheet_html"] = sheet_fragments(request, match, sheet=sheet)
    context.update(undo_told=told, undo_error=error)
    return render(request, "scoresheets/match.html#hand_saved", context, status=status)


# --------------------------------------------------------------------------
# The preview of a hand being typed
# --------------------------------------------------------------------------


@require_POST
def hand_preview(request: HttpRequest, token: str) -> HttpResponse:
    """What the hand being typed would score, from the engine; saves nothing.

    With ``replace`` (a hand id), the hand is scored in place of that hand
    (the edit form's preview); a hand deleted meanwhile is said so, in the
    words of the correction's save (``panels.gone_message``)."""
    match = get_match_or_404(token)
    form = hand_form(match, match.players.all(), request.POST)
    context: dict[str, Any] = {"match": match, "form": form}
    try:
        replace = int(request.POST["replace"]) if request.POST.get("replace") else None
    except ValueError:
        replace = None
    gone = None if replace is None else match.hands.filter(pk=replace).first()
    if gone is not None and gone.deleted_at is not None:
        # Deleted meanwhile by another phone: said as the save will say it.
        form.is_valid()
        form.errors.clear()
        form.add_error(None, panels.gone_message(gone))
    elif form.is_valid():
        context["hand"] = form.hand_input()
        write = attempt(
            request,
            lambda: services.hand_preview(match=match, hand=context["hand"], replace=replace),
        )
        if write.saved:
            context["outcome"], context["result"] = write.value
        elif replace is None:
            form.add_problems(write.error)
        else:  # the correction page: say it as the correction's save will
            live = list(match.hands.live().values_list("pk", flat=True))
            number = live.index(replace) + 1 if replace in live else None
            words.edit_problems(form, write.error, number)
    return render(request, "scoresheets/hand_form.html#preview", context)
