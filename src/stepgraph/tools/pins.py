"""The tools a graph's nodes may call, pinned in the graph's shape (and so the fingerprint).

Each declared tool is pinned as ``node/tool:DIGEST8`` over its kind and its argument
and result schemas. A graph without tools keeps the shape it always had; one with tools
has ``EDGES;tools=PINS``. A run saved under other pins is refused on resume (unless a
declared migration moves it), and ``pin_changes`` names what changed: an MCP server
that changed its tools is noticed by name.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..checkpoint import canonical_json, digest

_MARK = ";tools="


def tool_pins(nodes: Mapping[str, Any]) -> str:
    """``node/tool:digest8`` for every tool a node declares, sorted and comma-joined."""
    pins = []
    for node_name, node in nodes.items():
        for found in node.tools:
            body = {"kind": found.kind, "arguments": found.arguments, "result": found.result}
            pins.append(f"{node_name}/{found.name}:{digest(canonical_json(body))[:8]}")
    return ",".join(sorted(pins))


def pinned_shape(edges: str, pins: str) -> str:
    """The shape of a graph: its edges' digest, and its tool pins when it has tools."""
    return f"{edges}{_MARK}{pins}" if pins else edges


def pin_changes(old: str, new: str) -> str | None:
    """What changed in the tools between two shapes, when only the tools changed.

    None when the nodes or edges changed too (or nothing did). Else, e.g.
    ``fetch/lookup changed its schema or kind; fetch/book is new``.
    """
    old_edges, _, old_pins = old.partition(_MARK)
    new_edges, _, new_pins = new.partition(_MARK)
    if old_edges != new_edges or old_pins == new_pins:
        return None
    before, after = _by_name(old_pins.split(",")), _by_name(new_pins.split(","))
    said = [f"{name} changed its schema or kind" for name in sorted(before.keys() & after.keys())
            if before[name] != after[name]]  # fmt: skip
    said += [f"{name} is gone" for name in sorted(before.keys() - after.keys())]
    said += [f"{name} is new" for name in sorted(after.keys() - before.keys())]
    return "; ".join(said)


def _by_name(pins: Iterable[str]) -> dict[str, str]:
    return dict(pin.rpartition(":")[::2] for pin in pins if pin)
