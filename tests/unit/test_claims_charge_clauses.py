"""A charge (an excess, a fee, a deposit) mutes its own clause, not the price stated before
it; the rest of a brand's name after it is part of the name; a rate per unit, ``24/7``, an
amount in pence and ``12.50EUR`` are read as what they are."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

VANS = Table.from_rows(
    [
        {"id": "axa-van", "source": "AXA van quote, £500 excess", "monthly": 72.1},
        {"id": "zego-van", "source": "Zego van quote, £750 excess", "monthly": 66.8},
    ],
    alias_fields=("source",),
)
TRIO = Table.from_rows(
    [{"id": "a", "monthly": 20}, {"id": "b", "monthly": 25}, {"id": "c", "monthly": 31.5}]
)
CARS = Table.from_rows(
    [
        {"id": "admiral-comp", "source": "Admiral comprehensive, excess £250", "monthly": 48.62},
        {"id": "hastings-premier", "source": "Hastings Premier, excess £200", "monthly": 45.95},
        {"id": "esure-comp", "source": "esure comprehensive, excess £300", "monthly": 44.3},
    ],
    alias_fields=("source",),
)
LEASES = Table.from_rows(
    [
        {"id": "elmo-mg4", "source": "Elmo, MG4, insurance included", "monthly": 529},
        {"id": "wagonex-p2", "source": "Wagonex, Polestar 2, 3-month minimum", "monthly": 619},
        {"id": "drover-i5", "source": "Drover, Hyundai Ioniq 5, servicing", "monthly": 669},
        {"id": "onto-m3", "source": "Onto, Tesla Model 3, charging included", "monthly": 749},
    ],
    alias_fields=("source",),
)
FIBRE = Table.from_rows(
    [
        {"id": "cf-500", "source": "Community Fibre 500Mbps, 24 months", "monthly": 25},
        {"id": "vf-500", "source": "Vodafone Full Fibre 500 Pro II, 24 months", "monthly": 38},
    ],
    alias_fields=("source",),
)


def _verdicts(text: str, table: Table) -> list[str]:
    return [s.verdict for s in check_text(text, table).sentences]


def test_a_false_gap_before_a_clause_about_an_excess_is_contradicted() -> None:
    text = (
        "Zego is the cheaper van policy at £66.80 a month, £6.30 less than AXA, "
        "though its excess is £750 rather than £500."
    )
    assert _verdicts(text, VANS) == ["contradicted"]


def test_the_true_gap_in_the_same_sentence_is_not_contradicted() -> None:
    text = (
        "Zego is the cheaper van policy at £66.80 a month, £5.30 less than AXA, "
        "though its excess is £750 rather than £500."
    )
    assert "contradicted" not in _verdicts(text, VANS)


def test_a_false_monthly_gap_before_and_has_an_excess_is_contradicted() -> None:
    text = "Hastings Premier is only £2.65 a month dearer and has a total excess of just £200."
    text = "esure comprehensive is the cheapest at £44.30. " + text
    assert _verdicts(text, CARS)[-1] == "contradicted"


def test_a_false_monthly_price_before_a_german_fee_clause_is_contradicted() -> None:
    text = "Für a zahlt man 22 € im Monat, aber die Bereitstellungsgebühr beträgt 30 €."
    assert _verdicts(text, TRIO) == ["contradicted"]


@pytest.mark.parametrize(
    "text",
    [
        "a costs £20.00 a month, though the £100 deposit is refundable.",
        "Over the 24 months a comes to £580, although that includes the £100 deposit.",
        "a charges £15 a month for the first 6 months, but £20 thereafter.",
        "b is £30 a month once the promotional period ends, while its activation fee is £40.",
        "c costs £6.50 a month more than b, though its excess is £250 lower.",
        "b costs £300 a year, but the router costs £50 extra.",
        "a costs £285 a year, but the set-up fee of £45 is included.",
        "a comes to £160 in the first month, though the activation fee is £40.",
        "b costs £345 a year; that includes the £45 set-up fee.",
        "c is £6.50 more than b, but that is before the £30 cashback.",
        "Für a zahlt man 20 € im Monat, aber die Bereitstellungsgebühr beträgt 30 €.",
    ],
)
def test_a_true_report_of_a_price_and_a_charge_is_not_blocked(text: str) -> None:
    assert "contradicted" not in _verdicts(text, TRIO)


def test_a_price_said_to_include_a_charge_is_no_price_of_the_inputs() -> None:
    assert _verdicts("a costs £285 a year, set-up fee included.", TRIO) == ["unverified"]


def test_a_possessive_brand_with_its_model_name_is_read_as_that_offer() -> None:
    text = "Drover's Ioniq 5 is the second-cheapest at £669."
    check = check_text(text, LEASES)
    assert [s.verdict for s in check.sentences] == ["contradicted"]
    assert "drover-i5" in check.sentences[0].why


def test_the_true_rank_under_a_brand_and_model_name_is_not_contradicted() -> None:
    assert "contradicted" not in _verdicts("Drover's Ioniq 5 is the third-cheapest.", LEASES)


def test_a_model_number_after_a_brand_is_no_price_in_a_table() -> None:
    text = (
        "| Provider | Avg speed | Monthly |\n|---|---|---|\n"
        "| Community Fibre 500 | 500Mb/s | £25.00 |\n"
        "| Vodafone Pro II 500 | 500Mb/s | £38.00 |"
    )
    assert "contradicted" not in _verdicts(text, FIBRE)


def test_a_word_of_meaning_after_a_brand_is_not_taken_into_its_name() -> None:
    # "Excess" is in Zego's source name, but it keeps its meaning: 750 is no price
    assert "contradicted" not in _verdicts("Zego Excess: £750.", VANS)


@pytest.mark.parametrize(
    "text",
    [
        "- a: £20.00 per month — cheapest unit rate (23.90p) but fixed until 2027",
        "a has the cheapest unit rate.",
        "- b: £25.00/month, 24/7 access",
        "b has the lowest unit price of the three.",
    ],
)
def test_rates_per_unit_and_round_the_clock_access_are_no_price(text: str) -> None:
    assert "contradicted" not in _verdicts(text, TRIO)


def test_a_price_in_pence_is_not_read_as_pounds() -> None:
    assert _verdicts("b charges 23.90p per kWh.", TRIO) != ["contradicted"]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("a costs 20.00EUR a month.", "checked"),
        ("b costs 25,00eur per month.", "checked"),
        ("a costs 12EUR a month.", "contradicted"),
    ],
)
def test_a_currency_code_written_against_the_amount_is_money(text: str, verdict: str) -> None:
    assert _verdicts(text, TRIO) == [verdict]


@pytest.mark.parametrize(
    "text",
    [
        "c's price is fixed for 12 months; after that it is £35.",
        "The £49 connection charge makes a's first month £69.",
        "a charges £49 to connect, then £20 a month.",
        "b's early termination charge is £120.",
    ],
)
def test_a_later_price_or_a_first_month_with_a_charge_is_no_price(text: str) -> None:
    assert "contradicted" not in _verdicts(text, TRIO)
