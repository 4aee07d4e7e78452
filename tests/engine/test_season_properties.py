"""Properties of the season's ranking (docs/concours.md, 6): random seasons
of random nights (teams of season players, byes, any points), and any JSON."""

from __future__ import annotations

import json
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoresheets.scoring import MatchError
from scoresheets.season.ranking import rank_season_document

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def nights(draw: st.DrawFn, players: int) -> dict[str, Any]:
    """One night of one or two parties: some season players in teams of two
    (a guest beside the last when odd), tables in order, a bye when odd."""
    here = draw(st.lists(st.integers(1, players), min_size=2, max_size=players, unique=True))
    teams = [here[i : i + 2] for i in range(0, len(here), 2)]
    count = len(teams)
    parties = []
    for _ in range(draw(st.integers(1, 2))):
        order = draw(st.permutations(list(range(1, count + 1))))
        tables = [
            {
                "teams": [order[i], order[i + 1]],
                "points": [draw(st.integers(0, 2000)), draw(st.integers(0, 2000))],
            }
            for i in range(0, count - 1, 2)
        ]
        parties.append({"tables": tables, "byes": [order[-1]] if count % 2 else []})
    concours = {
        "settings": {"parties": len(parties), "bye": {"kind": "fixed", "points": 500}},
        "teams": [{"number": n} for n in range(1, count + 1)],
        "parties": parties,
    }
    entrants = [{"number": n, "players": team} for n, team in enumerate(teams, 1)]
    return {"concours": concours, "entrants": entrants}


@st.composite
def seasons(draw: st.DrawFn) -> dict[str, Any]:
    players = draw(st.integers(2, 10))
    ranking = draw(st.sampled_from(["win_points", "points"]))
    other = "points" if ranking == "win_points" else "win_points"
    options = [other, "difference", "conceded", "wins", "nights"]
    season_settings: dict[str, Any] = {
        "ranking": ranking,
        "tiebreaks": draw(st.lists(st.sampled_from(options), unique=True, max_size=3)),
        "min_nights": draw(st.integers(0, 3)),
        "best_nights": draw(st.one_of(st.none(), st.integers(1, 3))),
    }
    if draw(st.booleans()):
        season_settings["win_points"] = {"win": 4, "loss": 2}
        season_settings["bye"] = {"kind": "fixed", "points": 1000, "win_points": 3}
    return {
        "settings": season_settings,
        "players": [{"number": n} for n in range(1, players + 1)],
        "nights": draw(st.lists(nights(players), max_size=4)),
    }


@FAST
@given(seasons())
def test_every_player_is_listed_once_ranked_ones_first_in_order(season):
    ranking = rank_season_document(season)
    standings = ranking["standings"]
    assert sorted(s["player"] for s in standings) == list(range(1, len(season["players"]) + 1))
    ranked = [s for s in standings if s["ranked"]]
    assert standings[: len(ranked)] == ranked  # the unranked follow
    first = ranking["ranking"]
    for before, after in pairwise(ranked):
        assert before[first] >= after[first]
        assert before["rank"] <= after["rank"]
        if before["rank"] == after["rank"]:
            assert before["player"] < after["player"]
            assert before[first] == after[first]
            assert before["tiebreaks"] == after["tiebreaks"]
            assert before["ex_aequo"] and after["ex_aequo"]
    for place, s in enumerate(ranked, 1):
        assert s["rank"] <= place  # shared ranks leave gaps after them, never before
    min_nights = season["settings"]["min_nights"]
    for s in standings:
        assert s["ranked"] == (s["nights"] >= min_nights)
        assert (s["rank"] is None) == (not s["ranked"])


@FAST
@given(seasons())
def test_a_players_figures_are_the_sums_of_its_counted_nights(season):
    best = season["settings"]["best_nights"]
    for s in rank_season_document(season)["standings"]:
        assert s["nights"] == len(s["by_night"])
        counted = [n for n in s["by_night"] if n["counted"]]
        assert s["counted"] == len(counted) == min(s["nights"], best or s["nights"])
        assert s["points"] == sum(n["points"] for n in counted)
        assert s["win_points"] == sum(n["win_points"] for n in counted)
        assert s["difference"] == s["points"] - s["conceded"]
        if best is not None:  # the counted nights are the best ones
            key = season["settings"]["ranking"]
            left_out = [n for n in s["by_night"] if not n["counted"]]
            for kept in counted:
                for dropped in left_out:
                    assert (kept[key], kept["points"]) >= (dropped[key], dropped["points"])


@FAST
@given(seasons())
def test_every_point_of_a_night_goes_to_the_season_players_of_its_entrant(season):
    if season["settings"]["best_nights"] is not None:
        season["settings"]["best_nights"] = None
    total = sum(s["points"] for s in rank_season_document(season)["standings"])
    expected = 0
    for night in season["nights"]:
        players_of = {e["number"]: len(e["players"]) for e in night["entrants"]}
        bye = night["concours"]["settings"]["bye"]["points"]
        if "bye" in season["settings"]:
            bye = season["settings"]["bye"]["points"]
        for partie in night["concours"]["parties"]:
            for table in partie["tables"]:
                for team, points in zip(table["teams"], table["points"], strict=True):
                    expected += points * players_of[team]
            expected += sum(bye * players_of[team] for team in partie["byes"])
    assert total == expected


