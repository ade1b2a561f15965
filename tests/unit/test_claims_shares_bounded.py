"""One price as a share of another, bounded or worded as reports word it: ``less than
half the price of``, ``more than double``, ``two thirds of what Z costs each month``."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

PAIR = Table.from_rows([{"id": "Budget", "monthly": 24.9}, {"id": "Premium", "monthly": 49}])
COMPACT = Table.from_rows([{"id": "Compact", "monthly": 36}, {"id": "Grand", "monthly": 48}])


def first(text: str, table: Table) -> str:
    return check_text(text, table).sentences[0].verdict


@pytest.mark.parametrize(
    ("false", "true"),
    [
        (
            "Budget costs less than half the price of Premium.",
            "Budget costs more than half the price of Premium.",
        ),
        ("Premium costs more than double Budget.", "Premium costs less than double Budget."),
        (
            "Premium costs more than twice Budget's price.",
            "Premium costs under twice Budget's price.",
        ),
        (
            "Budget costs under half of what Premium costs.",
            "Budget costs over half of what Premium costs.",
        ),
    ],
)
def test_a_bounded_share_is_read(false: str, true: str) -> None:
    assert first(false, PAIR) == "contradicted"
    assert first(true, PAIR) != "contradicted"


def test_a_share_of_what_another_costs_each_month_is_read() -> None:
    assert first("Compact costs two thirds of what Grand costs each month.", COMPACT) == (
        "contradicted"
    )
    assert first("Compact costs three quarters of what Grand costs each month.", COMPACT) == (
        "checked"
    )


def test_a_negated_share_is_not_read() -> None:
    assert first("Budget does not cost less than half the price of Premium.", PAIR) != (
        "contradicted"
    )


def test_a_share_as_much_as_another_is_read() -> None:
    assert first("Budget costs less than half as much as Premium.", PAIR) == "contradicted"
    assert first("Premium is more than twice as expensive as Budget.", PAIR) == "contradicted"
    assert first("Premium is less than twice as expensive as Budget.", PAIR) != "contradicted"


SUITES = Table.from_rows([{"id": "SB", "monthly": 12.5}, {"id": "SE", "monthly": 35.7}])


def test_a_bounded_multiple_is_a_bound_not_an_estimate() -> None:
    # 35.70 / 12.50 = 2.856
    assert first("SE is over twice as expensive as SB.", SUITES) == "checked"
    assert first("SE is under twice as expensive as SB.", SUITES) == "contradicted"
    assert first("SE costs more than three times as much as SB.", SUITES) == "contradicted"
    assert first("SE costs less than three times as much as SB.", SUITES) == "checked"
    assert first("SE is almost twice as expensive as SB.", SUITES) == "contradicted"
    assert first("SE is nearly three times as expensive as SB.", SUITES) == "unverified"
