"""The offer-comparison graph (the seed's flow.mjs) and its inputs."""

from __future__ import annotations

from typing import Any

from ..errors import InputError
from ..graph import END, Branch, Graph
from .nodes import after_inspect, after_verify, draft, inspect, verify

REVISION = 3
"""Increase when a node, the prompt or the data contract changes (2: claim checks;
3: draft sends the report schema, and a blocked report is drafted again with feedback)."""

graph = Graph(
    name="offers",
    revision=REVISION,
    entry="inspect",
    nodes={"inspect": inspect, "draft": draft, "verify": verify},
    edges={
        "inspect": Branch(after_inspect, "draft", END),
        "draft": "verify",
        "verify": Branch(after_verify, "draft", END),
    },
)


def make_inputs(offers: list[dict[str, Any]], *, max_drafts: int | None = None) -> dict[str, Any]:
    """The run inputs for a list of offers; ``max_drafts`` bounds the repair loop (default 2)."""
    if max_drafts is None:
        return {"offers": offers}
    if isinstance(max_drafts, bool) or not isinstance(max_drafts, int) or max_drafts < 1:
        raise InputError("max_drafts", f"must be a positive integer, not {max_drafts!r}")
    return {"offers": offers, "max_drafts": max_drafts}
