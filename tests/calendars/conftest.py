from tests.mail_fixtures import _mail_settings, alice, bob, carol, mallory, queued  # noqa: F401
