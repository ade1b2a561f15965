"""A graph uses the tools of a real MCP server (the SDK's, in a subprocess) through the
same policy and journal as its own tools; a server whose tools changed is noticed."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from stepgraph import END, Graph, open_store, resume, run
from stepgraph.context import Context
from stepgraph.errors import GraphError, NodeError, StrandedRun, ToolFailed
from stepgraph.mcp import McpServer
from stepgraph.tools import Tool, ToolPolicy, ToolRefusal
from tests import mcp_support

pytest.importorskip("mcp")
ROOT, SERVER = mcp_support.ROOT, mcp_support.SERVER
_server, _lines = mcp_support.catalogue, mcp_support.lines


def named_offers(args: Mapping[str, Any], inputs: Mapping[str, Any]) -> str | None:
    return None if args["offer_id"] in inputs["offer_ids"] else "not this run's offer"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[McpServer, Path]]:
    """One server process for the module's tests (each test reads its own trail lines)."""
    tmp = tmp_path_factory.mktemp("mcp")
    server = _server(tmp)
    yield server, tmp
    server.close()


def _tools(server: McpServer) -> tuple[Tool, ...]:
    return server.tools({"lookup": "read", "book": "write", "broken": "read"},
                        policies={"lookup": ToolPolicy.allow(constraint=named_offers),
                                  "book": ToolPolicy.allow(nodes=["fetch"])})  # fmt: skip


def fetch(state: dict[str, Any], context: Context) -> dict[str, Any]:
    offers = [context.call_tool("lookup", {"offer_id": name}) for name in state["offer_ids"]]
    booking = context.call_tool("book", {"offer_id": state["offer_ids"][0]})
    return {"offers": offers, "booking": booking}


def _graph(tools: tuple[Tool, ...], node: Any = fetch) -> Graph:
    return Graph(name="shop", entry="fetch", nodes={"fetch": node, "report": _done},
                 edges={"fetch": "report", "report": END},
                 tools={"fetch": list(tools)})  # fmt: skip


def _done(state: dict[str, Any], context: Context) -> dict[str, Any]:
    return {"status": "done"}


def test_the_servers_tools_become_tools_with_its_description_and_schemas(
    served: tuple[McpServer, Path],
) -> None:
    lookup, book, _ = _tools(served[0])
    assert (lookup.name, lookup.kind, book.kind) == ("lookup", "read", "write")
    assert lookup.description == "Read one offer: its monthly price and version."
    assert lookup.arguments["required"] == ["offer_id"]
    assert lookup.result["type"] == "object"


def test_a_write_tools_idempotency_key_is_filled_in_by_the_harness_not_the_node(
    served: tuple[McpServer, Path],
) -> None:
    book = _tools(served[0])[1]
    assert "idempotency_key" not in book.arguments["properties"]
    assert book.arguments["required"] == ["offer_id"]


def test_a_graph_reads_and_writes_through_the_mcp_server_and_the_journal(
    served: tuple[McpServer, Path], tmp_path: Path
) -> None:
    server, tmp = served
    trail_before, ledger_before = len(_lines(tmp / "trail")), len(_lines(tmp / "ledger"))
    with open_store(f"sqlite:{tmp_path}/s.db") as store:
        done = run(_graph(_tools(server)), inputs={"offer_ids": ["A", "B"]},
                   adapter=_fixture(), store=store, run_id="r")  # fmt: skip
        journal = store.generations("r")
    assert done.state["offers"] == [{"offer_id": "A", "monthly": 42, "version": 3},
                                    {"offer_id": "B", "monthly": 39, "version": 1}]  # fmt: skip
    assert done.state["booking"] == {"booked": "A"}
    assert _lines(tmp / "trail")[trail_before:] == ["lookup A", "lookup B"]
    [booked] = [json.loads(line) for line in _lines(tmp / "ledger")[ledger_before:]]
    assert booked["key"].startswith("r/fetch/1/tool.book.")
    reads = [value for key, value in journal.items() if ":tool:lookup:" in key]
    assert [record["status"] for record in reads] == ["done", "done"]


def test_a_journaled_mcp_read_is_not_asked_again_when_the_node_runs_again(
    served: tuple[McpServer, Path], tmp_path: Path
) -> None:
    server, tmp = served
    attempts: list[Any] = []

    def read_then_fail(state: dict[str, Any], context: Context) -> dict[str, Any]:
        attempts.append(context.call_tool("lookup", {"offer_id": "B"}))
        if len(attempts) == 1:
            raise OSError("the node fails after the read")
        return {"offer": attempts[-1]}

    before = len(_lines(tmp / "trail"))
    graph = _graph(_tools(server), read_then_fail)
    with open_store(f"sqlite:{tmp_path}/s.db") as store:
        with pytest.raises(NodeError):
            run(graph, inputs={"offer_ids": ["B"]}, adapter=_fixture(), store=store, run_id="r")
        done = run(graph, inputs={"offer_ids": ["B"]}, adapter=_fixture(), store=store,
                   run_id="r")  # fmt: skip
    assert done.state["offer"]["offer_id"] == "B"
    assert _lines(tmp / "trail")[before:] == ["lookup B"]


