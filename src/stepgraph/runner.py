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
from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractContextManager
from functools import partial
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar

from .adapters import Adapter
from .checkpoint import (
    EVENT,
    FORMAT,
    INPUTS,
    WAIT,
    Checkpoint,
    Parts,
    canonical_json,
    digest,
    dumps_added,
    json_copy,
    json_encode,
    now,
    state_part,
)
from .context import Context
from .drive import CALL, IO, SLEEP, Steps, drive_sync, iterate_sync
from .errors import (
    CheckpointCorrupt,
    EdgeError,
    EffectUnknown,
    FingerprintMismatch,
    InputError,
    NodeError,
    ProviderError,
    RetryLater,
    RunCancelled,
    RunFailed,
    RunNotFound,
    StoreError,
    VersionConflict,
)
from .graph import END, Branch, Graph, Node, S
from .logs import wanted
from .migrations import apply_migrations, needs_migration
from .privacy import hide_in_error, hide_in_text, redactor
from .records import dataclass, replace
from .retry import DEFAULT_RETRY, Budget, RetryPolicy, later_than
from .sealing import FORGOTTEN_STEP, declare, ensure_run_key, forgotten_error, keyed
from .stores import Store, check_run_id
from .waits import Wait, failed_wait, retry_wait

if TYPE_CHECKING:  # the event classes load only when someone listens (cold start)
    from .stream import EventCallback, NodeFailed, StepEvent

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

T = TypeVar("T")


def _deliver_to(on_event: EventCallback | None) -> Callable[[StepEvent], None] | None:
    """What the driver hands each event to: ``on_event`` behind ``deliver`` (or None)."""
    if on_event is None:
        return None
    from .stream import deliver

    return partial(deliver, on_event)


@dataclass(frozen=True, kw_only=True)
class RunResult(Generic[S]):
    """Where a run stands after a call: ``next`` is END when it finished.

    ``state`` is of the graph's state type (a dict for plain and TypedDict graphs, an
    instance for dataclass and pydantic state types).
    """

    run_id: str
    status: str
    next: str
    trace: tuple[str, ...]
    state: S
    version: int
    steps: int
    checkpoint: Checkpoint

    @property
    def finished(self) -> bool:
        """True when the run reached END."""
        return self.next == END


def run(
    graph: Graph[S],
    *,
    inputs: Mapping[str, Any],
    adapter: Adapter,
    store: Store,
    run_id: str | None = None,
    max_steps: int | None = None,
    stop: Callable[[], bool] | None = None,
    retry: RetryPolicy | None = None,
    early: bool = False,
    on_event: EventCallback | None = None,
) -> RunResult[S]:
    """Start the run for ``inputs``, or continue it if it exists.

    Without ``run_id`` the id is derived from the fingerprint, so repeating a call with
    the same graph, adapter and inputs returns the same run instead of starting again.
    Raises ``FingerprintMismatch`` when an existing run was started differently.
    ``stop`` is asked before each node; when it returns True the call returns, paused.
    ``retry`` is how provider failures are retried (``RetryPolicy()`` by default).
    A run stopped by ``RetryLater`` refuses to continue before its ``not_before`` time
    (raising ``RetryLater`` again) unless ``early`` is True. ``on_event`` receives the
    step events (``stepgraph.stream``) in order, in this thread.
    """
    steps = start_steps(graph, inputs=inputs, adapter=adapter, store=store, run_id=run_id,
                        max_steps=max_steps, stop=stop, retry=retry, early=early,
                        listen=on_event is not None or wanted())  # fmt: skip
    return drive_sync(steps, _deliver_to(on_event))


def iter_run(
    graph: Graph[S],
    *,
    inputs: Mapping[str, Any],
    adapter: Adapter,
    store: Store,
    run_id: str | None = None,
    max_steps: int | None = None,
    stop: Callable[[], bool] | None = None,
    retry: RetryPolicy | None = None,
    early: bool = False,
) -> Iterator[StepEvent | RunResult[S]]:
    """``run`` as an iterator: each step event as it happens, then the ``RunResult``.

    The run is held while the iteration goes on; leaving the loop early releases it
    (the steps saved so far stay saved).
    """
    steps = start_steps(graph, inputs=inputs, adapter=adapter, store=store, run_id=run_id,
                        max_steps=max_steps, stop=stop, retry=retry, early=early,
                        listen=True)  # fmt: skip
    return iterate_sync(steps)


