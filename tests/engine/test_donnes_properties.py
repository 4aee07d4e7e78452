"""Properties of the rule ``donnes`` (FORMAT, rules table: a match of K
donnes, or ``None`` to its target), once for every game of the engine's
registry (hypothesis). The rule lives in the kernel's walk, so it holds the
same in every game; a game brings only its strategy of valid matches
(:data:`MATCHES`), which a new game must add (the first test says so)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoresheets.scoring import Outcome, score_match
from scoresheets.scoring.engines import ENGINES
from tests.engine import test_coinche_properties, test_scoring_properties
from tests.engine.test_scoring_properties import DONNES, FAST, NO_END


def k_donnes(strategies: ModuleType) -> Callable[[int], st.SearchStrategy]:
    """Valid matches of K donnes (K of :data:`DONNES`) of the game whose
    strategies ``strategies`` holds, with at most ``max_hands`` hands."""

    def matches(max_hands: int = 25) -> st.SearchStrategy:
        rules = strategies.rules_strategy(target=strategies.REAL_TARGET, donnes=DONNES)
        return strategies.match_strategy(rules, max_hands=max_hands)

    return matches


MATCHES: dict[str, Callable[[int], st.SearchStrategy]] = {
    "belote": k_donnes(test_scoring_properties),
    "coinche": k_donnes(test_coinche_properties),
}
"""Each game's valid matches of K donnes: ``(rules, hands)``."""

# The games whose rules have ``donnes`` (klaverjas ends after its own
# ``games``, under its rule ``end``: its cases and tests say so).
GAMES = [
    name
    for name, engine in ENGINES.items()
    if "donnes" in {f.name for f in dataclasses.fields(engine.rules_type)}
]


def test_every_game_has_its_matches():
    assert set(MATCHES) == set(GAMES)


@pytest.mark.parametrize("game", GAMES)
@FAST
@given(data=st.data())
def test_a_match_of_k_donnes_ends_on_its_kth_donne_whatever_the_target(game, data):
    rules, hands = data.draw(MATCHES[game](max_hands=40))
    result = score_match(rules, hands)
    played = [h.number for h in result.hands if h.outcome is not Outcome.PASSED]
    assert result.donnes == len(played)
    assert not result.decisive_hand
    assert not result.no_trick_block
    ends = [h.number for h in result.hands if h.ends_match]
    if result.finished:
        # The K-th donne, a redeal never, ended it, and nothing came after.
        assert len(played) == rules.donnes
        assert ends == [played[-1]] == [len(hands)]
        a, b = result.totals.a, result.totals.b
        assert result.winner == (None if a == b else ("A" if a > b else "B"))
    else:
        assert len(played) < rules.donnes
        assert ends == []
        assert result.winner is None


@pytest.mark.parametrize("game", GAMES)
@FAST
@given(data=st.data())
def test_the_donnes_rule_only_says_when_the_match_ends(game, data):
    rules, hands = data.draw(MATCHES[game]())
    limited = score_match(rules, hands)
    free = score_match(dataclasses.replace(rules, donnes=None, target=NO_END), hands)
    assert [(h.outcome, h.score, h.reserve, h.totals) for h in limited.hands] == [
        (h.outcome, h.score, h.reserve, h.totals) for h in free.hands
    ]
    assert limited.donnes == free.donnes


@pytest.mark.parametrize("game", GAMES)
@FAST
@given(
    bad=st.one_of(
        st.integers(max_value=0),
        st.integers(min_value=101),
        st.booleans(),
        st.text(max_size=3),
        st.floats(allow_nan=False),
    )
)
def test_a_bad_donnes_is_a_problem_of_rules_donnes(game, bad):
    engine = ENGINES[game]
    problems = engine.check_rules(engine.rules_type(donnes=bad))
    assert [(p.field, p.code) for p in problems] in (
        [("rules.donnes", "not_integer")],
        [("rules.donnes", "out_of_range")],
    )
