"""The scoring engines of belote for three and for two, as Rebelote scores them.

Pure Python: no Django, no I/O. Everything here follows
``../shared/scoring/BELOTE_3_2.md`` (cited below as BELOTE_3_2, by section;
what it does not say is as in FORMAT, ``docs/match-document.md``). Scores are
always in points (integers). There are **players**, not teams: ``belote3``
has ``"A"``, ``"B"``, ``"C"``, ``belote2`` has ``"A"``, ``"B"``; one takes,
the others defend, each keeping his own column.

The two games are one family: the same hand, the same scoring with a few
switches ("at two", "at three"), rules that differ by a few keys. Each is a
:class:`Table` (its players, its rules and hand types, the choices of its
rules), whose methods are the game's checks, scoring and match document;
:data:`BELOTE3` and :data:`BELOTE2` are the two games as the kernel sees
them (:class:`~scoresheets.scoring.kernel.Engine`, with ``players``: the
kernel's loop scores them per player, :class:`~scoresheets.scoring.kernel.Scores`).

Any invalid input raises :class:`~scoresheets.scoring.kernel.MatchError`
carrying every :class:`~scoresheets.scoring.kernel.Problem` found; no other
exception escapes from the public functions, whatever the input.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any

from scoresheets.scoring import kernel
from scoresheets.scoring.kernel import (
    BELOTE_POINTS,
    TRICK_POINTS_TOTAL,
    Engine,
    HandScore,
    MatchError,
    MatchResult,
    Outcome,
    Preset,
    Problem,
    Rounding,
    Scores,
    check_choice,
    check_target,
    gettext_noop,
    is_announcement_value,
    is_int,
    parse_document,
    parsed,
    problem,
    result_document,
    round_points,
    rule_values,
)

__all__ = [
    "A_DEUX",
    "A_TROIS",
    "BELOTE2",
    "BELOTE3",
    "ENGINE",
    "ENGINES",
    "THREE",
    "TWO",
    "Belote2Hand",
    "Belote2Rules",
    "Belote3Hand",
    "Belote3Rules",
    "Contract",
    "Dedans",
    "Litige",
    "Table",
    "score_document",
    "score_match",
]

THREE_PLAYERS: tuple[str, ...] = ("A", "B", "C")
TWO_PLAYERS: tuple[str, ...] = ("A", "B")
HAND_KEYS = ("taker", "points", "capot", "belote", "announcements")


class Contract(StrEnum):
    """BELOTE_3_2, rule ``contract`` (belote3): what the taker must beat."""

    EACH = "each"  # each defender's total (funbelote: "more than either")
    HALF = "half"  # the two defenders' totals together (162/2 scorers)


class Dedans(StrEnum):
    """BELOTE_3_2, rule ``dedans`` (belote3): a failed taker's points."""

    SPLIT = "split"  # the two defenders share the whole pot equally
    KEEP = "keep"  # each keeps his own, and they halve the taker's


class Litige(StrEnum):
    """BELOTE_3_2, rule ``litige``: a tie. ``reserve`` at two only."""

    FALL = "fall"  # a failure: "more than" is not met
    LOST = "lost"  # the taker's points are not scored
    RESERVE = "reserve"  # FORMAT's: the taker's points wait for the next winner


# --------------------------------------------------------------------------
# Inputs
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Belote3Rules:
    """BELOTE_3_2, *Rules*, the rules of ``belote3``, each with its default:

    - ``target``: points (int > 0) that end the match (*End of match*);
    - ``contract``: ``"each"`` or ``"half"`` (:class:`Contract`);
    - ``dedans``: ``"split"`` or ``"keep"`` (:class:`Dedans`);
    - ``litige``: ``"fall"`` or ``"lost"`` (no reserve at three);
    - ``capot_points``: 252 or 250, the tricks of a player who took them all;
    - ``rounding``: ``"none"`` or ``"nearest_ten"`` (5 up, applied last);
    - ``announcements``: whether tierces ... carrés are played;
    - ``all_cards_played``: false when cards stay unplayed (a stock): the
      trick points then add up to less than 162.

    Construction does not validate; :meth:`Table.check_rules` lists the problems.
    """

    target: int = 1000
    contract: str = Contract.EACH
    dedans: str = Dedans.SPLIT
    litige: str = Litige.FALL
    capot_points: int = 252
    rounding: str = Rounding.NONE
    announcements: bool = False
    all_cards_played: bool = True

    @property
    def donnes(self) -> None:
        """The kernel's rule ``donnes`` (``GameRules``): none, the match goes
        to its target."""
        return None


