"""The MCP tests' server and a graph over it, shared by the tests and the crash children.

``catalogue(folder)`` starts ``tests/mcp_catalogue_server.py`` over stdio, its trail
(one line per real ``lookup``) and ledger (one JSON line per real ``book``) in
``folder``. ``settle_graph`` reads offer A through ``lookup`` and books it through the
write tool ``book``, whose lookup reads the ledger.
"""

from __future__ import annotations

import json
import socket
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from stepgraph import END, Graph
from stepgraph.context import Context
from stepgraph.mcp import McpServer

ROOT = Path(__file__).resolve().parents[1]
SERVER = ["-m", "tests.mcp_catalogue_server"]


def catalogue(folder: Path, *flags: str) -> McpServer:
    """The test server over stdio, writing its trail and ledger into ``folder``."""
    env = {"MCP_TRAIL": str(folder / "trail"), "MCP_LEDGER": str(folder / "ledger")}
    return McpServer.stdio(sys.executable, [*SERVER, *flags], name="catalogue", env=env,
                           cwd=str(ROOT))  # fmt: skip


def lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines() if path.exists() else []


def ledger_lookup(folder: Path) -> Callable[[str], Any]:
    """A write's outcome from the server's ledger, by idempotency key (None: not made)."""

    def find(key: str) -> Any:
        for line in lines(folder / "ledger"):
            entry = json.loads(line)
            if entry["key"] == key:
                return {"booked": entry["offer_id"]}
        return None

    return find


def settle(state: dict[str, Any], context: Context) -> dict[str, Any]:
    offer = context.call_tool("lookup", {"offer_id": state["offer_ids"][0]})
    booking = context.call_tool("book", {"offer_id": state["offer_ids"][0]})
    return {"offer": offer, "booking": booking}


def settle_graph(server: McpServer, folder: Path) -> Graph:
    tools = server.tools({"lookup": "read", "book": "write"},
                         lookups={"book": ledger_lookup(folder)})  # fmt: skip
    return Graph(name="settle", entry="settle", nodes={"settle": settle},
                 edges={"settle": END}, tools={"settle": list(tools)})  # fmt: skip


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_for(port: int) -> None:
    """Return once something listens on 127.0.0.1:``port`` (60 s at most: a server
    process started on a loaded 2-core machine took over 15 s once)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise AssertionError(f"nothing listened on 127.0.0.1:{port}")
