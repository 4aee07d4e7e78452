"""Baloot's words: its name, its presets' legend and its rules as the
new-match page, the match's summary and an import's problems call them
(:class:`~scoresheets.games.base.RuleWords`, in the page's order), the words
of its hand (contracts, projects, doublings), the outcomes and badges of its
sheet, its CSV columns, its own problems and its figures on a table's
player page. French msgids, as the whole
site's; the Arabic catalog gives them in the table's own words (BALOOT.md,
top: لنا / لهم, صن / حكم, المشتري, خسران, مشاريع: سرا، خمسين، مية، أربعمية,
بلوت, دبل، ثري، فور، قهوة, كبوت, أشكل, بس)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoresheets.games.baloot.engine import (
    BothOver,
    Contract,
    DoubledTie,
    Doubling,
    HokmFive,
    Project,
    SunDouble,
    SunRounding,
    Tie,
)
from scoresheets.games.base import TARGET, PlayerFigureWords, RuleWords

LABEL = _("Baloot")
RULES_LABEL = _("Règles du baloot")

# The contracts (BALOOT, hand key `contract`): صن, حكم.
CONTRACT_NAMES: dict[str, Any] = {
    Contract.SUN: pgettext_lazy("baloot", "Sun"),
    Contract.HOKM: pgettext_lazy("baloot", "Hokm"),
}
# The projects (مشاريع), by name: سرا، خمسين، مية، أربعمية.
PROJECT_NAMES: dict[str, Any] = {
    Project.SIRA: pgettext_lazy("baloot", "Sira"),
    Project.FIFTY: pgettext_lazy("baloot", "Cinquante"),
    Project.HUNDRED: pgettext_lazy("baloot", "Cent"),
    Project.FOUR_HUNDRED: pgettext_lazy("baloot", "Quatre cents"),
}
# The doublings: دبل، ثري، فور، قهوة.
DOUBLING_NAMES: dict[str, Any] = {
    Doubling.DOUBLE: pgettext_lazy("baloot", "Doublé ×2"),
    Doubling.THREE: pgettext_lazy("baloot", "Three ×3"),
    Doubling.FOUR: pgettext_lazy("baloot", "Four ×4"),
    Doubling.GAHWA: pgettext_lazy("baloot", "Gahwa"),
}

RULES: tuple[RuleWords, ...] = (
    TARGET,
    RuleWords(
        "sun_rounding",
        _("Points de jeu d'un Sun"),
        short=_("Arrondi du Sun"),
        field=_("règles, arrondi du Sun"),
        choices={
            SunRounding.TENS: _("À la dizaine, puis ×2 (67 → 14, 65 → 13)"),
            SunRounding.DOUBLE_FIRST: _("×2, puis à la dizaine (67 → 13)"),
        },
        stacked=True,
    ),
    RuleWords(
        "hokm_five",
        _("Un tas de Hokm qui finit par 5"),
        short=_("Hokm, les 5"),
        field=_("règles, Hokm et les 5"),
        choices={
            HokmFive.DOWN: _("Arrondi en dessous (65 → 6)"),
            HokmFive.UP: _("Arrondi au-dessus (65 → 7)"),
        },
    ),
    RuleWords(
        "tie",
        _("Égalité sans doublement"),
        short=_("Égalité"),
        field=_("règles, égalité"),
        choices={
            Tie.SPLIT: _("Chacun marque les siens"),
            Tie.BUYER_LOSES: _("L'acheteur est khasran"),
        },
    ),
    RuleWords(
        "doubled_tie",
        _("Égalité d'une donne doublée"),
        short=_("Égalité doublée"),
        field=_("règles, égalité doublée"),
        choices={
            DoubledTie.BUYER_LOSES: _("L'acheteur perd"),
            DoubledTie.BUYER_WINS: _("L'acheteur gagne"),
        },
    ),
    RuleWords(
        "baloot_in_test",
        _("Le baloot (20) compte pour savoir si l'acheteur passe"),
        short=_("Baloot dans le compte"),
        field=_("règles, baloot dans le compte"),
    ),
    RuleWords(
        "kaboot_doubles",
        _("Un kaboot doublé se multiplie"),
        short=_("Kaboot doublé"),
        field=_("règles, kaboot doublé"),
    ),
    RuleWords(
        "sun_double",
        _("On peut doubler un Sun"),
        short=_("Doubler un Sun"),
        field=_("règles, doubler un Sun"),
        choices={
            SunDouble.OVER_100: _("Si l'acheteur a plus de 100 et l'autre équipe 100 ou moins"),
            SunDouble.ALWAYS: _("Toujours"),
        },
        stacked=True,
    ),
    RuleWords(
        "both_over",
        _("Les deux équipes passent l'objectif dans la même donne"),
        short=_("Les deux à l'objectif"),
        field=_("règles, les deux à l'objectif"),
        choices={
            BothOver.BUYER: _("L'équipe qui gagne la donne"),
            BothOver.HIGHER: _("Le plus haut total"),
        },
        stacked=True,
    ),
)

# The outcomes of a hand, as the sheet, the exports and the statistics say them.
OUTCOMES = {"made": _("passé"), "khasran": _("khasran"), "passed": _("redistribuée")}

# The CSV exports' words of a baloot hand's coded values, and its columns' headers.
CSV_WORDS: dict[str, dict[str, Any]] = {
    "outcome": OUTCOMES,
    "contract": {str(key): name for key, name in CONTRACT_NAMES.items()},
    "doubling": {str(key): name for key, name in DOUBLING_NAMES.items()},
}
CSV_LABELS: dict[str, Any] = {
    "contract": _("Contrat (Sun ou Hokm)"),
    "doubling": _("Doublement"),
    "kaboot": _("Kaboot"),
    "baloot": _("Baloot"),
}

# The message of each problem only baloot's engine gives (WebGame.problems):
# said in the user's language wherever a problem is (forms, imports, undo).
PROBLEMS = {
    "points_with_kaboot": _(
        "Avec un kaboot, ne saisissez pas de points : l'équipe kaboot a tous les plis."
    ),
    "too_many_projects": _("Une équipe a au plus 4 projets."),
    "four_hundred_twice": _("Il n'y a qu'un quatre cents (les quatre as) par donne."),
    "four_hundred_in_hokm": _("Au Hokm, les quatre as font un cent : le quatre cents est au Sun."),
    "projects_both_teams": _("Seule l'équipe au meilleur projet marque ses projets."),
    "baloot_in_sun": _("Pas de baloot au Sun : il n'y a pas d'atout."),
    "sun_doubling": _("Un Sun se double, sans plus : ni three, ni four, ni gahwa."),
    "sun_double_under_100": _(
        "Un Sun ne se double que si l'acheteur a plus de 100 et l'autre équipe 100 ou moins."
    ),
    "ashkal_on_hokm": _("Un ashkal est un Sun acheté pour le partenaire : pas au Hokm."),
}

# Its figures on a table's player page (stats.py, its definitions), in the
# table's words: المشتري, صن / حكم, خسران, كبوت, the projects, بلوت.
PLAYER_FIGURES = PlayerFigureWords(
    title=_("Donnes de baloot"),
    rows=(
        ("hands_played", pgettext_lazy("baloot statistics", "Donnes")),
        ("bought", pgettext_lazy("baloot statistics", "Achetées")),
        ("sun", pgettext_lazy("baloot statistics", "Dont Sun")),
        ("hokm", pgettext_lazy("baloot statistics", "Dont Hokm")),
        ("made", pgettext_lazy("baloot statistics", "Réussies")),
        ("khasran", pgettext_lazy("baloot statistics", "Khasran (l'acheteur chute)")),
        ("kaboots", pgettext_lazy("baloot statistics", "Kaboots de son équipe")),
        ("kaboots_against", pgettext_lazy("baloot statistics", "Kaboots contre son équipe")),
        *((project, name) for project, name in PROJECT_NAMES.items()),
        ("baloot", LABEL),
        ("average_points_bought", pgettext_lazy("baloot statistics", "Points par achat")),
    ),
    hint=_(
        "Toutes les donnes jouées, parties en cours comprises. Achetées : les donnes où il "
        "était l'acheteur. Kaboots, projets et baloot : ceux de son équipe, la feuille ne "
        "disant pas quel joueur les avait. Points par achat : les points de son équipe, en "
        "moyenne, sur les donnes qu'il a achetées."
    ),
)
