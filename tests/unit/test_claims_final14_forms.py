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


SILVER = Table.from_rows([{"id": "Silver", "monthly": 20}, {"id": "Gold", "monthly": 25}])
SAVES = [
    {
        "id": "c3",
        "kind": "difference",
        "offer": "Silver",
        "than": "Gold",
        "direction": "cheaper",
        "amount": "60",
        "unit": "amount",
        "period": "year",
    }
]


def test_an_extra_cost_citing_a_saving_is_not_accounted_for() -> None:
    found = check_text("Silver costs an extra 60 a year [c3].", SILVER, SAVES).sentences
    assert [s.verdict for s in found] == ["unverified"]


def test_a_saving_citing_the_saving_is_checked() -> None:
    found = check_text("Silver saves 60 a year [c3].", SILVER, SAVES).sentences
    assert [s.verdict for s in found] == ["checked"]


def test_an_elided_predicate_before_a_citation_is_never_checked() -> None:
    table = Table.from_rows(
        [
            {"id": "p25", "monthly": 24.9},
            {"id": "p24", "monthly": 22.4},
            {"id": "p23", "monthly": 26},
        ]
    )
    claims = [{"id": "c1", "kind": "cheapest", "offer": "p24"}]
    text = "p25 is not the most expensive: p24 is [c1]."
    assert [s.verdict for s in check_text(text, table, claims).sentences] == ["unverified"]
