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


BOXES = Table.from_rows(
    [
        {"id": "budget-box", "monthly": 12.99},
        {"id": "mid-box", "monthly": 14.5},
        {"id": "max-box", "monthly": 19.99},
    ]
)


def test_only_one_of_the_three_is_a_count_of_all_of_them() -> None:
    assert check_text("Only one of the three comes in under £15 a month.", BOXES).sentences[
        0
    ].verdict == ("contradicted")
    assert check_text("Only one of the three comes in under £14 a month.", BOXES).sentences[
        0
    ].verdict == ("checked")


def test_all_but_one_is_one_fewer_than_all() -> None:
    text = "All but one of the three offers cost more than {} a month."
    assert check_text(text.format(15), BOXES).sentences[0].verdict == "contradicted"
    assert check_text(text.format(14), BOXES).sentences[0].verdict == "checked"


MOBILE = Table.from_rows(
    [
        {"id": "M5", "monthly": 8.99},
        {"id": "M60", "monthly": 24.99},
        {"id": "MU", "monthly": 34.99},
    ]
)


def test_no_offer_other_than_one_beyond_a_bound() -> None:
    def first(text: str) -> str:
        return check_text(text, MOBILE).sentences[0].verdict

    assert first("No offer other than MU costs more than 24.00 a month.") == "contradicted"
    assert first("No offer other than MU costs more than 25.00 a month.") == "checked"
    assert first("No offer other than M5 costs more than 40.00 a month.") == "contradicted"


def test_named_offers_within_an_amount_of_each_other() -> None:
    def first(text: str) -> str:
        return check_text(text, MOBILE).sentences[0].verdict

    assert first("M60 and MU are both within 9.00 of each other.") == "contradicted"
    assert first("M60 and MU are within 10.00 of each other, so either will do.") != (
        "contradicted"
    )


def test_a_bound_on_every_offer_before_a_clause_on_the_spread() -> None:
    text = "Every offer costs less than 30.00, so the spread stays under 30."
    assert check_text(text, MOBILE).sentences[0].verdict == "contradicted"


def test_a_range_of_margins_is_no_range_of_prices() -> None:
    text = (
        "The offers that are not the cheapest are between 16.00 and 26.00 more expensive than M5."
    )
    assert check_text(text, MOBILE).sentences[0].verdict != "contradicted"
