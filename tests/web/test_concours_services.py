"""The concours' services (docs/concours.md, "The web part"): what they
store, and that the ranking and the draw are the pure core's on the results
document built from the database."""

from __future__ import annotations

import datetime
import random

import pytest

from scoresheets.concours import pairing, ranking
from scoresheets.concours import services as cs
from scoresheets.matches import services
from scoresheets.models import Concours, ConcoursEntrant, ConcoursPenalty, Match
from scoresheets.scoring import HandInput, MatchError

pytestmark = pytest.mark.django_db

DAY = datetime.date(2026, 12, 5)
WIN_A = HandInput("A", "A", 162)  # side A +162
WIN_B = HandInput("B", "B", 162)  # side B +162
SHORT = {"parties": 3, "length": {"target": 300}}  # two hands end a table


def make(settings=None, teams=4, preset="classique"):
    concours = cs.concours_create(
        name="Concours du comité", date=DAY, preset=preset, settings=settings or SHORT
    )
    for n in range(1, teams + 1):
        cs.concours_entrant_register(
            concours=concours, name=f"Équipe {n}", players=[f"P{n}a", f"P{n}b"]
        )
    return concours


def codes(error):
    return [p.code for p in error.value.problems]


def play(concours, winner="A"):
    """Finish every table of the current partie: side ``winner`` wins 324-0."""
    state = cs.load(concours)
    for table in state.current.tables:
        for _ in range(2):
            services.hand_record(match=table.match, hand=WIN_A if winner == "A" else WIN_B)


def test_create_keeps_the_settings_and_freezes_the_presets_rules():
    concours = cs.concours_create(name=" Nuit ", date=DAY, preset="entre_amis", settings={})
    assert concours.name == "Nuit"
    assert concours.game == "coinche"
    assert concours.settings == {"game": "coinche"}
    state = cs.load(concours)
    assert state.settings.parties == 4
    assert state.settings.length.target == 2001  # coinche's default, docs/concours.md 1.2
    assert state.settings.ranking == "win_points"


def test_create_refuses_bad_settings_and_an_unknown_preset():
    with pytest.raises(MatchError) as error:
        cs.concours_create(name="X", date=DAY, preset="classique", settings={"parties": 0})
    assert codes(error) == ["out_of_range"]
    with pytest.raises(MatchError) as error:
        cs.concours_create(name="X", date=DAY, preset="nope")
    assert codes(error) == ["invalid_choice"]
    # À la coinche, half a partie in donnes is undefined (2.2).
    with pytest.raises(MatchError) as error:
        cs.concours_create(
            name="X", date=DAY, preset="entre_amis", settings={"length": {"donnes": 12}}
        )
    assert codes(error) == ["bye_undefined"]
    assert not Concours.objects.exists()


def test_create_once_per_key():
    one = cs.concours_create(name="X", date=DAY, preset="classique", key="k1")
    two = cs.concours_create(name="X", date=DAY, preset="classique", key="k1")
    assert one.pk == two.pk
    assert Concours.objects.count() == 1


def test_registration_numbers_teams_and_a_double_tap_registers_once():
    concours = make(teams=2)
    again = cs.concours_entrant_register(concours=concours, name="Les Frangins", key="abc")
    same = cs.concours_entrant_register(concours=concours, name="Les Frangins", key="abc")
    assert again.pk == same.pk
    assert [e.number for e in concours.entrants.all()] == [1, 2, 3]
    assert cs.load(concours).document["teams"][2] == {"number": 3, "name": "Les Frangins"}


def test_registration_refuses_a_name_too_long_for_the_document():
    concours = make(teams=0)
    with pytest.raises(MatchError) as error:
        cs.concours_entrant_register(concours=concours, name="", players=["x" * 101])
    assert codes(error) == ["out_of_range"]
    assert not concours.entrants.exists()


