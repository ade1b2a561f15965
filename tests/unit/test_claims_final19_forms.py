"""Forms found by the held-out split final19 (prose-only reports), tested in other words:
amounts in words with their currency, places by price, the middle place, different prices,
``only X`` bounds, ``none of the N`` bounds, hedges that must round to the truth."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

TRIO = Table.from_rows(
    [{"id": "lo", "monthly": 9.5}, {"id": "mid", "monthly": 14}, {"id": "hi", "monthly": 21.25}]
)
SIX = Table.from_rows(
    [
        {"id": "n1", "monthly": 31.5},
        {"id": "n2", "monthly": 36},
        {"id": "n3", "monthly": 47},
        {"id": "n4", "monthly": 60},
        {"id": "n5", "monthly": 28},
        {"id": "n6", "monthly": 33.2},
    ]
)
TWINS = Table.from_rows(
    [{"id": "t1", "monthly": 6.25}, {"id": "t2", "monthly": 6.25}, {"id": "t3", "monthly": 8}]
)


def _verdicts(text: str, table: Table = TRIO) -> list[str]:
    return [s.verdict for s in check_text(text, table).sentences]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("lo comes to nine euros fifty a month.", "checked"),
        ("lo comes to nine pounds and fifty pence a month.", "checked"),
        ("lo comes to nine euros seventy a month.", "contradicted"),
    ],
)
def test_an_amount_in_words_with_its_currency_and_cents_is_one_amount(
    text: str, verdict: str
) -> None:
    assert _verdicts(text) == [verdict]


def test_the_object_of_a_ratio_is_not_the_subject_of_the_figures_after_it() -> None:
    text = "Honestly lo is literally under half the price of hi: €9.50 against €21.25 a month."
    assert "contradicted" not in _verdicts(text)


def test_the_price_of_a_named_record_is_still_its_price() -> None:
    assert _verdicts("The price of mid is €16.00.") == ["contradicted"]


def test_a_ranking_that_continues_after_the_cheapest_is_not_read_from_the_top() -> None:
    text = (
        "n5 costs €28.00; the next-cheapest is n1 at €31.50, then n6 at €33.20, "
        "and n4 is the most expensive."
    )
    assert "contradicted" not in _verdicts(text, SIX)


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("n6 sits in third place.", "checked"),
        ("n6 ends up in second place, between n1 and n2.", "contradicted"),
        ("n6 is listed in third place.", "unverified"),
    ],
)
def test_a_place_by_price_is_a_rank(text: str, verdict: str) -> None:
    assert _verdicts(text, SIX) == [verdict]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("mid is in the middle.", "checked"),
        ("hi sits in the middle on price.", "contradicted"),
        ("mid is in the middle of the data allowances.", "unverified"),
    ],
)
def test_the_middle_of_an_odd_number_of_records_is_a_rank(text: str, verdict: str) -> None:
    assert _verdicts(text) == [verdict]


def test_the_middle_of_an_even_number_of_records_is_no_rank() -> None:
    assert _verdicts("n6 is in the middle.", SIX) == ["unverified"]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("t1 and t2 have different prices.", "contradicted"),
        ("t2 and t3 differ in price.", "checked"),
        ("t1 and t2 are different plans at the same price.", "unverified"),
    ],
)
def test_different_prices_deny_a_tie(text: str, verdict: str) -> None:
    assert _verdicts(text, TWINS) == [verdict]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Only lo comes in under €15 a month.", "contradicted"),
        ("Only lo comes in under €12 a month.", "checked"),
        ("Only hi costs more than €20.", "checked"),
        ("Only lo and mid cost less than €15.", "checked"),
    ],
)
def test_only_the_named_records_pass_the_bound(text: str, verdict: str) -> None:
    assert _verdicts(text) == [verdict]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("None of the three costs more than €20 a month, so the spread is narrow.", "contradicted"),
        ("None of the three costs more than €22 a month.", "checked"),
        ("None of the three costs more than €20 a month, except hi.", "unverified"),
    ],
)
def test_none_of_a_counted_group_passes_the_bound(text: str, verdict: str) -> None:
    assert _verdicts(text) == [verdict]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Over a year hi comes to approximately €240.", "contradicted"),  # 255.00
        ("Over a year hi comes to approximately €255.", "unverified"),
        ("Over a year hi comes to roughly €250.", "unverified"),  # a round figure
        ("hi, at just over €19 a month, is the most expensive.", "contradicted"),  # 21.25
        ("hi, at just over €21 a month, is the most expensive.", "unverified"),
    ],
)
def test_a_hedged_figure_must_round_to_the_truth(text: str, verdict: str) -> None:
    assert _verdicts(text) == [verdict]
