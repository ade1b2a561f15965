"""Every supported claim form, true and false, against the seed's offers (A 120, B 90, C 110)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from stepgraph.offers.claims import check_rationale, parse_amount
from tests.support import seed_offers


def kinds(text: str) -> tuple[list[str], list[str], list[str]]:
    check = check_rationale(text, seed_offers(), "B")
    return ([c.kind for c in check.contradicted], [c.kind for c in check.verified],
            [c.text for c in check.unverified])  # fmt: skip


TRUE_CLAIMS = [
    ("B has the lowest stated monthly price.", "superlative"),
    ("B is the cheapest.", "superlative"),
    ("The best price is B.", "superlative"),
    ("B is the least expensive option.", "superlative"),
    ("The cheapest option costs $90 per month.", "superlative"),
    ("B costs 90.", "price"),
    ("B costs 90.00 per month.", "price"),
    ("B is $90/month.", "price"),
    ("A: 120 EUR.", "price"),
    ("B at €90/month is our pick.", "price"),
    ("C costs 110,00 a month.", "price"),
    ("Pay 110 for C.", "price"),
    ("B (90) beats A.", "price"),
    ("B is cheaper than A.", "order"),
    ("B is less expensive than C.", "order"),
    ("A is more expensive than C.", "order"),
    ("A is pricier than B.", "order"),
    ("A costs 30 more than B.", "difference"),
    ("B costs 20 less than C.", "difference"),
    ("B is $30 cheaper than A.", "difference"),
    ("B saves 20 over C.", "difference"),
    ("B saves 30 compared to A.", "difference"),
    ("B is 25% less than A.", "percentage"),
    ("B is 18% cheaper than C.", "percentage"),
    ("B is 18.2% cheaper than C.", "percentage"),
    ("A is 33% more than B.", "percentage"),
    ("Offer C is second.", "id"),
    ("The prices are $90 and $120 per month.", "amount"),
]

FALSE_CLAIMS = [
    ("B is the cheapest at 85 per month.", "price"),
    ("A is the cheapest.", "superlative"),
    ("The cheapest option costs 85 per month.", "superlative"),
    ("B costs 95.", "price"),
    ("B costs 90.5 per month.", "price"),
    ("C costs 1,100 a month.", "price"),
    ("A: 1.200,50 EUR.", "price"),
    ("Pay 100 for C.", "price"),
    ("A is cheaper than B.", "order"),
    ("C is more expensive than A.", "order"),
    ("A costs 40 more than B.", "difference"),
    ("A saves 40 over C.", "difference"),
    ("B saves 10 over C.", "difference"),
    ("B is 30% cheaper than A.", "percentage"),
    ("B is 18.5% cheaper than C.", "percentage"),
    ("Offer D is cheaper.", "id"),
    ("Prices start at $85 per month.", "amount"),
]


@pytest.mark.parametrize(("text", "kind"), TRUE_CLAIMS)
def test_a_true_claim_is_verified(text: str, kind: str) -> None:
    contradicted, verified, _ = kinds(text)
    assert contradicted == []
    assert kind in verified


@pytest.mark.parametrize(("text", "kind"), FALSE_CLAIMS)
def test_a_false_claim_is_contradicted(text: str, kind: str) -> None:
    contradicted, _, _ = kinds(text)
    assert kind in contradicted


@pytest.mark.parametrize(
    "text",
    ["We recommend B; it is reliable.", "Prices range from 90 to 120.", "A good choice overall.",
     "C costs 1.200 per year."],
)  # fmt: skip
def test_a_sentence_without_a_checkable_claim_is_unverified(text: str) -> None:
    contradicted, verified, unverified = kinds(text)
    assert (contradicted, verified) == ([], [])
    assert len(unverified) >= 1


def test_a_contradiction_reports_its_text_position_and_the_inputs() -> None:
    text = "B is reliable. A costs 130 per month."
    claim = check_rationale(text, seed_offers(), "B").contradicted[0]
    assert claim.as_dict() == {"claim": "A costs 130 per month", "start": 15, "end": 36,
                               "kind": "price", "inputs": "A is 120"}  # fmt: skip
    assert text[claim.start : claim.end] == "A costs 130 per month"


def test_the_article_a_is_not_taken_for_offer_a() -> None:
    contradicted, verified, _ = kinds("A cheaper plan is B at 90.")
    assert contradicted == []
    assert "price" in verified


@pytest.mark.parametrize(
    ("text", "value"),
    [("90", "90"), ("90.00", "90.00"), ("1,200", "1200"), ("1,200.50", "1200.50"),
     ("1.200,50", "1200.50"), ("90,5", "90.5"), ("1.200", None)],
)  # fmt: skip
def test_amount_notations(text: str, value: str | None) -> None:
    assert parse_amount(text) == (None if value is None else Decimal(value))
