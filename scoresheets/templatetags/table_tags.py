"""Presentation helpers of the tables of friends (``{% load table_tags %}``).

They arrange what the services computed for display; they compute no score,
no statistic and no rating.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import template
from django.template.defaultfilters import floatformat

from scoresheets.games.coinche.words import bid_label
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
def bid_name(bid: int | str) -> str:
    """A coinche bid as a player says it: ``"100"``, "Capot", "Générale"
    (coinche's ``words.bid_label``, as the hand form's chips: the player
    page's figures of the coinche hands)."""
    return bid_label(bid)


@register.filter
def figure(value: Any) -> Any:
    """A figure of a player's page: a count as it is, an average to one
    decimal at most in the page's language ("140,6", "0"), "–" when there
    is nothing to average (``None``)."""
    if value is None:
        return "–"
    if isinstance(value, float):
        return floatformat(value, "-1")
    return value


@register.filter
def percent(value: float | None) -> str:
    """A rate (0.0-1.0) as a whole percentage ("67 %"), or "–" when there is none."""
    if value is None:
        return "–"
    return f"{round(100 * value)}\u00a0%"
