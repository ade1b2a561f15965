"""The offers graph's migrations from its earlier revisions (see docs/migration.md).

Revisions 2 (claim checks) and 3 (the report schema, the repair loop) changed what the
nodes do, not the nodes, the state keys or where a run stands: a run saved by them
moves as it is. Revision 4 made the two stops of revision 3 into waits for people:

* a report that passed (``ready_for_review``, finished under revision 3) goes back to
  ``verify``, which checks it again and waits for a reviewer's decision on its digest;
* a missing price (``waiting_for_data``, finished) goes back to ``inspect``, which
  waits for the data to be supplied.

Anything else (blocked, or a run between nodes) keeps its cursor: the nodes kept their
names. ``publish`` is new and only reached after an approval.

Revision 5 made the report carry structured claims that verify checks exactly, and
reads the rationale fail-safe with a length cap. A report revision 4 passed and that
waits for a reviewer (``ready_for_review`` at ``verify``) is checked again by revision
5's ``verify`` before anyone decides on it: the migration sets its status back to
``running``, so its decision wait is dropped and ``verify`` runs on the next resume
(it waits again, on the new digest, or blocks, and the repair loop drafts a report
with claims). A decision already recorded is kept; ``verify`` applies it only if the
digest of what the person saw still matches.
"""

from __future__ import annotations

from typing import Any

from ..migrations import END, Migration

REOPENED = {"ready_for_review": "verify", "waiting_for_data": "inspect"}
"""Revision 3's finished statuses that revision 4 turned into waits, and where."""


def people_in_the_loop(state: dict[str, Any], cursor: str) -> tuple[dict[str, Any], str]:
    """3 -> 4: a finished run that revision 4 would have stopped at a wait goes back to it."""
    if cursor == END and state.get("status") in REOPENED:
        return state, REOPENED[str(state["status"])]
    return state, cursor


def recheck_claims(state: dict[str, Any], cursor: str) -> tuple[dict[str, Any], str]:
    """4 -> 5: a report waiting for review is verified again under the claim checks."""
    if cursor == "verify" and state.get("status") == "ready_for_review":
        return {**state, "status": "running"}, cursor
    return state, cursor


MIGRATIONS = (
    Migration(from_revision=1, to_revision=2),
    Migration(from_revision=2, to_revision=3),
    Migration(from_revision=3, to_revision=4, migrate=people_in_the_loop),
    Migration(from_revision=4, to_revision=5, migrate=recheck_claims),
)
