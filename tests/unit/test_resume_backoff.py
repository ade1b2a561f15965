"""Retrying across resumes: the pause grows, then the run stops for a person (issue 19,
item 6); and a node that calls the model has a default deadline (item 4)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from stepgraph import (
    END,
    Context,
    FunctionAdapter,
    Graph,
    Request,
    RetryLater,
    RunFailed,
    open_store,
)
from stepgraph import resume as resume_run
from stepgraph import run as start_run
from stepgraph.errors import ProviderServerError
from stepgraph.retry import RetryPolicy
from stepgraph.stores import Store


class DeadProvider:
    """Every call fails with a retryable server error."""

    id = "dead-v1"

    def __init__(self) -> None:
        self.calls = 0

    def generate(self, request: Request) -> Any:
        self.calls += 1
        raise ProviderServerError("HTTP 500", status=500)


def ask(state: dict[str, Any], context: Context) -> dict[str, Any]:
    return {"answer": context.generate(instructions="q", data={})}


GRAPH = Graph(name="asks", entry="ask", nodes={"ask": ask}, edges={"ask": END})
POLICY = RetryPolicy(attempts=1, sleep=lambda seconds: None, jitter=lambda: 1.0,
                     later_delay=30.0, later_max_delay=100.0, later_stops=4)  # fmt: skip


def seconds(stamp: str) -> float:
    return datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp()


def stop_once(store: Store, adapter: DeadProvider, *, first: bool = False) -> dict[str, Any]:
    """One run/resume that ends in retry_later; the saved retry wait."""

    def call() -> object:
        if first:
            return start_run(GRAPH, inputs={}, adapter=adapter, store=store, run_id="r",
                             retry=POLICY)  # fmt: skip
        return resume_run(GRAPH, run_id="r", adapter=adapter, store=store, retry=POLICY,
                          early=True)  # fmt: skip

    with pytest.raises(RetryLater) as raised:
        call()
    saved = store.load("r")
    assert saved is not None
    assert saved.wait is not None
    assert saved.wait["not_before"] == raised.value.not_before
    return {**saved.wait, "at": saved.updated_at}


@pytest.fixture
def store() -> Store:
    return open_store("memory:")


def test_the_retry_pause_doubles_with_each_stop_in_a_row_up_to_its_ceiling(store: Store) -> None:
    dead = DeadProvider()
    waits = [stop_once(store, dead, first=True)] + [stop_once(store, dead) for _ in range(3)]
    assert [wait["stops"] for wait in waits] == [1, 2, 3, 4]
    pauses = [seconds(wait["not_before"]) - seconds(wait["at"]) for wait in waits]
    assert pauses[0] < 30  # the first stop keeps the provider's own wait
    assert 29.9 <= pauses[1] < 40  # (the step is stamped a moment after its not_before)
    assert 59.9 <= pauses[2] < 70
    assert 99.9 <= pauses[3] < 110  # the ceiling


def test_after_the_last_stop_the_run_fails_and_waits_for_a_person(store: Store) -> None:
    dead = DeadProvider()
    stop_once(store, dead, first=True)
    for _ in range(3):
        stop_once(store, dead)
    with pytest.raises(RunFailed) as failed:
        resume_run(GRAPH, run_id="r", adapter=dead, store=store, retry=POLICY, early=True)
    assert (failed.value.node, failed.value.error) == ("ask", "ProviderServerError")
    saved = store.load("r")
    assert saved is not None
    assert saved.status == "failed"
    history = store.history("r")
    assert history[-1].node == "@failed"
    assert history[-1].update["@wait"]["stops"] == 4
    assert "HTTP 500" in history[-1].update["@wait"]["reason"]
    calls = dead.calls
    with pytest.raises(RunFailed):  # nothing runs until a person acts
        resume_run(GRAPH, run_id="r", adapter=dead, store=store, retry=POLICY)
    assert dead.calls == calls


def test_a_person_resuming_now_tries_a_failed_run_again(store: Store) -> None:
    answers = FunctionAdapter("dead-v1", lambda request: {"ok": True})
    dead = DeadProvider()
    stop_once(store, dead, first=True)
    for _ in range(3):
        stop_once(store, dead)
    with pytest.raises(RunFailed):
        resume_run(GRAPH, run_id="r", adapter=dead, store=store, retry=POLICY, early=True)
    fixed = resume_run(GRAPH, run_id="r", adapter=answers, store=store, retry=POLICY, early=True)
    assert fixed.status == "done"
    assert fixed.state["answer"] == {"ok": True}


def test_a_spent_call_budget_does_not_count_as_a_provider_stop(store: Store) -> None:
    budget = RetryPolicy(attempts=1, budget=1, sleep=lambda seconds: None)

    def two_calls(state: dict[str, Any], context: Context) -> dict[str, Any]:
        context.generate(instructions="one", data={})
        return {"answer": context.generate(instructions="two", data={})}

    twice = Graph(name="twice", entry="a", nodes={"a": two_calls}, edges={"a": END})
    adapter = FunctionAdapter("ok-v1", lambda request: {"ok": True})
    with pytest.raises(RetryLater):
        start_run(twice, inputs={}, adapter=adapter, store=store, run_id="r", retry=budget)
    saved = store.load("r")
    assert saved is not None
    assert saved.wait is not None
    assert saved.wait.get("stops", 0) == 0


def test_a_model_call_in_a_node_without_a_timeout_gets_the_default_deadline(store: Store) -> None:
    seen: list[float | None] = []

    def record(request: Request) -> Any:
        seen.append(request.timeout)
        return {"ok": True}

    adapter = FunctionAdapter("seen-v1", record)
    start_run(GRAPH, inputs={}, adapter=adapter, store=store, run_id="a")
    start_run(GRAPH, inputs={}, adapter=adapter, store=store, run_id="b",
              retry=RetryPolicy(model_deadline=5.0))  # fmt: skip
    assert seen[0] is not None
    assert 0 < seen[0] <= RetryPolicy().model_deadline
    assert seen[1] is not None
    assert 0 < seen[1] <= 5.0
