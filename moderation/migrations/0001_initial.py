"""Report and AuditLog, made by the games app (games/migrations/0002), move here.

State only: the tables keep their names (``db_table``) and their rows. Their content
types move too, so that the permissions given on them (the Moderators group) and the
admin's history of them stay attached."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

MOVED = ["auditlog", "report"]


def content_types_to(app_label: str, from_label: str):
    def move(apps, schema_editor):
        ContentType = apps.get_model("contenttypes", "ContentType")
        ContentType.objects.filter(app_label=from_label, model__in=MOVED).update(
            app_label=app_label
        )

    return move


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("games", "0018_report_auditlog_to_moderation"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="AuditLog",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("action", models.CharField(max_length=40)),
                        ("reason", models.TextField()),
                        ("details", models.JSONField(blank=True, default=dict)),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("actor", models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name="+", to=settings.AUTH_USER_MODEL)),
                        ("game", models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name="audit_log", to="games.game")),
                        ("target_user", models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name="+", to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        "db_table": "games_auditlog",
                        "ordering": ["-created_at"],
                    },
                ),
                migrations.CreateModel(
                    name="Report",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("reason", models.TextField(max_length=2000)),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("resolved", models.BooleanField(default=False)),
                        ("game", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="reports", to="games.game")),
                        ("reported", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="reports_received", to=settings.AUTH_USER_MODEL)),
                        ("reporter", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="reports_made", to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        "db_table": "games_report",
                        "ordering": ["-created_at"],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(
            content_types_to("moderation", "games"), content_types_to("games", "moderation")
        ),
    ]
