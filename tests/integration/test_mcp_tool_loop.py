"""A model calls the tools of a real MCP server (the SDK's, in a subprocess) through the
tool loop: the same policy and journal, and a node run again asks the server nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from stepgraph import END, FunctionAdapter, Graph, NodeError, Request, Result, open_store, run
from stepgraph.adapters import ToolCall
from stepgraph.context import Context
from tests import mcp_support

pytest.importorskip("mcp")


def _model(request: Request) -> Result:
    """Look offer A up, book it, answer with both results."""
    if len(request.rounds) < 2:
        name = "book" if request.rounds else "lookup"
        return Result(data=None, tool_calls=(ToolCall(id=f"c{len(request.rounds)}", name=name,
                                                      arguments={"offer_id": "A"}),))  # fmt: skip
    return Result(data={"offer": request.rounds[0].results[0],
                        "booking": request.rounds[1].results[0]})  # fmt: skip


def test_a_model_reads_and_writes_through_an_mcp_servers_tools_once(tmp_path: Path) -> None:
    server = mcp_support.catalogue(tmp_path)
    tools = server.tools({"lookup": "read", "book": "write"},
                         lookups={"book": mcp_support.ledger_lookup(tmp_path)})  # fmt: skip
    failures = [OSError("the node fails after the loop")]

    def settle(state: dict[str, Any], context: Context) -> dict[str, Any]:
        answer = context.generate(instructions="Book A.", data={}, tools=["lookup", "book"])
        if failures:
            raise failures.pop()
        return {"answer": answer}

    graph = Graph(name="settle", entry="settle", nodes={"settle": settle},
                  edges={"settle": END}, tools={"settle": list(tools)})  # fmt: skip
    try:
        with open_store(f"sqlite:{tmp_path / 'runs.db'}") as store:
            store.setup()
            with pytest.raises(NodeError):
                run(graph, inputs={}, adapter=FunctionAdapter("m", _model), store=store,
                    run_id="r")  # fmt: skip
            done = run(graph, inputs={}, adapter=FunctionAdapter("m", _model), store=store,
                       run_id="r")  # fmt: skip
    finally:
        server.close()
    assert done.state["answer"]["booking"] == {"booked": "A"}
    assert done.state["answer"]["offer"] == {"offer_id": "A", "monthly": 42, "version": 3}
    assert len(mcp_support.lines(tmp_path / "trail")) == 1
    assert len(mcp_support.lines(tmp_path / "ledger")) == 1
