"""The games' engine contract (issue 28, docs/games.md): every engine of the
registry gives the kernel what its types say, whatever its game."""

from __future__ import annotations

import dataclasses

import pytest

from scoresheets.matches.exports import SHARED_HAND_COLUMNS
from scoresheets.scoring import kernel
from scoresheets.scoring.engines import ENGINES


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
    redeal = engine.hand_type(taker=None)
    assert redeal.taker is None
    assert engine.check_hand(rules, redeal, 1) == []
    # A hand's score is the kernel's named result, not a tuple.
    scored = engine.score_hand(rules, redeal, 0)
    assert isinstance(scored, kernel.HandScore)
    assert scored.outcome is kernel.Outcome.PASSED
    # Its documents: read as a named pair, written back the same.
    document = engine.match_document(rules, [redeal])
    parsed = engine.parse_match_document(document)
    assert isinstance(parsed, kernel.ParsedMatch)
    assert (parsed.rules, parsed.hands) == (rules, [redeal])
    assert engine.hand_document(redeal)["taker"] is None
    # Its presets: the default first, each of its own rules.
    assert engine.presets and all(isinstance(p.rules, engine.rules_type) for p in engine.presets)
    # Its CSV columns follow shared columns of the hands' CSV.
    for column in engine.csv_columns:
        assert isinstance(column, kernel.CsvColumn)
        assert column.after in SHARED_HAND_COLUMNS
        assert column.value(redeal) == ""
