"""The sheet as an image to share (issue 20: "shareable on WhatsApp"): the
scoreboard, the chart of the running totals and the hands, drawn on the
server as a PNG, so that every phone gets the same picture whatever its
browser.

Drawn with Pillow (``PIL``): the Python imaging library everyone packages
(wheels for every platform, maintained since 2010, no system library to
install), which draws text with FreeType and writes PNG. A plotting library
(matplotlib) would bring tens of megabytes for one line chart; an SVG
rasteriser (cairosvg) needs Cairo installed on the server. The font is
DejaVu Sans, shipped in ``scoresheets/fonts/`` (accents, card suits, the
star), nothing fetched.

The words are the active language's (the view's request), the numbers the
engine's (``Scoresheet.result``): this module only draws.
"""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from PIL import Image, ImageDraw, ImageFont

from scoresheets import scoring
from scoresheets.games import registry
from scoresheets.games.base import WebGame
from scoresheets.matches.scoresheet import RowView, Scoresheet
from scoresheets.models import Match
from scoresheets.rule_words import game_name
from scoresheets.text import file_slug

__all__ = ["IMAGE_VERSION", "MAX_ROWS", "WIDTH", "filename", "sheet_png"]

# Bumped when the drawing changes: part of the image's ETag (views.match_image).
IMAGE_VERSION = 1
WIDTH = 1080  # px: WhatsApp and the share sheets show 1080 wide untouched
MARGIN = 48
# The hands listed, at most (the latest; a line says how many came before).
# A match to 1,000 points takes 10 to 25 hands.
MAX_ROWS = 40
FONTS = Path(__file__).resolve().parents[1] / "fonts"  # scoresheets/fonts

INK = (17, 24, 39)
MUTED = (90, 99, 115)
LINE = (218, 222, 230)
PAPER = (255, 255, 255)
# static/css/app.css: --team-a, --team-b, --team-c (a game of three's third player)
TEAM = {"A": (11, 79, 214), "B": (180, 35, 24), "C": (107, 47, 160)}
TEAM_SOFT = {"A": (227, 236, 255), "B": (253, 231, 228), "C": (241, 230, 251)}
DRAW_SOFT = (236, 238, 242)  # a drawn match's banner: neither team's colour
TARGET = (140, 148, 160)


def filename(match: Match) -> str:
    """The name the sheet's image is saved or shared under:
    "rebelote-lea-noe-zoe-hugo-2026-12-03.png"."""
    teams = file_slug(" ".join(match.team_name(side) for side in match.sides)) or "partie"
    return f"rebelote-{teams}-{match.created_at:%Y-%m-%d}.png"


@cache
def _font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONTS / name), size)


def _fit(draw: ImageDraw.ImageDraw, text: str, font: ImageFont.FreeTypeFont, width: int) -> str:
    """``text`` cut with "…" to fit ``width`` px."""
    if draw.textlength(text, font=font) <= width:
        return text
    while text and draw.textlength(text + "…", font=font) > width:
        text = text[:-1]
    return text + "…"


def _row_text(row: RowView, game: WebGame) -> str:
    """One hand in words: "Léa prend 100 ♥ coinché · dedans" (``game``: its
    own outcomes' badges)."""
    result = row.result
    if result.outcome == scoring.Outcome.PASSED:
        return _("Tout le monde passe")
    if row.contract:
        text = _("%(taker)s prend %(contract)s") % {"taker": row.taker, "contract": row.contract}
    else:
        text = _("%(taker)s prend") % {"taker": row.taker}
    badges = {
        scoring.Outcome.DEDANS: _("Dedans"),
        scoring.Outcome.LITIGE: _("Litige"),
        scoring.Outcome.ANNULLED: _("Annulée"),
        scoring.Outcome.RENONCE: _("Renonce"),
    }
    extra = [str(badges[result.outcome])] if result.outcome in badges else []
    if game.row_badges is not None:
        extra += [str(word) for _team, word in game.row_badges(row.given, result)]
    if getattr(row.given, "capot", None):
        extra.append(_("Capot"))
    return " · ".join([text, *extra])


