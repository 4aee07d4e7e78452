"""Take the README screenshots of Rebelote with headless Chromium (Playwright).

Usage, with a server running (``make run`` in another terminal):

    .venv/bin/python docs/screenshots.py [URL]    # URL: http://127.0.0.1:8000 by default

It creates its own matches on that server (as four friends would: Alice, Bob,
Claire and Dan, "Belote classique", target 1000), then a table of six friends
with a season of matches played from the roster, on two named phones (Léa's
and Marc's). It writes docs/home.png, docs/new-match.png, docs/share.png, docs/scoresheet.png,
docs/hand-entry.png, docs/hand-entry-dark.png, docs/hand-entry-coinche.png,
docs/hand-entry-coinche-dark.png, docs/finished.png, docs/dark.png, docs/correction.png,
docs/conflict.png, docs/undo-bar.png, docs/offline.png, docs/pending.png, docs/table.png,
docs/player.png and docs/ranking.png,
phone-sized (390x844, scale 2).

Then a concours (issue 19) of 31 teams, seeded through the services into the
server's database (this checkout's settings: db.sqlite3, or DATABASE_URL as
the server has it; nothing else can type 31 teams' twelve donnes quickly),
shot through the browser: docs/concours-organiser.png (the organiser's page
on a 1280 px laptop, from its top to the partie's last table),
docs/concours-room.png (the room's screen at 1920x1080),
docs/concours-cards.png (a sheet of table cards as printed, A4) and
docs/concours-phone.png (a team's phone: its next table). ``--only
concours`` takes those alone. The hand-entry ones show what a 390x844
phone keeps above its keyboard: the viewport shrunk to 390x500 once the
points field has the focus (what the keyboard does to the page, see
tests/browser/test_one_screen.py).
``--only arabic`` (issue 30) seeds, the same way, a match whose players'
names mix Arabic and Latin letters, a table and a concours, then shoots them
in Arabic, right to left, at 390x844: docs/ar-home.png, docs/ar-new-match.png,
docs/ar-sheet.png, docs/ar-hand-entry.png (keyboard open), docs/ar-table.png,
docs/ar-concours.png, and ar-home-dark.png, ar-sheet-dark.png,
ar-hand-entry-dark.png in dark mode.
Chromium is Debian's /usr/bin/chromium unless $CHROMIUM names another one.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import re
import sys
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

DOCS = Path(__file__).resolve().parent
VIEWPORT = {"width": 390, "height": 844}
KEYBOARD_OPEN = {"width": 390, "height": 500}  # the 844 px screen less a phone keyboard
SCALE = 2
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PLAYERS = ["Alice", "Bob", "Claire", "Dan"]
TEAM_A = "Alice & Claire"
TEAM_B = "Bob & Dan"

TABLE_NAME = "Les jeudis chez Léa"
ROSTER = ["Léa", "Marc", "Sophie", "Hugo", "Claire", "Dan"]
# The table's season: the seats (1 and 3 against 2 and 4) and the team that wins.
SEASON = [
    (("Léa", "Marc", "Sophie", "Hugo"), "A"),
    (("Claire", "Léa", "Dan", "Sophie"), "B"),
    (("Marc", "Hugo", "Claire", "Dan"), "B"),
    (("Léa", "Claire", "Hugo", "Dan"), "A"),
    (("Sophie", "Marc", "Dan", "Léa"), "B"),
    (("Hugo", "Sophie", "Marc", "Claire"), "A"),
    (("Léa", "Dan", "Marc", "Hugo"), "A"),
    (("Claire", "Sophie", "Hugo", "Marc"), "A"),
    (("Dan", "Léa", "Sophie", "Claire"), "A"),
    (("Marc", "Claire", "Léa", "Hugo"), "A"),
    (("Sophie", "Hugo", "Léa", "Dan"), "A"),
    (("Hugo", "Marc", "Dan", "Sophie"), "B"),
    (("Léa", "Hugo", "Marc", "Sophie"), "B"),
    (("Sophie", "Léa", "Hugo", "Marc"), "B"),
]


def phone(browser: Browser, *, dark: bool = False, locale: str = "fr-FR") -> Page:
    """A new browser context the size of a phone, in French (or ``locale``)."""
    context = browser.new_context(
        viewport=VIEWPORT,
        device_scale_factor=SCALE,
        locale=locale,
        color_scheme="dark" if dark else "light",
    )
    context.set_default_timeout(10_000)
    return context.new_page()


def shoot(page: Page, name: str, *, full_page: bool = False) -> None:
    path = DOCS / f"{name}.png"
    page.screenshot(path=path, full_page=full_page, animations="disabled")
    print(f"{path.relative_to(DOCS.parent)}: {path.stat().st_size // 1024} KB")


def scroll_to(page: Page, selector: str, margin: int = 8) -> None:
    """Scroll so that ``selector`` is at the top of the screen."""
    page.locator(selector).first.evaluate(
        "(el, margin) => window.scrollTo(0, el.getBoundingClientRect().top"
        " + window.scrollY - margin)",
        margin,
    )


def scroll_to_bottom_of(page: Page, selector: str, margin: int = 12) -> None:
    """Scroll as little as possible for ``selector`` to be wholly on screen."""
    page.locator(selector).first.evaluate(
        "(el, margin) => window.scrollTo(0, Math.max(0, el.getBoundingClientRect().bottom"
        " + window.scrollY + margin - window.innerHeight))",
        margin,
    )


def fill_new_match(page: Page, base: str, names: list[str], target: int) -> None:
    page.goto(f"{base}/nouvelle/")
    for seat, name in enumerate(names, start=1):
        page.locator(f"#id_player_{seat}").fill(name)
    page.get_by_label("Belote classique").check()
    page.locator("details.rules summary").click()
    page.locator("#id_target").fill(str(target))


def start_match(page: Page, base: str, names: list[str], target: int) -> str:
    fill_new_match(page, base, names, target)
    page.get_by_role("button", name="Commencer la partie").click()
    page.wait_for_url(re.compile(r"/m/[\w-]+/$"))
    return page.url


def type_hand(
    page: Page,
    taker: str,
    points: int | None = None,
    *,
    capot: str | None = None,
    belote: str | None = None,
) -> None:
    """Fill the hand form as a player would (the taker's team's trick points)."""
    form = page.locator("#hand-form")
    form.locator("fieldset.takers").get_by_label(taker, exact=True).check()
    if capot:
        form.locator("fieldset.capot").get_by_label(capot, exact=True).check()
    if belote:
        form.locator("fieldset.belote").get_by_label(belote, exact=True).check()
    if points is not None:
        form.locator("#id_points").fill(str(points))


def shoot_keyboard_open(page: Page, name: str, points: int) -> None:
    """Type ``points`` as on a phone whose keyboard opens (the viewport
    shrinks under the focused field), shoot what stays on screen, close it."""
    page.locator("#id_points").click()
    page.set_viewport_size(KEYBOARD_OPEN)
    page.keyboard.type(str(points))
    page.locator("#preview .outcome").wait_for()
    page.wait_for_timeout(400)
    shoot(page, name)
    page.set_viewport_size(VIEWPORT)


def create_coinche_match(page: Page, base: str, names: list[str]) -> str:
    """A coinche match ("Entre amis": announcements played), target 1000."""
    page.goto(f"{base}/nouvelle/")
    for seat, name in enumerate(names, start=1):
        page.locator(f"#id_player_{seat}").fill(name)
    page.locator(".game-choice").get_by_label("Coinche", exact=True).check()
    rules = page.locator('[data-game-rules="coinche"]')
    rules.locator("label.preset", has_text="Entre amis").click()
    rules.locator("details summary").click()
    page.locator("#id_coinche-target").fill("1000")
    page.get_by_role("button", name="Commencer la partie").click()
    page.wait_for_url(re.compile(r"/m/[\w-]+/$"))
    return page.url


def type_contract(page: Page, taker: str, bid: str, coinche: str | None = None) -> None:
    """Tap a coinche contract: the taker, the bid, and a coinche if any."""
    form = page.locator("#hand-form")
    form.locator("fieldset.takers").get_by_label(taker, exact=True).check()
    form.locator("fieldset.bid").get_by_label(bid, exact=True).check()
    if coinche:
        form.locator("fieldset.coinche").get_by_label(coinche, exact=True).check()


def enter_hand(page: Page, taker: str, points: int | None = None, **marks: str) -> None:
    number = page.locator("#hands li.hand").count() + 1
    type_hand(page, taker, points, **marks)
    page.locator("#hand-form").get_by_role("button", name="Valider la donne").click()
    page.locator(f"#hand-{number}").wait_for()


def name_phone(page: Page, name: str) -> None:
    """Give this phone its player's name (the "Ce téléphone" line above the entry form)."""
    page.locator("details.device summary").click()
    page.locator("details.device input[name=device]").fill(name)
    page.locator("details.device").get_by_role("button", name="Enregistrer").click()
    page.wait_for_load_state()


