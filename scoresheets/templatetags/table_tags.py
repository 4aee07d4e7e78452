"""Presentation helpers of the tables of friends (``{% load table_tags %}``).

They arrange what the services computed for display; they compute no score,
no statistic and no rating.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import segno
from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from scoresheets.models import seat_team

register = template.Library()


@dataclass(frozen=True)
class TableSeat:
    number: int
    team: str
    person: Any  # the roster select
    field: Any  # the name typed
    dealer: Any  # the "deals first" radio


@register.simple_tag
def table_seats(form: Any) -> list[TableSeat]:
    """The table's new-match form, seat by seat: the roster select, the name
    typed instead, and the "deals first" radio."""
    dealers = list(form["first_dealer"])
    return [
        TableSeat(
            number=seat,
            team=seat_team(seat),
            person=form[f"person_{seat}"],
            field=form[f"player_{seat}"],
            dealer=radio,
        )
        for seat, radio in zip((1, 2, 3, 4), dealers, strict=True)
    ]


@register.filter
def percent(value: float | None) -> str:
    """A rate (0.0-1.0) as a whole percentage ("67 %"), or "–" when there is none."""
    if value is None:
        return "–"
    return f"{round(100 * value)}\u00a0%"


@register.simple_tag
def table_qr_svg(url: str) -> SafeString:
    """A QR code of the table's ``url`` as inline SVG (no request leaves the page)."""
    svg = segno.make(url, error="m").svg_inline(
        scale=5, dark="#000", light="#fff", title=_("QR code du lien de la table")
    )
    return mark_safe(svg)  # segno escapes the title; the rest is paths
