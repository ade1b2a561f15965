"""Deleting old runs: ``purge`` (a command) and ``Retention`` (a worker's timer).

A run is purged with everything kept for it: its head, inputs, steps, generation
journal and queue row. Without ``statuses`` only finished runs go (those that reached
END) and cancelled ones; with them, runs in those statuses (``dead`` included on a
store with a queue). Never a run a worker holds. Age is the time since the run's last
step. Deletes go in batches of ``batch`` runs, each batch one transaction on
PostgreSQL (one purger at a time), so a large purge never holds long locks.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from .errors import InputError, StepgraphError
from .graph import END
from .listing import FILTERS, VIEW, Query, filter_params, stamp_before
from .runner import CANCELLED
from .stores import RunQueue, Store, queue_of

DEFAULT_BATCH = 500
_TABLES = ("run_generations", "run_steps", "run_inputs", "run_keys", "run_queue", "runs")
_TURN = "SELECT pg_advisory_xact_lock(hashtext(current_schema() || '/purge'))"
_BATCH = (
    f"SELECT run_id FROM ({VIEW}) v WHERE {FILTERS} "
    "AND (queue_state IS NULL OR queue_state <> 'leased') "
    "AND (%(any_status)s OR next = 'END' OR status = 'cancelled' "
    "OR (version = 0 AND queue_state IN ('done', 'cancelled'))) "
    "AND (%(any_status)s = false OR status = ANY(%(statuses)s::text[])) "
    "ORDER BY updated_at LIMIT %(batch)s"
)


@dataclass(frozen=True, kw_only=True)
class Purged:
    """What a purge deleted (or, dry, would delete)."""

    run_ids: list[str]
    dry_run: bool


def purge(
    store: Store,
    *,
    older_than: float,
    statuses: tuple[str, ...] = (),
    dry_run: bool = False,
    batch: int = DEFAULT_BATCH,
) -> Purged:
    """Delete the runs last changed more than ``older_than`` seconds ago (see module)."""
    if older_than < 0:
        raise InputError("--older-than", "must not be negative")
    if not 1 <= batch <= 10_000:
        raise InputError("--batch", f"must be 1 to 10000, not {batch!r}")
    queue = queue_of(store)
    if queue is not None:
        return _purge_queue(queue, older_than, statuses, dry_run, batch)
    before = stamp_before(older_than)
    doomed = [
        run.run_id
        for run in store.list_runs()
        if run.updated_at <= before
        and (run.status in statuses if statuses else run.next == END or run.status == CANCELLED)
    ]
    if not dry_run:
        for start in range(0, len(doomed), batch):
            for run_id in doomed[start : start + batch]:
                store.delete(run_id)
    return Purged(run_ids=doomed, dry_run=dry_run)


def _purge_queue(
    queue: RunQueue, older_than: float, statuses: tuple[str, ...], dry: bool, batch: int
) -> Purged:
    params = {**filter_params(Query(older_than=older_than)), "any_status": bool(statuses),
              "statuses": list(statuses), "batch": batch}  # fmt: skip
    if dry:
        params["batch"] = 1_000_000
        with queue.connection("purge (dry run)") as conn:
            return Purged(run_ids=[r[0] for r in conn.execute(_BATCH, params)], dry_run=True)
    deleted: list[str] = []
    while True:
        with queue.connection("purge") as conn:
            conn.execute(_TURN)
            ids = [row[0] for row in conn.execute(_BATCH, params).fetchall()]
            for table in _TABLES:
                conn.execute(f"DELETE FROM {table} WHERE run_id = ANY(%s)", (ids,))
        deleted.extend(ids)
        if len(ids) < batch:
            return Purged(run_ids=deleted, dry_run=False)


class Retention:
    """Purge finished runs older than ``older_than`` every ``every`` seconds, in a thread;
    with ``forget_after``, first forget the private data of encrypted finished runs older
    than that (``data_keys.forget_older``: crypto-shredding, the history stays)."""

    def __init__(
        self,
        store: Store,
        *,
        older_than: float | None,
        every: float = 3600.0,
        log: Callable[[str], None] | None = None,
        forget_after: float | None = None,
    ) -> None:
        if every <= 0:
            raise InputError("--retention-every", "must be a positive duration")
        self.store, self.older_than, self.every = store, older_than, every
        self.forget_after = forget_after
        self.forgotten = 0
        self.log = log or (lambda line: None)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True, name="stepgraph-retention")
        self.purged = 0

    def start(self) -> Retention:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()

    def _loop(self) -> None:
        while not self._stop.is_set():
            if self.forget_after is not None:
                self._forget(self.forget_after)
            if self.older_than is None:
                self._stop.wait(self.every)
                continue
            try:
                done = purge(self.store, older_than=self.older_than)
            except StepgraphError as error:  # the database went away: try next time
                self.log(f"retention: purge failed: {error}")
            else:
                self.purged += len(done.run_ids)
                if done.run_ids:
                    self.log(f"retention: purged {len(done.run_ids)} runs")
            self._stop.wait(self.every)

    def _forget(self, older_than: float) -> None:
        from .data_keys import forget_older  # data_keys imports the runner, as we do

        try:
            gone = forget_older(self.store, older_than=older_than)
        except StepgraphError as error:
            self.log(f"retention: forget failed: {error}")
            return
        self.forgotten += len(gone)
        if gone:
            self.log(f"retention: forgot the private data of {len(gone)} runs")


__all__ = ["Purged", "Retention", "purge"]
