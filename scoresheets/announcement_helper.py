"""The announcement helper: each player taps what they declared, the engine
says which team wins the comparison, and the hand form gets its points.

The engine (:mod:`scoresheets.scoring.announcements`, ``docs/announcements.md``)
settles the comparison; this module only turns the helper's form into
:class:`~scoresheets.scoring.Declaration` objects and words the engine's
:class:`~scoresheets.scoring.Reason` and problems in the user's language.

Seats: the match numbers its seats 1-4 around the table (1 & 3 are team A);
the comparison numbers them in playing order, 1 being the first player after
the dealer (ANNOUNCEMENTS, *Comparison document*). :func:`playing_order`
maps one to the other from the dealer of the hand being entered. The
calculator has no table: its players are numbered in playing order
already, and a field says which team the first one plays for.

Each declaration is two taps where it can be (issue 20): its kind, then its
top card (a carré's rank); a sequence's suit is asked only when it decides
the comparison (:meth:`AnnouncementHelperForm.compare`: sequences without a
suit are given one that clashes with no other, and a tie that the trump
would break asks for the suits it hangs on). Every choice is a radio chip:
no script needed, the keyboard's arrows move within a group.

The helper's points are a prefill of the hand form's ``ann_team`` /
``ann_points`` (still editable); the saved hand's announcements are those
points, never the declarations. The one time a save looks at the helper is
when declarations were picked but never compared and no points typed: the
hand is then compared, filled in and shown again, not saved (the views'
``_comparison_forgotten``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from scoresheets import presets, scoring
from scoresheets.forms import problem_message
from scoresheets.models import seat_team
from scoresheets.text import of_name

__all__ = [
    "COMPARE",
    "OPEN",
    "SLOTS",
    "AnnouncementHelperForm",
    "HelperPlayer",
    "HelperResult",
    "calculator_players",
    "declaration_text",
    "is_compare",
    "is_open",
    "match_players",
    "playing_order",
    "prefill",
    "reason_text",
    "trump_of",
]

# The value of the "Comparer les annonces" button (name="action"): the views
# re-render the form filled in and save nothing.
COMPARE = "compare_announcements"
# The value of the button that opens a helper not rendered yet, without a
# script (the tag's LazyHelper): the page comes back with it open.
OPEN = "open_announcements"
PREFIX = "annh"
SLOTS = 3  # declarations per player: a carré and two tierces is the most one hand holds
SUIT_FIELD = "suit"  # the coinche hand form's trump (docs/coinche.md), when the form has it

SUIT_LABELS = {
    "clubs": gettext_lazy("♣ Trèfle"),
    "diamonds": gettext_lazy("♦ Carreau"),
    "hearts": gettext_lazy("♥ Cœur"),
    "spades": gettext_lazy("♠ Pique"),
}
# "roi de cœur", "king of hearts"
SUIT_OF_CARD = {
    "clubs": pgettext_lazy("card", "de trèfle"),
    "diamonds": pgettext_lazy("card", "de carreau"),
    "hearts": pgettext_lazy("card", "de cœur"),
    "spades": pgettext_lazy("card", "de pique"),
}
# "tierce au roi de cœur", "king-high tierce in hearts"
SUIT_OF_SEQUENCE = {
    "clubs": pgettext_lazy("sequence", "de trèfle"),
    "diamonds": pgettext_lazy("sequence", "de carreau"),
    "hearts": pgettext_lazy("sequence", "de cœur"),
    "spades": pgettext_lazy("sequence", "de pique"),
}
SUIT_NAMES = {
    "clubs": pgettext_lazy("suit", "trèfle"),
    "diamonds": pgettext_lazy("suit", "carreau"),
    "hearts": pgettext_lazy("suit", "cœur"),
    "spades": pgettext_lazy("suit", "pique"),
}

FRENCH, SPANISH = presets.CardNames.FRENCH, presets.CardNames.SPANISH
# The engine's ranks in each deck's names. A Spanish-suited deck (belote
# marocaine, see the glossary) numbers them: 1 ace, 12 king, 11 queen, 10
# jack, 7 ten, 6 nine, 5 and 4. Suits keep their French names in both decks.
RANK_NAMES: dict[str, dict[str, Any]] = {
    FRENCH: {
        "7": "7",
        "8": "8",
        "9": "9",
        "10": "10",
        "J": pgettext_lazy("card", "valet"),
        "Q": pgettext_lazy("card", "dame"),
        "K": pgettext_lazy("card", "roi"),
        "A": pgettext_lazy("card", "as"),
    },
    SPANISH: {
        "7": "4",
        "8": "5",
        "9": "6",
        "10": "7",
        "J": "10",
        "Q": "11",
        "K": "12",
        "A": pgettext_lazy("card", "as"),
    },
}
# A sequence's top card: "au roi" / "king-high", "au 10" / "10-high".
TOP_WORDS = {
    "J": pgettext_lazy("sequence top", "au valet"),
    "Q": pgettext_lazy("sequence top", "à la dame"),
    "K": pgettext_lazy("sequence top", "au roi"),
    "A": pgettext_lazy("sequence top", "à l'as"),
}
NUMBER_TOP = pgettext_lazy("sequence top", "au %(card)s")
CARRE_WORDS: dict[str, dict[str, Any]] = {
    FRENCH: {
        "J": gettext_lazy("carré de valets"),
        "9": gettext_lazy("carré de neuf"),
        "A": gettext_lazy("carré d'as"),
        "10": gettext_lazy("carré de dix"),
        "K": gettext_lazy("carré de rois"),
        "Q": gettext_lazy("carré de dames"),
    },
    SPANISH: {"A": gettext_lazy("carré d'as")},  # the others: "carré de 10" ...
}
NUMBER_CARRE = gettext_lazy("carré de %(card)s")
# A sequence by its length, bare and after "bat" (French needs its article;
# English says "Marc's tierce").
FIGURES = {
    3: (pgettext_lazy("figure", "tierce"), pgettext_lazy("figure", "la tierce")),
    4: (pgettext_lazy("figure", "cinquante"), pgettext_lazy("figure", "la cinquante")),
    5: (pgettext_lazy("figure", "cent"), pgettext_lazy("figure", "le cent")),
}
LONG_FIGURE = (
    pgettext_lazy("figure", "cent de %(length)s cartes"),
    pgettext_lazy("figure", "le cent de %(length)s cartes"),
)
CARRE_ARTICLE = pgettext_lazy("figure", "le %(carre)s")

KIND_LABELS = {
    FRENCH: {
        "3": gettext_lazy("Tierce (20)"),
        "4": gettext_lazy("Cinquante (50)"),
        "5": gettext_lazy("Cent (100)"),
    },
    SPANISH: {
        "3": gettext_lazy("Suivi de 3 (20)"),
        "4": gettext_lazy("Suivi de 4 (50)"),
        "5": gettext_lazy("Suivi de 5 (100)"),
    },
}
LONG_KIND_LABEL = gettext_lazy("Suite de %(length)s (100)")
CARRE_KIND = "carre"


def rank_name(rank: str, card_names: str = FRENCH) -> str:
    """A rank in the table's cards: "roi" / "12"."""
    return str(RANK_NAMES.get(card_names, RANK_NAMES[FRENCH])[rank])


