"""URLs of the scoresheet app."""

from __future__ import annotations

urlpatterns: list = []
