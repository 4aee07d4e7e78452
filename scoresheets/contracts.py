"""A coinche contract in words: the bid, its suit and its coinche, as the
hand form's chips and the sheet's rows say them (docs/coinche.md, *Hand*).

One place for these labels, so that the form, the sheet and its summaries
name a contract the same way. Presentation only: the values themselves come
from the engine (``scoring.BIDS``, ``scoring.ContractSuit``,
``scoring.CoincheLevel``).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scoresheets import scoring

# The bids that are words (the numbers are written as numbers).
BID_WORDS: dict[str, Any] = {
    scoring.BidWord.CAPOT: pgettext_lazy("bid", "Capot"),
    scoring.BidWord.GENERALE: pgettext_lazy("bid", "Générale"),
}

# Each suit's name (the chip's accessible name) and what the chip and the
# sheet show: the card symbol for the four colours, a word for the others.
SUIT_NAMES: dict[str, Any] = {
    scoring.ContractSuit.CLUBS: _("Trèfle"),
    scoring.ContractSuit.DIAMONDS: _("Carreau"),
    scoring.ContractSuit.HEARTS: _("Cœur"),
    scoring.ContractSuit.SPADES: _("Pique"),
    scoring.ContractSuit.NO_TRUMP: _("Sans-atout"),
    scoring.ContractSuit.ALL_TRUMP: _("Tout-atout"),
}
SUIT_SYMBOLS: dict[str, str] = {
    scoring.ContractSuit.CLUBS: "♣",
    scoring.ContractSuit.DIAMONDS: "♦",
    scoring.ContractSuit.HEARTS: "♥",
    scoring.ContractSuit.SPADES: "♠",
}

# The coinche chips (the form), and the word after a contract (the sheet).
COINCHE_CHOICES: dict[str, Any] = {
    "": pgettext_lazy("coinche", "Non"),
    scoring.CoincheLevel.COINCHE: _("Coinchée"),
    scoring.CoincheLevel.SURCOINCHE: _("Surcoinchée"),
}
# "100 ♥ coinché", "capot coinché": the contract is masculine; only a
# générale is feminine ("générale coinchée"), as the explanations say it.
COINCHE_WORDS: dict[str, Any] = {
    scoring.CoincheLevel.COINCHE: pgettext_lazy("contract", "coinché"),
    scoring.CoincheLevel.SURCOINCHE: pgettext_lazy("contract", "surcoinché"),
}
GENERALE_COINCHE_WORDS: dict[str, Any] = {
    scoring.CoincheLevel.COINCHE: pgettext_lazy("contract", "coinchée"),
    scoring.CoincheLevel.SURCOINCHE: pgettext_lazy("contract", "surcoinchée"),
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
        words = GENERALE_COINCHE_WORDS if bid == scoring.BidWord.GENERALE else COINCHE_WORDS
        parts.append(str(words.get(coinche, coinche)))
    return " ".join(parts)
