from django.db import migrations


def forbid(apps, schema_editor):
    """Rated games never allowed automatic vacation by the settings' word; their rows
    now say so too (the clock has checked ``rated`` itself since)."""
    Game = apps.get_model("games", "Game")
    Game.objects.filter(rated=True).update(auto_vacation_allowed=False)


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0012_seat_result"),
    ]

    operations = [
        migrations.RunPython(forbid, migrations.RunPython.noop),
    ]