def resume(
    graph: Graph[S],
    *,
    run_id: str,
    adapter: Adapter,
    store: Store,
    inputs: Mapping[str, Any] | None = None,
    max_steps: int | None = None,
    stop: Callable[[], bool] | None = None,
    retry: RetryPolicy | None = None,
    early: bool = False,
    on_event: EventCallback | None = None,
) -> RunResult[S]:
    """Continue the run ``run_id`` from its saved cursor.

    With ``inputs``, they must be the ones the run started with. Raises ``RunNotFound``
    for an unknown id and ``FingerprintMismatch`` when anything bound to it changed.
    """
    steps = resume_steps(graph, run_id=run_id, adapter=adapter, store=store, inputs=inputs,
                         max_steps=max_steps, stop=stop, retry=retry, early=early,
                         listen=on_event is not None or wanted())  # fmt: skip
    return drive_sync(steps, _deliver_to(on_event))


def iter_resume(
    graph: Graph[S],
    *,
    run_id: str,
    adapter: Adapter,
    store: Store,
    inputs: Mapping[str, Any] | None = None,
    max_steps: int | None = None,
    stop: Callable[[], bool] | None = None,
    retry: RetryPolicy | None = None,
    early: bool = False,
) -> Iterator[StepEvent | RunResult[S]]:
    """``resume`` as an iterator: each step event as it happens, then the ``RunResult``."""
    steps = resume_steps(graph, run_id=run_id, adapter=adapter, store=store, inputs=inputs,
                         max_steps=max_steps, stop=stop, retry=retry, early=early,
                         listen=True)  # fmt: skip
    return iterate_sync(steps)


def start_steps(
    graph: Graph[S],
    *,
    inputs: Mapping[str, Any],
    adapter: Adapter,
    store: Store,
    run_id: str | None,
    max_steps: int | None,
    stop: Callable[[], bool] | None,
    retry: RetryPolicy | None,
    early: bool,
    listen: bool,
) -> Steps[RunResult[S]]:
    """The steps of a ``run`` call, checked now, performed by a driver (drive.py)."""
    limit = _check_limit(max_steps)
    declare(store, graph)  # an encrypting store seals this graph's private fields
    if not isinstance(inputs, Mapping):
        raise InputError("inputs", f"must be an object, not {type(inputs).__name__}")
    data, inputs_text = json_encode(inputs)
    parts = _parts(graph, adapter, digest(canonical_json(data)))
    fingerprint = parts.fingerprint()
    rid = check_run_id(run_id) if run_id is not None else _derived_id(graph, fingerprint)
    call = _Call(graph=graph, adapter=adapter, store=store, run_id=rid, parts=parts,
                 limit=limit, stop=stop, retry=retry, early=early, listen=listen)  # fmt: skip

    def prepare(current: Checkpoint | None) -> _Prepared:
        if current is None:
            if graph.schema is not None:
                graph.schema.check(data, None)
            if keyed(store, graph):  # keyed before its first call is journaled
                yield IO, ensure_run_key, (store, graph, rid, parts.inputs)
        else:
            current = yield IO, _migrated, (store, graph, current, parts)
            _check_parts(graph, current, parts)
        return call, data, inputs_text, current

    return _held(store, rid, prepare)


def resume_steps(
    graph: Graph[S],
    *,
    run_id: str,
    adapter: Adapter,
    store: Store,
    inputs: Mapping[str, Any] | None,
    max_steps: int | None,
    stop: Callable[[], bool] | None,
    retry: RetryPolicy | None,
    early: bool,
    listen: bool,
) -> Steps[RunResult[S]]:
    """The steps of a ``resume`` call, checked now, performed by a driver (drive.py)."""
    limit = _check_limit(max_steps)
    given: str | None = None
    if inputs is not None:
        if not isinstance(inputs, Mapping):
            raise InputError("inputs", f"must be an object, not {type(inputs).__name__}")
        given = digest(canonical_json(json_copy(inputs)))
    rid = check_run_id(run_id)

    def prepare(current: Checkpoint | None) -> _Prepared:
        if current is None:
            raise RunNotFound(store.url, rid)
        parts = _parts(graph, adapter, given or current.parts.inputs)
        current = yield IO, _migrated, (store, graph, current, parts)
        _check_parts(graph, current, parts)
        call = _Call(graph=graph, adapter=adapter, store=store, run_id=rid, parts=parts,
                     limit=limit, stop=stop, retry=retry, early=early,
                     listen=listen)  # fmt: skip
        return call, current.inputs, None, current

    return _held(store, rid, prepare)


