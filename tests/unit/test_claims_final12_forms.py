"""What the final12 split found (one false "checked", four false blocks), one behaviour per
test, in other words than the split's."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text


def verdicts(text: str, table: Table) -> list[str]:
    return [s.verdict for s in check_text(text, table).sentences]


GEMS = Table.from_rows(
    [
        {"id": "Opal", "monthly": 9.95},
        {"id": "Jade", "monthly": 9.1},
        {"id": "Onyx", "monthly": 8.45},
    ]
)


def test_an_inline_numbered_ranking_is_one_sentence_read_as_an_order() -> None:
    wrong = "Ranking: 1. Onyx 8.45, 2. Opal 9.95, 3. Jade 9.10."
    assert verdicts(wrong, GEMS) == ["contradicted"]
    right = "Ranking: 1. Onyx 8.45, 2. Jade 9.10, 3. Opal 9.95."
    assert verdicts(right, GEMS) != ["contradicted"]


def test_an_inline_item_number_is_no_price() -> None:
    found = check_text("By price: 1. Onyx 8.45, 2. Jade 9.10, 3. Opal 9.95.", GEMS)
    assert found.reasons == ()


@pytest.mark.parametrize(
    "text",
    [
        "Between the two pricier plans, Gold is only 1.10 dearer than Silver.",
        "The two premium tiers share the top spot at 75 a month.",
    ],
)
def test_a_count_in_words_after_the_is_no_amount(text: str) -> None:
    table = Table.from_rows(
        [
            {"id": "Gold", "monthly": 20},
            {"id": "Silver", "monthly": 18.9},
            {"id": "premium", "monthly": 75},
        ]
    )
    assert verdicts(text, table) != ["contradicted"]


def test_second_from_the_top_after_and_is_no_rank_of_the_first_subject() -> None:
    table = Table.from_rows(
        [
            {"id": "Walnut", "monthly": 58},
            {"id": "Oak", "monthly": 64},
            {"id": "Pine", "monthly": 42},
        ]
    )
    text = "Oak is the most expensive at 64, and second from the top is Walnut at 58."
    assert verdicts(text, table) != ["contradicted"]


def test_for_a_full_year_is_a_year() -> None:
    table = Table.from_rows([{"id": "Rho", "monthly": 12.99}, {"id": "Phi", "monthly": 14}])
    text = (
        "Rho is the cheapest at $12.99 a month: $77.94 for six months, or $155.88 for a full year."
    )
    assert verdicts(text, table) != ["contradicted"]


def test_cheapest_to_dearest_after_a_list_is_a_direction_not_a_superlative() -> None:
    table = Table.from_rows(
        [
            {"id": "x-1", "monthly": 310},
            {"id": "x-2", "monthly": 295.5},
            {"id": "x-3", "monthly": 342},
        ]
    )
    text = "Sorted: x-2 (295.50), then x-1 (310), then x-3 (342), cheapest to dearest."
    assert verdicts(text, table) != ["contradicted"]


def test_a_count_of_things_after_a_margin_word_is_no_amount() -> None:
    table = Table.from_rows([{"id": "crm-v2", "monthly": 115}, {"id": "crm-v3", "monthly": 129}])
    assert verdicts("The 2025 edition adds 2 extra modules.", table) != ["contradicted"]
    assert verdicts("That is 15 extra per month.", table) == ["contradicted"]
    assert verdicts("There's a 15 gap between the two.", table) == ["contradicted"]
    assert verdicts("crm-v2 cuesta 15 menos que crm-v3.", table) == ["contradicted"]
