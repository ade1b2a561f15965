"""Counts of the offers beyond a bound, in the wordings reports use: ``N of the offers``,
``only one of the offers``, and a count followed by the list of those offers after a colon
or a dash (the count is still read; the list is left to the reviewer unless understood)."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

FOUR = Table.from_rows(
    [
        {"id": "a", "monthly": 40},
        {"id": "b", "monthly": 45},
        {"id": "c", "monthly": 48},
        {"id": "d", "monthly": 55},
    ]
)


def first(text: str) -> str:
    return check_text(text, FOUR).sentences[0].verdict


@pytest.mark.parametrize(
    ("false", "true"),
    [
        (
            "Only one of the offers is above 45 a month.",
            "Only one of the offers is above 50 a month.",
        ),
        ("Two of the offers cost under 50 a month.", "Three of the offers cost under 50 a month."),
        (
            "Two offers are under 50 a month: a at 40 and b.",
            "Three offers are under 50 a month: a, b and c.",
        ),
        (
            "Two of the four offers come in under 50 a month: a (40) and b (45).",
            "Three of the four offers come in under 50 a month: a (40), b (45) and c (48).",
        ),
        (
            "Only two offers cost under 50 a month — a and b.",
            "Only three offers cost under 50 a month — a, b and c.",
        ),
    ],
)
def test_a_count_beyond_a_bound_is_read(false: str, true: str) -> None:
    assert first(false) == "contradicted"
    assert first(true) != "contradicted"


def test_a_count_of_a_subset_is_not_read_as_a_count_of_all() -> None:
    assert first("Two of the cheaper offers cost under 46 a month.") != "contradicted"