def test_the_draw_is_the_pure_cores_and_creates_one_match_a_table():
    concours = make(teams=5)
    before = cs.load(concours)
    expected = pairing.draw_partie(before.parsed, random.Random(concours.seed + 1)).document()
    partie = cs.concours_draw(concours=concours)
    state = cs.load(concours)
    assert state.document["parties"][0]["tables"] == [
        {**t, "points": [0, 0], "finished": False} for t in expected["tables"]
    ]
    assert state.document["parties"][0]["byes"] == expected["byes"]
    assert partie.tables.count() == 2
    table = state.current.tables[0]
    assert table.match.team_a_name == state.label(table.side_a[0])
    players = [p.name for p in table.match.players.order_by("seat")]
    a, b = table.side_a[0], table.side_b[0]
    assert players == [f"P{a}a", f"P{b}a", f"P{a}b", f"P{b}b"]
    assert table.match.target == 300
    assert table.match.preset == "classique"


def test_ranking_comes_from_the_core_on_the_document_from_the_database():
    concours = make(teams=4)
    cs.concours_draw(concours=concours)
    play(concours)
    state = cs.load(concours)
    assert state.ranking() == ranking.rank_document(cs.results_document(concours))
    top = state.ranking()["standings"]
    assert [s["points"] for s in top] == [324, 324, 0, 0]
    winners = {t.side_a[0] for t in state.current.tables}
    assert {s["team"] for s in top[:2]} == winners


def test_next_draw_waits_for_every_table_unless_forced():
    concours = make(teams=4)
    cs.concours_draw(concours=concours)
    state = cs.load(concours)
    services.hand_record(match=state.current.tables[0].match, hand=WIN_A)
    services.hand_record(match=state.current.tables[0].match, hand=WIN_A)
    with pytest.raises(MatchError) as error:
        cs.concours_draw(concours=concours)
    assert codes(error) == ["tables_playing"]
    assert dict(error.value.problems[0].params)["tables"] == "2"
    cs.concours_draw(concours=concours, force=True)
    assert concours.parties.count() == 2


def test_second_partie_is_by_ranking_with_no_rematch_and_tables_in_ranking_order():
    concours = make(teams=4)
    cs.concours_draw(concours=concours)
    play(concours)
    first = cs.load(concours)
    met = {frozenset((t.side_a[0], t.side_b[0])) for t in first.current.tables}
    order = [s["team"] for s in first.ranking()["standings"]]
    cs.concours_draw(concours=concours)
    second = cs.load(concours).current
    pairs = [frozenset((t.side_a[0], t.side_b[0])) for t in second.tables]
    assert not set(pairs) & met
    assert second.tables[0].side_a[0] == order[0]  # table 1: the leader's


def test_all_parties_drawn_is_concours_over():
    concours = make(settings={"parties": 1, "length": {"target": 300}}, teams=2)
    cs.concours_draw(concours=concours)
    play(concours)
    with pytest.raises(MatchError) as error:
        cs.concours_draw(concours=concours)
    assert codes(error) == ["concours_over"]
    assert cs.load(concours).over


def test_too_few_teams_to_draw():
    concours = make(teams=1)
    with pytest.raises(MatchError) as error:
        cs.concours_draw(concours=concours)
    assert codes(error) == ["too_few"]


def test_a_late_arrival_plays_from_the_next_partie():
    concours = make(teams=4)
    cs.concours_draw(concours=concours)
    late = cs.concours_entrant_register(concours=concours, name="Les Retardataires")
    assert late.arrived == 2
    play(concours)
    cs.concours_draw(concours=concours)
    state = cs.load(concours)
    assert 5 in list(state.document["parties"][1]["byes"]) + [
        n for t in state.current.tables for n in (*t.side_a, *t.side_b)
    ]
    standing = next(s for s in state.ranking()["standings"] if s["team"] == 5)
    assert standing["late"] is True


def test_cancelling_a_draw_not_started_lets_a_late_arrival_in():
    concours = make(teams=3)
    cs.concours_draw(concours=concours)
    cs.concours_entrant_register(concours=concours, name="Quatre")
    matches = list(Match.objects.values_list("pk", flat=True))
    assert cs.concours_undraw(concours=concours) == 1
    assert not Match.objects.filter(pk__in=matches).exists()
    assert concours.entrants.get(number=4).arrived == 1
    cs.concours_draw(concours=concours)
    assert len(cs.load(concours).current.tables) == 2


def test_a_draw_cannot_be_cancelled_once_a_hand_is_entered():
    concours = make(teams=4)
    cs.concours_draw(concours=concours)
    services.hand_record(match=cs.load(concours).current.tables[0].match, hand=WIN_A)
    with pytest.raises(MatchError) as error:
        cs.concours_undraw(concours=concours)
    assert codes(error) == ["partie_started"]