def card_text(card: tuple[str, str], card_names: str = FRENCH) -> str:
    """One card: "roi de cœur" / "king of hearts"."""
    rank, suit = card
    return _("%(rank)s %(suit)s") % {
        "rank": rank_name(rank, card_names),
        "suit": SUIT_OF_CARD[suit],
    }


def _top_text(rank: str, card_names: str) -> str:
    if card_names != SPANISH and rank in TOP_WORDS:
        return str(TOP_WORDS[rank])
    if card_names == SPANISH and rank == "A":
        return str(TOP_WORDS["A"])
    return str(NUMBER_TOP) % {"card": rank_name(rank, card_names)}


def _carre_text(rank: str, card_names: str) -> str:
    words = CARRE_WORDS.get(card_names, CARRE_WORDS[FRENCH])
    if rank in words:
        return str(words[rank])
    return str(NUMBER_CARRE) % {"card": rank_name(rank, card_names)}


def declaration_text(
    declaration: scoring.Declaration,
    card_names: str = FRENCH,
    *,
    detailed: bool = False,
    article: bool = False,
    suit: bool = True,
) -> str:
    """A declaration in words, lowercase: "carré de valets", "cinquante";
    ``detailed`` adds a sequence's top card and suit ("tierce au roi de cœur",
    English "king-high tierce in hearts"), its top card only when ``suit``
    is false (a suit nobody gave: "tierce au roi"); ``article`` gives the
    form after "bat" ("la cinquante"; English has none: "Marc's cinquante")."""
    if declaration.is_carre:
        carre = _carre_text(declaration.rank, card_names)
        return str(CARRE_ARTICLE) % {"carre": carre} if article else carre
    bare, with_article = FIGURES.get(declaration.length, LONG_FIGURE)
    figure = str(with_article if article else bare) % {"length": declaration.length}
    if not detailed:
        return figure
    if not suit:
        return _("%(figure)s %(top)s") % {
            "figure": figure,
            "top": _top_text(declaration.top, card_names),
        }
    return _("%(figure)s %(top)s %(suit)s") % {
        "figure": figure,
        "top": _top_text(declaration.top, card_names),
        "suit": SUIT_OF_SEQUENCE[declaration.suit],
    }


