"""Stopping a run to wait: for a person's decision, for data, or for a retry time.

A node returns ``Wait(...)`` instead of an update when it cannot go on without someone:
the harness saves the step with what the run waits for (the ``@wait`` key of the step),
sets the run's status, and keeps the cursor on the same node. Nothing runs while the
wait is open: ``run``/``resume`` return at once. A decision (``events.decide``) or
supplied data (``events.supply``) is recorded as an event step that closes the wait;
the next ``resume`` runs the node again, and it finds the decision in its state.

The harness opens two more kinds itself: when a model provider keeps failing it
records a ``retry`` wait with the reason and the earliest time to try again, and when a
provider fails in a way retrying cannot fix it records a ``failed`` wait with the error.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from .checkpoint import json_copy
from .errors import InputError
from .records import dataclass, field

STANDARD_CHOICES: Mapping[str, str] = {
    "approve": "approved",
    "reject": "rejected",
    "revise": "revising",
}
"""The review choices most decisions offer, each with the status it moves the run to
(a format-2 store writes a wait that offers them without spelling them out)."""


@dataclass(frozen=True, kw_only=True)
class Wait:
    """What a node returns to stop the run until a person acts.

    ``kind`` is ``decision`` (someone picks one of ``choices``, each naming the status
    the run moves to) or ``data`` (someone supplies input values). ``key`` is the state
    key a decision is written to. ``digest`` binds a decision to the exact content the
    person saw: a decision for any other digest is refused. ``update`` is saved with the
    step like a node's update; ``ask`` is what to show the person (JSON data).
    """

    kind: Literal["decision", "data"]
    status: str
    reason: str
    key: str = "decision"
    choices: Mapping[str, str] = field(default_factory=dict)
    digest: str | None = None
    update: Mapping[str, Any] = field(default_factory=dict)
    ask: Mapping[str, Any] = field(default_factory=dict)

    def record(self, node: str) -> dict[str, Any]:
        """The ``@wait`` record saved with the step (validated here, at the node)."""
        if self.kind not in ("decision", "data"):
            raise InputError("wait.kind", f"must be 'decision' or 'data', not {self.kind!r}")
        for name in ("status", "reason", "key"):
            value = getattr(self, name)
            if not isinstance(value, str) or not value:
                raise InputError(f"wait.{name}", f"must be a non-empty string, not {value!r}")
        if self.key.startswith("@"):
            raise InputError("wait.key", "must not start with '@' (reserved for the harness)")
        if self.kind == "decision" and not self.choices:
            raise InputError("wait.choices", "a decision needs at least one choice")
        record: dict[str, Any] = {
            "kind": self.kind,
            "node": node,
            "status": self.status,
            "reason": self.reason,
            "key": self.key,
        }
        if self.choices:
            record["choices"] = json_copy(dict(self.choices), "wait.choices")
        if self.digest is not None:
            record["digest"] = self.digest
        if self.ask:
            record["ask"] = json_copy(dict(self.ask), "wait.ask")
        return record


def retry_wait(node: str, reason: str, not_before: str, stops: int = 0) -> dict[str, Any]:
    """The ``@wait`` record of a retry-later stop; ``stops``: provider stops in a row."""
    record = {"kind": "retry", "node": node, "reason": reason, "not_before": not_before}
    return {**record, "stops": stops} if stops else record


def failed_wait(node: str, error: str, reason: str, http_status: int | None) -> dict[str, Any]:
    """The ``@wait`` record of a failure that is never retried (``error`` is a class name)."""
    record: dict[str, Any] = {"kind": "failed", "node": node, "error": error, "reason": reason}
    if http_status is not None:
        record["http_status"] = http_status
    return record