def _chart(draw: ImageDraw.ImageDraw, sheet: Scoresheet, box: tuple[int, int, int, int]) -> None:
    """Both teams' running totals after each hand, and the target, in ``box``
    (left, top, right, bottom px)."""
    left, top, right, bottom = box
    hands = sheet.result.hands
    target = sheet.match.target
    series = {side: [0, *(h.totals[side] for h in hands)] for side in sheet.match.sides}
    # A match of a number of hands without a target has no target line.
    marks = [] if target is None else [target]
    values = [v for points in series.values() for v in points] + marks
    low, high = min(0, *values), max(values) or 1
    small = _font(22)
    label_width = int(max(draw.textlength(str(v), font=small) for v in (low, high, *marks))) + 12
    plot_left = left + label_width

    def x(index: int) -> float:
        return plot_left + (right - plot_left) * index / max(len(hands), 1)

    def y(value: int) -> float:
        return bottom - (bottom - top) * (value - low) / (high - low or 1)

    draw.line([(plot_left, bottom), (right, bottom)], fill=LINE, width=2)
    draw.line([(plot_left, y(0)), (right, y(0))], fill=LINE, width=2)
    # The target, dashed.
    step = 16
    for mark in marks:
        for start in range(int(plot_left), right, step * 2):
            draw.line([(start, y(mark)), (min(start + step, right), y(mark))], fill=TARGET, width=2)
        draw.text((left, y(mark)), str(mark), font=small, fill=TARGET, anchor="lm")
    draw.text((left, y(0)), "0", font=small, fill=MUTED, anchor="lm")
    for team, points in series.items():
        line = [(x(i), y(v)) for i, v in enumerate(points)]
        draw.line(line, fill=TEAM[team], width=5, joint="curve")
        for px, py in line[1:]:
            draw.ellipse([px - 5, py - 5, px + 5, py + 5], fill=TEAM[team])
    # The hand numbers under the axis, a few of them.
    every = max(1, len(hands) // 10 + (1 if len(hands) % 10 else 0))
    for index in range(every, len(hands) + 1, every):
        draw.text((x(index), bottom + 8), str(index), font=small, fill=MUTED, anchor="mt")


ROW_HEIGHT = 46  # px: one hand's line
CHART_HEIGHT = 360  # px: the chart of the running totals


def sheet_png(sheet: Scoresheet) -> bytes:
    """``sheet`` (a :class:`~scoresheets.matches.scoresheet.Scoresheet`) as a PNG
    image :data:`WIDTH` px wide, in the active language: the teams and their
    totals (the winner's banner when the match is over), the chart of the
    running totals with the target, and the hands (the latest
    :data:`MAX_ROWS`), each with its points and both totals after it.
    Returns the PNG file's bytes."""
    match, result = sheet.match, sheet.result
    rows = list(reversed(sheet.rows))  # oldest first, as on paper
    shown = rows[-MAX_ROWS:]
    height = (
        MARGIN
        + 60  # title
        + (70 if result.finished else 0)
        + 190  # totals
        + (CHART_HEIGHT + 70 if rows else 0)
        + 56  # the hands' head
        + (40 if len(rows) > len(shown) else 0)
        + ROW_HEIGHT * max(len(shown), 1)
        + 70  # footer
        + MARGIN
    )
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    y = MARGIN
    title = match.title
    big = _font(40, True)
    draw.text((MARGIN, y), _fit(draw, title, big, WIDTH - 2 * MARGIN), font=big, fill=INK)
    y += 60
    if result.finished:
        y = _draw_banner(draw, sheet, y)
    y = _draw_totals(draw, sheet, y)
    if rows:
        y = _draw_chart(draw, sheet, y)
    y = _draw_hands(draw, sheet, rows, shown, y)
    count = ngettext("%(count)s donne", "%(count)s donnes", len(rows)) % {"count": len(rows)}
    footer = " · ".join(["Rebelote", count, formats.date_format(match.created_at, "DATE_FORMAT")])
    draw.text((MARGIN, y + 20), footer, font=_font(22), fill=MUTED)
    # A few flat colours and their anti-aliasing: a 64-colour palette keeps
    # the text smooth at a third of the bytes (about 40 KB), and is quicker
    # than the PNG encoder's own "optimize".
    out = io.BytesIO()
    image.quantize(colors=64, method=Image.Quantize.FASTOCTREE).save(out, format="PNG")
    return out.getvalue()


def _draw_banner(draw: ImageDraw.ImageDraw, sheet: Scoresheet, y: int) -> int:
    """The finished match's banner (its winner, or a draw) from ``y``; the y below it."""
    match, result = sheet.match, sheet.result
    winner = result.winner
    if winner is None:  # a match of K donnes drawn (docs/match-document.md, rule donnes)
        banner = ngettext(
            "Match nul : égalité après %(donnes)s donne.",
            "Match nul : égalité après %(donnes)s donnes.",
            result.donnes,
        ) % {"donnes": result.donnes}
        soft, ink = DRAW_SOFT, INK
    else:
        banner = "★ " + _("Victoire : %(team)s !") % {"team": match.team_name(winner)}
        soft, ink = TEAM_SOFT[winner], TEAM[winner]
    right = WIDTH - MARGIN
    draw.rounded_rectangle([MARGIN, y, right, y + 56], radius=12, fill=soft, outline=ink)
    draw.text(
        (WIDTH // 2, y + 28),
        _fit(draw, banner, _font(30, True), WIDTH - 2 * MARGIN - 32),
        font=_font(30, True),
        fill=ink,
        anchor="mm",
    )
    return y + 70


def _draw_totals(draw: ImageDraw.ImageDraw, sheet: Scoresheet, y: int) -> int:
    """Each side's card (name, players, total) side by side from ``y``; the y below."""
    count = len(sheet.teams)  # two teams, or each player of a game of three or two
    half = (WIDTH - 2 * MARGIN - 24 * (count - 1)) // count
    for index, team in enumerate(sheet.teams):
        left = MARGIN + index * (half + 24)
        code = team.code
        draw.rounded_rectangle(
            [left, y, left + half, y + 170],
            radius=16,
            fill=TEAM_SOFT[code],
            outline=TEAM[code],
            width=4 if team.winner else 1,
        )
        name = _fit(draw, team.name, _font(30, True), half - 40)
        draw.text((left + 20, y + 16), name, font=_font(30, True), fill=TEAM[code])
        if team.show_players:
            players = _fit(draw, " & ".join(team.players), _font(22), half - 40)
            draw.text((left + 20, y + 54), players, font=_font(22), fill=MUTED)
        total = _font(72, True)
        draw.text((left + 20, y + 160), str(team.total), font=total, fill=INK, anchor="ls")
    return y + 190


def _draw_chart(draw: ImageDraw.ImageDraw, sheet: Scoresheet, y: int) -> int:
    """The game and its goal (target, or donnes played), then the chart, from ``y``."""
    match, result = sheet.match, sheet.result
    goal = (
        _("Objectif %(target)s") % {"target": match.target}
        if match.donnes is None
        else _("Donnes jouées : %(played)s / %(donnes)s")
        % {"played": result.donnes, "donnes": match.donnes}
    )
    target_line = " · ".join([game_name(match.game), goal])
    draw.text((MARGIN, y), target_line, font=_font(24), fill=MUTED)
    _chart(draw, sheet, (MARGIN, y + 44, WIDTH - MARGIN, y + 44 + CHART_HEIGHT - 40))
    return y + CHART_HEIGHT + 70


def _draw_hands(
    draw: ImageDraw.ImageDraw, sheet: Scoresheet, rows: list, shown: list, y: int
) -> int:
    """The hands' table from ``y``: its head, "… n donnes avant" when
    ``rows`` are more than ``shown``, a line a hand; the y of its closing rule."""
    match = sheet.match
    right = WIDTH - MARGIN
    sides = match.sides
    columns = (MARGIN, MARGIN + 70, right - 300, right - 140)  # N°, what, A, B
    # Each side's column: its right edge and its head's width.
    places = [(columns[3] - 20, 200), (right, 140)]
    if len(sides) == 3:  # a game of three: a column more, the hand's words shorter
        columns = (MARGIN, MARGIN + 70, right - 440, right - 300)
        places = [(right - 320, 140), (right - 160, 140), (right, 140)]
    head = _font(22, True)
    draw.text((columns[0], y), _("N°"), font=head, fill=MUTED)
    draw.text((columns[1], y), _("Donnes"), font=head, fill=MUTED)
    for (column, width), code in zip(places, sides, strict=True):
        name = _fit(draw, match.team_name(code), head, width)
        draw.text((column, y), name, font=head, fill=TEAM[code], anchor="ra")
    y += 40
    draw.line([(MARGIN, y), (right, y)], fill=LINE, width=2)
    y += 16
    if len(rows) > len(shown):
        earlier = len(rows) - len(shown)
        more = ngettext("… %(count)s donne avant", "… %(count)s donnes avant", earlier)
        draw.text((columns[1], y), more % {"count": earlier}, font=_font(22), fill=MUTED)
        y += 40
    if not rows:
        draw.text((columns[1], y), _("Aucune donne pour l'instant."), font=_font(24), fill=MUTED)
        y += ROW_HEIGHT
    body, bold, small = _font(24), _font(24, True), _font(18)
    game = registry.game_of(sheet.match)
    for row in shown:
        r = row.result
        draw.text((columns[0], y), str(row.number), font=body, fill=MUTED)
        what = _fit(draw, _row_text(row, game), body, columns[2] - columns[1] - 20)
        team_colour = TEAM.get(row.taker_team or "", INK)
        draw.text((columns[1], y), what, font=body, fill=team_colour)
        for (column, _width), code in zip(places, sides, strict=True):
            score, total = r.score[code], r.totals[code]
            draw.text((column - 70, y), str(score), font=bold, fill=TEAM[code], anchor="ra")
            draw.text((column, y + 4), str(total), font=small, fill=MUTED, anchor="ra")
        y += ROW_HEIGHT
    y += 20
    draw.line([(MARGIN, y), (right, y)], fill=LINE, width=2)
    return y