def test_a_call_outside_the_policy_is_refused_before_the_server_is_asked(
    served: tuple[McpServer, Path], tmp_path: Path
) -> None:
    server, tmp = served
    seen: list[Any] = []

    def reach_too_far(state: dict[str, Any], context: Context) -> dict[str, Any]:
        seen.append(context.call_tool("lookup", {"offer_id": "Z"}))
        return {}

    before = len(_lines(tmp / "trail"))
    with open_store(f"sqlite:{tmp_path}/s.db") as store:
        run(_graph(_tools(server), reach_too_far), inputs={"offer_ids": ["A"]},
            adapter=_fixture(), store=store, run_id="r")  # fmt: skip
    [refusal] = seen
    assert isinstance(refusal, ToolRefusal)
    assert (refusal.rule, refusal.reason) == ("constraint", "not this run's offer")
    assert _lines(tmp / "trail")[before:] == []


def test_an_error_result_from_the_server_fails_the_call_with_the_servers_text(
    served: tuple[McpServer, Path],
) -> None:
    with pytest.raises(ToolFailed) as caught:
        served[0].call("broken", {})
    assert caught.value.error == "McpToolError"
    assert "the catalogue is down for maintenance" in str(caught.value)


def test_a_tool_the_server_does_not_list_is_a_graph_error_naming_what_it_lists(
    served: tuple[McpServer, Path],
) -> None:
    with pytest.raises(GraphError, match=r"has no tool refund \(it lists: book, broken, lookup\)"):
        served[0].tools({"refund": "write"})


def test_a_server_that_cannot_start_is_a_graph_error_when_its_tools_are_listed() -> None:
    missing = McpServer.stdio("/nonexistent/mcp-server", name="ghost", timeout=5)
    with pytest.raises(GraphError, match="MCP server 'ghost': cannot list its tools"):
        missing.tools({"lookup": "read"})


def test_a_run_is_refused_on_resume_when_the_servers_tool_list_changed(
    served: tuple[McpServer, Path], tmp_path: Path
) -> None:
    with open_store(f"sqlite:{tmp_path}/s.db") as store:
        run(_graph(_tools(served[0])), inputs={"offer_ids": ["A"]}, adapter=_fixture(),
            store=store, run_id="r", max_steps=1)  # fmt: skip
        changed = _server(tmp_path, "--changed")
        try:
            with pytest.raises(StrandedRun) as caught:
                resume(_graph(_tools(changed)), run_id="r", adapter=_fixture(), store=store)
        finally:
            changed.close()
        assert store.load("r").version == 1  # type: ignore[union-attr]
    assert "fetch/lookup changed its schema or kind" in str(caught.value)


def test_a_graph_uses_a_server_over_streamable_http(tmp_path: Path) -> None:
    port = mcp_support.free_port()
    env = {"MCP_TRAIL": str(tmp_path / "trail"), "PATH": "/usr/bin:/bin"}
    child = subprocess.Popen([sys.executable, *SERVER, "--http", str(port)], cwd=ROOT, env=env,
                             stderr=subprocess.DEVNULL)  # fmt: skip
    try:
        mcp_support.wait_for(port)
        server = McpServer.http(f"http://127.0.0.1:{port}/mcp", name="catalogue")
        try:
            with open_store(f"sqlite:{tmp_path}/s.db") as store:
                done = run(_graph(_tools(server)), inputs={"offer_ids": ["B"]},
                           adapter=_fixture(), store=store, run_id="r")  # fmt: skip
        finally:
            server.close()
    finally:
        child.terminate()
        child.wait(10)
    assert done.state["offers"] == [{"offer_id": "B", "monthly": 39, "version": 1}]
    assert _lines(tmp_path / "trail") == ["lookup B"]


def _fixture() -> Any:
    from tests.support import CountingFixture

    return CountingFixture()


def test_a_call_after_the_connection_closed_connects_again(
    served: tuple[McpServer, Path],
) -> None:
    server, tmp = served
    before = len(_lines(tmp / "trail"))
    server.close()
    assert server.call("lookup", {"offer_id": "B"})["monthly"] == 39
    assert _lines(tmp / "trail")[before:] == ["lookup B"]
