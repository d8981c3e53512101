import os

import pytest
from django.conf import settings


def pytest_configure(config):
    """When CI asks for the real services, refuse to run on the embedded defaults."""
    if os.environ.get("TRIPOST_REQUIRE_SERVICES") == "1":
        engine = settings.DATABASES["default"]["ENGINE"]
        if "postgresql" not in engine:
            raise pytest.UsageError(f"CI asked for PostgreSQL but the database is {engine}")
        if not settings.CELERY_BROKER_URL.startswith("redis"):
            raise pytest.UsageError(
                f"CI asked for Redis but the broker is {settings.CELERY_BROKER_URL}"
            )


@pytest.fixture(scope="session")
def django_db_setup(
    request, django_test_environment, django_db_blocker, django_db_modify_db_settings
):
    """pytest-django's test database, but on PostgreSQL cloned from a migrated template
    (``tests.db_template``) instead of migrated again by every worker."""
    from django.conf import settings
    from django.db import connections
    from django.test.utils import setup_databases, teardown_databases

    from tests import db_template

    verbosity = request.config.option.verbose
    with django_db_blocker.unblock():
        cloned = db_template.prepare()
        if cloned is None:
            config = setup_databases(verbosity=verbosity, interactive=False)
        else:
            connection = connections["default"]
            old_name = connection.settings_dict["NAME"]
            connection.close()
            connection.settings_dict["NAME"] = settings.DATABASES["default"]["NAME"] = cloned
            config = [(connection, old_name, True)]
    yield
    with django_db_blocker.unblock():
        teardown_databases(config, verbosity=verbosity)


@pytest.fixture(autouse=True)
def _fresh_cache():
    from django.core.cache import cache

    from games import clocks

    cache.clear()
    clocks._memo = None  # the heartbeat this process read: the test's rows are its own
    yield


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """A German request (LocaleMiddleware) or override left active must not make a
    later test read German: every test starts in the default language."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


class ComputerQueue(list):
    """Game ids whose computer turn was queued (after commit), in order; ``run()``
    plays them as the "computer" worker would. ``later``: (game id, countdown) of
    the turns queued to run in a while (``computer_turns.look_again``)."""

    def __init__(self):
        super().__init__()
        self.later = []

    def enqueue(self, game_id: int, countdown: int | None = None) -> None:
        if countdown is None:
            self.append(game_id)
        else:
            self.later.append((game_id, countdown))

    def run(self) -> int:
        from games.tasks import play_computer_turns

        played = 0
        while self:
            played += play_computer_turns(self.pop(0))
        return played


@pytest.fixture(autouse=True)
def computer_queue(monkeypatch):
    """Computer turns are recorded instead of sent to a broker (tests run them)."""
    from games.computer import turns as computer_turns

    queue = ComputerQueue()
    monkeypatch.setattr(computer_turns, "enqueue", queue.enqueue)
    return queue


@pytest.fixture
def registered():
    """``registered(engine, **capabilities)``: the engine's game in the registry for
    this test (a toy game a computer player searches: it asks the registry for the
    game's secrets and estimates)."""
    from games import registry
    from games.registry import GameSpec

    names = []

    def register(engine, **capabilities):
        registry.register(GameSpec(engine=engine, **capabilities))
        names.append(engine.name)
        return engine

    yield register
    for name in names:
        registry.unregister(name)


@pytest.fixture
def worker_alive(db):
    """A worker's heartbeat, fresh, for every queue (``/healthz`` then finds one)."""
    from config.celery import beat_once
    from config.health import required_queues

    beat_once("celery@tests", sorted(required_queues()))


# The tests that take longest, roughly longest first: they start the run (before the
# rest, in collection order), so that pytest-xdist's workers (``--dist loadgroup``,
# which hands out the tests in this order as workers free up) never end the run on
# one of them started late. The browser tests stay together: each worker launches
# Chromium once for them.
SLOW_FIRST = [
    "tests/mail/test_reply_samples.py::test_moves_listed_one_per_line",
    "tests/mail/test_burst.py::",
    "tests/mail/test_spam_scores.py::",
    "tests/web/test_demo_command.py::TestOneSeeding::",
    "tests/config/test_serve.py::test_a_killed_worker",
    "tests/e2e/test_page_checks.py::test_every_page_fits",
    "tests/e2e/test_page_checks.py::test_every_board_is_seen_whole",
    "tests/e2e/test_play_in_browser.py::",
    "tests/e2e/test_players_table.py::",
    "tests/e2e/test_trias.py::",
    "tests/e2e/test_together_pages.py::",
    "tests/e2e/test_german_browser.py::",
]


def pytest_collection_modifyitems(config, items):
    # pytest-xdist hands tests out by node id: two tests with one id run as one, and the
    # other is silently never run (``--dist loadgroup``). Refuse such a collection.
    seen, twice = set(), set()
    for item in items:
        (twice if item.nodeid in seen else seen).add(item.nodeid)
    if twice:
        raise pytest.UsageError(f"tests with the same node id, run only once: {sorted(twice)}")

    def rank(item) -> int:
        return next(
            (i for i, prefix in enumerate(SLOW_FIRST) if item.nodeid.startswith(prefix)),
            len(SLOW_FIRST),
        )

    items.sort(key=rank)  # stable: the same order on every worker
