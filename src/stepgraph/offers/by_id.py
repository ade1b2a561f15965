"""The ``offers-by-id`` graph: the inputs name offer ids; ``fetch`` reads them through a tool.

Inputs: ``{"offer_ids": ["A", ...], "catalogue": PATH_OR_URL}`` (plus ``max_drafts``
and ``outbox`` as for ``offers``). ``fetch`` calls ``fetch_offer`` once per id; the
tool's policy lets only this graph's ``fetch`` node call it, only for ids named in
the run's inputs and only on the run's catalogue, so nothing a model or node writes
can reach another offer. Each fetched record becomes an offer whose ``source`` is
the catalogue's source label and version (``offer-A-v1@v3``), and the seed's nodes
(inspect, draft, verify, publish) run on them unchanged. A refused fetch ends the run
``blocked`` with the refusals.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..context import Context
from ..errors import InputError
from ..graph import END, Branch, Graph
from ..migrations import Migration
from ..tools import ToolPolicy, ToolRefusal, tool
from . import catalogue
from .nodes import after_verify, draft, inspect, publish, verify
from .workflow import make_inputs

REVISION = 2
"""2: the graph's shape pins ``fetch_offer`` (its kind and schemas); nothing else changed,
so a run saved by revision 1 moves as it is (``MIGRATIONS``)."""
MIGRATIONS = (Migration(from_revision=1, to_revision=2),)


def named_in_inputs(args: Mapping[str, Any], inputs: Mapping[str, Any]) -> str | None:
    """Refuse an offer id the run's inputs do not name, or another catalogue."""
    if args["offer_id"] not in (inputs.get("offer_ids") or []):
        return f"offer {args['offer_id']!r} is not named in this run's offer_ids"
    if args["catalogue"] != inputs.get("catalogue"):
        return "only the run's own catalogue may be read"
    return None


fetch_offer = tool(
    name="fetch_offer",
    arguments={"type": "object", "required": ["offer_id", "catalogue"],
               "additionalProperties": False,
               "properties": {"offer_id": {"type": "string", "minLength": 1, "maxLength": 200},
                              "catalogue": {"type": "string", "minLength": 1}}},
    policy=ToolPolicy.allow(graphs=["offers-by-id"], nodes=["fetch"],
                            constraint=named_in_inputs),
    timeout=catalogue.HTTP_TIMEOUT + 5,
)(catalogue.fetch_offer)  # fmt: skip


def fetch(state: dict[str, Any], context: Context) -> dict[str, Any]:
    """Read every named offer from the catalogue; the sources come from the records."""
    offers, fetched, refusals = [], [], []
    for offer_id in state["offer_ids"]:
        found = context.call_tool("fetch_offer", {"offer_id": offer_id,
                                                  "catalogue": state["catalogue"]})  # fmt: skip
        if isinstance(found, ToolRefusal):
            refusals.append(found.as_json())
            continue
        fetched.append(found)
        offers.append({"id": found["id"], "source": f"{found['source']}@v{found['version']}",
                       "monthly": found["monthly"]})  # fmt: skip
    if refusals:
        return {"status": "blocked", "reasons": [r["reason"] for r in refusals]}
    return {"offers": offers, "fetched": fetched, "status": "running"}


def after_fetch(state: dict[str, Any]) -> str:
    return END if state.get("status") == "blocked" else "inspect"


graph = Graph(
    name="offers-by-id",
    revision=REVISION,
    entry="fetch",
    nodes={"fetch": fetch, "inspect": inspect, "draft": draft, "verify": verify,
           "publish": publish},
    edges={"fetch": Branch(after_fetch, "inspect", END), "inspect": "draft", "draft": "verify",
           "verify": Branch(after_verify, "draft", "publish", END), "publish": END},
    tools={"fetch": [fetch_offer]},
    migrations=MIGRATIONS,
)  # fmt: skip


def make_inputs_by_id(
    offer_ids: object, catalogue_ref: object, *, max_drafts: int | None = None,
    outbox: str | None = None,
) -> dict[str, Any]:  # fmt: skip
    """The run inputs: the offer ids and the catalogue (a file path or an http address)."""
    if not isinstance(offer_ids, list) or not offer_ids:
        raise InputError("offer_ids", "must be a non-empty list of offer ids")
    for index, offer_id in enumerate(offer_ids):
        if not isinstance(offer_id, str) or not offer_id:
            raise InputError(f"offer_ids[{index}]", "must be non-empty text")
    if len(set(offer_ids)) != len(offer_ids):
        raise InputError("offer_ids", "names an offer twice")
    if not isinstance(catalogue_ref, str) or not catalogue_ref:
        raise InputError("catalogue", "must be a catalogue file path or an http address")
    inputs = make_inputs([], max_drafts=max_drafts, outbox=outbox)
    del inputs["offers"]
    return {"offer_ids": list(offer_ids), "catalogue": catalogue_ref, **inputs}
