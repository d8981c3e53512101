from django.db import migrations

from accounts import names


def clear_site_labels(apps, schema_editor):
    """A display name that reads as the site's own label for a seat without a person
    ("Computer (Expert)", "Open seat") or a deleted account ("deleted player 3"),
    chosen before such names were refused, is cleared: the player shows under their
    username. Deleted accounts keep the name the site gave them."""
    User = apps.get_model("accounts", "User")
    cleared = [
        user
        for user in User.objects.exclude(display_name="").only("pk", "username", "display_name")
        if user.username != f"deleted-{user.pk}" and names.is_site_label(user.display_name)
    ]
    for user in cleared:
        user.display_name, user.display_name_skeleton = "", ""
    User.objects.bulk_update(cleared, ["display_name", "display_name_skeleton"])


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0005_user_language"),
    ]

    operations = [
        migrations.RunPython(clear_site_labels, migrations.RunPython.noop),
    ]
