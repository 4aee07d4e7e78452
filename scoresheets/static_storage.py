"""The static files' storage in production: whitenoise's compressed manifest
storage (each file named after its content's hash), which also rewrites the
imports of the project's native ES modules (static/js: ``import ... from
"./x.js";``) to those hashed names, so that a page and the modules it
imports are always of one deployment (and the service worker keeps them
cache first).

Django's rewriting of module imports (``support_js_module_import_aggregation``)
would apply to every JavaScript file, the packages' too, and django-htmx's
extensions import a name without its ".js" that no storage can find: it is
applied here to the project's own scripts alone (``js/``, and the games'
``games/<name>/``), which import by
relative paths and end each statement with a semicolon (tests/test_pwa.py)."""

from __future__ import annotations

from django.contrib.staticfiles.storage import HashedFilesMixin
from whitenoise.storage import CompressedManifestStaticFilesStorage

# Django's patterns of an import, an export ... from, a dynamic import().
_MODULE_IMPORTS = HashedFilesMixin._js_module_import_aggregation_patterns[1]


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    """Whitenoise's storage; the imports of the project's ES modules (``js/``)
    rewritten to hashed names."""

    patterns = (
        *CompressedManifestStaticFilesStorage.patterns,
        ("js/*.js", _MODULE_IMPORTS),
        ("games/*.js", _MODULE_IMPORTS),  # each game's own scripts (scoresheets/games/assets.py)
    )