def test_a_team_that_leaves_is_ranked_and_not_drawn_again():
    concours = make(teams=4)
    cs.concours_draw(concours=concours)
    cs.concours_entrant_leave(concours=concours, number=2)
    play(concours)
    cs.concours_draw(concours=concours)
    state = cs.load(concours)
    placed = [n for t in state.current.tables for n in (*t.side_a, *t.side_b)]
    assert 2 not in placed + list(state.current.partie.byes)
    assert len(placed) == 2 and len(state.current.partie.byes) == 1
    standing = next(s for s in state.ranking()["standings"] if s["team"] == 2)
    assert standing["abandon"] is True


def test_a_team_that_never_played_is_struck_off_when_it_leaves():
    concours = make(teams=3)
    assert cs.concours_entrant_leave(concours=concours, number=3) is None
    assert [e.number for e in concours.entrants.all()] == [1, 2]


def test_leaving_refusals_and_coming_back():
    concours = make(settings={"parties": 1, "length": {"target": 300}}, teams=2)
    with pytest.raises(ConcoursEntrant.DoesNotExist):
        cs.concours_entrant_leave(concours=concours, number=9)
    cs.concours_draw(concours=concours)
    with pytest.raises(MatchError) as error:
        cs.concours_entrant_leave(concours=concours, number=1)
    assert codes(error) == ["last_partie"]
    other = make(teams=2)
    cs.concours_draw(concours=other)
    cs.concours_entrant_leave(concours=other, number=1)
    with pytest.raises(MatchError) as error:
        cs.concours_entrant_leave(concours=other, number=1)
    assert codes(error) == ["already_left"]
    assert cs.concours_entrant_return(concours=other, number=1).left_after is None


def test_swap_before_the_partie_starts_renames_the_tables():
    concours = make(teams=5)
    cs.concours_draw(concours=concours)
    state = cs.load(concours)
    one, two = state.current.tables
    a, b = one.side_a[0], two.side_b[0]
    version = one.match.version
    cs.concours_swap(concours=concours, a=a, b=b)
    after = cs.load(concours).current
    assert after.tables[0].side_a == [b]
    assert after.tables[1].side_b == [a]
    match = Match.objects.get(pk=one.match_id)
    assert match.team_a_name == state.label(b)
    assert match.version == version + 1
    assert match.players.get(seat=1).name == f"P{b}a"
    bye = state.current.partie.byes[0]
    cs.concours_swap(concours=concours, a=bye, b=a)
    assert cs.load(concours).current.partie.byes == [a]


def test_swap_refusals():
    concours = make(teams=4)
    with pytest.raises(MatchError) as error:
        cs.concours_swap(concours=concours, a=1, b=2)
    assert codes(error) == ["no_partie"]
    cs.concours_draw(concours=concours)
    table = cs.load(concours).current.tables[0]
    with pytest.raises(MatchError) as error:
        cs.concours_swap(concours=concours, a=table.side_a[0], b=table.side_b[0])
    assert codes(error) == ["no_change"]
    with pytest.raises(MatchError) as error:
        cs.concours_swap(concours=concours, a=1, b=99)
    assert codes(error) == ["not_in_draw"]
    services.hand_record(match=table.match, hand=HandInput(None))
    with pytest.raises(MatchError) as error:  # a redeal is a start
        cs.concours_swap(concours=concours, a=1, b=2)
    assert codes(error) == ["partie_started"]


def test_a_penalty_to_the_opponents_counts_in_the_ranking_and_shows_on_the_table():
    concours = make(teams=2)
    cs.concours_draw(concours=concours)
    table = cs.load(concours).current.tables[0]
    faulty = table.side_a[0]
    cs.concours_penalty(concours=concours, entrant=faulty, points=162, reason="maldonne")
    standings = {s["team"]: s for s in cs.load(concours).ranking()["standings"]}
    assert standings[table.side_b[0]]["points"] == 162
    assert standings[faulty]["penalties"] == 162
    banner = cs.table_banner(table.match)
    assert (banner["partie"], banner["table"]) == (1, 1)
    assert [(p.points, p.reason) for p, _name, _side in banner["penalties"]] == [(162, "maldonne")]


