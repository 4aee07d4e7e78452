"""Rate limits on anonymous writes, per client address (issue 8).

django-ratelimit counts, in Django's cache (shared by every worker when
``CACHE_URL`` points at Redis; see settings). The rates are in
``scoresheets.limits``. A refused write is answered 429 with the page
``429.html`` in the app's voice and a ``Retry-After`` header (seconds); the
view does not run, so nothing is written.

The client address is ``REMOTE_ADDR``, or, behind a reverse proxy, the
rightmost entry of the header named by the ``CLIENT_IP_HEADER`` setting (the
entry the proxy itself appended; what the client sent stands to its left).
Without that setting, a client-sent ``X-Forwarded-For`` is ignored.
"""

from __future__ import annotations

import functools
import ipaddress
import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django_ratelimit.core import _split_rate, get_usage

from scoresheets import limits
from scoresheets.sync import caching


def client_address(request: HttpRequest) -> str:
    """The client's IP address, as text.

    With ``settings.CLIENT_IP_HEADER`` (e.g. ``"X-Forwarded-For"``), the
    rightmost entry of that header, when it is an IP address; otherwise (and
    without the setting) ``REMOTE_ADDR``. "" when there is none (a Unix
    socket).
    """
    header = getattr(settings, "CLIENT_IP_HEADER", "")
    if header:
        value = request.META.get("HTTP_" + header.upper().replace("-", "_"), "")
        entry = value.rsplit(",", 1)[-1].strip()
        try:
            return str(ipaddress.ip_address(entry))
        except ValueError:
            pass  # no header, or not an address: the proxy's own address is the key
    return request.META.get("REMOTE_ADDR", "")


def address_key(group: str, request: HttpRequest) -> str:
    """The rate-limit key of the client: its IPv4 address, or its IPv6 /64
    network (one household or phone gets a whole /64). An IPv4-mapped IPv6
    address (``::ffff:192.0.2.1``, what a dual-stack socket reports for an
    IPv4 client) is its IPv4 address: its /64 would put every IPv4 client
    in one bucket."""
    address = client_address(request)
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address or "-"
    if ip.version == 6 and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    if ip.version == 6:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False).network_address)
    return str(ip)


def match_key(group: str, request: HttpRequest) -> str:
    """The key of the client in one match (or table, or concours): its
    address and the URL's token."""
    token = request.resolver_match.kwargs.get("token", "") if request.resolver_match else ""
    return f"{address_key(group, request)}|{token}"


@dataclass(frozen=True)
class Limit:
    """One counter: ``group`` names it, ``rate`` is django-ratelimit's
    "count/period", ``key`` picks the client (and the match), ``method`` the
    requests it counts (the writes; ``"GET"`` for a costly reading)."""

    group: str
    rate: str
    key: Callable[[str, HttpRequest], str] = address_key
    method: str = "POST"


MATCHES = (Limit("matches", limits.MATCHES_RATE),)
TABLES = (Limit("tables", limits.TABLES_RATE),)
ROSTER = (Limit("roster", limits.ROSTER_RATE),)
# Per (address, concours): the organiser's laptop at the door.
REGISTRATION = (Limit("registration", limits.CONCOURS_REGISTRATION_RATE, match_key),)
# Per (address, match) for one table's phones, plus a looser one per address:
# a club's phones may all share one address.
HANDS = (
    Limit("hands-match", limits.HANDS_PER_MATCH_RATE, match_key),
    Limit("hands", limits.HANDS_RATE),
)
# Per address: the costly readings of a read-only link (limits.COSTLY_RATE).
COSTLY = (Limit("costly", limits.COSTLY_RATE, method="GET"),)


