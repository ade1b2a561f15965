"""Found by the held-out split final25 (the seed's comparison as many models report it),
tested in other words: places said with ``In N place``, ``ranked N``, ``penultimate``,
and a bracket that lists both offers' monthly prices after their yearly ones."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

FOUR = Table.from_rows(
    [
        {"id": "offer-A", "monthly": 89.5},
        {"id": "offer-B-v1", "monthly": 120},
        {"id": "offer-C", "monthly": 104.99},
        {"id": "offer-D", "monthly": 110},
    ]
)


def _verdicts(text: str, table: Table = FOUR) -> list[str]:
    return [s.verdict for s in check_text(text, table).sentences]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("In second place is offer-C at 104.99.", "checked"),
        ("In second place comes offer-D at 110.00.", "contradicted"),
        ("offer-D is ranked 3 at 110.00.", "checked"),
        ("offer-D ranks 2.", "contradicted"),
        ("offer-D is the penultimate option.", "checked"),
        ("offer-C is the penultimate option.", "contradicted"),
        ("offer-D is ranked 2 for value.", "unverified"),
    ],
)
def test_a_place_said_another_way_is_a_rank(text: str, verdict: str) -> None:
    assert _verdicts(text) == [verdict]


def test_a_bracket_listing_two_offers_prices_is_not_the_second_offers_alone() -> None:
    text = "Per year offer-D costs 1,320 and offer-A 1,074 (110.00 and 89.50 a month)."
    assert "contradicted" not in _verdicts(text)
