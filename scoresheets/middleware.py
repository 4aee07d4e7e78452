"""Small middleware of the scoresheet app."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.middleware.gzip import GZipMiddleware as DjangoGZipMiddleware
from django.template.loader import render_to_string


def method_not_allowed_page(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    """Give the empty 405 of ``require_POST`` views a page a person can read
    (someone opened a form's address in the browser); the status stays 405."""

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        if response.status_code == 405 and not response.content:
            response.content = render_to_string("405.html", request=request)
            response["Content-Type"] = "text/html; charset=utf-8"
        return response

    return middleware


class GZipMiddleware(DjangoGZipMiddleware):
    """Django's, except for an event stream (``sync.stream``): compressed, each
    event would wait in the compressor's buffer instead of leaving at once."""

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        """Compress ``response`` as Django does, unless it is an event stream."""
        if response.get("Content-Type", "").startswith("text/event-stream"):
            return response
        return super().process_response(request, response)
