"""The harness loop: copies, merges, errors, limits, timeouts and fingerprints."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import pytest

from stepgraph import (
    END,
    Branch,
    CheckpointCorrupt,
    Context,
    EdgeError,
    FingerprintMismatch,
    FunctionAdapter,
    Graph,
    InputError,
    Node,
    NodeError,
    NodeTimeout,
    Request,
    RunNotFound,
    Store,
    open_store,
    resume,
    run,
)

ECHO = FunctionAdapter("echo-v1", lambda request: request.data)


def chain(*names: str, **nodes: Any) -> Graph:
    """A straight line of nodes a -> b -> ... -> END with the given functions."""
    edges: dict[str, Any] = dict(zip(names, [*names[1:], END], strict=True))
    return Graph(name="line", entry=names[0], nodes={n: nodes[n] for n in names}, edges=edges)


def setter(key: str, value: Any) -> Any:
    def node(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {key: value}

    return node


@pytest.fixture
def memory() -> Store:
    return open_store("memory:")


def test_a_node_gets_a_deep_copy_it_cannot_use_to_change_the_saved_state(memory: Store) -> None:
    def vandal(state: dict[str, Any], context: Context) -> dict[str, Any]:
        state["items"][0]["n"] = 999
        state["items"].append("extra")
        return {}

    graph = chain("a", a=vandal)
    result = run(graph, inputs={"items": [{"n": 1}]}, adapter=ECHO, store=memory)
    assert result.state["items"] == [{"n": 1}]
    loaded = memory.load(result.run_id)
    assert loaded is not None
    assert loaded.state["items"] == [{"n": 1}]


def test_updates_merge_shallowly_over_the_state(memory: Store) -> None:
    graph = chain("a", "b", a=setter("x", {"keep": 1}), b=setter("x", {"new": 2}))
    result = run(graph, inputs={"y": 0}, adapter=ECHO, store=memory)
    assert result.state == {"y": 0, "x": {"new": 2}}


def test_a_later_update_may_replace_an_input_key(memory: Store) -> None:
    graph = chain("a", a=setter("y", 5))
    result = run(graph, inputs={"y": 0}, adapter=ECHO, store=memory)
    assert result.state["y"] == 5
    loaded = memory.load(result.run_id)
    assert loaded is not None
    assert loaded.inputs == {"y": 0}
    assert loaded.state["y"] == 5


def test_a_run_without_a_status_key_is_running_then_done(memory: Store) -> None:
    graph = chain("a", "b", a=setter("x", 1), b=setter("x", 2))
    paused = run(graph, inputs={}, adapter=ECHO, store=memory, max_steps=1)
    assert (paused.status, paused.next, paused.finished) == ("running", "b", False)
    done = run(graph, inputs={}, adapter=ECHO, store=memory)
    assert (done.status, done.next, done.finished) == ("done", END, True)


def test_async_nodes_are_awaited(memory: Store) -> None:
    async def later(state: dict[str, Any], context: Context) -> dict[str, Any]:
        await asyncio.sleep(0)
        return {"async": True}

    result = run(chain("a", a=later), inputs={}, adapter=ECHO, store=memory)
    assert result.state["async"] is True


def test_the_context_carries_the_run_the_node_and_the_adapter(memory: Store) -> None:
    seen: list[Request] = []

    def recording(request: Request) -> Any:
        seen.append(request)
        return {"ok": True}

    def asks(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"answer": context.generate(instructions="do it", data={"x": 1})}

    adapter = FunctionAdapter("rec-v1", recording)
    result = run(chain("ask", ask=asks), inputs={}, adapter=adapter, store=memory, run_id="r1")
    assert result.state["answer"] == {"ok": True}
    assert [(r.run_id, r.node, r.instructions, r.data) for r in seen] == [
        ("r1", "ask", "do it", {"x": 1})
    ]


def test_a_failing_node_names_itself_keeps_its_cause_and_saves_nothing(memory: Store) -> None:
    def boom(state: dict[str, Any], context: Context) -> dict[str, Any]:
        raise KeyError("missing thing")

    graph = chain("a", "b", a=setter("x", 1), b=boom)
    with pytest.raises(NodeError) as caught:
        run(graph, inputs={}, adapter=ECHO, store=memory, run_id="r")
    assert caught.value.node == "b"
    assert isinstance(caught.value.__cause__, KeyError)
    saved = memory.load("r")
    assert saved is not None
    assert (saved.version, saved.next, saved.trace) == (1, "b", ("a",))


def test_a_run_that_failed_at_a_node_resumes_at_that_node(memory: Store) -> None:
    attempts: list[int] = []

    def flaky(state: dict[str, Any], context: Context) -> dict[str, Any]:
        attempts.append(1)
        if len(attempts) == 1:
            raise RuntimeError("first try fails")
        return {"ok": True}

    graph = chain("a", "b", a=setter("x", 1), b=flaky)
    with pytest.raises(NodeError):
        run(graph, inputs={}, adapter=ECHO, store=memory, run_id="r")
    result = resume(graph, run_id="r", adapter=ECHO, store=memory)
    assert result.trace == ("a", "b")
    assert result.state["ok"] is True


def test_an_adapter_failure_reaches_the_caller_through_the_node(memory: Store) -> None:
    def fails(request: Request) -> Any:
        raise ConnectionError("no route")

    def asks(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"answer": context.generate(instructions="i", data=None)}

    with pytest.raises(NodeError) as caught:
        run(chain("ask", ask=asks), inputs={}, adapter=FunctionAdapter("f-v1", fails), store=memory)
    assert "adapter 'f-v1' failed: ConnectionError: no route" in str(caught.value.__cause__)


def test_a_node_returning_a_non_mapping_is_an_error(memory: Store) -> None:
    graph = chain("a", a=lambda state, context: ["not", "a", "mapping"])
    with pytest.raises(NodeError, match="must return a mapping"):
        run(graph, inputs={}, adapter=ECHO, store=memory)


def test_a_node_returning_data_that_cannot_be_saved_names_the_path(memory: Store) -> None:
    graph = chain("a", a=setter("report", {"amount": float("nan")}))
    with pytest.raises(NodeError, match=r"update\.report\.amount: must be a finite number"):
        run(graph, inputs={}, adapter=ECHO, store=memory, run_id="r")
    assert memory.load("r") is None


def test_a_node_returning_none_changes_nothing(memory: Store) -> None:
    result = run(chain("a", a=lambda state, context: None), inputs={"k": 1}, adapter=ECHO,
                 store=memory)  # fmt: skip
    assert result.state == {"k": 1}


def test_an_edge_choosing_an_undeclared_target_is_an_edge_error(memory: Store) -> None:
    graph = Graph(
        name="g",
        entry="a",
        nodes={"a": setter("x", 1), "b": setter("y", 1)},
        edges={"a": Branch(lambda state: "c", "b", END), "b": END},
    )
    with pytest.raises(EdgeError, match="chose 'c', not one of 'b', 'END'"):
        run(graph, inputs={}, adapter=ECHO, store=memory, run_id="r")
    assert memory.load("r") is None


def test_an_edge_that_raises_is_an_edge_error_with_the_cause(memory: Store) -> None:
    graph = Graph(
        name="g", entry="a", nodes={"a": setter("x", 1)},
        edges={"a": Branch(lambda state: state["nope"], END)},
    )  # fmt: skip
    with pytest.raises(EdgeError) as caught:
        run(graph, inputs={}, adapter=ECHO, store=memory)
    assert isinstance(caught.value.__cause__, KeyError)


@pytest.mark.parametrize("limit", [0, -1, True, 1.5, "2"])
def test_max_steps_must_be_a_positive_integer(memory: Store, limit: Any) -> None:
    with pytest.raises(InputError) as caught:
        run(chain("a", a=setter("x", 1)), inputs={}, adapter=ECHO, store=memory, max_steps=limit)
    assert caught.value.field == "max_steps"
    assert memory.list_runs() == []


def test_max_steps_bounds_the_nodes_run_by_one_call(memory: Store) -> None:
    graph = chain("a", "b", "c", a=setter("x", 1), b=setter("x", 2), c=setter("x", 3))
    first = run(graph, inputs={}, adapter=ECHO, store=memory, max_steps=2)
    assert (first.steps, first.trace, first.next) == (2, ("a", "b"), "c")
    second = run(graph, inputs={}, adapter=ECHO, store=memory, max_steps=2)
    assert (second.steps, second.trace, second.next) == (1, ("a", "b", "c"), END)


def test_a_finished_run_is_returned_without_running_anything(memory: Store) -> None:
    calls: list[int] = []

    def counted(state: dict[str, Any], context: Context) -> dict[str, Any]:
        calls.append(1)
        return {"n": len(calls)}

    graph = chain("a", a=counted)
    first = run(graph, inputs={"q": 1}, adapter=ECHO, store=memory)
    again = run(graph, inputs={"q": 1}, adapter=ECHO, store=memory)
    assert (first.run_id, again.run_id, again.steps, len(calls)) == (
        first.run_id,
        first.run_id,
        0,
        1,
    )


def test_the_derived_run_id_depends_on_the_inputs(memory: Store) -> None:
    graph = chain("a", a=setter("x", 1))
    one = run(graph, inputs={"q": 1}, adapter=ECHO, store=memory)
    two = run(graph, inputs={"q": 2}, adapter=ECHO, store=memory)
    assert one.run_id != two.run_id
    assert one.run_id.startswith("line-")


def test_the_inputs_must_be_a_mapping(memory: Store) -> None:
    with pytest.raises(InputError, match="inputs: must be an object"):
        run(chain("a", a=setter("x", 1)), inputs=[1, 2], adapter=ECHO, store=memory)  # type: ignore[arg-type]


def test_a_bad_run_id_is_refused(memory: Store) -> None:
    with pytest.raises(InputError) as caught:
        run(chain("a", a=setter("x", 1)), inputs={}, adapter=ECHO, store=memory, run_id="../x")
    assert caught.value.field == "run_id"


def two_step(revision: int = 1, name: str = "line") -> Graph:
    return Graph(
        name=name, revision=revision, entry="a",
        nodes={"a": setter("x", 1), "b": setter("y", 2)}, edges={"a": "b", "b": END},
    )  # fmt: skip


@pytest.mark.parametrize(
    ("change", "part"),
    [
        ({"inputs": {"q": 2}}, "inputs"),
        ({"adapter": FunctionAdapter("echo-v2", lambda r: r.data)}, "adapter"),
        ({"graph": two_step(revision=2)}, "revision"),
        ({"graph": two_step(name="other")}, "graph"),
    ],
)
def test_a_resume_with_a_changed_part_is_refused_naming_it(
    memory: Store, change: dict[str, Any], part: str
) -> None:
    run(two_step(), inputs={"q": 1}, adapter=ECHO, store=memory, run_id="r", max_steps=1)
    call: dict[str, Any] = {"graph": two_step(), "inputs": {"q": 1}, "adapter": ECHO}
    call.update(change)
    with pytest.raises(FingerprintMismatch) as caught:
        run(call["graph"], inputs=call["inputs"], adapter=call["adapter"], store=memory, run_id="r")
    assert caught.value.part == part
    saved = memory.load("r")
    assert saved is not None
    assert saved.version == 1


def test_a_changed_graph_shape_is_refused_even_at_the_same_revision(memory: Store) -> None:
    run(two_step(), inputs={}, adapter=ECHO, store=memory, run_id="r", max_steps=1)
    reshaped = Graph(name="line", entry="a", nodes={"a": setter("x", 1), "b": setter("y", 2)},
                     edges={"a": Branch(lambda s: "b", "b", END), "b": END})  # fmt: skip
    with pytest.raises(FingerprintMismatch) as caught:
        resume(reshaped, run_id="r", adapter=ECHO, store=memory)
    assert caught.value.part == "shape"


def test_resume_with_other_inputs_is_refused(memory: Store) -> None:
    run(two_step(), inputs={"q": 1}, adapter=ECHO, store=memory, run_id="r", max_steps=1)
    with pytest.raises(FingerprintMismatch, match="inputs changed") as caught:
        resume(two_step(), run_id="r", adapter=ECHO, store=memory, inputs={"q": 9})
    assert caught.value.part == "inputs"


def test_resume_with_the_same_inputs_continues(memory: Store) -> None:
    run(two_step(), inputs={"q": 1}, adapter=ECHO, store=memory, run_id="r", max_steps=1)
    result = resume(two_step(), run_id="r", adapter=ECHO, store=memory, inputs={"q": 1})
    assert result.trace == ("a", "b")


def test_resume_of_an_unknown_run_is_run_not_found(memory: Store) -> None:
    with pytest.raises(RunNotFound) as caught:
        resume(two_step(), run_id="ghost", adapter=ECHO, store=memory)
    assert caught.value.run_id == "ghost"


def test_a_cursor_naming_no_node_of_the_graph_is_corrupt(memory: Store) -> None:
    source = Graph(name="line", entry="a", nodes={"a": setter("x", 1), "zz": setter("y", 1)},
                   edges={"a": "zz", "zz": END})  # fmt: skip
    run(source, inputs={}, adapter=ECHO, store=memory, run_id="r", max_steps=1)
    # Same name, revision and node names: only the cursor check can catch this.
    target = Graph(name="line", entry="a", nodes={"a": setter("x", 1), "zz": setter("y", 1)},
                   edges={"a": "zz", "zz": END})  # fmt: skip
    object.__setattr__(target, "nodes", {"a": target.nodes["a"]})
    with pytest.raises(CheckpointCorrupt, match="next is 'zz', not a node"):
        resume(target, run_id="r", adapter=ECHO, store=memory)


def test_a_slow_sync_node_times_out_and_saves_nothing(memory: Store) -> None:
    release = threading.Event()

    def slow(state: dict[str, Any], context: Context) -> dict[str, Any]:
        release.wait(5)
        return {"late": True}

    graph = chain("a", a=Node(fn=slow, timeout=0.05))
    try:
        with pytest.raises(NodeTimeout) as caught:
            run(graph, inputs={}, adapter=ECHO, store=memory, run_id="r")
    finally:
        release.set()
    assert (caught.value.node, caught.value.seconds) == ("a", 0.05)
    assert memory.load("r") is None


def test_a_slow_async_node_is_cancelled_at_its_timeout(memory: Store) -> None:
    cancelled = threading.Event()

    async def slow(state: dict[str, Any], context: Context) -> dict[str, Any]:
        try:
            await asyncio.sleep(5)
        except asyncio.CancelledError:
            cancelled.set()
            raise
        return {}

    graph = chain("a", a=Node(fn=slow, timeout=0.05))
    with pytest.raises(NodeTimeout):
        run(graph, inputs={}, adapter=ECHO, store=memory)
    assert cancelled.wait(2)


def test_a_node_within_its_timeout_completes(memory: Store) -> None:
    graph = chain("a", a=Node(fn=setter("x", 1), timeout=5))
    assert run(graph, inputs={}, adapter=ECHO, store=memory).state["x"] == 1


def test_a_node_with_a_timeout_still_reports_its_own_errors(memory: Store) -> None:
    def bad(state: dict[str, Any], context: Context) -> dict[str, Any]:
        raise ValueError("bad value")

    with pytest.raises(NodeError) as caught:
        run(chain("a", a=Node(fn=bad, timeout=5)), inputs={}, adapter=ECHO, store=memory)
    assert not isinstance(caught.value, NodeTimeout)
    assert isinstance(caught.value.__cause__, ValueError)


def test_a_node_raising_its_own_timeout_error_is_not_a_node_timeout(memory: Store) -> None:
    async def own(state: dict[str, Any], context: Context) -> dict[str, Any]:
        raise TimeoutError("socket said so")

    with pytest.raises(NodeError) as caught:
        run(chain("a", a=Node(fn=own, timeout=5)), inputs={}, adapter=ECHO, store=memory)
    assert not isinstance(caught.value, NodeTimeout)


def test_the_result_carries_the_checkpoint_version_and_timestamps(memory: Store) -> None:
    before = time.time()
    result = run(two_step(), inputs={}, adapter=ECHO, store=memory)
    assert result.version == 2
    assert result.checkpoint.version == 2
    assert result.checkpoint.created_at <= result.checkpoint.updated_at
    assert result.checkpoint.updated_at[:4] == time.strftime("%Y", time.gmtime(before))


def test_stop_pauses_a_run_between_nodes(memory: Store) -> None:
    graph = chain("a", "b", "c", a=setter("x", 1), b=setter("x", 2), c=setter("x", 3))
    asked: list[int] = []

    def stop_on_second_question() -> bool:
        asked.append(1)
        return len(asked) == 2

    result = run(graph, inputs={}, adapter=ECHO, store=memory, stop=stop_on_second_question)
    assert (result.trace, result.next, result.finished) == (("a", "b"), "c", False)
    assert len(asked) == 2  # asked before b and before c, not before a


def test_stop_still_lets_a_new_run_complete_its_first_node(memory: Store) -> None:
    graph = chain("a", "b", a=setter("x", 1), b=setter("x", 2))
    result = run(graph, inputs={}, adapter=ECHO, store=memory, stop=lambda: True)
    assert (result.trace, result.version) == (("a",), 1)
    again = run(graph, inputs={}, adapter=ECHO, store=memory, stop=lambda: True)
    assert (again.steps, again.trace) == (0, ("a",))


def test_an_adapters_own_stepgraph_error_is_raised_as_it_is() -> None:
    from stepgraph import AdapterError, FunctionAdapter, NodeError, open_store, run
    from stepgraph.offers import graph, make_inputs
    from tests.support import seed_offers

    def fail(request: object) -> object:
        raise AdapterError("no answer recorded")

    with open_store("memory:") as store, pytest.raises(NodeError) as raised:
        run(graph, inputs=make_inputs(seed_offers()), adapter=FunctionAdapter("f", fail),
            store=store)  # fmt: skip
    cause = raised.value.__cause__
    assert isinstance(cause, AdapterError)
    assert cause.__cause__ is None  # never its own cause (the CLI walks this chain)


def test_an_empty_adapter_id_is_refused_with_the_rule_and_its_reason(memory: Store) -> None:
    with pytest.raises(InputError) as caught:
        run(chain("a", a=setter("y", 1)), inputs={"x": 1},
            adapter=FunctionAdapter("", lambda request: {}), store=memory)  # fmt: skip
    assert caught.value.field == "adapter.id"
    assert "names the model configuration in the run's fingerprint" in caught.value.rule
    assert memory.list_runs() == []