def start_table_match(page: Page, table_url: str, seats: tuple[str, ...], target: int) -> str:
    """A new match of the table, its four players picked from the roster."""
    page.goto(table_url)
    page.locator(".table-head").get_by_role("link", name="Nouvelle partie").click()
    for seat, name in enumerate(seats, start=1):
        page.locator(f"#id_person_{seat}").select_option(label=name)
    page.get_by_label("Belote classique").check()
    page.locator("details.rules summary").click()
    page.locator("#id_target").fill(str(target))
    page.get_by_role("button", name="Commencer la partie").click()
    page.wait_for_url(re.compile(r"/m/[\w-]+/$"))
    return page.url


def play_season_match(page: Page, seats: tuple[str, ...], winner: str, number: int) -> None:
    """Three hands to 300: the winners take twice; the losers' hand varies
    (made, dedans, or a litige whose reserve the winners collect)."""
    win = seats[0::2] if winner == "A" else seats[1::2]
    lose = seats[1::2] if winner == "A" else seats[0::2]
    win_team = " & ".join(win)
    enter_hand(page, win[0], 110, belote=win_team)
    enter_hand(page, lose[number % 2], (90, 70, 81)[number % 3])
    enter_hand(page, win[1], 130)
    page.locator(".banner-win").wait_for()


