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