# --------------------------------------------------------------------------
# Seats: the table's and the comparison's
# --------------------------------------------------------------------------


def playing_order(dealer_seat: int) -> tuple[int, int, int, int]:
    """The table seats in playing order for a hand dealt by ``dealer_seat``:
    the first is the dealer's next (seat 1 of the comparison), the last the dealer."""
    return tuple((dealer_seat + k - 1) % 4 + 1 for k in range(1, 5))  # type: ignore[return-value]


@dataclass(frozen=True)
class HelperPlayer:
    """One player in the helper: ``key`` names their fields (the table seat
    on a match, the playing order in the calculator), ``order`` is their seat
    in the comparison (1 = first after the dealer), ``team`` ``"A"``/``"B"``."""

    key: int
    order: int
    name: str
    team: str


def match_players(names: Mapping[int, str], dealer_seat: int) -> list[HelperPlayer]:
    """The players of a match (table seat -> name) in playing order for a
    hand dealt by ``dealer_seat``; seats 1 & 3 play for team A."""
    return [
        HelperPlayer(key=seat, order=order, name=names[seat], team=seat_team(seat))
        for order, seat in enumerate(playing_order(dealer_seat), start=1)
    ]


def calculator_players(first_team: str) -> list[HelperPlayer]:
    """The calculator's four players, "Joueur 1" speaking first, partners
    face to face (1 & 3 play for ``first_team``)."""
    other = scoring.other_team(first_team)
    return [
        HelperPlayer(
            key=order,
            order=order,
            name=_("Joueur %(number)s") % {"number": order},
            team=first_team if order % 2 else other,
        )
        for order in range(1, 5)
    ]


def trump_of(data: Mapping[str, Any]) -> tuple[bool, str | None]:
    """The trump a posted hand form gives (its coinche ``suit``): ``(True,
    suit)`` for a plain suit, ``(True, None)`` for sans-atout or tout-atout
    (no sequence is in trump), ``(False, None)`` when the form says nothing."""
    suit = data.get(SUIT_FIELD) if data is not None else None
    if suit in scoring.SUITS:
        return True, suit
    if suit in ("no_trump", "all_trump"):
        return True, None
    return False, None


def is_compare(data: Mapping[str, Any] | None) -> bool:
    """Whether the "Comparer les annonces" button posted ``data``."""
    return data is not None and data.get("action") == COMPARE


def is_open(data: Mapping[str, Any] | None) -> bool:
    """Whether the button of a helper not rendered yet posted ``data``."""
    return data is not None and data.get("action") == OPEN


# --------------------------------------------------------------------------
# The form
# --------------------------------------------------------------------------

ERROR_MESSAGES: dict[str, Any] = {
    "card_held_twice": gettext_lazy("Déjà annoncé par %(other)s : %(cards)s."),
    "carres_share_card": gettext_lazy("Ce joueur a déjà annoncé ce carré."),
    "sequences_overlap": gettext_lazy("Chevauche une autre suite de ce joueur (%(cards)s)."),
    "sequences_touch": gettext_lazy(
        "Touche une autre suite de ce joueur (%(cards)s) : c'est une seule suite, "
        "annoncez-la en une fois."
    ),
    "carre_sequence_share_card": gettext_lazy(
        "Partage %(cards)s avec une autre annonce de ce joueur, et à cette table une "
        "carte ne compte que dans une annonce."
    ),
    "too_many_cards": gettext_lazy(
        "%(player)s annonce %(count)s cartes différentes : un joueur n'en a que %(max)s."
    ),
    "impossible_sequence": gettext_lazy(
        "Une suite de %(length)s cartes ne peut pas aller %(top)s : la plus basse va %(lowest)s."
    ),
    "carre_not_announcement": gettext_lazy("Un carré de %(card)s n'est pas une annonce."),
}
SUIT_DECIDES = gettext_lazy(
    "À égalité avec une suite de l'autre équipe, l'atout départage : choisissez la couleur "
    "de cette suite."
)
REQUIRED_MESSAGES: dict[str, Any] = {
    "kind": gettext_lazy("Choisissez l'annonce : tierce, cinquante, cent ou carré."),
    "suit": gettext_lazy("Choisissez la couleur de la suite."),
    "top": gettext_lazy("Choisissez la plus haute carte de la suite."),
    "rank": gettext_lazy("Choisissez la carte du carré."),
}
# The engine's declaration keys -> the helper's fields of one declaration.
KEY_FIELDS = {"suit": "suit", "top": "card", "rank": "card", "length": "kind", "kind": "kind"}


