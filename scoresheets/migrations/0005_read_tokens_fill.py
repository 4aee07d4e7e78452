# The read-only links (issue 8), step 2 of 3: every existing match and table
# gets its own random read token (a data migration apart from the schema
# changes, as PostgreSQL wants: no ALTER TABLE with pending trigger events).

from django.db import migrations

BATCH = 500


def fill_read_tokens(apps, schema_editor):
    """Give each row without a read token a fresh one (``new_token``: 144 random
    bits, so two rows never draw the same; 0006 still enforces uniqueness)."""
    from scoresheets.models import new_token

    for name in ("Match", "Table"):
        model = apps.get_model("scoresheets", name)
        rows = list(model.objects.filter(read_token__isnull=True).only("pk"))
        for row in rows:
            row.read_token = new_token()
        model.objects.bulk_update(rows, ["read_token"], batch_size=BATCH)


class Migration(migrations.Migration):
    dependencies = [
        ("scoresheets", "0004_read_tokens_add"),
    ]

    operations = [
        migrations.RunPython(fill_read_tokens, migrations.RunPython.noop, elidable=True),
    ]
