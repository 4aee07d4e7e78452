"""The room's screen, the printables and the exports of a concours (issue
19, docs/concours.md 5).

- The room's screen (``/voir/concours/<read token>/salle/``): the projector's
  page, on the read-only link, nothing to touch: the ranking live, then the
  current partie's tables, cycling on a wide screen (static/js/room.js);
  on a phone the same, stacked, with the team it follows highlighted and
  its table on top. It is the concours' only read-only page: its first
  address, ``/voir/concours/<read token>/``, is a permanent redirect to it
  (links and QR codes printed before it keep working). Its live part polls
  ``salle/live/?v=<fingerprint>``: an empty 204 while nothing changed (one
  query), else the part rendered once for every screen that follows the
  same entrant (cached).
- A table's card (``/carte/<read token>/<key>/<n>/``): the address a table
  card's QR code holds; it leads to that table's sheet in the current
  partie, to write, so one card stands on its table all night. Its key is
  not derivable from the read-only link, which leads only to read-only
  sheets (``/voir/concours/<read token>/table/<n>/``).
- The printables: the table cards (organiser's link: the night's cards,
  A4), the results sheet (the ranking with its tiebreaks, A4).
- The exports: the ranking and every partie's tables as CSV, the results
  document (what ``rank_concours`` reads), every table's match document
  (a zip). The concours stays readable afterwards: nothing here expires.
"""

from __future__ import annotations

import hmac
import io
import json
import re
import time
import zipfile
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext, gettext_noop
from django.views.decorators.cache import cache_control, never_cache
from django.views.decorators.http import require_safe

from scoresheets.concours import knockout
from scoresheets.concours import room as room_of
from scoresheets.concours import services as cs
from scoresheets.concours.events import concours_events
from scoresheets.matches import exports, services
from scoresheets.matches.view_helpers import attachment, download_name
from scoresheets.models import Concours
from scoresheets.ratelimits import COSTLY, limited
from scoresheets.sync import caching, push

# The phone's own signed cookie: {read token: the entrant this phone follows}.
# Not the session: the room's link is public (on the projector), and a session
# row a cookieless visit filled the database (issue 27, point 6).
MY_TEAM = "rebelote-team"
TEAM_PARAM = "equipe"  # query parameter: the entrant this phone follows ("" forgets it)
MY_TEAM_MAX = 20  # concours remembered per browser
MY_TEAM_AGE = 180 * 24 * 3600  # seconds the cookie is kept (a season of nights)
ROOM_TTL = 2 * 60  # seconds: a room's rendered live part is kept
# Seconds: the room's live part is rendered again at most this often (issue 27,
# point 2: a hand on the projector within a second of "Valider", by push)...
ROOM_REFRESH = 1
# ... or, for a hall whose part costs more to render, at most this share of
# one core's time (148 teams: 0.1-0.3 s a rendering, so every 0.5-1.5 s).
ROOM_RENDER_SHARE = 0.2
CARDS_PARAM = "n"  # query parameter: how many table cards to print


def _read_concours(token: str) -> Concours:
    return get_object_or_404(Concours, read_token=token)


def _number(value: str) -> int | None:
    return int(value) if value.isascii() and value.isdigit() and len(value) < 7 else None


def _kept_teams(request: HttpRequest) -> dict[str, int]:
    """The teams this phone follows, by read token, from its signed cookie
    (a missing, forged or broken one: none)."""
    raw = request.get_signed_cookie(MY_TEAM, default=None, salt=MY_TEAM)
    try:
        kept = json.loads(raw) if raw else {}
    except ValueError:
        return {}
    if not isinstance(kept, dict):
        return {}
    return {k: v for k, v in kept.items() if isinstance(k, str) and type(v) is int}


