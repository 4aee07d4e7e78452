"""CSV exports of a table (scoresheets.matches.exports)."""

from __future__ import annotations

import csv
import io
from datetime import date, datetime
from types import SimpleNamespace

from scoresheets.matches.exports import (
    DELIMITER,
    HAND_COLUMNS,
    MATCH_COLUMNS,
    SHARED_HAND_COLUMNS,
    hand_columns,
    hands_csv,
    matches_csv,
)
from scoresheets.scoring import HandInput, Pair, Rules
from scoresheets.scoring.kernel import CsvColumn
from scoresheets.stats import PlayedMatch, build_match

NAMES = {1: "Zoé", 2: "Bob", 3: "Chloé", 4: "=HYPERLINK(1)", 5: "Eve"}


def finished() -> PlayedMatch:
    """Target 200: A made 140-62, a redeal, B falls to A's capot: 392-62, A wins."""
    return build_match(
        key=7,
        played_on=date(2024, 3, 1),
        seats=(1, 2, 3, 4),
        rules=Rules(target=200),
        hands=[
            HandInput("A", "A", 100, belote="A", announcements=Pair(20, 0)),
            HandInput(None),
            HandInput("B", capot="A"),
        ],
        taker_seats=[1, None, 4],
        belote_seats=[3, None, None],
        first_dealer=2,
        team_names=("Les Bleus", "Eux"),
    )


def in_progress() -> PlayedMatch:
    return build_match(
        key=8,
        played_on=datetime(2024, 3, 8, 21, 5, 30),
        seats=(5, 1, 2, 3),
        rules=Rules(),
        hands=[HandInput("B", "B", 90)],
        taker_seats=[None],
    )


def rows(text: str) -> list[list[str]]:
    data = text.encode("utf-8")
    assert data.startswith(b"\xef\xbb\xbf")  # the byte order mark
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig")), delimiter=DELIMITER))


def test_the_delimiter_is_a_semicolon_for_french_spreadsheets():
    assert DELIMITER == ";"


def test_matches_csv_has_a_header_and_one_row_per_match():
    table = rows(matches_csv([finished(), in_progress()], NAMES))
    assert table[0] == list(MATCH_COLUMNS)
    assert len(table) == 3
    assert dict(zip(MATCH_COLUMNS, table[1], strict=True)) == {
        "date": "2024-03-01",
        "match": "7",
        "game": "belote",
        "team_a": "Les Bleus",
        "team_a_player_1": "Zoé",
        "team_a_player_2": "Chloé",
        "team_b": "Eux",
        "team_b_player_1": "Bob",
        "team_b_player_2": "'=HYPERLINK(1)",
        "score_a": "392",
        "score_b": "62",
        "hands": "3",
        "finished": "1",
        "winner": "A",
        "winner_name": "Les Bleus",
    }
    second = dict(zip(MATCH_COLUMNS, table[2], strict=True))
    assert (second["date"], second["team_a_player_1"], second["team_b_player_1"]) == (
        "2024-03-08 21:05",
        "Eve",
        "Zoé",
    )
    assert (second["score_a"], second["score_b"], second["finished"], second["winner"]) == (
        "72",
        "90",
        "0",
        "",
    )


def test_matches_csv_uses_the_link_and_the_labels():
    text = matches_csv(
        [finished()],
        NAMES,
        link=lambda m: f"https://example.org/t/abc/m/{m.key}",
        labels={"date": "Date", "match": "Partie"},
    )
    table = rows(text)
    assert table[0][:4] == ["Date", "Partie", "game", "team_a"]
    assert table[1][1] == "https://example.org/t/abc/m/7"


def test_hands_csv_has_one_row_per_hand_with_inputs_and_scores():
    table = rows(hands_csv([finished(), in_progress()], NAMES))
    assert table[0] == list(HAND_COLUMNS)
    assert len(table) == 1 + 3 + 1
    first, redeal, capot, other = (dict(zip(HAND_COLUMNS, r, strict=True)) for r in table[1:])
    assert first == {
        "date": "2024-03-01",
        "match": "7",
        "game": "belote",
        "hand": "1",
        "dealer": "Bob",
        "taker": "Zoé",
        "taker_team": "A",
        "bid": "",  # the contract columns are coinche's: empty at belote
        "suit": "",
        "coinche": "",
        "contract": "",  # and baloot's
        "doubling": "",
        "points_team": "A",
        "trick_points": "100",
        "capot": "",
        "solo": "",
        "kaboot": "",
        "belote": "A",
        "baloot": "",
        "belote_player": "Chloé",
        "announcements_a": "20",
        "announcements_b": "0",
        "renonce": "",
        "outcome": "made",
        "score_a": "140",
        "score_b": "62",
        "reserve": "0",
        "total_a": "140",
        "total_b": "62",
    }
    assert (redeal["hand"], redeal["dealer"], redeal["taker"], redeal["outcome"]) == (
        "2",
        "Chloé",
        "",
        "passed",
    )
    assert (redeal["trick_points"], redeal["score_a"], redeal["total_a"]) == ("", "0", "140")
    assert (capot["taker"], capot["taker_team"], capot["capot"], capot["outcome"]) == (
        "'=HYPERLINK(1)",
        "B",
        "A",
        "dedans",
    )
    assert (capot["score_a"], capot["total_a"], capot["total_b"]) == ("252", "392", "62")
    assert (other["match"], other["date"], other["taker"], other["dealer"]) == (
        "8",
        "2024-03-08 21:05",
        "",
        "",
    )
    assert (other["outcome"], other["score_b"], other["total_b"]) == ("made", "90", "90")


