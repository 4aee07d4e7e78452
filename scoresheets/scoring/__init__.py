"""The scoring engine: pure Python, no Django, no I/O.

One module per concern:

- :mod:`scoresheets.scoring.belote`: classic belote (``docs/match-document.md``):
  rules, hands, validation, the one-pass :func:`score_match`, and the match
  and result documents.
- :mod:`scoresheets.scoring.coinche`: coinche (``docs/coinche.md``): its
  rules, hands, validation and one-pass scoring, giving belote's result types.
- :mod:`scoresheets.scoring.document`: the match document of either game
  (the top-level ``game`` key chooses).
- :mod:`scoresheets.scoring.announcements`: the announcement comparison
  (``docs/announcements.md``): :func:`compare` for declarations,
  :func:`compare_announcements` for a comparison document, and
  :func:`comparison_reason` (who won, what it beat, as data).

Everything public is re-exported here, so callers write
``from scoresheets import scoring`` and ``scoring.score_match(...)``.
``parse_match_document``, ``match_document``, ``score_match``,
``score_document`` and ``result_document`` take both games (those of
:mod:`~scoresheets.scoring.document`); ``check_rules`` and ``check_hand`` are
belote's, coinche's are ``scoring.coinche.check_rules`` / ``check_hand``.
"""

from __future__ import annotations

from scoresheets.scoring import announcements, belote, coinche, document
from scoresheets.scoring.announcements import *  # noqa: F403  (see announcements.__all__)
from scoresheets.scoring.belote import *  # noqa: F403  (the public API, see belote.__all__)
from scoresheets.scoring.belote import CAPOT_CHOICES  # noqa: F401
from scoresheets.scoring.coinche import *  # noqa: F403  (see coinche.__all__)
from scoresheets.scoring.document import *  # noqa: F403  (both games, see document.__all__)

__all__ = sorted({*belote.__all__, *coinche.__all__, *document.__all__, *announcements.__all__})
