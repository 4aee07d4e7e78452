"""A knockout concours on the web (docs/concours.md 7): created from the
new-concours page, 6 teams registered, the bracket drawn (byes through at
once), matches ended through the hands' services (each winner goes on in the
same transaction), best of three, third place, a correction carried
through or refused, the pages (organiser, room, results, exports); refusals
are messages, never a 500."""

from __future__ import annotations

import datetime
import json
import re

import pytest
from django.test import Client

from scoresheets.concours import knockout
from scoresheets.concours import services as cs
from scoresheets.concours.ranking import rank_document
from scoresheets.matches import services
from scoresheets.models import Concours, ConcoursTable, Hand, Match
from scoresheets.scoring import HandInput, MatchError
from tests.factories import render_room_at_every_change

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _render_every_change(monkeypatch):
    """The room's live part rendered again at every change."""
    render_room_at_every_change(monkeypatch)


DAY = datetime.date(2026, 12, 5)
WIN_A = HandInput("A", "A", 162)  # side A +162
WIN_B = HandInput("B", "B", 162)
SHORT = {"format": "knockout", "length": {"target": 300}}  # two hands end a match


def make(teams=6, **options):
    concours = cs.concours_create(
        name="Coupe du club", date=DAY, preset="classique", settings={**SHORT, **options}
    )
    for n in range(1, teams + 1):
        cs.concours_entrant_register(concours=concours, name=f"Team {n}", players=[f"P{n}", "Q"])
    return concours


def playing(concours) -> list[ConcoursTable]:
    state = cs.load(concours)
    return [t for p in state.parties for t in p.tables if not t.match.finished]


def win(table: ConcoursTable, side="A"):
    """Side ``side`` wins the table's match 324-0 (two hands)."""
    match = Match.objects.get(pk=table.match_id)
    for _ in range(2):
        match = Match.objects.get(pk=match.pk)
        services.hand_record(match=match, hand=WIN_A if side == "A" else WIN_B)


def play_out(concours, side="A"):
    for _ in range(20):
        tables = playing(concours)
        if not tables:
            return
        for table in tables:
            win(table, side)


def test_the_draw_creates_round_one_and_the_byes_go_through():
    concours = make()
    cs.concours_draw(concours=concours)
    state = cs.load(concours)
    assert sorted(state.concours.draw) == [1, 2, 3, 4, 5, 6]
    first = state.parties[0]
    assert len(first.tables) == 2  # 6 teams in 8 places: 2 byes, 2 matches
    assert sorted(first.partie.byes) == sorted(state.concours.draw[:2])
    assert state.bracket.round_ties(2)[0].teams[0] == state.concours.draw[0]
    # Drawn twice (a double tap): nothing drawn again.
    cs.concours_draw(concours=concours)
    assert ConcoursTable.objects.count() == 2


def test_each_winner_goes_on_in_the_same_write_to_the_final():
    concours = make(third_place=True)
    cs.concours_draw(concours=concours)
    win(playing(concours)[0])
    state = cs.load(concours)
    # The semi-final of the first bye is created as soon as its winner is known.
    assert len(state.parties) == 2 and len(state.parties[1].tables) == 1
    play_out(concours)
    state = cs.load(concours)
    assert state.over
    outcome = knockout.outcome_document(state.bracket)
    assert outcome["champion"] and outcome["third"] and outcome["fourth"]
    final_round = state.parties[-1]
    assert sorted(t.number for t in final_round.tables) == [1, 2]  # final, third place
    # The export is the bracket document: rank_concours reads it as the pages do.
    assert rank_document(cs.results_document(concours))["champion"] == outcome["champion"]


def test_best_of_three_plays_a_second_and_a_third_match():
    concours = make(teams=2, best_of=3)
    cs.concours_draw(concours=concours)
    win(playing(concours)[0], "A")
    assert ConcoursTable.objects.filter(leg=2).exists()
    win(playing(concours)[0], "B")
    assert ConcoursTable.objects.filter(leg=3).exists()
    win(playing(concours)[0], "A")
    state = cs.load(concours)
    assert state.over and state.bracket.final.wins == (2, 1)