def test_accents_survive_and_lines_end_with_crlf():
    text = hands_csv([finished()], NAMES)
    assert text.startswith("\ufeff")
    assert "Zoé" in text.encode("utf-8").decode("utf-8-sig")
    assert text.count("\r\n") == 4
    assert "\n" not in text.replace("\r\n", "")


def test_an_empty_table_gives_only_the_header():
    assert rows(matches_csv([], NAMES)) == [list(MATCH_COLUMNS)]
    assert rows(hands_csv([], NAMES)) == [list(HAND_COLUMNS)]


def test_a_coinche_match_says_its_game_and_each_hand_its_contract():
    # The coinche matches of tests/engine/test_stats_coinche.py (scores computed there by hand).
    from tests.engine.test_stats_coinche import c1, c2

    first, second = c1(), c2()
    matches = rows(matches_csv([finished(), first, second], NAMES))
    games = [dict(zip(MATCH_COLUMNS, row, strict=True))["game"] for row in matches[1:]]
    assert games == ["belote", "coinche", "coinche"]
    c1_row = dict(zip(MATCH_COLUMNS, matches[2], strict=True))
    assert (c1_row["score_a"], c1_row["score_b"], c1_row["winner"]) == ("590", "2170", "B")

    table = rows(hands_csv([finished(), first, second], {}))
    hands = [dict(zip(HAND_COLUMNS, row, strict=True)) for row in table[1:]]
    belote, coinche = hands[:3], hands[3:]
    assert {(h["bid"], h["suit"], h["coinche"], h["solo"]) for h in belote} == {("", "", "", "")}
    assert {h["game"] for h in belote} == {"belote"}
    assert {h["game"] for h in coinche} == {"coinche"}
    contract = [(h["bid"], h["suit"], h["coinche"], h["solo"], h["outcome"]) for h in coinche]
    assert contract == [
        ("100", "hearts", "coinche", "", "made"),
        ("80", "spades", "", "", "made"),
        ("", "", "", "", "passed"),
        ("capot", "clubs", "surcoinche", "", "dedans"),
        ("100", "no_trump", "", "", "dedans"),
        ("120", "diamonds", "coinche", "", "made"),
        ("generale", "hearts", "", "1", "made"),
    ]
    assert [(h["score_a"], h["score_b"]) for h in coinche[:4]] == [
        ("520", "0"),
        ("70", "170"),
        ("0", "0"),
        ("0", "2000"),
    ]
    assert (coinche[3]["capot"], coinche[3]["taker"], coinche[3]["renonce"]) == ("B", "Claire", "")
    assert (coinche[-1]["total_a"], coinche[-1]["total_b"]) == ("1020", "820")
    assert {h["reserve"] for h in coinche} == {"0"}  # no litige at coinche


def test_words_name_the_coded_values_and_nothing_else():
    words = {
        "game": {"belote": "Belote"},
        "finished": {"1": "oui", "0": "non"},
        "outcome": {"made": "réussi", "passed": "tout le monde passe"},
    }
    header, row = rows(matches_csv([finished()], NAMES, words=words))
    match = dict(zip(header, row, strict=True))
    assert (match["game"], match["finished"], match["winner"]) == ("Belote", "oui", "A")
    assert match["score_a"] == "392"  # numbers stay numbers
    header, *lines = rows(hands_csv([finished()], NAMES, words=words))
    by_hand = [dict(zip(header, line, strict=True)) for line in lines]
    # "dedans" has no word given: its code stays.
    assert [h["outcome"] for h in by_hand] == ["réussi", "tout le monde passe", "dedans"]
    assert [h["taker_team"] for h in by_hand] == ["A", "", "B"]  # teams stay letters


def test_the_hands_columns_are_the_shared_ones_and_each_games_in_place():
    # The file a table downloads is the one it was before the columns came
    # from the games (issue 28): same columns, same order.
    assert HAND_COLUMNS == (
        "date", "match", "game", "hand", "dealer", "taker", "taker_team",
        "bid", "suit", "coinche", "contract", "doubling",
        "points_team", "trick_points", "capot", "solo", "kaboot", "belote", "baloot",
        "belote_player",
        "announcements_a", "announcements_b", "renonce", "outcome",
        "score_a", "score_b", "reserve", "total_a", "total_b",
    )  # fmt: skip
    # A game's columns follow the shared column each names, once, games in order.
    mode = CsvColumn("mode", "taker_team", lambda hand: hand.mode, worded=True)
    weis = CsvColumn("weis", "capot", lambda hand: "")
    jass = SimpleNamespace(csv_columns=(mode, weis))
    again = SimpleNamespace(csv_columns=(mode,))
    columns = hand_columns([jass, again])
    assert columns == (*SHARED_HAND_COLUMNS[:7], "mode", *SHARED_HAND_COLUMNS[7:10], "weis",
                       *SHARED_HAND_COLUMNS[10:])  # fmt: skip