def my_team(request: HttpRequest, state: cs.State) -> tuple[int | None, dict[str, int] | None]:
    """The entrant this phone follows on the concours' read-only pages:
    ``?equipe=N`` (then kept in the phone's cookie, by read token), else the
    one kept; ``?equipe=`` (or an unknown number) forgets it. Returns it and,
    when the choice changed, what the cookie is to keep (:func:`keep_team`),
    else ``None``: nothing is stored on the server."""
    token = state.concours.read_token
    kept = _kept_teams(request)
    if TEAM_PARAM in request.GET:
        number = _number(request.GET[TEAM_PARAM])
        if number is not None and state.entrant(number) is None:
            number = None
        if kept.get(token) == number:
            return number, None
        kept.pop(token, None)
        if number is not None:
            kept[token] = number
        return number, dict(list(kept.items())[-MY_TEAM_MAX:])
    number = kept.get(token)
    return (number if number is not None and state.entrant(number) else None), None


def keep_team(request: HttpRequest, response: HttpResponse, kept: dict[str, int] | None) -> None:
    """Set the phone's cookie of followed teams to ``kept`` (``None``: leave it)."""
    if kept is None:
        return
    response.set_signed_cookie(
        MY_TEAM,
        json.dumps(kept, separators=(",", ":")),
        salt=MY_TEAM,
        max_age=MY_TEAM_AGE,
        secure=request.is_secure(),
        httponly=True,
        samesite="Lax",
    )


# --------------------------------------------------------------------------
# The room's screen
# --------------------------------------------------------------------------


SEAT_SLOT = "<!--room-seat-->"  # where a phone's own part goes in the shared live part


def shared_part(request: HttpRequest, concours: Concours, version: str) -> dict[str, Any]:
    """The room's live part as every screen shares it, at ``version``
    (:func:`concours_room.fingerprint`) or, when the one rendered last is
    younger than ``ROOM_REFRESH`` seconds (or than its rendering's cost
    over ``ROOM_RENDER_SHARE``: a big hall), that one: at most one
    rendering a language a second, however many screens poll and however
    often the tables write (74 tables change the ranking more than once a
    second). A dict: ``version`` (the one it shows), ``html`` (rendered
    for nobody in particular: :func:`personal` adds a phone's part),
    ``seats`` (``concours_room.seats``), ``partie`` (the current partie's
    number, or 0), ``at`` (when it was rendered), ``cost`` (seconds)."""
    name = caching.key("room", concours.read_token, get_language())
    latest = caching.get(name)
    if latest is not None and (
        latest["version"] == version
        or time.time() - latest["at"] < max(ROOM_REFRESH, latest.get("cost", 0) / ROOM_RENDER_SHARE)
    ):
        return latest
    started = time.perf_counter()
    state = cs.load(concours)
    shown = room_of.room(state, None)
    context = {"room": shown, "concours": concours, "version": version}
    latest = {
        "version": version,
        "html": render_to_string("scoresheets/concours_room.html#live", context, request),
        "seats": room_of.seats(state, shown.ranking),  # ranked once for both
        "partie": state.current.number if state.current else 0,
        "at": time.time(),
        "cost": time.perf_counter() - started,  # seconds this rendering took
    }
    caching.put(name, latest, ROOM_TTL)
    return latest


def personal(request: HttpRequest, shared: dict[str, Any], mine: int | None) -> str:
    """The shared live part for a phone following entrant ``mine``: its rows
    highlighted (each row names its entrants in ``data-m``), its table on
    top. No query."""
    html = shared["html"]
    seat = shared["seats"].get(mine) if mine is not None else None
    if seat is None:
        return html.replace(SEAT_SLOT, "")
    html = re.sub(rf'<tr data-m="([^"]*) {mine} ', rf'<tr class="is-mine" data-m="\1 {mine} ', html)
    context = {"mine": mine, "seat": seat, "partie": shared["partie"]}
    own = render_to_string("scoresheets/concours_room.html#seat", context, request)
    return html.replace(SEAT_SLOT, own)


def _kept_team(request: HttpRequest, concours: Concours) -> int | None:
    return _kept_teams(request).get(concours.read_token)