def test_a_correction_before_the_next_match_starts_changes_who_goes_on():
    concours = make(teams=4)
    cs.concours_draw(concours=concours)
    first, second = playing(concours)
    win(first, "A")
    win(second, "A")
    final = playing(concours)[0]
    assert final.side_a == first.side_a
    # The last hand of the first table corrected: side B wins it now.
    match = Match.objects.get(pk=first.match_id)
    for hand in Hand.objects.filter(match=match).order_by("pk"):
        match = Match.objects.get(pk=match.pk)
        services.hand_update(
            match=match, hand_id=hand.pk, hand=WIN_B, expected_version=hand.version
        )
    final = playing(concours)[0]
    assert final.side_a == first.side_b


def test_a_correction_once_the_next_match_started_is_refused():
    concours = make(teams=4)
    cs.concours_draw(concours=concours)
    first, second = playing(concours)
    win(first, "A")
    win(second, "A")
    final = playing(concours)[0]
    services.hand_record(match=Match.objects.get(pk=final.match_id), hand=WIN_A)
    match = Match.objects.get(pk=first.match_id)
    hand = Hand.objects.filter(match=match).order_by("pk").last()
    with pytest.raises(MatchError) as error:
        services.hand_update(
            match=match, hand_id=hand.pk, hand=WIN_B, expected_version=hand.version
        )
    assert [p.code for p in error.value.problems] == ["knockout_next_started"]
    assert Match.objects.get(pk=first.match_id).winner == "A"  # nothing saved


def test_registration_and_leaving_close_at_the_draw_and_undraw_reopens():
    concours = make(teams=3)
    cs.concours_draw(concours=concours)
    with pytest.raises(MatchError) as error:
        cs.concours_entrant_register(concours=concours, name="Late")
    assert [p.code for p in error.value.problems] == ["bracket_drawn"]
    with pytest.raises(MatchError):
        cs.concours_entrant_leave(concours=concours, number=1)
    cs.concours_undraw(concours=concours)
    assert Concours.objects.get(pk=concours.pk).draw == [] and not ConcoursTable.objects.exists()
    cs.concours_entrant_register(concours=concours, name="Late")
    cs.concours_draw(concours=concours)
    assert len(cs.load(concours).concours.draw) == 4


def test_too_few_teams_to_draw():
    concours = make(teams=1)
    with pytest.raises(MatchError) as error:
        cs.concours_draw(concours=concours)
    assert [p.code for p in error.value.problems] == ["too_few"]


# --------------------------------------------------------------------------
# Pages
# --------------------------------------------------------------------------


def new_concours_form(**extra):
    return {
        "name": "Coupe",
        "date": "2026-12-05",
        "preset": "classique",
        "mode": "teams",
        "format": "knockout",
        "best_of": "1",
        "parties": "4",
        "bye_kind": "half",
        **extra,
    }


def test_the_new_concours_page_creates_a_knockout_to_the_preset_s_target(client: Client):
    page = client.get("/concours/nouveau/")
    assert "Élimination directe" in page.content.decode()
    response = client.post("/concours/nouveau/", new_concours_form(third_place="on"))
    assert response.status_code == 303
    concours = Concours.objects.get()
    assert concours.settings == {
        "format": "knockout",
        "best_of": 1,
        "third_place": True,
        "length": {"target": 1000},
        "game": "belote",
    }


def test_a_knockout_a_la_melee_is_refused_by_the_form(client: Client):
    response = client.post("/concours/nouveau/", new_concours_form(mode="melee"))
    assert response.status_code == 422
    assert "équipes formées" in response.content.decode()
    assert not Concours.objects.exists()


def test_the_organiser_draws_the_bracket_and_sees_it(client: Client):
    concours = make()
    url = f"/c/{concours.token}/"
    page = client.get(url).content.decode()
    assert "Tirer le tableau" in page and "penalites" not in page
    response = client.post(f"{url}tirage/", {"partie": "1"})
    assert response.status_code == 303
    page = client.get(url).content.decode()
    assert "Tableau tiré" in page
    assert page.count('class="bracket-round"') == 3
    assert "Quarts de finale" in page and "Finale" in page
    # Registering after the draw: a message, never a 500.
    response = client.post(f"{url}inscription/", {"name": "Late"})
    assert response.status_code == 422
    assert "Le tableau est tiré" in response.content.decode()


