"""Coinche's forms (docs/coinche.md): its rules (the new-match page's, under
the prefix ``coinche``) and its hand form (the fields every game has, and the
contract)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoresheets.game_forms import HandForm, rules_form_class
from scoresheets.games.coinche import words
from scoresheets.games.coinche.engine import BIDS, ENGINE, ContractSuit

CoincheRulesForm = rules_form_class(
    ENGINE, words.RULES, presets_label=words.RULES_LABEL, name="CoincheRulesForm"
)
"""Coinche's rules on the new-match page (COINCHE, *Rules*): its presets, the
target and every rule, each field named after its rule."""


class SuitSelect(forms.RadioSelect):
    """Radio chips that show a suit's symbol (``option["symbol"]``) and keep
    its name as the radio's accessible name (``aria-label``)."""

    def create_option(self, name: str, value: Any, label: Any, *args: Any, **kwargs: Any) -> dict:
        option = super().create_option(name, value, label, *args, **kwargs)
        option["symbol"] = words.SUIT_SYMBOLS.get(str(value), "")
        if option["symbol"]:
            option["attrs"]["aria-label"] = str(label)
        return option


BID_CHOICES = [(str(bid), words.bid_label(bid)) for bid in BIDS]
SUIT_CHOICES = [(str(suit), words.SUIT_NAMES[suit]) for suit in ContractSuit]
COINCHE_CHOICES = list(words.COINCHE_CHOICES.items())
SOLO_CHOICES = [("1", _("Oui, seul")), ("0", _("Non, avec son partenaire"))]


def _bid(value: str) -> int | str:
    """A bid chip's value as the engine's: "100" is 100, a word stays a word."""
    return int(value) if value.isdigit() else value


class CoincheHandForm(HandForm):
    """One coinche hand as the table tells it (docs/coinche.md, *Hand*).

    The fields every game has (:class:`~scoresheets.game_forms.HandForm`:
    taker by player, the trick points of one team, capot, belote and its
    holder, announcements, the hidden ``number`` / ``match_version`` / ``key``
    / ``hand_version``, the redeal button), plus the contract: ``bid`` (80 to
    180, ``"capot"``, ``"generale"``), ``suit`` (optional), ``coinche`` ("" /
    ``"coinche"`` / ``"surcoinche"``) and ``solo`` ("1" / "0": for a générale
    made capot, did the bidder take all eight tricks alone). What is missing
    or contradictory (no bid, a belote at sans-atout, ``solo`` elsewhere...)
    is the engine's to say (``coinche.check_hand``), next to the field,
    through ``add_problems``.
    """

    engine = ENGINE
    partials = {
        "contract": "games/coinche/_contract.html",
        "points_hint": "games/coinche/_points_hint.html",
    }

    bid = forms.TypedChoiceField(
        label=_("Enchère"),
        choices=BID_CHOICES,
        coerce=_bid,
        required=False,
        widget=forms.RadioSelect,
    )
    suit = forms.ChoiceField(
        label=_("Atout"), choices=SUIT_CHOICES, required=False, widget=SuitSelect
    )
    coinche = forms.ChoiceField(
        label=_("Coinche"), choices=COINCHE_CHOICES, required=False, widget=forms.RadioSelect
    )
    solo = forms.ChoiceField(
        label=_("Le preneur a-t-il fait les huit plis seul ?"),
        choices=SOLO_CHOICES,
        required=False,
        widget=forms.RadioSelect,
    )

    field_order = ["taker", "bid", "suit", "coinche", "points", "points_team", "capot", "solo"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["coinche"].initial = ""

    def game_fields(self, data: dict[str, Any]) -> dict[str, Any]:
        return {
            "bid": data.get("bid") or None,
            "suit": data.get("suit") or None,
            "coinche": data.get("coinche") or None,
            "solo": {"1": True, "0": False}.get(data.get("solo") or ""),
        }

    @classmethod
    def game_initial(cls, given: Any) -> dict[str, Any]:
        return {
            "bid": "" if given.bid is None else str(given.bid),
            "suit": given.suit or "",
            "coinche": given.coinche or "",
            "solo": {True: "1", False: "0"}.get(given.solo, ""),
        }
