"""``Stranded``: a run a graph cannot continue as saved (``stepgraph migrate --list``).
Importable from ``stepgraph`` and ``stepgraph.migrations``, where it loads on first use."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, kw_only=True)
class Stranded:
    """A run ``graph`` cannot continue as saved: ``migratable`` when a chain moves it."""

    run_id: str
    status: str
    next: str
    revision: int
    migratable: bool
    why: str
