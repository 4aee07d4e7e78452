"""Settings for Rebelote: one file, driven by the environment.

Every setting that varies between machines is read from an environment
variable through the small typed helpers below, which fail loudly on a bad
value instead of guessing (the healthchecks way).
"""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
from pathlib import Path

import dj_database_url
from csp.constants import NONCE, NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from scoresheets.games.assets import static_dirs  # pure: the games' folders

BASE_DIR = Path(__file__).resolve().parent.parent


def env_str(name: str, default: str) -> str:
    """The variable's text, or ``default`` when it is unset or empty."""
    return os.environ.get(name) or default


def env_bool(name: str, default: bool) -> bool:
    """A boolean variable: true/yes/1/on or false/no/0/off, any case."""
    value = os.environ.get(name, "").strip().lower()
    if not value:
        return default
    if value in {"1", "true", "yes", "on"}:
        return True
    if value in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean, not {value!r}")


def env_int(name: str, default: int) -> int:
    """A whole number variable, 0 or more."""
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    if not value.isdigit():
        raise ImproperlyConfigured(f"{name} must be a whole number, not {value!r}")
    return int(value)


def env_proxy_ssl_header(name: str) -> tuple[str, str] | None:
    """The header a TLS proxy sets to ``https`` on the requests it forwards
    (``X-Forwarded-Proto``), as Django's ``SECURE_PROXY_SSL_HEADER`` wants it
    (``("HTTP_X_FORWARDED_PROTO", "https")``); None when unset (the header is
    then ignored: anyone can send it)."""
    value = os.environ.get(name, "").strip()
    if not value:
        return None
    if not re.fullmatch(r"[A-Za-z0-9-]+", value):
        raise ImproperlyConfigured(f"{name} must be a header name like X-Forwarded-Proto")
    return ("HTTP_" + value.upper().replace("-", "_"), "https")


def env_list(name: str, default: list[str]) -> list[str]:
    """A comma-separated list variable, blanks dropped."""
    value = os.environ.get(name)
    if value is None:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


DEBUG = env_bool("DEBUG", True)
SECRET_KEY = env_str("SECRET_KEY", "dev-only-insecure-key-change-me" if DEBUG else "")
if not SECRET_KEY:
    raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "django_ratelimit",
    "scoresheets",
    "csp",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "csp.middleware.CSPMiddleware",
    # Pages and polls travel compressed: phones at the table are often on a
    # bad network (a changed poll: ~18 KB -> ~3.5 KB). CSRF tokens are masked
    # per response, which defeats BREACH. Never the event stream (its events
    # would wait in the compressor): the project's subclass leaves it alone.
    "scoresheets.middleware.GZipMiddleware",
    # Django's, except that a busy database when saving the session drops the
    # session change instead of answering a 500 (scoresheets/sync/busy.py).
    "scoresheets.sync.busy.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    # Before any view reads the body (the CSRF check reads request.POST in
    # process_view, which runs after every middleware's __call__).
    "scoresheets.matches.uploads.body_size_limit",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "scoresheets.middleware.method_not_allowed_page",
    # A locked or unreachable database: 503 "Réessayez dans un instant", never a 500.
    "scoresheets.sync.busy.BusyDatabaseMiddleware",
]

ROOT_URLCONF = "belote_site.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "OPTIONS": {
            # django-template-partials' setup (its app does the same when
            # "loaders" is not set), with each game's templates/ folder after
            # Django's two (scoresheets/games/assets.py).
            "loaders": [
                (
                    "template_partials.loader.Loader",
                    [
                        (
                            "django.template.loaders.cached.Loader",
                            [
                                "django.template.loaders.filesystem.Loader",
                                "django.template.loaders.app_directories.Loader",
                                "scoresheets.games.loaders.TemplateLoader",
                            ],
                        )
                    ],
                )
            ],
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "belote_site.wsgi.application"

# SQLite is the embedded default; DATABASE_URL (postgres://...) switches to
# PostgreSQL with the same code.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=60,
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # Several phones write at once: every write transaction takes the lock at
    # BEGIN (IMMEDIATE), so writers queue instead of failing, and WAL lets
    # the polls read while a hand is being written.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "timeout": 20,
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )
    # Each server thread keeps its connection (the PRAGMAs above run once, on
    # connect, not on every request); SQLite has nothing to health-check.
    DATABASES["default"]["CONN_MAX_AGE"] = None
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = False
    # Tests use a file, not memory, so that a live server's threads each have
    # their own connection: the concurrency tests then race for real.
    # One file per test process, so that two runs on one machine never share it.
    DATABASES["default"]["TEST"] = {
        "NAME": os.path.join(tempfile.gettempdir(), f"rebelote-test-{os.getpid()}.sqlite3")
    }

