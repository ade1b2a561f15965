"""A ranking continued from a superlative ("A is the cheapest, followed by C, then D").

A sentence used to be marked checked when every price in it was right even though the
order it stated was false ("followed by D at 55, C at 50"): ``followed`` was not read.

Inputs: A 45, B 60, C 50, D 55.
"""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

FOUR = Table.from_rows(
    [{"id": k, "monthly": v} for k, v in (("A", 45), ("B", 60), ("C", 50), ("D", 55))]
)


def verdict(text: str) -> str:
    found = check_text(text, FOUR).sentences
    assert len(found) == 1
    return found[0].verdict


@pytest.mark.parametrize(
    "text",
    [
        "A is the cheapest, followed by D at 55, C at 50 and B at 60.",
        "The cheapest is A at 45, followed by D, then C.",
        "B is the most expensive, followed by C and D.",
        "A is the cheapest, then D, then C.",
        "A is the lowest-priced offer, followed closely by D (55).",
    ],
)
def test_a_false_order_after_a_superlative_is_contradicted(text: str) -> None:
    assert verdict(text) == "contradicted"


@pytest.mark.parametrize(
    "text",
    [
        "A is the cheapest, followed by C at 50, D at 55 and B at 60.",
        "A is the cheapest at 45, followed by C (50), then D (55) and finally B (60).",
        "B is the most expensive, followed by D and C.",
        "A is the cheapest, then C, then D, then B.",
    ],
)
def test_a_true_order_after_a_superlative_is_checked(text: str) -> None:
    assert verdict(text) == "checked"


def test_followed_by_something_else_is_left_unverified() -> None:
    assert verdict("A is cheapest, followed by the Globex offer.") == "unverified"


def test_a_tie_may_be_listed_in_either_order() -> None:
    tied = Table.from_rows([{"id": "A", "monthly": 45}, {"id": "B", "monthly": 50},
                            {"id": "C", "monthly": 50}])  # fmt: skip
    found = check_text("A is the cheapest, followed by C and B.", tied).sentences
    assert found[0].verdict == "checked"
