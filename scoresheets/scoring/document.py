"""The match document of either game: the top-level ``game`` key chooses.

FORMAT, *Match document* (``docs/match-document.md``): the optional key
``game`` is ``"belote"`` (the default: the document is scored exactly as
before the key existed) or ``"coinche"`` (``docs/coinche.md``); any other
value is an error. These functions are the ones :mod:`scoresheets.scoring`
exports, so that ``scoring.score_document`` and the ``score_match`` command
take both games. Both games give the same result types (``MatchResult``), so
:func:`result_document` is belote's and serves both.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import Any

from scoresheets.scoring import belote, coinche
from scoresheets.scoring.belote import (
    HandInput,
    MatchError,
    MatchResult,
    Problem,
    Rules,
    result_document,
)
from scoresheets.scoring.coinche import CoincheHand, CoincheRules

__all__ = [
    "Game",
    "document_game",
    "match_document",
    "parse_match_document",
    "result_document",
    "score_document",
    "score_match",
]


class Game(StrEnum):
    """FORMAT, top-level key ``game`` (default first)."""

    BELOTE = "belote"
    COINCHE = "coinche"


def document_game(document: Any) -> Game:
    """The game of a match document (parsed JSON): absent ``game`` is belote.

    Anything but a JSON object is belote too (its parser reports it). Raises
    :class:`MatchError` (field ``game``, code ``invalid_choice``) for a
    ``game`` that is neither ``"belote"`` nor ``"coinche"``, ``null`` included.
    """
    if not isinstance(document, dict) or "game" not in document:
        return Game.BELOTE
    game = document["game"]
    if isinstance(game, str) and game in (Game.BELOTE, Game.COINCHE):
        return Game(game)
    raise MatchError(
        [
            Problem(
                None,
                "game",
                "invalid_choice",
                'must be "belote" or "coinche"',
                (("choices", tuple(Game)),),
            )
        ]
    )


def parse_match_document(
    document: Any,
) -> tuple[Rules, list[HandInput]] | tuple[CoincheRules, list[CoincheHand]]:
    """Parse a match document of either game (see :func:`document_game`).

    Belote: ``(Rules, [HandInput, ...])`` from
    :func:`scoresheets.scoring.belote.parse_match_document`; coinche:
    ``(CoincheRules, [CoincheHand, ...])`` from
    :func:`scoresheets.scoring.coinche.parse_match_document`. Raises
    :class:`MatchError` with every problem found.
    """
    if document_game(document) is Game.COINCHE:
        return coinche.parse_match_document(document)
    return belote.parse_match_document(document)


def match_document(
    rules: Rules | CoincheRules, hands: Iterable[HandInput] | Iterable[CoincheHand]
) -> dict[str, Any]:
    """The match document of ``rules`` and ``hands``, the inverse of
    :func:`parse_match_document`: coinche (with ``"game": "coinche"``) for
    :class:`CoincheRules`, belote (without ``game``, as before) otherwise."""
    if isinstance(rules, CoincheRules):
        return coinche.match_document(rules, hands)  # type: ignore[arg-type]
    return belote.match_document(rules, hands)  # type: ignore[arg-type]


def score_match(
    rules: Rules | CoincheRules,
    hands: Sequence[HandInput] | Sequence[CoincheHand],
    *,
    reserve: int = 0,
) -> MatchResult:
    """Score a match of either game in one linear pass: coinche
    (:func:`scoresheets.scoring.coinche.score_match`) for :class:`CoincheRules`,
    belote (:func:`scoresheets.scoring.belote.score_match`) otherwise.
    ``reserve``: a belote reserve carried in (points, see belote's
    ``score_match``); coinche has no reserve, so anything but 0 is a problem
    there (field ``reserve``, code ``out_of_range``, max 0).
    Raises :class:`MatchError` listing every problem, and nothing else."""
    if isinstance(rules, CoincheRules):
        if reserve != 0:
            raise MatchError(
                [
                    Problem(
                        None,
                        "reserve",
                        "out_of_range",
                        "coinche has no reserve",
                        (("min", 0), ("max", 0)),
                    )
                ]
            )
        return coinche.score_match(rules, hands)  # type: ignore[arg-type]
    return belote.score_match(rules, hands, reserve=reserve)  # type: ignore[arg-type]


def score_document(document: Any) -> dict[str, Any]:
    """Score a match document of either game and return its result document
    (FORMAT, *Result document*; a coinche one has every ``reserve`` 0).

    The contract of the ``score_match`` command: raises :class:`MatchError`
    listing every problem on any invalid input, and nothing else.
    """
    rules, hands = parse_match_document(document)
    return result_document(score_match(rules, hands))
