"""Views of the scoresheet: look the match up, validate, call a service, render.

Scores are never computed here: the engine does it, through the services.
htmx requests get a partial of the page's own template ("page.html#name").
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db import DataError, IntegrityError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import Resolver404, resolve, reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import slugify
from django.utils.translation import get_language, gettext, gettext_lazy, gettext_noop
from django.views.decorators.cache import cache_control, never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django.views.decorators.vary import vary_on_headers

from scoresheets import (
    announcement_helper,
    busy,
    caching,
    ratelimits,
    scoring,
    services,
    undo,
    uploads,
)
from scoresheets.forms import (
    CarriedReserveForm,
    DeviceForm,
    HandForm,
    ImportForm,
    MatchForm,
    RulesForm,
    hand_form_class,
    presets_for_script,
    problem_message,
)
from scoresheets.models import Hand, HandRevision, Match, Player
from scoresheets.table_views import my_tables, table_link
from scoresheets.text import of_name
from scoresheets.view_helpers import create_match, pop_share_first

MY_MATCHES = "my_matches"  # session key: tokens of the matches this browser created or opened
MY_MATCHES_MAX = 50
DEVICE = "device_name"  # session key: the name of this phone's player
# Numbers the engine accepts (announcements have no upper bound) but a column cannot hold.
TOO_BIG = gettext_lazy("Des nombres sont trop grands pour une partie.")


def get_match_or_404(token: str) -> Match:
    """The match of a URL token, or a 404."""
    return get_object_or_404(Match.objects.select_related("table"), token=token)


def get_read_match_or_404(token: str) -> Match:
    """The match of a read-only URL token, or a 404 (a writing token is not one)."""
    return get_object_or_404(Match.objects.select_related("table"), read_token=token)


def _remember(request: HttpRequest, token: str) -> None:
    """Put ``token`` first in this browser's "my matches" (the session is only
    written when the list changes)."""
    tokens = request.session.get(MY_MATCHES, [])
    if tokens[:1] != [token]:
        tokens = [token, *(t for t in tokens if t != token)][:MY_MATCHES_MAX]
        request.session[MY_MATCHES] = tokens


def _hand_form(
    match: Match,
    players: Sequence[Player],
    data: Any = None,
    *,
    number: int | None = None,
    version: int | None = None,
    initial: dict[str, Any] | None = None,
) -> HandForm:
    """The hand form of ``match`` (its game's: ``forms.hand_form_class``),
    opened for hand ``number`` on the sheet at ``version`` (the entry form:
    what it saw, see ``services.hand_record``)."""
    return hand_form_class(match)(
        data,
        team_names={"A": match.team_a_name, "B": match.team_b_name},
        players=players,
        announcements=match.announcements,
        initial=initial or {"number": number, "match_version": version},
    )


def _match_context(
    request: HttpRequest,
    sheet: services.Scoresheet,
    form: HandForm | None,
    *,
    read_only: bool = False,
) -> dict:
    match_url = reverse("match", args=[sheet.match.token])
    read_url = request.build_absolute_uri(reverse("match_read", args=[sheet.match.read_token]))
    return {
        "match": sheet.match,
        "sheet": sheet,
        "form": form,
        # A read-only page shares only its own link; the playing page offers both.
        "read_only": read_only,
        "share_url": read_url if read_only else request.build_absolute_uri(match_url),
        "read_url": None if read_only else read_url,
        "table_url": table_link(request, sheet.match.table) if sheet.match.table else "",
        "device": _device(request),
        "device_form": DeviceForm(initial={"device": _device(request)}),
        # This phone's "Annuler" of its last change (scoresheets/undo.py).
        "undo": None if read_only else undo.current(request, sheet.match),
    }


# --------------------------------------------------------------------------
# Home, new match, import
# --------------------------------------------------------------------------


def _home(request: HttpRequest, import_form: ImportForm, status: int = 200) -> HttpResponse:
    tokens = request.session.get(MY_MATCHES, [])
    matches = {
        m.token: m
        for m in Match.objects.filter(token__in=tokens).prefetch_related("players", "hands")
    }
    sheets = [services.match_get_scoresheet(matches[t]) for t in tokens if t in matches]
    context = {"sheets": sheets, "import_form": import_form, "tables": my_tables(request)}
    return render(request, "scoresheets/home.html", context, status=status)


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    return _home(request, ImportForm())


@require_POST
@ratelimits.limited(*ratelimits.MATCHES)
def match_import(request: HttpRequest) -> HttpResponse:
    form = ImportForm(request.POST, request.FILES, too_large=uploads.upload_cut(request))
    if form.is_valid():
        try:
            match = services.match_import(
                document=form.cleaned_data["document"],
                device=_device(request),
                key=form.one_time_key(),
            )
        except scoring.MatchError as error:
            form.add_problems(error)
        except (ValidationError, DataError, IntegrityError, OverflowError):
            form.add_error("document", TOO_BIG)
        except busy.ERRORS as error:
            busy.refuse(request, form, error)
        else:
            _remember(request, match.token)
            return _see_other(match)
    return _home(request, form, status=busy.status_of(form, 422))


def _see_other(match: Match) -> HttpResponse:
    """A 303 to the match page: the browser GETs it, a reload never re-posts."""
    response = HttpResponse(status=303)
    response["Location"] = reverse("match", args=[match.token])
    return response


@require_http_methods(["GET", "HEAD", "POST"])
@ratelimits.limited(*ratelimits.MATCHES)
def match_new(request: HttpRequest) -> HttpResponse:
    form = MatchForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        match = create_match(request, form)
        if match is not None:
            _remember(request, match.token)
            return _see_other(match)
    status = busy.status_of(form, 422 if form.is_bound else 200)
    context = {"form": form, "presets": presets_for_script()}
    return render(request, "scoresheets/match_new.html", context, status=status)


# --------------------------------------------------------------------------
# The match page, hand entry, preview, poll, export
# --------------------------------------------------------------------------


@require_safe
@never_cache  # a page brought back by Back must not resubmit an old form
def match_detail(request: HttpRequest, token: str) -> HttpResponse:
    match = get_match_or_404(token)
    _remember(request, match.token)
    sheet = services.match_get_scoresheet(match)
    form = _hand_form(match, sheet.players, number=len(sheet.hands) + 1, version=match.version)
    context = _match_context(request, sheet, form)
    context["sheet_html"] = sheet_fragments(request, match, sheet=sheet)
    context["share_first"] = pop_share_first(request, match.token)
    return render(request, "scoresheets/match.html", context)


@require_safe
@never_cache
def match_read(request: HttpRequest, token: str) -> HttpResponse:
    """The live sheet of a read-only link: the match page with nothing that writes.

    It is not put in "my matches": that list holds this browser's writing links,
    and a read link must never bring one into the session."""
    match = get_read_match_or_404(token)
    sheet = services.match_get_scoresheet(match)
    context = _match_context(request, sheet, None, read_only=True)
    context["sheet_html"] = sheet_fragments(request, match, sheet=sheet, read_only=True)
    return render(request, "scoresheets/match.html", context)


def _device(request: HttpRequest) -> str:
    """The name this phone's player gave (kept in the session), or ""."""
    return request.session.get(DEVICE, "")


def conflict_message(conflict: services.HandConflict, next_number: int | None = None) -> str:
    """What to tell a phone that another phone was faster (in the user's language)."""
    who = {
        "number": conflict.number,
        "last": conflict.last,
        "device": conflict.device,
        "of_device": of_name(conflict.device),
        "next": next_number,
    }
    if conflict.kind == "taken":
        if conflict.last > conflict.number:
            text = gettext(
                "Les donnes %(number)s à %(last)s viennent d'être saisies depuis d'autres "
                "téléphones."
            )
        elif conflict.device:
            text = gettext(
                "La donne %(number)s vient d'être saisie depuis le téléphone %(of_device)s."
            )
        else:
            text = gettext("La donne %(number)s vient d'être saisie depuis un autre téléphone.")
        if next_number is not None:
            text += " " + gettext(
                "Votre saisie est gardée : validez-la comme donne %(next)s, ou abandonnez-la."
            )
        return text % who
    if conflict.kind == "changed":
        if conflict.device:
            text = gettext(
                "Cette donne vient d'être modifiée depuis le téléphone %(of_device)s (voir "
                "l'historique)."
            )
        else:
            text = gettext(
                "Cette donne vient d'être modifiée depuis un autre téléphone (voir l'historique)."
            )
        text += " " + gettext(
            "Votre correction n'est pas enregistrée : vérifiez-la, puis enregistrez-la de nouveau."
        )
        return text % who
    if conflict.kind in SHEET_CHANGES:
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


def _same_hand(saved: Hand, form: HandForm) -> bool:
    """Whether ``saved`` is the hand typed in ``form``: the same engine input
    (a coinche hand's contract, coinche and solo included) and, when both
    phones said it, the same taker."""
    if saved.to_input() != form.hand_input():
        return False
    return saved.taker_seat is None or form.taker_seat in (None, saved.taker_seat)


def conflict_panel(
    sheet: services.Scoresheet, conflict: services.HandConflict, form: HandForm, next_number: int
) -> dict[str, Any]:
    """What the conflict panel (``_conflict.html``) shows a phone whose new
    hand was refused because another phone was faster: the hands saved
    meanwhile in words next to this phone's entry, whether one of them IS
    this entry (``same``: then dropping it is the main action), and whether
    the match ended meanwhile (``ended``: the winner, and no form). ``form``
    is valid (the conflict is found after it validated)."""
    hands = sheet.hands
    theirs: list[Hand] = []
    if conflict.kind == "taken":
        theirs = list(hands[conflict.number - 1 : conflict.last])
    elif conflict.kind in ("edited", "restored") and 1 <= conflict.number <= len(hands):
        theirs = [hands[conflict.number - 1]]
    same = next((h for h in theirs if _same_hand(h, form)), None)
    finished = sheet.result.finished
    mine = Hand.data_of(form.hand_input(), form.taker_seat, form.belote_holder)
    panel: dict[str, Any] = {
        "theirs": [
            {
                "number": sheet.position(h.pk),
                "device": h.entered_by,
                "summary": sheet.hand_summary(h),
            }
            for h in theirs
        ],
        "mine": sheet.hand_summary(mine),
        "same": same is not None,
        "ended": finished,
        "next": next_number,
    }
    if finished:
        team = sheet.match.team_name(sheet.result.winner)
        panel["message"] = gettext(
            "La partie vient de se terminer (victoire : %(team)s) : votre saisie n'est pas "
            "enregistrée."
        ) % {"team": team}
    elif same is not None:
        who = {"device": same.entered_by, "number": sheet.position(same.pk)}
        if same.entered_by:
            panel["message"] = gettext("%(device)s a déjà saisi cette donne (donne %(number)s).")
        else:
            panel["message"] = gettext(
                "Cette donne a déjà été saisie depuis un autre téléphone (donne %(number)s)."
            )
        panel["message"] %= who
    elif conflict.kind == "taken" and len(theirs) == 1:
        # Two phones typing the same hand number at once type the same hand
        # of the game: if they differ, one of them is wrong (review: the main
        # action was to save this one as the next hand, a duplicate). Dropping
        # it is the main action; theirs can be corrected; saving it as the
        # next hand stays possible (it may really be the next one).
        other = theirs[0]
        panel["differs"] = True
        panel["edit_url"] = reverse("hand_edit", args=[sheet.match.token, other.pk])
        who = {"number": sheet.position(other.pk), "device": other.entered_by}
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
        panel["message"] = text % who
    else:
        panel["message"] = conflict_message(conflict, next_number)
    return panel


# A single change of the sheet between opening and saving a new hand's form
# (services.HandConflict kinds): what to say, without and with the phone's name.
SHEET_CHANGES = {
    "edited": (
        gettext_noop("La donne %(number)s vient d'être corrigée depuis un autre téléphone."),
        gettext_noop(
            "La donne %(number)s vient d'être corrigée depuis le téléphone %(of_device)s."
        ),
    ),
    "deleted": (
        gettext_noop("La donne %(number)s vient d'être supprimée depuis un autre téléphone."),
        gettext_noop(
            "La donne %(number)s vient d'être supprimée depuis le téléphone %(of_device)s."
        ),
    ),
    "restored": (
        gettext_noop("La donne %(number)s vient d'être rétablie depuis un autre téléphone."),
        gettext_noop(
            "La donne %(number)s vient d'être rétablie depuis le téléphone %(of_device)s."
        ),
    ),
}


def _end_change_message(request: HttpRequest, match: Match) -> None:
    """Say so when a correction ended or reopened ``match``: its summary
    columns (written by the service with the change) against what they were
    when ``match`` was read, before the change."""
    before = match.finished
    match.refresh_from_db(fields=["finished", "winner"])
    if match.finished and not before:
        messages.warning(
            request,
            gettext("Cette correction termine la partie, gagnée par %(team)s.")
            % {"team": match.team_name(match.winner)},
        )
    elif before and not match.finished:
        messages.warning(request, gettext("Cette correction rouvre la partie."))


def _hand_url(match: Match, number: int | None) -> str:
    url = reverse("match", args=[match.token])
    return f"{url}#hand-{number}" if number else url


@require_POST
@vary_on_headers("HX-Request")
@ratelimits.limited(*ratelimits.HANDS)
def hand_create(request: HttpRequest, token: str) -> HttpResponse:
    match = get_match_or_404(token)
    form = _hand_form(match, match.players.all(), request.POST)
    if announcement_helper.is_compare(request.POST):
        return _compare_on_match_page(request, match, form)
    if form.is_valid() and _comparison_forgotten(request, form):
        return _compare_forgotten(request, match, form)
    status = 422
    conflict = None
    if form.is_valid():
        try:
            change = services.hand_record(
                match=match,
                hand=form.hand_input(),
                taker_seat=form.taker_seat,
                belote_seat=form.belote_holder,
                expected_number=form.cleaned_data["number"],
                seen_version=form.cleaned_data["match_version"],
                device=_device(request),
                key=form.cleaned_data["key"] or None,
            )
        except scoring.MatchError as error:
            form.add_problems(error)
        except services.HandConflict as error:
            conflict = error
            status = 409
        except (ValidationError, DataError, IntegrityError):
            form.add_error(None, TOO_BIG)
        except busy.ERRORS as error:
            busy.refuse(request, form, error)
            status = 503
        else:
            undo.offer(request, match, change, HandRevision.Action.CREATED)
            if not request.htmx:
                return _see_other(match)
            return _hand_saved(request, match)
    # Refused: the form again with its messages and what was typed; nothing saved.
    match.refresh_from_db()  # another phone may have moved it on
    sheet = services.match_get_scoresheet(match)
    explained = None
    if conflict is not None:
        # The phone sees what was saved (the sheet, and the panel: the other
        # phone's hand next to its own entry) and keeps its entry, now set to
        # be saved as the next hand if the player confirms it.
        next_number = len(sheet.hands) + 1
        form.set_number(next_number, match.version)  # read before the hands: never ahead
        explained = conflict_panel(sheet, conflict, form, next_number)
    context = _match_context(request, sheet, form)
    context["conflict"] = explained
    template = "scoresheets/match.html#hand_saved" if request.htmx else "scoresheets/match.html"
    return render(request, template, context, status=status)


def _hand_saved(request: HttpRequest, match: Match) -> HttpResponse:
    """The answer to a change sent with htmx (a new hand, or a correction or a
    deletion kept on the phone and sent by static/js/queue.js): the sheet and
    the undo bar, out of band, and a fresh entry form for the next hand; the
    scoreboard's ``data-version`` is the match's version after the change."""
    match.refresh_from_db()  # its version moved on
    sheet = services.match_get_scoresheet(match)
    next_number = len(sheet.hands) + 1
    form = _hand_form(match, sheet.players, number=next_number, version=match.version)
    context = _match_context(request, sheet, form)
    # Rendered once for this phone and the other phones' next polls.
    context["sheet_html"] = sheet_fragments(request, match, sheet=sheet)
    return render(request, "scoresheets/match.html#hand_saved", context)


def _compare_announcements(
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


def _helper_response(
    request: HttpRequest, helper: Any, form: HandForm, match: Match | None, status: int
) -> HttpResponse:
    """The helper alone, for the page's script (it fills in the points)."""
    context = {"helper": helper, "form": form, "match": match}
    return render(request, "scoresheets/_announcement_helper.html", context, status=status)


def _compare_on_match_page(request: HttpRequest, match: Match, form: HandForm) -> HttpResponse:
    sheet = services.match_get_scoresheet(match)

    def rebuild(initial: dict[str, Any]) -> HandForm:
        return _hand_form(match, sheet.players, initial=initial)

    helper, form, status = _compare_announcements(request, form, match, rebuild)
    if request.htmx:
        return _helper_response(request, helper, form, match, status)
    context = _match_context(request, sheet, form)
    context["helper"] = helper
    context["sheet_html"] = sheet_fragments(request, match, sheet=sheet)
    return render(request, "scoresheets/match.html", context, status=status)


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
    sheet = services.match_get_scoresheet(match)

    def rebuild(initial: dict[str, Any]) -> HandForm:
        return _hand_form(match, sheet.players, initial=initial)

    helper, form, _status = _compare_announcements(request, form, match, rebuild)
    # An unbound form (it shows the filled-in values) carries a message too.
    form.errors  # noqa: B018  (its error dict exists once read)
    form.cleaned_data = {}
    form.add_error(
        None,
        gettext(
            "Les annonces de l'aide n'étaient pas comparées : elles le sont maintenant et "
            "leurs points sont reportés. Vérifiez, puis validez."
        ),
    )
    context = _match_context(request, sheet, form)
    context["helper"] = helper
    template = "scoresheets/match.html#hand_saved" if request.htmx else "scoresheets/match.html"
    if not request.htmx:
        context["sheet_html"] = sheet_fragments(request, match, sheet=sheet)
    return render(request, template, context, status=422)


def _get_hand_or_404(match: Match, hand_id: int) -> Hand:
    return get_object_or_404(Hand, match=match, pk=hand_id)


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
        "device": _device(request),
        "device_form": DeviceForm(initial={"device": _device(request)}),
    }
    return render(request, "scoresheets/hand_edit.html", context, status=status)


def _gone_panel(sheet: services.Scoresheet, hand: Hand, form: HandForm) -> dict[str, Any]:
    """The conflict panel of a correction whose hand another phone deleted
    meanwhile (``hand``, read again): who deleted it, the hand as it was and
    the correction typed, in words. ``form`` is valid."""
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
    return {
        "gone": True,
        "message": text % {"of_device": of_name(hand.entered_by)},
        "theirs": [],
        "was": sheet.hand_summary(hand),
        "mine": sheet.hand_summary(
            Hand.data_of(form.hand_input(), form.taker_seat, form.belote_holder)
        ),
    }


def _edit_problems(form: HandForm, error: scoring.MatchError, number: int | None) -> None:
    """The engine's problems with a correction; a later hand's ``after_end``
    means the correction would end the match before hands already played."""
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


@require_http_methods(["GET", "HEAD", "POST"])
@never_cache
@ratelimits.limited(*ratelimits.HANDS)
def hand_edit(request: HttpRequest, token: str, hand_id: int) -> HttpResponse:
    """Correct a hand: the entry form, prefilled; its history; delete or restore."""
    match = get_match_or_404(token)
    hand = _get_hand_or_404(match, hand_id)
    sheet = services.match_get_scoresheet(match)
    number = sheet.position(hand.pk)
    # A correction typed while another phone deleted the hand, sent again
    # with "Rétablir la donne avec ma correction" (the conflict panel).
    # A correction posted for a hand deleted meanwhile goes on to the service,
    # which refuses it: the phone is told (the conflict panel), never dropped.
    restore = request.method == "POST" and request.POST.get("restore") == "1"
    if hand.deleted_at is not None and request.method != "POST":
        form = None
    elif request.method == "POST":
        form = _hand_form(match, sheet.players, request.POST, number=number)
        if announcement_helper.is_compare(request.POST):

            def rebuild(initial: dict[str, Any]) -> HandForm:
                return _hand_form(match, sheet.players, initial={**initial, "number": number})

            helper, form, status = _compare_announcements(request, form, match, rebuild)
            if request.htmx:
                return _helper_response(request, helper, form, match, status)
            return _edit_page(request, sheet, hand, form, status, helper=helper)
        if form.is_valid():
            try:
                change = services.hand_update(
                    match=match,
                    hand_id=hand.pk,
                    hand=form.hand_input(),
                    taker_seat=form.taker_seat,
                    belote_seat=form.belote_holder,
                    expected_version=form.cleaned_data["hand_version"] or 0,
                    device=_device(request),
                    key=form.cleaned_data["key"] or None,
                    restore=restore,
                )
            except scoring.MatchError as error:
                _edit_problems(form, error, number)
            except services.HandConflict as error:
                hand.refresh_from_db()
                # Keep what this phone typed; the next save overrides the new version.
                form.data = form.data.copy()
                form.data["hand_version"] = hand.version
                sheet = services.match_get_scoresheet(match)
                if hand.deleted_at is not None:
                    # Deleted meanwhile: told, with the way to put it back with
                    # this correction, or to drop the correction.
                    gone = _gone_panel(sheet, hand, form)
                    return _edit_page(request, sheet, hand, form, status=409, conflict=gone)
                form.add_error(None, conflict_message(error))
                return _edit_page(request, sheet, hand, form, status=409)
            except (ValidationError, DataError, IntegrityError):
                form.add_error(None, TOO_BIG)
            except busy.ERRORS as error:
                busy.refuse(request, form, error)
            else:
                if request.htmx:
                    # Kept on the phone and sent by its script: the sheet, whose
                    # undo bar tells the change (no message left for a later page).
                    undo.offer(request, match, change, HandRevision.Action.EDITED)
                    return _hand_saved(request, match)
                if not change.replayed:
                    if restore:
                        text = gettext("Donne %(number)s rétablie, avec votre correction.")
                    else:
                        text = gettext("Donne %(number)s corrigée.")
                    messages.success(request, text % {"number": change.number})
                    _end_change_message(request, match)
                undo.offer(request, match, change, HandRevision.Action.EDITED)
                return _redirect(_hand_url(match, change.number))
        return _edit_page(request, sheet, hand, form, status=busy.status_of(form, 422))
    else:
        initial = {**hand_form_class(match).initial_for(hand), "number": number}
        form = _hand_form(match, sheet.players, initial=initial)
    return _edit_page(request, sheet, hand, form)


@require_POST
@ratelimits.limited(*ratelimits.HANDS)
def hand_delete(request: HttpRequest, token: str, hand_id: int) -> HttpResponse:
    """Delete a hand (kept in its history, restorable); later hands move up."""
    match = get_match_or_404(token)
    hand = _get_hand_or_404(match, hand_id)
    try:
        version = int(request.POST.get("hand_version", ""))
    except ValueError:
        version = 0
    try:
        change = services.hand_delete(
            match=match,
            hand_id=hand.pk,
            expected_version=version,
            device=_device(request),
            key=_form_key(request),
        )
    except (services.HandConflict, scoring.MatchError) as error:
        if isinstance(error, services.HandConflict):
            text, status = conflict_message(error), 409
        else:
            text, status = _problems_text(error), 422
        if request.htmx:
            # Kept on the phone and sent by its script: refused, with why.
            return render(request, "scoresheets/_refused.html", {"problem": text}, status=status)
        messages.error(request, text)
        return _redirect(reverse("hand_edit", args=[match.token, hand.pk]), status=303)
    undo.offer(request, match, change, HandRevision.Action.DELETED)
    if request.htmx:
        return _hand_saved(request, match)
    if not change.replayed:
        messages.success(
            request, gettext("Donne %(number)s supprimée.") % {"number": change.number}
        )
        _end_change_message(request, match)
    return _redirect(reverse("match", args=[match.token]) + "#hands")


@require_POST
@ratelimits.limited(*ratelimits.HANDS)
def hand_restore(request: HttpRequest, token: str, hand_id: int) -> HttpResponse:
    """Put a deleted hand back in its place."""
    match = get_match_or_404(token)
    hand = _get_hand_or_404(match, hand_id)
    try:
        change = services.hand_restore(
            match=match,
            hand_id=hand.pk,
            device=_device(request),
            key=_form_key(request),
        )
    except scoring.MatchError as error:
        messages.error(request, _problems_text(error))
        return _redirect(reverse("hand_edit", args=[match.token, hand.pk]), status=303)
    if not change.replayed:
        messages.success(request, gettext("Donne %(number)s rétablie.") % {"number": change.number})
        _end_change_message(request, match)
    undo.offer(request, match, change, HandRevision.Action.RESTORED)
    return _redirect(_hand_url(match, change.number))


@require_POST
@vary_on_headers("HX-Request")
@ratelimits.limited(*ratelimits.HANDS)
def hand_undo(request: HttpRequest, token: str) -> HttpResponse:
    """Undo this phone's last change of the match ("Annuler", scoresheets/undo.py).

    Only the session that made the change holds its offer and key: another
    phone, a used or a stale offer is told so; a second tap of the same key
    undoes nothing more (the service replays it). Refused with a message if
    another phone changed the hand since. Without htmx: messages and a 303
    to the sheet; with htmx: a fresh entry form (the sheet moved on) and the
    sheet and the bar out of band, or (refused) only the bar and the sheet.
    """
    match = get_match_or_404(token)
    record = undo.recorded(request, match)
    key = _form_key(request)
    if record is None or key is None or key != record.get("key"):
        return _undo_refused(
            request,
            match,
            gettext(
                "Rien à annuler : seul le téléphone qui a fait le changement peut l'annuler, "
                "juste après."
            ),
        )
    if not record.get("done") and undo.age(record) > undo.UNDO_SECONDS + undo.GRACE_SECONDS:
        undo.close(request)
        return _undo_refused(
            request, match, gettext("Trop tard pour annuler : corrigez la donne depuis la feuille.")
        )
    try:
        change = services.hand_undo(
            match=match,
            hand_id=record["hand"],
            action=record["action"],
            expected_version=record["version"],
            device=_device(request),
            key=key,
        )
    except services.HandConflict as error:
        undo.close(request)
        if error.kind == "later":
            text = gettext(
                "Impossible d'annuler : d'autres donnes ont été enregistrées depuis, et "
                "leurs numéros changeraient. Corrigez la donne %(number)s depuis la feuille."
            )
            return _undo_refused(request, match, text % {"number": record["number"]})
        if error.device:
            text = gettext(
                "Impossible d'annuler : la donne a changé depuis, sur le téléphone %(of_device)s. "
                "Voyez la feuille."
            )
        else:
            text = gettext(
                "Impossible d'annuler : la donne a changé depuis, sur un autre téléphone. "
                "Voyez la feuille."
            )
        return _undo_refused(request, match, text % {"of_device": of_name(error.device)})
    except scoring.MatchError as error:
        undo.close(request)
        if any(p.code == "after_end" for p in error.problems):
            text = gettext(
                "Impossible d'annuler : la partie serait terminée avant des donnes jouées depuis."
            )
        else:
            text = gettext("Impossible d'annuler : %(problems)s") % {
                "problems": " ".join(problem_message(p) for p in error.problems)
            }
        return _undo_refused(request, match, text)
    except Hand.DoesNotExist:
        undo.close(request)
        return _undo_refused(request, match, gettext("Rien à annuler."))
    undo.close(request)
    told = "" if change.replayed else undo.undone_text(record)
    if not request.htmx:
        if told:
            messages.success(request, told)
            _end_change_message(request, match)
        return _redirect(
            _hand_url(match, change.number if change.hand.deleted_at is None else None)
        )
    return _undo_answer(request, match, told, status=200)


def _undo_refused(request: HttpRequest, match: Match, text: str) -> HttpResponse:
    """An undo that is not carried out: said, nothing changed (409)."""
    if not request.htmx:
        messages.error(request, text)
        return _redirect(reverse("match", args=[match.token]))
    response = _undo_answer(request, match, text, status=409, error=True)
    response["HX-Reswap"] = "none"  # what the phone is typing stays; the bar and sheet are swapped
    return response


def _undo_answer(
    request: HttpRequest, match: Match, told: str, *, status: int, error: bool = False
) -> HttpResponse:
    """The htmx answer to an undo: a fresh entry form for the sheet as it is
    now, with the sheet and the undo bar (saying ``told``) out of band."""
    match.refresh_from_db()
    sheet = services.match_get_scoresheet(match)
    form = _hand_form(match, sheet.players, number=len(sheet.hands) + 1, version=match.version)
    context = _match_context(request, sheet, form)
    context["sheet_html"] = sheet_fragments(request, match, sheet=sheet)
    context.update(undo_told=told, undo_error=error)
    return render(request, "scoresheets/match.html#hand_saved", context, status=status)


def _form_key(request: HttpRequest) -> str | None:
    """The form's one-time key, if it is one (at most 64 characters, no NUL:
    PostgreSQL cannot compare a text with one)."""
    key = request.POST.get("key", "")
    return key if 0 < len(key) <= 64 and "\x00" not in key else None


def _problems_text(error: scoring.MatchError) -> str:
    if any(p.code == "after_end" for p in error.problems):
        return gettext(
            "Impossible : la partie serait terminée avant des donnes déjà jouées. "
            "Supprimez-les ou corrigez-les d'abord."
        )
    return " ".join(problem_message(p) for p in error.problems)


def _redirect(url: str, status: int = 303) -> HttpResponse:
    response = HttpResponse(status=status)
    response["Location"] = url
    return response


@require_POST
def device_set(request: HttpRequest, token: str) -> HttpResponse:
    """Remember the name of this phone's player (for the hands' history)."""
    match = get_match_or_404(token)
    form = DeviceForm(request.POST)
    if form.is_valid():
        request.session[DEVICE] = form.cleaned_data["device"].strip()
        # Saved now: the name is this request's only write, so a busy database
        # is told (503) rather than the name silently dropped after the view.
        request.session.save()
        messages.success(
            request,
            gettext("Ce téléphone est celui %(of_name)s.")
            % {"name": request.session[DEVICE], "of_name": of_name(request.session[DEVICE])},
        )
    elif form.has_error("device", "required"):  # nothing typed, or only spaces
        messages.error(request, gettext("Donnez le prénom du joueur de ce téléphone."))
    else:
        messages.error(request, gettext("Donnez un prénom de 40 lettres au plus."))
    return _redirect(_page_of(match, request.POST.get("next", "")))


def _page_of(match: Match, path: str) -> str:
    """``path`` if it is this match's page or one of its correction pages
    (never another site, never a form's address), else the match page."""
    try:
        found = resolve(path)
    except Resolver404:
        found = None
    if found and found.url_name in {"match", "hand_edit"} and found.kwargs["token"] == match.token:
        return path
    return reverse("match", args=[match.token]) + "#entry-title"


@require_POST
def hand_preview(request: HttpRequest, token: str) -> HttpResponse:
    """What the hand being typed would score, from the engine; saves nothing.

    With ``replace`` (a hand id), the hand is scored in place of that hand
    (the edit form's preview)."""
    match = get_match_or_404(token)
    form = _hand_form(match, match.players.all(), request.POST)
    context: dict[str, Any] = {"match": match, "form": form}
    try:
        replace = int(request.POST["replace"]) if request.POST.get("replace") else None
    except ValueError:
        replace = None
    if form.is_valid():
        context["hand"] = form.hand_input()
        try:
            context["outcome"], context["result"] = services.hand_preview(
                match=match, hand=context["hand"], replace=replace
            )
        except scoring.MatchError as error:
            if replace is None:
                form.add_problems(error)
            else:  # the correction page: say it as the correction's save will
                live = list(match.hands.live().values_list("pk", flat=True))
                number = live.index(replace) + 1 if replace in live else None
                _edit_problems(form, error, number)
        except Hand.DoesNotExist:
            raise Http404 from None
    return render(request, "scoresheets/hand_form.html#preview", context)


SHEET_PARTS = ("scoreboard", "hands")  # the partials of match.html that make the live sheet


def sheet_fragments(
    request: HttpRequest,
    match: Match,
    *,
    sheet: services.Scoresheet | None = None,
    read_only: bool = False,
) -> dict[str, SafeString]:
    """The scoreboard and the hands of ``match`` as HTML, by part name.

    Rendered once per (match, version, language) and kept in the cache, so
    that the four phones of a table (and every worker) share one rendering.
    The cached HTML holds nothing of one user: it is rendered without the
    request, and the CSRF token of its forms is put in for each request.
    ``sheet`` (the match's scoresheet, if the caller has it) saves reading it
    again when the fragment must be rendered. ``read_only``: the sheet of a
    read-only link (no correction links; its links are read links), kept
    under the match's read token.
    """
    name = _sheet_name(match.read_token if read_only else match.token, match.version)
    parts = caching.get(name)
    if parts is None:
        sheet = sheet or services.match_get_scoresheet(match)
        context = {
            "match": match,
            "sheet": sheet,
            "csrf_token": caching.CSRF_SLOT,
            "read_only": read_only,
            # Out-of-band: the same HTML serves the page, the polls and the
            # answer to a saved hand (htmx swaps it in by id; elsewhere the
            # attribute is inert).
            "oob": True,
        }
        parts = {
            part: render_to_string(f"scoresheets/match.html#{part}", context)
            for part in SHEET_PARTS
        }
        caching.put(name, parts, caching.SHEET_TTL)
    return {part: mark_safe(caching.with_csrf_token(request, parts[part])) for part in SHEET_PARTS}


def _sheet_name(token: str, version: int) -> str:
    """The cache key of a match's rendered sheet at ``version``, in the active
    language; ``token`` is its token, or its read token for the read-only sheet."""
    return caching.key("sheet", token, version, get_language())


@require_safe
@never_cache
def match_poll(request: HttpRequest, token: str) -> HttpResponse:
    """The sheet partial if the match changed since version ``v``, else an empty 204.

    An unchanged poll reads the version from the cache (or with one small
    query): no engine run, no template. A changed one sends the sheet
    rendered once for every phone (:func:`sheet_fragments`): from the cache
    with no query, or read and rendered by the first phone that asks.
    """
    return _poll(request, token, read_only=False)


@require_safe
@never_cache
def match_poll_read(request: HttpRequest, token: str) -> HttpResponse:
    """The poll of a read-only page: the same, with the read-only sheet."""
    return _poll(request, token, read_only=True)


def _poll(request: HttpRequest, token: str, *, read_only: bool) -> HttpResponse:
    """The poll of the match of ``token`` (its token, or its read token)."""
    field = "read_token" if read_only else "token"
    seen = request.GET.get("v")
    version = caching.match_version(token, field=field)
    if version is None:
        raise Http404
    if seen == str(version):
        return HttpResponse(status=204)
    # Another phone's poll rendered this version already (from the committed
    # match): no query. Otherwise read the match and render it.
    parts = caching.get(_sheet_name(token, version))
    if parts is None:
        match = get_object_or_404(Match.objects.select_related("table"), **{field: token})
        if seen == str(match.version):
            # The cache ran ahead of the database: a write is being committed.
            return HttpResponse(status=204)
        parts = sheet_fragments(request, match, read_only=read_only)
    html = "".join(parts[part] for part in SHEET_PARTS)
    return HttpResponse(caching.with_csrf_token(request, html))


@require_safe
@cache_control(private=True, no_store=True)  # the whole match, names included: no shared cache
def match_export(request: HttpRequest, token: str) -> HttpResponse:
    return _export(get_match_or_404(token))


@require_safe
@cache_control(private=True, no_store=True)  # the whole match, names included: no shared cache
def match_export_read(request: HttpRequest, token: str) -> HttpResponse:
    """The match document of a read-only link (the same document: it holds no token)."""
    return _export(get_read_match_or_404(token))


def _export(match: Match) -> HttpResponse:
    """The match document of ``match`` as a JSON download."""
    document = services.match_export_document(match)
    body = json.dumps(document, ensure_ascii=False, indent=2) + "\n"
    teams = slugify(f"{match.team_a_name} {match.team_b_name}") or "partie"
    filename = f"rebelote-{teams}-{match.created_at:%Y-%m-%d}.json"
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


# --------------------------------------------------------------------------
# Calculator
# --------------------------------------------------------------------------


@require_http_methods(["GET", "HEAD", "POST"])
@vary_on_headers("HX-Request")
def calculator(request: HttpRequest) -> HttpResponse:
    """Score one hand without a match, with the rules chosen on the page
    (announcements played unless unticked) and, optionally, a reserve carried
    in from earlier litiges (the engine's ``score_match(..., reserve=)``)."""
    data = request.POST if request.method == "POST" else None
    # Announcements are played by default here: their fields show at once.
    rules_form = RulesForm(data, prefix="rules", initial={"announcements": True})
    reserve_form = CarriedReserveForm(data, prefix="calc")
    names = {"A": gettext("Nous"), "B": gettext("Eux")}
    form = HandForm(data, team_names=names, announcements=True)
    context: dict[str, Any] = {"rules_form": rules_form, "form": form, "reserve_form": reserve_form}
    status = 200
    if announcement_helper.is_compare(data):
        # Nothing is scored: the comparison only fills in the announcements.
        def rebuild(initial: dict[str, Any]) -> HandForm:
            return HandForm(team_names=names, announcements=True, initial=initial)

        helper, form, status = _compare_announcements(request, form, None, rebuild)
        if request.htmx:
            return _helper_response(request, helper, form, None, status)
        context.update(form=form, helper=helper)
        return render(request, "scoresheets/calculator.html", context, status=status)
    valid = data is not None and all(
        [rules_form.is_valid(), reserve_form.is_valid(), form.is_valid()]
    )
    if data is not None and not valid:
        status = 422
    elif data is not None:
        # An unsaved match carries the rules and team names the templates show.
        match = Match(team_a_name=names["A"], team_b_name=names["B"], **rules_form.cleaned_data)
        hand = form.hand_input()
        # A reserve exists only where litiges put points aside (the field is hidden otherwise).
        reserve = reserve_form.points() if match.litige == scoring.LitigeRule.RESERVE else 0
        try:
            result = scoring.score_match(match.rules, [hand], reserve=reserve)
        except scoring.MatchError as error:
            form.add_problems(error)
            status = 422
        else:
            context.update(match=match, hand=hand, result=result, outcome=result.hands[0])
    template = "scoresheets/calculator.html"
    if request.htmx:
        template += "#result"
    return render(request, template, context, status=status)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """The page of a form the CSRF check refused (403, ``templates/403_csrf.html``):
    nothing was saved, and the user is told how to send it again (the page
    was too old, or this browser refuses the site's cookies). To an htmx
    request, it says not to swap it in: what is typed stays in the form, and
    the page's script shows the message there (static/js/hand.js).
    ``reason`` (Django's, in English) is for the logs only."""
    response = render(request, "403_csrf.html", status=403)
    if getattr(request, "htmx", False):
        response["HX-Reswap"] = "none"
    return response
