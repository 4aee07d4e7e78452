"""The template loader of the games' own templates (:mod:`scoresheets.games.assets`)."""

from __future__ import annotations

from collections.abc import Iterator

from django.core.exceptions import SuspiciousFileOperation
from django.template import Origin
from django.template.loaders.filesystem import Loader
from django.utils._os import safe_join

from scoresheets.games.assets import template_dirs

__all__ = ["TemplateLoader"]


class TemplateLoader(Loader):
    """Django's file-system loader over the games' ``templates/`` folders:
    ``games/<name>/x.html`` is ``scoresheets/games/<name>/templates/x.html``.
    Any other name is left to the next loader."""

    def get_template_sources(self, template_name: str) -> Iterator[Origin]:
        """The one :class:`~django.template.Origin` of ``template_name`` when
        it names a game's template, else none (a name leaving its folder,
        ``games/x/../..``, is none either)."""
        for prefix, folder in template_dirs():
            head = prefix + "/"
            if template_name.startswith(head):
                try:
                    path = safe_join(folder, template_name.removeprefix(head))
                except SuspiciousFileOperation:
                    return
                yield Origin(name=path, template_name=template_name, loader=self)
                return
