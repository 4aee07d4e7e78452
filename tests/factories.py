"""A small hand-written factory for the view tests: matches and hands with defaults."""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from typing import Any

from scoresheets import scoring
from scoresheets.concours import services as cs
from scoresheets.matches import services
from scoresheets.models import Match

NAMES = ("Alice", "Bob", "Claire", "Dan")  # seats 1-4: Alice & Claire (A) vs Bob & Dan (B)
RULE_KEYS = tuple(scoring.Rules.__dataclass_fields__)


def make_match(*, names: tuple[str, ...] = NAMES, **kwargs: Any) -> Match:
    """A match of the four default players; rule keywords override the classic rules
    (1000 points, no announcements), other keywords go to ``services.match_create``."""
    rules = {"announcements": False}
    rules.update({key: kwargs.pop(key) for key in RULE_KEYS if key in kwargs})
    return services.match_create(names=names, rules=scoring.Rules(**rules), **kwargs)


def hand(taker: str | None = "A", points: int | None = None, **kwargs: Any) -> scoring.HandInput:
    """A hand taken by ``taker``; ``points`` are the taker's team's trick points."""
    if points is not None:
        kwargs.setdefault("points_team", taker)
        kwargs["trick_points"] = points
    if "announcements" in kwargs and isinstance(kwargs["announcements"], dict):
        ann = kwargs["announcements"]
        kwargs["announcements"] = scoring.Pair(ann.get("A", 0), ann.get("B", 0))
    return scoring.HandInput(taker=taker, **kwargs)


def play(match: Match, *hands: scoring.HandInput) -> Match:
    """Record ``hands`` in order (takers known by team only) and return the fresh match."""
    for one in hands:
        services.hand_record(match=match, hand=one)
    return Match.objects.get(pk=match.pk)


def entry_form(match: Match, data: Mapping[str, Any] | None = None, **typed: Any) -> dict[str, Any]:
    """The POST body of ``match``'s entry form (``M/donnes/``) as its page
    would post it now: ``data`` and ``typed``, with ``match_version`` the
    match's version as the database holds it now (issue 21: every new hand
    carries the version of the sheet it was typed on), unless given. One
    place for every test that posts a new hand; a test of a stale form gives
    the version it saw."""
    body = {**(data or {}), **typed}
    if "match_version" not in body:
        version = Match.objects.values_list("version", flat=True).get(pk=match.pk)
        body["match_version"] = str(version)
    return body


# The new-match form (/nouvelle/, and a table's /t/<token>/nouvelle/) as a page
# without its script posts it, at the "classique" preset: one place for every
# test (and bench/bench_limits.py) that creates a match through the form.
NEW_MATCH_RULES = {
    "preset": "classique",
    "target": "1000",
    "capot_points": "252",
    "rounding": "none",
    "litige": "reserve",
    "renonce": "penalty",
    "win_needs_trick": "on",
    "card_names": "french",
}


def new_match_form(names: Sequence[str] | None = NAMES, **overrides: Any) -> dict[str, Any]:
    """The POST body of the new-match form: ``names`` in seats 1-4 (``None``:
    no name fields, a table's form picks its players), the first dealer in
    seat 1, :data:`NEW_MATCH_RULES`; ``overrides`` replace or add fields, and
    one given as ``None`` is left out."""
    players = {f"player_{seat}": name for seat, name in enumerate(names or (), start=1)}
    data = {**players, "first_dealer": "1", **NEW_MATCH_RULES, **overrides}
    return {key: value for key, value in data.items() if value is not None}


def asgi_scope(path: str, query: str = "") -> dict:
    """The ASGI scope of a phone's ``GET path?query`` on 127.0.0.1 (HTTP/1.1)."""
    return {
        "type": "http", "method": "GET", "path": path, "raw_path": path.encode(),
        "root_path": "", "query_string": query.encode(), "scheme": "http",
        "server": ("127.0.0.1", 80), "client": ("127.0.0.1", 5000),
        "headers": [(b"host", b"127.0.0.1")], "http_version": "1.1", "asgi": {"version": "3.0"},
    }  # fmt: skip


async def asgi_get(app, path: str, query: str = "") -> tuple[int, dict[str, str]]:
    """A phone's ``GET path?query`` answered by the ASGI ``app`` (it stays
    connected): the status and the headers (names in lower case)."""
    import asyncio

    sent: list[dict] = []
    bodies = [{"type": "http.request", "body": b"", "more_body": False}]

    async def receive():
        if bodies:
            return bodies.pop()
        await asyncio.Event().wait()  # the phone stays connected

    async def send(message):
        sent.append(message)

    await app(asgi_scope(path, query), receive, send)
    start = sent[0]
    return start["status"], {k.decode().lower(): v.decode() for k, v in start["headers"]}


def counting_django() -> tuple[object, list[str]]:
    """Django's ASGI handler, and the list of the paths that reached it."""
    from django.core.handlers.asgi import ASGIHandler

    reached: list[str] = []
    django = ASGIHandler()

    async def counting(scope, receive, send):
        reached.append(scope["path"])
        await django(scope, receive, send)

    return counting, reached


def night_concours(day, teams, *, mode="teams", preset="classique", played=True, name=None):
    """A concours on 2026-01-``day`` of one partie to 300 points, ``teams``
    registered as (name, players) (à la mêlée: names), played to the end
    (team A of every table wins) unless ``played`` is false (a season's
    night, docs/concours.md 6.5)."""
    settings = {"parties": 1, "length": {"target": 300}, "mode": mode}
    concours = cs.concours_create(
        name=name or f"Vendredi {day}",
        date=datetime.date(2026, 1, day),
        preset=preset,
        settings=settings,
    )
    for team in teams:
        if mode == "melee":
            cs.concours_entrant_register(concours=concours, name=team)
        else:
            cs.concours_entrant_register(concours=concours, name=team[0], players=team[1])
    if played:
        cs.concours_draw(concours=concours)
        for table in cs.load(concours).current.tables:
            for _ in range(2):
                services.hand_record(match=table.match, hand=scoring.HandInput("A", "A", 162))
    return concours


def render_room_at_every_change(monkeypatch) -> None:
    """The concours room's shared live part rendered again at every change
    (``room_views.ROOM_REFRESH`` and its big hall's share, which their own
    tests check), for tests that follow the room change by change."""
    from scoresheets.concours import room_views

    monkeypatch.setattr(room_views, "ROOM_REFRESH", 0)
    monkeypatch.setattr(room_views, "ROOM_RENDER_SHARE", float("inf"))
