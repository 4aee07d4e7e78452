"""Views of the tables of friends: the table page (roster, history, a short
ranking, sharing), a new match from the roster, a player's page, the
ranking and the CSV exports.

A table is reached only through its unguessable token (``get_table_or_404``);
a wrong token, and a player of another table, are a 404: nothing confirms
that they exist. Nothing lists tables, except this browser's own ("my tables",
kept in the session like "my matches").
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.utils.translation import get_language, gettext, gettext_lazy
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from scoresheets import presets, ratelimits, ratings, scoring, stats
from scoresheets.forms import presets_for_script
from scoresheets.games import registry
from scoresheets.matches import charts, exports, services
from scoresheets.matches.view_helpers import create_match, remember, see_other
from scoresheets.models import Match, Table, TablePlayer
from scoresheets.sync import busy, caching
from scoresheets.sync.ladder import attempt
from scoresheets.tables import services as tables
from scoresheets.tables.forms import (
    HistoryFilter,
    PlayerForm,
    TableForm,
    TableMatchForm,
    duplicate_message,
)
from scoresheets.tables.links import MY_TABLES, MY_TABLES_MAX
from scoresheets.text import file_slug, isolated, of_name

HISTORY_PER_PAGE = 20
TOP = 5  # players in the table page's short ranking


def get_table_or_404(token: str) -> Table:
    """The table of a URL token, or a 404."""
    return get_object_or_404(Table, token=token)


def get_read_table_or_404(token: str) -> Table:
    """The table of a read-only URL token, or a 404 (a writing token is not one)."""
    return get_object_or_404(Table, read_token=token)


# --------------------------------------------------------------------------
# New table
# --------------------------------------------------------------------------


@require_http_methods(["GET", "HEAD", "POST"])
@ratelimits.limited(*ratelimits.TABLES)
def table_new(request: HttpRequest) -> HttpResponse:
    form = TableForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        write = attempt(
            request,
            lambda: tables.table_create(
                name=form.cleaned_data["name"],
                player_names=form.cleaned_data["players"],
                key=form.one_time_key(request),
            ),
            form,
            invalid=gettext("Ces noms ne conviennent pas : vérifiez-les."),
        )
        if write.saved:
            remember(request, MY_TABLES, write.value.token, MY_TABLES_MAX)
            return see_other(reverse("table", args=[write.value.token]))
    status = busy.status_of(form, 422 if form.is_bound else 200)
    return render(request, "scoresheets/table_new.html", {"form": form}, status=status)


# --------------------------------------------------------------------------
# The table page
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class HistoryRow:
    """A match of the history: its teams with their players (names, seat order)."""

    match: Match
    players_a: tuple[str, str]
    players_b: tuple[str, str]

    @property
    def show_players(self) -> bool:
        """Whether the team names do not already say who played (never at a
        game scored per player: each side is named after its player)."""
        if self.match.per_player:
            return False
        defaults = (
            services.default_team_name(*self.players_a),
            services.default_team_name(*self.players_b),
        )
        return (self.match.team_a_name, self.match.team_b_name) != defaults


def _history_row(match: Match) -> HistoryRow:
    names = [p.name for p in match.players.all()] + ["", "", "", ""]
    return HistoryRow(match=match, players_a=(names[0], names[2]), players_b=(names[1], names[3]))


def _leaders(board: tables.Board, names: dict[int, str]) -> list[dict[str, Any]]:
    return [
        {"rating": r, "name": names.get(r.player, "?"), "player_id": r.player}
        for r in board.leaderboard
    ]


def _table_page(
    request: HttpRequest,
    table: Table,
    player_form: PlayerForm | None,
    status: int = 200,
    *,
    read_only: bool = False,
) -> HttpResponse:
    roster = list(table.roster.all())
    names = {p.pk: p.name for p in roster}
    query = request.GET.copy()
    query.setdefault("etat", "")  # "all" is checked when no state is asked for
    history = HistoryFilter(query, roster=roster)
    person, state = history.filters()
    matches = tables.table_matches(table, person=person, status=state)
    page = Paginator(matches, HISTORY_PER_PAGE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    table_url = reverse("table", args=[table.token])
    read_url = request.build_absolute_uri(reverse("table_read", args=[table.read_token]))
    context = {
        "table": table,
        "roster": roster,
        "player_form": player_form,
        "history": history,
        "filtered": person is not None or bool(state),
        # Filters, ranking and exports wait for a first match (a filtered
        # page was reached from a table with matches).
        "has_matches": person is not None or bool(state) or page.paginator.count > 0,
        "page": page,
        "rows": [_history_row(m) for m in page.object_list],
        # A table that plays both games says each match's game in its history
        # (one game only: the match pages say it, the list stays short).
        "show_game": len(tables.table_games(table)) > 1,
        "page_query": query.urlencode(),
        "leaders": _leaders(tables.table_board(table), names)[:TOP],
        # A read-only page shares only its own link; the table page offers both.
        "read_only": read_only,
        "share_url": read_url if read_only else request.build_absolute_uri(table_url),
        "read_url": None if read_only else read_url,
    }
    if history.errors:
        status = 422
    return render(request, "scoresheets/table.html", context, status=status)


@require_safe
def table_detail(request: HttpRequest, token: str) -> HttpResponse:
    table = get_table_or_404(token)
    remember(request, MY_TABLES, table.token, MY_TABLES_MAX)
    return _table_page(request, table, PlayerForm())


@require_safe
def table_read(request: HttpRequest, token: str) -> HttpResponse:
    """The table of a read-only link: history, ranking, players, exports; no roster
    form, no new match. Not put in "my tables" (that list is of writing links, and
    it decides whether a match page shows the table's writing link)."""
    return _table_page(request, get_read_table_or_404(token), None, read_only=True)


@require_POST
@ratelimits.limited(*ratelimits.ROSTER)
def table_player_add(request: HttpRequest, token: str) -> HttpResponse:
    table = get_table_or_404(token)
    form = PlayerForm(request.POST, roster=list(table.roster.all()))
    if form.is_valid():
        name = form.cleaned_data["name"]
        write = attempt(
            request,
            lambda: tables.table_add_player(table=table, name=name),
            form,
            field="name",
            invalid=gettext("Ce prénom ne convient pas : 40 lettres au plus."),
            refusals={tables.DuplicateName: lambda _error: duplicate_message(name)},
        )
        if write.saved:
            text = gettext("%(name)s rejoint la table.") % {"name": isolated(write.value.name)}
            messages.success(request, text)
            return see_other(reverse("table", args=[table.token]) + "#roster")
    return _table_page(request, table, form, status=busy.status_of(form, 422))


# --------------------------------------------------------------------------
# A new match from the roster
# --------------------------------------------------------------------------


def _rules_initial(match: Match | None, game: str) -> dict[str, Any]:
    """The rule fields' initial values of ``game`` from ``match`` (the table's
    last match of that game): its rules and its preset (a custom set of rules
    shows as the game's default preset with its rules changed)."""
    if match is None:
        return {}
    default = presets.DEFAULTS[game]
    values = {**presets.rule_values(match.rules), "card_names": match.card_names}
    initial: dict[str, Any] = {name: values[name] for name in default.values()}
    known = presets.presets_of(game)
    initial["preset"] = match.preset if match.preset in known else default.key
    return initial


def _last_match_initial(
    table: Table, roster: list[TablePlayer]
) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """The new-match form's starting point (a table keeps its habits): the
    game and the players of the table's last match in their seats, and
    (second) for each game the rules of its last match of that game, by game.
    Every field can be changed. One query a game, and one. A table without
    matches whose ``roster`` has exactly four players gets them in their
    seats, in the roster's (alphabetical) order."""
    recent = table.matches.order_by("-created_at", "-pk")
    last_of = {game: recent.filter(game=game).first() for game in registry.GAMES}
    played = [m for m in last_of.values() if m is not None]
    if not played:
        if len(roster) == 4:
            return {f"person_{seat}": p.pk for seat, p in enumerate(roster, start=1)}, {}
        return {}, {}
    last = max(played, key=lambda m: (m.created_at, m.pk))
    initial: dict[str, Any] = {"game": last.game}
    for seat, person in last.players.values_list("seat", "person_id"):
        if person is not None:
            initial[f"person_{seat}"] = person
    return initial, {game: _rules_initial(match, game) for game, match in last_of.items()}


@require_http_methods(["GET", "HEAD", "POST"])
@ratelimits.limited(*ratelimits.MATCHES)
def table_match_new(request: HttpRequest, token: str) -> HttpResponse:
    table = get_table_or_404(token)
    roster = list(table.roster.all())
    changes = 0  # changes of partners asked for (?partenaires=N)
    seats: list[int] = []  # the proposed seating, as roster ids
    if request.method == "POST":
        form = TableMatchForm(request.POST, roster=roster)
    else:
        initial, rules_initial = _last_match_initial(table, roster)
        seats = [initial.get(f"person_{seat}") for seat in (1, 2, 3, 4)]
        if None in seats:
            seats = []  # partners change only in a full seating
        else:
            changes = _changes_of_partners(request)
            seats = tables.rotate_partners(seats, changes)
            initial.update({f"person_{seat}": p for seat, p in enumerate(seats, start=1)})
        form = TableMatchForm(roster=roster, initial=initial, rules_initial=rules_initial)
    if request.method == "POST" and form.is_valid():
        match = create_match(request, form, table=table)
        if match is not None:
            return see_other(reverse("match", args=[match.token]))
    status = busy.status_of(form, 422 if form.is_bound else 200)
    context = {"form": form, "table": table, "presets": presets_for_script()}
    if seats:
        context["partners_url"] = f"?{PARTNERS}={(changes + 1) % 3}"
    return render(request, "scoresheets/table_match_new.html", context, status=status)


PARTNERS = "partenaires"  # query parameter: how many changes of partners from the last seating


def _changes_of_partners(request: HttpRequest) -> int:
    """``?partenaires=N`` as 0, 1 or 2 (``tables.rotate_partners``); anything else is 0."""
    value = request.GET.get(PARTNERS, "")
    return int(value) % 3 if value.isascii() and value.isdigit() and len(value) < 4 else 0


# --------------------------------------------------------------------------
# A player, the ranking
# --------------------------------------------------------------------------


def _get_person_or_404(table: Table, player_id: int) -> TablePlayer:
    try:
        return tables.person_of(table, player_id)
    except TablePlayer.DoesNotExist:
        raise Http404 from None


@dataclass(frozen=True)
class LastMatch:
    """One of the player's last matches, with the names the page shows."""

    line: stats.MatchLine
    token: str
    partner: str  # "" at a game scored per player: each for himself
    opponents: tuple[str, ...]


@dataclass(frozen=True)
class HandBlock:
    """One game's figures on a player's page (issue 29), in its words
    (``WebGame.player_figures``): ``game`` (its name: the section's id),
    ``title``, ``rows`` ((label, value): a count, or an average, ``None``
    when there is nothing to average), ``hint``, and the game's own
    ``partial`` ("" for none), given its ``figures``."""

    game: str
    title: Any
    rows: tuple[tuple[Any, Any], ...]
    hint: Any
    partial: str
    figures: Any


def _hand_blocks(table: Table, figures: stats.PlayerStats) -> list[HandBlock]:
    """One block per game of the player's matches (the registry's order),
    each with its own figures, zeros where he played no counting hand; a
    player without a match: the empty figures of the table's games (one
    query)."""
    blocks = []
    for name in figures.games or tables.table_games(table):
        game = registry.get(name)
        own = figures.figures(name) or stats.blank_figures(name)
        words = game.player_figures
        blocks.append(
            HandBlock(
                game=name,
                title=words.title or game.label,
                rows=tuple((label, getattr(own, figure)) for figure, label in words.rows),
                hint=words.hint,
                partial=game.player_figures_partial,
                figures=own,
            )
        )
    return blocks


@require_safe
def table_player(request: HttpRequest, token: str, player_id: int) -> HttpResponse:
    return _player_page(request, get_table_or_404(token), player_id)


@require_safe
def table_player_read(request: HttpRequest, token: str, player_id: int) -> HttpResponse:
    """A player's page of a read-only link: its matches link to their read-only pages."""
    return _player_page(request, get_read_table_or_404(token), player_id, read_only=True)


def _player_page(
    request: HttpRequest, table: Table, player_id: int, *, read_only: bool = False
) -> HttpResponse:
    person = _get_person_or_404(table, player_id)
    figures = tables.player_figures(table, person)
    names = tables.player_names(table)
    keys = [line.key for line in figures.last_matches]
    field = "read_token" if read_only else "token"
    tokens = dict(Match.objects.filter(pk__in=keys).values_list("pk", field))
    board = tables.table_board(table)
    rating = board.get(person.pk)
    played = rating.matches if rating else 0
    context = {
        "read_only": read_only,
        "table": table,
        "person": person,
        "stats": figures,
        "hand_blocks": _hand_blocks(table, figures),
        "best_partner": figures.best_partner,
        "best_partner_name": names.get(figures.best_partner.player) if figures.best_partner else "",
        "toughest": [(names.get(r.player, "?"), r) for r in figures.toughest_opponents],
        "last_matches": [
            LastMatch(
                line=line,
                token=tokens.get(line.key, ""),
                partner=names.get(line.partner, "?") if line.partner is not None else "",
                opponents=tuple(names.get(k, "?") for k in line.opponents),
            )
            for line in figures.last_matches
        ],
        "rating": rating,
        "rated_count": len(board.leaderboard),
        "matches_to_go": max(0, ratings.PROVISIONAL_MATCHES - played),
        "chart": charts.rating_curve_svg(
            board.curves.get(person.pk, ()),
            title=gettext("Classement %(of_name)s")
            % {"name": person.name, "of_name": of_name(person.name)},
        ),
    }
    return render(request, "scoresheets/player.html", context)


@require_safe
def table_ranking(request: HttpRequest, token: str) -> HttpResponse:
    return _ranking_page(request, get_table_or_404(token))


@require_safe
def table_ranking_read(request: HttpRequest, token: str) -> HttpResponse:
    """The ranking of a read-only link."""
    return _ranking_page(request, get_read_table_or_404(token), read_only=True)


def _ranking_page(request: HttpRequest, table: Table, *, read_only: bool = False) -> HttpResponse:
    roster = list(table.roster.all())
    names = {p.pk: p.name for p in roster}
    board = tables.table_board(table)
    context = {
        "read_only": read_only,
        "table": table,
        "leaders": _leaders(board, names),
        "unrated": [p for p in roster if board.get(p.pk) is None],
        "provisional_matches": ratings.PROVISIONAL_MATCHES,
    }
    return render(request, "scoresheets/ranking.html", context)


# --------------------------------------------------------------------------
# CSV exports
# --------------------------------------------------------------------------

MATCH_LABELS = {
    "date": gettext_lazy("Date"),
    "match": gettext_lazy("Partie"),
    "game": gettext_lazy("Jeu"),
    "team_a": gettext_lazy("Équipe A"),
    "team_a_player_1": gettext_lazy("Équipe A, joueur 1"),
    "team_a_player_2": gettext_lazy("Équipe A, joueur 2"),
    "team_b": gettext_lazy("Équipe B"),
    "team_b_player_1": gettext_lazy("Équipe B, joueur 1"),
    "team_b_player_2": gettext_lazy("Équipe B, joueur 2"),
    # A third side: a player of a game of three (exports.THIRD_SIDE_MATCH_COLUMNS).
    "team_c": gettext_lazy("Équipe C"),
    "team_c_player_1": gettext_lazy("Équipe C, joueur 1"),
    "score_a": gettext_lazy("Score A"),
    "score_b": gettext_lazy("Score B"),
    "score_c": gettext_lazy("Score C"),
    "hands": gettext_lazy("Donnes"),
    "finished": gettext_lazy("Terminée"),
    "winner": gettext_lazy("Gagnant (A/B)"),
    "winner_name": gettext_lazy("Équipe gagnante"),
}

HAND_LABELS = {
    "date": gettext_lazy("Date"),
    "match": gettext_lazy("Partie"),
    "game": gettext_lazy("Jeu"),
    "hand": gettext_lazy("Donne"),
    "dealer": gettext_lazy("Donneur"),
    "taker": gettext_lazy("Preneur"),
    "taker_team": gettext_lazy("Équipe preneuse"),
    "points_team": gettext_lazy("Points de plis de"),
    "trick_points": gettext_lazy("Points de plis"),
    # A game scored per player: each player's (exports.PLAYER_HAND_COLUMNS).
    "trick_points_a": gettext_lazy("Points de plis A"),
    "trick_points_b": gettext_lazy("Points de plis B"),
    "trick_points_c": gettext_lazy("Points de plis C"),
    "capot": gettext_lazy("Capot"),
    "belote": gettext_lazy("Belote"),
    "belote_player": gettext_lazy("Belote de"),
    "announcements_a": gettext_lazy("Annonces A"),
    "announcements_b": gettext_lazy("Annonces B"),
    "announcements_c": gettext_lazy("Annonces C"),
    "outcome": gettext_lazy("Résultat"),
    "score_a": gettext_lazy("Points A"),
    "score_b": gettext_lazy("Points B"),
    "score_c": gettext_lazy("Points C"),
    "reserve": gettext_lazy("Réserve"),
    "total_a": gettext_lazy("Total A"),
    "total_b": gettext_lazy("Total B"),
    "total_c": gettext_lazy("Total C"),
    # Each game's own columns (exports.hand_columns: coinche's contract, belote's renonce).
    **{
        column: label
        for game in registry.GAMES.values()
        for column, label in game.csv_labels.items()
    },
}


YES_NO = {"1": gettext_lazy("oui"), "0": gettext_lazy("non")}

# The coded values of the CSV in the user's language (exports.WORD_COLUMNS).
CSV_WORDS = {
    "game": {name: game.label for name, game in registry.GAMES.items()},
    "finished": YES_NO,
    # Each game's words of its own coded values (a coinche hand's bid, suit, coinche, solo).
    **{
        column: words
        for game in registry.GAMES.values()
        for column, words in game.csv_words.items()
    },
    "outcome": {
        # Each game's own outcomes, then every game's.
        **{
            value: word
            for game in registry.GAMES.values()
            for value, word in game.csv_words.get("outcome", {}).items()
        },
        str(scoring.Outcome.MADE): gettext_lazy("réussi"),
        str(scoring.Outcome.DEDANS): gettext_lazy("dedans"),
        str(scoring.Outcome.LITIGE): gettext_lazy("litige"),
        str(scoring.Outcome.PASSED): gettext_lazy("tout le monde passe"),
        str(scoring.Outcome.RENONCE): gettext_lazy("renonce"),
        str(scoring.Outcome.ANNULLED): gettext_lazy("annulée"),
    },
}


def _csv(
    request: HttpRequest,
    token: str,
    writer: Callable[..., str],
    labels: dict[str, Any],
    what: str,
    *,
    read_only: bool = False,
) -> HttpResponse:
    """A CSV export of the table of ``token``, headers and coded values in the
    user's language (``labels``, :data:`CSV_WORDS`); on a read-only link
    (``read_only``), its match links are read-only links too.

    Kept in the cache by what it depends on (the matches' ids and versions,
    the roster's names, the language, the link kind and the site's address):
    at a table's cap the hands' export cost 617 ms of CPU at every download
    (issue 21); two small queries while nothing changed."""
    table = get_read_table_or_404(token) if read_only else get_table_or_404(token)
    names = tables.player_names(table)
    versions = list(table.matches.order_by("pk").values_list("pk", "version"))
    name = caching.key(
        "csv",
        writer.__name__,
        table.token,
        read_only,
        get_language(),
        hashlib.sha256(
            repr((versions, sorted(names.items()), request.build_absolute_uri("/"))).encode()
        ).hexdigest()[:24],
    )
    text = caching.remembered(
        name,
        caching.EXPORT_TTL,
        lambda: _csv_text(request, table, names, writer, labels, read_only=read_only),
    )
    filename = f"rebelote-{file_slug(table.name) or 'table'}-{file_slug(what)}"
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = content_disposition_header(
        True, f"{filename}-{timezone.localdate():%Y-%m-%d}.csv"
    )
    return response


def _csv_text(
    request: HttpRequest,
    table: Table,
    names: dict[int, str],
    writer: Callable[..., str],
    labels: dict[str, Any],
    *,
    read_only: bool,
) -> str:
    """The text of :func:`_csv`'s export, made from the database and the engine."""
    played = [
        dataclasses.replace(m, played_on=timezone.localtime(m.played_on))
        for m in tables.played_matches(table)
    ]
    tokens = dict(table.matches.values_list("pk", "read_token" if read_only else "token"))
    page = "match_read" if read_only else "match"

    def link(match: stats.PlayedMatch) -> str:
        return request.build_absolute_uri(reverse(page, args=[tokens[match.key]]))

    return writer(
        played,
        names,
        link=link,
        labels={key: str(label) for key, label in labels.items()},
        words={
            column: {code: str(text) for code, text in texts.items()}
            for column, texts in CSV_WORDS.items()
        },
    )


@require_safe
@cache_control(private=True, no_store=True)  # the table's names and links: no shared cache
def table_matches_csv(request: HttpRequest, token: str) -> HttpResponse:
    return _csv(request, token, exports.matches_csv, MATCH_LABELS, gettext("parties"))


@require_safe
@cache_control(private=True, no_store=True)  # the table's names and links: no shared cache
def table_hands_csv(request: HttpRequest, token: str) -> HttpResponse:
    return _csv(request, token, exports.hands_csv, HAND_LABELS, gettext("donnes"))


@require_safe
@cache_control(private=True, no_store=True)  # the table's names and links: no shared cache
def table_matches_csv_read(request: HttpRequest, token: str) -> HttpResponse:
    return _csv(
        request, token, exports.matches_csv, MATCH_LABELS, gettext("parties"), read_only=True
    )


@require_safe
@cache_control(private=True, no_store=True)  # the table's names and links: no shared cache
def table_hands_csv_read(request: HttpRequest, token: str) -> HttpResponse:
    return _csv(request, token, exports.hands_csv, HAND_LABELS, gettext("donnes"), read_only=True)
