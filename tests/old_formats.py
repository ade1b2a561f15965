"""What the tests of older record formats share: a copy of a fixture's stores, each run
read as its own code read it, and old runs resumed and approved with today's code."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path
from typing import Any

from stepgraph import Policy, decide, open_store, resume
from stepgraph.offers import FixtureAdapter, graph
from stepgraph.stores import Store

FIXTURES = Path(__file__).resolve().parent / "fixtures"
POLICY = Policy.from_mapping({"approve": ["ada"]})


def old_store(fixture: Path, tmp_path: Path, kind: str) -> Store:
    """A copy of ``fixture``'s SQLite file (``kind`` sqlite) or ``file:`` folder, opened."""
    if kind == "sqlite":
        shutil.copy(fixture / "runs.db", tmp_path / "runs.db")
        return open_store(f"sqlite:{tmp_path / 'runs.db'}")
    shutil.copytree(fixture / "runs", tmp_path / "runs")
    return open_store(f"file:{tmp_path / 'runs'}")


def as_read(store: Store, run_id: str) -> dict[str, Any]:
    """A run as the fixture's ``expected.json`` records what its own code read."""
    cp = store.load(run_id)
    assert cp is not None
    history = [dataclasses.asdict(entry) for entry in store.history(run_id)]
    return {"format": cp.format, "status": cp.status, "next": cp.next, "state": cp.state,
            "wait": cp.wait, "sum": cp.sum, "history": history}  # fmt: skip


def resume_and_approve(store: Store) -> list[int]:
    """Resume the fixture's paused run and approve its ready one; the formats both are
    then stored in."""
    paused = resume(graph, run_id="paused", adapter=FixtureAdapter(), store=store)
    assert paused.status == "ready_for_review"
    ready = store.load("ready")
    assert ready is not None
    assert ready.wait is not None
    decide(store, "ready", verdict="approve", actor="ada", policy=POLICY,
           digest_seen=str(ready.wait["digest"]))  # fmt: skip
    done = resume(graph, run_id="ready", adapter=FixtureAdapter(), store=store)
    assert done.status == "approved"
    return [found.format for found in map(store.load, ("ready", "paused")) if found]