def too_many_requests(request: HttpRequest, retry_after: int) -> HttpResponse:
    """The 429 page with ``Retry-After: retry_after`` (seconds, at least 1)."""
    retry_after = max(1, retry_after)
    context = {
        "retry_minutes": math.ceil(retry_after / 60),
        # A reading refused (nothing was being saved) says so.
        "reading": request.method in ("GET", "HEAD"),
    }
    response = render(request, "429.html", context, status=429)
    response["Retry-After"] = str(retry_after)
    return response


_UNREACHED = object()  # the cache failed or was skipped: no count from it


def _usage(request: HttpRequest, limit: Limit) -> dict | None:
    """django-ratelimit's count of ``limit`` for this request, incremented;
    ``None`` when the request is not of the limit's method or the limits are
    off. While the cache fails (or its breaker skips it:
    ``caching.breaker``), this process counts on its own
    (:func:`_local_usage`): a cache that cannot be reached must not stop a
    table entering its hands, nor lift the limits (issue 27: after one Redis
    timeout they were off for the breaker's 5 s, per worker)."""
    usage = caching.breaker.call(
        f"rate limit {limit.group}",
        lambda: get_usage(
            request,
            group=limit.group,
            key=limit.key,
            rate=limit.rate,
            method=limit.method,
            increment=True,
        ),
        _UNREACHED,
    )
    return _local_usage(request, limit) if usage is _UNREACHED else usage


class _LocalCounts:
    """This process's counts of the limits, by (group, key, window start), in
    django-ratelimit's fixed windows of each rate's period; windows that
    ended are forgotten. Thread-safe. Only used while the cache fails: each
    process then allows a limit's count (a few workers: a few times it)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counts: dict[tuple[str, str, int], int] = {}

    def add(self, group: str, key: str, period: int, now: float) -> tuple[int, int]:
        """Count one for ``key`` in ``group``; returns (count so far, seconds left)."""
        start = int(now // period) * period
        with self._lock:
            if len(self._counts) > 10_000:  # keep it small: drop the ended windows
                self._counts = {k: v for k, v in self._counts.items() if k[2] + period > now}
            counted = self._counts.get((group, key, start), 0) + 1
            self._counts[(group, key, start)] = counted
        return counted, max(1, int(start + period - now))

    def clear(self) -> None:
        """Forget every count (tests)."""
        with self._lock:
            self._counts.clear()


local_counts = _LocalCounts()


def _local_usage(request: HttpRequest, limit: Limit) -> dict | None:
    """:func:`_usage`'s answer from this process's own counts: the same shape
    as django-ratelimit's (``should_limit``, ``time_left``), ``None`` when the
    request is not of the limit's method or the limits are off."""
    if not getattr(settings, "RATELIMIT_ENABLE", True) or request.method != limit.method:
        return None
    most, period = _split_rate(limit.rate)
    counted, left = local_counts.add(
        limit.group, limit.key(limit.group, request), period, time.time()
    )
    return {"should_limit": counted > most, "time_left": left}


def count(request: HttpRequest, rules: tuple[Limit, ...], times: int = 1) -> int | None:
    """Count this request ``times`` against every limit of ``rules`` (a
    pasted list of N teams is N registrations, issue 27). Returns the
    seconds to wait when that goes past a limit, else ``None`` (a failing
    cache: this process's own counts, :func:`_usage`)."""
    waits = []
    for _ in range(max(0, times)):
        for rule in rules:
            usage = _usage(request, rule)
            if usage is not None and usage["should_limit"]:
                waits.append(usage["time_left"])
    return max(waits) if waits else None


def limited(*rules: Limit) -> Callable:
    """Decorate a view: each request of a limit's ``method`` (a POST, unless
    the limit says GET) counts against every limit of ``rules``; past any of
    them, the 429 page instead of the view. Other methods pass.
    ``settings.RATELIMIT_ENABLE = False`` turns every limit off."""

    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @functools.wraps(view)
        def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            wait = count(request, rules)
            if wait is not None:
                return too_many_requests(request, wait)
            return view(request, *args, **kwargs)

        return wrapped

    return decorator