@dataclass(frozen=True, slots=True)
class Belote2Rules:
    """BELOTE_3_2, *Rules*, the rules of ``belote2``, each with its default:
    ``target``, ``rounding``, ``announcements`` and ``all_cards_played`` as
    :class:`Belote3Rules`'; ``litige``: ``"reserve"`` (FORMAT's), ``"lost"``
    or ``"fall"``; ``capot_points``: 252, 250 or 212 (162 + the
    *découverte*'s 50). No ``contract``, no ``dedans``: there is one defender.

    Construction does not validate; :meth:`Table.check_rules` lists the problems.
    """

    target: int = 1000
    litige: str = Litige.RESERVE
    capot_points: int = 252
    rounding: str = Rounding.NONE
    announcements: bool = False
    all_cards_played: bool = True

    @property
    def donnes(self) -> None:
        """The kernel's rule ``donnes``: none, the match goes to its target."""
        return None


_ZEROS_3 = Scores(dict.fromkeys(THREE_PLAYERS, 0))
_ZEROS_2 = Scores(dict.fromkeys(TWO_PLAYERS, 0))


@dataclass(frozen=True, slots=True)
class Belote3Hand:
    """One ``belote3`` hand as entered (BELOTE_3_2, *Hand*), each value as
    the document gave it (:meth:`Table.check_hand` says what is wrong):

    - ``taker``: the player who took, or ``None`` for a redeal;
    - ``points``: the trick points (0-162) of the players given, by player
      (:class:`Scores`), or ``None`` (a capot, a redeal);
    - ``capot``: the one player who took every trick, or ``None``;
    - ``belote``: the player who announced belote-rebelote, or ``None``;
    - ``announcements``: every player's validated announcements (points; a
      player the document left out is 0).
    """

    taker: Any
    points: Scores | None = None
    capot: Any = None
    belote: Any = None
    announcements: Scores = _ZEROS_3


@dataclass(frozen=True, slots=True)
class Belote2Hand:
    """One ``belote2`` hand as entered: as :class:`Belote3Hand`, with the
    players A and B."""

    taker: Any
    points: Scores | None = None
    capot: Any = None
    belote: Any = None
    announcements: Scores = _ZEROS_2


# --------------------------------------------------------------------------
# Checks (BELOTE_3_2, *Errors*)
# --------------------------------------------------------------------------

NOT_ON_REDEAL = "must be empty when nobody took"


def _player_words(players: Sequence[str]) -> str:
    """``"A", "B" or "C"``: the players, as the messages name them."""
    quoted = [f'"{player}"' for player in players]
    return f"{', '.join(quoted[:-1])} or {quoted[-1]}"


def _check_player(
    out: list[Problem], n: int, name: str, value: Any, players: Sequence[str]
) -> None:
    """``value`` is one of ``players`` or ``None`` (code ``invalid_player``)."""
    if value is not None and not (isinstance(value, str) and value in players):
        out.append(problem(n, name, "invalid_player", f"must be {_player_words(players)}"))


def _check_announcements(
    out: list[Problem], n: int, played: Any, ann: Scores, players: Sequence[str]
) -> bool:
    """BELOTE_3_2, *Hand*, ``announcements``: each player's 0 or a sum of
    20, 50, 100, 150 and 200, none unless ``played`` (the rule), above 0
    for one player at most (only the best announcement scores). The
    kernel's wording (``check_announcements``), by player. Returns whether
    any player has more than 0."""
    positive = 0
    for player in players:
        value = ann.get(player, 0)
        name = f"announcements.{player}"
        if not is_int(value):
            out.append(problem(n, name, "not_integer", "must be an integer"))
        elif value < 0:
            out.append(problem(n, name, "out_of_range", "must be 0 or more", min=0))
        elif not is_announcement_value(value):
            message = "must be 0 or a sum of 20, 50, 100, 150 and 200"
            out.append(problem(n, name, "not_announcement_sum", message))
        elif value > 0 and played is False:
            message = "announcements are not played under these rules"
            out.append(problem(n, name, "announcements_disabled", message))
        positive += is_int(value) and value > 0
    if positive > 1:
        message = "only the player with the best announcement scores announcements"
        out.append(problem(n, "announcements", "announcements_two_players", message))
    return positive > 0


