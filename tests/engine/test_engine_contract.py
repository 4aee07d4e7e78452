"""The games' engine contract (issue 28, docs/games.md): every engine of the
registry gives the kernel what its types say, whatever its game."""

from __future__ import annotations

import dataclasses
import json

import pytest

from scoresheets.matches.exports import SHARED_HAND_COLUMNS
from scoresheets.scoring import kernel
from scoresheets.scoring.engines import ENGINES
from tests.conftest import game_case_files


@pytest.mark.parametrize("name", list(ENGINES))
def test_every_engine_gives_the_kernel_its_types(name):
    engine = ENGINES[name]
    assert isinstance(engine, kernel.Engine) and engine.name == name
    # Its rules and hands: frozen dataclasses, the rules each with a default,
    # the ones the kernel reads among them (GameRules, GameHand).
    for kind in (engine.rules_type, engine.hand_type):
        assert dataclasses.is_dataclass(kind) and kind.__dataclass_params__.frozen
    rules = engine.rules_type()
    assert isinstance(rules.target, int) and rules.target > 0
    assert rules.donnes is None or isinstance(rules.donnes, int)
    assert engine.check_rules(rules) == []
    # One valid hand of its worked cases (a game may have no redeal).
    hand = _first_valid_hand(name)
    # Its sides: two teams, or its players in a game scored per player.
    sides = engine.players or ("A", "B")
    assert hand.taker is None or hand.taker in sides
    assert engine.check_hand(rules, hand, 1) == []
    # A hand's score is the kernel's named result, not a tuple: a Pair of the
    # two teams, or Scores by player.
    scored = engine.score_hand(rules, hand, 0)
    assert isinstance(scored, kernel.HandScore)
    assert isinstance(scored.score, kernel.Scores if engine.players else kernel.Pair)
    assert tuple(scored.score.as_dict()) == sides
    # Its documents: read as a named pair, written back the same; the hand's
    # taking team under the key the game names (a stored hand's column).
    document = engine.match_document(rules, [hand])
    parsed = engine.parse_match_document(document)
    assert isinstance(parsed, kernel.ParsedMatch)
    assert (parsed.rules, parsed.hands) == (rules, [hand])
    assert engine.hand_document(hand)[engine.taker_key] == hand.taker
    # Its presets: the default first, each of its own rules.
    assert engine.presets and all(isinstance(p.rules, engine.rules_type) for p in engine.presets)
    # Its CSV columns follow shared columns of the hands' CSV.
    for column in engine.csv_columns:
        assert isinstance(column, kernel.CsvColumn)
        assert column.after in SHARED_HAND_COLUMNS
        assert isinstance(column.value(hand), str)


def _first_valid_hand(name):
    """The first hand of the first worked case of game ``name`` that its
    default rules score."""
    engine = ENGINES[name]
    for path in game_case_files(name):
        document = json.loads(path.read_text(encoding="utf-8"))
        if document["expected"].get("error") or not document["hands"]:
            continue
        hand = engine.parse_hand(document["hands"][0])
        if not engine.check_hand(engine.rules_type(), hand, 1):
            return hand
    raise AssertionError(f"{name}: no worked case with a hand its default rules score")