_Prepared = Steps["tuple[_Call, dict[str, Any], str | None, Checkpoint | None]"]
_Prepare = Callable[[Checkpoint | None], _Prepared]
"""Checks a loaded run (moving it to the graph's revision first, an ``@migrated`` step,
when its declared migrations allow) and returns the call, the inputs and the run."""


def _held(store: Store, run_id: str, prepare: _Prepare) -> Steps[RunResult[Any]]:
    """Hold ``run_id``, load it, check it (``prepare``) and drive it; release it after.

    Taking the hold and loading the run (with its journal) is one request.
    """
    hold = store.hold(run_id)
    current, journal = yield IO, _take, (hold, store, run_id)
    try:
        call, inputs, inputs_text, current = yield from prepare(current)
        result = yield from _drive(call, current, inputs, inputs_text, journal)
    except GeneratorExit:  # the consumer stopped iterating: release at once
        hold.__exit__(None, None, None)
        raise
    except BaseException as error:
        yield IO, hold.__exit__, (type(error), error, error.__traceback__)
        raise
    yield IO, hold.__exit__, (None, None, None)
    return result


def _take(
    hold: AbstractContextManager[None], store: Store, run_id: str
) -> tuple[Checkpoint | None, dict[str, dict[str, Any]]]:
    """Take the hold, then load the run and, if it has a node to run, its journal."""
    hold.__enter__()
    try:
        current = store.load(run_id)
        journal = store.generations(run_id) if current is None or current.next != END else {}
    except BaseException as error:
        hold.__exit__(type(error), error, error.__traceback__)
        raise
    return current, journal


def derive_run_id(graph: Graph[Any], adapter: Adapter, inputs: Mapping[str, Any]) -> str:
    """The run id ``run`` uses when none is given: the same for the same fingerprint."""
    data, _ = json_encode(inputs)
    return _derived_id(graph, _parts(graph, adapter, digest(canonical_json(data))).fingerprint())


def _derived_id(graph: Graph[Any], fingerprint: str) -> str:
    return f"{graph.name}-{fingerprint[:20]}"


def _check_limit(max_steps: object) -> int | None:
    if max_steps is None:
        return None
    if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
        raise InputError("max_steps", f"must be a positive integer, not {max_steps!r}")
    return max_steps


def _parts(graph: Graph[Any], adapter: Adapter, inputs_digest: str) -> Parts:
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


def _migrated(store: Store, graph: Graph[Any], current: Checkpoint, given: Parts) -> Checkpoint:
    """``current`` moved to the graph's revision by its declared migrations (an
    ``@migrated`` step) when only the revision or shape differ; ``StrandedRun`` when no
    migration leads there. Anything else that differs is left to ``_check_parts``."""
    if not needs_migration(graph, current):
        return current
    if replace(current.parts, revision=given.revision, shape=given.shape) != given:
        return current
    return apply_migrations(store, graph, current)


def _check_parts(graph: Graph[Any], current: Checkpoint, given: Parts) -> None:
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


class _Call(NamedTuple):
    """What one run/resume call works with (a named tuple: making the class at import
    costs less than half of a dataclass's)."""

    graph: Graph[Any]
    adapter: Adapter
    store: Store
    run_id: str
    parts: Parts
    limit: int | None
    stop: Callable[[], bool] | None
    retry: RetryPolicy | None
    early: bool
    listen: bool  # False: nobody reads the events, so none are made


class _Position:
    """Where the run stands inside one call (advanced by each saved step). A slotted
    class, not a dataclass: nothing compares or prints it, and a dataclass costs every
    start ~4 M instructions to create."""

    __slots__ = ("budget", "created", "current", "cursor", "emitted", "fingerprint", "inputs",
                 "inputs_text", "journal", "state", "trace", "values", "version")  # fmt: skip

    def __init__(
        self,
        *,
        current: Checkpoint | None,
        inputs: dict[str, Any],
        inputs_text: str | None,
        state: dict[str, Any],
        values: dict[str, Any],
        trace: tuple[str, ...],
        cursor: str,
        version: int,
        created: str,
        fingerprint: str,
        journal: dict[str, dict[str, Any]],
        budget: Budget,
        emitted: list[StepEvent],
    ) -> None:
        self.current = current
        self.inputs = inputs
        self.inputs_text = inputs_text
        self.state = state
        self.values = values
        self.trace = trace
        self.cursor = cursor
        self.version = version
        self.created = created
        self.fingerprint = fingerprint
        self.journal = journal
        self.budget = budget
        self.emitted = emitted


