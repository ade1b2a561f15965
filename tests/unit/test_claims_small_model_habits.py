"""What small models write around true reports: a self-correction (``I previously said A
was the cheapest, but that was incorrect: ...``, ``= 1.70, not 1.60``), a count set against
another (``4 screens versus 1 for B``), a tax note (``GST of 18% may be added``), and
``First, the monthly prices: ...`` (a first point, not an order by price)."""

from __future__ import annotations

from stepgraph.claims import Table, check_text

GAS = Table.from_rows([{"id": "gas-a", "monthly": 72.3}, {"id": "gas-b", "monthly": 68.9}])
STREAMS = Table.from_rows([{"id": "lite", "monthly": 990}, {"id": "uhd", "monthly": 1980}])
SAAS = Table.from_rows(
    [{"id": "teamly", "monthly": 129}, {"id": "crew", "monthly": 118.5},
     {"id": "hive", "monthly": 141.25}]
)  # fmt: skip
GAP = [
    {"id": "c5", "kind": "difference", "offer": "gas-a", "than": "gas-b",
     "direction": "more_expensive", "amount": "3.40", "unit": "amount", "period": "month"}
]  # fmt: skip


def _verdicts(text: str, table: Table, claims: object = None) -> list[str]:
    return [s.verdict for s in check_text(text, table, claims).sentences]


def test_a_statement_taken_back_is_not_judged_but_its_correction_is() -> None:
    text = (
        "I previously said gas-a was the cheapest, but that was incorrect: the cheapest is gas-b."
    )
    assert "contradicted" not in _verdicts(text, GAS)
    text = (
        "I previously said gas-b was the cheapest, but that was incorrect: the cheapest is gas-a."
    )
    assert _verdicts(text, GAS) == ["contradicted"]


def test_a_figure_put_right_with_not_is_no_clash_with_the_citation() -> None:
    assert "contradicted" not in _verdicts("gas-a minus gas-b = 3.40, not 3.20 [c5].", GAS, GAP)


def test_a_count_set_against_a_count_is_no_price() -> None:
    text = "Note: uhd allows 4 screens versus 1 for lite, but screens are outside the comparison."
    assert "contradicted" not in _verdicts(text, STREAMS)
    assert _verdicts("uhd costs 1980 versus 980 for lite.", STREAMS) == ["contradicted"]


def test_a_tax_note_is_no_gap() -> None:
    text = "Note: GST of 18% may be added on top of these prices depending on the provider."
    assert "contradicted" not in _verdicts(text, STREAMS)


def test_a_first_point_listing_prices_is_no_order_by_price() -> None:
    text = "First, the monthly prices: teamly C$129.00, crew C$118.50, hive C$141.25."
    assert "contradicted" not in _verdicts(text, SAAS)
    assert _verdicts("Cheapest first: teamly, crew, hive.", SAAS) == ["contradicted"]
