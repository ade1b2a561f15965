"""What the final10 split (messy production output) found: six correct reports blocked,
each a behaviour here, in other words than the split's."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text


def verdicts(text: str, table: Table) -> list[str]:
    return [s.verdict for s in check_text(text, table).sentences]


THREE = Table.from_rows(
    [{"id": "A", "monthly": 21}, {"id": "B", "monthly": 24}, {"id": "C", "monthly": 26}]
)


@pytest.mark.parametrize(
    "text",
    [
        "B costs 23 - sorry, 24 - per month.",
        "B costs 42 (correction: 24) a month.",
        "B costs 42.00, typo, I meant 24.00, a month.",
    ],
)
def test_a_number_the_writer_takes_back_is_not_read(text: str) -> None:
    assert verdicts(text, THREE) != ["contradicted"]


def test_struck_through_text_is_not_read() -> None:
    assert verdicts("~~C is the cheapest~~ A is the cheapest.", THREE) == ["checked"]


def test_a_wrong_figure_with_no_correction_is_still_contradicted() -> None:
    assert verdicts("B costs 23 per month.", THREE) == ["contradicted"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("A ≤ 22/month.", "unverified"),
        ("A ≤ 20/month.", "contradicted"),
        ("C ≥ 27/month.", "contradicted"),
    ],
)
def test_less_or_equal_signs_are_bounds(text: str, expected: str) -> None:
    assert verdicts(text, THREE) == [expected]


def test_an_arithmetic_line_naming_records_is_no_price_of_them() -> None:
    table = Table.from_rows([{"id": "m1", "monthly": 12}, {"id": "m2", "monthly": 15}])
    assert verdicts("m2 minus m1 is 15 - 12 = 3.", table) != ["contradicted"]
