"""arun/aresume/aiter_run on the caller's event loop; run from async code; timeouts."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from stepgraph import (
    END,
    Checkpoint,
    Context,
    FunctionAdapter,
    Graph,
    Node,
    NodeTimeout,
    Policy,
    Request,
    RunBusy,
    RunResult,
    Store,
    Wait,
    adecide,
    aiter_run,
    aresume,
    arun,
    open_store,
    resume,
    run,
)
from stepgraph.stream import StepEvent

ECHO = FunctionAdapter("echo-v1", lambda request: request.data)


@pytest.fixture
def memory() -> Store:
    return open_store("memory:")


def line(**nodes: Any) -> Graph:
    names = list(nodes)
    edges: dict[str, Any] = dict(zip(names, [*names[1:], END], strict=True))
    return Graph(name="line", entry=names[0], nodes=nodes, edges=edges)


def test_arun_awaits_async_nodes_on_the_callers_running_loop(memory: Store) -> None:
    seen: dict[str, Any] = {}

    async def fetch(state: dict[str, Any], context: Context) -> dict[str, Any]:
        seen["loop"] = asyncio.get_running_loop()
        await asyncio.sleep(0)
        return {"fetched": True}

    async def main() -> RunResult:
        seen["caller"] = asyncio.get_running_loop()
        return await arun(line(fetch=fetch), inputs={}, adapter=ECHO, store=memory)

    result = asyncio.run(main())

    assert result.state == {"fetched": True}
    assert seen["loop"] is seen["caller"]


def test_arun_runs_a_sync_node_in_a_worker_thread_not_on_the_loop(memory: Store) -> None:
    threads: dict[str, int] = {}

    def compute(state: dict[str, Any], context: Context) -> dict[str, Any]:
        threads["node"] = threading.get_ident()
        return {"n": 1}

    async def main() -> RunResult:
        threads["loop"] = threading.get_ident()
        return await arun(line(compute=compute), inputs={}, adapter=ECHO, store=memory)

    assert asyncio.run(main()).state == {"n": 1}
    assert threads["node"] != threads["loop"]


def test_run_calls_a_sync_node_in_the_callers_thread(memory: Store) -> None:
    threads: list[int] = []

    def compute(state: dict[str, Any], context: Context) -> dict[str, Any]:
        threads.append(threading.get_ident())
        return {}

    run(line(compute=compute), inputs={}, adapter=ECHO, store=memory)

    assert threads == [threading.get_ident()]


class ThreadWatchingStore:
    """A store that notes the thread of every save and journal write."""

    def __init__(self, inner: Store) -> None:
        self.inner = inner
        self.url = inner.url
        self.threads: list[int] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def save(self, checkpoint: Checkpoint, *, expected_version: int | None) -> Checkpoint:
        self.threads.append(threading.get_ident())
        return self.inner.save(checkpoint, expected_version=expected_version)

    def load(self, run_id: str) -> Checkpoint | None:
        self.threads.append(threading.get_ident())
        return self.inner.load(run_id)


def test_arun_does_the_store_io_off_the_loop_thread(tmp_path: Path) -> None:
    async def step(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"done": True}

    with open_store(f"sqlite:{tmp_path / 'runs.db'}") as inner:
        inner.setup()
        store = ThreadWatchingStore(inner)

        async def main() -> int:
            await arun(line(step=step), inputs={}, adapter=ECHO, store=store)
            return threading.get_ident()

        loop_thread = asyncio.run(main())

    assert len(store.threads) == 2  # the load and the one save
    assert loop_thread not in store.threads


def test_an_async_node_past_its_timeout_is_cancelled_and_saves_nothing(memory: Store) -> None:
    cancelled = threading.Event()

    async def slow(state: dict[str, Any], context: Context) -> dict[str, Any]:
        try:
            await asyncio.sleep(30)
        except asyncio.CancelledError:
            cancelled.set()
            raise
        return {"late": True}

    graph = line(slow=Node(fn=slow, timeout=0.05))

    async def main() -> None:
        await arun(graph, inputs={}, adapter=ECHO, store=memory, run_id="r1")

    with pytest.raises(NodeTimeout) as caught:
        asyncio.run(main())

    assert caught.value.node == "slow"
    assert cancelled.is_set()
    assert memory.load("r1") is None


def test_a_sync_node_past_its_timeout_under_arun_is_abandoned_without_holding_the_loop(
    memory: Store,
) -> None:
    release = threading.Event()
    returned = threading.Event()

    def stuck(state: dict[str, Any], context: Context) -> dict[str, Any]:
        release.wait(10)
        returned.set()
        return {}

    graph = line(stuck=Node(fn=stuck, timeout=0.05))
    try:
        with pytest.raises(NodeTimeout):
            asyncio.run(arun(graph, inputs={}, adapter=ECHO, store=memory, run_id="r2"))
        assert not returned.is_set()  # asyncio.run closed its loop without joining the node
    finally:
        release.set()
    assert memory.load("r2") is None


def test_cancelling_the_arun_task_saves_nothing_for_the_node_and_releases_the_run(
    memory: Store,
) -> None:
    async def wait_forever(state: dict[str, Any], context: Context) -> dict[str, Any]:
        await asyncio.sleep(30)
        return {}

    def first(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"a": 1}

    graph = line(first=first, wait_forever=wait_forever)

    async def main() -> None:
        task = asyncio.create_task(arun(graph, inputs={}, adapter=ECHO, store=memory, run_id="r3"))
        while memory.load("r3") is None:  # the first node's step is saved
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.05)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(main())

    loaded = memory.load("r3")
    assert loaded is not None
    assert (loaded.version, loaded.next) == (1, "wait_forever")
    with memory.hold("r3"):  # not RunBusy: the cancelled call let go of the run
        pass


def test_run_called_inside_a_running_loop_still_runs_an_async_node(memory: Store) -> None:
    async def step(state: dict[str, Any], context: Context) -> dict[str, Any]:
        await asyncio.sleep(0)
        return {"ok": True}

    async def main() -> RunResult:
        return run(line(step=step), inputs={}, adapter=ECHO, store=memory)

    assert asyncio.run(main()).state == {"ok": True}


class AsyncAdapter:
    """An adapter with both methods, counting which one the harness used."""

    id = "async-v1"

    def __init__(self) -> None:
        self.calls: list[str] = []

    def generate(self, request: Request) -> Any:
        self.calls.append("generate")
        return {"said": "sync"}

    async def agenerate(self, request: Request) -> Any:
        self.calls.append("agenerate")
        await asyncio.sleep(0)
        return {"said": "async"}


def ask_graph() -> Graph:
    async def ask(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"answer": await context.agenerate(instructions="hi", data={})}

    return line(ask=ask)


def test_an_async_node_awaits_the_adapters_agenerate_when_it_has_one(memory: Store) -> None:
    adapter = AsyncAdapter()

    result = asyncio.run(arun(ask_graph(), inputs={}, adapter=adapter, store=memory))

    assert result.state == {"answer": {"said": "async"}}
    assert adapter.calls == ["agenerate"]
    journal = memory.generations(result.run_id)
    assert [record["status"] for record in journal.values()] == ["done"]


def test_agenerate_falls_back_to_generate_in_a_thread_for_a_sync_adapter(memory: Store) -> None:
    threads: list[int] = []

    def answer(request: Request) -> Any:
        threads.append(threading.get_ident())
        return {"said": "sync"}

    async def main() -> tuple[RunResult, int]:
        adapter = FunctionAdapter("sync-v1", answer)
        done = await arun(ask_graph(), inputs={}, adapter=adapter, store=memory)
        return done, threading.get_ident()

    result, loop_thread = asyncio.run(main())

    assert result.state == {"answer": {"said": "sync"}}
    assert threads
    assert loop_thread not in threads


def test_aiter_run_yields_the_same_events_as_run_then_the_result(tmp_path: Path) -> None:
    def a(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"a": 1}

    async def b(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"b": 2}

    sync_events: list[StepEvent] = []
    run(line(a=a, b=b), inputs={"x": 1}, adapter=ECHO, store=open_store("memory:"),
        on_event=sync_events.append)  # fmt: skip

    async def collect() -> list[Any]:
        store = open_store("memory:")
        return [item async for item in aiter_run(line(a=a, b=b), inputs={"x": 1},
                                                  adapter=ECHO, store=store)]  # fmt: skip

    items = asyncio.run(collect())

    assert isinstance(items[-1], RunResult)
    assert items[-1].state == {"x": 1, "a": 1, "b": 2}
    assert [type(item).__name__ for item in items[:-1]] == [
        type(event).__name__ for event in sync_events
    ]


def decision_graph() -> Graph:
    async def review(state: dict[str, Any], context: Context) -> dict[str, Any] | Wait:
        if state.get("decision"):
            return {"status": "approved"}
        return Wait(kind="decision", status="ready_for_review", reason="read it",
                    choices={"approve": "approved"}, digest="d")  # fmt: skip

    return line(review=review)


def test_an_async_graph_pauses_waits_and_resumes_after_an_async_decision(memory: Store) -> None:
    policy = Policy.from_mapping({"approve": ["ada"]})
    events: list[StepEvent] = []

    async def main() -> RunResult:
        first = await arun(decision_graph(), inputs={}, adapter=ECHO, store=memory)
        assert first.status == "ready_for_review"
        await adecide(memory, first.run_id, verdict="approve", actor="ada", digest_seen="d",
                      policy=policy)  # fmt: skip
        return await aresume(decision_graph(), run_id=first.run_id, adapter=ECHO, store=memory,
                             on_event=events.append)  # fmt: skip

    result = asyncio.run(main())

    assert (result.status, result.next) == ("approved", END)
    assert [type(event).__name__ for event in events] == [
        "RunStarted", "NodeStarted", "NodeSaved", "RunFinished"]  # fmt: skip


def test_aresume_and_resume_reach_the_same_checkpoint(tmp_path: Path) -> None:
    def a(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"a": 1}

    def b(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"b": 2}

    finals: list[dict[str, Any]] = []
    resumers: list[Callable[[Store, str], RunResult]] = [
        lambda s, rid: resume(line(a=a, b=b), run_id=rid, adapter=ECHO, store=s),
        lambda s, rid: asyncio.run(aresume(line(a=a, b=b), run_id=rid, adapter=ECHO, store=s)),
    ]
    for index, resumer in enumerate(resumers):
        with open_store(f"sqlite:{tmp_path / f'{index}.db'}") as store:
            store.setup()
            first = run(line(a=a, b=b), inputs={}, adapter=ECHO, store=store, max_steps=1)
            done = resumer(store, first.run_id)
            finals.append({"state": done.state, "version": done.version, "trace": done.trace})
    assert finals[0] == finals[1] == {"state": {"a": 1, "b": 2}, "version": 2,
                                      "trace": ("a", "b")}  # fmt: skip


def test_two_aruns_of_one_run_at_once_one_is_refused(memory: Store) -> None:
    async def slow(state: dict[str, Any], context: Context) -> dict[str, Any]:
        await asyncio.sleep(0.05)
        return {}

    graph = line(slow=slow)

    async def main() -> list[object]:
        outcomes: list[object] = await asyncio.gather(
            arun(graph, inputs={}, adapter=ECHO, store=memory, run_id="same"),
            arun(graph, inputs={}, adapter=ECHO, store=memory, run_id="same"),
            return_exceptions=True,
        )
        return outcomes

    outcomes = asyncio.run(main())

    assert sorted(type(o).__name__ for o in outcomes) == ["RunBusy", "RunResult"]
    assert any(isinstance(o, RunBusy) for o in outcomes)


def test_closing_aiter_run_early_releases_the_run_and_keeps_what_was_saved(
    memory: Store,
) -> None:
    import contextlib

    from stepgraph.stream import NodeSaved

    def a(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"a": 1}

    def b(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"b": 2}

    async def main() -> None:
        events = aiter_run(line(a=a, b=b), inputs={}, adapter=ECHO, store=memory, run_id="r4")
        async with contextlib.aclosing(events):
            async for item in events:
                if isinstance(item, NodeSaved):
                    break
        with memory.hold("r4"):  # released: not RunBusy
            pass

    asyncio.run(main())
    loaded = memory.load("r4")
    assert loaded is not None
    assert (loaded.version, loaded.next) == (1, "b")
