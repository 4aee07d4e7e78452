"""Models of the scoresheet: a match, its four players, its hands.

A ``Hand`` stores only what was entered; every score, reserve and total is
derived by the engine (``scoresheets.scoring``) from the match's rules and
hands, so no stale total can exist anywhere.

Storage follows the engine's own documents (the match document,
docs/match-document.md): a match's rules are its document's ``rules`` object
(``Match.rule_values``, JSON) and a hand what its document's hand says
(``Hand.entry``, JSON; its taker apart, below), of the match's game, read
and written by that game's engine (``scoring.engines``) in one place:
:func:`rules_of`, :func:`hand_input` and :meth:`Hand.fields_from_input`.
Every write is validated by the game's engine first (``services``), so a
new rule or hand key of one game needs no column and no migration; a rule
left out of a stored match (one stored before that rule existed) takes its
default.

Real columns are kept only for what is filtered, ordered or constrained by
the database: a match's ``game`` (a table's matches of one game; one of the
registry's games), ``preset`` and ``card_names`` (the app's own, beside the
rules); a hand's ``number`` (the order of play, unique in its match),
``deleted_at`` (the live hands), ``version`` (conflicts), ``taker`` (a team
or nobody, constrained with ``taker_seat``: a redeal has no taker seat, the
taker seat plays for the taker's team) and the seats (``taker_seat``,
``belote_seat``: the app's own, outside the match document, 1 to 4).
Migration 0011 moved the former rule and hand columns into the JSON, and
back.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from scoresheets import presets, scoring
from scoresheets.scoring.engines import DEFAULT_GAME, ENGINES, engine_for_hand, engine_named

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


# The card names' choices: from the presets module.
CARD_NAMES_CHOICES = [(key, _(label)) for key, label in presets.CARD_NAMES_LABELS.items()]

# A match's game (FORMAT, top-level key ``game``) and preset are checked by
# the registries (an unknown game is an error: scoresheets.games.registry),
# never by the database: a new game or preset is its package and the
# registry's line, with no migration (docs/games.md). Room for their names:
GAME_NAME_MAX = 32
PRESET_KEY_MAX = 32


class PlayedGames(models.Manager):
    """The default manager of what is played at a game (matches, concours):
    only those of a game the registry plays. A row of a game no package plays
    any more (taken away since, or written behind the registry's back) is
    kept, untouched, but no page, list or statistic meets it: its pages are
    "not found", never an error (``_base_manager`` still sees it, so that a
    deletion cascades through it)."""

    def get_queryset(self) -> models.QuerySet:
        """Every row whose ``game`` is one of the registry's."""
        return super().get_queryset().filter(game__in=list(ENGINES))


def default_rule_values() -> dict[str, Any]:
    """A new match's rules: the default game's default preset's (plain values)."""
    return presets.rule_values(presets.DEFAULT.rules)


# The largest number a match keeps (rules, announcements): a 32-bit integer's,
# as the columns that held them before migration 0011. The engine takes any
# integer; a larger one is refused as too large, before anything is written.
NUMBER_MAX = 2**31 - 1


def storable(data: Any) -> Any:
    """``data`` (plain JSON values) unchanged. Raises ``ValidationError``
    (code ``too_large``) when it holds an integer beyond :data:`NUMBER_MAX`."""
    values = data.values() if isinstance(data, dict) else data if isinstance(data, list) else ()
    for value in values:
        if isinstance(value, dict | list):
            storable(value)
        elif isinstance(value, int) and not -NUMBER_MAX <= value <= NUMBER_MAX:
            raise ValidationError("a number is too large to keep", code="too_large")
    return data


def rules_of(game: str, values: Any) -> Any:
    """The engine's rules of a match of ``game`` whose rules object is
    ``values`` (``Match.rule_values``). Raises ``scoring.MatchError`` for an
    unknown game or rules its engine refuses."""
    return engine_named(game).parse_rules(values)


def hand_input(game: str, taker: str | None, entry: dict[str, Any]) -> Any:
    """The engine's input of a hand of ``game`` stored as ``taker`` and
    ``entry`` (``Hand.taker``, ``Hand.entry``): the inverse of
    :meth:`Hand.fields_from_input`. Raises ``scoring.MatchError`` for an
    unknown game or a hand its engine cannot read."""
    return engine_named(game).parse_hand({**entry, "taker": taker}, 1)


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
    winner = models.CharField(max_length=1, choices=TEAM_CHOICES, null=True, blank=True)
    total_a = models.IntegerField(default=0)
    total_b = models.IntegerField(default=0)
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
                | Q(finished=True, winner__in=["A", "B"])
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
    def target(self) -> int:
        """The points that end the match (every game's rule ``target``)."""
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

    taker = models.CharField(max_length=1, choices=TEAM_CHOICES, null=True, blank=True)
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
            models.CheckConstraint(condition=_team_or_null("taker"), name="hand_taker_team"),
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
        data = storable(_engine_of_hand(hand).hand_document(hand))
        return {"taker": data.pop("taker"), "entry": data}


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
    written by the hands' services: never stored twice."""

    partie = models.ForeignKey(ConcoursPartie, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    side_a = models.JSONField()
    side_b = models.JSONField()
    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="concours_table")

    class Meta:
        ordering = ["partie", "number"]
        constraints = [
            models.UniqueConstraint(fields=["partie", "number"], name="ctable_unique_number"),
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
