"""A gap written with its sign is no price (``free -6,00 €``); lakh and crore scale an
amount; ``Årligt`` says a year; a promotion's ``N % off`` and the price it leads to are
figures, not gaps; a deposit in Swedish or Polish is a charge; a pronoun's reading that
the sentence's own true citations answer is theirs; a name's is not."""

from __future__ import annotations

from stepgraph.claims import Table, check_text

BOXES = Table.from_rows(
    [{"id": "sfr", "monthly": 36.99}, {"id": "free", "monthly": 39.99},
     {"id": "orange", "monthly": 45.99}]
)  # fmt: skip
CRM = Table.from_rows([{"id": "fresh", "monthly": 31250}, {"id": "zoho", "monthly": 35000}])
BROADBAND = Table.from_rows([{"id": "telenor", "monthly": 749}, {"id": "ice", "monthly": 699}])
OFFICES = Table.from_rows(
    [{"id": "sodermalm", "monthly": 38500}, {"id": "kista", "monthly": 31000}]
)
PAYROLL = Table.from_rows(
    [{"id": "bexio", "monthly": 75}, {"id": "abacus", "monthly": 89}, {"id": "run", "monthly": 69}]
)
CLAIMS = [
    {"id": "c1", "kind": "difference", "offer": "run", "than": "abacus",
     "direction": "cheaper", "amount": "20", "unit": "amount", "period": "month"},
    {"id": "c2", "kind": "difference", "offer": "run", "than": "abacus",
     "direction": "cheaper", "amount": "240", "unit": "amount", "period": "year"},
]  # fmt: skip


def _verdicts(text: str, table: Table, claims: object = None) -> list[str]:
    return [s.verdict for s in check_text(text, table, claims).sentences]


def test_gaps_written_with_their_sign_are_not_prices() -> None:
    text = "Against orange: sfr \u22129,00 € (\u221219,6 %), free \u22126,00 €."
    assert "contradicted" not in _verdicts(text, BOXES)


def test_a_wrong_signed_gap_is_still_contradicted() -> None:
    assert _verdicts("Against orange: sfr \u22128,00 €, free \u22126,00 €.", BOXES) == [
        "contradicted"
    ]


def test_lakh_scales_an_amount_to_a_hundred_thousand() -> None:
    assert "contradicted" not in _verdicts("A year of zoho is ₹4.2 lakh.", CRM)
    assert _verdicts("A year of zoho is ₹4.4 lakh.", CRM) == ["contradicted"]


def test_arligt_makes_an_amount_a_years() -> None:
    assert "contradicted" not in _verdicts("Årligt koster fresh 375.000 kr.", CRM)


def test_a_promotions_rate_and_the_price_it_leads_to_are_no_gaps() -> None:
    text = (
        "Telenor offers 15 % off for customers with a mobile plan, "
        "which would bring it to NOK 636.65."
    )
    assert "contradicted" not in _verdicts(text, BROADBAND)


def test_a_price_a_promotion_does_not_lead_to_is_contradicted() -> None:
    text = (
        "Telenor offers 15 % off for customers with a mobile plan, "
        "which would bring it to NOK 646.65."
    )
    assert _verdicts(text, BROADBAND) == ["contradicted"]


def test_a_deposit_in_swedish_is_a_charge() -> None:
    text = "Sodermalm kräver en deposition på tre månadshyror (115 500 kr)."
    assert "contradicted" not in _verdicts(text, OFFICES)


def test_a_pronoun_reading_answered_by_the_sentences_true_citations_is_theirs() -> None:
    text = (
        "The saving against abacus is CHF 20.\u2013 a month [c1]. "
        "That is CHF 240.\u2013 over a year [c2]."
    )
    assert "contradicted" not in _verdicts(text, PAYROLL, CLAIMS)


def test_a_named_offer_contradicting_its_true_citation_is_still_contradicted() -> None:
    text = "bexio is CHF 240.\u2013 cheaper than abacus over a year [c2]."
    assert "contradicted" in _verdicts(text, PAYROLL, CLAIMS)
