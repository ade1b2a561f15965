"""A queue of runs in PostgreSQL, and the workers that advance them.

``submit`` records a run as runnable and returns at once. A ``Worker`` claims runnable
runs (and runs whose lease expired) with ``FOR UPDATE SKIP LOCKED``, holds a lease it
renews while it works, and advances the run with the ordinary harness through a view
of the store whose every save and journal write also checks that lease: a worker
presumed dead that comes back cannot write. A takeover counts against a run only if
it was in flight when its worker died (``takeovers.py``), and such a run then runs
alone in its next worker; after ``max_takeovers`` of them it stops in the ``dead``
state with the node that was in flight; ``requeue`` brings it back. A run stopped by
``RetryLater`` goes back to ``runnable`` with its ``not_before`` time, and no worker
claims it before then; a run that waits on a person is parked as ``waiting`` until a
decision requeues it. A run saved by an older graph revision is migrated by resume; one
no declared migration moves is parked as ``stranded`` (an ``@stranded`` step, never
dead-lettered) until ``stepgraph migrate`` requeues it. Workers sleep on
LISTEN/NOTIFY, waking at least every ``poll`` seconds to find expired leases. A lost
database (a restart, a network cut) is transient: the run in hand goes back to the
queue (or, if even that fails for a while, to its lease), and each loop backs off and
reconnects. A loop that fails for any other reason logs it and stops the worker
(``failure``; the command exits 1), never dying silently.

Guarantees: a completed node is saved exactly once per run (the version check and the
lease check are in the save's transaction). A node interrupted by a worker's death
runs again on the next worker (at least once); its completed generations are served
from the journal.
"""

from __future__ import annotations

import os
import socket
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .adapters import Adapter
from .errors import (
    InputError,
    MigrationFailed,
    RetryLater,
    RunCancelled,
    RunFailed,
    RunNotFound,
    StepgraphError,
    StoreUnavailable,
    StrandedRun,
    VersionConflict,
)
from .graph import Graph
from .logs import logger
from .migrations import park_stranded
from .queue_sealing import queue_body, queued_inputs
from .runner import derive_run_id, resume, run
from .statuses import STRANDED
from .stores import RunQueue, check_run_id
from .stores.postgres import PostgresStore
from .stream import EventCallback
from .takeovers import Quarantine, land, mark, take_over

_log = logger(__name__)  # the package logger has its NullHandler

CHANNEL = "stepgraph_runs"
MAX_KEY_CANDIDATES = 20  # runs a claim looks past when their concurrency keys are full
MAX_PAUSE = 5.0  # the longest wait between tries while the database is unavailable
RELEASE_PATIENCE = 30.0  # how long a worker keeps trying to give a run back

