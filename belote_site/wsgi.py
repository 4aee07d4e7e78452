"""WSGI entry point (gunicorn belote_site.wsgi).

Django's application, wrapped so that an unchanged poll (the empty 204 that
nearly every poll gets) is answered without Django's request cycle:
scoresheets/sync/fastpoll.py says when, and why.
"""

from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "belote_site.settings")
django_application = get_wsgi_application()

from scoresheets.sync.fastpoll import UnchangedPollApp  # noqa: E402  (needs Django set up)
from scoresheets.sync.processes import check_one_process  # noqa: E402

# Several gunicorn workers with a per-process cache: refused (scoresheets/sync/processes.py).
check_one_process()

application = UnchangedPollApp(django_application)
