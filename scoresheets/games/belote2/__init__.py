"""Belote for two (``belote2``, ``../shared/scoring/BELOTE_3_2.md``): FORMAT's
belote for two sides, players A and B, each his own column.

The family's engine and phone-side scorer are belote3's
(``scoresheets.games.belote3``): this package names belote2's engine as its
``ENGINE``, serves the phone's scorer under its own name
(``static/games/belote2/scoring.js`` re-exports the family's ``BELOTE2``),
and keeps its own cases (``cases/b2_*``), words, forms and templates.
"""
