"""Player statistics of coinche matches (scoresheets.stats, issue 10).

Figures computed by hand from docs/coinche.md, checked against the engine
where it scores. Default coinche rules (points plus bid, coinche "all":
(160 + bid) x m, rounding to the ten, capot bid 500, générale 1000).
Seats 1 & 3 are team A. "t" = the taker player.

C1, 2024-05-01, target 1000, seats Alice Bob Claire Dan (A: Alice+Claire)
  h1 t Alice, 100 hearts coinched, A 120: made, A (160+100)x2 = 520, B 0
  h2 t Bob, 80 spades, B 90: made, B 90+80 = 170, A 72 -> 70 (rounded)
  h3 redeal
  h4 t Claire, capot clubs surcoinched, capot B: failed, B 500x4 = 2000
  totals 590 - 2170: B wins
C2, 2024-05-08, target 2000, NOT finished, seats Alice Dan Eve Bob (A: Alice+Eve)
  h1 t Alice, 100 no_trump, A 90: dedans, B 160+100 = 260
  h2 t Dan, 120 diamonds coinched, B 130, belote A held by Eve: made,
     B (160+120)x2 = 560, A its belote 20
  h3 t Alice, générale hearts, capot A alone: made, A 1000
  totals 1020 - 820

Coinches (team A's point of view): C1h1 won by A (made), C1h4 won by B (failed),
C2h2 won by B (made).
Alice: 6 hands played, taken C1h1, C2h1, C2h3: 3 taken, 2 made, 1 dedans;
100: 2 taken 1 made, générale 1/1; points 520 + 0 + 1000 = 1520; coinches
won 1 (C1h1), lost 2; capots made 1 (C2h3), suffered 1 (C1h4); no belote.
Bob: taken C1h2 (80, 170 points); coinches won 2, lost 1.
Claire: taken C1h4 (capot, failed, 0 points); coinches 1 / 1.
Eve: nothing taken; belote C2h2; coinche lost 1.
"""

from __future__ import annotations

import pickle
from datetime import date

from scoresheets import scoring
from scoresheets.games.coinche.stats import BidRecord, CoincheStats
from scoresheets.scoring import FIGURES, CoincheHand, CoincheRules, Pair
from scoresheets.stats import (
    PlayedMatch,
    build_match,
    player_stats,
    players_of,
    summarize,
)
from tests.engine.test_stats import ALICE, BOB, CLAIRE, DAN, EVE, m1, m2

C1_HANDS = [
    CoincheHand("A", 100, "hearts", "coinche", "A", 120),
    CoincheHand("B", 80, "spades", None, "B", 90),
    CoincheHand(None),
    CoincheHand("A", "capot", "clubs", "surcoinche", capot="B"),
]
C2_HANDS = [
    CoincheHand("A", 100, "no_trump", None, "A", 90),
    CoincheHand("B", 120, "diamonds", "coinche", "B", 130, belote="A"),
    CoincheHand("A", "generale", "hearts", capot="A", solo=True),
]


def c1() -> PlayedMatch:
    return build_match(
        key="c1",
        played_on=date(2024, 5, 1),
        seats=(ALICE, BOB, CLAIRE, DAN),
        rules=CoincheRules(target=1000),
        hands=C1_HANDS,
        taker_seats=[1, 2, None, 3],
    )


def c2() -> PlayedMatch:
    return build_match(
        key="c2",
        played_on=date(2024, 5, 8),
        seats=(ALICE, DAN, EVE, BOB),
        rules=CoincheRules(),
        hands=C2_HANDS,
        taker_seats=[1, 2, 1],
        belote_seats=[None, 3, None],
    )


def test_the_matches_score_as_computed_by_hand():
    first, second = c1(), c2()
    assert first.game == "coinche" and m1().game == "belote"
    assert [h.result.score for h in first.hands] == [
        Pair(520, 0),
        Pair(70, 170),
        Pair(0, 0),
        Pair(0, 2000),
    ]
    assert (first.result.totals, first.result.finished, first.result.winner) == (
        Pair(590, 2170),
        True,
        "B",
    )
    assert [h.result.score for h in second.hands] == [Pair(0, 260), Pair(20, 560), Pair(1000, 0)]
    assert (second.result.totals, second.result.finished) == (Pair(1020, 820), False)
    # And as the engine scores them apart from the statistics.
    assert first.result == scoring.score_match(CoincheRules(target=1000), C1_HANDS)


def test_it_counts_alice_s_coinche_hands():
    stats = player_stats(ALICE, [c1(), c2()])
    assert stats.coinche == CoincheStats(
        hands_played=6,
        hands_taken=3,
        contracts_made=2,
        dedans=1,
        capots_made=1,
        capots_suffered=1,
        belotes=0,
        team_belotes=1,  # C2h2: its team's belote, held by Eve
        points_taken=1520,
        bids=(BidRecord(100, 2, 1), BidRecord("generale", 1, 1)),
        coinches_won=1,
        coinches_lost=2,
    )
    assert stats.coinche.average_points_taken == 1520 / 3
    assert stats.coinche.coinches == 3
    assert stats.coinche.bids[0].failed == 1
    # The match figures take coinche matches: C1 lost, C2 in progress.
    assert (stats.matches_played, stats.matches_won, stats.matches_unfinished) == (1, 0, 1)
    # No belote match: belote's hand figures stay empty.
    assert (stats.belote_hands, stats.hands_taken, stats.points_taken) == (0, 0, 0)
    assert stats.games == ("coinche",)


