"""Charts as server-rendered inline SVG, made with pygal: a match's score
progression and a player's rating over time.

pygal (Kozea, maintained, pure Python, SVG out) rather than hand-drawn SVG:
axes, scaling, labels and legend are its job. Its JavaScript is not used (no
CDN): the chart is plain SVG. Its stylesheet is not used either: the page's
Content-Security-Policy allows no inline style, and a chart swapped in by the
poll could not carry the page's nonce. The look of the charts (colours from the
page's CSS variables, so team colours and dark mode follow) is in
static/css/app.css, under ``.pygal-chart``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import pygal
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from pygal.style import Style

if TYPE_CHECKING:
    from collections.abc import Sequence

    from scoresheets.ratings import RatingPoint
    from scoresheets.services import Scoresheet

# Layout only: pygal measures its labels with these sizes (px) to place the
# axes and the legend; app.css draws the text at the same sizes.
_STYLE = Style(
    title_font_size=16,
    label_font_size=12,
    major_label_font_size=12,
    legend_font_size=14,
)
# pygal embeds a <script> with its config and comments with its URLs: neither
# is wanted in a page that loads nothing from elsewhere. Its <style> and style=""
# attributes go too (see above: app.css draws the chart); pygal escapes every
# text it draws, so neither can come from a name.
_SCRIPT_OR_COMMENT = re.compile(
    r"<script\b.*?</script>|<style\b.*?</style>|<!--.*?-->| style=\"[^\"]*\"",
    re.DOTALL,
)
_CHART_ID = re.compile(r'id="(?:chart-[0-9a-f-]+)?"')  # pygal 3.1 writes id=""


def progress_svg(sheet: Scoresheet) -> SafeString:
    """The running totals of both teams after each hand, with the target line.

    ``sheet`` is a :class:`~scoresheets.services.Scoresheet`; returns inline
    SVG (safe to insert in a template), or an empty string before the first
    hand. Totals are in points; the x axis is the hand number (0 = start).
    """
    hands = sheet.result.hands
    if not hands:
        return mark_safe("")
    match = sheet.match
    chart = _line_chart(
        len(hands),
        legend_at_bottom=True,
        truncate_legend=-1,
        range=(0, max(match.target, sheet.result.totals.a, sheet.result.totals.b)),
    )
    chart.title = None
    chart.x_labels = [str(n) for n in range(len(hands) + 1)]
    chart.add(match.team_a_name, [0, *(h.totals.a for h in hands)])
    chart.add(match.team_b_name, [0, *(h.totals.b for h in hands)])
    chart.add(
        _("Objectif %(target)s") % {"target": match.target},
        [match.target] * (len(hands) + 1),
        show_dots=False,  # drawn dashed by app.css (#score-chart .serie-2)
    )
    return _render(chart, chart_id="score-chart", label=_("Progression du score"))


def _line_chart(points: int, **config: Any) -> pygal.Line:
    """A phone-sized line chart of ``points`` points per series, in our style;
    ``config`` adds or overrides pygal options."""
    options: dict[str, Any] = {
        "style": _STYLE,
        "js": [],
        "disable_xml_declaration": True,
        "no_prefix": True,
        "explicit_size": False,
        "width": 400,
        "height": 240,
        "margin": 8,
        "dots_size": 3,
        "show_dots": points <= 40,
        "show_minor_x_labels": points <= 12,
        "x_labels_major_every": max(1, points // 6) if points > 12 else None,
        "include_x_axis": True,
        "show_y_guides": True,
    }
    options.update(config)
    return pygal.Line(**options)


def _render(chart: pygal.Line, *, chart_id: str, label: str) -> SafeString:
    """Render ``chart`` as inline SVG: no script, no comment, a stable id
    (``chart_id``) and ``label`` as its accessible name."""
    svg = chart.render(is_unicode=True)
    svg = _SCRIPT_OR_COMMENT.sub("", svg)
    # A stable id keeps identical charts byte-identical (cheap diffs, tests).
    svg = _CHART_ID.sub(f'id="{chart_id}"', svg, count=1)
    label = escape(label)
    svg = svg.replace("<svg ", f'<svg role="img" aria-label="{label}" ', 1)
    return mark_safe(svg)  # pygal escapes the names and titles it draws


def rating_svg(history: Sequence[RatingPoint], *, title: str) -> SafeString:
    """One player's displayed rating after each of his rated matches.

    ``history`` is :attr:`scoresheets.ratings.PlayerRating.history` (oldest
    first); ``title`` (e.g. the player's name) is drawn above the chart and is
    its accessible name. The y axis is the displayed rating (the conservative
    figure of :mod:`scoresheets.ratings`, 0 for a new player), the x axis the
    player's match number (0 = before the first, where every rating is 0).
    Returns inline SVG,
    or an empty string when there is no rated match.
    """
    if not history:
        return mark_safe("")
    count = len(history) + 1  # the start (0, every player's first rating) and each match
    chart = _line_chart(count, show_legend=False, max_scale=6)
    chart.title = title
    chart.x_labels = [str(n) for n in range(count)]
    chart.add(title, [0, *(point.rating for point in history)])  # no legend: never shown
    return _render(chart, chart_id="rating-chart", label=title)