def _drive(
    call: _Call,
    current: Checkpoint | None,
    inputs: dict[str, Any],
    inputs_text: str | None,
    journal: dict[str, dict[str, Any]],
) -> Steps[RunResult[Any]]:
    graph, listen = call.graph, call.listen
    began = time.perf_counter() if listen else 0.0
    if listen:
        yield _run_started(call, current)
    if current is not None:
        refuse_cancelled(current)
        if graph.schema is not None:
            graph.schema.check(current.state, current.next, loaded=True)
        if _still_waiting(current, call.early):
            return (yield from _finished(call, current, current.state, 0, began))
    at = _position(call, current, inputs, inputs_text, journal)
    steps = 0
    while at.cursor != END and (call.limit is None or steps < call.limit):
        if call.stop is not None and at.current is not None and call.stop():
            break  # asked to stop between nodes (a worker shutting down); a new run has
            # no checkpoint to stop at yet, so its first node always runs
        name = at.cursor
        node = graph.nodes[name]
        visit = len(at.trace) + 1  # the node's step number: events between do not count
        if listen:
            yield _node_started(call.run_id, name, visit)
        started = time.perf_counter() if listen else 0.0
        context = Context(run_id=call.run_id, node=name, adapter=call.adapter, store=call.store,
                          visit=visit, journal=at.journal, retry=call.retry,
                          deadline=_deadline(node), budget=at.budget,
                          emit=at.emitted.append if listen else None,
                          privacy=partial(redactor, graph, call.run_id, at.state), graph=graph,
                          state=at.state, inputs=at.inputs)  # fmt: skip
        try:
            if node.retry is None:
                outcome = yield CALL, node, name, _view(call, at.state), context
            else:
                outcome = yield from _attempts(call, node, at.state, context)
        except (RetryLater, EffectUnknown) as stop_now:
            yield from _flush(at.emitted)
            base = at.current or _unsaved(call.run_id, call.parts, at.inputs, name)
            at.current = yield from _stop(call, base, name, stop_now, at.state)
            break
        except BaseException as error:
            yield from _failure(call, at, error, name=name, visit=visit, started=started)
        if at.emitted:
            yield from _flush(at.emitted)
        wait = outcome if isinstance(outcome, Wait) else None
        try:
            checkpoint = _next_checkpoint(call, at, name, outcome, wait)
        except NodeError as error:
            yield from _failure(call, at, error, name=name, visit=visit, started=started)
        at.current = yield (
            IO,
            _save_unless_cancelled,
            (call.store, checkpoint, at.version or None),
        )
        at.version += 1
        steps += 1
        if listen:
            yield from _saved(call, checkpoint, visit, started, wait)
        if wait is not None:
            break  # the node opened a wait
    if at.current is None:  # unreachable: a new run always completes its first step or raises
        raise RunNotFound(call.store.url, call.run_id)
    return (yield from _finished(call, at.current, at.state, steps, began))


def _position(
    call: _Call,
    current: Checkpoint | None,
    inputs: dict[str, Any],
    inputs_text: str | None,
    journal: dict[str, dict[str, Any]],
) -> _Position:
    return _Position(
        current=current,
        inputs=inputs,
        inputs_text=inputs_text,
        state=current.state if current else dict(inputs),
        values=current.values if current else {},
        trace=current.trace if current else (),
        cursor=current.next if current else call.graph.entry,
        version=current.version if current else 0,
        created=current.created_at if current else "",
        fingerprint=current.fingerprint if current else call.parts.fingerprint(),
        journal=journal,
        budget=Budget(call.retry),
        emitted=[],
    )


def _failure(
    call: _Call, at: _Position, error: BaseException, *, name: str, visit: int, started: float
) -> Steps[None]:
    """Announce a node's failure (after its model calls) and raise it as ``NodeError``,
    its text (and its cause's) with the run's private values masked."""
    if isinstance(error, GeneratorExit):
        raise error  # the driver closed the steps (a cancelled call): nothing may be yielded
    if isinstance(error, Exception):
        hide_in_error(call.graph, call.run_id, at.state, error)
    failure = _node_error(name, error)
    yield from _flush(at.emitted)
    if call.listen:
        yield _failed(call.run_id, name, visit, failure, started)
    cause = error.__cause__ if failure is error else error
    yield from _save_if_failed(call, at, name, failure, cause)
    if failure is error:
        raise error
    raise failure from error


