"""A season's merged spellings of one player (issue 19, docs/concours.md 6.5)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scoresheets", "0015_season"),
    ]

    operations = [
        migrations.AddField(
            model_name="season",
            name="aliases",
            field=models.JSONField(blank=True, default=dict),
        ),
    ]