@FAST
@given(seasons())
def test_the_order_of_the_nights_changes_nothing_without_best_nights(season):
    season["settings"]["best_nights"] = None
    forward = rank_season_document(season)["standings"]
    season["nights"].reverse()
    backward = rank_season_document(season)["standings"]
    figures = ("rank", "player", "points", "win_points", "conceded", "wins", "nights")
    assert [{k: s[k] for k in figures} for s in forward] == [
        {k: s[k] for k in figures} for s in backward
    ]


@FAST
@given(seasons(), st.data())
def test_another_night_never_takes_a_night_away(season, data):
    before = {s["player"]: s for s in rank_season_document(season)["standings"]}
    season["nights"].append(data.draw(nights(len(season["players"]))))
    for s in rank_season_document(season)["standings"]:
        assert s["nights"] >= before[s["player"]]["nights"]
        if season["settings"]["best_nights"] is None:
            assert s["win_points"] >= before[s["player"]]["win_points"]
            assert s["points"] >= before[s["player"]]["points"]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3000) | st.floats() | st.text(max_size=4),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "settings",
                    "players",
                    "nights",
                    "concours",
                    "entrants",
                    "number",
                    "teams",
                    "parties",
                    "tables",
                    "points",
                    "min_nights",
                    "best_nights",
                    "ranking",
                    "x",
                ]
            ),
            children,
            max_size=5,
        )
    ),
    max_leaves=25,
)


@settings(max_examples=200, deadline=None)
@given(JSON)
def test_any_json_only_ever_raises_match_error(document):
    try:
        json.dumps(rank_season_document(document))
    except MatchError as error:
        assert error.problems
        assert all(p.field and p.code and p.hand is None for p in error.problems)


@FAST
@given(seasons(), st.data())
def test_a_season_broken_anywhere_only_ever_raises_match_error(season, data):
    paths = []

    def walk(value: Any, path: tuple) -> None:
        paths.append(path)
        if isinstance(value, dict):
            for key, item in value.items():
                walk(item, (*path, key))
        elif isinstance(value, list):
            for index, item in enumerate(value):
                walk(item, (*path, index))

    walk(season, ())
    path = data.draw(st.sampled_from(paths[1:]))
    target = season
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = data.draw(st.sampled_from([None, -1, "x", 1.5, [], {}, 10**7, True]))
    try:
        rank_season_document(season)
    except MatchError as error:
        assert error.problems


# Issue 27, point 8: the season's win_points and bye are checked as the
# concours' (1.2) whether or not the season has nights, and reported under
# the season's own settings (6.2), not under a night's.

A_NIGHT = {
    "concours": {
        "settings": {"parties": 1, "length": {"target": 1000}},
        "teams": [{"number": 1}, {"number": 2}],
        "parties": [{"tables": [{"teams": [1, 2], "points": [1000, 900]}], "byes": []}],
    },
    "entrants": [{"number": 1, "players": [1, 2]}, {"number": 2, "players": [3, 4]}],
}
PLAYERS = [{"number": n} for n in (1, 2, 3, 4)]


@pytest.mark.parametrize(
    ("settings", "field", "code"),
    [
        ({"win_points": {"win": 0}}, "settings.win_points", "win_points_order"),
        ({"bye": 0}, "settings.bye", "not_object"),
    ],
)
@pytest.mark.parametrize("nights", [[], [A_NIGHT]])
def test_the_season_s_night_settings_are_checked_under_its_settings(settings, field, code, nights):
    document = {"settings": settings, "players": PLAYERS, "nights": nights}
    with pytest.raises(MatchError) as refused:
        rank_season_document(document)
    assert [(p.field, p.code) for p in refused.value.problems] == [(field, code)]


def test_a_night_the_season_s_settings_fit_is_ranked_with_them():
    document = {"settings": {"win_points": {"win": 5, "loss": 1}}, "players": PLAYERS}
    ranked = rank_season_document({**document, "nights": [A_NIGHT]})
    assert [s["win_points"] for s in ranked["standings"]] == [5, 5, 1, 1]


def test_the_conceded_tiebreak_shows_the_points_conceded():
    # Issue 27, point 8: the text said "negated", the code showed the points
    # as they are (as the concours' ranking document does): decided for the
    # points as they are, the fewer ranking first; text and code agree.
    settings = {"ranking": "points", "tiebreaks": ["conceded"], "min_nights": 0}
    ranked = rank_season_document({"settings": settings, "players": PLAYERS, "nights": [A_NIGHT]})
    for standing in ranked["standings"]:
        assert standing["tiebreaks"] == {"conceded": standing["conceded"]}
        assert standing["conceded"] >= 0


def test_the_season_s_settings_problems_come_in_the_order_of_6_2_s_keys():
    """One problem a setting, given in reverse: reported in the order of
    6.2's table (issue 28: the season's settings table keeps this order)."""
    settings = {
        "bye": {"kind": "x"},
        "win_points": {"win": -1},
        "best_nights": 0,
        "min_nights": "1",
        "tiebreaks": ["win_points"],
        "ranking": "win_points",
    }
    document = {"settings": settings, "players": PLAYERS, "nights": []}
    with pytest.raises(MatchError) as refused:
        rank_season_document(document)
    assert [(p.field, p.code) for p in refused.value.problems] == [
        ("settings.tiebreaks[1]", "redundant_tiebreak"),
        ("settings.min_nights", "not_integer"),
        ("settings.best_nights", "out_of_range"),
        ("settings.win_points.win", "out_of_range"),
        ("settings.bye.kind", "invalid_choice"),
    ]
