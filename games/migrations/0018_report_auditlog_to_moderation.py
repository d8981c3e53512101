"""Report and AuditLog belong to the moderation app now (moderation/migrations/0001).

State only: the tables stay where they are, under their old names, with every row."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0017_spectator_visits"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="AuditLog"),
                migrations.DeleteModel(name="Report"),
            ],
            database_operations=[],
        ),
    ]