def test_penalty_refusals_leave_nothing():
    concours = make(teams=3)
    with pytest.raises(MatchError) as error:
        cs.concours_penalty(concours=concours, entrant=1, points=162)
    assert codes(error) == ["no_partie"]
    cs.concours_draw(concours=concours)
    bye = cs.load(concours).current.partie.byes[0]
    with pytest.raises(MatchError) as error:
        cs.concours_penalty(concours=concours, entrant=bye, points=162)
    assert codes(error) == ["no_opponents"]
    with pytest.raises(MatchError) as error:
        cs.concours_penalty(concours=concours, entrant=42, points=162)
    assert codes(error) == ["unknown_team"]
    with pytest.raises(MatchError) as error:
        seated = cs.load(concours).current.tables[0].side_a[0]
        cs.concours_penalty(concours=concours, entrant=seated, points=0)
    assert codes(error) == ["out_of_range"]
    assert not ConcoursPenalty.objects.exists()
    made = cs.concours_penalty(concours=concours, entrant=bye, points=50, kind="deducted")
    cs.concours_penalty_delete(concours=concours, penalty_id=made.pk)
    assert not ConcoursPenalty.objects.exists()


def test_seat_of_tells_a_team_its_table_and_opponents():
    concours = make(teams=3)
    assert cs.seat_of(cs.load(concours), 1) is None
    cs.concours_draw(concours=concours)
    state = cs.load(concours)
    table = state.current.tables[0]
    seat = cs.seat_of(state, table.side_b[0])
    assert (seat.partie, seat.table.number, seat.team) == (1, 1, "B")
    assert seat.opponents == state.label(table.side_a[0])
    bye = cs.seat_of(state, state.current.partie.byes[0])
    assert bye.table is None


def test_table_lines_count_donnes_without_redeals_and_flag_idle_tables():
    concours = make(teams=2)
    cs.concours_draw(concours=concours)
    state = cs.load(concours)
    match = state.current.tables[0].match
    services.hand_record(match=match, hand=HandInput(None))
    services.hand_record(match=match, hand=WIN_A)
    state = cs.load(concours)
    (line,) = cs.table_lines(state, state.current)
    assert (line.donnes, line.totals, line.finished, line.idle) == (1, (162, 0), False, False)
    later = match.updated_at + cs.IDLE + datetime.timedelta(seconds=1)
    (line,) = cs.table_lines(cs.load(concours), cs.load(concours).current, now=later)
    assert line.idle


def test_melee_draws_players_and_ranks_players():
    concours = cs.concours_create(
        name="Mêlée", date=DAY, preset="classique", settings={**SHORT, "mode": "melee"}
    )
    for n in range(1, 10):
        cs.concours_entrant_register(concours=concours, name=f"Joueur {n}")
    cs.concours_draw(concours=concours)
    state = cs.load(concours)
    assert len(state.current.tables) == 2
    assert len(state.current.partie.byes) == 1
    table = state.current.tables[0]
    assert len(table.side_a) == 2
    assert table.match.team_a_name == " & ".join(state.label(n) for n in table.side_a)
    play(concours)
    standings = cs.load(concours).ranking()["standings"]
    assert len(standings) == 9 and "player" in standings[0]
    with pytest.raises(MatchError) as error:
        cs.concours_entrant_register(concours=concours, name=" ")
    assert codes(error) == ["required"]


def test_a_partie_in_donnes_ends_on_its_kth_donne_a_redeal_not_counted():
    from scoresheets import presets

    if "donnes" not in presets.rule_names("belote"):
        pytest.skip("the engines' rule donnes is not on this branch yet")
    concours = make(settings={"parties": 2, "length": {"donnes": 2}, "last_length": {"donnes": 3}})
    cs.concours_draw(concours=concours)
    match = cs.load(concours).current.tables[0].match
    assert match.rules.donnes == 2
    for hand in (WIN_A, HandInput(None), WIN_B):
        services.hand_record(match=match, hand=hand)
    match.refresh_from_db()
    assert match.finished and match.hands_count == 3
    (line, _other) = cs.table_lines(cs.load(concours), cs.load(concours).current)
    assert line.donnes == 2
    for table in cs.load(concours).current.tables[1:]:
        for _ in range(2):
            services.hand_record(match=table.match, hand=WIN_A)
    cs.concours_draw(concours=concours)
    assert cs.load(concours).current.tables[0].match.rules.donnes == 3  # the last partie's


