"""Coinche's words (docs/coinche.md): its rules as the new-match page, the
match's summary and an import's problems call them
(:class:`~scoresheets.games.base.RuleWords`, in the page's order), and a
contract in words: the bid, its suit and its coinche, as the hand form's
chips and the sheet's rows say them (docs/coinche.md, *Hand*), and its
figures on a table's player page.

One place for these labels, so that the form, the sheet and its summaries
name a contract the same way. Presentation only: the values themselves, and
their order, come from the engine (``engine.py``: ``BIDS``, ``ContractSuit``,
``CoincheLevel``, the rules' choices).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoresheets.games.base import (
    ANNOUNCEMENTS,
    DONNES,
    ROUNDING,
    TARGET,
    PlayerFigureWords,
    RuleWords,
)
from scoresheets.games.coinche.engine import (
    BidWord,
    CoincheLevel,
    CoincheScore,
    ContractSuit,
    MadeScore,
)

LABEL = _("Coinche")
RULES_LABEL = _("Règles de la coinche")

# Its rules in the page's order: scoring first.
RULES: tuple[RuleWords, ...] = (
    TARGET,
    DONNES,
    RuleWords(
        "made_score",
        _("Contrat réussi sans coinche"),
        short=_("Contrat réussi"),
        field=_("règles, contrat réussi"),
        choices={
            MadeScore.POINTS_PLUS_BID: _("Points faits + contrat (la défense marque ses points)"),
            MadeScore.BID_ONLY: _("Contrat seul (la défense ne garde que sa belote)"),
            MadeScore.HUNDRED_SIXTY_PLUS_BID: _(
                "160 + contrat (la défense ne garde que sa belote)"
            ),
        },
        stacked=True,
    ),
    RuleWords(
        "coinche_score",
        _("Contrat coinché (× 2) ou surcoinché (× 4)"),
        short=_("Contrat coinché"),
        field=_("règles, contrat coinché"),
        choices={
            CoincheScore.ALL: _(
                "Tout est multiplié : (160 + contrat) × 2, l'autre équipe ne garde que sa belote"
            ),
            CoincheScore.TOTAL: _("Le total du preneur × 2"),
            CoincheScore.BID: _("Le contrat seul × 2"),
        },
        stacked=True,
    ),
    RuleWords(
        "belote_counts",
        _("La belote (20) compte pour réussir le contrat"),
        short=_("Belote comptée pour le contrat"),
        field=_("règles, belote comptée pour le contrat"),
    ),
    ANNOUNCEMENTS,
    RuleWords(
        "announcements_count",
        _("Les annonces comptent pour réussir le contrat"),
        short=_("Annonces comptées pour le contrat"),
        field=_("règles, annonces comptées pour le contrat"),
    ),
    RuleWords(
        "capot_points",
        _("Capot fait sans être annoncé (points de plis)"),
        short=_("Capot non annoncé"),
        field=_("règles, valeur du capot"),
        choices={250: "250", 252: _("252 (162 + 90)"), 162: _("162 (les plis seuls)")},
    ),
    RuleWords(
        "capot_bid_points",
        _("Capot annoncé (la générale vaut le double)"),
        short=_("Capot annoncé (générale : le double)"),
        field=_("règles, valeur du capot annoncé"),
        choices={500: "500", 250: "250"},
    ),
    ROUNDING,
)

# The bids that are words (the numbers are written as numbers).
BID_WORDS: dict[str, Any] = {
    BidWord.CAPOT: pgettext_lazy("bid", "Capot"),
    BidWord.GENERALE: pgettext_lazy("bid", "Générale"),
}

# Each suit's name (the chip's accessible name) and what the chip and the
# sheet show: the card symbol for the four colours, a word for the others.
SUIT_NAMES: dict[str, Any] = {
    ContractSuit.CLUBS: _("Trèfle"),
    ContractSuit.DIAMONDS: _("Carreau"),
    ContractSuit.HEARTS: _("Cœur"),
    ContractSuit.SPADES: _("Pique"),
    ContractSuit.NO_TRUMP: _("Sans-atout"),
    ContractSuit.ALL_TRUMP: _("Tout-atout"),
}
SUIT_SYMBOLS: dict[str, str] = {
    ContractSuit.CLUBS: "♣",
    ContractSuit.DIAMONDS: "♦",
    ContractSuit.HEARTS: "♥",
    ContractSuit.SPADES: "♠",
}

# The coinche chips (the form), and the word after a contract (the sheet).
COINCHE_CHOICES: dict[str, Any] = {
    "": pgettext_lazy("coinche", "Non"),
    CoincheLevel.COINCHE: _("Coinchée"),
    CoincheLevel.SURCOINCHE: _("Surcoinchée"),
}
# "100 ♥ coinché", "capot coinché": the contract is masculine; only a
# générale is feminine ("générale coinchée"), as the explanations say it.
COINCHE_WORDS: dict[str, Any] = {
    CoincheLevel.COINCHE: pgettext_lazy("contract", "coinché"),
    CoincheLevel.SURCOINCHE: pgettext_lazy("contract", "surcoinché"),
}
GENERALE_COINCHE_WORDS: dict[str, Any] = {
    CoincheLevel.COINCHE: pgettext_lazy("contract", "coinchée"),
    CoincheLevel.SURCOINCHE: pgettext_lazy("contract", "surcoinchée"),
}


def bid_label(bid: int | str) -> str:
    """A bid as a chip shows it: ``100`` -> "100", ``"generale"`` -> "Générale"."""
    return str(BID_WORDS.get(str(bid), bid))


def contract_text(bid: int | str | None, suit: str | None, coinche: str | None) -> str:
    """A contract in a few words: "100 ♥ coinché", "capot sans-atout",
    "générale coinchée"... or "" without a bid (a redeal). Values as in
    docs/coinche.md, *Hand*."""
    if bid is None:
        return ""
    parts = [bid_label(bid).lower()]  # "Bob prend générale", "Léa prend capot ♠"
    if suit:
        symbol = SUIT_SYMBOLS.get(suit)
        parts.append(symbol or str(SUIT_NAMES.get(suit, suit)).lower())
    if coinche:
        words = GENERALE_COINCHE_WORDS if bid == BidWord.GENERALE else COINCHE_WORDS
        parts.append(str(words.get(coinche, coinche)))
    return " ".join(parts)


def contract(data: Mapping[str, Any]) -> str:
    """The contract of a match-document hand (``data``: its ``bid``, ``suit``
    and ``coinche``) in a few words (:func:`contract_text`)."""
    return contract_text(data.get("bid"), data.get("suit"), data.get("coinche"))


# The CSV exports' words of a coinche hand's coded values, by column.
CSV_WORDS: dict[str, dict[str, Any]] = {
    "bid": {str(word): name for word, name in BID_WORDS.items()},
    "suit": {str(suit): name for suit, name in SUIT_NAMES.items()},
    "coinche": {str(level): name for level, name in COINCHE_WORDS.items()},
    "solo": {"1": _("oui"), "0": _("non")},
}

# The headers of its own columns in a table's hands CSV (its engine's csv_columns).
CSV_LABELS: dict[str, Any] = {
    "bid": _("Enchère"),
    "suit": _("Atout"),
    "coinche": _("Coinche"),
    "solo": _("Générale en solo"),
}

# Its figures on a table's player page (stats.py, its definitions); its
# contracts by bid follow them (templates/_player_figures.html).
PLAYER_FIGURES = PlayerFigureWords(
    title=_("Donnes de coinche"),
    rows=(
        ("hands_taken", _("Prises")),
        ("contracts_made", _("Contrats faits")),
        ("dedans", _("Dedans")),
        ("coinches_won", _("Coinches gagnées")),
        ("coinches_lost", _("Coinches perdues")),
        ("capots_made", _("Capots de son équipe")),
        ("capots_suffered", _("Capots subis par son équipe")),
        ("team_belotes", _("Belotes de son équipe")),
        ("belotes", _("Belotes")),
        ("average_points_taken", _("Points par prise")),
    ),
    hint=_(
        "Toutes les donnes de coinche jouées, parties en cours comprises. Une coinche (ou une "
        "surcoinche) est gagnée quand son équipe marque le contrat : fait, quand c'était le "
        "sien ; chuté, quand c'était celui des adversaires."
    ),
)
