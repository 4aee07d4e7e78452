"""The announcement comparison (docs/announcements.md, the project's copy of
../shared/scoring/ANNOUNCEMENTS.md): every worked case through the function
and the command, the ranking steps and the invalid documents table by table,
and hypothesis properties.

Expected values are worked out by hand from the contract: tierce 20,
cinquante 50, 5 to 8 cards 100; carrés J 200, 9 150, A 10 K Q 100.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoresheets.scoring import (
    Comparison,
    Decider,
    Declaration,
    MatchError,
    check_comparison,
    compare,
    compare_announcements,
    comparison_reason,
)
from tests.commands import manage as run_command_as_process
from tests.commands import run_command
from tests.conftest import (
    ANNOUNCEMENT_CASES_DIR,
    SHARED_ANNOUNCEMENT_CASES_DIR,
    case_files,
    case_id,
)

CASES = case_files(ANNOUNCEMENT_CASES_DIR, SHARED_ANNOUNCEMENT_CASES_DIR)
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def seq(seat: int, suit: str, length: int, top: str) -> dict[str, Any]:
    return {"seat": seat, "kind": "sequence", "suit": suit, "length": length, "top": top}


def carre(seat: int, rank: str) -> dict[str, Any]:
    return {"seat": seat, "kind": "carre", "rank": rank}


def doc(*declarations: dict, trump: str | None = "hearts", first_team: str = "A", **extra) -> dict:
    return {"trump": trump, "first_team": first_team, "declarations": list(declarations), **extra}


# --------------------------------------------------------------------------
# The worked cases
# --------------------------------------------------------------------------


def test_it_finds_the_project_cases():
    # The project's own copy must be there: a clone tests itself without ../shared.
    assert len([p for p in CASES if p.parent == ANNOUNCEMENT_CASES_DIR]) >= 22


def test_shared_cases_get_their_own_ids(tmp_path: Path):
    ids = [case_id(p) for p in CASES]
    assert len(ids) == len(set(ids))
    assert case_id(SHARED_ANNOUNCEMENT_CASES_DIR / "x.json") == "shared/x"
    assert case_id(ANNOUNCEMENT_CASES_DIR / "x.json") == "project/x"


def assert_matches_expected(result: dict, expected: dict) -> None:
    """Keys of ``expected`` must match exactly; keys the result adds are ignored."""
    for key, value in expected.items():
        assert result[key] == value, key


@pytest.mark.parametrize("path", CASES, ids=[case_id(p) for p in CASES])
def test_case_through_the_function(path: Path):
    document = json.loads(path.read_text(encoding="utf-8"))
    expected = document["expected"]
    if expected.get("error"):
        with pytest.raises(MatchError) as info:
            compare_announcements(document)
        assert info.value.problems
        assert all(p.code and p.field and p.message for p in info.value.problems)
    else:
        assert_matches_expected(compare_announcements(document), expected)


@pytest.mark.parametrize("path", CASES, ids=[case_id(p) for p in CASES])
def test_case_through_the_command(path: Path):
    expected = json.loads(path.read_text(encoding="utf-8"))["expected"]
    code, out, err = run_command("compare_announcements", str(path))
    if expected.get("error"):
        assert code == 2
        assert out == ""
        assert err.strip()
    else:
        assert code == 0, err
        assert err == ""
        assert_matches_expected(json.loads(out), expected)


# --------------------------------------------------------------------------
# The command (one test in a real process)
# --------------------------------------------------------------------------


def manage(*args: str, stdin: str | bytes | None = None, real_process: bool = False):
    return run_command_as_process(
        "compare_announcements", *args, stdin=stdin, real_process=real_process
    )


def test_it_reads_standard_input_in_a_real_process():
    proc = manage(
        "-", stdin=json.dumps(doc(carre(2, "9"), seq(3, "clubs", 5, "A"))), real_process=True
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == b""
    assert json.loads(proc.stdout) == {
        "winner": "B",
        "points": {"A": 0, "B": 150},
        "best": {"seat": 2, "kind": "carre", "rank": "9"},
    }


@pytest.mark.parametrize(
    "data",
    [
        b"not json",
        b"\xff\xfe{}",  # not UTF-8
        b"[1, 2]",
        b'{"first_team": "A", "declarations": [{"seat": 1e0}]}',
        b'{"first_team": "A", "declarations": NaN}',
        b"[" * 50_000,
        b'{"first_team": "A", "declarations": [{"seat": ' + b"9" * 5000 + b"}]}",
        b"",
        b'"\\ud800"',
    ],
)
def test_it_exits_2_without_traceback_on_bad_input(data: bytes):
    proc = manage("-", stdin=data)
    assert proc.returncode == 2
    assert proc.stdout == b""
    assert b"Traceback" not in proc.stderr
    assert proc.stderr.strip()


def test_it_prints_one_line_per_problem(tmp_path: Path):
    path = tmp_path / "bad.json"
    path.write_text(
        json.dumps({"declarations": [seq(1, "clubs", 3, "8"), carre(5, "J")], "shared_cards": 1})
    )
    proc = manage(str(path))
    assert proc.returncode == 2
    assert proc.stdout == b""
    assert proc.stderr.decode().splitlines() == [
        'first_team: is required ("A" or "B")',
        "shared_cards: must be true or false",
        "declarations.1: no sequence of 3 cards ends at the 8"
        " (the lowest top for 3 cards is the 9)",
        "declarations.2.seat: must be between 1 and 4",
    ]


@pytest.mark.parametrize("path", ["/nonexistent/comparison.json", "/"])
def test_it_reports_an_unreadable_file(path: str):
    proc = manage(path)
    assert proc.returncode == 2
    assert proc.stdout == b""
    assert b"cannot read" in proc.stderr
    assert b"Traceback" not in proc.stderr


# --------------------------------------------------------------------------
# Values and who wins, table by table (ANNOUNCEMENTS, *Values*, *Who wins*)
# --------------------------------------------------------------------------

# One declaration alone, by seat 1 (team A): A scores its value.
VALUES = [
    (seq(1, "clubs", 3, "9"), 20),
    (seq(1, "clubs", 3, "A"), 20),
    (seq(1, "clubs", 4, "10"), 50),
    (seq(1, "clubs", 4, "K"), 50),
    (seq(1, "clubs", 5, "J"), 100),
    (seq(1, "clubs", 6, "Q"), 100),
    (seq(1, "clubs", 7, "K"), 100),
    (seq(1, "clubs", 8, "A"), 100),
    (seq(1, "hearts", 3, "K"), 20),  # trump changes the rank, not the value
    (carre(1, "J"), 200),
    (carre(1, "9"), 150),
    (carre(1, "A"), 100),
    (carre(1, "10"), 100),
    (carre(1, "K"), 100),
    (carre(1, "Q"), 100),
]


@pytest.mark.parametrize(("declaration", "value"), VALUES)
def test_each_declaration_is_worth_its_value(declaration: dict, value: int):
    result = compare_announcements(doc(declaration))
    assert result == {"winner": "A", "points": {"A": value, "B": 0}, "best": declaration}


# (stronger, weaker, trump, what decides): the stronger one wins whichever
# seat holds it and whichever comes first in the list.
RANKING = [
    # points first
    (seq(2, "clubs", 4, "10"), seq(1, "spades", 3, "A"), "spades", Decider.POINTS),
    (seq(4, "clubs", 5, "Q"), seq(1, "spades", 4, "A"), "spades", Decider.POINTS),
    (carre(2, "J"), carre(1, "9"), None, Decider.POINTS),
    (carre(4, "9"), carre(1, "A"), None, Decider.POINTS),
    (carre(4, "9"), seq(1, "hearts", 5, "A"), "hearts", Decider.POINTS),
    (carre(2, "Q"), seq(1, "clubs", 4, "J"), "clubs", Decider.POINTS),
    (seq(4, "clubs", 3, "9"), None, None, Decider.UNOPPOSED),
    # equal points: a carré before a sequence, however high or long, even in
    # trump (the sequence cannot hold a card of the carré: another seat has it)
    (carre(2, "Q"), seq(1, "hearts", 5, "J"), "hearts", Decider.CARRE),
    (carre(2, "A"), seq(1, "hearts", 5, "K"), "hearts", Decider.CARRE),
    (carre(4, "A"), seq(1, "spades", 6, "K"), "spades", Decider.CARRE),
    # carrés of 100: A > 10 > K > Q
    (carre(2, "A"), carre(1, "10"), None, Decider.HEIGHT),
    (carre(2, "10"), carre(1, "K"), None, Decider.HEIGHT),
    (carre(4, "K"), carre(3, "Q"), None, Decider.HEIGHT),
    (carre(4, "A"), carre(1, "Q"), None, Decider.HEIGHT),
    # sequences of equal points: the top card, in the order 7 8 9 10 J Q K A
    (seq(2, "clubs", 3, "10"), seq(1, "spades", 3, "9"), None, Decider.HEIGHT),
    (seq(2, "clubs", 3, "Q"), seq(1, "spades", 3, "J"), None, Decider.HEIGHT),
    (seq(2, "clubs", 4, "A"), seq(1, "spades", 4, "K"), None, Decider.HEIGHT),
    # six to eight cards rank as a cent: by the top card, not the length
    (seq(2, "clubs", 5, "A"), seq(1, "spades", 6, "Q"), None, Decider.HEIGHT),
    (seq(2, "clubs", 5, "K"), seq(1, "spades", 6, "Q"), None, Decider.HEIGHT),
    (seq(2, "clubs", 6, "A"), seq(1, "spades", 7, "K"), None, Decider.HEIGHT),
    # height before trump
    (seq(2, "clubs", 3, "A"), seq(1, "hearts", 3, "K"), "hearts", Decider.HEIGHT),
    # equal height: the sequence in trump, from a later seat too
    (seq(2, "hearts", 3, "K"), seq(1, "diamonds", 3, "K"), "hearts", Decider.TRUMP),
    (seq(4, "spades", 5, "A"), seq(1, "clubs", 5, "A"), "spades", Decider.TRUMP),
    (seq(4, "spades", 5, "A"), seq(1, "clubs", 8, "A"), "spades", Decider.TRUMP),
    # all equal: the earlier seat (seat 1 first after the dealer)
    (seq(1, "clubs", 3, "Q"), seq(2, "diamonds", 3, "Q"), "hearts", Decider.SEAT),
    (seq(2, "clubs", 3, "Q"), seq(3, "diamonds", 3, "Q"), "hearts", Decider.SEAT),
    (seq(3, "clubs", 3, "Q"), seq(4, "diamonds", 3, "Q"), "hearts", Decider.SEAT),
    (seq(2, "clubs", 3, "A"), seq(3, "hearts", 3, "A"), None, Decider.SEAT),  # sans-atout
    (seq(1, "clubs", 6, "A"), seq(2, "hearts", 5, "A"), "spades", Decider.SEAT),
]


def value_of(declaration: dict) -> int:
    if declaration["kind"] == "carre":
        return {"J": 200, "9": 150, "A": 100, "10": 100, "K": 100, "Q": 100}[declaration["rank"]]
    return {3: 20, 4: 50, 5: 100, 6: 100, 7: 100, 8: 100}[declaration["length"]]


@pytest.mark.parametrize(("stronger", "weaker", "trump", "decider"), RANKING)
@pytest.mark.parametrize("first_team", ["A", "B"])
@pytest.mark.parametrize("stronger_first", [True, False])
def test_the_stronger_declaration_wins(
    stronger, weaker, trump, decider, first_team, stronger_first
):
    declarations = [stronger] if weaker is None else [stronger, weaker]
    if not stronger_first:
        declarations.reverse()
    winner = first_team if stronger["seat"] % 2 == 1 else ("B" if first_team == "A" else "A")
    loser = "B" if winner == "A" else "A"
    result = compare_announcements(doc(*declarations, trump=trump, first_team=first_team))
    assert result == {
        "winner": winner,
        "points": {winner: value_of(stronger), loser: 0},
        "best": stronger,
    }


@pytest.mark.parametrize(("stronger", "weaker", "trump", "decider"), RANKING)
def test_the_reason_names_the_step_that_decided(stronger, weaker, trump, decider):
    declarations = [Declaration(**d) for d in (stronger, weaker) if d is not None]
    reason = comparison_reason(compare(declarations, trump, "A"))
    assert reason is not None
    assert reason.best == Declaration(**stronger)
    assert reason.best_value == value_of(stronger)
    assert reason.decided_by is decider
    if weaker is None:
        assert reason.beaten is None and reason.beaten_value is None
    else:
        assert reason.beaten == Declaration(**weaker)
        assert reason.beaten_value == value_of(weaker)
    assert reason.also_scored == ()


def test_the_reason_lists_the_partner_and_beats_the_other_teams_best():
    # Seat 3's carré of jacks beats seat 2's cinquante (not seat 4's lower tierce);
    # seat 1's tierce is scored too: B 200 + 20.
    comparison = compare(
        [
            Declaration.sequence(1, "clubs", 3, "10"),
            Declaration.sequence(2, "spades", 4, "10"),
            Declaration.carre(3, "J"),
            Declaration.sequence(4, "diamonds", 3, "A"),
        ],
        "hearts",
        "B",
    )
    assert isinstance(comparison, Comparison)
    assert comparison.winner == "B"  # seats 1 and 3 are team B here
    assert comparison.points.as_dict() == {"A": 0, "B": 220}
    reason = comparison_reason(comparison)
    assert reason is not None
    assert (reason.team, reason.team_points) == ("B", 220)
    assert reason.best == Declaration.carre(3, "J") and reason.best_value == 200
    assert reason.beaten == Declaration.sequence(2, "spades", 4, "10")
    assert reason.beaten_value == 50
    assert reason.decided_by is Decider.POINTS
    assert reason.also_scored == (Declaration.sequence(1, "clubs", 3, "10"),)
    assert [d.figure for d in comparison.declarations] == ["tierce", "cinquante", "carre", "tierce"]


def test_no_declaration_no_winner_and_no_reason():
    comparison = compare([], None, "A")
    assert (comparison.winner, comparison.best) == (None, None)
    assert comparison.points.as_dict() == {"A": 0, "B": 0}
    assert comparison_reason(comparison) is None
    assert compare_announcements({"first_team": "B", "declarations": []}) == {
        "winner": None,
        "points": {"A": 0, "B": 0},
        "best": None,
    }


@pytest.mark.parametrize(
    ("declarations", "first_team", "points"),
    [
        # the winning team scores all its declarations, partner's included
        ([seq(1, "clubs", 5, "A"), seq(3, "spades", 3, "K"), seq(2, "diamonds", 4, "A")], "A",
         {"A": 120, "B": 0}),
        ([carre(2, "J"), carre(4, "9"), carre(1, "A"), carre(3, "K")], "A",
         {"A": 0, "B": 350}),
        ([carre(2, "J"), carre(4, "9"), carre(1, "A"), carre(3, "K")], "B",
         {"A": 350, "B": 0}),
        # one player's carré of jacks and cinquante sharing the J of hearts,
        # the partner's tierce
        ([carre(1, "J"), seq(1, "hearts", 4, "A"), seq(3, "spades", 3, "A"), carre(2, "9")], "A",
         {"A": 200 + 50 + 20, "B": 0}),
        # first_team B: seats 1 and 3 are team B
        ([seq(1, "clubs", 3, "9"), seq(3, "spades", 5, "A"), seq(2, "diamonds", 4, "K")], "B",
         {"A": 0, "B": 120}),
    ],
)  # fmt: skip
def test_the_winner_scores_all_its_declarations(declarations, first_team, points):
    result = compare_announcements(doc(*declarations, first_team=first_team))
    assert result["points"] == points


def test_top_level_name_why_expected_are_ignored():
    document = doc(carre(1, "K"), name="x", why="y", expected={"error": True})
    assert compare_announcements(document)["winner"] == "A"


def test_trump_and_shared_cards_are_optional():
    # Without trump (null), the seat decides equal tierces (hearts as trump
    # would give it to seat 2).
    document = {
        "first_team": "A",
        "declarations": [seq(2, "hearts", 3, "A"), seq(1, "clubs", 3, "A")],
    }
    result = compare_announcements(document)
    assert result == {"winner": "A", "points": {"A": 20, "B": 0}, "best": seq(1, "clubs", 3, "A")}
    document["trump"] = "hearts"
    assert compare_announcements(document)["winner"] == "B"
    # shared_cards defaults to true: seat 1's carré of queens may share the Q
    # of clubs with its tierce.
    del document["trump"]
    document["declarations"] = [carre(1, "Q"), seq(1, "clubs", 3, "A")]
    assert compare_announcements(document)["points"] == {"A": 120, "B": 0}


# --------------------------------------------------------------------------
# Invalid (ANNOUNCEMENTS, *Invalid*, *Comparison document*)
# --------------------------------------------------------------------------

# (document, [(field, code), ...]): exactly these problems.
INVALID = [
    # a card held by two seats
    (doc(seq(1, "hearts", 3, "K"), carre(2, "K")), [("declarations.2", "card_held_twice")]),
    (doc(carre(1, "A"), carre(3, "A")), [("declarations.2", "card_held_twice")]),
    (
        doc(seq(1, "clubs", 3, "10"), seq(2, "clubs", 3, "J")),
        [("declarations.2", "card_held_twice")],
    ),
    (doc(carre(4, "J"), seq(1, "spades", 5, "A")), [("declarations.2", "card_held_twice")]),
    (
        doc(seq(1, "clubs", 8, "A"), seq(3, "clubs", 3, "9")),
        [("declarations.2", "card_held_twice")],
    ),
    # one player's sequences overlapping, or touching in one suit
    (
        doc(seq(1, "clubs", 3, "10"), seq(1, "clubs", 3, "J")),
        [("declarations.2", "sequences_overlap")],
    ),
    (
        doc(seq(2, "clubs", 3, "K"), seq(2, "clubs", 3, "K")),
        [("declarations.2", "sequences_overlap")],
    ),
    (
        doc(seq(2, "clubs", 5, "A"), seq(2, "clubs", 3, "Q")),
        [("declarations.2", "sequences_overlap")],
    ),
    (
        doc(seq(1, "clubs", 3, "9"), seq(1, "clubs", 3, "Q")),
        [("declarations.2", "sequences_touch")],
    ),
    (
        doc(seq(3, "spades", 3, "A"), seq(3, "spades", 4, "J")),
        [("declarations.2", "sequences_touch")],
    ),
    # two carrés sharing a card: the same carré twice
    (doc(carre(1, "J"), carre(1, "J")), [("declarations.2", "carres_share_card")]),
    # a carré and a sequence of one player sharing a card, shared_cards false
    (
        doc(carre(1, "J"), seq(1, "hearts", 3, "K"), shared_cards=False),
        [("declarations.2", "carre_sequence_share_card")],
    ),
    (
        doc(seq(2, "spades", 8, "A"), carre(2, "9"), shared_cards=False),
        [("declarations.2", "carre_sequence_share_card"), ("declarations", "too_many_cards")],
    ),
    # more than eight different cards for one seat
    (
        doc(carre(1, "A"), carre(1, "K"), seq(1, "hearts", 3, "Q")),
        [("declarations", "too_many_cards")],
    ),
    (doc(seq(3, "clubs", 5, "A"), seq(3, "hearts", 4, "A")), [("declarations", "too_many_cards")]),
    (doc(seq(2, "clubs", 8, "A"), carre(2, "J")), [("declarations", "too_many_cards")]),
    # carrés of 7s and 8s
    (doc(carre(1, "8")), [("declarations.1.rank", "carre_not_announcement")]),
    (doc(carre(1, "7")), [("declarations.1.rank", "carre_not_announcement")]),
    # impossible sequences
    (doc(seq(1, "clubs", 3, "8")), [("declarations.1", "impossible_sequence")]),
    (doc(seq(1, "clubs", 3, "7")), [("declarations.1", "impossible_sequence")]),
    (doc(seq(1, "clubs", 4, "9")), [("declarations.1", "impossible_sequence")]),
    (doc(seq(1, "clubs", 8, "K")), [("declarations.1", "impossible_sequence")]),
    # bad values
    (doc(seq(0, "clubs", 3, "A")), [("declarations.1.seat", "out_of_range")]),
    (doc(seq(5, "clubs", 3, "A")), [("declarations.1.seat", "out_of_range")]),
    (doc(seq("1", "clubs", 3, "A")), [("declarations.1.seat", "not_integer")]),
    (doc(seq(True, "clubs", 3, "A")), [("declarations.1.seat", "not_integer")]),
    (doc(seq(1.0, "clubs", 3, "A")), [("declarations.1.seat", "not_integer")]),
    (
        doc({"seat": 1, "kind": "suite", "suit": "clubs", "length": 3, "top": "A"}),
        [("declarations.1.kind", "invalid_choice")],
    ),
    (doc({"seat": 1, "kind": "Carre", "rank": "J"}), [("declarations.1.kind", "invalid_choice")]),
    (doc(seq(1, "Hearts", 3, "A")), [("declarations.1.suit", "invalid_choice")]),
    (doc(seq(1, None, 3, "A")), [("declarations.1.suit", "required")]),
    (doc(seq(1, "clubs", 3, "A"), trump="none"), [("trump", "invalid_choice")]),
    (doc(seq(1, "clubs", 3, "A"), trump=True), [("trump", "invalid_choice")]),
    (doc(carre(1, "V")), [("declarations.1.rank", "invalid_choice")]),
    (doc(carre(1, 10)), [("declarations.1.rank", "invalid_choice")]),
    (doc(seq(1, "clubs", 3, "1")), [("declarations.1.top", "invalid_choice")]),
    (doc(seq(1, "clubs", 3, "R")), [("declarations.1.top", "invalid_choice")]),
    (doc(seq(1, "clubs", 2, "A")), [("declarations.1.length", "out_of_range")]),
    (doc(seq(1, "clubs", 9, "A")), [("declarations.1.length", "out_of_range")]),
    (doc(seq(1, "clubs", "3", "A")), [("declarations.1.length", "not_integer")]),
    (doc(seq(1, "clubs", 3.0, "A")), [("declarations.1.length", "not_integer")]),
    (doc(seq(1, "clubs", True, "A")), [("declarations.1.length", "not_integer")]),
    (doc(carre(1, "J"), first_team="C"), [("first_team", "invalid_team")]),
    (doc(carre(1, "J"), first_team=None), [("first_team", "required")]),
    (doc(carre(1, "J"), shared_cards="true"), [("shared_cards", "invalid_choice")]),
    (doc(carre(1, "J"), shared_cards=1), [("shared_cards", "invalid_choice")]),
    (doc(carre(1, "J"), shared_cards=None), [("shared_cards", "invalid_choice")]),
    # missing keys
    ({"declarations": []}, [("first_team", "required")]),
    ({"first_team": "A"}, [("declarations", "required")]),
    ({"first_team": "A", "declarations": None}, [("declarations", "not_list")]),
    ({"first_team": "A", "declarations": {}}, [("declarations", "not_list")]),
    (doc({"kind": "carre", "rank": "J"}), [("declarations.1.seat", "required")]),
    (doc({"seat": 1, "rank": "J"}), [("declarations.1.kind", "required")]),
    (
        doc({"seat": 1, "kind": "sequence", "suit": "clubs", "top": "A"}),
        [("declarations.1.length", "required")],
    ),
    (doc({"seat": 1, "kind": "carre"}), [("declarations.1.rank", "required")]),
    (doc([1, "clubs"]), [("declarations.1", "not_object")]),
    # unknown keys
    (doc(carre(1, "J"), foo=1), [("foo", "unknown_key")]),
    (doc({**seq(1, "clubs", 3, "A"), "rank": "A"}), [("declarations.1.rank", "unknown_key")]),
    (doc({**carre(1, "J"), "suit": "hearts"}), [("declarations.1.suit", "unknown_key")]),
    (doc({**carre(1, "J"), "name": "Léa"}), [("declarations.1.name", "unknown_key")]),
    # not a document
    ([], [("document", "not_object")]),
    (None, [("document", "not_object")]),
]

VALID_NEIGHBOURS = [
    # touching sequences of two seats; a gap in one seat's suit; the same
    # ranks in two suits; a carré and a sequence sharing a card by default;
    # exactly eight cards; two different carrés of one seat.
    doc(seq(1, "clubs", 3, "9"), seq(2, "clubs", 3, "Q")),
    doc(seq(1, "clubs", 3, "9"), seq(1, "clubs", 3, "K")),
    doc(seq(1, "clubs", 3, "K"), seq(1, "diamonds", 3, "K")),
    doc(carre(1, "J"), seq(1, "hearts", 3, "K")),
    doc(carre(1, "J"), seq(1, "hearts", 3, "K"), shared_cards=True),
    doc(carre(1, "J"), seq(1, "hearts", 3, "9"), shared_cards=False),
    doc(seq(3, "clubs", 5, "A"), seq(3, "hearts", 3, "A")),
    doc(carre(2, "J"), carre(2, "9")),
    doc(seq(4, "spades", 8, "A")),
    doc(carre(1, "J"), seq(1, "hearts", 5, "A")),  # 4 + 5 - 1 = 8 cards
    doc(seq(1, "clubs", 3, "9"), trump=None),
]


@pytest.mark.parametrize(("document", "problems"), INVALID)
def test_invalid_documents_name_each_problem(document, problems):
    with pytest.raises(MatchError) as info:
        compare_announcements(document)
    assert [(p.field, p.code) for p in info.value.problems] == problems
    assert all(p.hand is None and p.message for p in info.value.problems)


@pytest.mark.parametrize("document", VALID_NEIGHBOURS)
def test_valid_neighbours_of_the_invalid_ones_are_accepted(document):
    assert compare_announcements(document)["winner"] in ("A", "B")


def test_every_problem_is_reported_at_once():
    document = {
        "trump": "sans",
        "shared_cards": False,
        "extra": 1,
        "declarations": [
            seq(1, "clubs", 3, "8"),
            carre(2, "7"),
            carre(1, "K"),
            seq(1, "hearts", 3, "K"),
            carre(3, "K"),
        ],
    }
    with pytest.raises(MatchError) as info:
        compare_announcements(document)
    assert [(p.field, p.code) for p in info.value.problems] == [
        ("extra", "unknown_key"),
        ("trump", "invalid_choice"),
        ("first_team", "required"),
        ("declarations.1", "impossible_sequence"),
        ("declarations.2.rank", "carre_not_announcement"),
        ("declarations.4", "carre_sequence_share_card"),
        ("declarations.5", "card_held_twice"),
    ]
    problem = info.value.problems[-1]
    params = dict(problem.params)
    assert (params["seat"], params["other_seat"], params["other"]) == (3, 1, 3)
    assert params["cards"] == (("K", "clubs"), ("K", "diamonds"), ("K", "hearts"), ("K", "spades"))


def test_a_card_held_twice_is_named_with_both_seats():
    with pytest.raises(MatchError) as info:
        compare_announcements(doc(seq(1, "hearts", 3, "K"), carre(2, "K")))
    (problem,) = info.value.problems
    assert str(problem) == (
        "declarations.2: the K of hearts cannot be held by seat 2 and by seat 1 (declaration 1)"
    )


def test_too_many_cards_names_the_seat_and_count():
    with pytest.raises(MatchError) as info:
        compare_announcements(doc(carre(1, "A"), carre(1, "K"), seq(1, "hearts", 3, "Q")))
    (problem,) = info.value.problems
    assert dict(problem.params) == {"seat": 1, "count": 11, "max": 8}


@pytest.mark.parametrize(
    "declarations",
    [
        "not a list",
        {"seat": 1},
        [carre(1, "J")],  # dicts, not Declarations
        [Declaration(1, "carre", suit="hearts", rank="J")],
        [Declaration(1, "sequence", suit="hearts", length=3, top="K", rank="K")],
        [Declaration(1, "sequence", suit="hearts", length=3)],
        [Declaration(None, None)],
        [Declaration(1, ["carre"], rank="J")],
        [Declaration(10**5000, "carre", rank="J")],
    ],
)
def test_compare_validates_declarations_too(declarations):
    with pytest.raises(MatchError) as info:
        compare(declarations, "hearts", "A")
    assert info.value.problems
    assert check_comparison(declarations, "hearts", "A", True) == list(info.value.problems)


@pytest.mark.parametrize(
    ("trump", "first_team", "shared_cards"),
    [("Hearts", "A", True), ("hearts", "a", True), ("hearts", "A", "yes"), (None, None, True)],
)
def test_compare_validates_its_arguments(trump, first_team, shared_cards):
    with pytest.raises(MatchError):
        compare([Declaration.carre(1, "J")], trump, first_team, shared_cards)


# --------------------------------------------------------------------------
# Properties (hypothesis)
# --------------------------------------------------------------------------

SUITS = ("clubs", "diamonds", "hearts", "spades")
ORDER = ("7", "8", "9", "10", "J", "Q", "K", "A")


def cards_of(d: Declaration) -> set[tuple[str, str]]:
    if d.kind == "carre":
        return {(d.rank, suit) for suit in SUITS}
    top = ORDER.index(d.top)
    return {(ORDER[i], d.suit) for i in range(top - d.length + 1, top + 1)}


def hand_value(d: Declaration) -> int:
    return value_of({"kind": d.kind, "rank": d.rank, "length": d.length})


def model_valid(declarations: list[Declaration], shared_cards: bool) -> bool:
    """The *Invalid* paragraph restated on cards, for well-formed declarations."""
    owner: dict[tuple[str, str], int] = {}
    for d in declarations:
        for card in cards_of(d):
            if owner.setdefault(card, d.seat) != d.seat:
                return False  # a card held by two seats
    for seat in range(1, 5):
        mine = [d for d in declarations if d.seat == seat]
        carres = [d.rank for d in mine if d.kind == "carre"]
        if len(carres) != len(set(carres)):
            return False  # the same carré twice
        for suit in SUITS:
            spans = sorted(
                (ORDER.index(d.top) - d.length + 1, ORDER.index(d.top))
                for d in mine
                if d.kind == "sequence" and d.suit == suit
            )
            for (_, high), (low, _) in itertools.pairwise(spans):
                if low <= high + 1:
                    return False  # overlapping or touching
        if not shared_cards:
            in_sequences = set().union(*(cards_of(d) for d in mine if d.kind == "sequence"))
            if any(rank == r for r, _ in in_sequences for rank in carres):
                return False
        if len(set().union(*(cards_of(d) for d in mine))) > 8:
            return False
    return True


SEQUENCES = st.builds(
    lambda seat, suit, length, top_shift: Declaration.sequence(
        seat, suit, length, ORDER[length - 1 + top_shift % (9 - length)]
    ),
    st.integers(1, 4),
    st.sampled_from(SUITS),
    st.sampled_from([3, 3, 3, 4, 4, 5, 6, 7, 8]),  # short ones leave room for more
    st.integers(0, 7),
)
CARRES = st.builds(
    Declaration.carre, st.integers(1, 4), st.sampled_from(["J", "9", "A", "10", "K", "Q"])
)
DECLARATIONS = st.one_of(SEQUENCES, CARRES)
TRUMPS = st.sampled_from([None, *SUITS])
TEAMS = st.sampled_from(["A", "B"])


@st.composite
def valid_comparisons(draw) -> tuple[list[Declaration], str | None, str, bool]:
    """Valid declarations, kept one by one while the table stays possible."""
    shared_cards = draw(st.booleans())
    kept: list[Declaration] = []
    for candidate in draw(st.lists(DECLARATIONS, max_size=16)):
        if model_valid([*kept, candidate], shared_cards):
            kept.append(candidate)
    return kept, draw(TRUMPS), draw(TEAMS), shared_cards


def team_of(seat: int, first_team: str) -> str:
    return first_team if seat % 2 else ("B" if first_team == "A" else "A")


@FAST
@given(st.lists(DECLARATIONS, max_size=6), st.booleans(), TRUMPS, TEAMS)
def test_the_engine_refuses_exactly_the_impossible_tables(declarations, shared_cards, trump, team):
    valid = model_valid(declarations, shared_cards)
    problems = check_comparison(declarations, trump, team, shared_cards)
    assert (not problems) == valid, problems
    if not valid:
        with pytest.raises(MatchError):
            compare(declarations, trump, team, shared_cards)


@FAST
@given(valid_comparisons())
def test_the_winner_scores_its_teams_values_and_the_other_nothing(comparison):
    declarations, trump, first_team, shared_cards = comparison
    result = compare(declarations, trump, first_team, shared_cards)
    if not declarations:
        assert (result.winner, result.best, result.points.as_dict()) == (
            None,
            None,
            {"A": 0, "B": 0},
        )
        return
    winner = result.winner
    assert winner == team_of(result.best.seat, first_team)
    assert result.best in declarations
    own = sum(hand_value(d) for d in declarations if team_of(d.seat, first_team) == winner)
    assert result.points[winner] == own
    assert result.points["B" if winner == "A" else "A"] == 0
    # The document says the same.
    document = {
        "trump": trump,
        "first_team": first_team,
        "shared_cards": shared_cards,
        "declarations": [d.as_dict() for d in declarations],
    }
    assert compare_announcements(document) == {
        "winner": winner,
        "points": result.points.as_dict(),
        "best": result.best.as_dict(),
    }


@FAST
@given(valid_comparisons())
def test_the_best_beats_each_declaration_of_the_other_team_alone(comparison):
    declarations, trump, first_team, _ = comparison
    best = compare(declarations, trump, first_team).best
    assume(best is not None)
    for other in declarations:
        if team_of(other.seat, first_team) != team_of(best.seat, first_team):
            assert compare([other, best], trump, first_team).best == best
            assert hand_value(best) >= hand_value(other)


@FAST
@given(valid_comparisons())
def test_swapping_first_team_swaps_the_winner(comparison):
    declarations, trump, first_team, shared_cards = comparison
    swapped = "B" if first_team == "A" else "A"
    one = compare(declarations, trump, first_team, shared_cards)
    two = compare(declarations, trump, swapped, shared_cards)
    assert two.best == one.best
    if one.winner is None:
        assert two.winner is None
    else:
        assert two.winner == ("B" if one.winner == "A" else "A")
    assert (two.points.a, two.points.b) == (one.points.b, one.points.a)


@FAST
@given(valid_comparisons(), st.lists(DECLARATIONS, min_size=1, max_size=20))
def test_a_weaker_declaration_of_the_losing_team_changes_no_winner(comparison, candidates):
    declarations, trump, first_team, shared_cards = comparison
    before = compare(declarations, trump, first_team, shared_cards)
    assume(before.best is not None)
    extra = None
    for candidate in candidates:
        if team_of(candidate.seat, first_team) == before.winner:  # the other team's seat
            candidate = replace(candidate, seat=candidate.seat % 4 + 1)
        if model_valid([*declarations, candidate], shared_cards) and (
            compare([before.best, candidate], trump, first_team).best == before.best
        ):
            extra = candidate
            break
    assume(extra is not None)
    after = compare([*declarations, extra], trump, first_team, shared_cards)
    assert after.winner == before.winner
    assert after.best == before.best
    assert after.points == before.points


@FAST
@given(valid_comparisons(), st.randoms(use_true_random=False))
def test_the_order_of_the_list_does_not_matter(comparison, random):
    declarations, trump, first_team, shared_cards = comparison
    shuffled = list(declarations)
    random.shuffle(shuffled)
    one = compare(declarations, trump, first_team, shared_cards)
    two = compare(shuffled, trump, first_team, shared_cards)
    assert (two.winner, two.points) == (one.winner, one.points)
    if one.best != two.best:
        # Only one seat's two sequences can tie on every step: same seat,
        # same points, same top, both in trump or both not.
        a, b = one.best, two.best
        assert a.kind == b.kind == "sequence"
        assert (a.seat, hand_value(a), a.top) == (b.seat, hand_value(b), b.top)
        assert (a.suit == trump) == (b.suit == trump)


# Arbitrary JSON: the engine only ever raises MatchError.
WORDS = st.sampled_from(
    [
        "seat", "kind", "suit", "length", "top", "rank", "trump", "first_team",
        "shared_cards", "declarations", "sequence", "carre", "hearts", "clubs",
        "A", "B", "J", "9", "7", "10", "name", "expected", "",
    ]
)  # fmt: skip
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.integers(0, 9),
    st.floats(allow_nan=True),
    WORDS,
    st.text(max_size=5),
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.dictionaries(st.one_of(WORDS, st.text(max_size=3)), inner, max_size=6),
    ),
    max_leaves=30,
)


@st.composite
def almost_valid_documents(draw) -> dict:
    """A valid comparison with one or two values replaced by anything."""
    declarations, trump, first_team, shared_cards = draw(valid_comparisons())
    document: dict[str, Any] = {
        "trump": trump,
        "first_team": first_team,
        "shared_cards": shared_cards,
        "declarations": [d.as_dict() for d in declarations],
    }
    for _ in range(draw(st.integers(1, 2))):
        inside = document.get("declarations")
        targets = (
            [document, *(d for d in inside if isinstance(d, dict))]
            if isinstance(inside, list)
            else [document]
        )
        target = draw(st.sampled_from(targets))
        key = draw(st.one_of(st.sampled_from(sorted(target) or ["seat"]), WORDS))
        if draw(st.booleans()) and key in target:
            del target[key]
        else:
            target[key] = draw(JSON)
    return document


@FAST
@given(st.one_of(JSON, almost_valid_documents()))
def test_arbitrary_json_only_raises_match_error(document):
    try:
        result = compare_announcements(document)
    except MatchError as exc:
        assert exc.problems
        for problem in exc.problems:
            assert isinstance(problem.field, str) and problem.field
            assert isinstance(problem.code, str) and problem.code
            assert str(problem)
    else:
        assert set(result) == {"winner", "points", "best"}
        assert result["winner"] in (None, "A", "B")
        json.dumps(result)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.builds(Declaration, JSON, JSON, JSON, JSON, JSON, JSON), max_size=4),
    JSON,
    JSON,
    JSON,
)
def test_arbitrary_values_in_declarations_only_raise_match_error(declarations, trump, team, shared):
    try:
        compare(declarations, trump, team, shared)
    except MatchError as exc:
        assert exc.problems


@pytest.mark.parametrize(
    ("key", "field"),
    [("", '""'), ("a\nb", '"a\\nb"'), ("declarations.1", '"declarations.1"'), ("é", "é")],
)
def test_an_unknown_key_is_named_on_one_line(key: str, field: str):
    with pytest.raises(MatchError) as info:
        compare_announcements({"first_team": "A", "declarations": [], key: 1})
    assert [(p.field, p.code) for p in info.value.problems] == [(field, "unknown_key")]
