"""Models of the scoresheet: a match, its four players, its hands.

A ``Hand`` stores only what was entered; every score, reserve and total is
derived by the engine (``scoresheets.scoring``) from the match's rules and
hands, so no stale total can exist anywhere.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from scoresheets import presets, scoring

TEAM_CHOICES = [("A", "A"), ("B", "B")]
SEATS = (1, 2, 3, 4)


def seat_team(seat: int) -> str:
    """The team of a seat: partners face to face, seats 1 and 3 are A, 2 and 4 are B."""
    return "A" if seat % 2 == 1 else "B"


def default_team_name(first: str, second: str) -> str:
    """A team's default name: its partners' names ("Alice & Claire")."""
    return f"{first} & {second}"


PLAYER_NAME_MAX = 40  # characters
# A team's name holds at least its default, two of the longest names.
TEAM_NAME_MAX = len(default_team_name("x" * PLAYER_NAME_MAX, "x" * PLAYER_NAME_MAX))


def new_token() -> str:
    """An unguessable URL token: 144 bits from ``secrets`` (24 URL-safe characters)."""
    return secrets.token_urlsafe(18)


class Table(models.Model):
    """A table of friends: a roster of players and their matches, reached only
    through its unguessable token (nothing lists tables)."""

    token = models.CharField(max_length=32, unique=True, default=new_token, editable=False)
    # Opens the same pages with nothing that writes (a spectator's link).
    read_token = models.CharField(max_length=32, unique=True, default=new_token, editable=False)
    name = models.CharField(max_length=60)
    created_at = models.DateTimeField(auto_now_add=True)
    # The one-time key of the form that created it (forms.OneTimeKeyForm): a
    # resend of that form gets this table instead of a second one.
    creation_key = models.CharField(max_length=64, unique=True, null=True, editable=False)

    def __str__(self) -> str:
        return self.name


class TablePlayer(models.Model):
    """A person of a table's roster: the same player from match to match.

    A name is unique within its table, whatever its case ("léa" is "Léa").
    """

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="roster")
    name = models.CharField(max_length=PLAYER_NAME_MAX)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]
        constraints = [
            models.UniqueConstraint(Lower("name"), "table", name="tableplayer_unique_name"),
        ]

    def __str__(self) -> str:
        return self.name


# Every rule's default, and the presets' and card names' choices: from the presets module.
RULE_DEFAULTS = presets.DEFAULT.values()
PRESET_CHOICES = [(key, _(label)) for key, label in presets.PRESET_LABELS.items()]
CARD_NAMES_CHOICES = [(key, _(label)) for key, label in presets.CARD_NAMES_LABELS.items()]


def _values(choices: tuple) -> list[str]:
    """An engine's enum choices as the column's strings."""
    return [str(choice.value) for choice in choices]


def _column_choices(values: list[str]) -> list[tuple[str, str]]:
    """A column's choices: the engine's values, labelled by themselves (the
    forms label them)."""
    return [(value, value) for value in values]


# The game of a match (FORMAT, top-level key ``game``): belote or coinche.
GAMES = _values(tuple(scoring.Game))
# Coinche's rule defaults (COINCHE, *Rules*), as the columns' plain values.
COINCHE_DEFAULTS = presets.rule_values(scoring.CoincheRules())
# A coinche hand's contract (COINCHE, *Hand*), as the columns' strings.
BID_VALUES = [str(bid) for bid in scoring.BIDS]
SUITS = _values(tuple(scoring.ContractSuit))
COINCHE_LEVELS = _values(tuple(scoring.CoincheLevel))
MADE_SCORES = _values(tuple(scoring.MadeScore))
COINCHE_SCORES = _values(tuple(scoring.CoincheScore))


def _longest(values: list[str]) -> int:
    return max(len(value) for value in values)


def bid_of(value: str | None) -> int | str | None:
    """A stored bid as the engine's: ``"100"`` is 100, a word stays a word."""
    if value is None:
        return None
    return int(value) if value.isdigit() else value


