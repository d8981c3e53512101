"""The embedded task queue: kombu's filesystem transport, made safe to share.

kombu's own transport (``kombu.transport.filesystem``) creates a message file under its
final name and then writes it: a worker listing the folder in between takes the empty
or half-written file, and the JSON error ends the worker ("Unrecoverable error"). Its
exchange tables (which queue an exchange routes to) are rewritten in place the same
way, and a message a worker has taken lives only in that worker's memory until the
task ends. This transport, ``atomicfs://``, keeps kombu's folder layout and changes
those three things:

- a message is written under a name readers ignore (``.<name>.tmp``), flushed to disk,
  then renamed to its ``.msg`` name: a rename within a folder is atomic, so a reader
  sees the whole message or nothing;
- a reader claims a message by renaming it into a folder of its own (one rename wins)
  and keeps it there until the task is acknowledged. A worker that dies mid-task
  (killed, out of memory) leaves its claimed messages behind; the next reader puts
  them back in the queue, the at-least-once delivery Redis gives with its visibility
  timeout (the tasks are idempotent). A live reader holds a lock on its folder, so
  nobody takes its messages away;
- a file that cannot be read (written by another program, or cut short by a power
  loss) is skipped while it may still be being written, then set aside in
  ``broken/`` with an error in the log, never raised into the worker.

The exchange tables are rewritten under a lock, through a file renamed into place.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import logging
import os
import time
import uuid
from collections import deque
from pathlib import Path
from queue import Empty

from kombu.exceptions import ChannelError
from kombu.transport import TRANSPORT_ALIASES, filesystem, virtual
from kombu.utils.encoding import bytes_to_str, str_to_bytes
from kombu.utils.json import dumps, loads

log = logging.getLogger(__name__)

ALIAS = "atomicfs"
# A file that cannot be parsed is given this long to be finished by its writer (a
# process still running kombu's own transport) before it is set aside as broken.
UNREADABLE_GRACE_SECONDS = 10
# How often a reader looks for messages claimed by readers that died.
RECOVER_SECONDS = 30
# Temporary files left by a writer that died mid-write are removed after this long.
STALE_TMP_SECONDS = 600


def _write_atomically(path: Path | str, data: bytes) -> None:
    """``data`` at ``path`` all at once: written aside, synced, renamed into place."""
    path = Path(path)
    tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex[:8]}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.rename(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _is_message(filename: str, queue: str) -> bool:
    # kombu's names: "<ms>_<uuid>.<queue>.msg"; temporary ones start with a dot.
    return not filename.startswith(".") and filename.partition(".")[2] == f"{queue}.msg"


class _Claims:
    """One process's folder of claimed messages, locked while the process lives."""

    def __init__(self, root: Path):
        self.root = root
        self.root.mkdir(parents=True, exist_ok=True)
        self.pid = None
        self.folder: Path | None = None
        self._lock = None
        self.recovered_at = 0.0

    def own_folder(self) -> Path:
        # Created on first use (producers never claim) and again after a fork.
        if self.folder is None or self.pid != os.getpid():
            name = f"{os.getpid()}-{uuid.uuid4().hex[:8]}"
            lock = open(self.root / f"{name}.lock", "wb")  # noqa: SIM115 (held for life)
            fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
            folder = self.root / name
            folder.mkdir()
            self.pid, self.folder, self._lock = os.getpid(), folder, lock
        return self.folder

    def recover(self, queue_folder: Path) -> int:
        """Put back in the queue what readers that died had claimed; the count."""
        self.recovered_at = time.monotonic()
        mine = self.folder.name if self.folder is not None else None
        restored = 0
        for lock_path in self.root.glob("*.lock"):
            name = lock_path.name.removesuffix(".lock")
            if name == mine:
                continue
            try:
                lock = open(lock_path, "rb")  # noqa: SIM115
            except FileNotFoundError:
                continue  # another reader recovered it just now
            with lock:
                try:
                    fcntl.flock(lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    continue  # its reader is alive
                folder = self.root / name
                for path in folder.glob("*") if folder.is_dir() else ():
                    with contextlib.suppress(FileNotFoundError):
                        os.rename(path, queue_folder / path.name)
                        restored += 1
                with contextlib.suppress(OSError):
                    folder.rmdir()
                with contextlib.suppress(FileNotFoundError):
                    lock_path.unlink()
        if restored:
            log.warning("put %d messages of a stopped worker back in the queue", restored)
        now = time.time()
        for tmp in queue_folder.glob(".*.tmp"):
            with contextlib.suppress(OSError):
                if now - tmp.stat().st_mtime > STALE_TMP_SECONDS:
                    tmp.unlink()
        return restored


class Channel(filesystem.Channel):
    """kombu's filesystem channel with atomic writes and durable claims."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._no_ack_queues: set[str] = set()
        self._pending: dict[str, deque[str]] = {}  # names listed, not yet tried

    # --- where things are --------------------------------------------------------------

    @property
    def _claims(self) -> _Claims:
        transport = self.connection
        claims = getattr(transport, "claims", None)
        if claims is None:
            root = Path(self.transport_options.get("claimed_folder") or self.processed_folder)
            claims = transport.claims = _Claims(root)
        return claims

    @property
    def _claimed(self) -> dict[str, Path]:
        """Delivery tag -> the claimed file of each message not yet acknowledged."""
        transport = self.connection
        if not hasattr(transport, "claimed"):
            transport.claimed = {}
        return transport.claimed

    @property
    def _broken_folder(self) -> Path:
        default = Path(self.data_folder_in).parent / "broken"
        return Path(self.transport_options.get("broken_folder") or default)

    # --- writing -----------------------------------------------------------------------

    def _put(self, queue, payload, **kwargs):
        """Put ``payload`` on ``queue``: visible to readers only once complete."""
        # Oldest first by name: milliseconds, zero-padded so that they sort as numbers.
        name = f"{round(time.monotonic() * 1000):015d}_{uuid.uuid4()}.{queue}.msg"
        try:
            _write_atomically(Path(self.data_folder_out) / name, str_to_bytes(dumps(payload)))
        except OSError as exc:
            raise ChannelError(f"Cannot add a message to {self.data_folder_out!r}") from exc

    # --- reading -----------------------------------------------------------------------

    def _get(self, queue):
        """The oldest readable message of ``queue``, claimed for this process."""
        claims = self._claims
        queue_folder = Path(self.data_folder_in)
        if time.monotonic() - claims.recovered_at > RECOVER_SECONDS:
            claims.recover(queue_folder)
        pending = self._pending.get(queue)
        if not pending:
            # One listing serves a whole batch: listing and sorting a folder of
            # thousands of messages for each one made a backlog quadratic.
            names = sorted(n for n in os.listdir(queue_folder) if _is_message(n, queue))
            pending = self._pending[queue] = deque(names)
        while pending:
            filename = pending.popleft()
            claimed = claims.own_folder() / filename
            try:
                # The claim: of readers racing for a file, exactly one rename succeeds.
                os.rename(queue_folder / filename, claimed)
            except FileNotFoundError:
                continue
            payload = self._read(claimed, queue_folder)
            if payload is None:
                continue
            tag = payload.get("properties", {}).get("delivery_tag")
            if queue in self._no_ack_queues or not tag:
                claimed.unlink(missing_ok=True)
            else:
                self._claimed[tag] = claimed
            return payload
        raise Empty()

    def _read(self, claimed: Path, queue_folder: Path) -> dict | None:
        """The claimed file's message, or None when it cannot be read (put back for a
        writer that may still be at it, else set aside in ``broken/``)."""
        try:
            payload = loads(bytes_to_str(claimed.read_bytes()))
            if isinstance(payload, dict):
                return payload
        except (ValueError, UnicodeDecodeError):
            pass
        except OSError as exc:
            raise ChannelError(f"Cannot read the message {claimed.name!r}") from exc
        try:
            age = time.time() - claimed.stat().st_mtime
            if age < UNREADABLE_GRACE_SECONDS:
                os.rename(claimed, queue_folder / claimed.name)  # try again later
            else:
                self._broken_folder.mkdir(parents=True, exist_ok=True)
                os.rename(claimed, self._broken_folder / claimed.name)
                log.error(
                    "set aside the unreadable message %s in %s", claimed.name, self._broken_folder
                )
        except OSError:
            log.exception("could not set aside the unreadable message %s", claimed.name)
        return None

    def _forget(self, delivery_tag) -> None:
        path = self._claimed.pop(delivery_tag, None)
        if path is not None:
            path.unlink(missing_ok=True)

    def basic_consume(self, queue, no_ack, *args, **kwargs):
        if no_ack:
            self._no_ack_queues.add(queue)
        return super().basic_consume(queue, no_ack, *args, **kwargs)

    def basic_get(self, queue, no_ack=False, **kwargs):
        message = super().basic_get(queue, no_ack=no_ack, **kwargs)
        if message is not None and no_ack:
            self._forget(message.delivery_tag)
        return message

    def basic_ack(self, delivery_tag, multiple=False):
        super().basic_ack(delivery_tag, multiple=multiple)
        self._forget(delivery_tag)

    def basic_reject(self, delivery_tag, requeue=False):
        super().basic_reject(delivery_tag, requeue=requeue)
        self._forget(delivery_tag)

    def _restore(self, message):
        # Back in the queue as a new file (kombu's way), then the claim is dropped.
        super()._restore(message)
        self._forget(message.delivery_tag)

    # --- exchange tables ---------------------------------------------------------------

    def get_table(self, exchange):
        file = self._exchange_file(exchange)
        try:
            return [filesystem.exchange_queue_t(*q) for q in json.loads(file.read_bytes())]
        except FileNotFoundError:
            return []
        except (OSError, ValueError) as exc:
            raise ChannelError(f"Cannot read {file}") from exc

    @contextlib.contextmanager
    def _table_lock(self, exchange):
        file = self._exchange_file(exchange)
        self.control_folder.mkdir(parents=True, exist_ok=True)
        with open(file.with_name(f".{file.name}.lock"), "wb") as lock:
            fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
            yield file

    def _queue_bind(self, exchange, routing_key, pattern, queue):
        entry = filesystem.exchange_queue_t(routing_key or "", pattern or "", queue or "")
        with self._table_lock(exchange) as file:
            queues = self.get_table(exchange)
            if entry not in queues:
                _write_atomically(file, str_to_bytes(dumps([entry, *queues])))

    def _delete(self, queue, exchange, routing_key, pattern, *args, **kwargs):
        virtual.Channel._delete(self, queue, exchange, routing_key, pattern, *args)
        entry = filesystem.exchange_queue_t(routing_key or "", pattern or "", queue or "")
        with self._table_lock(exchange) as file:
            queues = self.get_table(exchange)
            if entry in queues:
                queues.remove(entry)
                _write_atomically(file, str_to_bytes(dumps(queues)))


class Transport(filesystem.Transport):
    Channel = Channel
    driver_type = "filesystem"
    driver_name = ALIAS

    @property
    def default_connection_params(self):
        # No host to name: kombu's "No hostname was supplied" warning, printed in the
        # terminal of bin/serve at the first task queued, would only puzzle.
        return {"port": self.default_port, "hostname": ""}


# Celery's broker URL names a transport by alias (``atomicfs://``); kombu refuses import
# paths in URLs, so the alias is registered with this module's import (config.env).
TRANSPORT_ALIASES.setdefault(ALIAS, "config.queue:Transport")
