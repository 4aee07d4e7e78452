"""A match's rules and a hand's input stored as the match document's JSON.

Forwards: each match's rule columns of its game become ``Match.rule_values``
(the match document's ``rules`` object: every rule of its game, by name, as
plain values), each hand's input columns ``Hand.entry`` (its match-document
hand but the taker, which stays a column: belote's points, capot, belote,
announcements, renonce; coinche's bid, suit, coinche, points, capot, solo,
belote, announcements); then the columns and their constraints go.
Backwards: the columns come back (with their defaults and constraints) and
are filled from the JSON; a rule the columns never had is dropped.

The games' rule names and hand keys are written out here, as they were when
this migration was written: a migration is history, it never follows the
engine (whose rules may grow: a rule left out of ``rule_values`` takes the
engine's default).
"""

import scoresheets.models
from django.db import migrations, models

RULES = {
    "belote": (
        "target",
        "capot_points",
        "rounding",
        "litige",
        "announcements",
        "renonce",
        "win_needs_trick",
    ),
    "coinche": (
        "target",
        "rounding",
        "made_score",
        "coinche_score",
        "belote_counts",
        "announcements",
        "announcements_count",
        "capot_points",
        "capot_bid_points",
    ),
}
BATCH = 500


def _bid(value):
    """A bid column ("100", "capot") as the document's (100, "capot")."""
    return int(value) if value is not None and value.isdigit() else value


def entry_of(game, hand):
    """The match-document hand of a hand's columns, all but its taker."""
    points = None if hand.points_team is None else {hand.points_team: hand.trick_points}
    announcements = {"A": hand.announcements_a, "B": hand.announcements_b}
    if game == "coinche":
        return {
            "bid": _bid(hand.bid),
            "suit": hand.suit,
            "coinche": hand.coinche,
            "points": points,
            "capot": hand.capot,
            "solo": hand.solo,
            "belote": hand.belote,
            "announcements": announcements,
        }
    return {
        "points": points,
        "capot": hand.capot,
        "belote": hand.belote,
        "announcements": announcements,
        "renonce": hand.renonce,
    }


def columns_of(game, entry):
    """A hand's input columns from its ``entry`` (the inverse of :func:`entry_of`)."""
    points = entry.get("points") or {}
    ((points_team, trick_points),) = points.items() if points else ((None, None),)
    announcements = entry.get("announcements") or {}
    columns = {
        "points_team": points_team,
        "trick_points": trick_points,
        "capot": entry.get("capot"),
        "belote": entry.get("belote"),
        "announcements_a": announcements.get("A", 0),
        "announcements_b": announcements.get("B", 0),
        "renonce": None,
        "bid": None,
        "suit": None,
        "coinche": None,
        "solo": None,
    }
    if game == "coinche":
        bid = entry.get("bid")
        columns.update(
            bid=None if bid is None else str(bid),
            suit=entry.get("suit"),
            coinche=entry.get("coinche"),
            solo=entry.get("solo"),
        )
    else:
        columns["renonce"] = entry.get("renonce")
    return columns


def forwards(apps, schema_editor):
    Match = apps.get_model("scoresheets", "Match")
    Hand = apps.get_model("scoresheets", "Hand")
    matches = []
    for match in Match.objects.order_by("pk").iterator(chunk_size=BATCH):
        match.rule_values = {name: getattr(match, name) for name in RULES[match.game]}
        matches.append(match)
    Match.objects.bulk_update(matches, ["rule_values"], batch_size=BATCH)
    hands = []
    for hand in Hand.objects.select_related("match").order_by("pk").iterator(chunk_size=BATCH):
        hand.entry = entry_of(hand.match.game, hand)
        hands.append(hand)
    Hand.objects.bulk_update(hands, ["entry"], batch_size=BATCH)


def backwards(apps, schema_editor):
    Match = apps.get_model("scoresheets", "Match")
    Hand = apps.get_model("scoresheets", "Hand")
    columns = [name for names in RULES.values() for name in names]
    matches = []
    for match in Match.objects.order_by("pk").iterator(chunk_size=BATCH):
        for name in RULES[match.game]:
            if name in match.rule_values:
                setattr(match, name, match.rule_values[name])
        matches.append(match)
    Match.objects.bulk_update(matches, sorted(set(columns)), batch_size=BATCH)
    hands = []
    for hand in Hand.objects.select_related("match").order_by("pk").iterator(chunk_size=BATCH):
        for name, value in columns_of(hand.match.game, hand.entry).items():
            setattr(hand, name, value)
        hands.append(hand)
    fields = list(columns_of("belote", {}))
    Hand.objects.bulk_update(hands, fields, batch_size=BATCH)


