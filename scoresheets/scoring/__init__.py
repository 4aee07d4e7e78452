"""The scoring engine: pure Python, no Django, no I/O.

One module per concern:

- :mod:`scoresheets.scoring.belote`: classic belote (``docs/match-document.md``):
  rules, hands, validation, the one-pass :func:`score_match`, and the match
  and result documents.
- :mod:`scoresheets.scoring.announcements`: the announcement comparison
  (``docs/announcements.md``): :func:`compare` for declarations,
  :func:`compare_announcements` for a comparison document, and
  :func:`comparison_reason` (who won, what it beat, as data).

Everything public is re-exported here, so callers write
``from scoresheets import scoring`` and ``scoring.score_match(...)``.
"""

from __future__ import annotations

from scoresheets.scoring.announcements import *  # noqa: F403  (see announcements.__all__)
from scoresheets.scoring.announcements import __all__ as _announcements_all
from scoresheets.scoring.belote import *  # noqa: F403  (the public API, see belote.__all__)
from scoresheets.scoring.belote import CAPOT_CHOICES  # noqa: F401
from scoresheets.scoring.belote import __all__ as _belote_all

__all__ = [*_belote_all, *_announcements_all]
