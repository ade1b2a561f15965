"""What listing runs returns: ``RunSummary`` (one run) and ``DeadLetter`` (a run the
queue gave up on). Importable from ``stepgraph.stores``, where they load on first use."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, kw_only=True)
class RunSummary:
    """One line of ``list_runs``: where a run stands."""

    run_id: str
    graph: str
    status: str
    next: str
    version: int
    updated_at: str


@dataclass(frozen=True, kw_only=True)
class DeadLetter:
    """A run the queue gave up on: why, and when (ISO 8601 UTC)."""

    run_id: str
    graph: str
    reason: str
    at: str
