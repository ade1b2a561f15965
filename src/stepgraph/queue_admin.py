"""What an operator reads and changes in the PostgreSQL queue, beside the workers.

A store *has* a queue when it offers the ``stores.RunQueue`` capability: ``queue_of``
says so without naming a backend. Here: the queue row of a run,
marking a run cancelled, and the queue's metrics (depth by state, the age of the oldest
runnable run, takeovers, dead letters).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .stores import RunQueue, check_run_id

STATES = ("runnable", "leased", "waiting", "stranded", "done", "dead", "cancelled")
"""Queue states: claimable, held by a worker, parked for a person, finished,
dead-lettered, cancelled."""


@dataclass(frozen=True, kw_only=True)
class Queued:
    """A run as the queue holds it: how to start it, and where it stands."""

    run_id: str
    graph_ref: str
    adapter_ref: str
    inputs: str
    state: str
    reason: str | None


_ROW = "SELECT graph_ref, adapter_ref, inputs, state, reason FROM run_queue WHERE run_id = %s"
_CANCEL = (
    "UPDATE run_queue SET state = 'cancelled', reason = %s, lease_owner = NULL, "
    "lease_until = NULL, not_before = NULL, updated_at = now() "
    "WHERE run_id = %s AND state NOT IN ('done', 'cancelled')"
)
_DEPTH = "SELECT state, count(*) FROM run_queue GROUP BY state"
_OLDEST = (
    "SELECT EXTRACT(EPOCH FROM now() - min(GREATEST(updated_at, COALESCE(not_before, "
    "updated_at))))::float FROM run_queue WHERE state = 'runnable' "
    "AND (not_before IS NULL OR not_before <= now())"
)
_TAKEOVERS = "SELECT COALESCE(sum(takeovers), 0)::bigint FROM run_queue"


def queued(queue: RunQueue, run_id: str) -> Queued | None:
    """The queue row of ``run_id``, or None if it was never submitted."""
    with queue.connection(f"queue row {check_run_id(run_id)!r}") as conn:
        row = conn.execute(_ROW, (run_id,)).fetchone()
    if row is None:
        return None
    return Queued(run_id=run_id, graph_ref=row[0], adapter_ref=row[1], inputs=row[2],
                  state=row[3], reason=row[4])  # fmt: skip


def mark_cancelled(queue: RunQueue, run_id: str, reason: str) -> bool:
    """Take ``run_id`` out of the queue for good; its holder's lease ends with it."""
    with queue.connection(f"cancel {check_run_id(run_id)!r}") as conn:
        return bool(conn.execute(_CANCEL, (reason, run_id)).rowcount == 1)


def queue_stats(queue: RunQueue) -> dict[str, Any]:
    """Depth by state, the oldest runnable run's wait (s), takeovers, dead letters."""
    with queue.connection("queue stats") as conn:
        depth = {state: int(count) for state, count in conn.execute(_DEPTH).fetchall()}
        oldest = conn.execute(_OLDEST).fetchone()[0]
        takeovers = int(conn.execute(_TAKEOVERS).fetchone()[0])
    return {
        "depth": {state: depth.get(state, 0) for state in STATES},
        "oldest_runnable_age_s": None if oldest is None else round(float(oldest), 3),
        "takeovers": takeovers,
        "dead_letters": depth.get("dead", 0),
    }
