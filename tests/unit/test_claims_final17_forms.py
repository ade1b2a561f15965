"""What the final17 split (purchasing decisions in seven domains) found: correct reports
stating money and figures that are no monthly price beside the prices. Each in other
words; none may block."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

THREE = Table.from_rows(
    [{"id": "ka", "monthly": 30.5}, {"id": "kb", "monthly": 34.25}, {"id": "kc", "monthly": 41}]
)
PRICED: list[dict[str, object]] = [
    {"id": "c1", "kind": "cheapest", "offer": "ka"},
    {"id": "c2", "kind": "price", "offer": "kb", "amount": "34.25", "period": "month"},
    {"id": "c3", "kind": "difference", "offer": "kb", "than": "ka",
     "direction": "more_expensive", "amount": "3.75", "unit": "amount", "period": "month"},
    {"id": "c4", "kind": "price", "offer": "ka", "amount": "366.00", "period": "year"},
]  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        "Bei 3.200 kWh Jahresverbrauch ist ka mit 30,50 € pro Monat der günstigste Tarif.",
        "El precio del kWh de kb (0,2149 €) también es el más bajo.",
        "kb costs 34.25 [c2] with a 1,000 down payment (Sonderzahlung).",
        "kb kostet 34,25 € [c2] bei 1.000 € Sonderzahlung.",
        "ka is the cheapest at 30.50 a month [c1], though it asks an entrada de 1.500 €.",
        "kb costa 34,25 € [c2] con 199 € di installazione una tantum.",
        "Le dépôt de garantie est de 1 200 € pour ka et de 1 500 € pour kb.",
        "kc has a higher standing charge, which puts it last.",
        "kb's vastrecht is € 7,99 per maand.",
        "- kc — £41.00/month, 18 months, £20 one-off set-up",
        "ka charges £45 for the duty-of-care paperwork, which the others include.",
        "For 20 hosts kb would drop to 15 per host with annual billing.",
        "ka and kb are tied on cover for the same £250,000 over 25 years.",
        "ka, at 30.50 [c1], is 3.75 cheaper than kb [c3]; kb is 34.25 a month.",
        "ka is cheapest [c1], 366.00 a year [c4]; kb costs 34.25 a month, 3.75 more [c3].",
        "kb is 3.75 more [c3], and kc is the most expensive at 41.00.",
        "1. **The KB plan** — 34.25/month, 3.75 more than ka [c3].",
        "ka costs 30,50 € a month against 34,25 € for kb, for a lease like the Peugeot 208.",
        "- kc — £41.00/month, plus a £2,400 initial payment",
        "Para 20 hosts, kb cuesta 34,25 $ al mes (bajaría a 15 $ por host con pago anual).",
        "kb has the longest window, but its higher standing charge puts it second.",
        "- **Peugeot e-208 (kc)** — £41.00.",
        "Nine MG4s would cost £2,327.40 a month.",
        "**By monthly price:** ka £30.50 [c1], kb £34.25, kc £41.00.",
        "After the first rental there are 35 further payments of ka, which come to £1,067.50.",
    ],
)
def test_other_money_beside_prices_never_blocks(text: str) -> None:
    verdicts = [s.verdict for s in check_text(text, THREE, PRICED).sentences]
    assert "contradicted" not in verdicts


def test_the_next_cheapest_is_no_claim_to_be_the_cheapest() -> None:
    assert check_text("kb is the next cheapest at 34.25.", THREE).sentences[0].verdict != (
        "contradicted"
    )


def test_a_table_under_a_per_agent_or_cover_header_holds_no_monthly_prices() -> None:
    text = (
        "| Tool | Per agent | Team of 6 / month |\n|---|---|---|\n| ka | $5 | $30.50 |\n"
        "| kb | $6 | $34.25 |\n\nka is cheapest."
    )
    assert "contradicted" not in [s.verdict for s in check_text(text, THREE).sentences]
    text = (
        "| Insurer | Monthly | Rebuild cover |\n|---|---|---|\n| ka | £30.50 | £320,000 |\n"
        "| kc | £41.00 | £350,000 |"
    )
    assert "contradicted" not in [s.verdict for s in check_text(text, THREE).sentences]


def test_a_false_price_beside_a_one_off_fee_is_still_contradicted() -> None:
    text = "kb costs 36.25 a month, with a £20 one-off set-up fee."
    assert check_text(text, THREE).sentences[0].verdict == "contradicted"