class Match(models.Model):
    """A match (partie): four players in seats, two teams, frozen rules, hands.

    ``version`` is bumped in the same transaction as any change to the match
    or its hands, so that a poll can tell "nothing changed" with one query.
    """

    token = models.CharField(max_length=32, unique=True, default=new_token, editable=False)
    # The one-time key of the form that created it (a new match, an import:
    # forms.OneTimeKeyForm): a resend of that form gets this match instead of
    # a second one (services.match_create).
    creation_key = models.CharField(max_length=64, unique=True, null=True, editable=False)
    # Opens the same live sheet with nothing that writes (a spectator's link).
    read_token = models.CharField(max_length=32, unique=True, default=new_token, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    version = models.PositiveIntegerField(default=1)

    team_a_name = models.CharField(max_length=TEAM_NAME_MAX)
    team_b_name = models.CharField(max_length=TEAM_NAME_MAX)
    first_dealer = models.PositiveSmallIntegerField(default=1)

    # belote (FORMAT.md) or coinche (docs/coinche.md): which rules below apply.
    game = models.CharField(
        max_length=_longest(GAMES),
        choices=_column_choices(GAMES),
        default=scoring.Game.BELOTE.value,
    )
    preset = models.CharField(max_length=16, choices=PRESET_CHOICES, default=presets.DEFAULT.key)
    card_names = models.CharField(
        max_length=8, choices=CARD_NAMES_CHOICES, default=RULE_DEFAULTS["card_names"]
    )
    # The table's rules (FORMAT.md, rules table), frozen when the match starts:
    # one column per field of scoring.Rules, named after it (see ``rules``).
    target = models.PositiveIntegerField(default=RULE_DEFAULTS["target"])
    capot_points = models.PositiveSmallIntegerField(default=RULE_DEFAULTS["capot_points"])
    rounding = models.CharField(max_length=12, default=RULE_DEFAULTS["rounding"])
    litige = models.CharField(max_length=8, default=RULE_DEFAULTS["litige"])
    announcements = models.BooleanField(default=RULE_DEFAULTS["announcements"])
    renonce = models.CharField(max_length=8, default=RULE_DEFAULTS["renonce"])
    win_needs_trick = models.BooleanField(default=RULE_DEFAULTS["win_needs_trick"])
    # Coinche's own rules (COINCHE, *Rules*: one column per field of
    # scoring.CoincheRules; target, rounding, announcements and capot_points
    # are the columns above). A belote match keeps these defaults, and a
    # coinche match belote's litige, renonce and win_needs_trick: unused.
    made_score = models.CharField(
        max_length=_longest(MADE_SCORES), default=COINCHE_DEFAULTS["made_score"]
    )
    coinche_score = models.CharField(
        max_length=_longest(COINCHE_SCORES), default=COINCHE_DEFAULTS["coinche_score"]
    )
    belote_counts = models.BooleanField(default=COINCHE_DEFAULTS["belote_counts"])
    announcements_count = models.BooleanField(default=COINCHE_DEFAULTS["announcements_count"])
    capot_bid_points = models.PositiveSmallIntegerField(
        default=COINCHE_DEFAULTS["capot_bid_points"]
    )

    # The table it belongs to; a quick match has none.
    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, null=True, blank=True, related_name="matches"
    )
    # A summary of the engine's result, for lists, statistics and rankings: it
    # is written by the services in the same transaction as every change of
    # the hands (from the engine's result), never computed anywhere else. The
    # scoresheet itself always scores the hands again.
    finished = models.BooleanField(default=False)
    winner = models.CharField(max_length=1, choices=TEAM_CHOICES, null=True, blank=True)
    total_a = models.IntegerField(default=0)
    total_b = models.IntegerField(default=0)
    hands_count = models.PositiveIntegerField(default=0)
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["table", "-created_at"], name="match_table_recent")]
        constraints = [
            models.CheckConstraint(
                condition=Q(first_dealer__gte=1, first_dealer__lte=4), name="match_first_dealer"
            ),
            models.CheckConstraint(condition=Q(target__gte=1), name="match_target_positive"),
            models.CheckConstraint(condition=Q(game__in=GAMES), name="match_game"),
            # The values the engine accepts (presets.RULE_CHOICES), one constraint per rule;
            # capot_points takes other values at coinche (COINCHE, rule capot_points).
            models.CheckConstraint(
                condition=Q(
                    game=scoring.Game.BELOTE.value,
                    capot_points__in=presets.RULE_CHOICES["capot_points"],
                )
                | Q(
                    game=scoring.Game.COINCHE.value,
                    capot_points__in=scoring.COINCHE_CAPOT_CHOICES,
                ),
                name="match_capot_points",
            ),
            models.CheckConstraint(
                condition=Q(made_score__in=MADE_SCORES), name="match_made_score"
            ),
            models.CheckConstraint(
                condition=Q(coinche_score__in=COINCHE_SCORES), name="match_coinche_score"
            ),
            models.CheckConstraint(
                condition=Q(capot_bid_points__in=scoring.CAPOT_BID_CHOICES),
                name="match_capot_bid_points",
            ),
            models.CheckConstraint(
                condition=Q(rounding__in=_values(presets.RULE_CHOICES["rounding"])),
                name="match_rounding",
            ),
            models.CheckConstraint(
                condition=Q(litige__in=_values(presets.RULE_CHOICES["litige"])),
                name="match_litige",
            ),
            models.CheckConstraint(
                condition=Q(renonce__in=_values(presets.RULE_CHOICES["renonce"])),
                name="match_renonce",
            ),
            models.CheckConstraint(
                condition=Q(finished=False, winner__isnull=True)
                | Q(finished=True, winner__in=["A", "B"]),
                name="match_winner_when_finished",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.team_a_name} – {self.team_b_name}"

    @property
    def is_coinche(self) -> bool:
        """Whether this match is played at coinche (docs/coinche.md)."""
        return self.game == scoring.Game.COINCHE

    @property
    def rules(self) -> scoring.Rules | scoring.CoincheRules:
        """The engine's view of this match's rules: ``CoincheRules`` for a
        coinche match, belote's ``Rules`` otherwise."""
        if self.is_coinche:
            return scoring.CoincheRules(
                **{name: getattr(self, name) for name in presets.COINCHE_RULE_NAMES}
            )
        return scoring.Rules(**{name: getattr(self, name) for name in presets.RULE_NAMES})

    def set_rules(self, rules: Any) -> None:
        """Give this match ``rules`` (any game's rules): its game is theirs."""
        engine = scoring.engine_for(rules)
        if engine is None:
            raise scoring.MatchError([scoring.kernel.not_rules_problem()])
        self.game = engine.name
        for name, value in presets.rule_values(rules).items():
            setattr(self, name, value)

    def team_name(self, team: str) -> str:
        return self.team_a_name if team == "A" else self.team_b_name

    def dealer_seat(self, hand_number: int) -> int:
        """The seat that deals hand ``hand_number`` (1-based): the deal passes
        one seat on every hand, redeals included."""
        return (self.first_dealer - 1 + hand_number - 1) % 4 + 1


class Player(models.Model):
    """A player: a name in a seat (1-4) of one match. Seats 1 & 3 are team A."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="players")
    seat = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=PLAYER_NAME_MAX)
    # The roster player behind this seat, in a table's match.
    person = models.ForeignKey(
        TablePlayer, on_delete=models.CASCADE, null=True, blank=True, related_name="seats"
    )

    class Meta:
        ordering = ["seat"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seat"], name="player_unique_seat"),
            models.CheckConstraint(condition=Q(seat__gte=1, seat__lte=4), name="player_seat"),
            models.UniqueConstraint(
                fields=["match", "person"],
                condition=Q(person__isnull=False),
                name="player_unique_person",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def team(self) -> str:
        return seat_team(self.seat)


TEAM_OR_NULL = ["A", "B"]


def _team_or_null(field_name: str) -> Q:
    return Q(**{f"{field_name}__isnull": True}) | Q(**{f"{field_name}__in": TEAM_OR_NULL})


class HandQuerySet(models.QuerySet):
    def live(self) -> HandQuerySet:
        """The hands that count: not deleted, in the order they were played."""
        return self.filter(deleted_at__isnull=True).order_by("number")


class Hand(models.Model):
    """One hand (donne) as entered. Scores are never stored: the engine derives them.

    ``taker`` is the taker's team (``None`` for a redeal); ``taker_seat`` is
    the player who took, when known (a document import knows only the team).

    ``number`` is the hand's place in the order of play, unique in its match
    and never reused; a deleted hand keeps it (``deleted_at`` set) so that a
    restore puts it back where it was. The number shown to players is the
    hand's position among the live hands. ``version`` counts the changes of
    this hand (an edit form carries it to detect a concurrent change); every
    change is kept as a :class:`HandRevision`.
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    version = models.PositiveIntegerField(default=1)
    deleted_at = models.DateTimeField(null=True, blank=True)
    entered_by = models.CharField(max_length=40, blank=True)

    taker = models.CharField(max_length=1, choices=TEAM_CHOICES, null=True, blank=True)
    taker_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    points_team = models.CharField(max_length=1, choices=TEAM_CHOICES, null=True, blank=True)
    trick_points = models.PositiveSmallIntegerField(null=True, blank=True)
    capot = models.CharField(max_length=1, choices=TEAM_CHOICES, null=True, blank=True)
    belote = models.CharField(max_length=1, choices=TEAM_CHOICES, null=True, blank=True)
    announcements_a = models.PositiveIntegerField(default=0)
    announcements_b = models.PositiveIntegerField(default=0)
    renonce = models.CharField(max_length=1, choices=TEAM_CHOICES, null=True, blank=True)
    # The player who held the belote, when someone said (optional).
    belote_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    # Coinche only (COINCHE, *Hand*), null in a belote match: the contract
    # (bid "80".."180", "capot" or "generale"; its suit; coinche or
    # surcoinche) and, for a générale made capot, whether the bidder was alone.
    bid = models.CharField(
        max_length=_longest(BID_VALUES), choices=_column_choices(BID_VALUES), null=True, blank=True
    )
    suit = models.CharField(
        max_length=_longest(SUITS), choices=_column_choices(SUITS), null=True, blank=True
    )
    coinche = models.CharField(
        max_length=_longest(COINCHE_LEVELS),
        choices=_column_choices(COINCHE_LEVELS),
        null=True,
        blank=True,
    )
    solo = models.BooleanField(null=True, blank=True)

    objects = HandQuerySet.as_manager()

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="hand_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="hand_number_positive"),
            models.CheckConstraint(
                condition=Q(trick_points__isnull=True) | Q(trick_points__lte=162),
                name="hand_trick_points_range",
            ),
            models.CheckConstraint(
                condition=Q(taker_seat__isnull=True) | Q(taker_seat__gte=1, taker_seat__lte=4),
                name="hand_taker_seat",
            ),
            models.CheckConstraint(
                condition=Q(points_team__isnull=True, trick_points__isnull=True)
                | Q(points_team__isnull=False, trick_points__isnull=False),
                name="hand_points_pair",
            ),
            models.CheckConstraint(
                condition=Q(taker__isnull=False) | Q(taker_seat__isnull=True),
                name="hand_redeal_has_no_taker_seat",
            ),
            models.CheckConstraint(condition=_team_or_null("taker"), name="hand_taker_team"),
            models.CheckConstraint(condition=_team_or_null("points_team"), name="hand_points_team"),
            models.CheckConstraint(condition=_team_or_null("capot"), name="hand_capot_team"),
            models.CheckConstraint(condition=_team_or_null("belote"), name="hand_belote_team"),
            models.CheckConstraint(condition=_team_or_null("renonce"), name="hand_renonce_team"),
            models.CheckConstraint(
                condition=Q(capot__isnull=True) | Q(trick_points__isnull=True),
                name="hand_no_points_with_capot",
            ),
            models.CheckConstraint(
                condition=Q(announcements_a=0) | Q(announcements_b=0),
                name="hand_announcements_one_team",
            ),
            models.CheckConstraint(condition=Q(version__gte=1), name="hand_version_positive"),
            models.CheckConstraint(
                condition=Q(belote_seat__isnull=True)
                | Q(belote__isnull=False, belote_seat__gte=1, belote_seat__lte=4),
                name="hand_belote_seat",
            ),
            models.CheckConstraint(
                condition=Q(bid__isnull=True) | Q(bid__in=BID_VALUES), name="hand_bid"
            ),
            models.CheckConstraint(
                condition=Q(suit__isnull=True) | Q(suit__in=SUITS), name="hand_suit"
            ),
            models.CheckConstraint(
                condition=Q(coinche__isnull=True) | Q(coinche__in=COINCHE_LEVELS),
                name="hand_coinche",
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.number}"

    def to_input(self) -> scoring.HandInput | scoring.CoincheHand:
        """The engine's input for this hand: a ``CoincheHand`` in a coinche
        match, belote's ``HandInput`` otherwise."""
        if self.match.is_coinche:
            return scoring.CoincheHand(
                taker=self.taker,
                bid=bid_of(self.bid),
                suit=self.suit,
                coinche=self.coinche,
                points_team=self.points_team,
                trick_points=self.trick_points,
                capot=self.capot,
                solo=self.solo,
                belote=self.belote,
                announcements=scoring.Pair(self.announcements_a, self.announcements_b),
            )
        return scoring.HandInput(
            taker=self.taker,
            points_team=self.points_team,
            trick_points=self.trick_points,
            capot=self.capot,
            belote=self.belote,
            announcements=scoring.Pair(self.announcements_a, self.announcements_b),
            renonce=self.renonce,
        )

    def document(self) -> dict:
        """This hand as kept in its history: the match-document hand (FORMAT.md)
        plus ``taker_seat`` and ``belote_seat``."""
        return self.data_of(self.to_input(), self.taker_seat, self.belote_seat)

    @staticmethod
    def data_of(
        hand: scoring.HandInput | scoring.CoincheHand,
        taker_seat: int | None,
        belote_seat: int | None,
    ) -> dict:
        """What :meth:`document` gives for a hand entered as ``hand`` (a
        coinche hand as in docs/coinche.md)."""
        rules = scoring.CoincheRules() if isinstance(hand, scoring.CoincheHand) else scoring.Rules()
        data = scoring.match_document(rules, [hand])["hands"][0]
        data["taker_seat"] = taker_seat
        data["belote_seat"] = belote_seat
        return data

    @classmethod
    def fields_from_input(cls, hand: scoring.HandInput | scoring.CoincheHand) -> dict:
        """Model field values for an engine input (the inverse of ``to_input``)."""
        fields = {
            "taker": hand.taker,
            "points_team": hand.points_team,
            "trick_points": hand.trick_points,
            "capot": hand.capot,
            "belote": hand.belote,
            "announcements_a": hand.announcements.a,
            "announcements_b": hand.announcements.b,
        }
        if isinstance(hand, scoring.CoincheHand):
            return {
                **fields,
                "renonce": None,
                "bid": None if hand.bid is None else str(hand.bid),
                "suit": None if hand.suit is None else str(hand.suit),
                "coinche": None if hand.coinche is None else str(hand.coinche),
                "solo": hand.solo,
            }
        return {**fields, "renonce": hand.renonce}


class HandRevision(models.Model):
    """One change of a hand, kept forever: what the hand was after the change.

    ``action`` says what happened; ``data`` is the hand as entered after it
    (a match-document hand, FORMAT.md, plus ``taker_seat``); ``device`` is the
    name the player gave this phone. ``key`` is the one-time key of the form
    that made the change: a replayed submission finds it and changes nothing.
    """

    class Action(models.TextChoices):
        CREATED = "created", _("saisie")
        EDITED = "edited", _("corrigée")
        DELETED = "deleted", _("supprimée")
        RESTORED = "restored", _("rétablie")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="revisions")
    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="revisions")
    version = models.PositiveIntegerField()
    action = models.CharField(max_length=8, choices=Action.choices)
    data = models.JSONField()
    device = models.CharField(max_length=40, blank=True)
    key = models.CharField(max_length=64, null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["hand", "-version"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "version"], name="revision_unique_version"),
            models.UniqueConstraint(fields=["match", "key"], name="revision_unique_key"),
        ]

    def __str__(self) -> str:
        return f"{self.hand_id} v{self.version} {self.action}"
