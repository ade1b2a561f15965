"""Found by the held-out split final27 (household purchases at length), left from the last
stop, tested in other words."""

from __future__ import annotations

from stepgraph.claims import Table, check_text

ALARMS = Table.from_rows(
    [
        {"id": "guard-one", "monthly": 14.5},
        {"id": "safe-home", "monthly": 29.0},
        {"id": "watchful", "monthly": 39.9},
    ]
)


def _verdicts(text: str) -> list[str]:
    return [s.verdict for s in check_text(text, ALARMS).sentences]


def test_items_on_one_line_under_a_total_heading_are_totals() -> None:
    text = (
        "## First year with the kit\n\n"
        "guard-one €323.00 \u00b7 safe-home €547.00 \u00b7 watchful €777.80"
    )
    assert "contradicted" not in _verdicts(text)


def test_items_on_one_line_under_no_heading_are_still_read() -> None:
    text = "guard-one €323.00 \u00b7 safe-home €547.00 \u00b7 watchful €777.80"
    assert "contradicted" in _verdicts(text)


def test_a_bare_number_in_brackets_after_a_unit_is_how_much() -> None:
    text = "- watchful: the most minutes (2.000)\n- safe-home: most kilometres (1,800)"
    assert "contradicted" not in _verdicts(text)


def test_a_promotions_price_beside_a_cited_price_is_not_set_against_it() -> None:
    claims = [{"id": "c1", "kind": "price", "offer": "watchful", "amount": "39.90",
               "period": "month"}]  # fmt: skip
    text = "watchful is £39.90/month [c1] (the first month is half price at £19.95)."
    assert [s.verdict for s in check_text(text, ALARMS, claims).sentences] != ["contradicted"]


def test_another_price_beside_a_cited_price_is_still_set_against_it() -> None:
    claims = [{"id": "c1", "kind": "price", "offer": "watchful", "amount": "39.90",
               "period": "month"}]  # fmt: skip
    text = "watchful is £39.90/month [c1], then £44.90 from March."
    assert [s.verdict for s in check_text(text, ALARMS, claims).sentences] == ["contradicted"]


def test_a_half_price_that_is_not_half_is_still_blocked() -> None:
    text = "watchful is £39.90 a month; the first month is half price at £21.95."
    assert _verdicts(text)[-1] == "contradicted"
