"""A price written as its product (``$48.00 (6 x $8.00)``, ``5 Plätze zu je 3,75 €``) and
a rate per seat, user or thousand requests in any language: the factor is no monthly price,
and a product that does not come to the price is still wrong."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

SEATS = Table.from_rows(
    [
        {"id": "alpha-team", "monthly": 48.0},
        {"id": "beta-pro", "monthly": 62.5},
        {"id": "gamma-org", "monthly": 90.0},
    ]
)


def _verdict(text: str) -> str:
    (sentence,) = check_text(text, SEATS).sentences
    return sentence.verdict


@pytest.mark.parametrize(
    "text",
    [
        "alpha-team comes to $48.00 a month (6 x $8.00).",
        "- beta-pro: $62.50/mo (5 \u00d7 $12.50, 20 GB each)",
        "gamma-org: $90.00 per month = 4.5 x 20 credits.",
        "gamma-org costs 90,00 € monatlich, 6 Lizenzen zu je 15,00 €.",
        "alpha-team: 48,00 € im Monat (12,00 € pro Nutzer).",
        "beta-pro: R$ 62,50 (R$ 12,50 por usuário).",
        "gamma-org costs $90.00 a month, or $0.90 per 1k requests.",
        "alpha-team is $48.00/mo; extra calls are $0.02 per 10,000.",
    ],
)
def test_a_factor_or_rate_beside_the_price_is_no_price(text: str) -> None:
    assert _verdict(text) != "contradicted"


@pytest.mark.parametrize(
    "text",
    [
        "alpha-team comes to $48.00 a month (6 x $9.00).",
        "- beta-pro: $62.50/mo (5 \u00d7 $13.50, 20 GB each)",
    ],
)
def test_a_product_that_misses_the_price_is_contradicted(text: str) -> None:
    assert _verdict(text) == "contradicted"


def test_a_per_user_figure_is_not_read_as_the_records_price() -> None:
    assert _verdict("alpha-team: 12,00 € pro Nutzer.") != "contradicted"


def test_the_monthly_price_beside_a_rate_is_still_judged() -> None:
    assert _verdict("alpha-team: 52,00 € im Monat (12,00 € pro Nutzer).") == "contradicted"


@pytest.mark.parametrize(
    "text",
    [
        "gamma-org comes to $90.00/mo (6 named users x $15.00).",
        "gamma-org: 90,00 € monatlich, 6 Lizenzen zu je 15,00 €.",
        "gamma-org is $90.00 a month: 6 seats at $15.00 each.",
        "beta-pro is $62.50/mo for 1/8 vCPU and 2 GiB RAM.",
    ],
)
def test_a_count_of_things_times_a_rate_or_a_fraction_is_no_price(text: str) -> None:
    assert _verdict(text) != "contradicted"
