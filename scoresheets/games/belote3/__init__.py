"""Belote for three (``belote3``, ``../shared/scoring/BELOTE_3_2.md``): one
player takes, the two others defend, each keeping his own column (players
A, B and C).

Belote for two (``scoresheets.games.belote2``) is the same family: one
contract, one hand, one way of scoring with an "at two" and an "at three".
This package holds the family: the pure ``engine.py`` (both games' engines,
``BELOTE3`` its ``ENGINE``, ``BELOTE2`` belote2's), the phone's twin
``static/games/belote3/scoring.js`` (both games', belote3's ``ENGINE``), and
belote3's own cases (``cases/b3_*``), words, forms, templates and
explanations. The kernel scores both per player (``Engine.players``).
"""
