"""Money that is no monthly price of the inputs: what the insured good costs (``the $1,299
camera``, ``purchase price $899``, ``aparelho de R$ 4.500,00``), a balance that waives a fee,
a requirement, and a cover amount a record's id ends with (``Lifetime £5,000`` of
``pet-lifetime-5000``)."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

COVER = Table.from_rows(
    [
        {"id": "pet-lifetime-5000", "source": "Pawsure Lifetime 5000", "monthly": 21.4},
        {"id": "gadget-guard", "source": "gadgetguard.example", "monthly": 6.5},
        {"id": "bank-plus", "source": "Bank Plus account", "monthly": 12.0},
    ],
    alias_fields=("source",),
)


def _verdict(text: str) -> str:
    (sentence,) = check_text(text, COVER).sentences
    return sentence.verdict


@pytest.mark.parametrize(
    "text",
    [
        "To insure the $1,299 camera, gadget-guard costs $6.50 a month.",
        "gadget-guard covers a purchase price of up to $899 for $6.50 a month.",
        "gadget-guard: R$ 6,50 por mês (aparelho de R$ 4.500,00).",
        "The bank-plus fee is waived with a balance of $15,000.",
        "The minimum requirement is $2,500 for bank-plus.",
        "pet-lifetime-5000 £5,000 costs £21.40 a month.",
    ],
)
def test_money_that_is_no_price_is_not_contradicted(text: str) -> None:
    assert _verdict(text) != "contradicted"


@pytest.mark.parametrize(
    "text",
    [
        "To insure the $1,299 camera, gadget-guard costs $7.50 a month.",
        "pet-lifetime-5000 £5,000 costs £23.40 a month.",
        "The $25.00 plan is the cheapest.",
    ],
)
def test_a_wrong_price_beside_it_is_still_contradicted(text: str) -> None:
    assert _verdict(text) == "contradicted"