@dataclass(frozen=True)
class HelperResult:
    """A settled comparison in words: ``winner`` (``None``: nobody declared)
    scores ``points``; ``lines`` say who won and why, in the user's language."""

    winner: str | None
    points: int
    lines: tuple[str, ...]
    comparison: scoring.Comparison


@dataclass(frozen=True)
class HelperSlot:
    """One declaration's fields in the template: its kind, suit and card."""

    kind: forms.BoundField
    suit: forms.BoundField
    card: forms.BoundField

    @property
    def fields(self) -> tuple[forms.BoundField, ...]:
        return (self.kind, self.suit, self.card)

    @property
    def has_errors(self) -> bool:
        return any(f.errors for f in self.fields)

    @property
    def filled(self) -> bool:
        return any(f.value() for f in self.fields)


@dataclass(frozen=True)
class HelperRow:
    """A player's declarations in the template: (kind, suit, card) bound fields."""

    player: HelperPlayer
    team_name: str
    slots: tuple[HelperSlot, ...]
    more_open: bool


class AnnouncementHelperForm(forms.Form):
    """What each player declared (up to :data:`SLOTS` declarations each: a
    kind, a suit and a card, the top of a sequence or the rank of a carré),
    the trump when the hand form has none, and, in the calculator, the team
    of the first player.

    ``players`` (:class:`HelperPlayer`, in playing order) name the fields;
    ``team_names`` the teams; ``card_names`` how the cards are called;
    ``trump_known``/``trump``: the trump the hand form gives (:func:`trump_of`),
    which replaces the helper's own trump field; ``trump_asked``: whether the
    answer asks for the trump when it could decide a tie (by default when the
    helper has its own trump field; a coinche hand whose suit is not tapped
    asks for it too). After :meth:`compare`,
    ``result`` is a :class:`HelperResult` or ``None`` (the errors are on the
    fields of the declarations they concern).
    """

    prefix = PREFIX

    def __init__(
        self,
        data: Any = None,
        *,
        players: Sequence[HelperPlayer] | None = None,
        team_names: Mapping[str, str],
        card_names: str = FRENCH,
        trump_known: bool = False,
        trump: str | None = None,
        trump_asked: bool | None = None,
        calculator: bool = False,
        open_asked: bool = False,
        **kwargs: Any,
    ) -> None:
        if (
            data is not None
            and calculator
            and data.get(f"{PREFIX}-first_team") not in scoring.TEAMS
        ):
            data = data.copy()  # an untouched choice reads as its initial value, team A
            data[f"{PREFIX}-first_team"] = "A"
        super().__init__(data, **kwargs)
        self.team_names = dict(team_names)
        self.card_names = card_names if card_names in RANK_NAMES else FRENCH
        self.calculator = calculator
        self.open_asked = open_asked
        self.trump_known = trump_known
        self.form_trump = trump
        self.trump_asked = not trump_known if trump_asked is None else trump_asked
        self.result: HelperResult | None = None
        ranks = [(rank, capfirst(rank_name(rank, self.card_names))) for rank in scoring.RANKS]
        kinds = [
            ("", _("Rien")),
            *KIND_LABELS[self.card_names].items(),
            (CARRE_KIND, _("Carré")),
            *((str(n), LONG_KIND_LABEL % {"length": n}) for n in (6, 7, 8)),
        ]
        suits = list(SUIT_LABELS.items())
        if calculator:
            self.fields["first_team"] = forms.ChoiceField(
                label=_("Le joueur 1 (le premier après le donneur) joue pour"),
                choices=[(team, self.team_names[team]) for team in scoring.TEAMS],
                initial="A",
                required=False,
                widget=forms.RadioSelect,
            )
        if not trump_known:
            self.fields["trump"] = forms.ChoiceField(
                label=_("Atout (seulement pour départager deux suites égales)"),
                choices=[("", _("Non précisé")), *suits],
                required=False,
            )
        for key in (1, 2, 3, 4):
            for slot in range(1, SLOTS + 1):
                name = f"s{key}_{slot}"
                # Chips (radios): one tap a choice, and no script needed.
                self.fields[f"{name}_kind"] = forms.ChoiceField(
                    label=_("Annonce"),
                    choices=kinds,
                    required=False,
                    initial="",
                    widget=forms.RadioSelect,
                )
                self.fields[f"{name}_suit"] = forms.ChoiceField(
                    label=_("Couleur"), choices=suits, required=False, widget=forms.RadioSelect
                )
                self.fields[f"{name}_card"] = forms.ChoiceField(
                    label=_("Carte (haute)"),
                    choices=ranks,
                    required=False,
                    widget=forms.RadioSelect,
                )
        if players is None:
            players = calculator_players(self._first_team())
        self.players = list(players)

    def _first_team(self) -> str:
        value = self.data.get(self.add_prefix("first_team")) if self.is_bound else None
        return value if value in scoring.TEAMS else "A"

    # -- the template ---------------------------------------------------------

    def rows(self) -> list[HelperRow]:
        """Each player's declaration fields, in playing order."""
        out = []
        for player in self.players:
            slots = []
            more_open = False
            for slot in range(1, SLOTS + 1):
                name = f"s{player.key}_{slot}"
                one = HelperSlot(self[f"{name}_kind"], self[f"{name}_suit"], self[f"{name}_card"])
                if slot > 1 and (one.has_errors or one.filled):
                    more_open = True
                slots.append(one)
            out.append(HelperRow(player, self.team_names[player.team], tuple(slots), more_open))
        return out

    @property
    def trump_field(self) -> forms.BoundField | None:
        """The helper's own trump choice (``None`` when the hand form gives it)."""
        return self["trump"] if "trump" in self.fields else None

    @property
    def first_team_field(self) -> forms.BoundField | None:
        """The calculator's "player 1 plays for" choice (``None`` on a match)."""
        return self["first_team"] if "first_team" in self.fields else None

    compare_value = COMPARE

    @property
    def opened(self) -> bool:
        """Whether the page shows the helper open: after a comparison, or
        when the form comes back (a refused save) with declarations in it, or
        when it was asked for (``open_asked``: fetched when opened)."""
        if self.open_asked:
            return True
        if not self.is_bound:
            return False
        if self.result is not None or self.errors:
            return True
        return any(slot.filled for row in self.rows() for slot in row.slots)

    @property
    def trump(self) -> str | None:
        if self.trump_known:
            return self.form_trump
        value = self.cleaned_data.get("trump") if hasattr(self, "cleaned_data") else None
        return value or None

    # -- the comparison -------------------------------------------------------

    def declarations(self) -> list[tuple[scoring.Declaration, str]]:
        """The declarations typed (call after ``is_valid()``), each with the
        name of its fields ("s3_1"): seats in playing order. A line whose
        kind is "Rien" is left out, whatever card or suit was tapped on it (a
        chip cannot be untapped: "Rien" takes a declaration back). A
        sequence's suit may be ``None`` (not given: :meth:`compare`)."""
        data = self.cleaned_data
        out = []
        for player in self.players:
            for slot in range(1, SLOTS + 1):
                name = f"s{player.key}_{slot}"
                kind, suit, card = (data.get(f"{name}_{part}") for part in ("kind", "suit", "card"))
                if not kind:
                    continue
                if kind == CARRE_KIND:
                    declaration = scoring.Declaration.carre(player.order, card or None)
                else:
                    declaration = scoring.Declaration.sequence(
                        player.order, suit or None, int(kind), card or None
                    )
                out.append((declaration, name))
        return out

    def compare(self) -> HelperResult | None:
        """Settle the comparison with the engine (``scoring.compare``, with
        ``shared_cards`` at its default, true). Returns the result (also kept
        in ``result``), or ``None`` with the problems on the fields.

        A sequence given without its suit gets one (:meth:`_assume_suits`:
        one where it clashes with no other sequence); its suit is then named
        nowhere. When the comparison hangs on such a suit (two equal
        sequences of the two teams, a trump that would break the tie), the
        suits are asked for (an error on each, ``SUIT_DECIDES``)."""
        if not self.is_valid():
            return None
        typed = self.declarations()
        if self.errors:
            return None
        typed, assumed = self._assume_suits(typed)
        declarations = [d for d, _name in typed]
        first_team = next(p.team for p in self.players if p.order == 1)
        try:
            comparison = scoring.compare(declarations, self.trump, first_team)
        except scoring.MatchError as error:
            self._add_problems(error, typed, assumed)
            return None
        reason = scoring.comparison_reason(comparison)
        if self._suit_decides(reason, typed, assumed):
            return None
        lines = reason_text(
            reason,
            names=self.names_by_order(),
            team_names=self.team_names,
            card_names=self.card_names,
            trump=self.trump,
            trump_asked=self.trump_asked,
            suitless=assumed,
        )
        winner = comparison.winner
        points = comparison.points[winner] if winner else 0
        self.result = HelperResult(winner, points, tuple(lines), comparison)
        return self.result

    def names_by_order(self) -> dict[int, str]:
        return {p.order: p.name for p in self.players}

    def _assume_suits(
        self, typed: list[tuple[scoring.Declaration, str]]
    ) -> tuple[list[tuple[scoring.Declaration, str]], frozenset[scoring.Declaration]]:
        """``typed`` with a suit for each sequence given without one: the
        first (the trump last) in which it neither overlaps another sequence
        of that suit nor touches one of the same player's (ANNOUNCEMENTS,
        *Invalid*); none free, it stays without one (the engine then asks
        for it). Returns the declarations and those whose suit was assumed."""
        trump = self.trump
        suits = [s for s in scoring.SUITS if s != trump] + ([trump] if trump else [])
        placed = [d for d, _name in typed if not d.is_carre and d.suit]
        out, assumed = [], set()
        for declaration, name in typed:
            if declaration.is_carre or declaration.suit:
                out.append((declaration, name))
                continue
            free = next(
                (s for s in suits if not any(_clash(declaration, s, o) for o in placed)), None
            )
            if free is not None:
                declaration = replace(declaration, suit=free)
                placed.append(declaration)
                assumed.add(declaration)
            out.append((declaration, name))
        return out, frozenset(assumed)

    def _suit_decides(
        self,
        reason: scoring.Reason | None,
        typed: list[tuple[scoring.Declaration, str]],
        assumed: frozenset[scoring.Declaration],
    ) -> bool:
        """Whether the comparison hangs on a suit nobody gave: the two teams'
        best are equal sequences and a trump breaks the tie (the seat broke
        it, or the trump did with a winner whose suit was assumed). Each
        such sequence gets ``SUIT_DECIDES`` on its suit."""
        Decider = scoring.Decider
        if reason is None or reason.beaten is None or self.trump is None:
            return False
        if reason.decided_by == Decider.SEAT:
            tied = [reason.best, reason.beaten]
        elif reason.decided_by == Decider.TRUMP:
            tied = [reason.best]
        else:
            return False
        asked = [d for d in tied if d in assumed]
        for declaration in asked:
            name = next(n for d, n in typed if d == declaration)
            self.add_error(f"{name}_suit", str(SUIT_DECIDES))
        return bool(asked)

    def _add_problems(
        self,
        error: scoring.MatchError,
        typed: list[tuple[scoring.Declaration, str]],
        assumed: frozenset[scoring.Declaration] = frozenset(),
    ) -> None:
        names = self.names_by_order()
        # The cards of a suit nobody gave are named by their rank alone.
        self.assumed_cards = frozenset(
            card for d in assumed if d.top in scoring.RANKS and d.length for card in d.cards
        )
        for problem in error.problems:
            params = dict(problem.params)
            parts = problem.field.split(".")
            field = None
            if parts[0] == "declarations" and len(parts) >= 2 and parts[1].isdigit():
                number = int(parts[1])
                _declaration, name = typed[number - 1]
                part = KEY_FIELDS.get(parts[2], "kind") if len(parts) > 2 else "kind"
                field = f"{name}_{part}"
            elif problem.code == "too_many_cards":
                seat = params.get("seat")
                field = next(
                    (f"{name}_kind" for d, name in typed if d.seat == seat),
                    None,
                )
            self.add_error(field, self.problem_text(problem, names))

    def problem_text(self, problem: scoring.Problem, names: Mapping[int, str]) -> str:
        """An engine problem of the comparison in words, naming the players and cards."""
        params = dict(problem.params)
        code = problem.code
        assumed = getattr(self, "assumed_cards", frozenset())
        deck = self.card_names
        cards = ", ".join(
            rank_name(c[0], deck) if tuple(c) in assumed else card_text(c, deck)
            for c in params.get("cards", ())
        )
        if code == "required":
            key = problem.field.rsplit(".", 1)[-1]
            if key in REQUIRED_MESSAGES:
                return str(REQUIRED_MESSAGES[key])
        if code == "impossible_sequence":
            length = params["length"]
            return str(ERROR_MESSAGES[code]) % {
                "length": length,
                "top": _top_text(params["top"], self.card_names),
                "lowest": _top_text(scoring.RANKS[length - 1], self.card_names),
            }
        if code == "carre_not_announcement":
            return str(ERROR_MESSAGES[code]) % {"card": rank_name(params["rank"], self.card_names)}
        if code in ERROR_MESSAGES:
            return str(ERROR_MESSAGES[code]) % {
                "cards": cards,
                "other": names.get(params.get("other_seat"), ""),
                "player": names.get(params.get("seat"), ""),
                "count": params.get("count", ""),
                "max": params.get("max", ""),
            }
        return problem_message(problem)


