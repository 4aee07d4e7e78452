"""The one-screen hand form (issue 11) as the server writes it: the rare
options are closed disclosures that open when they hold a value or a refused
field, the redeal leads them behind a confirmation, and the submit
button is in the sticky bar with the preview."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from scoresheets import scoring
from scoresheets.matches import services
from scoresheets.models import Hand
from tests.factories import NAMES, entry_form, make_match

pytestmark = pytest.mark.django_db


def opening_tag(body: str, css_class: str) -> str:
    match = re.search(rf'<details class="[^"]*\b{css_class}\b[^"]*"[^>]*>', body)
    assert match, css_class
    return match.group(0)


def is_open(body: str, css_class: str) -> bool:
    return opening_tag(body, css_class).endswith(" open>")


def test_the_rare_options_start_closed_on_the_match_page(client: Client):
    match = make_match(announcements=True)
    body = client.get(f"/m/{match.token}/").content.decode()
    assert not is_open(body, "more-holder")
    assert not is_open(body, "more-announcements")
    assert not is_open(body, "redeal")
    # The common choices stay in sight: takers, points, capot, the belote's team.
    for fieldset in ("takers", "capot", "belote"):
        assert not re.search(
            r"<details[^>]*>\s*<summary>[^<]*</summary>\s*"
            rf'<fieldset class="choices {fieldset}(?=[" ])',
            body,
        )


def test_a_refused_belote_holder_opens_its_disclosure(client: Client):
    match = make_match()
    # Seat 2 (Bob) plays for B; the belote is A's: refused, nothing saved.
    response = client.post(
        f"/m/{match.token}/donnes/",
        entry_form(match, {"taker": "1", "points": "100", "belote": "A", "belote_seat": "2"}),
    )
    body = response.content.decode()
    assert response.status_code == 422
    assert Hand.objects.count() == 0
    assert is_open(body, "more-holder")
    assert "Ce joueur n&#x27;est pas dans l&#x27;équipe qui avait la belote." in body
    assert "more-announcements" not in body  # these rules play no announcements


def test_refused_announcements_open_their_disclosure(client: Client):
    match = make_match(announcements=True)
    response = client.post(
        f"/m/{match.token}/donnes/",
        entry_form(match, {"taker": "1", "points": "100", "ann_team": "A", "ann_points": "-20"}),
    )
    body = response.content.decode()
    assert response.status_code == 422
    assert Hand.objects.count() == 0
    assert is_open(body, "more-announcements")
    assert not is_open(body, "more-holder")


def test_a_holder_given_keeps_its_disclosure_open(client: Client):
    match = make_match(announcements=True)
    # Refused for its points (163 > 162): the holder and announcements typed stay in sight.
    response = client.post(
        f"/m/{match.token}/donnes/",
        entry_form(
            match,
            {
                "taker": "1",
                "points": "163",
                "belote": "A",
                "belote_seat": "3",
                "ann_team": "A",
                "ann_points": "20",
            },
        ),
    )
    body = response.content.decode()
    assert response.status_code == 422
    assert is_open(body, "more-holder") and is_open(body, "more-announcements")


def test_the_calculator_shows_the_rare_options_open(client: Client):
    body = client.get("/calculateur/").content.decode()
    assert is_open(body, "more-announcements")
    assert "redeal" not in body  # no redeal to save there


@pytest.mark.parametrize("game", ["belote", "coinche"])
def test_the_redeal_leads_the_rare_options_and_the_submit_button_is_in_the_bar(
    client: Client, game
):
    match = (
        make_match()
        if game == "belote"
        else services.match_create(names=NAMES, rules=scoring.CoincheRules(target=2000))
    )
    body = client.get(f"/m/{match.token}/").content.decode()
    form = body[
        body.index('<form id="hand-form"') : body.index(
            "</form>", body.index('<form id="hand-form"')
        )
    ]
    takers, redeal = form.index("choices takers"), form.index('class="more redeal"')
    points, bar = form.index('id="id_points"'), form.index('class="entry-bar"')
    holder = form.index("more-holder")
    # The points field comes right after the contract; the redeal leads the
    # rare options, away from the bar at the form's end.
    assert takers < points < redeal < holder < bar
    # The only button that saves a redeal is inside the disclosure, after its explanation.
    assert form.count('value="pass"') == 1
    assert redeal < form.index('value="pass"') < holder
    # Enter in a field submits the hand: the first submit button of the form is a plain one.
    first_submit = re.search(r'<button type="submit"[^>]*>', form).group(0)
    assert 'name="action"' not in first_submit
    bar_html = form[bar:]
    assert 'id="preview"' in bar_html and "Valider la donne" in bar_html
    if game == "belote":
        assert 'data-set-points="81"' in form  # the litige, one tap
    else:
        assert "data-set-points" not in form


def test_the_confirmed_redeal_still_saves_a_passed_hand(client: Client):
    match = make_match()
    response = client.post(
        f"/m/{match.token}/donnes/",
        entry_form(match, {"action": "pass", "taker": "1", "points": "100"}),
    )
    assert response.status_code == 303
    saved = Hand.objects.get()
    assert saved.taker is None or saved.taker == ""


def test_the_correction_page_has_the_bar_and_the_confirmed_redeal(client: Client):
    match = make_match()
    client.post(f"/m/{match.token}/donnes/", entry_form(match, {"taker": "1", "points": "100"}))
    hand = Hand.objects.get()
    body = client.get(f"/m/{match.token}/donnes/{hand.pk}/").content.decode()
    assert not is_open(body, "redeal")
    # An action, not a statement about the hand (issue 27, point 7: "C'était :
    # tout le monde passe…" was offered on a hand that was played).
    assert "C'était : tout le monde passe" not in body
    assert "Corriger en « tout le monde passe »…" in body
    bar = body[body.index('class="entry-bar"') :]
    assert "Enregistrer la correction" in bar[: bar.index("</div>\n    <p")]
