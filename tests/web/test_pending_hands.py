"""The phone's reading of a kept hand (static/js/sync/pending.js, ``handOf``)
against the server's hand forms: for the same posted fields, the hand
document the phone scores offline is the one the server stores
(``HandForm.hand_input`` then the engine's ``hand_document``), or both refuse
them. And the match page carries what the phone's scorer needs
(``Scoresheet.scorer_data``, as JSON data in the scoreboard) only where hands
can be typed."""

from __future__ import annotations

import itertools
import json
import random
import subprocess
from pathlib import Path

import pytest
from django.http import QueryDict

from scoresheets import scoring
from scoresheets.forms import hand_form
from scoresheets.game_forms import ANNOUNCEMENTS_MAX
from scoresheets.games.baloot.engine import BalootRules
from scoresheets.games.belote3.engine import Belote2Rules, Belote3Rules
from scoresheets.games.jass.engine import JassRules
from scoresheets.games.klaverjas.engine import KlaverjasRules
from scoresheets.matches import services
from scoresheets.scoring import CoincheRules
from tests import node
from tests.factories import hand, make_match, play

ROOT = Path(__file__).resolve().parents[2]

# Each field's values: those the page's chips and inputs post, and some a
# tampered or mistyped form could.
BELOTE_VALUES = {
    "taker": ["", "1", "2", "3", "4", "5", "A"],
    "points": ["", "0", "82", "162", "163", "-1", "82.0", " 90 ", "abc", "1e2"],
    "points_team": ["", "A", "B", "C"],
    "capot": ["", "A", "B", "x"],
    "belote": ["", "A", "B"],
    "belote_seat": ["", "1", "2", "4", "7"],
    "ann_team": ["", "A", "B"],
    "ann_points": ["", "0", "20", "50", "170", str(ANNOUNCEMENTS_MAX), str(ANNOUNCEMENTS_MAX + 10)],
    "renonce": ["", "A", "B", "z"],
    "action": ["", "pass"],
}
COINCHE_VALUES = {
    **{k: v for k, v in BELOTE_VALUES.items() if k != "renonce"},
    "bid": ["", "80", "100", "180", "capot", "generale", "85", "x"],
    "suit": ["", "hearts", "no_trump", "all_trump", "x"],
    "coinche": ["", "coinche", "surcoinche", "x"],
    "solo": ["", "1", "0", "2"],
}

KLAVERJAS_VALUES = {
    "taker": ["", "1", "2", "3", "4", "5", "A"],
    "points": ["", "0", "82", "162", "163", "-1", "82.0", " 90 ", "abc"],
    "points_team": ["", "A", "B", "C"],
    "roem_a": ["", "0", "20", "50", "30", "-20", str(ANNOUNCEMENTS_MAX + 10), "x"],
    "roem_b": ["", "0", "100", "170", str(ANNOUNCEMENTS_MAX)],
    "pit": ["", "A", "B", "x"],
    "revoke": ["", "A", "B", "q"],
    "action": ["", "pass"],
}

JASS_VALUES = {
    "taker": ["", "1", "2", "3", "4", "5", "A"],
    "mode": ["", "hearts", "spades", "obenabe", "undenufe", "no_trump", "x"],
    "points": ["", "0", "92", "157", "158", "-1", "92.0", " 90 ", "abc"],
    "points_team": ["", "A", "B", "C"],
    "match": ["", "A", "B", "x"],
    "stoeck": ["", "A", "B", "q"],
    "weis_a": ["", "0", "20", "50", "30", "-20", str(ANNOUNCEMENTS_MAX + 10), "x"],
    "weis_b": ["", "0", "100", "170", str(ANNOUNCEMENTS_MAX)],
    "out": ["", "A", "B", "z"],
    "action": ["", "pass"],
}

