"""A run somebody watches (an ``on_event`` listener, or a log handler on the runner's
logger) behaves exactly as one nobody watches, even when its call is cancelled."""

from __future__ import annotations

import asyncio
from typing import Any

from stepgraph import END, FunctionAdapter, Graph, open_store
from stepgraph.aio import arun
from stepgraph.context import Context
from stepgraph.stream import NodeFailed, StepEvent

ECHO = FunctionAdapter("echo-v1", lambda request: request.data)


def test_cancelling_a_watched_arun_raises_cancelled_error_and_saves_nothing_for_the_node() -> None:
    async def wait_forever(state: dict[str, Any], context: Context) -> dict[str, Any]:
        await asyncio.sleep(30)
        return {}

    def first(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"a": 1}

    graph: Graph[Any] = Graph(name="line", entry="first",
                              nodes={"first": first, "wait": wait_forever},
                              edges={"first": "wait", "wait": END})  # fmt: skip
    seen: list[StepEvent] = []
    store = open_store("memory:")

    async def main() -> None:
        task = asyncio.create_task(
            arun(graph, inputs={}, adapter=ECHO, store=store, run_id="c1", on_event=seen.append)
        )
        while store.load("c1") is None:  # the first node's step is saved
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.05)
        task.cancel()
        try:
            await task
        except asyncio.CancelledError:
            return
        raise AssertionError("the cancelled call returned")

    asyncio.run(main())
    saved = store.load("c1")
    assert saved is not None
    assert (saved.version, saved.next) == (1, "wait")
    assert not any(isinstance(event, NodeFailed) for event in seen)  # no event after close
    with store.hold("c1"):  # the run was released
        pass
