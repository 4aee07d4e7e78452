"""Views of the season, a club's "challenge" (docs/concours.md 6.5).

Two links, as a concours has: the organiser's (``/ch/<token>/``: the
ranking, and adding or removing a night) and the read-only one
(``/voir/challenge/<read_token>/``: the same ranking, nothing writes, with
the ranking CSV and the season document to download). A wrong token is a
404. The ranking is the pure core's reading of the season document
(``season.services.load``), never computed here. Every write is a plain
form (works without JavaScript) answered 303 back to the organiser's page,
or that page again with the problem at its form (422).
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from scoresheets import ratelimits
from scoresheets.concours import document as cdoc
from scoresheets.concours import room_views as room
from scoresheets.concours import services as cs
from scoresheets.concours.views import MY_CONCOURS
from scoresheets.matches import exports
from scoresheets.matches.view_helpers import (
    STALE_PAGE,
    attachment,
    download_name,
    remember,
    remembered,
    see_other,
)
from scoresheets.models import Concours, Season
from scoresheets.season import services as ss
from scoresheets.season.forms import (
    MergeForm,
    NightForm,
    SeasonForm,
    initial_of,
    season_message,
)
from scoresheets.sync import busy
from scoresheets.sync.ladder import attempt

MY_SEASONS = "my_seasons"  # session key: the organiser's links this browser opened
MY_SEASONS_MAX = 10


def get_season_or_404(token: str) -> Season:
    """The season of an organiser's URL token, or a 404."""
    return get_object_or_404(Season, token=token)


def my_seasons(request: HttpRequest) -> list[Season]:
    """This browser's seasons (organiser's links), last opened first, each
    with its ``night_count``; no query when it has none."""
    return remembered(request, MY_SEASONS, Season.objects.annotate(night_count=Count("nights")))


def _organiser_url(season: Season, anchor: str = "") -> str:
    url = reverse("season", args=[season.token])
    return f"{url}#{anchor}" if anchor else url


@require_http_methods(["GET", "HEAD", "POST"])
@ratelimits.limited(*ratelimits.TABLES)
def season_new(request: HttpRequest) -> HttpResponse:
    form = SeasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        write = attempt(
            request,
            lambda: ss.season_create(
                name=form.cleaned_data["name"],
                settings=form.settings(),
                key=form.one_time_key(request),
            ),
            form,
        )
        if write.saved:
            remember(request, MY_SEASONS, write.value.token, MY_SEASONS_MAX)
            return see_other(_organiser_url(write.value))
    status = busy.status_of(form, 422 if form.is_bound else 200)
    return render(request, "scoresheets/season_new.html", {"form": form}, status=status)


# --------------------------------------------------------------------------
# The season's page (both links)
# --------------------------------------------------------------------------


def _words() -> dict[str, tuple[str, str]]:
    """Each figure a column shows: its short header and its full name."""
    return {
        "win_points": (gettext("PV"), gettext("Points de victoire")),
        "points": (gettext("Pts"), gettext("Points")),
        "difference": (gettext("Diff."), gettext("Différence de points")),
        "conceded": (gettext("Enc."), gettext("Points encaissés")),
        "wins": (gettext("G"), gettext("Parties gagnées")),
        "nights": (gettext("Soir."), gettext("Soirées jouées")),
    }


def _columns(ranking: dict[str, Any]) -> list[dict[str, str]]:
    """The ranking's figures as columns: what ranks first, the other of win
    points and points, then each tiebreak not shown yet, in order."""
    first = ranking["ranking"]
    keys = [first, "points" if first == "win_points" else "win_points"]
    keys += [t for t in ranking["tiebreaks"] if t not in keys]
    words = _words()
    return [{"key": k, "short": words[k][0], "title": words[k][1]} for k in keys]


