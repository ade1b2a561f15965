"""Forms of the prose reader added for the dev3 split, one behaviour per test.

Inputs: A 120, B 90, C 110 (sources offer-A-v1 ...) unless a test says.
"""

from __future__ import annotations

from stepgraph.claims import Table, check_text

SEED = Table.from_rows(
    [
        {"id": "A", "source": "offer-A-v1", "monthly": 120},
        {"id": "B", "source": "offer-B-v1", "monthly": 90},
        {"id": "C", "source": "offer-C-v1", "monthly": 110},
    ],
    alias_fields=("source",),
)
FOUR = Table.from_rows(
    [
        {"id": "P1", "source": "quote-P1", "monthly": 58.6},
        {"id": "P2", "source": "quote-P2", "monthly": 61.2},
        {"id": "P3", "source": "quote-P3", "monthly": 49.9},
        {"id": "P4", "source": "quote-P4", "monthly": 72.0},
    ],
    alias_fields=("source",),
)


def verdicts(text: str, table: Table = SEED) -> list[str]:
    return [s.verdict for s in check_text(text, table).sentences]


def test_appears_to_be_the_cheapest_is_read_as_a_hedged_superlative() -> None:
    assert verdicts("B appears to be the cheapest at 60 per month.") == ["contradicted"]
    assert verdicts("A seems to be the cheapest.") == ["contradicted"]
    assert verdicts("B appears to be the cheapest at 90 per month.") == ["unverified"]


def test_a_chain_of_less_than_signs_is_a_strict_ascending_order() -> None:
    assert verdicts("Order from lowest price: C < B < A.") == ["contradicted"]
    assert verdicts("B (90) < C (110) < A (120).") == ["checked"]
    assert verdicts("A > C > B.") == ["checked"]


def test_a_chain_of_signs_about_something_else_is_not_read() -> None:
    assert verdicts("A > C > B in data volume.") == ["unverified"]


def test_no_offer_costs_more_than_a_bound_is_false_when_one_does() -> None:
    assert verdicts("No offer costs more than 115 a month.") == ["contradicted"]
    assert verdicts("No offer costs less than 90 a month.") == ["checked"]


def test_no_offer_above_a_bound_with_an_exception_is_not_read() -> None:
    assert verdicts("No offer costs more than 115 a month, except A.") == ["unverified"]


def test_a_difference_of_n_after_two_prices_is_their_gap() -> None:
    text = "P3 costs 49.90 a month and P1 costs 58.60, a difference of {}."
    assert verdicts(text.format("8.70"), FOUR) == ["checked"]
    assert verdicts(text.format("9.70"), FOUR) == ["contradicted"]


def test_two_offers_n_apart_is_their_gap() -> None:
    assert verdicts("P3 and P1 are 8.70 apart.", FOUR) == ["checked"]
    assert verdicts("P3 and P1 are 9.70 apart per month.", FOUR) == ["contradicted"]


def test_n_apart_about_another_quantity_or_narrowed_is_not_read() -> None:
    assert verdicts("P3 and P1 are 9.70 apart in quality score.", FOUR) == ["unverified"]
    # 8.70 is their true gap: the narrowed form is not read, and the audit finds the figure
    assert verdicts("Apart from P4, P3 and P1 are 8.70 apart.", FOUR) == ["unverified"]


def test_its_opening_a_sentence_is_the_previous_sentences_one_subject() -> None:
    assert verdicts("B is our pick. Its monthly price of 85 is the lowest.") == [
        "unverified",
        "contradicted",
    ]
    assert verdicts("B is our pick. Its monthly price of 90 is the lowest.")[1] == "unverified"


def test_undercuts_one_by_n_and_another_by_m_reads_both_margins() -> None:
    text = "P3 undercuts P1 by 8.70 a month and P2 by {}."
    assert verdicts(text.format("11.30"), FOUR) == ["checked"]
    assert verdicts(text.format("12.30"), FOUR) == ["contradicted"]


def test_a_french_or_italian_most_expensive_is_a_superlative() -> None:
    assert verdicts("C est la plus chère.") == ["contradicted"]
    assert verdicts("C è l'offerta più cara.") == ["contradicted"]
    assert verdicts("A è l'offerta più cara, a 110 al mese.") == ["contradicted"]
    assert verdicts("A est la plus chère à 120 par mois.") == ["unverified"]


def test_the_spread_between_the_cheapest_and_the_priciest_is_highest_minus_lowest() -> None:
    text = "The spread between the cheapest and the most expensive offer is {}."
    assert verdicts(text.format(30)) == ["checked"]
    assert verdicts(text.format(40)) == ["contradicted"]
    assert verdicts("The price spread is 40.") == ["contradicted"]


def test_a_spread_of_something_else_is_not_read() -> None:
    assert verdicts("The price spread is 40 in data.") == ["unverified"]
