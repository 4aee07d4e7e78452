"""The hands a new hand leaves kept in the process (issue 31, "a cheaper
save", scoresheets/matches/kept_hands.py): the next new hand at that version
starts from them, any other version reads the database, a rolled-back write
keeps nothing, and every total stays the engine's on the hands stored."""

from __future__ import annotations

import random

import pytest
from django.db.models import F
from django.test import Client

from scoresheets import scoring
from scoresheets.matches import kept_hands, services
from scoresheets.matches.scoresheet import match_get_scoresheet
from scoresheets.models import Match, Player
from tests.factories import entry_form, hand, make_match

pytestmark = pytest.mark.django_db

HANDS_READ = 'FROM "scoresheets_hand"'
PLAYERS_READ = 'FROM "scoresheets_player"'


@pytest.fixture(autouse=True)
def _nothing_kept():
    kept_hands.KEPT.clear()
    yield
    kept_hands.KEPT.clear()


def _record(match: Match, one, commits) -> services.HandChange:
    """``hand_record`` as a view calls it (its transaction commits: its
    on-commit work done), at the match's current version."""
    match.refresh_from_db()
    with commits(execute=True):
        return services.hand_record(match=match, hand=one, seen_version=match.version)


def _hands_read(captured) -> int:
    return sum(HANDS_READ in query["sql"] for query in captured.captured_queries)


def _totals_stored(match: Match) -> scoring.Pair:
    """The engine's totals on the hands as stored (read again)."""
    match = Match.objects.get(pk=match.pk)
    return match_get_scoresheet(match).result.totals


def test_the_next_new_hand_starts_from_the_hands_the_last_one_kept(
    django_capture_on_commit_callbacks, django_assert_max_num_queries
):
    match = make_match()
    _record(match, hand("A", 100), django_capture_on_commit_callbacks)
    match.refresh_from_db()
    with (
        django_assert_max_num_queries(20) as captured,
        django_capture_on_commit_callbacks(execute=True),
    ):
        change = services.hand_record(match=match, hand=hand("B", 90), seen_version=match.version)
    assert _hands_read(captured) == 0
    assert [h.number for h in change.after.hands] == [1, 2]
    assert change.after.result.totals == _totals_stored(match)


def test_a_version_moved_on_elsewhere_reads_the_hands_again(
    django_capture_on_commit_callbacks, django_assert_max_num_queries
):
    match = make_match()
    first = _record(match, hand("A", 100), django_capture_on_commit_callbacks).hand
    _record(match, hand("B", 90), django_capture_on_commit_callbacks)
    # Another worker corrects hand 1 (its own process keeps nothing here).
    match.refresh_from_db()
    services.hand_update(
        match=match, hand_id=first.pk, hand=hand("A", 60), expected_version=first.version
    )
    match.refresh_from_db()
    with django_assert_max_num_queries(20) as captured:
        change = services.hand_record(match=match, hand=hand("A", 120), seen_version=match.version)
    assert _hands_read(captured) == 1
    assert change.after.result.totals == _totals_stored(match)
    assert change.after.result.hands[0].tricks.a == 60  # the correction, not the kept


def test_a_rolled_back_write_keeps_nothing(django_capture_on_commit_callbacks, monkeypatch):
    match = make_match(target=150)
    _record(match, hand("A", 100), django_capture_on_commit_callbacks)

    def refuse(locked):
        raise scoring.MatchError([scoring.Problem(2, "hand", "refused", "refused")])

    monkeypatch.setattr(services, "OUTCOME_HOOKS", [refuse])
    match.refresh_from_db()
    kept_before = kept_hands.KEPT.get(match)
    with pytest.raises(scoring.MatchError):
        # Its outcome changes (the target reached): the hook refuses it, all rolled back.
        _record(match, hand("A", 162), django_capture_on_commit_callbacks)
    match.refresh_from_db()
    assert [h.number for h in kept_hands.KEPT.get(match)] == [h.number for h in kept_before]
    monkeypatch.setattr(services, "OUTCOME_HOOKS", [])
    change = _record(match, hand("B", 90), django_capture_on_commit_callbacks)
    assert [h.number for h in change.after.hands] == [1, 2]
    assert change.after.result.totals == _totals_stored(match)


def test_another_match_under_the_same_id_never_meets_them():
    kept = kept_hands.KeptHands()
    match = Match(pk=7, token="first", version=3)
    kept._keep(7, "first", 3, ("hand",))
    assert kept.get(match) == ["hand"]
    assert kept.get(Match(pk=7, token="second", version=3)) is None
    assert kept.get(Match(pk=7, token="first", version=4)) is None


