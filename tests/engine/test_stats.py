"""Player statistics (scoresheets.stats) on a fixed table of five matches.

The figures below were computed by hand from the hands, not by the code
under test. Players: Alice, Bob, Claire, Dan, Eve. Seats 1 & 3 are team A.
Default rules (announcements played, litige to the reserve, renonce penalty)
unless said. "t" = the taker player, "bel" = who held the belote.

M1, 2024-03-01, target 300, seats Alice Bob Claire Dan (A: Alice+Claire)
  h1 t Alice, A 81 tricks: 81-81, litige: A 0, B 81, reserve 81
  h2 t Alice, A 100, bel Alice: 120-62 made, A 120+81 = 201, B 62
  h3 redeal
  h4 t Bob, B 90, bel Dan: 110-72 made: A 72, B 110       totals 273-253
  h5 t Claire, capot A: A 252                               525-253, A wins
M2, 2024-03-08, target 300, seats Alice Dan Eve Bob (A: Alice+Eve)
  h1 t Dan, capot A (defence capot): dedans, A 252          252-0
  h2 t Alice, A 60, bel Bob: 60-122 dedans, B 162+20        252-182
  h3 t Bob, B 120, announcements B 50: 170-42 made         294-352, B wins
M3, 2024-03-15, target 300, seats Bob Alice Dan Claire (B: Alice+Claire)
  h1 t Alice, B 130, belote B, holder unknown: made, A 32, B 150
  h2 t Bob, capot B: dedans, B 252                          32-402, B wins
M4, 2024-03-22, target 1000, NOT finished, seats Alice Bob Eve Claire
  h1 t Alice, A 90, bel Alice: 110-72 made                  110-72
  h2 t Claire, capot B: made, B 252                         110-324
  h3 t Alice, renonce B (penalty): A 162                    272-324
  h4 taker team A, taker player unknown, A 100: made        372-386
M5, 2024-03-29, target 200, renonce annuls, seats Alice Eve Dan Claire
  h1 t Alice, renonce A: annulled, nothing counts
  h2 t Eve, B 150, bel Claire: made, A 12, B 170
  h3 t Dan, A 50: 50-112 dedans, B 162                      12-332, B wins

Alice: finished M1 W, M2 L, M3 W, M5 L: played 4, won 2, rate 0.5; M4
unfinished. Taken: M1h1 litige (0), M1h2 made (201), M2h2 dedans (0), M3h1
made (150), M4h1 made (110), M4h3 renonce (162) = 6 hands, 3 made, 1 dedans,
1 litige, 623 points, 623/6 per hand. Capots made M1h5, M2h1, M3h2 (3),
suffered M4h2 (1). Belotes M1h2, M4h1 (2). Partners: Claire 2/2, Eve 0/1,
Dan 0/1 -> Claire. Opponents (played/won): Bob 3/2, Dan 3/2, Eve 1/0,
Claire 1/0 -> Eve, Claire (0.0, met in that order in M5), Bob (met before Dan).
"""

from __future__ import annotations

import pickle
from dataclasses import replace
from datetime import date

import pytest

from scoresheets.scoring import HandInput, Pair, Rules
from scoresheets.stats import (
    PlayedMatch,
    Record,
    build_match,
    hand_counts,
    player_stats,
    players_of,
    summarize,
)

ALICE, BOB, CLAIRE, DAN, EVE = "Alice", "Bob", "Claire", "Dan", "Eve"


def m1() -> PlayedMatch:
    return build_match(
        key="m1",
        played_on=date(2024, 3, 1),
        seats=(ALICE, BOB, CLAIRE, DAN),
        rules=Rules(target=300),
        hands=[
            HandInput("A", "A", 81),
            HandInput("A", "A", 100, belote="A"),
            HandInput(None),
            HandInput("B", "B", 90, belote="B"),
            HandInput("A", capot="A"),
        ],
        taker_seats=[1, 1, None, 2, 3],
        belote_seats=[None, 1, None, 4, None],
        first_dealer=4,
    )


def m2(last_points: int = 120) -> PlayedMatch:
    return build_match(
        key="m2",
        played_on=date(2024, 3, 8),
        seats=(ALICE, DAN, EVE, BOB),
        rules=Rules(target=300),
        hands=[
            HandInput("B", capot="A"),
            HandInput("A", "A", 60, belote="B"),
            HandInput("B", "B", last_points, announcements=Pair(0, 50)),
        ],
        taker_seats=[2, 1, 4],
        belote_seats=[None, 4, None],
    )