def edit_hand(page: Page, match_url: str, number: int) -> None:
    page.goto(match_url)
    page.locator(f"#hand-{number} summary").click()
    page.locator(f"#hand-{number}").get_by_role("link", name="Corriger ou supprimer").click()
    page.wait_for_load_state()


def shoot_table(browser: Browser, first: Page, base: str) -> None:
    """A table of friends: its season, a correction, a conflict between two
    phones, then the table, a player and the ranking."""
    first.goto(f"{base}/tables/nouvelle/")
    first.locator("#id_name").fill(TABLE_NAME)
    first.locator("#id_players").fill(", ".join(ROSTER))
    first.get_by_role("button", name="Créer la table").click()
    first.wait_for_url(re.compile(r"/t/[\w-]+/$"))
    table_url = first.url

    matches = []
    for number, (seats, winner) in enumerate(SEASON):
        matches.append(start_table_match(first, table_url, seats, 300))
        if number == 0:
            name_phone(first, "Léa")
        play_season_match(first, seats, winner, number)

    # A match in progress, on two phones. Marc names his phone there (a
    # finished match hides the entry form, and the phone's name with it).
    seats = ("Léa", "Hugo", "Claire", "Marc")
    match_url = start_table_match(first, table_url, seats, 1000)
    enter_hand(first, "Léa", 100)
    enter_hand(first, "Hugo", 120, belote="Hugo & Marc")
    second = phone(browser)
    second.goto(match_url)
    name_phone(second, "Marc")

    # Marc's phone corrects a hand Léa's phone entered: its 90 points were 81,
    # a litige (the winners collect its reserve on hand 3: same end, same winner).
    corrected = matches[9]
    edit_hand(second, corrected, 2)
    second.locator("#id_points").fill("81")
    second.get_by_role("button", name="Enregistrer la correction").click()
    # Saved (static/js/queue.js sends it, then opens the sheet at the hand).
    second.wait_for_url(re.compile(r"/m/[\w-]+/#hand-2$"))
    edit_hand(second, corrected, 2)
    second.locator("#preview .outcome").wait_for()
    scroll_to(second, "#preview")
    shoot(second, "correction")

    # Both phones type hand 3, the same hand; Léa's saves first, Marc's is
    # told it is the same hand (and drops its entry: Léa's undoes hers, to
    # show the undo bar, then saves it again).
    second.goto(match_url)
    type_hand(second, "Claire", 130)
    enter_hand(first, "Claire", 130)
    second.locator("#hand-form").get_by_role("button", name="Valider la donne").click()
    second.locator("#conflict").wait_for()
    second.wait_for_timeout(800)  # the panel is scrolled into view, smoothly
    shoot(second, "conflict")
    second.locator("#conflict").get_by_role("link", name="Abandonner ma saisie").click()
    second.context.close()
    first.locator("#undo-bar form").wait_for()
    shoot(first, "undo-bar")
    first.locator("#undo-bar").get_by_role("button", name="Annuler").click()
    first.locator("#hand-3").wait_for(state="detached")
    enter_hand(first, "Claire", 130)

    # The table: the short ranking and the history, newest first.
    first.goto(table_url)
    scroll_to_bottom_of(first, "#history .match-list li")
    shoot(first, "table")

    # A player: the rating, its chart and the statistics.
    first.locator("#roster").get_by_role("link", name="Léa", exact=True).click()
    first.locator("figure.chart svg").wait_for()
    scroll_to(first, ".rating-card")
    shoot(first, "player")

    first.goto(f"{table_url}classement/")
    shoot(first, "ranking")


