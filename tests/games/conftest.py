from tests.mail_fixtures import (  # noqa: F401
    _mail_settings,
    alice,
    bob,
    carol,
    mallory,
    queued,
    settling_tasks,
)
