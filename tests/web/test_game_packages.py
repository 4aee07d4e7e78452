"""A game is one package (issue 28): its templates and static files live in
its folder, found through scoresheets/games/assets.py, and nothing of the
project outside the games' folders is named after a game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.template import TemplateDoesNotExist
from django.template.loader import get_template

from scoresheets.games import registry
from scoresheets.games.assets import folder

ROOT = Path(__file__).resolve().parents[2]


def test_a_games_partials_are_its_packages_templates():
    partials = [
        (name, template)
        for name, game in registry.GAMES.items()
        for template in game.hand_form.partials.values()
    ]
    assert partials  # some game has some
    for name, template in partials:
        origin = Path(get_template(template).origin.name)
        assert origin.is_relative_to(folder(name) / "templates"), origin


def test_a_game_template_name_cannot_leave_its_folder():
    with pytest.raises(TemplateDoesNotExist):
        get_template("games/belote/../../../settings.py")
    with pytest.raises(TemplateDoesNotExist):
        get_template("games/belote/../coinche/templates/_contract.html")


def test_no_template_or_static_file_outside_a_game_is_named_after_one():
    names = tuple(registry.GAMES)
    outside = [
        path.relative_to(ROOT)
        for folder in (ROOT / "templates", ROOT / "static")
        for path in folder.rglob("*")
        if set(re.split(r"[^a-z0-9]+", str(path.relative_to(folder)).lower())) & set(names)
    ]
    assert outside == []


def test_a_games_player_figures_words_name_its_figures():
    """Each game words its own figures (issue 29): every row of its words
    (WebGame.player_figures) names a figure of its package's stats.py, so
    that the player page shows each game's figures in its words."""
    from scoresheets.scoring.engines import FIGURES

    for name, game in registry.GAMES.items():
        empty = FIGURES[name].empty()
        rows = game.player_figures.rows
        assert rows and len({figure for figure, _ in rows}) == len(rows), name
        for figure, label in rows:
            assert hasattr(empty, figure), (name, figure)
            assert str(label), (name, figure)