def shoot_offline(browser: Browser, match_url: str) -> None:
    """A phone that opened the match once reads it again without network: the
    sheet its service worker kept, under the "hors ligne" banner (docs/offline.png)."""
    page = phone(browser)
    page.goto(match_url)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # through the worker now: it keeps a copy
    path = match_url.split("//", 1)[1].split("/", 1)[1]
    page.wait_for_function(
        """async (path) => {
            const cache = await caches.open("rebelote-pages-v1");
            return Boolean(await cache.match(location.origin + "/" + path));
        }""",
        arg=path,
    )
    # Date the copy two minutes back, as when the signal dropped a while ago
    # (the banner counts from the copy's X-Rebelote-Saved-At, see templates/pwa/sw.js).
    page.evaluate(
        """async () => {
            const cache = await caches.open("rebelote-pages-v1");
            const key = location.href;
            const copy = await cache.match(key);
            const headers = new Headers(copy.headers);
            headers.set("X-Rebelote-Saved-At", String(Date.now() - 2 * 60 * 1000));
            await cache.put(key, new Response(await copy.text(), {status: 200, headers}));
        }"""
    )
    page.context.set_offline(True)
    page.reload()
    page.locator("#freshness").wait_for()
    shoot(page, "offline")
    page.context.close()


def shoot_pending(browser: Browser, match_url: str) -> None:
    """A phone types a hand (its preview shown), loses the network and taps
    "Valider la donne": the hand waits on the sheet, greyed, "en attente
    d'envoi" (docs/pending.png). The phone is closed without network: the
    kept hand, in its own storage, is never sent."""
    page = phone(browser)
    page.goto(match_url)
    type_hand(page, "Claire", 110)
    page.locator("#preview .outcome").wait_for()
    page.context.set_offline(True)
    page.wait_for_function("() => !navigator.onLine")
    page.locator("#hand-form").get_by_role("button", name="Valider la donne").click()
    page.locator("#pending-hands li").wait_for()
    scroll_to(page, "#pending-hands", margin=96)  # below the "Hors ligne" banner
    shoot(page, "pending")
    page.context.close()


