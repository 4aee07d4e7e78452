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
        team_names=seats if len(seats) < 4 else ("A", "B"),  # each player his own side
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
# Schieber jass (JASS.md; default rules: a factor of 1 for every mode, a
# Match 157 + 100). Dan deals hand 1 (first_dealer 4): Vorhand is the next
# seat, and the deal passes one seat each hand.
# --------------------------------------------------------------------------


def _jass():
    from scoresheets.games.jass.engine import JassHand, JassRules

    return JassRules, JassHand


def test_jass_counts_who_announced_who_pushed_and_each_team_s_match_weis_and_stoeck():
    rules, J = _jass()
    hands = [
        # h1 Dan deals, Vorhand Alice announces herself: A 100 + Weis 50 + Stöck 20.
        J("hearts", "A", "A", 100, stoeck="A", weis=Pair(50, 0)),
        # h2 Alice deals, Vorhand Bob pushes, Dan announces: B 80 + Weis 20, A 77.
        J("spades", "B", "B", 80, weis=Pair(0, 20)),
        # h3 Bob deals, Vorhand Claire pushes, Alice announces, A's Match: 257.
        J("obenabe", "A", match="A"),
        # h4 Claire deals, Vorhand Dan pushes, Bob announces, A's Konter-Match: 257.
        J("clubs", "B", match="A"),
        # h5 Dan deals, Vorhand is Alice, yet Bob (the dealer's partner's
        # team) announces: the sheet's deal is not the table's, no push.
        J("diamonds", "B", "B", 60),
    ]
    found = figures_of("jass", rules(), hands, [1, 4, 1, 2, 2], first_dealer=4)
    team_a = {"matches": 2, "weis": 50, "stoeck": 1}
    team_b = {"matches_against": 2, "weis": 20}
    expected = {
        ALICE: {**team_a, "announced": 2, "points_announced": 170 + 257},
        BOB: {**team_b, "announced": 2, "pushed": 1, "points_announced": 0 + 60},
        CLAIRE: {**team_a, "pushed": 1},
        DAN: {**team_b, "announced": 1, "pushed": 1, "points_announced": 100},
    }
    check("jass", found, expected, hands_played=5)
    assert found[ALICE].average_points_announced == 427 / 2


def test_jass_knows_no_push_without_the_deal_and_counts_weis_before_the_factor():
    rules, J = _jass()
    # Schilten x2 under 1_2_3 (JASS, *Scoring one hand*): A 92 x 2 = 184,
    # B (65 + Weis 50) x 2 = 230. Bob announces: his partner pushed? Unknown.
    hand = J("spades", "B", "A", 92, weis=Pair(0, 50))
    found = figures_of("jass", rules(multipliers="1_2_3"), [hand], [2])
    team_b = {"weis": 50}
    expected = {BOB: {**team_b, "announced": 1, "points_announced": 230}, DAN: team_b}
    check("jass", found, expected, hands_played=1)


# --------------------------------------------------------------------------
# Baloot (BALOOT.md; default rules: Hokm's lower pile converted, rounded
# down; a tie splits; the baloot's 2 never doubled)
# --------------------------------------------------------------------------


def test_baloot_counts_the_buyer_s_contracts_and_each_team_s_projects():
    from scoresheets.games.baloot.engine import BalootHand as B
    from scoresheets.games.baloot.engine import BalootRules

    hands = [
        # h1 Alice buys Hokm, A 100 + sira against 62, B's baloot: made,
        # A 10 + 2 = 12 (B 6 + 2).
        B("A", "hokm", "A", 100, projects=Pair(("sira",), ()), baloot="B"),
        B(None),  # everybody passed: a redeal, no figure
        # h3 Bob buys Sun, B 20 + fifty + sira (90) against 110: khasran,
        # B 0, A 26 + the projects 10 + 4.
        B("B", "sun", "B", 20, projects=Pair((), ("fifty", "sira"))),
        # h4 Claire buys Hokm, A's kaboot and a hundred: made, A 25 + 10 = 35.
        B("A", "hokm", kaboot="A", projects=Pair(("hundred",), ())),
        # h5 team B buys doubled Hokm, the sheet says not who: made, B 32.
        B("B", "hokm", "B", 90, doubling="double"),
    ]
    found = figures_of("baloot", BalootRules(), hands, [1, None, 2, 3, None])
    team_a = {"sira": 1, "hundred": 1, "kaboots": 1}
    team_b = {"sira": 1, "fifty": 1, "baloot": 1, "kaboots_against": 1}
    expected = {
        ALICE: {**team_a, "bought": 1, "hokm": 1, "made": 1, "points_bought": 12},
        BOB: {**team_b, "bought": 1, "sun": 1, "khasran": 1, "points_bought": 0},
        CLAIRE: {**team_a, "bought": 1, "hokm": 1, "made": 1, "points_bought": 35},
        DAN: team_b,
    }
    check("baloot", found, expected, hands_played=4)
    assert (found[CLAIRE].average_points_bought, found[DAN].average_points_bought) == (35, None)


# --------------------------------------------------------------------------
# Belote for three and two (BELOTE_3_2.md; defaults: at three each
# defender's total to beat, a dedans split, a tie falls; at two a litige's
# points wait in the reserve): belote's figures, each player his own side.
# --------------------------------------------------------------------------


def test_belote_for_three_counts_belote_s_figures_per_player():
    from scoresheets.games.belote3.engine import Belote3Hand as T
    from scoresheets.games.belote3.engine import Belote3Rules
    from scoresheets.scoring.kernel import Scores

    hands = [
        T("A", Scores({"A": 70, "B": 50})),  # Alice 70 against 50 and 42: made, 70
        T(None),  # a redeal
        T("B", Scores({"A": 70, "B": 50})),  # Bob 50 against 70: dedans, 0
        T("C", capot="C", belote="C"),  # Claire's capot and belote: 252 + 20
        T("A", Scores({"A": 60, "B": 60})),  # Alice 60 against 60: a tie falls, 0
    ]
    seats = (ALICE, BOB, CLAIRE)
    found = figures_of("belote3", Belote3Rules(), hands, [None] * 5, seats=seats)
    expected = {
        ALICE: {"hands_taken": 2, "contracts_made": 1, "dedans": 1, "points_taken": 70},
        BOB: {"hands_taken": 1, "dedans": 1},
        CLAIRE: {"hands_taken": 1, "contracts_made": 1, "points_taken": 272},
    }
    for player in seats:
        capot = {"capots_made": 1} if player == CLAIRE else {"capots_suffered": 1}
        belote = {"belotes": 1, "team_belotes": 1} if player == CLAIRE else {}
        expected[player] = {**expected[player], **capot, **belote}
    check("belote3", found, expected, hands_played=4)


def test_belote_for_two_counts_a_litige_and_the_reserve_collected():
    from scoresheets.games.belote3.engine import Belote2Hand as D
    from scoresheets.games.belote3.engine import Belote2Rules
    from scoresheets.scoring.kernel import Scores

    # Alice 81: a litige, 81 in reserve; Bob 100: made, 100 + 81.
    hands = [D("A", Scores({"A": 81})), D("B", Scores({"B": 100}))]
    found = figures_of("belote2", Belote2Rules(), hands, [None] * 2, seats=(ALICE, BOB))
    expected = {
        ALICE: {"hands_taken": 1, "litiges": 1},
        BOB: {"hands_taken": 1, "contracts_made": 1, "points_taken": 181},
    }
    check("belote2", found, expected, hands_played=2)


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