@require_safe
@never_cache
def concours_room(request: HttpRequest, token: str) -> HttpResponse:
    """The room's screen (projector, and a player's phone): see the module."""
    concours = _read_concours(token)
    state = cs.load(concours)
    mine, kept = my_team(request, state)
    shared = shared_part(request, concours, room_of.fingerprint(concours))
    read_url = request.build_absolute_uri(reverse("concours_room_read", args=[concours.read_token]))
    context = {
        "concours": concours,
        "state": state,
        "mine": mine,
        "team_choices": [(e.number, f"{e.number} · {cs.entrant_label(e)}") for e in state.entrants],
        "team_param": TEAM_PARAM,
        "read_url": read_url,
        "live_html": mark_safe(personal(request, shared, mine)),  # our own rendering
        "version": shared["version"],
        "push": push.stream_offered(),  # the projector's stream (concours.events)
    }
    response = render(request, "scoresheets/concours_room.html", context)
    keep_team(request, response, kept)
    return response


@require_safe
def concours_read(request: HttpRequest, token: str) -> HttpResponse:
    """The concours' first read-only address: a permanent redirect (301) to
    the room's screen, its query kept (``?equipe=N`` follows a team), so
    that a link or a QR code printed before the room's screen took its
    place still works. A wrong token is a 404, as on the room's screen."""
    concours = _read_concours(token)
    url = reverse("concours_room_read", args=[concours.read_token])
    query = request.GET.urlencode()
    return HttpResponsePermanentRedirect(f"{url}?{query}" if query else url)


@require_safe
@never_cache
def concours_events_read(request: HttpRequest, token: str) -> HttpResponse:
    """The room's event stream (the projector's): the room's fingerprint at
    every change (``concours.events``)."""
    return concours_events(request, token, read_only=True)


@require_safe
@never_cache
def concours_events_organiser(request: HttpRequest, token: str) -> HttpResponse:
    """The organiser's page's event stream: the same fingerprints."""
    return concours_events(request, token, read_only=False)


@require_safe
@never_cache
def concours_room_live(request: HttpRequest, token: str) -> HttpResponse:
    """The room's live part if anything changed since ``v`` (and what
    changed is shown: :func:`shared_part`), else an empty 204. An
    unchanged poll costs two small queries (the concours, its fingerprint)."""
    concours = _read_concours(token)
    seen = request.GET.get("v")
    version = room_of.fingerprint(concours)
    if seen == version:
        return HttpResponse(status=204)
    shared = shared_part(request, concours, version)
    if seen == shared["version"]:
        return HttpResponse(status=204)
    return HttpResponse(personal(request, shared, _kept_team(request, concours)))


def _to_table(
    request: HttpRequest, concours: Concours, number: int, *, write: bool
) -> HttpResponse:
    """Table ``number`` of the concours' current partie: a 302 to its sheet
    (``write``: the writing one, else read-only), or a page saying why there
    is none yet (404)."""
    state = cs.load(concours)
    current = state.current
    table = cs.table_numbered(state, number)
    if table is None:
        context = {"concours": concours, "number": number, "current": current}
        return render(request, "scoresheets/concours_table_none.html", context, status=404)
    if write:
        return redirect(reverse("match", args=[table.match.token]))
    return redirect(reverse("match_read", args=[table.match.read_token]))


@require_safe
@never_cache
def concours_table_card(request: HttpRequest, token: str, key: str, number: int) -> HttpResponse:
    """The address on table card ``number`` (``carte/<read token>/<key>/<n>/``,
    ``key`` from :func:`concours_room.card_key`, one a table): that table's
    sheet in the current partie, to write (a 302), or a page saying why
    there is none yet (404). A wrong key is a 404: the read-only link gives
    no card, and a card no other table. A card printed with the night's
    one key of before (:func:`concours_room.legacy_card_key`) opens nothing
    and says to print the cards again, the table's sheet read-only
    meanwhile (410)."""
    concours = _read_concours(token)
    if hmac.compare_digest(key, room_of.card_key(concours, number)):
        return _to_table(request, concours, number, write=True)
    if not hmac.compare_digest(key, room_of.legacy_card_key(concours)):
        raise Http404
    table = _current_table(concours, number)
    context = {"concours": concours, "number": number, "table": table}
    return render(request, "scoresheets/concours_card_old.html", context, status=410)


