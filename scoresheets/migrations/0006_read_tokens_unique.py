# The read-only links (issue 8), step 3 of 3: every row has its own read
# token now; make it required and unique, with a fresh one for new rows.

import scoresheets.models
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scoresheets", "0005_read_tokens_fill"),
    ]

    operations = [
        migrations.AlterField(
            model_name="match",
            name="read_token",
            field=models.CharField(
                default=scoresheets.models.new_token, editable=False, max_length=32, unique=True
            ),
        ),
        migrations.AlterField(
            model_name="table",
            name="read_token",
            field=models.CharField(
                default=scoresheets.models.new_token, editable=False, max_length=32, unique=True
            ),
        ),
    ]
