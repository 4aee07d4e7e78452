"""The announcement helper's tag (``{% load announcement_tags %}``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django import template
from django.urls import reverse

from scoresheets.announcement_helper import OPEN, PREFIX, AnnouncementHelperForm, helper_for

register = template.Library()


@dataclass(frozen=True)
class LazyHelper:
    """The helper not rendered yet (issue 21, "Cheaper hands"): the page
    carries its disclosure only, and the page's script fetches it from
    ``url`` (``hand_views.hand_helper``) for the form's hand when it is
    opened; without a script, its button posts the form (``action``, :data:`OPEN`)
    and the page comes back with the helper open, what was typed kept."""

    url: str
    lazy = True
    opened = False
    open_value = OPEN


def _declared(data: Any) -> bool:
    """Whether posted ``data`` holds a declaration picked in the helper."""
    return any(
        name.startswith(PREFIX + "-") and name.endswith("_kind") and value
        for name, value in data.items()
    )


@register.simple_tag(takes_context=True)
def announcement_helper(context: template.Context) -> AnnouncementHelperForm | LazyHelper | None:
    """The helper of the hand form ``form`` in the context: the view's own
    (``helper``, after a comparison or when asked for), else one for the
    form's hand, holding what was posted with it (a refused save keeps the
    declarations; nothing is compared); where the page asks for it
    (``lazy_helper``, the match page's entry form) and the form holds no
    declaration, a :class:`LazyHelper` (fetched when opened); ``None`` when
    the form takes no announcements."""
    helper = context.get("helper")
    if helper is not None:
        return helper
    form: Any = context.get("form")
    if form is None or "ann_points" not in form.fields:
        return None
    data = form.data if form.is_bound else None
    match = context.get("match")
    if context.get("lazy_helper") and match is not None and not (data and _declared(data)):
        return LazyHelper(url=reverse("hand_helper", args=[match.token]))
    return helper_for(data, form=form, match=match, card_names=context.get("card_names"))
