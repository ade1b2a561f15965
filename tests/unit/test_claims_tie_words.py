"""Ties in the words reports use: ``level``, ``priced identically``, and ``No two offers
share the same price`` (every price differs)."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

NEAR = Table.from_rows(
    [
        {"id": "Orbit", "monthly": 18.95},
        {"id": "Comet", "monthly": 19},
        {"id": "Nova", "monthly": 21},
    ]
)
TIED = Table.from_rows(
    [{"id": "Orbit", "monthly": 19}, {"id": "Comet", "monthly": 19}, {"id": "Nova", "monthly": 21}]
)


def first(text: str, table: Table) -> str:
    return check_text(text, table).sentences[0].verdict


@pytest.mark.parametrize(
    "text",
    [
        "Orbit and Comet are level.",
        "Orbit and Comet are priced identically.",
        "Orbit is level with Comet.",
    ],
)
def test_a_tie_word_is_read(text: str) -> None:
    assert first(text, NEAR) == "contradicted"
    assert first(text, TIED) == "checked"


def test_a_tie_at_an_amount_is_read() -> None:
    assert first("Orbit and Comet are level at 19.00.", NEAR) == "contradicted"
    assert first("Orbit and Comet are level at 19.00.", TIED) != "contradicted"


@pytest.mark.parametrize(
    "text", ["No two offers share the same price.", "No two plans cost the same."]
)
def test_no_two_the_same_is_every_price_differs(text: str) -> None:
    assert first(text, TIED) == "contradicted"
    assert first(text, NEAR) == "checked"


def test_a_level_that_is_no_tie_is_not_read() -> None:
    assert first("Orbit is an entry level plan.", NEAR) != "contradicted"
    assert first("Orbit and Comet are at the same service level.", NEAR) != "contradicted"


@pytest.mark.parametrize(
    "text",
    [
        "Orbit and Comet are tied to a 24-month contract.",
        "Orbit and Comet match on speed.",
        "Orbit and Comet share a router.",
        "Orbit and Comet are equal in speed.",
        "Orbit and Comet are identical in features.",
        "Orbit and Comet have the same data allowance.",
        "Orbit and Comet share the same contract length.",
        "Orbit and Comet come with the same 24-month term.",
        "Orbit and Comet are at the same service level.",
    ],
)
def test_a_tie_in_something_other_than_price_is_not_a_price_tie(text: str) -> None:
    assert first(text, NEAR) != "contradicted"


@pytest.mark.parametrize(
    "text",
    [
        "Orbit and Comet cost the same.",
        "Orbit and Comet have the same price.",
        "Orbit and Comet share the same monthly price.",
        "Orbit and Comet are tied at 19 per month.",
        "Orbit and Comet cost the same and are the cheapest.",
        "Orbit and Comet are tied for the lowest price, 19 a month.",
    ],
)
def test_a_price_tie_is_still_read(text: str) -> None:
    assert first(text, NEAR) == "contradicted"


SHARED = Table.from_rows(
    [{"id": "cx", "monthly": 120}, {"id": "cy", "monthly": 135}, {"id": "cz", "monthly": 120}]
)


def test_outright_and_no_other_at_that_price_make_a_superlative_strict() -> None:
    assert first("cx is the cheapest offer outright.", SHARED) == "contradicted"
    text = "cx is the cheapest offer at 120.00 a month, with no other offer at that price."
    assert first(text, SHARED) == "contradicted"
    assert first("cx is the cheapest offer.", SHARED) == "checked"  # first in input order


def test_the_only_cheapest_is_strict() -> None:
    assert first("cx is the only cheapest offer.", SHARED) == "contradicted"


ABC = Table.from_rows(
    [{"id": "A", "monthly": 10}, {"id": "B", "monthly": 12}, {"id": "C", "monthly": 20}]
)


@pytest.mark.parametrize(
    "text",
    [
        "B is almost the cheapest.",
        "B is nearly the cheapest.",
        "B is barely more expensive than A.",
        "B is hardly cheaper than C.",
        "B is the cheapest of the premium plans.",
        "B is the cheapest alternative.",
        "B is the cheapest fallback.",
        "B is the cheapest 5G plan.",
        "B is the cheapest offer from Acme.",
        "B is the cheapest with the router included.",
    ],
)
def test_a_near_or_partial_superlative_is_never_read_as_the_cheapest(text: str) -> None:
    assert first(text, ABC) == "unverified"


@pytest.mark.parametrize(
    "text",
    [
        "C is cheaper than A once the discount is applied.",
        "C is cheaper than A in the second year.",
        "C is cheaper than A on roaming.",
        "C is cheaper than A after the promotion ends.",
        "C would be cheaper than A with a loyalty discount.",
        "C is cheaper than A if you need more than 100 GB.",
        "A is more expensive than C only in the first month.",
    ],
)
def test_a_comparison_in_another_situation_is_never_judged(text: str) -> None:
    assert first(text, ABC) == "unverified"


def test_a_comparison_on_price_is_still_judged() -> None:
    assert first("C is more expensive than A on price.", ABC) == "checked"
    assert first("C costs 30 a month on a 12-month contract.", ABC) == "contradicted"
    assert first("C is cheaper than A in monthly terms.", ABC) == "contradicted"
