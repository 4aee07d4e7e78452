"""Forms of the tables of friends: create a table, add a player, start a match
from the roster, filter the history. They validate and speak the user's
language; the services (``scoresheets.tables.services``, ``scoresheets.matches.services``) write.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoresheets import scoring
from scoresheets.forms import MatchForm, OneTimeKeyForm, problem_message
from scoresheets.models import PLAYER_NAME_MAX, TablePlayer
from scoresheets.text import NameField

NAME_MAX = PLAYER_NAME_MAX  # TablePlayer.name and Player.name (models)
ROSTER_MAX = 30  # names typed at once when creating a table
SAME_PLAYER = _("Ce joueur est déjà à une autre place.")


class TableForm(OneTimeKeyForm):
    """A new table: its name, and optionally its first players."""

    name = NameField(
        label=_("Nom de la table"),
        max_length=60,
        error_messages={"required": _("Donnez un nom à la table.")},
        widget=forms.TextInput(attrs={"placeholder": _("Les jeudis chez Léa")}),
    )
    players = NameField(
        label=_("Les joueurs (facultatif)"),
        required=False,
        help_text=_(
            "Un prénom par ligne, ou séparés par des virgules. On peut en ajouter ensuite."
        ),
        widget=forms.Textarea(attrs={"rows": 4, "autocapitalize": "words"}),
    )

    def clean_players(self) -> list[str]:
        names = [n.strip() for n in re.split(r"[,\n\r]+", self.cleaned_data["players"])]
        names = [n for n in names if n]
        too_long = [n for n in names if len(n) > NAME_MAX]
        if too_long:
            raise forms.ValidationError(
                _("« %(name)s » est trop long : %(max)s lettres au plus."),
                params={"name": too_long[0], "max": NAME_MAX},
            )
        if len(names) > ROSTER_MAX:
            raise forms.ValidationError(
                _("%(max)s joueurs au plus pour commencer."), params={"max": ROSTER_MAX}
            )
        seen: set[str] = set()
        for name in names:
            if name.casefold() in seen:
                # Review (newcomer): "Léa, léa" made one player without a word.
                raise forms.ValidationError(
                    _("« %(name)s » est deux fois dans la liste : un prénom par joueur."),
                    params={"name": name},
                )
            seen.add(name.casefold())
        return names


class PlayerForm(forms.Form):
    """A new player of the roster: a name not taken, whatever its case.

    The roster is compared here with ``casefold`` (SQLite's case-insensitive
    match only folds ASCII: "LÉA" would pass it); the service checks again."""

    name = NameField(
        label=_("Prénom du nouveau joueur"),
        max_length=NAME_MAX,
        error_messages={"required": _("Saisissez un prénom.")},
    )

    def __init__(self, *args: Any, roster: list[TablePlayer] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.roster = list(roster)

    def clean_name(self) -> str:
        name = self.cleaned_data["name"]
        if any(p.name.casefold() == name.casefold() for p in self.roster):
            raise forms.ValidationError(duplicate_message(name))
        return name


def duplicate_message(name: str) -> str:
    return _("%(name)s est déjà à cette table.") % {"name": name}


class TableMatchForm(MatchForm):
    """A new match of a table: for each seat, a player of the roster
    (``person_N``) or a name typed (``player_N``, new or not: the service finds
    a roster name whatever its case); the seats of the chosen game only (3 or
    2 for a game scored per player). Everything else is the new-match form."""

    def __init__(self, *args: Any, roster: list[TablePlayer], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.roster = {p.pk: p for p in roster}
        choices = [("", _("Choisir…")), *((p.pk, p.name) for p in roster)]
        for seat in (1, 2, 3, 4):
            self.fields[f"person_{seat}"] = forms.TypedChoiceField(
                label=_("Joueur %(seat)s") % {"seat": seat},
                choices=choices,
                coerce=int,
                required=False,
                empty_value=None,
                error_messages={
                    "invalid_choice": _("Ce joueur n'est pas à cette table : choisissez-en un.")
                },
            )
            text = self.fields[f"player_{seat}"]
            text.required = False
            text.label = _("ou un nouveau prénom")

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        seen: dict[str, int] = {}
        for seat in self.seat_numbers():  # the seats the chosen game fills
            person = data.get(f"person_{seat}")
            typed = (data.get(f"player_{seat}") or "").strip()
            if f"person_{seat}" in self.errors or f"player_{seat}" in self.errors:
                continue
            if person is not None and typed:
                self.add_error(
                    f"player_{seat}",
                    _("Choisissez un joueur de la liste ou saisissez un prénom, pas les deux."),
                )
                continue
            name = self.roster[person].name if person is not None else self._known(typed)
            if not name:
                self.add_error(
                    f"person_{seat}", _("Choisissez un joueur ou saisissez un nouveau prénom.")
                )
                continue
            if name.casefold() in seen:
                self.add_error(self._seat_field(seat), SAME_PLAYER)
                continue
            seen[name.casefold()] = seat
            data[f"player_{seat}"] = name
        return data

    def _seat_field(self, seat: int) -> str:
        """The field that chose seat ``seat``'s player: the list, or the name typed."""
        chosen = getattr(self, "cleaned_data", {}).get(f"person_{seat}")
        return f"person_{seat}" if chosen is not None else f"player_{seat}"

    def _known(self, typed: str) -> str:
        """A typed name as the roster spells it, whatever its case (else as typed)."""
        folded = typed.casefold()
        return next((p.name for p in self.roster.values() if p.name.casefold() == folded), typed)

    def add_problems(self, error: scoring.MatchError) -> None:
        for problem in error.problems:
            if problem.code == "same_player" and problem.field in self.fields:
                self.add_error(self._seat_field(int(problem.field[-1])), SAME_PLAYER)
            elif problem.field.startswith("player_"):
                self.add_error(None, problem_message(problem))
        rules = [p for p in error.problems if not p.field.startswith("player_")]
        if rules:
            super().add_problems(scoring.MatchError(rules))


HISTORY_STATUSES = {"en-cours": "ongoing", "terminees": "finished"}


class HistoryFilter(forms.Form):
    """The history's filters (GET): one player of the roster, finished or in progress."""

    joueur = forms.TypedChoiceField(
        label=_("Joueur"),
        coerce=int,
        required=False,
        empty_value=None,
        error_messages={"invalid_choice": _("Ce joueur n'est pas à cette table.")},
    )
    etat = forms.ChoiceField(
        label=_("État"),
        choices=[("", _("Toutes")), ("en-cours", _("En cours")), ("terminees", _("Terminées"))],
        required=False,
        widget=forms.RadioSelect,
        error_messages={"invalid_choice": _("Choisissez « en cours » ou « terminées ».")},
    )

    def __init__(self, *args: Any, roster: list[TablePlayer], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.roster = {p.pk: p for p in roster}
        self.fields["joueur"].choices = [
            ("", _("Tous les joueurs")),
            *((p.pk, p.name) for p in roster),
        ]

    def filters(self) -> tuple[TablePlayer | None, str]:
        """The valid filters: a roster player (or ``None``) and a ``tables.table_matches``
        status ("" for all). An invalid filter is left out (its error is shown)."""
        self.is_valid()
        data = self.cleaned_data
        person = data.get("joueur")
        return self.roster.get(person) if person else None, HISTORY_STATUSES.get(
            data.get("etat") or "", ""
        )