BALOOT_VALUES = {
    "taker": ["", "1", "2", "3", "4", "5", "A"],
    "contract": ["", "sun", "hokm", "no_trump"],
    "points": ["", "0", "80", "130", "162", "163", "-1", "80.0", " 90 ", "abc"],
    "points_team": ["", "A", "B", "C"],
    "kaboot": ["", "A", "B", "x"],
    "baloot": ["", "A", "B", "q"],
    "doubling": ["", "double", "three", "four", "gahwa", "x"],
    "ashkal": ["", "on", "false", "1"],
    "projects_team": ["", "A", "B", "z"],
    "sira": ["", "0", "1", "2", "5", "-1", "x"],
    "fifty": ["", "1", "4"],
    "hundred": ["", "1", "2.0"],
    "four_hundred": ["", "1", "2"],
    "action": ["", "pass"],
}


# Belote for three or two (a table of players): the taker a player, each
# player's trick points, one player's announcements.
PLAYERS_VALUES = {
    "taker": ["", "A", "B", "C", "D", "1", "a"],
    "points_a": ["", "0", "70", "162", "163", "-1", "70.0", " 50 ", "abc"],
    "points_b": ["", "0", "50", "90", "x"],
    "points_c": ["", "42", "81", "q"],
    "capot": ["", "A", "B", "C", "x"],
    "belote": ["", "A", "B", "C", "q"],
    "ann_team": ["", "A", "B", "C", "z"],
    "ann_points": ["", "0", "20", "30", "-20", str(ANNOUNCEMENTS_MAX + 10), "x"],
    "action": ["", "pass"],
}


def _samples(
    values: dict[str, list[str]], count: int, seed: int, plain: dict[str, str] | None = None
) -> list[list[list[str]]]:
    """``count`` random forms (each field a random value of its list, or
    absent), plus each value of each field alone on a plain hand."""
    rng = random.Random(seed)
    plain = plain or {"taker": "1", "points": "90"}
    forms = []
    for name, options in values.items():
        for value in options:
            forms.append({**plain, name: value})
    for _ in range(count):
        forms.append(
            {name: rng.choice(options) for name, options in values.items() if rng.random() < 0.8}
        )
    head = [["key", "k" * 32], ["number", "1"], ["match_version", "1"], ["action", ""]]
    out = []
    for form in forms:
        fields = [pair for pair in head if pair[0] != "action" or "action" not in form]
        if form.get("action") == "pass":
            fields.append(["action", ""])  # the hidden field, then the button's
        fields += [[name, value] for name, value in form.items()]
        out.append(fields)
    return out


def _server_hand(match, players, fields: list[list[str]]):
    data = QueryDict(mutable=True)
    for name, value in fields:
        data.appendlist(name, value)
    form = hand_form(match, players, data)
    if not form.is_valid():
        return None
    given = form.hand_input()
    return scoring.engine_for(match.rules).hand_document(given)


