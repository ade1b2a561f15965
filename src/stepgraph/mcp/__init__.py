"""MCP, with the official ``mcp`` SDK (the ``mcp`` extra): consume and expose.

- Consume (``consume.py``): ``McpServer.stdio(...)`` / ``McpServer.http(...)`` and
  ``server.tools({...})``: an MCP server's tools as stepgraph ``Tool`` objects, called
  through ``context.call_tool`` under the same policy and journal.
- Expose (``expose.py``): ``stepgraph mcp serve`` makes the store's runs usable from
  MCP clients.

Importing this package does not import the SDK; using it does. See docs/tools.md.
"""

from __future__ import annotations

from .consume import McpServer

__all__ = ["McpServer"]
