"""Helpers shared by the benchmark scripts (run as ``python benchmarks/<name>.py``,
so this folder is on ``sys.path``)."""

from __future__ import annotations

import re
import socket
from urllib.parse import urlsplit


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def recreate_database(url: str, template: str | None = None) -> None:
    """Drop and create the benchmark's own PostgreSQL database (never a shared one),
    empty or as a copy of ``template``."""
    import psycopg

    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    if not re.fullmatch(r"[a-z_][a-z0-9_]*", name) or name in {"postgres", "tripost"}:
        raise SystemExit(f"refusing to drop the database {name!r}: use a dedicated one")
    admin = parts._replace(path="/postgres").geturl()
    copy = f' TEMPLATE "{template}"' if template else ""
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"{copy}')


def move_played(status: int, body: bytes) -> bool:
    """Whether the answer to an htmx move ``POST`` says the move was played: a move
    answers with its changed pieces (the ``meta`` piece first), a move that ends the
    game with the whole live part; both hold ``live-meta``. A refused move answers
    400 or 409 (stale), with the page as it stands."""
    return status == 200 and b'id="live-meta"' in body


def p95(values: list[float]) -> float:
    """The 95th percentile (inclusive: within the values measured)."""
    import statistics

    return statistics.quantiles(values, n=20, method="inclusive")[18]
