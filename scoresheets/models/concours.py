"""A concours night (docs/concours.md) and a season of them."""

from __future__ import annotations

import secrets

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from scoresheets import presets
from scoresheets.models.base import (
    CARD_NAMES_CHOICES,
    GAME_NAME_MAX,
    PRESET_KEY_MAX,
    TEAM_NAME_MAX,
    PlayedGames,
    default_rule_values,
    new_token,
)
from scoresheets.models.matches import Match
from scoresheets.scoring.engines import DEFAULT_GAME

CONCOURS_NAME_MAX = 100  # characters (the results document's free ``name``)
# An entrant's name also names its side on each of its tables' sheets
# (``Match.team_a_name``): at most what a match's team name holds.
ENTRANT_NAME_MAX = min(TEAM_NAME_MAX, 60)
PENALTY_REASON_MAX = 200  # docs/concours.md 1.5


def new_seed() -> int:
    """A concours' random seed (63 bits from ``secrets``): its draws are
    ``random.Random(seed + partie)``, so that a draw can be told again."""
    return secrets.randbits(63)


SEASON_NAME_MAX = 100  # characters (the season document's free ``name``)


class Season(models.Model):
    """A season ("challenge"): concours nights of one club ranked together,
    player by player (docs/concours.md 6 and 6.5).

    Reached, as a concours, only through its unguessable ``token`` (the
    organiser's link: nights added and removed) or ``read_token`` (the
    ranking, read only). ``settings`` is the season document's ``settings``
    object as chosen (the keys left out take the contract's defaults, 6.2),
    checked by the pure core (``scoresheets.season.ranking``) on every
    write. Its nights are the concours whose ``season`` it is; its players
    are derived from their registered names (``season.services``), never
    stored; ``aliases`` only says which two spellings are one player.
    """

    token = models.CharField(max_length=32, unique=True, default=new_token, editable=False)
    read_token = models.CharField(max_length=32, unique=True, default=new_token, editable=False)
    creation_key = models.CharField(max_length=64, unique=True, null=True, editable=False)
    name = models.CharField(max_length=SEASON_NAME_MAX)
    settings = models.JSONField(default=dict, blank=True)
    # Two spellings of one player merged by the organiser: {the key of a
    # name (concours.services.name_key): the key of the player it is}.
    aliases = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return self.name


class Concours(models.Model):
    """A concours de belote: a club's tournament night (docs/concours.md).

    Reached only through its unguessable ``token`` (the organiser's link,
    everything writes) or ``read_token`` (the room's and the players' link,
    nothing writes). ``settings`` is the results document's ``settings``
    object as the organiser chose it (the keys left out take the contract's
    defaults, 1.2), validated by the pure core on every write. The game's
    rules are frozen for every table: ``preset``, ``card_names`` and
    ``rule_values`` (the match document's ``rules`` of ``game``); each
    partie's length (donnes or target) is put on its tables' rules when
    they are drawn (``concours_services.partie_rules``).

    Everything played is elsewhere: its entrants (:class:`ConcoursEntrant`),
    its parties and their tables (:class:`ConcoursPartie`,
    :class:`ConcoursTable`, each table a :class:`Match`), its penalties
    (:class:`ConcoursPenalty`). ``version`` grows with every write of the
    concours itself (registrations, draws, swaps, penalties); the tables'
    hands bump their matches' versions.
    """

    token = models.CharField(max_length=32, unique=True, default=new_token, editable=False)
    read_token = models.CharField(max_length=32, unique=True, default=new_token, editable=False)
    creation_key = models.CharField(max_length=64, unique=True, null=True, editable=False)
    name = models.CharField(max_length=CONCOURS_NAME_MAX)
    date = models.DateField()
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    version = models.PositiveIntegerField(default=1)
    settings = models.JSONField(default=dict)
    game = models.CharField(max_length=GAME_NAME_MAX, default=DEFAULT_GAME)
    preset = models.CharField(max_length=PRESET_KEY_MAX, default=presets.DEFAULT.key)
    card_names = models.CharField(
        max_length=8, choices=CARD_NAMES_CHOICES, default=presets.DEFAULT.values()["card_names"]
    )
    rule_values = models.JSONField(default=default_rule_values)
    seed = models.BigIntegerField(default=new_seed, editable=False)
    # The highest number an entrant was given: a team struck off keeps its
    # number for the night (printed lists may carry it), never given again.
    last_number = models.PositiveIntegerField(default=0, editable=False)
    # A knockout's draw (docs/concours.md 7.1): the team numbers in the
    # order drawn, empty until then (a concours of parties keeps it empty).
    draw = models.JSONField(default=list, blank=True, editable=False)
    # The season (challenge) this night counts in, at most one.
    season = models.ForeignKey(
        Season, on_delete=models.SET_NULL, null=True, blank=True, related_name="nights"
    )

    objects = PlayedGames()

    class Meta:
        verbose_name_plural = "concours"

    def __str__(self) -> str:
        return self.name


