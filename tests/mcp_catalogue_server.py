"""A small MCP server written with the official SDK: the business system of the MCP tests.

    python -m tests.mcp_catalogue_server [--changed] [--http PORT]   (from the checkout)

Tools: ``lookup(offer_id)`` reads an offer (appends ``lookup ID`` to $MCP_TRAIL, so a
test counts real calls across processes); ``book(offer_id, idempotency_key)`` appends
one JSON line to $MCP_LEDGER; ``broken()`` always fails. ``--changed`` serves another
revision of the server: ``lookup`` takes a ``region`` too. Serves stdio, or streamable
HTTP on 127.0.0.1:PORT with ``--http``.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

OFFERS = {"A": {"offer_id": "A", "monthly": 42, "version": 3},
          "B": {"offer_id": "B", "monthly": 39, "version": 1}}  # fmt: skip
server: MCPServer[Any] = MCPServer("catalogue")


def _append(variable: str, line: str) -> None:
    path = os.environ.get(variable)
    if path:
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(line + "\n")


def lookup(offer_id: str) -> dict[str, Any]:
    """Read one offer: its monthly price and version."""
    _append("MCP_TRAIL", f"lookup {offer_id}")
    if offer_id not in OFFERS:
        raise ToolError(f"no offer {offer_id!r} in the catalogue")
    return OFFERS[offer_id]


def lookup_in_region(offer_id: str, region: str) -> dict[str, Any]:
    """Read one offer in a region."""
    return {**lookup(offer_id), "region": region}


@server.tool()
def book(offer_id: str, idempotency_key: str) -> dict[str, Any]:
    """Book an offer once per idempotency key."""
    _append("MCP_LEDGER", json.dumps({"key": idempotency_key, "offer_id": offer_id}))
    return {"booked": offer_id}


@server.tool()
def broken() -> str:
    """Always fails."""
    raise ToolError("the catalogue is down for maintenance")


if __name__ == "__main__":
    server.add_tool(lookup_in_region if "--changed" in sys.argv else lookup, name="lookup")
    if "--http" in sys.argv:
        port = int(sys.argv[sys.argv.index("--http") + 1])
        server.run("streamable-http", host="127.0.0.1", port=port)
    else:
        server.run()
