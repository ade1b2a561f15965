"""Tools: schemas from hints, declaration per node, and the journal of every call."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Literal

import pytest

from stepgraph import END, Graph, GraphError, open_store, run
from stepgraph.context import Context
from stepgraph.errors import NodeError, ToolTimeout
from stepgraph.stores import Store
from stepgraph.tools import Tool, ToolRefusal, problems, schema_of, tool
from tests import tools_support
from tests.support import CountingFixture


def test_argument_schema_is_derived_from_type_hints() -> None:
    @tool
    def search(text: str, limit: int = 10, tags: list[str] | None = None,
               order: Literal["asc", "desc"] = "asc") -> list[dict[str, Any]]:  # fmt: skip
        """Search the catalogue.

        More words."""
        return []

    assert search.arguments == {
        "type": "object", "required": ["text"], "additionalProperties": False,
        "properties": {"text": {"type": "string"}, "limit": {"type": "integer"},
                       "tags": {"anyOf": [{"type": "array", "items": {"type": "string"}},
                                          {"type": "null"}]},
                       "order": {"enum": ["asc", "desc"]}},
    }  # fmt: skip
    assert search.result == {"type": "array", "items": {"type": "object",
                                                        "additionalProperties": {}}}  # fmt: skip
    assert search.description == "Search the catalogue."
    assert search.kind == "read"


def test_the_idempotency_key_parameter_is_not_an_argument() -> None:
    @tool(kind="write")
    def send(to: str, idempotency_key: str) -> None:
        """Send."""

    assert send.arguments["properties"] == {"to": {"type": "string"}}
    assert send.arguments["required"] == ["to"]


def test_validation_names_each_broken_field() -> None:
    schema = tools_support.book.arguments
    found = problems({"offer_id": "", "quantity": 11, "extra": 1}, schema, "arguments")
    assert found == [("arguments.offer_id", "must have at least 1 character(s)"),
                     ("arguments.quantity", "must be at most 10"),
                     ("arguments.extra", "is not an argument of this tool")]  # fmt: skip
    assert problems(True, schema_of(int), "x") == [("x", "must be of type integer")]
    assert problems(2.0, schema_of(int), "x") == []


def test_a_tool_for_a_node_that_does_not_exist_is_refused_when_the_graph_is_built() -> None:
    with pytest.raises(GraphError, match="'nowhere'"):
        Graph(name="g", entry="a", nodes={"a": lambda s, c: {}}, edges={"a": END},
              tools={"nowhere": [tools_support.lookup]})  # fmt: skip


def test_a_tool_declared_twice_on_a_node_is_refused() -> None:
    with pytest.raises(GraphError, match="declared twice"):
        Graph(name="g", entry="a", nodes={"a": lambda s, c: {}}, edges={"a": END},
              tools={"a": [tools_support.lookup, tools_support.lookup]})  # fmt: skip


def test_a_bad_tool_definition_is_a_graph_error() -> None:
    with pytest.raises(GraphError, match="kind"):
        Tool(name="x", description="", fn=print, kind="delete")  # type: ignore[arg-type]
    with pytest.raises(GraphError, match="name"):
        Tool(name="a:b", description="", fn=print)


@contextmanager
def _store(tmp_path: Path) -> Iterator[Store]:
    with open_store(f"sqlite:{tmp_path / 'runs.db'}") as store:
        store.setup()
        yield store


def _toolbox(tmp_path: Path, offer_ids: list[str]) -> dict[str, Any]:
    catalogue = tools_support.write_catalogue(tmp_path / "catalogue.json")
    return {"offer_ids": offer_ids, "catalogue": str(catalogue)}


def test_a_read_call_returns_the_result_and_journals_it(tmp_path: Path) -> None:
    with _store(tmp_path) as store:
        done = run(tools_support.graph, inputs=_toolbox(tmp_path, ["B"]),
                   adapter=CountingFixture(), store=store, run_id="r", max_steps=1)  # fmt: skip
        journal = store.generations("r")
    assert done.state["offers"] == [{"id": "B", "monthly": 90, "version": 1}]
    [record] = [value for key, value in journal.items() if ":tool:lookup:" in key]
    assert record["status"] == "done"
    assert record["by"] == "toolbox/fetch"
    assert record["arguments"] == {"offer_id": "B", "catalogue": str(tmp_path / "catalogue.json")}
    assert record["result"] == {"id": "B", "monthly": 90, "version": 1}
    assert isinstance(record["latency_ms"], float)


def test_a_journaled_read_is_reused_when_the_node_runs_again_for_the_same_step(
    tmp_path: Path,
) -> None:
    inputs = _toolbox(tmp_path, ["A"])
    calls: list[Any] = []

    def fetch_then_fail(state: dict[str, Any], context: Context) -> dict[str, Any]:
        calls.append(context.call_tool("lookup", {"offer_id": "A",
                                                  "catalogue": state["catalogue"]}))  # fmt: skip
        if len(calls) == 1:
            raise OSError("the node fails after the read")
        return {"offer": calls[-1]}

    graph = Graph(name="toolbox", entry="fetch", nodes={"fetch": fetch_then_fail},
                  edges={"fetch": END}, tools={"fetch": [tools_support.lookup]})  # fmt: skip
    before = tools_support.COUNTS["lookup"]
    with _store(tmp_path) as store:
        with pytest.raises(NodeError):
            run(graph, inputs=inputs, adapter=CountingFixture(), store=store, run_id="r")
        Path(inputs["catalogue"]).write_text('{"A": {"id": "A", "monthly": 1}}')
        done = run(graph, inputs=inputs, adapter=CountingFixture(), store=store, run_id="r")
    assert tools_support.COUNTS["lookup"] - before == 1
    assert done.state["offer"] == {"id": "A", "monthly": 120, "version": 3}


def test_a_tool_that_overruns_its_timeout_fails_and_is_journaled(tmp_path: Path) -> None:
    @tool(timeout=0.05)
    def slow() -> int:
        """Sleep past the timeout."""
        time.sleep(1)
        return 1

    def node(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"value": context.call_tool("slow", {})}

    graph = Graph(name="g", entry="a", nodes={"a": node}, edges={"a": END}, tools={"a": [slow]})
    with _store(tmp_path) as store:
        with pytest.raises(NodeError) as raised:
            run(graph, inputs={}, adapter=CountingFixture(), store=store, run_id="r")
        [record] = store.generations("r").values()
    assert isinstance(raised.value.__cause__, ToolTimeout)
    assert (record["status"], record["error"]) == ("failed", "ToolTimeout")


def test_a_result_that_breaks_the_result_schema_is_a_failure(tmp_path: Path) -> None:
    @tool
    def count() -> int:
        """Return the wrong type."""
        return "many"  # type: ignore[return-value]

    def node(state: dict[str, Any], context: Context) -> dict[str, Any]:
        return {"value": context.call_tool("count", {})}

    graph = Graph(name="g", entry="a", nodes={"a": node}, edges={"a": END}, tools={"a": [count]})
    with _store(tmp_path) as store:
        with pytest.raises(NodeError, match="InvalidResult"):
            run(graph, inputs={}, adapter=CountingFixture(), store=store, run_id="r")
        [record] = store.generations("r").values()
    assert record["error"] == "InvalidResult"


def test_a_refusal_is_a_value_the_node_can_hand_to_a_model() -> None:
    refusal = ToolRefusal("book", "node", "node 'x' may not call 'book'")
    assert refusal.as_json() == {"refused": "book", "rule": "node",
                                 "reason": "node 'x' may not call 'book'"}  # fmt: skip


def test_an_unknown_tool_option_is_a_graph_error() -> None:
    with pytest.raises(GraphError, match="kinds"):
        tool(kinds="write")