_SUBMIT = (
    "INSERT INTO run_queue (run_id, graph_ref, adapter_ref, inputs, state, priority, "
    "concurrency_key, max_concurrent) VALUES (%s, %s, %s, %s, 'runnable', %s, %s, %s) "
    "ON CONFLICT (run_id) DO NOTHING"
)
_EXISTING = "SELECT graph_ref, adapter_ref, inputs, state FROM run_queue WHERE run_id = %s"
# Highest priority first, first submitted first within one (seq); a run whose
# concurrency key already has max_concurrent live leases is passed over.
_KEY_LEASES = (
    "SELECT count(*) FROM run_queue k WHERE k.concurrency_key = %s AND k.state = 'leased' "
    "AND k.lease_until >= now() AND k.run_id <> %s"
)
_CLAIM = (
    "SELECT run_id, graph_ref, adapter_ref, inputs, state, lease_owner, takeovers, "
    "concurrency_key, max_concurrent "
    "FROM run_queue q WHERE ((state = 'runnable' AND (not_before IS NULL OR not_before <= now())) "
    "OR (state = 'leased' AND lease_until < now())) "
    "AND (%(graphs)s::text[] IS NULL OR graph_ref = ANY(%(graphs)s::text[])) "
    "AND run_id <> ALL(%(passed)s::text[]) "
    "AND (concurrency_key IS NULL OR (SELECT count(*) FROM run_queue k "
    "WHERE k.concurrency_key = q.concurrency_key AND k.state = 'leased' "
    "AND k.lease_until >= now() AND k.run_id <> q.run_id) < max_concurrent) "
    "ORDER BY priority DESC, seq LIMIT 1 FOR UPDATE SKIP LOCKED"
)
# Claims of one key take turns (a transaction lock), then count its leases again.
_KEY_TURN = "SELECT pg_try_advisory_xact_lock(hashtext(current_schema() || '/key/' || %s))"
_LEASE = (
    "UPDATE run_queue SET state = 'leased', lease_owner = %s, takeovers = %s, "
    "attempts = attempts + 1, lease_until = now() + make_interval(secs => %s), "
    "updated_at = now() WHERE run_id = %s"
)
_DEAD = (
    "UPDATE run_queue SET state = 'dead', reason = %s, lease_owner = NULL, lease_until = NULL, "
    "updated_at = now() WHERE run_id = %s"
)
_RENEW = (
    "UPDATE run_queue SET lease_until = now() + make_interval(secs => %s), updated_at = now() "
    "WHERE run_id = %s AND state = 'leased' AND lease_owner = %s"
)
_FINISH = (
    "UPDATE run_queue SET state = %s, reason = %s, not_before = %s::timestamptz, "
    "lease_owner = NULL, lease_until = NULL, updated_at = now() "
    "WHERE run_id = %s AND state = 'leased' AND lease_owner = %s"
)
_REQUEUE = (
    "UPDATE run_queue SET state = 'runnable', reason = NULL, takeovers = 0, lease_owner = NULL, "
    "lease_until = NULL, not_before = NULL, updated_at = now() "
    "WHERE run_id = %s AND state IN ('dead', 'done', 'waiting', 'stranded')"
)
_LIST = (
    "SELECT run_id, graph_ref, state, lease_owner, "
    "GREATEST(0, EXTRACT(EPOCH FROM lease_until - now()))::float, takeovers, reason, "
    "to_char(not_before AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"') "
    "FROM run_queue ORDER BY submitted_at"
)


@dataclass(frozen=True, kw_only=True)
class QueueEntry:
    """One submitted run as the queue sees it: its state and who holds it."""

    run_id: str
    graph: str
    state: str
    owner: str | None
    lease_left: float
    takeovers: int
    reason: str | None
    not_before: str | None = None


def submit(
    store: PostgresStore,
    *,
    graph: Graph,
    graph_ref: str,
    adapter: Adapter,
    adapter_ref: str,
    inputs: dict[str, Any],
    run_id: str | None = None,
    priority: int = 0,
    concurrency_key: str | None = None,
    max_concurrent: int | None = None,
) -> tuple[str, bool]:
    """Queue a run; return its id and whether it was new. Idempotent for the same id.

    The same id with other inputs is refused (``InputError``): an id names one run.
    Workers claim higher ``priority`` first, first submitted first within one. At most
    ``max_concurrent`` runs sharing ``concurrency_key`` are leased at once.
    """
    check_queue_options(priority, concurrency_key, max_concurrent)
    rid = check_run_id(run_id) if run_id else derive_run_id(graph, adapter, inputs)
    body = queue_body(store, graph, rid, inputs)  # private values sealed when encrypting
    values = (rid, graph_ref, adapter_ref, body, priority, concurrency_key, max_concurrent)
    row = None
    with store.connection(f"submit {rid!r}") as conn:
        added = conn.execute(_SUBMIT, values).rowcount == 1
        if added:
            conn.execute(f"NOTIFY {CHANNEL}")
        else:
            row = conn.execute(_EXISTING, (rid,)).fetchone()
    if row is not None and (queued_inputs(store, rid, row[2]), row[0]) != (inputs, graph_ref):
        raise InputError("--run-id", f"run {rid!r} was submitted with other inputs")
    return rid, added


def check_queue_options(priority: object, concurrency_key: object, max_concurrent: object) -> None:
    """Refuse a priority or concurrency key that ``submit`` cannot queue (``InputError``)."""
    if isinstance(priority, bool) or not isinstance(priority, int) or abs(priority) > 1_000_000:
        raise InputError("--priority", f"must be an integer from -1000000 to 1000000, not "
                         f"{priority!r}")  # fmt: skip
    if (concurrency_key is None) != (max_concurrent is None):
        raise InputError("--concurrency-key", "goes with --max-concurrent (give both or neither)")
    if concurrency_key is not None:
        if not isinstance(concurrency_key, str) or not 0 < len(concurrency_key) <= 200:
            raise InputError("--concurrency-key", "must be 1 to 200 characters")
        if (
            isinstance(max_concurrent, bool)
            or not isinstance(max_concurrent, int)
            or (max_concurrent < 1)
        ):
            raise InputError("--max-concurrent", f"must be a positive integer, not "
                             f"{max_concurrent!r}")  # fmt: skip


