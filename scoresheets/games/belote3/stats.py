"""Belote for three's player figures, and belote for two's
(``scoresheets.games.belote2.stats``): belote's figures, per player
(``FIGURES``, :class:`~scoresheets.scoring.figures.PlayerFigures`; the
page's words are ``words.PLAYER_FIGURES``). Pure Python, no Django.

The family's hand is a belote table's (BELOTE_3_2, *Hand*): a taker, the
trick points, a capot, a belote, announcements, each a player's; so its
figures are belote's (``scoresheets.games.belote.stats``: hands played,
taken, made, dedans, litiges, capots, belotes, points per hand taken),
counted by the same code, and read per player: each player is his own side.

- *Capots made / suffered*: hands where the player took every trick
  himself (the hand's ``capot``), resp. another player did.
- *Belotes*: the hands whose belote the player announced (the hand's
  ``belote``, a player: always said, so ``team_belotes`` is the same
  count and the page shows one).
- *Contracts made / dedans / litiges* as belote's (the engine's outcomes):
  at three under the ``fall`` litige rule a tie is a ``dedans``.
- *Average points per hand taken*: what the player scored himself on the
  hands he took (a reserve collected at two included).
"""

from __future__ import annotations

from scoresheets.games.belote.stats import FIGURES

__all__ = ["FIGURES"]
