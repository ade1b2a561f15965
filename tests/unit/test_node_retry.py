"""Node(retry=NodeRetry(...)): a node raising a covered error is run again, bounded,
journaled and announced; anything else fails at once."""

from __future__ import annotations

from typing import Any

import pytest

from stepgraph import (
    END,
    Context,
    FunctionAdapter,
    Graph,
    GraphError,
    InputError,
    Node,
    NodeError,
    NodeRetry,
    Store,
    open_store,
    run,
)
from stepgraph.stream import RetryScheduled, StepEvent

ECHO = FunctionAdapter("echo-v1", lambda request: request.data)


@pytest.fixture
def memory() -> Store:
    return open_store("memory:")


class Flaky:
    """A node that raises ``error`` for its first ``failures`` calls, then answers."""

    def __init__(self, failures: int, error: Exception) -> None:
        self.failures = failures
        self.error = error
        self.calls = 0

    def __call__(self, state: dict[str, Any], context: Context) -> dict[str, Any]:
        self.calls += 1
        if self.calls <= self.failures:
            raise self.error
        return {"calls": self.calls}


def graph_of(node: Node[Any]) -> Graph:
    return Graph(name="flaky", entry="fetch", nodes={"fetch": node}, edges={"fetch": END})


def policy(attempts: int, slept: list[float]) -> NodeRetry:
    return NodeRetry(attempts=attempts, on=(ConnectionError,), base_delay=1.0, max_delay=4.0,
                     sleep=slept.append, jitter=lambda: 1.0)  # fmt: skip


def test_a_covered_error_is_retried_with_backoff_until_the_node_answers(memory: Store) -> None:
    slept: list[float] = []
    flaky = Flaky(2, ConnectionResetError("reset"))

    result = run(graph_of(Node(fn=flaky, retry=policy(3, slept))), inputs={}, adapter=ECHO,
                 store=memory)  # fmt: skip

    assert result.state == {"calls": 3}
    assert slept == [1.0, 2.0]


def test_each_retried_failure_is_journaled_with_the_error_and_the_delay(memory: Store) -> None:
    flaky = Flaky(2, ConnectionResetError("reset"))

    result = run(graph_of(Node(fn=flaky, retry=policy(3, []))), inputs={}, adapter=ECHO,
                 store=memory)  # fmt: skip

    journal = memory.generations(result.run_id)
    assert sorted(journal) == ["1:fetch:retry:1", "1:fetch:retry:2"]
    first = journal["1:fetch:retry:1"]
    assert (first["error"], first["message"], first["delay_s"]) == (
        "ConnectionResetError", "reset", 1.0)  # fmt: skip


def test_each_retry_is_announced_by_a_retry_scheduled_event(memory: Store) -> None:
    events: list[StepEvent] = []
    flaky = Flaky(1, ConnectionError("down"))

    run(graph_of(Node(fn=flaky, retry=policy(2, []))), inputs={}, adapter=ECHO, store=memory,
        on_event=events.append)  # fmt: skip

    names = [type(event).__name__ for event in events]
    assert names == ["RunStarted", "NodeStarted", "RetryScheduled", "NodeSaved", "RunFinished"]
    retry = events[2]
    assert isinstance(retry, RetryScheduled)
    assert (retry.node, retry.reason) == ("fetch", "ConnectionError: down")


def test_the_retries_are_bounded_and_the_last_failure_is_a_node_error(memory: Store) -> None:
    slept: list[float] = []
    flaky = Flaky(5, ConnectionError("down"))

    with pytest.raises(NodeError, match="ConnectionError: down") as caught:
        run(graph_of(Node(fn=flaky, retry=policy(3, slept))), inputs={}, adapter=ECHO,
            store=memory, run_id="r")  # fmt: skip

    assert caught.value.node == "fetch"
    assert flaky.calls == 3
    assert slept == [1.0, 2.0]
    assert memory.load("r") is None


def test_an_error_the_policy_does_not_cover_fails_at_once(memory: Store) -> None:
    flaky = Flaky(1, KeyError("price"))

    with pytest.raises(NodeError, match="KeyError"):
        run(graph_of(Node(fn=flaky, retry=policy(3, []))), inputs={}, adapter=ECHO, store=memory)

    assert flaky.calls == 1


def test_a_resume_gets_its_own_attempts_and_numbers_the_journal_on(memory: Store) -> None:
    flaky = Flaky(3, ConnectionError("down"))
    graph = graph_of(Node(fn=flaky, retry=policy(2, [])))
    with pytest.raises(NodeError):
        run(graph, inputs={}, adapter=ECHO, store=memory, run_id="r")
    assert flaky.calls == 2

    result = run(graph, inputs={}, adapter=ECHO, store=memory, run_id="r")

    assert result.state == {"calls": 4}
    assert sorted(memory.generations("r")) == ["1:fetch:retry:1", "1:fetch:retry:2"]


def test_a_retry_policy_with_no_attempts_is_refused() -> None:
    with pytest.raises(InputError, match=r"retry\.attempts"):
        NodeRetry(attempts=0)


def test_a_retry_policy_must_name_exception_classes() -> None:
    with pytest.raises(InputError, match=r"retry\.on"):
        NodeRetry(on=("ConnectionError",))  # type: ignore[arg-type]


def test_a_node_retry_that_is_not_a_policy_is_refused_when_the_graph_is_built() -> None:
    with pytest.raises(GraphError, match="retry must be a NodeRetry"):
        graph_of(Node(fn=lambda s, c: {}, retry=3))  # type: ignore[arg-type]
