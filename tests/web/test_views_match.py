"""The match page: totals, whose turn it is, the hands, banners, chart, share panel."""

from __future__ import annotations

import pytest
from django.test import Client

from scoresheets.matches import services
from scoresheets.matches.scoresheet import match_get_scoresheet
from tests.factories import hand, make_match, play

pytestmark = pytest.mark.django_db


def page(client: Client, match) -> str:
    response = client.get(f"/m/{match.token}/")
    assert response.status_code == 200
    return response.content.decode()


def test_it_shows_a_new_match(client: Client):
    match = make_match(first_dealer=2)
    body = page(client, match)
    assert "Alice &amp; Claire" in body
    assert "Bob &amp; Dan" in body
    assert 'class="total-points">0<' in body
    assert "Objectif 1000" in body
    assert "<strong>Bob</strong> distribue, <strong>Claire</strong> parle en premier." in body
    assert "Aucune donne pour l'instant." in body
    assert 'id="hand-form"' in body
    assert f'action="/m/{match.token}/donnes/"' in body


def test_it_answers_404_for_an_unknown_token(client: Client):
    assert client.get("/m/not-a-token/").status_code == 404


def test_it_refuses_post(client: Client):
    assert client.post(f"/m/{make_match().token}/").status_code == 405


def test_it_adds_the_match_to_my_matches(client: Client):
    match = make_match()
    client.get("/")  # a browser that keeps the site's cookies
    page(client, match)
    assert client.session["my_matches"] == [match.token]


def test_a_cookieless_read_of_a_match_page_writes_no_session(client: Client):
    """Issue 21: each visit of a client that keeps no cookie (a link preview,
    a scanner) made a session row that lasted a year."""
    from django.contrib.sessions.models import Session

    match = make_match()
    response = client.get(f"/m/{match.token}/")
    assert response.status_code == 200
    assert Session.objects.count() == 0
    assert "sessionid" not in response.cookies
    # A browser keeps the cookies of its first visit: its next one remembers.
    page(client, match)
    assert client.session["my_matches"] == [match.token]
    assert Session.objects.count() == 1


def test_it_shows_every_hand_with_scores_totals_and_marks(client: Client):
    match = make_match(announcements=True)
    services.hand_record(match=match, hand=hand("A", 100, belote="A"), taker_seat=3)
    services.hand_record(
        match=match, hand=hand("B", 70, announcements={"B": 50}), taker_seat=4
    )  # 70 + 50 = 120 against 92: made
    services.hand_record(match=match, hand=hand("A", capot="B"), taker_seat=1)
    services.hand_record(match=match, hand=hand(None))
    body = page(client, match)
    assert "Claire prend" in body
    assert "Dan prend" in body
    assert "Alice prend" in body
    assert "outcome-passed" in body  # the redeal row
    assert "Plis 100 – 62" in body
    assert 'class="badge team-a">Belote<' in body
    assert "Annonces 50" in body
    assert 'class="badge badge-dedans">Dedans<' in body
    assert 'class="badge team-b">Capot<' in body
    assert "donne : Alice" in body  # hand 1: the first dealer
    # Hand 1: A 100 + 20 = 120, B 62. Totals after four hands.
    assert "<b>120</b><small>120</small>" in body
    result = match_get_scoresheet(match).result
    assert f'class="total-points">{result.totals.a}<' in body
    assert f'class="total-points">{result.totals.b}<' in body
    # Newest first; each row explains itself on tap.
    assert body.index('id="hand-4"') < body.index('id="hand-1"')
    assert body.count("<details>") == 4
    assert "Capot de la défense, dedans : 252 à Bob &amp; Dan" in body


def test_it_names_the_taking_team_when_the_player_is_unknown(client: Client):
    match = play(make_match(team_b_name="Eux"), hand("B", 100))
    assert "Eux prend" in page(client, match)


def test_it_shows_a_litige_then_the_hand_that_pays_its_reserve(client: Client):
    match = play(make_match(), hand("A", 81))
    body = page(client, match)
    assert "Réserve : 81" in body
    assert "Litige · 81 en réserve" in body
    assert "<b>0</b><small>0</small>" in body  # the taker scores nothing yet
    assert "<b>81</b><small>81</small>" in body  # the defense scores its own total

    match = play(match, hand("B", 100))
    body = page(client, match)
    assert "Réserve :" not in body
    assert 'class="badge team-b">Réserve +81<' in body
    # Bob & Dan: 81 + 100 + 81 from the reserve; Alice & Claire: 0 + 62.
    assert "<b>181</b><small>262</small>" in body
    assert 'class="total-points">262<' in body
    assert 'class="total-points">62<' in body


def test_it_shows_the_winner_when_finished(client: Client):
    match = play(make_match(target=100, team_a_name="Les As"), hand("A", 120))
    body = page(client, match)
    assert "Victoire : Les As\u00a0!" in body
    # The form stays in the page, hidden by CSS while the match is over, so
    # that a correction reopening the match (seen by the poll) brings it back.
    assert 'data-finished="true"' in body
    assert 'id="hand-form"' in body
    assert "<strong>Bob</strong> distribue" not in body


def test_it_announces_a_decisive_hand(client: Client):
    match = play(make_match(target=150), hand("B", 86), hand("A", 76, belote="A"))
    body = page(client, match)
    assert "on joue une donne décisive" in body
    assert 'data-finished="false"' in body


def test_it_notes_when_a_team_without_a_trick_cannot_win(client: Client):
    match = play(
        make_match(target=280),
        hand("A", capot="A", belote="A"),
        hand("B", capot="B", belote="A"),
    )
    body = page(client, match)
    assert "elle ne peut pas gagner ainsi" in body
    assert 'data-finished="false"' in body


def test_it_shows_the_chart_and_the_share_panel(client: Client):
    match = play(make_match(), hand("A", 100))
    body = page(client, match)
    assert 'aria-label="Progression du score"' in body
    assert f'value="http://testserver/m/{match.token}/"' in body
    assert 'class="segno"' in body  # the QR code, inline
    assert f'href="/m/{match.token}/export.json"' in body
    assert "<script" not in body.split('class="chart"')[1].split("</figure>")[0]


def test_it_polls_from_the_version_it_shows(client: Client):
    match = play(make_match(), hand("A", 100))
    body = page(client, match)
    assert f'data-version="{match.version}"' in body
    assert f'data-poll-url="/m/{match.token}/poll/"' in body


@pytest.mark.parametrize("hands", [2, 30])
def test_it_reads_the_page_in_the_same_queries_whatever_the_hands(
    client: Client, django_assert_num_queries, hands: int
):
    match = play(make_match(target=100_000), *[hand("A", 100)] * hands)
    client.get("/")  # a browser that keeps the site's cookies
    page(client, match)  # the session now has the match first: no session write
    # Session, match, players, hands.
    with django_assert_num_queries(4):
        body = page(client, match)
    assert body.count("<details>") == hands


def test_it_names_who_held_the_belote(client: Client):
    from scoresheets.matches import services

    match = make_match()
    services.hand_record(match=match, hand=hand("A", 100, belote="B"), taker_seat=1, belote_seat=4)
    assert "Belote · Dan</span>" in page(client, match)


def test_no_template_comment_leaks_into_the_page(client: Client):
    # Regression: a {# #} comment spanning two lines was shown on every match page.
    body = page(client, play(make_match(), hand("A", 100)))
    assert "{#" not in body
    assert "{% comment" not in body