def test_the_room_and_the_results_show_the_bracket_live(client: Client):
    concours = make(third_place=True)
    cs.concours_draw(concours=concours)
    room = f"/voir/concours/{concours.read_token}/salle/"
    page = client.get(room).content.decode()
    assert "bracket.css" in page and page.count('class="bracket-round"') == 3
    win(playing(concours)[0])
    page = client.get(room).content.decode()
    assert 'data-state="won"' in page
    play_out(concours)
    page = client.get(room).content.decode()
    assert "Vainqueur" in page
    results = client.get(f"/voir/concours/{concours.read_token}/resultats/").content.decode()
    assert "Vainqueur" in results and "Troisième" in results and "Quarts de finale" in results
    csv = client.get(f"/voir/concours/{concours.read_token}/classement.csv").content.decode()
    assert csv.splitlines()[0].lstrip("\ufeff").startswith("Place;")
    document = client.get(f"/voir/concours/{concours.read_token}/resultats.json")
    assert json.loads(document.content)["settings"]["format"] == "knockout"
    assert client.get(f"/voir/concours/{concours.read_token}/feuilles.zip").status_code == 200


def test_a_phone_following_its_team_sees_its_table_and_then_its_place(client: Client):
    concours = make(teams=2)
    cs.concours_draw(concours=concours)
    page = client.get(f"/voir/concours/{concours.read_token}/salle/?equipe=1").content.decode()
    assert re.search(r"Finale : table 1, contre Team 2", page)
    play_out(concours)
    page = client.get(f"/voir/concours/{concours.read_token}/salle/?equipe=1").content.decode()
    assert re.search(r"Place : [12] \(Finale\)", page)


def test_a_table_card_leads_to_the_match_under_way_at_its_table(client: Client):
    from scoresheets.concours.room import card_key

    concours = make(teams=4)
    cs.concours_draw(concours=concours)
    first = playing(concours)[0]
    win(first)
    win(playing(concours)[0])
    final = playing(concours)[0]
    response = client.get(f"/carte/{concours.read_token}/{card_key(concours, 1)}/1/")
    assert response.status_code == 302
    assert final.match.token in response["Location"]


def test_a_baloot_championship_is_a_knockout_of_matches_to_152():
    """Issue 30: baloot's championships are knockouts (خروج المغلوب): a
    concours of baloot, each tie a baloot match to 152 (its preset's
    target), the winner of each table's match going through."""
    from scoresheets.games.baloot.engine import BalootHand

    concours = cs.concours_create(
        name="بطولة الديوانية", date=DAY, preset="kammelna", settings={"format": "knockout"}
    )
    assert concours.game == "baloot"
    for n in range(1, 5):
        cs.concours_entrant_register(concours=concours, name=f"Team {n}", players=["A", "B"])
    cs.concours_draw(concours=concours)
    tables = playing(concours)
    assert len(tables) == 2
    for table in tables:
        match = Match.objects.get(pk=table.match_id)
        assert (match.game, match.rules.target) == ("baloot", 152)
        # A Sun kaboot is 44 game points: four of them and a bit pass 152.
        for _ in range(4):
            match = Match.objects.get(pk=match.pk)
            services.hand_record(match=match, hand=BalootHand("A", "sun", kaboot="A"))
        match.refresh_from_db()
        assert match.finished and match.winner == "A"
    (final,) = playing(concours)
    assert Match.objects.get(pk=final.match_id).game == "baloot"


def test_a_knockout_table_s_sheet_names_its_round(client: Client):
    """A table's sheet said "Partie 1 · Table 1" in a knockout, whose
    parties are its rounds: it names the round ("Demi-finales"), the final
    and the match for third place."""
    concours = make(teams=4, third_place=True)
    cs.concours_draw(concours=concours)
    semi = playing(concours)[0]
    page = client.get(f"/m/{Match.objects.get(pk=semi.match_id).token}/").content.decode()
    assert "Coupe du club · Demi-finales · Table 1" in page
    play_out(concours)
    tables = {t.number: t for p in cs.load(concours).parties if p.number == 2 for t in p.tables}
    final = client.get(f"/m/{tables[1].match.token}/").content.decode()
    third = client.get(f"/m/{tables[2].match.token}/").content.decode()
    assert "Coupe du club · Finale · Table 1" in final
    assert "Coupe du club · Match pour la 3e place · Table 2" in third
