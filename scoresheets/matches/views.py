"""Views of the scoresheet: the home page, a new match, an import, the match
page and its read-only twin, its poll and its export, the calculator.

Scores are never computed here: the engine does it, through the services.
htmx requests get a partial of the page's own template ("page.html#name").
The writes of hands are in ``hand_views``; how a write is answered (the
exception ladder, the conflicts' words and panels, the sheet's parts) in
``scoresheets.sync`` (``docs/sync.md``).
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import Resolver404, resolve, reverse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.http import content_disposition_header
from django.utils.translation import gettext
from django.views.decorators.cache import cache_control, never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django.views.decorators.vary import vary_on_headers

from scoresheets import announcement_helper, ratelimits, scoring
from scoresheets.concours import services as concours_services
from scoresheets.concours.views import my_concours
from scoresheets.forms import (
    CarriedReserveForm,
    DeviceForm,
    HandForm,
    ImportForm,
    MatchForm,
    presets_for_script,
)
from scoresheets.game_forms import rules_form_class
from scoresheets.games import registry
from scoresheets.matches import services, share_image, uploads
from scoresheets.matches.hand_views import compare_announcements, helper_response, said_on
from scoresheets.matches.match_page import (
    DEVICE,
    MY_MATCHES,
    MY_MATCHES_MAX,
    device,
    get_match_or_404,
    get_read_match_or_404,
    match_context,
)
from scoresheets.matches.scoresheet import match_get_scoresheet
from scoresheets.matches.view_helpers import create_match, pop_share_first, remember, see_other
from scoresheets.models import Match, Player
from scoresheets.season.views import my_seasons
from scoresheets.sync import busy, caching
from scoresheets.sync.entry import entry_form_html
from scoresheets.sync.ladder import attempt
from scoresheets.sync.sheet import poll, sheet_fragments
from scoresheets.sync.stream import events
from scoresheets.tables.links import my_tables
from scoresheets.text import file_slug, of_name

# --------------------------------------------------------------------------
# Home, new match, import
# --------------------------------------------------------------------------


def _home(request: HttpRequest, import_form: ImportForm, status: int = 200) -> HttpResponse:
    """The home page: "my matches" from their summary columns (totals, end,
    winner, live hands: written by every write, ``services.summary_fields``),
    one query whatever their hands (issue 21: 50 matches of 200 hands were
    read and scored at each view, 294 ms of CPU)."""
    tokens = request.session.get(MY_MATCHES, [])
    matches = {m.token: m for m in Match.objects.filter(token__in=tokens)}
    listed = [matches[t] for t in tokens if t in matches]
    context = {
        "matches": listed,
        "import_form": import_form,
        "tables": my_tables(request),
        "concours_list": my_concours(request),
        "seasons": my_seasons(request),
    }
    return render(request, "scoresheets/home.html", context, status=status)


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    return _home(request, ImportForm())


@require_POST
@ratelimits.limited(*ratelimits.MATCHES)
def match_import(request: HttpRequest) -> HttpResponse:
    form = ImportForm(request.POST, request.FILES, too_large=uploads.upload_cut(request))
    if form.is_valid():
        write = attempt(
            request,
            lambda: services.match_import(
                document=form.cleaned_data["document"],
                device=device(request),
                key=form.one_time_key(request),
            ),
            form,
            invalid_field="document",
        )
        if write.saved:
            remember(request, MY_MATCHES, write.value.token, MY_MATCHES_MAX)
            return see_other(reverse("match", args=[write.value.token]))
    return _home(request, form, status=busy.status_of(form, 422))


@require_http_methods(["GET", "HEAD", "POST"])
@ratelimits.limited(*ratelimits.MATCHES)
def match_new(request: HttpRequest) -> HttpResponse:
    form = MatchForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        match = create_match(request, form)
        if match is not None:
            remember(request, MY_MATCHES, match.token, MY_MATCHES_MAX)
            return see_other(reverse("match", args=[match.token]))
    status = busy.status_of(form, 422 if form.is_bound else 200)
    context = {"form": form, "presets": presets_for_script()}
    return render(request, "scoresheets/match_new.html", context, status=status)


# --------------------------------------------------------------------------
# The match page, its poll and its export
# --------------------------------------------------------------------------


# The match pages: never in a shared cache (their address is their key), and
# revalidated, but not "no-store", which keeps a page out of the browsers'
# back-forward cache: Back then reloads it where it could show it at once and
# resync (docs/sync.md, "Back"). A Back that shows the HTTP cache's copy
# instead gives its form a new one-time key (static/js/queue.js).
MATCH_PAGE_CACHE = cache_control(private=True, no_cache=True)


@require_safe
@MATCH_PAGE_CACHE
def match_detail(request: HttpRequest, token: str) -> HttpResponse:
    match = get_match_or_404(token)
    if request.COOKIES:
        # A client that sent no cookie at all (a link preview, a scanner, a
        # script) would leave a session row a year long at each visit (issue
        # 21). A browser keeps the cookies of its first visit (the CSRF
        # cookie of the entry form): its next visit, or its first hand, remembers.
        remember(request, MY_MATCHES, match.token, MY_MATCHES_MAX)
    sheet = match_get_scoresheet(match)
    context = match_context(request, sheet, None)
    # The fresh entry form, rendered once per match and language (sync.entry).
    context["form_html"] = entry_form_html(
        request, match, sheet.players, number=len(sheet.hands) + 1, version=match.version
    )
    context["concours_banner"] = concours_services.table_banner(match)
    context["sheet_html"] = sheet_fragments(request, match, sheet=sheet)
    context["share_first"] = pop_share_first(request, match.token)
    return render(request, "scoresheets/match.html", context)


@require_safe
@MATCH_PAGE_CACHE
def match_read(request: HttpRequest, token: str) -> HttpResponse:
    """The live sheet of a read-only link: the match page with nothing that writes.

    It is not put in "my matches": that list holds this browser's writing links,
    and a read link must never bring one into the session."""
    match = get_read_match_or_404(token)
    sheet = match_get_scoresheet(match)
    context = match_context(request, sheet, None, read_only=True)
    context["concours_banner"] = concours_services.table_banner(match)
    context["sheet_html"] = sheet_fragments(request, match, sheet=sheet, read_only=True)
    return render(request, "scoresheets/match.html", context)


@require_safe
@never_cache
def match_poll(request: HttpRequest, token: str) -> HttpResponse:
    """The sheet's parts if the match changed since version ``v``, else an
    empty 204 (``sync.sheet.poll``)."""
    return poll(request, token, read_only=False)


@require_safe
@never_cache
def match_poll_read(request: HttpRequest, token: str) -> HttpResponse:
    """The poll of a read-only page: the same, with the read-only sheet."""
    return poll(request, token, read_only=True)


@require_safe
@never_cache
def match_events(request: HttpRequest, token: str) -> HttpResponse:
    """The match's event stream: its new versions as they are committed
    (``sync.stream.events``)."""
    return events(request, token, read_only=False)


@require_safe
@never_cache
def match_events_read(request: HttpRequest, token: str) -> HttpResponse:
    """The event stream of a read-only page: the same versions."""
    return events(request, token, read_only=True)


@require_safe
@cache_control(private=True, no_store=True)  # the whole match, names included: no shared cache
def match_export(request: HttpRequest, token: str) -> HttpResponse:
    return _export(get_match_or_404(token))


@require_safe
@cache_control(private=True, no_store=True)  # the whole match, names included: no shared cache
def match_export_read(request: HttpRequest, token: str) -> HttpResponse:
    """The match document of a read-only link (the same document: it holds no token)."""
    return _export(get_read_match_or_404(token))


@require_safe
@ratelimits.limited(*ratelimits.COSTLY)
def match_image(request: HttpRequest, token: str) -> HttpResponse:
    """The sheet as a PNG image to share (``share_image.sheet_png``)."""
    return _image(request, get_match_or_404(token))


@require_safe
@ratelimits.limited(*ratelimits.COSTLY)
def match_image_read(request: HttpRequest, token: str) -> HttpResponse:
    """The sheet's image from a read-only link (the same image: it shows no token)."""
    return _image(request, get_read_match_or_404(token))