def _check_point_values(
    out: list[Problem], n: int, points: Mapping[str, Any], players: Sequence[str]
) -> bool:
    """Each given player's trick points: an integer from 0 to 162 (and a
    player of the game, which the parser already saw to). Returns whether
    all are."""
    ok = True
    for player, value in points.items():
        name = f"points.{player}"
        if player not in players:
            out.append(problem(n, name, "unknown_key", f"must be {_player_words(players)}"))
            ok = False
        elif not is_int(value):
            out.append(problem(n, name, "not_integer", "must be an integer"))
            ok = False
        elif not 0 <= value <= TRICK_POINTS_TOTAL:
            message = f"must be between 0 and {TRICK_POINTS_TOTAL}"
            out.append(problem(n, name, "out_of_range", message, min=0, max=TRICK_POINTS_TOTAL))
            ok = False
    return ok


def _check_point_sums(
    out: list[Problem], n: int, points: Scores, players: Sequence[str], all_played: bool
) -> None:
    """BELOTE_3_2, *Hand*, ``points`` (valid values): with every card played,
    every player but at most one, all of them adding up to 162, fewer to 162
    at most (the one left out has the rest); else every player, adding up
    to 162 at most."""
    given, total = len(points), sum(points.values())
    needed = len(players) - 1 if all_played else len(players)
    if given < needed:
        message = (
            "must give the trick points of every player but one at most"
            if all_played
            else "must give the trick points of every player (not every card is played)"
        )
        out.append(problem(n, "points", "points_too_few", message, given=given, needed=needed))
    if all_played and given == len(players):
        if total != TRICK_POINTS_TOTAL:
            message = f"must add up to {TRICK_POINTS_TOTAL} (every card is played)"
            out.append(problem(n, "points", "points_sum", message, total=total))
    elif total > TRICK_POINTS_TOTAL:
        message = f"must add up to {TRICK_POINTS_TOTAL} at most"
        out.append(problem(n, "points", "points_over_total", message, total=total))


# --------------------------------------------------------------------------
# Scoring (BELOTE_3_2, *Scoring one hand*)
# --------------------------------------------------------------------------


def _trick_points(rules: Any, hand: Any, players: Sequence[str]) -> dict[str, int]:
    """tp(X) of every player (points): ``capot_points`` for the capot player
    and 0 for the others; else the points given, the one player left out
    (every card played) having 162 minus the others'."""
    capot = hand.capot
    if capot is not None:
        return {p: rules.capot_points if p == capot else 0 for p in players}
    given = hand.points
    rest = TRICK_POINTS_TOTAL - sum(given.values())
    return {p: given.get(p, rest) for p in players}


def _outcome(rules: Any, hand: Any, totals: dict[str, int], defenders: list[str]) -> Outcome:
    """BELOTE_3_2, *Scoring one hand*, step 1: a capot decides (the taker's
    made, a defender's dedans); else total(T) against the bar (at two the
    defender's total; at three the higher one under ``each``, both added
    under ``half``): above made, below dedans, equal litige (``fall``: dedans)."""
    taker = hand.taker
    if hand.capot is not None:
        return Outcome.MADE if hand.capot == taker else Outcome.DEDANS
    others = [totals[d] for d in defenders]
    if len(others) == 1:
        bar = others[0]
    elif rules.contract == Contract.HALF:
        bar = sum(others)
    else:
        bar = max(others)
    mine = totals[taker]
    if mine > bar:
        return Outcome.MADE
    if mine < bar or rules.litige == Litige.FALL:
        return Outcome.DEDANS
    return Outcome.LITIGE


