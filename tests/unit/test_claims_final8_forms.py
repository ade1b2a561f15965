"""What the final8 split found (one false "checked", six false blocks), one behaviour per
test, each written in other words than the split's."""

from __future__ import annotations

import itertools

import pytest

from stepgraph.claims import Table, check_text


def verdicts(text: str, table: Table) -> list[str]:
    return [s.verdict for s in check_text(text, table).sentences]


VOWELS = Table.from_rows(
    [
        {"id": "A", "monthly": 9.99},
        {"id": "E", "monthly": 11.49},
        {"id": "Y", "monthly": 10.99},
        {"id": "O", "monthly": 12.99},
        {"id": "I", "monthly": 11.99},
    ]
)


def test_a_listed_order_with_records_named_like_conjunctions_is_never_wrongly_checked() -> None:
    true = ("A", "Y", "E", "I", "O")
    for order in itertools.permutations(true):
        text = "From cheapest to most expensive: " + ", ".join(order) + "."
        expected = "checked" if order == true else "contradicted"
        assert verdicts(text, VOWELS) == [expected], text


def test_a_listed_order_joined_by_and_keeps_a_record_named_e() -> None:
    assert verdicts("In order of price: A, Y and E, then I and O.", VOWELS) == ["checked"]
    assert verdicts("In order of price: A, E and Y, then I and O.", VOWELS) == ["contradicted"]


def test_a_band_every_offer_costs_between_is_no_figure_to_audit() -> None:
    table = Table.from_rows([{"id": "Uno", "monthly": 31.5}, {"id": "Tres", "monthly": 41}])
    text = "Apart from Tres, every offer costs between €30 and €40 a month."
    assert verdicts(text, table) == ["unverified"]


def test_a_range_of_prices_between_two_amounts_is_still_judged() -> None:
    table = Table.from_rows([{"id": "Uno", "monthly": 31.5}, {"id": "Tres", "monthly": 41}])
    assert verdicts("Prices range between €31.50 and €42 a month.", table) == ["contradicted"]


ZEN = Table.from_rows(
    [
        {"id": "ZEN-basic", "monthly": 17.5},
        {"id": "ZEN-max", "monthly": 31},
        {"id": "Oto", "monthly": 18},
    ]
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Oto sits just above ZEN-basic at $18.00.", "unverified"),
        ("Oto sits just above ZEN-basic at $17.50.", "unverified"),
        ("Oto sits just above ZEN-basic at $19.00.", "contradicted"),
        ("Oto is cheaper than ZEN-max, at $31.00.", "unverified"),
    ],
)
def test_an_amount_after_the_record_compared_with_is_either_records_price(
    text: str, expected: str
) -> None:
    assert verdicts(text, ZEN) == [expected]


def test_a_total_over_the_texts_term_is_no_monthly_price() -> None:
    table = Table.from_rows(
        [{"id": "Flex24", "monthly": 34.99}, {"id": "Easy24", "monthly": 32.49}]
    )
    lead = "Across the full 24-month contract you would pay $779.76 in total. "
    assert verdicts(lead + "Flex24 would be $839.76.", table)[1] == "unverified"
    assert verdicts(lead + "Flex24 would be $849.76.", table)[1] == "contradicted"


def test_the_start_of_a_long_id_is_no_unknown_offer() -> None:
    table = Table.from_rows([{"id": "3f2a9c1e-7b4d-4e0a-9c2f-1d5e8a7b6c40", "monthly": 0.5}])
    assert verdicts("The cheapest is offer 3f2a9c1e, at 0.50 a seat.", table) != ["contradicted"]
    assert verdicts("Offer ZZ9 is cheaper.", table) == ["contradicted"]


def test_a_count_of_offers_opening_a_comparison_is_no_count_of_all_offers() -> None:
    table = Table.from_rows(
        [
            {"id": k, "monthly": v}
            for k, v in zip(("bronze", "silver", "gold", "value"), (29, 39, 59, 35), strict=True)
        ]
    )
    assert verdicts("Two offers are cheaper than silver.", table) == ["checked"]
    assert verdicts("Three offers were received.", table) == ["contradicted"]