def _image(request: HttpRequest, match: Match) -> HttpResponse:
    """``match``'s sheet as a PNG in the request's language. Its ETag is the
    match's version, the language and the drawing's version: a phone asks
    again (``no-cache``) and gets a 304 while nothing changed; private (the
    players' names)."""
    language = translation.get_language() or ""
    etag = f'"{match.version}-{language}-{share_image.IMAGE_VERSION}"'
    if etag in request.headers.get("If-None-Match", ""):
        response = HttpResponse(status=304)
    else:
        # Drawn once per version and language (200-260 ms of CPU for a long
        # sheet, issue 27): every other request of it is the cache's.
        name = caching.key("image", match.pk, match.version, language, share_image.IMAGE_VERSION)
        png = caching.remembered(
            name, caching.COSTLY_TTL, lambda: share_image.sheet_png(match_get_scoresheet(match))
        )
        response = HttpResponse(png, content_type="image/png")
        response["Content-Disposition"] = content_disposition_header(
            False, share_image.filename(match)
        )
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    patch_vary_headers(response, ("Cookie", "Accept-Language"))
    return response


def _export(match: Match) -> HttpResponse:
    """The match document of ``match`` as a JSON download."""
    document = services.match_export_document(match)
    body = json.dumps(document, ensure_ascii=False, indent=2) + "\n"
    teams = file_slug(f"{match.team_a_name} {match.team_b_name}") or "partie"
    filename = f"rebelote-{teams}-{match.created_at:%Y-%m-%d}.json"
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = content_disposition_header(True, filename)
    return response


