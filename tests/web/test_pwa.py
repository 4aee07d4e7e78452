"""The installable app (issue 12), without a browser: the manifest, the
service worker's script and headers, which pages it may keep, the offline page
and the Content-Security-Policy's directives for them.
(tests/browser/test_offline.py runs them in Chromium.)"""

from __future__ import annotations

import json
import re
import struct
from html import unescape
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.test import Client

from scoresheets.converters import TOKEN_LENGTH
from scoresheets.scoring.engines import ENGINES
from scoresheets.sync.sheet import SHEET_PARTS
from tests.factories import make_match
from tests.routes import routes
from tests.tables_fixture import make_fixture

pytestmark = pytest.mark.django_db

# The pages a phone may read again offline: what the worker keeps (CONFIG.pages).
READABLE_NAMES = {
    "home",
    "match",
    "match_read",
    "hand_edit",  # a hand's correction page: corrected offline too (static/js/changes.js)
    "table",
    "table_ranking",
    "table_player",
    "table_read",
    "table_ranking_read",
    "table_player_read",
    "concours",
    "concours_read",
    "concours_room_read",
    "season",
    "season_read",
}


def _worker(client: Client) -> str:
    return client.get("/sw.js").content.decode()


def _js_constant(source: str, name: str) -> str:
    return re.search(rf"^var {name} = (.*?);$", source, re.M | re.S).group(1)


def _worker_config(source: str) -> dict:
    """The worker's CONFIG (scoresheets/sync/pwa.py, sync_config), as rendered into it."""
    return json.loads(_js_constant(source, "CONFIG"))


def _readable_patterns(source: str) -> dict[str, re.Pattern]:
    """URL name -> the path pattern of each page the worker keeps (CONFIG.pages)."""
    return {name: re.compile(source) for name, source in _worker_config(source)["pages"].items()}


def _png_size(path: str) -> tuple[int, int]:
    with open(path, "rb") as png:
        header = png.read(24)
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", header[16:24])


def test_the_manifest_is_json_with_what_an_install_needs(client: Client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "Rebelote"
    assert manifest["short_name"] == "Rebelote"
    assert manifest["start_url"] == "/"
    assert manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["lang"] == "fr"
    page = client.get("/").content.decode()
    # The theme colour is the one base.html gives the browser's bar (light).
    light = re.search(
        r'<meta name="theme-color" content="([^"]+)" media="\(prefers-color-scheme: light\)">',
        page,
    )
    assert manifest["theme_color"] == light.group(1)
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["background_color"])


def test_the_manifest_icons_exist_at_their_sizes(client: Client):
    manifest = json.loads(client.get("/manifest.webmanifest").content)
    sizes = {}
    for icon in manifest["icons"]:
        path = finders.find(icon["src"].removeprefix("/static/"))
        assert path, icon["src"]
        if icon["type"] == "image/png":
            width, height = _png_size(path)
            assert icon["sizes"] == f"{width}x{height}"
            sizes.setdefault(icon.get("purpose", "any"), set()).add(width)
        else:
            assert icon["type"] == "image/svg+xml"
            assert Path(path).read_text(encoding="utf-8").lstrip().startswith("<svg")
    assert sizes == {"any": {192, 512}, "maskable": {192, 512}}


def test_every_page_links_the_manifest_and_the_worker_script(client: Client):
    page = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert re.search(r'<script type="module" src="/static/js/offline\.js" data-sw="/sw\.js">', page)


