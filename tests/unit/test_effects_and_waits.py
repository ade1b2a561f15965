"""Side effects at most once across re-runs, and the generic Wait, on small graphs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from stepgraph import (
    END,
    Context,
    FunctionAdapter,
    Graph,
    NodeError,
    NotAllowed,
    Policy,
    Request,
    RetryLater,
    Store,
    Wait,
    decide,
    open_store,
    reconcile,
    resume,
    run,
)
from stepgraph.errors import RateLimited
from stepgraph.offers import graph as offers_graph
from stepgraph.offers import make_inputs
from stepgraph.offers.review import find_outbox, write_outbox
from tests.support import CountingFixture, seed_offers

ECHO = FunctionAdapter("echo-v1", lambda request: {"x": 1})
OPS = Policy.from_mapping({"reconcile": ["ops"], "approve": ["ada"]})


class Downstream:
    """A service that counts deliveries per key and can fail once after delivering."""

    def __init__(self) -> None:
        self.delivered: dict[str, int] = {}
        self.crash_after_delivery = False

    def send(self, key: str) -> dict[str, Any]:
        self.delivered[key] = self.delivered.get(key, 0) + 1
        if self.crash_after_delivery:
            self.crash_after_delivery = False
            raise ConnectionResetError("the answer was lost")
        return {"receipt": key}

    def lookup(self, key: str) -> dict[str, Any] | None:
        return {"receipt": key} if key in self.delivered else None


def sending_graph(downstream: Downstream, *, lookup: bool, deduplicated: bool = False) -> Graph:
    def send(state: dict[str, Any], context: Context) -> dict[str, Any]:
        receipt = context.effect("email", downstream.send,
                                 lookup=downstream.lookup if lookup else None,
                                 deduplicated=deduplicated)  # fmt: skip
        return {"receipt": receipt}

    def start(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"started": True}

    return Graph(name="mail", entry="start", nodes={"start": start, "send": send},
                 edges={"start": "send", "send": END})  # fmt: skip


def journal_crash_mid_effect(
    downstream: Downstream, lookup: bool, deduplicated: bool = False
) -> tuple[Store, Graph]:
    """Run until the effect fails after delivering (as a crash would leave it)."""
    store = open_store("memory:")
    graph = sending_graph(downstream, lookup=lookup, deduplicated=deduplicated)
    downstream.crash_after_delivery = True
    with pytest.raises(NodeError):
        run(graph, inputs={}, adapter=ECHO, store=store, run_id="m")
    return store, graph


def test_a_completed_effect_is_not_called_again_when_its_node_runs_again() -> None:
    downstream = Downstream()
    store = open_store("memory:")
    graph = sending_graph(downstream, lookup=False)
    run(graph, inputs={}, adapter=ECHO, store=store, run_id="m", max_steps=1)
    context = Context(run_id="m", node="send", adapter=ECHO, store=store, visit=2,
                      journal=store.generations("m"))  # fmt: skip
    first = context.effect("email", downstream.send)
    again = Context(run_id="m", node="send", adapter=ECHO, store=store, visit=2,
                    journal=store.generations("m")).effect("email", downstream.send)  # fmt: skip
    assert first == again == {"receipt": "m/send/2/email"}
    assert downstream.delivered == {"m/send/2/email": 1}


def test_a_lost_outcome_is_reconciled_by_lookup_without_a_second_delivery() -> None:
    downstream = Downstream()
    store, graph = journal_crash_mid_effect(downstream, lookup=True)
    done = resume(graph, run_id="m", adapter=ECHO, store=store)
    assert done.state["receipt"] == {"receipt": "m/send/2/email"}
    assert downstream.delivered == {"m/send/2/email": 1}
    record = store.generations("m")["2:send:effect:email"]
    assert record["reconciled"] == "lookup"


def test_a_lost_outcome_without_lookup_stops_the_run_needing_reconciliation() -> None:
    downstream = Downstream()
    store, graph = journal_crash_mid_effect(downstream, lookup=False)
    stopped = resume(graph, run_id="m", adapter=ECHO, store=store)
    assert (stopped.status, stopped.next) == ("needs_reconciliation", "send")
    wait = stopped.checkpoint.wait
    assert wait is not None
    assert (wait["kind"], wait["key"]) == ("reconcile", "m/send/2/email")
    assert downstream.delivered == {"m/send/2/email": 1}  # never repeated blindly


def test_reconciling_as_happened_records_the_outcome_and_never_calls_again() -> None:
    downstream = Downstream()
    store, graph = journal_crash_mid_effect(downstream, lookup=False)
    resume(graph, run_id="m", adapter=ECHO, store=store)
    reconcile(store, "m", happened=True, actor="ops", policy=OPS, outcome={"receipt": "checked"})
    done = resume(graph, run_id="m", adapter=ECHO, store=store)
    assert (done.status, done.state["receipt"]) == ("done", {"receipt": "checked"})
    assert downstream.delivered == {"m/send/2/email": 1}


def test_reconciling_as_not_happened_calls_the_effect_again_with_the_same_key() -> None:
    downstream = Downstream()
    store, graph = journal_crash_mid_effect(downstream, lookup=False)
    resume(graph, run_id="m", adapter=ECHO, store=store)
    reconcile(store, "m", happened=False, actor="ops", policy=OPS)
    done = resume(graph, run_id="m", adapter=ECHO, store=store)
    assert done.status == "done"
    assert downstream.delivered == {"m/send/2/email": 2}


def test_only_the_policys_people_may_reconcile() -> None:
    downstream = Downstream()
    store, graph = journal_crash_mid_effect(downstream, lookup=False)
    resume(graph, run_id="m", adapter=ECHO, store=store)
    with pytest.raises(NotAllowed):
        reconcile(store, "m", happened=True, actor="ada", policy=OPS)


def test_a_deduplicating_downstream_is_simply_called_again() -> None:
    downstream = Downstream()
    store, graph = journal_crash_mid_effect(downstream, lookup=False, deduplicated=True)
    done = resume(graph, run_id="m", adapter=ECHO, store=store)
    assert done.status == "done"
    assert downstream.delivered == {"m/send/2/email": 2}


def test_a_generic_wait_stops_the_run_and_its_decision_reaches_the_node() -> None:
    def ask(state: dict[str, Any], context: Context) -> dict[str, Any] | Wait:
        if "go" not in state:
            return Wait(kind="decision", status="asking", reason="go or stop?", key="go",
                        choices={"approve": "going", "reject": "stopped"})  # fmt: skip
        return {"answer": state["go"]["verdict"]}

    graph = Graph(name="ask", entry="ask", nodes={"ask": ask}, edges={"ask": END})
    store = open_store("memory:")
    waiting = run(graph, inputs={}, adapter=ECHO, store=store, run_id="q")
    assert (waiting.status, waiting.next) == ("asking", "ask")
    decide(store, "q", verdict="approve", actor="ada", digest_seen="", policy=OPS)
    done = resume(graph, run_id="q", adapter=ECHO, store=store)
    assert done.state["answer"] == "approve"


def test_a_node_may_not_write_reserved_keys() -> None:
    def sneaky(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"@wait": {"kind": "decision"}}

    graph = Graph(name="s", entry="s", nodes={"s": sneaky}, edges={"s": END})
    with pytest.raises(NodeError, match="reserved"):
        run(graph, inputs={}, adapter=ECHO, store=open_store("memory:"))


def test_the_outbox_holds_one_file_per_key_however_often_it_is_written(tmp_path: Path) -> None:
    first = write_outbox(str(tmp_path), "r/publish/5/outbox", {"a": 1})
    again = write_outbox(str(tmp_path), "r/publish/5/outbox", {"a": 2})
    assert first == again == find_outbox(str(tmp_path), "r/publish/5/outbox")
    assert [path.name for path in tmp_path.iterdir()] == ["r--publish--5--outbox.json"]


def test_an_approved_run_with_an_outbox_publishes_the_report_once(tmp_path: Path) -> None:
    store = open_store("memory:")
    inputs = make_inputs(seed_offers(), outbox=str(tmp_path / "outbox"))
    ready = run(offers_graph, inputs=inputs, adapter=CountingFixture(), store=store, run_id="p")
    assert ready.checkpoint.wait is not None
    decide(store, "p", verdict="approve", actor="ada", digest_seen=ready.checkpoint.wait["digest"],
           policy=OPS)  # fmt: skip
    done = resume(offers_graph, run_id="p", adapter=CountingFixture(), store=store)
    assert (done.status, done.next, done.trace[-1]) == ("approved", "END", "publish")
    files = list((tmp_path / "outbox").iterdir())
    assert [path.name for path in files] == ["p--publish--5--outbox.json"]
    assert done.state["published"]["file"] == str(files[0])


def test_a_retry_later_in_a_new_runs_first_node_is_saved_as_its_first_step() -> None:
    def ask(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"answer": context.generate(instructions="hi", data=None)}

    answers: list[object] = [RateLimited("HTTP 429", status=429, retry_after=600), "hello"]

    def limited(request: Request) -> object:
        answer = answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer

    model = FunctionAdapter("limited-v1", limited)
    graph = Graph(name="first", entry="ask", nodes={"ask": ask}, edges={"ask": END})
    store = open_store("memory:")
    with pytest.raises(RetryLater):
        run(graph, inputs={}, adapter=model, store=store, run_id="f")
    saved = store.load("f")
    assert saved is not None
    assert (saved.version, saved.node, saved.status, saved.next, saved.trace) == (
        1, "@retry_later", "retry_later", "ask", ())  # fmt: skip
    done = resume(graph, run_id="f", adapter=model, store=store, early=True)
    assert (done.status, done.trace, done.state["answer"]) == ("done", ("ask",), "hello")
