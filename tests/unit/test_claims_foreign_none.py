"""``None of the N costs more than X`` in other languages and as ``more expensive than``:
no record beyond the bound (found by final39 and final40, tested in other words)."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

PLANS = Table.from_rows(
    [
        {"id": "p1", "monthly": 41.0},
        {"id": "p2", "monthly": 47.5},
        {"id": "p3", "monthly": 52.0},
        {"id": "p4", "monthly": 58.0},
    ]
)


def _verdicts(text: str) -> list[str]:
    return [s.verdict for s in check_text(text, PLANS).sentences]


@pytest.mark.parametrize(
    "text",
    [
        "Geen van de vier abonnementen is duurder dan 55 euro.",
        "Keines der vier Angebote kostet mehr als 55 €.",
        "Aucune des quatre offres ne coûte plus de 55 €.",
        "Ninguna de las cuatro ofertas cuesta más de 55 €.",
        "Nessuna delle quattro offerte è più cara di 55 €.",
        "Żadna z czterech ofert nie kosztuje więcej niż 55 zł.",
        "None of the four is more expensive than 55.",
        "Keines der vier Angebote kostet weniger als 45 €.",
        "Ingen af abonnementerne koster under 45 kr om måneden.",
        "Keines der vier Angebote liegt über 55 € im Monat.",
    ],
)
def test_a_bound_no_record_passes_is_contradicted_when_one_does(text: str) -> None:
    assert _verdicts(text) == ["contradicted"]


@pytest.mark.parametrize(
    "text",
    [
        "Keines der vier Angebote kostet mehr als 60 €.",
        "None of the four is more expensive than 58.",
    ],
)
def test_a_true_bound_is_not_contradicted(text: str) -> None:
    assert _verdicts(text) != ["contradicted"]


def test_none_of_some_of_the_records_is_no_bound_on_every_one() -> None:
    assert _verdicts("Ninguna de las dos cuesta más de 50 €.") != ["contradicted"]
