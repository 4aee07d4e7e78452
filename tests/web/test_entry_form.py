"""The fresh entry form rendered once per match and language (issue 21,
"Cheaper hands": ``sync.entry``): what the cache gives is what rendering the
form gives, slots filled; a change of what it shows renders it anew."""

from __future__ import annotations

import re

import pytest
from django.test import Client, RequestFactory
from django.utils import translation

from scoresheets.forms import hand_form
from scoresheets.games.coinche.engine import CoincheRules
from scoresheets.games.jass.engine import JassRules
from scoresheets.matches import services
from scoresheets.models import Match, Player
from scoresheets.sync import entry
from tests.factories import NAMES, hand, make_match, play

pytestmark = pytest.mark.django_db

CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')


def uncached(request, match: Match, *, number: int, version: int, key: str) -> str:
    """The entry form as the partial renders it, without the cache."""
    form = hand_form(match, list(match.players.all()), number=number, version=version)
    form.fields["key"].initial = key
    return str(entry.render_entry_form(request, match, form))


def cached(request, match: Match, *, number: int, version: int, key: str) -> str:
    players = list(match.players.all())
    return entry.entry_form_html(request, match, players, number=number, version=version, key=key)


def without_csrf(html: str) -> str:
    """``html`` but its CSRF tokens (masked anew at each rendering)."""
    return CSRF.sub('name="csrfmiddlewaretoken" value=""', html)


def coinche_match() -> Match:
    return services.match_create(names=NAMES, rules=CoincheRules(target=2000))


def jass_match() -> Match:
    """Jass: its fresh form preselects Vorhand, the dealer's next (kept per dealer)."""
    return services.match_create(names=NAMES, rules=JassRules())


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize(
    "make",
    [
        lambda: make_match(),
        lambda: make_match(announcements=True, team_a_name='Les "As" <b>', team_b_name="B & co"),
        coinche_match,
        jass_match,
    ],
    ids=["belote", "belote-announcements", "coinche", "jass"],
)
def test_it_gives_what_the_partial_renders_from_the_cache_too(make, language):
    match = make()
    request = RequestFactory().get("/")
    with translation.override(language):
        first = cached(request, match, number=7, version=12, key="a" * 32)
        again = cached(request, match, number=8, version=13, key="b" * 32)
        assert without_csrf(first) == without_csrf(
            uncached(request, match, number=7, version=12, key="a" * 32)
        )
        assert without_csrf(again) == without_csrf(
            uncached(request, match, number=8, version=13, key="b" * 32)
        )
    for field, value in (("number", 8), ("match_version", 13), ("key", "b" * 32)):
        assert f'name="{field}" value="{value}"' in again
    assert "slot" not in again
    assert 'name="csrfmiddlewaretoken" value=""' not in again


class CountingTemplate:
    """Counts the renderings of the entry form's template."""

    def __init__(self, monkeypatch) -> None:
        self.rendered = 0
        real = entry.get_template

        def counting(name):
            template = real(name)
            counter = self

            class Counted:
                def render(self, context, request=None):
                    counter.rendered += 1
                    return template.render(context, request)

            return Counted()

        monkeypatch.setattr(entry, "get_template", counting)


def test_a_save_answers_the_kept_form_for_the_next_hand(client: Client, monkeypatch):
    match = play(make_match(), *[hand("A", 100)] * 3)
    assert client.get(f"/m/{match.token}/").status_code == 200  # rendered once, kept
    counting = CountingTemplate(monkeypatch)
    keys = set()
    for number in (4, 5):
        match.refresh_from_db()
        data = {"taker": "2", "points": "90", "match_version": str(match.version)}
        saved = client.post(f"/m/{match.token}/donnes/", data, headers={"HX-Request": "true"})
        body = saved.content.decode()
        assert f'name="number" value="{number + 1}"' in body
        assert f'name="match_version" value="{match.version + 1}"' in body
        form = re.search(r'<form[^>]*id="hand-form".*?</form>', body, re.S).group(0)
        keys.update(re.findall(r'name="key" value="([0-9a-f]{32})"', form))
    assert counting.rendered == 0
    assert len(keys) == 2  # a new one-time key in each answer


def test_a_renamed_player_renders_it_anew(client: Client):
    match = make_match()
    assert "Alice" in client.get(f"/m/{match.token}/").content.decode()
    Player.objects.filter(match=match, seat=1).update(name="Alicia")
    body = client.get(f"/m/{match.token}/").content.decode()
    form = body[body.index('<form id="hand-form"') :]
    assert "Alicia" in form
    assert "<span>Alice</span>" not in form


def test_each_language_has_its_own(client: Client):
    match = make_match()
    french = client.get(f"/m/{match.token}/", headers={"Accept-Language": "fr"})
    english = client.get(f"/m/{match.token}/", headers={"Accept-Language": "en"})
    assert "<legend>Qui a pris\u00a0?</legend>" in french.content.decode()  # the typography's space
    assert "<legend>Who took?</legend>" in english.content.decode()
