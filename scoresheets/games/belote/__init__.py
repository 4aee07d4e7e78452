"""Belote (``docs/match-document.md``): ``engine.py`` (pure), ``words.py``,
``forms.py`` and ``game.py`` (its web side, ``GAME``)."""
