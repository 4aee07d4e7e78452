"""Schieber jass' words: its name, its presets' legend and its rules as the
new-match page, the match's summary and an import's problems call them
(:class:`~scoresheets.games.base.RuleWords`, in the page's order), its
modes, the outcomes and badges of its sheet, its own problems, and its
figures on a table's player page. French msgids, as the whole site's.

The modes keep their Swiss names in every language (Rosen, Eicheln,
Schilten, Schellen, Obenabe, Undenufe: proper names at a jass table, JASS's
modes' table), each suit beside the symbol of its French-suited card, so
that a table playing with either pack knows it.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoresheets.games.base import PlayerFigureWords, RuleWords
from scoresheets.games.jass.engine import (
    Ausmachen,
    EqualWeis,
    KonterMatch,
    Mode,
    Multipliers,
    SequenceValues,
)
from scoresheets.scoring.kernel import DONNES_MAX, DONNES_MIN

LABEL = _("Jass (Schieber)")
RULES_LABEL = _("Règles du jass")

# JASS, the modes' table: each mode's Swiss name (not translated) and the
# symbol of its French-suited card ("" for Obenabe and Undenufe).
MODE_NAMES: dict[str, str] = {
    Mode.HEARTS: "Rosen",
    Mode.DIAMONDS: "Eicheln",
    Mode.SPADES: "Schilten",
    Mode.CLUBS: "Schellen",
    Mode.OBENABE: "Obenabe",
    Mode.UNDENUFE: "Undenufe",
}
MODE_SYMBOLS: dict[str, str] = {
    Mode.HEARTS: "♥",
    Mode.DIAMONDS: "♦",
    Mode.SPADES: "♠",
    Mode.CLUBS: "♣",
}


def mode_name(mode: str) -> str:
    """A mode as the sheet says it: "Rosen ♥", "Obenabe"."""
    symbol = MODE_SYMBOLS.get(mode)
    name = MODE_NAMES.get(mode, str(mode))
    return f"{name} {symbol}" if symbol else name


# The Weis helper's words (JASS, *Weis*): a team's best declaration, a
# sequence by its number of cards or a four, and its top card (a four's rank).
SEQUENCE_NAMES: dict[int, Any] = {
    3: _("Suite de 3 cartes"),
    4: _("Suite de 4 cartes"),
    5: _("Suite de 5 cartes"),
    6: _("Suite de 6 cartes"),
    7: _("Suite de 7 cartes"),
    8: _("Suite de 8 cartes"),
    9: _("Suite de 9 cartes"),
}
FOUR_NAME = pgettext_lazy("jass weis", "Carré")
RANK_NAMES: dict[str, Any] = {
    "6": "6",
    "7": "7",
    "8": "8",
    "9": "9",
    "10": "10",
    "J": pgettext_lazy("jass card", "valet"),
    "Q": pgettext_lazy("jass card", "dame"),
    "K": pgettext_lazy("jass card", "roi"),
    "A": pgettext_lazy("jass card", "as"),
}


RULES: tuple[RuleWords, ...] = (
    # The target may be empty: a match of a number of hands has none (JASS, rule rounds).
    RuleWords(
        "target",
        _("Objectif (points ; vide pour une partie en donnes)"),
        short=_("Objectif"),
        field=_("règles, objectif"),
        empty=_("aucun (partie en donnes)"),
    ),
    RuleWords(
        "rounds",
        _("Partie en donnes (tournoi : 12 ; vide : jusqu'à l'objectif)"),
        short=_("Nombre de donnes"),
        field=_("règles, nombre de donnes"),
        optional_range=(DONNES_MIN, DONNES_MAX),
        empty=_("jusqu'à l'objectif"),
    ),
    RuleWords(
        "multipliers",
        _("Multiplicateurs par atout"),
        short=_("Multiplicateurs"),
        field=_("règles, multiplicateurs"),
        choices={
            Multipliers.SINGLE: _("Tout compte simple"),
            Multipliers.ONE_TWO_THREE: _(
                "Rosen, Eicheln ×1 · Schilten, Schellen ×2 · Obenabe, Undenufe ×3"
            ),
            Multipliers.ONE_TWO_THREE_FOUR: _(
                "Rosen, Eicheln ×1 · Schilten, Schellen ×2 · Obenabe ×3 · Undenufe ×4"
            ),
            Multipliers.ONE_TWO_TWO: _("Rosen, Eicheln ×1 · les autres ×2"),
        },
        stacked=True,
    ),
    RuleWords(
        "match_bonus",
        _("Prime du match (les neuf plis)"),
        short=_("Prime du match"),
        field=_("règles, prime du match"),
        choices={100: _("100 (257 en tout)"), 0: _("0 (157, tournois)")},
    ),
    RuleWords(
        "konter_match",
        _("Match de l'équipe qui n'a pas annoncé (Konter-Match)"),
        short=_("Konter-Match"),
        field=_("règles, Konter-Match"),
        choices={
            KonterMatch.MATCH: _("Comme un match"),
            KonterMatch.DOUBLE: _("Le double (514)"),
        },
    ),
    RuleWords(
        "weis_stoeck",
        _("On joue les Weis et les Stöck"),
        short=_("Weis et Stöck"),
        field=_("règles, Weis et Stöck"),
    ),
    RuleWords(
        "sequence_values",
        _("Suites de 6 à 9 cartes"),
        short=_("Longues suites"),
        field=_("règles, longues suites"),
        choices={
            SequenceValues.OPEN: _("150, 200, 250, 300"),
            SequenceValues.CAPPED: _("Toutes 100 (Weis simple)"),
        },
    ),
    RuleWords(
        "equal_weis",
        _("Un carré contre une suite de même valeur"),
        short=_("Carré contre suite"),
        field=_("règles, carré contre suite"),
        choices={
            EqualWeis.MORE_CARDS: _("La suite gagne (plus de cartes)"),
            EqualWeis.FOUR_FIRST: _("Le carré gagne"),
        },
        stacked=True,
    ),
    RuleWords(
        "ausmachen",
        _("Les deux équipes passent l'objectif dans la même donne (Ausmachen)"),
        short=_("Ausmachen"),
        field=_("règles, Ausmachen"),
        choices={
            Ausmachen.STOECK_WEIS_STICH: _("Stöck, puis Weis, puis plis"),
            Ausmachen.STOECK_STICH_WEIS: _("Stöck, puis plis, puis Weis"),
            Ausmachen.TOTALS: _("Le plus haut total"),
        },
        stacked=True,
    ),
)

# The outcomes of a hand, as the exports and the statistics say them.
OUTCOMES = {"scored": _("joué"), "match": _("match"), "konter_match": _("Konter-Match")}
# The share image's badge of a hand that did not simply score.
BADGES = {"match": _("Match"), "konter_match": _("Konter-Match")}

# The engine's problems that only jass has (their codes), in the table's words.
PROBLEMS = {
    "stoeck_without_trump": _("Pas de Stöck à Obenabe ni à Undenufe : il n'y a pas d'atout."),
    "weis_stoeck_disabled": _("Les Weis et les Stöck ne se jouent pas avec ces règles."),
    "not_weis_sum": _("Les Weis valent 0 ou une somme de 20, 50, 100, 150, 200…"),
    "weis_both_teams": _("Seule l'équipe qui a le meilleur Weis marque ses Weis."),
    "points_with_match": _("Avec un Match, ne saisissez pas de points : le Match a tous les plis."),
    "out_not_allowed": _(
        "« Qui est sorti » ne se dit que si les deux équipes passent l'objectif dans cette donne."
    ),
    "target_with_rounds": _("Une partie en donnes n'a pas d'objectif : laissez-le vide."),
    "weis_with_declared": _("Donnez les Weis en points ou en annonces, pas les deux."),
    "card_declared_twice": _("Une carte est annoncée par deux joueurs."),
    "four_declared_twice": _("Le même carré est annoncé deux fois."),
    "sequences_overlap": _("Deux suites d'un joueur se touchent : annoncez-les en une seule."),
    "too_many_cards": _("Un joueur annonce plus de 9 cartes."),
    "sequence_below_six": _("Une suite ne descend pas sous le 6."),
    "not_for_kind": _("Cette clé ne va pas avec ce genre de Weis."),
}

# Its figures on a table's player page (stats.py, its definitions), in the
# table's words: angesagt, geschoben, Match, Weis, Stöck.
PLAYER_FIGURES = PlayerFigureWords(
    title=_("Donnes de jass"),
    rows=(
        ("hands_played", pgettext_lazy("jass statistics", "Donnes")),
        ("announced", pgettext_lazy("jass statistics", "Annoncées (il choisit le mode)")),
        ("pushed", pgettext_lazy("jass statistics", "Geschoben (passées au partenaire)")),
        ("matches", pgettext_lazy("jass statistics", "Matchs de son équipe")),
        ("matches_against", pgettext_lazy("jass statistics", "Matchs contre son équipe")),
        ("weis", pgettext_lazy("jass statistics", "Weis de son équipe (points)")),
        ("stoeck", pgettext_lazy("jass statistics", "Stöck de son équipe")),
        ("average_points_announced", pgettext_lazy("jass statistics", "Points par donne annoncée")),
    ),
    hint=_(
        "Toutes les donnes jouées, parties en cours comprises. Annoncées : les donnes où il a "
        "choisi le mode, lui-même ou après un geschoben. Geschoben : les donnes où, Vorhand "
        "d'après le donneur de la feuille, il a passé le choix à son partenaire. Weis : les "
        "points validés de son équipe, sans le facteur. Points par donne annoncée : ce que son "
        "équipe a marqué, facteur compris, en moyenne, sur les donnes qu'il a annoncées."
    ),
)
