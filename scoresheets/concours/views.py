"""Views of the concours (docs/concours.md, "The web part").

Two links, as a table of friends has: the organiser's (``/c/<token>/``,
here: every write, registration at the door, the draw, swaps, abandons,
penalties) and the room's (``/voir/concours/<read_token>/salle/``, nothing
writes: the room's screen, on the projector and on every phone, its team
followed: ``concours_room_views``). A wrong token is a 404. Every write is
a plain form posted to its own URL (works without JavaScript), answered
with a 303 back to the organiser's page, or that page again with the
problem at its form (422). The page's live part refreshes itself with htmx
when it is there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from scoresheets import ratelimits
from scoresheets.concours import document as cdoc
from scoresheets.concours import room as room_of
from scoresheets.concours import services as cs
from scoresheets.concours.forms import (
    BulkEntrantForm,
    ConcoursForm,
    DrawForm,
    EntrantForm,
    PenaltyForm,
    SwapForm,
    concours_message,
)
from scoresheets.games import registry
from scoresheets.matches.view_helpers import STALE_PAGE, remember, remembered, see_other
from scoresheets.models import Concours, ConcoursEntrant, ConcoursPenalty
from scoresheets.sync import busy, push
from scoresheets.sync.ladder import Answer, attempt

MY_CONCOURS = "my_concours"  # session key: the organiser's links this browser opened
MY_CONCOURS_MAX = 10


def get_concours_or_404(token: str) -> Concours:
    """The concours of an organiser's URL token, or a 404."""
    return get_object_or_404(Concours, token=token)


def my_concours(request: HttpRequest) -> list[Concours]:
    """This browser's concours (organiser's links), last opened first; no
    query when it has none."""
    return remembered(request, MY_CONCOURS, Concours.objects.all())


# Where the organiser's page says a form's outcome: the section its form
# is in (its id: the form's action and its 303 land there), "top" for the rest.
NOTE_PLACES = ("tirage", "inscription", "equipes", "penalites")


def _notes(request: HttpRequest) -> dict[str, list[Any]]:
    """This request's messages by the section of the organiser's page that
    says them (their ``extra_tags``, :data:`NOTE_PLACES`)."""
    notes: dict[str, list[Any]] = {}
    for message in messages.get_messages(request):
        place = message.extra_tags if message.extra_tags in NOTE_PLACES else "top"
        notes.setdefault(place, []).append(message)
    return notes


def _organiser_url(concours: Concours, anchor: str = "") -> str:
    url = reverse("concours", args=[concours.token])
    return f"{url}#{anchor}" if anchor else url


# --------------------------------------------------------------------------
# New concours
# --------------------------------------------------------------------------


@require_http_methods(["GET", "HEAD", "POST"])
@ratelimits.limited(*ratelimits.TABLES)
def concours_new(request: HttpRequest) -> HttpResponse:
    form = ConcoursForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        write = attempt(
            request,
            lambda: cs.concours_create(
                name=data["name"],
                date=data["date"],
                preset=data["preset"],
                settings=form.settings(),
                key=form.one_time_key(request),
            ),
            form,
        )
        if write.saved:
            remember(request, MY_CONCOURS, write.value.token, MY_CONCOURS_MAX)
            return see_other(_organiser_url(write.value))
    status = busy.status_of(form, 422 if form.is_bound else 200)
    return render(request, "scoresheets/concours_new.html", {"form": form}, status=status)


# --------------------------------------------------------------------------
# The organiser's page
# --------------------------------------------------------------------------


def _standings(state: cs.State) -> list[dict[str, Any]]:
    """The ranking's standings (the core's), each with its number and label
    (none for a knockout: its bracket says it, docs/concours.md 7)."""
    if state.knockout:
        return []
    word = state.settings.entrant_word
    return [
        {**standing, "number": standing[word], "label": state.label(standing[word])}
        for standing in state.ranking()["standings"]
    ]


def _entrant_choices(state: cs.State, *, drawn_only: bool) -> list[tuple[int, str]]:
    """The entrants as choices ("7 · Les Frangins"): those of the current
    draw (``drawn_only``) or those present in the current partie."""
    current = state.current
    if current is None:
        return []
    if drawn_only:
        numbers = sorted(
            {n for t in current.tables for n in (*t.side_a, *t.side_b)} | set(current.partie.byes)
        )
    else:
        numbers = [e.number for e in state.entrants if e.present_at(current.number)]
    return [(n, f"{n} · {state.label(n)}") for n in numbers]


