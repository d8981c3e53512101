from tests.mail_fixtures import _mail_settings, queued  # noqa: F401
