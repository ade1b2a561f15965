"""The harness on the caller's event loop: ``arun``, ``aresume``, ``aiter_run``.

The same steps as ``run``/``resume`` (runner.py), performed by the async driver
(drive.py): async nodes are awaited on this loop, sync nodes run in a worker thread,
store I/O runs in a worker thread per call, a node's timeout cancels it. So an async
application (a web handler, an async worker) calls ``await arun(...)`` without
blocking its loop, and async clients can live across nodes.

Cancelling the task that awaits ``arun`` stops the run where it is: the node being
run saves nothing and the run stays resumable at it.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator, Callable, Mapping
from typing import Any

from .adapters import Adapter
from .checkpoint import Checkpoint
from .drive import Steps, drive_async, result_of
from .events import decide, supply
from .graph import Graph, S
from .logs import wanted
from .policy import Policy
from .retry import RetryPolicy
from .runner import RunResult, resume_steps, start_steps
from .stores import Store
from .stream import EventCallback, StepEvent, deliver


async def arun(
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
    """``run`` on the running event loop (same arguments, same result and errors)."""
    steps = start_steps(graph, inputs=inputs, adapter=adapter, store=store, run_id=run_id,
                        max_steps=max_steps, stop=stop, retry=retry, early=early,
                        listen=on_event is not None or wanted())  # fmt: skip
    return await _finish(steps, on_event)


async def aresume(
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
    """``resume`` on the running event loop (same arguments, same result and errors)."""
    steps = resume_steps(graph, run_id=run_id, adapter=adapter, store=store, inputs=inputs,
                         max_steps=max_steps, stop=stop, retry=retry, early=early,
                         listen=on_event is not None or wanted())  # fmt: skip
    return await _finish(steps, on_event)


def aiter_run(
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
) -> AsyncGenerator[StepEvent | RunResult[S], None]:
    """``arun`` as an async iterator: each step event as it happens, then the ``RunResult``.

    The run is held while the iteration goes on. To leave the loop early and release
    the run at once, iterate inside ``contextlib.aclosing(aiter_run(...))``.
    """
    steps = start_steps(graph, inputs=inputs, adapter=adapter, store=store, run_id=run_id,
                        max_steps=max_steps, stop=stop, retry=retry, early=early,
                        listen=True)  # fmt: skip
    return _items(steps)


def aiter_resume(
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
) -> AsyncGenerator[StepEvent | RunResult[S], None]:
    """``aresume`` as an async iterator: each step event, then the ``RunResult``."""
    steps = resume_steps(graph, run_id=run_id, adapter=adapter, store=store, inputs=inputs,
                         max_steps=max_steps, stop=stop, retry=retry, early=early,
                         listen=True)  # fmt: skip
    return _items(steps)


async def adecide(
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
    """``decide`` without blocking the loop (its store I/O runs in a worker thread)."""
    import asyncio

    return await asyncio.to_thread(lambda: decide(store, run_id, verdict=verdict, actor=actor,
                                                  digest_seen=digest_seen, policy=policy,
                                                  note=note, on_event=on_event))  # fmt: skip


async def asupply(
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
    """``supply`` without blocking the loop (its store I/O runs in a worker thread)."""
    import asyncio

    return await asyncio.to_thread(lambda: supply(store, run_id, changes=changes, actor=actor,
                                                  policy=policy, note=note, on_event=on_event,
                                                  state=state))  # fmt: skip


async def _items(steps: Steps[RunResult[S]]) -> AsyncGenerator[StepEvent | RunResult[S], None]:
    """The events of ``steps``, then its result; closing this releases the run at once."""
    driver = drive_async(steps)
    try:
        async for item in driver:
            done = result_of(item)
            yield done if done is not None else item  # type: ignore[misc]
    finally:
        await driver.aclose()


async def _finish(steps: Steps[RunResult[S]], on_event: EventCallback | None) -> RunResult[S]:
    result: Any = None
    async for item in drive_async(steps):
        done = result_of(item)
        if done is not None:
            result = done
        else:
            deliver(on_event, item)  # type: ignore[arg-type]
    return result  # type: ignore[no-any-return]
