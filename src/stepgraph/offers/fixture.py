"""The offline generator: a correct report computed from the offers, deterministically.

It stands in for a model so that the workflow runs with no key and no network, and so
that tests can tell harness behaviour from model quality.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from ..adapters import Request
from ..errors import AdapterError

FIXTURE_ID = "fixture-v1"


def _plain(value: int | float) -> str:
    """A price as plain decimal text: ``90``, ``19.99``, ``0.0000001`` (never ``1e-07``)."""
    if value == 0:
        return "0"  # never "-0.0"
    return format(Decimal(repr(value)) if isinstance(value, float) else Decimal(value), "f")


class FixtureAdapter:
    """``fixture-v1``: rows copied from the input, the cheapest recommended, and two claims
    (it is the cheapest; its monthly price) cited in the rationale as [c1] and [c2].

    Asked again with a reviewer's note (a revision request), it says in the rationale
    that the report was revised, so the revised content differs from what was reviewed.
    """

    id = FIXTURE_ID

    def generate(self, request: Request) -> Any:
        data = request.data
        offers = data.get("offers") if isinstance(data, dict) else None
        if not isinstance(offers, list) or not offers:
            raise AdapterError("the fixture needs a non-empty list of offers")
        rows = [
            {"id": offer["id"], "source": offer["source"], "monthly": offer["monthly"]}
            for offer in offers
        ]
        priced = [row for row in rows if row["monthly"] is not None]
        if not priced:
            raise AdapterError("the fixture needs at least one priced offer")
        best = min(priced, key=lambda row: row["monthly"])
        amount = _plain(best["monthly"])
        claims = [
            {"id": "c1", "kind": "cheapest", "offer": best["id"]},
            {"id": "c2", "kind": "price", "offer": best["id"], "amount": amount, "period": "month"},
        ]
        rationale = f"{best['id']} has the lowest stated monthly price [c1]: {amount} a month [c2]."
        if "reviewer_note" in data:
            rationale += " This version was revised after review."
        return {"rows": rows, "recommendedId": best["id"], "rationale": rationale, "claims": claims}
