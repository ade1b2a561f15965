"""Every unauthorised tool call is refused before the tool runs, and recorded.

The matrix: an undeclared tool, the wrong graph, the wrong node, an offer the run's
inputs do not name, arguments that break the schema or its bounds, and a write
nobody approved (or a person rejected). Each case checks the refusal value the node
got, the journal record (who, what, why), and that the tool was never called.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from stepgraph import END, Graph, Policy, decide, open_store, resume, run
from stepgraph.context import Context
from stepgraph.errors import DigestMismatch
from stepgraph.stores import Store
from stepgraph.tools import APPROVAL_STATUS, ToolRefusal
from tests import tools_support
from tests.support import CountingFixture

APPROVERS = Policy.from_mapping({"approve": ["ada"], "reject": ["ada"]})


@contextmanager
def _store(tmp_path: Path) -> Iterator[Store]:
    with open_store(f"sqlite:{tmp_path / 'runs.db'}") as store:
        store.setup()
        yield store


def probe(state: dict[str, Any], context: Context) -> dict[str, Any]:
    answer = context.call_tool(state["tool"], state["args"])
    if isinstance(answer, ToolRefusal):
        return {"answer": answer.as_json()}
    return {"answer": answer}


def _graph(graph_name: str, node: str) -> Graph:
    return Graph(name=graph_name, entry=node, nodes={node: probe}, edges={node: END},
                 tools={node: [tools_support.lookup]})  # fmt: skip


CATALOGUE = "catalogue.json"
CASES: dict[str, tuple[str, str, str, dict[str, Any], str]] = {
    "undeclared tool": ("toolbox", "fetch", "book", {"offer_id": "A", "quantity": 1},
                        "declared"),
    "wrong graph": ("elsewhere", "fetch", "lookup", {"offer_id": "A", "catalogue": CATALOGUE},
                    "graph"),
    "wrong node": ("toolbox", "draft", "lookup", {"offer_id": "A", "catalogue": CATALOGUE},
                   "node"),
    "wrong offer": ("toolbox", "fetch", "lookup", {"offer_id": "B", "catalogue": CATALOGUE},
                    "constraint"),
    "schema-invalid": ("toolbox", "fetch", "lookup", {"offer_id": 7, "catalogue": CATALOGUE},
                       "arguments"),
    "missing argument": ("toolbox", "fetch", "lookup", {"offer_id": "A"}, "arguments"),
    "extra argument": ("toolbox", "fetch", "lookup",
                       {"offer_id": "A", "catalogue": CATALOGUE, "admin": True}, "arguments"),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(CASES))
def test_an_unauthorised_read_is_refused_recorded_and_never_made(case: str, tmp_path: Path) -> None:
    graph_name, node, name, args, rule = CASES[case]
    tools_support.write_catalogue(tmp_path / CATALOGUE)
    args = {k: str(tmp_path / v) if v == CATALOGUE else v for k, v in args.items()}
    before = dict(tools_support.COUNTS)
    with _store(tmp_path) as store:
        done = run(_graph(graph_name, node), inputs={"offer_ids": ["A"], "tool": name,
                                                     "args": args},
                   adapter=CountingFixture(), store=store, run_id="r")  # fmt: skip
        records = list(store.generations("r").values())
    assert done.state["answer"]["rule"] == rule
    assert done.state["answer"]["refused"] == name
    assert before == tools_support.COUNTS
    [record] = records
    assert record["status"] == "refused"
    assert (record["tool"], record["by"], record["rule"]) == (name, f"{graph_name}/{node}", rule)
    assert record["arguments"] == args
    assert record["reason"] == done.state["answer"]["reason"]


def test_an_argument_out_of_bounds_is_refused_before_approval_is_asked(tmp_path: Path) -> None:
    inputs = {"offer_ids": ["A"]}

    def act(state: dict[str, Any], context: Context) -> dict[str, Any]:
        answer = context.call_tool("book", {"offer_id": "A", "quantity": 11})
        assert isinstance(answer, ToolRefusal)
        return {"answer": answer.as_json(), "waits": answer.wait is not None}

    graph = Graph(name="toolbox", entry="act", nodes={"act": act}, edges={"act": END},
                  tools={"act": [tools_support.book]})  # fmt: skip
    with _store(tmp_path) as store:
        done = run(graph, inputs=inputs, adapter=CountingFixture(), store=store, run_id="r")
        [record] = store.generations("r").values()
    assert done.state["answer"]["rule"] == "arguments"
    assert "arguments.quantity must be at most 10" in done.state["answer"]["reason"]
    assert done.state["waits"] is False
    assert record["status"] == "refused"


def _approval_run(tmp_path: Path, store: Store, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("TOOL_LEDGER", str(tmp_path / "ledger.jsonl"))
    inputs = _inputs(tmp_path)
    return run(tools_support.graph, inputs=inputs, adapter=CountingFixture(), store=store,
               run_id="r")  # fmt: skip


def _inputs(tmp_path: Path) -> dict[str, Any]:
    catalogue = tools_support.write_catalogue(tmp_path / CATALOGUE)
    return {"offer_ids": ["A"], "catalogue": str(catalogue)}


def test_an_unapproved_write_waits_for_a_decision_bound_to_the_exact_call(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with _store(tmp_path) as store:
        waiting = _approval_run(tmp_path, store, monkeypatch)
        refused = [r for r in store.generations("r").values() if r["status"] == "refused"]
    wait = waiting.checkpoint.wait
    assert waiting.status == APPROVAL_STATUS
    assert wait is not None
    assert wait["kind"] == "decision"
    assert wait["ask"]["arguments"] == {"offer_id": "A", "quantity": 2}
    assert [(r["tool"], r["rule"]) for r in refused] == [("book", "approval")]
    assert not (tmp_path / "ledger.jsonl").exists()


def test_an_approved_write_runs_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with _store(tmp_path) as store:
        waiting = _approval_run(tmp_path, store, monkeypatch)
        decide(store, "r", verdict="approve", actor="ada", policy=APPROVERS,
               digest_seen=waiting.checkpoint.wait["digest"])  # fmt: skip
        done = resume(tools_support.graph, run_id="r", adapter=CountingFixture(), store=store)
        again = resume(tools_support.graph, run_id="r", adapter=CountingFixture(), store=store)
    assert done.state["booking"] == {"booked": "A"}
    assert (done.next, again.version) == (END, done.version)
    lines = (tmp_path / "ledger.jsonl").read_text().splitlines()
    assert len(lines) == 1


def test_a_decision_on_another_call_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with _store(tmp_path) as store:
        _approval_run(tmp_path, store, monkeypatch)
        with pytest.raises(DigestMismatch):
            decide(store, "r", verdict="approve", actor="ada", policy=APPROVERS,
                   digest_seen="0" * 64)  # fmt: skip
    assert not (tmp_path / "ledger.jsonl").exists()


def test_a_rejected_write_is_refused_and_never_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with _store(tmp_path) as store:
        waiting = _approval_run(tmp_path, store, monkeypatch)
        decide(store, "r", verdict="reject", actor="ada", policy=APPROVERS,
               digest_seen=waiting.checkpoint.wait["digest"])  # fmt: skip
        done = resume(tools_support.graph, run_id="r", adapter=CountingFixture(), store=store)
        refused = [r for r in store.generations("r").values() if r["status"] == "refused"]
    assert done.state["booking"]["rule"] == "rejected"
    assert done.state["booking"]["reason"] == "ada rejected this call"
    assert sorted(r["rule"] for r in refused) == ["approval", "rejected"]
    assert not (tmp_path / "ledger.jsonl").exists()


def test_state_written_by_a_node_cannot_widen_the_offers_a_run_may_fetch(tmp_path: Path) -> None:
    def widen(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"offer_ids": ["A", "B"]}  # as a model's output might try

    def fetch_b(state: dict[str, Any], context: Context) -> dict[str, Any]:
        answer = context.call_tool("lookup", {"offer_id": "B", "catalogue": state["catalogue"]})
        return {"answer": answer.as_json() if isinstance(answer, ToolRefusal) else answer}

    graph = Graph(name="toolbox", entry="widen", nodes={"widen": widen, "fetch": fetch_b},
                  edges={"widen": "fetch", "fetch": END},
                  tools={"fetch": [tools_support.lookup]})  # fmt: skip
    with _store(tmp_path) as store:
        done = run(graph, inputs=_inputs(tmp_path), adapter=CountingFixture(), store=store,
                   run_id="r")  # fmt: skip
    assert done.state["answer"]["rule"] == "constraint"
