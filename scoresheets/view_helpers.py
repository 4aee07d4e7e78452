"""Glue shared by the match views and the table views (no view imports the other)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import DataError, IntegrityError
from django.http import HttpRequest
from django.utils.translation import gettext

from scoresheets import busy, limits, scoring, services
from scoresheets.forms import MatchForm
from scoresheets.models import Match, Table


def create_match(
    request: HttpRequest, form: MatchForm, *, table: Table | None = None
) -> Match | None:
    """The match a valid new-match ``form`` describes (in ``table``, if given),
    or ``None`` with the problems put on the form (a busy database too:
    ``busy.status_of(form, ...)`` is then 503); nothing is half-created.
    The match's next page in this browser opens on its share panel
    (:func:`pop_share_first`)."""
    data = form.cleaned_data
    try:
        match = services.match_create(
            names=form.names(),
            rules=form.match_rules(),
            team_a_name=data["team_a_name"],
            team_b_name=data["team_b_name"],
            first_dealer=data["first_dealer"],
            preset=form.effective_preset(),
            card_names=form.match_card_names(),
            table=table,
            key=form.one_time_key(),
        )
    except scoring.MatchError as error:
        form.add_problems(error)
    except limits.TableFull as full:
        form.add_error(None, full.message())
    except (ValidationError, DataError, IntegrityError):
        form.add_error(None, gettext("Ces prénoms ne conviennent pas : vérifiez-les."))
    except busy.ERRORS as error:
        busy.refuse(request, form, error)
    else:
        # Its first page opens on the share panel: the others need the link first.
        request.session[SHARE_FIRST] = match.token
        return match
    return None


SHARE_FIRST = "share_first"  # session key: the match whose next page shows the share panel first


def pop_share_first(request: HttpRequest, token: str) -> bool:
    """Whether the match page of ``token`` opens on the share panel: once,
    right after this browser created the match (``create_match``)."""
    if request.session.get(SHARE_FIRST) != token:
        return False
    del request.session[SHARE_FIRST]
    return True
