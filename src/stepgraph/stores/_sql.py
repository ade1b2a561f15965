"""What the SQL stores share: the statements, the record logic and the migrations.

SQLite and PostgreSQL keep the same tables (``runs``, ``run_inputs``, ``run_steps``,
``run_generations``) and the same compare-and-swap; they differ in the driver, the
placeholder, how a transaction starts, and how the journal drops an output. SQLite
also keeps a format-2 step's time, sum and head in compact columns and deflates a
format-3 run's texts (``deflates``: ``_deflated.py``); PostgreSQL keeps JSON text. A backend
subclasses ``SqlStore`` and provides ``_session`` (one transaction, driver errors
translated) and ``_statement`` (one autocommitted statement).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, ClassVar

from ..checkpoint import (
    Checkpoint,
    HistoryEntry,
    dumps,
    from_records,
    history_of,
    now,
    parse,
    seal,
    step_body,
)
from ..errors import RunNotFound, VersionConflict
from ..sealing import Encryption
from ..vocabulary import BASE, Vocabulary
from . import check_run_id
from ._base import StoreBase, check_version
from ._deflated import Dictionaries, deflated
from ._journal import open_record, seal_record
from ._rows import (
    HEAD_COLUMNS,
    STEP_COLUMNS,
    head_row,
    packed_at,
    packed_head_digest,
    packed_sum,
    statements,
    step_row,
)
from ._sealed import (
    as_saved,
    for_storage,
    is_sealed,
    journal_record,
    key_record,
    opened_history,
    opened_journal,
    unsealing,
)
from ._testhooks import reach

if TYPE_CHECKING:
    from .summaries import RunSummary

# Written with "?" placeholders; a backend using "%s" gets them converted once.
SQL: dict[str, str] = {
    "create_migrations": "CREATE TABLE IF NOT EXISTS stepgraph_migrations "
    "(version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)",
    "applied": "SELECT version FROM stepgraph_migrations",
    "record_migration": "INSERT INTO stepgraph_migrations (version, applied_at) VALUES (?, ?)",
    "select_head": f"SELECT {HEAD_COLUMNS} FROM runs WHERE run_id = ?",
    "select_version": "SELECT version FROM runs WHERE run_id = ?",
    "select_format": "SELECT format FROM runs WHERE run_id = ?",
    "insert_head": f"INSERT INTO runs ({HEAD_COLUMNS}) VALUES ({', '.join('?' * 13)}) "
    "ON CONFLICT (run_id) DO NOTHING",
    # The WHERE clause is the compare-and-swap.
    # inputs_digest and fingerprint change only when data is supplied (an event step);
    # shape and revision only when the run is migrated (an @migrated event step).
    "update_head": "UPDATE runs SET next = ?, status = ?, version = ?, updated_at = ?, "
    "inputs_digest = ?, fingerprint = ?, shape = ?, revision = ? "
    "WHERE run_id = ? AND version = ?",
    "insert_inputs": "INSERT INTO run_inputs (run_id, body) VALUES (?, ?)",
    "select_inputs": "SELECT body FROM run_inputs WHERE run_id = ?",
    "insert_step": f"INSERT INTO run_steps (run_id, {STEP_COLUMNS}) VALUES ({', '.join('?' * 8)})",
    "select_steps": f"SELECT {STEP_COLUMNS} FROM run_steps WHERE run_id = ? ORDER BY version",
    "upsert_generation": "INSERT INTO run_generations (run_id, key, body) VALUES (?, ?, ?) "
    "ON CONFLICT (run_id, key) DO UPDATE SET body = excluded.body",
    "select_generations": "SELECT key, body FROM run_generations WHERE run_id = ?",
    "select_key": "SELECT body FROM run_keys WHERE run_id = ?",
    "insert_key": "INSERT INTO run_keys (run_id, body) VALUES (?, ?)",
    "replace_key": "UPDATE run_keys SET body = ? WHERE run_id = ? AND body = ?",
    "keyed_runs": "SELECT run_id FROM run_keys ORDER BY run_id",
    "ensure_key": "INSERT INTO run_keys (run_id, body) VALUES (?, ?) "
    "ON CONFLICT (run_id) DO NOTHING",
    "list": "SELECT run_id, graph, status, next, version, updated_at FROM runs "
    "ORDER BY updated_at DESC, run_id DESC",
    "list_status": "SELECT run_id, graph, status, next, version, updated_at FROM runs "
    "WHERE status = ? ORDER BY updated_at DESC, run_id DESC",
}
DELETE_FROM = ("run_generations", "run_steps", "run_inputs", "run_keys")


class SqlStore(StoreBase):
    """The record logic of a SQL store; subclasses bring the connection."""

    placeholder: ClassVar[str] = "?"
    # Once a step is saved its generations never run again and its update holds what
    # they returned: keep the journal's facts (attempts, hashes, latency), drop the output.
    # Parameters: run_id, then the key range [f"{visit}:", f"{visit};") of a node step.
    compact_generations: ClassVar[str]
    extra_tables: ClassVar[tuple[str, ...]] = ()
    # A format-2 step's time and sum as an integer and bytes, its head's digests as bytes
    # and its start as an integer (columns that keep any type).
    packs_columns: ClassVar[bool] = False
    # A format-3 run's step bodies, inputs and compacted journal records deflated against
    # a dictionary the database holds (``_deflated``); ``compact_deflated`` compacts and
    # deflates a node's journal records (parameters: the dictionary's number, then those
    # of ``compact_generations``).
    deflates: ClassVar[bool] = False
    compact_deflated: ClassVar[str] = ""
    migrations: ClassVar[tuple[tuple[int, str], ...]]
    # One row whose first column is true when setup() has run here (reads nothing else).
    setup_check: ClassVar[str]

    _key: bytes | None
    encryption: Encryption | None = None
    _dictionaries: Dictionaries

    def _session(self, what: str, *, write: bool = False) -> AbstractContextManager[Any]:
        raise NotImplementedError

    def _statement(self, what: str) -> AbstractContextManager[Any]:
        raise NotImplementedError

    def _snapshot(self, what: str) -> AbstractContextManager[Any]:
        """A read transaction whose statements all see one committed state."""
        return self._session(what)

    def _lease_check(self, conn: Any, run_id: str) -> None:
        """Backends with leases refuse a save here (PostgreSQL workers)."""

    def _q(self, name: str) -> str:
        text = SQL[name]
        return text if self.placeholder == "?" else text.replace("?", self.placeholder)

    def is_set_up(self) -> bool:
        """True when ``setup()`` has run on this database; creates nothing."""
        with self._statement("check setup") as conn:
            row = conn.execute(self.setup_check).fetchone()
        return bool(row and row[0])

    def _migrate(self, conn: Any) -> None:
        conn.execute(self._q("create_migrations"))
        applied = {row[0] for row in conn.execute(self._q("applied")).fetchall()}
        for number, script in self.migrations:
            if number not in applied:
                for statement in statements(script):
                    conn.execute(statement)
                conn.execute(self._q("record_migration"), (number, now()))

    def load(self, run_id: str) -> Checkpoint | None:
        check_run_id(run_id)
        with self._statement(f"load {run_id!r}") as conn:
            if conn.execute(self._q("select_version"), (run_id,)).fetchone() is None:
                return None  # the common case for a new run: one statement
        record = None
        with self._snapshot(f"load {run_id!r}") as conn:
            head = conn.execute(self._q("select_head"), (run_id,)).fetchone()
            if head is None:
                return None
            reach("load-head-read")
            inputs = self._inputs(conn, run_id)
            steps = self._steps(conn, run_id)
            sealed = is_sealed([inputs or "", *(row[2] for row in steps)])
            if sealed:
                record = self._key_record(conn, run_id)
        body = parse(inputs, run_id, "inputs") if inputs is not None else None
        rows = [step_row(run_id, row) for row in steps]
        if not sealed:
            return from_records(head_row(head), body, rows, run_id=run_id, key=self._key)
        unseal, origin = unsealing(run_id, record, self.encryption)
        return from_records(head_row(head), body, rows, run_id=run_id, key=self._key,
                            unseal=unseal, origin=origin)  # fmt: skip

    def _inputs(self, conn: Any, run_id: str) -> str | None:
        """The stored inputs' text (inflated), or None when the run has none."""
        row = conn.execute(self._q("select_inputs"), (run_id,)).fetchone()
        if row is None:
            return None
        text: str = self._text(conn, row[0], run_id, "inputs")
        return text

    def _steps(self, conn: Any, run_id: str) -> list[tuple[Any, ...]]:
        """The stored step rows, in order, each body's text inflated."""
        rows = conn.execute(self._q("select_steps"), (run_id,)).fetchall()
        if not self.deflates:
            return list(rows)
        return [(*row[:2], self._text(conn, row[2], run_id, f"step {row[0]}"), *row[3:])
                for row in rows]  # fmt: skip

    def _text(self, conn: Any, stored: Any, run_id: str, what: str) -> Any:
        """A stored body's text: a deflated one (a BLOB) inflated, any other as it is."""
        if not self.deflates:
            return stored
        return self._dictionaries.text(conn, stored, run_id, what)

    def save(self, checkpoint: Checkpoint, *, expected_version: int | None) -> Checkpoint:
        run_id = check_run_id(checkpoint.run_id)
        return self._write(
            f"save {run_id!r}", lambda conn: self._save_in(conn, checkpoint, expected_version)
        )

    def _write(self, what: str, body: Callable[[Any], Checkpoint]) -> Checkpoint:
        """Run ``body`` in a write transaction of its own and commit it (SQLite groups
        the saves that wait for one commit into the next)."""
        with self._session(what, write=True) as conn:
            return body(conn)

    def _save_in(
        self, conn: Any, checkpoint: Checkpoint, expected_version: int | None
    ) -> Checkpoint:
        """Write ``checkpoint`` (replacing ``expected_version``) in the open transaction."""
        run_id = checkpoint.run_id
        stored, new_record = checkpoint, None
        # Read even without encryption: a run with a key record never gets a clear step.
        record = self._key_record(conn, run_id)
        if record is not None or self.encryption is not None:
            stored, new_record = for_storage(checkpoint, record, self.encryption)
        cp = seal(stored, self._key)
        if cp.version != (expected_version or 0) + 1:
            self._conflict(conn, run_id, expected_version, cp.version)
        self._lease_check(conn, run_id)
        packs = self.packs_columns and cp.format >= 2  # format 1 runs stay as they were
        deflating: tuple[Vocabulary, int] | None = None  # format 2 runs stay as they were
        if self.deflates and cp.format >= 3:
            vocabulary = checkpoint.vocabulary or BASE
            deflating = vocabulary, self._dictionaries.number(conn, vocabulary)
        inputs: bytes | str = cp.parts.inputs
        fingerprint: bytes | str = cp.fingerprint
        if packs:
            inputs = packed_head_digest(cp.parts.inputs)
            fingerprint = packed_head_digest(cp.fingerprint)
        if expected_version is None:
            p = cp.parts
            created = packed_at(cp.created_at) if packs else cp.created_at
            head = (run_id, cp.format, p.graph, p.shape, p.revision, p.adapter, inputs,
                    fingerprint, cp.next, cp.status, cp.version, created,
                    cp.updated_at)  # fmt: skip
            if conn.execute(self._q("insert_head"), head).rowcount != 1:
                self._conflict(conn, run_id, expected_version, cp.version)
            text = cp.inputs_json()
            held = text if deflating is None else deflated(text, *deflating)
            conn.execute(self._q("insert_inputs"), (run_id, held))
            if new_record is not None:
                conn.execute(self._q("insert_key"), (run_id, dumps(new_record)))
        else:
            update = (cp.next, cp.status, cp.version, cp.updated_at, inputs,
                      fingerprint, cp.parts.shape, cp.parts.revision, run_id,
                      expected_version)  # fmt: skip
            if conn.execute(self._q("update_head"), update).rowcount != 1:
                self._conflict(conn, run_id, expected_version, cp.version)
        at: int | str = cp.updated_at
        chained: bytes | str = cp.sum
        if packs:
            at, chained = packed_at(cp.updated_at), packed_sum(cp.sum)
        text = step_body(cp, refs=stored is checkpoint)
        body = text if deflating is None else deflated(text, *deflating)
        step = (run_id, cp.version, cp.node, body, cp.next, cp.status, at, chained)
        conn.execute(self._q("insert_step"), step)
        if not cp.step:  # a node completed: its generations (keyed by visit) are done
            visit = len(cp.trace)
            keys = (run_id, f"{visit}:", f"{visit};")
            if deflating is None:
                conn.execute(self.compact_generations, keys)
            else:
                conn.execute(self.compact_deflated, (deflating[1], *keys))
        return as_saved(checkpoint, stored, cp)

    def _key_record(self, conn: Any, run_id: str) -> dict[str, Any] | None:
        row = conn.execute(self._q("select_key"), (run_id,)).fetchone()
        return None if row is None else key_record(run_id, parse(row[0], run_id, "key record"))

    def run_key(self, run_id: str) -> dict[str, Any] | None:
        """The run's key record (its wrapped run key), or None for a run stored in clear."""
        with self._statement(f"key of {check_run_id(run_id)!r}") as conn:
            return self._key_record(conn, run_id)

    def replace_run_key(self, run_id: str, old: dict[str, Any], new: dict[str, Any]) -> bool:
        """Replace the run's key record if it is still ``old`` (one atomic statement)."""
        with self._statement(f"rekey {check_run_id(run_id)!r}") as conn:
            done = conn.execute(self._q("replace_key"), (dumps(new), run_id, dumps(old)))
            replaced = bool(done.rowcount == 1)
            if replaced:
                self._shred(conn)
            return replaced

    def _shred(self, conn: Any) -> None:
        """Backends that can drop a replaced record's old bytes do it here (SQLite)."""

    def _conflict(self, conn: Any, run_id: str, expected: int | None, new: int) -> None:
        row = conn.execute(self._q("select_version"), (run_id,)).fetchone()
        actual = row[0] if row else None
        check_version(run_id, expected, actual, new)
        raise VersionConflict(run_id, expected, actual)

    def history(self, run_id: str) -> list[HistoryEntry]:
        check_run_id(run_id)
        record = None
        with self._session(f"history {run_id!r}") as conn:
            head = conn.execute(self._q("select_format"), (run_id,)).fetchone()
            if head is None:
                raise RunNotFound(self.url, run_id)
            rows = self._steps(conn, run_id)
            inputs = None
            if head[0] != 1:  # format 2 and 3: bodies refer to the inputs
                inputs = self._inputs(conn, run_id)
            sealed = is_sealed(row[2] for row in rows)
            if sealed:
                record = self._key_record(conn, run_id)
        body = parse(inputs, run_id, "inputs") if inputs is not None else None
        steps = [step_row(run_id, row) for row in rows]
        fmt = head[0] if isinstance(head[0], int) else 1
        entries = history_of(steps, body, fmt, run_id)
        return opened_history(run_id, entries, record, self.encryption) if sealed else entries

    def list_runs(self, *, status: str | None = None) -> list[RunSummary]:
        with self._session("list runs") as conn:
            if status is None:
                rows = conn.execute(self._q("list")).fetchall()
            else:
                rows = conn.execute(self._q("list_status"), (status,)).fetchall()
        from .summaries import RunSummary  # listing only: a run never loads it

        return [
            RunSummary(
                run_id=r[0], graph=r[1], status=r[2], next=r[3], version=r[4], updated_at=r[5]
            )
            for r in rows
        ]

    def delete(self, run_id: str) -> bool:
        check_run_id(run_id)
        param = self.placeholder
        with self._session(f"delete {run_id!r}", write=True) as conn:
            for table in (*DELETE_FROM, *self.extra_tables):
                conn.execute(f"DELETE FROM {table} WHERE run_id = {param}", (run_id,))
            removed = conn.execute(f"DELETE FROM runs WHERE run_id = {param}", (run_id,))
            return bool(removed.rowcount == 1)

    def record_generation(
        self, run_id: str, key: str, record: dict[str, Any], *, durable: bool = True
    ) -> None:
        body = self._journal_body(run_id, key, record)
        with self._journal(f"journal {check_run_id(run_id)!r}", durable=durable) as conn:
            conn.execute(self._q("upsert_generation"), (run_id, key, body))

    def _journal(self, what: str, *, durable: bool) -> AbstractContextManager[Any]:
        """Where a journal record is written: one statement, synced as the backend says
        (SQLite leaves a ``durable=False`` record to the next synced commit)."""
        return self._statement(what)

    def _journal_body(self, run_id: str, key: str, record: dict[str, Any]) -> str:
        """The stored text of a journal record: sealed first when the run has a key."""
        if self.encryption is not None:
            record = journal_record(run_id, key, record, self.run_key(run_id), self.encryption)
        return seal_record(run_id, key, record, self._key)

    def generations(self, run_id: str) -> dict[str, dict[str, Any]]:
        with self._statement(f"journal {check_run_id(run_id)!r}") as conn:
            rows = conn.execute(self._q("select_generations"), (run_id,)).fetchall()
            if self.deflates:
                rows = [(key, self._text(conn, body, run_id, f"journal record {key!r}"))
                        for key, body in rows]  # fmt: skip
        journal = {key: open_record(run_id, key, parse(body, run_id, "generation"), self._key)
                   for key, body in rows}  # fmt: skip
        if not is_sealed(body for _, body in rows):
            return journal
        return opened_journal(run_id, journal, self.run_key(run_id), self.encryption)

    def keyed_run_ids(self) -> list[str]:
        """Every run id with a key record (runs, and queued runs not started yet)."""
        with self._statement("list keyed runs") as conn:
            return [row[0] for row in conn.execute(self._q("keyed_runs")).fetchall()]

    def ensure_run_key(self, run_id: str, record: dict[str, Any]) -> None:
        """Store ``record`` as the run's key record unless it has one already."""
        with self._statement(f"key of {check_run_id(run_id)!r}") as conn:
            conn.execute(self._q("ensure_key"), (run_id, dumps(record)))
