"""The offer-comparison graph (the seed's flow.mjs) and its inputs."""

from __future__ import annotations

from typing import Any

from ..errors import InputError
from ..graph import END, Branch, Graph
from ..packing import Check, Form, Same
from .claims import MAX_RATIONALE_KEY, validate_limit
from .migrations import MIGRATIONS
from .nodes import after_verify, draft, inspect, publish, verify

REVISION = 5
"""Increase when a node, the prompt or the data contract changes (2: claim checks;
3: draft sends the report schema, and a blocked report is drafted again with feedback;
4: missing data and review are waits, decisions bound to a digest, publish to an outbox;
5: the report carries structured claims cited in the rationale, checked exactly, and
the rationale is read fail-safe with a length cap)."""

PRIVATE = {"review.note": "mask"}
"""The offers' private fields (docs/privacy.md says why): a reviewer's note may say
anything about people and terms, so it is masked on its way to the model (which learns
that changes were asked for, not what) and in every output. Sources and prices are not
private: copying and comparing them is the model's whole task, verify checks them
exactly, and the reviewer must see them. A deployment that treats supplier documents
as confidential declares ``"offers[].source": "tokenise"``: the model copies the
placeholders and verify still passes (tests/integration/test_private_requests.py)."""


PACKS: dict[str, list[Form]] = {
    "draft": [Same("report.rows", "offers")],
    "verify": [Check("claims", text="report.rationale", claims="report.claims")],
}
"""What the nodes' updates repeat, left out of their stored steps (``stepgraph.packing``):
a report's rows copy the offers, and verify's claims check reads the report's rationale
(each sentence a slice of it) and judges its claims (each verdict starts with its claim)."""

VOCABULARY = (
    '{"offers":[{"id":"","source":"","monthly":},{"id":"","source":"","monthly":}]}',
    '{"missing":[],"status":"running"}',
    '"reasons":["the report has no list of rows","recommendedId is ; the cheapest offer is "',
    '{"kind":"most_expensive","offer":""},{"kind":"rank","position":},{"kind":"difference",'
    '"than":"","direction":"cheaper","unit":"percent"},{"kind":"count","value":}',
    '{"report":{"rows":{"^":["offers"]},"recommendedId":"","rationale":"","claims":[{"id":'
    '"c1","kind":"cheapest","offer":""},{"id":"c2","kind":"price","offer":"","amount":"",'
    '"period":"month"}]},"drafts":1}',
    '"verdict":"unverified","why":"not accounted for: "',
    '"verdict":"contradicted","inputs_say":"ascending: ',
    '{"status":"ready_for_review","reasons":[],"claims":{"^check":[["report","rationale"],'
    '["report","claims"]],"sentences":[{"start":0,"end":,"verdict":"checked","cites":["c1",'
    '"c2"],"why":"every name, amount and comparison is accounted for"}],"claims":[{"^":0,'
    '"verdict":"true","inputs_say":"the cheapest:  at ","cited_at":[]},{"^":1,"verdict":'
    '"true","inputs_say":" is  a month","cited_at":[]}]},"@wait":{"^":"nscd","kind":'
    '"decision","reason":"the checks passed; a person must read the report","key":"review",'
    '"digest":"',
)
"""What the offers' records repeat, for a store that deflates them (``Graph(vocabulary=)``,
``stepgraph.vocabulary``): the inputs' and each node's keys, the claim kinds, and the
checker's and verify's fixed phrases; never a model's words (a rationale varies)."""

graph = Graph(
    name="offers",
    revision=REVISION,
    entry="inspect",
    nodes={"inspect": inspect, "draft": draft, "verify": verify, "publish": publish},
    edges={
        "inspect": "draft",
        "draft": "verify",
        "verify": Branch(after_verify, "draft", "publish", END),
        "publish": END,
    },
    migrations=MIGRATIONS,
    private=PRIVATE,
    packs=PACKS,
    vocabulary=VOCABULARY,
)


def make_inputs(
    offers: list[dict[str, Any]],
    *,
    max_drafts: int | None = None,
    outbox: str | None = None,
    max_rationale_chars: int | None = None,
) -> dict[str, Any]:
    """The run inputs for a list of offers.

    ``max_drafts`` bounds the repair loop (default 2); ``outbox`` is a folder the
    approved report is written to (none: an approved run ends at approval);
    ``max_rationale_chars`` caps the rationale verify reads (default 8,000: longer is
    blocked).
    """
    inputs: dict[str, Any] = {"offers": offers}
    if max_drafts is not None:
        if isinstance(max_drafts, bool) or not isinstance(max_drafts, int) or max_drafts < 1:
            raise InputError("max_drafts", f"must be a positive integer, not {max_drafts!r}")
        inputs["max_drafts"] = max_drafts
    if outbox is not None:
        if not isinstance(outbox, str) or not outbox:
            raise InputError("outbox", f"must be a folder path, not {outbox!r}")
        inputs["outbox"] = outbox
    if max_rationale_chars is not None:
        inputs[MAX_RATIONALE_KEY] = validate_limit(max_rationale_chars)
    return inputs
