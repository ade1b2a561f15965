"""Expose: stepgraph as an MCP server (``stepgraph mcp serve``), with the official SDK.

Tools: ``list_graphs``, ``start_run``, ``submit_run``, ``run_status``, ``show_run``,
``run_wait``; and, only when the server was started with ``--actor NAME``, ``decide``
and ``supply``, recorded as NAME and checked against the people policy at each call
(a refusal is journaled in the run and returned as a tool error). Without ``--actor``
a client is not offered decisions at all: people decide, not the model that drives
the client. A stepgraph error comes back as an MCP tool error carrying its message.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal

from ..errors import StepgraphError
from ._sdk import require_sdk
from .runs import Exposure, Runs

if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer

INSTRUCTIONS = (
    "stepgraph runs workflows as durable graphs. list_graphs names what can run; "
    "start_run runs one here and returns where it stopped; run_status, show_run and "
    "run_wait look at a run. A run waiting for a person's decision is answered by a "
    "person, unless this server names an actor the policy allows."
)


def build_server(exposure: Exposure) -> MCPServer[Any]:
    """The SDK's ``MCPServer`` with stepgraph's tools over ``exposure``'s store."""
    require_sdk()
    from mcp.server.mcpserver import MCPServer

    runs = Runs(exposure)
    server: MCPServer[Any] = MCPServer("stepgraph", instructions=INSTRUCTIONS, log_level="WARNING")

    @server.tool()
    def list_graphs() -> dict[str, Any]:
        """The graphs this server can run: reference, name, revision, entry and nodes."""
        return _answer(runs.list_graphs)

    @server.tool()
    def start_run(graph: str, input_path: str | None = None, inputs: dict[str, Any] | None = None,
                  run_id: str | None = None) -> dict[str, Any]:  # fmt: skip
        """Start a run (or return the finished one for the same input) and carry it as far
        as it goes. Give input_path (a file in the server's inputs folder) or inputs."""
        return _answer(lambda: runs.start(graph, input_path, inputs, run_id))

    @server.tool()
    def submit_run(graph: str, input_path: str | None = None, inputs: dict[str, Any] | None = None,
                   run_id: str | None = None) -> dict[str, Any]:  # fmt: skip
        """Queue a run for the workers (needs a store with a queue: PostgreSQL)."""
        return _answer(lambda: runs.submit(graph, input_path, inputs, run_id))

    @server.tool()
    def run_status(run_id: str) -> dict[str, Any]:
        """Where a run stands: status, reason, next node, what it waits for, its state."""
        return _answer(lambda: runs.status(run_id))

    @server.tool()
    def show_run(run_id: str) -> dict[str, Any]:
        """A run with its history of steps and its journal of model and tool calls."""
        return _answer(lambda: runs.show(run_id))

    @server.tool()
    def run_wait(run_id: str) -> dict[str, Any]:
        """The wait a run is in (kind, reason, choices, the digest a decision must name),
        or null, and the actor this server decides as (null: people decide elsewhere)."""
        return _answer(lambda: runs.wait(run_id))

    if exposure.actor is not None:
        _decisions(server, runs, exposure.actor)
    return server


def _decisions(server: MCPServer[Any], runs: Runs, actor: str) -> None:
    told = f"as {actor!r}: the people policy must name {actor!r} for the action"

    @server.tool(description=f"Decide on a run waiting for a decision {told}. "
                 "Name the digest run_wait shows.")  # fmt: skip
    def decide(run_id: str, verdict: str, digest: str, note: str | None = None) -> dict[str, Any]:
        return _answer(lambda: runs.decide(run_id, verdict, digest, note))

    @server.tool(description=f"Supply input values to a run waiting for data {told}.")
    def supply(run_id: str, changes: dict[str, Any], note: str | None = None) -> dict[str, Any]:
        return _answer(lambda: runs.supply(run_id, changes, note))


def _answer(call: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """The call's data; a stepgraph error becomes the SDK's tool error with its message."""
    from mcp.server.mcpserver.exceptions import ToolError

    try:
        return call()
    except StepgraphError as error:
        raise ToolError(f"{type(error).__name__}: {error}") from error


def serve(exposure: Exposure, transport: Literal["stdio", "streamable-http"] = "stdio",
          port: int = 8000) -> None:  # fmt: skip
    """Serve until the client goes away (stdio) or the process is stopped (HTTP, 127.0.0.1)."""
    server = build_server(exposure)
    if transport == "stdio":
        server.run()
    else:
        server.run("streamable-http", host="127.0.0.1", port=port)
