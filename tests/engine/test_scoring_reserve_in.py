"""score_match(..., reserve=): a reserve carried in from litiges scored
elsewhere (the calculator) is scored exactly as the same reserve left by
earlier hands of the match."""

from __future__ import annotations

import pytest

from scoresheets.scoring import HandInput, LitigeRule, MatchError, Pair, Rules, score_match

LITIGE_81 = HandInput("A", "A", 81)  # classic rules: 81 - 81, A's 81 put in reserve


@pytest.mark.parametrize(
    "hand",
    [
        HandInput("A", "A", 100),  # made: A collects
        HandInput("A", "A", 70, belote="A"),  # dedans: B collects
        HandInput("B", capot="B"),  # capot
        HandInput("A", "A", 81),  # another litige: the reserves add up
        HandInput(None),  # a redeal keeps it
        HandInput("A", "A", 90, announcements=Pair(20, 0)),
    ],
)
def test_a_carried_reserve_scores_as_an_earlier_litige(hand: HandInput):
    rules = Rules(announcements=True)
    carried = score_match(rules, [hand], reserve=81)
    played = score_match(rules, [LITIGE_81, hand])
    earlier = played.hands[0]
    assert carried.hands[0].score == played.hands[1].score
    assert carried.hands[0].collected == played.hands[1].collected
    assert carried.hands[0].outcome == played.hands[1].outcome
    assert carried.reserve == played.reserve
    # Only the totals differ, by what the earlier litige scored.
    assert carried.totals.a == played.totals.a - earlier.score.a
    assert carried.totals.b == played.totals.b - earlier.score.b


def test_any_reserve_is_collected_whole_then_rounded_with_the_hand():
    result = score_match(Rules(rounding="nearest_ten"), [HandInput("A", "A", 100)], reserve=37)
    assert result.hands[0].collected == 37
    assert result.hands[0].score == Pair(140, 60)  # 100 + 37 = 137 -> 140; 62 -> 60
    assert result.reserve == 0


def test_no_reserve_by_default():
    assert score_match(Rules(), [HandInput("A", "A", 100)]).hands[0].collected == 0


@pytest.mark.parametrize(
    ("reserve", "code"), [(-1, "out_of_range"), (True, "not_integer"), ("81", "not_integer")]
)
def test_a_bad_reserve_is_a_problem(reserve, code):
    with pytest.raises(MatchError) as error:
        score_match(Rules(), [HandInput("A", "A", 100)], reserve=reserve)
    assert [(p.field, p.code) for p in error.value.problems] == [("reserve", code)]


def test_the_rule_names_the_reserve_litige():
    assert LitigeRule.RESERVE == "reserve"


def test_coinche_has_no_reserve_to_carry_in():
    from scoresheets.scoring import CoincheRules

    assert score_match(CoincheRules(), [], reserve=0).reserve == 0
    with pytest.raises(MatchError) as error:
        score_match(CoincheRules(), [], reserve=81)
    assert [(p.field, p.code) for p in error.value.problems] == [("reserve", "out_of_range")]
