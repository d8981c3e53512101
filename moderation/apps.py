from django.apps import AppConfig


class ModerationConfig(AppConfig):
    """Moderation: players' reports, moderators' actions in the admin, the audit log.

    Owns ``Report`` and ``AuditLog`` (their tables keep the names the games app gave
    them). Imports ``games`` (its public services, signals and models); ``games`` never
    imports it, and tells it of the clock sweep's own actions by a signal."""

    name = "moderation"
    verbose_name = "Moderation"

    def ready(self) -> None:
        from moderation import receivers  # noqa: F401  (connects games.signals.deadlines_extended)
