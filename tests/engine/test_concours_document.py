"""The results document's validation (docs/concours.md, 1) and the
ranking's invariants (2), on examples and on random documents (hypothesis).
Arbitrary JSON only ever raises MatchError."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoresheets.concours.document import Game, Length, parse_concours
from scoresheets.concours.ranking import rank_document
from scoresheets.scoring import MatchError
from scoresheets.scoring.engines import ENGINES
from scoresheets.scoring.kernel import ConcoursFacts

FAST = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])

VALID: dict[str, Any] = {
    "settings": {"parties": 3},
    "teams": [{"number": 1}, {"number": 2}, {"number": 3}, {"number": 4}, {"number": 5}],
    "parties": [
        {
            "tables": [
                {"teams": [1, 2], "points": [1000, 900]},
                {"teams": [3, 4], "points": [800, 700]},
            ],
            "byes": [5],
        },
    ],
    "penalties": [{"team": 1, "partie": 1, "points": 162}],
}


def problems(document: Any) -> list[tuple[str, str]]:
    with pytest.raises(MatchError) as info:
        parse_concours(document)
    return [(p.field, p.code) for p in info.value.problems]


def changed(path: str, value: Any) -> dict[str, Any]:
    """VALID with the value at ``path`` (dotted, list indexes 0-based) set."""
    document = copy.deepcopy(VALID)
    *parents, last = path.split(".")
    node: Any = document
    for key in parents:
        node = node[int(key)] if isinstance(node, list) else node.setdefault(key, {})
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    return document


def test_the_valid_document_is_valid():
    concours = parse_concours(VALID)
    assert concours.settings.length == Length(donnes=12)
    assert concours.settings.draw == 1  # (2 + 1) // 2
    assert [e.number for e in concours.present_at(1)] == [1, 2, 3, 4, 5]


@pytest.mark.parametrize(
    ("path", "value", "expected"),
    [
        ("settings.game", "tarot", ("settings.game", "invalid_choice")),
        ("settings.mode", "solo", ("settings.mode", "invalid_choice")),
        ("settings.parties", 0, ("settings.parties", "out_of_range")),
        ("settings.parties", True, ("settings.parties", "not_integer")),
        ("settings.length", {"donnes": 12, "target": 1000}, ("settings.length", "one_of")),
        ("settings.length", {}, ("settings.length", "one_of")),
        ("settings.last_length", {"donnes": 0}, ("settings.last_length.donnes", "out_of_range")),
        ("settings.length", [12], ("settings.length", "not_object")),
        ("settings.ranking", "wins", ("settings.ranking", "invalid_choice")),
        ("settings.win_points", {"win": 1, "draw": 2}, ("settings.win_points", "win_points_order")),
        ("settings.win_points", {"tie": 1}, ("settings.win_points.tie", "unknown_key")),
        ("settings.tiebreaks", "difference", ("settings.tiebreaks", "not_list")),
        ("settings.tiebreaks", ["wins", "wins"], ("settings.tiebreaks[2]", "duplicate_tiebreak")),
        ("settings.tiebreaks", ["points"], ("settings.tiebreaks[1]", "redundant_tiebreak")),
        ("settings.bye", {"kind": "fixed"}, ("settings.bye.points", "required")),
        ("settings.bye", {"kind": "half", "points": 9}, ("settings.bye.points", "not_allowed")),
        ("settings.bye", {"points": 9}, ("settings.bye.kind", "required")),
        (
            "settings.bye",
            {"kind": "half", "win_points": 101},
            ("settings.bye.win_points", "out_of_range"),
        ),
        ("settings.colour", 1, ("settings.colour", "unknown_key")),
        ("teams.0.number", 0, ("teams[1].number", "out_of_range")),
        ("teams.1.number", 1, ("teams[2].number", "duplicate_number")),
        ("teams.0.name", "", ("teams[1].name", "out_of_range")),
        ("teams.0.name", 7, ("teams[1].name", "not_string")),
        ("teams.0.players", ["a", "b", "c"], ("teams[1].players", "out_of_range")),
        ("teams.0.arrived", 4, ("teams[1].arrived", "out_of_range")),
        ("teams.0.left_after", 3, ("teams[1].left_after", "out_of_range")),
        ("teams.0", [], ("teams[1]", "not_object")),
        ("teams", {}, ("teams", "not_list")),
        ("parties.0.tables.0.teams", [1], ("parties[1].tables[1].teams", "wrong_size")),
        ("parties.0.tables.0.points", [1, 2, 3], ("parties[1].tables[1].points", "wrong_size")),
        ("parties.0.tables.0.finished", "yes", ("parties[1].tables[1].finished", "not_boolean")),
        ("parties.0.tables.0.teams", [1, 6], ("parties[1].tables[1].teams[2]", "unknown_team")),
        ("parties.0.tables.0", {"points": [1, 2]}, ("parties[1].tables[1].teams", "required")),
        ("parties.0.byes", [5, 6], ("parties[1].byes", "too_many_byes")),
        ("parties.0.byes", [], ("parties[1]", "not_placed")),
        ("parties.0.byes", [1], ("parties[1].byes[1]", "placed_twice")),
        ("parties.0", {"byes": [5]}, ("parties[1].tables", "required")),
        ("penalties.0.team", 9, ("penalties[1].team", "unknown_team")),
        ("penalties.0.player", 1, ("penalties[1].player", "not_in_mode")),
        ("penalties.0.partie", 2, ("penalties[1].partie", "out_of_range")),
        ("penalties.0.points", 0, ("penalties[1].points", "out_of_range")),
        ("penalties.0.kind", "removed", ("penalties[1].kind", "invalid_choice")),
        ("penalties.0.reason", 5, ("penalties[1].reason", "not_string")),
        ("penalties.0.team", 5, ("penalties[1].kind", "no_opponents")),
        ("penalties", {}, ("penalties", "not_list")),
        ("players", [], ("players", "not_in_mode")),
        ("settings", None, ("settings", "not_object")),
    ],
)
def test_each_problem_names_its_field_and_code(path: str, value: Any, expected: tuple[str, str]):
    assert expected in problems(changed(path, value))


def test_a_late_team_seated_early_and_a_dropped_one_seated_late():
    document = changed("teams.3", {"number": 4, "arrived": 2})
    assert ("parties[1].tables[2].teams[2]", "not_present") in problems(document)
    document = changed("teams.0", {"number": 1, "left_after": 1})
    document["parties"].append({"tables": [{"teams": [1, 2]}, {"teams": [3, 4]}], "byes": [5]})
    assert ("parties[2].tables[1].teams[1]", "not_present") in problems(document)


def test_a_penalty_for_an_absent_team():
    document = changed("teams.4", {"number": 5, "arrived": 2})
    document["parties"][0]["byes"] = []
    document["penalties"] = [{"team": 5, "partie": 1, "points": 162, "kind": "deducted"}]
    assert problems(document) == [("penalties[1].team", "not_present")]


def test_melee_tables_and_codes():
    document = {
        "settings": {"mode": "melee"},
        "players": [{"number": n} for n in range(1, 6)],
        "parties": [{"tables": [{"teams": [[1, 2], [3, 9]]}], "byes": [5]}],
        "penalties": [{"team": 1, "partie": 1, "points": 1}],
    }
    assert problems(document) == [("parties[1].tables[1].teams[2][2]", "unknown_player")]
    document["parties"][0]["tables"][0]["teams"][1] = [3, 4]
    assert problems(document) == [
        ("penalties[1].team", "not_in_mode"),
        ("penalties[1].player", "required"),
    ]
    document["penalties"] = [{"player": 1, "partie": 1, "points": 1}]
    parse_concours(document)
    document["parties"][0]["tables"][0]["teams"] = [1, 2]
    assert ("parties[1].tables[1].teams[1]", "not_list") in problems(document)


def test_too_many_entrants():
    document = {"teams": [{"number": n} for n in range(1, 1002)], "parties": []}
    assert problems(document) == [("teams", "out_of_range")]


@pytest.mark.parametrize("document", [None, [], "x", 3, {"teams": []}, {"parties": []}])
def test_the_document_itself(document: Any):
    assert problems(document)


# --------------------------------------------------------------------------
# Random valid documents: the ranking's invariants (2)
# --------------------------------------------------------------------------


@st.composite
def documents(draw) -> dict[str, Any]:
    melee = draw(st.booleans())
    size = 2 if melee else 1
    n = draw(st.integers(0, 14))
    parties = draw(st.integers(1, 5))
    entrants = []
    for number in draw(st.permutations(list(range(1, n + 1)))):
        entrant: dict[str, Any] = {"number": number}
        arrived = draw(st.integers(1, parties))
        if arrived > 1:
            entrant["arrived"] = arrived
        if arrived < parties and draw(st.booleans()):
            entrant["left_after"] = draw(st.integers(arrived, parties - 1))
        entrants.append(entrant)
    settings_: dict[str, Any] = {
        "parties": parties,
        "mode": "melee" if melee else "teams",
        "ranking": draw(st.sampled_from(["points", "win_points"])),
        "bye": draw(
            st.sampled_from(
                [
                    {"kind": "half"},
                    {"kind": "average"},
                    {"kind": "fixed", "points": 700, "win_points": 3},
                ]
            )
        ),
    }
    names = ["difference", "conceded", "wins", "direct"]
    if settings_["ranking"] == "win_points":
        names.append("points")
    settings_["tiebreaks"] = draw(st.lists(st.sampled_from(names), unique=True, max_size=4))
    document = {"settings": settings_, "players" if melee else "teams": entrants, "parties": []}
    rng = random.Random(draw(st.integers(0, 2**32)))
    played = draw(st.integers(0, parties))
    for partie in range(1, played + 1):
        present = [e["number"] for e in entrants if _present(e, partie)]
        rng.shuffle(present)
        byes_count = len(present) % (2 * size)
        byes, seated = present[:byes_count], present[byes_count:]
        sides = [seated[i : i + size] for i in range(0, len(seated), size)]
        tables = []
        for i in range(0, len(sides), 2):
            a, b = sides[i], sides[i + 1]
            table = {"teams": [a, b] if melee else [a[0], b[0]]}
            if rng.random() < 0.9:
                table["points"] = [rng.choice([0, 500, 1000, rng.randrange(2000)]) for _ in "ab"]
                table["finished"] = rng.random() < 0.9
            tables.append(table)
        document["parties"].append({"tables": tables, "byes": byes})
    penalties = []
    word = "player" if melee else "team"
    for partie, raw in enumerate(document["parties"], 1):
        for table in raw["tables"]:
            if rng.random() < 0.2:
                side = table["teams"][0]
                penalties.append(
                    {
                        word: side[0] if melee else side,
                        "partie": partie,
                        "points": 162,
                        "kind": rng.choice(["to_opponents", "deducted"]),
                    }
                )
    document["penalties"] = penalties
    return document


def _present(entrant: dict[str, Any], partie: int) -> bool:
    left = entrant.get("left_after")
    return entrant.get("arrived", 1) <= partie and (left is None or partie <= left)


@FAST
@given(documents())
def test_the_ranking_adds_up(document):
    ranking = rank_document(document)
    standings = ranking["standings"]
    key = "player" if document["settings"]["mode"] == "melee" else "team"
    entrants = document["players" if key == "player" else "teams"]
    assert sorted(s[key] for s in standings) == sorted(e["number"] for e in entrants)
    # 2.1: every point scored is conceded by someone, byes on both sides;
    # only deducted penalties make the difference.
    deducted = sum(p["points"] for p in document["penalties"] if p["kind"] == "deducted")
    assert sum(s["difference"] for s in standings) == -deducted
    for s in standings:
        assert s["difference"] == s["points"] - s["conceded"]
        assert s["wins"] + s["draws"] + s["losses"] <= s["parties"]
        assert s["parties"] + s["byes"] <= ranking["parties_played"]
    # 2.3: ranks start at 1, never go down, and a shared rank is ex aequo.
    ranks = [s["rank"] for s in standings]
    assert ranks == sorted(ranks) and (not ranks or ranks[0] == 1)
    for place, s in enumerate(standings, 1):
        assert s["rank"] == 1 + sum(1 for other in standings if other["rank"] < s["rank"])
        assert s["ex_aequo"] == (ranks.count(s["rank"]) > 1)
        assert s["rank"] <= place
    first = "points" if ranking["ranking"] == "points" else "win_points"
    values = [s[first] for s in standings]
    assert values == sorted(values, reverse=True)


@FAST
@given(documents(), st.randoms(use_true_random=False))
def test_the_ranking_ignores_the_order_of_the_document(document, rnd):
    before = rank_document(document)
    shuffled = copy.deepcopy(document)
    key = "players" if document["settings"]["mode"] == "melee" else "teams"
    rnd.shuffle(shuffled[key])
    rnd.shuffle(shuffled["penalties"])
    for partie in shuffled["parties"]:
        rnd.shuffle(partie["tables"])
        for table in partie["tables"]:
            if rnd.random() < 0.5:
                table["teams"].reverse()
                if "points" in table:
                    table["points"].reverse()
    assert rank_document(shuffled) == before


@FAST
@given(documents())
def test_the_ranking_document_is_json_and_the_same_each_time(document):
    first = rank_document(document)
    assert json.loads(json.dumps(first)) == first == rank_document(copy.deepcopy(document))


# --------------------------------------------------------------------------
# Arbitrary JSON: only MatchError, ever
# --------------------------------------------------------------------------

JSON_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 2_000_000),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=6),
    st.sampled_from(["belote", "coinche", "melee", "teams", "half", "fixed", "points", "direct"]),
)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda children: st.one_of(
        st.lists(children, max_size=4),
        st.dictionaries(st.text(max_size=8), children, max_size=4),
    ),
    max_leaves=12,
)
KEYS = st.sampled_from(
    [
        "settings",
        "teams",
        "players",
        "parties",
        "penalties",
        "number",
        "tables",
        "byes",
        "points",
        "finished",
        "team",
        "player",
        "partie",
        "kind",
        "mode",
        "bye",
        "arrived",
        "left_after",
        "win_points",
        "tiebreaks",
        "length",
        "game",
    ]
)
DOCUMENTS = st.recursive(
    JSON_SCALARS,
    lambda children: st.one_of(
        st.lists(children, max_size=4), st.dictionaries(KEYS, children, max_size=5)
    ),
    max_leaves=20,
)


@FAST
@given(st.one_of(JSON_VALUES, DOCUMENTS))
def test_arbitrary_json_only_ever_raises_match_error(document):
    try:
        rank_document(document)
    except MatchError as exc:
        assert exc.problems


@st.composite
def almost_valid(draw) -> Any:
    """A valid document with one value anywhere replaced by arbitrary JSON."""
    document = draw(documents())
    paths: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, value in list(items):
            paths.append((node, key))
            if isinstance(value, dict | list):
                walk(value)

    walk(document)
    if paths:
        node, key = draw(st.sampled_from(paths))
        node[key] = draw(JSON_VALUES)
    return document


@FAST
@given(almost_valid())
def test_almost_valid_documents_only_ever_raise_match_error(document):
    try:
        rank_document(document)
    except MatchError as exc:
        assert exc.problems
        assert all(p.field and p.code and p.hand is None for p in exc.problems)


# The concours' games are the engines' (issue 28): each game's package says
# what a concours needs of it (Engine.concours); the concours core lists none.


@pytest.mark.parametrize("name", [n for n, e in ENGINES.items() if e.concours])
def test_a_game_s_defaults_are_its_engine_s(name):
    facts = ENGINES[name].concours
    settings = parse_concours({"settings": {"game": name}, "teams": [], "parties": []}).settings
    assert settings.game == name
    assert settings.ranking == facts.ranking
    assert settings.length == Length(donnes=facts.donnes, target=facts.target)


def test_the_games_a_concours_offers_are_those_whose_engine_says_how():
    games = [name for name, engine in ENGINES.items() if engine.concours]
    assert [str(g) for g in Game] == games
    with pytest.raises(MatchError) as refused:
        parse_concours({"settings": {"game": "tarot"}, "teams": [], "parties": []})
    assert [(p.field, p.code) for p in refused.value.problems] == [
        ("settings.game", "invalid_choice")
    ]


@pytest.mark.parametrize("lengths", [{}, {"donnes": 12, "target": 2001}])
def test_a_game_s_concours_facts_give_one_length(lengths):
    with pytest.raises(ValueError, match="one of donnes and target"):
        ConcoursFacts("points", **lengths)


# Issue 27, point 8: at coinche a half bye is undefined only for a partie
# in donnes that is played; with one partie, `length` is never played (the
# only partie is the last, `last_length`).


@pytest.mark.parametrize(("parties", "refused"), [(1, False), (2, True)])
def test_a_half_bye_at_coinche_looks_at_the_lengths_played(parties, refused):
    settings = {
        "game": "coinche",
        "parties": parties,
        "length": {"donnes": 12},
        "last_length": {"target": 2001},
        "bye": {"kind": "half"},
    }
    document = {"settings": settings, "teams": [], "parties": []}
    if not refused:
        assert parse_concours(document).settings.parties == 1
        return
    with pytest.raises(MatchError) as problems:
        parse_concours(document)
    assert [(p.field, p.code) for p in problems.value.problems] == [
        ("settings.bye.kind", "bye_undefined")
    ]


# Issue 27, point 8: null meant "absent" for some optional keys (a team's
# name, players, left_after; a table's points, finished) and was refused for
# others (settings.mode, parties, arrived...). 1.1 settles it: below the top
# level, null is the same as absent; at the top level it is refused.


@pytest.mark.parametrize(
    "settings",
    [
        {"mode": None},
        {"game": None, "parties": None, "length": None, "last_length": None},
        {"ranking": None, "tiebreaks": None, "win_points": None, "bye": None},
    ],
)
def test_a_null_setting_is_its_default(settings):
    given = parse_concours({"settings": settings, "teams": [], "parties": []}).settings
    assert given == parse_concours({"teams": [], "parties": []}).settings


def test_a_null_optional_key_of_a_team_is_absent():
    document = {"teams": [{"number": 1, "name": None, "players": None, "arrived": None}]}
    entrant = parse_concours({**document, "parties": []}).entrants[0]
    assert (entrant.name, entrant.arrived) == (None, 1)


@pytest.mark.parametrize("key", ["settings", "teams", "parties"])
def test_a_null_at_the_top_level_is_refused(key):
    document = {"settings": {}, "teams": [], "parties": [], key: None}
    with pytest.raises(MatchError):
        parse_concours(document)


def test_settings_problems_come_in_the_order_of_1_2_s_keys():
    """One problem a setting, given in reverse: reported in the order of
    1.2's table, whatever the document's (issue 28: the settings tables and
    the functions read after them keep this order)."""
    settings = {
        "bye": {"kind": "fixed", "points": -1, "win_points": 101},
        "tiebreaks": ["x"],
        "win_points": {"draw": 101, "loss": -1, "win": "2"},
        "ranking": "x",
        "last_length": {},
        "length": [],
        "parties": 0,
        "mode": "x",
        "game": "x",
    }
    assert problems({"settings": settings, "teams": [], "parties": []}) == [
        ("settings.game", "invalid_choice"),
        ("settings.mode", "invalid_choice"),
        ("settings.parties", "out_of_range"),
        ("settings.length", "not_object"),
        ("settings.last_length", "one_of"),
        ("settings.ranking", "invalid_choice"),
        ("settings.win_points.win", "not_integer"),
        ("settings.win_points.loss", "out_of_range"),
        ("settings.win_points.draw", "out_of_range"),
        ("settings.tiebreaks[1]", "invalid_choice"),
        ("settings.bye.points", "out_of_range"),
        ("settings.bye.win_points", "out_of_range"),
    ]