def test_a_margin_after_by_just_is_no_price() -> None:
    table = Table.from_rows([{"id": "Mira", "monthly": 49.9}, {"id": "Nia", "monthly": 49.95}])
    text = "Mira edges out Nia by just €0.05 for the cheapest spot."
    assert verdicts(text, table) != ["contradicted"]


def test_a_record_named_like_a_skipped_word_is_never_skipped() -> None:
    table = Table.from_rows(
        [
            {"id": "THE", "monthly": 15.25},
            {"id": "ONE", "monthly": 10.5},
            {"id": "ALL", "monthly": 11.49},
            {"id": "X", "monthly": 14},
        ]
    )
    assert verdicts("From cheapest to most expensive: THE, ONE, ALL, X.", table) != ["checked"]
    assert verdicts("X is cheaper than ALL and THE.", table) != ["checked"]
    assert verdicts("From cheapest to most expensive: ONE, ALL, X, THE.", table) == ["checked"]


PLANS = Table.from_rows([{"id": "PlanB", "monthly": 4380}, {"id": "PlanC", "monthly": 3580}])


def test_a_sentence_in_another_script_is_never_checked() -> None:
    claims = [{"id": "c1", "kind": "cheapest", "offer": "PlanC"}]
    found = check_text("PlanC が最も安いです[c1]。", PLANS, claims).sentences
    assert [s.verdict for s in found] == ["unverified"]


def test_cjk_full_stops_end_sentences() -> None:
    found = check_text("PlanC が最も安いです。PlanB が最も高いです。", PLANS).sentences
    assert len(found) == 2


def test_a_listed_set_of_terms_names_each_term() -> None:
    from stepgraph.claims.audit import terms

    assert terms("contract length (12, 24 and 36 months)") == {12, 24, 36}
    assert terms("A costs 12, B 24 and C 36.") == {12}


def test_a_term_total_per_offer_after_a_listed_set_of_terms_passes() -> None:
    table = Table.from_rows(
        [
            {"id": "Pro-12m", "monthly": 45},
            {"id": "Pro-24m", "monthly": 39},
            {"id": "Pro-36m", "monthly": 35},
        ]
    )
    text = (
        "The offers differ in contract length (12, 24 and 36 months). "
        "Over its full term Pro-36m totals 1,260, Pro-24m 936 and Pro-12m 540."
    )
    assert "contradicted" not in verdicts(text, table)


def test_a_monthly_price_in_a_text_with_terms_is_still_checked() -> None:
    table = Table.from_rows(
        [{"id": "Flex24", "monthly": 34.99}, {"id": "Easy24", "monthly": 32.49}]
    )
    text = "Both are 24-month contracts. Easy24 costs 32.49."
    assert verdicts(text, table)[1] == "checked"


RANKED = Table.from_rows(
    [
        {"id": "bronze", "monthly": 29},
        {"id": "silver", "monthly": 39},
        {"id": "gold", "monthly": 59},
        {"id": "value", "monthly": 35},
    ]
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Only one offer is cheaper than silver.", "contradicted"),
        ("Only one offer is cheaper than value.", "checked"),
        ("Three offers are more expensive than bronze.", "checked"),
        ("Two offers are more expensive than bronze.", "contradicted"),
    ],
)
def test_a_count_of_offers_cheaper_than_a_record_is_exact(text: str, expected: str) -> None:
    assert verdicts(text, RANKED) == [expected]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Neither Ro nor Ta comes in below $15.", "contradicted"),
        ("Neither Ro nor Sa is below 12.", "checked"),
        ("Ro is not over 14.", "contradicted"),
    ],
)
def test_a_negated_bound_is_a_bound_none_passes(text: str, expected: str) -> None:
    table = Table.from_rows(
        [{"id": "Ro", "monthly": 15}, {"id": "Sa", "monthly": 12}, {"id": "Ta", "monthly": 14}]
    )
    assert verdicts(text, table) == [expected]


def test_none_of_the_offers_exceeds_is_a_bound_on_every_offer() -> None:
    table = Table.from_rows([{"id": "HostA", "monthly": 89}, {"id": "HostB", "monthly": 100.5}])
    assert verdicts("None of the offers exceeds $100 per month.", table) == ["contradicted"]
    assert verdicts("None of the offers exceeds $101 per month.", table) == ["checked"]