def _next_checkpoint(
    call: _Call, at: _Position, name: str, outcome: Any, wait: Wait | None
) -> Checkpoint:
    """Merge the node's outcome and the step it makes, ready to save."""
    update, update_text, status = _apply(call, at, name, outcome, wait)
    at.values = {**at.values, **state_part(update)}
    at.trace = (*at.trace, name)
    stamp = now()
    at.created = at.created or stamp
    fmt = at.current.format if at.current is not None else FORMAT
    return Checkpoint(
        run_id=call.run_id,
        parts=call.parts,
        fingerprint=at.fingerprint,
        inputs=at.inputs,
        values=at.values,
        next=at.cursor,
        status=status,
        trace=at.trace,
        update=update,
        version=at.version + 1,
        created_at=at.created,
        updated_at=stamp,
        sum=at.current.sum if at.current is not None else "",
        format=fmt,
        texts={"update": update_text, "inputs": at.inputs_text or ""},
        packs=call.graph.nodes[name].packs,
        vocabulary=call.graph.vocabulary,
    )


def _saved(
    call: _Call, saved: Checkpoint, visit: int, started: float, wait: Wait | None
) -> Steps[None]:
    """The events of a saved node step."""
    from .stream import NodeSaved, WaitOpened

    name = saved.trace[-1]
    yield NodeSaved(run_id=call.run_id, node=name, step=visit, version=saved.version,
                    status=saved.status, next=saved.next,
                    update_keys=tuple(k for k in saved.update if not k.startswith("@")),
                    duration_s=time.perf_counter() - started)  # fmt: skip
    if wait is not None:
        reason = hide_in_text(call.graph, call.run_id, saved.state, wait.reason)
        yield WaitOpened(run_id=call.run_id, node=name, kind=wait.kind, reason=reason,
                         digest=wait.digest, choices=tuple(wait.choices))  # fmt: skip


def _apply(
    call: _Call, at: _Position, name: str, outcome: Any, wait: Wait | None
) -> tuple[dict[str, Any], str, str]:
    """Merge the node's update into the state and move the cursor; the update to save,
    its JSON text and the run's status. ``NodeError`` when the update is unusable."""
    schema = call.graph.schema
    update, update_text = _checked_update(name, wait.update if wait else outcome)
    if schema is not None:
        update, update_text = schema.merge(name, at.state, update, update_text)
    at.state = {**at.state, **update}
    if schema is not None:
        schema.check(at.state, name)
    if wait is not None:  # the cursor stays: run the node again once the wait closes
        record = _wait_record(name, wait)
        return {**update, WAIT: record}, dumps_added(update_text, WAIT, record), wait.status
    at.cursor = _pick(call.graph, name, at.state)
    given = at.state.get("status")
    status = given if isinstance(given, str) and given else _default_status(at.cursor)
    return update, update_text, status


def _view(call: _Call, state: dict[str, Any]) -> Any:
    """What the node receives: a deep copy of the state (an instance for typed states)."""
    given = _clone(state)
    schema = call.graph.schema
    return given if schema is None else schema.view(given)


def _node_error(name: str, error: BaseException) -> BaseException:
    """A node's own exception as ``NodeError``; the harness's errors stay as they are."""
    if not isinstance(error, Exception) or isinstance(error, _HARNESS_ERRORS):
        return error  # a store's failure or refusal (a lost lease) is the harness's
    return NodeError(name, f"{type(error).__name__}: {error}")


_HARNESS_ERRORS = (NodeError, StoreError, VersionConflict, RetryLater, EffectUnknown)


def _attempts(call: _Call, node: Node[Any], state: dict[str, Any], context: Context) -> Steps[Any]:
    """Run the node again under its own ``retry`` policy while it raises what it covers."""
    policy = node.retry
    tried = 0
    while True:
        try:
            return (yield CALL, node, context.node, _view(call, state), context)
        except Exception as error:
            tried += 1
            if (policy is None or isinstance(error, _HARNESS_ERRORS)
                    or not policy.covers(error) or tried >= policy.attempts):  # fmt: skip
                raise
            delay = policy.delay(tried)
            hide_in_error(call.graph, call.run_id, state, error)  # before the journal keeps it
            yield from _journal_retry(call, context, delay, error)
            yield SLEEP, delay, policy.sleep