class ConcoursEntrant(models.Model):
    """An entrant of a concours (docs/concours.md 1.3): a team (mode
    ``teams``: a name and up to two players) or a player (``melee``: a
    name). ``number`` is its number in the hall (1, 2, 3 ... in order of
    registration, unique in its concours); ``arrived`` the first partie it
    plays (a late arrival: 2 or more); ``left_after`` the last partie it
    played before leaving ("abandon"), or null."""

    concours = models.ForeignKey(Concours, on_delete=models.CASCADE, related_name="entrants")
    number = models.PositiveIntegerField()
    name = models.CharField(max_length=ENTRANT_NAME_MAX, blank=True)
    players = models.JSONField(default=list, blank=True)
    arrived = models.PositiveSmallIntegerField(default=1)
    left_after = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # The one-time key of the registration form (forms.OneTimeKeyForm): a
    # double tap at the door registers the team once.
    creation_key = models.CharField(max_length=64, null=True, blank=True, editable=False)

    class Meta:
        ordering = ["concours", "number"]
        constraints = [
            models.UniqueConstraint(fields=["concours", "number"], name="entrant_unique_number"),
            models.UniqueConstraint(fields=["concours", "creation_key"], name="entrant_unique_key"),
            models.CheckConstraint(condition=Q(number__gte=1), name="entrant_number_positive"),
            models.CheckConstraint(condition=Q(arrived__gte=1), name="entrant_arrived_positive"),
            models.CheckConstraint(
                condition=Q(left_after__isnull=True) | Q(left_after__gte=F("arrived")),
                name="entrant_left_after_arrived",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.number} {self.name}".strip()

    def present_at(self, partie: int) -> bool:
        """Whether it plays partie ``partie`` (docs/concours.md 1.3)."""
        return self.arrived <= partie and (self.left_after is None or partie <= self.left_after)


class ConcoursPartie(models.Model):
    """A partie of a concours once drawn: its tables (:class:`ConcoursTable`)
    and its exempt (``byes``: entrant numbers)."""

    concours = models.ForeignKey(Concours, on_delete=models.CASCADE, related_name="parties")
    number = models.PositiveSmallIntegerField()
    byes = models.JSONField(default=list, blank=True)
    drawn_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["concours", "number"]
        constraints = [
            models.UniqueConstraint(fields=["concours", "number"], name="partie_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="partie_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.concours_id} #{self.number}"


class ConcoursTable(models.Model):
    """A table of a partie: two sides (``side_a``, ``side_b``: lists of
    entrant numbers, one team or two players à la mêlée) and the match they
    play (side A is the match's team A, seats 1 and 3). Its points and
    whether it is finished are its match's summary (``Match.total_a`` ...),
    written by the hands' services: never stored twice. In a knockout a
    partie is a round and a table a tie's match (``leg``: its number in
    the tie), docs/concours.md 7."""

    partie = models.ForeignKey(ConcoursPartie, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    # A knockout's tie in best of three plays its matches at one table: the
    # match's number in its tie (docs/concours.md 7.1); 1 at parties.
    leg = models.PositiveSmallIntegerField(default=1)
    side_a = models.JSONField()
    side_b = models.JSONField()
    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="concours_table")

    class Meta:
        ordering = ["partie", "number", "leg"]
        constraints = [
            models.UniqueConstraint(
                fields=["partie", "number", "leg"], name="ctable_unique_number_leg"
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="ctable_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.partie} T{self.number}"

    @property
    def sides(self) -> tuple[list[int], list[int]]:
        return self.side_a, self.side_b


class ConcoursPenalty(models.Model):
    """A referee's penalty (docs/concours.md 1.5): ``points`` to an entrant
    (``entrant``: its number) at partie ``partie`` (its number), of ``kind``
    ``to_opponents`` or ``deducted``, with a ``reason``; ``table`` is the
    table where the entrant sat then (its sheet shows the penalty), null
    when it was exempt."""

    class Kind(models.TextChoices):
        TO_OPPONENTS = "to_opponents", _("aux adversaires")
        DEDUCTED = "deducted", _("retirés à l'équipe")

    concours = models.ForeignKey(Concours, on_delete=models.CASCADE, related_name="penalties")
    entrant = models.PositiveIntegerField()
    partie = models.PositiveSmallIntegerField()
    points = models.PositiveIntegerField()
    kind = models.CharField(max_length=12, choices=Kind.choices, default=Kind.TO_OPPONENTS)
    reason = models.CharField(max_length=PENALTY_REASON_MAX, blank=True)
    table = models.ForeignKey(
        ConcoursTable, on_delete=models.SET_NULL, null=True, blank=True, related_name="penalties"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["concours", "created_at", "pk"]
        constraints = [
            models.CheckConstraint(condition=Q(points__gte=1), name="penalty_points_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.entrant}: {self.points}"
