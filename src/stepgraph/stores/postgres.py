"""``postgresql://...`` — the store for many workers on many machines (extra ``postgres``).

The same records as the SQLite store (a head per run, inputs once, one row per step,
the generation journal), kept as exact JSON text so checksums verify byte for byte,
plus ``run_queue``: runs submitted for workers, with the lease of the worker advancing
each. A save is one transaction that checks the version, and, for a worker's view of
the store, that the worker still holds the run's lease: a worker presumed dead that
comes back cannot overwrite newer progress, nor, through the same check on every
journal write, the new holder's record of a model call or an effect.
``?schema=NAME`` keeps the tables in their own schema; ``?connect_timeout=S`` bounds
each connection attempt (default 3 s), and an unreachable server fails at once with one
clear error instead of a pool retrying in the background. psycopg is imported only
here; driver errors become store errors in ``_translate`` and nowhere else.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from ..errors import RunBusy, StepgraphError, StoreError, StoreUnavailable, VersionConflict
from . import check_run_id
from ._sql import SqlStore
from ._testhooks import reach
from .summaries import DeadLetter

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
    (
        2,
        # A run stopped by RetryLater is runnable again only after its not_before time.
        "ALTER TABLE run_queue ADD COLUMN not_before TIMESTAMPTZ",
    ),
    (
        3,
        # The operator's queue: priorities (FIFO within one by seq), concurrency keys,
        # claim counts, lookups by age, and the per-adapter rate limits with their grants.
        """
        ALTER TABLE run_queue ADD COLUMN priority INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE run_queue ADD COLUMN seq BIGSERIAL;
        ALTER TABLE run_queue ADD COLUMN concurrency_key TEXT;
        ALTER TABLE run_queue ADD COLUMN max_concurrent INTEGER;
        ALTER TABLE run_queue ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX run_queue_claim ON run_queue (state, priority DESC, seq);
        CREATE INDEX run_queue_keys ON run_queue (concurrency_key, state)
            WHERE concurrency_key IS NOT NULL;
        CREATE INDEX runs_by_updated ON runs (updated_at, run_id);
        CREATE TABLE adapter_limits (
            adapter_id TEXT PRIMARY KEY, calls INTEGER, per_seconds DOUBLE PRECISION,
            concurrent INTEGER, updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
        );
        CREATE TABLE adapter_grants (adapter_id TEXT NOT NULL, at TIMESTAMPTZ NOT NULL);
        CREATE INDEX adapter_grants_by_time ON adapter_grants (adapter_id, at)
        """,
    ),
    (
        4,  # Takeovers counted against the run in flight.
        """
        ALTER TABLE run_queue ADD COLUMN in_flight TIMESTAMPTZ;
        CREATE TABLE run_takeovers (
            run_id TEXT NOT NULL, at TIMESTAMPTZ NOT NULL DEFAULT now(), node TEXT,
            holder TEXT, counted BOOLEAN NOT NULL
        );
        CREATE INDEX run_takeovers_by_run ON run_takeovers (run_id, at)
        """,
    ),
    (
        5,  # A run's key record: its wrapped run key (private data at rest, sealing.py).
        "CREATE TABLE run_keys (run_id TEXT PRIMARY KEY, body TEXT NOT NULL)",
    ),
)

_SETUP_LOCK = "SELECT pg_advisory_xact_lock(hashtext('stepgraph-setup'))"
_CHECK_LEASE = (
    "UPDATE run_queue SET lease_until = now() + make_interval(secs => %s), updated_at = now() "
    "WHERE run_id = %s AND state = 'leased' AND lease_owner = %s AND lease_until > now()"
)
_TRY_HOLD = "SELECT pg_try_advisory_lock(hashtext(current_schema() || '/' || %s))"
_RELEASE_HOLD = "SELECT pg_advisory_unlock(hashtext(current_schema() || '/' || %s))"
_DEAD_LETTERS = (
    "SELECT run_id, graph_ref, coalesce(reason, ''), "
    "to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"+00:00\"') "
    "FROM run_queue WHERE state = 'dead' AND (%s::text[] IS NULL OR run_id = ANY(%s::text[])) "
    "ORDER BY updated_at DESC, run_id DESC"
)
CONNECT_TIMEOUT = "3"  # seconds per connection attempt unless the URL says otherwise
_SCHEMA = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")


class LeaseLost(VersionConflict):
    """This worker's lease on the run expired and another worker may hold it now.

    Nothing was saved. The run continues under its new holder.
    """

    def __init__(self, run_id: str, owner: str) -> None:
        self.run_id, self.expected, self.actual, self.owner = run_id, None, None, owner
        StepgraphError.__init__(self, f"run {run_id!r}: worker {owner!r} no longer holds the lease")


class PostgresStore(SqlStore):
    """Runs in PostgreSQL through a connection pool; safe for many processes and hosts."""

    placeholder = "%s"
    migrations = MIGRATIONS
    setup_check = "SELECT to_regclass('stepgraph_migrations') IS NOT NULL"
    extra_tables = ("run_queue", "run_takeovers")
    compact_generations = (
        "UPDATE run_generations SET body = (body::jsonb - 'output')::text "
        "WHERE run_id = %s AND key >= %s AND key < %s"
    )

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
        self._pool_size = pool_size
        self._pool = _pool or self._new_pool()
        self._opened = _pool is not None
        self._open_lock = threading.Lock()

    def leased(self, owner: str, seconds: float) -> PostgresStore:
        """A view whose saves also require ``owner``'s lease on the run (and renew it)."""
        view = PostgresStore(self.url, signing_key=self._key, _pool=self._pool,
                             _lease=(owner, seconds))  # fmt: skip
        view.encryption = self.encryption
        return view

    def _configure(self, conn: psycopg.Connection[Any]) -> None:
        if self.schema:
            conn.execute(f'SET search_path TO "{self.schema}"')

    def _statement(self, what: str) -> AbstractContextManager[psycopg.Connection[Any]]:
        return self._session(what)

    @contextmanager
    def _snapshot(self, what: str) -> Iterator[psycopg.Connection[Any]]:
        # READ COMMITTED gives each statement its own snapshot: a save committed between
        # reading the head and the steps would load a history longer than its head.
        with self._session(what) as conn:
            conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            yield conn

    def _lease_check(self, conn: psycopg.Connection[Any], run_id: str) -> None:
        if self._lease is not None:
            owner, seconds = self._lease
            if conn.execute(_CHECK_LEASE, (seconds, run_id, owner)).rowcount != 1:
                raise LeaseLost(run_id, owner)

    @contextmanager
    def _session(self, what: str, *, write: bool = False) -> Iterator[psycopg.Connection[Any]]:
        """A pooled connection in one transaction; driver errors become StoreError here."""
        try:
            self._open()
            with self._pool.connection() as conn:
                with conn.transaction():
                    yield conn
                    if write:
                        reach("postgres-before-commit")
                if write:
                    reach("postgres-committed")
        except StepgraphError:
            raise
        except psycopg.Error as error:
            raise _translate(self.url, what, error) from error

    def _open(self) -> None:
        with self._open_lock:
            if not self._opened:
                # One direct attempt first: an unreachable server fails now, with the
                # driver's reason, instead of the pool retrying (and logging) for seconds.
                psycopg.connect(self.conninfo).close()
                self._pool.open(wait=True, timeout=10)
                self._opened = True

    def dead_letters(self, run_ids: Sequence[str] | None = None) -> list[DeadLetter]:
        """The runs the queue dead-lettered (the ``RunQueue`` capability)."""
        wanted = list(run_ids) if run_ids is not None else None
        with self._session("dead letters") as conn:
            rows = conn.execute(_DEAD_LETTERS, (wanted, wanted)).fetchall()
        return [DeadLetter(run_id=r[0], graph=r[1], reason=r[2], at=r[3]) for r in rows]

    def setup(self) -> None:
        if self.schema:
            try:
                with psycopg.connect(self.conninfo, autocommit=True) as conn:
                    conn.execute(f'CREATE SCHEMA IF NOT EXISTS "{self.schema}"')
            except psycopg.Error as error:
                raise _translate(self.url, "setup", error) from error
        with self._session("setup") as conn:
            conn.execute(_SETUP_LOCK)  # two workers starting at once: one migrates
            self._migrate(conn)

    def record_generation(
        self, run_id: str, key: str, record: dict[str, Any], *, durable: bool = True
    ) -> None:
        """Journal one record; a worker's view writes it only while it holds the lease.

        A worker presumed dead that wakes inside a model call must not overwrite the
        new holder's record of the same call (``LeaseLost``, nothing written).
        """
        if self._lease is None:
            super().record_generation(run_id, key, record, durable=durable)
            return
        body = self._journal_body(run_id, key, record)
        with self._session(f"journal {check_run_id(run_id)!r}", write=True) as conn:
            self._lease_check(conn, run_id)
            conn.execute(self._q("upsert_generation"), (run_id, key, body))

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
        try:
            self._open()
            with self._pool.connection() as conn:
                if not conn.execute(_TRY_HOLD, (run_id,)).fetchone()[0]:
                    raise RunBusy(run_id)
                try:
                    yield
                finally:
                    conn.execute(_RELEASE_HOLD, (run_id,))
        except psycopg.Error as error:
            raise _translate(self.url, f"hold {run_id!r}", error) from error

    @contextmanager
    def connection(self, what: str) -> Iterator[psycopg.Connection[Any]]:
        """A transaction for the queue (``queue.py``), with the same error translation."""
        with self._session(what) as conn:
            yield conn

    def _new_pool(self) -> ConnectionPool[Any]:
        return ConnectionPool(
            self.conninfo, min_size=1, max_size=self._pool_size, open=False,
            configure=self._configure, kwargs={"autocommit": True},
            check=ConnectionPool.check_connection,  # a restarted server broke the idle ones
        )  # fmt: skip

    def close(self) -> None:
        """Close the pool's connections; the store reconnects if used again."""
        if self._owns_pool and self._opened:
            self._pool.close()
            self._pool = self._new_pool()
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
    kept = [(k, v) for k, v in query if k != "schema"]
    if not any(k == "connect_timeout" for k, _ in kept):
        kept.append(("connect_timeout", CONNECT_TIMEOUT))
    rest = urlencode(kept)
    return urlunsplit(parts._replace(query=rest)), schema


def _translate(url: str, what: str, error: BaseException) -> StoreError:
    """The one place psycopg errors become store errors."""
    text = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    if isinstance(error, psycopg.errors.UndefinedTable):
        return StoreError(url, f"{what}: the database is not set up (stepgraph db setup): {text}")
    if isinstance(error, psycopg.OperationalError):
        return StoreUnavailable(url, f"{what}: cannot reach the database: {text}")
    if isinstance(error, psycopg.errors.DiskFull):
        return StoreError(url, f"{what}: no space left for the database: {text}")
    return StoreError(url, f"{what}: {text}")