elif DATABASES["default"]["ENGINE"].endswith("postgresql"):
    # psycopg's pool (per process) instead of a connection per thread checked
    # with a SELECT 1 before each request: a request borrows an open
    # connection and gives it back. Django needs CONN_MAX_AGE 0 with a pool.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = False
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 2,
        "max_size": 16,
        "timeout": 10,
    }
    # Tests: a database of this checkout's own, so that two checkouts testing
    # on one server at once never share (nor drop) each other's; pytest-xdist
    # adds its worker's suffix (_gw0, _gw1...).
    _checkout = hashlib.sha256(str(BASE_DIR).encode()).hexdigest()[:8]
    DATABASES["default"]["TEST"] = {"NAME": f"test_{DATABASES['default']['NAME']}_{_checkout}"}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LANGUAGE_CODE = "fr"
LANGUAGES = [
    ("fr", "Français"),
    ("en", "English"),
    ("nl", "Nederlands"),
    ("de", "Deutsch"),
    ("ar", "العربيّة"),  # its own name, as Django and the language switch spell it
]
LOCALE_PATHS = [BASE_DIR / "scoresheets" / "locale"]
TIME_ZONE = env_str("TIME_ZONE", "Europe/Paris")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
# The project's static/, then each game's own, served as games/<name>/
# (scoresheets/games/assets.py: one source, the engines' registry).
STATICFILES_DIRS = [BASE_DIR / "static", *static_dirs()]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        # whitenoise's, rewriting the ES modules' imports too (scoresheets/static_storage.py)
        "BACKEND": "scoresheets.static_storage.StaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

# Database sessions whose key must be of Django's alphabet (a NUL in the cookie is no session).
SESSION_ENGINE = "scoresheets.sessions"

# Request bodies (issue 8): the numbers are in scoresheets/limits.py. A body
# over REQUEST_MAX_BYTES is refused from its Content-Length before it is read
# (scoresheets.matches.uploads.body_size_limit), so Django's own data check never
# comes first; an uploaded file is cut off the moment it passes the import's
# cap while it streams (CappedUploadHandler), and one within it stays in
# memory: nothing is ever spooled to disk.
from scoresheets import limits as _limits  # noqa: E402 - plain constants, no Django models

DATA_UPLOAD_MAX_MEMORY_SIZE = _limits.REQUEST_MAX_BYTES
FILE_UPLOAD_MAX_MEMORY_SIZE = _limits.REQUEST_MAX_BYTES
FILE_UPLOAD_HANDLERS = [
    "scoresheets.matches.uploads.CappedUploadHandler",
    "django.core.files.uploadhandler.MemoryFileUploadHandler",
]

# The cache holds the rate limits' counts (django-ratelimit), the live sheet's
# versions and rendered fragments, the tables' statistics and ratings
# (scoresheets/sync/caching.py). CACHE_URL (redis://host:6379/0) selects Django's
# own RedisCache: all of it is then shared by every worker process and every
# app server. Without it, the embedded default is LocMemCache, shared by the
# threads of ONE process only: gunicorn.conf.py then runs one process, and a
# production with several workers or servers sets CACHE_URL. MAX_ENTRIES: a
# table of 1,000 matches keeps 1,000 small entries.
CACHE_URL = env_str("CACHE_URL", "")
CACHE_TIMEOUT_MS = env_int("CACHE_TIMEOUT_MS", 100)  # each Redis call's most wait
if CACHE_URL:
    if not CACHE_URL.startswith(("redis://", "rediss://", "unix://")):
        raise ImproperlyConfigured("CACHE_URL must be a redis://, rediss:// or unix:// URL")
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": CACHE_URL,
            "KEY_PREFIX": env_str("CACHE_KEY_PREFIX", "rebelote"),
            # The cache is an optimisation (scoresheets/sync/caching.py): a Redis
            # that accepts connections but stops answering costs a request at
            # most this wait, then its circuit breaker (caching.breaker) skips
            # Redis for a few seconds and the requests go on from the
            # database. Redis answers in well under a millisecond on the same
            # machine or network: 100 ms is already a failure.
            "OPTIONS": {
                "socket_timeout": CACHE_TIMEOUT_MS / 1000,
                "socket_connect_timeout": CACHE_TIMEOUT_MS / 1000,
            },
        }
    }
    # django-ratelimit 4.1's list of supported backends predates Django's own
    # RedisCache, which increments atomically (INCR) and is shared: W001 says
    # only "not in the list".
    SILENCED_SYSTEM_CHECKS = ["django_ratelimit.W001"]
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "OPTIONS": {"MAX_ENTRIES": 50_000},
        }
    }
    # E003 says LocMemCache is not shared between processes: true, and said
    # above; one process (runserver, the tests, gunicorn -w 1 with threads)
    # counts right with it, and several workers set CACHE_URL.
    SILENCED_SYSTEM_CHECKS = ["django_ratelimit.E003", "django_ratelimit.W001"]

