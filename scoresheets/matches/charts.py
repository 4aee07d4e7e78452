"""Charts as server-rendered inline SVG: a match's score progression and a
player's rating over time.

Drawn directly (:func:`line_svg`: a few guides, labels, one polyline per
series, dots as SVG markers, a legend), no library. Until issue 9 they were
drawn with pygal; the live sheet sends its chart to every phone after every
hand, and pygal's took half the time of a changed poll and two thirds of its
compressed bytes (``bench/README.md``: 0.4 ms and 1.0 KB gzip here against
25 ms and 4.0 KB). The chart is plain SVG with no script and no style of its
own: colours come from CSS classes and the page's variables, so it follows
the team colours and dark mode; ``<title>`` and ``<desc>`` say what it shows.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language_bidi, ngettext
from django.utils.translation import gettext as _

from scoresheets.ratings import DISPLAY_BASE
from scoresheets.text import isolated

if TYPE_CHECKING:
    from scoresheets.matches.scoresheet import Scoresheet
    from scoresheets.ratings import RatingPoint


def progress_svg(sheet: Scoresheet) -> SafeString:
    """The running totals of both teams after each hand, with the target line
    (none for a match of K donnes: its donnes end it, not a target).

    ``sheet`` is a :class:`~scoresheets.matches.scoresheet.Scoresheet`; returns inline
    SVG (safe to insert in a template), or an empty string before the first
    hand. Totals are in points; the x axis is the hand number (0 = start).
    """
    hands = sheet.result.hands
    if not hands:
        return mark_safe("")
    match, totals = sheet.match, sheet.result.totals
    sides = match.sides  # two teams, or each player of a game scored per player
    series = [
        Series(match.team_name(side), f"team-{side.lower()}", [0, *(h.totals[side] for h in hands)])
        for side in sides
    ]
    high_total = max(totals[side] for side in sides)
    if match.donnes is None:
        target = _("Objectif %(target)s") % {"target": match.target}
        series.append(Series(target, "target", [match.target] * (len(hands) + 1), dots=False))
        high = max(match.target, high_total)
    else:  # the donnes end it: a target line would end nothing
        target = _("Donnes jouées : %(played)s / %(donnes)s") % {
            "played": sheet.result.donnes,
            "donnes": match.donnes,
        }
        high = max(high_total, 1)
    # A third side is said after the second's total ("…, Bruno 120, Chloé 50").
    total_b = ", ".join(
        [
            str(totals["B"]),
            *(f"{isolated(match.team_name(side))} {totals[side]}" for side in sides[2:]),
        ]
    )
    return line_svg(
        series,
        chart_id="score-chart",
        label=_("Progression du score"),
        description=ngettext(
            "Après %(count)s donne : %(a)s %(total_a)s, %(b)s %(total_b)s ; %(target)s.",
            "Après %(count)s donnes : %(a)s %(total_a)s, %(b)s %(total_b)s ; %(target)s.",
            len(hands),
        )
        % {
            "count": len(hands),
            "a": isolated(match.team_a_name),
            "total_a": totals["A"],
            "b": isolated(match.team_b_name),
            "total_b": total_b,
            "target": target,
        },
        low=0,
        high=high,
    )


@dataclass(frozen=True)
class Series:
    """One line of :func:`line_svg`: its legend ``name``, its CSS class
    (``team-a``, ``team-b``, ``target``, ``rating``: the colour, from the
    page's CSS variables), its ``values`` (one per x position) and whether
    each point gets a dot."""

    name: str
    css: str
    values: Sequence[int]
    dots: bool = True


WIDTH, HEIGHT, PAD, FONT = 400, 240, 8, 12  # SVG user units (the chart scales to its box)


def _step(span: int, ticks: int = 4) -> int:
    """A round step (1, 2, 2.5 or 5 times a power of ten, at least 1) that
    cuts ``span`` into about ``ticks`` parts."""
    raw = max(span, 1) / ticks
    power = 10 ** max(0, math.floor(math.log10(raw)))
    for factor in (1, 2, 2.5, 5, 10):
        if factor * power >= raw and float(factor * power).is_integer():
            return int(factor * power)
    return int(10 * power)  # pragma: no cover


def line_svg(
    series: Sequence[Series],
    *,
    chart_id: str,
    label: str,
    description: str,
    low: int | None = None,
    high: int | None = None,
    title: str = "",
    legend: bool = True,
) -> SafeString:
    """A phone-sized line chart as inline SVG, drawn directly (no library).

    Every series has the same number of points, at x = 0, 1, 2, ...; the y
    range covers ``low``..``high`` and every value, cut by round guides.
    ``label`` is the accessible name and ``description`` its text
    alternative (``<title>``, ``<desc>``); ``title``, when given, is drawn
    above the plot; ``legend`` draws the series' names below it. Colours
    come from CSS classes (``static/css/app.css``, ``.line-chart``), so the
    chart follows the team colours and dark mode. Text is escaped.
    """
    count = max(len(s.values) for s in series)
    values = [v for s in series for v in s.values]
    low = min([*values, *([low] if low is not None else [])])
    high = max([*values, *([high] if high is not None else [])])
    step = _step(high - low)
    low = math.floor(low / step) * step
    high = max(math.ceil(high / step) * step, low + step)
    legend_rows = _legend_rows(series) if legend else []
    top = PAD + (FONT + 10 if title else 0)
    height = HEIGHT + (FONT + 10 if title else 0)
    bottom = height - PAD - FONT - 8 - len(legend_rows) * (FONT + 8)
    ticks = list(range(low, high + 1, step))
    left = PAD + max(len(str(t)) for t in ticks) * FONT * 0.6 + 6
    right = WIDTH - PAD
    # Right to left (Arabic): the chart is drawn mirrored, time running
    # leftwards from the y axis on the right, as the page reads. The SVG
    # inherits the page's direction, so each text's anchor (start, end)
    # already turns with it; only the x positions are flipped here.
    flip = get_language_bidi()

    def h(position: float) -> float:
        return WIDTH - position if flip else position

    def x(index: int) -> float:
        return h(left + (right - left) * index / max(count - 1, 1))

    def y(value: float) -> float:
        return bottom - (bottom - top) * (value - low) / (high - low)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" id="{chart_id}" class="line-chart" '
        f'viewBox="0 0 {WIDTH} {height}" role="img" aria-label="{escape(label)}" '
        f'aria-describedby="{chart_id}-desc">',
        f"<title>{escape(label)}</title>",
        f'<desc id="{chart_id}-desc">{escape(description)}</desc>',
    ]
    if title:
        out.append(f'<text class="title" x="{WIDTH / 2:g}" y="{PAD + FONT}">{escape(title)}</text>')
    for tick in ticks:
        out.append(
            f'<line class="guide" x1="{h(left):.1f}" x2="{h(right):g}" y1="{y(tick):.1f}" '
            f'y2="{y(tick):.1f}"/><text class="y" x="{h(left - 6):.1f}" y="{y(tick) + 4:.1f}">'
            f"{tick}</text>"
        )
    every = max(1, math.ceil((count - 1) / 6))
    for index in range(0, count, every):
        out.append(f'<text class="x" x="{x(index):.1f}" y="{bottom + FONT + 6:.1f}">{index}</text>')
    out.extend(_lines(series, chart_id, x, y, dots=count <= 40))
    out.extend(_legend(legend_rows, bottom + FONT + 8, h))
    out.append("</svg>")
    return mark_safe("".join(out))


def _lines(
    series: Sequence[Series],
    chart_id: str,
    x: Callable[[int], float],
    y: Callable[[float], float],
    *,
    dots: bool,
) -> list[str]:
    """The polylines of :func:`line_svg`, each with its dot markers when
    ``dots`` (few points) and the series asks for them."""
    out = []
    # Each x position and each value's height written once: the series share
    # the x positions, and a line repeats its values (the target: one value).
    xs = [f"{x(i):.1f}" for i in range(max(len(line.values) for line in series))]
    ys: dict[float, str] = {}
    for number, line in enumerate(series):
        for value in line.values:
            if value not in ys:
                ys[value] = f"{y(value):.1f}"
        points = " ".join(f"{xs[i]},{ys[v]}" for i, v in enumerate(line.values))
        marker = f"{chart_id}-dot-{number}"
        ends = ""
        if line.dots and dots:
            out.append(
                f'<marker id="{marker}" class="{line.css}" viewBox="0 0 6 6" refX="3" refY="3" '
                f'markerWidth="6" markerHeight="6" markerUnits="userSpaceOnUse">'
                f'<circle class="dot" cx="3" cy="3" r="3"/></marker>'
            )
            ends = (
                f' marker-start="url(#{marker})" marker-mid="url(#{marker})" '
                f'marker-end="url(#{marker})"'
            )
        out.append(f'<polyline class="line {line.css}" fill="none" points="{points}"{ends}/>')
    return out


def _legend(
    rows: list[list[tuple[float, Series]]], top: float, h: Callable[[float], float]
) -> list[str]:
    """The legend of :func:`line_svg` (``_legend_rows``), below ``top``;
    ``h`` places an x position (mirrored right to left)."""
    out = []
    for row, items in enumerate(rows):
        base = top + (row + 1) * (FONT + 8)
        for offset, line in items:
            out.append(
                f'<line class="line {line.css}" x1="{h(offset):.1f}" x2="{h(offset + 18):.1f}" '
                f'y1="{base - 4}" y2="{base - 4}"/><text class="legend" x="{h(offset + 24):.1f}" '
                f'y="{base}">{escape(line.name)}</text>'
            )
    return out


def _legend_rows(series: Sequence[Series]) -> list[list[tuple[float, Series]]]:
    """The legend's items placed in rows that fit the width: (x, series)."""
    rows: list[list[tuple[float, Series]]] = [[]]
    offset = float(PAD)
    for line in series:
        width = 24 + len(line.name) * FONT * 0.55 + 16
        if rows[-1] and offset + width > WIDTH - PAD:
            rows.append([])
            offset = float(PAD)
        rows[-1].append((offset, line))
        offset += width
    return rows


def rating_svg(history: Sequence[RatingPoint], *, title: str) -> SafeString:
    """One player's displayed rating after each of his rated matches.

    ``history`` is :attr:`scoresheets.ratings.PlayerRating.history` (oldest
    first); ``title`` (e.g. the player's name) is drawn above the chart and is
    its accessible name. The y axis is the displayed rating (the conservative
    figure of :mod:`scoresheets.ratings`, 0 for a new player), the x axis the
    player's match number (0 = before the first, where every rating is
    ``ratings.DISPLAY_BASE``).
    Returns inline SVG,
    or an empty string when there is no rated match.
    """
    return rating_curve_svg([point.rating for point in history], title=title)


def rating_curve_svg(curve: Sequence[int], *, title: str) -> SafeString:
    """:func:`rating_svg` from the displayed ratings alone (``curve``, one
    per rated match, oldest first: ``tables.Board.curves``)."""
    if not curve:
        return mark_safe("")
    values = [DISPLAY_BASE, *curve]
    return line_svg(
        [Series(title, "rating", values)],
        chart_id="rating-chart",
        label=title,
        description=ngettext(
            "Après %(count)s partie : %(rating)s.",
            "Après %(count)s parties : %(rating)s.",
            len(curve),
        )
        % {"count": len(curve), "rating": values[-1]},
        title=title,
        legend=False,
    )