def test_it_counts_the_other_players():
    table = [c1(), c2()]
    bob = player_stats(BOB, table).coinche
    assert (bob.hands_taken, bob.contracts_made, bob.points_taken) == (1, 1, 170)
    assert bob.bids == (BidRecord(80, 1, 1),)
    assert (bob.coinches_won, bob.coinches_lost) == (2, 1)
    assert (bob.capots_made, bob.capots_suffered) == (1, 1)
    claire = player_stats(CLAIRE, table).coinche
    assert (claire.hands_played, claire.hands_taken, claire.dedans) == (3, 1, 1)
    assert claire.bids == (BidRecord("capot", 1, 0),)
    assert (claire.coinches_won, claire.coinches_lost, claire.points_taken) == (1, 1, 0)
    dan = player_stats(DAN, table).coinche
    assert dan.bids == (BidRecord(120, 1, 1),)
    assert (dan.points_taken, dan.coinches_won, dan.coinches_lost) == (560, 2, 1)
    eve = player_stats(EVE, table).coinche
    assert (eve.hands_played, eve.hands_taken, eve.belotes) == (3, 0, 1)
    assert (eve.bids, eve.average_points_taken) == ((), None)
    assert (eve.coinches_won, eve.coinches_lost) == (0, 1)


def test_every_coinche_is_won_by_one_team_and_lost_by_the_other():
    table = [c1(), c2()]
    figures = [player_stats(p, table).coinche for p in players_of(table)]
    # Three coinched hands, four players each: twelve, half won.
    assert sum(f.coinches_won for f in figures) == sum(f.coinches_lost for f in figures) == 6


def test_a_surcoinche_and_a_failed_capot_bid_count_as_one_coinche_and_a_dedans():
    only_h4 = build_match(
        key="x",
        played_on=date(2024, 6, 1),
        seats=(ALICE, BOB, CLAIRE, DAN),
        rules=CoincheRules(),
        hands=[C1_HANDS[3]],
        taker_seats=[3],
    )
    claire = player_stats(CLAIRE, [only_h4]).coinche
    assert (claire.hands_taken, claire.dedans, claire.coinches_lost) == (1, 1, 1)
    assert player_stats(BOB, [only_h4]).coinche.coinches_won == 1


def test_a_player_without_coinche_hands_has_no_coinche_figures():
    assert player_stats(ALICE, [m1(), m2()]).coinche is None
    # A coinche match of redeals only: no counting hand, no coinche figures.
    redeals = build_match(
        key="r",
        played_on=date(2024, 6, 1),
        seats=(ALICE, BOB, CLAIRE, DAN),
        rules=CoincheRules(),
        hands=[CoincheHand(None)],
    )
    stats = player_stats(ALICE, [redeals])
    assert stats.coinche is None
    assert (stats.matches_unfinished, stats.games) == (1, ("coinche",))


def test_belote_figures_are_belote_s_only_and_match_figures_take_both_games():
    belote = [m1(), m2()]
    alone = player_stats(ALICE, belote)
    mixed = player_stats(ALICE, [*belote, c1(), c2()])
    for name in (
        "hands_taken",
        "contracts_made",
        "dedans",
        "litiges",
        "capots_made",
        "capots_suffered",
        "belotes",
        "team_belotes",
        "points_taken",
        "belote_hands",
    ):
        assert getattr(mixed, name) == getattr(alone, name), name
    assert alone.belote_hands == 4 + 3  # M1 without its redeal, M2
    assert mixed.average_points_taken == alone.average_points_taken
    assert (mixed.matches_played, mixed.matches_won) == (
        alone.matches_played + 1,
        alone.matches_won,
    )
    assert mixed.matches_unfinished == alone.matches_unfinished + 1
    assert mixed.games == ("belote", "coinche")
    assert [(line.key, line.game) for line in mixed.last_matches[:3]] == [
        ("c2", "coinche"),
        ("c1", "coinche"),
        ("m2", "belote"),
    ]


def test_summaries_give_the_same_coinche_figures_and_survive_the_cache():
    table = [m1(), m2(), c1(), c2()]
    summaries = [summarize(match) for match in table]
    assert [s.game for s in summaries] == ["belote", "belote", "coinche", "coinche"]
    # Each keeps its own game's counts: coinche's bids and coinches beside belote's.
    assert [len(s.tallies[0]) for s in summaries] == [len(FIGURES[s.game].names) for s in summaries]
    assert len(summaries[0].tallies[0]) < len(summaries[2].tallies[0])
    assert [s.hands_played for s in summaries] == [4, 3, 3, 3]
    for player in players_of(table):
        assert player_stats(player, summaries) == player_stats(player, table)
    assert [pickle.loads(pickle.dumps(summary)) for summary in summaries] == summaries
    stats = player_stats(ALICE, summaries)
    assert pickle.loads(pickle.dumps(stats)) == stats
