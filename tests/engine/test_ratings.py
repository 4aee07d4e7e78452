"""Player ratings (scoresheets.ratings) and the rating chart."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, timedelta

import pytest

from scoresheets.ratings import (
    DISPLAY_SCALE,
    PROVISIONAL_MATCHES,
    RatedMatch,
    compute_ratings,
    rated_matches,
    win_probability,
)
from scoresheets.scoring import HandInput, Rules
from scoresheets.stats import build_match
from tests.engine.test_stats import ALICE, BOB, m1, m2, m3, m4, m5

START = date(2024, 1, 1)

# Eight players; the partners rotate through every pairing of four of them.
ROTATION = [
    ((1, 2), (3, 4)),
    ((1, 3), (2, 4)),
    ((1, 4), (2, 3)),
    ((5, 6), (7, 8)),
    ((5, 7), (6, 8)),
    ((5, 8), (6, 7)),
    ((1, 5), (2, 6)),
    ((3, 7), (4, 8)),
]


def rotating_matches(count: int, strong: int = 1) -> list[RatedMatch]:
    """``count`` matches over ROTATION; the team of player ``strong`` always
    wins, other matches go to A on even numbers and to B on odd ones."""
    matches = []
    for i in range(count):
        team_a, team_b = ROTATION[i % len(ROTATION)]
        if strong in team_a:
            winner = "A"
        elif strong in team_b:
            winner = "B"
        else:
            winner = "A" if i % 2 == 0 else "B"
        matches.append(
            RatedMatch(
                key=i,
                played_on=START + timedelta(days=i),
                team_a=team_a,
                team_b=team_b,
                winner=winner,
            )
        )
    return matches


def test_a_player_who_wins_more_ranks_higher():
    ratings = compute_ratings(rotating_matches(40))
    leader = ratings.leaderboard[0]
    assert leader.player == 1
    assert leader.wins == leader.matches == 20  # player 1 is in 4 of every 8
    assert leader.rank == 1
    assert ratings.get(1).rating > ratings.get(2).rating
    assert [p.rank for p in ratings.leaderboard] == list(range(1, 9))
    ordinals = [p.ordinal for p in ratings.leaderboard]
    assert ordinals == sorted(ordinals, reverse=True)


def test_a_new_player_is_provisional_with_a_wide_uncertainty():
    one = compute_ratings(rotating_matches(1))
    player = one.get(3)
    assert player.matches == 1
    assert player.provisional is True
    assert player.estimate < 1250  # lost his first match: below the prior 25.0 (+ DISPLAY_BASE)
    assert 240 <= player.uncertainty <= 250  # 3 sigma, barely below 3 x 25/3
    assert one.get(5) is None  # did not play yet


def test_a_regular_is_not_provisional_any_more():
    ratings = compute_ratings(rotating_matches(200))
    regular = ratings.get(1)
    assert regular.matches == 100
    assert regular.provisional is False
    assert regular.uncertainty < 150  # 3 sigma x 10: 250 at first


def test_the_provisional_threshold_is_a_match_count():
    ratings = compute_ratings(rotating_matches(200), provisional_matches=101)
    assert all(p.provisional for p in ratings.leaderboard)
    ratings = compute_ratings(rotating_matches(200), provisional_sigma=0.5)
    assert all(p.provisional for p in ratings.leaderboard)
    assert PROVISIONAL_MATCHES == 10


def test_recomputation_is_deterministic():
    matches = rotating_matches(64)
    assert compute_ratings(matches) == compute_ratings(list(matches))


def test_a_corrected_result_changes_the_ranking():
    matches = [
        RatedMatch(key=1, played_on=START, team_a=(1, 2), team_b=(3, 4), winner="A"),
        RatedMatch(key=2, played_on=START, team_a=(1, 3), team_b=(2, 4), winner="A"),
    ]
    before = compute_ratings(matches)
    assert before.leaderboard[0].player == 1
    corrected = [matches[0], replace(matches[1], winner="B")]
    after = compute_ratings(corrected)
    assert after.leaderboard[0].player == 2
    assert after.get(1).rating < before.get(1).rating


def test_correcting_a_hand_changes_the_ranking():
    # The statistics table: M2's last hand corrected turns M2 into a win of
    # Alice and Eve over Dan and Bob (see tests/engine/test_stats.py).
    before = compute_ratings(rated_matches([m1(), m2(), m3(), m4(), m5()]))
    after = compute_ratings(rated_matches([m1(), m2(last_points=40), m3(), m4(), m5()]))
    assert before.get(ALICE).matches == after.get(ALICE).matches == 4  # M4 is not finished
    assert after.get(ALICE).rating > before.get(ALICE).rating
    assert after.get(BOB).rating < before.get(BOB).rating
    assert (before.get(ALICE).wins, after.get(ALICE).wins) == (2, 3)


def test_history_has_one_point_per_match_played():
    ratings = compute_ratings(rotating_matches(24))
    for player in ratings.leaderboard:
        assert len(player.history) == player.matches
        assert player.history[-1].rating == player.rating
    first = ratings.get(1).history[0]
    assert (first.match_key, first.played_on) == (0, START)
    assert [p.match_key for p in ratings.get(8).history] == [
        3,
        4,
        5,
        7,
        11,
        12,
        13,
        15,
        19,
        20,
        21,
        23,
    ]


def test_rated_matches_keeps_finished_matches_oldest_first():
    def match(key, day, points):
        return build_match(
            key=key,
            played_on=START + timedelta(days=day),
            seats=("a", "b", "c", "d"),
            rules=Rules(target=100),
            hands=[HandInput("A", "A", points)],
        )

    rated = rated_matches([match("late", 5, 130), match("open", 1, 82), match("early", 0, 20)])
    assert [(m.key, m.winner, m.team_a, m.team_b) for m in rated] == [
        ("early", "B", ("a", "c"), ("b", "d")),
        ("late", "A", ("a", "c"), ("b", "d")),
    ]


def test_a_rated_match_needs_a_winner_or_a_draw_and_four_players():
    with pytest.raises(ValueError, match="winner"):
        RatedMatch(key=1, played_on=START, team_a=(1, 2), team_b=(3, 4), winner="C")
    with pytest.raises(ValueError, match="winner"):
        RatedMatch(key=1, played_on=START, team_a=(1, 2), team_b=(3, 4), winner=None)
    with pytest.raises(ValueError, match="four different"):
        RatedMatch(key=1, played_on=START, team_a=(1, 2), team_b=(2, 4), winner="A")


def test_win_probability_favours_the_stronger_team():
    ratings = compute_ratings(rotating_matches(40))
    p = win_probability(ratings, (1, 5), (2, 6))
    assert 0.5 < p < 1.0
    assert win_probability(ratings, (2, 6), (1, 5)) == pytest.approx(1 - p)
    assert win_probability(ratings, ("new", "newer"), ("x", "y")) == pytest.approx(0.5)


def test_rating_svg_draws_the_history_without_script():
    from scoresheets.matches.charts import rating_svg

    history = compute_ratings(rotating_matches(24)).get(1).history
    svg = str(rating_svg(history, title="Zoé <l'as>"))
    assert svg.startswith("<svg ")
    assert "<script" not in svg
    assert "<!--" not in svg
    assert 'aria-label="Zoé &lt;l&#x27;as&gt;"' in svg
    assert "Zoé &lt;l" in svg.split(">", 1)[1]  # the drawn title, escaped
    assert "<l'as>" not in svg
    assert str(rating_svg((), title="x")) == ""


def test_equal_shown_ratings_share_a_rank():
    from datetime import date

    from scoresheets.ratings import RatedMatch, compute_ratings

    # One match: the two winners are equal, and so are the two losers.
    board = compute_ratings(
        [RatedMatch(key=1, played_on=date(2026, 1, 1), team_a=(1, 3), team_b=(2, 4), winner="A")]
    )
    assert [p.rank for p in board.leaderboard] == [1, 1, 3, 3]


def test_a_newcomer_who_loses_is_never_shown_a_negative_rating():
    """Issue 20, item 9: a friends' table read "-14", "-29" for provisional
    players. The shown figures start at DISPLAY_BASE (1000 for everyone),
    the order and the gaps unchanged: rating ~ estimate - uncertainty."""
    ratings = compute_ratings(rotating_matches(6))
    shown = {p.player: p.rating for p in ratings.leaderboard}
    assert min(p.ordinal for p in ratings.leaderboard) < 0  # losers' conservative skill
    assert all(rating > 0 for rating in shown.values()), shown
    for player in ratings.leaderboard:
        assert abs(player.rating - (player.estimate - player.uncertainty)) <= 1
        assert player.history[0].rating >= 0
    assert ratings.leaderboard[0].rating - ratings.leaderboard[-1].rating == round(
        DISPLAY_SCALE * ratings.leaderboard[0].ordinal
    ) - round(DISPLAY_SCALE * ratings.leaderboard[-1].ordinal)


def test_a_drawn_match_of_k_donnes_is_a_tie_won_by_nobody():
    drawn = RatedMatch(key=1, played_on=START, team_a=(1, 2), team_b=(3, 4), winner="")
    ratings = compute_ratings([drawn])
    assert all(ratings.players[key].wins == 0 for key in (1, 2, 3, 4))
    assert all(ratings.players[key].matches == 1 for key in (1, 2, 3, 4))
    # A tie between equals moves nobody's estimate apart.
    assert len({ratings.players[key].estimate for key in (1, 2, 3, 4)}) == 1
