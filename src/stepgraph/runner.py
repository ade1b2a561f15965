"""The harness: run one node at a time and save a checkpoint after each.

``run`` starts a run or continues it; ``resume`` continues one by id. Both load the
run's checkpoint, refuse it when the fingerprint parts differ, and then, until the
cursor is END or ``max_steps`` nodes ran in this call: run the node on a deep copy of
the state, merge its update, pick the next node, save. A node that raises saves
nothing, so the run stays resumable at that node.

A run that waits (``waits.Wait``) runs nothing until the wait is closed by an event.
A side effect whose outcome was lost (``EffectUnknown``) stops the run in
``needs_reconciliation`` with a ``@reconcile`` event. A run saved by an older revision
is first moved by the graph's declared migrations (``migrations.py``, an ``@migrated``
step), or refused with ``StrandedRun`` naming the gap. When a model provider keeps
failing, the harness saves a ``@retry_later`` event step
(status ``retry_later``, the reason and the earliest time) before raising
``RetryLater``; a resume before that time is refused with the same error. A provider
failure that is never retried (quota, key, bad request, refusal, truncated answer) is
saved as a ``@failed`` event step (status ``failed``, the error class and reason) before
the ``NodeError`` is raised; a later call refuses the run (``RunFailed``) unless ``early``.
A cancelled run (``cancel.py``) never runs again: ``RunCancelled``, also when it
was cancelled while a node ran (that node's save is refused).
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from .adapters import Adapter
from .checkpoint import (
    EVENT,
    INPUTS,
    WAIT,
    Checkpoint,
    Parts,
    canonical_json,
    digest,
    json_copy,
    json_encode,
    now,
    state_part,
)
from .context import Context
from .errors import (
    CheckpointCorrupt,
    EdgeError,
    EffectUnknown,
    FingerprintMismatch,
    InputError,
    NodeError,
    NodeTimeout,
    ProviderError,
    RetryLater,
    RunCancelled,
    RunFailed,
    RunNotFound,
    StoreError,
    VersionConflict,
)
from .graph import END, Branch, Graph, Node
from .migrations import apply_migrations, needs_migration
from .retry import DEFAULT_RETRY, Budget, RetryPolicy, later_than
from .stores import Store, check_run_id
from .waits import Wait, failed_wait, retry_wait

ADAPTER_ID_RULE = (
    "must be a non-empty string: the id names the model configuration in the run's "
    "fingerprint, so an empty id could not tell two configurations apart "
    "(the seed accepts ''; see docs/seed.md)"
)
RUNNING = "running"
DONE = "done"
RETRY_LATER = "retry_later"
NEEDS_RECONCILIATION = "needs_reconciliation"
FAILED = "failed"
CANCELLED = "cancelled"


@dataclass(frozen=True, kw_only=True)
class RunResult:
    """Where a run stands after a call: ``next`` is END when it finished."""

    run_id: str
    status: str
    next: str
    trace: tuple[str, ...]
    state: dict[str, Any]
    version: int
    steps: int
    checkpoint: Checkpoint

    @property
    def finished(self) -> bool:
        """True when the run reached END."""
        return self.next == END


def run(
    graph: Graph,
    *,
    inputs: Mapping[str, Any],
    adapter: Adapter,
    store: Store,
    run_id: str | None = None,
    max_steps: int | None = None,
    stop: Callable[[], bool] | None = None,
    retry: RetryPolicy | None = None,
    early: bool = False,
) -> RunResult:
    """Start the run for ``inputs``, or continue it if it exists.

    Without ``run_id`` the id is derived from the fingerprint, so repeating a call with
    the same graph, adapter and inputs returns the same run instead of starting again.
    Raises ``FingerprintMismatch`` when an existing run was started differently.
    ``stop`` is asked before each node; when it returns True the call returns, paused.
    ``retry`` is how provider failures are retried (``RetryPolicy()`` by default).
    A run stopped by ``RetryLater`` refuses to continue before its ``not_before`` time
    (raising ``RetryLater`` again) unless ``early`` is True.
    """
    limit = _check_limit(max_steps)
    if not isinstance(inputs, Mapping):
        raise InputError("inputs", f"must be an object, not {type(inputs).__name__}")
    data, inputs_text = json_encode(inputs)
    parts = _parts(graph, adapter, digest(canonical_json(data)))
    fingerprint = parts.fingerprint()
    rid = check_run_id(run_id) if run_id is not None else _derived_id(graph, fingerprint)
    with store.hold(rid):
        current = store.load(rid)
        if current is not None:
            current = _migrated(store, graph, current, parts)
            _check_parts(graph, current, parts)
        return _drive(
            graph,
            adapter=adapter,
            store=store,
            run_id=rid,
            current=current,
            inputs=data,
            inputs_text=inputs_text,
            parts=parts,
            limit=limit,
            stop=stop,
            retry=retry,
            early=early,
        )


def resume(
    graph: Graph,
    *,
    run_id: str,
    adapter: Adapter,
    store: Store,
    inputs: Mapping[str, Any] | None = None,
    max_steps: int | None = None,
    stop: Callable[[], bool] | None = None,
    retry: RetryPolicy | None = None,
    early: bool = False,
) -> RunResult:
    """Continue the run ``run_id`` from its saved cursor.

    With ``inputs``, they must be the ones the run started with. Raises ``RunNotFound``
    for an unknown id and ``FingerprintMismatch`` when anything bound to it changed.
    """
    limit = _check_limit(max_steps)
    given: str | None = None
    if inputs is not None:
        if not isinstance(inputs, Mapping):
            raise InputError("inputs", f"must be an object, not {type(inputs).__name__}")
        given = digest(canonical_json(json_copy(inputs)))
    with store.hold(check_run_id(run_id)):
        current = store.load(run_id)
        if current is None:
            raise RunNotFound(store.url, run_id)
        parts = _parts(graph, adapter, given or current.parts.inputs)
        current = _migrated(store, graph, current, parts)
        _check_parts(graph, current, parts)
        return _drive(
            graph,
            adapter=adapter,
            store=store,
            run_id=run_id,
            current=current,
            inputs=current.inputs,
            inputs_text=None,
            parts=parts,
            limit=limit,
            stop=stop,
            retry=retry,
            early=early,
        )


def derive_run_id(graph: Graph, adapter: Adapter, inputs: Mapping[str, Any]) -> str:
    """The run id ``run`` uses when none is given: the same for the same fingerprint."""
    data, _ = json_encode(inputs)
    return _derived_id(graph, _parts(graph, adapter, digest(canonical_json(data))).fingerprint())


def _derived_id(graph: Graph, fingerprint: str) -> str:
    return f"{graph.name}-{fingerprint[:20]}"


def _check_limit(max_steps: object) -> int | None:
    if max_steps is None:
        return None
    if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
        raise InputError("max_steps", f"must be a positive integer, not {max_steps!r}")
    return max_steps


def _parts(graph: Graph, adapter: Adapter, inputs_digest: str) -> Parts:
    adapter_id = adapter.id
    if not isinstance(adapter_id, str) or not adapter_id:
        raise InputError("adapter.id", f"{ADAPTER_ID_RULE}, not {adapter_id!r}")
    return Parts(
        graph=graph.name,
        shape=graph.shape,
        revision=graph.revision,
        adapter=adapter_id,
        inputs=inputs_digest,
    )


def _migrated(store: Store, graph: Graph, current: Checkpoint, given: Parts) -> Checkpoint:
    """``current`` moved to the graph's revision by its declared migrations (an
    ``@migrated`` step) when only the revision or shape differ; ``StrandedRun`` when no
    migration leads there. Anything else that differs is left to ``_check_parts``."""
    if not needs_migration(graph, current):
        return current
    if replace(current.parts, revision=given.revision, shape=given.shape) != given:
        return current
    return apply_migrations(store, graph, current)


def _check_parts(graph: Graph, current: Checkpoint, given: Parts) -> None:
    stored = current.parts
    part = stored.first_difference(given)
    if part is not None:
        old, new = stored.as_dict()[part], given.as_dict()[part]
        if part == "inputs":
            old, new = f"sha256:{str(old)[:12]}", f"sha256:{str(new)[:12]}"
        raise FingerprintMismatch(current.run_id, part, old, new)
    if current.next != END and current.next not in graph.nodes:
        raise CheckpointCorrupt(
            current.run_id, f"next is {current.next!r}, not a node of the graph"
        )


def _drive(
    graph: Graph,
    *,
    adapter: Adapter,
    store: Store,
    run_id: str,
    current: Checkpoint | None,
    inputs: dict[str, Any],
    inputs_text: str | None,
    parts: Parts,
    limit: int | None,
    stop: Callable[[], bool] | None,
    retry: RetryPolicy | None = None,
    early: bool = False,
) -> RunResult:
    if current is None:
        state: dict[str, Any] = dict(inputs)
        values: dict[str, Any] = {}
        trace: tuple[str, ...] = ()
        cursor, version, created = graph.entry, 0, ""
    else:
        state, values = current.state, current.values
        cursor, version = current.next, current.version
        trace = current.trace
        created = current.created_at
        refuse_cancelled(current)
        if _still_waiting(current, early):
            return _result(current, state, 0)
    fingerprint = parts.fingerprint() if current is None else current.fingerprint
    steps = 0
    journal = store.generations(run_id) if cursor != END else {}
    budget = Budget(retry)
    while cursor != END and (limit is None or steps < limit):
        if stop is not None and current is not None and stop():
            break  # asked to stop between nodes (a worker shutting down); a new run has
            # no checkpoint to stop at yet, so its first node always runs
        name = cursor
        context = Context(
            run_id=run_id,
            node=name,
            adapter=adapter,
            store=store,
            visit=len(trace) + 1,  # the node's step number: events between do not count
            journal=journal,
            retry=retry,
            deadline=_deadline(graph.nodes[name]),
            budget=budget,
        )
        try:
            outcome = _call(graph.nodes[name], name, _clone(state), context)
        except (RetryLater, EffectUnknown, NodeError) as stop_now:
            base = current or _unsaved(run_id, parts, inputs, name)
            current = _stop(store, base, name, stop_now, retry or DEFAULT_RETRY)
            break
        wait = outcome if isinstance(outcome, Wait) else None
        update, update_text = _checked_update(name, wait.update if wait else outcome)
        state = {**state, **update}
        if wait is not None:
            update = {**update, WAIT: _wait_record(name, wait)}
            update_text = ""
            cursor, status = name, wait.status  # run the node again once the wait closes
        else:
            cursor = _pick(graph, name, state)
            given = state.get("status")
            status = given if isinstance(given, str) and given else _default_status(cursor)
        values = {**values, **state_part(update)}
        trace = (*trace, name)
        stamp = now()
        created = created or stamp
        current = _save_unless_cancelled(
            store,
            Checkpoint(
                run_id=run_id,
                parts=parts,
                fingerprint=fingerprint,
                inputs=inputs,
                values=values,
                next=cursor,
                status=status,
                trace=trace,
                update=update,
                version=version + 1,
                created_at=created,
                updated_at=stamp,
                sum=current.sum if current is not None else "",
                texts={"update": update_text, "inputs": inputs_text or ""},
            ),
            version or None,
        )
        version += 1
        steps += 1
        if wait is not None:
            break
    if current is None:  # unreachable: a new run always completes its first step or raises
        raise RunNotFound(store.url, run_id)
    return _result(current, state, steps)


def refuse_cancelled(current: Checkpoint) -> None:
    """Raise ``RunCancelled`` if ``current`` was cancelled: it never runs again."""
    if current.status == CANCELLED:
        found = current.update.get(EVENT)
        event = found if isinstance(found, dict) else {}
        reason = event.get("reason")
        raise RunCancelled(current.run_id, str(event.get("by", "?")),
                           reason if isinstance(reason, str) else None,
                           str(event.get("at", current.updated_at)))  # fmt: skip


def _save_unless_cancelled(
    store: Store, checkpoint: Checkpoint, expected: int | None
) -> Checkpoint:
    """Save; when another writer got there first because the run was cancelled meanwhile
    (its node finished, nothing more runs, nothing is saved), ``RunCancelled`` instead."""
    try:
        return store.save(checkpoint, expected_version=expected)
    except VersionConflict:
        latest = store.load(checkpoint.run_id)
        if latest is not None:
            refuse_cancelled(latest)
        raise


def _stop(
    store: Store,
    current: Checkpoint,
    name: str,
    error: RetryLater | EffectUnknown | NodeError,
    policy: RetryPolicy,
) -> Checkpoint:
    """Save why the run stopped at ``name``; re-raise ``RetryLater`` once it is saved.

    A ``NodeError`` is re-raised; a provider failure retrying cannot fix is saved first.
    A provider's stop counts against the run: the pause grows with each stop in a row,
    and after ``policy.later_stops`` the run is saved ``failed`` for a person instead
    (``RunFailed``).
    """
    if isinstance(error, NodeError):
        _save_if_failed(store, current, name, error)
        raise error
    if isinstance(error, RetryLater):
        cause = error.__cause__
        if not isinstance(cause, ProviderError):  # a spent budget: go on at once next time
            record = retry_wait(name, error.reason, error.not_before)
            save_event(store, current, "@retry_later", RETRY_LATER, {WAIT: record})
            raise error
        prior = current.wait or {}
        stops = int(prior.get("stops", 0)) + 1 if prior.get("kind") == "retry" else 1
        pause = policy.later(stops)
        if pause is None:
            kind = type(cause).__name__
            record = {**failed_wait(name, kind, error.reason, cause.status), "stops": stops - 1}
            save_event(store, current, "@failed", FAILED, {WAIT: record})
            raise RunFailed(current.run_id, name, kind, error.reason) from cause
        not_before = max(error.not_before, later_than(pause))
        record = retry_wait(name, error.reason, not_before, stops)
        save_event(store, current, "@retry_later", RETRY_LATER, {WAIT: record})
        if not_before == error.not_before:
            raise error
        raise RetryLater(error.reason, not_before) from cause
    record = {"kind": "reconcile", "node": name, "effect": error.effect, "key": error.key,
              "slot": error.slot, "reason": str(error)}  # fmt: skip
    return save_event(store, current, "@reconcile", NEEDS_RECONCILIATION, {WAIT: record})


def _save_if_failed(store: Store, current: Checkpoint, name: str, error: NodeError) -> None:
    """Save a ``@failed`` step when ``error`` is a provider failure retrying cannot fix."""
    cause = error.__cause__
    if isinstance(cause, ProviderError) and not cause.retryable:
        record = failed_wait(name, type(cause).__name__, str(cause), cause.status)
        save_event(store, current, "@failed", FAILED, {WAIT: record})


def _wait_record(name: str, wait: Wait) -> dict[str, Any]:
    try:
        return wait.record(name)
    except InputError as error:
        raise NodeError(name, f"returned an invalid Wait: {error}") from None


def _default_status(cursor: str) -> str:
    return DONE if cursor == END else RUNNING


def _result(current: Checkpoint, state: dict[str, Any], steps: int) -> RunResult:
    return RunResult(
        run_id=current.run_id,
        status=current.status,
        next=current.next,
        trace=current.trace,
        state=state,
        version=current.version,
        steps=steps,
        checkpoint=current,
    )


def _still_waiting(current: Checkpoint, early: bool) -> bool:
    """True when the run waits on a person; ``RetryLater`` when its retry time is ahead;
    ``RunFailed`` when it failed, unless ``early``."""
    wait = current.wait
    if wait is None:
        return False
    if wait.get("kind") == "failed":
        if early:
            return False  # someone fixed the cause: run the node again
        raise RunFailed(current.run_id, current.next, str(wait.get("error", "")),
                        str(wait.get("reason", "")))  # fmt: skip
    if wait.get("kind") != "retry":
        return True
    not_before = str(wait.get("not_before", ""))
    if not early and not_before > now():
        raise RetryLater(str(wait.get("reason", "")), not_before)
    return False


def save_event(
    store: Store,
    current: Checkpoint,
    step: str,
    status: str,
    update: dict[str, Any],
    *,
    parts: Parts | None = None,
) -> Checkpoint:
    """Append the event step ``step`` (an ``@`` name) to ``current``; the cursor stays.

    With ``parts`` the run is bound to them from this step on (data was supplied).
    """
    data, text = json_encode(update, "event")
    inputs = current.inputs
    replaced = data.get(INPUTS)
    if replaced:
        inputs = {**inputs, **replaced}
    bound = parts or current.parts
    return store.save(
        Checkpoint(
            run_id=current.run_id,
            parts=bound,
            fingerprint=bound.fingerprint(),
            inputs=inputs,
            values={**current.values, **state_part(data)},
            next=current.next,
            status=status,
            trace=current.trace,
            update=data,
            version=current.version + 1,
            created_at=current.created_at,
            updated_at=now(),
            step=step,
            sum=current.sum,
            texts={"update": text},
        ),
        expected_version=current.version or None,
    )


def unstarted(graph: Graph, adapter: Adapter, inputs: Mapping[str, Any], run_id: str) -> Checkpoint:
    """Version 0 of a run not started yet (a queued one): what an event step can follow."""
    data, _ = json_encode(inputs)
    parts = _parts(graph, adapter, digest(canonical_json(data)))
    return _unsaved(check_run_id(run_id), parts, data, graph.entry)


def _unsaved(run_id: str, parts: Parts, inputs: dict[str, Any], cursor: str) -> Checkpoint:
    """Version 0 of a new run, before any step: what a first event step follows."""
    stamp = now()
    return Checkpoint(run_id=run_id, parts=parts, fingerprint=parts.fingerprint(),
                      inputs=inputs, values={}, next=cursor, status=RUNNING, trace=(),
                      update={}, version=0, created_at=stamp, updated_at=stamp)  # fmt: skip


def _deadline(node: Node) -> float | None:
    if node.timeout is None:
        return None
    return time.monotonic() + node.timeout


def _call(node: Node, name: str, state: dict[str, Any], context: Context) -> Any:
    """Run one node, with its timeout if it has one; errors become ``NodeError``."""
    try:
        if node.timeout is None:
            return _settle(node.fn(state, context))
        return _call_with_timeout(node, name, state, context, node.timeout)
    except (NodeError, StoreError, VersionConflict, RetryLater, EffectUnknown):
        raise  # a store's failure or refusal (a lost lease) is the harness's, not the node's
    except Exception as error:
        raise NodeError(name, f"{type(error).__name__}: {error}") from error


def _settle(result: Any) -> Any:
    """Await ``result`` if a node returned an awaitable (async nodes)."""
    if hasattr(result, "__await__"):
        import asyncio  # imported only when an async node runs

        async def wait(awaitable: Awaitable[Any]) -> Any:
            return await awaitable

        return asyncio.run(wait(result))
    return result


def _call_with_timeout(
    node: Node, name: str, state: dict[str, Any], context: Context, seconds: float
) -> Any:
    """Run the node in a worker thread and stop waiting after ``seconds``.

    Async nodes are cancelled at the deadline. A synchronous node cannot be stopped
    from outside: its thread is abandoned and whatever it returns later is discarded.
    """
    import threading  # only nodes with a timeout need a thread

    outcome: dict[str, Any] = {}
    finished = threading.Event()

    def work() -> None:
        try:
            result: Any = node.fn(state, context)
            if hasattr(result, "__await__"):
                import asyncio

                async def bounded() -> Any:
                    task = asyncio.ensure_future(result)
                    done, _ = await asyncio.wait({task}, timeout=seconds)
                    if not done:  # the deadline passed; the node's own TimeoutError is not this
                        outcome["timed_out"] = True
                        task.cancel()
                        await asyncio.gather(task, return_exceptions=True)
                        return None
                    return task.result()

                result = asyncio.run(bounded())
            outcome["value"] = result
        except BaseException as error:
            outcome["error"] = error
        finally:
            finished.set()

    threading.Thread(target=work, name=f"stepgraph-node-{name}", daemon=True).start()
    if not finished.wait(seconds) or outcome.get("timed_out"):
        raise NodeTimeout(name, seconds)
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("value")


def _checked_update(name: str, update: Any) -> tuple[dict[str, Any], str]:
    """A private copy of the node's update and its JSON text; NodeError if not JSON."""
    if update is None:
        return {}, "{}"
    if not isinstance(update, Mapping):
        raise NodeError(name, f"must return a mapping of state keys, not {type(update).__name__}")
    for key in update:
        if isinstance(key, str) and key.startswith("@"):
            raise NodeError(name, f"returned key {key!r}: keys starting with '@' are reserved")
    try:
        return json_encode(update, "update")
    except InputError as error:
        raise NodeError(name, f"returned data that cannot be saved: {error}") from None


def _pick(graph: Graph, name: str, state: dict[str, Any]) -> str:
    edge = graph.edges[name]
    if not isinstance(edge, Branch):
        return edge
    try:
        target = edge.fn(_clone(state))
    except Exception as error:
        raise EdgeError(name, f"its edge raised {type(error).__name__}: {error}") from error
    if target not in edge.targets:
        raise EdgeError(
            name, f"its edge chose {target!r}, not one of {', '.join(map(repr, edge.targets))}"
        )
    return str(target)


def _clone(value: Any) -> Any:
    """Deep copy of JSON data (dicts, lists and immutable scalars)."""
    if type(value) is dict:
        return {key: _clone(item) for key, item in value.items()}
    if type(value) is list:
        return [_clone(item) for item in value]
    return value
