"""``sqlite:PATH`` — the embedded default: one database file, WAL, full durability.

Tables: ``runs`` (the current head of each run), ``run_inputs`` (written once per run)
and ``run_steps`` (one row per completed step: the update and where it led). A save
is one ``BEGIN IMMEDIATE`` transaction that checks the stored version, so two
processes resuming one run cannot both advance it. ``synchronous=full`` (the default)
survives power loss; ``?synchronous=normal`` is faster and, in WAL mode, may lose the
last commits on power loss (never on a process crash) but never corrupts the file.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any

from ..checkpoint import (
    Checkpoint,
    HistoryEntry,
    dumps,
    from_records,
    history_from_record,
    now,
    parse,
    seal,
)
from ..errors import RunNotFound, StepgraphError, StoreError, VersionConflict
from . import RunSummary, check_run_id
from ._base import StoreBase, check_version
from ._files import exclusive_hold
from ._rows import HEAD_COLUMNS, head_row, statements, step_row
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
)

_CREATE_MIGRATIONS = (
    "CREATE TABLE IF NOT EXISTS stepgraph_migrations "
    "(version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)"
)
_APPLIED = "SELECT version FROM stepgraph_migrations"
_RECORD_MIGRATION = "INSERT INTO stepgraph_migrations (version, applied_at) VALUES (?, ?)"
_SELECT_HEAD = f"SELECT {HEAD_COLUMNS} FROM runs WHERE run_id = ?"
_SELECT_VERSION = "SELECT version FROM runs WHERE run_id = ?"
_INSERT_HEAD = f"INSERT INTO runs ({HEAD_COLUMNS}) VALUES ({', '.join('?' * 13)})"
_UPDATE_HEAD = (  # the WHERE clause is the compare-and-swap
    "UPDATE runs SET next = ?, status = ?, version = ?, updated_at = ? "
    "WHERE run_id = ? AND version = ?"
)
_INSERT_INPUTS = "INSERT INTO run_inputs (run_id, body) VALUES (?, ?)"
_SELECT_INPUTS = "SELECT body FROM run_inputs WHERE run_id = ?"
_INSERT_STEP = (
    "INSERT INTO run_steps (run_id, version, node, body, next, status, at, sum) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
)
_SELECT_STEPS = (
    "SELECT version, node, body, next, status, at, sum FROM run_steps "
    "WHERE run_id = ? ORDER BY version"
)
_LIST = "SELECT run_id, graph, status, next, version, updated_at FROM runs"
_LIST_ORDER = " ORDER BY updated_at DESC, run_id DESC"
_UPSERT_GENERATION = (
    "INSERT INTO run_generations (run_id, key, body) VALUES (?, ?, ?) "
    "ON CONFLICT (run_id, key) DO UPDATE SET body = excluded.body"
)
_SELECT_GENERATIONS = "SELECT key, body FROM run_generations WHERE run_id = ?"
# Once a step is saved its generations never run again, and its update holds what they
# returned: keep the journal's facts (attempts, hashes, latency) but drop the output copy.
_COMPACT_GENERATIONS = (
    "UPDATE run_generations SET body = json_remove(body, '$.output') "
    "WHERE run_id = ? AND key >= ? AND key < ?"
)
_DELETE = (
    "DELETE FROM run_generations WHERE run_id = ?",
    "DELETE FROM run_steps WHERE run_id = ?",
    "DELETE FROM run_inputs WHERE run_id = ?",
    "DELETE FROM runs WHERE run_id = ?",
)


class SqliteStore(StoreBase):
    """One SQLite file shared safely by threads and processes."""

    def __init__(
        self,
        path: str,
        *,
        synchronous: str = "full",
        busy_timeout: float = 10.0,
        signing_key: bytes | None = None,
    ) -> None:
        if synchronous.lower() not in _SYNCHRONOUS:
            raise StoreError(
                f"sqlite:{path}",
                f"synchronous must be one of {', '.join(_SYNCHRONOUS)}, not {synchronous!r}",
            )
        self.path = path
        self.busy_timeout = busy_timeout
        self._key = signing_key
        self.synchronous = synchronous.lower()
        self.url = f"sqlite:{path}"
        self._lock = threading.RLock()
        self._db: sqlite3.Connection | None = None

    def _connect(self) -> sqlite3.Connection:
        if self._db is None:
            folder = os.path.dirname(self.path)
            if folder:
                os.makedirs(folder, exist_ok=True)
            db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            db.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout * 1000)}")
            db.execute("PRAGMA journal_mode = WAL")
            db.execute(f"PRAGMA synchronous = {self.synchronous}")
            self._db = db
        return self._db

    @contextmanager
    def _session(self, what: str, *, begin: str | None = "BEGIN") -> Iterator[sqlite3.Connection]:
        """One transaction (``begin=None``: single autocommit statements).

        Driver errors become StoreError here and only here.
        """
        with self._lock:
            try:
                db = self._connect()
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
                    # SQLite rolls back by itself on some errors (SQLITE_FULL, for one),
                    # and a failed COMMIT leaves the transaction open: close it, and never
                    # let a failed ROLLBACK hide the error that caused it.
                    if db.in_transaction:
                        with contextlib.suppress(sqlite3.Error):
                            db.execute("ROLLBACK")
                    raise
                if begin == _WRITE:
                    reach("sqlite-committed")
            except StepgraphError:
                raise
            except (sqlite3.Error, OSError) as error:
                raise _translate(self.url, what, error) from error

    def setup(self) -> None:
        with self._session("setup", begin=_WRITE) as db:
            db.execute(_CREATE_MIGRATIONS)
            applied = {row[0] for row in db.execute(_APPLIED)}
            for number, script in MIGRATIONS:
                if number not in applied:
                    for statement in statements(script):
                        db.execute(statement)
                    db.execute(_RECORD_MIGRATION, (number, now()))

    def load(self, run_id: str) -> Checkpoint | None:
        check_run_id(run_id)
        with self._session(f"load {run_id!r}", begin=None) as db:
            if db.execute(_SELECT_VERSION, (run_id,)).fetchone() is None:
                return None  # the common case for a new run: one statement
        with self._session(f"load {run_id!r}") as db:
            head = db.execute(_SELECT_HEAD, (run_id,)).fetchone()
            if head is None:
                return None
            inputs = db.execute(_SELECT_INPUTS, (run_id,)).fetchone()
            steps = db.execute(_SELECT_STEPS, (run_id,)).fetchall()
        body = parse(inputs[0], run_id, "inputs") if inputs else None
        rows = [step_row(run_id, row) for row in steps]
        return from_records(head_row(head), body, rows, run_id=run_id, key=self._key)

    def save(self, checkpoint: Checkpoint, *, expected_version: int | None) -> Checkpoint:
        cp = checkpoint = seal(checkpoint, self._key)
        run_id = check_run_id(cp.run_id)
        step = (run_id, cp.version, cp.node, cp.update_json(), cp.next, cp.status,
                cp.updated_at, cp.sum)  # fmt: skip
        with self._session(f"save {run_id!r}", begin=_WRITE) as db:
            # The version check is the INSERT's key or the UPDATE's WHERE clause, inside
            # this write transaction; the current version is read only to report a conflict.
            if cp.version != (expected_version or 0) + 1:
                self._conflict(db, run_id, expected_version, cp.version)
            if expected_version is None:
                p = cp.parts
                try:
                    db.execute(
                        _INSERT_HEAD,
                        (run_id, cp.format, p.graph, p.shape, p.revision, p.adapter, p.inputs,
                         cp.fingerprint, cp.next, cp.status, cp.version, cp.created_at,
                         cp.updated_at),
                    )  # fmt: skip
                except sqlite3.IntegrityError:
                    self._conflict(db, run_id, expected_version, cp.version)
                db.execute(_INSERT_INPUTS, (run_id, cp.inputs_json()))
            else:
                changed = db.execute(
                    _UPDATE_HEAD,
                    (cp.next, cp.status, cp.version, cp.updated_at, run_id, expected_version),
                ).rowcount
                if changed != 1:
                    self._conflict(db, run_id, expected_version, cp.version)
            db.execute(_INSERT_STEP, step)
            db.execute(_COMPACT_GENERATIONS, (run_id, f"{cp.version}:", f"{cp.version};"))
        return checkpoint

    def _conflict(
        self, db: sqlite3.Connection, run_id: str, expected: int | None, new: int
    ) -> None:
        row = db.execute(_SELECT_VERSION, (run_id,)).fetchone()
        check_version(run_id, expected, row[0] if row else None, new)
        raise VersionConflict(run_id, expected, row[0] if row else None)  # not reached

    def history(self, run_id: str) -> list[HistoryEntry]:
        check_run_id(run_id)
        with self._session(f"history {run_id!r}") as db:
            if db.execute(_SELECT_VERSION, (run_id,)).fetchone() is None:
                raise RunNotFound(self.url, run_id)
            rows = db.execute(_SELECT_STEPS, (run_id,)).fetchall()
        return [history_from_record(step_row(run_id, row), run_id) for row in rows]

    def list_runs(self, *, status: str | None = None) -> list[RunSummary]:
        with self._session("list runs") as db:
            if status is None:
                rows = db.execute(_LIST + _LIST_ORDER).fetchall()
            else:
                rows = db.execute(_LIST + " WHERE status = ?" + _LIST_ORDER, (status,)).fetchall()
        return [
            RunSummary(
                run_id=r[0], graph=r[1], status=r[2], next=r[3], version=r[4], updated_at=r[5]
            )
            for r in rows
        ]

    def delete(self, run_id: str) -> bool:
        check_run_id(run_id)
        with self._session(f"delete {run_id!r}", begin=_WRITE) as db:
            removed = 0
            for statement in _DELETE:
                removed = db.execute(statement, (run_id,)).rowcount
        return removed == 1

    def hold(self, run_id: str) -> AbstractContextManager[None]:
        folder = f"{self.path}.holds"
        try:
            os.makedirs(folder, exist_ok=True)
        except OSError as error:
            raise StoreError(self.url, f"cannot create {folder!r}: {error}") from error
        return exclusive_hold(os.path.join(folder, check_run_id(run_id)), run_id, self.url)

    def record_generation(self, run_id: str, key: str, record: dict[str, Any]) -> None:
        with self._session(f"journal {check_run_id(run_id)!r}", begin=None) as db:
            db.execute(_UPSERT_GENERATION, (run_id, key, dumps(record)))

    def generations(self, run_id: str) -> dict[str, dict[str, Any]]:
        with self._session(f"journal {check_run_id(run_id)!r}", begin=None) as db:
            rows = db.execute(_SELECT_GENERATIONS, (run_id,)).fetchall()
        return {key: parse(body, run_id, "generation") for key, body in rows}

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None


def _translate(url: str, what: str, error: BaseException) -> StoreError:
    """The one place SQLite driver errors become store errors."""
    text = str(error)
    if "no such table" in text:
        return StoreError(url, f"{what}: the database is not set up (run setup()): {text}")
    if "database is locked" in text or "busy" in text:
        return StoreError(url, f"{what}: another writer held the database lock too long: {text}")
    if "full" in text:
        return StoreError(url, f"{what}: no space left for the database: {text}")
    if "I/O error" in text:
        return StoreError(url, f"{what}: the disk failed to read or write: {text}")
    return StoreError(url, f"{what}: {text}")
