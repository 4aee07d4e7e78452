"""What the saves of hands answer, written to files to compare two versions
of the code byte for byte (issue 21, "Cheaper hands": a faster save must
answer the same).

Run from the project root, once per version of the code, then compare:

    .venv/bin/python bench/save_answers.py /tmp/answers-before
    .venv/bin/python bench/save_answers.py /tmp/answers-after
    diff -r /tmp/answers-before /tmp/answers-after && echo identical

Its own SQLite file, made anew each run (the same ids every run). Each
scenario (belote and coinche, French and English, a correction, an undo, a redeal,
the hand that ends the match, a refused and a stale entry, a page without
script, the match page itself) writes one file: the status, the headers
and the body of the answer, with what differs on every run replaced by a
placeholder (the match's tokens, CSRF tokens, one-time and undo keys,
cookie values, the undo bar's seconds left).

Not part of the pytest suite.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DB = Path("/tmp/rebelote-save-answers.sqlite3")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "belote_site.settings")
os.environ["DATABASE_URL"] = f"sqlite:///{DB}"
os.environ.setdefault("RATELIMIT_ENABLE", "0")

import django  # noqa: E402

django.setup()

from django.core.cache import cache  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

from scoresheets import scoring  # noqa: E402
from scoresheets.games.coinche.engine import CoincheRules  # noqa: E402
from scoresheets.matches import services  # noqa: E402
from scoresheets.matches.scoresheet import match_get_scoresheet  # noqa: E402
from scoresheets.models import Match  # noqa: E402

NAMES = ("Alice", "Bob", "Claire", "Dan")
HTMX = {"HX-Request": "true"}


def normalised(match: Match, response) -> str:
    """The answer as text, what changes on every run replaced."""
    lines = [f"status {response.status_code}"]
    body = response.content.decode()
    for name, value in sorted(response.items()):
        if name == "Content-Security-Policy":  # its directives in any order, a nonce
            value = "; ".join(sorted(re.sub(r"'nonce-[^']+'", "'nonce-N'", value).split("; ")))
        elif name == "Expires" or (name == "Content-Length" and 'class="qr"' in body):
            value = "(varies)"  # a date; a page's QR codes of random tokens
        lines.append(f"{name}: {value}")
    for name, morsel in sorted(response.cookies.items()):
        lines.append(f"cookie {name}: {'(deleted)' if not morsel.value else '(set)'}")
    lines.append("")
    lines.append(body)
    text = "\n".join(lines)
    text = text.replace(match.token, "MATCH-TOKEN").replace(match.read_token, "READ-TOKEN")
    text = re.sub(r'(name="csrfmiddlewaretoken" value=")[^"]+"', r'\1CSRF"', text)
    text = re.sub(r'("X-CSRFToken": ")[^"]+"', r'\1CSRF"', text)
    text = re.sub(r"\b[0-9a-f]{32}\b", "KEY32", text)
    text = re.sub(r'data-undo-seconds="\d+"', 'data-undo-seconds="S"', text)
    text = re.sub(r'nonce="[^"]+"', 'nonce="N"', text)
    text = re.sub(r'(class="qrline" stroke="#000" d=")[^"]+"', r'\1QR"', text)
    return text


def post(client: Client, url: str, data: dict, *, htmx: bool = True, lang: str = "fr"):
    headers = {"Accept-Language": lang, **(HTMX if htmx else {})}
    return client.post(url, data, headers=headers)


def phone(match: Match, lang: str) -> Client:
    """A phone that opened the match page (its cookies) and named itself."""
    client = Client()
    client.get(f"/m/{match.token}/", headers={"Accept-Language": lang})
    post(client, f"/m/{match.token}/appareil/", {"device": "Léa"}, htmx=False, lang=lang)
    return client


def entry(match: Match, **fields: str) -> dict:
    match.refresh_from_db()
    return {
        "number": str(match.hands_count + 1),
        "match_version": str(match.version),
        "key": f"{match.version:032x}",
        **fields,
    }


def undo_key(client: Client, match: Match) -> str:
    """The key of the undo bar that ``client``'s page shows now."""
    page = client.get(f"/m/{match.token}/").content.decode()
    found = re.search(r'name="key" value="([^"]+)"><p class="undo-text">', page)
    return found[1]


def belote(target: int = 1000) -> Match:
    rules = scoring.Rules(target=target, announcements=True)
    match = services.match_create(names=NAMES, rules=rules)
    for points in (100, 70, 120, 81, 90):
        services.hand_record(
            match=match, hand=scoring.HandInput(taker="A", points_team="A", trick_points=points)
        )
    return Match.objects.get(pk=match.pk)


