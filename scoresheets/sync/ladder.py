"""The one exception ladder around a write (``docs/sync.md``, "What each
write answers").

Every view that writes calls its service through :func:`attempt`, which
sorts what the service raised into an :class:`~scoresheets.sync.kinds.Answer`:

============================================  ===========  ======
raised by the service                         answer       status
============================================  ===========  ======
nothing                                       ``saved``    200
``HandConflict`` (another phone was faster)   ``conflict`` 409
``scoring.MatchError`` (the engine refuses)   ``refused``  422
``limits.TableFull``, ``refusals`` given      ``refused``  422
``ValidationError``, ``DataError``,           ``refused``  422
``IntegrityError``, ``OverflowError``
(a number or a name a column cannot hold)
a busy database (``busy.ERRORS``)             ``busy``     503
``ObjectDoesNotExist`` (no such hand)         ``not_found`` 404
============================================  ===========  ======

With a ``form``, the refusal's message is put on it (the engine's problems
next to their fields) and a busy database is said there too (``busy.refuse``,
which keeps what was typed). Without one, the caller words the refusal from
``Write.error``; a busy database and a refused number or name, which only a
form can say, propagate (``busy.BusyDatabaseMiddleware`` answers the 503
page). An error the database raises that is not "busy" propagates always.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django import forms
from django.core.exceptions import ObjectDoesNotExist, ValidationError
from django.db import DataError, IntegrityError
from django.http import Http404, HttpRequest
from django.utils.translation import gettext_lazy

from scoresheets import limits, scoring
from scoresheets.sync import busy
from scoresheets.sync.kinds import STATUS, Answer, HandConflict

T = TypeVar("T")

# Numbers the engine accepts (announcements have no upper bound) but a column cannot hold.
TOO_BIG = gettext_lazy("Des nombres sont trop grands pour une partie.")
# What a column refuses: a number too big for it, a name it cannot hold.
INVALID = (ValidationError, DataError, IntegrityError, OverflowError)

KEEP = object()  # ``invalid_field``'s default: the same field as ``field``


@dataclass(frozen=True)
class Write(Generic[T]):
    """What a write answered: ``answer``, ``value`` (what the service
    returned, when saved) and ``error`` (what it raised, otherwise)."""

    answer: Answer
    value: T | None = None
    error: Exception | None = None

    @property
    def saved(self) -> bool:
        return self.answer == Answer.SAVED

    @property
    def status(self) -> int:
        """The HTTP status of the answer (``kinds.STATUS``)."""
        return STATUS[self.answer]

    @property
    def conflict(self) -> HandConflict | None:
        """The conflict, when another phone was faster."""
        return self.error if isinstance(self.error, HandConflict) else None


def attempt(
    request: HttpRequest,
    write: Callable[[], T],
    form: forms.BaseForm | None = None,
    *,
    field: str | None = None,
    invalid: Any = TOO_BIG,
    invalid_field: Any = KEEP,
    problems: Callable[[scoring.MatchError], None] | None = None,
    refusals: Mapping[type[Exception], Callable[[Any], str]] | None = None,
    word_not_found: bool = False,
) -> Write[T]:
    """Call ``write()`` (a service's write) and sort its outcome (the table above).

    ``form``: the form that sent it, which the refusal's or the busy
    database's message is put on: at ``field`` (``None``: the form's top),
    the message ``invalid`` of a refused number or name at ``invalid_field``
    (``field`` unless given), the engine's problems by ``problems(error)``
    (``form.add_problems`` unless given), and each exception of
    ``refusals`` (type: its message) at ``field``, as ``limits.TableFull``'s
    own message. A missing hand (``ObjectDoesNotExist``) is a 404 page
    (``Http404``), or with ``word_not_found`` the answer ``not_found`` for
    the caller to word (an undo's "Rien à annuler")."""
    said = {limits.TableFull: limits.TableFull.message, **(refusals or {})}
    try:
        value = write()
    except HandConflict as error:
        return Write(Answer.CONFLICT, error=error)
    except scoring.MatchError as error:
        if form is not None:
            (problems or form.add_problems)(error)  # type: ignore[attr-defined]
        return Write(Answer.REFUSED, error=error)
    except tuple(said) as error:
        if form is not None:
            form.add_error(
                field, next(say for t, say in said.items() if isinstance(error, t))(error)
            )
        return Write(Answer.REFUSED, error=error)
    except INVALID as error:
        if form is None:
            raise
        form.add_error(field if invalid_field is KEEP else invalid_field, invalid)
        return Write(Answer.REFUSED, error=error)
    except busy.ERRORS as error:
        if form is None:
            raise
        busy.refuse(request, form, error, field)  # re-raises what is not "busy"
        return Write(Answer.BUSY, error=error)
    except ObjectDoesNotExist as error:
        if not word_not_found:
            raise Http404 from error
        return Write(Answer.NOT_FOUND, error=error)
    return Write(Answer.SAVED, value=value)


def form_key(request: HttpRequest) -> str | None:
    """The posted one-time ``key`` of a write without a form class (a delete,
    a restore, an undo), if it is one: at most 64 characters, no NUL
    (PostgreSQL cannot compare a text with one)."""
    key = request.POST.get("key", "")
    return key if 0 < len(key) <= 64 and "\x00" not in key else None
