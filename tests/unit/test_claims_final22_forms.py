"""Found by the held-out split final22 (structured claims) and by probing true sentences
about charges, tested in other words: a gap's direction between two named offers, the
monthly fee that is the price, a count word after ``only``, a name in brackets in a source
name, and a one-off charge said right after its offer (``x3 has a 120.00 set-up fee``)."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

TRIO = Table.from_rows(
    [
        {"id": "north", "source": "Nordnet (Norrsken) Fibre", "monthly": 42.95},
        {"id": "east", "source": "Eastwave 250", "monthly": 39.99},
        {"id": "south", "source": "Southlink DSL", "monthly": 34.99},
    ],
    alias_fields=("source",),
)


def _verdicts(text: str) -> list[str]:
    return [s.verdict for s in check_text(text, TRIO).sentences]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("east is €2.96 more than north.", "contradicted"),
        ("east ist um 2,96 € teurer als north.", "contradicted"),
        ("east is €2.96 cheaper than north.", "checked"),
        ("Choosing east over north saves €2.96 a month.", "checked"),
    ],
)
def test_a_gap_between_two_named_offers_goes_the_stated_way(text: str, verdict: str) -> None:
    assert _verdicts(text) == [verdict]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Over the 24-month term south comes to €849.76 in monthly fees.", "contradicted"),
        ("Over the 24-month term south comes to €839.76 in monthly fees.", "unverified"),
    ],
)
def test_monthly_fees_are_the_price_not_a_charge(text: str, verdict: str) -> None:
    assert _verdicts(text) == [verdict]


def test_a_count_word_after_only_is_no_amount() -> None:
    assert "contradicted" not in _verdicts("east and south are the only two under €40 a month.")


def test_a_name_in_brackets_in_a_source_names_its_offer() -> None:
    assert _verdicts("Norrsken is the cheapest option.") == ["contradicted"]


@pytest.mark.parametrize(
    "text",
    [
        "south has a €35.00 one-off fee.",
        "south has a €120.00 set-up fee.",
        "south charges a €50 activation fee.",
        "south costs £60 to install.",
        "south costs £25 to join.",
        "south costs €34.99 a month with a €50 set-up fee.",
    ],
)
def test_a_one_off_charge_said_of_an_offer_is_not_its_price(text: str) -> None:
    assert "contradicted" not in _verdicts(text)


def test_a_false_price_beside_a_one_off_charge_is_still_contradicted() -> None:
    assert _verdicts("south costs €36.99 a month with a €50 set-up fee.") == ["contradicted"]
