"""The browser tier: real Chromium pages (Playwright) and other tests against a
live server (concurrent phones, two app servers). Every test here runs with a
transactional database and the rate limits off (tests/conftest.py).

Under ``CI=true`` a missing browser is a failure; elsewhere the test skips
and says why.
"""

from __future__ import annotations

import os
import shutil

import pytest

from tests.browser.phones import CHROMIUM_ARGS, CSP_PROBLEMS, WAIT_MS

# Playwright's `expect` waits 5 s by default, not the context's timeout: a
# loaded machine (two test suites at once) failed an undo bar's message
# that came later. Every wait of the tier is WAIT_MS.
try:
    from playwright.sync_api import expect
except ImportError:  # the browser fixture says why the tier is skipped
    pass
else:
    expect.set_options(timeout=WAIT_MS)


# The headless shell has no back-forward cache (the desktop browser's), so
# the bfcache tests run ``chromium`` itself.
HEADLESS_SHELL = "chromium-headless-shell"


def _unavailable(reason: str):
    if os.environ.get("CI") == "true":
        pytest.fail(f"browser tests cannot run under CI: {reason}")
    pytest.skip(f"browser tests skipped: {reason}")


@pytest.fixture
def browser():
    """A headless Debian Chromium: its headless shell where it is installed
    (Debian's ``chromium-headless-shell``, the same engine without the
    desktop browser around it: the tier took 9 min instead of 14 min 42 s at
    the same load), else ``chromium``; ``CHROMIUM`` names another
    executable."""
    yield from _chromium(HEADLESS_SHELL, "chromium")


@pytest.fixture
def bfcache_browser():
    """The same Chromium with its back-forward cache on, as a phone's browser
    has it: Playwright turns it off by default (``--disable-back-forward-cache``,
    so that a Back always reloads its page)."""
    yield from _chromium("chromium", ignore_default_args=["--disable-back-forward-cache"])


def _chromium(*names: str, **launch):
    """Launch the first of the executables ``names`` on PATH (or
    ``CHROMIUM``), headless, with the tier's arguments."""
    found = (shutil.which(name) for name in names)
    executable = os.environ.get("CHROMIUM") or next((path for path in found if path), None)
    if not executable:
        _unavailable("no chromium on PATH (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("playwright is not installed (pip install -r requirements-dev.txt)")
    # Playwright's sync API runs an event loop in this thread; the Django test
    # machinery (database flush at teardown) is synchronous code, on purpose.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(
            executable_path=executable, args=CHROMIUM_ARGS, **launch
        )
        try:
            yield instance
        finally:
            instance.close()
    os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)


@pytest.fixture(scope="session", autouse=True)
def _no_session_left_on_the_test_database(django_db_setup, django_db_blocker):
    """On PostgreSQL, end every other session on the test database before
    pytest-django drops it (its teardown runs after this one).

    A live server's request threads borrow connections from psycopg's pool;
    one that a thread never gave back (seen: one a run, idle after COMMIT,
    with no thread left to own it) made the drop fail ("being accessed by
    other users") and left the database behind on the server."""
    yield
    from django.db import connection

    if connection.vendor != "postgresql":
        return
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )


@pytest.fixture(autouse=True)
def _csp_problems():
    """Each test starts and ends with no CSP problem collected."""
    CSP_PROBLEMS.clear()
    yield
    CSP_PROBLEMS.clear()