def requeue(store: RunQueue, run_id: str) -> bool:
    """Make a dead, done, waiting or stranded run runnable again; False if none of them."""
    with store.connection(f"requeue {run_id!r}") as conn:
        changed = bool(conn.execute(_REQUEUE, (check_run_id(run_id),)).rowcount == 1)
        if changed:
            conn.execute(f"NOTIFY {CHANNEL}")
    return changed


def queue_entries(store: PostgresStore) -> list[QueueEntry]:
    """Every submitted run with its state and lease holder."""
    with store.connection("list queue") as conn:
        rows = conn.execute(_LIST).fetchall()
    return [
        QueueEntry(
            run_id=r[0],
            graph=r[1],
            state=r[2],
            owner=r[3],
            lease_left=float(r[4] or 0),
            takeovers=r[5],
            reason=r[6],
            not_before=r[7],
        )
        for r in rows
    ]


Resolver = Callable[[str], Any]


class _Release(Exception):
    """Internal: give a claimed run back without running it."""


def join_all(threads: list[threading.Thread]) -> None:
    """Wait for ``threads`` in short joins: a signal the kernel delivered to one of them
    has its Python handler run only when the main thread executes again (a plain
    ``join()`` would sleep through a SIGTERM, and the worker would never stop)."""
    for thread in threads:
        while thread.is_alive():
            thread.join(0.25)


