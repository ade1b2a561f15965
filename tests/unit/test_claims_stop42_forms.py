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


TPE = Table.from_rows(
    [
        {"id": "bnp-tpe", "monthly": 28.9},
        {"id": "sg-tpe", "monthly": 28.99},
        {"id": "lcl-tpe", "monthly": 24.9},
        {"id": "ca-tpe", "monthly": 24.9},
    ]
)


def test_a_french_tie_said_of_them_too_is_read() -> None:
    text = "bnp-tpe et sg-tpe sont elles aussi à égalité, à 28,99 € par mois."
    assert _verdicts(TPE, text) == ["contradicted"]


def test_a_german_price_said_of_it_too_is_read() -> None:
    assert _verdicts(TPE, "sg-tpe kostet auch 28,90 € im Monat.") == ["contradicted"]


TARIFFS = Table.from_rows(
    [
        {"id": "octopus", "monthly": 95.0},
        {"id": "edf", "monthly": 99.0},
        {"id": "eon", "monthly": 102.0},
    ]
)


def test_the_lowest_unit_rate_of_a_record_is_no_claim_that_it_is_cheapest() -> None:
    assert _verdicts(TARIFFS, "The unit rate of edf is the lowest of the three.") == ["unverified"]


def test_the_lowest_kwh_price_of_a_record_in_french_is_no_claim_that_it_is_cheapest() -> None:
    assert _verdicts(TARIFFS, "Le prix du kWh de edf est le plus bas.") == ["unverified"]


def test_the_price_of_a_record_is_still_its_price() -> None:
    # (read before as well: a guard)
    assert _verdicts(TARIFFS, "The price of edf is the lowest.") == ["contradicted"]
