"""Fuzz: hypothesis-driven requests to every URL of the site, with malformed
values (wrong types, sizes, NUL, lone surrogates, huge numbers, unknown ids,
another match's ids, wrong tokens, wrong methods, htmx or not). Whatever comes,
the site answers without a 5xx and another match (and its table) is unchanged.

The routes are read from Django's resolver and the field names from the
forms, so that routes and fields added later are fuzzed too. The number of
examples is bounded so that this file stays within a few seconds.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from scoresheets import scoring
from scoresheets.forms import DeviceForm, ImportForm, MatchForm
from scoresheets.games import registry
from scoresheets.matches import services
from scoresheets.models import Hand, Match, Table
from scoresheets.tables import services as tables
from scoresheets.tables.forms import HistoryFilter, PlayerForm, TableForm, TableMatchForm
from tests.factories import hand, play
from tests.routes import Route, routes

pytestmark = pytest.mark.django_db

EXAMPLES = 15  # per route: about 350 requests in all
ROUTES = routes()
METHODS = ["GET", "GET", "POST", "POST", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"]
FIELDS = sorted(
    {
        *(f"rules-{name}" for name in registry.DEFAULT.calculator_rules_form.base_fields),
        *MatchForm.base_fields,
        # Every game's rules (the default game's unprefixed) and hand form.
        *(
            f"{game.form_prefix}-{name}" if game.form_prefix else name
            for game in registry.GAMES.values()
            for name in game.rules_form.base_fields
        ),
        *(name for game in registry.GAMES.values() for name in game.hand_form.base_fields),
        *TableMatchForm.base_fields,
        *(f"person_{seat}" for seat in range(1, 5)),
        *TableForm.base_fields,
        *PlayerForm.base_fields,
        *DeviceForm.base_fields,
        *HistoryFilter.base_fields,
        *ImportForm.base_fields,
        "replace",
        "next",
        "language",
        "page",
        "v",
        "scripted",
    }
)

# Values a form never expects: odd text (NUL, lone surrogates, controls, very
# long), huge and negative numbers, floats, JSON-looking and list-looking text.
TEXT = st.text(alphabet=st.characters(codec=None, exclude_categories=[]), min_size=0, max_size=40)
NASTY = st.sampled_from(
    ["\x00", "1\x00", "\ud800", "a\udfff", "\u202e", " ", "", "-0", "NaN", "9" * 30, "1e999"]
)
ODD = st.one_of(
    NASTY,
    TEXT,
    st.integers(min_value=-(2**70), max_value=2**70).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.sampled_from(["1" * 400, "9" * 30, "x" * 10_000, "[]", "{}", "null", "true", "A", "B"]),
    st.integers(min_value=0, max_value=5).map(str),
)


# Import documents: JSON-ish text with odd values where numbers and names go.
DOCUMENTS = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-(2**80), 2**80), st.floats(), TEXT),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(
            st.sampled_from(
                ["hands", "rules", "taker", "points", "A", "B", "rebelote", "target", "names"]
            ),
            inner,
            max_size=4,
        ),
    ),
    max_leaves=12,
).map(lambda value: json.dumps(value, ensure_ascii=False).encode("utf-8", "surrogatepass"))


class Site:
    """The fuzzed match and table (anything may happen to them) and another
    match with its table, which nothing the fuzz sends may change."""

    def __init__(self) -> None:
        self.table = tables.table_create(name="Jeudi", player_names=["Léa", "Marc", "Zoé", "Paul"])
        self.match = play(
            services.match_create(
                names=("Léa", "Marc", "Zoé", "Paul"), rules=scoring.Rules(), table=self.table
            ),
            hand("A", 100),
            hand("B", 90),
        )
        self.other_table = tables.table_create(
            name="Vendredi", player_names=["Ana", "Bo", "Cy", "Di", "Ed"]
        )
        self.other = play(
            services.match_create(
                names=("Ana", "Bo", "Cy", "Di"),
                rules=scoring.Rules(),
                table=self.other_table,
            ),
            hand("A", 120),
            hand("B", 100),
            hand("A", 81),
        )
        deleted = self.other.hands.order_by("number").last()
        services.hand_delete(match=self.other, hand_id=deleted.pk, expected_version=1)

    def tokens(self) -> list[str]:
        """Every token of the fuzzed match and table (any field named like one, so a
        token added later is fuzzed too), and a well-formed token of nothing."""
        return [
            *(getattr(self.match, f.name) for f in Match._meta.fields if "token" in f.name),
            *(getattr(self.table, f.name) for f in Table._meta.fields if "token" in f.name),
            "x" * 24,
        ]

    def ids(self) -> list[int]:
        """Ids of the fuzzed match and table, and of the other match and table."""
        hands = Hand.objects.filter(match__in=[self.match, self.other])
        players = [*self.table.roster.all(), *self.other_table.roster.all()]
        return [*hands.values_list("pk", flat=True), *(p.pk for p in players)]

    def snapshot(self) -> Any:
        """Everything about the other match and its table that a write could change."""
        match = Match.objects.get(pk=self.other.pk)
        hands = list(
            Hand.objects.filter(match=match)
            .order_by("pk")
            .values_list("pk", "number", "entry", "deleted_at", "version", "taker")
        )
        table = Table.objects.get(pk=self.other_table.pk)
        return (
            match.version,
            match.finished,
            match.team_a_name,
            hands,
            table.name,
            sorted(table.roster.values_list("pk", "name")),
            sorted(table.matches.values_list("pk", flat=True)),
        )


def _form_body(data: list[tuple[str, str]]) -> bytes:
    """An urlencoded body as a browser (or an attacker) sends it: lone
    surrogates go as their UTF-8 bytes, which are not valid UTF-8."""
    return "&".join(
        f"{quote(k, safe='', errors='surrogatepass')}={quote(v, safe='', errors='surrogatepass')}"
        for k, v in data
    ).encode("ascii")


@st.composite
def requests(draw: st.DrawFn, site: Site, route: Route) -> dict[str, Any]:
    """One request to ``route``: its parameters, a method, a query, a body, headers."""
    values = {}
    for name in route.parameters:
        # Half the time a value that reaches the view, else a nasty one or anything.
        known = site.tokens() if name == "token" else [str(i) for i in site.ids()]
        kind = draw(st.integers(0, 3))
        if kind < 2:
            value = draw(st.sampled_from(known))
        elif kind == 2:
            value = draw(st.sampled_from(known)) + draw(NASTY)
        else:
            value = draw(ODD)
        values[name] = quote(value, safe="", errors="surrogatepass") or "0"
    pairs = st.tuples(st.sampled_from(FIELDS), ODD)
    return {
        "path": route.url(**values),
        "name": route.name,
        "method": draw(st.sampled_from(METHODS)),
        "query": draw(st.lists(pairs, max_size=3)),
        "data": draw(st.lists(pairs, max_size=12)),
        "htmx": draw(st.booleans()),
        "upload": draw(st.one_of(st.none(), st.binary(max_size=300), DOCUMENTS))
        if route.name == "match_import"
        else None,
    }


def _send(client: Client, request: dict[str, Any]):
    path = request["path"]
    if request["query"]:
        path += "?" + _form_body(request["query"]).decode()
    headers = {"HX-Request": "true"} if request["htmx"] else {}
    method = request["method"]
    if method == "GET":
        return client.get(path, headers=headers)
    if request["upload"] is not None and method == "POST":
        data = dict(request["data"])
        data["document"] = SimpleUploadedFile("m.json", request["upload"])
        try:
            return client.post(path, data, headers=headers)
        except UnicodeEncodeError:  # the test client cannot send a surrogate in multipart
            data = {k: v.encode("utf-8", "surrogatepass") for k, v in request["data"]}
            data["document"] = SimpleUploadedFile("m.json", request["upload"])
            return client.post(path, data, headers=headers)
    body = _form_body(request["data"])
    return client.generic(
        method, path, body, content_type="application/x-www-form-urlencoded", headers=headers
    )


def test_it_fuzzes_every_route():
    names = {r.name for r in ROUTES}
    assert {"match", "hand_create", "hand_edit", "table", "match_import", "calculator"} <= names
    assert {"taker", "points", "player_1", "name", "device", "document", "joueur"} <= set(FIELDS)


@pytest.fixture
def site(settings) -> Site:
    """The fuzzed site, built once for all the examples of a test (the other
    match must survive all of them together)."""
    settings.RATELIMIT_ENABLE = False  # reach the views: a 429 would be no 5xx either
    return Site()


@hypothesis_settings(
    max_examples=EXAMPLES,
    deadline=None,  # bounded by the number of examples, not by a clock (PostgreSQL, CI)
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@pytest.mark.parametrize("route", ROUTES, ids=lambda r: r.name or r.route)
@given(data=st.data())
def test_it_answers_any_request_without_5xx_nor_touching_another_match(
    data: st.DataObject, site: Site, client: Client, route: Route
):
    before = site.snapshot()
    request = data.draw(requests(site, route), label="request")
    response = _send(client, request)
    assert response.status_code < 500
    assert site.snapshot() == before
