"""A superlative over some records only is not read as one over all of them; "by far"
and "easily" make it strict (a tie is false); a number in words is a price only when
something marks it as money.

Inputs: A 45, B 45, C 50, D 55.
"""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

TIED = Table.from_rows(
    [{"id": k, "monthly": v} for k, v in (("A", 45), ("B", 45), ("C", 50), ("D", 55))]
)


def verdict(text: str) -> str:
    found = check_text(text, TIED).sentences
    assert len(found) == 1
    return found[0].verdict


@pytest.mark.parametrize(
    "text",
    [
        "A is the cheapest of the first three.",
        "C is the cheapest of the last two.",
        "C is the cheapest in its tier.",
        "C is the cheapest in the mid-range tier.",
        "Between C and D, C is the cheaper of the two.",
    ],
)
def test_a_superlative_over_some_records_is_left_to_the_reviewer(text: str) -> None:
    assert verdict(text) == "unverified"


@pytest.mark.parametrize(
    "text",
    ["A is the cheapest by far.", "A is by far the cheapest.", "A is easily the cheapest."],
)
def test_by_far_the_cheapest_is_false_on_a_tie(text: str) -> None:
    assert verdict(text) == "contradicted"


def test_a_count_of_all_the_records_still_counts() -> None:
    assert verdict("A is the cheapest of the three.") == "contradicted"
    assert verdict("A is the cheapest of the four.") == "checked"


def test_a_number_in_words_with_a_noun_is_a_count_not_a_price() -> None:
    assert verdict("C is the third option, with two support calls.") == "unverified"
    assert verdict("A costs forty-five.") == "checked"
    assert verdict("A is five cheaper than C.") == "checked"


def test_a_number_followed_by_a_noun_is_a_count_not_a_price() -> None:
    assert verdict("A has 3 admin licenses.") == "unverified"
    assert verdict("C has a 99.9 uptime.") == "unverified"
    assert verdict("A costs 46 dollars.") == "contradicted"
    assert verdict("B has 4 seats and costs 45.") == "checked"


def test_does_not_negates_like_doesnt() -> None:
    ties = Table.from_rows(
        [{"id": "L1", "monthly": 9.5}, {"id": "L2", "monthly": 9.5}, {"id": "L3", "monthly": 11}]
    )
    found = check_text("L2 does not cost the same as L1. L3 does not cost more than L1.", ties)
    assert [s.verdict for s in found.sentences] == ["contradicted", "contradicted"]
    assert check_text("L1 does not cost more than L3.", ties).sentences[0].verdict == "checked"


def test_listed_first_is_a_place_in_the_input_not_by_price() -> None:
    assert verdict("Although C is listed first, A is cheaper at 45.") != "contradicted"
    assert verdict("D appears first in the input.") != "contradicted"


def test_a_spread_between_unnamed_offers_is_audited_against_every_pair() -> None:
    text = "The spread between the cheapest and the dearest is 10, and C and D are 5 apart."
    assert verdict(text) != "contradicted"


def test_a_price_before_a_cited_difference_is_not_compared_with_it() -> None:
    claims = [
        {"id": "c1", "kind": "difference", "offer": "C", "than": "D", "direction": "cheaper",
         "amount": "5", "unit": "amount", "period": "month"},
    ]  # fmt: skip
    found = check_text("C is 5 below D's 55 [c1].", TIED, claims).sentences[0]
    assert found.verdict != "contradicted"


def test_a_count_after_compared_is_the_number_of_offers() -> None:
    assert verdict("We compared six offers.") == "contradicted"
    assert verdict("I reviewed 4 quotes.") == "checked"


def test_a_menos_is_a_gap_not_a_rate() -> None:
    three = Table.from_rows(
        [{"id": "A", "monthly": 99.9}, {"id": "B", "monthly": 89.9}, {"id": "C", "monthly": 95}]
    )
    false = "B custa R$ 89,90 por mês, 20 reais a menos que A."
    assert check_text(false, three).sentences[0].verdict == "contradicted"
