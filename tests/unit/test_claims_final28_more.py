"""Found by the held-out split final28 (long reports in other languages), left from an
earlier stop, tested in other words."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

CARS = Table.from_rows(
    [
        {"id": "golf", "source": "VW Golf Leasing: 289 € im Monat", "monthly": 289.0},
        {"id": "m3", "source": "Mazda 3 Leasing: 259 € im Monat", "monthly": 259.0},
        {"id": "k308", "source": "Peugeot 308 Leasing: 279 € im Monat", "monthly": 279.0},
    ],
    alias_fields=("source",),
)


def _verdicts(text: str) -> list[str]:
    return [s.verdict for s in check_text(text, CARS).sentences]


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("Vom günstigsten zum teuersten: Mazda, 308, Golf.", "unverified"),
        ("Vom günstigsten zum teuersten: 308, Mazda, Golf.", "contradicted"),
        ("Der 308 kostet 279 € im Monat.", "unverified"),
    ],
)
def test_a_model_number_listed_among_names_is_that_record(text: str, verdict: str) -> None:
    assert _verdicts(text) == [verdict]


def test_a_model_number_alone_is_not_made_a_name() -> None:
    assert _verdicts("Es sind 308 Kilometer bis Berlin, 259 € Anzahlung.") != ["contradicted"]