def _dedans_scores(
    rules: Any,
    taker: str,
    defenders: list[str],
    tricks: dict[str, int],
    ann: dict[str, int],
    bel: dict[str, int],
) -> dict[str, int]:
    """BELOTE_3_2, step 3, **Dedans** (points, by player): the taker his
    belote; the pot (every tp + every ann) to the defender at two; at three
    halved between the two (``split``), or each his own tp + ann and half
    of the taker's (``keep``); each defender his belote too. Halves are
    rounded down."""
    pot = sum(tricks.values()) + sum(ann.values())
    scores = {taker: bel[taker]}
    for d in defenders:
        if len(defenders) == 1:
            scores[d] = pot + bel[d]
        elif rules.dedans == Dedans.KEEP:
            scores[d] = tricks[d] + ann[d] + (tricks[taker] + ann[taker]) // 2 + bel[d]
        else:
            scores[d] = pot // 2 + bel[d]
    return scores


def _score_played(rules: Any, hand: Any, reserve: int, players: Sequence[str]) -> HandScore:
    """BELOTE_3_2, *Scoring one hand*, a hand that was taken, the reserve
    before it given (points): each player's tp, ann, bel and total; the
    outcome; **Made**, each his own total; **Dedans**
    (:func:`_dedans_scores`); **Litige**, the taker his belote, each
    defender his own total, and at two under ``reserve`` total(T) − bel(T)
    into the reserve. The winner of a made or dedans hand at two (the
    defender of a dedans) collects the reserve; **Rounding** last."""
    taker = hand.taker
    defenders = [p for p in players if p != taker]
    tricks = _trick_points(rules, hand, players)
    ann = {p: hand.announcements.get(p, 0) for p in players}
    bel = {p: BELOTE_POINTS if hand.belote == p else 0 for p in players}
    totals = {p: tricks[p] + ann[p] + bel[p] for p in players}
    outcome = _outcome(rules, hand, totals, defenders)
    winner: str | None = None
    if outcome is Outcome.MADE:
        scores, winner = dict(totals), taker
    elif outcome is Outcome.DEDANS:
        scores = _dedans_scores(rules, taker, defenders, tricks, ann, bel)
        winner = defenders[0] if len(defenders) == 1 else None  # at three: two share it
    else:
        scores = {p: bel[p] if p == taker else totals[p] for p in players}
        if rules.litige == Litige.RESERVE:
            reserve += tricks[taker] + ann[taker]
    collected = 0
    if winner is not None and reserve:
        collected, reserve = reserve, 0
        scores[winner] += collected
    if rules.rounding == Rounding.NEAREST_TEN:
        scores = {p: round_points(points, Rounding.NEAREST_TEN) for p, points in scores.items()}
    score = Scores({p: scores[p] for p in players})
    extras = {"points": dict(tricks)}
    return HandScore(
        outcome, score, reserve, Scores(tricks), Scores(totals), winner, collected, (), extras
    )


