"""How many offers lie beyond a bound, said in another language (``Zwei der drei Angebote
liegen unter 30 €``, ``Solo una delle tre offerte supera i 30 €``): a wrong count or bound
is contradicted, a true one is not, and a bound with a condition after it is not read."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

TRIO = Table.from_rows(
    [{"id": "nord", "monthly": 25}, {"id": "sued", "monthly": 29}, {"id": "ost", "monthly": 32}]
)


def _verdicts(text: str) -> list[str]:
    return [s.verdict for s in check_text(text, TRIO).sentences]


@pytest.mark.parametrize(
    "text",
    [
        "Zwei der drei Tarife kosten weniger als 31 € pro Monat.",
        "Deux des trois offres coûtent moins de 30 € par mois.",
        "Solo una delle tre offerte supera i 30 € al mese.",
        "Dos de las tres ofertas cuestan menos de 30 € al mes.",
        "Twee van de drie aanbiedingen kosten minder dan € 30 per maand.",
        "Wszystkie oferty kosztują mniej niż 40 zł miesięcznie.",
        "Alle Angebote liegen über 20 € im Monat.",
    ],
)
def test_a_true_count_beyond_a_bound_is_not_contradicted(text: str) -> None:
    assert _verdicts(text) != ["contradicted"]


@pytest.mark.parametrize(
    "text",
    [
        "Zwei der drei Tarife kosten weniger als 28 € pro Monat.",
        "Deux des trois offres coûtent moins de 26 € par mois.",
        "Solo una delle tre offerte supera i 26 € al mese.",
        "Dos de las tres ofertas cuestan menos de 26 € al mes.",
        "Twee van de drie aanbiedingen kosten minder dan € 26 per maand.",
        "Wszystkie oferty kosztują mniej niż 30 zł miesięcznie.",
        "Alle Angebote liegen über 26 € im Monat.",
    ],
)
def test_a_wrong_count_beyond_a_bound_is_contradicted(text: str) -> None:
    assert _verdicts(text) == ["contradicted"]


def test_a_bound_with_a_condition_after_it_is_not_read() -> None:
    assert _verdicts("Zwei der drei Tarife liegen unter 26 € mit dem Gutschein.") != [
        "contradicted"
    ]


def test_a_count_of_other_offers_than_the_ones_compared_is_not_read() -> None:
    assert _verdicts("Zwei der fünf Tarife kosten weniger als 26 € pro Monat.") != ["contradicted"]


def test_both_of_three_offers_is_not_every_offer() -> None:
    assert _verdicts("Beide liegen unter 26 € im Monat.") != ["contradicted"]


def test_the_two_others_are_not_every_offer() -> None:
    assert _verdicts("Les deux autres coûtent moins de 26 € par mois.") != ["contradicted"]
