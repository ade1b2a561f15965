"""Orders announced by an opening phrase, and forms the name-swap campaign found unread.

Inputs: east 39.90, north 49.99, south 54.50, west 62.00; A 52.50, B 60.
"""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

GEO = Table.from_rows(
    [
        {"id": k, "monthly": v}
        for k, v in (("east", 39.9), ("north", 49.99), ("south", 54.5), ("west", 62))
    ]
)
TWO = Table.from_rows([{"id": "A", "monthly": 52.5}, {"id": "B", "monthly": 60}])


def verdict(text: str, table: Table = GEO) -> str:
    found = check_text(text, table).sentences
    assert len(found) == 1
    return found[0].verdict


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ranking (cheapest first): east, south, north, west.", "contradicted"),
        ("Ranking (cheapest first): east, north, south, west.", "checked"),
        ("The order from cheapest is east, south, north, west.", "contradicted"),
        ("Most expensive first: west, south, north, east.", "checked"),
        ("Most expensive first: east, north, south, west.", "contradicted"),
        ("Order by price: east, south, north, west.", "contradicted"),
        ("Order by price: west, south, north, east.", "unverified"),
        ("Ranking by support quality: west, east.", "unverified"),
        ("The ranking from cheapest to cheapest is east, north.", "unverified"),
    ],
)
def test_an_order_announced_before_a_colon(text: str, expected: str) -> None:
    assert verdict(text) == expected


def test_an_amount_against_another_records_price_is_a_price_not_a_gap() -> None:
    assert verdict("B costs 52.50 per month against A's 60.00.", TWO) == "contradicted"


def test_a_quarter_cheaper_is_read_after_is() -> None:
    assert verdict("B is a quarter cheaper than A.", TWO) == "contradicted"


def test_twelve_months_is_a_year_not_a_term() -> None:
    assert verdict("Over twelve months, choosing B over A saves 90.", TWO) == "contradicted"
    assert verdict("Over two years, choosing A over B saves 180.", TWO) != "contradicted"


THREE = Table.from_rows(
    [{"id": "A", "monthly": 45}, {"id": "B", "monthly": 60}, {"id": "C", "monthly": 50}]
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Monthly prices run from 45 (A) to 60 (B).", "checked"),
        ("Monthly prices run from 45 (B) to 60 (A).", "contradicted"),
        ("Prices: 45 (B), 50 (C), 60 (A).", "contradicted"),
    ],
)
def test_an_amount_labelled_with_a_record_is_its_price(text: str, expected: str) -> None:
    assert verdict(text, THREE) == expected


RUNNERS = Table.from_rows(
    [{"id": "X", "monthly": 20}, {"id": "Y", "monthly": 23}, {"id": "Z", "monthly": 21.5}]
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("X is 3.00 cheaper than the runner-up.", "contradicted"),
        ("X is 1.50 cheaper than the runner-up.", "checked"),
        ("Y is 3 more than the cheapest offer.", "checked"),
        ("Y is 2.50 more than the cheapest offer.", "contradicted"),
        ("X is 3 cheaper than the most expensive offer.", "checked"),
        ("Y is cheaper than the cheapest offer with support.", "unverified"),
    ],
)
def test_a_comparison_with_a_place_by_price(text: str, expected: str) -> None:
    assert verdict(text, RUNNERS) == expected