# --------------------------------------------------------------------------
# The two games
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Table:
    """One game of the family (BELOTE_3_2): its ``game`` (the match
    document's), its ``players`` in order, its ``rules_type`` and
    ``hand_type``, and the choices of each of its rules but ``target``
    (``choices``: (rule, values) in the order of its rules). Its methods are
    that game's checks, scoring and match document: an :class:`Engine`'s
    callables (:data:`BELOTE3`, :data:`BELOTE2`)."""

    game: str
    players: tuple[str, ...]
    rules_type: type
    hand_type: type
    choices: tuple[tuple[str, tuple[Any, ...]], ...]

    # ---- checks

    def check_rules(self, rules: Any) -> list[Problem]:
        """Every problem with ``rules`` (BELOTE_3_2, *Rules*): ``target`` an
        integer > 0, each other rule one of its values (code
        ``invalid_choice``: ``litige: "reserve"`` or ``capot_points: 212``
        at three). Never raises."""
        out: list[Problem] = []
        check_target(out, rules.target)
        for name, values in self.choices:
            check_choice(out, None, f"rules.{name}", getattr(rules, name), values)
        return out

    def check_hand(self, rules: Any, hand: Any, number: int) -> list[Problem]:
        """Every problem with ``hand``, the hand ``number`` (1-based) of a
        match (BELOTE_3_2, *Hand* and *Errors*), in this order: ``taker``,
        ``capot``, ``belote`` players or ``None`` (``invalid_player``); the
        announcements; each given player's trick points 0-162; then nothing
        on a redeal (``not_on_redeal``); no points with a capot
        (``points_with_capot``), else points required and their players and
        sums (``points_too_few``, ``points_sum``, ``points_over_total``).
        ``rules`` is assumed valid. Never raises."""
        out: list[Problem] = []
        n, players = number, self.players
        for name in ("taker", "capot", "belote"):
            _check_player(out, n, name, getattr(hand, name), players)
        ann, points = hand.announcements, hand.points
        has_ann = values_ok = False
        if not isinstance(ann, Mapping):  # a hand built by hand: the parser makes Scores
            out.append(problem(n, "announcements", "not_object", "must be an object"))
        else:
            has_ann = _check_announcements(out, n, rules.announcements, ann, players)
        if points is not None and not isinstance(points, Mapping):
            out.append(problem(n, "points", "not_object", "must be an object"))
        else:
            values_ok = points is None or _check_point_values(out, n, points, players)
        if hand.taker is None:
            # A redeal: everybody passed, nothing is scored (BELOTE_3_2, `taker`).
            for name, value in (("points", points), ("capot", hand.capot), ("belote", hand.belote)):
                if value is not None:
                    out.append(problem(n, name, "not_on_redeal", NOT_ON_REDEAL))
            if has_ann:
                out.append(problem(n, "announcements", "not_on_redeal", NOT_ON_REDEAL))
        elif hand.capot is not None:
            if points is not None:
                message = "must be empty with a capot (the capot player has all the tricks)"
                out.append(problem(n, "points", "points_with_capot", message))
        elif points is None:
            out.append(problem(n, "points", "required", "the trick points are required"))
        elif values_ok:
            _check_point_sums(out, n, points, players, rules.all_cards_played is not False)
        return out

    def plainly_valid(self, rules: Any, hand: Any) -> bool:
        """True exactly when :meth:`check_hand` finds nothing (the kernel's
        fast check; these games' hands are few and cheap to check)."""
        return not self.check_hand(rules, hand, 1)

    # ---- scoring

    def score_hand(self, rules: Any, hand: Any, reserve: int) -> HandScore:
        """One valid hand's score (BELOTE_3_2, *Scoring one hand*), the
        reserve before it given (points; always 0 at three): by player
        (:class:`Scores`): ``score``, ``tricks`` (each tp, the capot value
        on a capot), ``hand_totals`` (each total); the ``winner`` (the taker
        of a made hand, the defender of a dedans at two, else ``None``) and
        what it ``collected``; no breakdown figures; ``extras`` the hand's
        ``points`` of the result document (BELOTE_3_2, *Result*: zeros on a
        redeal)."""
        if hand.taker is None:
            zeros = Scores(dict.fromkeys(self.players, 0))
            return HandScore(Outcome.PASSED, zeros, reserve, extras={"points": zeros.as_dict()})
        return _score_played(rules, hand, reserve, self.players)

    def blocks_win(self, rules: Any, hand: Any, leader: str) -> bool:
        """Nothing keeps the player alone at the top, at or past the target,
        from winning (BELOTE_3_2, *End of match*: not necessarily the taker)."""
        return False

    # ---- the match document

    def _parse_rules(self, raw: Any, out: list[Problem]) -> Any:
        if not isinstance(raw, dict):
            out.append(problem(None, "rules", "not_object", "must be an object"))
            return None
        names = [f.name for f in fields(self.rules_type)]
        for key in raw:
            if key not in names:
                out.append(problem(None, f"rules.{key}", "unknown_key", "is not a known rule"))
        rules = self.rules_type(**{key: raw[key] for key in names if key in raw})
        out.extend(self.check_rules(rules))
        return rules

    def _player_object(
        self, raw: Any, n: int, name: str, example: str, out: list[Problem]
    ) -> Mapping[str, Any] | None:
        """A hand's ``points`` or ``announcements``: an object keyed by
        player, or ``None`` (its problems in ``out``)."""
        if not isinstance(raw, dict):
            out.append(problem(n, name, "not_object", f"must be an object like {example}"))
            return None
        words = _player_words(self.players)
        unknown = [key for key in raw if key not in self.players]
        for key in unknown:
            out.append(problem(n, f"{name}.{key}", "unknown_key", f"must be {words}"))
        return None if unknown else raw

    def _parse_hand(self, raw: Any, number: int, out: list[Problem]) -> Any:
        n = number
        if not isinstance(raw, dict):
            out.append(problem(n, "hand", "not_object", "must be an object"))
            return None
        ok = True
        for key in raw:
            if key not in HAND_KEYS:
                message = "is not a known key of a hand"
                out.append(problem(n, str(key) or '""', "unknown_key", message))
                ok = False
        if "taker" not in raw:
            quoted = ", ".join(f'"{player}"' for player in self.players)
            out.append(problem(n, "taker", "required", f"is required ({quoted} or null)"))
            ok = False
        points = None
        if raw.get("points") is not None:
            given = self._player_object(raw["points"], n, "points", '{"A": 70, "B": 50}', out)
            ok = ok and given is not None
            points = Scores(given) if given is not None else None
        announcements = Scores(dict.fromkeys(self.players, 0))
        if raw.get("announcements") is not None:
            given = self._player_object(raw["announcements"], n, "announcements", '{"A": 20}', out)
            ok = ok and given is not None
            if given is not None:
                announcements = Scores({p: given.get(p, 0) for p in self.players})
        if not ok:
            return None
        return self.hand_type(
            raw["taker"], points, raw.get("capot"), raw.get("belote"), announcements
        )

    def parse_match_document(self, document: Any) -> kernel.ParsedMatch:
        """The game's match document (parsed JSON) as ``(rules, [hand,
        ...])`` (BELOTE_3_2, and FORMAT, *Match document*): ``game`` this
        game's; ``hands`` required (a list); ``rules`` optional but not
        null, a rule left out takes its default; an unknown key inside the
        rules (another game's rule), a hand, its ``points`` or
        ``announcements`` (a player the game lacks) rejected; other
        top-level keys ignored. Every hand is checked (:meth:`check_hand`).
        Raises :class:`MatchError` with every problem found."""
        return parse_document(
            document,
            rules_type=self.rules_type,
            parse_rules=self._parse_rules,
            parse_hand=self._parse_hand,
            check_hand=self.check_hand,
            game=self.game,
        )

    def parse_rules(self, raw: Any) -> Any:
        """The rules object of the game's match document as its rules (a
        rule left out takes its default); raises :class:`MatchError`."""
        return parsed(self._parse_rules, raw)

    def parse_hand(self, raw: Any, number: int = 1) -> Any:
        """One hand of the game's match document (hand ``number``), its
        shape checked (:meth:`check_hand` checks its values); raises
        :class:`MatchError` with every problem."""
        return parsed(self._parse_hand, raw, number)

    def hand_document(self, hand: Any) -> dict[str, Any]:
        """One hand of the match document (BELOTE_3_2, *Hand*), every key
        written out (every player's announcements): the inverse of
        :meth:`parse_hand` for a valid hand."""
        return {
            "taker": hand.taker,
            "points": hand.points.as_dict() if hand.points is not None else None,
            "capot": hand.capot,
            "belote": hand.belote,
            "announcements": {p: hand.announcements.get(p, 0) for p in self.players},
        }

    def match_document(self, rules: Any, hands: Iterable[Any]) -> dict[str, Any]:
        """The match document of ``rules`` and ``hands``: ``game``, every
        rule (in the order of the rules type) and every hand key written
        out; the inverse of :meth:`parse_match_document` for valid input."""
        return {
            "game": self.game,
            "rules": rule_values(rules),
            "hands": [self.hand_document(hand) for hand in hands],
        }


