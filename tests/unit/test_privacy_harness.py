"""Private values in the harness: error texts mask them; journaled answers map tokens back;
the async loop (agenerate) and node retries hide them like the sync one."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from stepgraph import END, Graph, Node, NodeError, NodeRetry, arun, open_store, run
from stepgraph.adapters import FunctionAdapter, Request
from stepgraph.errors import QuotaExceeded
from stepgraph.privacy import MASK, Private
from stepgraph.stream import NodeFailed, RetryScheduled, StepEvent

SECRET = "Jane Doe, 12 Rue Example"


class EchoingQuota:
    """A provider whose error body echoes what it was sent (some do)."""

    id = "echo"

    def generate(self, request: Request) -> Any:
        raise QuotaExceeded(f"quota spent for request {json.dumps(request.data)}", status=402)


def complain(state: dict[str, Any], context: Any) -> dict[str, Any]:
    raise ValueError(f"cannot deliver to {state['address']}")


def ask(state: dict[str, Any], context: Any) -> dict[str, Any]:
    return {"answer": context.generate(instructions="Go", data={"to": state["address"]})}


def one_node(fn: Any) -> Graph:
    return Graph(name="g", entry="a", nodes={"a": fn}, edges={"a": END},
                 private={"address": "send"})  # fmt: skip


def test_a_node_error_names_no_private_value(tmp_path: Path) -> None:
    with open_store(f"sqlite:{tmp_path / 'runs.db'}") as store:
        store.setup()
        with pytest.raises(NodeError) as raised:
            run(one_node(complain), inputs={"address": SECRET}, adapter=EchoingQuota(),
                store=store)  # fmt: skip
    assert SECRET not in str(raised.value)
    assert f"cannot deliver to {MASK}" in str(raised.value)


def test_a_saved_provider_failure_reason_names_no_private_value(tmp_path: Path) -> None:
    path = tmp_path / "runs.db"
    with open_store(f"sqlite:{path}") as store:
        store.setup()
        with pytest.raises(NodeError):
            run(one_node(ask), inputs={"address": SECRET}, adapter=EchoingQuota(), store=store,
                run_id="r")  # fmt: skip
        failed = store.load("r")
    assert failed is not None
    assert failed.wait is not None
    assert failed.wait["kind"] == "failed"
    assert MASK in failed.wait["reason"]
    assert SECRET not in failed.wait["reason"]


def test_a_journaled_answer_with_tokens_is_mapped_back_when_the_node_runs_again(
    tmp_path: Path,
) -> None:
    seen: list[Any] = []

    def model(request: Request) -> Any:
        seen.append(request.data)
        return {"to": request.data["to"]}  # echoes the placeholder it was sent

    attempts: list[Any] = []

    def flaky(state: dict[str, Any], context: Any) -> dict[str, Any]:
        answer = context.generate(instructions="Go", data={"to": state["address"]})
        attempts.append(answer)
        if len(attempts) == 1:
            raise RuntimeError("after the model call, before the save")
        return {"answer": answer}

    graph = Graph(name="g", entry="a", nodes={"a": flaky}, edges={"a": END},
                  private={"address": "tokenise"})  # fmt: skip
    with open_store(f"sqlite:{tmp_path / 'runs.db'}") as store:
        store.setup()
        with pytest.raises(NodeError):
            run(graph, inputs={"address": SECRET}, adapter=FunctionAdapter("f", model),
                store=store, run_id="r")  # fmt: skip
        done = run(graph, inputs={"address": SECRET}, adapter=FunctionAdapter("f", model),
                   store=store, run_id="r")  # fmt: skip
    assert len(seen) == 1  # the second attempt was answered from the journal
    assert SECRET not in json.dumps(seen)
    assert attempts == [{"to": SECRET}, {"to": SECRET}]
    assert done.state["answer"] == {"to": SECRET}


def test_agenerate_sends_placeholders_and_the_async_node_gets_the_value_back(
    tmp_path: Path,
) -> None:
    seen: list[Any] = []

    def model(request: Request) -> Any:
        seen.append(request.data)
        return {"to": request.data["to"]}  # echoes the placeholder it was sent

    async def ask_async(state: dict[str, Any], context: Any) -> dict[str, Any]:
        return {"answer": await context.agenerate(instructions="Go",
                                                  data={"to": state["address"]})}  # fmt: skip

    graph = Graph(name="g", entry="a", nodes={"a": ask_async}, edges={"a": END},
                  private={"address": "tokenise"})  # fmt: skip
    with open_store(f"sqlite:{tmp_path / 'runs.db'}") as store:
        store.setup()
        done = asyncio.run(arun(graph, inputs={"address": SECRET},
                                adapter=FunctionAdapter("f", model), store=store))  # fmt: skip
        journal = store.generations(done.run_id)
    assert SECRET not in json.dumps(seen)
    assert seen[0]["to"].startswith("[[p:")
    assert SECRET not in json.dumps(journal)
    assert done.state["answer"] == {"to": SECRET}


def test_a_node_retry_journals_and_announces_no_private_value(tmp_path: Path) -> None:
    calls: list[int] = []

    def shaky(state: dict[str, Any], context: Any) -> dict[str, Any]:
        calls.append(1)
        if len(calls) == 1:
            raise OSError(f"connection reset while sending {state['address']}")
        return {"sent": True}

    events: list[StepEvent] = []
    node = Node(fn=shaky, retry=NodeRetry(attempts=2, sleep=lambda _: None))
    graph = Graph(name="g", entry="a", nodes={"a": node}, edges={"a": END},
                  private={"address": "send"})  # fmt: skip
    with open_store(f"sqlite:{tmp_path / 'runs.db'}") as store:
        store.setup()
        done = run(graph, inputs={"address": SECRET}, adapter=EchoingQuota(), store=store,
                   on_event=events.append)  # fmt: skip
        journal = store.generations(done.run_id)
    reasons = [event.reason for event in events if isinstance(event, RetryScheduled)]
    assert len(reasons) == 1
    assert SECRET not in reasons[0]
    assert MASK in reasons[0]
    assert SECRET not in json.dumps(journal)


def test_a_node_failed_event_names_no_private_value(tmp_path: Path) -> None:
    events: list[StepEvent] = []
    with open_store(f"sqlite:{tmp_path / 'runs.db'}") as store:
        store.setup()
        with pytest.raises(NodeError):
            run(one_node(complain), inputs={"address": SECRET}, adapter=EchoingQuota(),
                store=store, on_event=events.append)  # fmt: skip
    messages = [event.message for event in events if isinstance(event, NodeFailed)]
    assert len(messages) == 1
    assert SECRET not in messages[0]
    assert f"cannot deliver to {MASK}" in messages[0]


def test_only_a_step_that_calls_the_model_reads_the_private_values(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    read: list[Mapping[str, Any]] = []
    values = Private.values

    def counted(self: Private, state: Mapping[str, Any]) -> dict[str, tuple[Any, str]]:
        read.append(state)
        return values(self, state)

    monkeypatch.setattr(Private, "values", counted)
    graph = Graph(name="g", entry="first", nodes={"first": lambda s, c: {"n": 1}, "a": ask},
                  edges={"first": "a", "a": END}, private={"address": "mask"})  # fmt: skip
    sent: list[Any] = []

    def model_fn(request: Request) -> Any:
        sent.append(request.data)
        return {"ok": True}

    model = FunctionAdapter("m", model_fn)
    with open_store("memory:") as store:
        run(graph, inputs={"address": SECRET}, adapter=model, store=store)
    assert [state["n"] for state in read] == [1]  # the state before "a", read once
    assert sent == [{"to": MASK}]
