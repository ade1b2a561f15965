"""A passive ``wird empfohlen`` / ``wordt aanbevolen`` (is recommended) is a statement of
fact, not the future or a supposition: the sentence's amounts are still audited."""

from __future__ import annotations

import pytest

from stepgraph.claims import Table, check_text

TARIFFS = Table.from_rows([{"id": "Tarif-S", "monthly": 49.95}, {"id": "Tarif-M", "monthly": 54.9}])


def first(text: str) -> str:
    return check_text(text, TARIFFS).sentences[0].verdict


@pytest.mark.parametrize(
    ("false", "true"),
    [
        (
            "Tarif-S ist damit um 5,95 € günstiger und wird empfohlen.",
            "Tarif-S ist damit um 4,95 € günstiger und wird empfohlen.",
        ),
        (
            "Tarif-S is 5,95 euro goedkoper en wordt daarom aanbevolen.",
            "Tarif-S is 4,95 euro goedkoper en wordt daarom aanbevolen.",
        ),
    ],
)
def test_a_passive_recommendation_keeps_the_audit(false: str, true: str) -> None:
    assert first(false) == "contradicted"
    assert first(true) != "contradicted"


def test_the_future_is_still_not_audited() -> None:
    # "will cost 5.95 more after the promotion": a supposition about the future
    assert first("Tarif-M wird nach der Aktion 5,95 € mehr kosten.") != "contradicted"
