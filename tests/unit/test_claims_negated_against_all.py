"""Negated comparisons with every other offer: ``X is not more expensive than any of the
others`` (X is the cheapest, ties allowed), ``No offer is cheaper than X`` (also after
``Across the four tariffs,``); ``X is not cheaper than all the others`` may mean either
and is left to the reviewer."""

from __future__ import annotations

from stepgraph.claims import Table, check_text

TARIFFS = Table.from_rows(
    [{"id": "quartz", "monthly": 20}, {"id": "opal", "monthly": 23.6},
     {"id": "fern", "monthly": 25}, {"id": "ivy", "monthly": 29.99}]
)  # fmt: skip


def _verdicts(text: str) -> list[str]:
    return [s.verdict for s in check_text(text, TARIFFS).sentences]


def test_not_dearer_than_any_other_is_the_cheapest() -> None:
    assert _verdicts("ivy is not more expensive than any of the others.") == ["contradicted"]
    assert _verdicts("quartz is not more expensive than either of the others.") == ["checked"]


def test_not_cheaper_than_all_the_others_is_left_to_the_reviewer() -> None:
    assert _verdicts("quartz is not cheaper than all the others.") == ["unverified"]


def test_no_offer_cheaper_than_x_makes_x_the_cheapest() -> None:
    assert _verdicts("No offer is cheaper than fern.") == ["contradicted"]
    assert _verdicts("Across the four tariffs, no offer is cheaper than fern.") == ["contradicted"]
    assert "contradicted" not in _verdicts("No offer is cheaper than quartz.")


def test_well_over_is_a_bound_like_over() -> None:
    prices = {"atlas": 40, "titan": 48, "solo": 49, "niro": 300, "kona": 304.55}
    table = Table.from_rows([{"id": k, "monthly": v} for k, v in prices.items()])
    said = check_text("atlas is well over 20% cheaper than titan.", table).sentences
    assert [s.verdict for s in said] == ["contradicted"]
    said = check_text("atlas is well over 15% cheaper than titan.", table).sentences
    assert "contradicted" not in [s.verdict for s in said]
