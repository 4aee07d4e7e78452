"""Each game's player figures, in its own terms (issue 29): its package's
``stats.py`` tallies a few hands, and the figures below were computed by
hand from the hands and the contracts (../shared/scoring/<GAME>.md), not
read from the output. Seats: Alice, Bob, Claire, Dan (Alice & Claire are
team A, seats 1 and 3), unless a game has its own number of players.

Each case is a match: its rules, its hands with the seat of their taker
(None: the sheet does not say which player), and each player's figures
that are not 0 (every other figure of the game must be 0).
"""

from __future__ import annotations

import dataclasses
import pickle
from datetime import date

import pytest

from scoresheets.scoring import FIGURES, HANDS_PLAYED, PlayerFigures, engines
from scoresheets.scoring.kernel import Pair
from scoresheets.stats import build_match, player_stats, summarize
from tests.engine.test_stats import ALICE, BOB, CLAIRE, DAN

FOUR = (ALICE, BOB, CLAIRE, DAN)


def figures_of(game, rules, hands, takers, *, seats=FOUR, first_dealer=None):
    """Each player's figures of ``game`` over one match of ``hands``, as
    plain dicts (``hands_played`` and the averages included)."""
    match = build_match(
        key=game,
        played_on=date(2024, 6, 1),
        seats=seats,
        rules=rules,
        hands=hands,
        taker_seats=takers,
        first_dealer=first_dealer,
    )
    assert match.game == game
    return {player: player_stats(player, [match]).figures(game) for player in seats}


def check(game, found, expected, hands_played):
    """Every figure of every player is the one expected, 0 where not said;
    every player played the match's ``hands_played`` counting hands."""
    blank = dataclasses.asdict(FIGURES[game].empty())
    for player, figures in found.items():
        want = {**blank, "hands_played": hands_played, **expected.get(player, {})}
        got = dataclasses.asdict(figures)
        assert got == want, player


# --------------------------------------------------------------------------
# Klaverjas (KLAVERJAS.md; default rules: nat on a tie, points + roem
# compared, pit 100, tegenpit too, a revoke 162 + 100 roem)
# --------------------------------------------------------------------------


def _klaverjas():
    from scoresheets.games.klaverjas.engine import KlaverjasHand as K
    from scoresheets.games.klaverjas.engine import KlaverjasRules

    return KlaverjasRules(), K


KLAVERJAS_CASES = {
    # h1 Alice plays: A 90 + 20 roem = 110 against 72, made: A 110.
    # h2 Dan plays: B 60 + 20 = 80 against 102 + 20 = 122, nat: A 162 + 40.
    # The roem shown counts for the team that showed it, nat or not.
    "made then nat": (
        lambda K: [K("A", "A", 90, Pair(20, 0)), K("B", "B", 60, Pair(20, 20))],
        [1, 4],
        {
            ALICE: {"played": 1, "made": 1, "roem": 40, "points_played": 110},
            BOB: {"roem": 20},
            CLAIRE: {"roem": 40},
            DAN: {"played": 1, "nat": 1, "roem": 20, "points_played": 0},
        },
    ),
    # h1 Claire plays, her team's pit with 40 roem: made, A 162 + 40 + 100.
    # h2 Alice plays, the other team's pit (tegenpit): nat, B 162 + 100.
    # h3 Bob plays, his team's pit: made, B 162 + 100.
    "pit and tegenpit": (
        lambda K: [K("A", pit="A", roem=Pair(40, 0)), K("A", pit="B"), K("B", pit="B")],
        [3, 1, 2],
        {
            ALICE: {"played": 1, "nat": 1, "pits": 1, "pits_against": 2, "roem": 40},
            BOB: {"played": 1, "made": 1, "pits": 2, "pits_against": 1, "points_played": 262},
            CLAIRE: {
                "played": 1,
                "made": 1,
                "pits": 1,
                "pits_against": 2,
                "roem": 40,
                "points_played": 302,
            },
            DAN: {"pits": 2, "pits_against": 1},
        },
    ),
    # h1 Bob plays and his team revokes: neither made nor nat, A 162 + 100.
    # h2 a made hand whose player the sheet does not say: nobody played it.
    "verzaakt, and a player unknown": (
        lambda K: [K("B", revoke="B"), K("A", "A", 100)],
        [2, None],
        {BOB: {"played": 1, "revokes": 1}, DAN: {"revokes": 1}},
    ),
}


@pytest.mark.parametrize("case", list(KLAVERJAS_CASES))
def test_klaverjas_counts_its_hands_in_its_terms(case):
    rules, hand = _klaverjas()
    hands, takers, expected = KLAVERJAS_CASES[case]
    found = figures_of("klaverjas", rules, hands(hand), takers)
    check("klaverjas", found, expected, hands_played=len(takers))  # no redeal at klaverjas


def test_klaverjas_points_per_hand_played_is_its_team_s_score():
    rules, K = _klaverjas()
    # Alice plays twice: 110 (made), then 0 (nat, 70 against 92).
    hands = [K("A", "A", 90, Pair(20, 0)), K("A", "A", 70)]
    found = figures_of("klaverjas", rules, hands, [1, 1])
    assert found[ALICE].average_points_played == 55.0
    assert found[BOB].average_points_played is None


# --------------------------------------------------------------------------
# The hook
# --------------------------------------------------------------------------


def test_every_game_declares_its_figures_through_the_registry():
    assert list(FIGURES) == list(engines.ENGINES)
    for name, figures in FIGURES.items():
        assert isinstance(figures, PlayerFigures), name
        empty = figures.empty()
        assert empty.hands_played == 0, name
        assert pickle.loads(pickle.dumps(empty)) == empty, name
        assert len(set(figures.names)) == len(figures.names), name


def test_a_game_package_without_stats_counts_its_hands_played_only():
    assert engines._figures("tests.fake_game") is HANDS_PLAYED
    assert HANDS_PLAYED.build(3, ()).hands_played == 3


def test_a_summary_keeps_each_seat_s_counts_in_its_game_s_order():
    rules, K = _klaverjas()
    match = build_match(
        key="kj",
        played_on=date(2024, 6, 1),
        seats=FOUR,
        rules=rules,
        hands=[K("A", "A", 90, Pair(20, 0))],
        taker_seats=[3],
    )
    summary = summarize(match)
    claire = dict(zip(FIGURES["klaverjas"].names, summary.tallies[2], strict=True))
    # Plain integers (cheap to pickle), the points as a sum: A 90 + 20.
    assert claire == {
        **dict.fromkeys(claire, 0),
        "played": 1,
        "made": 1,
        "roem": 20,
        "points_played": 110,
    }
