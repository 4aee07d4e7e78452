"""The match document of any game: the top-level ``game`` key chooses.

FORMAT, *Match document* (``docs/match-document.md``): the optional key
``game`` names a game of the registry (:mod:`scoresheets.scoring.engines`):
``"belote"`` (the default: the document is scored exactly as before the key
existed) or ``"coinche"`` (``docs/coinche.md``); any other value is an error.
These functions are the ones :mod:`scoresheets.scoring` exports, so that
``scoring.score_document`` and the ``score_match`` command take every game.
Every game gives the same result types (``MatchResult``), so
:func:`result_document` is the kernel's and serves them all.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from scoresheets.scoring import kernel
from scoresheets.scoring.engines import DEFAULT_GAME, Game, engine_for, engine_named
from scoresheets.scoring.kernel import (
    MatchError,
    MatchResult,
    ParsedMatch,
    not_rules_problem,
    reserve_problems,
    result_document,
)

__all__ = [
    "Game",
    "document_game",
    "match_document",
    "parse_match_document",
    "result_document",
    "score_document",
    "score_match",
]


def document_game(document: Any) -> Game:
    """The game of a match document (parsed JSON): absent ``game`` is the
    default game, belote.

    Anything but a JSON object is belote too (its parser reports it). Raises
    :class:`MatchError` (field ``game``, code ``invalid_choice``) for a
    ``game`` that is no game of the registry, ``null`` included.
    """
    if not isinstance(document, dict) or "game" not in document:
        return Game(DEFAULT_GAME)
    return Game(engine_named(document["game"]).name)


def parse_match_document(document: Any) -> ParsedMatch:
    """Parse a match document of any game (see :func:`document_game`) with
    that game's parser: belote's ``(Rules, [HandInput, ...])``, coinche's
    ``(CoincheRules, [CoincheHand, ...])``. Raises :class:`MatchError` with
    every problem found.
    """
    return engine_named(document_game(document)).parse_match_document(document)


def match_document(rules: Any, hands: Iterable[Any]) -> dict[str, Any]:
    """The match document of ``rules`` and ``hands``, the inverse of
    :func:`parse_match_document`, by the game of ``rules`` (coinche's with
    ``"game": "coinche"``, belote's without ``game``, as before). Raises
    :class:`MatchError` (field ``rules``) for rules of no game."""
    engine = engine_for(rules)
    if engine is None:
        raise MatchError([not_rules_problem()])
    return engine.match_document(rules, hands)


def score_match(rules: Any, hands: Sequence[Any], *, reserve: int = 0) -> MatchResult:
    """Score a match of any game in one linear pass: the kernel's loop
    (:func:`scoresheets.scoring.kernel.score_match`) with the engine of the
    game of ``rules`` (by their type). ``reserve``: a reserve carried in
    (points); a game without a reserve (coinche) takes 0 only (field
    ``reserve``, code ``out_of_range``, max 0). Rules of no game are a
    problem (field ``rules``, code ``not_object``). Raises :class:`MatchError`
    listing every problem, and nothing else."""
    engine = engine_for(rules)
    if engine is None:
        raise MatchError([not_rules_problem(), *reserve_problems(reserve)])
    return kernel.score_match(engine, rules, hands, reserve=reserve)


def score_document(document: Any) -> dict[str, Any]:
    """Score a match document of any game and return its result document
    (FORMAT, *Result document*; a coinche one has every ``reserve`` 0).

    The contract of the ``score_match`` command: raises :class:`MatchError`
    listing every problem on any invalid input, and nothing else.
    """
    rules, hands = parse_match_document(document)
    return result_document(score_match(rules, hands))
