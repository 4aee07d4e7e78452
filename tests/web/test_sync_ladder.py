"""The one exception ladder around a write (``scoresheets.sync.ladder.attempt``),
called directly with a write that raises each thing a service raises: the
answer and its status, what lands on the form and where, in French and in
English, and what propagates (a bug stays a bug)."""

from __future__ import annotations

import sqlite3

import pytest
from django import forms
from django.core.exceptions import ObjectDoesNotExist, ValidationError
from django.db import DataError, IntegrityError, OperationalError
from django.http import Http404
from django.test import RequestFactory
from django.utils import translation

from scoresheets import limits, scoring
from scoresheets.sync.kinds import Answer, ConflictKind, HandConflict
from scoresheets.sync.ladder import attempt, form_key

ENGINE = scoring.MatchError([scoring.Problem(None, "rules.target", "out_of_range", "too big")])
CONFLICT = HandConflict(kind=ConflictKind.TAKEN, number=2, device="Léa")


class NameForm(forms.Form):
    name = forms.CharField()

    def add_problems(self, error: scoring.MatchError) -> None:
        self.add_error(None, f"engine: {error.problems[0].code}")


def sent(name: str = "Léa") -> NameForm:
    form = NameForm({"name": name})
    assert form.is_valid()
    return form


def post(**data: str):
    return RequestFactory().post("/m/x/donnes/", data)


def raising(error: BaseException):
    def write():
        raise error

    return write


def busy_error() -> OperationalError:
    return OperationalError("database is locked")


def broken_error() -> OperationalError:
    """SQLite's "no such table": an error no retry cures (not busy)."""
    cause = sqlite3.OperationalError("no such table: scoresheets_match")
    cause.sqlite_errorname = "SQLITE_ERROR"
    try:
        raise OperationalError("no such table") from cause
    except OperationalError as error:
        return error


def test_a_write_that_raises_nothing_is_saved_with_its_value():
    form = sent()
    write = attempt(post(), lambda: 42, form)
    assert (write.answer, write.status, write.value, write.error) == (Answer.SAVED, 200, 42, None)
    assert write.saved and write.conflict is None
    assert form.errors == {}


def test_a_conflict_is_409_and_left_to_the_caller_s_panel():
    form = sent()
    write = attempt(post(), raising(CONFLICT), form)
    assert (write.answer, write.status) == (Answer.CONFLICT, 409)
    assert write.conflict is CONFLICT and not write.saved
    assert form.errors == {}  # the panel says it, not the form


def test_the_engine_s_refusal_is_422_with_its_problems_on_the_form():
    form = sent()
    write = attempt(post(), raising(ENGINE), form)
    assert (write.answer, write.status, write.error) == (Answer.REFUSED, 422, ENGINE)
    assert form.non_field_errors() == ["engine: out_of_range"]


def test_the_engine_s_problems_can_be_put_by_the_caller():
    form, told = sent(), []
    write = attempt(post(), raising(ENGINE), form, problems=told.append)
    assert write.status == 422
    assert told == [ENGINE]
    assert form.errors == {}


@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("fr", "Cette table a déjà {max} joueurs, le maximum."),
        ("en", "This table already has {max} players, the most it can hold."),
    ],
)
def test_a_full_table_is_422_with_its_own_message_at_the_field(language, text):
    form = sent()
    with translation.override(language):
        write = attempt(post(), raising(limits.TableFull("players")), form, field="name")
        assert form.errors == {"name": [text.format(max=limits.TABLE_MAX_PLAYERS)]}
    assert write.status == 422


class Taken(ValueError):
    pass


def test_a_refusal_the_caller_names_is_422_with_its_message():
    form = sent()
    write = attempt(
        post(), raising(Taken()), form, field="name", refusals={Taken: lambda e: "déjà là"}
    )
    assert (write.answer, write.status) == (Answer.REFUSED, 422)
    assert form.errors == {"name": ["déjà là"]}


@pytest.mark.parametrize(
    "error",
    [
        ValidationError("too long"),
        DataError("value too long"),
        IntegrityError("x"),
        OverflowError(),
    ],
)
@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("fr", "Des nombres sont trop grands pour une partie."),
        ("en", "Some numbers are too big for a match."),
    ],
)
def test_what_a_column_cannot_hold_is_422_and_said(error, language, text):
    form = sent()
    with translation.override(language):
        write = attempt(post(), raising(error), form)
        assert form.non_field_errors() == [text]  # said in the request's language
    assert (write.answer, write.status, write.error) == (Answer.REFUSED, 422, error)


def test_what_a_column_cannot_hold_is_said_where_the_caller_says():
    form = sent()
    attempt(
        post(), raising(DataError()), form, field=None, invalid="Trop long.", invalid_field="name"
    )
    assert form.errors == {"name": ["Trop long."]}


def test_without_a_form_what_a_column_cannot_hold_propagates():
    with pytest.raises(DataError):
        attempt(post(), raising(DataError()))


@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("fr", "Le serveur est très occupé. Réessayez dans un instant."),
        ("en", "The server is very busy. Try again in a moment."),
    ],
)
def test_a_busy_database_is_503_said_on_the_form_which_keeps_what_was_typed(language, text):
    form = sent("Zoé")
    with translation.override(language):
        write = attempt(post(name="Zoé"), raising(busy_error()), form, field="name")
        assert form.errors == {"name": [text]}
    assert (write.answer, write.status) == (Answer.BUSY, 503)
    assert form.data["name"] == "Zoé" and form.busy


def test_without_a_form_a_busy_database_propagates_to_the_busy_page():
    with pytest.raises(OperationalError):
        attempt(post(), raising(busy_error()))


def test_a_database_error_that_is_not_busy_stays_a_bug():
    with pytest.raises(OperationalError):
        attempt(post(), raising(broken_error()), sent())


def test_a_missing_hand_is_a_404_page_unless_the_caller_words_it():
    with pytest.raises(Http404):
        attempt(post(), raising(ObjectDoesNotExist()), sent())
    write = attempt(post(), raising(ObjectDoesNotExist()), word_not_found=True)
    assert (write.answer, write.status) == (Answer.NOT_FOUND, 404)


def test_any_other_error_propagates():
    with pytest.raises(KeyError):
        attempt(post(), raising(KeyError("a bug")), sent())


@pytest.mark.parametrize(
    ("key", "kept"),
    [("a" * 32, "a" * 32), ("k" * 64, "k" * 64), ("", None), ("k" * 65, None), ("a\x00b", None)],
)
def test_a_posted_one_time_key_is_kept_only_when_it_can_be_one(key, kept):
    assert form_key(post(key=key)) == kept
