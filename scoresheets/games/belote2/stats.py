"""Belote for two's player figures: the family's
(``scoresheets.games.belote3.stats``, whose docstring defines them),
belote's figures per player. Pure Python, no Django."""

from __future__ import annotations

from scoresheets.games.belote3.stats import FIGURES

__all__ = ["FIGURES"]
