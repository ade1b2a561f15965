"""The tools a graph's nodes may call are pinned in its shape, so a run notices a change."""

from __future__ import annotations

from typing import Any

import pytest

from stepgraph import END, Graph, open_store, resume, run
from stepgraph.errors import StrandedRun
from stepgraph.tools import Tool
from tests.support import CountingFixture


def _node(state: dict[str, Any], context: Any) -> dict[str, Any]:
    return {"done": True}


def _lookup(**args: Any) -> dict[str, Any]:
    return {}


def _graph(*tools: Tool) -> Graph:
    return Graph(name="pinned", entry="a", nodes={"a": _node, "b": _node},
                 edges={"a": "b", "b": END}, tools={"a": list(tools)})  # fmt: skip


def _tool(name: str, arguments: dict[str, Any] | None = None, kind: str = "read") -> Tool:
    schema = arguments or {"type": "object", "properties": {"offer_id": {"type": "string"}}}
    return Tool(name=name, description="", fn=_lookup, arguments=schema, kind=kind)  # type: ignore[arg-type]


def test_a_graph_without_tools_keeps_its_plain_shape() -> None:
    assert ";tools=" not in _graph().shape
    assert len(_graph().shape) == 16


def test_the_shape_pins_each_tool_by_node_and_name() -> None:
    assert "a/lookup:" in _graph(_tool("lookup")).shape


def test_a_changed_argument_schema_changes_the_shape() -> None:
    changed = _tool("lookup", {"type": "object", "properties": {"offer_id": {"type": "integer"}}})
    assert _graph(_tool("lookup")).shape != _graph(changed).shape


def test_a_changed_kind_changes_the_shape() -> None:
    assert _graph(_tool("lookup")).shape != _graph(_tool("lookup", kind="write")).shape


def test_the_description_does_not_change_the_shape() -> None:
    other = Tool(name="lookup", description="reads an offer", fn=_lookup,
                 arguments=_tool("lookup").arguments)  # fmt: skip
    assert _graph(_tool("lookup")).shape == _graph(other).shape


def test_a_resume_after_a_tool_changed_is_refused_naming_the_tool(tmp_path: Any) -> None:
    store = open_store(f"sqlite:{tmp_path}/s.db")
    run(_graph(_tool("lookup"), _tool("book")), inputs={}, adapter=CountingFixture(),
        store=store, run_id="r", max_steps=1)  # fmt: skip
    changed = _tool("lookup", {"type": "object", "properties": {"id": {"type": "string"}}})
    with pytest.raises(StrandedRun) as caught:
        resume(_graph(changed, _tool("refund")), run_id="r", adapter=CountingFixture(),
               store=store)  # fmt: skip
    assert caught.value.part == "shape"
    assert "a/lookup changed its schema or kind" in caught.value.why
    assert "a/book is gone" in caught.value.why
    assert "a/refund is new" in caught.value.why
