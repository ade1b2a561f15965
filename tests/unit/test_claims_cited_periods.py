"""An amount in a sentence that cites a claim, with the period stated apart from the
number ("over a year ... $120.00 less"): the cited claim's amount is not contradicted by
itself; an amount no cited claim states still is."""

from __future__ import annotations

from typing import Any

from stepgraph.claims import Table, check_text

TWO = Table.from_rows(
    [
        {"id": "us1", "source": "quote-us-1", "monthly": 129.95},
        {"id": "us2", "source": "quote-us-2", "monthly": 119.95},
    ],
    alias_fields=("source",),
)
YEARLY_GAP: list[dict[str, Any]] = [
    {"id": "c1", "kind": "difference", "offer": "us2", "than": "us1", "direction": "cheaper",
     "amount": "120.00", "unit": "amount", "period": "year"},
]  # fmt: skip


def verdicts(text: str) -> list[str]:
    return [sentence.verdict for sentence in check_text(text, TWO, YEARLY_GAP).sentences]


def test_the_cited_yearly_amount_with_its_period_said_before_it_is_not_contradicted() -> None:
    assert verdicts("Over a year, us2 is $120.00 less than us1 [c1].") != ["contradicted"]
    assert verdicts("Over a year that is $120.00 less than us1 [c1].") != ["contradicted"]


def test_an_amount_no_cited_claim_states_is_still_contradicted() -> None:
    assert verdicts("Over a year, us2 is $150.00 less than us1 [c1].") == ["contradicted"]


def test_a_monthly_amount_equal_to_a_yearly_claim_is_still_contradicted() -> None:
    assert verdicts("us2 is $120.00 a month less than us1 [c1].") == ["contradicted"]
