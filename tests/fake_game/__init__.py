"""A game that no table plays, for the test of the games' contract (issue 28,
docs/games.md): "la partie d'essai", a belote without litige or reserve (the
taker makes the contract with more than half the points, else the defense
takes them all), to 500 points.

It lives here, outside ``scoresheets/``, and nothing outside this folder
names it: the test (tests/web/test_fake_game.py) registers it in a process
of its own (``REBELOTE_EXTRA_GAMES=tests.fake_game``) and plays it through
the new-match page, a hand, the sheet, its export and its import. Like
every game: ``engine.py`` (pure), ``words.py``, ``forms.py``, ``explain.py``,
``game.py`` (``GAME``), ``static/games/fake/scoring.js`` and ``cases/``.
"""
