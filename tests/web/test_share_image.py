"""The sheet as a PNG image to share (issue 20): drawn on the server
(scoresheets/matches/share_image.py), at the match's link and its read-only link."""

from __future__ import annotations

import io

import pytest
from django.test import Client
from django.utils import translation
from PIL import Image, ImageDraw

from scoresheets.games.baloot.engine import BalootHand, BalootRules
from scoresheets.matches import services, share_image
from scoresheets.matches.scoresheet import match_get_scoresheet
from scoresheets.models import Match
from scoresheets.scoring import CoincheHand, CoincheRules
from tests.factories import hand, make_match, play

pytestmark = pytest.mark.django_db


def decoded(response) -> Image.Image:
    image = Image.open(io.BytesIO(response.content))
    image.load()  # decodes the whole file: a broken PNG raises here
    return image


def test_the_sheet_is_a_png_at_the_match_link_and_the_read_only_one(client: Client):
    match = play(
        make_match(names=("Léa", "Zoé", "Noé", "Hugo"), target=500),
        *(hand("AB"[n % 2], 100 + n) for n in range(6)),
    )
    for url in (f"/m/{match.token}/feuille.png", f"/voir/{match.read_token}/feuille.png"):
        response = client.get(url)
        assert response.status_code == 200, url
        assert response["Content-Type"] == "image/png"
        image = decoded(response)
        assert image.format == "PNG"
        assert image.width == share_image.WIDTH
        assert 1000 < image.height < 3000
        assert len(response.content) < 150_000
        assert response["Content-Disposition"] == (
            f'inline; filename="rebelote-lea-noe-zoe-hugo-{match.created_at:%Y-%m-%d}.png"'
        )


def test_the_image_is_asked_again_and_answered_304_while_nothing_changed(client: Client):
    match = play(make_match(), hand("A", 100))
    url = f"/m/{match.token}/feuille.png"
    first = client.get(url)
    assert first["Cache-Control"] == "private, no-cache"
    etag = first["ETag"]
    assert str(match.version) in etag
    assert "Cookie" in first["Vary"] and "Accept-Language" in first["Vary"]
    again = client.get(url, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    # A new hand: a new image.
    play(Match.objects.get(pk=match.pk), hand("B", 90))
    changed = client.get(url, headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed["ETag"] != etag
    # Another language: another image.
    client.cookies["django_language"] = "en"
    english = client.get(url, headers={"If-None-Match": changed["ETag"]})
    assert english.status_code == 200 and english["ETag"] != changed["ETag"]


def test_a_coinche_match_with_accents_and_suits_is_drawn(client: Client):
    match = services.match_create(
        names=["Éloïse", "Zoé", "Noé", "Hugo"], rules=CoincheRules(), team_a_name="Les ♥ d'Été"
    )
    response = client.get(f"/m/{match.token}/feuille.png")  # no hand yet
    assert response.status_code == 200 and decoded(response).width == share_image.WIDTH
    coinched = CoincheHand("B", 120, "hearts", coinche="coinche", points_team="B", trick_points=90)
    services.hand_record(match=match, hand=coinched)
    response = client.get(f"/m/{match.token}/feuille.png")
    assert response.status_code == 200 and decoded(response).width == share_image.WIDTH


def test_the_image_of_a_long_match_lists_its_latest_hands_only(client: Client):
    match = play(
        make_match(target=100_000),
        *(hand("AB"[n % 2], 60 + n % 50) for n in range(share_image.MAX_ROWS + 15)),
    )
    image = decoded(client.get(f"/m/{match.token}/feuille.png"))
    assert image.height < 3300


def test_no_image_for_an_unknown_match_or_a_write(client: Client):
    match = make_match()
    assert client.get("/m/aaaaaaaaaaaaaaaaaaaaaa/feuille.png").status_code == 404
    assert client.get(f"/voir/{match.token}/feuille.png").status_code == 404  # a write token
    assert client.post(f"/m/{match.token}/feuille.png").status_code == 405


def test_the_match_page_links_the_image_and_the_read_only_page_its_own(client: Client):
    match = make_match()
    body = client.get(f"/m/{match.token}/").content.decode()
    assert f'href="/m/{match.token}/feuille.png" download="rebelote-' in body
    assert "data-share-image" in body
    read = client.get(f"/voir/{match.read_token}/").content.decode()
    assert f'href="/voir/{match.read_token}/feuille.png"' in read
    assert match.token not in read


def test_a_drawn_match_of_k_donnes_is_drawn_too(client: Client):
    """A match of 2 donnes level after the 2nd (docs/match-document.md, rule
    donnes) has no winner: its image says the draw (it failed on the winner's
    colour before)."""
    match = play(make_match(donnes=2), hand("A", 100), hand("B", 100))
    assert match.finished and match.winner is None
    response = client.get(f"/m/{match.token}/feuille.png")
    assert response.status_code == 200
    assert decoded(response).format == "PNG"


@pytest.mark.parametrize(
    ("language", "said"),
    [("fr", "Victoire : Alice & Claire\u00a0!"), ("en", "Victory: Alice & Claire!")],
)
def test_the_winners_banner_is_the_pages_own_words_in_each_language(language, said):
    """The image's banner is the match page's "Victoire : … !" (one catalog
    entry, its non-breaking spaces): a plain space had made it another
    string, left in French on an English image."""
    match = play(make_match(target=300), hand("A", 160), hand("A", 160))
    sheet = match_get_scoresheet(match)
    assert sheet.result.winner == "A"
    image = Image.new("RGB", (share_image.WIDTH, 100))
    draw = ImageDraw.Draw(image)
    drawn = []
    text = draw.text
    draw.text = lambda xy, words, **kwargs: (drawn.append(words), text(xy, words, **kwargs))
    with translation.override(language):
        share_image._draw_banner(draw, sheet, 0)
    assert drawn == ["\u2605 " + said]


def test_a_baloot_sheet_in_arabic_is_drawn_in_the_tables_words(client: Client, monkeypatch):
    """Issue 30: a baloot match's image in Arabic says each hand as its
    sheet does (صن / حكم, خسران on the failed buyer, كبوت, بلوت; the
    doubling once, with the contract), in the catalog's words."""
    match = services.match_create(names=["فهد", "بدر", "سعد", "ماجد"], rules=BalootRules())
    for given, seat in (
        (BalootHand("B", "hokm", "B", 70, baloot="A", doubling="double"), 4),
        (BalootHand("A", "sun", kaboot="A", ashkal=True), 1),
    ):
        services.hand_record(match=match, hand=given, taker_seat=seat)
    drawn: list[str] = []
    text = ImageDraw.ImageDraw.text

    def spy(self, xy, words, *args, **kwargs):
        drawn.append(words)
        return text(self, xy, words, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    client.cookies["django_language"] = "ar"
    response = client.get(f"/voir/{match.read_token}/feuille.png")
    assert response.status_code == 200
    assert decoded(response).format == "PNG"
    said = [words.translate({0x2068: None, 0x2069: None}) for words in drawn]
    assert "ماجد يشتري حكم دبل ×2 · خسران · بلوت" in said
    assert "فهد يشتري صن · كبوت" in said
