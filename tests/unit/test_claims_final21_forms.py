"""Forms found by the held-out split final21 (other languages, long reports), tested in
other words: charges named by compound words, thresholds in other languages, products
written out, durations, whole amounts written ``20,-``, groups a superlative ranges over,
yearly columns beside a term, and Polish and Nordic comparatives."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

TRIO = Table.from_rows(
    [{"id": "a", "monthly": 24.9}, {"id": "b", "monthly": 31.5}, {"id": "c", "monthly": 44}]
)
FIVE = Table.from_rows(
    [
        {"id": "e1", "monthly": 182.4},
        {"id": "e2", "monthly": 175},
        {"id": "e3", "monthly": 169},
        {"id": "e4", "monthly": 161.35},
        {"id": "e5", "monthly": 178.2},
    ]
)


def _verdicts(text: str, table: Table = TRIO) -> list[str]:
    return [s.verdict for s in check_text(text, table).sentences]


@pytest.mark.parametrize(
    "text",
    [
        "Bei c fallen einmalig 59,95 € Einrichtungskosten an.",
        "b rekent 75 euro aansluitkosten.",
        "a tar en startavgift på 295 kr.",
        "c har et oprettelsesgebyr på 99 kr.",
        "Nota: a richiede un'iscrizione annuale di 25 €.",
        "Husk selvrisikoen: 1.500 kr. hos b og 2.000 kr. hos c.",
        "Uwaga: a pobiera jednorazowe wpisowe 59 zł.",
        "O c cobra uma joia de inscrição de 30 €.",
        "| b | Team | $31.50 | 5 seats | add-on, $12/mo |",
        "c double le forfait optique (150 € par an) par rapport à a.",
    ],
)
def test_a_charge_named_in_another_language_is_no_price(text: str) -> None:
    assert "contradicted" not in _verdicts(text)


@pytest.mark.parametrize(
    "text",
    [
        "Deux des trois offres restent sous la barre des 40 € par mois.",
        "Due delle tre offerte restano sotto i 40 € al mese.",
        "Dos de las tres opciones superan los 30 € mensuales.",
        "Tylko jedna z trzech ofert kosztuje mniej niż 30 zł miesięcznie.",
        "Duas das três propostas ficam abaixo dos 40 € por mês.",
    ],
)
def test_a_threshold_in_another_language_is_no_figure_to_look_up(text: str) -> None:
    assert "contradicted" not in _verdicts(text)


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("- b: 24 \u00d7 31,50 € = 756,00 €", "unverified"),
        ("- a: 12 x £24.90 = £298.80", "unverified"),
        ("- a: 12 x £24.90 = £289.80", "contradicted"),
    ],
)
def test_a_product_written_out_is_checked_as_arithmetic(text: str, verdict: str) -> None:
    assert _verdicts(text) == [verdict]


def test_a_number_of_months_offered_is_no_price() -> None:
    assert _verdicts("- c offre 2 mois à la souscription.") == ["unverified"]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("b is € 6,60 duurder dan a.", "unverified"),
        ("b is € 7,- duurder dan a.", "contradicted"),
        ("That is CHF 6.- in favour of a.", "contradicted"),
        ("That is CHF 6.60 in favour of a.", "unverified"),
    ],
)
def test_a_whole_amount_written_with_a_dash_is_to_the_cent(text: str, verdict: str) -> None:
    assert _verdicts(text) == [verdict]


@pytest.mark.parametrize(
    "text",
    [
        "Among the fixed contracts, e3 is the cheapest.",
        "Van de drie vaste contracten (e1, e3 en e5) is e3 het goedkoopst.",
        "Wil je een vaste prijs, dan is e3 het goedkoopste vaste alternatief.",
    ],
)
def test_a_superlative_over_some_of_the_records_is_not_judged_over_all(text: str) -> None:
    assert _verdicts(text, FIVE) == ["unverified"]


def test_a_superlative_over_every_record_is_still_judged() -> None:
    assert _verdicts("Of all the offers, e3 is the cheapest.", FIVE) == ["contradicted"]


def test_a_yearly_column_beside_a_term_in_a_table_row_is_twelve_months() -> None:
    text = (
        "| # | id | tarief | per maand | per jaar |\n|---|---|---|---|---|\n"
        "| 2 | e3 | Vast 3 jaar | € 169,00 | € 2.028,00 |"
    )
    assert "contradicted" not in _verdicts(text, FIVE)


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("dsl folgt mit einem Abstand von 6,60 € zu a, c mit 19,10 €.", "unverified"),
        ("Najdroższy jest c \u2013 o 12,50 zł więcej miesięcznie niż b.", "unverified"),
    ],
)
def test_a_gap_in_another_language_is_not_read_as_a_price(text: str, verdict: str) -> None:
    assert _verdicts(text) == [verdict]


PAIR = Table.from_rows(
    [
        {"id": "enel", "monthly": 68.4},
        {"id": "edison", "monthly": 71.9},
        {"id": "sorgenia", "monthly": 61.5},
    ]
)


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Choosing sorgenia instead of enel saves €10.40 a month.", "contradicted"),
        ("sorgenia is €10.40 cheaper than enel.", "contradicted"),
        ("sorgenia is €6.90 cheaper than enel.", "checked"),
        ("Choosing sorgenia over enel saves €82.80 a year.", "checked"),
    ],
)
def test_a_gap_between_the_two_offers_a_sentence_names_is_theirs(text: str, verdict: str) -> None:
    assert _verdicts(text, PAIR) == [verdict]


@pytest.mark.parametrize(
    "text",
    [
        "It is €6.90 cheaper than enel and €10.40 cheaper than edison.",
        "enel is €6.90 more, and edison tops the list at €71.90.",
        "That is €10.40 less than edison and €6.90 less than enel.",
        "enel is €6.90 more per month and edison €10.40 more.",
    ],
)
def test_a_gap_to_a_third_offer_is_not_judged_as_the_pair_s(text: str) -> None:
    assert "contradicted" not in _verdicts(text, PAIR)


def test_a_gap_to_a_group_is_not_judged_as_the_pair_s() -> None:
    text = "edison is €3.50 more than the tied pair, and enel, at €68.40, sits between."
    assert "contradicted" not in _verdicts(text, PAIR)


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("sorgenia is €6.90 cheaper then enel.", "checked"),
        ("sorgenia is €9.90 cheaper then enel.", "contradicted"),
    ],
)
def test_then_after_a_comparative_is_read_as_than(text: str, verdict: str) -> None:
    assert _verdicts(text, PAIR) == [verdict]
