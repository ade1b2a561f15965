"""The offer workflow's rationale check under issue 12's rules, against the seed's offers
(A 120, B 90, C 110): false statements block, true ones never do, and a sentence is
``checked`` only when everything in it is accounted for.

These replace the tests of the old regex checker; the forms it knew are kept as cases.
Changed by the new rule: sentences the old checker called "verified" from a stray amount
(``The prices are $90 and $120 per month.``) are now ``unverified``, not checked.
"""

from __future__ import annotations

import pytest

from stepgraph.offers.claims import check_report
from tests.support import seed_offers


def check(text: str, claims: object = None, limit: int = 8000):  # type: ignore[no-untyped-def]
    return check_report({"rationale": text, "claims": claims}, seed_offers(), limit)


TRUE_SENTENCES = [
    "B has the lowest stated monthly price.",
    "B is the cheapest.",
    "The best price is B.",
    "B is the least expensive option.",
    "The cheapest option costs $90 per month.",
    "B costs 90.",
    "B costs 90.00 per month.",
    "B is $90/month.",
    "A: 120 EUR.",
    "B at €90/month is our pick.",
    "C costs 110,00 a month.",
    "Pay 110 for C.",
    "B (90) beats A.",
    "B is cheaper than A.",
    "B is less expensive than C.",
    "A is more expensive than C.",
    "A is pricier than B.",
    "A costs 30 more than B.",
    "B costs 20 less than C.",
    "B is $30 cheaper than A.",
    "B saves 20 over C.",
    "B saves 30 compared to A.",
    "B is 25% less than A.",
    "B is 18% cheaper than C.",
    "B is 18.2% cheaper than C.",
    "A is 33% more than B.",
    "Offer C is second.",
    "The prices are $90 and $120 per month.",
    "A cheaper plan is B at 90.",
]

FALSE_SENTENCES = [
    "B is the cheapest at 85 per month.",
    "A is the cheapest.",
    "The cheapest option costs 85 per month.",
    "B costs 95.",
    "B costs 90.5 per month.",
    "C costs 1,100 a month.",
    "A: 1.200,50 EUR.",
    "Pay 100 for C.",
    "A is cheaper than B.",
    "C is more expensive than A.",
    "A costs 40 more than B.",
    "A saves 40 over C.",
    "B saves 10 over C.",
    "B is 30% cheaper than A.",
    "B is 18.5% cheaper than C.",
    "Prices start at $85 per month.",
]


@pytest.mark.parametrize("text", TRUE_SENTENCES)
def test_a_true_sentence_never_blocks(text: str) -> None:
    result = check(text)
    assert result.reasons == ()
    assert all(s.verdict != "contradicted" for s in result.sentences)


@pytest.mark.parametrize("text", FALSE_SENTENCES)
def test_a_false_sentence_blocks_and_is_never_checked(text: str) -> None:
    result = check(text)
    assert [s.verdict for s in result.sentences] == ["contradicted"]
    assert result.reasons


def test_a_sentence_with_nothing_checkable_is_unverified_and_does_not_block() -> None:
    result = check("Its support team is friendly.")
    assert [s.verdict for s in result.sentences] == ["unverified"]
    assert result.reasons == ()


def test_a_contradiction_names_the_sentence_its_position_and_the_inputs() -> None:
    text = "B is reliable. A costs 130 per month."
    result = check(text)
    sentence = result.sentences[1]
    assert (sentence.start, sentence.end, sentence.verdict) == (15, 37, "contradicted")
    assert text[sentence.start : sentence.end] == "A costs 130 per month."
    assert result.reasons == (
        "rationale sentence 'A costs 130 per month.' (at 15) is false: A costs 130 a month; "
        "the inputs: A 120",
    )


def test_the_article_a_is_not_taken_for_offer_a() -> None:
    result = check("A cheaper plan is B at 90.")
    assert result.reasons == ()
    assert result.sentences[0].verdict == "unverified"  # "A", "cheaper": not accounted for


def test_an_offer_id_that_is_not_in_the_inputs_blocks() -> None:
    result = check("Offer D is cheaper.")
    assert result.reasons == (
        "rationale sentence 'Offer D is cheaper.' (at 0) is false: there is no offer 'D' "
        "(offers: A, B, C); the inputs: A 120, B 90, C 110",
    )
