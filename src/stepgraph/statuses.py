"""The run statuses every interface reports: one vocabulary for ``status``, ``show``,
``runs``, ``--json`` and the review page.

A run's status is its checkpoint's, with one addition the checkpoint cannot know: a run
the queue dead-lettered is ``dead`` (read through the store's ``RunQueue`` capability),
unless it already stopped as ``failed`` or ``cancelled``, which say more about why.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .checkpoint import EVENT, Checkpoint
from .records import dataclass, replace
from .stores import RunQueue, Store

if TYPE_CHECKING:
    from .stores.summaries import DeadLetter, RunSummary

RUNNING = "running"
READY_FOR_REVIEW = "ready_for_review"
WAITING_FOR_DATA = "waiting_for_data"
BLOCKED = "blocked"
RETRY_LATER = "retry_later"
NEEDS_RECONCILIATION = "needs_reconciliation"
FAILED = "failed"
DEAD = "dead"
CANCELLED = "cancelled"
STRANDED = "stranded"

STATUSES: dict[str, str] = {
    RUNNING: "in progress, or paused by --max-steps",
    READY_FOR_REVIEW: "the checks passed; a person must still read the report",
    "approved": "a person approved the report",
    "rejected": "a person rejected the report",
    "revising": "a person sent the report back to be drafted again",
    WAITING_FOR_DATA: "a price (data) is missing",
    BLOCKED: "verify refused the report",
    RETRY_LATER: "a provider failed transiently; not before the time shown",
    NEEDS_RECONCILIATION: "an effect's outcome was lost",
    FAILED: "a failure retrying cannot fix (auth, quota, refusal, bad request, truncated "
    "output); fix it, then resume --now",
    DEAD: "dead-lettered by the queue (PostgreSQL workers), with its reason",
    CANCELLED: "cancelled by a person; it never runs again",
    STRANDED: "saved by an older graph revision that no declared migration moves; "
    "declare one, then stepgraph migrate",
}
"""Every run status the harness and the offers graph use, with what it means."""

_OWN_STOPS = (FAILED, CANCELLED)  # a run's own final word beats the queue's dead letter


@dataclass(frozen=True, kw_only=True)
class Standing:
    """Where a run stands: its status, why (when it stopped), and its checkpoint.

    ``checkpoint`` is None for a run the queue dead-lettered before it saved a step.
    """

    run_id: str
    graph: str
    status: str
    reason: str | None
    checkpoint: Checkpoint | None


def standing_of(cp: Checkpoint, dead: DeadLetter | None = None) -> Standing:
    """The standing of a loaded run, given the queue's dead letter for it if any."""
    if dead is not None and cp.status not in _OWN_STOPS:
        return Standing(run_id=cp.run_id, graph=cp.parts.graph, status=DEAD,
                        reason=dead.reason, checkpoint=cp)  # fmt: skip
    return Standing(run_id=cp.run_id, graph=cp.parts.graph, status=cp.status,
                    reason=_reason(cp), checkpoint=cp)  # fmt: skip


def standing(store: Store, run_id: str) -> Standing | None:
    """Where ``run_id`` stands in ``store`` (its checkpoint and the queue); None if unknown."""
    cp = store.load(run_id)
    dead = _dead_letters(store, [run_id]).get(run_id)
    if cp is not None:
        return standing_of(cp, dead)
    if dead is not None:
        return Standing(run_id=run_id, graph=dead.graph, status=DEAD, reason=dead.reason,
                        checkpoint=None)  # fmt: skip
    return None


def list_runs(store: Store, *, status: str | None = None) -> list[RunSummary]:
    """The store's runs, newest first, with the statuses above (``dead`` included)."""
    dead = _dead_letters(store, None)
    if not dead:
        return store.list_runs(status=status)
    rows = []
    for found in store.list_runs():
        letter = dead.pop(found.run_id, None)
        dead_now = letter is not None and found.status not in _OWN_STOPS
        rows.append(replace(found, status=DEAD) if dead_now else found)
    from .stores.summaries import RunSummary  # a listing with dead letters

    rows.extend(RunSummary(run_id=letter.run_id, graph=letter.graph, status=DEAD, next="",
                           version=0, updated_at=letter.at)
                for letter in dead.values())  # fmt: skip
    rows.sort(key=lambda row: (row.updated_at, row.run_id), reverse=True)
    return [row for row in rows if status is None or row.status == status]


def _dead_letters(store: Store, run_ids: list[str] | None) -> dict[str, DeadLetter]:
    if not isinstance(store, RunQueue):
        return {}
    return {letter.run_id: letter for letter in store.dead_letters(run_ids)}


def _reason(cp: Checkpoint) -> str | None:
    """Why the run stands where it does: a cancellation's reason, else its wait's."""
    if cp.status == CANCELLED:
        event: Any = cp.update.get(EVENT)
        if isinstance(event, dict):
            given = event.get("reason") or event.get("note")
            if given:
                return str(given)
    wait = cp.wait
    if wait is not None and wait.get("reason"):
        if wait.get("kind") == "failed":
            return f"{wait.get('error')}: {wait.get('reason')}"
        return str(wait["reason"])
    return None
