"""``sqlite:PATH`` — the embedded default: one database file, WAL, full durability.

Tables: ``runs`` (the current head of each run), ``run_inputs`` (written once per run)
and ``run_steps`` (one row per completed step: the update and where it led); a format-3
run's texts are deflated against a dictionary of ``stepgraph_dictionaries``. A save
is one ``BEGIN IMMEDIATE`` transaction that checks the stored version, so two
processes resuming one run cannot both advance it. ``synchronous=full`` (the default)
survives power loss; ``?synchronous=normal`` is faster and, in WAL mode, may lose the
last commits on power loss (never on a process crash) but never corrupts the file.
The file and its schema are created on first use (``setup()`` does it explicitly).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any

from ..checkpoint import Checkpoint
from ..errors import CheckpointCorrupt, InputError, StepgraphError, StoreError
from ..jsontext import excerpt
from . import check_run_id
from ._deflated import Dictionaries, deflated
from ._files import exclusive_hold, owner_only
from ._sql import SqlStore
from ._testhooks import reach

_SYNCHRONOUS = ("full", "normal", "extra")
_WRITE = "BEGIN IMMEDIATE"  # take the write lock first: no upgrade deadlocks, no stale reads

# Numbered migrations; setup() applies those not yet recorded in stepgraph_migrations.
MIGRATIONS: tuple[tuple[int, str], ...] = (
    (
        1,
        """
        CREATE TABLE runs (
            run_id TEXT PRIMARY KEY,
            format INTEGER NOT NULL,
            graph TEXT NOT NULL,
            shape TEXT NOT NULL,
            revision INTEGER NOT NULL,
            adapter TEXT NOT NULL,
            inputs_digest TEXT NOT NULL,
            fingerprint TEXT NOT NULL,
            next TEXT NOT NULL,
            status TEXT NOT NULL,
            version INTEGER NOT NULL,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        ) WITHOUT ROWID;

        CREATE TABLE run_inputs (run_id TEXT PRIMARY KEY, body TEXT NOT NULL);
        CREATE TABLE run_steps (
            run_id TEXT NOT NULL,
            version INTEGER NOT NULL,
            node TEXT NOT NULL,
            body TEXT NOT NULL,
            next TEXT NOT NULL,
            status TEXT NOT NULL,
            at TEXT NOT NULL,
            sum TEXT NOT NULL,
            PRIMARY KEY (run_id, version)
        ) WITHOUT ROWID;
        """,
    ),
    (
        2,
        """
        CREATE TABLE run_generations (
            run_id TEXT NOT NULL,
            key TEXT NOT NULL,
            body TEXT NOT NULL,
            PRIMARY KEY (run_id, key)
        ) WITHOUT ROWID;
        """,
    ),
    (
        3,  # A run's key record: its wrapped run key (private data at rest, sealing.py).
        "CREATE TABLE run_keys (run_id TEXT PRIMARY KEY, body TEXT NOT NULL) WITHOUT ROWID",
    ),
    (
        4,  # Format 2: a step's time as milliseconds, its sum as bytes (_rows.packed_at,
        # packed_sum). The rows of format-1 runs are copied as they are and read as such.
        """
        CREATE TABLE run_steps_4 (
            run_id TEXT NOT NULL,
            version INTEGER NOT NULL,
            node TEXT NOT NULL,
            body TEXT NOT NULL,
            next TEXT NOT NULL,
            status TEXT NOT NULL,
            at INTEGER NOT NULL,
            sum BLOB NOT NULL,
            PRIMARY KEY (run_id, version)
        ) WITHOUT ROWID;
        INSERT INTO run_steps_4 SELECT run_id, version, node, body, next, status, at, sum
            FROM run_steps;
        DROP TABLE run_steps;
        ALTER TABLE run_steps_4 RENAME TO run_steps;
        """,
    ),
    (
        5,  # Format 2: a run head's digests as bytes, its start as milliseconds
        # (_rows.packed_head_digest, packed_at). The heads of format-1 runs are copied as
        # they are and read as such; updated_at stays text (listings order by it).
        """
        CREATE TABLE runs_5 (
            run_id TEXT PRIMARY KEY,
            format INTEGER NOT NULL,
            graph TEXT NOT NULL,
            shape TEXT NOT NULL,
            revision INTEGER NOT NULL,
            adapter TEXT NOT NULL,
            inputs_digest BLOB NOT NULL,
            fingerprint BLOB NOT NULL,
            next TEXT NOT NULL,
            status TEXT NOT NULL,
            version INTEGER NOT NULL,
            created_at INTEGER NOT NULL,
            updated_at TEXT NOT NULL
        ) WITHOUT ROWID;
        INSERT INTO runs_5 SELECT run_id, format, graph, shape, revision, adapter,
            inputs_digest, fingerprint, next, status, version, created_at, updated_at
            FROM runs;
        DROP TABLE runs;
        ALTER TABLE runs_5 RENAME TO runs;
        """,
    ),
    (
        6,  # Format 3: the dictionaries a run's texts are deflated against (_deflated.py).
        """
        CREATE TABLE stepgraph_dictionaries (
            id INTEGER PRIMARY KEY,
            sha256 BLOB NOT NULL,
            body BLOB NOT NULL
        )
        """,
    ),
)


class SqliteStore(SqlStore):
    """One SQLite file shared safely by threads and processes."""

    migrations = MIGRATIONS
    packs_columns = True
    deflates = True
    setup_check = (
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'stepgraph_migrations'"
    )
    compact_generations = (
        "UPDATE run_generations SET body = json_remove(body, '$.output') "
        "WHERE run_id = ? AND key >= ? AND key < ?"
    )
    compact_deflated = (
        "UPDATE run_generations SET body = stepgraph_deflate(json_remove(body, '$.output'), ?) "
        "WHERE run_id = ? AND key >= ? AND key < ? AND typeof(body) = 'text'"
    )

    def __init__(
        self,
        path: str,
        *,
        synchronous: str = "full",
        busy_timeout: float = 10.0,
        signing_key: bytes | None = None,
        read_only: bool = False,
    ) -> None:
        if synchronous.lower() not in _SYNCHRONOUS:
            raise InputError(
                "store",
                f"sqlite option synchronous must be one of {', '.join(_SYNCHRONOUS)}, "
                f"not {excerpt(synchronous)} (sqlite:{path})",
            )
        self.path = path
        self.busy_timeout = busy_timeout
        self._key = signing_key
        self.synchronous = synchronous.lower()
        self.url = f"sqlite:{path}"
        self.read_only = read_only  # open only an existing file, and never write to it
        self._lock = threading.RLock()
        self._db: sqlite3.Connection | None = None
        self._relaxed = False  # the connection is at synchronous=normal for the journal
        self._queue: list[_Save] = []  # saves waiting for the next commit (group commit)
        self._queue_lock = threading.Lock()
        self._dictionaries = Dictionaries()

    def _connect(self) -> sqlite3.Connection:
        if self._db is None:
            if self.read_only:  # mode=rw: fails instead of creating; WAL files go at close
                import urllib.parse

                uri = f"file:{urllib.parse.quote(os.path.abspath(self.path))}?mode=rw"
                db = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
            else:
                folder = os.path.dirname(self.path)
                if folder:
                    os.makedirs(folder, mode=0o700, exist_ok=True)
                owner_only(self.path)
                db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            try:
                db.create_function("stepgraph_deflate", 2, self._deflated)
                db.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout * 1000)}")
                if self.read_only:
                    db.execute("PRAGMA query_only = ON")  # a write is refused, not made
                else:
                    self._patiently(db, "PRAGMA journal_mode = WAL")
                db.execute(f"PRAGMA synchronous = {self.synchronous}")
                db.execute("PRAGMA secure_delete = ON")  # freed bytes are zeroed (forget)
                if not self.read_only:
                    self._first_use(db)
            except BaseException:
                db.close()
                raise
            self._db, self._relaxed = db, False
        return self._db

    def _patiently(self, db: sqlite3.Connection, statement: str) -> None:
        """Run ``statement``, waiting out the lock up to ``busy_timeout`` whatever SQLite says.

        A statement that reads the file and then asks to write (the switch of a new file
        to WAL does) is refused at once, without the busy handler, when another writer
        is committing (SQLite's deadlock rule): several processes opening a new store at
        once hit it. Trying again once the rival committed is what waiting means here.
        """
        deadline = time.monotonic() + self.busy_timeout
        pause = 0.005
        while True:
            try:
                db.execute(statement)
                return
            except sqlite3.OperationalError as error:
                if "locked" not in str(error) and "busy" not in str(error):
                    raise
                left = deadline - time.monotonic()
                if left <= 0:
                    raise
                time.sleep(min(pause, left))
                pause = min(pause * 2, 0.1)

    def _first_use(self, db: sqlite3.Connection) -> None:
        """Create or migrate the schema when this file lacks it: one write transaction,
        waiting on the lock like any write, so processes opening a new file at once
        apply it once. A file already set up costs one read."""
        try:
            applied = {row[0] for row in db.execute("SELECT version FROM stepgraph_migrations")}
        except sqlite3.OperationalError:
            applied = set()
        if all(number in applied for number, _ in self.migrations):
            return
        db.execute(_WRITE)
        try:
            self._migrate(db)
            db.execute("COMMIT")
        except BaseException:
            _rollback(db)
            raise

    def _deflated(self, text: Any, number: int) -> Any:
        """SQL ``stepgraph_deflate(text, number)``: ``text`` deflated against dictionary
        ``number`` (one this store added or found before its save), else as it is."""
        vocabulary = self._dictionaries.vocabularies.get(number)
        if not isinstance(text, str) or vocabulary is None:
            return text
        return deflated(text, vocabulary, number)

    def _session(
        self, what: str, *, write: bool = False
    ) -> AbstractContextManager[sqlite3.Connection]:
        return self._transaction(what, _WRITE if write else "BEGIN")

    def _write(self, what: str, body: Callable[[Any], Checkpoint]) -> Checkpoint:
        """Group commit: a save queues, then takes the write lock; whoever holds it
        commits every save queued so far in one transaction (one fsync), each inside its
        own savepoint so one that fails (a version conflict) fails alone. A save returns
        only once the commit that holds it is durable; when the commit itself fails,
        every save in it fails with that error and none is written."""
        save = _Save(what, body)
        with self._queue_lock:
            self._queue.append(save)
        reach("sqlite-save-queued")
        with self._lock:
            if not save.ended:
                self._commit_queued()
        return save.outcome()

    def _commit_queued(self) -> None:
        with self._queue_lock:
            group, self._queue = self._queue, []
        what = group[0].what if len(group) == 1 else (
            f"{len(group)} saves ({', '.join(save.what for save in group)})")  # fmt: skip
        try:
            with self._transaction(what, _WRITE) as db:
                if len(group) == 1:  # the common case: no savepoint needed
                    group[0].value = group[0].body(db)
                else:
                    for save in group:
                        _save_alone(db, save, self._dictionaries)
        except BaseException as error:
            for save in group:  # the commit failed: nothing of the group is written
                save.error = save.error or error
            if not isinstance(error, Exception):  # an interrupt ends this thread's save
                for save in group[1:]:
                    save.error = StoreError(self.url, f"{save.what}: interrupted")
                raise
        finally:
            for save in group:
                save.ended = True

    def _statement(self, what: str) -> AbstractContextManager[sqlite3.Connection]:
        return self._transaction(what, None)

    def _journal(self, what: str, *, durable: bool) -> AbstractContextManager[sqlite3.Connection]:
        """A journal statement; ``durable=False`` commits it without its own fsync.

        In WAL mode a commit under ``synchronous=normal`` is in the log, safe from a
        crash of the process; the next commit under ``full`` syncs the log with it (a
        step save). So a node that calls the model costs one fsync, not three.
        """
        return self._transaction(what, None, synced=durable)

    @contextmanager
    def _transaction(
        self, what: str, begin: str | None, *, synced: bool = True
    ) -> Iterator[sqlite3.Connection]:
        """One transaction (``begin=None``: single autocommit statements); ``synced=False``
        commits under ``synchronous=normal`` (see ``_journal``).

        Driver errors become StoreError here and only here.
        """
        with self._lock:
            try:
                db = self._connect()
                # Every transaction sets the level it needs first, so nothing but a
                # journal record asked to wait ever commits with less than configured.
                relaxed = not synced and self.synchronous != "normal"
                if relaxed != self._relaxed:
                    level = "normal" if relaxed else self.synchronous
                    db.execute(f"PRAGMA synchronous = {level}")
                    self._relaxed = relaxed
                if begin is None:
                    yield db
                    return
                db.execute(begin)
                try:
                    yield db
                    if begin == _WRITE:
                        reach("sqlite-before-commit")
                    db.execute("COMMIT")
                except BaseException:
                    _rollback(db)
                    self._dictionaries.forget()  # it may have added one that is gone now
                    raise
                if begin == _WRITE:
                    reach("sqlite-committed")
            except StepgraphError:
                raise
            except (sqlite3.Error, OSError) as error:
                raise _translate(self.url, what, error) from error

    def _shred(self, db: sqlite3.Connection) -> None:
        """Copy the write-ahead log into the database now, over the pages that held the
        old key record (zeroed there with secure_delete), and empty the log."""
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    def is_set_up(self) -> bool:
        return os.path.isfile(self.path) and super().is_set_up()

    def setup(self) -> None:
        """Create or migrate the schema now (otherwise done on first use)."""
        with self._session("setup", write=True) as db:
            self._migrate(db)

    def hold(self, run_id: str) -> AbstractContextManager[None]:
        folder = f"{self.path}.holds"
        try:
            os.makedirs(folder, mode=0o700, exist_ok=True)
        except OSError as error:
            raise StoreError(self.url, f"cannot create {folder!r}: {error}") from error
        return exclusive_hold(os.path.join(folder, check_run_id(run_id)), run_id, self.url)

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None


def _translate(url: str, what: str, error: BaseException) -> StepgraphError:
    """The one place SQLite driver errors become store errors (or, for a stored text the
    driver cannot decode, the record's damage: ``CheckpointCorrupt``)."""
    text = str(error)
    if "Could not decode to UTF-8" in text:  # only a hand edit stores such text
        return CheckpointCorrupt(None, f"{what}: a stored text is not valid UTF-8")
    if "no such table" in text:
        return StoreError(url, f"{what}: the database is not set up (run setup()): {text}")
    if "database is locked" in text or "busy" in text:
        return StoreError(url, f"{what}: another writer held the database lock too long: {text}")
    if "full" in text:
        return StoreError(url, f"{what}: no space left for the database: {text}")
    if "I/O error" in text:
        return StoreError(url, f"{what}: the disk failed to read or write: {text}")
    return StoreError(url, f"{what}: {text}")


def _rollback(db: sqlite3.Connection) -> None:
    """End a failed transaction. SQLite rolls back by itself on some errors (SQLITE_FULL,
    for one) and a failed COMMIT leaves the transaction open: close it, and never let a
    failed ROLLBACK hide the error that caused it."""
    if db.in_transaction:
        with contextlib.suppress(sqlite3.Error):
            db.execute("ROLLBACK")


def _save_alone(db: sqlite3.Connection, save: _Save, dictionaries: Dictionaries) -> None:
    """Write one save of a group in its own savepoint: a save that is refused (a
    version conflict, a damaged key record) undoes only its own writes (and a
    dictionary it added: the store forgets the numbers it knew)."""
    db.execute("SAVEPOINT save")
    try:
        save.value = save.body(db)
    except StepgraphError as error:
        db.execute("ROLLBACK TO save")
        dictionaries.forget()
        save.error = error
    db.execute("RELEASE save")


class _Save:
    """One save waiting for a commit: what it is, what writes it, how it ended."""

    __slots__ = ("body", "ended", "error", "value", "what")

    def __init__(self, what: str, body: Callable[[Any], Checkpoint]) -> None:
        self.what, self.body = what, body
        self.value: Checkpoint | None = None
        self.error: BaseException | None = None
        self.ended = False

    def outcome(self) -> Checkpoint:
        """The saved checkpoint, or the error the save (or its commit) ended with."""
        if self.error is not None:
            raise self.error
        if self.value is None:
            raise StoreError("sqlite", f"{self.what}: ended without an outcome")
        return self.value
