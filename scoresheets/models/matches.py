"""A match, its four players, its hands and their history."""

from __future__ import annotations

from typing import Any

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from scoresheets import presets, scoring
from scoresheets.models.base import (
    CARD_NAMES_CHOICES,
    GAME_NAME_MAX,
    PLAYER_NAME_MAX,
    PRESET_KEY_MAX,
    SIDE_CHOICES,
    SIDE_OR_NULL,
    TEAM_NAME_MAX,
    PlayedGames,
    _team_or_null,
    default_rule_values,
    hand_input,
    new_token,
    rules_of,
    seat_team,
    sides_of,
    storable,
)
from scoresheets.models.tables import Table, TablePlayer
from scoresheets.scoring.engines import DEFAULT_GAME, ENGINES, engine_for_hand


class Match(models.Model):
    """A match (partie): four players in seats, two teams, frozen rules, hands;
    or, for a game scored per player (its engine's ``players``: belote for
    three or two), one seat per player, each player a side of his own (his
    name in ``team_a_name``, ``team_b_name``, ``team_c_name``, in order).

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
    # The third side's name, in a game of three players (else empty).
    team_c_name = models.CharField(max_length=TEAM_NAME_MAX, blank=True, default="")
    first_dealer = models.PositiveSmallIntegerField(default=1)

    # A game of the registry (FORMAT, top-level key ``game``): how its rules
    # and hands are read, scored and shown.
    game = models.CharField(max_length=GAME_NAME_MAX, default=DEFAULT_GAME)
    preset = models.CharField(max_length=PRESET_KEY_MAX, default=presets.DEFAULT.key)
    card_names = models.CharField(
        max_length=8, choices=CARD_NAMES_CHOICES, default=presets.DEFAULT.values()["card_names"]
    )
    # The table's rules, frozen when the match starts: the match document's
    # ``rules`` object of its game (see ``rules``), validated by its engine.
    rule_values = models.JSONField(default=default_rule_values)

    # The table it belongs to; a quick match has none.
    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, null=True, blank=True, related_name="matches"
    )
    # A summary of the engine's result, for lists, statistics and rankings: it
    # is written by the services in the same transaction as every change of
    # the hands (from the engine's result), never computed anywhere else. The
    # scoresheet itself always scores the hands again.
    finished = models.BooleanField(default=False)
    winner = models.CharField(max_length=1, choices=SIDE_CHOICES, null=True, blank=True)
    total_a = models.IntegerField(default=0)
    total_b = models.IntegerField(default=0)
    total_c = models.IntegerField(default=0)  # a third side's (0 for two sides)
    hands_count = models.PositiveIntegerField(default=0)
    decided_at = models.DateTimeField(null=True, blank=True)

    objects = PlayedGames()

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["table", "-created_at"], name="match_table_recent")]
        constraints = [
            models.CheckConstraint(
                condition=Q(first_dealer__gte=1, first_dealer__lte=4), name="match_first_dealer"
            ),
            models.CheckConstraint(
                # Finished without a winner: a match of K donnes drawn (rule donnes).
                condition=Q(finished=False, winner__isnull=True)
                | Q(finished=True, winner__in=SIDE_OR_NULL)
                | Q(finished=True, winner__isnull=True),
                name="match_winner_when_finished",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.team_a_name} – {self.team_b_name}"

    @property
    def rules(self) -> Any:
        """The engine's view of this match's rules: its game's rules type
        (``scoring.Rules``, ``scoring.CoincheRules`` ...) from ``rule_values``.

        Read once per instance while ``game`` and ``rule_values`` stay the
        same objects (``set_rules`` gives a new dict; nothing changes one in
        place); the rules are a frozen dataclass."""
        game, values = self.game, self.rule_values
        read = self.__dict__.get("_rules_read")
        if read is not None and read[0] == game and read[1] is values:
            return read[2]
        rules = rules_of(game, values)
        self.__dict__["_rules_read"] = (game, values, rules)
        return rules

    @property
    def target(self) -> int | None:
        """The points that end the match (every game's rule ``target``;
        ``None`` for a match of a number of hands that has none)."""
        return self.rules.target

    @property
    def donnes(self) -> int | None:
        """The donnes that end the match (every game's rule ``donnes``), or
        ``None``: the match goes to its target."""
        return self.rules.donnes

    def set_rules(self, rules: Any) -> None:
        """Give this match ``rules`` (any game's rules): its game is theirs.
        Raises ``ValidationError`` for a number too large to keep (:func:`storable`)."""
        engine = scoring.engine_for(rules)
        if engine is None:
            raise scoring.MatchError([scoring.kernel.not_rules_problem()])
        self.game = engine.name
        self.rule_values = storable(presets.rule_values(rules))

    @property
    def sides(self) -> tuple[str, ...]:
        """The match's sides, in order: its game's players for a game scored
        per player (``("A", "B", "C")`` at three), else the teams ``("A", "B")``."""
        return sides_of(self.game)

    @property
    def per_player(self) -> bool:
        """Whether the match's game is scored per player (each player a side)."""
        return bool(ENGINES[self.game].players)

    @property
    def seats(self) -> int:
        """How many seats the table has: one per player of a game scored per
        player (3 or 2), else 4."""
        return len(self.sides) if self.per_player else 4

    def team_name(self, team: str) -> str:
        """The name of side ``team`` ("A", "B", or "C" at three)."""
        if team == "C":
            return self.team_c_name
        return self.team_a_name if team == "A" else self.team_b_name

    @property
    def title(self) -> str:
        """The sides' names, in order, joined by " – " ("Nous – Eux",
        "Anne – Bruno – Chloé")."""
        return " – ".join(self.team_name(side) for side in self.sides)

    def total_of(self, side: str) -> int:
        """The stored total of ``side`` (the summary columns), in points."""
        return {"A": self.total_a, "B": self.total_b, "C": self.total_c}[side]

    def dealer_seat(self, hand_number: int) -> int:
        """The seat that deals hand ``hand_number`` (1-based): the deal passes
        one seat on every hand, redeals included, among the table's seats
        (:attr:`seats`)."""
        return (self.first_dealer - 1 + hand_number - 1) % self.seats + 1


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
        """The player's side: his team, or himself in a game scored per player."""
        return seat_team(self.seat, ENGINES[self.match.game].players)


class HandQuerySet(models.QuerySet):
    def live(self) -> HandQuerySet:
        """The hands that count: not deleted, in the order they were played."""
        return self.filter(deleted_at__isnull=True).order_by("number")


class Hand(models.Model):
    """One hand (donne) as entered. Scores are never stored: the engine derives them.

    What was entered is its match document's hand (its game's: FORMAT,
    COINCHE, *Hand*): ``taker``, the taker's team (``None`` for a redeal), a
    column of its own, and ``entry``, the rest of that hand (JSON: trick
    points, capot, belote, announcements, and each game's own keys: a
    belote renonce, a coinche contract). ``taker_seat`` is the player who
    took, when known (a document import knows only the team); ``belote_seat``
    the player who held the belote, when someone said.

    ``number`` is the hand's place in the order of play, unique in its match
    and never reused; a deleted hand keeps it (``deleted_at`` set) so that a
    restore puts it back where it was; a new hand undone by its "Annuler" is
    ``withdrawn`` as well: no deleted hand to restore. The number shown to
    players is the hand's position among the live hands. ``version`` counts
    the changes of this hand (an edit form carries it to detect a concurrent
    change); every change is kept as a :class:`HandRevision`.
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    version = models.PositiveIntegerField(default=1)
    deleted_at = models.DateTimeField(null=True, blank=True)
    # A new hand taken back by its "Annuler" (issue 20): gone from the sheet
    # (``deleted_at`` set too), kept in its history, never listed among the
    # deleted hands nor restored: it was never a hand of the match.
    withdrawn = models.BooleanField(default=False)
    entered_by = models.CharField(max_length=40, blank=True)

    # The taking side: a team, or a player of a game scored per player.
    taker = models.CharField(max_length=1, choices=SIDE_CHOICES, null=True, blank=True)
    taker_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    # The player who held the belote, when someone said (optional).
    belote_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    # The rest of the match document's hand (all but ``taker``), as its
    # game's engine writes it; validated by that engine on every write.
    entry = models.JSONField(default=dict)

    objects = HandQuerySet.as_manager()

    class Meta:
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="hand_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="hand_number_positive"),
            models.CheckConstraint(
                condition=Q(taker_seat__isnull=True) | Q(taker_seat__gte=1, taker_seat__lte=4),
                name="hand_taker_seat",
            ),
            models.CheckConstraint(
                condition=Q(taker__isnull=False) | Q(taker_seat__isnull=True),
                name="hand_redeal_has_no_taker_seat",
            ),
            models.CheckConstraint(
                condition=Q(taker_seat__isnull=True)
                | Q(taker="A", taker_seat__in=[1, 3])
                | Q(taker="B", taker_seat__in=[2, 4]),
                name="hand_taker_seat_team",
            ),
            models.CheckConstraint(
                condition=_team_or_null("taker", SIDE_OR_NULL), name="hand_taker_team"
            ),
            models.CheckConstraint(condition=Q(version__gte=1), name="hand_version_positive"),
            models.CheckConstraint(
                condition=Q(belote_seat__isnull=True) | Q(belote_seat__gte=1, belote_seat__lte=4),
                name="hand_belote_seat",
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.number}"

    def to_input(self) -> Any:
        """The engine's input for this hand, of its match's game (:func:`hand_input`).

        Read once per instance while its game, ``taker`` and ``entry`` stay
        the same objects (a write gives ``entry`` a new dict, never changes
        it in place: ``fields_from_input``); the input is a frozen dataclass,
        so the scoring, the sheet and the phone's scorer of one request share it."""
        game, taker, entry = self.match.game, self.taker, self.entry
        read = self.__dict__.get("_input_read")
        if read is not None and read[0] == game and read[1] == taker and read[2] is entry:
            return read[3]
        given = hand_input(game, taker, entry)
        self.__dict__["_input_read"] = (game, taker, entry, given)
        return given

    def document(self) -> dict:
        """This hand as kept in its history: the match-document hand (FORMAT.md)
        plus ``taker_seat`` and ``belote_seat``."""
        return self.data_of(self.to_input(), self.taker_seat, self.belote_seat)

    @staticmethod
    def data_of(hand: Any, taker_seat: int | None, belote_seat: int | None) -> dict:
        """What :meth:`document` gives for a hand entered as ``hand`` (an
        engine's input: its game's match-document hand)."""
        return {
            **_engine_of_hand(hand).hand_document(hand),
            "taker_seat": taker_seat,
            "belote_seat": belote_seat,
        }

    @staticmethod
    def fields_from_input(hand: Any) -> dict:
        """Model field values for an engine input (the inverse of
        :func:`hand_input`): its ``taker`` and its ``entry``. Raises
        ``ValidationError`` for a number too large to keep (:func:`storable`)."""
        engine = _engine_of_hand(hand)
        data = storable(engine.hand_document(hand))
        return {"taker": data.pop(engine.taker_key), "entry": data}


def _engine_of_hand(hand: Any) -> scoring.Engine:
    engine = engine_for_hand(hand)
    if engine is None:
        raise scoring.MatchError([scoring.Problem(None, "hand", "not_object", "must be a hand")])
    return engine


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


# --------------------------------------------------------------------------
# The concours (issue 19, docs/concours.md "The web part")
# --------------------------------------------------------------------------
