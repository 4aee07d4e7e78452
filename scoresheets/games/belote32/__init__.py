"""Belote for three and for two (``../shared/scoring/BELOTE_3_2.md``): one
family, two games, ``belote3`` (players A, B, C) and ``belote2`` (A, B), each
player keeping his own column.

One contract, one hand, one way of scoring with a few switches ("at two",
"at three"), one folder of cases: so one package. Its pure engine is
``engine.py`` (the two engines ``BELOTE3`` and ``BELOTE2``), its phone-side
scorers ``static/games/belote3/scoring.js`` (the family, and belote3's
``ENGINE``) and ``static/games/belote2/scoring.js`` (belote2's), its worked
cases ``cases/`` (both games': each case says its ``game``). The kernel
scores them per player (``Engine.players``). Their web half (words, forms,
templates, explanations, ``game.py``) is still to come, and so is their line
in ``scoresheets/scoring/engines.py`` (docs/games.md, *Belote for three and
for two*).
"""