def m3() -> PlayedMatch:
    return build_match(
        key="m3",
        played_on=date(2024, 3, 15),
        seats=(BOB, ALICE, DAN, CLAIRE),
        rules=Rules(target=300),
        hands=[HandInput("B", "B", 130, belote="B"), HandInput("A", capot="B")],
        taker_seats=[2, 1],
        belote_seats=[None, None],
    )


def m4() -> PlayedMatch:
    return build_match(
        key="m4",
        played_on=date(2024, 3, 22),
        seats=(ALICE, BOB, EVE, CLAIRE),
        rules=Rules(),
        hands=[
            HandInput("A", "A", 90, belote="A"),
            HandInput("B", capot="B"),
            HandInput("A", renonce="B"),
            HandInput("A", "A", 100),
        ],
        taker_seats=[1, 4, 1, None],
        belote_seats=[1, None, None, None],
    )


def m5() -> PlayedMatch:
    return build_match(
        key="m5",
        played_on=date(2024, 3, 29),
        seats=(ALICE, EVE, DAN, CLAIRE),
        rules=Rules(target=200, renonce="annul"),
        hands=[
            HandInput("A", renonce="A"),
            HandInput("B", "B", 150, belote="B"),
            HandInput("A", "A", 50),
        ],
        taker_seats=[1, 2, 3],
        belote_seats=[None, 4, None],
    )


@pytest.fixture
def table() -> list[PlayedMatch]:
    return [m1(), m2(), m3(), m4(), m5()]


def test_it_counts_alice_matches(table):
    stats = player_stats(ALICE, table)
    assert (stats.matches_played, stats.matches_won, stats.matches_unfinished) == (4, 2, 1)
    assert stats.win_rate == 0.5


def test_it_counts_alice_hands(table):
    stats = player_stats(ALICE, table)
    assert stats.hands_taken == 6
    assert (stats.contracts_made, stats.dedans, stats.litiges) == (3, 1, 1)
    assert (stats.capots_made, stats.capots_suffered) == (3, 1)
    assert stats.belotes == 2
    assert stats.points_taken == 623
    assert stats.average_points_taken == pytest.approx(623 / 6)


def test_it_finds_alice_partner_and_opponents(table):
    stats = player_stats(ALICE, table)
    assert stats.best_partner == Record(CLAIRE, 2, 2)
    assert stats.toughest_opponents == (Record(EVE, 1, 0), Record(CLAIRE, 1, 0), Record(BOB, 3, 2))


def test_it_lists_the_last_matches_newest_first(table):
    lines = player_stats(ALICE, table, last=3).last_matches
    assert [line.key for line in lines] == ["m5", "m4", "m3"]
    m5_line, m4_line, m3_line = lines
    assert (m5_line.team, m5_line.partner, m5_line.opponents) == ("A", DAN, (EVE, CLAIRE))
    assert (m5_line.score, m5_line.score_against, m5_line.won) == (12, 332, False)
    assert (m4_line.finished, m4_line.won, m4_line.score, m4_line.score_against) == (
        False,
        None,
        372,
        386,
    )
    assert (m3_line.team, m3_line.score, m3_line.score_against, m3_line.won) == ("B", 402, 32, True)


def test_it_counts_bob(table):
    stats = player_stats(BOB, table)
    assert (stats.matches_played, stats.matches_won, stats.matches_unfinished) == (3, 1, 1)
    assert (stats.hands_taken, stats.contracts_made, stats.dedans, stats.litiges) == (3, 2, 1, 0)
    assert stats.points_taken == 280  # M1h4 110 + M2h3 170 + M3h2 0
    assert stats.belotes == 1
    assert (stats.capots_made, stats.capots_suffered) == (1, 3)  # M4h2 / M1h5 M2h1 M3h2


def test_it_counts_claire_who_never_lost(table):
    stats = player_stats(CLAIRE, table)
    assert (stats.matches_played, stats.matches_won, stats.win_rate) == (3, 3, 1.0)
    assert (stats.hands_taken, stats.contracts_made, stats.points_taken) == (2, 2, 504)
    assert stats.average_points_taken == 252.0
    assert (stats.capots_made, stats.capots_suffered, stats.belotes) == (3, 0, 1)
    assert stats.best_partner == Record(ALICE, 2, 2)
    assert stats.toughest_opponents == ()