def format_words(settings: cdoc.Settings, bracket: Any = None) -> str:
    """The concours' format in words: "4 parties de 12 donnes", "3 parties
    de 12 donnes, la dernière de 15", "5 parties en 2001 points"; a
    knockout's (``bracket``): "Élimination directe, matchs de 1000 points,
    au meilleur des trois, match pour la 3e place"."""

    def length(value: cdoc.Length) -> str:
        if value.donnes is not None:
            return ngettext("%(n)s donne", "%(n)s donnes", value.donnes) % {"n": value.donnes}
        return gettext("%(n)s points") % {"n": value.target}

    if bracket is not None:
        text = gettext("Élimination directe, matchs de %(length)s") % {
            "length": length(bracket.settings.length)
        }
        if bracket.settings.best_of > 1:
            text += gettext(", au meilleur des trois")
        if bracket.settings.third_place:
            text += gettext(", match pour la 3e place")
        return text
    text = ngettext(
        "%(n)s partie de %(length)s", "%(n)s parties de %(length)s", settings.parties
    ) % {"n": settings.parties, "length": length(settings.length)}
    if settings.last_length != settings.length:
        text += gettext(", la dernière de %(length)s") % {"length": length(settings.last_length)}
    return text


# Seconds between two refreshes of the organiser's live part.
ORGANISER_REFRESH = 5


def _organiser_page(
    request: HttpRequest, concours: Concours, status: int = 200, **forms: Any
) -> HttpResponse:
    state = cs.load(concours)
    melee = state.settings.mode is cdoc.Mode.MELEE
    started = state.started()
    current = state.current
    context = {
        "format_words": format_words(state.settings, state.bracket),
        # A knockout's bracket, each tie linked to its sheet (docs/concours.md 7).
        "bracket": room_of.bracket_view(state) if state.knockout else [],
        "concours": state.concours,
        "state": state,
        "settings": state.settings,
        "current": current,
        "lines": cs.table_lines(state, current) if current else [],
        "byes": [state.label(n) for n in current.partie.byes] if current else [],
        # "7/12": the donnes of a partie in donnes (None for one to a target).
        "donnes_limit": state.settings.length_of(current.number).donnes if current else None,
        "melee": melee,
        # The room's screen: the address given to the hall (projector, phones).
        "read_url": request.build_absolute_uri(
            reverse("concours_room_read", args=[state.concours.read_token])
        ),
    }
    context.update(
        {
            "organiser_url": request.build_absolute_uri(_organiser_url(concours)),
            # What the live part refreshes from: the page's own address, also
            # after a refused form (whose page answered a POST to another URL).
            "live_url": _organiser_url(concours),
            # The organiser waits for the last table to draw the next partie:
            # its end seen within 5 s (one screen, so the cost is nothing).
            "live_every": ORGANISER_REFRESH,
            # ... and at once by push (concours.events), where it is offered.
            "push": push.stream_offered(),
            "standings": _standings(state),
            "started": started,
            # A knockout's draw is kept once any match has a hand.
            "started_any": state.knockout and state.any_started(),
            "entrants": [
                {
                    "entrant": e,
                    "label": cs.entrant_label(e),
                    "can_return": e.left_after is not None and e.left_after == len(state.parties),
                    # Not played yet: leaving strikes it off (a confirmation first).
                    "struck_off": e.arrived > len(state.parties),
                }
                for e in state.entrants
            ],
            "entrant_form": forms.get("entrant_form") or EntrantForm(melee=melee),
            "bulk_form": forms.get("bulk_form") or BulkEntrantForm(melee=melee),
            "draw_form": forms.get("draw_form") or DrawForm(),
            "swap_form": forms.get("swap_form")
            or SwapForm(choices=_entrant_choices(state, drawn_only=True)),
            "penalty_form": forms.get("penalty_form")
            or PenaltyForm(choices=_entrant_choices(state, drawn_only=False)),
            "penalties": [(p, state.label(p.entrant)) for p in state.penalties],
            # The usual penalties of its game, offered beside the field.
            "penalty_points": registry.get(state.settings.game).penalty_points,
            "focus": forms.get("focus", ""),
            "notes": _notes(request),
        }
    )
    return render(request, "scoresheets/concours.html", context, status=status)


ENTRANT_NUMBER_MAX = 999_999  # the largest number looked up (the database's integer)