THREE = Table(
    "belote3",
    THREE_PLAYERS,
    Belote3Rules,
    Belote3Hand,
    (
        ("contract", tuple(Contract)),
        ("dedans", tuple(Dedans)),
        ("litige", (Litige.FALL, Litige.LOST)),
        ("capot_points", (252, 250)),
        ("rounding", tuple(Rounding)),
        ("announcements", (False, True)),
        ("all_cards_played", (True, False)),
    ),
)
"""Belote for three (``belote3``): players A, B and C."""

TWO = Table(
    "belote2",
    TWO_PLAYERS,
    Belote2Rules,
    Belote2Hand,
    (
        ("litige", (Litige.RESERVE, Litige.LOST, Litige.FALL)),
        ("capot_points", (252, 250, 212)),
        ("rounding", tuple(Rounding)),
        ("announcements", (False, True)),
        ("all_cards_played", (True, False)),
    ),
)
"""Belote for two (``belote2``): players A and B."""


# --------------------------------------------------------------------------
# Presets (BELOTE_3_2, *Rules*: the defaults)
# --------------------------------------------------------------------------

A_TROIS = Preset(
    "a_trois",
    gettext_noop("Belote à trois"),
    gettext_noop(
        "1000 points, chacun pour soi : le preneur doit faire plus que chacun des deux autres ; "
        "s'il chute, les deux défenseurs se partagent les points."
    ),
    Belote3Rules(),
)
A_DEUX = Preset(
    "a_deux",
    gettext_noop("Belote à deux"),
    gettext_noop("1000 points, toutes les cartes jouées, sans annonces, litige en réserve."),
    Belote2Rules(),
)


