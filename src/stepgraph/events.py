"""What people do to a run between nodes: decide, supply data, reconcile an effect.

Each action is checked (the policy, the run's wait, the digest of what the person saw)
and then recorded as an event step in the run's history, inside the checksum chain,
with who, when and what. Nothing runs here: the caller resumes the run afterwards,
and the node that waited finds the decision (or the new inputs) in its state.

Every action holds the run while it checks and records, so two people acting at once
cannot both succeed: the second is refused (``RunBusy``, or ``AlreadyDecided`` once
the first decision is recorded). Repeating exactly the same decision returns the run
as it is, without recording it twice. ``on_event`` receives an ``EventRecorded`` for
the event step saved (none when nothing was recorded).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from .checkpoint import (
    EVENT,
    INPUTS,
    Checkpoint,
    canonical_json,
    digest,
    json_copy,
    now,
)
from .errors import (
    AlreadyDecided,
    DigestMismatch,
    InputError,
    NotWaiting,
    RunNotFound,
)
from .logs import log_event, wanted
from .policy import Policy
from .runner import save_event
from .stores import Store, check_run_id
from .stream import EventCallback, EventRecorded, deliver

RUNNING = "running"


def _load(store: Store, run_id: str) -> Checkpoint:
    current = store.load(run_id)
    if current is None:
        raise RunNotFound(store.url, run_id)
    return current


def _waiting(current: Checkpoint, kind: str) -> dict[str, Any]:
    wait = current.wait
    if wait is None or wait.get("kind") != kind:
        raise NotWaiting(current.run_id, current.status, f"a {kind}")
    return wait


def decide(
    store: Store,
    run_id: str,
    *,
    verdict: str,
    actor: str,
    digest_seen: str,
    policy: Policy,
    note: str | None = None,
    on_event: EventCallback | None = None,
) -> Checkpoint:
    """Record ``actor``'s ``verdict`` on the content whose digest they saw.

    Refused unless the policy lets ``actor`` give ``verdict``, the run waits for a
    decision offering it, and ``digest_seen`` is the digest of the content now waiting.
    The same decision again returns the run unchanged; a different one after a decision
    raises ``AlreadyDecided``.
    """
    policy.check(actor, verdict)
    if note is not None and not isinstance(note, str):
        raise InputError("note", "must be text")
    with store.hold(check_run_id(run_id)):
        current = _load(store, run_id)
        wait = current.wait
        if wait is None or wait.get("kind") != "decision":
            return _decided_before(store, current, verdict, actor, digest_seen)
        choices = wait.get("choices") or {}
        if verdict not in choices:
            raise InputError("verdict", f"must be one of {', '.join(choices)}, not {verdict!r}")
        expected = wait.get("digest")
        if expected is not None and digest_seen != expected:
            raise DigestMismatch(run_id, str(expected), str(digest_seen))
        decision = {"verdict": verdict, "by": actor, "at": now(), "digest": digest_seen}
        if note:
            decision["note"] = note
        update = {str(wait["key"]): decision, EVENT: {"action": verdict, **decision}}
        saved = save_event(store, current, "@decision", str(choices[verdict]), update)
    return _recorded(on_event, saved, actor)


def _decided_before(
    store: Store, current: Checkpoint, verdict: str, actor: str, digest_seen: str
) -> Checkpoint:
    """The same decision again is a no-op; anything else is refused with what happened."""
    for entry in reversed(store.history(current.run_id)):
        if entry.node != "@decision":
            continue
        event = entry.update.get(EVENT) or {}
        if event.get("digest") != digest_seen:
            break  # the latest decision was on other content
        if (event.get("action"), event.get("by")) == (verdict, actor):
            return current
        raise AlreadyDecided(current.run_id, dict(event))
    raise NotWaiting(current.run_id, current.status, "a decision")


def supply(
    store: Store,
    run_id: str,
    *,
    changes: Mapping[str, Any] | None = None,
    actor: str,
    policy: Policy,
    note: str | None = None,
    on_event: EventCallback | None = None,
    state: Mapping[str, Any] | None = None,
) -> Checkpoint:
    """Give a run waiting for data what it lacks, as one event step.

    ``changes`` replace input keys and rebind the run's fingerprint to them; ``state``
    replaces state keys a node produced (data a node fetched), leaving the inputs and
    the fingerprint as they were. The event records who, when, which keys, and the
    inputs' digest before and after: a transition, never a silent change. The run's
    cursor stays on the node that waited, which runs again on the next resume.
    """
    policy.check(actor, "supply")
    data = _supplied_keys(changes, "changes")
    values = _supplied_keys(state, "state")
    if not data and not values:
        raise InputError("changes", "must be a non-empty object of input keys (or give state)")
    with store.hold(check_run_id(run_id)):
        current = _load(store, run_id)
        _waiting(current, "data")
        inputs = {**current.inputs, **data}
        parts = replace(current.parts, inputs=digest(canonical_json(inputs)))
        event = {"action": "supply", "by": actor, "at": now(), "keys": sorted(data),
                 "inputs_before": current.parts.inputs, "inputs_after": parts.inputs}  # fmt: skip
        if values:
            event["state_keys"] = sorted(values)
        if note:
            event["note"] = note
        update = {**values, EVENT: event}
        if data:
            update[INPUTS] = data
        saved = save_event(store, current, "@supply", RUNNING, update,
                           parts=parts if data else None)  # fmt: skip
    return _recorded(on_event, saved, actor)


def _supplied_keys(given: Mapping[str, Any] | None, field: str) -> dict[str, Any]:
    """A copy of supplied keys (none when not given); reserved ``@`` keys are refused."""
    if given is None:
        return {}
    if not isinstance(given, Mapping):
        raise InputError(field, "must be an object of keys")
    data: dict[str, Any] = json_copy(dict(given), field)
    for key in data:
        if key.startswith("@"):
            raise InputError(f"{field}.{key}", "keys starting with '@' are reserved")
    return data


def reconcile(
    store: Store,
    run_id: str,
    *,
    happened: bool,
    actor: str,
    policy: Policy,
    outcome: Any = None,
    note: str | None = None,
    on_event: EventCallback | None = None,
) -> Checkpoint:
    """Record whether an effect whose outcome was lost took place downstream.

    ``happened``: the effect's recorded outcome becomes ``outcome`` and it is never
    called again. Not happened: the next resume calls it again, with the same key.
    """
    policy.check(actor, "reconcile")
    with store.hold(check_run_id(run_id)):
        current = _load(store, run_id)
        wait = _waiting(current, "reconcile")
        slot = str(wait["slot"])
        record: dict[str, Any] = {"status": "done" if happened else "absent", "key": wait["key"],
                                  "reconciled_by": actor, "at": now()}  # fmt: skip
        if happened:
            record["outcome"] = json_copy(outcome, "outcome")
        store.record_generation(run_id, slot, record)
        event = {"action": "reconcile", "by": actor, "at": record["at"], "key": wait["key"],
                 "happened": happened}  # fmt: skip
        if note:
            event["note"] = note
        saved = save_event(store, current, "@reconciled", RUNNING, {EVENT: event})
    return _recorded(on_event, saved, actor)


def _recorded(on_event: EventCallback | None, saved: Checkpoint, actor: str) -> Checkpoint:
    """Announce the event step just saved (``EventRecorded``) and return it."""
    if on_event is not None or wanted():
        event = EventRecorded(run_id=saved.run_id, name=saved.step, actor=actor,
                              version=saved.version)  # fmt: skip
        log_event(event)
        deliver(on_event, event)
    return saved


__all__ = ["decide", "reconcile", "supply"]
