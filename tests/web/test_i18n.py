"""The translations: English pages, explanations and language switch; Dutch
and German pages; Arabic pages, right to left; every translated catalog itself."""

from __future__ import annotations

import ast
import gettext
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation

from scoresheets.matches.explain import explain_hand
from scoresheets.matches.scoresheet import match_get_scoresheet
from scoresheets.models import Match
from scoresheets.tables import services as tables
from tests.factories import hand, make_match, play
from tests.tables_fixture import make_fixture

pytestmark = pytest.mark.django_db

LOCALE_DIR = Path(__file__).resolve().parents[2] / "scoresheets" / "locale"
# Every language of the switch but the source (French, the msgids).
TRANSLATED = [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]

FRENCH_ONLY = ("Nouvelle partie", "Valider la donne", "Dedans", "Litige", "Saisir une donne")


def get(client: Client, path: str, lang: str) -> str:
    response = client.get(path, HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == 200
    return response.content.decode()


def played_match() -> Match:
    """A match with a made contract, a litige (into the reserve) and a dedans."""
    match = make_match()
    return play(match, hand("A", 100), hand("B", 81), hand("A", 60))


# Tokens (CSRF, match and read tokens) are long random runs of letters and
# digits: one can contain "Eux" or "Nous" by chance. Words never are that long.
RANDOM_RUN = re.compile(r"[A-Za-z0-9_-]{20,}")


def assert_absent(body: str, texts: tuple[str, ...]) -> None:
    """None of ``texts`` in ``body``, outside the random tokens it carries."""
    words = RANDOM_RUN.sub(" ", body)
    for text in texts:
        assert text not in words, text


def test_a_random_token_that_spells_a_french_word_is_not_french_text():
    # Regression: the calculator's test failed when its CSRF token contained "Eux".
    token = "aZ3" + "Eux" + "k" * 58
    assert_absent(f'<input name="csrfmiddlewaretoken" value="{token}">Them', ("Eux",))
    with pytest.raises(AssertionError):
        assert_absent("<td>Eux</td>", ("Eux",))


# --------------------------------------------------------------------------
# Pages
# --------------------------------------------------------------------------


def test_the_home_page_speaks_english(client: Client):
    body = get(client, "/", "en")
    assert '<html lang="en" dir="ltr">' in body
    assert "One scoresheet for the whole table" in body
    assert "New match" in body
    assert "My matches" in body
    assert "Open the calculator" in body
    assert_absent(body, ("Nouvelle partie", "Mes parties", "Ouvrir le calculateur"))


def test_the_home_page_lists_my_matches_in_english(client: Client):
    match = played_match()
    get(client, "/", "en")  # a browser that keeps the site's cookies
    get(client, f"/m/{match.token}/", "en")
    body = get(client, "/", "en")
    assert "In progress: 3 hands" in body
    assert "target 1000" in body
    assert_absent(body, ("En cours", "objectif"))


def test_the_new_match_page_speaks_english(client: Client):
    body = get(client, "/nouvelle/", "en")
    assert "The players around the table" in body
    assert "Player 1" in body
    assert "deals first" in body
    assert "Classic belote" in body
    assert "Start the match" in body
    assert_absent(body, (*FRENCH_ONLY, "Joueur 1", "distribue", "Commencer la partie"))


def test_the_calculator_speaks_english(client: Client):
    body = get(client, "/calculateur/", "en")
    assert "Hand calculator" in body
    assert "Who took?" in body
    assert "Us" in body
    assert "Them" in body
    assert "Calculate" in body
    assert_absent(body, ("Calculateur d'une donne", "Nous", "Eux", "Calculer"))


def test_the_calculator_explains_a_hand_in_english(client: Client):
    data = {
        "rules-capot_points": "252",
        "rules-rounding": "none",
        "rules-litige": "reserve",
        "rules-renonce": "penalty",
        "taker": "A",
        "points": "100",
    }
    response = client.post("/calculateur/", data, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert "Contract made: Us 100 – Them 62" in response.content.decode()


def test_the_match_page_speaks_english(client: Client):
    match = played_match()
    body = get(client, f"/m/{match.token}/", "en")
    assert "Enter a hand" in body
    assert "Save the hand" in body
    assert "Everyone passes" in body
    assert "Contract made: Alice &amp; Claire 100 – Bob &amp; Dan 62" in body
    assert ">Tie · 81 in reserve<" in body
    assert ">Down<" in body
    assert "Down: 162 + 81 from the reserve to Bob &amp; Dan" in body
    assert "Hand 4" in body
    assert "<strong>Dan</strong> deals, <strong>Alice</strong> speaks first." in body
    assert "Target 1000" in body
    assert_absent(body, (*FRENCH_ONLY, "Contrat réussi", "Donne 4", "distribue", "prend"))


def test_the_pages_speak_french_by_default(client: Client):
    match = played_match()
    body = get(client, f"/m/{match.token}/", "fr")
    assert '<html lang="fr" dir="ltr">' in body
    assert "Saisir une donne" in body
    assert "Valider la donne" in body
    assert ">Dedans<" in body
    assert "Litige · 81 en réserve" in body
    assert "Contrat réussi" in body
    assert "Save the hand" not in body
    assert "Nouvelle partie" in get(client, "/", "fr")
    assert "Commencer la partie" in get(client, "/nouvelle/", "fr")
    assert "Calculateur d'une donne" in get(client, "/calculateur/", "fr")


def test_the_language_switch_makes_the_next_page_english(client: Client):
    assert "Nouvelle partie" in get(client, "/", "fr")
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert response.status_code == 302
    assert response["Location"] == "/"
    body = client.get("/").content.decode()  # no Accept-Language: the choice is remembered
    assert "New match" in body
    assert "Nouvelle partie" not in body


# --------------------------------------------------------------------------
# Dutch and German pages
# --------------------------------------------------------------------------

# What the first pages of a table say in Dutch and in German: the home page,
# the new match, a match (played_match: a made contract, a litige, a dedans).
SPEAKS = {
    "nl": {
        "home": (
            "Eén scoreblad voor de hele tafel",
            "Nieuwe partij",
            "Mijn partijen",
            "Rekenhulp openen",
        ),
        "new": (
            "De spelers rond de tafel",
            "Speler 1",
            "deelt als eerste",
            "Klassieke belote",
            "Partij beginnen",
        ),
        "match": (
            "Spel invoeren",
            "Spel opslaan",
            "Iedereen past",
            "Contract gehaald: Alice &amp; Claire 100 – Bob &amp; Dan 62",
            ">Gelijk · 81 in de pot<",
            ">Nat<",
            "Nat: 162 + 81 uit de pot voor Bob &amp; Dan",
            "Spel 4",
            "<strong>Dan</strong> deelt, <strong>Alice</strong> begint.",
            "Doel 1000",
        ),
    },
    "de": {
        "home": (
            "Eine Tafel für den ganzen Tisch",
            "Neue Partie",
            "Meine Partien",
            "Rechner öffnen",
        ),
        "new": (
            "Die Spieler am Tisch",
            "Spieler 1",
            "gibt zuerst",
            "Klassische Belote",
            "Partie starten",
        ),
        "match": (
            "Spiel eintragen",
            "Spiel speichern",
            "Alle passen",
            "Kontrakt erfüllt: Alice &amp; Claire 100 – Bob &amp; Dan 62",
            ">Patt · 81 im Topf<",
            ">Gescheitert<",
            "Gescheitert: 162 + 81 aus dem Topf an Bob &amp; Dan",
            "Spiel 4",
            "<strong>Dan</strong> gibt, <strong>Alice</strong> beginnt.",
            "Ziel 1000",
        ),
    },
}
# French and English words that a Dutch or German page must not have left.
NOT_TRANSLATED = {
    "home": ("Nouvelle partie", "Mes parties", "Ouvrir le calculateur", "New match", "My matches"),
    "new": (
        *FRENCH_ONLY,
        "Joueur 1",
        "distribue",
        "Commencer la partie",
        "Player 1",
        "deals first",
        "Start the match",
    ),
    "match": (
        *FRENCH_ONLY,
        "Contrat réussi",
        "Donne 4",
        "distribue",
        "prend",
        "réserve",
        "Enter a hand",
        "Save the hand",
        "Contract made",
        "Everyone passes",
    ),
}


@pytest.mark.parametrize("language", ["nl", "de"])
def test_the_home_page_speaks_dutch_and_german(client: Client, language: str):
    body = get(client, "/", language)
    assert f'<html lang="{language}" dir="ltr">' in body
    for text in SPEAKS[language]["home"]:
        assert text in body, text
    assert_absent(body, NOT_TRANSLATED["home"])


@pytest.mark.parametrize("language", ["nl", "de"])
def test_the_new_match_page_speaks_dutch_and_german(client: Client, language: str):
    body = get(client, "/nouvelle/", language)
    for text in SPEAKS[language]["new"]:
        assert text in body, text
    assert_absent(body, NOT_TRANSLATED["new"])


@pytest.mark.parametrize("language", ["nl", "de"])
def test_the_match_page_speaks_dutch_and_german(client: Client, language: str):
    match = played_match()
    body = get(client, f"/m/{match.token}/", language)
    for text in SPEAKS[language]["match"]:
        assert text in body, text
    assert_absent(body, NOT_TRANSLATED["match"])


def test_a_swiss_or_belgian_browser_gets_its_language(client: Client):
    # Accept-Language names a region: de-CH, nl-BE; the catalog is the language's.
    assert "Neue Partie" in get(client, "/", "de-CH,de;q=0.9,fr;q=0.8")
    assert "Nieuwe partij" in get(client, "/", "nl-BE,nl;q=0.9")


def test_the_language_switch_offers_every_language(client: Client):
    body = get(client, "/", "fr")
    buttons = re.findall(
        r'<button type="submit" name="language" value="(\w+)" lang="\1"[^>]*>([^<]+)</button>', body
    )
    assert buttons == [
        ("fr", "Français"),
        ("en", "English"),
        ("nl", "Nederlands"),
        ("de", "Deutsch"),
        ("ar", "العربيّة"),
    ]


@pytest.mark.parametrize(
    ("language", "new_match"), [("nl", "Nieuwe partij"), ("de", "Neue Partie")]
)
def test_the_language_switch_sets_dutch_and_german(client: Client, language: str, new_match: str):
    assert "Nouvelle partie" in get(client, "/", "fr")
    response = client.post("/i18n/setlang/", {"language": language, "next": "/"})
    assert response.status_code == 302
    assert response["Location"] == "/"
    body = client.get("/").content.decode()  # no Accept-Language: the choice is remembered
    assert f'<html lang="{language}" dir="ltr">' in body
    assert new_match in body
    assert 'aria-pressed="true">' + dict(settings.LANGUAGES)[language] in body
    assert "Nouvelle partie" not in body


# --------------------------------------------------------------------------
# Arabic pages, right to left (issue 30)
# --------------------------------------------------------------------------

ARABIC = {
    "/": ("ورقة نتائج واحدة للطاولة كلها", "مباراة جديدة", "مبارياتي", "افتح الحاسبة"),
    "/nouvelle/": ("اللاعبون حول الطاولة", "اللاعب 1", "يوزّع أولًا", "البيلوت الكلاسيكية"),
    "match": (
        "أدخل جولة",
        "احفظ الجولة",
        "الكل يمرّر",
        # Each name set apart (FSI ... PDI): team A, its score, team B, its score
        # from the right, whatever script the names are in.
        "نجح العقد: \u2068Alice &amp; Claire\u2069 100 – \u2068Bob &amp; Dan\u2069 62",
        ">تعادل · 81 في الاحتياط<",
        ">خسران<",
        "الجولة 4",
        "<strong>\u2068Dan\u2069</strong> يوزّع، ويتكلم <strong>\u2068Alice\u2069</strong> أولًا.",
        "الهدف 1000",
    ),
}


def test_an_arabic_page_reads_right_to_left_and_a_french_one_left_to_right(client: Client):
    assert '<html lang="ar" dir="rtl">' in get(client, "/", "ar")
    assert '<html lang="fr" dir="ltr">' in get(client, "/", "fr")


@pytest.mark.parametrize("path", ["/", "/nouvelle/", "match"])
def test_the_first_pages_speak_arabic(client: Client, path: str):
    url = f"/m/{played_match().token}/" if path == "match" else path
    body = get(client, url, "ar")
    for text in ARABIC[path]:
        assert text in body, text
    key = {"/": "home", "/nouvelle/": "new", "match": "match"}[path]
    assert_absent(body, NOT_TRANSLATED[key])


def test_names_are_set_apart_only_on_a_right_to_left_page(client: Client):
    match = played_match()
    arabic = get(client, f"/m/{match.token}/", "ar")
    assert "\u2068Bob &amp; Dan\u2069 يشتري" in arabic
    for language in ("fr", "en", "nl", "de"):
        assert "\u2068" not in get(client, f"/m/{match.token}/", language), language


def test_a_saudi_browser_gets_arabic(client: Client):
    body = get(client, "/", "ar-SA,ar;q=0.9,en;q=0.8")
    assert '<html lang="ar" dir="rtl">' in body
    assert "مباراة جديدة" in body


def test_the_language_switch_sets_arabic(client: Client):
    response = client.post("/i18n/setlang/", {"language": "ar", "next": "/"})
    assert response.status_code == 302
    body = client.get("/").content.decode()
    assert '<html lang="ar" dir="rtl">' in body
    # Its own button says so, in its own direction, on every page.
    assert 'value="ar" lang="ar" dir="rtl"' in body
    assert 'aria-pressed="true">العربيّة' in body
    assert 'value="ar" lang="ar" dir="rtl"' in get(client, "/", "fr")


def test_the_table_page_speaks_english(client: Client):
    table = make_fixture().table
    body = get(client, f"/t/{table.token}/", "en")
    assert "Table of friends" in body
    assert "5 players" in body
    assert "4 matches" in body
    assert ">Ranking<" in body
    assert "Full ranking" in body
    assert "Won by Léa &amp; Noé" in body
    assert "In progress: 2 hands" in body
    assert "Share the table" in body
    assert "Hands (CSV)" in body
    assert_absent(
        body,
        (*FRENCH_ONLY, "Classement", "Les parties", "Gagnée par", "provisoire", "Partager"),
    )


def test_the_ranking_and_a_player_page_speak_english(client: Client):
    fixture = make_fixture()
    table = fixture.table
    tables.table_add_player(table=table, name="Éloi")
    body = get(client, f"/t/{table.token}/classement/", "en")
    assert "<h1>Ranking</h1>" in body
    assert ">Rank<" in body
    assert ">Rating<" in body
    assert ">provisional<" in body
    assert "Not ranked yet:" in body
    assert_absent(body, ("Classement", "Rang", "provisoire", "Pas encore classés"))
    body = get(client, f"/t/{table.token}/joueurs/{fixture.ids['Léa']}/", "en")
    assert "Rank 1 of 5" in body
    assert "Best partner" in body
    assert "Points per hand taken" in body
    assert "Latest matches" in body
    assert_absent(body, ("Classement", "Meilleur partenaire", "Dernières parties", "Gagnée"))


def test_a_table_s_new_match_page_speaks_english(client: Client):
    table = make_fixture().table
    body = get(client, f"/t/{table.token}/nouvelle/", "en")
    assert "<h1>New match</h1>" in body
    assert "Choose…" in body
    assert 'placeholder="+ New"' in body
    assert "Start the match" in body
    assert_absent(body, (*FRENCH_ONLY, "Choisir", "Nouveau", "Commencer la partie"))


# --------------------------------------------------------------------------
# Explanations
# --------------------------------------------------------------------------


def sheet_of(*hands):
    match = make_match(team_a_name="Us", team_b_name="Them")
    play(match, *hands)
    return match_get_scoresheet(Match.objects.get(pk=match.pk))


def test_a_dedans_is_explained_in_english():
    sheet = sheet_of(hand("A", 90, belote="B"))
    with translation.override("en"):
        text = explain_hand(sheet, 0)
    assert text.startswith("Down")
    assert text == (
        "Down: 162 + belote to Them. The taker made 90 against 92: it needed more than the defence."
    )


def test_a_litige_is_explained_in_english():
    sheet = sheet_of(hand("A", 71, belote="A"))
    with translation.override("en"):
        assert explain_hand(sheet, 0) == "Tie, 91 to 91: 71 in reserve, 91 to Them"
    with translation.override("fr"):
        assert explain_hand(sheet, 0) == "Litige, 91 à 91 : 71 en réserve, 91 à Them"


# --------------------------------------------------------------------------
# The catalog
# --------------------------------------------------------------------------


def po_entries(language: str) -> list[dict[str, str | list[str]]]:
    """The entries of ``language``'s .po file: flags, msgctxt, msgid,
    msgid_plural, msgstr[...]."""
    po_file = LOCALE_DIR / language / "LC_MESSAGES" / "django.po"
    entries = []
    for block in po_file.read_text(encoding="utf-8").split("\n\n"):
        entry: dict[str, str | list[str]] = {"flags": []}
        key = None
        for line in block.splitlines():
            if line.startswith("#,"):
                entry["flags"] = [flag.strip() for flag in line[2:].split(",")]
            elif line.startswith("#") or not line.strip():
                continue
            elif line.startswith('"'):
                entry[key] += ast.literal_eval(line)
            else:
                key, _, value = line.partition(" ")
                entry[key] = ast.literal_eval(value)
        if "msgid" in entry:
            entries.append(entry)
    return entries


def test_every_language_but_the_source_is_translated():
    assert settings.LANGUAGE_CODE == "fr"
    assert TRANSLATED == ["en", "nl", "de", "ar"]


# Each catalog's plural rule: gettext's for the language (Arabic has six
# forms: 0, 1, 2, 3-10, 11-99, 100-102...).
PLURAL_FORMS = {
    "ar": "nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : "
    "n%100>=11 && n%100<=99 ? 4 : 5;",
}


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_catalog_has_no_empty_or_fuzzy_entry(language: str):
    entries = po_entries(language)
    assert entries[0]["msgid"] == ""  # the header
    assert "fuzzy" not in entries[0]["flags"]
    assert f"Language: {language}\n" in entries[0]["msgstr"]
    plural_forms = PLURAL_FORMS.get(language, "nplurals=2; plural=(n != 1);")
    assert f"Plural-Forms: {plural_forms}\n" in entries[0]["msgstr"]
    assert len(entries) > 150
    for entry in entries[1:]:
        assert "fuzzy" not in entry["flags"], entry["msgid"]
        translations = [value for key, value in entry.items() if key.startswith("msgstr")]
        assert translations, entry["msgid"]
        assert all(translations), entry["msgid"]


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_catalog_has_the_same_entries(language: str):
    def keys(entries):
        return sorted((entry.get("msgctxt", ""), entry["msgid"]) for entry in entries)

    assert keys(po_entries(language)) == keys(po_entries("en"))


# %(name)s and {name} placeholders, and HTML tags: a translation keeps each.
PLACEHOLDER = re.compile(r"%\(\w+\)s|\{\w+\}|</?\w+>")


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_catalog_keeps_every_placeholder(language: str):
    for entry in po_entries(language)[1:]:
        expected = sorted(PLACEHOLDER.findall(entry["msgid"]))
        for key, value in entry.items():
            if key.startswith("msgstr"):
                assert sorted(PLACEHOLDER.findall(value)) == expected, entry["msgid"]


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_catalog_keeps_the_spaces_that_join_a_sentence(language: str):
    # " (dont 81 de réserve)" follows another text: its leading space stays.
    for entry in po_entries(language)[1:]:
        for key, value in entry.items():
            if key.startswith("msgstr"):
                assert value.endswith(" ") == entry["msgid"].endswith(" "), entry["msgid"]
                if entry["msgid"].startswith(" ("):
                    assert value.startswith(" ("), entry["msgid"]


def test_swiss_german_writes_no_sharp_s():
    for entry in po_entries("de")[1:]:
        for key, value in entry.items():
            if key.startswith("msgstr"):
                assert "ß" not in value, entry["msgid"]


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_compiled_catalog_matches_the_po_file(language: str):
    with (LOCALE_DIR / language / "LC_MESSAGES" / "django.mo").open("rb") as file:
        compiled = gettext.GNUTranslations(file)
    for entry in po_entries(language)[1:]:
        msgid = entry["msgid"]
        if "msgctxt" in entry:
            assert compiled.pgettext(entry["msgctxt"], msgid) == entry["msgstr"], msgid
        elif "msgid_plural" in entry:
            # A number of each plural form of the language: 1 and 2 have the
            # first two forms of a two-form rule; 0, 1, 2, 3, 11, 100 the six of Arabic.
            for n in (0, 1, 2, 3, 11, 100):
                expected = entry[f"msgstr[{compiled.plural(n)}]"]
                assert compiled.ngettext(msgid, entry["msgid_plural"], n) == expected
        else:
            assert compiled.gettext(msgid) == entry["msgstr"], msgid


def test_signed_numbers_read_left_to_right_on_an_arabic_page(client: Client):
    """A "+20" chip or a preview's "+100" is a number with its sign: on a
    right-to-left page the bidirectional algorithm put the sign after it
    ("20+"), as the baloot page's "+1" showed. Each is set left to right."""
    match = make_match()
    page = client.get(f"/m/{match.token}/", HTTP_ACCEPT_LANGUAGE="ar")
    body = page.content.decode()
    assert 'dir="rtl"' in body
    assert re.search(r'<b dir="ltr" data-score-a></b>', body)  # the phone's own preview
    form = re.search(r'name="match_version" value="(\d+)"', body).group(1)
    preview = client.post(
        f"/m/{match.token}/apercu/",
        {"number": "1", "match_version": form, "taker": "1", "points": "100", "points_team": "A"},
        HTTP_ACCEPT_LANGUAGE="ar",
        HTTP_HX_REQUEST="true",
    ).content.decode()
    assert re.search(r'<b dir="ltr">\+100</b>', preview)
