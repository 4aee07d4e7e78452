"""The web side of a game: :class:`WebGame`, the one object each game's
folder exports (``scoresheets/games/<name>/game.py``, ``GAME``), and
:class:`RuleWords`, the words of one rule.

Django (translations, forms, templates); the pure part of a game is its
engine (``engine.py``, :class:`scoresheets.scoring.kernel.Engine`). The
registry (:mod:`scoresheets.games.registry`) lists the games; the pages ask
it for a match's game and then ask the game: its forms, its words, its
worked cases. Nothing outside the games' folders
branches on a game's name.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext_lazy as _

from scoresheets.scoring.kernel import DONNES_MAX, DONNES_MIN, Engine, Rounding

if TYPE_CHECKING:
    from django import forms

__all__ = [
    "ANNOUNCEMENTS",
    "DONNES",
    "HANDS_PLAYED",
    "ROUNDING",
    "TARGET",
    "PlayerFigureWords",
    "RuleWords",
    "WebGame",
]


@dataclass(frozen=True)
class RuleWords:
    """The words of one rule of a game, once: what its form field, the
    match's summary and an import's problems call it.

    - ``name``: the rule (a field of the game's rules dataclass), or a
      setting of the match beside its rules (``card_names``);
    - ``label``: the new-match form's label ("Valeur du capot");
    - ``short``: the match page's summary ("Objectif"), the label if ``None``;
    - ``field``: an imported document's problem ("règles, objectif"), for a rule;
    - ``choices``: value -> label of each choice (the values themselves, and
      their order, are the engine's: ``presets.rule_choices``);
    - ``booleans``: the summary's words for a boolean when true and when
      false ("oui" / "non" when ``None``);
    - ``stacked``: its choices are long, shown one under the other;
    - ``optional_range``: a number that may be left empty (``None``), from
      its first to its last value: the form's field is an optional integer
      (the rule ``donnes``); ``empty``: the summary's words when it is empty.
    """

    name: str
    label: Any
    short: Any = None
    field: Any = None
    choices: Mapping[Any, Any] = dataclasses.field(default_factory=dict)
    booleans: tuple[Any, Any] | None = None
    stacked: bool = False
    optional_range: tuple[int, int] | None = None
    empty: Any = None


# The rules every game has, worded the same. The target: any number of points.
TARGET = RuleWords(
    "target", _("Objectif (points)"), short=_("Objectif"), field=_("règles, objectif")
)
# A match of K donnes (FORMAT, rule ``donnes``): empty, a match to its target.
DONNES = RuleWords(
    "donnes",
    _("Partie en donnes (vide : jusqu'à l'objectif)"),
    short=_("Nombre de donnes"),
    field=_("règles, nombre de donnes"),
    optional_range=(DONNES_MIN, DONNES_MAX),
    empty=_("jusqu'à l'objectif"),
)
ROUNDING = RuleWords(
    "rounding",
    _("Arrondi des scores"),
    short=_("Arrondi"),
    field=_("règles, arrondi"),
    choices={
        Rounding.NONE: _("Au point près"),
        Rounding.NEAREST_TEN: _("À la dizaine (85 → 90)"),
    },
)
ANNOUNCEMENTS = RuleWords(
    "announcements",
    _("On joue les annonces (tierce, cinquante, cent, carrés)"),
    short=_("Annonces"),
    field=_("règles, annonces"),
)


@dataclass(frozen=True)
class PlayerFigureWords:
    """The words of a game's player figures on a table's player page (its
    ``words.py``; the figures are its ``stats.py``'s, ``FIGURES``):

    - ``title``: the heading of the game's block on a page that shows
      several games ("Donnes de belote"); a page of one game says "Donnes";
      ``None``: the game's name;
    - ``rows``: ``(figure, label)`` of each figure shown, in the page's
      order: ``figure`` an attribute of the game's figures (a count, or an
      average, ``None`` when there is nothing to average, shown "–");
    - ``hint``: what the figures count, said under them ("" for nothing).
    """

    title: Any
    rows: tuple[tuple[str, Any], ...]
    hint: Any = ""


# The words of a game without figures of its own (its package has no
# stats.py: scoresheets.scoring.figures.HANDS_PLAYED).
HANDS_PLAYED = PlayerFigureWords(
    title=None,
    rows=(("hands_played", _("Donnes jouées")),),
    hint=_("Toutes les donnes jouées, parties en cours comprises."),
)


@dataclass(frozen=True)
class WebGame:
    """One game as the pages know it (its folder's ``GAME``).

    - ``engine``: its pure engine (rules and hand types, checks, scoring,
      match document, presets);
    - ``label``: its name ("Belote"); ``rules_label``: the legend of its
      presets ("Règles de la belote");
    - ``rules``: the words of each rule the new-match page shows, in the
      page's order (:class:`RuleWords`); the target first, shown apart;
    - ``rules_form`` / ``hand_form``: its forms (the rules, one hand);
      ``calculator_rules_form``: the calculator's rules (the rules one hand
      depends on), for the game the calculator scores;
    - ``form_prefix``: its rule fields' prefix on the new-match page ("" for
      the default game, whose fields keep their plain names);
    - ``rules_class``: the CSS class of its rules' disclosure; ``targets``:
      the usual targets offered beside the target field (points);
    - ``explain(match, hand, result) -> str``: one hand's explanation;
      ``contract(data) -> str``: a hand's contract in words ("100 ♥
      coinché"), "" where the game has none (``data``: a match-document hand);
    - ``csv_words``: the CSV exports' words of its own coded values, by column;
      ``csv_labels``: the headers of its own columns (its engine's
      ``csv_columns``), by column;
    - ``penalty_points``: the penalties a concours' referee usually gives
      at it (points), offered beside the organiser's penalty field;
    - ``row_badges(given, result) -> [(team or None, word)]``: the badges
      of its own that a hand's row shows on the sheet and the share image
      (its own outcome, bonuses, marks), from the hand as entered
      and the engine's result; ``None``: belote's only;
    - ``summary(data, who, team_name) -> [str]``: a hand as entered, in
      parts of one line ("Anouk joue", "points Nous 90", "roem Eux 20"),
      for a game that tells a hand otherwise than a belote table (``None``:
      the taker, the contract, trick points, capot, belote, announcements);
      ``data``: a match-document hand, ``who``: the taker's name,
      ``team_name(team)``: a team's name;
    - ``score_parts(result) -> {side: (part, ...)} | None``: the parts of
      each side's score on a hand that its sheet writes in columns of their
      own (a Dutch sheet's points, then roem), from the engine's result,
      ``None`` for a hand it writes as one figure; ``score_part_labels``:
      the head's name of each part; ``None``: one figure a hand (the
      others);
    - ``calculator_seats``: whether the calculator seats four placeholder
      players ("Joueur 1"..), for a game whose hand names a player (who
      plays, who bought, who announced);
    - ``problems``: the message of each problem code only its engine gives
      (a code of its engine alone), in the user's language, wherever a
      problem is said (``game_forms.problem_message``);
    - ``player_figures``: the words of its figures on a table's player page
      (:class:`PlayerFigureWords`; its figures are its package's
      ``stats.py``'s); ``player_figures_partial``: a template of its own
      shown after them, given the player's ``figures`` (coinche's contracts
      by bid), "" for none.

    Its worked cases are its engine's (``Engine.case_folders``).
    """

    engine: Engine
    label: Any
    rules_label: Any
    rules: tuple[RuleWords, ...]
    rules_form: type[forms.Form]
    hand_form: type[forms.Form]
    explain: Callable[[Any, Any, Any], str]
    calculator_rules_form: type[forms.Form] | None = None
    form_prefix: str = ""
    rules_class: str = "rules"
    targets: tuple[int, ...] = (1000, 2000, 3000)
    contract: Callable[[Mapping[str, Any]], str] = lambda data: ""
    csv_words: Mapping[str, Mapping[str, Any]] = dataclasses.field(default_factory=dict)
    csv_labels: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    penalty_points: tuple[int, ...] = ()
    row_badges: Callable[[Any, Any], list[tuple[str | None, str]]] | None = None
    summary: Callable[[Mapping[str, Any], str, Callable[[str], str]], list[str]] | None = None
    score_parts: Callable[[Any], Mapping[str, tuple[int, ...]] | None] | None = None
    score_part_labels: tuple[Any, ...] = ()
    calculator_seats: bool = False
    problems: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    player_figures: PlayerFigureWords = HANDS_PLAYED
    player_figures_partial: str = ""

    @property
    def name(self) -> str:
        """The game's name: its engine's, the match document's ``game``."""
        return self.engine.name

    def rule_words(self, name: str) -> RuleWords | None:
        """The words of rule ``name`` of this game, or ``None``."""
        return next((words for words in self.rules if words.name == name), None)

    def __str__(self) -> str:
        return str(self.label)