def _journal_retry(call: _Call, context: Context, delay: float, error: Exception) -> Steps[None]:
    """Record a failed call of the node before its backoff (numbered across calls)."""
    name = context.node
    number = _retries(context.journal, context.visit, name) + 1
    record = {"status": "failed", "kind": "node", "attempt": number,
              "error": type(error).__name__, "message": str(error)[:500],
              "delay_s": round(delay, 3), "at": now()}  # fmt: skip
    key = f"{context.visit}:{name}:retry:{number}"
    context.journal[key] = record
    yield IO, call.store.record_generation, (call.run_id, key, record)
    if call.listen:
        from .stream import RetryScheduled

        yield RetryScheduled(run_id=call.run_id, node=name,
                             reason=f"{type(error).__name__}: {error}",
                             not_before=time.time() + delay)  # fmt: skip


def _failed(run_id: str, name: str, visit: int, error: BaseException, started: float) -> NodeFailed:
    from .stream import NodeFailed

    return NodeFailed(run_id=run_id, node=name, step=visit, error_class=type(error).__name__,
                      message=str(error), duration_s=time.perf_counter() - started)  # fmt: skip


def _retries(journal: dict[str, dict[str, Any]], visit: int, name: str) -> int:
    """How many node-level retries this visit already journaled (across calls)."""
    prefix = f"{visit}:{name}:retry:"
    return sum(1 for key in journal if key.startswith(prefix))


def _run_started(call: _Call, current: Checkpoint | None) -> StepEvent:
    from .stream import RunStarted  # events are made only for a listener: loaded then

    return RunStarted(run_id=call.run_id, graph=call.graph.name, revision=call.graph.revision,
                      resumed=current is not None,
                      version=current.version if current else 0)  # fmt: skip


def _node_started(run_id: str, name: str, visit: int) -> StepEvent:
    from .stream import NodeStarted

    return NodeStarted(run_id=run_id, node=name, step=visit)


def _flush(emitted: list[StepEvent]) -> Steps[None]:
    """Yield the events a node's context recorded (model calls) in their order."""
    while emitted:
        yield emitted.pop(0)


def _finished(
    call: _Call, current: Checkpoint, state: dict[str, Any], steps: int, began: float
) -> Steps[RunResult[Any]]:
    if call.listen:
        from .stream import RunFinished

        yield RunFinished(run_id=current.run_id, status=current.status, next=current.next,
                          version=current.version, steps_run=steps,
                          duration_s=time.perf_counter() - began)  # fmt: skip
    schema = call.graph.schema
    return RunResult(
        run_id=current.run_id,
        status=current.status,
        next=current.next,
        trace=current.trace,
        state=schema.view(state) if schema is not None else state,
        version=current.version,
        steps=steps,
        checkpoint=current,
    )


def refuse_cancelled(current: Checkpoint) -> None:
    """Raise ``RunCancelled`` if ``current`` was cancelled, ``RunForgotten`` if its
    private data was erased: it never runs again."""
    if current.step == FORGOTTEN_STEP:
        raise forgotten_error(current)
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
    call: _Call,
    current: Checkpoint,
    name: str,
    error: RetryLater | EffectUnknown,
    state: dict[str, Any],
) -> Steps[Checkpoint]:
    """Save why the run stopped at ``name``; re-raise ``RetryLater`` once it is saved.
    The error's text first has the private values of ``state`` masked.

    A provider's stop counts against the run: the pause grows with each stop in a row,
    and after ``policy.later_stops`` the run is saved ``failed`` for a person instead
    (``RunFailed``).
    """
    hide_in_error(call.graph, call.run_id, state, error)  # before its text is saved
    if isinstance(error, RetryLater):
        cause = error.__cause__
        if not isinstance(cause, ProviderError):  # a spent budget: go on at once next time
            record = retry_wait(name, error.reason, error.not_before)
            yield from _event(call, current, "@retry_later", RETRY_LATER, record)
            yield from _retry_scheduled(call, name, error.reason, error.not_before)
            raise error
        prior = current.wait or {}
        stops = int(prior.get("stops", 0)) + 1 if prior.get("kind") == "retry" else 1
        pause = (call.retry or DEFAULT_RETRY).later(stops)
        if pause is None:
            kind = type(cause).__name__
            record = {**failed_wait(name, kind, error.reason, cause.status), "stops": stops - 1}
            yield from _event(call, current, "@failed", FAILED, record)
            raise RunFailed(current.run_id, name, kind, error.reason) from cause
        not_before = max(error.not_before, later_than(pause))
        record = retry_wait(name, error.reason, not_before, stops)
        yield from _event(call, current, "@retry_later", RETRY_LATER, record)
        yield from _retry_scheduled(call, name, error.reason, not_before)
        if not_before == error.not_before:
            raise error
        raise RetryLater(error.reason, not_before) from cause
    record = {"kind": "reconcile", "node": name, "effect": error.effect, "key": error.key,
              "slot": error.slot, "reason": str(error)}  # fmt: skip
    saved = yield from _event(call, current, "@reconcile", NEEDS_RECONCILIATION, record)
    if call.listen:
        from .stream import WaitOpened

        yield WaitOpened(run_id=call.run_id, node=name, kind="reconcile", reason=str(error),
                         digest=None, choices=())  # fmt: skip
    return saved


