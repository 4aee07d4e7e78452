"""Views of the scoresheet: look the match up, validate, call a service, render.

Scores are never computed here: the engine does it, through the services.
htmx requests get a partial of the page's own template ("page.html#name").
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import DatabaseError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from scoresheets import scoring, services
from scoresheets.forms import HandForm, ImportForm, MatchForm, RulesForm, presets_for_script
from scoresheets.models import Match, Player

MY_MATCHES = "my_matches"  # session key: tokens of the matches this browser created or opened
MY_MATCHES_MAX = 50
# Numbers the engine accepts (announcements have no upper bound) but a column cannot hold.
TOO_BIG = gettext_lazy("Des nombres sont trop grands pour une partie.")


def get_match_or_404(token: str) -> Match:
    """The match of a URL token, or a 404."""
    return get_object_or_404(Match, token=token)


def _remember(request: HttpRequest, token: str) -> None:
    """Put ``token`` first in this browser's "my matches" (the session is only
    written when the list changes)."""
    tokens = request.session.get(MY_MATCHES, [])
    if tokens[:1] != [token]:
        tokens = [token, *(t for t in tokens if t != token)][:MY_MATCHES_MAX]
        request.session[MY_MATCHES] = tokens


def _hand_form(
    match: Match, players: Sequence[Player], data: Any = None, *, number: int | None = None
) -> HandForm:
    """The hand form of ``match``, opened for hand ``number``."""
    return HandForm(
        data,
        team_names={"A": match.team_a_name, "B": match.team_b_name},
        players=players,
        announcements=match.announcements,
        initial={"number": number},
    )


def _match_context(request: HttpRequest, sheet: services.Scoresheet, form: HandForm) -> dict:
    match_url = reverse("match", args=[sheet.match.token])
    return {
        "match": sheet.match,
        "sheet": sheet,
        "form": form,
        "share_url": request.build_absolute_uri(match_url),
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
    context = {"sheets": sheets, "import_form": import_form}
    return render(request, "scoresheets/home.html", context, status=status)


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return _home(request, ImportForm())


@require_POST
def match_import(request: HttpRequest) -> HttpResponse:
    form = ImportForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            match = services.match_import(document=form.cleaned_data["document"])
        except scoring.MatchError as error:
            form.add_problems(error)
        except (ValidationError, DatabaseError, OverflowError):
            form.add_error("document", TOO_BIG)
        else:
            _remember(request, match.token)
            return _see_other(match)
    return _home(request, form, status=422)


def _see_other(match: Match) -> HttpResponse:
    """A 303 to the match page: the browser GETs it, a reload never re-posts."""
    response = HttpResponse(status=303)
    response["Location"] = reverse("match", args=[match.token])
    return response


@require_http_methods(["GET", "POST"])
def match_new(request: HttpRequest) -> HttpResponse:
    form = MatchForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            match = services.match_create(
                names=form.names(),
                rules=form.match_rules(),
                team_a_name=data["team_a_name"],
                team_b_name=data["team_b_name"],
                first_dealer=data["first_dealer"],
                preset=form.effective_preset(),
                card_names=data["card_names"],
            )
        except scoring.MatchError as error:
            form.add_problems(error)
        else:
            _remember(request, match.token)
            return _see_other(match)
    status = 422 if form.is_bound else 200
    context = {"form": form, "presets": presets_for_script()}
    return render(request, "scoresheets/match_new.html", context, status=status)


# --------------------------------------------------------------------------
# The match page, hand entry, preview, poll, export
# --------------------------------------------------------------------------


@require_GET
def match_detail(request: HttpRequest, token: str) -> HttpResponse:
    match = get_match_or_404(token)
    _remember(request, match.token)
    sheet = services.match_get_scoresheet(match)
    form = _hand_form(match, sheet.players, number=len(sheet.hands) + 1)
    return render(request, "scoresheets/match.html", _match_context(request, sheet, form))


@require_POST
@vary_on_headers("HX-Request")
def hand_create(request: HttpRequest, token: str) -> HttpResponse:
    match = get_match_or_404(token)
    form = _hand_form(match, match.players.all(), request.POST)
    if form.is_valid() and form.check_number(match.hands.count() + 1):
        try:
            services.hand_record(match=match, hand=form.hand_input(), taker_seat=form.taker_seat)
        except scoring.MatchError as error:
            form.add_problems(error)
        else:
            if not request.htmx:
                return _see_other(match)
            sheet = services.match_get_scoresheet(get_match_or_404(token))
            form = _hand_form(match, sheet.players, number=len(sheet.hands) + 1)
            context = _match_context(request, sheet, form)
            return render(request, "scoresheets/match.html#hand_saved", context)
    # Refused: the form again with its messages and what was typed; nothing saved.
    sheet = services.match_get_scoresheet(get_match_or_404(token))
    context = _match_context(request, sheet, form)
    template = "scoresheets/match.html#hand_saved" if request.htmx else "scoresheets/match.html"
    return render(request, template, context, status=422)


@require_POST
def hand_preview(request: HttpRequest, token: str) -> HttpResponse:
    """What the hand being typed would score, from the engine; saves nothing."""
    match = get_match_or_404(token)
    form = _hand_form(match, match.players.all(), request.POST)
    context: dict[str, Any] = {"match": match, "form": form}
    if form.is_valid():
        context["hand"] = form.hand_input()
        try:
            context["outcome"], context["result"] = services.hand_preview(
                match=match, hand=context["hand"]
            )
        except scoring.MatchError as error:
            form.add_problems(error)
    return render(request, "scoresheets/hand_form.html#preview", context)


@require_GET
@never_cache
def match_poll(request: HttpRequest, token: str) -> HttpResponse:
    """The sheet partial if the match changed since version ``v``, else an empty 204.

    An unchanged poll is one small query: no engine run, no template.
    """
    versions = list(Match.objects.filter(token=token).values_list("version", flat=True))
    if not versions:
        raise Http404
    if request.GET.get("v") == str(versions[0]):
        return HttpResponse(status=204)
    sheet = services.match_get_scoresheet(get_match_or_404(token))
    context = {"match": sheet.match, "sheet": sheet}
    return render(request, "scoresheets/match.html#sheet", context)


@require_GET
def match_export(request: HttpRequest, token: str) -> HttpResponse:
    match = get_match_or_404(token)
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


@require_http_methods(["GET", "POST"])
@vary_on_headers("HX-Request")
def calculator(request: HttpRequest) -> HttpResponse:
    """Score one hand without a match, with the rules chosen on the page."""
    data = request.POST if request.method == "POST" else None
    rules_form = RulesForm(data, prefix="rules")
    names = {"A": gettext("Nous"), "B": gettext("Eux")}
    form = HandForm(data, team_names=names, announcements=True)
    context: dict[str, Any] = {"rules_form": rules_form, "form": form}
    status = 200
    if data is not None and not (rules_form.is_valid() and form.is_valid()):
        status = 422
    elif data is not None:
        # An unsaved match carries the rules and team names the templates show.
        match = Match(team_a_name=names["A"], team_b_name=names["B"], **rules_form.cleaned_data)
        hand = form.hand_input()
        try:
            result = scoring.score_match(match.rules, [hand])
        except scoring.MatchError as error:
            form.add_problems(error)
            status = 422
        else:
            context.update(match=match, hand=hand, result=result, outcome=result.hands[0])
    template = "scoresheets/calculator.html"
    if request.htmx:
        template += "#result"
    return render(request, template, context, status=status)
