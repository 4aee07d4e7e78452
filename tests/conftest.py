"""Shared fixtures for the test suite, and its tiers.

The tests live in three tiers, one folder each (``make test-fast`` runs the
first two on SQLite; ``make test`` runs them all, on SQLite then PostgreSQL):

- ``tests/engine/``: the pure engine and the pure modules around it; no
  database (a test there that asks for one is refused at collection).
- ``tests/web/``: the test client, the services, the commands, on a database.
- ``tests/browser/``: real Chromium pages (Playwright) and other tests against
  a live server; slow, so not in the edit loop.

Each test gets the marker of its tier (``-m engine``, ``-m web``, ``-m browser``).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
# The project's own copy of the worked cases (a clone is complete with it) and
# the shared folder where new and corrected cases appear first, when present.
SHARED_SCORING_DIR = ROOT.parent / "shared" / "scoring"
# Each game's are in its package (its engine's case_folders: belote's,
# coinche's, docs/coinche.md).
CASES_DIR = ROOT / "scoresheets" / "games" / "belote" / "cases"
SHARED_CASES_DIR = SHARED_SCORING_DIR / "cases"
COINCHE_CASES_DIR = ROOT / "scoresheets" / "games" / "coinche" / "cases"
SHARED_COINCHE_CASES_DIR = SHARED_SCORING_DIR / "coinche"
# The announcement comparisons (docs/announcements.md), kept the same way.
ANNOUNCEMENT_CASES_DIR = ROOT / "tests" / "announcements"
SHARED_ANNOUNCEMENT_CASES_DIR = SHARED_SCORING_DIR / "announcements"
# The concours' results documents (docs/concours.md), kept the same way.
CONCOURS_CASES_DIR = ROOT / "tests" / "cases" / "concours"
SHARED_CONCOURS_CASES_DIR = SHARED_SCORING_DIR / "concours"
# The knockouts' bracket documents (docs/concours.md 7), beside them.
KNOCKOUT_CASES_DIR = ROOT / "tests" / "cases" / "knockout"
SHARED_KNOCKOUT_CASES_DIR = SHARED_SCORING_DIR / "knockout"
SEASON_CASES_DIR = ROOT / "tests" / "cases" / "season"
SHARED_SEASON_CASES_DIR = SHARED_SCORING_DIR / "season"


def examples(full: int) -> int:
    """How many examples a large property search draws: ``full`` under ``make
    test`` (and CI), a fifth of it (at least 100) in the edit loop, where
    ``make test-fast`` sets REBELOTE_TEST_FAST=1. Only searches of more than a
    thousand examples use it: they cost a quarter of the loop otherwise."""
    if os.environ.get("REBELOTE_TEST_FAST"):
        return max(100, full // 5)
    return full


def case_files(project: Path = CASES_DIR, shared: Path = SHARED_CASES_DIR) -> list[Path]:
    """Every worked case: the project's (``scoresheets/games/belote/cases``), then those of
    ``../shared/scoring/cases`` when that folder exists, each sorted by name;
    only each folder's own files, never a subfolder's. Another pair of
    folders (the coinche or the announcement cases) is read the same way."""
    found = sorted(project.glob("*.json"))
    if shared.is_dir():
        found += sorted(shared.glob("*.json"))
    return [path for path in found if path.is_file()]


def game_case_files(game: str, engine: Any = None) -> list[Path]:
    """Every worked case of ``game`` (a game of the engine's registry, or
    ``engine`` when given), from the folders its engine names
    (``Engine.case_folders``: the project's, then the shared one, read as
    :func:`case_files` does), keeping the game's own: a case whose ``game``
    names another game is left out (``../shared/scoring/belote32`` holds
    belote3's and belote2's); a case without ``game``, or not JSON, is kept."""
    if engine is None:
        from scoresheets.scoring.engines import ENGINES

        engine = ENGINES[game]
    project, shared = (Path(os.path.normpath(ROOT / f)) for f in engine.case_folders)
    return [path for path in case_files(project, shared) if _case_game(path, game) == game]


def _case_game(path: Path, default: str) -> Any:
    """The ``game`` a worked case names, ``default`` when it names none or
    cannot be read."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return default
    return document.get("game", default) if isinstance(document, dict) else default


def coinche_case_files() -> list[Path]:
    """Every worked coinche case: the project's (``scoresheets/games/coinche/cases``), then
    those of ``../shared/scoring/coinche`` when that folder exists."""
    return case_files(COINCHE_CASES_DIR, SHARED_COINCHE_CASES_DIR)


def concours_case_files() -> list[Path]:
    """Every worked concours case: the project's (``tests/cases/concours``),
    then those of ``../shared/scoring/concours`` when that folder exists."""
    return case_files(CONCOURS_CASES_DIR, SHARED_CONCOURS_CASES_DIR)


