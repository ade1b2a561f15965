"""A small graph with a read tool and a write tool, for the tool tests and crash children.

``lookup`` reads an offer from a JSON catalogue file; ``book`` appends one line per
booking to a ledger file (keyed by the idempotency key), so a test can count real
calls across processes. ``COUNTS`` counts calls made in this process.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from stepgraph import END, Graph
from stepgraph.context import Context
from stepgraph.tools import Tool, ToolPolicy, ToolRefusal, tool

COUNTS: dict[str, int] = {"lookup": 0, "book": 0}


def only_named_offers(args: Mapping[str, Any], state: Mapping[str, Any]) -> str | None:
    if args["offer_id"] in state.get("offer_ids", []):
        return None
    return f"offer {args['offer_id']!r} is not named in the run's inputs"


@tool(
    policy=ToolPolicy.allow(
        graphs=["toolbox"], nodes=["fetch", "settle"], constraint=only_named_offers
    )
)
def lookup(offer_id: str, catalogue: str) -> dict[str, Any]:
    """Read one offer from a JSON catalogue file."""
    COUNTS["lookup"] += 1
    trail = os.environ.get("TOOL_TRAIL")
    if trail:
        with open(trail, "a", encoding="utf-8") as handle:
            handle.write(f"lookup {offer_id}\n")
    found: dict[str, Any] = json.loads(Path(catalogue).read_text(encoding="utf-8"))[offer_id]
    return found


def _ledger_lookup(key: str) -> Any:
    ledger = Path(os.environ["TOOL_LEDGER"])
    if not ledger.exists():
        return None
    for line in ledger.read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        if entry["key"] == key:
            return {"booked": entry["offer_id"]}
    return None


def _book(offer_id: str, quantity: int, idempotency_key: str) -> dict[str, Any]:
    """Book an offer (appends to the ledger file named by TOOL_LEDGER)."""
    COUNTS["book"] += 1
    with open(os.environ["TOOL_LEDGER"], "a", encoding="utf-8") as handle:
        handle.write(json.dumps({"key": idempotency_key, "offer_id": offer_id}) + "\n")
        handle.flush()
        os.fsync(handle.fileno())
    return {"booked": offer_id}


book: Tool = tool(name="book", kind="write", lookup=_ledger_lookup,
                  arguments={"type": "object", "required": ["offer_id", "quantity"],
                             "additionalProperties": False,
                             "properties": {"offer_id": {"type": "string", "minLength": 1},
                                            "quantity": {"type": "integer", "minimum": 1,
                                                         "maximum": 10}}},
                  policy=ToolPolicy.allow(nodes=["act"], constraint=only_named_offers,
                                          approval=True))(_book)  # fmt: skip


def fetch(state: dict[str, Any], context: Context) -> dict[str, Any]:
    offers = []
    for offer_id in state["offer_ids"]:
        offers.append(context.call_tool("lookup", {"offer_id": offer_id,
                                                   "catalogue": state["catalogue"]}))  # fmt: skip
    return {"offers": offers}


def act(state: dict[str, Any], context: Context) -> Any:
    answer = context.call_tool("book", {"offer_id": state["offer_ids"][0], "quantity": 2})
    if isinstance(answer, ToolRefusal):
        return answer.wait or {"booking": answer.as_json(), "status": "blocked"}
    return {"booking": answer}


graph = Graph(name="toolbox", entry="fetch", nodes={"fetch": fetch, "act": act},
              edges={"fetch": "act", "act": END},
              tools={"fetch": [lookup], "act": [book]})  # fmt: skip


book_now: Tool = tool(name="book_now", kind="write", lookup=_ledger_lookup,
                      policy=ToolPolicy.allow(nodes=["settle"], constraint=only_named_offers))(
    _book
)  # fmt: skip


book_approved: Tool = tool(name="book_now", kind="write", lookup=_ledger_lookup,
                           policy=ToolPolicy.allow(nodes=["settle"], constraint=only_named_offers,
                                                   approval=True))(_book)  # fmt: skip
"""``book_now`` once a person approved the exact call."""


def settle(state: dict[str, Any], context: Context) -> dict[str, Any]:
    offer_id = state["offer_ids"][0]
    offer = context.call_tool("lookup", {"offer_id": offer_id, "catalogue": state["catalogue"]})
    booking = context.call_tool("book_now", {"offer_id": offer_id, "quantity": 1})
    return {"offer": offer, "booking": booking}


crash_graph = Graph(name="toolbox", entry="settle", nodes={"settle": settle},
                    edges={"settle": END}, tools={"settle": [lookup, book_now]})  # fmt: skip


def write_catalogue(path: Path) -> Path:
    path.write_text(json.dumps({"A": {"id": "A", "monthly": 120, "version": 3},
                                "B": {"id": "B", "monthly": 90, "version": 1}}),
                    encoding="utf-8")  # fmt: skip
    return path