@require_safe
def concours_detail(request: HttpRequest, token: str) -> HttpResponse:
    concours = get_concours_or_404(token)
    remember(request, MY_CONCOURS, concours.token, MY_CONCOURS_MAX)
    return _organiser_page(request, concours, focus=request.GET.get("saisie", ""))


def _registered(entrant: ConcoursEntrant) -> str:
    """ "N° 7 : Les Frangins, inscrit." """
    return gettext("N° %(number)s : %(name)s, inscrit.") % {
        "number": entrant.number,
        "name": cs.entrant_label(entrant),
    }


def _registered_one(entrant: ConcoursEntrant) -> str:
    text = _registered(entrant)
    if entrant.arrived > 1:
        text += " " + gettext("Il jouera à partir de la partie %(partie)s.") % {
            "partie": entrant.arrived
        }
    return text


def _registered_many(entrants: list[ConcoursEntrant]) -> str:
    if len(entrants) == 1:
        return _registered(entrants[0])
    return gettext("%(count)s inscrits (n° %(first)s à %(last)s).") % {
        "count": len(entrants),
        "first": entrants[0].number,
        "last": entrants[-1].number,
    }


@dataclass(frozen=True)
class Registration:
    """What tells registering one entrant from registering a list (a
    list pasted at the door); :func:`_register` does the rest, the same
    for both.

    ``form_class`` is bound to the POST; ``write(concours, form, key)``
    is the service's write for a valid form and its one-time key;
    ``said(value)`` the message once saved, said in the page's section
    ``place`` (:data:`NOTE_PLACES`), then a 303 to the organiser's page +
    ``back`` (a query or a fragment). A refusal goes to the form's
    ``field`` (``None``: its top), the page again gets the form as
    ``form_name`` and ``focus``. ``count(form)``: the entrants a valid
    form registers, each counted against the door's rate limit."""

    form_class: type[EntrantForm] | type[BulkEntrantForm]
    form_name: str
    write: Callable[[Concours, Any, str | None], Any]
    said: Callable[[Any], str]
    back: str
    place: str
    field: str | None = None
    focus: str = ""
    count: Callable[[Any], int] = lambda form: 1


REGISTER_ONE = Registration(
    form_class=EntrantForm,
    form_name="entrant_form",
    write=lambda concours, form, key: cs.concours_entrant_register(
        concours=concours, name=form.cleaned_data["name"], players=form.players(), key=key
    ),
    said=_registered_one,
    # Back to the form, ready for the next team (?saisie=1: the name field focused;
    # no fragment: a page with a target element skips autofocus). Refused, the
    # page lands on the name field too, its problem under it.
    back="?saisie=1",
    place="inscription",
    focus="1",
)
REGISTER_LIST = Registration(
    form_class=BulkEntrantForm,
    form_name="bulk_form",
    write=lambda concours, form, key: cs.concours_entrants_register(
        concours=concours, rows=form.cleaned_data["lines"], key=key
    ),
    said=_registered_many,
    back="#equipes",
    place="equipes",
    field="lines",
    count=lambda form: len(form.cleaned_data["lines"]),
)


def _register(request: HttpRequest, token: str, how: Registration) -> HttpResponse:
    """Register what the POST holds, ``how`` says (:class:`Registration`):
    saved, its message and a 303; refused or invalid, the organiser's page
    again with the form and why (422, or the busy database's status)."""
    concours = get_concours_or_404(token)
    melee = concours.settings.get("mode") == cdoc.Mode.MELEE
    form = how.form_class(request.POST, melee=melee)
    if form.is_valid():
        # Each team registered counts against the door's limit, not each request.
        wait = ratelimits.count(request, ratelimits.REGISTRATION, how.count(form) - 1)
        if wait is not None:
            return ratelimits.too_many_requests(request, wait)
        key = form.one_time_key(request)
        write = attempt(request, lambda: how.write(concours, form, key), form, field=how.field)
        if write.saved:
            messages.success(request, how.said(write.value), extra_tags=how.place)
            return see_other(_organiser_url(concours) + how.back)
    status = busy.status_of(form, 422)
    return _organiser_page(
        request, concours, status=status, focus=how.focus, **{how.form_name: form}
    )


@require_POST
@ratelimits.limited(*ratelimits.REGISTRATION)
def concours_register(request: HttpRequest, token: str) -> HttpResponse:
    return _register(request, token, REGISTER_ONE)


@require_POST
@ratelimits.limited(*ratelimits.REGISTRATION)
def concours_register_many(request: HttpRequest, token: str) -> HttpResponse:
    return _register(request, token, REGISTER_LIST)