# --------------------------------------------------------------------------
# This phone's name
# --------------------------------------------------------------------------


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
    return see_other(_page_of(match, request.POST.get("next", "")))


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


# --------------------------------------------------------------------------
# Calculator
# --------------------------------------------------------------------------


# The rules a match's length depends on, not one hand's: the calculator leaves
# them to the engine's defaults (a game without a calculator's rules form).
CALCULATOR_LEFT_OUT = frozenset(
    {"target", "donnes", "rounds", "end", "games", "card_names", "win_needs_trick"}
)
_calculator_forms: dict[str, type] = {}


def calculator_rules_form(game: Any) -> type:
    """The calculator's rules form of ``game``: its own
    (``WebGame.calculator_rules_form``), else its rules but those of a
    match's length (:data:`CALCULATOR_LEFT_OUT`), without presets."""
    if game.calculator_rules_form is not None:
        return game.calculator_rules_form
    if game.name not in _calculator_forms:
        names = [words.name for words in game.rules if words.name not in CALCULATOR_LEFT_OUT]
        _calculator_forms[game.name] = rules_form_class(
            game.engine, game.rules, names=names, name=f"{game.name.title()}CalculatorRulesForm"
        )
    return _calculator_forms[game.name]


def calculator_table(game: Any) -> tuple[Match, list[Player]]:
    """An unsaved match of ``game`` with placeholder names: the teams "Nous"
    and "Eux", or, at a game scored per player, "Joueur 1".. as its sides;
    with four placeholder players at a game whose hand names a player."""
    match = Match(game=game.name, team_a_name=gettext("Nous"), team_b_name=gettext("Eux"))
    seat_names = [gettext("Joueur %(number)s") % {"number": seat} for seat in range(1, 5)]
    if game.engine.players:
        names = dict(zip(game.engine.players, seat_names, strict=False))
        match.team_a_name, match.team_b_name = names["A"], names["B"]
        match.team_c_name = names.get("C", "")
    players = []
    if game.calculator_seats:  # its hand names a player (WebGame.calculator_seats)
        players = [
            Player(match=match, seat=seat, name=seat_names[seat - 1]) for seat in range(1, 5)
        ]
    return match, players


def calculator_url(game: Any) -> str:
    """The calculator's page of ``game`` (the default game's without ``jeu``)."""
    url = reverse("calculator")
    return url if game is registry.DEFAULT else f"{url}?jeu={game.name}"


