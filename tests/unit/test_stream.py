"""The step event stream: what each run call emits, in order, through every delivery."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest

from stepgraph import (
    END,
    Context,
    FunctionAdapter,
    Graph,
    NodeError,
    Policy,
    Request,
    Result,
    RetryLater,
    RetryPolicy,
    RunResult,
    Store,
    Wait,
    decide,
    iter_resume,
    iter_run,
    open_store,
    resume,
    run,
)
from stepgraph.errors import RateLimited
from stepgraph.stream import (
    EventRecorded,
    GenerationAttempt,
    NodeFailed,
    NodeSaved,
    NodeStarted,
    RetryScheduled,
    RunFinished,
    RunStarted,
    StepEvent,
    WaitOpened,
    as_json,
)

ECHO = FunctionAdapter("echo-v1", lambda request: request.data)
REVIEW = Policy.from_mapping({"approve": ["ada"]})


@pytest.fixture
def memory() -> Store:
    return open_store("memory:")


def review_graph() -> Graph:
    """prepare -> review (waits for a decision) -> END."""

    def prepare(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"text": "draft"}

    def review(state: dict[str, Any], context: Context) -> dict[str, Any] | Wait:
        if (state.get("decision") or {}).get("verdict") == "approve":
            return {"status": "approved"}
        return Wait(kind="decision", status="ready_for_review", reason="read the draft",
                    choices={"approve": "approved"}, digest="d1")  # fmt: skip

    return Graph(name="review", entry="prepare", nodes={"prepare": prepare, "review": review},
                 edges={"prepare": "review", "review": END})  # fmt: skip


def kinds(events: list[StepEvent]) -> list[str]:
    return [type(event).__name__ for event in events]


def test_a_run_that_waits_emits_start_nodes_saves_the_wait_and_finish_in_order(
    memory: Store,
) -> None:
    events: list[StepEvent] = []
    result = run(review_graph(), inputs={}, adapter=ECHO, store=memory, on_event=events.append)

    assert kinds(events) == ["RunStarted", "NodeStarted", "NodeSaved", "NodeStarted",
                             "NodeSaved", "WaitOpened", "RunFinished"]  # fmt: skip
    started, first, saved = events[0], events[1], events[2]
    assert isinstance(started, RunStarted)
    assert not started.resumed
    assert started.version == 0
    assert isinstance(first, NodeStarted)
    assert (first.node, first.step) == ("prepare", 1)
    assert isinstance(saved, NodeSaved)
    assert (saved.version, saved.next, saved.update_keys) == (1, "review", ("text",))
    wait = events[5]
    assert isinstance(wait, WaitOpened)
    assert (wait.node, wait.kind, wait.digest, wait.choices) == (
        "review", "decision", "d1", ("approve",))  # fmt: skip
    finished = events[-1]
    assert isinstance(finished, RunFinished)
    assert (finished.status, finished.next, finished.version, finished.steps_run) == (
        "ready_for_review", "review", 2, 2)  # fmt: skip
    assert {event.run_id for event in events} == {result.run_id}


def test_a_resume_after_the_decision_emits_a_resumed_start_and_the_finish(memory: Store) -> None:
    first = run(review_graph(), inputs={}, adapter=ECHO, store=memory)
    decide(memory, first.run_id, verdict="approve", actor="ada", digest_seen="d1", policy=REVIEW)
    events: list[StepEvent] = []

    resume(review_graph(), run_id=first.run_id, adapter=ECHO, store=memory,
           on_event=events.append)  # fmt: skip

    assert kinds(events) == ["RunStarted", "NodeStarted", "NodeSaved", "RunFinished"]
    assert isinstance(events[0], RunStarted)
    assert events[0].resumed
    assert events[0].version == 3
    assert isinstance(events[-1], RunFinished)
    assert events[-1].next == END
    assert events[-1].status == "approved"


def test_a_resume_while_still_waiting_emits_only_start_and_finish(memory: Store) -> None:
    first = run(review_graph(), inputs={}, adapter=ECHO, store=memory)
    events: list[StepEvent] = []

    resume(review_graph(), run_id=first.run_id, adapter=ECHO, store=memory,
           on_event=events.append)  # fmt: skip

    assert kinds(events) == ["RunStarted", "RunFinished"]
    assert isinstance(events[1], RunFinished)
    assert events[1].steps_run == 0


def test_iter_run_yields_the_events_then_the_run_result_last(memory: Store) -> None:
    items = list(iter_run(review_graph(), inputs={}, adapter=ECHO, store=memory))

    assert isinstance(items[-1], RunResult)
    assert items[-1].status == "ready_for_review"
    assert kinds(items[:-1]) == ["RunStarted", "NodeStarted", "NodeSaved", "NodeStarted",  # type: ignore[arg-type]
                                 "NodeSaved", "WaitOpened", "RunFinished"]  # fmt: skip


def test_iter_resume_yields_the_events_then_the_run_result_last(memory: Store) -> None:
    first = run(review_graph(), inputs={}, adapter=ECHO, store=memory, max_steps=1)
    items = list(iter_resume(review_graph(), run_id=first.run_id, adapter=ECHO, store=memory))

    assert isinstance(items[-1], RunResult)
    assert items[-1].version == 2
    assert isinstance(items[0], RunStarted)
    assert items[0].resumed


def test_leaving_iter_run_early_releases_the_run_and_keeps_what_was_saved(memory: Store) -> None:
    for item in iter_run(review_graph(), inputs={}, adapter=ECHO, store=memory):
        if isinstance(item, NodeSaved):
            break  # the generator is closed here
    run_id = item.run_id
    loaded = memory.load(run_id)
    assert loaded is not None
    assert loaded.version == 1
    again = resume(review_graph(), run_id=run_id, adapter=ECHO, store=memory)  # not RunBusy
    assert again.status == "ready_for_review"


def test_a_model_call_emits_a_generation_attempt_with_usage_before_the_save(
    memory: Store,
) -> None:
    adapter = FunctionAdapter("usage-v1", lambda request: Result(
        data={"ok": True}, model="m-1", request_id="req-9", finish_reason="stop",
        usage={"input_tokens": 12, "output_tokens": 3}))  # fmt: skip

    def ask(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"answer": context.generate(instructions="say ok", data={})}

    graph = Graph(name="ask", entry="ask", nodes={"ask": ask}, edges={"ask": END})
    events: list[StepEvent] = []
    run(graph, inputs={}, adapter=adapter, store=memory, on_event=events.append)

    assert kinds(events) == ["RunStarted", "NodeStarted", "GenerationAttempt", "NodeSaved",
                             "RunFinished"]  # fmt: skip
    attempt = events[2]
    assert isinstance(attempt, GenerationAttempt)
    assert (attempt.node, attempt.step, attempt.attempt, attempt.adapter_id) == (
        "ask", 1, 1, "usage-v1")  # fmt: skip
    assert (attempt.model, attempt.input_tokens, attempt.output_tokens) == ("m-1", 12, 3)
    assert (attempt.finish_reason, attempt.request_id, attempt.error_class) == (
        "stop", "req-9", None)  # fmt: skip
    assert attempt.latency_s >= 0


def test_a_provider_that_keeps_failing_emits_failed_attempts_the_event_and_the_retry(
    memory: Store,
) -> None:
    def refuse(request: Request) -> Any:
        raise RateLimited("slow down", request_id="r-1")

    def ask(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"answer": context.generate(instructions="say ok", data={})}

    graph = Graph(name="ask", entry="ask", nodes={"ask": ask}, edges={"ask": END})
    events: list[StepEvent] = []
    with pytest.raises(RetryLater):
        run(graph, inputs={}, adapter=FunctionAdapter("busy-v1", refuse), store=memory,
            retry=RetryPolicy(attempts=2, sleep=lambda s: None),
            on_event=events.append)  # fmt: skip

    assert kinds(events) == ["RunStarted", "NodeStarted", "GenerationAttempt",
                             "GenerationAttempt", "EventRecorded", "RetryScheduled"]  # fmt: skip
    failed = events[2]
    assert isinstance(failed, GenerationAttempt)
    assert failed.error_class == "RateLimited"
    assert failed.request_id == "r-1"
    recorded, retry = events[4], events[5]
    assert isinstance(recorded, EventRecorded)
    assert (recorded.name, recorded.version) == ("@retry_later", 1)
    assert isinstance(retry, RetryScheduled)
    assert retry.node == "ask"
    assert retry.not_before >= retry.at - 1


def test_a_node_that_raises_emits_node_failed_and_the_call_raises(memory: Store) -> None:
    def broken(state: dict[str, Any], context: Context) -> dict[str, Any]:
        raise KeyError("price")

    graph = Graph(name="bad", entry="a", nodes={"a": broken}, edges={"a": END})
    events: list[StepEvent] = []
    with pytest.raises(NodeError):
        run(graph, inputs={}, adapter=ECHO, store=memory, on_event=events.append)

    assert kinds(events) == ["RunStarted", "NodeStarted", "NodeFailed"]
    failed = events[2]
    assert isinstance(failed, NodeFailed)
    assert (failed.node, failed.step, failed.error_class) == ("a", 1, "NodeError")
    assert "KeyError" in failed.message


def test_an_update_that_cannot_be_saved_emits_node_failed(memory: Store) -> None:
    def unsavable(state: dict[str, Any], context: Context) -> Any:
        return {"when": object()}

    graph = Graph(name="bad", entry="a", nodes={"a": unsavable}, edges={"a": END})
    events: list[StepEvent] = []
    with pytest.raises(NodeError):
        run(graph, inputs={}, adapter=ECHO, store=memory, on_event=events.append)

    assert kinds(events)[-1] == "NodeFailed"
    assert memory.load(events[0].run_id) is None


def test_a_callback_that_raises_is_logged_and_the_run_goes_on(
    memory: Store, caplog: pytest.LogCaptureFixture
) -> None:
    def clumsy(event: StepEvent) -> None:
        raise ValueError("listener bug")

    with caplog.at_level(logging.ERROR, logger="stepgraph"):
        result = run(review_graph(), inputs={}, adapter=ECHO, store=memory, on_event=clumsy)

    assert result.version == 2
    assert any("on_event callback failed" in record.message for record in caplog.records)


def test_events_as_json_carry_the_event_name_and_every_field() -> None:
    event = NodeSaved(run_id="r", node="a", step=1, version=2, status="running", next="b",
                      update_keys=("x", "y"), duration_s=0.5, at=1.0)  # fmt: skip

    line = json.dumps(as_json(event))

    assert json.loads(line) == {
        "event": "NodeSaved", "run_id": "r", "node": "a", "step": 1, "version": 2,
        "status": "running", "next": "b", "update_keys": ["x", "y"], "duration_s": 0.5,
        "at": 1.0,
    }  # fmt: skip


def test_events_are_frozen_and_keyword_only() -> None:
    event = RunStarted(run_id="r", graph="g", revision=1, resumed=False, version=0)
    with pytest.raises(AttributeError):
        event.version = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        RunStarted("r", "g", 1, False, 0)  # type: ignore[call-arg]


def test_a_decision_announces_the_event_step_it_recorded(memory: Store) -> None:
    first = run(review_graph(), inputs={}, adapter=ECHO, store=memory)
    events: list[StepEvent] = []

    decide(memory, first.run_id, verdict="approve", actor="ada", digest_seen="d1",
           policy=REVIEW, on_event=events.append)  # fmt: skip
    decide(memory, first.run_id, verdict="approve", actor="ada", digest_seen="d1",
           policy=REVIEW, on_event=events.append)  # the same again records nothing  # fmt: skip

    assert len(events) == 1
    recorded = events[0]
    assert isinstance(recorded, EventRecorded)
    assert (recorded.run_id, recorded.name, recorded.actor, recorded.version) == (
        first.run_id, "@decision", "ada", 3)  # fmt: skip


def test_a_provider_failure_that_is_never_retried_emits_node_failed_then_the_failed_step(
    memory: Store,
) -> None:
    from stepgraph.errors import QuotaExceeded

    def broke(request: Request) -> Any:
        raise QuotaExceeded("out of credit", status=402)

    def ask(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"answer": context.generate(instructions="say ok", data={})}

    graph = Graph(name="ask", entry="ask", nodes={"ask": ask}, edges={"ask": END})
    events: list[StepEvent] = []
    with pytest.raises(NodeError):
        run(graph, inputs={}, adapter=FunctionAdapter("broke-v1", broke), store=memory,
            run_id="f1", on_event=events.append)  # fmt: skip

    assert kinds(events) == ["RunStarted", "NodeStarted", "GenerationAttempt", "NodeFailed",
                             "EventRecorded"]  # fmt: skip
    recorded = events[-1]
    assert isinstance(recorded, EventRecorded)
    assert (recorded.name, recorded.version) == ("@failed", 1)
    loaded = memory.load("f1")
    assert loaded is not None
    assert loaded.status == "failed"
