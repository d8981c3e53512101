from pathlib import Path

import pytest

from config.env import broker_config, cache_config, database_config, env_bool

BASE = Path("/srv/tripost")


def test_database_defaults_to_a_sqlite_file_in_the_project_folder():
    config = database_config(None, BASE)
    assert config["ENGINE"] == "django.db.backends.sqlite3"
    assert config["NAME"] == "/srv/tripost/db.sqlite3"


def test_database_url_selects_postgresql_with_its_parts():
    config = database_config("postgres://tri:secret@db.internal:6543/tripost", BASE)
    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert (config["USER"], config["PASSWORD"]) == ("tri", "secret")
    assert (config["HOST"], config["PORT"], config["NAME"]) == ("db.internal", 6543, "tripost")
    assert config["CONN_HEALTH_CHECKS"] is True


def test_redis_url_becomes_the_broker():
    url, options = broker_config("redis://127.0.0.1:6379/2", BASE)
    assert url == "redis://127.0.0.1:6379/2"
    assert options["visibility_timeout"] >= 3600


def test_without_redis_the_broker_is_the_filesystem_under_var():
    url, options = broker_config(None, BASE / "var")
    assert url == "atomicfs://"  # kombu's filesystem transport, atomic (config/queue.py)
    # kombu requires the same folder for both directions.
    assert (
        options["data_folder_in"] == options["data_folder_out"] == "/srv/tripost/var/celery/queue"
    )


def test_cache_is_shared_between_processes():
    assert cache_config("redis://r:6379/0", BASE)["BACKEND"].endswith("RedisCache")
    assert cache_config(None, BASE)["BACKEND"].endswith("FileBasedCache")
    assert cache_config(None, BASE, "locmem://")["BACKEND"].endswith("LocMemCache")


def test_env_bool_refuses_words_it_does_not_know(monkeypatch):
    monkeypatch.setenv("DEBUG", "maybe")
    with pytest.raises(ValueError, match="DEBUG must be one of"):
        env_bool("DEBUG")
    monkeypatch.setenv("DEBUG", "Yes")
    assert env_bool("DEBUG") is True


def test_postgresql_binds_parameters_on_the_server():
    config = database_config("postgres://tri:secret@db.internal:6543/tripost", BASE)
    assert config["OPTIONS"]["server_side_binding"] is True


@pytest.mark.django_db
def test_a_query_run_again_and_again_is_prepared_once_on_postgresql():
    """PostgreSQL plans a query the site keeps running once per connection (psycopg
    prepares it from its fifth run), not on every request."""
    from django.db import connection

    from accounts.models import User

    if connection.vendor != "postgresql":
        pytest.skip("prepared statements are PostgreSQL's (SQLite has no server)")
    for _ in range(6):
        User.objects.filter(username="nobody-at-all").exists()
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE %s",
            ["%nobody%"],
        )
        assert cursor.fetchone()[0] == 0  # the value is a parameter, not in the text
        cursor.execute(
            "SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE %s",
            ['%"accounts_user"."username" = $%'],
        )
        assert cursor.fetchone()[0] == 1