def _clash(sequence: scoring.Declaration, suit: str, other: scoring.Declaration) -> bool:
    """Whether ``sequence`` in ``suit`` would overlap ``other`` (a sequence
    with its suit), or touch it when one player declares both."""
    if other.suit != suit or sequence.top not in scoring.RANKS or other.top not in scoring.RANKS:
        return False
    high = scoring.RANKS.index(sequence.top)
    low = high - (sequence.length or 0) + 1
    other_high = scoring.RANKS.index(other.top)
    other_low = other_high - (other.length or 0) + 1
    if low <= other_high and other_low <= high:
        return True
    return sequence.seat == other.seat and (high + 1 == other_low or other_high + 1 == low)


# --------------------------------------------------------------------------
# The reason in words
# --------------------------------------------------------------------------


def reason_text(
    reason: scoring.Reason | None,
    *,
    names: Mapping[int, str],
    team_names: Mapping[str, str],
    card_names: str = FRENCH,
    trump: str | None = None,
    trump_asked: bool = False,
    suitless: Collection[scoring.Declaration] = (),
) -> list[str]:
    """Why the comparison went as it did, as sentences in the user's language:
    who scores what, the winning declaration and what it beat ("Carré de
    valets de Léa : 200, bat la cinquante de Marc."), why when it matters
    (``reason.decided_by``), and the winning team's other declarations.

    ``names``: the players by seat in playing order; ``team_names``: "A" and
    "B"; ``trump_asked``: the trump is optional and may not have been given
    (the helper's own field, or a coinche hand's suit not tapped): a tie of
    sequences then says that the trump would decide it. ``suitless``: the
    sequences whose suit nobody gave (never named).
    """
    if reason is None:
        return [_("Personne n'a rien annoncé : pas de points d'annonces.")]
    best, beaten, decider = reason.best, reason.beaten, reason.decided_by
    Decider = scoring.Decider
    detailed = decider in (Decider.HEIGHT, Decider.TRUMP, Decider.SEAT)
    lines = [
        _("Annonces pour %(team)s : %(points)s.")
        % {"team": team_names[reason.team], "points": reason.team_points}
    ]
    player = names[best.seat]
    values = {
        "best": declaration_text(best, card_names, detailed=detailed, suit=best not in suitless),
        "player": player,
        "of_player": of_name(player),
        "value": reason.best_value,
    }
    if beaten is None:
        lines.append(capfirst(_("%(best)s %(of_player)s : %(value)s.") % values))
    else:
        other = names[beaten.seat]
        values.update(
            beaten=declaration_text(
                beaten, card_names, detailed=detailed, article=True, suit=beaten not in suitless
            ),
            other=other,
            of_other=of_name(other),
            beaten_value=reason.beaten_value,
        )
        lines.append(
            capfirst(_("%(best)s %(of_player)s : %(value)s, bat %(beaten)s %(of_other)s.") % values)
        )
    why = _why(reason, names, card_names, trump, trump_asked, suitless)
    if why:
        lines.append(why)
    if reason.also_scored:
        items = [
            _("%(figure)s %(of_player)s (%(value)s)")
            % {
                "figure": declaration_text(d, card_names, article=True),
                "player": names[d.seat],
                "of_player": of_name(names[d.seat]),
                "value": d.value,
            }
            for d in reason.also_scored
        ]
        lines.append(_("+ %(list)s.") % {"list": ", ".join(items)})
    return lines


