"""Cancelling a run: recorded as an ``@cancelled`` event step, and it never runs again.

Works on every store. The event step (who, why, when; status ``cancelled``) is saved
with the ordinary version check and without holding the run, so it lands even while
another process advances the run: that process's node finishes, its save is refused,
and the harness reports ``RunCancelled`` instead of running anything more. A queued run
(PostgreSQL) also leaves the queue: no worker claims it, and the worker holding it
loses its lease. A run submitted but not started yet gets the event as its first step.
"""

from __future__ import annotations

from collections.abc import Callable

from .adapters import Adapter
from .checkpoint import EVENT, Checkpoint, now
from .errors import InputError, NotCancellable, RunNotFound, VersionConflict
from .graph import END, Graph
from .queue_admin import mark_cancelled, queued
from .queue_sealing import queued_inputs
from .runner import CANCELLED, save_event, unstarted
from .stores import RunQueue, Store, check_run_id, queue_of

ATTEMPTS = 20  # saves refused because the run moved on, before giving up
Resolve = Callable[[str, str], tuple[Graph, Adapter]]


def cancel(
    store: Store,
    run_id: str,
    *,
    by: str,
    reason: str | None = None,
    resolve: Resolve | None = None,
) -> Checkpoint:
    """Cancel ``run_id`` as ``by`` (and why); return the run as it now stands.

    Cancelling a cancelled run again returns it unchanged. A finished run is refused
    (``NotCancellable``). ``resolve(graph_ref, adapter_ref)`` gives the graph and adapter
    of a queued run that has not started, so its event step can be its first.
    """
    if not isinstance(by, str) or not by.strip():
        raise InputError("--by", "must name who cancels")
    if reason is not None and (not isinstance(reason, str) or len(reason) > 2000):
        raise InputError("--reason", "must be text of at most 2000 characters")
    check_run_id(run_id)
    queue = queue_of(store)
    why = f"cancelled by {by}" + (f": {reason}" if reason else "")
    for _ in range(ATTEMPTS):
        current = store.load(run_id) or _unstarted(store, queue, run_id, resolve)
        if current.status == CANCELLED:
            _leave_queue(queue, run_id, why)
            return current
        if current.next == END:
            raise NotCancellable(run_id, current.status)
        event = {"action": "cancel", "by": by, "at": now()}
        if reason:
            event["reason"] = reason
        try:
            saved = save_event(store, current, "@cancelled", CANCELLED, {EVENT: event})
        except VersionConflict:
            continue  # a node was saved meanwhile: cancel after it
        _leave_queue(queue, run_id, why)
        return saved
    raise VersionConflict(run_id, None, None)


def _unstarted(
    store: Store, queue: RunQueue | None, run_id: str, resolve: Resolve | None
) -> Checkpoint:
    row = queued(queue, run_id) if queue is not None else None
    if row is None:
        raise RunNotFound(store.url, run_id)
    if resolve is None:
        raise InputError("resolve", f"run {run_id!r} has not started: its graph is needed")
    graph, adapter = resolve(row.graph_ref, row.adapter_ref)
    return unstarted(graph, adapter, queued_inputs(store, run_id, row.inputs), run_id)


def _leave_queue(queue: RunQueue | None, run_id: str, why: str) -> None:
    if queue is not None:
        mark_cancelled(queue, run_id, why)


__all__ = ["cancel"]
