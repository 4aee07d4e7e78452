"""Benchmark-only URLs: the site's, plus a bare view (never in production URLs).

Used through ``bench.bench_settings`` by ``bench/bench_live.py --ratio``.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.urls import path

from belote_site.urls import urlpatterns as site_urlpatterns


def bare(request: HttpRequest) -> HttpResponse:
    """An empty 204, through the whole middleware stack: what Django itself costs."""
    return HttpResponse(status=204)


urlpatterns = [path("bench/bare/", bare), *site_urlpatterns]