def _why(
    reason: scoring.Reason,
    names: Mapping[int, str],
    card_names: str,
    trump: str | None,
    trump_asked: bool,
    suitless: Collection[scoring.Declaration] = (),
) -> str:
    Decider = scoring.Decider
    best, beaten, decider = reason.best, reason.beaten, reason.decided_by
    if decider == Decider.UNOPPOSED:
        return _("L'autre équipe n'a rien annoncé.")
    if decider == Decider.POINTS:
        return _("Plus de points : %(value)s contre %(beaten_value)s.") % {
            "value": reason.best_value,
            "beaten_value": reason.beaten_value,
        }
    if decider == Decider.CARRE:
        return _("À points égaux, le carré passe avant la suite.")
    if decider == Decider.HEIGHT:
        if best.is_carre:
            order = ", ".join(rank_name(r, card_names) for r in reversed(scoring.CARRE_RANKS))
            return _("À points égaux, le carré le plus haut l'emporte (%(order)s).") % {
                "order": order
            }
        return _("À points égaux, la suite la plus haute l'emporte (%(top)s contre %(other)s).") % {
            "top": rank_name(best.top, card_names),
            "other": rank_name(beaten.top, card_names),
        }
    if decider == Decider.TRUMP:
        return _("Deux suites égales : celle à l'atout (%(trump)s) l'emporte.") % {
            "trump": SUIT_NAMES[trump] if trump else ""
        }
    # Decider.SEAT: everything equal, the earlier seat wins.
    text = _(
        "Tout est égal : %(player)s parle avant %(other)s, et le premier après le donneur "
        "l'emporte."
    ) % {"player": names[best.seat], "other": names[beaten.seat]}
    if (
        trump is None
        and trump_asked
        and not best.is_carre
        and not beaten.is_carre
        and (best.suit != beaten.suit or best in suitless or beaten in suitless)
    ):
        text += " " + _(
            "Si l'une de ces suites est à l'atout, c'est elle qui gagne : précisez l'atout."
        )
    return text