def test_a_klaverjas_drive_draws_partners_each_round_and_ranks_players():
    """Issue 29: a klaverjas drive (a mêlée of klaverjas): 8 players, 2
    rounds of 2 games, partners drawn each round, every table a klaverjas
    match of that many games, players ranked on their points."""
    from scoresheets.games.klaverjas.engine import KlaverjasHand

    settings = {"mode": "melee", "parties": 2, "length": {"donnes": 2}}
    concours = cs.concours_create(name="Drive", date=DAY, preset="competitie", settings=settings)
    assert concours.game == "klaverjas"
    for n in range(1, 9):
        cs.concours_entrant_register(concours=concours, name=f"Speler {n}")
    partners = []
    for _round in range(2):
        cs.concours_draw(concours=concours)
        state = cs.load(concours)
        assert len(state.current.tables) == 2 and not state.current.partie.byes
        for table in state.current.tables:
            match = table.match
            assert (match.game, match.rules.end, match.rules.games) == ("klaverjas", "games", 2)
            partners.append(tuple(sorted(table.side_a)))
            services.hand_record(match=match, hand=KlaverjasHand("A", "A", 100), taker_seat=1)
            services.hand_record(match=match, hand=KlaverjasHand("B", "B", 90), taker_seat=2)
            match.refresh_from_db()
            assert match.finished and (match.total_a, match.total_b) == (172, 152)
    standings = cs.load(concours).ranking()["standings"]
    assert len(standings) == 8 and all("player" in line for line in standings)
    # Each player's points are the sum of their two tables' side's (a
    # drive's ranking): 172 or 152 a round.
    points = [line["points"] for line in standings]
    assert set(points) <= {344, 324, 304} and sum(points) == 2 * 2 * (2 * 172 + 2 * 152)
    assert points == sorted(points, reverse=True)


def test_a_jass_tournament_plays_passes_of_games_and_ranks_on_points():
    """Issue 29: a jass tournament (a "Turnierschieber", docs/concours.md
    2.5): players drawn into teams each Passe, every table a jass match of
    a fixed number of games (the tournament preset: no Weis nor Stöck, each
    game 157), players ranked on their points."""
    from scoresheets.games.jass.engine import JassHand

    settings = {"mode": "melee", "parties": 2, "length": {"donnes": 2}}
    concours = cs.concours_create(name="Turnier", date=DAY, preset="turnier_12", settings=settings)
    assert concours.game == "jass"
    for n in range(1, 9):
        cs.concours_entrant_register(concours=concours, name=f"Jasser {n}")
    for _passe in range(2):
        cs.concours_draw(concours=concours)
        state = cs.load(concours)
        assert len(state.current.tables) == 2 and not state.current.partie.byes
        for table in state.current.tables:
            match = table.match
            assert (match.game, match.rules.target, match.rules.rounds) == ("jass", None, 2)
            assert (match.rules.weis_stoeck, match.rules.match_bonus) == (False, 0)
            services.hand_record(match=match, hand=JassHand("hearts", "A", "A", 100))
            services.hand_record(match=match, hand=JassHand("obenabe", "B", "B", 90))
            match.refresh_from_db()
            assert match.finished and (match.total_a, match.total_b) == (167, 147)
    standings = cs.load(concours).ranking()["standings"]
    points = [line["points"] for line in standings]
    assert len(standings) == 8 and sum(points) == 2 * 2 * (2 * 167 + 2 * 147)
    assert set(points) <= {334, 314, 294} and points == sorted(points, reverse=True)


def test_a_jass_tournament_of_passes_in_points_plays_to_the_target():
    """A jass concours whose parties are in points: each table plays to that
    target (the rule ``target``, no ``rounds``)."""
    settings = {"parties": 1, "length": {"target": 500}}
    concours = cs.concours_create(
        name="Turnier", date=DAY, preset="schieber_1000", settings=settings
    )
    for n in range(1, 5):
        cs.concours_entrant_register(concours=concours, name=f"Team {n}")
    cs.concours_draw(concours=concours)
    match = cs.load(concours).current.tables[0].match
    assert (match.game, match.rules.target, match.rules.rounds) == ("jass", 500, None)
