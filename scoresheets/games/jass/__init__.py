"""Schieber jass: two teams of two, 36 cards, 157 card points a hand, a
factor per mode, Weis and Stöck, and a match that ends by its own
*Ausmachen* (``../shared/scoring/JASS.md``).

Its pure engine is ``engine.py`` (``ENGINE``), its phone-side scorer
``static/games/jass/scoring.js`` and its worked cases ``cases/``. Its web
half (words, forms, templates, explanations, ``game.py``) is still to come,
and so is its line in ``scoresheets/scoring/engines.py`` (docs/games.md).
"""
