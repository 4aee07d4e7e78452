"""The engine of belote for two (``belote2``): the family's, from
:mod:`scoresheets.games.belote3.engine` (one contract, BELOTE_3_2; one
hand; one way of scoring "at two" and "at three"). Pure Python, no Django.
"""

from __future__ import annotations

from scoresheets.games.belote3.engine import A_DEUX, BELOTE2, TWO, Belote2Hand, Belote2Rules

__all__ = ["A_DEUX", "ENGINE", "TWO", "Belote2Hand", "Belote2Rules"]

ENGINE = BELOTE2
"""Belote for two as the kernel sees it: players A and B, scored per player."""