# Push (scoresheets/sync/push.py): how the processes hear of a new version, to
# wake the match pages' event streams. "auto": PostgreSQL's LISTEN/NOTIFY on
# PostgreSQL, Redis pub/sub with CACHE_URL on SQLite, in this process alone
# otherwise; "off": no stream, the pages poll.
PUSH_BACKEND = env_str("PUSH_BACKEND", "auto")
if PUSH_BACKEND not in {"auto", "postgresql", "redis", "local", "off"}:
    raise ImproperlyConfigured("PUSH_BACKEND must be auto, postgresql, redis, local or off")

# Rate limits (scoresheets/ratelimits.py, rates in scoresheets/limits.py).
RATELIMIT_ENABLE = env_bool("RATELIMIT_ENABLE", True)
RATELIMIT_FAIL_OPEN = True  # a cache that fails lets writes through (they are logged)
# Behind a reverse proxy: the header that carries the client's address, as
# the proxy appends it (e.g. X-Forwarded-For: the rightmost entry is taken).
# Unset: REMOTE_ADDR, and whatever a client sends in such headers is ignored.
CLIENT_IP_HEADER = env_str("CLIENT_IP_HEADER", "")
RATELIMIT_IP_META_KEY = "scoresheets.ratelimits.client_address"

SESSION_COOKIE_AGE = 60 * 60 * 24 * 365  # "my matches" survive a year
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", not DEBUG)
CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", not DEBUG)
# A form refused by the CSRF check gets the app's own page, in the user's
# language (Django's has an inline style, which the CSP blocks).
CSRF_FAILURE_VIEW = "scoresheets.matches.views.csrf_failure"

# HTTPS, from the environment: off by default so that `make run` works on
# http://127.0.0.1; the README's production environment turns them on.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", False)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
# Behind a TLS proxy, the request Django sees is http: the proxy's header says
# it was https, so that share links, QR codes and CSV links are built https://.
SECURE_PROXY_SSL_HEADER = env_proxy_ssl_header("SECURE_PROXY_SSL_HEADER")
# Match and table links are secrets: a link followed to another site must not
# carry them in its Referer.
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"

# Content-Security-Policy (django-csp): scripts and styles only from our own
# static files, plus the one inline script of base.html with its per-response
# nonce. No inline style at all: the charts' CSS is in app.css (an inline
# <style> would need a nonce that a polled or swapped fragment cannot carry),
# the progress bars are <progress> elements. The favicon and the QR codes are
# files or inline SVG, never data: images.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, NONCE],
        "style-src": [SELF],
        "img-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
        # The installable app (issue 12): the service worker (/sw.js) and the
        # manifest, both from this site only (default-src would allow them;
        # said here so that a change of default-src cannot break them).
        "worker-src": [SELF],
        "manifest-src": [SELF],
    }
}

# Permissions-Policy (django-permissions-policy): the page may copy a link and
# open the share sheet (static/js/app.js: web-share's default is already the
# page's origin, and Chromium warns on every page when it is named); every
# powerful feature is off.
PERMISSIONS_POLICY: dict[str, list[str]] = {
    "clipboard-write": ["self"],
    # The match page keeps the screen awake (static/js/wakelock.js).
    "screen-wake-lock": ["self"],
    **{
        feature: []
        for feature in (
            "accelerometer",
            "autoplay",
            "browsing-topics",
            "camera",
            "clipboard-read",
            "display-capture",
            "encrypted-media",
            "fullscreen",
            "geolocation",
            "gyroscope",
            "hid",
            "idle-detection",
            "local-fonts",
            "magnetometer",
            "microphone",
            "midi",
            "payment",
            "publickey-credentials-get",
            "serial",
            "usb",
            "xr-spatial-tracking",
        )
    },
}

LOG_LEVEL = env_str("LOG_LEVEL", "WARNING")
# No token in a log (issue 8): Django logs the path of every 4xx and 5xx, runserver
# every request line. Every handler masks them, and so do the loggers that carry a
# path (for handlers added elsewhere). The "django" logger's own handlers (Django's
# defaults) are replaced: its records go to the root's handler, masked.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "mask_tokens": {"()": "scoresheets.logmask.TokenMaskFilter"},
        "require_debug_true": {"()": "django.utils.log.RequireDebugTrue"},
    },
    "formatters": {
        "django.server": {
            "()": "django.utils.log.ServerFormatter",
            "format": "[{server_time}] {message}",
            "style": "{",
        }
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["mask_tokens"]},
        "django.server": {
            "class": "logging.StreamHandler",
            "filters": ["require_debug_true", "mask_tokens"],
            "formatter": "django.server",
        },
    },
    "loggers": {
        "django": {"handlers": [], "level": LOG_LEVEL},
        "django.request": {"filters": ["mask_tokens"]},
        "django.security.csrf": {"filters": ["mask_tokens"]},
        "django.server": {
            "handlers": ["django.server"],
            "filters": ["mask_tokens"],
            "level": "INFO",
            "propagate": False,
        },
    },
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
}
