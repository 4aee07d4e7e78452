"""The scoring engine: pure Python, no Django, no I/O.

One module per concern:

- :mod:`scoresheets.scoring.belote`: classic belote (``docs/match-document.md``):
  rules, hands, validation, the one-pass :func:`score_match`, and the match
  and result documents.

Everything public is re-exported here, so callers write
``from scoresheets import scoring`` and ``scoring.score_match(...)``.
"""

from __future__ import annotations

from scoresheets.scoring.belote import *  # noqa: F403  (the public API, see belote.__all__)
from scoresheets.scoring.belote import CAPOT_CHOICES, __all__  # noqa: F401