# --------------------------------------------------------------------------
# The hand form, filled in
# --------------------------------------------------------------------------


def prefill(
    data: Mapping[str, Any], field_names: Sequence[str], result: HelperResult | None
) -> dict[str, Any]:
    """The hand form's initial values after a comparison: what was posted
    for ``field_names``, with ``ann_team``/``ann_points`` from ``result``
    (``None``, a refused comparison: as posted). Nobody declared: the points
    are emptied and the team left as it was."""
    initial = {name: data.get(name) for name in field_names if name in data}
    if result is not None and "ann_points" in field_names:
        if result.winner is None:
            initial["ann_points"] = None
        else:
            initial["ann_team"] = result.winner
            initial["ann_points"] = result.points
    return initial


def helper_for(
    data: Mapping[str, Any] | None,
    *,
    form: forms.Form,
    match: Any = None,
    card_names: str | None = None,
    open_asked: bool = False,
) -> AnnouncementHelperForm:
    """The helper beside the hand form ``form`` (bound to ``data`` when given).

    On a match (``form.players`` set), the players are put in playing order
    for the hand the form is for: its ``number`` gives the dealer
    (``match.dealer_seat``). Without players (the calculator), they are
    "Joueur 1" to "Joueur 4" in playing order. A form with a coinche
    ``suit`` field gives the trump (:func:`trump_of`). ``open_asked``: the
    helper is shown open (asked for by its disclosure)."""
    players = None
    if getattr(form, "players", ()):
        try:
            number = max(1, int(form["number"].value()))
        except (TypeError, ValueError):
            number = 1
        names = {p.seat: p.name for p in form.players}
        players = match_players(names, match.dealer_seat(number))
    trump_known, trump, trump_asked = False, None, None
    if SUIT_FIELD in form.fields:
        # The form's suit is the trump; not tapped yet, the answer asks for it.
        trump_known = True
        given, trump = trump_of(data or {})
        trump_asked = not given
    if card_names is None:
        card_names = getattr(match, "card_names", None) or FRENCH
    return AnnouncementHelperForm(
        data,
        players=players,
        team_names=form.team_names,
        card_names=card_names,
        trump_known=trump_known,
        trump=trump,
        trump_asked=trump_asked,
        calculator=players is None,
        open_asked=open_asked,
    )