def test_the_worker_is_served_from_the_root_and_revalidated(client: Client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert response["Cache-Control"] == "no-cache"
    assert response["Service-Worker-Allowed"] == "/"
    assert client.post("/sw.js").status_code == 405


def test_the_worker_stores_the_static_files_and_the_offline_page(client: Client):
    source = _worker(client)
    precache = json.loads(_js_constant(source, "PRECACHE"))
    for url in ("/static/js/poll.js", "/static/js/offline.js", "/static/css/app.css"):
        assert url in precache
    # Each game's scorer, from its package: the phone scores offline.
    for game in ENGINES:
        assert f"/static/games/{game}/scoring.js" in precache
    assert any("htmx" in url for url in precache)
    for url in precache:
        assert finders.find(url.removeprefix("/static/")), url
    assert json.loads(_js_constant(source, "OFFLINE_URL")) == "/hors-ligne/"
    # The cache's version follows the static files' names (hashed in production).
    assert re.fullmatch(r'"[0-9a-f]{12}"', _js_constant(source, "VERSION"))


def test_the_worker_keeps_the_reading_pages_and_nothing_else(client: Client):
    """Each route is either a page to read again offline (READABLE_NAMES) or
    something the worker never keeps (forms, polls, previews, exports)."""
    patterns = _readable_patterns(_worker(client))
    assert set(patterns) == READABLE_NAMES
    token = "Abc123_-" * (TOKEN_LENGTH // 8) + "x" * (TOKEN_LENGTH % 8)
    for route in routes():
        url = route.url(
            token=token, hand_id=3, player_id=4, number=5, penalty_id=5, concours_id=6, key=token
        )
        kept = [name for name, pattern in patterns.items() if pattern.search(url)]
        assert kept == ([route.name] if route.name in READABLE_NAMES else []), (route.name, url)


def test_the_copy_mark_the_worker_rewrites_is_on_every_page(client: Client):
    mark = re.search(r"^var COPY_MARK = '(.*)';$", _worker(client), re.M).group(1)
    match = make_match()
    for url in ("/", f"/m/{match.token}/", f"/voir/{match.read_token}/", "/hors-ligne/"):
        assert client.get(url).content.decode().count(mark) == 1, url


def test_the_offline_page_says_what_needs_the_network(client: Client):
    response = client.get("/hors-ligne/")
    assert response.status_code == 200
    body = response.content.decode()
    assert "Pas de réseau" in body
    assert "importer une partie" in body
    assert 'id="offline-pages"' in body
    english = client.get("/hors-ligne/", headers={"accept-language": "en"})
    assert "No network" in english.content.decode()


def test_the_banner_texts_are_translated(client: Client):
    french = client.get("/").content.decode()
    assert 'data-offline="Hors ligne · dernière mise à jour {ago}"' in french
    assert 'data-ago-s="il y a {n} s"' in french
    english = client.get("/", headers={"accept-language": "en"}).content.decode()
    assert 'data-offline="Offline · last updated {ago}"' in english
    assert 'data-ago-min="{n} min ago"' in english


def test_the_policy_allows_the_worker_and_the_manifest_from_the_site_only(client: Client):
    for url in ("/", "/sw.js", "/hors-ligne/"):
        header = client.get(url)["Content-Security-Policy"]
        directives = {
            part.split()[0]: part.split()[1:] for part in header.split(";") if part.strip()
        }
        assert directives["worker-src"] == ["'self'"], url
        assert directives["manifest-src"] == ["'self'"], url


def test_pages_and_exports_stay_out_of_shared_caches(client: Client):
    """The worker's copies are the phone's own; no HTTP cache on the way may keep
    a match's pages (their address is their key) nor an export."""
    match = make_match()
    fixture = make_fixture()
    for url in (f"/m/{match.token}/", f"/voir/{match.read_token}/"):
        cache_control = client.get(url)["Cache-Control"]
        assert "private" in cache_control and "no-cache" in cache_control, url
    for url in (f"/m/{match.token}/export.json", f"/t/{fixture.table.token}/parties.csv"):
        cache_control = client.get(url)["Cache-Control"]
        assert "private" in cache_control and "no-store" in cache_control, url


def test_the_worker_recognises_whitenoise_s_versioned_names(client: Client):
    """Cache first only for names that carry their content's hash: the names
    whitenoise's manifest storage (production) gives the static files."""
    from django.core.files import File
    from whitenoise.storage import CompressedManifestStaticFilesStorage

    hashed = re.search(r"^var HASHED = /(.*)/;$", _worker(client), re.M).group(1)
    storage = CompressedManifestStaticFilesStorage()
    for name in ("js/poll.js", "css/app.css", "img/icon-192.png"):
        with open(finders.find(name), "rb") as source:
            versioned = storage.hashed_name(name, File(source))
        assert versioned != name
        assert re.search(hashed, "/static/" + versioned), versioned
        assert not re.search(hashed, "/static/" + name), name


def test_the_worker_is_served_with_the_production_static_storage(
    client: Client, tmp_path: Path, settings
):
    """In production (DEBUG off) the static files are whitenoise's manifest
    storage, collected beforehand: the worker's script must not ask it for a
    file that is not one (``static("")`` raised, and /sw.js was a 500)."""
    from django.core.management import call_command

    settings.STATIC_ROOT = tmp_path / "static"
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    call_command("collectstatic", "--noinput", verbosity=0)
    response = client.get("/sw.js")
    assert response.status_code == 200
    body = response.content.decode()
    # The precached static files are the collected, versioned ones.
    assert re.search(r'/static/js/app\.[0-9a-f]{12}\.js"', body)
    assert '"/static/"' in body  # the prefix the worker recognises static files by


def _page_config(html: str) -> dict:
    """The configuration a page gives its scripts (<meta name="rebelote-sync">)."""
    content = re.search(r'<meta name="rebelote-sync" content="([^"]*)">', html).group(1)
    return json.loads(unescape(content))


def test_the_pages_and_the_worker_share_one_configuration(client: Client):
    """The routes, the sheet's parts and the timings come from the server
    (scoresheets/sync/pwa.py), into the worker and into every page alike: none is
    copied into a script."""
    from scoresheets.sync import pwa

    worker = _worker_config(_worker(client))
    match = make_match()
    shared = {name: value for name, value in worker.items() if name not in ("pages", "sheet_pages")}
    for url in ("/", f"/m/{match.token}/", f"/voir/{match.read_token}/", "/hors-ligne/"):
        assert _page_config(client.get(url).content.decode()) == shared, url
    assert worker["hand_page"] == worker["pages"]["hand_edit"]
    assert worker["parts"] == list(SHEET_PARTS)
    assert worker["timings"] == pwa.TIMINGS_MS
    assert worker["worker"] == "/sw.js"
    assert set(worker["sheet_pages"]) == {"match", "match_read"}
    assert re.fullmatch(worker["pages"]["match"], f"/m/{match.token}/")
    assert not re.fullmatch(worker["pages"]["match"], f"/m/{match.token}/poll/")
    # No script names a route, a part or a cache of its own.
    for path in Path(finders.find("js/sync/config.js")).parent.parent.rglob("*.js"):
        source = path.read_text(encoding="utf-8")
        copies = ("rebelote-pages-v1", "rebelote-sheets-v1", "/donnes/", "supprimer", '"hands"')
        if path.parent.name == "scoring":
            # The phone's scorer reads the match document, whose key "hands"
            # is no part of the sheet (docs/match-document.md).
            copies = tuple(copied for copied in copies if copied != '"hands"')
        for copied in copies:
            assert copied not in source, (path.name, copied)


def test_a_test_may_shorten_the_client_s_timings_and_only_those(client: Client, settings):
    from django.core.exceptions import ImproperlyConfigured

    from scoresheets.sync import pwa

    settings.REBELOTE_SYNC_TIMINGS = {"poll_visible": 100, "kept_for": 5_000}
    config = _page_config(client.get("/").content.decode())
    assert config["timings"] == {**pwa.TIMINGS_MS, "poll_visible": 100, "kept_for": 5_000}
    assert _worker_config(_worker(client))["timings"]["poll_visible"] == 100
    settings.REBELOTE_SYNC_TIMINGS = {"poll_visibel": 100}
    with pytest.raises(ImproperlyConfigured, match="poll_visibel"):
        pwa.timings()


def test_a_kept_entry_expires_after_three_days_and_its_row_says_so(client: Client):
    """docs/sync.md, "Expiry": three days, said in the user's language."""
    from scoresheets.sync import pwa

    assert pwa.TIMINGS_MS["kept_for"] == 3 * 24 * 3600 * 1000
    match = make_match()
    french = client.get(f"/m/{match.token}/").content.decode()
    assert 'data-expired="gardée depuis plus de 3 jours : elle ne part plus toute seule' in french
    english = client.get(f"/m/{match.token}/", headers={"accept-language": "en"}).content.decode()
    assert 'data-expired="kept for more than 3 days: no longer sent on its own' in english


# An ES module's import as Django's storage rewrites it (static_storage.py).
IMPORT = re.compile(r"""^(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)";$""", re.M)


def test_every_module_imports_by_a_relative_path_ending_its_statement(client: Client):
    """The form Django's manifest storage rewrites to hashed names in
    production (``import {a} from "./x.js";``): anything else would load an
    unversioned file next to versioned ones."""
    static_js = Path(finders.find("js/sync/config.js")).parent.parent
    found = 0
    for path in static_js.rglob("*.js"):
        source = path.read_text(encoding="utf-8")
        for statement in re.findall(r"^(?:import\b|export\s*[{*])[^;]*;", source, re.M):
            found += 1
            target = IMPORT.fullmatch(statement.replace("\n", " "))
            assert target, (path.name, statement)
            assert target.group(1).startswith(("./", "../")), (path.name, statement)
            assert (path.parent / target.group(1)).resolve().is_file(), (path.name, statement)
    assert found >= 20


def test_the_modules_import_each_other_by_their_versioned_names_in_production(
    client: Client, tmp_path: Path, settings
):
    from django.core.management import call_command

    settings.STATIC_ROOT = tmp_path / "static"
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "scoresheets.static_storage.StaticFilesStorage"},
    }
    call_command("collectstatic", "--noinput", verbosity=0)
    manifest = json.loads((tmp_path / "static" / "staticfiles.json").read_text())["paths"]
    checked = 0
    for name, versioned in manifest.items():
        if not (name.startswith(("js/", "games/")) and name.endswith(".js")):
            continue
        source = (tmp_path / "static" / versioned).read_text(encoding="utf-8")
        for target in IMPORT.findall(source):
            resolved = (tmp_path / "static" / versioned).parent / target
            assert resolved.resolve().is_file(), (versioned, target)
            assert re.search(r"\.[0-9a-f]{12}\.js$", target), (versioned, target)
            # The very file the manifest names (one module, one URL).
            relative = resolved.resolve().relative_to((tmp_path / "static").resolve()).as_posix()
            assert relative in manifest.values(), (versioned, target)
            checked += 1
    assert checked >= 20
    # A module loaded at its first need (scores.js: the phone's scorer) too.
    scores = (tmp_path / "static" / manifest["js/scores.js"]).read_text(encoding="utf-8")
    pending = Path(manifest["js/sync/pending.js"]).name
    assert f'import("./sync/{pending}")' in scores
    # Each game's scorer (its package's, served as games/<name>/) imports the
    # kernel by its versioned name, and the pages load it by its own.
    # (A game whose scorer is its family's, belote2's, re-exports that one.)
    for game in ENGINES:
        scorer = (tmp_path / "static" / manifest[f"games/{game}/scoring.js"]).read_text()
        family = re.search(r'from "\.\./(\w+)/scoring\.[0-9a-f]{12}\.js"', scorer)
        if family:
            assert Path(manifest[f"games/{family[1]}/scoring.js"]).name in scorer
            scorer = (tmp_path / "static" / manifest[f"games/{family[1]}/scoring.js"]).read_text()
        assert Path(manifest["js/scoring/kernel.js"]).name in scorer
    # The pages name the entry modules by the same versioned names.
    page = client.get("/").content.decode()
    games = [f"/static/{manifest[f'games/{game}/scoring.js']}" for game in ENGINES]
    assert _page_config(page)["games"] == games
    assert f'src="/static/{manifest["js/sync/outbox.js"]}"' in page
