"""What a node's context offers for tools: the node's tools, ``call_tool``, ``acall_tool``.

``Context`` takes these from ``ToolUse`` so the tool code stays in ``tools/``; the
model's calls go through the same ``call_tool`` (``stepgraph.tools.loop``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from ..context import Context
    from ..graph import Graph
    from ..waits import Wait
    from .tool import Tool


class ToolUse:
    """The tool calls of a node's context (a base of ``Context``)."""

    node: str
    graph: Graph[Any] | None
    tool_waits: list[Wait]  # approvals the model's refused tool calls wait for

    @property
    def tools(self) -> dict[str, Tool]:
        """The tools this node declared, by name (only these may be called)."""
        if self.graph is None or self.node not in self.graph.nodes:
            return {}
        return {found.name: found for found in self.graph.nodes[self.node].tools}

    def call_tool(self, name: str, args: Mapping[str, Any]) -> Any:
        """Call a declared tool under its policy: its result, or a ``ToolRefusal``.

        See ``stepgraph.tools.calls``: refusals are journaled and returned, a read's
        journaled result is reused in the same step, a write runs as an effect.
        """
        from .calls import call_tool

        return call_tool(cast("Context", self), name, args)

    async def acall_tool(self, name: str, args: Mapping[str, Any]) -> Any:
        """``call_tool`` for async nodes: the call (and its journal writes) runs in a
        worker thread, so the event loop is not blocked."""
        import asyncio

        return await asyncio.to_thread(self.call_tool, name, args)
