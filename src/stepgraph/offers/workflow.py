"""The offer-comparison graph (the seed's flow.mjs) and its inputs."""

from __future__ import annotations

from typing import Any

from ..graph import END, Branch, Graph
from .nodes import after_inspect, draft, inspect, verify

REVISION = 3
"""Increase when a node, the prompt or the data contract changes (2: claim checks;
3: draft sends the report schema)."""

graph = Graph(
    name="offers",
    revision=REVISION,
    entry="inspect",
    nodes={"inspect": inspect, "draft": draft, "verify": verify},
    edges={"inspect": Branch(after_inspect, "draft", END), "draft": "verify", "verify": END},
)


def make_inputs(offers: list[dict[str, Any]]) -> dict[str, Any]:
    """The run inputs for a list of offers."""
    return {"offers": offers}
