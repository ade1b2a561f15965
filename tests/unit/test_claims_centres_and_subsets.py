"""The mean and the median of every price are checked when a report states them (``The
median is 437 kr``; hedged: within the hedge); a price's distance from either is a figure;
``all three`` of seven offers, or a tier's ``all below 55``, speaks of a subset, not of
every offer; ``The three cheapest average 121`` is left alone."""

from __future__ import annotations

from stepgraph.claims import Table, check_text

GYMS = Table.from_rows(
    [{"id": f"g{k}", "monthly": v} for k, v in enumerate([319, 399, 425, 449, 459, 499], 1)]
)  # median 437, mean 425


def _verdicts(text: str) -> list[str]:
    return [s.verdict for s in check_text(text, GYMS).sentences]


def test_a_true_median_is_not_contradicted() -> None:
    assert "contradicted" not in _verdicts("The median is 437 kr.")


def test_a_median_taken_as_the_upper_middle_price_is_contradicted() -> None:
    assert _verdicts("The median is 449 kr.") == ["contradicted"]


def test_a_wrong_mean_is_contradicted_and_a_hedged_true_one_is_not() -> None:
    assert _verdicts("The average monthly price is 445 kr.") == ["contradicted"]
    assert "contradicted" not in _verdicts("The average monthly price is about 425 kr.")


def test_a_distance_from_the_median_is_a_figure() -> None:
    assert "contradicted" not in _verdicts("g1, at 319 kr, is 118 kr below the median.")


def test_the_average_of_some_offers_is_not_read_as_every_offers() -> None:
    assert "contradicted" not in _verdicts("The three cheapest average about 381 kr.")


def test_all_three_of_six_is_a_subset_not_every_offer() -> None:
    text = "Budget tier: g1, g2 and g3. All three are under 430 kr a month."
    assert "contradicted" not in _verdicts(text)


def test_a_tier_said_to_be_all_below_a_bound_is_those_offers() -> None:
    text = "The three budget gyms, g1, g2 and g3, form the cheap tier, all below 430 kr."
    assert "contradicted" not in _verdicts(text)