def knockout_case_files() -> list[Path]:
    """Every worked knockout case: the project's (``tests/cases/knockout``),
    then those of ``../shared/scoring/knockout`` when that folder exists."""
    return case_files(KNOCKOUT_CASES_DIR, SHARED_KNOCKOUT_CASES_DIR)


def season_case_files() -> list[Path]:
    """Every worked season case: the project's (``tests/cases/season``), then
    those of ``../shared/scoring/season`` when that folder exists."""
    return case_files(SEASON_CASES_DIR, SHARED_SEASON_CASES_DIR)


def case_id(path: Path) -> str:
    """A test id that tells a project case from a shared one of the same name."""
    return f"{'shared' if path.parent.parent == SHARED_SCORING_DIR else 'project'}/{path.stem}"


TIERS = ("engine", "web", "browser")


def pytest_configure(config):
    """Whitenoise looks a static file up when it is asked for, in tests,
    instead of listing STATIC_ROOT whenever a middleware chain is built
    (each test client builds one). A checkout where a benchmark, the hall
    or the cluster tests had collected the static files (359 files) paid
    28 ms a test client for that listing: ``make test-fast`` took 122 s
    there and 104 s in a bare clone. Tests never read the collected files
    through the test client (a bare clone has none); the live servers
    serve the sources (Django's static handler, before whitenoise), and
    the app servers of the cluster tests run in their own processes with
    production's settings."""
    from django.conf import settings

    settings.WHITENOISE_AUTOREFRESH = True


def pytest_collection_modifyitems(config, items):
    """Mark each test with its tier (its folder under ``tests/``); refuse an
    engine test that asks for the database: that tier stays pure."""
    tests_dir = ROOT / "tests"
    for item in items:
        tier = Path(item.fspath).relative_to(tests_dir).parts[0]
        if tier not in TIERS:
            raise pytest.UsageError(f"{item.nodeid}: a test lives in one of tests/{TIERS}")
        item.add_marker(getattr(pytest.mark, tier))
        if tier == "engine" and (
            item.get_closest_marker("django_db")
            or {"db", "transactional_db", "client", "live_server"} & set(item.fixturenames)
        ):
            raise pytest.UsageError(f"{item.nodeid}: tests/engine/ has no database (tests/web/)")


@pytest.fixture(scope="session")
def _server_threads_closed(django_db_setup):
    """At the session's end, before its test database is dropped: the push
    hub's streams and listener, and the loop_threads' connections, closed.
    Left open, a PostgreSQL run could not drop its database ("is being
    accessed by other users") and the live server's streams read a database
    gone (``test_push``'s two closing tests)."""
    yield
    from scoresheets.sync import loop_threads, push

    push.HUB.close()
    loop_threads.close()


@pytest.fixture(autouse=True)
def _closed_at_the_end(request):
    """Every test that has a database asks for ``_server_threads_closed`` (set
    up after the database, so closed before it is dropped)."""
    database = {"django_db_setup", "live_server"} & set(request.fixturenames)
    if database or request.node.get_closest_marker("django_db"):
        request.getfixturevalue("_server_threads_closed")


@pytest.fixture(autouse=True)
def _default_language():
    """Each test starts in the site's language: a request made by an earlier
    test (LocaleMiddleware) must not leave English active in this thread."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True)
def _fresh_rate_limits(request):
    """Each test starts with no rate-limit counts (they live in the cache), so
    that counts never leak from one test into another. Tests against a live
    server (concurrency bursts, the browser) are not about rate limits: they
    run with the limits off. Only this project's keys are deleted from a
    Redis cache (never FLUSHDB: the database may be shared). The cache's
    circuit breaker starts closed, and is closed again after the test (a test
    that breaks the cache must not make the next ones skip it)."""
    from django.core.cache import caches
    from django.core.cache.backends.redis import RedisCache

    from scoresheets import ratelimits
    from scoresheets.sync import caching

    caching.breaker.reset()

    cache = caches["default"]
    if isinstance(cache, RedisCache):
        client = cache._cache.get_client(write=True)
        for key in client.scan_iter(match=cache.make_key("*")):
            client.delete(key)
    else:
        cache.clear()
    if "live_server" in request.fixturenames:
        request.getfixturevalue("settings").RATELIMIT_ENABLE = False
    yield
    caching.breaker.reset()
    ratelimits.local_counts.clear()  # a failing cache's counts (this process's)


@pytest.fixture
def one_rate_window(monkeypatch):
    """Hold django-ratelimit's clock still during a test.

    It counts in fixed windows whose ends are staggered per key: a window that
    ended in the middle of a test started the count again, and the test saw
    more writes pass than the rate (seen once in a full run of the web tier,
    and once in the browser tier's ten runs: a hand typed after the window's
    end was saved instead of refused). Nothing else's clock is touched (the
    live server's thread reads the same module)."""
    import time as real_time
    import types

    import django_ratelimit.core as core

    now = real_time.time()
    monkeypatch.setattr(core, "time", types.SimpleNamespace(time=lambda: now))
