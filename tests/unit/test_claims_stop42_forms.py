"""Forms found this stop on the new and kept-aside splits, tested in other words."""

from __future__ import annotations

from stepgraph.claims import Table

from .test_claims_stop36_forms import _verdicts

CLEANERS = Table.from_rows(
    [
        {"id": "brightway", "monthly": 1480.0, "source": "brightway.co.uk/commercial"},
        {"id": "sp-clean", "monthly": 1395.0, "source": "S&P Cleaning Services Ltd, Leeds"},
        {"id": "tidy-co", "monthly": 1530.0, "source": "Tidy Co quote (email)"},
    ],
    alias_fields=("source",),
)


def test_a_company_named_without_its_services_ltd_tail_is_ordered() -> None:
    text = "From cheapest to dearest: Tidy Co (£1,530.00), S&P Cleaning (£1,395.00), Brightway."
    assert _verdicts(CLEANERS, text) == ["contradicted"]


def test_a_company_named_without_its_services_ltd_tail_is_priced() -> None:
    assert _verdicts(CLEANERS, "S&P Cleaning charges £1,480.00 a month.") == ["contradicted"]
