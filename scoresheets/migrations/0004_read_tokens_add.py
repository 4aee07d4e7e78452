# The read-only links (issue 8), step 1 of 3: the columns, empty. A callable
# default here would be evaluated once and give every existing row the same
# token, so they start NULL and 0005 gives each row its own.

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scoresheets", "0003_tables"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="read_token",
            field=models.CharField(editable=False, max_length=32, null=True),
        ),
        migrations.AddField(
            model_name="table",
            name="read_token",
            field=models.CharField(editable=False, max_length=32, null=True),
        ),
    ]
