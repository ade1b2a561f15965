"""A few hundred fuzzed inputs: a valid status or an InputError naming the field, always."""

from __future__ import annotations

import pytest

from bench.fuzz_campaign import check_offers, properties


@pytest.mark.parametrize("prop", properties(150), ids=lambda p: p.__name__)
def test_arbitrary_input_ends_in_a_status_or_an_input_error(prop: object) -> None:
    prop()  # type: ignore[operator]


def test_a_huge_integer_price_is_a_price_not_a_crash() -> None:
    assert check_offers([{"id": "A", "source": "s", "monthly": 10**400}]) == "ready_for_review"


def test_negative_zero_is_a_price() -> None:
    assert check_offers([{"id": "A", "source": "s", "monthly": -0.0}]) == "ready_for_review"
