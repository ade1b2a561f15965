"""``postgresql://...`` — the store for many workers on many machines (extra ``postgres``).

The same records as the SQLite store (a head per run, inputs once, one row per step,
the generation journal), kept as exact JSON text so checksums verify byte for byte,
plus ``run_queue``: runs submitted for workers, with the lease of the worker advancing
each. A save is one transaction that checks the version, and, for a worker's view of
the store, that the worker still holds the run's lease: a worker presumed dead that
comes back cannot overwrite newer progress. ``?schema=NAME`` keeps the tables in their
own schema. psycopg is imported only here; driver errors become store errors in
``_translate`` and nowhere else.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

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
from ..errors import RunBusy, RunNotFound, StepgraphError, StoreError, VersionConflict
from . import RunSummary, check_run_id
from ._base import StoreBase, check_version
from ._rows import HEAD_COLUMNS, STEP_COLUMNS, head_row, statements, step_row

try:
    import psycopg
    from psycopg_pool import ConnectionPool
except ImportError as missing:  # pragma: no cover - depends on the installed extras
    raise StoreError(
        "postgresql", "needs psycopg 3: pip install 'stepgraph[postgres]'"
    ) from missing

MIGRATIONS: tuple[tuple[int, str], ...] = (
    (
        1,
        """
        CREATE TABLE runs (
            run_id TEXT PRIMARY KEY, format INTEGER NOT NULL, graph TEXT NOT NULL,
            shape TEXT NOT NULL, revision INTEGER NOT NULL, adapter TEXT NOT NULL,
            inputs_digest TEXT NOT NULL, fingerprint TEXT NOT NULL, next TEXT NOT NULL,
            status TEXT NOT NULL, version INTEGER NOT NULL, created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        );
        CREATE INDEX runs_by_status ON runs (status, updated_at);
        CREATE TABLE run_inputs (run_id TEXT PRIMARY KEY, body TEXT NOT NULL);
        CREATE TABLE run_steps (
            run_id TEXT NOT NULL, version INTEGER NOT NULL, node TEXT NOT NULL,
            body TEXT NOT NULL, next TEXT NOT NULL, status TEXT NOT NULL, at TEXT NOT NULL,
            sum TEXT NOT NULL, PRIMARY KEY (run_id, version)
        );
        CREATE TABLE run_generations (
            run_id TEXT NOT NULL, key TEXT NOT NULL, body TEXT NOT NULL,
            PRIMARY KEY (run_id, key)
        );
        CREATE TABLE run_queue (
            run_id TEXT PRIMARY KEY, graph_ref TEXT NOT NULL, adapter_ref TEXT NOT NULL,
            inputs TEXT NOT NULL, state TEXT NOT NULL, lease_owner TEXT,
            lease_until TIMESTAMPTZ, takeovers INTEGER NOT NULL DEFAULT 0, reason TEXT,
            submitted_at TIMESTAMPTZ NOT NULL DEFAULT now(),
            updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
        );
        CREATE INDEX run_queue_ready ON run_queue (state, submitted_at)
        """,
    ),
)

_CREATE_MIGRATIONS = (
    "CREATE TABLE IF NOT EXISTS stepgraph_migrations "
    "(version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)"
)
_SETUP_LOCK = "SELECT pg_advisory_xact_lock(hashtext('stepgraph-setup'))"
_APPLIED = "SELECT version FROM stepgraph_migrations"
_RECORD_MIGRATION = "INSERT INTO stepgraph_migrations (version, applied_at) VALUES (%s, %s)"
_SELECT_HEAD = f"SELECT {HEAD_COLUMNS} FROM runs WHERE run_id = %s"
_SELECT_VERSION = "SELECT version FROM runs WHERE run_id = %s"
_INSERT_HEAD = (
    f"INSERT INTO runs ({HEAD_COLUMNS}) VALUES ({', '.join(['%s'] * 13)}) "
    "ON CONFLICT (run_id) DO NOTHING"
)
_UPDATE_HEAD = (  # the WHERE clause is the compare-and-swap
    "UPDATE runs SET next = %s, status = %s, version = %s, updated_at = %s "
    "WHERE run_id = %s AND version = %s"
)
_CHECK_LEASE = (
    "UPDATE run_queue SET lease_until = now() + make_interval(secs => %s), updated_at = now() "
    "WHERE run_id = %s AND state = 'leased' AND lease_owner = %s AND lease_until > now()"
)
_INSERT_INPUTS = "INSERT INTO run_inputs (run_id, body) VALUES (%s, %s)"
_SELECT_INPUTS = "SELECT body FROM run_inputs WHERE run_id = %s"
_INSERT_STEP = f"INSERT INTO run_steps (run_id, {STEP_COLUMNS}) VALUES ({', '.join(['%s'] * 8)})"
_SELECT_STEPS = f"SELECT {STEP_COLUMNS} FROM run_steps WHERE run_id = %s ORDER BY version"
_UPSERT_GENERATION = (
    "INSERT INTO run_generations (run_id, key, body) VALUES (%s, %s, %s) "
    "ON CONFLICT (run_id, key) DO UPDATE SET body = excluded.body"
)
_SELECT_GENERATIONS = "SELECT key, body FROM run_generations WHERE run_id = %s"
_COMPACT_GENERATIONS = (  # the step's update now holds the outputs
    "UPDATE run_generations SET body = (body::jsonb - 'output')::text "
    "WHERE run_id = %s AND key LIKE %s"
)
_LIST = "SELECT run_id, graph, status, next, version, updated_at FROM runs"
_LIST_ORDER = " ORDER BY updated_at DESC, run_id DESC"
_DELETE = (
    "DELETE FROM run_generations WHERE run_id = %s",
    "DELETE FROM run_steps WHERE run_id = %s",
    "DELETE FROM run_inputs WHERE run_id = %s",
    "DELETE FROM run_queue WHERE run_id = %s",
    "DELETE FROM runs WHERE run_id = %s",
)
_TRY_HOLD = "SELECT pg_try_advisory_lock(hashtext(current_schema() || '/' || %s))"
_RELEASE_HOLD = "SELECT pg_advisory_unlock(hashtext(current_schema() || '/' || %s))"
_SCHEMA = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")


class LeaseLost(VersionConflict):
    """This worker's lease on the run expired and another worker may hold it now.

    Nothing was saved. The run continues under its new holder.
    """

    def __init__(self, run_id: str, owner: str) -> None:
        self.run_id, self.expected, self.actual, self.owner = run_id, None, None, owner
        StepgraphError.__init__(self, f"run {run_id!r}: worker {owner!r} no longer holds the lease")


class PostgresStore(StoreBase):
    """Runs in PostgreSQL through a connection pool; safe for many processes and hosts."""

    def __init__(
        self,
        url: str,
        *,
        signing_key: bytes | None = None,
        pool_size: int = 4,
        _pool: ConnectionPool[Any] | None = None,
        _lease: tuple[str, float] | None = None,
    ) -> None:
        self.url = url
        self.conninfo, self.schema = _split_schema(url)
        self._key = signing_key
        self._lease = _lease  # (owner, seconds) for a worker's view
        self._owns_pool = _pool is None
        self._pool = _pool or ConnectionPool(
            self.conninfo, min_size=1, max_size=pool_size, open=False,
            configure=self._configure, kwargs={"autocommit": True},
        )  # fmt: skip
        self._opened = _pool is not None
        self._open_lock = threading.Lock()

    def leased(self, owner: str, seconds: float) -> PostgresStore:
        """A view whose saves also require ``owner``'s lease on the run (and renew it)."""
        return PostgresStore(self.url, signing_key=self._key, _pool=self._pool,
                             _lease=(owner, seconds))  # fmt: skip

    def _configure(self, conn: psycopg.Connection[Any]) -> None:
        if self.schema:
            conn.execute(f'SET search_path TO "{self.schema}"')

    @contextmanager
    def _session(self, what: str, *, write: bool = False) -> Iterator[psycopg.Connection[Any]]:
        """A pooled connection in one transaction; driver errors become StoreError here."""
        try:
            self._open()
            with self._pool.connection() as conn, conn.transaction():
                yield conn
        except StepgraphError:
            raise
        except psycopg.Error as error:
            raise _translate(self.url, what, error) from error

    def _open(self) -> None:
        with self._open_lock:
            if not self._opened:
                self._pool.open(wait=True, timeout=10)
                self._opened = True

    def setup(self) -> None:
        if self.schema:
            try:
                with psycopg.connect(self.conninfo, autocommit=True) as conn:
                    conn.execute(f'CREATE SCHEMA IF NOT EXISTS "{self.schema}"')
            except psycopg.Error as error:
                raise _translate(self.url, "setup", error) from error
        with self._session("setup") as conn:
            conn.execute(_SETUP_LOCK)
            conn.execute(_CREATE_MIGRATIONS)
            applied = {row[0] for row in conn.execute(_APPLIED)}
            for number, script in MIGRATIONS:
                if number not in applied:
                    for statement in statements(script):
                        conn.execute(statement)
                    conn.execute(_RECORD_MIGRATION, (number, now()))

    def load(self, run_id: str) -> Checkpoint | None:
        check_run_id(run_id)
        with self._session(f"load {run_id!r}") as conn:
            head = conn.execute(_SELECT_HEAD, (run_id,)).fetchone()
            if head is None:
                return None
            inputs = conn.execute(_SELECT_INPUTS, (run_id,)).fetchone()
            steps = conn.execute(_SELECT_STEPS, (run_id,)).fetchall()
        body = parse(inputs[0], run_id, "inputs") if inputs else None
        rows = [step_row(run_id, row) for row in steps]
        return from_records(head_row(head), body, rows, run_id=run_id, key=self._key)

    def save(self, checkpoint: Checkpoint, *, expected_version: int | None) -> Checkpoint:
        cp = checkpoint = seal(checkpoint, self._key)
        run_id = check_run_id(cp.run_id)
        with self._session(f"save {run_id!r}", write=True) as conn:
            if cp.version != (expected_version or 0) + 1:
                self._conflict(conn, run_id, expected_version, cp.version)
            if self._lease is not None:
                owner, seconds = self._lease
                if conn.execute(_CHECK_LEASE, (seconds, run_id, owner)).rowcount != 1:
                    raise LeaseLost(run_id, owner)
            if expected_version is None:
                p = cp.parts
                inserted = conn.execute(
                    _INSERT_HEAD,
                    (run_id, cp.format, p.graph, p.shape, p.revision, p.adapter, p.inputs,
                     cp.fingerprint, cp.next, cp.status, cp.version, cp.created_at,
                     cp.updated_at),
                ).rowcount  # fmt: skip
                if inserted != 1:
                    self._conflict(conn, run_id, expected_version, cp.version)
                conn.execute(_INSERT_INPUTS, (run_id, cp.inputs_json()))
            else:
                changed = conn.execute(
                    _UPDATE_HEAD,
                    (cp.next, cp.status, cp.version, cp.updated_at, run_id, expected_version),
                ).rowcount
                if changed != 1:
                    self._conflict(conn, run_id, expected_version, cp.version)
            conn.execute(_INSERT_STEP, (run_id, cp.version, cp.node, cp.update_json(), cp.next,
                                        cp.status, cp.updated_at, cp.sum))  # fmt: skip
            conn.execute(_COMPACT_GENERATIONS, (run_id, f"{cp.version}:%"))
        return checkpoint

    def _conflict(
        self, conn: psycopg.Connection[Any], run_id: str, expected: int | None, new: int
    ) -> None:
        row = conn.execute(_SELECT_VERSION, (run_id,)).fetchone()
        actual = row[0] if row else None
        check_version(run_id, expected, actual, new)
        raise VersionConflict(run_id, expected, actual)

    def history(self, run_id: str) -> list[HistoryEntry]:
        check_run_id(run_id)
        with self._session(f"history {run_id!r}") as conn:
            if conn.execute(_SELECT_VERSION, (run_id,)).fetchone() is None:
                raise RunNotFound(self.url, run_id)
            rows = conn.execute(_SELECT_STEPS, (run_id,)).fetchall()
        return [history_from_record(step_row(run_id, row), run_id) for row in rows]

    def list_runs(self, *, status: str | None = None) -> list[RunSummary]:
        with self._session("list runs") as conn:
            if status is None:
                rows = conn.execute(_LIST + _LIST_ORDER).fetchall()
            else:
                rows = conn.execute(
                    _LIST + " WHERE status = %s" + _LIST_ORDER, (status,)
                ).fetchall()
        return [
            RunSummary(
                run_id=r[0], graph=r[1], status=r[2], next=r[3], version=r[4], updated_at=r[5]
            )
            for r in rows
        ]

    def delete(self, run_id: str) -> bool:
        check_run_id(run_id)
        with self._session(f"delete {run_id!r}", write=True) as conn:
            removed = 0
            for statement in _DELETE:
                removed = conn.execute(statement, (run_id,)).rowcount
        return removed == 1

    def hold(self, run_id: str) -> AbstractContextManager[None]:
        """A session advisory lock, dropped by the server if this process dies.

        A worker's view holds no lock: its lease, checked at every save, is the hold.
        """
        check_run_id(run_id)
        if self._lease is not None:
            return _nothing()
        return self._advisory(run_id)

    @contextmanager
    def _advisory(self, run_id: str) -> Iterator[None]:
        self._open()
        try:
            with self._pool.connection() as conn:
                if not conn.execute(_TRY_HOLD, (run_id,)).fetchone()[0]:
                    raise RunBusy(run_id)
                try:
                    yield
                finally:
                    conn.execute(_RELEASE_HOLD, (run_id,))
        except psycopg.Error as error:
            raise _translate(self.url, f"hold {run_id!r}", error) from error

    def record_generation(self, run_id: str, key: str, record: dict[str, Any]) -> None:
        with self._session(f"journal {check_run_id(run_id)!r}") as conn:
            conn.execute(_UPSERT_GENERATION, (run_id, key, dumps(record)))

    def generations(self, run_id: str) -> dict[str, dict[str, Any]]:
        with self._session(f"journal {check_run_id(run_id)!r}") as conn:
            rows = conn.execute(_SELECT_GENERATIONS, (run_id,)).fetchall()
        return {key: parse(body, run_id, "generation") for key, body in rows}

    @contextmanager
    def connection(self, what: str) -> Iterator[psycopg.Connection[Any]]:
        """A transaction for the queue (``queue.py``), with the same error translation."""
        with self._session(what) as conn:
            yield conn

    def close(self) -> None:
        if self._owns_pool and self._opened:
            self._pool.close()
            self._opened = False


@contextmanager
def _nothing() -> Iterator[None]:
    yield


def _split_schema(url: str) -> tuple[str, str | None]:
    """The libpq URL without our ``schema`` option, and the schema."""
    parts = urlsplit(url)
    query = parse_qsl(parts.query, keep_blank_values=True)
    schema = next((v for k, v in query if k == "schema"), None)
    if schema is not None and not _SCHEMA.match(schema):
        raise StoreError(url, f"schema must match {_SCHEMA.pattern}, not {schema!r}")
    rest = urlencode([(k, v) for k, v in query if k != "schema"])
    return urlunsplit(parts._replace(query=rest)), schema


def _translate(url: str, what: str, error: BaseException) -> StoreError:
    """The one place psycopg errors become store errors."""
    text = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    if isinstance(error, psycopg.errors.UndefinedTable):
        return StoreError(url, f"{what}: the database is not set up (stepgraph db setup): {text}")
    if isinstance(error, psycopg.OperationalError):
        return StoreError(url, f"{what}: cannot reach the database: {text}")
    if isinstance(error, psycopg.errors.DiskFull):
        return StoreError(url, f"{what}: no space left for the database: {text}")
    return StoreError(url, f"{what}: {text}")
