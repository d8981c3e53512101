from tests.mail_fixtures import (  # noqa: F401
    _mail_settings,
    alice,
    bob,
    queued,
    settling_tasks,
)