def _calculator_game(request: HttpRequest) -> Any:
    """The calculator's game: ``?jeu=<name>``, the default game without it.
    Raises ``Http404`` for a game no package plays (never belote instead)."""
    chosen = request.GET.get("jeu")
    if not chosen:
        return registry.DEFAULT
    try:
        return registry.get(chosen)
    except registry.UnknownGame:
        raise Http404(gettext("Ce jeu n'existe pas.")) from None


def _calculator_rules(rules_form: Any) -> Any:
    """The rules the hand form is built for: the posted ones when valid,
    else (the page's first load, or rules refused) the form's initial."""
    if rules_form.is_bound and rules_form.is_valid():
        return rules_form.rules()
    initial = {
        name: rules_form.get_initial_for_field(field, name)
        for name, field in rules_form.fields.items()
    }
    try:
        return rules_form.engine.rules_type(
            **{n: initial[n] for n in rules_form.rule_names() if n in initial}
        )
    except (TypeError, ValueError):
        return rules_form.engine.rules_type()


@require_http_methods(["GET", "HEAD", "POST"])
@vary_on_headers("HX-Request")
def calculator(request: HttpRequest) -> HttpResponse:
    """Score one hand of any game without a match (``?jeu=<name>``, the
    default game without it; an unknown game is a 404), with the rules
    chosen on the page (announcements played unless unticked) and, where
    litiges keep a reserve, a reserve carried in from earlier litiges (the
    engine's ``score_match(..., reserve=)``)."""
    data = request.POST if request.method == "POST" else None
    game = _calculator_game(request)
    # Announcements are played by default here: their fields show at once.
    rules_form = calculator_rules_form(game)(data, prefix="rules", initial={"announcements": True})
    reserve_form = CarriedReserveForm(data, prefix="calc")
    match, players = calculator_table(game)
    names = {side: match.team_name(side) for side in match.sides}
    rules = _calculator_rules(rules_form)

    def build(data: Any = None, initial: dict[str, Any] | None = None) -> HandForm:
        return game.hand_form(
            data,
            team_names=names,
            players=players,
            announcements=True,
            rules=None if game is registry.DEFAULT else rules,
            initial=initial,
        )

    form = build(data)
    reserve_shown = "litige" in rules_form.fields
    context: dict[str, Any] = {
        "rules_form": rules_form,
        "form": form,
        "reserve_form": reserve_form,
        "reserve_shown": reserve_shown,
        "game": game,
        "games": [(each, calculator_url(each)) for each in registry.GAMES.values()],
        "action": calculator_url(game),
    }
    status = 200
    if "ann_points" in form.fields and announcement_helper.is_compare(data):
        # Nothing is scored: the comparison only fills in the announcements.
        def rebuild(initial: dict[str, Any]) -> HandForm:
            return build(initial=initial)

        helper, form, status = compare_announcements(request, form, None, rebuild)
        if request.htmx:
            return helper_response(request, helper, form, None, status)
        context.update(form=form, helper=helper)
        return render(request, "scoresheets/calculator.html", context, status=status)
    answer = form.helper_answer() if data is not None else None
    if answer is not None:  # a game's own helper: nothing scored
        context["form"] = build(initial=answer.initial)
        if answer.message:
            said_on(context["form"], answer.message)
        return render(request, "scoresheets/calculator.html", context, status=answer.status)
    forms_valid = [rules_form.is_valid(), form.is_valid()]
    if reserve_shown:
        forms_valid.append(reserve_form.is_valid())
    valid = data is not None and all(forms_valid)
    if data is not None and not valid:
        status = 422
    elif data is not None:
        # An unsaved match carries the rules and names the templates show.
        match.set_rules(rules)
        hand = form.hand_input()
        # A reserve exists only where litiges put points aside (the field is hidden otherwise).
        litige = getattr(rules, "litige", None)
        reserve = reserve_form.points() if litige == scoring.LitigeRule.RESERVE else 0
        write = attempt(
            request, lambda: scoring.score_match(match.rules, [hand], reserve=reserve), form
        )
        if write.saved:
            result = write.value
            context.update(match=match, hand=hand, result=result, outcome=result.hands[0])
        else:
            status = write.status
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
