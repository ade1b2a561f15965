"""The exact checker, one claim kind at a time: true, false, rounding edges, years, invalid."""

from __future__ import annotations

from typing import Any

import pytest

from stepgraph.claims import Table, check_claim, parse_claim

SEED = Table.from_rows(
    [{"id": "A", "monthly": 120}, {"id": "B", "monthly": 90}, {"id": "C", "monthly": 110}]
)
PLANS = Table.from_rows(
    [
        {"id": "Basic", "monthly": 19.99},
        {"id": "Plus", "monthly": 29.99},
        {"id": "Pro", "monthly": 49},
    ]
)
TIED = Table.from_rows(
    [
        {"id": "X", "monthly": 75},
        {"id": "Y", "monthly": 75},
        {"id": "Z", "monthly": 80},
        {"id": "W", "monthly": None},
    ]
)


def verdict(table: Table, **fields: Any) -> str:
    return check_claim(parse_claim({"id": "c1", **fields}), table).verdict


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({"kind": "price", "offer": "B", "amount": "90"}, "true"),
        ({"kind": "price", "offer": "B", "amount": "90.00"}, "true"),
        ({"kind": "price", "offer": "B", "amount": "95"}, "contradicted"),
        ({"kind": "price", "offer": "B", "amount": "90.5"}, "contradicted"),
        ({"kind": "price", "offer": "B", "amount": "1080", "period": "year"}, "true"),
        ({"kind": "price", "offer": "B", "amount": "1008", "period": "year"}, "contradicted"),
        ({"kind": "price", "offer": "B", "amount": "90", "period": "year"}, "contradicted"),
        ({"kind": "cheapest", "offer": "B"}, "true"),
        ({"kind": "cheapest", "offer": "C"}, "contradicted"),
        ({"kind": "most_expensive", "offer": "A"}, "true"),
        ({"kind": "most_expensive", "offer": "C"}, "contradicted"),
        ({"kind": "rank", "offer": "C", "position": 2}, "true"),
        ({"kind": "rank", "offer": "C", "position": 1}, "contradicted"),
        ({"kind": "rank", "offer": "A", "position": 4}, "contradicted"),
        ({"kind": "order", "offers": ["B", "C", "A"]}, "true"),
        ({"kind": "order", "offers": ["B", "A", "C"]}, "contradicted"),
        ({"kind": "count", "value": 3}, "true"),
        ({"kind": "count", "value": 4}, "contradicted"),
        ({"kind": "tie", "offers": ["A", "C"]}, "contradicted"),
    ],
)
def test_each_kind_true_and_false_against_the_seed(fields: dict[str, Any], expected: str) -> None:
    assert verdict(SEED, **fields) == expected


@pytest.mark.parametrize(
    "case",
    [
        ("B", "A", "cheaper", "30", "amount", "true"),
        ("A", "B", "more_expensive", "30", "amount", "true"),
        ("A", "B", "cheaper", "30", "amount", "contradicted"),  # the offers swapped
        ("B", "A", "cheaper", "25", "percent", "true"),  # relative to A's price
        ("A", "B", "more_expensive", "33.3", "percent", "true"),  # 33.33...
        ("A", "B", "more_expensive", "33", "percent", "true"),
        ("A", "B", "more_expensive", "33.4", "percent", "contradicted"),
        ("C", "B", "more_expensive", "22.2", "percent", "true"),  # 22.22...
        ("C", "B", "more_expensive", "22.3", "percent", "contradicted"),
        ("B", "C", "cheaper", "18.2", "percent", "true"),  # 18.18...
        ("B", "C", "cheaper", "18.1", "percent", "contradicted"),
    ],
)
def test_a_difference_in_amount_or_percent_rounds_half_up_at_its_precision(
    case: tuple[str, str, str, str, str, str],
) -> None:
    offer, than, direction, amount, unit, expected = case
    fields = {"offer": offer, "than": than, "direction": direction, "amount": amount,
              "unit": unit}  # fmt: skip
    assert verdict(SEED, kind="difference", **fields) == expected


def test_a_yearly_difference_is_twelve_monthly_ones() -> None:
    common = {
        "kind": "difference",
        "offer": "B",
        "than": "A",
        "direction": "cheaper",
        "unit": "amount",
        "period": "year",
    }
    assert verdict(SEED, amount="360", **common) == "true"
    assert verdict(SEED, amount="30", **common) == "contradicted"


def test_a_yearly_price_is_exactly_twelve_times_the_decimal_monthly_price() -> None:
    assert verdict(PLANS, kind="price", offer="Basic", amount="239.88", period="year") == "true"
    assert verdict(PLANS, kind="price", offer="Basic", amount="239.87", period="year") == (
        "contradicted"
    )


def test_rounding_is_half_up_not_to_even() -> None:
    table = Table.from_rows([{"id": "H", "monthly": 0.125}, {"id": "K", "monthly": 2.5}])
    assert verdict(table, kind="price", offer="H", amount="0.13") == "true"
    assert verdict(table, kind="price", offer="H", amount="0.12") == "contradicted"
    assert verdict(table, kind="price", offer="K", amount="3") == "true"


def test_a_stated_precision_accepts_the_rounded_price_and_nothing_else() -> None:
    assert verdict(PLANS, kind="price", offer="Basic", amount="20") == "true"
    assert verdict(PLANS, kind="price", offer="Basic", amount="19.9") == "contradicted"
    assert verdict(PLANS, kind="price", offer="Basic", amount="19.99") == "true"


def test_ties_make_each_tied_offer_a_cheapest_and_rank_keeps_input_order() -> None:
    assert verdict(TIED, kind="cheapest", offer="Y") == "true"
    assert verdict(TIED, kind="tie", offers=["X", "Y"]) == "true"
    assert verdict(TIED, kind="rank", offer="X", position=1) == "true"
    assert verdict(TIED, kind="rank", offer="Y", position=2) == "true"
    assert verdict(TIED, kind="order", offers=["Y", "X", "Z"]) == "true"  # equal prices
    assert (
        verdict(
            TIED,
            kind="difference",
            offer="Y",
            than="X",
            direction="cheaper",
            amount="0",
            unit="amount",
        )
        == "contradicted"
    )


def test_a_claim_about_an_unknown_offer_or_a_missing_price_is_invalid() -> None:
    judgement = check_claim(parse_claim({"id": "c1", "kind": "cheapest", "offer": "D"}), SEED)
    assert (judgement.verdict, judgement.inputs_say) == (
        "invalid",
        "no offer 'D' (offers: A, B, C)",
    )
    assert verdict(TIED, kind="price", offer="W", amount="1") == "invalid"


def test_the_count_counts_every_record_even_one_without_a_price() -> None:
    assert verdict(TIED, kind="count", value=4) == "true"


def test_what_the_inputs_say_is_given_with_the_verdict() -> None:
    claim = parse_claim({"id": "c2", "kind": "price", "offer": "B", "amount": "95"})
    assert check_claim(claim, SEED).inputs_say == "B is 90 a month"


def test_a_huge_price_is_rounded_exactly() -> None:
    table = Table.from_rows([{"id": "Big", "monthly": 10**40 + 1}])
    assert verdict(table, kind="price", offer="Big", amount=str(10**40 + 1)) == "true"
    assert verdict(table, kind="price", offer="Big", amount=str(10**40)) == "contradicted"