class Migration(migrations.Migration):

    dependencies = [
        ('scoresheets', '0010_creation_keys'),
    ]

    operations = [
        migrations.AddField(
            model_name='hand',
            name='entry',
            field=models.JSONField(default=dict),
        ),
        migrations.AddField(
            model_name='match',
            name='rule_values',
            field=models.JSONField(default=scoresheets.models.default_rule_values),
        ),
        migrations.RemoveConstraint(
            model_name='hand',
            name='hand_trick_points_range',
        ),
        migrations.RemoveConstraint(
            model_name='hand',
            name='hand_points_pair',
        ),
        migrations.RemoveConstraint(
            model_name='hand',
            name='hand_points_team',
        ),
        migrations.RemoveConstraint(
            model_name='hand',
            name='hand_capot_team',
        ),
        migrations.RemoveConstraint(
            model_name='hand',
            name='hand_belote_team',
        ),
        migrations.RemoveConstraint(
            model_name='hand',
            name='hand_renonce_team',
        ),
        migrations.RemoveConstraint(
            model_name='hand',
            name='hand_no_points_with_capot',
        ),
        migrations.RemoveConstraint(
            model_name='hand',
            name='hand_announcements_one_team',
        ),
        migrations.RemoveConstraint(
            model_name='hand',
            name='hand_belote_seat',
        ),
        migrations.RemoveConstraint(
            model_name='hand',
            name='hand_bid',
        ),
        migrations.RemoveConstraint(
            model_name='hand',
            name='hand_suit',
        ),
        migrations.RemoveConstraint(
            model_name='hand',
            name='hand_coinche',
        ),
        migrations.RemoveConstraint(
            model_name='match',
            name='match_target_positive',
        ),
        migrations.RemoveConstraint(
            model_name='match',
            name='match_rounding',
        ),
        migrations.RemoveConstraint(
            model_name='match',
            name='match_litige',
        ),
        migrations.RemoveConstraint(
            model_name='match',
            name='match_renonce',
        ),
        migrations.RemoveConstraint(
            model_name='match',
            name='match_capot_points',
        ),
        migrations.RemoveConstraint(
            model_name='match',
            name='match_made_score',
        ),
        migrations.RemoveConstraint(
            model_name='match',
            name='match_coinche_score',
        ),
        migrations.RemoveConstraint(
            model_name='match',
            name='match_capot_bid_points',
        ),
        # After the old constraints go (a belote holder's seat needs its belote
        # column, which the JSON fills back only at RunPython, backwards), before
        # the old columns do.
        migrations.RunPython(forwards, backwards),
        migrations.RemoveField(
            model_name='hand',
            name='announcements_a',
        ),
        migrations.RemoveField(
            model_name='hand',
            name='announcements_b',
        ),
        migrations.RemoveField(
            model_name='hand',
            name='belote',
        ),
        migrations.RemoveField(
            model_name='hand',
            name='bid',
        ),
        migrations.RemoveField(
            model_name='hand',
            name='capot',
        ),
        migrations.RemoveField(
            model_name='hand',
            name='coinche',
        ),
        migrations.RemoveField(
            model_name='hand',
            name='points_team',
        ),
        migrations.RemoveField(
            model_name='hand',
            name='renonce',
        ),
        migrations.RemoveField(
            model_name='hand',
            name='solo',
        ),
        migrations.RemoveField(
            model_name='hand',
            name='suit',
        ),
        migrations.RemoveField(
            model_name='hand',
            name='trick_points',
        ),
        migrations.RemoveField(
            model_name='match',
            name='announcements',
        ),
        migrations.RemoveField(
            model_name='match',
            name='announcements_count',
        ),
        migrations.RemoveField(
            model_name='match',
            name='belote_counts',
        ),
        migrations.RemoveField(
            model_name='match',
            name='capot_bid_points',
        ),
        migrations.RemoveField(
            model_name='match',
            name='capot_points',
        ),
        migrations.RemoveField(
            model_name='match',
            name='coinche_score',
        ),
        migrations.RemoveField(
            model_name='match',
            name='litige',
        ),
        migrations.RemoveField(
            model_name='match',
            name='made_score',
        ),
        migrations.RemoveField(
            model_name='match',
            name='renonce',
        ),
        migrations.RemoveField(
            model_name='match',
            name='rounding',
        ),
        migrations.RemoveField(
            model_name='match',
            name='target',
        ),
        migrations.RemoveField(
            model_name='match',
            name='win_needs_trick',
        ),
        migrations.AddConstraint(
            model_name='hand',
            constraint=models.CheckConstraint(condition=models.Q(('taker_seat__isnull', True), models.Q(('taker', 'A'), ('taker_seat__in', [1, 3])), models.Q(('taker', 'B'), ('taker_seat__in', [2, 4])), _connector='OR'), name='hand_taker_seat_team'),
        ),
        migrations.AddConstraint(
            model_name='hand',
            constraint=models.CheckConstraint(condition=models.Q(('belote_seat__isnull', True), models.Q(('belote_seat__gte', 1), ('belote_seat__lte', 4)), _connector='OR'), name='hand_belote_seat'),
        ),
    ]
