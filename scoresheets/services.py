"""The service boundary: every write to matches and hands goes through here.

Plain functions named ``<entity>_<action>`` with keyword-only arguments. Each
write runs in one transaction, validates through the scoring engine (the only
code that knows the rules) and bumps ``Match.version`` so that polling phones
see the change.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import F

from scoresheets import scoring
from scoresheets.models import Hand, Match, Player, seat_team

PRESETS: dict[str, dict[str, Any]] = {
    # The rules each preset fills in; every value stays editable (issue 3).
    Match.Preset.CLASSIQUE: {
        "target": 1000,
        "capot_points": 252,
        "rounding": scoring.Rounding.NONE,
        "litige": scoring.LitigeRule.RESERVE,
        "announcements": False,
        "renonce": scoring.RenonceRule.PENALTY,
        "win_needs_trick": True,
        "card_names": Match.CardNames.FRENCH,
    },
    Match.Preset.ANNONCES: {
        "target": 1000,
        "capot_points": 252,
        "rounding": scoring.Rounding.NONE,
        "litige": scoring.LitigeRule.RESERVE,
        "announcements": True,
        "renonce": scoring.RenonceRule.PENALTY,
        "win_needs_trick": True,
        "card_names": Match.CardNames.FRENCH,
    },
    Match.Preset.MAROCAINE: {
        "target": 1000,
        "capot_points": 252,
        "rounding": scoring.Rounding.NONE,
        "litige": scoring.LitigeRule.RESERVE,
        "announcements": True,
        "renonce": scoring.RenonceRule.PENALTY,
        "win_needs_trick": True,
        "card_names": Match.CardNames.SPANISH,
    },
}


@dataclass(frozen=True)
class Scoresheet:
    """A match with its players, hands and the engine's result, read in a
    fixed number of queries (3, whatever the number of hands)."""

    match: Match
    players: tuple[Player, ...]
    hands: tuple[Hand, ...]
    result: scoring.MatchResult

    def player(self, seat: int | None) -> Player | None:
        if seat is None:
            return None
        return self.players[seat - 1] if len(self.players) >= seat else None


def default_team_name(first: str, second: str) -> str:
    """A team's default name: its partners' names ("Alice & Claire")."""
    return f"{first} & {second}"


@transaction.atomic
def match_create(
    *,
    names: Sequence[str],
    rules: scoring.Rules,
    team_a_name: str = "",
    team_b_name: str = "",
    first_dealer: int = 1,
    preset: str = Match.Preset.CLASSIQUE,
    card_names: str = Match.CardNames.FRENCH,
) -> Match:
    """Create a match with four players in seat order (seats 1 & 3 are team A).

    Team names default to the partners' names. Raises ``scoring.MatchError``
    if ``rules`` are invalid (nothing is created).
    """
    problems = scoring.check_rules(rules)
    if problems:
        raise scoring.MatchError(problems)
    names = [name.strip() for name in names]
    match = Match(
        team_a_name=team_a_name.strip() or default_team_name(names[0], names[2]),
        team_b_name=team_b_name.strip() or default_team_name(names[1], names[3]),
        first_dealer=first_dealer,
        preset=preset,
        card_names=card_names,
        target=rules.target,
        capot_points=rules.capot_points,
        rounding=str(rules.rounding),
        litige=str(rules.litige),
        announcements=rules.announcements,
        renonce=str(rules.renonce),
        win_needs_trick=rules.win_needs_trick,
    )
    match.full_clean()
    match.save()
    Player.objects.bulk_create(
        [Player(match=match, seat=seat, name=name) for seat, name in enumerate(names, start=1)]
    )
    return match


def match_get_scoresheet(match: Match) -> Scoresheet:
    """Load the players and hands of ``match`` and score them with the engine.

    Two queries. The stored hands were validated when saved; should they
    ever be invalid the engine's ``MatchError`` propagates.
    """
    players = tuple(match.players.all())
    hands = tuple(match.hands.all())
    result = scoring.score_match(match.rules, [hand.to_input() for hand in hands])
    return Scoresheet(match=match, players=players, hands=hands, result=result)


def hand_preview(
    *, match: Match, hand: scoring.HandInput
) -> tuple[scoring.HandResult, scoring.MatchResult]:
    """Score ``hand`` as the next hand of ``match`` without saving anything.

    Returns the new hand's result and the match result with it. Raises
    ``scoring.MatchError`` (hand number = the next hand's) if invalid.
    """
    inputs = [h.to_input() for h in match.hands.all()]
    result = scoring.score_match(match.rules, [*inputs, hand])
    return result.hands[-1], result


@transaction.atomic
def hand_record(*, match: Match, hand: scoring.HandInput, taker_seat: int | None = None) -> Hand:
    """Append ``hand`` to ``match`` as its next hand and bump the match version.

    The match row is locked for the transaction (``SELECT ... FOR UPDATE`` on
    PostgreSQL; SQLite serializes writers), so the hand number is unique.
    The engine validates the whole match with the new hand first: raises
    ``scoring.MatchError`` (e.g. code ``after_end`` when the match is over)
    and saves nothing. ``taker_seat`` must belong to the taker's team.
    """
    locked = Match.objects.select_for_update().get(pk=match.pk)
    inputs = [h.to_input() for h in locked.hands.all()]
    number = len(inputs) + 1
    if taker_seat is not None and (hand.taker is None or seat_team(taker_seat) != hand.taker):
        raise scoring.MatchError(
            [
                scoring.Problem(
                    number, "taker", "taker_seat_team", "the taker must play in the taking team"
                )
            ]
        )
    scoring.score_match(locked.rules, [*inputs, hand])  # raises MatchError if invalid
    saved = Hand(match=locked, number=number, taker_seat=taker_seat, **Hand.fields_from_input(hand))
    saved.full_clean()
    saved.save()
    Match.objects.filter(pk=locked.pk).update(version=F("version") + 1)
    return saved


@transaction.atomic
def match_import(*, document: Any, names: Sequence[str] | None = None) -> Match:
    """Create a match from a match document (FORMAT.md), all or nothing.

    The document is parsed and fully scored first: raises
    ``scoring.MatchError`` with every problem and creates nothing when
    invalid. Players default to "Joueur 1" ... "Joueur 4"; teams to "Nous" /
    "Eux". The takers are known by team only.
    """
    rules, inputs = scoring.parse_match_document(document)
    scoring.score_match(rules, inputs)
    match = match_create(
        names=list(names or [f"Joueur {seat}" for seat in range(1, 5)]),
        rules=rules,
        team_a_name="Nous",
        team_b_name="Eux",
        preset=Match.Preset.CUSTOM,
    )
    Hand.objects.bulk_create(
        [
            Hand(match=match, number=number, **Hand.fields_from_input(hand))
            for number, hand in enumerate(inputs, start=1)
        ]
    )
    return match


def match_export_document(match: Match) -> dict[str, Any]:
    """The match document of ``match`` plus ``"result"``, the result document."""
    sheet = match_get_scoresheet(match)
    inputs = [hand.to_input() for hand in sheet.hands]
    document = scoring.match_document(match.rules, inputs)
    document["result"] = scoring.result_document(sheet.result)
    return document


def match_path(match: Match) -> str:
    """The URL path of the match's scoresheet (built from its secret token)."""
    return f"/m/{match.token}/"