class Worker:
    """Claims queued runs and advances them, ``concurrency`` at a time."""

    def __init__(
        self,
        store: PostgresStore,
        *,
        resolve_graph: Resolver,
        resolve_adapter: Resolver,
        concurrency: int = 1,
        graphs: list[str] | None = None,
        lease_seconds: float = 30.0,
        max_takeovers: int = 3,
        poll: float = 5.0,
        on_event: EventCallback | None = None,
    ) -> None:
        if concurrency < 1:
            raise InputError("--concurrency", "must be at least 1")
        if lease_seconds <= 0:
            raise InputError("--lease", "must be a positive number of seconds")
        self.store = store
        self.resolve_graph = resolve_graph
        self.resolve_adapter = resolve_adapter
        self.concurrency = concurrency
        self.graphs = graphs
        self.lease_seconds = lease_seconds
        self.max_takeovers = max_takeovers
        self.poll = poll
        self.on_event = on_event  # every run's step events (an OpenTelemetry listener, say)
        self.name = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:6]}"
        self.stopping = threading.Event()
        self._wake = threading.Event()
        self.completed = 0
        self.failure: str | None = None  # why a loop stopped the worker (a bug), if one did
        self._suspects: set[str] = set()  # claimed runs that were in flight at a takeover
        self._quarantine = Quarantine()

    def stop(self) -> None:
        """Finish the current nodes, release the runs, then return from ``run_forever``."""
        self.stopping.set()
        self._wake.set()

    def run_forever(self, *, until_idle: bool = False) -> None:
        """Work until ``stop()`` (or, with ``until_idle``, until no run is claimable)."""
        _log.info("worker %s started (concurrency %d)", self.name, self.concurrency)
        listener = threading.Thread(target=self._listen, daemon=True, name="stepgraph-listen")
        listener.start()
        threads = [
            threading.Thread(target=self._loop, args=(until_idle,), name=f"stepgraph-worker-{i}")
            for i in range(self.concurrency)
        ]
        for thread in threads:
            thread.start()
        join_all(threads)
        self.stopping.set()
        _log.info("worker %s stopped after %d run(s)", self.name, self.completed)

    def _loop(self, until_idle: bool) -> None:
        """One loop thread, supervised: a lost database is waited out; a bug stops the worker."""
        pause = 0.0
        while not self.stopping.is_set():
            try:
                claimed = self.claim_one()
                if claimed is None:
                    if until_idle:
                        return
                    self._wake.wait(self.poll)
                    self._wake.clear()
                    continue
                self.advance(*claimed)
                pause = 0.0
            except StoreUnavailable as error:  # a restart or a network cut: transient
                pause = min(MAX_PAUSE, max(0.2, pause * 2))
                _log.warning("worker %s: database unavailable, trying again in %g s: %s",
                             self.name, pause, error)  # fmt: skip
                self.stopping.wait(pause)
            except BaseException as error:  # a bug: say so and stop, never die silently
                self.failure = f"{type(error).__name__}: {error}"
                _log.error("worker %s: worker loop failed, stopping: %s", self.name,
                           self.failure, exc_info=error)  # fmt: skip
                self.stop()
                return

    def _listen(self) -> None:
        import psycopg

        while not self.stopping.is_set():
            try:
                with psycopg.connect(self.store.conninfo, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    while not self.stopping.is_set():
                        for _ in conn.notifies(timeout=1.0, stop_after=1):
                            self._wake.set()
            except psycopg.Error:
                time.sleep(1.0)  # the database went away: keep polling, reconnect

    def claim_one(self) -> tuple[str, str, str, dict[str, Any]] | None:
        """Lease one runnable (or abandoned) run; None when there is none."""
        with self.store.connection("claim") as conn:
            row = self._candidate(conn)
            if row is None:
                return None
            run_id, graph_ref, adapter_ref, inputs, state, owner, takeovers = row[:7]
            if state == "leased":  # its worker stopped renewing: take it over
                takeovers, reason = take_over(conn, run_id, owner, takeovers, self.max_takeovers)
                if reason is not None:
                    conn.execute(_DEAD, (reason, run_id))
                    _log.error("worker %s: dead-letter %s: %s", self.name, run_id, reason)
                    self._wake.set()  # look again at once: that run is out of the way
                    return None
                _log.warning("worker %s: taking over %s from %s (takeover %d)", self.name,
                             run_id, owner, takeovers)  # fmt: skip
            if takeovers:  # it was in flight when a worker died: run it alone
                self._suspects.add(run_id)
            conn.execute(_LEASE, (self.name, takeovers, self.lease_seconds, run_id))
        _log.debug("worker %s: leased %s (%s, adapter %s)", self.name, run_id, graph_ref,
                   adapter_ref)  # fmt: skip
        return run_id, graph_ref, adapter_ref, queued_inputs(self.store, run_id, inputs)

    def _candidate(self, conn: Any) -> tuple[Any, ...] | None:
        """The first claimable run whose concurrency key (if any) has room, locked."""
        params: dict[str, Any] = {"graphs": self.graphs or None, "passed": []}
        for _ in range(MAX_KEY_CANDIDATES):
            row = conn.execute(_CLAIM, params).fetchone()
            if row is None:
                return None
            key, limit = row[7], row[8]
            if key is None:
                return tuple(row)
            # Another worker claiming this key right now: pass it over this time.
            if conn.execute(_KEY_TURN, (key,)).fetchone()[0]:
                if conn.execute(_KEY_LEASES, (key, row[0])).fetchone()[0] < limit:
                    return tuple(row)
            else:
                self._wake.set()  # look again soon: the key may have room then
            params["passed"] = [*params["passed"], row[0]]
        return None

    def advance(
        self, run_id: str, graph_ref: str, adapter_ref: str, inputs: dict[str, Any]
    ) -> None:
        """Run one claimed run with the harness, renewing the lease, then release it."""
        lost = threading.Event()
        done = threading.Event()
        renewer = threading.Thread(target=self._renew, args=(run_id, lost, done), daemon=True)
        renewer.start()
        state, reason, not_before = "runnable", None, None
        suspect = run_id in self._suspects
        self._suspects.discard(run_id)
        self._quarantine.admit(suspect, self.stopping.is_set)
        try:
            if self.stopping.is_set():  # claimed just as the worker was told to stop
                raise _Release
            state, reason = self._carry(run_id, graph_ref, adapter_ref, inputs, lost)
        except _Release:
            pass
        except RetryLater as error:  # saved as retry_later: runnable again after not_before
            reason, not_before = f"retry later: {error.reason}", error.not_before
            _log.warning("worker %s: %s goes back to the queue until %s: %s", self.name, run_id,
                         not_before, error.reason)  # fmt: skip
        except RunCancelled as error:  # cancelled while queued or between its nodes
            state, reason = "cancelled", str(error)
            _log.info("worker %s: %s was cancelled: %s", self.name, run_id, error)
        except VersionConflict as error:  # the lease or the run moved on: leave it be
            _log.warning("worker %s: gave up %s: %s", self.name, run_id, error)
            return
        except StoreUnavailable as error:  # never dead-letter a run for a lost connection
            reason = f"store unavailable: {error}"
            _log.warning("worker %s: %s goes back to the queue: %s", self.name, run_id, reason)
        except (StrandedRun, MigrationFailed) as error:  # old, not broken: park it, visibly
            state, reason = STRANDED, self._strand(run_id, error)
        except StepgraphError as error:
            state, reason = self._stopped(run_id, error)
        finally:
            self._quarantine.leave(suspect)
            done.set()
            renewer.join()
        self._release(run_id, state, reason, not_before)

    def _stopped(self, run_id: str, error: StepgraphError) -> tuple[str, str]:
        """A run saved as ``failed`` waits for a person (it fails the same way each time);
        any other error dead-letters it."""
        failed = isinstance(error, RunFailed)
        if not failed:
            saved = self.store.load(run_id)
            failed = saved is not None and (saved.wait or {}).get("kind") == "failed"
        if failed:
            _log.warning("worker %s: %s failed and waits for a person: %s", self.name, run_id,
                         error)  # fmt: skip
            return "waiting", f"failed: {error}"
        reason = f"{type(error).__name__}: {error}"
        _log.error("worker %s: dead-letter %s: %s", self.name, run_id, reason)
        return "dead", reason

    def _release(self, run_id: str, state: str, reason: str | None, not_before: str | None) -> None:
        """Give the run back; while the database is away keep trying, then leave it to the lease."""
        _log.info("worker %s: released %s as %s%s", self.name, run_id, state,
                  f" ({reason})" if reason else "")  # fmt: skip
        pause, until = 0.2, time.monotonic() + max(RELEASE_PATIENCE, self.lease_seconds)
        while True:
            try:
                with self.store.connection(f"release {run_id!r}") as conn:
                    land(conn, run_id, self.name)
                    conn.execute(_FINISH, (state, reason, not_before, run_id, self.name))
                    if state == "runnable":
                        conn.execute(f"NOTIFY {CHANNEL}")
                return
            except StoreUnavailable as error:
                if time.monotonic() > until:
                    _log.warning("worker %s: cannot release %s, its lease will lapse: %s",
                                 self.name, run_id, error)  # fmt: skip
                    return
                time.sleep(pause)
                pause = min(MAX_PAUSE, pause * 2)

    def _carry(
        self,
        run_id: str,
        graph_ref: str,
        adapter_ref: str,
        inputs: dict[str, Any],
        lost: threading.Event,
    ) -> tuple[str, str | None]:
        """Mark the run in flight and advance it; the queue state and reason it ends in."""
        mark(self.store, run_id, self.name)
        graph = self.resolve_graph(graph_ref)
        adapter = self.resolve_adapter(adapter_ref)
        view = self.store.leased(self.name, self.lease_seconds)
        stop = lambda: self.stopping.is_set() or lost.is_set()  # noqa: E731
        try:  # resume a stored run: supplied data may have rebound it to newer inputs
            result = resume(graph, run_id=run_id, adapter=adapter, store=view, stop=stop,
                            on_event=self.on_event)  # fmt: skip
        except RunNotFound:  # a new run
            result = run(graph, inputs=inputs, adapter=adapter, store=view, run_id=run_id,
                         stop=stop, on_event=self.on_event)  # fmt: skip
        wait = result.checkpoint.wait
        if result.finished:
            self.completed += 1
            return "done", result.status
        if wait is not None and wait.get("kind") != "retry":
            return "waiting", f"{result.status}: {wait.get('reason')}"
        return "runnable", None

    def _strand(self, run_id: str, error: StepgraphError) -> str:
        """Record ``run_id`` as stranded (an ``@stranded`` step, lease-checked); return why."""
        reason = f"{type(error).__name__}: {error}"
        _log.warning("worker %s: stranded %s: %s", self.name, run_id, reason)
        try:
            park_stranded(self.store.leased(self.name, self.lease_seconds), run_id, reason,
                          by=self.name)  # fmt: skip
        except StepgraphError as lost:  # the queue row still says stranded
            _log.warning("worker %s: could not record %s as stranded: %s", self.name, run_id, lost)
        return reason

    def _renew(self, run_id: str, lost: threading.Event, done: threading.Event) -> None:
        while not done.wait(self.lease_seconds / 3):
            try:
                with self.store.connection(f"renew {run_id!r}") as conn:
                    held = conn.execute(_RENEW, (self.lease_seconds, run_id, self.name)).rowcount
            except StepgraphError:
                continue  # try again; the save's own lease check is the real guard
            if held != 1:
                lost.set()
                return