CONCOURS_TEAMS = [
    "Les Frangins", "La Doublette", "Les Belotiers", "Les Capots", "Atout Cœur",
    "Les Rebelotes", "Dix de Der", "Les Copains d'abord", "Le Valet Noir", "Les Coincheurs",
    "Belote et Re", "Les Pique-Assiette", "Carreau Magique", "Les As du Bourg", "Les Trèfles",
    "La Dame de Pique", "Les Mariés", "Les Cousins", "Tierce Royale", "Les Anciens",
    "Les Jeunes Pousses", "Club du Lundi", "Le Comité", "Les Voisins", "Les Pompiers",
    "Les Boulistes", "L'Amicale", "Les Retraités", "Les Vignerons", "Les Pêcheurs",
    "Les Chasseurs",
]  # fmt: skip
CONCOURS_PLAYERS = ["Jo", "Dédé", "Marie", "Paulette", "Jeannot", "Lulu", "Roger", "Gisèle",
                    "Momo", "Nadine", "Pierrot", "Yvette", "Fanfan", "Titi"]  # fmt: skip


def _django() -> None:
    """Set Django up in this process, on the server's database (this checkout's settings)."""
    sys.path.insert(0, str(DOCS.parent))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "belote_site.settings")
    # Playwright's sync API runs an event loop in this thread; the ORM calls are synchronous.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    import django

    django.setup()


def _play_donnes(concours, rng: random.Random, hands: int | None) -> None:
    """Enter ``hands`` donnes (all the partie's when None, a few at random
    tables otherwise) at every table of the current partie."""
    from scoresheets.concours import services as cs
    from scoresheets.matches import services
    from scoresheets.scoring import HandInput

    state = cs.load(concours)
    length = state.settings.length.donnes or 12
    for index, table in enumerate(state.current.tables):
        count = length if hands is None else (length if index % 4 == 0 else rng.randint(2, 10))
        for _ in range(count):
            team = rng.choice("AB")
            points = rng.choice([82, 90, 96, 100, 110, 120, 130, 142, 152])
            services.hand_record(match=table.match, hand=HandInput(team, team, points))


def shoot_concours(browser: Browser, base: str) -> None:
    """The concours' screenshots (module docstring)."""
    _django()
    from scoresheets.concours import services as cs

    rng = random.Random(19)
    concours = cs.concours_create(
        name="Concours du comité des fêtes",
        date=datetime.date(2026, 12, 5),
        preset="classique",
        settings={"parties": 4, "length": {"donnes": 12}},
    )
    for name in CONCOURS_TEAMS:
        players = rng.sample(CONCOURS_PLAYERS, 2)
        cs.concours_entrant_register(concours=concours, name=name, players=players)
    cs.concours_draw(concours=concours)
    _play_donnes(concours, rng, None)
    cs.concours_draw(concours=concours, force=True)  # forced: every donne is entered
    room = f"{base}/voir/concours/{concours.read_token}/salle/"

    # A team's phone, partie 2 just drawn: its next table on top.
    page = phone(browser)
    team = cs.load(concours).current.tables[5].side_b[0]
    page.goto(f"{room}?equipe={team}")
    shoot(page, "concours-phone")
    page.context.close()

    # Partie 2 under way: the room's screen, the organiser's page.
    _play_donnes(concours, rng, 0)
    screen = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="fr-FR")
    page = screen.new_page()
    page.goto(room)
    page.locator(".room.is-cycling [data-slide='ranking-1'].is-shown").wait_for()
    page.screenshot(path=str(DOCS / "concours-room.png"))
    screen.close()

    # The organiser's laptop: from the page's top to the last table of the
    # partie under way (the draw, every table at a glance), whatever its height.
    laptop = browser.new_context(viewport={"width": 1280, "height": 900}, locale="fr-FR")
    page = laptop.new_page()
    page.goto(f"{base}/c/{concours.token}/")
    partie = page.locator("#partie").bounding_box()
    assert partie is not None, "the organiser's page has no #partie"
    height = partie["y"] + partie["height"] + 16
    clip = {"x": 0, "y": 0, "width": 1280, "height": height}
    page.screenshot(path=str(DOCS / "concours-organiser.png"), full_page=True, clip=clip)

    # A sheet of table cards, as printed (A4 at 96 dpi: 794x1123).
    page.set_viewport_size({"width": 794, "height": 1123})
    page.emulate_media(media="print")
    page.goto(f"{base}/c/{concours.token}/cartes/")
    page.screenshot(path=str(DOCS / "concours-cards.png"))
    laptop.close()