def _night_rows(state: ss.SeasonState) -> list[dict[str, Any]]:
    """Each night as the page lists it: its concours, where it is, what it
    leaves out."""
    rows = []
    for number, note in enumerate(state.nights, start=1):
        concours_state = note.state
        settings = concours_state.settings
        if concours_state.over:
            where = gettext("terminé")
        elif concours_state.parties:
            where = gettext("partie %(partie)s sur %(parties)s") % {
                "partie": len(concours_state.parties),
                "parties": settings.parties,
            }
        else:
            where = gettext("pas commencé")
        rows.append(
            {
                "number": number,
                "concours": note.concours,
                "where": where,
                "melee": settings.mode is cdoc.Mode.MELEE,
                "players": note.players,
                "guests": note.guests,
                "twice": note.twice,
            }
        )
    return rows


def _addable(request: HttpRequest) -> list[Concours]:
    """This browser's concours (organiser's links it opened) that are in no
    season: the organiser adds one with a button, without pasting."""
    return remembered(request, MY_CONCOURS, Concours.objects.filter(season__isnull=True))


def _player_choices(state: ss.SeasonState) -> list[tuple[str, str]]:
    """The season's players as choices (key, name), in alphabetical order."""
    return sorted(state.players, key=lambda player: cs.name_key(player[1]))


def _season_page(
    request: HttpRequest,
    season: Season,
    *,
    organiser: bool,
    status: int = 200,
    night_form: NightForm | None = None,
    merge_form: MergeForm | None = None,
    settings_form: SeasonForm | None = None,
) -> HttpResponse:
    state = ss.load(season)
    ranking = state.ranking
    columns = _columns(ranking) if ranking else []
    # Each standing with its figures in the columns' order.
    standings = [
        {**s, "figures": [s[c["key"]] for c in columns]}
        for s in (ranking["standings"] if ranking else [])
    ]
    context: dict[str, Any] = {
        "season": season,
        "organiser": organiser,
        "ranking": ranking,
        "columns": columns,
        "standings": standings,  # the ranked, then the unranked (6.3)
        "problems": [season_message(p) for p in state.problems],
        "nights": _night_rows(state),
        "guests": sum(n.guests for n in state.nights),
        "read_url": request.build_absolute_uri(reverse("season_read", args=[season.read_token])),
    }
    if organiser:
        context.update(
            {
                "organiser_url": request.build_absolute_uri(_organiser_url(season)),
                "night_form": night_form or NightForm(),
                "addable": _addable(request),
                "merge_form": merge_form or MergeForm(players=_player_choices(state)),
                "merges": state.merges,
                "settings_form": settings_form or SeasonForm(initial=initial_of(season)),
            }
        )
    return render(request, "scoresheets/season.html", context, status=status)


@require_safe
def season_detail(request: HttpRequest, token: str) -> HttpResponse:
    season = get_season_or_404(token)
    remember(request, MY_SEASONS, season.token, MY_SEASONS_MAX)
    return _season_page(request, season, organiser=True)


@require_safe
def season_read(request: HttpRequest, token: str) -> HttpResponse:
    season = get_object_or_404(Season, read_token=token)
    return _season_page(request, season, organiser=False)


@require_POST
def season_night_add(request: HttpRequest, token: str) -> HttpResponse:
    season = get_season_or_404(token)
    form = NightForm(request.POST)
    if form.is_valid():
        link = form.cleaned_data["link"]
        write = attempt(
            request,
            lambda: ss.season_night_add(season=season, concours=ss.concours_of_link(link)),
            form,
            field="link",
        )
        if write.saved:
            messages.success(
                request,
                gettext("« %(concours)s » compte pour le challenge.") % {"concours": write.value},
            )
            return see_other(_organiser_url(season, "soirees"))
    status = busy.status_of(form, 422)
    return _season_page(request, season, organiser=True, status=status, night_form=form)


@require_POST
def season_night_remove(request: HttpRequest, token: str, concours_id: int) -> HttpResponse:
    season = get_season_or_404(token)
    write = attempt(
        request,
        lambda: ss.season_night_remove(season=season, concours_id=concours_id),
        word_not_found=True,
    )
    if write.saved:
        messages.success(
            request,
            gettext("« %(concours)s » ne compte plus pour le challenge.")
            % {"concours": write.value},
        )
    else:
        messages.error(request, STALE_PAGE)
    return see_other(_organiser_url(season, "soirees"))