def _posted_number(request: HttpRequest, name: str = "number") -> int | None:
    value = request.POST.get(name, "")
    return int(value) if value.isascii() and value.isdigit() and len(value) < 7 else None


def _simple_write(request: HttpRequest, concours: Concours, write_of: Any, anchor: str) -> Any:
    """A write without a form (a button): done, 303 back; refused, the
    reason as a message, 303 back too (nothing was changed)."""
    write = attempt(request, write_of, word_not_found=True)
    if not write.saved:
        if write.error is not None and hasattr(write.error, "problems"):
            for problem in write.error.problems:
                messages.error(request, concours_message(problem), extra_tags=anchor)
        else:
            messages.error(request, STALE_PAGE, extra_tags=anchor)
    return write, see_other(_organiser_url(concours, anchor))


@require_http_methods(["GET", "HEAD", "POST"])
def concours_entrant_edit(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """Mend a team's name or players (a typo at the door), on a small page
    of its own (the organiser's page links it from each team's row): saved,
    said at the list; refused, this page again with why (422)."""
    concours = get_concours_or_404(token)
    if number > ENTRANT_NUMBER_MAX:
        raise Http404
    entrant = get_object_or_404(ConcoursEntrant, concours=concours, number=number)
    melee = concours.settings.get("mode") == cdoc.Mode.MELEE
    players = [*entrant.players, "", ""]
    initial = {"name": entrant.name, "player_1": players[0], "player_2": players[1]}
    form = EntrantForm(request.POST or None, melee=melee, initial=initial)
    if request.method == "POST" and form.is_valid():
        write = attempt(
            request,
            lambda: cs.concours_entrant_edit(
                concours=concours,
                number=number,
                name=form.cleaned_data["name"],
                players=form.players(),
            ),
            form,
        )
        if write.saved:
            messages.success(
                request,
                gettext("N° %(number)s : %(name)s, corrigé.")
                % {"number": number, "name": cs.entrant_label(write.value)},
                extra_tags="equipes",
            )
            return see_other(_organiser_url(concours, "equipes"))
    context = {
        "concours": concours,
        "entrant": entrant,
        "label": cs.entrant_label(entrant),
        "form": form,
        "melee": melee,
        "back": _organiser_url(concours, f"equipe-{number}"),
    }
    status = busy.status_of(form, 422) if form.is_bound else 200
    return render(request, "scoresheets/concours_entrant.html", context, status=status)


@require_POST
def concours_leave(request: HttpRequest, token: str) -> HttpResponse:
    concours = get_concours_or_404(token)
    number = _posted_number(request)
    if number is None:
        messages.error(request, STALE_PAGE, extra_tags="equipes")
        return see_other(_organiser_url(concours, "equipes"))
    leaving = concours.entrants.filter(number=number).first()
    write, response = _simple_write(
        request,
        concours,
        lambda: cs.concours_entrant_leave(concours=concours, number=number),
        "equipes",
    )
    if write.saved:
        if write.value is None:
            messages.success(
                request,
                gettext(
                    "N° %(number)s %(name)s : retiré du concours (son numéro ne sera pas redonné)."
                )
                % {"number": number, "name": cs.entrant_label(leaving) if leaving else ""},
                extra_tags="equipes",
            )
        else:
            messages.success(
                request,
                gettext("N° %(number)s : abandon après la partie %(partie)s.")
                % {"number": number, "partie": write.value.left_after},
                extra_tags="equipes",
            )
            seat = cs.seat_of(cs.load(concours), number)
            if seat is not None and seat.table is not None and not seat.table.match.finished:
                messages.warning(
                    request,
                    gettext(
                        "Sa table %(table)s joue encore la partie %(partie)s : qu'elle "
                        "la finisse (ses donnes comptent), ou tirez la suivante en "
                        "cochant « Tirer quand même »."
                    )
                    % {"table": seat.table.number, "partie": write.value.left_after},
                    extra_tags="equipes",
                )
    return response


@require_POST
def concours_return(request: HttpRequest, token: str) -> HttpResponse:
    concours = get_concours_or_404(token)
    number = _posted_number(request)
    if number is None:
        return see_other(_organiser_url(concours, "equipes"))
    write, response = _simple_write(
        request,
        concours,
        lambda: cs.concours_entrant_return(concours=concours, number=number),
        "equipes",
    )
    if write.saved:
        messages.success(
            request,
            gettext("N° %(number)s : de retour.") % {"number": number},
            extra_tags="equipes",
        )
    return response


@require_POST
def concours_draw(request: HttpRequest, token: str) -> HttpResponse:
    concours = get_concours_or_404(token)
    form = DrawForm(request.POST)
    if form.is_valid():
        write = attempt(
            request,
            lambda: cs.concours_draw(
                concours=concours,
                force=form.cleaned_data["force"],
                partie=form.cleaned_data["partie"],
            ),
            form,
        )
        if write.saved:
            said = gettext("Partie %(partie)s tirée.") % {"partie": write.value.number}
            if cs.is_knockout(concours):
                said = gettext("Tableau tiré : les premiers matchs sont à leurs tables.")
            messages.success(request, said, extra_tags="tirage")
            return see_other(_organiser_url(concours, "tirage"))
        if write.answer == Answer.REFUSED:
            # Refused (tables still play, nothing left to draw): said at the
            # draw on the organiser's own page, so that a reload there later
            # never sends the draw again (it drew once every table finished).
            for errors in form.errors.values():
                for error in errors:
                    messages.error(request, error, extra_tags="tirage")
            return see_other(_organiser_url(concours, "tirage"))
    return _organiser_page(request, concours, status=busy.status_of(form, 422), draw_form=form)


@require_POST
def concours_undraw(request: HttpRequest, token: str) -> HttpResponse:
    concours = get_concours_or_404(token)
    write, response = _simple_write(
        request, concours, lambda: cs.concours_undraw(concours=concours), "tirage"
    )
    if write.saved:
        said = gettext("Tirage de la partie %(partie)s annulé.") % {"partie": write.value}
        if cs.is_knockout(concours):
            said = gettext("Tirage du tableau annulé.")
        messages.success(request, said, extra_tags="tirage")
    return response


@require_POST
def concours_swap(request: HttpRequest, token: str) -> HttpResponse:
    concours = get_concours_or_404(token)
    state = cs.load(concours)
    form = SwapForm(request.POST, choices=_entrant_choices(state, drawn_only=True))
    if form.is_valid():
        a, b = form.cleaned_data["a"], form.cleaned_data["b"]
        write = attempt(request, lambda: cs.concours_swap(concours=concours, a=a, b=b), form)
        if write.saved:
            messages.success(
                request,
                gettext("N° %(a)s et n° %(b)s échangés.") % {"a": a, "b": b},
                extra_tags="tirage",
            )
            for number in write.value:
                messages.warning(
                    request,
                    gettext("Table %(table)s : ces deux équipes se sont déjà rencontrées.")
                    % {"table": number},
                    extra_tags="tirage",
                )
            return see_other(_organiser_url(concours, "tirage"))
    return _organiser_page(request, concours, status=busy.status_of(form, 422), swap_form=form)


@require_POST
def concours_penalty(request: HttpRequest, token: str) -> HttpResponse:
    concours = get_concours_or_404(token)
    state = cs.load(concours)
    form = PenaltyForm(request.POST, choices=_entrant_choices(state, drawn_only=False))
    if form.is_valid():
        data = form.cleaned_data
        write = attempt(
            request,
            lambda: cs.concours_penalty(
                concours=concours,
                entrant=data["entrant"],
                points=data["points"],
                kind=data["kind"],
                reason=data["reason"],
            ),
            form,
        )
        if write.saved:
            messages.success(
                request,
                gettext("Pénalité de %(points)s points au n° %(number)s.")
                % {"points": data["points"], "number": data["entrant"]},
                extra_tags="penalites",
            )
            return see_other(_organiser_url(concours, "penalites"))
    return _organiser_page(request, concours, status=busy.status_of(form, 422), penalty_form=form)


@require_POST
def concours_penalty_delete(request: HttpRequest, token: str, penalty_id: int) -> HttpResponse:
    concours = get_concours_or_404(token)
    write, response = _simple_write(
        request,
        concours,
        lambda: cs.concours_penalty_delete(concours=concours, penalty_id=penalty_id),
        "penalites",
    )
    if write.saved:
        messages.success(request, gettext("Pénalité retirée."), extra_tags="penalites")
    return response


# Kept for the views' readers: the models a page's rows are.
__all__ = [
    "ConcoursEntrant",
    "ConcoursPenalty",
    "concours_detail",
    "concours_draw",
    "concours_entrant_edit",
    "concours_leave",
    "concours_new",
    "concours_penalty",
    "concours_penalty_delete",
    "concours_register",
    "concours_register_many",
    "concours_return",
    "concours_swap",
    "concours_undraw",
]
