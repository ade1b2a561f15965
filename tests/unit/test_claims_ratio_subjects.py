"""Whose price a ratio is said of: ``max, at 37.50, costs more than double lite's 19``
(max's, past its own price); ``pro is the dearest, costing more than twice as much as
lite`` (the clause's subject, not an offer compared with); never the offer after
``than`` (``lite is cheaper than max, costs ...``)."""

from __future__ import annotations

from stepgraph.claims import Table, check_text

PLANS = Table.from_rows(
    [{"id": "lite", "monthly": 19}, {"id": "max", "monthly": 37.5}, {"id": "pro", "monthly": 39}]
)


def _verdicts(text: str) -> list[str]:
    return [s.verdict for s in check_text(text, PLANS).sentences]


def test_a_ratio_after_the_subjects_own_price_is_the_subjects() -> None:
    assert _verdicts("max, at 37.50, costs more than double lite's 19.") == ["contradicted"]
    assert "contradicted" not in _verdicts("pro, at 39, costs more than double lite's 19.")


def test_a_ratio_after_costing_is_the_clauses_subjects() -> None:
    text = "max is the dearest of the two, costing more than twice as much as lite."
    assert _verdicts(text) == ["contradicted"]
    text = "pro is dearer than max, costing more than twice as much as lite."
    assert "contradicted" not in _verdicts(text)


def test_a_ratio_is_never_the_compared_offers() -> None:
    assert "contradicted" not in _verdicts("lite is cheaper than max, costs less than half of pro.")
