"""Forms found this stop on the new and kept-aside splits, tested in other words."""

from __future__ import annotations

from stepgraph.claims import Table

from .test_claims_stop36_forms import _verdicts

POLICIES = Table.from_rows(
    [
        {"id": "mobiliar", "monthly": 38.4},
        {"id": "axa", "monthly": 41.75},
        {"id": "zurich", "monthly": 45.1},
        {"id": "helvetia", "monthly": 36.8},
    ]
)


def test_a_list_under_a_monthly_premium_heading_holds_prices() -> None:
    text = "Four quotes, monthly premium:\n- helvetia: CHF 38.40\n- axa: CHF 41.75"
    assert _verdicts(POLICIES, text)[1] == "contradicted"
