"""The site's URL patterns, read from Django's resolver, so that the tests that
walk every route also cover the routes added later."""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.urls import URLPattern, URLResolver, get_resolver

PARAMETER = re.compile(r"<(?:(?P<converter>[^>:]+):)?(?P<name>[^>]+)>")


@dataclass(frozen=True)
class Route:
    """One URL pattern: its name and its route text (``m/<token:token>/``), prefix included."""

    name: str
    route: str

    @property
    def parameters(self) -> dict[str, str]:
        """The route's parameters, name -> converter name (``str`` when none is given)."""
        return {m["name"]: m["converter"] or "str" for m in PARAMETER.finditer(self.route)}

    def url(self, **values: object) -> str:
        """The path with each parameter replaced by ``values[name]`` (not quoted)."""
        return "/" + PARAMETER.sub(lambda m: str(values[m["name"]]), self.route)


def routes() -> list[Route]:
    """Every route of the site (only ``path()`` routes: the project has no regex routes)."""
    found: list[Route] = []

    def walk(patterns: list, prefix: str) -> None:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                walk(pattern.url_patterns, prefix + str(pattern.pattern))
            elif isinstance(pattern, URLPattern):
                found.append(Route(name=pattern.name or "", route=prefix + str(pattern.pattern)))

    walk(get_resolver().url_patterns, "")
    return found


def token_routes() -> list[Route]:
    """The routes reached by a match's or a table's token (a parameter named ``token``)."""
    return [r for r in routes() if "token" in r.parameters]