def _engine(table: Table, presets: tuple[Preset, ...], has_reserve: bool) -> Engine:
    """The :class:`Engine` of ``table``'s game: its methods, scored per
    player (``players``), its cases (its package's ``cases/``, then the
    family's shared folder, which holds both games': each case says its
    ``game``, and the tests take that game's, ``tests/conftest.game_case_files``)."""
    return Engine(
        name=table.game,
        rules_type=table.rules_type,
        hand_type=table.hand_type,
        check_rules=table.check_rules,
        check_hand=table.check_hand,
        plainly_valid=table.plainly_valid,
        score_hand=table.score_hand,
        blocks_win=table.blocks_win,
        parse_match_document=table.parse_match_document,
        match_document=table.match_document,
        parse_rules=table.parse_rules,
        parse_hand=table.parse_hand,
        hand_document=table.hand_document,
        has_reserve=has_reserve,
        presets=presets,
        case_folders=(f"scoresheets/games/{table.game}/cases", "../shared/scoring/belote32"),
        players=table.players,
    )


BELOTE3 = _engine(THREE, (A_TROIS,), has_reserve=False)
"""Belote for three as the kernel sees it: this package's ``ENGINE``."""

BELOTE2 = _engine(TWO, (A_DEUX,), has_reserve=True)
"""Belote for two as the kernel sees it: ``scoresheets.games.belote2``'s
``ENGINE`` (that package imports it from here)."""

ENGINE = BELOTE3
"""This package's game for the registry (``scoresheets.scoring.engines``)."""

ENGINES: dict[str, Engine] = {BELOTE3.name: BELOTE3, BELOTE2.name: BELOTE2}
"""The family's two engines by name (the match document's ``game``)."""


def _engine_of(document: Any) -> Engine:
    """The engine of a match document's ``game``; raises :class:`MatchError`
    (field ``game``, code ``invalid_choice``) for anything else."""
    game = document.get("game") if isinstance(document, dict) else None
    if isinstance(game, str) and game in ENGINES:
        return ENGINES[game]
    if not isinstance(document, dict):
        raise MatchError([problem(None, "document", "not_object", "must be a JSON object")])
    message = 'must be "belote3" or "belote2"'
    raise MatchError([problem(None, "game", "invalid_choice", message, choices=tuple(ENGINES))])


def score_match(rules: Belote3Rules | Belote2Rules, hands: Sequence[Any]) -> MatchResult:
    """Score a whole match of either game (by the type of ``rules``) in one
    pass: the kernel's loop, per player (BELOTE_3_2, *Scoring one hand* and
    *End of match*). Raises :class:`MatchError` listing every problem:
    invalid rules or hands, any hand after the end of the match; nothing
    else."""
    engine = BELOTE3 if isinstance(rules, Belote3Rules) else BELOTE2
    return kernel.score_match(engine, rules, hands)


def score_document(document: Any) -> dict[str, Any]:
    """Score a match document of either game (its ``game``: ``"belote3"``
    or ``"belote2"``) and return its result document (BELOTE_3_2, *Result*:
    FORMAT's, keyed by player, each hand with its ``points``). Raises
    :class:`MatchError` listing every problem on any invalid input, and
    nothing else."""
    engine = _engine_of(document)
    rules, hands = engine.parse_match_document(document)
    return result_document(kernel.score_match(engine, rules, hands))
