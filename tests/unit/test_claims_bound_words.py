"""Bounds written with ``above``/``below`` read as ``over``/``under`` (the final3 split
read ``C is above 35`` as nothing at all). Inputs: A 30, B 30, C 34, D 38."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

FOUR = Table.from_rows(
    [
        {"id": "A", "monthly": 30},
        {"id": "B", "monthly": 30},
        {"id": "C", "monthly": 34},
        {"id": "D", "monthly": 38},
    ]
)


def verdicts(text: str, table: Table = FOUR) -> list[str]:
    return [s.verdict for s in check_text(text, table).sentences]


@pytest.mark.parametrize(
    "text", ["C is above 35.", "C costs above 35 a month.", "D is below 36.", "A is below 29."]
)
def test_a_false_bound_written_above_or_below_is_contradicted(text: str) -> None:
    assert verdicts(text) == ["contradicted"]


@pytest.mark.parametrize("text", ["D is above 35.", "C is below 35 a month."])
def test_a_true_bound_written_above_or_below_is_never_checked(text: str) -> None:
    assert verdicts(text) == ["unverified"]


def test_several_subjects_above_a_bound_is_a_bound_on_each() -> None:
    assert verdicts("C and D are above 35.") == ["contradicted"]
    assert verdicts("C and D are above 33.") == ["unverified"]


def test_a_margin_below_another_offer_is_still_a_comparison() -> None:
    assert verdicts("A is 4 below C.") == ["checked"]
    assert verdicts("A is 5 below C.") == ["contradicted"]


def test_a_false_bound_says_the_bound_in_its_reason() -> None:
    found = check_text("C is above 35.", FOUR)
    assert "C costs above 35" in found.reasons[0]


TWO = Table.from_rows([{"id": "offer-1", "monthly": 35}, {"id": "offer-2", "monthly": 33}])


@pytest.mark.parametrize("text", ["Both are under 34.", "Both offers are under 34."])
def test_both_with_two_offers_in_the_inputs_is_a_bound_on_those_two(text: str) -> None:
    assert verdicts(text, TWO) == ["contradicted"]


def test_neither_offer_with_two_offers_in_the_inputs_is_each_of_them() -> None:
    assert verdicts("Neither offer costs more than 34.", TWO) == ["contradicted"]
    assert verdicts("Neither offer costs more than 36.", TWO) == ["checked"]


def test_both_offers_is_not_read_as_all_offers_when_the_inputs_hold_more() -> None:
    assert verdicts("Both offers are under 34.", FOUR) == ["unverified"]


TIED = Table.from_rows(
    [{"id": "M", "monthly": 40}, {"id": "N", "monthly": 40}, {"id": "O", "monthly": 50}]
)


@pytest.mark.parametrize(
    "text", ["No other offer matches M's price.", "No other plan costs the same as M."]
)
def test_no_other_offer_matching_a_tied_price_is_contradicted(text: str) -> None:
    assert verdicts(text, TIED) == ["contradicted"]


@pytest.mark.parametrize(
    "text", ["No other offer matches O's price.", "No other plan costs the same as O."]
)
def test_no_other_offer_matching_a_unique_price_is_checked(text: str) -> None:
    assert verdicts(text, TIED) == ["checked"]


def test_no_other_offer_matching_with_an_exception_is_not_read() -> None:
    assert verdicts("No other offer except N matches M's price.", TIED) == ["unverified"]


SEED = Table.from_rows(
    [{"id": "A", "monthly": 120}, {"id": "B", "monthly": 90}, {"id": "C", "monthly": 110}]
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Between A and C, the latter is cheaper.", ["checked"]),
        ("Between A and C, the former is cheaper.", ["contradicted"]),
        ("Between A and C, C is cheaper.", ["checked"]),
        ("Between A and C, A is cheaper.", ["contradicted"]),
        ("A and C were compared. The former is cheaper.", ["unverified", "contradicted"]),
    ],
)
def test_a_bare_comparative_within_a_named_pair_is_to_the_other_of_the_pair(
    text: str, expected: list[str]
) -> None:
    assert verdicts(text, SEED) == expected


def test_a_bare_comparative_with_no_pair_is_not_read() -> None:
    assert verdicts("C is cheaper.", SEED) == ["unverified"]


SIX = Table.from_rows(
    [
        {"id": "cloud-50", "monthly": 12},
        {"id": "cloud-200", "monthly": 19.5},
        {"id": "box-3", "monthly": 17.25},
        {"id": "box-10", "monthly": 44},
        {"id": "drive-1", "monthly": 19.5},
        {"id": "archiva", "monthly": 9.75},
    ]
)


def test_k_of_the_n_offers_beyond_a_bound_is_checked_when_exactly_k_are() -> None:
    assert verdicts("Five of the six offers cost less than 20 a month.", SIX) == ["checked"]
    assert verdicts("3 of the 6 offers exceed 19.", SIX) == ["checked"]


def test_k_of_the_n_offers_beyond_a_bound_is_contradicted_when_another_number_are() -> None:
    assert verdicts("2 of the 6 offers exceed 40.", SIX) == ["contradicted"]


def test_a_count_of_offers_opening_a_clause_is_that_many_beyond_the_bound() -> None:
    text = "Five of the six offers cost less than 20 a month, and two offers cost more than 40."
    assert verdicts(text, SIX) == ["contradicted"]
    assert verdicts("Two offers cost more than 19.", SIX) == ["contradicted"]
    assert verdicts("Three offers cost more than 19.", SIX) == ["checked"]


def test_a_count_of_offers_beyond_a_bound_with_a_qualifier_is_not_read() -> None:
    assert verdicts("Two offers cost more than 40 with the add-on.", SIX) == ["unverified"]


THREE = Table.from_rows(
    [{"id": "M1", "monthly": 17.2}, {"id": "M2", "monthly": 15.8}, {"id": "M3", "monthly": 16.4}]
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Every offer costs at least 16 a month.", "contradicted"),
        ("Every offer costs at least 15 a month.", "checked"),
        ("All offers cost at most 17 a month.", "contradicted"),
        ("All offers cost at most 17.2 a month.", "checked"),
        ("Two of the three offers cost at least 16.4.", "checked"),
    ],
)
def test_at_least_and_at_most_over_every_offer_include_the_bound(text: str, expected: str) -> None:
    assert verdicts(text, THREE) == [expected]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("M2 costs at least 16.", "contradicted"),
        ("M2 costs at least 15.", "unverified"),
        ("M1 costs at most 17.", "contradicted"),
        ("M1 and M3 cost at least 16.5.", "contradicted"),
    ],
)
def test_at_least_and_at_most_on_one_offer_are_bounds(text: str, expected: str) -> None:
    assert verdicts(text, THREE) == [expected]


def test_a_true_first_clause_does_not_hide_a_false_at_least() -> None:
    text = "Every offer costs at least 16 a month, and the cheapest, M2, is under 16."
    assert verdicts(text, THREE) == ["contradicted"]
