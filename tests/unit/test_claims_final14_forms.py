"""What the final14 split found (three false blocks) and one false "checked" found while
fixing them, one behaviour per test."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text


def verdicts(text: str, table: Table) -> list[str]:
    return [s.verdict for s in check_text(text, table).sentences]


TINY = Table.from_rows(
    [
        {"id": "tiny-a", "monthly": 9.99},
        {"id": "tiny-b", "monthly": 9.9},
        {"id": "tiny-c", "monthly": 10.5},
    ]
)


def test_a_margin_in_cents_is_hundredths() -> None:
    assert verdicts("tiny-b undercuts tiny-a by 9 cents.", TINY) == ["checked"]
    assert verdicts("tiny-b undercuts tiny-a by 8 cents.", TINY) == ["contradicted"]


@pytest.mark.parametrize("margin", ["a dime", "a tenner", "a hair", "a small margin"])
def test_a_margin_in_words_the_reader_cannot_read_is_never_checked(margin: str) -> None:
    assert verdicts(f"tiny-b undercuts tiny-c by {margin}.", TINY) == ["unverified"]


def test_a_record_after_times_is_the_record_compared_with() -> None:
    table = Table.from_rows([{"id": "solo", "monthly": 7.5}, {"id": "family", "monthly": 22.5}])
    assert verdicts("family is three times solo's price at 22.50.", table) != ["contradicted"]


def test_an_ordinal_before_a_record_starts_a_new_item() -> None:
    table = Table.from_rows(
        [
            {"id": "Cove", "monthly": 5.5},
            {"id": "Dune", "monthly": 6},
            {"id": "Bay", "monthly": 5.25},
        ]
    )
    text = "Ranking: 1st Bay at 5.25, 2nd Cove at 5.50, 3rd Dune at 6.00."
    assert verdicts(text, table) != ["contradicted"]
