"""The scoring engine: pure Python, no Django, no I/O.

- :mod:`scoresheets.scoring.kernel`: what every game shares: ``Pair``, the
  results, the problems (``MatchError``), THE one scoring loop
  (``kernel.score_match``, which asks the game to check and score each hand)
  and the result document.
- Each game's own engine, in its folder: ``scoresheets/games/belote/engine.py``
  (``docs/match-document.md``) and ``scoresheets/games/coinche/engine.py``
  (``docs/coinche.md``): its rules and hand types, their checks, the scoring
  of one hand, its match document, its presets; exported here as
  ``scoring.belote`` and ``scoring.coinche``.
- :mod:`scoresheets.scoring.engines`: the registry of the games' engines by
  name (``ENGINES``, ``Game``, ``engine_named``, ``engine_for``).
- :mod:`scoresheets.scoring.figures`: the contract of a game's player
  figures (``PlayerFigures``, each package's ``stats.py``; ``FIGURES``).
- :mod:`scoresheets.scoring.document`: the match document of any game (the
  top-level ``game`` key chooses).
- :mod:`scoresheets.scoring.announcements`: the announcement comparison
  (``docs/announcements.md``): :func:`compare` for declarations,
  :func:`compare_announcements` for a comparison document, and
  :func:`comparison_reason` (who won, what it beat, as data).

Everything public is re-exported here, so callers write
``from scoresheets import scoring`` and ``scoring.score_match(...)``.
``parse_match_document``, ``match_document``, ``score_match``,
``score_document`` and ``result_document`` take every game (those of
:mod:`~scoresheets.scoring.document`); ``check_rules`` and ``check_hand`` are
belote's, coinche's are ``scoring.coinche.check_rules`` / ``check_hand``.
"""

from __future__ import annotations

from scoresheets.games.belote import engine as belote
from scoresheets.games.belote.engine import *  # noqa: F403  (belote's types, see belote.__all__)
from scoresheets.games.coinche import engine as coinche
from scoresheets.games.coinche.engine import *  # noqa: F403  (see coinche.__all__)
from scoresheets.scoring import announcements, document, engines, figures, kernel
from scoresheets.scoring.announcements import *  # noqa: F403  (see announcements.__all__)
from scoresheets.scoring.document import *  # noqa: F403  (every game, see document.__all__)
from scoresheets.scoring.engines import *  # noqa: F403  (the registry, see engines.__all__)
from scoresheets.scoring.figures import *  # noqa: F403  (see figures.__all__)
from scoresheets.scoring.kernel import *  # noqa: F403  (the shared types, see kernel.__all__)

__all__ = sorted(
    {
        *kernel.__all__,
        *belote.__all__,
        *coinche.__all__,
        *engines.__all__,
        *figures.__all__,
        *document.__all__,
        *announcements.__all__,
    }
)