def test_it_counts_dan(table):
    stats = player_stats(DAN, table)
    assert (stats.matches_played, stats.matches_won) == (4, 1)
    assert stats.win_rate == 0.25
    assert (stats.hands_taken, stats.contracts_made, stats.dedans) == (2, 0, 2)
    assert stats.average_points_taken == 0.0
    assert (stats.capots_made, stats.capots_suffered, stats.belotes) == (0, 3, 1)
    assert stats.best_partner == Record(BOB, 3, 1)
    assert stats.toughest_opponents == (
        Record(CLAIRE, 3, 0),
        Record(ALICE, 3, 1),
        Record(EVE, 2, 1),
    )


def test_it_counts_eve(table):
    stats = player_stats(EVE, table)
    assert (stats.matches_played, stats.matches_won, stats.matches_unfinished) == (
        2,
        1,
        1,
    )  # M2 L, M5 W
    assert (stats.hands_taken, stats.contracts_made, stats.points_taken) == (1, 1, 170)
    assert stats.belotes == 0


def test_a_player_with_no_match_has_empty_stats(table):
    stats = player_stats("Zoé", table)
    assert stats.matches_played == 0
    assert stats.win_rate is None
    assert stats.average_points_taken is None
    assert stats.best_partner is None
    assert stats.toughest_opponents == ()
    assert stats.last_matches == ()


def test_a_player_who_never_won_has_no_best_partner():
    stats = player_stats(DAN, [m1(), m3()])
    assert (stats.matches_played, stats.matches_won) == (2, 0)
    assert stats.best_partner is None


def test_only_finished_matches_count_for_results_but_all_hands_count(table):
    only_m4 = player_stats(ALICE, [m4()])
    assert (only_m4.matches_played, only_m4.matches_unfinished) == (0, 1)
    assert only_m4.win_rate is None
    assert (only_m4.hands_taken, only_m4.belotes, only_m4.capots_suffered) == (2, 1, 1)


def test_correcting_a_hand_changes_the_statistics(table):
    # M2 h3: Bob's team 40 instead of 120: 90-122 dedans, A +162+50 -> 464-182, A wins.
    corrected = [m1(), m2(last_points=40), m3(), m4(), m5()]
    before, after = player_stats(ALICE, table), player_stats(ALICE, corrected)
    assert (before.matches_won, after.matches_won) == (2, 3)
    assert after.best_partner == Record(CLAIRE, 2, 2)
    assert after.toughest_opponents == (Record(EVE, 1, 0), Record(CLAIRE, 1, 0))
    bob = player_stats(BOB, corrected)
    assert (bob.matches_won, bob.contracts_made, bob.dedans, bob.points_taken) == (0, 1, 2, 110)


def test_redeals_and_annulled_hands_count_for_nothing():
    match = build_match(
        key="x",
        played_on=date(2024, 1, 1),
        seats=(ALICE, BOB, CLAIRE, DAN),
        rules=Rules(renonce="annul"),
        hands=[HandInput(None), HandInput("A", renonce="B"), HandInput(None)],
        taker_seats=[None, 1, None],
    )
    assert [hand_counts(hand.result) for hand in match.hands] == [False, False, False]
    stats = player_stats(ALICE, [match])
    assert (stats.hands_taken, stats.points_taken, stats.matches_unfinished) == (0, 0, 1)


def test_build_match_places_takers_belotes_and_dealers():
    match = m1()
    assert [hand.taker for hand in match.hands] == [ALICE, ALICE, None, BOB, CLAIRE]
    assert [hand.belote_player for hand in match.hands] == [None, ALICE, None, DAN, None]
    assert [hand.dealer for hand in match.hands] == [DAN, ALICE, BOB, CLAIRE, DAN]
    assert (match.result.totals, match.result.winner) == (Pair(525, 253), "A")


def test_build_match_rejects_a_taker_seat_on_the_wrong_team():
    with pytest.raises(ValueError, match="taker seat 2"):
        build_match(
            key="x",
            played_on=date(2024, 1, 1),
            seats=(ALICE, BOB, CLAIRE, DAN),
            rules=Rules(),
            hands=[HandInput("A", "A", 100)],
            taker_seats=[2],
        )


def test_a_match_needs_four_different_players():
    with pytest.raises(ValueError, match="four different"):
        replace(m1(), seats=(ALICE, BOB, ALICE, DAN))


def test_players_of_lists_players_in_order_of_appearance(table):
    assert players_of(table) == [ALICE, BOB, CLAIRE, DAN, EVE]


def quick(key: int, seats: tuple[str, str, str, str], winner: str) -> PlayedMatch:
    """A one-hand match to 100 that team ``winner`` wins (A made 130, or dedans)."""
    return build_match(
        key=key,
        played_on=date(2024, 4, key),
        seats=seats,
        rules=Rules(target=100),
        hands=[HandInput("A", "A", 130 if winner == "A" else 20)],
    )


