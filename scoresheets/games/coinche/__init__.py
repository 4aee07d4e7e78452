"""Coinche (``docs/coinche.md``): ``engine.py`` (pure), ``words.py``,
``forms.py`` and ``game.py`` (its web side, ``GAME``)."""
