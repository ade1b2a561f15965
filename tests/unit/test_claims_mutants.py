"""Sentences marked checked whose mutants were also marked checked (bench/claims_mutations.py
found each): one of the two readings was a false "checked".

Inputs: A 45, B 60, C 50, D 55.
"""

from __future__ import annotations

from pathlib import Path

from bench.claims_mutations import Campaign
from stepgraph.claims import Table, check_text

FOUR = Table.from_rows(
    [{"id": k, "monthly": v} for k, v in (("A", 45), ("B", 60), ("C", 50), ("D", 55))]
)
EVALS = Path(__file__).resolve().parents[2] / "evals" / "claims"


def verdict(text: str, claims: object = None) -> str:
    found = check_text(text, FOUR, claims).sentences
    assert len(found) == 1
    return found[0].verdict


def test_a_wrong_price_in_brackets_in_an_order_list_is_contradicted() -> None:
    assert verdict("Cheapest to most expensive: A (46), C (50), D (55), B (60).") == (
        "contradicted"
    )
    assert verdict("From cheapest to priciest: A (45), C (50), D (55), B (60).") == "checked"


def test_a_list_ranked_from_the_most_expensive_is_read_descending() -> None:
    assert verdict("Ranked from most expensive: A, C, D, B.") == "contradicted"
    assert verdict("Ranked from most expensive: B, D, C, A.") == "checked"


def test_a_negation_a_form_read_across_is_not_accounted_for() -> None:
    assert verdict("C is not 5 cheaper than D and 10 cheaper than B.") != "checked"
    assert verdict("C (source c.pdf) is not 50 a month, cheaper than B (60).") != "checked"


def test_an_elliptical_clause_is_left_to_the_reviewer() -> None:
    assert verdict("B isn't the cheapest offer; C is, at 50.") == "unverified"


def test_an_ordinal_is_accounted_for_by_a_rank_claim_of_its_own_record() -> None:
    claims = [
        {"id": "c2", "kind": "rank", "offer": "C", "position": 2},
        {"id": "c3", "kind": "rank", "offer": "D", "position": 3},
    ]
    assert verdict("C is second [c2] and D third [c3].", claims) == "checked"
    assert verdict("C is third [c2] and D third [c3].", claims) != "checked"


def test_names_accounted_for_by_an_order_claim_come_in_its_order() -> None:
    claims = [{"id": "c1", "kind": "order", "offers": ["A", "C", "D", "B"]}]
    assert verdict("The full order is A, C, D, B [c1].", claims) == "checked"
    assert verdict("The full order is A, D, C, B [c1].", claims) != "checked"


def test_no_checked_sentence_of_the_dev_splits_survives_a_mutation() -> None:
    done = Campaign().run([EVALS / "dev", EVALS / "dev3"])
    assert done.read > 100
    assert done.found == []


def test_a_cited_price_accounts_for_an_amount_said_of_its_own_record() -> None:
    claims = [
        {"id": "c1", "kind": "price", "offer": "A", "amount": "45", "period": "month"},
        {"id": "c2", "kind": "price", "offer": "C", "amount": "50", "period": "month"},
    ]
    true = "A and C cost 45 [c1] and 50 [c2] a month, respectively."
    swapped = "C and A cost 45 [c1] and 50 [c2] a month, respectively."
    assert verdict(true, claims) == "checked"
    assert verdict(swapped, claims) != "checked"


def test_a_cited_yearly_price_after_a_comparison_belongs_to_the_subject() -> None:
    claims = [{"id": "c4", "kind": "price", "offer": "A", "amount": "540", "period": "year"}]
    assert verdict("A is cheaper than C, or 540 a year [c4].", claims) != "contradicted"
