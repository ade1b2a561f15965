"""The offers graph as a deployment that keeps supplier documents confidential would
declare it: sources tokenised on their way to a model and masked in every output."""

from __future__ import annotations

from stepgraph import Graph
from stepgraph.offers import graph as offers

GRAPH = Graph(name="offers-private", revision=offers.revision, entry=offers.entry,
              nodes=offers.nodes, edges=offers.edges,
              private={"offers[].source": "tokenise", "review.note": "mask"})  # fmt: skip
