"""Money that is not a monthly price (an excess, a sum insured, a cover limit, a bonus, a
one-off fee, a total for a team), times of day, and bare numbers in a list of speeds or
data are never read as prices: a correct report that states them is not blocked."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

TRIO = Table.from_rows(
    [{"id": "A", "monthly": 20}, {"id": "B", "monthly": 22.5}, {"id": "C", "monthly": 30}]
)

NOT_PRICES = [
    "All three policies carry a £500 excess.",
    "The excess is £250 on every plan.",
    "Each policy has a deductible of 300 €.",
    "Cover is identical; the plans differ only in the excess (£100 to £250).",
    "B adds gadget cover up to £1,000.",
    "A includes legal cover worth 50,000 €.",
    "The sum insured is 65.000 € for all offers.",
    "Versicherungssumme jeweils 65.000 €, Selbstbeteiligung 150 €.",
    "B schließt Fahrraddiebstahl bis 3.000 € ein.",
    "Las tres pólizas tienen una franquicia de 300 €.",
    "Toutes les offres ont une franchise de 150 €.",
    "For a team of 15 this is €300.00 a month.",
    "For 10 users, A comes to 300 a month.",
    "Extra messages cost 1.2 cents each on A.",
    "A closes at 22:00 and opens at 06:30.",
    "Support is available from 8:00 to 20:00.",
    "B covers up to six people.",
    "Speeds: 150 Mbit/s for A, 100 for B, 200 for C.",
    "Data: 10 GB for A, 20 for B and 50 for C.",
    "C has a £30 exit fee in the first year.",
    "B comes with a €100 welcome bonus.",
    "C offers £50 cashback.",
    "Since A is the cheaper of the two, it is recommended.",
    "C has the highest speed.",
    "A has the lowest setup fee.",
    "B has the lowest latency of the three.",
    "C has the highest data cap.",
]


@pytest.mark.parametrize("text", NOT_PRICES)
def test_money_that_is_no_monthly_price_is_never_judged(text: str) -> None:
    verdicts = [s.verdict for s in check_text(text, TRIO).sentences]
    assert "contradicted" not in verdicts
    assert "checked" not in verdicts  # nothing in these says what a plan costs a month


@pytest.mark.parametrize(
    "text",
    [
        "C costs 35 a month, with a £500 excess.",
        "A is the cheapest at €25 per month; all three carry a £250 excess.",
        "B has the highest price.",
        "C has the lowest monthly price.",
    ],
)
def test_a_false_monthly_price_beside_them_is_still_contradicted(text: str) -> None:
    assert check_text(text, TRIO).sentences[0].verdict == "contradicted"


FOUR = Table.from_rows(
    [
        {"id": "A", "monthly": 20},
        {"id": "B", "monthly": 22.5},
        {"id": "C", "monthly": 30},
        {"id": "D", "monthly": 30},
    ]
)


@pytest.mark.parametrize(
    "text",
    [
        "After the first year, B rises to 27.50 a month.",
        "A has 2 lines included; each extra line costs 5.",
        "By speed, D comes first and A last.",
        "A is the cheapest; by data volume it comes last.",
        "Price per GB: A 2.00, B 1.13, C 0.60.",
        "A has 100 GB more than B.",
        "C gives 20 more channels than A.",
    ],
)
def test_other_figures_and_rankings_are_never_judged_as_prices(text: str) -> None:
    assert "contradicted" not in [s.verdict for s in check_text(text, FOUR).sentences]