def _event(
    call: _Call, current: Checkpoint, step: str, status: str, wait: dict[str, Any]
) -> Steps[Checkpoint]:
    """Save the event step ``step`` with its ``@wait`` record, and announce it."""
    saved: Checkpoint = yield IO, save_event, (call.store, current, step, status, {WAIT: wait})
    if call.listen:
        from .stream import EventRecorded

        yield EventRecorded(run_id=call.run_id, name=step, actor=None, version=saved.version)
    return saved


def _retry_scheduled(call: _Call, name: str, reason: str, not_before: str) -> Steps[None]:
    if call.listen:
        from .stream import RetryScheduled

        yield RetryScheduled(run_id=call.run_id, node=name, reason=reason,
                             not_before=_epoch(not_before))  # fmt: skip


def _epoch(stamp: str) -> float:
    """Epoch seconds of an ISO time (0.0 when it cannot be read)."""
    from datetime import datetime

    try:
        return datetime.fromisoformat(stamp).timestamp()
    except ValueError:
        return 0.0


def _save_if_failed(
    call: _Call, at: _Position, name: str, error: BaseException, cause: BaseException | None
) -> Steps[None]:
    """Save a ``@failed`` step when the node failed on a provider failure that retrying
    cannot fix (quota, key, bad request, refusal, truncated answer)."""
    if not isinstance(error, NodeError) or not isinstance(cause, ProviderError):
        return
    if cause.retryable:
        return
    record = failed_wait(name, type(cause).__name__, str(cause), cause.status)
    base = at.current or _unsaved(call.run_id, call.parts, at.inputs, name)
    at.current = yield from _event(call, base, "@failed", FAILED, record)


def _wait_record(name: str, wait: Wait) -> dict[str, Any]:
    try:
        return wait.record(name)
    except InputError as error:
        raise NodeError(name, f"returned an invalid Wait: {error}") from None


def _default_status(cursor: str) -> str:
    return DONE if cursor == END else RUNNING


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
    event = data.get(EVENT)
    stamped = event.get("at") if isinstance(event, dict) else None  # one time for both
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
            updated_at=stamped if isinstance(stamped, str) else now(),
            step=step,
            sum=current.sum,
            format=current.format,
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


def _deadline(node: Node[Any]) -> float | None:
    if node.timeout is None:
        return None
    return time.monotonic() + node.timeout


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


def _pick(graph: Graph[Any], name: str, state: dict[str, Any]) -> str:
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
    kind = type(value)
    if kind is dict:
        return _clone_dict(value)
    if kind is list:
        return _clone_list(value)
    return value


# Scalars are kept without a call: a node's copy of the state is made at every step.
def _clone_dict(value: dict[str, Any]) -> dict[str, Any]:
    copy = {}
    for key, item in value.items():
        kind = type(item)
        copy[key] = (
            _clone_dict(item) if kind is dict else _clone_list(item) if kind is list else item
        )
    return copy


def _clone_list(value: list[Any]) -> list[Any]:
    copy = []
    for item in value:
        kind = type(item)
        copy.append(
            _clone_dict(item) if kind is dict else _clone_list(item) if kind is list else item
        )
    return copy
