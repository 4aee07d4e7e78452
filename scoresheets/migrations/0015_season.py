"""Seasons (issue 19, docs/concours.md 6.5): a season and the concours it
links (a nullable key on Concours). Backwards drops them; every concours stays."""

import django.db.models.deletion
import scoresheets.models
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scoresheets", "0014_drawn_match_of_k_donnes_concours_preset"),
    ]

    operations = [
        migrations.CreateModel(
            name="Season",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "token",
                    models.CharField(
                        default=scoresheets.models.new_token,
                        editable=False,
                        max_length=32,
                        unique=True,
                    ),
                ),
                (
                    "read_token",
                    models.CharField(
                        default=scoresheets.models.new_token,
                        editable=False,
                        max_length=32,
                        unique=True,
                    ),
                ),
                (
                    "creation_key",
                    models.CharField(editable=False, max_length=64, null=True, unique=True),
                ),
                ("name", models.CharField(max_length=100)),
                ("settings", models.JSONField(blank=True, default=dict)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("updated_at", models.DateTimeField(auto_now=True)),
            ],
        ),
        migrations.AddField(
            model_name="concours",
            name="season",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="nights",
                to="scoresheets.season",
            ),
        ),
    ]
