"""Sentences whose amounts or superlatives are about something else: a superlative of a
charge (``die höchste Anzahlung``), a gap written with an elided article (``L'écart avec
B``), a fleet's total, an add-on in Spanish (``Si añades ... (9,90 €/mes)``), a price
with a tax (``at 20% VAT A would be £34.80``), and a sentence that opens on some offers
picked by a condition (``Among plans with 100 GB or more, ...``)."""

from __future__ import annotations

from stepgraph.claims import Table, check_text

CARS = Table.from_rows([{"id": "corsa", "monthly": 169}, {"id": "ibiza", "monthly": 179}])
GUARDS = Table.from_rows(
    [{"id": "securitas", "monthly": 7450}, {"id": "prosegur", "monthly": 7920}]
)
LEASES = Table.from_rows([{"id": "arval", "monthly": 489}, {"id": "alphabet", "monthly": 482.25}])
BOILERS = Table.from_rows(
    [{"id": "calorex", "source": "Calorex: 55,75 €/mes, mantenimiento opcional 9,90 €/mes",
      "monthly": 55.75}, {"id": "gasvivo", "source": "GasVivo 58 €/mes", "monthly": 58}],
    alias_fields=("source",),
)  # fmt: skip
BOOKS = Table.from_rows(
    [
        {"id": "freeagent", "monthly": 29},
        {"id": "xero", "monthly": 33},
        {"id": "sage", "monthly": 33},
    ]
)
MOBILE = Table.from_rows(
    [{"id": "nrj", "monthly": 9.99}, {"id": "free", "monthly": 7.99}, {"id": "sosh", "monthly": 12}]
)


def _verdicts(text: str, table: Table) -> list[str]:
    return [s.verdict for s in check_text(text, table).sentences]


def test_a_superlative_of_a_charge_is_no_price_superlative() -> None:
    text = "Allerdings verlangt der Corsa die höchste Anzahlung (3.000 €)."
    assert "contradicted" not in _verdicts(text, CARS)


def test_a_gap_with_an_elided_article_measures_to_its_object() -> None:
    text = "L'écart avec securitas est de 470 € par mois, soit 5 640 € par an."
    assert "contradicted" not in _verdicts(text, GUARDS)


def test_a_fleets_yearly_saving_is_a_total() -> None:
    text = "Across a fleet of twelve cars, that is £973.80 a year less than arval."
    assert "contradicted" not in _verdicts(text, LEASES)


def test_an_add_on_in_spanish_that_the_source_names_is_no_price() -> None:
    text = "Si añades el mantenimiento opcional de calorex (9,90 €/mes), el año sube a 787,80 €."
    assert "contradicted" not in _verdicts(text, BOILERS)


def test_a_price_with_a_tax_is_not_the_monthly_price() -> None:
    text = "Prices are before VAT; at 20% VAT freeagent would be £34.80 and the others £39.60."
    assert "contradicted" not in _verdicts(text, BOOKS)


def test_a_superlative_among_offers_picked_by_a_condition_is_not_of_all() -> None:
    text = "Among plans with 100 GB or more, nrj is the cheapest at 9,99 €."
    assert "contradicted" not in _verdicts(text, MOBILE)
    assert _verdicts("Among the three plans, nrj is the cheapest at 9,99 €.", MOBILE) == [
        "contradicted"
    ]
