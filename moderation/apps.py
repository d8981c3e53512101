from django.apps import AppConfig


class ModerationConfig(AppConfig):
    """Moderation: players' reports, moderators' actions in the admin, the audit log.

    Imports ``games`` (its flows and models, ``Report`` and ``AuditLog`` included,
    which stay in ``games`` so no table moves); ``games`` never imports it."""

    name = "moderation"
    verbose_name = "Moderation"
