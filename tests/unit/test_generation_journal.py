"""Every generation is journaled; a completed one is never paid for twice."""

from __future__ import annotations

from typing import Any

import pytest

from stepgraph import (
    END,
    AdapterError,
    Context,
    FunctionAdapter,
    Graph,
    NodeError,
    Request,
    RunBusy,
    Store,
    open_store,
    run,
)


class Counting:
    def __init__(self, output: Any = None) -> None:
        self.id = "count-v1"
        self.calls = 0
        self.output = {"text": "ok"} if output is None else output

    def generate(self, request: Request) -> Any:
        self.calls += 1
        return self.output


def ask_then_fail_once() -> Any:
    failures = [1]

    def node(state: dict[str, Any], context: Context) -> dict[str, Any]:
        answer = context.generate(instructions="q", data=state["q"])
        if failures:
            failures.pop()
            raise RuntimeError("after the generation, before the update")
        return {"answer": answer}

    return node


def one_node(fn: Any) -> Graph:
    return Graph(name="g", entry="ask", nodes={"ask": fn}, edges={"ask": END})


@pytest.fixture
def memory() -> Store:
    return open_store("memory:")


def test_a_node_rerun_after_a_failure_reuses_the_completed_generation(memory: Store) -> None:
    adapter = Counting()
    graph = one_node(ask_then_fail_once())
    with pytest.raises(NodeError):
        run(graph, inputs={"q": 1}, adapter=adapter, store=memory, run_id="r")
    # The first node failed, so nothing was saved: running again starts the step anew.
    result = run(graph, inputs={"q": 1}, adapter=adapter, store=memory, run_id="r")
    assert result.state["answer"] == {"text": "ok"}
    assert adapter.calls == 1


def test_the_journal_records_the_attempt_request_and_output(memory: Store) -> None:
    def asks(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"answer": context.generate(instructions="q", data=state["q"])}

    run(one_node(asks), inputs={"q": 1}, adapter=Counting(), store=memory, run_id="r")
    journal = memory.generations("r")
    assert list(journal) == ["1:ask:0"]
    record = journal["1:ask:0"]
    assert (record["status"], record["attempt"], record["adapter"]) == ("done", 1, "count-v1")
    assert record["output"] == {"text": "ok"}
    assert len(record["request"]) == 64
    assert record["latency_ms"] >= 0


def test_two_generations_in_one_node_get_their_own_slots(memory: Store) -> None:
    def twice(state: dict[str, Any], context: Context) -> dict[str, Any]:
        first = context.generate(instructions="a", data=1)
        second = context.generate(instructions="b", data=2)
        return {"both": [first, second]}

    run(one_node(twice), inputs={}, adapter=Counting(), store=memory, run_id="r")
    assert sorted(memory.generations("r")) == ["1:ask:0", "1:ask:1"]


def test_a_failed_generation_is_journaled_with_its_error_class(memory: Store) -> None:
    def broken(request: Request) -> Any:
        raise TimeoutError("slow provider")

    def asks(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"answer": context.generate(instructions="q", data=None)}

    with pytest.raises(NodeError) as caught:
        run(one_node(asks), inputs={}, adapter=FunctionAdapter("b-v1", broken), store=memory,
            run_id="r")  # fmt: skip
    assert isinstance(caught.value.__cause__, AdapterError)
    record = memory.generations("r")["1:ask:0"]
    assert (record["status"], record["error"], record["attempt"]) == ("failed", "TimeoutError", 1)


def test_a_retry_after_a_failed_generation_is_the_next_attempt(memory: Store) -> None:
    outcomes: list[Any] = [ConnectionError("down"), {"text": "second"}]

    def flaky(request: Request) -> Any:
        outcome = outcomes.pop(0)
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    def asks(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"answer": context.generate(instructions="q", data=None)}

    adapter = FunctionAdapter("f-v1", flaky)
    with pytest.raises(NodeError):
        run(one_node(asks), inputs={}, adapter=adapter, store=memory, run_id="r")
    result = run(one_node(asks), inputs={}, adapter=adapter, store=memory, run_id="r")
    assert result.state["answer"] == {"text": "second"}
    assert memory.generations("r")["1:ask:0"]["attempt"] == 2


def test_output_that_is_not_json_is_an_adapter_error(memory: Store) -> None:
    def asks(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"answer": context.generate(instructions="q", data=None)}

    with pytest.raises(NodeError) as caught:
        run(one_node(asks), inputs={}, adapter=Counting(output={"n": float("nan")}), store=memory)
    assert "returned non-JSON output" in str(caught.value.__cause__)


def test_a_run_held_by_another_caller_is_busy(memory: Store) -> None:
    def asks(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"x": 1}

    with memory.hold("r"), pytest.raises(RunBusy):
        run(one_node(asks), inputs={}, adapter=Counting(), store=memory, run_id="r")
    assert memory.load("r") is None
    assert run(one_node(asks), inputs={}, adapter=Counting(), store=memory, run_id="r").version == 1
