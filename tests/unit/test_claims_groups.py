"""One record against all the others, and "one of the N cheapest".

Inputs: A 45, B 60, C 50, D 55.
"""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

FOUR = Table.from_rows(
    [{"id": k, "monthly": v} for k, v in (("A", 45), ("B", 60), ("C", 50), ("D", 55))]
)


def verdict(text: str, table: Table = FOUR) -> str:
    found = check_text(text, table).sentences
    assert len(found) == 1
    return found[0].verdict


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("A is cheaper than all the others.", "checked"),
        ("C is cheaper than all the others.", "contradicted"),
        ("A undercuts every other offer.", "checked"),
        ("C undercuts the others.", "contradicted"),
        ("B is more expensive than the rest.", "checked"),
        ("D is more expensive than the rest.", "contradicted"),
        ("A undercuts the others at 46 a month.", "contradicted"),
    ],
)
def test_a_record_against_every_other_record(text: str, expected: str) -> None:
    assert verdict(text) == expected


def test_a_tie_at_the_bottom_is_not_cheaper_than_all_the_others() -> None:
    tied = Table.from_rows([{"id": "A", "monthly": 45}, {"id": "B", "monthly": 45}])
    assert verdict("A is cheaper than all the others.", tied) == "contradicted"


def test_a_negated_comparison_with_the_rest_is_left_to_the_reviewer() -> None:
    assert verdict("A is not cheaper than all the others.") == "unverified"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("C is one of the two cheapest.", "checked"),
        ("D is one of the two cheapest.", "contradicted"),
        ("B is one of the two most expensive.", "checked"),
        ("A is one of the two most expensive offers.", "contradicted"),
    ],
)
def test_one_of_the_n_cheapest_bounds_the_records_rank(text: str, expected: str) -> None:
    assert verdict(text) == expected


TIED = Table.from_rows(
    [{"id": k, "monthly": v} for k, v in (("a", 30), ("b", 30), ("c", 30), ("d", 36))]
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Two of the four offers tie at 30 a month.", "contradicted"),
        ("Three of the four offers tie at 30 a month.", "checked"),
        ("Two offers tie for the lowest price.", "contradicted"),
        ("Three offers share the lowest price.", "checked"),
    ],
)
def test_a_count_of_tied_records_is_exact(text: str, expected: str) -> None:
    assert verdict(text, TIED) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a is strictly the cheapest.", "contradicted"),
        ("a is the single cheapest offer.", "contradicted"),
        ("d is strictly the most expensive.", "checked"),
        ("a is not strictly the cheapest.", "checked"),
        ("a is the cheapest.", "checked"),
    ],
)
def test_strictly_the_cheapest_is_false_on_a_tie(text: str, expected: str) -> None:
    assert verdict(text, TIED) == expected


SHARES = Table.from_rows(
    [{"id": k, "monthly": v} for k, v in (("X", 50), ("Y", 100), ("Z", 75), ("W", 80))]
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Y costs double X's price.", "checked"),
        ("W costs roughly double X's price.", "contradicted"),
        ("Y costs roughly double X's price.", "unverified"),
        ("X costs two thirds of Z's price.", "checked"),
        ("X costs three quarters of Z's price.", "contradicted"),
        ("X costs a third of Y's price.", "contradicted"),
        ("X costs half of Y's price.", "checked"),
    ],
)
def test_a_price_as_a_share_of_another(text: str, expected: str) -> None:
    assert verdict(text, SHARES) == expected