@require_POST
def season_merge(request: HttpRequest, token: str) -> HttpResponse:
    season = get_season_or_404(token)
    form = MergeForm(request.POST, players=_player_choices(ss.load(season)))
    if form.is_valid():
        data = form.cleaned_data
        write = attempt(
            request,
            lambda: ss.season_players_merge(
                season=season, player=data["player"], into=data["into"]
            ),
            form,
        )
        if write.saved:
            messages.success(request, gettext("Les deux noms sont un seul joueur."))
            return see_other(_organiser_url(season, "joueurs"))
    status = busy.status_of(form, 422)
    return _season_page(request, season, organiser=True, status=status, merge_form=form)


@require_POST
def season_settings(request: HttpRequest, token: str) -> HttpResponse:
    season = get_season_or_404(token)
    form = SeasonForm(request.POST)
    if form.is_valid():
        write = attempt(
            request,
            lambda: ss.season_update(
                season=season, name=form.cleaned_data["name"], settings=form.settings()
            ),
            form,
        )
        if write.saved:
            messages.success(request, gettext("Réglages du challenge enregistrés."))
            return see_other(_organiser_url(season))
    status = busy.status_of(form, 422)
    return _season_page(request, season, organiser=True, status=status, settings_form=form)


@require_POST
def season_unmerge(request: HttpRequest, token: str) -> HttpResponse:
    season = get_season_or_404(token)
    alias = request.POST.get("alias", "")[:200]
    write = attempt(request, lambda: ss.season_players_unmerge(season=season, alias=alias))
    if write.saved:
        messages.success(request, gettext("Les deux noms sont de nouveau deux joueurs."))
    else:
        for problem in write.error.problems:
            messages.error(request, season_message(problem))
    return see_other(_organiser_url(season, "joueurs"))


# --------------------------------------------------------------------------
# Downloads (the read-only link)
# --------------------------------------------------------------------------


def _download(season: Season, what: str, extension: str, body: str, content_type: str):
    filename = download_name(season.name, "challenge", what, timezone.localdate(), extension)
    return attachment(body, content_type, filename)


RANKING_LABELS = {
    "rank": gettext_noop("Rang"),
    "player": gettext_noop("N°"),
    "name": gettext_noop("Joueur"),
    "ranked": gettext_noop("Classé"),
    "nights": gettext_noop("Soirées jouées"),
    "counted": gettext_noop("Soirées comptées"),
    # The standing's figures, worded as in a concours' ranking CSV.
    **{key: room.RANKING_LABELS[key] for key in exports.STANDING_FIGURES},
}


@require_safe
@cache_control(private=True, no_store=True)
def season_ranking_csv(request: HttpRequest, token: str) -> HttpResponse:
    """The season's ranking as CSV (``exports.season_ranking_csv``), the
    unranked players after the ranked ones; an empty file with its headers
    when the document does not rank."""
    season = get_object_or_404(Season, read_token=token)
    state = ss.load(season)
    ranking = state.ranking or {"tiebreaks": [], "standings": []}
    labels = {key: gettext(text) for key, text in RANKING_LABELS.items()}
    labels.update(
        {
            f"tiebreak_{key}": gettext("Départage : %(name)s") % {"name": words[1]}
            for key, words in _words().items()
        }
    )
    text = exports.season_ranking_csv(ranking, labels=labels)
    return _download(season, gettext("classement"), "csv", text, "text/csv; charset=utf-8")


@require_safe
@cache_control(private=True, no_store=True)
def season_document_json(request: HttpRequest, token: str) -> HttpResponse:
    """The season document (docs/concours.md 6.1): ``manage.py rank_season``
    ranks it exactly as the pages do."""
    season = get_object_or_404(Season, read_token=token)
    body = json.dumps(ss.season_document(season), ensure_ascii=False, indent=2) + "\n"
    return _download(season, "challenge", "json", body, "application/json; charset=utf-8")


__all__ = [
    "my_seasons",
    "season_detail",
    "season_document_json",
    "season_merge",
    "season_new",
    "season_night_add",
    "season_night_remove",
    "season_ranking_csv",
    "season_read",
    "season_settings",
    "season_unmerge",
]
