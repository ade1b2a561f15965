"""Parsing a claims list: each kind's fields, and errors that name the claim and the field."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from stepgraph.claims import (
    Amount,
    Cheapest,
    Count,
    Difference,
    InvalidClaim,
    MostExpensive,
    Order,
    Price,
    Rank,
    Tie,
    parse_claim,
    read_claims,
)


def test_a_price_claim_keeps_the_precision_its_amount_states() -> None:
    claim = parse_claim({"id": "c2", "kind": "price", "offer": "B", "amount": "18.20"})
    assert claim == Price(id="c2", offer="B", amount=Amount(value=Decimal("18.20"), places=2))
    assert claim.period == "month"


def test_a_json_number_amount_states_its_own_decimals() -> None:
    one_decimal = parse_claim({"id": "c", "kind": "price", "offer": "B", "amount": 18.2})
    assert one_decimal == Price(id="c", offer="B", amount=Amount(value=Decimal("18.2"), places=1))
    whole = parse_claim({"id": "c", "kind": "price", "offer": "B", "amount": 90})
    assert whole == Price(id="c", offer="B", amount=Amount(value=Decimal(90), places=0))


def test_a_thousands_separator_in_an_amount_string_is_read() -> None:
    claim = parse_claim(
        {"id": "c4", "kind": "price", "offer": "B", "amount": "1,080", "period": "year"}
    )
    assert claim == Price(
        id="c4", offer="B", amount=Amount(value=Decimal(1080), places=0), period="year"
    )


def test_a_decimal_comma_with_one_or_two_decimals_is_read_as_a_decimal() -> None:
    claim = parse_claim({"id": "c2", "kind": "price", "offer": "C", "amount": "25,00"})
    assert claim == Price(id="c2", offer="C", amount=Amount(value=Decimal("25.00"), places=2))
    half = parse_claim({"id": "c3", "kind": "price", "offer": "C", "amount": "7,5"})
    assert half == Price(id="c3", offer="C", amount=Amount(value=Decimal("7.5"), places=1))


def test_an_amount_mixing_a_decimal_comma_and_a_point_is_invalid() -> None:
    with pytest.raises(InvalidClaim, match="amount"):
        parse_claim({"id": "c", "kind": "price", "offer": "C", "amount": "1.025,50"})


def test_a_null_period_means_month() -> None:
    claim = parse_claim({"id": "c", "kind": "price", "offer": "B", "amount": "90", "period": None})
    assert isinstance(claim, Price)
    assert claim.period == "month"


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ({"id": "c1", "kind": "cheapest", "offer": "B"}, Cheapest(id="c1", offer="B")),
        ({"id": "c1", "kind": "most_expensive", "offer": "A"}, MostExpensive(id="c1", offer="A")),
        (
            {"id": "c1", "kind": "rank", "offer": "C", "position": 2},
            Rank(id="c1", offer="C", position=2),
        ),
        (
            {"id": "c1", "kind": "order", "offers": ["B", "C", "A"]},
            Order(id="c1", offers=("B", "C", "A")),
        ),
        ({"id": "c1", "kind": "count", "value": 3}, Count(id="c1", value=3)),
        ({"id": "c1", "kind": "tie", "offers": ["X", "Y"]}, Tie(id="c1", offers=("X", "Y"))),
        (
            {
                "id": "c3",
                "kind": "difference",
                "offer": "B",
                "than": "A",
                "direction": "cheaper",
                "amount": "25",
                "unit": "percent",
            },
            Difference(
                id="c3",
                offer="B",
                than="A",
                direction="cheaper",
                amount=Amount(value=Decimal(25), places=0),
                unit="percent",
            ),
        ),
    ],
)
def test_each_kind_parses_to_its_dataclass(raw: dict[str, Any], expected: object) -> None:
    assert parse_claim(raw) == expected


@pytest.mark.parametrize(
    ("raw", "field", "words"),
    [
        ({"id": "c1", "kind": "price", "offer": "B"}, "claims[0].amount", "required"),
        (
            {"id": "c1", "kind": "price", "offer": "B", "amount": "90", "currency": "EUR"},
            "claims[0].currency",
            "not a field",
        ),
        (
            {"id": "c1", "kind": "price", "offer": "B", "amount": "ninety"},
            "claims[0].amount",
            "non-negative amount",
        ),
        (
            {"id": "c1", "kind": "price", "offer": "B", "amount": "-5"},
            "claims[0].amount",
            "non-negative amount",
        ),
        (
            {"id": "c1", "kind": "price", "offer": "B", "amount": True},
            "claims[0].amount",
            "number or a numeric string",
        ),
        (
            {"id": "c1", "kind": "price", "offer": "B", "amount": "90", "period": "week"},
            "claims[0].period",
            "month, year",
        ),
        ({"id": "c1", "kind": "price", "offer": 7, "amount": "90"}, "claims[0].offer", "offer id"),
        ({"id": "c1", "kind": "rank", "offer": "B", "position": 0}, "claims[0].position", ">= 1"),
        (
            {"id": "c1", "kind": "rank", "offer": "B", "position": "1"},
            "claims[0].position",
            "integer",
        ),
        ({"id": "c1", "kind": "order", "offers": ["B"]}, "claims[0].offers", "at least 2"),
        ({"id": "c1", "kind": "tie", "offers": ["B", "B"]}, "claims[0].offers", "twice"),
        (
            {
                "id": "c1",
                "kind": "difference",
                "offer": "B",
                "than": "B",
                "direction": "cheaper",
                "amount": "1",
                "unit": "amount",
            },
            "claims[0].than",
            "another offer",
        ),
        (
            {
                "id": "c1",
                "kind": "difference",
                "offer": "B",
                "than": "A",
                "direction": "lower",
                "amount": "1",
                "unit": "amount",
            },
            "claims[0].direction",
            "cheaper, more_expensive",
        ),
        ({"id": "c1", "kind": "superlative", "offer": "B"}, "claims[0].kind", "one of"),
        ({"id": "c 1", "kind": "cheapest", "offer": "B"}, "claims[0].id", "1-16"),
        ({"id": "c1", "kind": "count", "value": -1}, "claims[0].value", ">= 0"),
    ],
)
def test_an_invalid_claim_names_its_id_field_and_rule(
    raw: dict[str, Any], field: str, words: str
) -> None:
    with pytest.raises(InvalidClaim) as caught:
        parse_claim(raw)
    assert caught.value.field == field
    assert words in caught.value.rule
    if raw.get("id") == "c1":
        assert caught.value.claim_id == "c1"
        assert "claim 'c1'" in str(caught.value)


def test_read_claims_collects_every_problem_and_keeps_the_good_claims() -> None:
    claims, problems = read_claims(
        [
            {"id": "c1", "kind": "cheapest", "offer": "B"},
            {"id": "c2", "kind": "price", "offer": "B"},
            {"id": "c1", "kind": "count", "value": 3},
            "c4",
        ]
    )
    assert claims == [Cheapest(id="c1", offer="B")]
    assert [(p.id, p.error.field) for p in problems] == [
        ("c2", "claims[1].amount"),
        ("c1", "claims[2].id"),
        (None, "claims[3]"),
    ]


def test_no_claims_is_an_empty_list_and_a_non_list_is_one_problem() -> None:
    assert read_claims(None) == ([], [])
    claims, problems = read_claims({"id": "c1"})
    assert claims == []
    assert problems[0].error.field == "claims"
