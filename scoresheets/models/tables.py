"""A table of friends and its roster."""

from __future__ import annotations

from django.db import models
from django.db.models.functions import Lower

from scoresheets.models.base import PLAYER_NAME_MAX, new_token


class Table(models.Model):
    """A table of friends: a roster of players and their matches, reached only
    through its unguessable token (nothing lists tables)."""

    token = models.CharField(max_length=32, unique=True, default=new_token, editable=False)
    # Opens the same pages with nothing that writes (a spectator's link).
    read_token = models.CharField(max_length=32, unique=True, default=new_token, editable=False)
    name = models.CharField(max_length=60)
    created_at = models.DateTimeField(auto_now_add=True)
    # The one-time key of the form that created it (forms.OneTimeKeyForm): a
    # resend of that form gets this table instead of a second one.
    creation_key = models.CharField(max_length=64, unique=True, null=True, editable=False)

    def __str__(self) -> str:
        return self.name


class TablePlayer(models.Model):
    """A person of a table's roster: the same player from match to match.

    A name is unique within its table, whatever its case ("léa" is "Léa").
    """

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="roster")
    name = models.CharField(max_length=PLAYER_NAME_MAX)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]
        constraints = [
            models.UniqueConstraint(Lower("name"), "table", name="tableplayer_unique_name"),
        ]

    def __str__(self) -> str:
        return self.name
