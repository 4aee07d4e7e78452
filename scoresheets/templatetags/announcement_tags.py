"""The announcement helper's tag (``{% load announcement_tags %}``)."""

from __future__ import annotations

from typing import Any

from django import template

from scoresheets.announcement_helper import AnnouncementHelperForm, helper_for

register = template.Library()


@register.simple_tag(takes_context=True)
def announcement_helper(context: template.Context) -> AnnouncementHelperForm | None:
    """The helper of the hand form ``form`` in the context: the view's own
    (``helper``, after a comparison), else one for the form's hand, holding
    what was posted with it (a refused save keeps the declarations; nothing
    is compared); ``None`` when the form takes no announcements."""
    helper = context.get("helper")
    if helper is not None:
        return helper
    form: Any = context.get("form")
    if form is None or "ann_points" not in form.fields:
        return None
    data = form.data if form.is_bound else None
    return helper_for(
        data, form=form, match=context.get("match"), card_names=context.get("card_names")
    )