def _current_table(concours: Concours, number: int) -> Any:
    """Table ``number`` of the concours' current partie, or ``None``."""
    return cs.table_numbered(cs.load(concours), number)


@require_safe
@never_cache
def concours_table_go(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """``/voir/concours/<read token>/table/<n>/``, on the read-only link:
    table ``number``'s sheet in the current partie, read-only (a 302), or a
    page saying why there is none yet (404). It was the cards' address
    before they had their own key (:func:`concours_table_card`)."""
    return _to_table(request, _read_concours(token), number, write=False)


# --------------------------------------------------------------------------
# Printables
# --------------------------------------------------------------------------


@require_safe
@never_cache
def concours_cards(request: HttpRequest, token: str) -> HttpResponse:
    """The table cards to print (the organiser's link): a card a table,
    its number big and the QR code of its address (:func:`concours_table_card`),
    built from this request's host (a laptop's address on the hall's Wi-Fi).
    ``?n=`` prints that many (1 to ``CARDS_MAX``)."""
    concours = get_object_or_404(Concours, token=token)
    state = cs.load(concours)
    count = room_of.card_count(state)
    asked = _number(request.GET.get(CARDS_PARAM, ""))
    if asked is not None:
        count = min(max(asked, 1), room_of.CARDS_MAX)
    cards = [
        (
            n,
            request.build_absolute_uri(
                reverse(
                    "concours_table_card",
                    args=[concours.read_token, room_of.card_key(concours, n), n],
                )
            ),
        )
        for n in range(1, count + 1)
    ]
    context = {
        "concours": concours,
        "cards": cards,
        "count": count,
        "cards_param": CARDS_PARAM,
        "cards_max": room_of.CARDS_MAX,
    }
    return render(request, "scoresheets/concours_cards.html", context)


def _tiebreak_words() -> dict[str, str]:
    return {
        "points": gettext("Points"),
        "difference": gettext("Diff."),
        "conceded": gettext("Encaissés"),
        "wins": gettext("Gagnées"),
        "direct": gettext("Conf. directe"),
    }


def per_version(concours: Concours, kind: str, build: Any, *parts: object) -> Any:
    """What ``build()`` gives for ``concours`` as it stands now (its room's
    :func:`~scoresheets.concours.room.fingerprint`, one query), built once
    per version (and ``parts``: the language...) and then the cache's: the
    results sheet and the sheets' zip cost 120-370 ms at a big night
    (issue 27), and anyone holding the room's link may ask them in a loop."""
    name = caching.key(kind, concours.pk, room_of.fingerprint(concours), *parts)
    return caching.remembered(name, caching.COSTLY_TTL, build)


def _results_context(concours: Concours) -> dict[str, Any]:
    """The results sheet's figures, in the request's language (the tiebreaks' words)."""
    state = cs.load(concours)
    if state.knockout:
        return _knockout_results_context(state)
    ranking = state.ranking()
    words = _tiebreak_words()
    return {
        "ranking": ranking,
        # The parties every table of which finished (a drawn one is not played).
        "parties_done": sum(1 for partie in state.parties if partie.finished),
        "rows": room_of.results_rows(state, ranking),
        "tiebreaks": [str(words[name]) for name in ranking["tiebreaks"]],
        "win_points": ranking["ranking"] == "win_points",
        "melee": state.settings.entrant_word == "player",
    }


def _knockout_results_context(state: cs.State) -> dict[str, Any]:
    """A knockout's results sheet (docs/concours.md 7.3): its champion,
    runner-up, third and fourth, then every team's place and round reached."""
    outcome = knockout.outcome_document(state.bracket)

    def named(number: int | None) -> str:
        return state.label(number) if number is not None else ""

    rows = [
        {
            "place": s["place"],
            "number": s["team"],
            "label": state.label(s["team"]),
            "players": ", ".join(state.entrant(s["team"]).players),
            "reached": room_of.round_label(s["round_name"]) if s["round_name"] else "",
            "alive": s["alive"],
        }
        for s in outcome["standings"]
    ]
    podium = [
        (gettext("Vainqueur"), named(outcome["champion"])),
        (gettext("Finaliste"), named(outcome["runner_up"])),
        (gettext("Troisième"), named(outcome["third"])),
        (gettext("Quatrième"), named(outcome["fourth"])),
    ]
    return {
        "knockout": True,
        "outcome": outcome,
        "podium": [(word, name) for word, name in podium if name],
        "rows": rows,
        "bracket": room_of.bracket_view(state),
    }


@require_safe
@never_cache
@limited(*COSTLY)
def concours_results(request: HttpRequest, token: str) -> HttpResponse:
    """The results sheet (A4, print CSS): the ranking with its tiebreaks. Its
    figures are built once per version of the concours and language
    (:func:`per_version`); the page around them is rendered for each request
    (its script nonce)."""
    concours = _read_concours(token)
    figures = per_version(concours, "results", lambda: _results_context(concours), get_language())
    context = {"concours": concours, **figures}
    if figures.get("knockout"):
        return render(request, "scoresheets/concours_results_knockout.html", context)
    return render(request, "scoresheets/concours_results.html", context)


# --------------------------------------------------------------------------
# Exports
# --------------------------------------------------------------------------


def _filename(concours: Concours, what: str, extension: str) -> str:
    return download_name(concours.name, "concours", what, concours.date, extension)


RANKING_LABELS = {
    "rank": gettext_noop("Rang"),
    "number": gettext_noop("N°"),
    "name": gettext_noop("Nom"),
    "players": gettext_noop("Joueurs"),
    "win_points": gettext_noop("Points de victoire"),
    "points": gettext_noop("Points"),
    "conceded": gettext_noop("Encaissés"),
    "difference": gettext_noop("Différence"),
    "wins": gettext_noop("Gagnées"),
    "draws": gettext_noop("Nulles"),
    "losses": gettext_noop("Perdues"),
    "parties": gettext_noop("Parties jouées"),
    "byes": gettext_noop("Exempt"),
    "penalties": gettext_noop("Pénalités"),
    "ex_aequo": gettext_noop("Ex aequo"),
    "abandon": gettext_noop("Abandon"),
    "late": gettext_noop("Arrivée tardive"),
}


def _labels(labels: dict[str, str]) -> dict[str, str]:
    return {key: gettext(text) for key, text in labels.items()}


@require_safe
@cache_control(private=True, no_store=True)
def concours_ranking_csv(request: HttpRequest, token: str) -> HttpResponse:
    """The ranking as CSV (``exports.concours_ranking_csv``), tiebreaks included."""
    concours = _read_concours(token)
    state = cs.load(concours)
    if state.knockout:
        return _knockout_ranking_csv(concours, state)
    ranking = state.ranking()
    rows = room_of.results_rows(state, ranking)
    tiebreak_labels = {
        f"tiebreak_{name}": gettext("Départage : %(name)s") % {"name": word}
        for name, word in _tiebreak_words().items()
    }
    text = exports.concours_ranking_csv(
        ranking,
        [(row.standing, row.label, row.players) for row in rows],
        labels={**_labels(RANKING_LABELS), **tiebreak_labels},
    )
    filename = _filename(concours, gettext("classement"), "csv")
    return attachment(text, "text/csv; charset=utf-8", filename)


def _knockout_ranking_csv(concours: Concours, state: cs.State) -> HttpResponse:
    """A knockout's outcome as CSV (docs/concours.md 7.3): place, team, round reached."""
    rows = [
        (
            s["place"],
            s["team"],
            state.label(s["team"]),
            ", ".join(state.entrant(s["team"]).players),
            room_of.round_label(s["round_name"]) if s["round_name"] else "",
        )
        for s in knockout.outcome_document(state.bracket)["standings"]
    ]
    labels = {
        "place": gettext("Place"),
        "reached": gettext("Tour atteint"),
        **_labels(RANKING_LABELS),
    }
    text = exports.knockout_ranking_csv(rows, labels=labels)
    filename = _filename(concours, gettext("classement"), "csv")
    return attachment(text, "text/csv; charset=utf-8", filename)


TABLES_LABELS = {
    "partie": gettext_noop("Partie n°"),
    "table": gettext_noop("Table"),
    "side_a": gettext_noop("Équipe A"),
    "side_a_name": gettext_noop("Nom A"),
    "side_b": gettext_noop("Équipe B"),
    "side_b_name": gettext_noop("Nom B"),
    "points_a": gettext_noop("Points A"),
    "points_b": gettext_noop("Points B"),
    "donnes": gettext_noop("Donnes"),
    "finished": gettext_noop("Finie"),
    "bye": gettext_noop("Exempt"),
}


@require_safe
@cache_control(private=True, no_store=True)
def concours_tables_csv(request: HttpRequest, token: str) -> HttpResponse:
    """Every partie's tables and totals as CSV (``exports.concours_tables_csv``),
    the exempt of each partie on its own row."""
    concours = _read_concours(token)
    state = cs.load(concours)
    lines = [(p, cs.table_lines(state, p)) for p in state.parties]
    text = exports.concours_tables_csv(
        [
            (
                p.number,
                [
                    (
                        line.number,
                        " & ".join(str(n) for n in line.table.side_a),
                        line.names[0],
                        " & ".join(str(n) for n in line.table.side_b),
                        line.names[1],
                        line.totals,
                        line.donnes,
                        line.finished,
                    )
                    for line in table_lines
                ],
                [(n, state.label(n)) for n in p.partie.byes],
            )
            for p, table_lines in lines
        ],
        labels=_labels(TABLES_LABELS),
    )
    filename = _filename(concours, gettext("tables"), "csv")
    return attachment(text, "text/csv; charset=utf-8", filename)


def _results_json(state: cs.State) -> str:
    return json.dumps(state.document, ensure_ascii=False, indent=2) + "\n"


@require_safe
@cache_control(private=True, no_store=True)
def concours_results_json(request: HttpRequest, token: str) -> HttpResponse:
    """The results document (docs/concours.md 1): ``rank_concours`` ranks it
    exactly as the pages do."""
    concours = _read_concours(token)
    state = cs.load(concours)
    filename = _filename(concours, gettext("resultats"), "json")
    return attachment(_results_json(state), "application/json; charset=utf-8", filename)


@require_safe
@cache_control(private=True, no_store=True)
@limited(*COSTLY)
def concours_documents_zip(request: HttpRequest, token: str) -> HttpResponse:
    """Every table's match document (``services.match_export_document``, the
    match's own export) in one zip, ``partie-2/table-07.json``, with the
    results document as ``resultats.json``; built once per version of the
    concours (:func:`per_version`)."""
    concours = _read_concours(token)
    archive = per_version(concours, "sheets-zip", lambda: _documents_zip(concours))
    filename = _filename(concours, gettext("feuilles"), "zip")
    return attachment(archive, "application/zip", filename)


def _documents_zip(concours: Concours) -> bytes:
    """The zip of :func:`concours_documents_zip`, as bytes."""
    state = cs.load(concours)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("resultats.json", _results_json(state))
        for partie in state.parties:
            for table in partie.tables:
                document: dict[str, Any] = services.match_export_document(table.match)
                leg = f"-{table.leg}" if table.leg > 1 else ""
                archive.writestr(
                    f"partie-{partie.number}/table-{table.number:02d}{leg}.json",
                    json.dumps(document, ensure_ascii=False, indent=2) + "\n",
                )
    return buffer.getvalue()