def _phone_hands(game: str, forms: list[list[list[str]]], *, played: bool) -> list:
    script = (
        'import { handOf } from "./static/js/sync/pending.js";'
        'let text = ""; process.stdin.on("data", (d) => { text += d; });'
        'process.stdin.on("end", () => { const {game, forms, max, played} = JSON.parse(text);'
        "process.stdout.write(JSON.stringify(forms.map((f) => handOf(f, game, "
        "{announcementsMax: max, announcements: played})))); });"
    )
    run = subprocess.run(
        node.command("--input-type=module", "-e", script),
        env=node.env(),
        input=json.dumps(
            {"game": game, "forms": forms, "max": ANNOUNCEMENTS_MAX, "played": played}
        ),
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        check=True,
    )
    return json.loads(run.stdout)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("game", "values"),
    [
        ("belote", BELOTE_VALUES),
        ("coinche", COINCHE_VALUES),
        ("klaverjas", KLAVERJAS_VALUES),
        ("jass", JASS_VALUES),
        ("baloot", BALOOT_VALUES),
        ("belote3", PLAYERS_VALUES),
        ("belote3-announcements", PLAYERS_VALUES),
        ("belote2", PLAYERS_VALUES),
        ("belote2-unplayed", PLAYERS_VALUES),
    ],
)
def test_a_kept_hand_is_read_on_the_phone_as_the_server_reads_it(game, values):
    names = ["Alice", "Bob", "Claire", "Dan"]
    plain = None
    if game.startswith("belote3"):
        rules = Belote3Rules(announcements=game.endswith("announcements"))
        match = services.match_create(names=names[:3], rules=rules)
        game, plain = "belote3", {"taker": "A", "points_a": "70"}
    elif game.startswith("belote2"):
        rules = Belote2Rules(all_cards_played=not game.endswith("unplayed"), announcements=True)
        match = services.match_create(names=names[:2], rules=rules)
        game, plain = "belote2", {"taker": "A", "points_a": "70"}
    if plain is not None:
        pass
    elif game == "coinche":
        match = services.match_create(names=names, rules=CoincheRules())
    elif game == "klaverjas":
        match = services.match_create(names=names, rules=KlaverjasRules())
    elif game == "jass":
        match = services.match_create(names=names, rules=JassRules(multipliers="1_2_3"))
    elif game == "baloot":
        match = services.match_create(names=names, rules=BalootRules())
    else:
        match = make_match(announcements=True)
    players = tuple(match.players.all())
    forms = _samples(values, 400, seed=20, plain=plain)
    phone = _phone_hands(game, forms, played=getattr(match.rules, "announcements", False))
    server = [_server_hand(match, players, fields) for fields in forms]
    differ = [(f, p, s) for f, p, s in zip(forms, phone, server, strict=True) if p != s]
    assert differ == [], "\n".join(
        f"{dict(f)}\n  phone  {p}\n  server {s}" for f, p, s in differ[:4]
    )
    # Both kinds were met: hands read, and forms refused.
    assert any(server) and None in server


@pytest.mark.django_db
def test_the_match_page_carries_the_scorer_s_data_only_where_hands_are_typed(client):
    match = play(make_match(), hand("A", 100), hand("B", 90))
    page = client.get(f"/m/{match.token}/").content.decode()
    start = page.index('<script id="match-document" type="application/json">')
    end = page.index("</script>", start)
    data = json.loads(page[start:end].split(">", 1)[1])
    hands = list(match.hands.live())
    assert data["hand_pages"] == [f"/m/{match.token}/donnes/{h.pk}/" for h in hands]
    assert data["announcements_max"] == ANNOUNCEMENTS_MAX
    assert scoring.score_document(data["document"]) == scoring.score_document(
        scoring.match_document(match.rules, [h.to_input() for h in hands])
    )
    assert data["document"]["rules"]["target"] == match.target
    # It follows the sheet: a poll's answer carries it too, and the
    # read-only link does not (nothing is typed there).
    poll = client.get(f"/m/{match.token}/poll/?v=0").content.decode()
    assert 'id="match-document"' in poll
    read = client.get(f"/voir/{match.read_token}/").content.decode()
    assert 'id="match-document"' not in read
    # The correction page carries it for its preview without network.
    edit = client.get(f"/m/{match.token}/donnes/{hands[0].pk}/").content.decode()
    assert 'id="match-document"' in edit


def test_the_samples_cover_each_value():
    forms = _samples(BELOTE_VALUES, 0, seed=1)
    seen = {(name, value) for fields in forms for name, value in fields}
    assert seen >= set(
        itertools.chain.from_iterable(((name, v) for v in vs) for name, vs in BELOTE_VALUES.items())
    )


@pytest.mark.django_db
def test_the_pending_words_are_said_in_french_and_in_english(client):
    """What marks the figures this phone counts (static/js/scores.js), in
    the page's language: the totals' mark, the line under them, the local
    preview's note."""
    match = make_match()
    french = client.get(f"/m/{match.token}/").content.decode()
    assert 'data-mark="en attente"' in french
    assert "En attente d&#x27;envoi : ces totaux comptent" in french or (
        "En attente d'envoi : ces totaux comptent" in french
    )
    assert "Calculé sur ce téléphone, en attendant le serveur" in french
    english = client.get(f"/m/{match.token}/", headers={"accept-language": "en"}).content.decode()
    assert 'data-mark="pending"' in english
    assert "Waiting to be sent: these totals count the hands kept on this phone" in english
    assert "Worked out on this phone, until the server has it" in english
