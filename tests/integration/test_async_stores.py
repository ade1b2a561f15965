"""arun/aresume on every store backend: the hold, the load and the saves run in worker
threads (the hold is taken in one thread and released in another)."""

from __future__ import annotations

import asyncio
from typing import Any

from stepgraph import END, Context, FunctionAdapter, Graph, RunResult, Store, aresume, arun

ECHO = FunctionAdapter("echo-v1", lambda request: request.data)


def graph() -> Graph:
    async def fetch(state: dict[str, Any], context: Context) -> dict[str, Any]:
        await asyncio.sleep(0)
        return {"fetched": await context.agenerate(instructions="echo", data=state["n"])}

    def double(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"doubled": state["fetched"] * 2}

    return Graph(name="async-store", entry="fetch", nodes={"fetch": fetch, "double": double},
                 edges={"fetch": "double", "double": END})  # fmt: skip


def test_an_async_run_pauses_and_resumes_on_every_store(store: Store) -> None:
    async def main() -> tuple[RunResult, RunResult]:
        paused = await arun(graph(), inputs={"n": 21}, adapter=ECHO, store=store, max_steps=1)
        done = await aresume(graph(), run_id=paused.run_id, adapter=ECHO, store=store)
        return paused, done

    paused, done = asyncio.run(main())

    assert (paused.next, paused.version) == ("double", 1)
    assert done.state == {"n": 21, "fetched": 21, "doubled": 42}
    assert [entry.node for entry in store.history(done.run_id)] == ["fetch", "double"]
    with store.hold(done.run_id):  # released by the async calls
        pass
    assert [r["status"] for r in store.generations(done.run_id).values()] == ["done"]
