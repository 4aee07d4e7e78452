"""The concours (issue 19, docs/concours.md "The web part"): a concours,
its entrants, its parties, their tables (each a match) and its penalties.
Only new tables: backwards drops them, every match (a table's sheet) stays.
"""

import django.db.models.deletion
import scoresheets.models
import scoresheets.scoring.kernel
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scoresheets", "0012_hand_withdrawn"),
    ]

    operations = [
        migrations.CreateModel(
            name="Concours",
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
                ("date", models.DateField()),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("updated_at", models.DateTimeField(auto_now=True)),
                ("version", models.PositiveIntegerField(default=1)),
                ("settings", models.JSONField(default=dict)),
                (
                    "game",
                    models.CharField(
                        choices=[("belote", "belote"), ("coinche", "coinche")],
                        default="belote",
                        max_length=7,
                    ),
                ),
                (
                    "preset",
                    models.CharField(
                        choices=[
                            ("classique", "Belote classique"),
                            ("annonces", "Avec annonces"),
                            ("marocaine", "Belote marocaine"),
                            ("federation", "Fédération"),
                            ("entre_amis", "Entre amis"),
                            ("custom", "Règles personnalisées"),
                        ],
                        default="classique",
                        max_length=16,
                    ),
                ),
                (
                    "card_names",
                    models.CharField(
                        choices=[
                            (scoresheets.scoring.kernel.CardNames["FRENCH"], "Cartes françaises"),
                            (scoresheets.scoring.kernel.CardNames["SPANISH"], "Cartes espagnoles"),
                        ],
                        default="french",
                        max_length=8,
                    ),
                ),
                ("rule_values", models.JSONField(default=scoresheets.models.default_rule_values)),
                (
                    "seed",
                    models.BigIntegerField(default=scoresheets.models.new_seed, editable=False),
                ),
            ],
            options={
                "verbose_name_plural": "concours",
                "constraints": [
                    models.CheckConstraint(
                        condition=models.Q(("game__in", ["belote", "coinche"])),
                        name="concours_game",
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="ConcoursPartie",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("number", models.PositiveSmallIntegerField()),
                ("byes", models.JSONField(blank=True, default=list)),
                ("drawn_at", models.DateTimeField(auto_now_add=True)),
                (
                    "concours",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="parties",
                        to="scoresheets.concours",
                    ),
                ),
            ],
            options={
                "ordering": ["concours", "number"],
            },
        ),
        migrations.CreateModel(
            name="ConcoursTable",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("number", models.PositiveSmallIntegerField()),
                ("side_a", models.JSONField()),
                ("side_b", models.JSONField()),
                (
                    "match",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="concours_table",
                        to="scoresheets.match",
                    ),
                ),
                (
                    "partie",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="tables",
                        to="scoresheets.concourspartie",
                    ),
                ),
            ],
            options={
                "ordering": ["partie", "number"],
            },
        ),
        migrations.CreateModel(
            name="ConcoursPenalty",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("entrant", models.PositiveIntegerField()),
                ("partie", models.PositiveSmallIntegerField()),
                ("points", models.PositiveIntegerField()),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("to_opponents", "aux adversaires"),
                            ("deducted", "retirés à l'équipe"),
                        ],
                        default="to_opponents",
                        max_length=12,
                    ),
                ),
                ("reason", models.CharField(blank=True, max_length=200)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "concours",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="penalties",
                        to="scoresheets.concours",
                    ),
                ),
                (
                    "table",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="penalties",
                        to="scoresheets.concourstable",
                    ),
                ),
            ],
            options={
                "ordering": ["concours", "created_at", "pk"],
            },
        ),
        migrations.CreateModel(
            name="ConcoursEntrant",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("number", models.PositiveIntegerField()),
                ("name", models.CharField(blank=True, max_length=60)),
                ("players", models.JSONField(blank=True, default=list)),
                ("arrived", models.PositiveSmallIntegerField(default=1)),
                ("left_after", models.PositiveSmallIntegerField(blank=True, null=True)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "creation_key",
                    models.CharField(blank=True, editable=False, max_length=64, null=True),
                ),
                (
                    "concours",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="entrants",
                        to="scoresheets.concours",
                    ),
                ),
            ],
            options={
                "ordering": ["concours", "number"],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("concours", "number"), name="entrant_unique_number"
                    ),
                    models.UniqueConstraint(
                        fields=("concours", "creation_key"), name="entrant_unique_key"
                    ),
                    models.CheckConstraint(
                        condition=models.Q(("number__gte", 1)), name="entrant_number_positive"
                    ),
                    models.CheckConstraint(
                        condition=models.Q(("arrived__gte", 1)), name="entrant_arrived_positive"
                    ),
                    models.CheckConstraint(
                        condition=models.Q(
                            ("left_after__isnull", True),
                            ("left_after__gte", models.F("arrived")),
                            _connector="OR",
                        ),
                        name="entrant_left_after_arrived",
                    ),
                ],
            },
        ),
        migrations.AddConstraint(
            model_name="concourspartie",
            constraint=models.UniqueConstraint(
                fields=("concours", "number"), name="partie_unique_number"
            ),
        ),
        migrations.AddConstraint(
            model_name="concourspartie",
            constraint=models.CheckConstraint(
                condition=models.Q(("number__gte", 1)), name="partie_number_positive"
            ),
        ),
        migrations.AddConstraint(
            model_name="concourstable",
            constraint=models.UniqueConstraint(
                fields=("partie", "number"), name="ctable_unique_number"
            ),
        ),
        migrations.AddConstraint(
            model_name="concourstable",
            constraint=models.CheckConstraint(
                condition=models.Q(("number__gte", 1)), name="ctable_number_positive"
            ),
        ),
        migrations.AddConstraint(
            model_name="concourspenalty",
            constraint=models.CheckConstraint(
                condition=models.Q(("points__gte", 1)), name="penalty_points_positive"
            ),
        ),
    ]