def test_best_partner_is_most_wins_then_most_matches():
    with_bob = [quick(i, (ALICE, DAN, BOB, EVE), w) for i, w in enumerate("ABB", start=1)]
    with_claire = [quick(i, (ALICE, DAN, CLAIRE, EVE), "A") for i in (4, 5)]
    assert player_stats(ALICE, with_bob + with_claire).best_partner == Record(CLAIRE, 2, 2)
    with_bob[1] = quick(2, (ALICE, DAN, BOB, EVE), "A")  # now 2 wins in 3 with Bob
    # Claire comes first in the input: the tie on wins goes to the most matches.
    assert player_stats(ALICE, with_claire + with_bob).best_partner == Record(BOB, 3, 2)


def test_toughest_opponents_tie_on_rate_goes_to_most_matches():
    matches = [
        quick(1, (ALICE, CLAIRE, BOB, DAN), "B"),
        quick(2, (ALICE, EVE, BOB, CLAIRE), "B"),
        quick(3, (ALICE, EVE, BOB, CLAIRE), "B"),
    ]
    assert player_stats(ALICE, matches).toughest_opponents == (
        Record(CLAIRE, 3, 0),
        Record(EVE, 2, 0),
        Record(DAN, 1, 0),
    )


def test_summaries_give_the_same_statistics_as_the_played_matches(table):
    # The player page keeps one summary per match version (issue 9): the
    # figures must be those of the hands themselves, for every player.
    summaries = [summarize(match) for match in table]
    for player in players_of(table):
        assert player_stats(player, summaries) == player_stats(player, table)
        assert player_stats(player, summaries[:2] + table[2:]) == player_stats(player, table)
    assert summaries[0].tallies != summaries[1].tallies
    # What the cache keeps comes back equal.
    assert [pickle.loads(pickle.dumps(summary)) for summary in summaries] == summaries


def test_a_belote_counts_for_the_holder_s_team_even_unnamed(table):
    """Issue 20, item 9: no real table says who held the belote, so "Belotes"
    stayed 0. Its team is always entered: Alice's team had it in M1h2, M3h1
    (holder unknown) and M4h1; Claire's in M1h2, M3h1 and M5h2."""
    alice, claire = player_stats(ALICE, table), player_stats(CLAIRE, table)
    assert (alice.belotes, alice.team_belotes) == (2, 3)
    assert (claire.belotes, claire.team_belotes) == (1, 3)


def test_a_klaverjas_hand_counts_in_klaverjas_figures_not_in_belote_s():
    """Issue 29: statistics in the game's terms. A klaverjas hand is no
    belote hand: it adds nothing to belote's figures, and goes to
    klaverjas' own (scoresheets/games/klaverjas/stats.py). A nat is the
    playing player's; a revoke (verzaakt) is neither made nor nat, and
    counts for the team that revoked (it was counted as a dedans of the
    taker's before the games had their own figures)."""
    from scoresheets.games.klaverjas.engine import KlaverjasHand, KlaverjasRules

    match = build_match(
        key="kj",
        played_on=date(2024, 4, 1),
        seats=(ALICE, BOB, CLAIRE, DAN),
        rules=KlaverjasRules(),
        hands=[
            KlaverjasHand("A", "A", 90),  # Alice plays and makes it: A 90
            KlaverjasHand("B", "B", 70),  # Bob plays: 70 against 92, nat: B 0
            KlaverjasHand("A", revoke="A"),  # Claire plays, her team revokes: A 0
            KlaverjasHand("B", revoke="A"),  # Dan plays, the other team revokes: B 262
        ],
        taker_seats=[1, 2, 3, 4],
        belote_seats=[None] * 4,
    )
    alice, bob, claire, dan = (player_stats(p, [match]) for p in (ALICE, BOB, CLAIRE, DAN))
    assert (alice.hands_taken, alice.dedans, alice.belote_hands) == (0, 0, 0)
    assert alice.games == ("klaverjas",) and alice.figures("belote") is None
    kj = {p.player: p.figures("klaverjas") for p in (alice, bob, claire, dan)}
    assert [f.hands_played for f in kj.values()] == [4, 4, 4, 4]
    assert [(f.played, f.made, f.nat, f.revokes) for f in kj.values()] == [
        (1, 1, 0, 2),
        (1, 0, 1, 0),
        (1, 0, 0, 2),
        (1, 0, 0, 0),
    ]
    assert [f.points_played for f in kj.values()] == [90, 0, 0, 262]