def coinche() -> Match:
    match = services.match_create(names=NAMES, rules=CoincheRules(target=2000))
    client = Client()
    for bid, points in (("100", "110"), ("80", "60"), ("120", "130")):
        data = entry(match, taker="2", bid=bid, suit="hearts", points=points)
        assert post(client, f"/m/{match.token}/donnes/", data, htmx=False).status_code == 303
    return Match.objects.get(pk=match.pk)


def scenarios():
    """(name, match, callable answering the response)."""
    for lang in ("fr", "en"):
        match = belote()
        client = phone(match, lang)
        yield (
            f"belote-save-{lang}",
            match,
            lambda c=client, m=match, lang=lang: post(
                c, f"/m/{m.token}/donnes/", entry(m, taker="1", points="100"), lang=lang
            ),
        )
        yield (
            f"belote-save-announcements-{lang}",
            match,
            lambda c=client, m=match, lang=lang: post(
                c,
                f"/m/{m.token}/donnes/",
                entry(
                    m,
                    taker="3",
                    points="90",
                    belote="B",
                    belote_seat="2",
                    ann_team="A",
                    ann_points="50",
                ),
                lang=lang,
            ),
        )
        hand = match_get_scoresheet(match).hands[2]
        yield (
            f"belote-correction-{lang}",
            match,
            lambda c=client, m=match, h=hand, lang=lang: post(
                c,
                f"/m/{m.token}/donnes/{h.pk}/",
                {"taker": "2", "points": "120", "hand_version": str(h.version), "key": "c" * 32},
                lang=lang,
            ),
        )
        yield (
            f"belote-undo-{lang}",
            match,
            lambda c=client, m=match, lang=lang: post(
                c, f"/m/{m.token}/annuler/", {"key": undo_key(c, m)}, lang=lang
            ),
        )
        yield (
            f"belote-redeal-{lang}",
            match,
            lambda c=client, m=match, lang=lang: post(
                c, f"/m/{m.token}/donnes/", entry(m, action="pass"), lang=lang
            ),
        )
        yield (
            f"belote-refused-{lang}",
            match,
            lambda c=client, m=match, lang=lang: post(
                c, f"/m/{m.token}/donnes/", entry(m, points="100"), lang=lang
            ),
        )
        yield (
            f"belote-stale-{lang}",
            match,
            lambda c=client, m=match, lang=lang: post(
                c,
                f"/m/{m.token}/donnes/",
                {**entry(m, taker="1", points="100"), "number": "3", "match_version": "3"},
                lang=lang,
            ),
        )
        yield (
            f"belote-no-script-{lang}",
            match,
            lambda c=client, m=match, lang=lang: post(
                c, f"/m/{m.token}/donnes/", entry(m, taker="4", points="100"), htmx=False, lang=lang
            ),
        )
        yield (
            f"belote-page-{lang}",
            match,
            lambda c=client, m=match, lang=lang: c.get(
                f"/m/{m.token}/", headers={"Accept-Language": lang}
            ),
        )
        short = belote(target=500)
        other = phone(short, lang)
        yield (
            f"belote-end-{lang}",
            short,
            lambda c=other, m=short, lang=lang: post(
                c, f"/m/{m.token}/donnes/", entry(m, taker="1", capot="A"), lang=lang
            ),
        )
        game = coinche()
        player = phone(game, lang)
        yield (
            f"coinche-save-{lang}",
            game,
            lambda c=player, m=game, lang=lang: post(
                c,
                f"/m/{m.token}/donnes/",
                entry(m, taker="1", bid="100", suit="spades", coinche="coinche", points="120"),
                lang=lang,
            ),
        )
        hand = match_get_scoresheet(game).hands[0]
        yield (
            f"coinche-correction-{lang}",
            game,
            lambda c=player, m=game, h=hand, lang=lang: post(
                c,
                f"/m/{m.token}/donnes/{h.pk}/",
                {
                    "taker": "3",
                    "bid": "90",
                    "points": "100",
                    "hand_version": str(h.version),
                    "key": "d" * 32,
                },
                lang=lang,
            ),
        )
        yield (
            f"coinche-page-{lang}",
            game,
            lambda c=player, m=game, lang=lang: c.get(
                f"/m/{m.token}/", headers={"Accept-Language": lang}
            ),
        )


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/rebelote-answers")
    out.mkdir(parents=True, exist_ok=True)
    DB.unlink(missing_ok=True)
    call_command("migrate", verbosity=0)
    cache.clear()
    for name, match, answer in scenarios():
        response = answer()
        (out / f"{name}.txt").write_text(normalised(match, response))
        print(f"{name}: {response.status_code}, {len(response.content):,} bytes")
    print(f"written to {out}")


if __name__ == "__main__":
    main()
