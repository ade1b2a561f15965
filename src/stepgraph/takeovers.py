"""Takeovers: who held a run when its worker stopped renewing, and whether it is to blame.

A worker marks a run ``in_flight`` when it starts running it and clears the mark when
it gives it back. When another worker takes over an expired lease, the takeover is
recorded (the node at the run's cursor, the last holder, the time) and it counts
against the run only if the run was in flight: a run merely leased beside a run that
killed its worker is not to blame. A run taken over while in flight is a *suspect*:
the worker that takes it over runs it alone (``Quarantine``), so if it kills that
worker too, no innocent run is in flight beside it. After ``max_takeovers`` counted
takeovers the run is dead-lettered with the node that was in flight.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .stores.postgres import PostgresStore

_IN_FLIGHT = "SELECT in_flight IS NOT NULL FROM run_queue WHERE run_id = %s"
_CURSOR = "SELECT next FROM runs WHERE run_id = %s"
_RECORD = "INSERT INTO run_takeovers (run_id, node, holder, counted) VALUES (%s, %s, %s, %s)"
_START = "UPDATE run_queue SET in_flight = now() WHERE run_id = %s AND lease_owner = %s"
_LAND = "UPDATE run_queue SET in_flight = NULL WHERE run_id = %s AND lease_owner = %s"
_GROUND = "UPDATE run_queue SET in_flight = NULL WHERE run_id = %s"
_LIST = (
    "SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"'), node, holder, "
    "counted FROM run_takeovers WHERE run_id = %s ORDER BY at"
)


@dataclass(frozen=True, kw_only=True)
class Takeover:
    """One takeover of a run: when, the node at its cursor, who held it, whether it counted."""

    at: str
    node: str | None
    holder: str | None
    counted: bool


def take_over(
    conn: Any, run_id: str, holder: str | None, takeovers: int, limit: int
) -> tuple[int, str | None]:
    """Record a takeover; the run's counted takeovers, and why it is dead (None: it is not)."""
    flying = conn.execute(_IN_FLIGHT, (run_id,)).fetchone()
    counted = bool(flying and flying[0])
    cursor = conn.execute(_CURSOR, (run_id,)).fetchone()
    node = cursor[0] if cursor else None  # no saved step yet: the first node was in flight
    conn.execute(_RECORD, (run_id, node, holder, counted))
    conn.execute(_GROUND, (run_id,))  # in flight again only once its new holder runs it
    if not counted:
        return takeovers, None
    takeovers += 1
    if takeovers <= limit:
        return takeovers, None
    where = f"node {node!r}" if node else "its first node"
    return (
        takeovers,
        f"taken over {takeovers - 1} times with {where} in flight; last holder {holder}",
    )


def mark(store: PostgresStore, run_id: str, owner: str) -> None:
    """Mark the run in flight: ``owner`` starts running it now."""
    with store.connection(f"in flight {run_id!r}") as conn:
        conn.execute(_START, (run_id, owner))


def land(conn: Any, run_id: str, owner: str) -> None:
    """Clear the mark as ``owner`` gives the run back (in the release's transaction)."""
    conn.execute(_LAND, (run_id, owner))


def takeovers(store: PostgresStore, run_id: str) -> list[Takeover]:
    """Every recorded takeover of ``run_id``, oldest first."""
    with store.connection(f"takeovers {run_id!r}") as conn:
        rows = conn.execute(_LIST, (run_id,)).fetchall()
    return [Takeover(at=r[0], node=r[1], holder=r[2], counted=bool(r[3])) for r in rows]


class Quarantine:
    """Lets a suspect run run only when nothing else runs in this worker process."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._running = 0
        self._alone = False

    def admit(self, suspect: bool, stopping: Callable[[], bool]) -> None:
        """Wait until the run may start: a suspect alone, others while no suspect runs."""
        with self._cond:
            while not stopping() and (self._alone or (suspect and self._running)):
                self._cond.wait(0.2)
            self._running += 1
            self._alone = self._alone or suspect

    def leave(self, suspect: bool) -> None:
        """The run admitted with ``suspect`` is done in this process."""
        with self._cond:
            self._running -= 1
            if suspect:
                self._alone = False
            self._cond.notify_all()