# Arabic and Latin names side by side: a Saudi table with two friends from
# elsewhere (issue 30: each name set apart from the figures around it).
ARABIC_PLAYERS = ["فهد", "Marc", "سالم", "Léa"]
ARABIC_TEAMS = ("الصقور", "")  # team B goes by its partners' names: "Marc & Léa"


def shoot_arabic(browser: Browser, base: str) -> None:
    """The Arabic screenshots (module docstring), seeded through the services."""
    _django()
    from scoresheets import scoring
    from scoresheets.concours import services as cs
    from scoresheets.matches import services
    from scoresheets.tables import services as tables

    def hand(taker: str, points: int | None = None, **kwargs) -> scoring.HandInput:
        if points is not None:
            kwargs.update(points_team=taker, trick_points=points)
        return scoring.HandInput(taker=taker, **kwargs)

    match = services.match_create(
        names=ARABIC_PLAYERS,
        rules=scoring.Rules(announcements=False),
        team_a_name=ARABIC_TEAMS[0],
        team_b_name=ARABIC_TEAMS[1],
    )
    for one, seat in [
        (hand("A", 100), 1),
        (hand("B", 90, belote="B"), 2),
        (hand("A", 60), 3),
        (hand("B", capot="B"), 4),
        (hand("A", 81), 1),
    ]:
        belote_seat = 4 if one.belote else None  # Léa, of team B
        services.hand_record(match=match, hand=one, taker_seat=seat, belote_seat=belote_seat)
    match_url = f"{base}/m/{match.token}/"

    table = tables.table_create(name="جلسة الخميس عند أبو فهد", player_names=ARABIC_PLAYERS)
    for seats, hands in (
        ((0, 1, 2, 3), [hand("A", 110), hand("B", 90), hand("A", 130)]),
        ((1, 0, 3, 2), [hand("A", 120), hand("A", 100)]),
    ):
        names = [ARABIC_PLAYERS[i] for i in seats]
        played = services.match_create(
            names=names, rules=scoring.Rules(target=300, announcements=False), table=table
        )
        for one in hands:
            services.hand_record(match=played, hand=one, taker_seat=1 if one.taker == "A" else 2)

    concours = cs.concours_create(
        name="بطولة النادي",
        date=datetime.date(2026, 12, 5),
        preset="classique",
        settings={"parties": 4, "length": {"donnes": 12}},
    )
    for name, players in (
        ("الصقور", ["فهد", "سالم"]),
        ("Les As", ["Marc", "Léa"]),
        ("النجوم", ["خالد", "Sam"]),
        ("الأهلي", ["ناصر", "عمر"]),
    ):
        cs.concours_entrant_register(concours=concours, name=name, players=players)
    cs.concours_draw(concours=concours)
    _play_donnes(concours, random.Random(30), 0)

    for dark in (False, True):
        page = phone(browser, dark=dark, locale="ar-SA")
        tail = "-dark" if dark else ""
        # Arabic from the phone's Accept-Language; the match opened once, so
        # that "My matches" lists it.
        page.goto(match_url)
        page.goto(f"{base}/")
        shoot(page, f"ar-home{tail}")
        page.goto(match_url)
        page.locator("#hand-5 summary").click()  # its plain explanation
        scroll_to(page, "#hands")
        shoot(page, f"ar-sheet{tail}")
        page.evaluate("window.scrollTo(0, 0)")
        type_hand(page, "Marc")
        shoot_keyboard_open(page, f"ar-hand-entry{tail}", 102)
        if not dark:
            page.goto(f"{base}/nouvelle/")
            for seat, name in enumerate(ARABIC_PLAYERS, start=1):
                page.locator(f"#id_player_{seat}").fill(name)
            page.evaluate("window.scrollTo(0, 0)")
            shoot(page, "ar-new-match")
            page.goto(f"{base}/t/{table.token}/")
            shoot(page, "ar-table")
            team = cs.load(concours).current.tables[0].side_a[0]
            page.goto(f"{base}/voir/concours/{concours.read_token}/salle/?equipe={team}")
            shoot(page, "ar-concours")
        page.context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url", nargs="?", default="http://127.0.0.1:8000")
    parser.add_argument(
        "--only", choices=["concours", "arabic"], help="take only these screenshots"
    )
    args = parser.parse_args()
    base = args.url.rstrip("/")
    executable = os.environ.get("CHROMIUM", "/usr/bin/chromium")

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            if args.only == "concours":
                shoot_concours(browser, base)
                return
            if args.only == "arabic":
                shoot_arabic(browser, base)
                return
            first = phone(browser)

            # The new match form, filled in.
            fill_new_match(first, base, PLAYERS, 1000)
            first.evaluate("window.scrollTo(0, 0)")
            shoot(first, "new-match")

            # A match in progress: made, belote, dedans, capot, then a litige
            # whose 81 points wait in the reserve.
            match_url = start_match(first, base, PLAYERS, 1000)
            # Right after "Commencer la partie": the share panel, on screen.
            shoot(first, "share")
            enter_hand(first, "Alice", 100)
            enter_hand(first, "Bob", 90, belote=TEAM_B)
            enter_hand(first, "Claire", 60)
            enter_hand(first, "Dan", capot=TEAM_B)
            enter_hand(first, "Alice", 81)
            first.locator("#hand-5 summary").click()  # its plain explanation
            scroll_to(first, "#hands")
            shoot(first, "scoresheet")

            # The same sheet on a phone that lost the network.
            shoot_offline(browser, match_url)
            # A hand typed there, waiting for the network.
            shoot_pending(browser, match_url)

            # A second phone, in dark mode, opens the same match by its link
            # and types the next hand (not saved), its keyboard open.
            dark = phone(browser, dark=True)
            dark.goto(match_url)
            shoot(dark, "dark")
            type_hand(dark, "Bob")
            shoot_keyboard_open(dark, "hand-entry-dark", 102)
            dark.context.close()

            # The next hand being typed, the keyboard open: the points field,
            # the live preview (the reserve paid) and "Valider" on one screen.
            first.evaluate("window.scrollTo(0, 0)")
            type_hand(first, "Bob")
            shoot_keyboard_open(first, "hand-entry", 102)

            # Play it to the end: the winner banner.
            first.locator("#hand-form").get_by_role("button", name="Valider la donne").click()
            first.locator("#hand-6").wait_for()
            enter_hand(first, "Claire", capot=TEAM_A, belote=TEAM_A)
            enter_hand(first, "Dan", 110)
            enter_hand(first, "Alice", 130, belote=TEAM_A)
            enter_hand(first, "Bob", 120)
            first.locator(".banner-win").wait_for()
            first.evaluate("window.scrollTo(0, 0)")
            shoot(first, "finished")

            # A coinche match: a coinched contract typed, the keyboard open,
            # in light and dark.
            for dark_mode, name in (
                (False, "hand-entry-coinche"),
                (True, "hand-entry-coinche-dark"),
            ):
                coinche = phone(browser, dark=dark_mode)
                create_coinche_match(coinche, base, ["Léa", "Marc", "Zoé", "Hugo"])
                type_contract(coinche, "Léa", "100", "Coinchée")
                shoot_keyboard_open(coinche, name, 112)
                coinche.context.close()

            # A table of friends, then the home page: "Mes tables" lists it.
            shoot_table(browser, first, base)

            # A second match, just begun, so that "Mes parties" lists it first.
            start_match(first, base, ["Léa", "Marc", "Sophie", "Hugo"], 501)
            enter_hand(first, "Marc", 110)
            first.goto(f"{base}/")
            shoot(first, "home")

            shoot_concours(browser, base)
        finally:
            browser.close()


if __name__ == "__main__":
    main()