def test_the_matches_least_recently_written_go_first():
    kept = kept_hands.KeptHands(limit=5)
    kept._keep(1, "a", 1, (1, 2))
    kept._keep(2, "b", 1, (1, 2))
    kept.get(Match(pk=1, token="a", version=1))  # read: kept longer
    kept._keep(3, "c", 1, (1, 2))  # 6 hands: the oldest match goes
    assert kept.get(Match(pk=2, token="b", version=1)) is None
    assert kept.get(Match(pk=1, token="a", version=1)) == [1, 2]
    kept._keep(4, "d", 1, tuple(range(6)))  # more than the limit alone: not kept
    assert kept.get(Match(pk=4, token="d", version=1)) is None
    assert kept.get(Match(pk=3, token="c", version=1)) == [1, 2]


def test_random_writes_end_on_the_engines_totals_of_the_hands_stored(
    django_capture_on_commit_callbacks,
):
    # New hands (from kept hands or not), corrections, deletions and restores
    # in a random order: after each, the answer's totals are the engine's on
    # the hands as stored.
    rng = random.Random(31)
    match = make_match(target=100_000)
    for _ in range(60):
        match.refresh_from_db()
        live = list(match_get_scoresheet(match).hands)
        gone = list(match.hands.filter(deleted_at__isnull=False, withdrawn=False))
        roll = rng.random()
        one = hand(rng.choice("AB"), rng.randrange(82, 163))
        with django_capture_on_commit_callbacks(execute=True):
            if roll < 0.6 or not live:
                change = services.hand_record(match=match, hand=one, seen_version=match.version)
            elif roll < 0.75:
                target = rng.choice(live)
                change = services.hand_update(
                    match=match, hand_id=target.pk, hand=one, expected_version=target.version
                )
            elif roll < 0.9 or not gone:
                target = rng.choice(live)
                change = services.hand_delete(
                    match=match, hand_id=target.pk, expected_version=target.version
                )
            else:
                target = rng.choice(gone)
                change = services.hand_restore(match=match, hand_id=target.pk)
        if change.after is not None:
            assert change.after.result.totals == _totals_stored(match)


def _players_read(captured) -> int:
    return sum(PLAYERS_READ in query["sql"] for query in captured.captured_queries)


def _enter(client: Client, match: Match, number: int, commits):
    """Hand ``number`` typed on the match page and saved (htmx), its
    transaction's on-commit work done."""
    body = entry_form(match, taker="1", points="100", number=str(number))
    with commits(execute=True):
        saved = client.post(f"/m/{match.token}/donnes/", body, headers={"HX-Request": "true"})
    assert saved.status_code == 200
    return saved


def test_the_next_new_hand_builds_its_form_from_the_players_kept(
    client: Client, django_capture_on_commit_callbacks, django_assert_max_num_queries
):
    match = make_match()
    _enter(client, match, 1, django_capture_on_commit_callbacks)
    with django_assert_max_num_queries(30) as captured:
        second = _enter(client, match, 2, django_capture_on_commit_callbacks)
    assert _players_read(captured) == 0
    body = second.content.decode()
    assert 'id="hand-2"' in body
    for player in Player.objects.filter(match=match):
        assert f">{player.name}<" in body  # the fresh form's taker chips


def test_players_renamed_since_are_read_again(
    client: Client, django_capture_on_commit_callbacks, django_assert_max_num_queries
):
    # A concours's renaming (concours.services._rename): the players' names
    # change and the match's version with them.
    match = make_match()
    _enter(client, match, 1, django_capture_on_commit_callbacks)
    Player.objects.filter(match=match, seat=1).update(name="Zoé")
    Match.objects.filter(pk=match.pk).update(version=F("version") + 1)
    with django_assert_max_num_queries(30) as captured:
        second = _enter(client, match, 2, django_capture_on_commit_callbacks)
    assert _players_read(captured) == 1
    assert ">Zoé<" in second.content.decode()


def test_players_read_at_another_version_than_the_one_seen_are_not_kept(
    django_capture_on_commit_callbacks,
):
    match = make_match()
    players = list(match.players.all())
    stale = Match.objects.get(pk=match.pk)
    _record(match, hand("A", 100), django_capture_on_commit_callbacks)
    match.refresh_from_db()
    # The caller read the match (and its players) before the last hand, and
    # says it saw the version after it: the players are not vouched for.
    with django_capture_on_commit_callbacks(execute=True):
        services.hand_record(
            match=stale, hand=hand("B", 90), seen_version=match.version, players=players
        )
    assert kept_hands.KEPT.players(Match.objects.get(pk=match.pk)) is None
    with django_capture_on_commit_callbacks(execute=True):
        services.hand_record(
            match=Match.objects.get(pk=match.pk),
            hand=hand("A", 90),
            seen_version=match.version + 1,
            players=players,
        )
    assert [p.name for p in kept_hands.KEPT.players(Match.objects.get(pk=match.pk))] == [
        p.name for p in players
    ]
