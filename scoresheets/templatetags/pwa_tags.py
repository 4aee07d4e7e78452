"""What the pages' scripts need from the server (``{% load pwa_tags %}``):
the configuration they share with the service worker (scoresheets/sync/pwa.py,
``sync_config``) and how long a kept entry is sent on its own."""

from __future__ import annotations

import json

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from scoresheets.sync import pwa

register = template.Library()

DAY_MS = 24 * pwa.HOUR_MS


@register.simple_tag
def sync_config() -> SafeString:
    """``<meta name="rebelote-sync" content="{json}">``: the pages' part of
    ``pwa.sync_config``, read by static/js/sync/config.js (the content is
    escaped; the browser unescapes it)."""
    return format_html('<meta name="rebelote-sync" content="{}">', json.dumps(pwa.sync_config()))


@register.simple_tag
def htmx_scripts() -> SafeString:
    """htmx's ``<script>`` tags, without django-htmx's debug script (``pwa.htmx_scripts``)."""
    return pwa.htmx_scripts()


@register.simple_tag
def kept_days() -> int:
    """How many whole days a kept entry is sent on its own (``kept_for``), at
    least 1: the words of the pending rows say it."""
    return max(1, pwa.timings()["kept_for"] // DAY_MS)
